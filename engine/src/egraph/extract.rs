//! Extraction: the cost model that makes source operations infinitely expensive, and the
//! search for the operation no rule lowered when a root stays infinite.

use crate::egraph::analysis::{Analysis, OpTable};
use crate::egraph::node::Node;
use crate::rule::ruleset::Level;
use egg::{CostFunction, EGraph, Id, Language, RecExpr};
use rustc_hash::FxHashSet as HashSet;
use std::collections::VecDeque;
use std::sync::Arc;

/// A saturating cost; [`Cost::INFINITE`] marks terms that still contain a source op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub u64);

impl Cost {
    /// The cost of a term that still holds a source (or undeclared) operation: no
    /// finite cost adds up to it (sums saturate one below).
    pub const INFINITE: Cost = Cost(u64::MAX);

    /// Whether the term is entirely target-level.
    pub fn is_finite(self) -> bool {
        self != Cost::INFINITE
    }

    /// The cost of a node costing `self` with a child costing `child`.
    fn plus(self, child: Cost) -> Cost {
        if !self.is_finite() || !child.is_finite() {
            Cost::INFINITE
        } else {
            Cost(self.0.saturating_add(child.0).min(u64::MAX - 1))
        }
    }
}

/// Source ops (and undeclared ones) cost infinity; a target op costs its declared cost
/// plus its children's.
pub struct LoweringCost {
    /// The declarations, for each operation's level and cost.
    pub ops: Arc<OpTable>,
}

impl CostFunction<Node> for LoweringCost {
    type Cost = Cost;

    fn cost<C>(&mut self, enode: &Node, mut costs: C) -> Cost
    where
        C: FnMut(Id) -> Cost,
    {
        let own = self.own(enode);
        if !own.is_finite() {
            return own;
        }
        enode
            .children()
            .iter()
            .fold(own, |acc, c| acc.plus(costs(*c)))
    }
}

impl LoweringCost {
    /// A node's own cost, without its children's.
    fn own(&self, enode: &Node) -> Cost {
        match enode {
            Node::Op(op, _) => match self.ops.get(*op) {
                Some(info) if info.level == Level::Target => Cost(info.cost as u64),
                _ => Cost::INFINITE,
            },
            _ => Cost(0),
        }
    }
}

/// kiln's e-graph: [`Node`]s with the [`Analysis`] facts.
pub type Graph = EGraph<Node, Analysis>;

/// The cheapest node of every class under [`LoweringCost`].
///
/// egg's `Extractor` re-scans every class until nothing changes, which is quadratic on a
/// long dependency chain (a 10,000-op function took seconds). This computes the same least
/// fixpoint with a worklist: a class is revisited only when one of its children got cheaper.
/// The costs are the least fixpoint whatever the order of the worklist; the node chosen for
/// a class is the first (in the class's sorted node order) to reach the class's final cost
/// on the visit that reached it, so between nodes of equal cost the choice follows the
/// visiting order, which is fixed (children first from each class in id order, then as
/// classes are queued again): the output is the same on every run.
pub struct Extraction<'g> {
    egraph: &'g Graph,
    /// Per canonical class id, its cost and the index of its chosen node.
    best: Vec<Option<(Cost, usize)>>,
}

impl<'g> Extraction<'g> {
    /// Computes the cheapest node of every class of `egraph`, costed by the declarations
    /// `ops`.
    pub fn new(egraph: &'g Graph, ops: Arc<OpTable>) -> Extraction<'g> {
        // The node recorded for a class is the one that last *strictly* lowered its cost.
        // A node that refers back to its own class (directly or through a cycle) can never
        // strictly improve on the cost that class already has, so the chosen nodes form no
        // cycle — even where costs saturate or an op costs nothing.
        //
        // Children first: a class is visited once the classes its nodes refer to have been
        // (a depth-first post-order with an explicit stack, from each class in id order),
        // except around a cycle. In id order alone a class was visited 2.4 times on average
        // on a memref-heavy module: a rewrite adds a lowered node's operands as new, higher
        // ids and unites the node with the source operation's older class, which id order
        // then visited before those operands had any cost. On one large function id order
        // is already children first, and the post-order costs a look at each class's
        // children's state. The vendored egg's class table iterates in id order (its third
        // edit); the sort, linear on sorted input, keeps the order if that changes.
        let mut ids: Vec<Id> = egraph.classes().map(|c| c.id).collect();
        ids.sort_unstable();
        let size = ids.last().map_or(0, |id| usize::from(*id) + 1);
        let mut sweep = Sweep {
            egraph,
            cost: LoweringCost { ops },
            best: vec![None; size],
            state: vec![State::New; size],
            queue: VecDeque::new(),
        };
        let mut stack: Vec<Id> = Vec::new();
        for start in ids {
            if sweep.state[usize::from(start)] != State::New {
                continue;
            }
            stack.push(start);
            if sweep.enter(start, &mut stack) {
                stack.pop();
                continue;
            }
            while let Some(&id) = stack.last() {
                let i = usize::from(id);
                match sweep.state[i] {
                    State::New => {
                        if sweep.enter(id, &mut stack) {
                            stack.pop();
                        }
                    }
                    // Pushed again by another parent while new, and done since.
                    State::Done | State::Queued => {
                        stack.pop();
                    }
                    State::Entered => {
                        stack.pop();
                        sweep.state[i] = State::Done;
                        sweep.visit(id, false);
                    }
                }
            }
        }
        // Classes whose cost fell after they were visited (around cycles) propagate it.
        while let Some(id) = sweep.queue.pop_front() {
            sweep.state[usize::from(id)] = State::Done;
            sweep.visit(id, false);
        }
        Extraction {
            egraph,
            best: sweep.best,
        }
    }

    /// The cost and chosen node of a canonical class, if it has one.
    fn best(&self, id: Id) -> Option<(Cost, usize)> {
        self.best.get(usize::from(id)).copied().flatten()
    }

    /// The cost of the cheapest term of `id`'s class ([`Cost::INFINITE`] if it has no
    /// target-level form).
    pub fn find_best_cost(&self, id: Id) -> Cost {
        self.best(self.egraph.find(id))
            .map_or(Cost::INFINITE, |b| b.0)
    }

    /// The node chosen for `id`'s class (an arbitrary one, its first, when the class has
    /// no finite cost).
    pub fn find_best_node(&self, id: Id) -> &'g Node {
        let id = self.egraph.find(id);
        let i = self.best(id).map_or(0, |b| b.1);
        &self.egraph[id].nodes[i]
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

/// Where a class is in [`Extraction::new`]'s sweep.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Not reached yet.
    New,
    /// Its children are on the stack above it (or, in a cycle, below).
    Entered,
    /// Visited, and not waiting for another visit.
    Done,
    /// Visited, and waiting in the queue for another: a child's cost fell since.
    Queued,
}

/// The state of [`Extraction::new`]'s sweep.
struct Sweep<'g> {
    egraph: &'g Graph,
    cost: LoweringCost,
    best: Vec<Option<(Cost, usize)>>,
    state: Vec<State>,
    queue: VecDeque<Id>,
}

impl Sweep<'_> {
    /// Reaches class `id` (new, on top of `stack`): visits it at once if its children are
    /// all visited already (most classes; on one large function, every class) and returns
    /// `true`; otherwise pushes its new children above it, to be visited before it, and
    /// returns `false`. (Inlined: called once per class; as a call, one large function took
    /// 0.2% more instructions.)
    #[inline(always)]
    fn enter(&mut self, id: Id, stack: &mut Vec<Id>) -> bool {
        let i = usize::from(id);
        self.state[i] = State::Entered;
        if self.visit(id, true) {
            self.state[i] = State::Done;
            return true;
        }
        for n in &self.egraph[id].nodes {
            for &k in n.children() {
                let k = self.egraph.find(k);
                if self.state[usize::from(k)] == State::New {
                    stack.push(k);
                }
            }
        }
        false
    }

    /// Chooses the cheapest node of class `id` under its children's present costs; if that
    /// lowers the class's cost, queues its visited parents to be visited again (a parent
    /// not visited yet will see the new cost when it is). With `first`, records nothing
    /// and returns `false` if a child is not visited yet (the class is then visited again
    /// after its children).
    fn visit(&mut self, id: Id, first: bool) -> bool {
        let (egraph, best, state) = (self.egraph, &self.best, &self.state);
        let mut choice: Option<(Cost, usize)> = None;
        for (i, n) in egraph[id].nodes.iter().enumerate() {
            // `LoweringCost::cost`, leaving at the first child not visited yet.
            let mut c = self.cost.own(n);
            if c.is_finite() {
                for &k in n.children() {
                    let k = usize::from(egraph.find(k));
                    if first && state[k] == State::New {
                        return false;
                    }
                    c = c.plus(best[k].map_or(Cost::INFINITE, |b| b.0));
                }
            }
            if choice.is_none_or(|(b, _)| c < b) {
                choice = Some((c, i));
            }
        }
        let Some((new, idx)) = choice else {
            return true;
        };
        if best[usize::from(id)].is_some_and(|(old, _)| new >= old) {
            return true;
        }
        self.best[usize::from(id)] = Some((new, idx));
        if !new.is_finite() {
            return true;
        }
        let (state, queue) = (&mut self.state, &mut self.queue);
        let queue_parent = |parent: Id| {
            let p = egraph.find(parent);
            let s = &mut state[usize::from(p)];
            if *s == State::Done {
                *s = State::Queued;
                queue.push_back(p);
            }
        };
        egraph[id].parents().for_each(queue_parent);
        true
    }
}

/// The best extraction of every class of a rebuilt e-graph.
pub fn build_extractor(egraph: &Graph, ops: Arc<OpTable>) -> Extraction<'_> {
    Extraction::new(egraph, ops)
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
