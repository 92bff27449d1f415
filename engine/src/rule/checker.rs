//! Loading a rules directory: parse every file, then check declarations, phases, rules and
//! tests against each other. Every problem is collected (with its file and span) so one run
//! reports them all, as Cranelift's ISLE does.

use crate::rule::ast::{self, Direction, Item, Name, Term};
use crate::rule::expand::Defs;
use crate::rule::expr::{Builtin, Expr};
use crate::rule::lint;
use crate::rule::parser::parse_rule_file;
use crate::rule::ruleset::{
    FileId, Level, OpDecl, Pat, Rule, RuleLoc, RuleSet, RuleSource, RuleTest, Sort,
};
use crate::rule::typing::{Typer, Uniform};
use kiln_frontend::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};

/// A diagnostic in one of the rule files.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleDiagnostic {
    /// The file, by its index in [`RuleSet::files`].
    pub file: FileId,
    /// The problem, with its span in that file.
    pub diagnostic: Diagnostic,
}

/// The result of loading rules: the checked set (complete only without errors) and every
/// diagnostic, sorted by file and position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loaded {
    /// Everything that checked (missing what had errors).
    pub rules: RuleSet,
    /// The errors and warnings of every file.
    pub diagnostics: Vec<RuleDiagnostic>,
}

impl Loaded {
    /// Whether any diagnostic is an error (the rule set is then incomplete).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.diagnostic.is_error())
    }
}

/// Default limits of a phase that does not set them: passes ([`Phase::iterations`]).
pub const DEFAULT_ITERATIONS: usize = 30;
/// The default node budget before growth ([`Phase::nodes`]).
pub const DEFAULT_NODES: usize = 100_000;
/// The default growth factor of the node budget ([`Phase::growth`]).
pub const DEFAULT_GROWTH: usize = 4;
/// The longest list literal (each element is one more nested `cons`).
pub const MAX_LIST: usize = 256;
/// The default time limit of a phase, in milliseconds ([`Phase::time_ms`]).
pub const DEFAULT_TIME_MS: u64 = 10_000;

/// Checks a set of rule files (in the order given; callers sort them by path).
///
/// ```
/// use kiln_engine::{load_rules, RuleSource};
///
/// let text = "decl f: source (Value) -> Value\ndecl g: target (Value) -> Value\n\
///             phase lower { iterations 5 }\nin lower {\n  ;; f is g\n  rule f-g: (f ?x) => (g ?x)\n}\n";
/// let loaded = load_rules(vec![RuleSource { path: "a.rules".into(), text: text.into() }]);
/// assert!(!loaded.has_errors());
/// assert_eq!(loaded.rules.rules[0].name, "f-g");
/// ```
pub fn load_rules(files: Vec<RuleSource>) -> Loaded {
    let mut cx = Checker {
        set: RuleSet {
            files,
            ..RuleSet::default()
        },
        diags: Vec::new(),
        file: 0,
        uniform: HashSet::new(),
    };
    cx.builtin_decls();
    let mut parsed = Vec::new();
    for (i, f) in cx.set.files.iter().enumerate() {
        let (tree, diags) = parse_rule_file(&f.text);
        parsed.push(tree);
        cx.diags.extend(diags.into_iter().map(|d| RuleDiagnostic {
            file: i,
            diagnostic: d,
        }));
    }
    // Macros and `let` are expanded before anything is checked, so every later error is
    // located at the use.
    let (defs, def_diags) = Defs::collect(&parsed);
    cx.diags.extend(
        def_diags
            .into_iter()
            .map(|(file, diagnostic)| RuleDiagnostic { file, diagnostic }),
    );
    let mut unexpanded = Vec::new();
    let parsed: Vec<_> = parsed
        .iter()
        .enumerate()
        .map(|(i, tree)| {
            let (tree, diags, failed) = defs.expand_file(tree);
            cx.diags
                .extend(diags.into_iter().map(|diagnostic| RuleDiagnostic {
                    file: i,
                    diagnostic,
                }));
            unexpanded.push(failed);
            tree
        })
        .collect();
    // Declarations and phases first, so rules may use ops declared in any file.
    for (i, tree) in parsed.iter().enumerate() {
        cx.file = i;
        for item in &tree.items {
            match item {
                Item::Decl(d) => cx.decl(d),
                Item::Phase(p) => cx.phase(p),
                Item::Group(_) | Item::Test(_) | Item::Def(_) => {}
            }
        }
    }
    let mut rule_names: HashMap<String, RuleLoc> = HashMap::new();
    let mut test_names: HashMap<String, RuleLoc> = HashMap::new();
    for (i, tree) in parsed.iter().enumerate() {
        cx.file = i;
        for item in &tree.items {
            match item {
                Item::Group(g) => {
                    let phase = cx.set.phases.iter().position(|p| p.name == g.phase.text);
                    if phase.is_none() {
                        let known: Vec<_> = cx.set.phases.iter().map(|p| p.name.clone()).collect();
                        cx.error(
                            "rules.unknown-phase",
                            g.phase.span,
                            format!("unknown phase `{}`", g.phase.text),
                        )
                        .notes
                        .push(format!("declared phases: {}", list_or_none(&known)));
                    }
                    for r in &g.rules {
                        let duplicate = rule_names.contains_key(&r.name.text);
                        if let Some(first) = rule_names.get(&r.name.text) {
                            let what = cx.set.describe(*first);
                            cx.error(
                                "rules.duplicate-rule",
                                r.name.span,
                                format!("duplicate rule name `{}`", r.name.text),
                            )
                            .notes
                            .push(format!("first defined at {what}"));
                        } else {
                            rule_names.insert(r.name.text.clone(), cx.loc(r.name.span));
                        }
                        if unexpanded[i].contains(&r.name.span) {
                            continue;
                        }
                        // A rule with a duplicate name is still checked, but not kept.
                        if let (Some(p), Some(rule)) = (phase, cx.rule(r)) {
                            if !duplicate {
                                cx.set.rules.push(Rule { phase: p, ..rule });
                            }
                        }
                    }
                }
                Item::Test(t) => {
                    if let Some(first) = test_names.get(&t.name.text) {
                        let what = cx.set.describe(*first);
                        cx.error(
                            "rules.duplicate-test",
                            t.name.span,
                            format!("duplicate test name `{}`", t.name.text),
                        )
                        .notes
                        .push(format!("first defined at {what}"));
                    } else {
                        test_names.insert(t.name.text.clone(), cx.loc(t.name.span));
                    }
                    if unexpanded[i].contains(&t.name.span) {
                        continue;
                    }
                    if let Some(test) = cx.test(t) {
                        cx.set.tests.push(test);
                    }
                }
                Item::Decl(_) | Item::Phase(_) | Item::Def(_) => {}
            }
        }
    }
    let overlaps = lint::overlaps(&cx.set);
    cx.diags.extend(overlaps);
    let mut diagnostics = cx.diags;
    diagnostics.sort_by_key(|d| (d.file, d.diagnostic.span.start, d.diagnostic.span.end));
    diagnostics.dedup();
    Loaded {
        rules: cx.set,
        diagnostics,
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items
            .iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Levenshtein distance, for "did you mean" notes (and `kiln explain --rule`'s closest
/// rule names).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|c| (distance(name, c), c))
        .filter(|(d, c)| *d <= 2.max(name.len() / 4) && *d < c.len())
        .min()
        .map(|(_, c)| c)
}

/// Where a term appears: patterns bind variables, templates use them, tests have none.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Pattern,
    Template,
    Test,
}

struct Checker {
    set: RuleSet,
    diags: Vec<RuleDiagnostic>,
    file: FileId,
    /// Operations declared `uniform` (`typing.rs`).
    uniform: HashSet<String>,
}

type Vars = HashMap<String, (Sort, Span)>;

impl Checker {
    fn loc(&self, span: Span) -> RuleLoc {
        RuleLoc {
            file: self.file,
            span,
        }
    }

    fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(RuleDiagnostic {
            file: self.file,
            diagnostic: Diagnostic::error(code, span, msg),
        });
        &mut self.diags.last_mut().expect("just pushed").diagnostic
    }

    fn extend(&mut self, diags: Vec<Diagnostic>) {
        let file = self.file;
        self.diags.extend(
            diags
                .into_iter()
                .map(|diagnostic| RuleDiagnostic { file, diagnostic }),
        );
    }

    /// `nil` and `cons` back the `[a b | rest]` syntax, so every rule set has them.
    fn builtin_decls(&mut self) {
        for (name, children, result) in [
            ("nil", vec![], Sort::List),
            ("cons", vec![Sort::Any, Sort::List], Sort::List),
        ] {
            self.set.push_decl(OpDecl {
                name: name.to_string(),
                level: Level::Target,
                effect: false,
                constant: false,
                cost: 0,
                width: None,
                children,
                flags: false,
                result,
                loc: RuleLoc::default(),
            });
        }
    }

    fn sort(&mut self, n: &Name) -> Option<Sort> {
        let s = Sort::from_name(&n.text);
        if s.is_none() {
            let names: Vec<String> = Sort::ALL.iter().map(|(n, _)| n.to_string()).collect();
            self.error(
                "rules.unknown-sort",
                n.span,
                format!("unknown sort `{}`", n.text),
            )
            .notes
            .push(format!("sorts: {}", names.join(", ")));
        }
        s
    }

    fn rule(&mut self, r: &ast::Rule) -> Option<Rule> {
        let mut vars = Vars::new();
        let before = self.diags.len();
        let root = match &r.lhs {
            Term::Op { op, .. } => self.set.decl(&op.text).map(|d| d.result),
            other => {
                self.error(
                    "rules.unmatchable",
                    other.span(),
                    "the left side of a rule must be an operation",
                )
                .notes
                .push(
                    "a variable or a literal on the left would match every e-class (or none)"
                        .to_string(),
                );
                None
            }
        };
        let lhs = self.term(&r.lhs, Sort::Any, Context::Pattern, &mut vars);
        if let Term::Op { children, .. } = &r.lhs {
            children.iter().for_each(|c| self.no_function_matched(c));
        }
        if r.direction == Direction::TwoWay {
            self.no_function_matched(&r.lhs);
            self.no_function_matched(&r.rhs);
        }
        let mut guards = Vec::new();
        for g in &r.guards {
            guards.push(self.expr(g, &vars));
        }
        let mut typer = Typer {
            set: &self.set,
            vars: &vars,
            diags: Vec::new(),
        };
        r.guards.iter().for_each(|g| typer.guard(g));
        let typing = typer.diags;
        self.extend(typing);
        let rhs_ctx = match r.direction {
            Direction::OneWay => Context::Template,
            Direction::TwoWay => Context::Pattern,
        };
        let mut rhs_vars = vars.clone();
        // A value op may become an effect and back (a call whose result is unused is a
        // `Value` in the source and a void call in the target): both order effects.
        let rhs_sort = match root {
            Some(Sort::Value | Sort::Effect) => Sort::State,
            Some(s) => s,
            None => Sort::Any,
        };
        let rhs = self.term(&r.rhs, rhs_sort, rhs_ctx, &mut rhs_vars);
        if r.direction == Direction::TwoWay {
            if !matches!(r.rhs, Term::Op { .. }) {
                self.error(
                    "rules.unmatchable",
                    r.rhs.span(),
                    "both sides of `<=>` must be operations (each side is also a pattern)",
                );
            }
            let (mut a, mut b): (Vec<_>, Vec<_>) = (
                lhs.as_ref().map(Pat::vars).unwrap_or_default(),
                rhs.as_ref().map(Pat::vars).unwrap_or_default(),
            );
            a.sort();
            b.sort();
            if a != b && lhs.is_some() && rhs.is_some() {
                self.error(
                    "rules.unbound-var",
                    r.rhs.span(),
                    "both sides of `<=>` must bind the same variables",
                );
            }
        }
        if r.direction == Direction::OneWay
            && !self.diags[before..].iter().any(|d| d.diagnostic.is_error())
        {
            let mut found = Vec::new();
            Uniform {
                set: &self.set,
                ops: &self.uniform,
            }
            .check_rule(&r.lhs, &r.rhs, &mut found);
            self.extend(found);
        }
        if self.diags[before..].iter().any(|d| d.diagnostic.is_error()) {
            return None;
        }
        Some(Rule {
            name: r.name.text.clone(),
            phase: 0,
            lhs: lhs?,
            guards: guards.into_iter().collect::<Option<Vec<_>>>()?,
            rhs: rhs?,
            two_way: r.direction == Direction::TwoWay,
            loc: self.loc(r.name.span),
        })
    }

    /// Reports a function in a pattern below its root: a function is evaluated where a right
    /// side applies it and only its result enters the e-graph, so no node can match it.
    fn no_function_matched(&mut self, t: &Term) {
        match t {
            Term::Op { op, children, .. } => {
                if self.set.is_function(&op.text) {
                    self.error(
                        "rules.function-matched",
                        op.span,
                        format!("`{}` is a function, so no e-class holds it to match", op.text),
                    )
                    .notes
                    .push(
                        "a function is evaluated where a right side applies it; only a rule rooted at it (a clause) names it on its left"
                            .to_string(),
                    );
                }
                children.iter().for_each(|c| self.no_function_matched(c));
            }
            Term::List { items, tail, .. } => {
                items.iter().for_each(|c| self.no_function_matched(c));
                if let Some(t) = tail {
                    self.no_function_matched(t);
                }
            }
            _ => {}
        }
    }

    fn test(&mut self, t: &ast::Test) -> Option<RuleTest> {
        let mut vars = Vars::new();
        let input = self.term(&t.input, Sort::Any, Context::Test, &mut vars);
        let expected = self.term(&t.expected, Sort::Any, Context::Test, &mut vars);
        Some(RuleTest {
            name: t.name.text.clone(),
            input: input?,
            expected: expected?,
            loc: self.loc(t.name.span),
        })
    }

    /// Reports a term of sort `actual` where `expected` goes; `what` names the term (made
    /// only for the message: the checker calls this at every term of every rule).
    fn expect(
        &mut self,
        expected: Sort,
        actual: Sort,
        span: Span,
        what: impl FnOnce() -> String,
        ctx: Context,
    ) {
        if !expected.accepts(actual) {
            let what = what();
            let d = self.error(
                "rules.sort-mismatch",
                span,
                format!("{what} is a {actual}, but a {expected} is expected here"),
            );
            if ctx == Context::Pattern {
                d.notes
                    .push("so this pattern can never match a declared operation".to_string());
            }
        }
    }

    fn term(&mut self, t: &Term, expected: Sort, ctx: Context, vars: &mut Vars) -> Option<Pat> {
        match t {
            Term::Var(n) => {
                if ctx == Context::Test {
                    self.error(
                        "rules.var-in-test",
                        n.span,
                        "tests are ground terms; variables are not allowed",
                    );
                    return None;
                }
                match vars.get(&n.text).copied() {
                    Some((sort, _)) => {
                        if sort == Sort::Any {
                            vars.insert(n.text.clone(), (expected, n.span));
                        } else if expected != Sort::Any
                            && !expected.accepts(sort)
                            && !sort.accepts(expected)
                        {
                            self.error(
                                "rules.sort-mismatch",
                                n.span,
                                format!(
                                    "`?{}` is bound to a {sort}, but a {expected} is expected here",
                                    n.text
                                ),
                            );
                        }
                    }
                    None if ctx == Context::Pattern => {
                        vars.insert(n.text.clone(), (expected, n.span));
                    }
                    None => {
                        self.error(
                            "rules.unbound-var",
                            n.span,
                            format!("`?{}` is not bound by the left side", n.text),
                        );
                        return None;
                    }
                }
                Some(Pat::Var(n.text.clone()))
            }
            Term::Int(s, span) => {
                self.expect(expected, Sort::Lit, *span, || format!("`{s}`"), ctx);
                match parse_int(s) {
                    Some(v) => Some(Pat::Int(v)),
                    None => {
                        self.error(
                            "rules.bad-literal",
                            *span,
                            format!("integer `{s}` does not fit in 64 bits"),
                        );
                        None
                    }
                }
            }
            Term::Float(s, span) => {
                self.expect(expected, Sort::Lit, *span, || format!("`{s}`"), ctx);
                match s.parse::<f64>() {
                    Ok(v) => Some(Pat::Float(v.to_bits())),
                    Err(_) => {
                        self.error("rules.bad-literal", *span, format!("bad float `{s}`"));
                        None
                    }
                }
            }
            Term::Str(s, span) => {
                self.expect(expected, Sort::Sym, *span, || format!("\"{s}\""), ctx);
                Some(Pat::Str(s.clone()))
            }
            Term::Func(s, span) => {
                self.expect(expected, Sort::Func, *span, || format!("`@{s}`"), ctx);
                Some(Pat::Func(s.clone()))
            }
            Term::Op {
                op, children, span, ..
            } => {
                let Some(decl) = self.set.decl(&op.text).cloned() else {
                    let hint = closest(&op.text, self.set.decls.iter().map(|d| d.name.as_str()))
                        .map(|c| format!("did you mean `{c}`?"));
                    let d = self.error(
                        "rules.unknown-op",
                        op.span,
                        format!("unknown operation `{}`", op.text),
                    );
                    d.notes.extend(hint);
                    d.notes
                        .push("every operation must be declared with `decl`".to_string());
                    // Still check the children, to report their problems too.
                    for c in children {
                        self.term(c, Sort::Any, ctx, vars);
                    }
                    return None;
                };
                self.expect(
                    expected,
                    decl.result,
                    op.span,
                    || format!("`{}`", op.text),
                    ctx,
                );
                let flagged = decl.flags && children.len() == decl.children.len() + 1;
                if children.len() != decl.children.len() && !flagged {
                    let sorts: Vec<&str> = decl.children.iter().map(|s| s.name()).collect();
                    self.error(
                        "rules.arity",
                        *span,
                        format!(
                            "`{}` takes {} operand{} ({}){}, found {}",
                            op.text,
                            decl.children.len(),
                            if decl.children.len() == 1 { "" } else { "s" },
                            sorts.join(" "),
                            if decl.flags {
                                ", then its flags if it has any"
                            } else {
                                ""
                            },
                            children.len()
                        ),
                    );
                    for c in children {
                        self.term(c, Sort::Any, ctx, vars);
                    }
                    return None;
                }
                // Flags written out must be LLVM's words, as elaboration reads them.
                if let (true, Some(Term::Str(text, at))) = (flagged, children.last()) {
                    if kiln_lowered::Flags::parse(text).is_none() {
                        self.error(
                            "rules.bad-flags",
                            *at,
                            format!("`{text}` are not LLVM flags: write `nsw`, `nuw`, `reassoc`, `nnan`, `ninf`, `nsz`, `arcp`, `contract`, `afn` or `fast`, separated by spaces"),
                        );
                    }
                }
                let mut out = Vec::new();
                let sorts = decl.children.iter().chain(flagged.then_some(&Sort::Sym));
                for (c, s) in children.iter().zip(sorts) {
                    out.push(self.term(c, *s, ctx, vars));
                }
                Some(Pat::Op(
                    op.text.clone(),
                    out.into_iter().collect::<Option<Vec<_>>>()?,
                ))
            }
            Term::List { items, tail, span } => {
                self.expect(expected, Sort::List, *span, || "a list".to_string(), ctx);
                if items.len() > MAX_LIST {
                    self.error(
                        "rules.too-deep",
                        *span,
                        format!(
                            "a list literal of {} items; at most {MAX_LIST} are allowed",
                            items.len()
                        ),
                    );
                    return None;
                }
                let mut acc = match tail {
                    Some(t) => self.term(t, Sort::List, ctx, vars),
                    None => Some(Pat::Op("nil".to_string(), Vec::new())),
                };
                let mut elems = Vec::new();
                for i in items {
                    elems.push(self.term(i, Sort::Any, ctx, vars));
                }
                for e in elems.into_iter().rev() {
                    acc = match (e, acc) {
                        (Some(e), Some(a)) => Some(Pat::Op("cons".to_string(), vec![e, a])),
                        _ => None,
                    };
                }
                acc
            }
            Term::Computed(e, span) => {
                if ctx != Context::Template {
                    self.error(
                        "rules.computed-in-pattern",
                        *span,
                        "computed values `{...}` may appear only on the right of `=>`",
                    );
                    return None;
                }
                let mut typer = Typer {
                    set: &self.set,
                    vars,
                    diags: Vec::new(),
                };
                typer.computed(e, expected);
                let typing = typer.diags;
                self.extend(typing);
                self.expr(e, vars).map(Pat::Computed)
            }
        }
    }

    fn expr(&mut self, e: &ast::Expr, vars: &Vars) -> Option<Expr> {
        match e {
            ast::Expr::Var(n) => {
                if vars.contains_key(&n.text) {
                    Some(Expr::Var(n.text.clone()))
                } else {
                    self.error(
                        "rules.unbound-var",
                        n.span,
                        format!("`?{}` is not bound by the left side", n.text),
                    );
                    None
                }
            }
            ast::Expr::Int(s, span) => match parse_int(s) {
                Some(v) => Some(Expr::Int(v)),
                None => {
                    self.error(
                        "rules.bad-literal",
                        *span,
                        format!("integer `{s}` does not fit in 64 bits"),
                    );
                    None
                }
            },
            ast::Expr::Float(s, span) => match s.parse::<f64>() {
                Ok(v) => Some(Expr::Float(v.to_bits())),
                Err(_) => {
                    self.error("rules.bad-literal", *span, format!("bad float `{s}`"));
                    None
                }
            },
            ast::Expr::Str(s, _) => Some(Expr::Str(s.clone())),
            ast::Expr::Atom(n) => match self.set.decl(&n.text) {
                Some(d) if d.children.is_empty() => Some(Expr::Atom(n.text.clone())),
                Some(_) => {
                    self.error(
                        "rules.arity",
                        n.span,
                        format!("`{}` takes operands; only nullary operations can be used as values in an expression", n.text),
                    );
                    None
                }
                None => {
                    let hint = closest(&n.text, Builtin::names())
                        .map(|c| format!("`{c}` is a function; call it as `({c} ...)`"));
                    let d = self.error(
                        "rules.unknown-op",
                        n.span,
                        format!("unknown operation `{}`", n.text),
                    );
                    d.notes.extend(hint);
                    None
                }
            },
            ast::Expr::Call { func, args, span } => {
                let checked: Vec<Option<Expr>> = args.iter().map(|a| self.expr(a, vars)).collect();
                let Some((b, arity)) = Builtin::from_name(&func.text) else {
                    let hint = closest(&func.text, Builtin::names())
                        .map(|c| format!("did you mean `{c}`?"));
                    let d = self.error(
                        "rules.unknown-function",
                        func.span,
                        format!("unknown function `{}` in an expression", func.text),
                    );
                    d.notes.extend(hint);
                    return None;
                };
                let ok = match arity {
                    Some(n) => args.len() == n,
                    None => !args.is_empty(),
                };
                if !ok {
                    let want = match arity {
                        Some(n) => format!("{n} argument{}", if n == 1 { "" } else { "s" }),
                        None => "at least one argument".to_string(),
                    };
                    self.error(
                        "rules.arity",
                        *span,
                        format!("`{}` takes {want}, found {}", func.text, args.len()),
                    );
                    return None;
                }
                Some(Expr::Call(
                    b,
                    checked.into_iter().collect::<Option<Vec<_>>>()?,
                ))
            }
        }
    }
}

fn parse_int(s: &str) -> Option<i64> {
    // MLIR's integer syntax (the frontend's reader), with `0X` also taken for hex; values up
    // to u64::MAX are accepted as bit patterns (`0xffffffffffffffff` is -1).
    let lower = s.replacen("0X", "0x", 1);
    let v = kiln_frontend::builder::parse_int(&lower)?;
    (v >= i64::MIN as i128).then_some(v as i64)
}

mod decls;

#[cfg(test)]
mod tests;
