//! What a pass of the saturation loop leaves for the next one (see `saturate.rs`).
//!
//! A next pass that searched around every class the pass touched would find nothing on a
//! memref-heavy function, and cost a fifth of the `lower` phase: each application is
//! followed at once, so that pass would only meet again, one by one, the matches just
//! applied. Instead the loop records, as it goes, only what following did not cover —
//! (rule, class) pairs to search and classes to search around — and stops when a pass
//! leaves neither. What the next pass could find, and where the loop records it:
//!
//! - **A match through a new class.** Every class an application creates is searched at
//!   once with the rules rooted at its node (`Loop::follow_new`). Until a union, a new
//!   class's only parents are the nodes the same application creates above it, searched
//!   the same way. An application that is not followed (its chain is too deep, or a class
//!   of [`SORTED_FROM`](crate::egraph::matcher::SORTED_FROM) nodes or more grew, which the
//!   matcher then reads out of order) has every class it touched searched around.
//! - **A match through a union.** A union adds no match rooted at the merged class (each
//!   node keeps its children), but a match rooted *above* one side may now reach a node of
//!   the other side, at the depth where that node's operation (or literal) appears in the
//!   match's left side ([`Reach`]): [`union_pairs`] lists those rules at the ancestors that
//!   far up. Where the operation is right below the root, `Loop::watch_meet` has searched
//!   them already when both sides were small enough for it to look. A left side that names
//!   a variable twice may hold once a union makes its two places one: such rules are
//!   listed at the ancestors of the side with fewer parents, when both have some (the
//!   root is above both sides). The unions of the rebuild (congruences), which nothing
//!   follows, are listed the same way, each node of a merged class counting as the other
//!   side's ([`merged_pairs`]). A class with too many ancestors or nodes to list (a rule
//!   set that explodes) is searched around instead, and after a rebuild that changed half
//!   the classes the next pass searches around every touched class.
//! - **A match tried with other facts.** A match is remembered with the version of the
//!   facts of each class its rule reads; if one changed after the match was tried, or its
//!   class was merged into another, the next pass tries it again at its root
//!   ([`stale_pairs`]).
//! - **A failure that read outside its match** (a guard walking a list) may hold once the
//!   list changed, and a large e-graph does not remember its ordinary failures: for those
//!   the loop searches around every touched class, as before.
//!
//! The fixpoint is the one the search around every touched class reached; `saturate.rs`'s
//! tests check it against egg's own runner on every function of the corpus.

use crate::egraph::analysis::Analysis;
use crate::egraph::node::Node;
use crate::egraph::tried::TriedMatches;
use egg::{EGraph, ENodeOrVar, Id, Language, PatternAst, Symbol};
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

type Graph = EGraph<Node, Analysis>;

/// How many ancestors one union may list pairs at before its class is searched around
/// instead (a shared class, such as a type, can have thousands of parents).
const ANCESTORS: usize = 64;

/// How many nodes a side of a union may hold and have each looked up; a larger class is
/// searched around instead (a rule set that explodes, such as commutativity with
/// associativity, makes classes of thousands of nodes, merged again and again).
const NODES: usize = 32;

/// A node as a left side can have it below its root, as a small key: an operation of any
/// arity (by name), or a literal (number, string, function name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Inner(u8, u64);

impl Inner {
    fn of(node: &Node) -> Inner {
        let name = |s: &Symbol| u64::from(std::num::NonZeroU32::from(*s).get());
        match node {
            Node::Op(op, _) => Inner(0, name(op)),
            Node::Int(i) => Inner(1, *i as u64),
            Node::Float(bits) => Inner(2, *bits),
            Node::Str(s) => Inner(3, name(s)),
            Node::Func(f) => Inner(4, name(f)),
        }
    }
}

/// Where the left sides of a phase's rules reach below their roots.
#[derive(Debug, Default)]
pub(crate) struct Reach {
    /// Per node below some root, the depths it appears at (bit `d`; 1 for a child of the
    /// root).
    depths: HashMap<Inner, u32>,
    /// Per root operation and node below it, the rules with their depth (once per rule
    /// and depth).
    rules: HashMap<(Symbol, Inner), Vec<(u32, u32)>>,
    /// Per root operation, the rules whose left side names a variable twice, each with the
    /// depths at which its repeated variables appear (bit `d`).
    repeats: HashMap<Symbol, Vec<(u32, u32)>>,
    /// The depths at which some repeated variable appears.
    repeat_depths: u32,
    /// Whether some left side is deeper than the depths' bits hold: every union is then
    /// searched around.
    too_deep: bool,
}

impl Reach {
    /// Records rule `rule`'s left side: its nodes walked from the root with their depth (a
    /// node shared by two subterms once per path).
    pub fn add(&mut self, rule: usize, ast: &PatternAst<Node>) {
        let nodes = ast.as_ref();
        let root = match nodes.last() {
            Some(ENodeOrVar::ENode(Node::Op(op, _))) => Some(*op),
            _ => None,
        };
        let rule = rule as u32;
        let mut vars: Vec<(egg::Var, u32)> = Vec::new();
        let mut repeated = 0u32;
        let mut todo: Vec<(usize, u32)> = nodes
            .len()
            .checked_sub(1)
            .map(|r| (r, 0))
            .into_iter()
            .collect();
        while let Some((i, depth)) = todo.pop() {
            match &nodes[i] {
                ENodeOrVar::Var(v) => {
                    self.too_deep |= depth >= 32;
                    let bit = 1 << depth.min(31);
                    if let Some((_, first)) = vars.iter().find(|(w, _)| w == v) {
                        repeated |= bit | first;
                    }
                    vars.push((*v, bit));
                }
                ENodeOrVar::ENode(node) => {
                    // Only a left side rooted at an operation has nodes below its root.
                    if let (Some(root), true) = (root, depth >= 1) {
                        self.too_deep |= depth >= 32;
                        let inner = Inner::of(node);
                        *self.depths.entry(inner).or_default() |= 1 << depth.min(31);
                        let at = self.rules.entry((root, inner)).or_default();
                        if !at.contains(&(rule, depth)) {
                            at.push((rule, depth));
                        }
                    }
                    todo.extend(node.children().iter().map(|c| (usize::from(*c), depth + 1)));
                }
            }
        }
        if let (Some(root), true) = (root, repeated != 0) {
            self.repeats.entry(root).or_default().push((rule, repeated));
            self.repeat_depths |= repeated;
        }
    }
}

/// The classes above one side of a union, by distance (`levels[0]` is the side itself),
/// computed as far up as asked, within a budget of classes.
/// (On the stack for the few ancestors most unions have: a union is checked at every
/// application.)
struct Above {
    levels: SmallVec<[SmallVec<[Id; 4]>; 4]>,
}

impl Above {
    fn new(egraph: &Graph, side: Id) -> Above {
        let mut levels = SmallVec::new();
        levels.push(smallvec::smallvec![egraph.find(side)]);
        Above { levels }
    }

    /// The classes `depth` parent steps up (root ids, each once per level); `None` once
    /// more than `budget` classes would have been visited.
    fn at(&mut self, egraph: &Graph, depth: usize, budget: &mut usize) -> Option<&[Id]> {
        while self.levels.len() <= depth {
            let mut next: SmallVec<[Id; 4]> = SmallVec::new();
            for c in self.levels.last()? {
                for p in egraph[*c].parents() {
                    let p = egraph.find(p);
                    if !next.contains(&p) {
                        *budget = budget.checked_sub(1)?;
                        next.push(p);
                    }
                }
            }
            self.levels.push(next);
        }
        Some(&self.levels[depth])
    }
}

/// Calls `visit(operation, depth, class)` for each operation held by each class `depth`
/// parent steps above `above`'s side, for each depth whose bit `mask` sets; `false` when
/// the budget of ancestors runs out.
fn each_above(
    egraph: &Graph,
    above: &mut Above,
    mask: u32,
    budget: &mut usize,
    mut visit: impl FnMut(Symbol, u32, Id),
) -> bool {
    for depth in (1..32u32).filter(|d| mask & (1 << d) != 0) {
        let Some(classes) = above.at(egraph, depth as usize, budget) else {
            return false;
        };
        for &class in classes {
            for n in &egraph[class].nodes {
                if let Node::Op(root, _) = n {
                    visit(*root, depth, class);
                }
            }
        }
    }
    true
}

/// Appends the (rule, ancestor) pairs at which `node`, placed in the class `above` starts
/// from, may complete a match: each ancestor as far up as `node` appears below the root of
/// a left side rooted at an operation the ancestor holds; not right below the root with
/// `skip_children`. `false` when the budget of ancestors runs out.
fn reached(
    reach: &Reach,
    egraph: &Graph,
    above: &mut Above,
    node: &Node,
    skip_children: bool,
    budget: &mut usize,
    pairs: &mut Vec<(usize, Id)>,
) -> bool {
    let inner = Inner::of(node);
    let Some(&mask) = reach.depths.get(&inner) else {
        return true;
    };
    let mask = if skip_children { mask & !2 } else { mask };
    each_above(egraph, above, mask, budget, |root, depth, class| {
        if let Some(rules) = reach.rules.get(&(root, inner)) {
            pairs.extend(
                rules
                    .iter()
                    .filter(|(_, d)| *d == depth)
                    .map(|(r, _)| (*r as usize, class)),
            );
        }
    })
}

/// Appends the pairs of the rules that name a variable twice, at the ancestors as far up
/// as the variable appears below their root; `false` when the budget of ancestors runs out.
fn repeated(
    reach: &Reach,
    egraph: &Graph,
    above: &mut Above,
    budget: &mut usize,
    pairs: &mut Vec<(usize, Id)>,
) -> bool {
    if reach.repeats.is_empty() {
        return true;
    }
    each_above(
        egraph,
        above,
        reach.repeat_depths,
        budget,
        |root, depth, class| {
            if let Some(rules) = reach.repeats.get(&root) {
                pairs.extend(
                    rules
                        .iter()
                        .filter(|(_, d)| d & (1 << depth) != 0)
                        .map(|(r, _)| (*r as usize, class)),
                );
            }
        },
    )
}

/// Before a union of `sides`, the (rule, class) pairs at which a match may come into being
/// through it, appended to `pairs` (see the module documentation): each rule at the
/// ancestors as far above a side as a node of the other side appears below its root, where
/// such an ancestor holds the rule's root operation. `met[i]`: `Loop::watch_meet` searched
/// the parents of side `i` with the rules whose left side has a node of the other side
/// right below its root. `false` when a side has too many ancestors to list: the merged
/// class is then to be searched around.
pub(crate) fn union_pairs(
    reach: &Reach,
    egraph: &Graph,
    sides: [Id; 2],
    met: [bool; 2],
    pairs: &mut Vec<(usize, Id)>,
) -> bool {
    let [a, b] = sides.map(|id| egraph.find(id));
    if a == b {
        return true;
    }
    if reach.too_deep || egraph[a].nodes.len() > NODES || egraph[b].nodes.len() > NODES {
        return false;
    }
    let mut budget = ANCESTORS;
    let parents = [a, b].map(|id| egraph[id].parents().len());
    let mut above = [Above::new(egraph, a), Above::new(egraph, b)];
    for (i, other) in [(0, b), (1, a)] {
        if parents[i] == 0 {
            continue;
        }
        for node in &egraph[other].nodes {
            // Right below the root, an operation's rules were searched at the parents.
            let skip = met[i] && matches!(node, Node::Op(..));
            if !reached(reach, egraph, &mut above[i], node, skip, &mut budget, pairs) {
                return false;
            }
        }
    }
    // A root where a variable named twice newly holds reaches one side through one of its
    // places and the other side through the other: it is above both, so the side with
    // fewer parents lists it.
    if parents[0] > 0 && parents[1] > 0 {
        let fewer = usize::from(parents[1] < parents[0]);
        return repeated(reach, egraph, &mut above[fewer], &mut budget, pairs);
    }
    true
}

/// After a rebuild, the (rule, class) pairs at which a match may have come into being
/// through a class the rebuild merged or changed (`class`), appended to `pairs`: its two
/// sides are no longer known, so each node of the class counts as the other side's, seen
/// from the class's ancestors (see [`union_pairs`]). `false` when the class has too many
/// ancestors to list: it is then to be searched around.
pub(crate) fn merged_pairs(
    reach: &Reach,
    egraph: &Graph,
    class: Id,
    pairs: &mut Vec<(usize, Id)>,
) -> bool {
    let class = egraph.find(class);
    if egraph[class].parents().len() == 0 {
        return true;
    }
    if reach.too_deep || egraph[class].nodes.len() > NODES {
        return false;
    }
    let mut budget = ANCESTORS;
    let mut above = Above::new(egraph, class);
    for node in &egraph[class].nodes {
        if !reached(reach, egraph, &mut above, node, false, &mut budget, pairs) {
            return false;
        }
    }
    repeated(reach, egraph, &mut above, &mut budget, pairs)
}

/// The (rule, root) of each match remembered in `tried` that the next pass would not meet
/// under the key it was filed under: a class whose facts its rule reads (`reads(rule)`,
/// per variable) was merged into another, or its facts changed since the match was tried.
pub(crate) fn stale_pairs<'r>(
    tried: &TriedMatches,
    egraph: &Graph,
    reads: impl Fn(usize) -> &'r [bool],
    out: &mut Vec<(usize, Id)>,
) {
    for key in tried.keys() {
        let rule = key[0].0 as usize;
        // Position 1 is the root; the variables follow in order.
        let stale = key[2..]
            .iter()
            .zip(reads(rule))
            .filter(|(_, read)| **read)
            .any(|((id, version), _)| {
                let id = Id::from(*id as usize);
                egraph.find(id) != id || Analysis::generation_of(egraph, id) != *version
            });
        if stale {
            out.push((rule, egraph.find(Id::from(key[1].0 as usize))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egraph::tried::Tried;
    use egg::Pattern;
    use std::sync::Arc;

    fn reach(patterns: &[&str]) -> Reach {
        let mut reach = Reach::default();
        for (i, p) in patterns.iter().enumerate() {
            let pattern: Pattern<Node> = p.parse().expect("a pattern");
            reach.add(i, &pattern.ast);
        }
        reach
    }

    fn op(g: &mut Graph, name: &str, children: &[Id]) -> Id {
        g.add(Node::op(name, children.to_vec()))
    }

    #[test]
    fn records_where_nodes_and_repeated_variables_sit() {
        let r = reach(&["(f (g ?x) ?x)", "(k (f (g 3) ?y))"]);
        let g = Inner::of(&Node::op("g", Vec::new()));
        assert_eq!(r.depths[&g], (1 << 1) | (1 << 2));
        assert_eq!(r.depths[&Inner::of(&Node::Int(3))], 1 << 3);
        assert_eq!(r.rules[&(Symbol::from("f"), g)], vec![(0, 1)]);
        assert_eq!(r.rules[&(Symbol::from("k"), g)], vec![(1, 2)]);
        // `?x` right below `f` and below `g`.
        assert_eq!(
            r.repeats[&Symbol::from("f")],
            vec![(0, (1 << 1) | (1 << 2))]
        );
        assert!(!r.repeats.contains_key(&Symbol::from("k")));
    }

    #[test]
    fn a_union_lists_the_rules_that_reach_through_it_at_the_ancestors_that_far_up() {
        let r = reach(&["(f (g ?x))", "(k (f (g ?x)))", "(f (h ?x))"]);
        let mut e = Graph::new(Analysis::new(Arc::default()));
        let a = op(&mut e, "a", &[]);
        let c = op(&mut e, "h", &[a]);
        let p = op(&mut e, "f", &[c]);
        let q = op(&mut e, "k", &[p]);
        let n = op(&mut e, "g", &[a]);
        let mut pairs = Vec::new();
        assert!(union_pairs(&r, &e, [c, n], [false, false], &mut pairs));
        pairs.sort();
        // `(f (g ?x))` at `f`'s class and `(k (f (g ?x)))` at `k`'s; not `(f (h ?x))`,
        // whose `h` the class held already, nor anything above `g`'s class (no parents).
        assert_eq!(pairs, vec![(0, p), (1, q)]);
        // With `f`'s class searched for the nodes right below it (`Loop::watch_meet`).
        pairs.clear();
        assert!(union_pairs(&r, &e, [c, n], [true, false], &mut pairs));
        assert_eq!(pairs, vec![(1, q)]);
        // Nothing reaches a union of classes without parents.
        let m = op(&mut e, "m", &[]);
        pairs.clear();
        assert!(union_pairs(&r, &e, [m, n], [false, false], &mut pairs));
        assert!(pairs.is_empty());
    }

    #[test]
    fn a_variable_named_twice_is_listed_above_the_side_with_fewer_parents() {
        let r = reach(&["(f ?x ?x)"]);
        let mut e = Graph::new(Analysis::new(Arc::default()));
        let x = op(&mut e, "x", &[]);
        let y = op(&mut e, "y", &[]);
        let p = op(&mut e, "f", &[x, y]);
        let _other_parent_of_x = op(&mut e, "h", &[x]);
        let mut pairs = Vec::new();
        assert!(union_pairs(&r, &e, [x, y], [false, false], &mut pairs));
        assert_eq!(pairs, vec![(0, p)]);
    }

    #[test]
    fn too_many_ancestors_leave_the_class_to_be_searched_around() {
        let r = reach(&["(f (g ?x))"]);
        let mut e = Graph::new(Analysis::new(Arc::default()));
        let c = op(&mut e, "c", &[]);
        for i in 0..=ANCESTORS {
            let leaf = e.add(Node::Int(i as i64));
            op(&mut e, "f", &[c, leaf]);
        }
        let n = op(&mut e, "g", &[]);
        let mut pairs = Vec::new();
        assert!(!union_pairs(&r, &e, [c, n], [false, false], &mut pairs));
        // The same class after a rebuild merged it.
        e.union(c, n);
        e.rebuild();
        assert!(!merged_pairs(&r, &e, c, &mut pairs));
    }

    #[test]
    fn a_match_is_stale_once_a_class_it_reads_changes_or_is_merged() {
        let mut e = Graph::new(Analysis::new(Arc::default()));
        let root = op(&mut e, "f", &[]);
        let v = op(&mut e, "v", &[]);
        let w = op(&mut e, "w", &[]);
        let version = Analysis::generation_of(&e, v);
        let mut tried = TriedMatches::new(4, false);
        let key = |v: Id, version: u32| {
            [
                (0, 0),
                (usize::from(root) as u32, 0),
                (usize::from(v) as u32, version),
            ]
        };
        tried.insert(&key(v, version), Tried::Applied);
        let reads = [true];
        let mut out = Vec::new();
        stale_pairs(&tried, &e, |_| &reads, &mut out);
        assert!(out.is_empty());
        // Filed with another version of `v`'s facts.
        tried.insert(&key(v, version + 1), Tried::Applied);
        stale_pairs(&tried, &e, |_| &reads, &mut out);
        assert_eq!(out, vec![(0, root)]);
        // `v` merged into `w` (or `w` into `v`): a key that reads the absorbed class.
        out.clear();
        e.union(v, w);
        e.rebuild();
        let absorbed = if e.find(v) == v { w } else { v };
        let mut tried = TriedMatches::new(4, false);
        tried.insert(
            &key(absorbed, Analysis::generation_of(&e, absorbed)),
            Tried::Applied,
        );
        stale_pairs(&tried, &e, |_| &reads, &mut out);
        assert_eq!(out, vec![(0, root)]);
        // A variable whose facts the rule does not read is not.
        out.clear();
        stale_pairs(&tried, &e, |_| &[false], &mut out);
        assert!(out.is_empty());
    }
}
