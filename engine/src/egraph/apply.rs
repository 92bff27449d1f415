//! Applying a rule: the left side is an egg [`Pattern`](egg::Pattern) (searched by `saturate.rs`); the
//! right side is applied by [`RuleApplier`], which first checks the guards against the
//! analysis and then adds the template straight into the e-graph, filling in computed
//! `{...}` leaves. With explanations on, the template is built as a `PatternAst` (computed
//! parts as concrete nodes) instead, so that egg can record why each equality holds.

use crate::egraph::analysis::{Analysis, Konst};
use crate::egraph::node::{Children, Node};
use crate::egraph::term::Term;
use crate::rule::expr::{Builtin, Expr};
use crate::rule::ruleset::Pat;
use egg::{EGraph, ENodeOrVar, Id, PatternAst, RecExpr, Subst, Symbol, Var};
use kiln_frontend::types::{Extent, MemRefType};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

type Graph = EGraph<Node, Analysis>;

/// The classes a match binds its variables to: an egg [`Subst`], or [`Bound`], which reads
/// them where the saturation loop's matcher left them.
pub trait Bindings {
    /// The class `v` is bound to (`None`: the match binds no such variable).
    fn class(&self, v: Var) -> Option<Id>;
}

impl Bindings for Subst {
    fn class(&self, v: Var) -> Option<Id> {
        self.get(v).copied()
    }
}

/// A match's classes in the order of its rule's variables, as the saturation loop keeps
/// them: building an egg `Subst` for every match applied (a search of its vector at every
/// insertion) cost 1.4% of a memref-heavy lowering.
pub struct Bound<'a> {
    /// The rule's variables, in the order of its left side.
    pub vars: &'a [Var],
    /// The class each of `vars` is bound to, by position.
    pub classes: &'a [Id],
}

impl Bindings for Bound<'_> {
    fn class(&self, v: Var) -> Option<Id> {
        let i = self.vars.iter().position(|w| *w == v)?;
        self.classes.get(i).copied()
    }
}

/// Why a rule added nothing for a match: a guard failed, a computed part did not evaluate,
/// or a function had no clause for its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotApplied {
    /// Whether evaluating it walked a list through the e-graph: it read classes outside its
    /// match, whose changes no version of the match's classes records.
    pub read_outside: bool,
}

impl NotApplied {
    /// The failure of an application whose evaluation set `walked` if it walked a list.
    fn after(walked: &Cell<bool>) -> NotApplied {
        NotApplied {
            read_outside: walked.get(),
        }
    }
}

/// Evaluates the rule language's functions where a right side applies one (see
/// `function.rs`); the saturation loop, the rule tests and the rule checks pass theirs.
pub trait Calls {
    /// The class of function `f` applied to the classes `args`, its result added to the
    /// e-graph; `depth` counts the applications it is nested in. `None`: no clause of `f`
    /// holds for these arguments (or they nest too deep).
    fn call(&self, f: Symbol, args: &[Id], egraph: &mut Graph, depth: u32) -> Option<Id>;
}

/// A value computed by a guard or a template expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// An integer (wide enough that `i64` and `u64` arithmetic is exact).
    Int(i128),
    /// A float.
    Float(f64),
    /// A truth value (what guards and predicates give).
    Bool(bool),
    /// Shared with the analysis: guards read types and lists without copying them.
    Term(Arc<Term>),
    /// An e-class that is not a ground term (compared by identity).
    Class(Id),
}

fn var(name: &str) -> Var {
    format!("?{name}")
        .parse()
        .unwrap_or_else(|_| Var::from_u32(u32::MAX))
}

/// The egg pattern of a checked left side (no computed parts).
pub fn build_pattern(p: &Pat) -> PatternAst<Node> {
    let mut ast = RecExpr::default();
    add_pat(p, &mut ast);
    ast
}

/// The literal leaf a pattern stands for, if it is one.
fn leaf_node(p: &Pat) -> Option<Node> {
    Some(match p {
        Pat::Int(i) => Node::Int(*i),
        Pat::Float(b) => Node::Float(*b),
        Pat::Str(s) => Node::Str(Symbol::from(s.as_str())),
        Pat::Func(s) => Node::Func(Symbol::from(s.as_str())),
        _ => return None,
    })
}

fn add_pat(p: &Pat, ast: &mut PatternAst<Node>) -> Id {
    if let Some(leaf) = leaf_node(p) {
        return ast.add(ENodeOrVar::ENode(leaf));
    }
    let node = match p {
        Pat::Var(v) => return ast.add(ENodeOrVar::Var(var(v))),
        Pat::Op(op, cs) => {
            let kids: Children = cs.iter().map(|c| add_pat(c, ast)).collect();
            Node::op(op, kids)
        }
        // The checker keeps computed parts out of patterns; an empty list is harmless.
        _ => Node::op("nil", Vec::new()),
    };
    ast.add(ENodeOrVar::ENode(node))
}

/// A guard or computed expression with its variables resolved to egg variables and its
/// literals to values once, when the rule is compiled: resolving a name at every
/// evaluation cost a `format!` and a lookup in egg's global symbol table (14% of all cycles
/// of a memref-heavy lowering).
#[derive(Clone, Debug)]
pub enum Code {
    /// A variable of the match, resolved to egg's.
    Var(Var),
    /// A literal or an atom, as the value it evaluates to.
    Lit(Val),
    /// A builtin applied to its arguments.
    Call(Builtin, Vec<Code>),
}

impl Code {
    /// Calls `f` on this expression and every expression inside it.
    fn visit(&self, f: &mut impl FnMut(&Code)) {
        f(self);
        if let Code::Call(_, args) = self {
            args.iter().for_each(|a| a.visit(f));
        }
    }

    /// Resolves a checked expression's variables and literals.
    pub fn compile(e: &Expr) -> Code {
        match e {
            Expr::Var(v) => Code::Var(var(v)),
            Expr::Int(i) => Code::Lit(Val::Int(*i as i128)),
            Expr::Float(b) => Code::Lit(Val::Float(f64::from_bits(*b))),
            Expr::Str(s) => Code::Lit(Val::Term(Arc::new(Term::Str(s.clone())))),
            Expr::Atom(a) => Code::Lit(Val::Term(Arc::new(Term::atom(a)))),
            Expr::Call(b, args) => Code::Call(*b, args.iter().map(Code::compile).collect()),
        }
    }
}

/// A right side compiled once per rule: operation names interned, variables resolved.
#[derive(Clone, Debug)]
enum Template {
    Var(Var),
    Leaf(Node),
    Op(Symbol, Vec<Template>),
    /// A function applied: evaluated when the template is built (see [`Calls`]).
    Call(Symbol, Vec<Template>),
    Computed(Code),
    /// A largest part with neither variable nor computed part (a type such as a
    /// descriptor's struct, a literal): the same class in an e-graph every time, so it is
    /// added once per e-graph and found again by its slot (see [`Analysis::ground`]).
    Ground(u32, Box<Template>),
}

/// The slot of each ground part of any right side compiled in this process, by its term:
/// equal parts share a slot, so the slots stay as few as the distinct parts however often
/// rules are compiled again (a language server compiles them after every edit).
static GROUND_SLOTS: std::sync::LazyLock<
    std::sync::Mutex<rustc_hash::FxHashMap<RecExpr<Node>, u32>>,
> = std::sync::LazyLock::new(Default::default);

impl Template {
    fn compile(p: &Pat, is_function: &dyn Fn(&str) -> bool) -> Template {
        let t = Template::compile_parts(p, is_function);
        t.grounded()
    }

    fn compile_parts(p: &Pat, is_function: &dyn Fn(&str) -> bool) -> Template {
        if let Some(leaf) = leaf_node(p) {
            return Template::Leaf(leaf);
        }
        match p {
            Pat::Var(v) => Template::Var(var(v)),
            Pat::Op(op, cs) => {
                let kids = cs
                    .iter()
                    .map(|c| Template::compile_parts(c, is_function))
                    .collect();
                let op = Symbol::from(op.as_str());
                if is_function(op.as_str()) {
                    Template::Call(op, kids)
                } else {
                    Template::Op(op, kids)
                }
            }
            Pat::Computed(e) => Template::Computed(Code::compile(e)),
            // Leaves are handled above.
            _ => Template::Leaf(Node::op("nil", Vec::new())),
        }
    }

    /// The template with each largest ground part marked [`Template::Ground`].
    fn grounded(self) -> Template {
        if let Some(term) = self.ground_term() {
            let slot = match GROUND_SLOTS.lock() {
                Ok(mut slots) => {
                    let next = u32::try_from(slots.len()).unwrap_or(u32::MAX);
                    *slots.entry(term).or_insert(next)
                }
                // Another thread panicked while holding the table: build this part every
                // time instead.
                Err(_) => return self,
            };
            return Template::Ground(slot, Box::new(self));
        }
        match self {
            Template::Op(op, cs) => {
                Template::Op(op, cs.into_iter().map(Template::grounded).collect())
            }
            Template::Call(f, cs) => {
                Template::Call(f, cs.into_iter().map(Template::grounded).collect())
            }
            t => t,
        }
    }

    /// The term of a template with neither variable nor computed part.
    fn ground_term(&self) -> Option<RecExpr<Node>> {
        fn add(t: &Template, expr: &mut RecExpr<Node>) -> Option<Id> {
            Some(match t {
                Template::Leaf(n) => expr.add(n.clone()),
                // A function of ground arguments has one result per e-graph, so it is
                // keyed as the term of its application.
                Template::Op(op, cs) | Template::Call(op, cs) => {
                    let kids = cs.iter().map(|c| add(c, expr)).collect::<Option<_>>()?;
                    expr.add(Node::Op(*op, kids))
                }
                Template::Var(_) | Template::Computed(_) | Template::Ground(..) => return None,
            })
        }
        let mut expr = RecExpr::default();
        add(self, &mut expr)?;
        Some(expr)
    }

    /// Evaluates the computed parts, in template order; `None` when one does not evaluate.
    fn evaluate<B: Bindings + ?Sized>(
        &self,
        egraph: &Graph,
        subst: &B,
        out: &mut Vec<Val>,
        walked: &Cell<bool>,
    ) -> Option<()> {
        match self {
            Template::Computed(c) => {
                let v = read(c, egraph, subst, walked)?;
                // Checked here so that building never fails halfway.
                if let Val::Int(i) = v {
                    i64::try_from(i).ok()?;
                }
                out.push(v);
            }
            Template::Op(_, cs) | Template::Call(_, cs) => {
                for c in cs {
                    c.evaluate(egraph, subst, out, walked)?;
                }
            }
            Template::Var(v) => {
                subst.class(*v)?;
            }
            Template::Leaf(_) | Template::Ground(..) => {}
        }
        Some(())
    }

    /// Adds the template to the e-graph with the computed values `vals` (from
    /// [`Template::evaluate`], consumed in order); `None` when a variable is unbound, which
    /// [`Template::evaluate`] has ruled out.
    fn build<B: Bindings + ?Sized>(
        &self,
        egraph: &mut Graph,
        subst: &B,
        vals: &[Val],
        next: &mut usize,
        calls: &dyn Calls,
        depth: u32,
    ) -> Option<Id> {
        Some(match self {
            Template::Var(v) => subst.class(*v)?,
            Template::Leaf(n) => egraph.add(n.clone()),
            Template::Ground(slot, t) => {
                let slot = *slot as usize;
                match egraph.analysis.ground.get(slot).copied().flatten() {
                    Some(id) => egraph.find(id),
                    None => {
                        let id = t.build(egraph, subst, vals, next, calls, depth)?;
                        let ground = &mut egraph.analysis.ground;
                        if ground.len() <= slot {
                            ground.resize(slot + 1, None);
                        }
                        ground[slot] = Some(id);
                        id
                    }
                }
            }
            Template::Op(op, cs) => {
                let kids = cs
                    .iter()
                    .map(|c| c.build(egraph, subst, vals, next, calls, depth))
                    .collect::<Option<_>>()?;
                egraph.add(Node::Op(*op, kids))
            }
            Template::Call(f, cs) => {
                let args = cs
                    .iter()
                    .map(|c| c.build(egraph, subst, vals, next, calls, depth))
                    .collect::<Option<Children>>()?;
                calls.call(*f, &args, egraph, depth)?
            }
            Template::Computed(_) => {
                let v = &vals[*next];
                *next += 1;
                match v {
                    Val::Int(i) => egraph.add(Node::Int(*i as i64)),
                    Val::Float(x) => egraph.add(Node::Float(x.to_bits())),
                    Val::Bool(b) => egraph.add(Node::Int(i64::from(*b))),
                    Val::Term(t) => add_term(t, &mut |n| egraph.add(n)),
                    Val::Class(id) => *id,
                }
            }
        })
    }
}

/// Applies a rule's right side when its guards hold.
#[derive(Clone, Debug)]
pub struct RuleApplier {
    guards: Vec<Code>,
    rhs: Template,
}

impl RuleApplier {
    /// Compiles a rule's guards and its right side (the template applied), in which the
    /// operations `is_function` names are functions applied.
    pub fn new(guards: &[Expr], rhs: &Pat, is_function: &dyn Fn(&str) -> bool) -> Self {
        RuleApplier {
            guards: guards.iter().map(Code::compile).collect(),
            rhs: Template::compile(rhs, is_function),
        }
    }

    /// The expressions that read the analysis facts of a match: the guards, then the
    /// computed parts of the right side in template order.
    fn codes(&self) -> Vec<&Code> {
        fn template<'t>(t: &'t Template, out: &mut Vec<&'t Code>) {
            match t {
                Template::Computed(c) => out.push(c),
                Template::Op(_, cs) | Template::Call(_, cs) => {
                    cs.iter().for_each(|c| template(c, out))
                }
                Template::Var(_) | Template::Leaf(_) | Template::Ground(..) => {}
            }
        }
        let mut out: Vec<&Code> = self.guards.iter().collect();
        template(&self.rhs, &mut out);
        out
    }

    /// The variables whose classes' facts a guard or computed part reads: applying a match
    /// again gives something new only when one of these classes changed facts (or any
    /// class of the match its identity).
    pub fn read_vars(&self) -> Vec<Var> {
        let mut out = Vec::new();
        for c in self.codes() {
            c.visit(&mut |e| {
                if let Code::Var(v) = e {
                    out.push(*v);
                }
            });
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a guard or computed part walks a list through the e-graph (`len` or `nth` of
    /// a list that is not ground): what it reads then lies outside the left side's classes.
    pub fn walks_lists(&self) -> bool {
        let mut walks = false;
        for c in self.codes() {
            c.visit(&mut |e| {
                walks |= matches!(e, Code::Call(Builtin::Len | Builtin::Nth, _));
            });
        }
        walks
    }

    /// Whether every guard holds for a match; `walked` is set when one walked a list
    /// through the e-graph.
    pub(crate) fn guards_hold<B: Bindings + ?Sized>(
        &self,
        egraph: &Graph,
        subst: &B,
        walked: &Cell<bool>,
    ) -> bool {
        self.guards
            .iter()
            .all(|g| read(g, egraph, subst, walked) == Some(Val::Bool(true)))
    }

    /// Checks the guards and adds the right side for a match straight into the e-graph;
    /// returns its class, or why it added nothing (a guard failed, a computed part did not
    /// evaluate, or a function had no clause for its arguments).
    pub fn apply_direct<B: Bindings + ?Sized>(
        &self,
        egraph: &mut Graph,
        subst: &B,
        calls: &dyn Calls,
    ) -> Result<Id, NotApplied> {
        let walked = Cell::new(false);
        if !self.guards_hold(egraph, subst, &walked) {
            return Err(NotApplied::after(&walked));
        }
        self.build(egraph, subst, calls, 0, &walked)
            .ok_or_else(|| NotApplied::after(&walked))
    }

    /// Adds the right side for a match whose guards hold, its functions applied at `depth`.
    pub(crate) fn build<B: Bindings + ?Sized>(
        &self,
        egraph: &mut Graph,
        subst: &B,
        calls: &dyn Calls,
        depth: u32,
        walked: &Cell<bool>,
    ) -> Option<Id> {
        let mut vals = Vec::new();
        self.rhs.evaluate(egraph, subst, &mut vals, walked)?;
        self.rhs.build(egraph, subst, &vals, &mut 0, calls, depth)
    }

    /// The template for a match, after the guards; or why there is none (as
    /// [`RuleApplier::apply_direct`]).
    pub(crate) fn instantiate(
        &self,
        egraph: &mut Graph,
        subst: &mut Subst,
        calls: &dyn Calls,
    ) -> Result<PatternAst<Node>, NotApplied> {
        let walked = Cell::new(false);
        if !self.guards_hold(egraph, subst, &walked) {
            return Err(NotApplied::after(&walked));
        }
        let mut ast = RecExpr::default();
        let mut fresh = 0u32;
        add_template(
            &self.rhs, egraph, subst, &mut ast, &mut fresh, calls, &walked,
        )
        .ok_or_else(|| NotApplied::after(&walked))?;
        Ok(ast)
    }
}

/// The template as a `PatternAst` (computed parts as concrete nodes), which egg needs to
/// record explanations.
fn add_template(
    p: &Template,
    egraph: &mut Graph,
    subst: &mut Subst,
    ast: &mut PatternAst<Node>,
    fresh: &mut u32,
    calls: &dyn Calls,
    walked: &Cell<bool>,
) -> Option<Id> {
    Some(match p {
        Template::Computed(e) => {
            let v = read(e, egraph, subst, walked)?;
            add_val(&v, ast, subst, fresh)?
        }
        Template::Op(op, cs) => {
            let mut kids = Children::with_capacity(cs.len());
            for c in cs {
                kids.push(add_template(c, egraph, subst, ast, fresh, calls, walked)?);
            }
            ast.add(ENodeOrVar::ENode(Node::Op(*op, kids)))
        }
        // A function's result is not a rewrite egg explains: it enters the e-graph as it
        // does without explanations, and the template refers to its class.
        Template::Call(..) => {
            let mut vals = Vec::new();
            p.evaluate(egraph, subst, &mut vals, walked)?;
            let id = p.build(egraph, subst, &vals, &mut 0, calls, 0)?;
            add_val(&Val::Class(id), ast, subst, fresh)?
        }
        Template::Var(v) => ast.add(ENodeOrVar::Var(*v)),
        Template::Leaf(n) => ast.add(ENodeOrVar::ENode(n.clone())),
        Template::Ground(_, t) => add_template(t, egraph, subst, ast, fresh, calls, walked)?,
    })
}

fn add_val(v: &Val, ast: &mut PatternAst<Node>, subst: &mut Subst, fresh: &mut u32) -> Option<Id> {
    match v {
        Val::Int(i) => Some(ast.add(ENodeOrVar::ENode(Node::Int(i64::try_from(*i).ok()?)))),
        Val::Float(x) => Some(ast.add(ENodeOrVar::ENode(Node::Float(x.to_bits())))),
        Val::Bool(b) => Some(ast.add(ENodeOrVar::ENode(Node::Int(i64::from(*b))))),
        Val::Term(t) => Some(add_term(t, &mut |n| ast.add(ENodeOrVar::ENode(n)))),
        Val::Class(id) => {
            // An existing class enters the template through a fresh variable.
            // `#` cannot appear in a rule's variable names, so this never captures one.
            let v = var(&format!("#computed{fresh}"));
            *fresh += 1;
            subst.insert(v, *id);
            Some(ast.add(ENodeOrVar::Var(v)))
        }
    }
}

/// Adds a ground term bottom-up through `add` (into an e-graph, or a `PatternAst`).
pub(crate) fn add_term(t: &Term, add: &mut impl FnMut(Node) -> Id) -> Id {
    let node = match t {
        Term::Int(i) => Node::Int(*i),
        Term::Float(b) => Node::Float(*b),
        Term::Str(s) => Node::Str(crate::egraph::node::intern(s)),
        Term::Func(s) => Node::Func(Symbol::from(s.as_str())),
        Term::Op(op, cs) => {
            let kids = cs.iter().map(|c| add_term(c, add)).collect();
            Node::Op(crate::egraph::node::intern(op), kids)
        }
    };
    add(node)
}

fn ground(egraph: &Graph, id: Id) -> Option<Val> {
    let t = egraph[id].data.ground.as_ref()?;
    Some(term_val(t, || t.clone()))
}

/// A ground term as guards see it: numbers as numbers (so that `(== (nth ?l 0) 1)` and
/// `(+ (nth ?l 0) 1)` mean the same whether the list is ground or walked through the
/// e-graph), anything else as a term, shared through `share`.
fn term_val(t: &Term, share: impl FnOnce() -> Arc<Term>) -> Val {
    match t {
        Term::Int(i) => Val::Int(*i as i128),
        Term::Float(b) => Val::Float(f64::from_bits(*b)),
        _ => Val::Term(share()),
    }
}

fn lookup<B: Bindings + ?Sized>(e: &Code, subst: &B) -> Option<Id> {
    match e {
        Code::Var(v) => subst.class(*v),
        _ => None,
    }
}

/// Integers, and booleans as 1 and 0 (so `{wrap i1 (< a b)}` is an `i1` constant).
fn as_int(v: Option<Val>) -> Option<i128> {
    match v? {
        Val::Int(i) => Some(i),
        Val::Bool(b) => Some(i128::from(b)),
        _ => None,
    }
}

fn as_term(v: Option<Val>) -> Option<Arc<Term>> {
    match v? {
        Val::Term(t) => Some(t),
        _ => None,
    }
}

fn width_of(egraph: &Graph, v: Option<Val>) -> Option<u32> {
    egraph.analysis.ops.width(&*as_term(v)?)
}

fn truncate(x: i128, w: u32, signed: bool) -> i128 {
    if w >= 128 {
        return x;
    }
    let mask = (1i128 << w) - 1;
    let u = x & mask;
    if signed && w > 0 && u >> (w - 1) & 1 == 1 {
        u - (1i128 << w)
    } else {
        u
    }
}

/// Walks a cons-list in the e-graph (its elements need not be ground), setting `walked`:
/// what it reads lies outside the classes of the match being evaluated.
pub(crate) fn list_items(egraph: &Graph, mut id: Id, walked: &Cell<bool>) -> Option<Vec<Id>> {
    walked.set(true);
    let (nil, cons) = crate::egraph::node::list_symbols();
    let mut out = Vec::new();
    for _ in 0..10_000 {
        let class = &egraph[id];
        if class
            .nodes
            .iter()
            .any(|n| matches!(n, Node::Op(s, c) if *s == nil && c.is_empty()))
        {
            return Some(out);
        }
        let cons = class.nodes.iter().find_map(|n| match n {
            Node::Op(s, c) if *s == cons && c.len() == 2 => Some((c[0], c[1])),
            _ => None,
        })?;
        out.push(cons.0);
        id = egraph.find(cons.1);
    }
    None
}

/// Evaluates an expression; `None` means "does not apply" (an unknown constant, a dynamic
/// stride, a type mismatch), which makes a guard false and a computed template skip.
pub fn eval<B: Bindings + ?Sized>(e: &Code, egraph: &Graph, subst: &B) -> Option<Val> {
    read(e, egraph, subst, &Cell::new(false))
}

/// [`eval`], setting `walked` when it walks a list through the e-graph.
fn read<B: Bindings + ?Sized>(
    e: &Code,
    egraph: &Graph,
    subst: &B,
    walked: &Cell<bool>,
) -> Option<Val> {
    match e {
        Code::Var(_) => {
            let id = egraph.find(lookup(e, subst)?);
            Some(ground(egraph, id).unwrap_or(Val::Class(id)))
        }
        Code::Lit(v) => Some(v.clone()),
        Code::Call(b, args) => call(*b, args, egraph, subst, walked),
    }
}

/// A memref type term read as a type, with its strides and offset.
struct DecodedMemRef {
    ty: MemRefType,
    strides: Vec<Extent>,
    offset: Extent,
}

/// How many type terms each thread keeps decoded (see [`decoded_memref`]).
const DECODED_KEPT: usize = 8;

/// Type terms recently read as memref types, with what they read as (`None`: not one), and
/// the entry to replace next.
type Decoded = (Vec<(Arc<Term>, Option<Rc<DecodedMemRef>>)>, usize);

thread_local! {
    static DECODED: std::cell::RefCell<Decoded> = const { std::cell::RefCell::new((Vec::new(), 0)) };
}

/// `t` read as a memref type ([`Term::memref`]). Guards ask about the same few types over
/// and over (`(rank (type ?m))`, `(ranked? ?t)`, `(stride ...)` for every access to every
/// memref of a function), and reading one builds its shape, and its strides, anew each
/// time: 3% of a memref-heavy lowering. A type term is shared by every class it types (the
/// analysis hands out one `Arc`), so the last few are kept per thread, found by pointer,
/// and decoded once.
fn decoded_memref(t: &Arc<Term>) -> Option<Rc<DecodedMemRef>> {
    DECODED.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((_, d)) = cache.0.iter().find(|(k, _)| Arc::ptr_eq(k, t)) {
            return d.clone();
        }
        let decoded = t.memref().map(|ty| {
            let (strides, offset) = ty.strides_and_offset();
            Rc::new(DecodedMemRef {
                ty,
                strides,
                offset,
            })
        });
        let (entries, next) = &mut *cache;
        if entries.len() < DECODED_KEPT {
            entries.push((t.clone(), decoded.clone()));
        } else {
            entries[*next] = (t.clone(), decoded.clone());
            *next = (*next + 1) % DECODED_KEPT;
        }
        decoded
    })
}

fn call<B: Bindings + ?Sized>(
    b: Builtin,
    args: &[Code],
    egraph: &Graph,
    subst: &B,
    walked: &Cell<bool>,
) -> Option<Val> {
    let arg = |i: usize| read(&args[i], egraph, subst, walked);
    let ints = || -> Option<Vec<i128>> { (0..args.len()).map(|i| as_int(arg(i))).collect() };
    let memref = |i: usize| decoded_memref(&as_term(arg(i))?);
    Some(match b {
        Builtin::Const => {
            let id = lookup(&args[0], subst)?;
            match Analysis::konst_of(egraph, id)? {
                Konst::Int(i) => Val::Int(i as i128),
                Konst::Float(b) => Val::Float(f64::from_bits(b)),
            }
        }
        Builtin::IsConst => {
            let id = lookup(&args[0], subst)?;
            Val::Bool(Analysis::konst_of(egraph, id).is_some())
        }
        Builtin::TypeOf => {
            let id = lookup(&args[0], subst)?;
            Val::Term(egraph[id].data.ty.clone()?)
        }
        Builtin::Rank => Val::Int(memref(0)?.ty.rank() as i128),
        Builtin::Size => {
            let (m, i) = (memref(0)?, usize::try_from(as_int(arg(1))?).ok()?);
            Val::Int((*m.ty.shape.get(i)?)? as i128)
        }
        Builtin::Stride => {
            let (m, i) = (memref(0)?, usize::try_from(as_int(arg(1))?).ok()?);
            Val::Int((*m.strides.get(i)?)? as i128)
        }
        Builtin::Offset => Val::Int(memref(0)?.offset? as i128),
        Builtin::Elem => {
            let t = as_term(arg(0))?;
            match &*t {
                Term::Op(op, cs) if *op == "memref.unranked" && cs.len() == 1 => {
                    Val::Term(Arc::new(cs[0].clone()))
                }
                _ => Val::Term(Arc::new(Term::of_scalar(decoded_memref(&t)?.ty.elem))),
            }
        }
        Builtin::Width => Val::Int(width_of(egraph, arg(0))? as i128),
        Builtin::Bytes => {
            Val::Int(kiln_frontend::types::bytes_of_width(width_of(egraph, arg(0))?) as i128)
        }
        Builtin::IsInt => Val::Bool(as_term(arg(0))?.scalar()?.is_integer()),
        Builtin::IsFloat => Val::Bool(as_term(arg(0))?.scalar()?.is_float()),
        // The LLVM dialect's pointer and a function value (an address) cross calls and
        // blocks as one value, as a scalar does.
        Builtin::IsScalar => {
            let t = as_term(arg(0))?;
            Val::Bool(
                t.scalar().is_some()
                    || matches!(&*t, Term::Op(op, cs) if *op == "ptr" && cs.is_empty())
                    || matches!(&*t, Term::Op(op, cs) if *op == "fn" && cs.len() == 2),
            )
        }
        Builtin::IsRanked => Val::Bool(memref(0).is_some()),
        Builtin::IsUnranked => Val::Bool(matches!(
            &*as_term(arg(0))?,
            Term::Op(op, cs) if *op == "memref.unranked" && cs.len() == 1
        )),
        Builtin::IsStatic => Val::Bool(arg(0).is_some()),
        Builtin::IsContiguous => Val::Bool(memref(0).is_some_and(|m| m.ty.is_contiguous())),
        Builtin::Member => {
            let x = arg(0)?;
            let list = as_term(arg(1))?;
            let items = list.list()?;
            Val::Bool(items.iter().any(|t| match (t, &x) {
                (Term::Int(i), Val::Int(j)) => *i as i128 == *j,
                (t, Val::Term(u)) => **t == **u,
                _ => false,
            }))
        }
        Builtin::Len => match arg(0)? {
            Val::Term(t) => Val::Int(t.list_len()? as i128),
            Val::Class(id) => Val::Int(list_items(egraph, id, walked)?.len() as i128),
            _ => return None,
        },
        Builtin::Nth => {
            let i = usize::try_from(as_int(arg(1))?).ok()?;
            match arg(0)? {
                Val::Term(t) => {
                    let item = t.list_nth(i)?;
                    term_val(item, || Arc::new(item.clone()))
                }
                Val::Class(id) => {
                    let item = *list_items(egraph, id, walked)?.get(i)?;
                    ground(egraph, item).unwrap_or(Val::Class(egraph.find(item)))
                }
                _ => return None,
            }
        }
        Builtin::Add | Builtin::Sub | Builtin::Mul => {
            let vals: Vec<Val> = (0..args.len()).map(arg).collect::<Option<_>>()?;
            if vals.iter().all(|v| matches!(v, Val::Float(_))) {
                let fs: Vec<f64> = vals
                    .iter()
                    .map(|v| if let Val::Float(f) = v { *f } else { 0.0 })
                    .collect();
                let r = match b {
                    Builtin::Add => fs.iter().sum(),
                    Builtin::Mul => fs.iter().product(),
                    _ => fs[0] - fs[1],
                };
                Val::Float(r)
            } else {
                let is = ints()?;
                let r = match b {
                    Builtin::Add => is.iter().try_fold(0i128, |a, x| a.checked_add(*x))?,
                    Builtin::Mul => is.iter().try_fold(1i128, |a, x| a.checked_mul(*x))?,
                    _ => is[0].checked_sub(is[1])?,
                };
                Val::Int(r)
            }
        }
        Builtin::Div => {
            let is = ints()?;
            Val::Int(is[0].checked_div(is[1])?)
        }
        Builtin::Rem => {
            let is = ints()?;
            Val::Int(is[0].checked_rem(is[1])?)
        }
        Builtin::Min => Val::Int(ints()?.into_iter().min()?),
        Builtin::Max => Val::Int(ints()?.into_iter().max()?),
        Builtin::Neg => match arg(0)? {
            Val::Int(i) => Val::Int(i.checked_neg()?),
            Val::Float(f) => Val::Float(-f),
            _ => return None,
        },
        Builtin::BitAnd => {
            let is = ints()?;
            Val::Int(is[0] & is[1])
        }
        Builtin::BitOr => {
            let is = ints()?;
            Val::Int(is[0] | is[1])
        }
        Builtin::BitXor => {
            let is = ints()?;
            Val::Int(is[0] ^ is[1])
        }
        Builtin::Shl => {
            let is = ints()?;
            let s = u32::try_from(is[1]).ok().filter(|s| *s < 64)?;
            Val::Int(is[0].checked_shl(s)?)
        }
        Builtin::Wrap | Builtin::Zext => {
            let w = width_of(egraph, arg(0))?;
            let x = as_int(arg(1))?;
            // A negative value of 128 bits read unsigned is beyond `i128`: no result, so
            // a fold that needs it does not fire.
            if b == Builtin::Zext && w >= 128 && x < 0 {
                return None;
            }
            Val::Int(truncate(x, w, b == Builtin::Wrap))
        }
        Builtin::Cmpi => {
            let predicate = match arg(0)? {
                Val::Term(t) => match &*t {
                    Term::Str(s) => kiln_frontend::ops::CmpIPredicate::from_name(s)?,
                    _ => return None,
                },
                _ => return None,
            };
            let w = width_of(egraph, arg(1))?;
            let (x, y) = (as_int(arg(2))?, as_int(arg(3))?);
            Val::Bool(predicate.holds(w, x, y))
        }
        Builtin::Eq | Builtin::Ne => {
            let (x, y) = (arg(0)?, arg(1)?);
            let eq = match (&x, &y) {
                (Val::Class(a), Val::Class(b)) => egraph.find(*a) == egraph.find(*b),
                _ => x == y,
            };
            Val::Bool(eq == (b == Builtin::Eq))
        }
        Builtin::Lt | Builtin::Le | Builtin::Gt | Builtin::Ge => {
            let ord = match (arg(0)?, arg(1)?) {
                (Val::Int(x), Val::Int(y)) => x.cmp(&y),
                (Val::Float(x), Val::Float(y)) => x.partial_cmp(&y)?,
                _ => return None,
            };
            Val::Bool(match b {
                Builtin::Lt => ord.is_lt(),
                Builtin::Le => ord.is_le(),
                Builtin::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            })
        }
        Builtin::And | Builtin::Or => {
            // Left to right, stopping at the first operand that decides, so that a later
            // operand may read what only exists when the earlier ones hold:
            // `(and (== (len ?i) 2) (!= (nth ?i 1) 0))` never reads a missing element.
            let decides = b == Builtin::Or;
            for i in 0..args.len() {
                let Val::Bool(x) = arg(i)? else { return None };
                if x == decides {
                    return Some(Val::Bool(decides));
                }
            }
            Val::Bool(!decides)
        }
        Builtin::Not => match arg(0)? {
            Val::Bool(x) => Val::Bool(!x),
            _ => return None,
        },
        Builtin::Log2 => {
            let x = as_int(arg(0)).filter(|x| *x > 0)?;
            Val::Int(i128::from(127 - x.leading_zeros()))
        }
        Builtin::Ctz => Val::Int(i128::from((as_int(arg(0))? as i64).trailing_zeros())),
        Builtin::Popcount => Val::Int(i128::from((as_int(arg(0))? as i64).count_ones())),
        Builtin::IsPow2 => {
            let x = as_int(arg(0))?;
            Val::Bool(x > 0 && x & (x - 1) == 0)
        }
        Builtin::IsLit => Val::Bool(matches!(arg(0), Some(Val::Int(_) | Val::Float(_)))),
        Builtin::FuncOf => {
            let mut name = String::new();
            for i in 0..args.len() {
                match arg(i)? {
                    Val::Term(t) => match &*t {
                        Term::Str(s) | Term::Func(s) => name.push_str(s),
                        _ => return None,
                    },
                    _ => return None,
                }
            }
            Val::Term(Arc::new(Term::Func(name)))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::Language;

    #[test]
    fn wrapping_reads_back_signed_or_unsigned() {
        assert_eq!(truncate(255, 8, true), -1);
        assert_eq!(truncate(-1, 8, false), 255);
        assert_eq!(truncate(1 << 40, 32, true), 0);
        assert_eq!(truncate(-1, 1, true), -1);
        assert_eq!(truncate(i64::MAX as i128 + 1, 64, true), i64::MIN as i128);
    }

    #[test]
    fn lookup_of_a_language_node_does_not_panic() {
        let n = Node::op("cons", vec![Id::from(0usize), Id::from(1usize)]);
        assert_eq!(n.children().len(), 2);
    }
}
