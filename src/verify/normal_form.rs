//! The normal form of a small ground term under the rule set itself: the term goes into a
//! fresh e-graph, every phase runs on it (with small limits: the term has a few nodes), and
//! the cheapest form built only of operations the rule-by-rule check can evaluate is read
//! back out.
//!
//! This is what lets `rules.rs` check a rule whose right side uses a helper operation (a
//! recursive `log2`, a list walk): the helper has no meaning of its own, only the rules that
//! rewrite it away give it one. Rewriting the instantiated right side with those rules and
//! evaluating the result checks the rule *together with* the helper rules it relies on, which
//! is exactly the composition a lowering runs.

use egg::{Id, Language};
use kiln_engine::egraph::analysis::Analysis;
use kiln_engine::egraph::extract::Graph;
use kiln_engine::egraph::node::Node;
use kiln_engine::egraph::saturate::{saturate, Limits};
use kiln_engine::egraph::term::Term;
use kiln_engine::CompiledRules;
use std::collections::HashMap;
use std::time::Duration;

/// At most this many e-graph nodes per phase: a right side has tens of nodes, and a rule
/// set that grows one past this is not normalizing it.
const NODE_LIMIT: usize = 4_000;

/// At most this long per phase, so a looping helper cannot stall `kiln rules check`.
const TIME_LIMIT: Duration = Duration::from_millis(200);

/// A normal form, and the rules that fired to reach it.
#[derive(Clone, Debug)]
pub struct NormalForm {
    /// The cheapest evaluable form, if the rules reach one.
    pub term: Option<Term>,
    /// Rules that applied at least once, by name, in rule-set order.
    pub fired: Vec<String>,
}

/// The cheapest evaluable node of every class (1 per operation; a class with only helper
/// operations has none), as a least fixpoint over the small e-graph.
fn cheapest(egraph: &Graph, evaluable: &dyn Fn(&str) -> bool) -> HashMap<Id, (u64, Node)> {
    let mut best: HashMap<Id, (u64, Node)> = HashMap::new();
    let mut changed = true;
    while changed {
        changed = false;
        for class in egraph.classes() {
            for n in &class.nodes {
                if matches!(n, Node::Op(op, _) if !evaluable(op.as_str())) {
                    continue;
                }
                let kids: Option<u64> = n.children().iter().try_fold(1u64, |acc, c| {
                    best.get(&egraph.find(*c))
                        .map(|(k, _)| acc.saturating_add(*k))
                });
                let Some(cost) = kids else { continue };
                let better = best
                    .get(&class.id)
                    .is_none_or(|(b, bn)| cost < *b || (cost == *b && n < bn));
                if better {
                    best.insert(class.id, (cost, n.clone()));
                    changed = true;
                }
            }
        }
    }
    best
}

/// The term the cheapest nodes spell from `id` (strictly cheaper children: no cycles).
fn read_back(egraph: &Graph, best: &HashMap<Id, (u64, Node)>, id: Id) -> Option<Term> {
    let (_, node) = best.get(&egraph.find(id))?;
    Some(match node {
        Node::Op(op, kids) => Term::Op(
            op.as_str(),
            kids.iter()
                .map(|k| read_back(egraph, best, *k))
                .collect::<Option<_>>()?,
        ),
        Node::Int(i) => Term::Int(*i),
        Node::Float(b) => Term::Float(*b),
        Node::Str(s) => Term::Str(s.as_str().to_string()),
        Node::Func(s) => Term::Func(s.as_str().to_string()),
    })
}

fn add_term(egraph: &mut Graph, t: &Term) -> Id {
    let node = match t {
        Term::Int(i) => Node::Int(*i),
        Term::Float(b) => Node::Float(*b),
        Term::Str(s) => Node::Str(s.as_str().into()),
        Term::Func(s) => Node::Func(s.as_str().into()),
        Term::Op(op, cs) => {
            let kids: kiln_engine::egraph::node::Children =
                cs.iter().map(|c| add_term(egraph, c)).collect();
            Node::op(op, kids)
        }
    };
    egraph.add(node)
}

/// Rewrites `t` with the phases of `rules` from `from_phase` on (a rule's right side is
/// made in the rule's phase: earlier phases never see it) and returns its cheapest form
/// made only of operations `evaluable` accepts (literals always are).
pub fn normal_form(
    rules: &CompiledRules,
    t: &Term,
    from_phase: usize,
    evaluable: &dyn Fn(&str) -> bool,
) -> NormalForm {
    let mut egraph = Graph::new(Analysis::new(rules.ops.clone()));
    let root = add_term(&mut egraph, t);
    let mut fired = Vec::new();
    for (i, phase) in rules.rules.phases.iter().enumerate().skip(from_phase) {
        let limits = Limits {
            iterations: phase.iterations,
            nodes: NODE_LIMIT,
            time: TIME_LIMIT,
        };
        let run = saturate(&rules.phases[i], egraph, limits);
        for (rule, n) in rules.phases[i].rules.iter().zip(&run.applied) {
            let name = rule.name.as_str();
            let name = name.strip_suffix(" (reversed)").unwrap_or(name).to_string();
            if *n > 0 && !fired.contains(&name) {
                fired.push(name);
            }
        }
        egraph = run.egraph;
    }
    egraph.rebuild();
    let best = cheapest(&egraph, evaluable);
    let term = read_back(&egraph, &best, root);
    NormalForm { term, fired }
}
