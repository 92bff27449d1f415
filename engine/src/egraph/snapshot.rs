//! The nodes and parents of every class, copied in id order after a rebuild, for the
//! matcher, a pass's candidates, extraction and elaboration.
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
//! ([`ClassNodes::changed`]), and reads of it, or of a class made since, go to egg. Its
//! parents also change when a node is added above it, so they are read only where the
//! e-graph has not changed since the copy ([`ClassNodes::parents_of`]). After a rebuild
//! that followed a pass of few changes, the classes those changes reached are marked the
//! same way ([`ClassNodes::patch`]) instead of the copy being made anew.
//!
//! Only a large e-graph ([`is_large`]: [`LARGE_FROM`] classes or more) is copied: a smaller
//! one fits the caches, where a probe costs less than copying (with the copy, the
//! memref-heavy module's lowering took 1.4% more instructions; a chain of 10,000
//! operations lowered no faster, one of 30,000 22% faster).

use crate::egraph::analysis::Analysis;
use crate::egraph::node::Node;
use egg::{EGraph, Id, Language};

type Graph = EGraph<Node, Analysis>;

/// The fewest classes of a large e-graph: one that no longer fits the caches, so that the
/// saturation loop works with it in ways that touch less memory at random (this copy of its
/// classes in id order, a mirror of their constants, and no memory of failures that can be
/// tried again from their classes alone; see `saturate.rs` and `analysis.rs`).
pub const LARGE_FROM: usize = 1 << 14;

#[cfg(test)]
thread_local! {
    /// [`LARGE_FROM`], lowered by tests that run the saturation loop as on large e-graphs
    /// on every e-graph.
    pub(crate) static LARGE_FROM_IN_TESTS: std::cell::Cell<usize> =
        const { std::cell::Cell::new(LARGE_FROM) };
}

/// One past the highest class id of an e-graph (0 for an empty one): the length of a
/// vector indexed by class id.
pub fn id_bound(egraph: &Graph) -> usize {
    egraph
        .classes()
        .map(|c| usize::from(c.id) + 1)
        .max()
        .unwrap_or(0)
}

/// Whether an e-graph has [`LARGE_FROM`] classes or more.
pub fn is_large(egraph: &Graph) -> bool {
    #[cfg(test)]
    let from = LARGE_FROM_IN_TESTS.with(|c| c.get());
    #[cfg(not(test))]
    let from = LARGE_FROM;
    egraph.number_of_classes() >= from
}

/// Where each class's nodes are, by id: `nodes[starts[id]..starts[id + 1]]`; its parents
/// likewise.
#[derive(Default)]
pub struct ClassNodes {
    starts: Vec<u32>,
    nodes: Vec<Node>,
    parent_starts: Vec<u32>,
    parents: Vec<Id>,
    /// Per id, whether the class changed since the copy was made.
    stale: Vec<bool>,
    /// The e-graph's classes and nodes when the copy was made, while nothing is known to
    /// have changed since (`None` once something has, or with no copy): see
    /// [`ClassNodes::holds`].
    exact: Option<(usize, usize)>,
}

/// Per id, where each class's items start in one vector (`starts[id]..starts[id + 1]`),
/// from the number of items of each class.
fn place(starts: &mut Vec<u32>, ids: usize, egraph: &Graph, count: impl Fn(&Class) -> usize) {
    starts.clear();
    starts.resize(ids + 1, 0);
    for class in egraph.classes() {
        starts[usize::from(class.id) + 1] = count(class) as u32;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
}

type Class = egg::EClass<Node, crate::egraph::analysis::Facts>;

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
            *self = ClassNodes::default();
            return;
        }
        let ids = id_bound(egraph);
        place(&mut self.starts, ids, egraph, |c| c.nodes.len());
        place(&mut self.parent_starts, ids, egraph, |c| c.parents().len());
        // Filled in egg's table order, which reads the classes in order of their place in
        // memory; the writes go to places in id order, and writes do not wait for each
        // other the way the probes of a lookup by id do.
        self.nodes.clear();
        self.nodes.resize(self.starts[ids] as usize, Node::Int(0));
        self.parents.clear();
        self.parents
            .resize(self.parent_starts[ids] as usize, Id::from(0usize));
        for class in egraph.classes() {
            let id = usize::from(class.id);
            let start = self.starts[id] as usize;
            self.nodes[start..start + class.nodes.len()].clone_from_slice(&class.nodes);
            let start = self.parent_starts[id] as usize;
            for (slot, p) in self.parents[start..].iter_mut().zip(class.parents()) {
                *slot = p;
            }
        }
        self.stale.clear();
        self.stale.resize(ids, false);
        self.exact = Some((egraph.number_of_classes(), egraph.total_size()));
    }

    /// Makes the copy again unless it still holds: of this e-graph, rebuilt, with every
    /// change since it was made marked (see [`ClassNodes::holds`]). A phase that changes nothing
    /// (a large function's first phases often do not), and the pass that confirms a
    /// phase's saturation, leave it exact for the next phase or the extraction: of the five
    /// copies a chain of a million operations made, three were of an unchanged e-graph.
    pub fn take_unless_exact(&mut self, egraph: &Graph) {
        if !self.holds(egraph) {
            self.take(egraph);
        }
    }

    /// Whether the copy holds: made of this e-graph, clean, and with no change since it
    /// was made or last patched that is not marked (whoever changes the e-graph marks the
    /// copy, by [`ClassNodes::changed`] or [`ClassNodes::forget_exact`], and
    /// [`ClassNodes::patch`] marks what a rebuild changed; the counts of classes and nodes,
    /// compared too, catch an e-graph that is not the one copied).
    pub fn holds(&self, egraph: &Graph) -> bool {
        egraph.clean
            && self.exact == Some((egraph.number_of_classes(), egraph.total_size()))
            && self.stale.len() == id_bound(egraph)
    }

    /// After a rebuild, keeps the copy for a pass that changed few classes (`touched`: the
    /// classes egg reported changed, new ones included): every class whose nodes or
    /// parents may differ from egg's now is marked, and read from egg from then on, so the
    /// copy holds again without being made anew. Marked are each touched class's root,
    /// the parents of that root (a union moves the absorbed class's parents to the root,
    /// and the rebuild rewrites those parents' nodes to the root's id), and the children
    /// of a new class's nodes (each gained a parent). When that would mark more than an
    /// eighth of the classes, the copy is left to be made anew ([`ClassNodes::take`]):
    /// the pass that confirms a large function's saturation often changes three classes,
    /// and copying a million nodes again for them took a third of all copying.
    pub fn patch(&mut self, egraph: &Graph, touched: &[Id]) {
        debug_assert!(egraph.clean, "patched after a rebuild");
        self.exact = None;
        if self.stale.is_empty() {
            return;
        }
        let copied = self.starts.len() - 1;
        let limit = egraph.number_of_classes() / 8;
        if touched.len() > limit {
            return;
        }
        let mut marked = 0;
        let stale = &mut self.stale;
        let mut mark = |id: Id| {
            let i = usize::from(egraph.find(id));
            if i < copied && !stale[i] {
                stale[i] = true;
                marked += 1;
            }
            marked
        };
        for &t in touched {
            let class = &egraph[t];
            let mut most = mark(class.id);
            for p in class.parents() {
                most = mark(p);
            }
            if usize::from(t) >= copied {
                for node in &class.nodes {
                    for c in node.children() {
                        most = mark(*c);
                    }
                }
            }
            if most > limit {
                return;
            }
        }
        self.stale.resize(id_bound(egraph), true);
        self.exact = Some((egraph.number_of_classes(), egraph.total_size()));
    }

    /// Records that the e-graph changed since the copy (a pass added or merged classes).
    pub fn forget_exact(&mut self) {
        self.exact = None;
    }

    /// A copy of a clean e-graph's classes (none if it is not large).
    pub fn taken(egraph: &Graph) -> ClassNodes {
        let mut copy = ClassNodes::default();
        copy.take(egraph);
        copy
    }

    /// The parents of the class of `id` as the copy was made (in egg's order), or `None`
    /// where there is no copy or the class changed since. A node added since the copy is
    /// not among its children's parents, and its class is not marked: read parents only
    /// where the e-graph has not changed since the copy was made.
    pub fn parents_of(&self, egraph: &Graph, id: Id) -> Option<&[Id]> {
        let i = usize::from(egraph.find(id));
        match self.stale.get(i) {
            Some(false) => Some(
                &self.parents[self.parent_starts[i] as usize..self.parent_starts[i + 1] as usize],
            ),
            _ => None,
        }
    }

    /// The parents of the class of `id` as a reader sees them: the copy's, or egg's where
    /// the copy has none for it (tests compare copies by this).
    #[cfg(test)]
    pub(crate) fn parents_read(&self, egraph: &Graph, id: Id) -> Vec<Id> {
        match self.parents_of(egraph, id) {
            Some(ps) => ps.to_vec(),
            None => egraph[id].parents().collect(),
        }
    }

    /// Marks a class as changed since the copy: its nodes are read from egg from now on.
    pub fn changed(&mut self, id: Id) {
        self.exact = None;
        if let Some(s) = self.stale.get_mut(usize::from(id)) {
            *s = true;
        }
    }

    /// The nodes of the class of `id`, from the copy while it holds.
    pub fn of<'g>(&'g self, egraph: &'g Graph, id: Id) -> &'g [Node] {
        if self.stale.is_empty() {
            // No copy (a small e-graph): egg finds the class itself.
            return &egraph[id].nodes;
        }
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
            let parents: Vec<Id> = g[id].parents().collect();
            assert_eq!(copy.parents_of(&g, id), Some(parents.as_slice()));
        }
        // A union changes the root's nodes: marked, it is read from egg.
        g.union(a, b);
        let root = g.find(a);
        copy.changed(root);
        assert_eq!(copy.of(&g, a), g[root].nodes.as_slice());
        assert_eq!(copy.parents_of(&g, b), None);
        assert_eq!(copy.of(&g, b).len(), 2);
        // A class made after the copy is read from egg.
        let h = g.add(Node::op("h", vec![f]));
        assert_eq!(copy.of(&g, h), g[h].nodes.as_slice());
    }

    #[test]
    fn a_copy_is_exact_until_the_e_graph_changes() {
        let mut g = Graph::new(Analysis::new(Arc::default()));
        let a = g.add(Node::op("a", Vec::new()));
        let b = g.add(Node::op("b", Vec::new()));
        g.add(Node::op("f", vec![a, b]));
        g.rebuild();
        LARGE_FROM_IN_TESTS.with(|c| c.set(0));
        let mut copy = ClassNodes::default();
        assert!(!copy.holds(&g));
        copy.take(&g);
        assert!(copy.holds(&g));
        // A class added (whoever added it did not say): the counts differ.
        let h = g.add(Node::op("h", vec![a]));
        g.rebuild();
        assert!(!copy.holds(&g));
        copy.take_unless_exact(&g);
        assert!(copy.holds(&g));
        assert_eq!(copy.of(&g, h), g[h].nodes.as_slice());
        // A union marked, or a change reported: no longer exact.
        copy.changed(g.find(a));
        assert!(!copy.holds(&g));
        copy.take(&g);
        copy.forget_exact();
        assert!(!copy.holds(&g));
    }

    #[test]
    fn a_patched_copy_reads_what_a_new_copy_would() {
        let mut g = Graph::new(Analysis::new(Arc::default()));
        let leaves: Vec<Id> = (0..40).map(|i| g.add(Node::Int(i))).collect();
        let pairs: Vec<Id> = leaves
            .windows(2)
            .map(|w| g.add(Node::op("f", vec![w[0], w[1]])))
            .collect();
        g.rebuild();
        LARGE_FROM_IN_TESTS.with(|c| c.set(0));
        let mut copy = ClassNodes::taken(&g);
        g.analysis.touched.clear();
        // A node above two classes, and a union whose parents the rebuild rewrites.
        let h = g.add(Node::op("h", vec![pairs[3], leaves[9]]));
        copy.changed(h);
        g.union(leaves[20], leaves[21]);
        copy.changed(g.find(leaves[20]));
        g.rebuild();
        let touched = std::mem::take(&mut g.analysis.touched);
        copy.patch(&g, &touched);
        assert!(copy.holds(&g), "a few changes keep the copy");
        let fresh = ClassNodes::taken(&g);
        for class in g.classes() {
            assert_eq!(copy.of(&g, class.id), fresh.of(&g, class.id));
            assert_eq!(
                copy.parents_read(&g, class.id),
                fresh.parents_read(&g, class.id)
            );
        }
        // The classes of `f(20, 21)`'s neighbours and of the merged leaves were marked, and
        // nothing more than the eighth of the classes that the patch allows.
        assert!(copy.stale.iter().filter(|s| **s).count() <= g.number_of_classes() / 8 + 1);
        // Too many changes: the copy is left to be made anew.
        g.analysis.touched.clear();
        for w in leaves.windows(2).take(30) {
            g.union(w[0], w[1]);
        }
        g.rebuild();
        let touched = std::mem::take(&mut g.analysis.touched);
        copy.patch(&g, &touched);
        assert!(!copy.holds(&g));
    }
}
