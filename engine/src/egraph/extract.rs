//! Extraction: the cost model that makes source operations infinitely expensive, and the
//! search for the operation no rule lowered when a root stays infinite.

use crate::egraph::analysis::{Analysis, OpTable};
use crate::egraph::node::Node;
use crate::egraph::snapshot::ClassNodes;
use crate::rule::ruleset::Level;
use egg::{CostFunction, EGraph, Id, Language, RecExpr};
use rustc_hash::FxHashSet as HashSet;
use std::collections::VecDeque;
use std::sync::Arc;

/// A saturating cost; [`Cost::INFINITE`] marks terms that still contain a source op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub u64);

impl Cost {
    pub const INFINITE: Cost = Cost(u64::MAX);

    pub fn is_finite(self) -> bool {
        self != Cost::INFINITE
    }
}

/// Source ops (and undeclared ones) cost infinity; a target op costs its declared cost
/// plus its children's.
pub struct LoweringCost {
    pub ops: Arc<OpTable>,
}

impl CostFunction<Node> for LoweringCost {
    type Cost = Cost;

    fn cost<C>(&mut self, enode: &Node, mut costs: C) -> Cost
    where
        C: FnMut(Id) -> Cost,
    {
        let own = match enode {
            Node::Op(op, _) => match self.ops.get(*op) {
                Some(info) if info.level == Level::Target => info.cost as u64,
                _ => return Cost::INFINITE,
            },
            _ => 0,
        };
        enode.children().iter().fold(Cost(own), |acc, c| {
            let k = costs(*c);
            if !acc.is_finite() || !k.is_finite() {
                Cost::INFINITE
            } else {
                Cost(acc.0.saturating_add(k.0).min(u64::MAX - 1))
            }
        })
    }
}

pub type Graph = EGraph<Node, Analysis>;

/// The cheapest node of every class under [`LoweringCost`].
///
/// egg's `Extractor` re-scans every class until nothing changes, which is quadratic on a
/// long dependency chain (a 10,000-op function took seconds). This computes the same least
/// fixpoint with a worklist: a class is revisited only when one of its children got cheaper.
/// The costs are the least fixpoint whatever the order of the worklist; the node chosen for
/// a class is the first (in the class's sorted node order) to reach the class's final cost
/// on the visit that reached it, so between nodes of equal cost the choice follows the
/// visiting order, which is fixed (classes by id, then as they are queued again): the
/// output is the same on every run.
pub struct Extraction<'g> {
    egraph: &'g Graph,
    /// The classes' nodes and parents in id order, for a large e-graph (see
    /// [`ClassNodes`]).
    copy: &'g ClassNodes,
    /// Per canonical class id, its cost and the index of its chosen node.
    best: Vec<Option<(Cost, usize)>>,
}

impl<'g> Extraction<'g> {
    pub fn new(egraph: &'g Graph, copy: &'g ClassNodes, ops: Arc<OpTable>) -> Extraction<'g> {
        let mut cf = LoweringCost { ops };
        // The node recorded for a class is the one that last *strictly* lowered its cost.
        // A node that refers back to its own class (directly or through a cycle) can never
        // strictly improve on the cost that class already has, so the chosen nodes form no
        // cycle — even where costs saturate or an op costs nothing.
        // In id order: a class is made after its children's classes (a union keeps one of
        // the two ids), so most children have their cost before their parents are visited
        // and few classes are visited twice. egg's class table iterates in hash order.
        let mut ids: Vec<Id> = egraph.classes().map(|c| c.id).collect();
        ids.sort_unstable();
        let mut queue: VecDeque<Id> = ids.into();
        let size = queue
            .iter()
            .map(|id| usize::from(*id) + 1)
            .max()
            .unwrap_or(0);
        let mut best: Vec<Option<(Cost, usize)>> = vec![None; size];
        let mut queued = vec![true; size];
        while let Some(id) = queue.pop_front() {
            queued[usize::from(id)] = false;
            let nodes = copy.of(egraph, id);
            let mut choice: Option<(Cost, usize)> = None;
            for (i, n) in nodes.iter().enumerate() {
                let c = cf.cost(n, |c| {
                    best[usize::from(egraph.find(c))].map_or(Cost::INFINITE, |b| b.0)
                });
                if choice.is_none_or(|(b, _)| c < b) {
                    choice = Some((c, i));
                }
            }
            let Some((new, idx)) = choice else { continue };
            let old = best[usize::from(id)].map(|b| b.0);
            match old {
                Some(o) if new >= o => {}
                _ => {
                    best[usize::from(id)] = Some((new, idx));
                    if new.is_finite() {
                        let mut queue_parent = |parent: Id| {
                            let p = egraph.find(parent);
                            if !std::mem::replace(&mut queued[usize::from(p)], true) {
                                queue.push_back(p);
                            }
                        };
                        match copy.parents_of(egraph, id) {
                            Some(parents) => parents.iter().for_each(|p| queue_parent(*p)),
                            None => egraph[id].parents().for_each(queue_parent),
                        }
                    }
                }
            }
        }
        Extraction { egraph, copy, best }
    }

    /// The cost and chosen node of a canonical class, if it has one.
    fn best(&self, id: Id) -> Option<(Cost, usize)> {
        self.best.get(usize::from(id)).copied().flatten()
    }

    pub fn find_best_cost(&self, id: Id) -> Cost {
        self.best(self.egraph.find(id))
            .map_or(Cost::INFINITE, |b| b.0)
    }

    pub fn find_best_node(&self, id: Id) -> &'g Node {
        let id = self.egraph.find(id);
        let i = self.best(id).map_or(0, |b| b.1);
        &self.copy.of(self.egraph, id)[i]
    }

    /// The best term of a class, or `None` when it has no target-level form (then the
    /// recorded nodes may form a cycle, so no term is built).
    pub fn find_best(&self, id: Id) -> Option<(Cost, RecExpr<Node>)> {
        let cost = self.find_best_cost(id);
        if !cost.is_finite() {
            return None;
        }
        let expr = self
            .find_best_node(id)
            .build_recexpr(|c| self.find_best_node(c).clone());
        Some((cost, expr))
    }
}

/// The best extraction of every class, reading a large e-graph's classes through `copy`
/// (taken with [`ClassNodes::taken`] once the e-graph is final; an empty copy reads egg).
pub fn build_extractor<'g>(
    egraph: &'g Graph,
    copy: &'g ClassNodes,
    ops: Arc<OpTable>,
) -> Extraction<'g> {
    Extraction::new(egraph, copy, ops)
}

/// Finds an operation that no rule lowered below `root`. A class with no target-level node
/// at all is the answer (its source op was never rewritten); otherwise every target node of
/// the class has a child without a target form, and the search descends into those
/// children (not into the children of source nodes, whose own operands — such as a source
/// type — are not what failed). Returns the class and the op's name.
pub fn find_unlowered(
    egraph: &Graph,
    extractor: &Extraction<'_>,
    ops: &OpTable,
    root: Id,
) -> Option<(Id, String)> {
    let is_target = |n: &Node| match n {
        Node::Op(op, _) => ops.get(*op).is_some_and(|i| i.level == Level::Target),
        _ => true,
    };
    let mut seen = HashSet::default();
    let mut stack = vec![egraph.find(root)];
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        let nodes = &egraph[c].nodes;
        let targets: Vec<&Node> = nodes.iter().filter(|n| is_target(n)).collect();
        if targets.is_empty() {
            let op = nodes.iter().find_map(|n| n.op_name())?;
            return Some((c, op.to_string()));
        }
        for n in targets.iter().rev() {
            for k in n.children().iter().rev() {
                let k = egraph.find(*k);
                if !extractor.find_best_cost(k).is_finite() {
                    stack.push(k);
                }
            }
        }
    }
    None
}
