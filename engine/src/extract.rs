//! Extraction: the cost model that makes source operations infinitely expensive, and the
//! search for the operation no rule lowered when a root stays infinite.

use crate::analysis::{Analysis, OpTable};
use crate::node::Node;
use crate::rule::ruleset::Level;
use egg::{CostFunction, EGraph, Extractor, Id, Language};
use std::collections::HashSet;
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

/// The best extraction of every class.
pub fn build_extractor(
    egraph: &Graph,
    ops: Arc<OpTable>,
) -> Extractor<'_, LoweringCost, Node, Analysis> {
    Extractor::new(egraph, LoweringCost { ops })
}

/// Finds an operation that no rule lowered below `root`. A class with no target-level node
/// at all is the answer (its source op was never rewritten); otherwise every target node of
/// the class has a child without a target form, and the search descends into those
/// children (not into the children of source nodes, whose own operands — such as a source
/// type — are not what failed). Returns the class and the op's name.
pub fn find_unlowered(
    egraph: &Graph,
    extractor: &Extractor<'_, LoweringCost, Node, Analysis>,
    ops: &OpTable,
    root: Id,
) -> Option<(Id, String)> {
    let is_target = |n: &Node| match n {
        Node::Op(op, _) => ops.get(*op).is_some_and(|i| i.level == Level::Target),
        _ => true,
    };
    let mut seen = HashSet::new();
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
