//! The rule language's functions: helpers such as `lower-type`, `arg-slot` or `linear`,
//! declared `function` and defined by the rules rooted at them, their clauses.
//!
//! A function is evaluated where a right side applies it, as ISLE's internal constructors
//! are: its arguments are built first, then its clauses are tried in rule order, and the
//! first whose left side matches the arguments' classes and whose guards hold gives the
//! result, its own right side built the same way (so a function may apply functions,
//! itself included). Only results enter the e-graph: no node of a function is ever added,
//! so no rule has to rewrite one away and the saturation loop never meets one.
//!
//! The arguments a function reads are ground structure the encoder or another function
//! built (types, lists, literals) and the facts of value classes (their types), which
//! are fixed when a class is made: a clause that holds when the function is applied holds
//! forever after, so applying it once is the same as rewriting it in the e-graph.

use crate::egraph::analysis::{Analysis, OpTable};
use crate::egraph::apply::{
    add_term, build_pattern, list_items, Bindings, Bound, Calls, RuleApplier,
};
use crate::egraph::matcher::Matcher;
use crate::egraph::node::Node;
use crate::egraph::term::Term;
use crate::rule::ruleset::{Pat, Rule, RuleSet};
use egg::{EGraph, Id, Pattern, Symbol, Var};
use rustc_hash::FxHashMap as HashMap;
use std::cell::Cell;
use std::sync::Arc;

type Graph = EGraph<Node, Analysis>;

/// How deeply applications may nest before the evaluation is taken not to terminate: far
/// beyond any list the shipped rules walk (a `cf.switch` of this many cases), and checked
/// so that a function that recurses forever fails the lowering with a diagnostic
/// ([`Analysis::runaway`]) instead of the process.
const MAX_DEPTH: u32 = 100_000;

/// Stack left below which an application runs on a new segment of stack (`stacker`): a
/// walk of a long list nests as deep as the list is long.
const STACK_RED_ZONE: usize = 128 * 1024;

/// The size of each new segment.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// How many functions' first application without a clause an e-graph keeps.
const STUCK_KEPT: usize = 4;

/// A clause's argument pattern, matched against a class.
#[derive(Clone, Debug)]
enum Arg {
    Var(Var),
    Leaf(Node),
    Op(Symbol, Vec<Arg>),
}

impl Arg {
    fn compile(p: &Pat) -> Arg {
        match p {
            Pat::Var(v) => Arg::Var(variable(v)),
            Pat::Int(i) => Arg::Leaf(Node::Int(*i)),
            Pat::Float(b) => Arg::Leaf(Node::Float(*b)),
            Pat::Str(s) => Arg::Leaf(Node::Str(crate::egraph::node::intern(s))),
            Pat::Func(f) => Arg::Leaf(Node::Func(Symbol::from(f.as_str()))),
            Pat::Op(op, cs) => Arg::Op(
                Symbol::from(op.as_str()),
                cs.iter().map(Arg::compile).collect(),
            ),
            // The checker keeps computed parts out of left sides.
            Pat::Computed(_) => Arg::Op(Symbol::from("nil"), Vec::new()),
        }
    }
}

fn variable(name: &str) -> Var {
    format!("?{name}")
        .parse()
        .unwrap_or_else(|_| Var::from_u32(u32::MAX))
}

/// One clause: its index among the rule set's clauses (none for one applied alone by
/// [`rewrite_root`]), its argument patterns, and its guards and right side.
struct Clause {
    index: Option<usize>,
    args: Vec<Arg>,
    applier: RuleApplier,
}

/// A match's variables, bound while a clause's arguments are matched.
#[derive(Default)]
struct Binds(Vec<(Var, Id)>);

impl Bindings for Binds {
    fn class(&self, v: Var) -> Option<Id> {
        self.0.iter().find(|(w, _)| *w == v).map(|(_, id)| *id)
    }
}

/// The functions of a rule set, each with its clauses in rule order.
#[derive(Default)]
pub struct Functions {
    clauses: HashMap<Symbol, Vec<Clause>>,
    /// Every clause's rule name, by its index.
    names: Vec<Symbol>,
}

impl Functions {
    /// Compiles the clauses of a checked rule set's functions.
    pub fn new(rules: &RuleSet) -> Functions {
        let is_function = |op: &str| rules.is_function(op);
        let mut clauses: HashMap<Symbol, Vec<Clause>> = HashMap::default();
        let mut names = Vec::new();
        for rule in rules.clauses() {
            let Pat::Op(f, args) = &rule.lhs else {
                continue;
            };
            let name = Symbol::from(rule.name.as_str());
            clauses
                .entry(Symbol::from(f.as_str()))
                .or_default()
                .push(Clause {
                    index: Some(names.len()),
                    args: args.iter().map(Arg::compile).collect(),
                    applier: RuleApplier::new(&rule.guards, &rule.rhs, &is_function),
                });
            names.push(name);
        }
        Functions { clauses, names }
    }

    /// The clauses that gave results in `egraph` since the last call, by rule name, with
    /// how many times each did; the count starts again from zero.
    pub fn take_uses(&self, egraph: &mut Graph) -> Vec<(&'static str, usize)> {
        let uses = std::mem::take(&mut egraph.analysis.clause_uses);
        uses.iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .filter_map(|(i, n)| Some((self.names.get(i)?.as_str(), *n as usize)))
            .collect()
    }

    /// The functions applied in `egraph` that no clause held for, among those `relevant`
    /// names, each with its first such application written out (a value as `_:TYPE`) and
    /// its clauses' rules: what a diagnostic of an unlowered operation says.
    pub fn stuck(
        &self,
        egraph: &Graph,
        rules: &RuleSet,
        relevant: &dyn Fn(&str) -> bool,
    ) -> Vec<String> {
        egraph
            .analysis
            .stuck_calls
            .iter()
            .filter(|(f, _)| relevant(f.as_str()))
            .map(|(f, args)| {
                let args: Vec<String> = args.iter().map(|a| shown(egraph, *a, 0)).collect();
                let clauses: Vec<String> = rules
                    .clauses()
                    .filter(|r| r.lhs.root_op() == Some(f.as_str()))
                    .map(|r| format!("`{}` ({})", r.name, rules.describe(r.loc)))
                    .collect();
                let clauses = if clauses.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its clauses: {}", clauses.join(", "))
                };
                format!(
                    "function `{f}` has no clause for `({f} {})`; {clauses}",
                    args.join(" ")
                )
            })
            .collect()
    }

    /// Adds a ground pattern (a rule test's term) to the e-graph bottom-up, applying its
    /// functions.
    pub fn add_pat(&self, egraph: &mut Graph, pat: &Pat) -> Option<Id> {
        match pat {
            Pat::Op(op, kids) => {
                let op = Symbol::from(op.as_str());
                let args = kids
                    .iter()
                    .map(|k| self.add_pat(egraph, k))
                    .collect::<Option<Vec<_>>>()?;
                if self.clauses.contains_key(&op) {
                    self.call(op, &args, egraph, 0)
                } else {
                    Some(egraph.add(Node::Op(op, args.into())))
                }
            }
            Pat::Var(_) | Pat::Computed(_) => None,
            leaf => match Arg::compile(leaf) {
                Arg::Leaf(n) => Some(egraph.add(n)),
                _ => None,
            },
        }
    }

    /// Adds a ground term to the e-graph bottom-up, applying its functions (a rule test's
    /// terms, an instantiated left side).
    pub fn add_term(&self, egraph: &mut Graph, term: &Term) -> Option<Id> {
        match term {
            Term::Op(op, kids) if self.clauses.contains_key(&Symbol::from(*op)) => {
                let args = kids
                    .iter()
                    .map(|k| self.add_term(egraph, k))
                    .collect::<Option<Vec<_>>>()?;
                self.call(Symbol::from(*op), &args, egraph, 0)
            }
            Term::Op(op, kids) => {
                let kids = kids
                    .iter()
                    .map(|k| self.add_term(egraph, k))
                    .collect::<Option<_>>()?;
                Some(egraph.add(Node::Op(crate::egraph::node::intern(op), kids)))
            }
            leaf => Some(add_term(leaf, &mut |n| egraph.add(n))),
        }
    }
}

impl Calls for Functions {
    fn call(&self, f: Symbol, args: &[Id], egraph: &mut Graph, depth: u32) -> Option<Id> {
        if depth >= MAX_DEPTH {
            egraph.analysis.runaway.get_or_insert(f);
            return None;
        }
        let clauses = self.clauses.get(&f)?;
        let key = (f, args.iter().map(|a| egraph.find(*a)).collect());
        if let Some(id) = egraph.analysis.calls.get(&key) {
            return Some(*id);
        }
        // A clause whose arguments match and whose guards hold decides the result, whether
        // or not its right side builds.
        let decided = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
            clauses
                .iter()
                .filter(|clause| clause.args.len() == args.len())
                .find_map(|clause| self.apply_matched(clause, args, egraph, depth, self))
        });
        let Some(id) = decided else {
            // Kept for the diagnostic of what stays unlowered (see [`Functions::stuck`]).
            let stuck = &mut egraph.analysis.stuck_calls;
            if stuck.len() < STUCK_KEPT && !stuck.iter().any(|(g, _)| *g == f) {
                stuck.push(key);
            }
            return None;
        };
        // A clause held but its right side did not build (a function it applies had no
        // clause, which is recorded as such).
        let id = id?;
        egraph.analysis.calls.insert(key, id);
        Some(id)
    }
}

impl Functions {
    /// Applies `clause` to `args`, its right side's functions applied through `calls`:
    /// `None` when its arguments do not match or a guard fails, else what its right side
    /// built (`None` inside when it did not build).
    fn apply_matched(
        &self,
        clause: &Clause,
        args: &[Id],
        egraph: &mut Graph,
        depth: u32,
        calls: &dyn Calls,
    ) -> Option<Option<Id>> {
        let mut binds = Binds::default();
        let mut todo: Vec<(&Arg, Id)> = clause.args.iter().zip(args.iter().copied()).collect();
        todo.reverse();
        // A function's arguments are fixed when it is applied (see the module
        // documentation), so what its guards read beyond them is not tracked.
        let walked = Cell::new(false);
        if !solve(&mut todo, egraph, &mut binds, &mut |binds| {
            clause.applier.guards_hold(egraph, binds, &walked)
        }) {
            return None;
        }
        let Some(id) = clause
            .applier
            .build(egraph, &binds, calls, depth + 1, &walked)
        else {
            return Some(None);
        };
        if let Some(i) = clause.index {
            let uses = &mut egraph.analysis.clause_uses;
            if uses.len() <= i {
                uses.resize(i + 1, 0);
            }
            uses[i] = uses[i].saturating_add(1);
        }
        Some(Some(id))
    }
}

/// Matches the pairs of `todo` (taken from its end) with backtracking, binding variables
/// in `binds`, until `accept` takes a complete match; whether one was taken (its bindings
/// are then left in `binds`).
fn solve(
    todo: &mut Vec<(&Arg, Id)>,
    egraph: &Graph,
    binds: &mut Binds,
    accept: &mut dyn FnMut(&Binds) -> bool,
) -> bool {
    let Some((arg, class)) = todo.pop() else {
        return accept(binds);
    };
    let class = egraph.find(class);
    let found = match arg {
        Arg::Var(v) => match binds.class(*v) {
            Some(bound) => egraph.find(bound) == class && solve(todo, egraph, binds, accept),
            None => {
                binds.0.push((*v, class));
                let found = solve(todo, egraph, binds, accept);
                if !found {
                    binds.0.pop();
                }
                found
            }
        },
        Arg::Leaf(leaf) => {
            egraph[class].nodes.iter().any(|n| n == leaf) && solve(todo, egraph, binds, accept)
        }
        Arg::Op(op, kids) => {
            let mut found = false;
            for node in &egraph[class].nodes {
                let Node::Op(o, children) = node else {
                    continue;
                };
                if o != op || children.len() != kids.len() {
                    continue;
                }
                let depth = todo.len();
                let bound = binds.0.len();
                todo.extend(kids.iter().zip(children.iter().copied()).rev());
                if solve(todo, egraph, binds, accept) {
                    found = true;
                    break;
                }
                todo.truncate(depth);
                binds.0.truncate(bound);
            }
            found
        }
    };
    if !found {
        todo.push((arg, class));
    }
    found
}

/// The functions of a rule set, but those `keep` names, which a right side keeps as terms
/// (the rule check gives them a meaning of its own, so each clause is checked alone).
struct Keeping<'a> {
    functions: &'a Functions,
    keep: &'a dyn Fn(&str) -> bool,
}

impl Calls for Keeping<'_> {
    fn call(&self, f: Symbol, args: &[Id], egraph: &mut Graph, depth: u32) -> Option<Id> {
        if (self.keep)(f.as_str()) {
            return Some(egraph.add(Node::Op(f, args.into())));
        }
        self.functions.call(f, args, egraph, depth)
    }
}

/// Applies one rule (forward) at the root of a ground term and returns every right side
/// it produces there, as ground terms: guards checked, computed parts evaluated, functions
/// applied (but those `keep` names, which stay terms), variables replaced by the subterms
/// they matched. A clause of a function is applied to the term's arguments. Rule-level
/// validation (`kiln verify`'s rule property) evaluates both sides of such pairs.
pub(crate) fn rewrite_root(
    rules: &RuleSet,
    ops: Arc<OpTable>,
    functions: &Functions,
    rule: &Rule,
    lhs: &Term,
    keep: &dyn Fn(&str) -> bool,
) -> Vec<Term> {
    let calls = Keeping { functions, keep };
    let mut egraph = Graph::new(Analysis::new(ops));
    let is_function = |op: &str| rules.is_function(op);
    let applier = RuleApplier::new(&rule.guards, &rule.rhs, &is_function);
    let mut out = Vec::new();
    if rules.is_clause(rule) {
        let Term::Op(_, kids) = lhs else {
            return out;
        };
        let Some(args) = kids
            .iter()
            .map(|k| functions.add_term(&mut egraph, k))
            .collect::<Option<Vec<_>>>()
        else {
            return out;
        };
        egraph.rebuild();
        let Pat::Op(_, pats) = &rule.lhs else {
            return out;
        };
        let clause = Clause {
            index: None,
            args: pats.iter().map(Arg::compile).collect(),
            applier,
        };
        if let Some(Some(id)) = functions.apply_matched(&clause, &args, &mut egraph, 0, &calls) {
            out.extend(term_of(&egraph, id, 0));
        }
        return out;
    }
    let Some(root) = functions.add_term(&mut egraph, lhs) else {
        return out;
    };
    egraph.rebuild();
    // The saturation loop's matcher, so that the rule check matches as lowering does.
    let pattern: Pattern<Node> = Pattern::new(build_pattern(&rule.lhs));
    let vars = pattern.vars();
    let mut matches: Vec<Vec<Id>> = Vec::new();
    Matcher::new(&pattern.ast, &vars).search(&egraph, root, |bound| {
        matches.push(bound.collect());
    });
    for classes in matches {
        let bound = Bound {
            vars: &vars,
            classes: &classes,
        };
        if let Ok(id) = applier.apply_direct(&mut egraph, &bound, &calls) {
            out.extend(term_of(&egraph, id, 0));
        }
    }
    out
}

/// The term of a class; without unions (none happen here) every class has one node.
fn term_of(egraph: &Graph, id: Id, depth: usize) -> Option<Term> {
    if depth > 200 {
        return None;
    }
    let node = egraph[egraph.find(id)].nodes.first()?;
    match node {
        Node::Op(op, kids) => Some(Term::Op(
            op.as_str(),
            kids.iter()
                .map(|k| term_of(egraph, *k, depth + 1))
                .collect::<Option<_>>()?,
        )),
        leaf => crate::egraph::analysis::leaf_term(leaf),
    }
}

/// A class as a diagnostic shows an argument: its ground term, a list cell by cell, or a
/// value as `_:TYPE`.
fn shown(egraph: &Graph, class: Id, depth: usize) -> String {
    let class = egraph.find(class);
    let data = &egraph[class].data;
    if let Some(t) = &data.ground {
        return t.to_string();
    }
    if depth < 16 {
        if let Some(items) = list_items(egraph, class, &Cell::new(false)) {
            let items: Vec<String> = items.iter().map(|c| shown(egraph, *c, depth + 1)).collect();
            return format!("[{}]", items.join(" "));
        }
    }
    match &data.ty {
        Some(t) => format!("_:{t}"),
        None => "_".to_string(),
    }
}
