//! Dominator tree of a function body (Cooper, Harvey & Kennedy's iterative algorithm).

use crate::ir::{BlockId, Body};

/// The dominator tree of one function body's control-flow graph, from its entry block.
pub struct Dominators {
    /// Immediate dominator of each block in reverse-postorder numbering; `None` if
    /// unreachable. The entry is its own idom.
    idom: Vec<Option<usize>>,
    /// Reverse-postorder number of each block.
    rpo_index: Vec<Option<usize>>,
    /// The block of each reverse-postorder number.
    rpo: Vec<usize>,
    /// Per reverse-postorder number, when a depth-first walk of the dominator tree enters
    /// and leaves it: `a` dominates `b` exactly when `b`'s interval lies within `a`'s, so a
    /// query costs the same however deep the tree (a chain of 100,000 blocks is 100,000
    /// deep).
    interval: Vec<(u32, u32)>,
    /// Reachable blocks in dominator-tree preorder (children in block order), with depths.
    preorder: Vec<(BlockId, usize)>,
}

impl Dominators {
    /// Computes the tree of `body` (iteratively, so a deep graph cannot overflow the stack).
    /// Successors that name no block are ignored.
    pub fn compute(body: &Body) -> Dominators {
        let n = body.blocks.len();
        // Iterative DFS for the postorder, so deep CFGs cannot overflow the stack.
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            let mut stack: Vec<(usize, Vec<usize>)> = vec![(0, succs(body, 0))];
            seen[0] = true;
            while let Some((b, rest)) = stack.last_mut() {
                if let Some(s) = rest.pop() {
                    if s < n && !seen[s] {
                        seen[s] = true;
                        let ss = succs(body, s);
                        stack.push((s, ss));
                    }
                } else {
                    post.push(*b);
                    stack.pop();
                }
            }
        }
        let rpo: Vec<usize> = post.into_iter().rev().collect();
        let mut rpo_index = vec![None; n];
        for (i, &b) in rpo.iter().enumerate() {
            rpo_index[b] = Some(i);
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in &rpo {
            for s in succs(body, b) {
                if s < n {
                    preds[s].push(b);
                }
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; rpo.len()];
        if !rpo.is_empty() {
            idom[0] = Some(0);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &b) in rpo.iter().enumerate().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &preds[b] {
                    let Some(pi) = rpo_index[p] else { continue };
                    if idom[pi].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => pi,
                        Some(cur) => intersect(&idom, pi, cur),
                    });
                }
                if new.is_some() && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        let (interval, preorder) = walk(&idom, &rpo, n);
        Dominators {
            idom,
            rpo_index,
            rpo,
            interval,
            preorder,
        }
    }

    /// Whether some path from the entry block reaches `b`.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo_index.get(b.index()).copied().flatten().is_some()
    }

    /// The immediate dominator of a reachable block other than the entry.
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        let i = self.rpo_index.get(b.index()).copied().flatten()?;
        let p = self.idom[i]?;
        (p != i).then(|| BlockId(self.rpo_block(p) as u32))
    }

    fn rpo_block(&self, rpo: usize) -> usize {
        self.rpo.get(rpo).copied().unwrap_or(0)
    }

    /// Reachable blocks in dominator-tree preorder (children in block order), each with
    /// its depth in the tree: the order in which elaboration visits scopes.
    pub fn preorder(&self) -> &[(BlockId, usize)] {
        &self.preorder
    }

    /// Each block's loop depth: how many natural loops contain it (0 outside every loop
    /// and for unreachable blocks). A natural loop is a back edge `u -> h` (`h` dominates
    /// `u`) with every block that reaches `u` without passing through `h`; loops of one
    /// header are one loop. Elaboration keeps pure values out of loops their operands are
    /// not in.
    pub fn loop_depths(&self, body: &Body) -> Vec<u32> {
        let n = body.blocks.len();
        let mut depth = vec![0u32; n];
        let reachable = |b: usize| b < n && self.is_reachable(BlockId(b as u32));
        // The back edges first: most functions have none, and then nothing else is built.
        let mut latches: Vec<(usize, usize)> = Vec::new();
        for &b in &self.rpo {
            for s in body.successors(BlockId(b as u32)) {
                if reachable(s.index()) && self.dominates(s, BlockId(b as u32)) {
                    latches.push((s.index(), b));
                }
            }
        }
        if latches.is_empty() {
            return depth;
        }
        latches.sort_unstable();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in &self.rpo {
            for s in body.successors(BlockId(b as u32)) {
                if reachable(s.index()) {
                    preds[s.index()].push(b);
                }
            }
        }
        let mut in_loop = vec![usize::MAX; n];
        for loop_latches in latches.chunk_by(|a, b| a.0 == b.0) {
            let header = loop_latches[0].0;
            // The loop's blocks: walked backwards from its latches, stopping at the header.
            in_loop[header] = header;
            depth[header] += 1;
            let mut work: Vec<usize> = loop_latches.iter().map(|(_, l)| *l).collect();
            while let Some(b) = work.pop() {
                if in_loop[b] == header {
                    continue;
                }
                in_loop[b] = header;
                depth[b] += 1;
                work.extend(preds[b].iter().copied());
            }
        }
        depth
    }

    /// Whether `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(Some(a)), Some(Some(b))) = (
            self.rpo_index.get(a.index()).copied(),
            self.rpo_index.get(b.index()).copied(),
        ) else {
            return false;
        };
        let ((a_in, a_out), (b_in, b_out)) = (self.interval[a], self.interval[b]);
        a_in <= b_in && b_out <= a_out
    }
}

/// One depth-first walk of the dominator tree given by `idom` (in reverse-postorder
/// numbers; the entry, 0, is its own idom), children in block order, with an explicit
/// stack: each reverse-postorder number's enter and leave times, and the blocks in
/// preorder with their depths.
#[allow(clippy::type_complexity)]
fn walk(
    idom: &[Option<usize>],
    rpo: &[usize],
    blocks: usize,
) -> (Vec<(u32, u32)>, Vec<(BlockId, usize)>) {
    let n = idom.len();
    // Children by block, in block order (a block's rpo number is its position in `rpo`).
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut by_block: Vec<Option<usize>> = vec![None; blocks];
    for (i, &b) in rpo.iter().enumerate() {
        if let Some(slot) = by_block.get_mut(b) {
            *slot = Some(i);
        }
    }
    for i in by_block.into_iter().flatten() {
        if let Some(p) = idom[i] {
            if p != i {
                children[p].push(i);
            }
        }
    }
    let mut interval = vec![(0u32, 0u32); n];
    let mut preorder = Vec::with_capacity(n);
    if n == 0 {
        return (interval, preorder);
    }
    let mut clock = 0u32;
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    preorder.push((BlockId(rpo[0] as u32), 0));
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        if let Some(&c) = children[node].get(*next) {
            *next += 1;
            clock += 1;
            interval[c].0 = clock;
            preorder.push((BlockId(rpo[c] as u32), stack.len()));
            stack.push((c, 0));
        } else {
            clock += 1;
            interval[node].1 = clock;
            stack.pop();
        }
    }
    (interval, preorder)
}

fn succs(body: &Body, b: usize) -> Vec<usize> {
    let mut v: Vec<usize> = body
        .successors(BlockId(b as u32))
        .map(|s| s.index())
        .collect();
    v.reverse();
    v
}

fn intersect(idom: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a].expect("processed blocks have an idom");
        }
        while b > a {
            b = idom[b].expect("processed blocks have an idom");
        }
    }
    a
}
