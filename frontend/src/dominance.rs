//! Dominator tree of a function body (Cooper, Harvey & Kennedy's iterative algorithm).

use crate::ir::{BlockId, Body};

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
}

impl Dominators {
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
        let interval = intervals(&idom);
        Dominators {
            idom,
            rpo_index,
            rpo,
            interval,
        }
    }

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
    pub fn preorder(&self, blocks: usize) -> Vec<(BlockId, usize)> {
        let mut children: Vec<Vec<BlockId>> = vec![Vec::new(); blocks];
        for b in 0..blocks {
            if let Some(p) = self.idom(BlockId(b as u32)) {
                children[p.index()].push(BlockId(b as u32));
            }
        }
        let mut out = Vec::new();
        if blocks == 0 || !self.is_reachable(BlockId(0)) {
            return out;
        }
        let mut stack = vec![(BlockId(0), 0usize)];
        while let Some((b, depth)) = stack.pop() {
            out.push((b, depth));
            for c in children[b.index()].iter().rev() {
                stack.push((*c, depth + 1));
            }
        }
        out
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

/// The enter and leave times of a depth-first walk of the dominator tree given by `idom`
/// (in reverse-postorder numbers; the entry, 0, is its own idom), with an explicit stack.
fn intervals(idom: &[Option<usize>]) -> Vec<(u32, u32)> {
    let n = idom.len();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, p) in idom.iter().enumerate().skip(1) {
        if let Some(p) = p {
            if *p != i {
                children[*p].push(i);
            }
        }
    }
    let mut out = vec![(0u32, 0u32); n];
    if n == 0 {
        return out;
    }
    let mut clock = 0u32;
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    out[0].0 = clock;
    while let Some((node, next)) = stack.last_mut() {
        if let Some(&c) = children[*node].get(*next) {
            *next += 1;
            clock += 1;
            out[c].0 = clock;
            stack.push((c, 0));
        } else {
            clock += 1;
            out[*node].1 = clock;
            stack.pop();
        }
    }
    out
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
