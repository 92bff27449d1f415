//! Matching a rule's left side at one class, without allocating.
//!
//! egg's own matcher (`Pattern::search_eclass`) builds a machine with growing register
//! vectors and a vector of results for every class it searches; the saturation loop searches
//! a few hundred classes per function and finds at most one match in most of them, so those
//! allocations, not the matching, were most of its cost (13.6% of a memref-heavy lowering's
//! instructions). A [`Matcher`] is compiled once per rule: its steps bind the children of
//! one node of a class to registers, check that a class holds a literal, or check that two
//! registers hold the same class (a variable met twice). Running it keeps its registers and
//! its choice points (which node of a class each bind step is at) on the stack.
//!
//! The matches are egg's: every assignment of the left side's variables to classes under
//! which the left side is in the class, with classes compared through `find`, so a search
//! between rebuilds (as the loop does while following applications) finds every match whose
//! nodes are in place. A class of 50 nodes or more is searched by binary search over its
//! sorted nodes, as egg's matcher does; the loop keeps such classes sorted while it searches
//! (see `Loop::step` in `saturate.rs`).

use crate::egraph::analysis::Analysis;
use crate::egraph::node::Node;
use arrayvec::ArrayVec;
use egg::{EGraph, ENodeOrVar, Id, Language, PatternAst, Var};

type Graph = EGraph<Node, Analysis>;

/// From this many nodes on, a class's nodes are expected sorted (egg's rebuild sorts them)
/// and are searched by binary search, as egg's matcher does (`EClass::for_each_matching_node`
/// in egg 0.11).
pub(crate) const SORTED_FROM: usize = 50;

/// One step of a compiled left side.
#[derive(Clone, Debug)]
enum Step {
    /// For each node of the class in register `class` that `key` matches (the same
    /// operation and arity, [`Language::matches`]), its children go to the registers from
    /// `out` on and the steps after this one run. `key` has its children zeroed, so it
    /// orders first among the nodes it matches (for a binary search of a large class).
    Bind { key: Node, class: usize, out: usize },
    /// The class in register `class` holds the literal `node`.
    Leaf { node: Node, class: usize },
    /// Registers `a` and `b` hold the same class (a variable met twice).
    Same { a: usize, b: usize },
}

/// A left side compiled for matching at one class (register 0).
#[derive(Clone, Debug)]
pub struct Matcher {
    steps: Vec<Step>,
    /// The register each variable's first occurrence binds, in the order of the variables
    /// given to [`Matcher::new`].
    vars: Vec<usize>,
    registers: usize,
    /// How many bind steps (so how many choice points may be open at once).
    binds: usize,
}

/// Registers and choice points a left side may need and still have them on the stack.
const INLINE_REGISTERS: usize = 24;
const INLINE_CHOICES: usize = 12;

/// A choice point: the bind step, and the node of its class to try next.
#[derive(Clone, Copy)]
struct Choice<'g> {
    step: usize,
    nodes: &'g [Node],
    next: usize,
    /// One past the last node that may match (a large class's run of one operation).
    end: usize,
}

/// The open choice points of a search, innermost last: on the stack ([`ArrayVec`]) for the
/// left sides the rule files have, in a vector for larger ones.
trait Choices<'g> {
    fn open(&mut self, c: Choice<'g>);
    fn innermost(&mut self) -> Option<&mut Choice<'g>>;
    fn close(&mut self);
}

/// The stack operations both kinds of storage have under the same names.
macro_rules! choices_on {
    ($([$($generic:tt)*] $storage:ty),*) => {$(
        impl<'g, $($generic)*> Choices<'g> for $storage {
            fn open(&mut self, c: Choice<'g>) {
                // An `ArrayVec` is given room for `Matcher::binds` choice points, the most
                // that are open at once.
                self.push(c);
            }
            fn innermost(&mut self) -> Option<&mut Choice<'g>> {
                self.last_mut()
            }
            fn close(&mut self) {
                self.pop();
            }
        }
    )*};
}

choices_on!([const N: usize] ArrayVec<Choice<'g>, N>, [] Vec<Choice<'g>>);

impl Matcher {
    /// Compiles a left side: its nodes in pre-order, children left to right, so a variable's
    /// second occurrence is compared right after the bind that reaches it.
    pub fn new(ast: &PatternAst<Node>, vars: &[Var]) -> Matcher {
        let nodes = ast.as_ref();
        let mut steps = Vec::new();
        let mut bound: Vec<(Var, usize)> = Vec::new();
        let mut registers = 1;
        // (pattern node, register), the next one to compile last.
        let mut todo: Vec<(usize, usize)> = Vec::new();
        if !nodes.is_empty() {
            todo.push((nodes.len() - 1, 0));
        }
        while let Some((i, reg)) = todo.pop() {
            match &nodes[i] {
                ENodeOrVar::Var(v) => match bound.iter().find(|(w, _)| w == v) {
                    Some((_, first)) => steps.push(Step::Same { a: reg, b: *first }),
                    None => bound.push((*v, reg)),
                },
                ENodeOrVar::ENode(n @ Node::Op(_, children)) if !children.is_empty() => {
                    let out = registers;
                    registers += children.len();
                    steps.push(Step::Bind {
                        key: n.clone().map_children(|_| Id::from(0)),
                        class: reg,
                        out,
                    });
                    for (k, c) in children.iter().enumerate().rev() {
                        todo.push((usize::from(*c), out + k));
                    }
                }
                ENodeOrVar::ENode(leaf) => steps.push(Step::Leaf {
                    node: leaf.clone(),
                    class: reg,
                }),
            }
        }
        let vars = vars
            .iter()
            .filter_map(|v| bound.iter().find(|(w, _)| w == v).map(|(_, r)| *r))
            .collect();
        let binds = steps
            .iter()
            .filter(|s| matches!(s, Step::Bind { .. }))
            .count();
        Matcher {
            steps,
            vars,
            registers,
            binds,
        }
    }

    /// How many variables a match binds.
    pub fn vars(&self) -> usize {
        self.vars.len()
    }

    /// Calls `found` with each match of the left side at `class`: its variables' classes, in
    /// the order of the variables given to [`Matcher::new`]. The matches come in a fixed
    /// order (the classes' node order, the first bind step varying slowest).
    pub fn search(&self, egraph: &Graph, class: Id, found: impl FnMut(Bound<'_>)) {
        // Registers and choice points on the stack for every left side the rule files have
        // (a small vector's inline-or-heap test on every access cost a third of the
        // search); a larger one gets them on the heap. The choice points are a stack that
        // starts empty: filling an array of twelve of them (480 bytes) before each search cost
        // 1.1% of a memref-heavy lowering's instructions.
        if self.registers <= INLINE_REGISTERS && self.binds <= INLINE_CHOICES {
            let mut regs = [class; INLINE_REGISTERS];
            let mut choices = ArrayVec::<Choice, INLINE_CHOICES>::new();
            self.run(egraph, &mut regs, &mut choices, found);
        } else {
            let mut regs = vec![class; self.registers];
            let mut choices = Vec::with_capacity(self.binds);
            self.run(egraph, &mut regs, &mut choices, found);
        }
    }

    fn run<'g>(
        &self,
        egraph: &'g Graph,
        regs: &mut [Id],
        choices: &mut impl Choices<'g>,
        mut found: impl FnMut(Bound<'_>),
    ) {
        let mut pc = 0;
        loop {
            // Run forward until a bind step opens a choice point, a check fails, or the
            // steps are done (a match).
            loop {
                let Some(step) = self.steps.get(pc) else {
                    found(Bound {
                        regs,
                        vars: self.vars.iter(),
                    });
                    break;
                };
                match step {
                    Step::Same { a, b } => {
                        if egraph.find(regs[*a]) != egraph.find(regs[*b]) {
                            break;
                        }
                    }
                    Step::Leaf { node, class } => {
                        let nodes = &egraph[regs[*class]].nodes;
                        let holds = if nodes.len() < SORTED_FROM {
                            nodes.contains(node)
                        } else {
                            nodes.binary_search(node).is_ok()
                        };
                        if !holds {
                            break;
                        }
                    }
                    Step::Bind { key, class, .. } => {
                        let nodes = &egraph[regs[*class]].nodes;
                        let (next, end) = if nodes.len() < SORTED_FROM {
                            (0, nodes.len())
                        } else {
                            // Sorted by operation name, then children: the nodes the key
                            // matches are one run, starting where the key (children zeroed)
                            // would go.
                            let start = nodes.binary_search(key).unwrap_or_else(|i| i);
                            let len = nodes[start..].iter().take_while(|n| key.matches(n)).count();
                            (start, start + len)
                        };
                        choices.open(Choice {
                            step: pc,
                            nodes,
                            next,
                            end,
                        });
                        break;
                    }
                }
                pc += 1;
            }
            // Move the innermost choice point to its next matching node, dropping the ones
            // that have none left; done when none is left.
            loop {
                let Some(choice) = choices.innermost() else {
                    return;
                };
                let Step::Bind { key, out, .. } = &self.steps[choice.step] else {
                    unreachable!("a choice point is a bind step");
                };
                let hit = choice.nodes[choice.next..choice.end]
                    .iter()
                    .position(|n| key.matches(n));
                match hit {
                    Some(k) => {
                        let children = choice.nodes[choice.next + k].children();
                        choice.next += k + 1;
                        regs[*out..*out + children.len()].copy_from_slice(children);
                        pc = choice.step + 1;
                        break;
                    }
                    None => choices.close(),
                }
            }
        }
    }
}

/// The classes a match binds its variables to, in the order of the variables given to
/// [`Matcher::new`].
pub struct Bound<'a> {
    regs: &'a [Id],
    vars: std::slice::Iter<'a, usize>,
}

impl Iterator for Bound<'_> {
    type Item = Id;

    fn next(&mut self) -> Option<Id> {
        self.vars.next().map(|r| self.regs[*r])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.vars.size_hint()
    }
}

impl ExactSizeIterator for Bound<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::{Pattern, Searcher};
    use std::sync::Arc;

    fn graph() -> Graph {
        Graph::new(Analysis::new(Arc::default()))
    }

    /// The matches of `pattern` at `class` as sorted variable assignments (canonical ids).
    fn ours(egraph: &Graph, pattern: &Pattern<Node>, class: Id) -> Vec<Vec<(Var, Id)>> {
        let vars = pattern.vars();
        let m = Matcher::new(&pattern.ast, &vars);
        let mut out = Vec::new();
        m.search(egraph, class, |ids| {
            out.push(
                vars.iter()
                    .zip(ids)
                    .map(|(v, id)| (*v, egraph.find(id)))
                    .collect(),
            );
        });
        out.sort();
        out
    }

    fn theirs(egraph: &Graph, pattern: &Pattern<Node>, class: Id) -> Vec<Vec<(Var, Id)>> {
        let vars = pattern.vars();
        let mut out: Vec<Vec<(Var, Id)>> = pattern
            .search_eclass(egraph, class)
            .map(|m| m.substs)
            .unwrap_or_default()
            .into_iter()
            .map(|s| vars.iter().map(|v| (*v, egraph.find(s[*v]))).collect())
            .collect();
        out.sort();
        out
    }

    /// Every class of an e-graph with unions, several nodes per class, repeated variables,
    /// literals, a class of more than 50 nodes and a cycle (and a left side too large for
    /// the stack arrays): the same matches as egg's.
    #[test]
    fn finds_what_eggs_matcher_finds() {
        let mut g = graph();
        let a = g.add(Node::op("a", vec![]));
        let b = g.add(Node::op("b", vec![]));
        let one = g.add(Node::Int(1));
        let two = g.add(Node::Int(2));
        let fab = g.add(Node::op("f", vec![a, b]));
        let faa = g.add(Node::op("f", vec![a, a]));
        let f1a = g.add(Node::op("f", vec![one, a]));
        let gf = g.add(Node::op("g", vec![fab]));
        let gg = g.add(Node::op("g", vec![faa]));
        g.union(gf, gg);
        g.union(a, two);
        // A large class: many `h` nodes, one `f` and a literal, all equal.
        let mut big = g.add(Node::op("h", vec![one]));
        for i in 0..60 {
            let k = g.add(Node::Int(100 + i));
            let h = g.add(Node::op("h", vec![k]));
            g.union(big, h);
            big = g.find(big);
        }
        g.union(big, f1a);
        let seven = g.add(Node::Int(7));
        g.union(big, seven);
        // A cycle: `s` is its own child.
        let s = g.add(Node::op("s", vec![b]));
        g.union(s, b);
        g.rebuild();
        assert!(g[big].nodes.len() >= SORTED_FROM);
        let patterns = [
            "(f ?x ?y)",
            "(f ?x ?x)",
            "(g (f ?x ?y))",
            "(g (f ?x ?x))",
            "(f 1 ?y)",
            "(f 2 ?y)",
            "(f ?x a)",
            "(h ?k)",
            "(h 1)",
            "(s (s (s ?z)))",
            // More bind steps than the choice points kept on the stack.
            "(s (s (s (s (s (s (s (s (s (s (s (s (s (s ?z))))))))))))))",
            "?v",
            "a",
            "2",
            "7",
            "(g ?w)",
        ];
        let mut compared = 0;
        for p in patterns {
            let pattern: Pattern<Node> = p.parse().expect("a pattern");
            for class in g.classes().map(|c| c.id).collect::<Vec<_>>() {
                let want = theirs(&g, &pattern, class);
                compared += want.len();
                assert_eq!(ours(&g, &pattern, class), want, "{p} at {class}");
            }
        }
        assert!(compared > 80, "only {compared} matches compared");
    }
}
