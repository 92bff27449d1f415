//! Expansion of `def` macros and `let` bindings, run on the syntax tree before checking.
//!
//! Both are purely syntactic: a use of a macro is replaced by its body with the arguments
//! for the parameters, and a `let`-bound name by its value. Because the e-graph shares equal
//! terms, a value written once under `let` and used three times adds exactly the nodes the
//! three copies did, so expansion never changes what a rule does. The expanded body takes
//! the span of the use, so an error inside it (a sort mismatch, an unbound variable) is
//! reported where the macro is used, not in the file that defines it.
//!
//! - `def NAME ?p...: BODY` (any file) makes `(NAME arg...)` stand for `BODY`, in patterns,
//!   templates, tests and guard expressions.
//! - `(let ?x VALUE ... BODY)` in a term or an expression binds `?x` in `BODY` (each value
//!   may use the names bound before it).
//! - A guard `(let ?x EXPR)` binds `?x` for the guards after it and for the right side; it
//!   tests nothing.

use crate::rule::ast::{Def, Expr, Item, Name, Rule, RuleFile, Term};
use kiln_frontend::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};

/// How deeply macros may expand inside each other (a macro that uses itself stops here).
const MAX_DEPTH: usize = 32;

/// The macros of every file, by name.
#[derive(Default)]
pub struct Defs {
    defs: HashMap<String, Def>,
}

impl Defs {
    /// Collects the `def`s of the files (`files[i]` is file `i`); problems with a definition
    /// itself are returned with their file index.
    pub fn collect(files: &[RuleFile]) -> (Defs, Vec<(usize, Diagnostic)>) {
        let mut defs = Defs::default();
        let mut diags = Vec::new();
        let declared: HashSet<&str> = files
            .iter()
            .flat_map(|f| &f.items)
            .filter_map(|i| match i {
                Item::Decl(d) => Some(d.name.text.as_str()),
                _ => None,
            })
            .chain(["nil", "cons", "let"])
            .collect();
        for (file, tree) in files.iter().enumerate() {
            for item in &tree.items {
                let Item::Def(d) = item else { continue };
                if declared.contains(d.name.text.as_str()) {
                    diags.push((
                        file,
                        Diagnostic::error(
                            "rules.bad-def",
                            d.name.span,
                            format!("`{}` is both a macro and a declared operation", d.name.text),
                        ),
                    ));
                    continue;
                }
                if defs.defs.contains_key(&d.name.text) {
                    diags.push((
                        file,
                        Diagnostic::error(
                            "rules.bad-def",
                            d.name.span,
                            format!("`{}` is defined twice", d.name.text),
                        ),
                    ));
                    continue;
                }
                let mut seen = HashSet::new();
                let mut ok = true;
                for p in &d.params {
                    if !seen.insert(p.text.as_str()) {
                        ok = false;
                        diags.push((
                            file,
                            Diagnostic::error(
                                "rules.bad-def",
                                p.span,
                                format!("parameter `?{}` is named twice", p.text),
                            ),
                        ));
                    }
                }
                let mut used = Vec::new();
                term_vars(&d.body, &mut used);
                for v in used {
                    if !seen.contains(v.text.as_str()) {
                        ok = false;
                        diags.push((
                            file,
                            Diagnostic::error(
                                "rules.unbound-var",
                                v.span,
                                format!("`?{}` is not a parameter of `{}`", v.text, d.name.text),
                            )
                            .with_note("a macro's body may use only its parameters (and names it binds with `let`)"),
                        ));
                    }
                }
                if ok {
                    defs.defs.insert(d.name.text.clone(), d.clone());
                }
            }
        }
        (defs, diags)
    }

    /// Expands every rule and test of a file; returns the expanded file, the problems, and
    /// the name spans of the rules and tests whose expansion failed (the checker skips them,
    /// so one mistake is reported once, not again as the errors it causes).
    pub fn expand_file(&self, tree: &RuleFile) -> (RuleFile, Vec<Diagnostic>, HashSet<Span>) {
        let mut failed = HashSet::new();
        let mut x = Expander {
            defs: self,
            diags: Vec::new(),
            pattern_vars: HashSet::new(),
        };
        let items = tree
            .items
            .iter()
            .map(|item| match item {
                Item::Group(g) => {
                    let mut g = g.clone();
                    g.rules = g
                        .rules
                        .iter()
                        .map(|r| {
                            let before = x.diags.len();
                            let out = x.rule(r);
                            if x.diags.len() > before {
                                failed.insert(r.name.span);
                            }
                            out
                        })
                        .collect();
                    Item::Group(g)
                }
                Item::Test(t) => {
                    let before = x.diags.len();
                    let mut t = t.clone();
                    x.pattern_vars.clear();
                    t.input = x.term(&t.input, &Env::new(), 0);
                    t.expected = x.term(&t.expected, &Env::new(), 0);
                    if x.diags.len() > before {
                        failed.insert(t.name.span);
                    }
                    Item::Test(t)
                }
                other => other.clone(),
            })
            .collect();
        (RuleFile { items }, x.diags, failed)
    }
}

/// Names bound by `let` or by a macro's parameters, to their (already expanded) values.
type Env = HashMap<String, Term>;

struct Expander<'a> {
    defs: &'a Defs,
    diags: Vec<Diagnostic>,
    /// The variables the left side binds (a `let` may not rebind them).
    pattern_vars: HashSet<String>,
}

impl Expander<'_> {
    fn rule(&mut self, r: &Rule) -> Rule {
        let mut vars = Vec::new();
        term_vars(&r.lhs, &mut vars);
        self.pattern_vars = vars.into_iter().map(|n| n.text).collect();
        let lhs = self.term(&r.lhs, &Env::new(), 0);
        let mut env = Env::new();
        let mut guards = Vec::new();
        for g in &r.guards {
            match g {
                Expr::Call { func, args, span } if func.text == "let" && args.len() == 2 => {
                    let Expr::Var(name) = &args[0] else {
                        self.diags.push(let_error(args[0].span()));
                        continue;
                    };
                    let value = self.expr(&args[1], &env, 0);
                    if self.bindable(name) {
                        env.insert(name.text.clone(), Term::Computed(value, *span));
                    }
                }
                g => guards.push(self.expr(g, &env, 0)),
            }
        }
        let rhs = self.term(&r.rhs, &env, 0);
        Rule {
            lhs,
            guards,
            rhs,
            ..r.clone()
        }
    }

    /// Whether `let` may bind `name` (not a variable of the left side).
    fn bindable(&mut self, name: &Name) -> bool {
        if self.pattern_vars.contains(&name.text) {
            self.diags.push(
                Diagnostic::error(
                    "rules.let",
                    name.span,
                    format!("`?{}` is already bound by the left side", name.text),
                )
                .with_note("choose another name for the `let`"),
            );
            return false;
        }
        true
    }

    fn too_deep(&mut self, depth: usize, span: Span, name: &str) -> bool {
        if depth > MAX_DEPTH {
            self.diags.push(Diagnostic::error(
                "rules.bad-def",
                span,
                format!("`{name}` expands more than {MAX_DEPTH} macros deep (does it use itself?)"),
            ));
            return true;
        }
        false
    }

    fn term(&mut self, t: &Term, env: &Env, depth: usize) -> Term {
        match t {
            Term::Var(n) => env.get(&n.text).cloned().unwrap_or_else(|| t.clone()),
            Term::Op {
                op,
                children,
                span,
                bare,
            } => {
                if op.text == "let" && !*bare {
                    return self.let_term(children, *span, env, depth);
                }
                if let Some(def) = self.defs.defs.get(&op.text) {
                    if self.too_deep(depth, *span, &op.text) {
                        return t.clone();
                    }
                    let args: Vec<Term> =
                        children.iter().map(|c| self.term(c, env, depth)).collect();
                    return self
                        .apply_def(def, args, *span, depth)
                        .unwrap_or_else(|| t.clone());
                }
                Term::Op {
                    op: op.clone(),
                    children: children.iter().map(|c| self.term(c, env, depth)).collect(),
                    span: *span,
                    bare: *bare,
                }
            }
            Term::List { items, tail, span } => Term::List {
                items: items.iter().map(|c| self.term(c, env, depth)).collect(),
                tail: tail.as_ref().map(|c| Box::new(self.term(c, env, depth))),
                span: *span,
            },
            Term::Computed(e, span) => Term::Computed(self.expr(e, env, depth), *span),
            Term::Int(..) | Term::Float(..) | Term::Str(..) | Term::Func(..) => t.clone(),
        }
    }

    /// The body of `def` at the use `span` with `args` for its parameters.
    fn apply_def(&mut self, def: &Def, args: Vec<Term>, span: Span, depth: usize) -> Option<Term> {
        if args.len() != def.params.len() {
            let params: Vec<String> = def.params.iter().map(|p| format!("?{}", p.text)).collect();
            self.diags.push(Diagnostic::error(
                "rules.arity",
                span,
                format!(
                    "macro `{}` takes {} argument{} ({}), found {}",
                    def.name.text,
                    def.params.len(),
                    if def.params.len() == 1 { "" } else { "s" },
                    params.join(" "),
                    args.len()
                ),
            ));
            return None;
        }
        let env: Env = def
            .params
            .iter()
            .map(|p| p.text.clone())
            .zip(args)
            .collect();
        Some(self.term(&relocate_term(&def.body, span), &env, depth + 1))
    }

    /// `(let ?a A ?b B ... BODY)` in a term.
    fn let_term(&mut self, children: &[Term], span: Span, env: &Env, depth: usize) -> Term {
        if children.len() < 3 || children.len().is_multiple_of(2) {
            self.diags.push(let_error(span));
            // Recover with the last operand, so the error is not followed by others.
            return match children.last() {
                Some(last) => self.term(last, env, depth),
                None => Term::Int("0".into(), span),
            };
        }
        let mut inner = env.clone();
        for pair in children[..children.len() - 1].chunks(2) {
            let value = self.term(&pair[1], &inner, depth);
            match &pair[0] {
                Term::Var(n) => {
                    if self.bindable(n) {
                        inner.insert(n.text.clone(), value);
                    }
                }
                other => self.diags.push(let_error(other.span())),
            }
        }
        self.term(&children[children.len() - 1], &inner, depth)
    }

    fn expr(&mut self, e: &Expr, env: &Env, depth: usize) -> Expr {
        match e {
            Expr::Var(n) => match env.get(&n.text) {
                Some(v) => match term_to_expr(v) {
                    Some(x) => x,
                    None => {
                        self.diags.push(
                            Diagnostic::error(
                                "rules.let",
                                n.span,
                                format!("`?{}` is bound to a term, not to an expression", n.text),
                            )
                            .with_note("only names bound to variables, numbers, strings, nullary operations or `{...}` values can be used in an expression"),
                        );
                        Expr::Int("0".into(), n.span)
                    }
                },
                None => e.clone(),
            },
            Expr::Call { func, args, span } if func.text == "let" && args.len() != 2 => {
                let as_terms: Vec<Term> = args.iter().map(expr_to_term).collect();
                let t = self.let_term(&as_terms, *span, env, depth);
                self.as_expr(&t, *span)
            }
            Expr::Call { func, args, span } => {
                let args: Vec<Expr> = args.iter().map(|a| self.expr(a, env, depth)).collect();
                if let Some(def) = self.defs.defs.get(&func.text) {
                    if self.too_deep(depth, *span, &func.text) {
                        return e.clone();
                    }
                    let terms = args.iter().map(expr_to_term).collect();
                    return match self.apply_def(def, terms, *span, depth) {
                        Some(t) => self.as_expr(&t, *span),
                        None => e.clone(),
                    };
                }
                Expr::Call {
                    func: func.clone(),
                    args,
                    span: *span,
                }
            }
            Expr::Atom(n) => match self.defs.defs.get(&n.text) {
                Some(def) if !self.too_deep(depth, n.span, &n.text) => {
                    match self.apply_def(def, Vec::new(), n.span, depth) {
                        Some(t) => self.as_expr(&t, n.span),
                        None => e.clone(),
                    }
                }
                _ => e.clone(),
            },
            Expr::Int(..) | Expr::Float(..) | Expr::Str(..) => e.clone(),
        }
    }

    fn as_expr(&mut self, t: &Term, span: Span) -> Expr {
        term_to_expr(t).unwrap_or_else(|| {
            self.diags.push(Diagnostic::error(
                "rules.let",
                span,
                "this expands to a term, which is not an expression",
            ).with_note("in a guard or `{...}`, a macro must expand to a variable, a number or a `{...}` value"));
            Expr::Int("0".into(), span)
        })
    }
}

fn let_error(span: Span) -> Diagnostic {
    Diagnostic::error(
        "rules.let",
        span,
        "`let` takes pairs of a `?name` and a value, then the body: `(let ?x VALUE BODY)`",
    )
}

/// A term used where an expression is expected, when it is one.
fn term_to_expr(t: &Term) -> Option<Expr> {
    Some(match t {
        Term::Var(n) => Expr::Var(n.clone()),
        Term::Int(s, sp) => Expr::Int(s.clone(), *sp),
        Term::Float(s, sp) => Expr::Float(s.clone(), *sp),
        Term::Str(s, sp) => Expr::Str(s.clone(), *sp),
        Term::Op {
            op, children, bare, ..
        } if children.is_empty() && *bare => Expr::Atom(op.clone()),
        Term::Computed(e, _) => e.clone(),
        _ => return None,
    })
}

/// An expression used as a term (a macro argument): calls become computed leaves.
fn expr_to_term(e: &Expr) -> Term {
    match e {
        Expr::Var(n) => Term::Var(n.clone()),
        Expr::Int(s, sp) => Term::Int(s.clone(), *sp),
        Expr::Float(s, sp) => Term::Float(s.clone(), *sp),
        Expr::Str(s, sp) => Term::Str(s.clone(), *sp),
        Expr::Atom(n) => Term::Op {
            op: n.clone(),
            children: Vec::new(),
            span: n.span,
            bare: true,
        },
        Expr::Call { span, .. } => Term::Computed(e.clone(), *span),
    }
}

/// The variables a term uses (outside `let` names it binds itself), in order.
fn term_vars(t: &Term, out: &mut Vec<Name>) {
    match t {
        Term::Var(n) => out.push(n.clone()),
        Term::Op { op, children, .. } if op.text == "let" && children.len() % 2 == 1 => {
            let mut inner = Vec::new();
            let mut bound = Vec::new();
            for (i, c) in children.iter().enumerate() {
                match c {
                    Term::Var(n) if i % 2 == 0 && i + 1 < children.len() => {
                        bound.push(n.text.clone())
                    }
                    c => term_vars(c, &mut inner),
                }
            }
            out.extend(inner.into_iter().filter(|n| !bound.contains(&n.text)));
        }
        Term::Op { children, .. } => children.iter().for_each(|c| term_vars(c, out)),
        Term::List { items, tail, .. } => {
            items.iter().for_each(|c| term_vars(c, out));
            if let Some(t) = tail {
                term_vars(t, out);
            }
        }
        Term::Computed(e, _) => expr_vars(e, out),
        Term::Int(..) | Term::Float(..) | Term::Str(..) | Term::Func(..) => {}
    }
}

fn expr_vars(e: &Expr, out: &mut Vec<Name>) {
    match e {
        Expr::Var(n) => out.push(n.clone()),
        Expr::Call { args, .. } => args.iter().for_each(|a| expr_vars(a, out)),
        _ => {}
    }
}

/// A copy of `t` with every span set to `span` (the place a macro or name is used).
fn relocate_term(t: &Term, span: Span) -> Term {
    let name = |n: &Name| Name {
        text: n.text.clone(),
        span,
    };
    match t {
        Term::Var(n) => Term::Var(name(n)),
        Term::Int(s, _) => Term::Int(s.clone(), span),
        Term::Float(s, _) => Term::Float(s.clone(), span),
        Term::Str(s, _) => Term::Str(s.clone(), span),
        Term::Func(s, _) => Term::Func(s.clone(), span),
        Term::Op {
            op, children, bare, ..
        } => Term::Op {
            op: name(op),
            children: children.iter().map(|c| relocate_term(c, span)).collect(),
            span,
            bare: *bare,
        },
        Term::List { items, tail, .. } => Term::List {
            items: items.iter().map(|c| relocate_term(c, span)).collect(),
            tail: tail.as_ref().map(|c| Box::new(relocate_term(c, span))),
            span,
        },
        Term::Computed(e, _) => Term::Computed(relocate_expr(e, span), span),
    }
}

fn relocate_expr(e: &Expr, span: Span) -> Expr {
    match e {
        Expr::Var(n) => Expr::Var(Name {
            text: n.text.clone(),
            span,
        }),
        Expr::Atom(n) => Expr::Atom(Name {
            text: n.text.clone(),
            span,
        }),
        Expr::Int(s, _) => Expr::Int(s.clone(), span),
        Expr::Float(s, _) => Expr::Float(s.clone(), span),
        Expr::Str(s, _) => Expr::Str(s.clone(), span),
        Expr::Call { func, args, .. } => Expr::Call {
            func: Name {
                text: func.text.clone(),
                span,
            },
            args: args.iter().map(|a| relocate_expr(a, span)).collect(),
            span,
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::{load_rules, RuleSource};

    fn rhs_and_guards(text: &str) -> (String, Vec<String>) {
        let decls =
            "decl f: source (Type Value) -> Value\ndecl g: target (Type Value Value) -> Value\n\
                     decl k: target (Type Lit) -> Value\ndecl i32: target () -> Type\nphase p {}\n";
        let loaded = load_rules(vec![RuleSource {
            path: "t.rules".into(),
            text: format!("{decls}{text}"),
        }]);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        let r = &loaded.rules.rules[0];
        (
            r.rhs.to_string(),
            r.guards.iter().map(|g| g.to_string()).collect(),
        )
    }

    #[test]
    fn macros_expand_in_terms_and_expressions() {
        let (rhs, guards) = rhs_and_guards(
            "def twice ?t ?v: (g ?t ?v ?v)\ndef wide? ?t: {> (width ?t) 16}\n\
             def quad ?t ?v: (twice ?t (twice ?t ?v))\n\
             in p {\n  ;; r\n  rule r: (f ?t ?x) if (wide? ?t) => (quad ?t ?x)\n}\n",
        );
        assert_eq!(rhs, "(g ?t (g ?t ?x ?x) (g ?t ?x ?x))");
        assert_eq!(guards, vec!["(> (width ?t) 16)"]);
    }

    #[test]
    fn lets_bind_in_order_and_guard_lets_reach_the_template() {
        let (rhs, guards) = rhs_and_guards(
            "in p {\n  ;; r\n  rule r: (f ?t ?x) if (let ?w (width ?t)) (> ?w 8) =>\n\
             (let ?a (g ?t ?x ?x) ?b (g ?t ?a ?a) (g ?t ?b (k ?t {+ ?w 1})))\n}\n",
        );
        assert_eq!(
            rhs,
            "(g ?t (g ?t (g ?t ?x ?x) (g ?t ?x ?x)) (k ?t {(+ (width ?t) 1)}))"
        );
        assert_eq!(guards, vec!["(> (width ?t) 8)"]);
    }
}
