//! The nodes of every class, copied in class order after a rebuild, for the matcher.
//!
//! egg keeps its classes in a hash map keyed by id, so reading a class is a hash probe at
//! a place unrelated to the id: once an e-graph outgrows the caches (a function of 10^5
//! operations or more), each probe is a miss, and the matcher's reads of classes were a
//! seventh of such a function's lowering. A pass searches classes in id order (by rule,
//! then class), and a node's children have ids near its own (the encoder adds operands
//! before their users), so the same reads from a copy laid out by id run nearly in order.
//!
//! The copy is exact until the e-graph changes. Between rebuilds, a class's nodes change
//! only by a union (a node that is added makes a class of its own, with an id past the
//! copy), so the saturation loop marks the class a union leaves as root
//! ([`ClassNodes::changed`]), and reads of it, or of a class made since, go to egg.
//!
//! Only a large e-graph ([`is_large`]: [`LARGE_FROM`] classes or more) is copied: a smaller
//! one fits the caches, where a probe costs less than copying (with the copy, the
//! memref-heavy module's lowering took 1.4% more instructions; a chain of 10,000
//! operations lowered no faster, one of 30,000 22% faster).

use crate::egraph::analysis::Analysis;
use crate::egraph::node::Node;
use egg::{EGraph, Id};

type Graph = EGraph<Node, Analysis>;

/// The fewest classes of a large e-graph: one that no longer fits the caches, so that the
/// saturation loop works with it in ways that touch less memory at random (this copy of its
/// nodes in id order, and no memory of failures that can be tried again from their
/// classes alone; see `saturate.rs`).
pub const LARGE_FROM: usize = 1 << 14;

#[cfg(test)]
thread_local! {
    /// [`LARGE_FROM`], lowered by tests that run the saturation loop as on large e-graphs
    /// on every e-graph.
    pub(crate) static LARGE_FROM_IN_TESTS: std::cell::Cell<usize> =
        const { std::cell::Cell::new(LARGE_FROM) };
}

/// Whether an e-graph has [`LARGE_FROM`] classes or more.
pub fn is_large(egraph: &Graph) -> bool {
    #[cfg(test)]
    let from = LARGE_FROM_IN_TESTS.with(|c| c.get());
    #[cfg(not(test))]
    let from = LARGE_FROM;
    egraph.number_of_classes() >= from
}

/// Where each class's nodes are, by id: `nodes[starts[id]..starts[id + 1]]`.
#[derive(Default)]
pub struct ClassNodes {
    starts: Vec<u32>,
    nodes: Vec<Node>,
    /// Per id, whether the class changed since the copy was made.
    stale: Vec<bool>,
}

impl ClassNodes {
    /// Copies every class's nodes from a clean (rebuilt) e-graph, in id order; for an
    /// e-graph that is not large ([`is_large`]), forgets the copy instead (every class is
    /// then read from egg).
    pub fn take(&mut self, egraph: &Graph) {
        debug_assert!(
            egraph.clean,
            "the nodes of an unrebuilt e-graph are not final"
        );
        if !is_large(egraph) {
            self.starts.clear();
            self.nodes.clear();
            self.stale.clear();
            return;
        }
        let ids = egraph
            .classes()
            .map(|c| usize::from(c.id) + 1)
            .max()
            .unwrap_or(0);
        // Each class's node count at its id, then running sums: the starts.
        self.starts.clear();
        self.starts.resize(ids + 1, 0);
        for class in egraph.classes() {
            self.starts[usize::from(class.id) + 1] = class.nodes.len() as u32;
        }
        for i in 1..self.starts.len() {
            self.starts[i] += self.starts[i - 1];
        }
        let total = self.starts.last().copied().unwrap_or(0) as usize;
        // Filled in egg's table order, which reads the classes in order of their place in
        // memory; the writes go to places in id order, and writes do not wait for each
        // other the way the probes of a lookup by id do.
        self.nodes.clear();
        self.nodes.resize(total, Node::Int(0));
        for class in egraph.classes() {
            let start = self.starts[usize::from(class.id)] as usize;
            self.nodes[start..start + class.nodes.len()].clone_from_slice(&class.nodes);
        }
        self.stale.clear();
        self.stale.resize(ids, false);
    }

    /// Marks a class as changed since the copy: its nodes are read from egg from now on.
    pub fn changed(&mut self, id: Id) {
        if let Some(s) = self.stale.get_mut(usize::from(id)) {
            *s = true;
        }
    }

    /// The nodes of the class of `id`, from the copy while it holds.
    pub fn of<'g>(&'g self, egraph: &'g Graph, id: Id) -> &'g [Node] {
        let c = egraph.find(id);
        let i = usize::from(c);
        match self.stale.get(i) {
            Some(false) => &self.nodes[self.starts[i] as usize..self.starts[i + 1] as usize],
            _ => &egraph[c].nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn reads_the_copy_until_a_class_changes() {
        let mut g = Graph::new(Analysis::new(Arc::default()));
        let a = g.add(Node::op("a", Vec::new()));
        let b = g.add(Node::op("b", Vec::new()));
        let f = g.add(Node::op("f", vec![a, b]));
        g.rebuild();
        let mut copy = ClassNodes::default();
        LARGE_FROM_IN_TESTS.with(|c| c.set(0));
        copy.take(&g);
        assert_eq!(copy.nodes.len(), 3);
        for id in [a, b, f] {
            assert_eq!(copy.of(&g, id), g[id].nodes.as_slice());
        }
        // A union changes the root's nodes: marked, it is read from egg.
        g.union(a, b);
        let root = g.find(a);
        copy.changed(root);
        assert_eq!(copy.of(&g, a), g[root].nodes.as_slice());
        assert_eq!(copy.of(&g, b).len(), 2);
        // A class made after the copy is read from egg.
        let h = g.add(Node::op("h", vec![f]));
        assert_eq!(copy.of(&g, h), g[h].nodes.as_slice());
    }
}
