//! Rules as egg rewrites: the left side is an egg [`Pattern`]; the right side is applied by
//! [`RuleApplier`], which first checks the guards against the analysis and then builds the
//! template, filling in computed `{...}` leaves. Building the template as a `PatternAst`
//! (with computed parts as concrete nodes) lets egg record explanations for every rule.

use crate::analysis::{Analysis, Konst};
use crate::node::Node;
use crate::rule::expr::{Builtin, Expr};
use crate::rule::ruleset::{Pat, Rule};
use crate::term::Term;
use egg::{
    Applier, EGraph, ENodeOrVar, Id, Pattern, PatternAst, RecExpr, Rewrite, Subst, Symbol, Var,
};

type Graph = EGraph<Node, Analysis>;

/// A value computed by a guard or a template expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Int(i128),
    Float(f64),
    Bool(bool),
    Term(Term),
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

fn add_pat(p: &Pat, ast: &mut PatternAst<Node>) -> Id {
    let node = match p {
        Pat::Var(v) => return ast.add(ENodeOrVar::Var(var(v))),
        Pat::Int(i) => Node::Int(*i),
        Pat::Float(b) => Node::Float(*b),
        Pat::Str(s) => Node::Str(Symbol::from(s.as_str())),
        Pat::Func(s) => Node::Func(Symbol::from(s.as_str())),
        Pat::Op(op, cs) => {
            let kids = cs.iter().map(|c| add_pat(c, ast)).collect();
            Node::op(op, kids)
        }
        // The checker keeps computed parts out of patterns; an empty list is harmless.
        Pat::Computed(_) => Node::op("nil", Vec::new()),
    };
    ast.add(ENodeOrVar::ENode(node))
}

/// Applies a rule's right side when its guards hold.
#[derive(Clone, Debug)]
pub struct RuleApplier {
    guards: Vec<Expr>,
    rhs: Pat,
    vars: Vec<Var>,
}

impl RuleApplier {
    pub fn new(guards: Vec<Expr>, rhs: Pat, lhs_vars: &[String]) -> Self {
        RuleApplier {
            guards,
            rhs,
            vars: lhs_vars.iter().map(|v| var(v)).collect(),
        }
    }

    /// The template for a match, after the guards; `None` when a guard fails or a computed
    /// part does not evaluate.
    fn instantiate(&self, egraph: &Graph, subst: &mut Subst) -> Option<PatternAst<Node>> {
        for g in &self.guards {
            if eval(g, egraph, subst) != Some(Val::Bool(true)) {
                return None;
            }
        }
        self.template(egraph, subst)
    }

    /// Instantiates the template; `None` when a computed part fails to evaluate.
    fn template(&self, egraph: &Graph, subst: &mut Subst) -> Option<PatternAst<Node>> {
        let mut ast = RecExpr::default();
        let mut fresh = 0u32;
        self.add_template(&self.rhs, egraph, subst, &mut ast, &mut fresh)?;
        Some(ast)
    }

    fn add_template(
        &self,
        p: &Pat,
        egraph: &Graph,
        subst: &mut Subst,
        ast: &mut PatternAst<Node>,
        fresh: &mut u32,
    ) -> Option<Id> {
        match p {
            Pat::Computed(e) => {
                let v = eval(e, egraph, subst)?;
                add_val(&v, ast, subst, fresh)
            }
            Pat::Op(op, cs) => {
                let mut kids = Vec::with_capacity(cs.len());
                for c in cs {
                    kids.push(self.add_template(c, egraph, subst, ast, fresh)?);
                }
                Some(ast.add(ENodeOrVar::ENode(Node::op(op, kids))))
            }
            other => Some(add_pat(other, ast)),
        }
    }
}

fn add_val(v: &Val, ast: &mut PatternAst<Node>, subst: &mut Subst, fresh: &mut u32) -> Option<Id> {
    match v {
        Val::Int(i) => Some(ast.add(ENodeOrVar::ENode(Node::Int(i64::try_from(*i).ok()?)))),
        Val::Float(x) => Some(ast.add(ENodeOrVar::ENode(Node::Float(x.to_bits())))),
        Val::Bool(b) => Some(ast.add(ENodeOrVar::ENode(Node::Int(i64::from(*b))))),
        Val::Term(t) => Some(add_term(t, ast)),
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

fn add_term(t: &Term, ast: &mut PatternAst<Node>) -> Id {
    let node = match t {
        Term::Int(i) => Node::Int(*i),
        Term::Float(b) => Node::Float(*b),
        Term::Str(s) => Node::Str(Symbol::from(s.as_str())),
        Term::Func(s) => Node::Func(Symbol::from(s.as_str())),
        Term::Op(op, cs) => {
            let kids = cs.iter().map(|c| add_term(c, ast)).collect();
            Node::op(op, kids)
        }
    };
    ast.add(ENodeOrVar::ENode(node))
}

thread_local! {
    /// When the phase running on this thread must stop, and its node budget (set by
    /// `lower::run_phase`).
    static LIMITS: std::cell::Cell<Option<(std::time::Instant, usize)>> =
        const { std::cell::Cell::new(None) };
}

/// Sets (or clears) the time and e-graph size at which rule application on this thread
/// stops early.
pub(crate) fn set_limits(limits: Option<(std::time::Instant, usize)>) {
    LIMITS.with(|d| d.set(limits));
}

fn past_limits(egraph: &Graph) -> bool {
    LIMITS.with(|d| {
        d.get()
            .is_some_and(|(t, nodes)| egraph.total_size() > nodes || std::time::Instant::now() >= t)
    })
}

impl Applier<Node, Analysis> for RuleApplier {
    /// egg's loop over the matches, stopping once the phase's time is up or its node budget
    /// (its memory budget) is spent: a rule with many matches in a large e-graph could
    /// otherwise run far past the phase's limits. Applying only some matches is sound (the
    /// e-graph only gains equalities), and the phase then stops at the limit.
    fn apply_matches(
        &self,
        egraph: &mut Graph,
        matches: &[egg::SearchMatches<Node>],
        rule_name: Symbol,
    ) -> Vec<Id> {
        let mut added = Vec::new();
        let mut n = 0usize;
        for mat in matches {
            let ast = if egraph.are_explanations_enabled() {
                mat.ast.as_ref().map(|a| a.as_ref())
            } else {
                None
            };
            for subst in &mat.substs {
                n += 1;
                if n == 64 {
                    n = 0;
                    if past_limits(egraph) {
                        return added;
                    }
                }
                added.extend(self.apply_one(egraph, mat.eclass, subst, ast, rule_name));
            }
        }
        added
    }

    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        searcher_ast: Option<&PatternAst<Node>>,
        rule_name: Symbol,
    ) -> Vec<Id> {
        let mut subst = subst.clone();
        let Some(ast) = self.instantiate(egraph, &mut subst) else {
            return Vec::new();
        };
        match searcher_ast {
            Some(from) => {
                let (id, did) = egraph.union_instantiations(from, &ast, &subst, rule_name);
                if did {
                    vec![id]
                } else {
                    Vec::new()
                }
            }
            None => {
                let id = egraph.add_instantiation(&ast, &subst);
                if egraph.union(eclass, id) {
                    vec![id]
                } else {
                    Vec::new()
                }
            }
        }
    }

    fn vars(&self) -> Vec<Var> {
        self.vars.clone()
    }
}

/// Applies one rule (forward) at the root of a ground term and returns every right side
/// it produces there, as ground terms: guards checked, computed parts evaluated, variables
/// replaced by the subterms they matched. Rule-level validation (`kiln verify`'s rule
/// property) evaluates both sides of such pairs.
pub fn rewrite_root(
    rule: &Rule,
    ops: std::sync::Arc<crate::analysis::OpTable>,
    lhs: &Term,
) -> Vec<Term> {
    /// The term of a class; without unions (none happen here) every class has one node.
    fn term_of(egraph: &Graph, id: Id, depth: usize) -> Option<Term> {
        if depth > 200 {
            return None;
        }
        let node = egraph[egraph.find(id)].nodes.first()?;
        match node {
            Node::Op(op, kids) => Some(Term::Op(
                op.as_str().to_string(),
                kids.iter()
                    .map(|k| term_of(egraph, *k, depth + 1))
                    .collect::<Option<_>>()?,
            )),
            leaf => crate::analysis::leaf_term(leaf),
        }
    }
    let mut egraph = Graph::new(Analysis::new(ops));
    let mut ast = PatternAst::default();
    add_term(lhs, &mut ast);
    let root = egraph.add_instantiation(&ast, &Subst::default());
    egraph.rebuild();
    let pattern: Pattern<Node> = Pattern::new(build_pattern(&rule.lhs));
    let applier = RuleApplier::new(rule.guards.clone(), rule.rhs.clone(), &rule.lhs.vars());
    let Some(found) = egg::Searcher::search_eclass(&pattern, &egraph, root) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for subst in found.substs {
        let mut subst = subst.clone();
        if let Some(rhs) = applier.instantiate(&egraph, &mut subst) {
            let id = egraph.add_instantiation(&rhs, &subst);
            out.extend(term_of(&egraph, id, 0));
        }
    }
    out
}

/// Builds the egg rewrites of one rule (two for a `<=>` rule).
pub fn build_rewrites(rule: &Rule) -> Result<Vec<Rewrite<Node, Analysis>>, String> {
    let lhs_vars = rule.lhs.vars();
    let forward = Rewrite::new(
        rule.name.as_str(),
        Pattern::new(build_pattern(&rule.lhs)),
        RuleApplier::new(rule.guards.clone(), rule.rhs.clone(), &lhs_vars),
    )?;
    let mut out = vec![forward];
    if rule.two_way {
        out.push(Rewrite::new(
            format!("{} (reversed)", rule.name),
            Pattern::new(build_pattern(&rule.rhs)),
            RuleApplier::new(Vec::new(), rule.lhs.clone(), &rule.rhs.vars()),
        )?);
    }
    Ok(out)
}

fn ground(egraph: &Graph, id: Id) -> Option<Val> {
    let t = egraph[id].data.ground.as_deref()?;
    Some(match t {
        Term::Int(i) => Val::Int(*i as i128),
        Term::Float(b) => Val::Float(f64::from_bits(*b)),
        other => Val::Term(other.clone()),
    })
}

fn lookup(e: &Expr, subst: &Subst) -> Option<Id> {
    match e {
        Expr::Var(v) => subst.get(var(v)).copied(),
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

fn as_term(v: Option<Val>) -> Option<Term> {
    match v? {
        Val::Term(t) => Some(t),
        _ => None,
    }
}

fn width_of(v: Option<Val>) -> Option<u32> {
    as_term(v)?.width()
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

/// Walks a cons-list in the e-graph (its elements need not be ground).
fn list_items(egraph: &Graph, mut id: Id) -> Option<Vec<Id>> {
    let mut out = Vec::new();
    for _ in 0..10_000 {
        let class = &egraph[id];
        if class
            .nodes
            .iter()
            .any(|n| matches!(n, Node::Op(s, c) if s.as_str() == "nil" && c.is_empty()))
        {
            return Some(out);
        }
        let cons = class.nodes.iter().find_map(|n| match n {
            Node::Op(s, c) if s.as_str() == "cons" && c.len() == 2 => Some((c[0], c[1])),
            _ => None,
        })?;
        out.push(cons.0);
        id = egraph.find(cons.1);
    }
    None
}

/// Evaluates an expression; `None` means "does not apply" (an unknown constant, a dynamic
/// stride, a type mismatch), which makes a guard false and a computed template skip.
pub fn eval(e: &Expr, egraph: &Graph, subst: &Subst) -> Option<Val> {
    match e {
        Expr::Var(_) => {
            let id = egraph.find(lookup(e, subst)?);
            Some(ground(egraph, id).unwrap_or(Val::Class(id)))
        }
        Expr::Int(i) => Some(Val::Int(*i as i128)),
        Expr::Float(b) => Some(Val::Float(f64::from_bits(*b))),
        Expr::Str(s) => Some(Val::Term(Term::Str(s.clone()))),
        Expr::Atom(a) => Some(Val::Term(Term::atom(a))),
        Expr::Call(b, args) => call(*b, args, egraph, subst),
    }
}

fn call(b: Builtin, args: &[Expr], egraph: &Graph, subst: &Subst) -> Option<Val> {
    let arg = |i: usize| eval(&args[i], egraph, subst);
    let ints = || -> Option<Vec<i128>> { (0..args.len()).map(|i| as_int(arg(i))).collect() };
    let memref = |i: usize| as_term(arg(i))?.memref();
    Some(match b {
        Builtin::Const => {
            let id = lookup(&args[0], subst)?;
            match egraph[id].data.konst? {
                Konst::Int(i) => Val::Int(i as i128),
                Konst::Float(b) => Val::Float(f64::from_bits(b)),
            }
        }
        Builtin::IsConst => {
            let id = lookup(&args[0], subst)?;
            Val::Bool(egraph[id].data.konst.is_some())
        }
        Builtin::TypeOf => {
            let id = lookup(&args[0], subst)?;
            Val::Term(egraph[id].data.ty.as_deref()?.clone())
        }
        Builtin::Rank => Val::Int(memref(0)?.rank() as i128),
        Builtin::Size => {
            let (m, i) = (memref(0)?, usize::try_from(as_int(arg(1))?).ok()?);
            Val::Int((*m.shape.get(i)?)? as i128)
        }
        Builtin::Stride => {
            let (m, i) = (memref(0)?, usize::try_from(as_int(arg(1))?).ok()?);
            Val::Int((*m.strides_and_offset().0.get(i)?)? as i128)
        }
        Builtin::Offset => Val::Int(memref(0)?.strides_and_offset().1? as i128),
        Builtin::Elem => match as_term(arg(0))? {
            Term::Op(op, cs) if op == "memref.unranked" && cs.len() == 1 => {
                Val::Term(cs[0].clone())
            }
            t => Val::Term(Term::atom(t.memref()?.elem.name())),
        },
        Builtin::Width => Val::Int(width_of(arg(0))? as i128),
        Builtin::IsInt => Val::Bool(as_term(arg(0))?.scalar()?.is_integer()),
        Builtin::IsFloat => Val::Bool(as_term(arg(0))?.scalar()?.is_float()),
        Builtin::IsScalar => Val::Bool(as_term(arg(0))?.scalar().is_some()),
        Builtin::IsRanked => Val::Bool(as_term(arg(0))?.memref().is_some()),
        Builtin::IsUnranked => Val::Bool(matches!(
            as_term(arg(0))?,
            Term::Op(op, cs) if op == "memref.unranked" && cs.len() == 1
        )),
        Builtin::IsStatic => Val::Bool(arg(0).is_some()),
        Builtin::Member => {
            let x = arg(0)?;
            let list = as_term(arg(1))?;
            let items = list.list()?;
            Val::Bool(items.iter().any(|t| match (t, &x) {
                (Term::Int(i), Val::Int(j)) => *i as i128 == *j,
                (t, Val::Term(u)) => *t == u,
                _ => false,
            }))
        }
        Builtin::Len => match arg(0)? {
            Val::Term(t) => Val::Int(t.list()?.len() as i128),
            Val::Class(id) => Val::Int(list_items(egraph, id)?.len() as i128),
            _ => return None,
        },
        Builtin::Nth => {
            let i = usize::try_from(as_int(arg(1))?).ok()?;
            match arg(0)? {
                Val::Term(t) => Val::Term((*t.list()?.get(i)?).clone()),
                Val::Class(id) => {
                    let item = *list_items(egraph, id)?.get(i)?;
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
            let w = width_of(arg(0))?;
            let x = as_int(arg(1))?;
            Val::Int(truncate(x, w, b == Builtin::Wrap))
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
            let mut acc = b == Builtin::And;
            for i in 0..args.len() {
                let Val::Bool(x) = arg(i)? else { return None };
                acc = if b == Builtin::And {
                    acc && x
                } else {
                    acc || x
                };
            }
            Val::Bool(acc)
        }
        Builtin::Not => match arg(0)? {
            Val::Bool(x) => Val::Bool(!x),
            _ => return None,
        },
        Builtin::FuncOf => {
            let mut name = String::new();
            for i in 0..args.len() {
                match arg(i)? {
                    Val::Term(Term::Str(s)) | Val::Term(Term::Func(s)) => name.push_str(&s),
                    _ => return None,
                }
            }
            Val::Term(Term::Func(name))
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
