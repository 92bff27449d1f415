//! `kiln explain --rule NAME` and `--why-not NAME`: where one rule's left side matched in a
//! function, or nearly matched, and for each place whether it fired — and if not, which
//! guard failed on which values, or which part of the pattern did not match.
//!
//! The function is encoded and the phases up to the rule's own run as in a lowering, so the
//! e-graph is the one the rule saw when its phase ended (it is searched once more then; a
//! match that did not fire was refused by its guards or its computed values, since a
//! saturated phase applies every match). A near miss is a class holding an operation with
//! the left side's root operation and arity where the whole pattern does not match; the
//! report names the first operand that differs.

use crate::egraph::analysis::Analysis;
use crate::egraph::apply::{build_pattern, eval, Code, Val};
use crate::egraph::conventions::Conventions;
use crate::egraph::encode::{encode_variant, Variant};
use crate::egraph::extract::Graph;
use crate::egraph::lower::{run_phase, CompiledRules, Stop};
use crate::egraph::matcher::Matcher;
use crate::egraph::node::Node;
use crate::rule::checker::distance;
use crate::rule::expr::Expr;
use crate::rule::ruleset::{Pat, Rule};
use egg::{Extractor, Id, Language, Pattern, RecExpr, Subst};
use kiln_frontend::ir::Function;
use std::collections::{BTreeSet, HashMap};

/// How many places of each kind are listed.
const MAX_PLACES: usize = 20;
/// How deep terms print; deeper operations print as `(op …)`.
const DEPTH: usize = 4;

/// Which places to report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Every match (fired or not) and every near miss (`--rule`).
    All,
    /// Only the matches that did not fire and the near misses (`--why-not`).
    Failures,
}

/// Reports on `rule_name` in `f`; `Err` when the rule set has no such rule.
pub fn why_not(
    rules: &CompiledRules,
    f: &Function,
    rule_name: &str,
    report: Report,
    conventions: &Conventions,
) -> Result<String, String> {
    let Some(rule) = rules.rules.rules.iter().find(|r| r.name == rule_name) else {
        let mut names: Vec<&str> = rules.rules.rules.iter().map(|r| r.name.as_str()).collect();
        names.sort_by_key(|n| distance(n, rule_name));
        return Err(format!(
            "no rule is named `{rule_name}` (closest: {})",
            names
                .iter()
                .take(3)
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let mut egraph = Graph::new(Analysis::new(rules.ops.clone()));
    encode_variant(&mut egraph, &rules.ops, f, Variant::Function, conventions);
    let mut out = String::new();
    for i in 0..=rule.phase {
        let run = run_phase(rules, i, egraph);
        if run.stop != Stop::Saturated {
            out.push_str(&format!(
                "note: phase `{}` stopped at its {} on `@{}`, so some matches may not have been tried\n",
                rules.rules.phases[i].name, run.stop, f.name
            ));
        }
        egraph = run.egraph;
    }
    egraph.rebuild();
    let view = View {
        egraph: &egraph,
        extractor: Extractor::new(&egraph, egg::AstSize),
    };
    out.insert_str(
        0,
        &format!(
            "rule `{}` ({}), phase `{}`: {}{}\n",
            rule.name,
            rules.rules.describe(rule.loc),
            rules.rules.phases[rule.phase].name,
            view.instance(&rule.lhs, &Subst::default()),
            guards_text(&rule.guards)
        ),
    );
    // The saturation loop's matcher, at every class in id order.
    let pattern = Pattern::new(build_pattern(&rule.lhs));
    let vars = pattern.vars();
    let matcher = Matcher::new(&pattern.ast, &vars);
    let mut found: Vec<(Id, Vec<Subst>)> = Vec::new();
    let mut classes: Vec<Id> = egraph.classes().map(|c| c.id).collect();
    classes.sort_unstable();
    for class in classes {
        let mut substs = Vec::new();
        matcher.search(&egraph, class, |bound| {
            let mut subst = Subst::with_capacity(vars.len());
            for (v, id) in vars.iter().zip(bound) {
                subst.insert(*v, id);
            }
            substs.push(subst);
        });
        if !substs.is_empty() {
            found.push((class, substs));
        }
    }
    let mut matched = BTreeSet::new();
    let (mut fired, mut refused, mut listed) = (0usize, 0usize, 0usize);
    for (class, substs) in &found {
        matched.insert(*class);
        for subst in substs {
            let verdict = view.verdict(rule, subst);
            if verdict.is_none() {
                fired += 1;
            } else {
                refused += 1;
            }
            if (report == Report::All || verdict.is_some()) && listed < MAX_PLACES {
                listed += 1;
                out.push_str(&format!("at {}\n", view.instance(&rule.lhs, subst)));
                out.push_str(&format!("  {}\n", view.bindings(rule, subst)));
                match verdict {
                    None => out.push_str("  fired: every guard holds\n"),
                    Some(why) => out.push_str(&why),
                }
            }
        }
    }
    let mut near = Vec::new();
    if let Pat::Op(root, kids) = &rule.lhs {
        for class in egraph.classes() {
            let id = egraph.find(class.id);
            if matched.contains(&id) {
                continue;
            }
            let has_root = class
                .nodes
                .iter()
                .any(|n| n.op_name() == Some(root.as_str()) && n.children().len() == kids.len());
            if has_root {
                let mut binds = HashMap::new();
                let why = view
                    .mismatch(&rule.lhs, id, &mut binds, "the left side")
                    .unwrap_or_else(|| "it matches only through a variable bound twice".into());
                near.push((id, why));
            }
        }
    }
    near.sort();
    for (id, why) in near.iter().take(MAX_PLACES) {
        out.push_str(&format!("near miss at {}\n  {why}\n", view.class(*id)));
    }
    out.push_str(&format!(
        "{} match{}: {fired} fired, {refused} refused by a guard or a computed value; {} near miss{}\n",
        fired + refused,
        if fired + refused == 1 { "" } else { "es" },
        near.len(),
        if near.len() == 1 { "" } else { "es" },
    ));
    if fired + refused + near.len() > MAX_PLACES && report == Report::All
        || refused + near.len() > MAX_PLACES
    {
        out.push_str(&format!("(the first {MAX_PLACES} of each are listed)\n"));
    }
    Ok(out)
}

fn guards_text(guards: &[Expr]) -> String {
    if guards.is_empty() {
        return String::new();
    }
    let g: Vec<String> = guards.iter().map(|g| g.to_string()).collect();
    format!(" if {}", g.join(" "))
}

struct View<'a> {
    egraph: &'a Graph,
    extractor: Extractor<'a, egg::AstSize, Node, Analysis>,
}

impl View<'_> {
    /// The smallest term of a class, lists as `[...]`.
    fn class(&self, id: Id) -> String {
        let (_, expr) = self.extractor.find_best(id);
        let mut s = String::new();
        let root = Id::from(expr.as_ref().len() - 1);
        write_expr(&expr, root, &mut s, DEPTH);
        s
    }

    /// The left side with each variable replaced by (the smallest term of) its match.
    fn instance(&self, p: &Pat, subst: &Subst) -> String {
        match p {
            Pat::Var(v) => format!("?{v}")
                .parse::<egg::Var>()
                .ok()
                .and_then(|var| subst.get(var))
                .map_or_else(|| format!("?{v}"), |id| self.class(*id)),
            Pat::Op(op, kids) if op == "cons" && kids.len() == 2 => {
                let mut items = vec![self.instance(&kids[0], subst)];
                let mut tail = &kids[1];
                loop {
                    match tail {
                        Pat::Op(op, k) if op == "cons" && k.len() == 2 => {
                            items.push(self.instance(&k[0], subst));
                            tail = &k[1];
                        }
                        Pat::Op(op, k) if op == "nil" && k.is_empty() => {
                            return format!("[{}]", items.join(" "))
                        }
                        t => return format!("[{} | {}]", items.join(" "), self.instance(t, subst)),
                    }
                }
            }
            Pat::Op(op, kids) if !kids.is_empty() => {
                let parts: Vec<String> = kids.iter().map(|k| self.instance(k, subst)).collect();
                format!("({op} {})", parts.join(" "))
            }
            other => other.to_string(),
        }
    }

    fn value(&self, v: &Val) -> String {
        match v {
            Val::Int(i) => i.to_string(),
            Val::Float(x) => format!("{x:?}"),
            Val::Bool(b) => b.to_string(),
            Val::Term(t) => t.to_string(),
            Val::Class(id) => self.class(*id),
        }
    }

    fn bindings(&self, rule: &Rule, subst: &Subst) -> String {
        let parts: Vec<String> = rule
            .lhs
            .vars()
            .iter()
            .filter_map(|v| {
                let var: egg::Var = format!("?{v}").parse().ok()?;
                Some(format!("?{v} = {}", self.class(*subst.get(var)?)))
            })
            .collect();
        parts.join(", ")
    }

    /// `None` when the rule fires on this match; else why not.
    fn verdict(&self, rule: &Rule, subst: &Subst) -> Option<String> {
        for g in &rule.guards {
            let code = Code::compile(g);
            let v = eval(&code, self.egraph, subst);
            if v == Some(Val::Bool(true)) {
                continue;
            }
            let mut why = match &v {
                None => format!("  refused: guard {g} does not evaluate\n"),
                Some(v) => format!("  refused: guard {g} is {}\n", self.value(v)),
            };
            if let Expr::Call(_, args) = g {
                for a in args {
                    let av = eval(&Code::compile(a), self.egraph, subst);
                    let shown = av.map_or("(does not evaluate)".to_string(), |v| self.value(&v));
                    why.push_str(&format!("    {a} = {shown}\n"));
                }
            }
            return Some(why);
        }
        let mut computed = Vec::new();
        collect_computed(&rule.rhs, &mut computed);
        for e in computed {
            if eval(&Code::compile(e), self.egraph, subst).is_none() {
                return Some(format!(
                    "  refused: the guards hold, but the computed value {{{e}}} does not evaluate\n"
                ));
            }
        }
        None
    }

    /// Why pattern `p` does not match class `id` (`None`: it does, greedily).
    fn mismatch(
        &self,
        p: &Pat,
        id: Id,
        binds: &mut HashMap<String, Id>,
        what: &str,
    ) -> Option<String> {
        let id = self.egraph.find(id);
        let nodes = &self.egraph[id].nodes;
        let leaf = |n: &Node| match (p, n) {
            (Pat::Int(i), Node::Int(j)) => i == j,
            (Pat::Float(a), Node::Float(b)) => a == b,
            (Pat::Str(a), Node::Str(b)) | (Pat::Func(a), Node::Func(b)) => a == b.as_str(),
            _ => false,
        };
        match p {
            Pat::Var(v) => match binds.get(v) {
                Some(prev) if self.egraph.find(*prev) != id => Some(format!(
                    "{what} is {}, but `?{v}` is already {}",
                    self.class(id),
                    self.class(*prev)
                )),
                _ => {
                    binds.insert(v.clone(), id);
                    None
                }
            },
            Pat::Op(op, kids) => {
                let candidates: Vec<&Node> = nodes
                    .iter()
                    .filter(|n| {
                        n.op_name() == Some(op.as_str()) && n.children().len() == kids.len()
                    })
                    .collect();
                if candidates.is_empty() {
                    return Some(format!("{what} is {}, not `{p}`", self.class(id)));
                }
                let mut first_failure = None;
                for n in candidates {
                    let mut trial = binds.clone();
                    let failure =
                        kids.iter()
                            .zip(n.children())
                            .enumerate()
                            .find_map(|(i, (k, c))| {
                                self.mismatch(
                                    k,
                                    *c,
                                    &mut trial,
                                    &format!("operand {} of `{op}`", i + 1),
                                )
                            });
                    match failure {
                        None => {
                            *binds = trial;
                            return None;
                        }
                        Some(f) => {
                            first_failure.get_or_insert(f);
                        }
                    }
                }
                first_failure
            }
            Pat::Computed(_) => None,
            _ if nodes.iter().any(leaf) => None,
            _ => Some(format!("{what} is {}, not `{p}`", self.class(id))),
        }
    }
}

fn collect_computed<'a>(p: &'a Pat, out: &mut Vec<&'a Expr>) {
    match p {
        Pat::Computed(e) => out.push(e),
        Pat::Op(_, kids) => kids.iter().for_each(|k| collect_computed(k, out)),
        _ => {}
    }
}

/// Writes node `id` of `expr`, lists as `[...]`, operations deeper than `depth` as `(op …)`.
fn write_expr(expr: &RecExpr<Node>, id: Id, s: &mut String, depth: usize) {
    let n = &expr[id];
    let kids = n.children();
    if kids.is_empty() {
        s.push_str(match n.op_name() {
            Some("nil") => "[]",
            _ => "",
        });
        if n.op_name() != Some("nil") {
            s.push_str(&n.to_string());
        }
        return;
    }
    if depth == 0 {
        if n.op_name() == Some("cons") {
            s.push_str("[…]");
        } else {
            s.push_str(&format!("({n} …)"));
        }
        return;
    }
    if n.op_name() == Some("cons") && kids.len() == 2 {
        s.push('[');
        let mut cur = id;
        loop {
            let c = &expr[cur];
            write_expr(expr, c.children()[0], s, depth - 1);
            let tail = c.children()[1];
            let t = &expr[tail];
            match t.op_name() {
                Some("cons") if t.children().len() == 2 => {
                    s.push(' ');
                    cur = tail;
                }
                Some("nil") if t.children().is_empty() => break,
                _ => {
                    s.push_str(" | ");
                    write_expr(expr, tail, s, depth - 1);
                    break;
                }
            }
        }
        s.push(']');
        return;
    }
    s.push('(');
    s.push_str(&n.to_string());
    for k in kids {
        s.push(' ');
        write_expr(expr, *k, s, depth - 1);
    }
    s.push(')');
}
