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
pub fn build_extractor(egraph: &Graph, ops: Arc<OpTable>) -> Extractor<'_, LoweringCost, Node, Analysis> {
    Extractor::new(egraph, LoweringCost { ops })
}

/// Finds an operation that no rule lowered below `root`: a class whose best cost is
/// infinite although some node in it has only finite children (so that node itself is the
/// source op left over). Returns the class and the op's name.
pub fn find_unlowered(
    egraph: &Graph,
    extractor: &Extractor<'_, LoweringCost, Node, Analysis>,
    root: Id,
) -> Option<(Id, String)> {
    let mut seen = HashSet::new();
    let mut stack = vec![egraph.find(root)];
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        let nodes = &egraph[c].nodes;
        let mut blocked: Option<&Node> = None;
        for n in nodes {
            if n.children()
                .iter()
                .all(|k| extractor.find_best_cost(*k).is_finite())
            {
                blocked = Some(n);
                break;
            }
        }
        if let Some(Node::Op(op, _)) = blocked {
            return Some((c, op.as_str().to_string()));
        }
        // Every node has an infinite child: descend (children in order, first node first).
        for n in nodes.iter().rev() {
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
