//! Finding where the rules match: the candidate classes of a scope and the search from them.

use super::*;

impl Loop<'_> {
    /// The rules that may match at a node: those rooted at its operation, and the unrooted.
    pub(super) fn rooted_at<'n>(
        &'n self,
        egraph: &'n Graph,
        node: &'n Node,
    ) -> impl Iterator<Item = usize> + 'n {
        let (rooted, kids) = match node {
            Node::Op(op, kids) => (
                self.rules.by_root.get(op).map(|rs| rs.as_slice()),
                kids.as_slice(),
            ),
            _ => (None, &[][..]),
        };
        rooted
            .unwrap_or(&[])
            .iter()
            .copied()
            .filter(move |r| self.children_fit(egraph, *r, kids))
            .chain(self.rules.unrooted.iter().copied())
    }

    /// Whether the node has as many children as the rule's root, and each child class the
    /// rule's left side names an operation for holds that operation (see
    /// [`PhaseRule::child_ops`]): else the rule cannot match the node.
    pub(super) fn children_fit(&self, egraph: &Graph, r: usize, kids: &[Id]) -> bool {
        let rule = &self.rules.rules[r];
        kids.len() == rule.arity
            && rule.child_ops.iter().all(|(k, want)| {
                kids.get(*k).is_some_and(|kid| {
                    egraph[*kid]
                        .nodes
                        .iter()
                        .any(|n| matches!(n, Node::Op(o, _) if o == want))
                })
            })
    }

    /// Searches the (rule, class) pairs and pushes their matches onto `stack` so that they
    /// pop in search order.
    pub(super) fn search_into(
        &mut self,
        egraph: &mut Graph,
        mut pairs: Vec<(usize, Id)>,
        depth: u32,
        stack: &mut Vec<Found>,
    ) -> Result<(), Stop> {
        pairs.sort_unstable();
        pairs.dedup();
        let start = stack.len();
        let found_start = self.work.found.len();
        // The e-graph is not rebuilt between applications. Searching it is sound: the
        // matcher compares classes through `find`, so every match it reports holds; one it
        // misses (a node not yet in a large class's sorted run) is found by the next pass,
        // which searches around every touched class after the rebuild.
        let mut result = Ok(());
        for (r, class) in pairs {
            let rule = &self.rules.rules[r];
            let before = stack.len();
            let found = &mut self.work.found;
            rule.matcher.search(egraph, class, |vars| {
                stack.push(Found {
                    rule: r as u32,
                    class,
                    at: found.len() as u32,
                    depth,
                });
                found.extend(vars);
            });
            // Counted in classes searched and matches found: one class of a growing
            // e-graph can hold thousands of matches.
            self.report.tally.matches += stack.len() - before;
            if let Err(stop) = self.budget.spend(1 + stack.len() - before, egraph) {
                result = Err(stop);
                break;
            }
        }
        stack[start..].reverse();
        if stack.len() > start {
            self.work.searches.push((start, found_start));
        }
        result
    }

    /// The (rule, class) pairs to search, sorted: every class and every rule its operations
    /// index (with [`Scope::Confirm`], only the rules whose guards walk lists); with
    /// [`Scope::Delta`] and [`Scope::Frontier`], the classes within each rule's height of a
    /// changed class.
    pub(super) fn candidates(&self, egraph: &Graph, scope: Scope) -> Vec<(usize, Id)> {
        // Eight bytes a class: every class of a large function is listed in a full pass.
        let mut classes: Vec<(Id, u32)> = Vec::new();
        match scope {
            Scope::All | Scope::Confirm => {
                classes.reserve_exact(egraph.number_of_classes());
                classes.extend(egraph.classes().map(|c| (c.id, 0)));
            }
            Scope::Delta(changed)
            | Scope::Frontier {
                classes: changed, ..
            } => {
                let mut seen = SeenIds::default();
                let mut layer: Vec<Id> = changed.iter().map(|id| egraph.find(*id)).collect();
                for distance in 0..=self.rules.height {
                    let mut next = Vec::new();
                    for id in layer {
                        if !seen.insert(id) {
                            continue;
                        }
                        classes.push((id, distance as u32));
                        if distance < self.rules.height {
                            next.extend(egraph[id].parents().map(|p| egraph.find(p)));
                        }
                    }
                    layer = next;
                }
            }
        }
        // In class order, so that a counting sort by rule below leaves each rule's classes
        // sorted.
        classes.sort_unstable_by_key(|(id, _)| *id);
        // About two rules per class, given room at once (see the stack in `Loop::step`).
        let mut pairs = Vec::with_capacity(classes.len() * 2);
        for (id, distance) in classes {
            let mut add = |r: usize| {
                let rule = &self.rules.rules[r];
                if rule.height >= distance as usize
                    && (rule.deep || !matches!(scope, Scope::Confirm))
                {
                    pairs.push((r, id));
                }
            };
            for node in &egraph[id].nodes {
                if let Node::Op(op, kids) = node {
                    if let Some(rs) = self.rules.by_root.get(op) {
                        for &r in rs {
                            if self.children_fit(egraph, r, kids) {
                                add(r);
                            }
                        }
                    }
                }
            }
            self.rules.unrooted.iter().for_each(|r| add(*r));
        }
        if let Scope::Frontier { pairs: left, .. } = scope {
            pairs.extend(left.iter().map(|(r, id)| (*r, egraph.find(*id))));
        }
        // Sorted by rule with a counting sort (the rules are numbered and few), which keeps
        // each rule's classes in the order they came: the order a comparison sort of the
        // pairs gives, which cost 1.8% of a memref-heavy lowering. A class holding two
        // nodes of one operation gives its pairs twice, next to each other.
        let mut starts = vec![0usize; self.rules.rules.len() + 1];
        for (r, _) in &pairs {
            starts[r + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut sorted = vec![(0, Id::from(0usize)); pairs.len()];
        for (r, id) in pairs {
            sorted[starts[r]] = (r, id);
            starts[r] += 1;
        }
        sorted.dedup();
        sorted
    }
}
