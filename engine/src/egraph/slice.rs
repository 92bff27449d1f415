//! The part of a rule set that can affect one function's lowering.
//!
//! A rule only ever matches at an e-node whose operation is its left side's root. Starting
//! from the operations kiln encodes for a function, and adding the operations of every
//! rule whose root is already present, gives every operation the function's e-graph can
//! ever contain; rules rooted elsewhere never fire, and declarations of operations outside
//! that set are never read. Lowering with the slice therefore gives exactly what lowering
//! with the whole set gives, and a rule-file edit that leaves the slice equal cannot change
//! the function's lowering: the incremental database compares slices to decide which
//! functions to lower again (see `query/lowering.rs`).

use crate::egraph::analysis::OpTable;
use crate::egraph::conventions::Conventions;
use crate::egraph::encode::{encode_variant, OpNames, Variant};
use crate::rule::ruleset::{Pat, RuleLoc, RuleSet, RuleSource, PLACES};
use kiln_frontend::ir::Function;
use std::collections::BTreeSet;

/// For each rule, the operations its left side needs and its right side adds (both
/// directions of a `<=>` rule). Computed once per rule set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleIndex {
    /// `(needs, adds)` per rule direction, with the rule's index.
    directions: Vec<(usize, Vec<String>, Vec<String>)>,
    /// Each file's text with every character but newlines blanked (same byte length).
    skeletons: Vec<String>,
}

/// Indexes a rule set's rules by the operations each direction needs and adds.
pub fn index(rules: &RuleSet) -> RuleIndex {
    let mut directions = Vec::new();
    for (i, r) in rules.rules.iter().enumerate() {
        let mut sides = vec![(&r.lhs, &r.rhs)];
        if r.two_way {
            sides.push((&r.rhs, &r.lhs));
        }
        for (from, to) in sides {
            if from.root_op().is_none() {
                continue;
            }
            // Sorted, each once.
            let set = |p: &Pat| -> Vec<String> {
                let ops: BTreeSet<&str> = p.ops().into_iter().collect();
                ops.into_iter().map(str::to_string).collect()
            };
            directions.push((i, set(from), set(to)));
        }
    }
    let skeletons = rules
        .files
        .iter()
        .map(|f| {
            f.text
                .chars()
                .map(|c| {
                    if c == '\n' {
                        "\n".to_string()
                    } else {
                        // Same byte length, so byte offsets (spans) keep their meaning.
                        " ".repeat(c.len_utf8())
                    }
                })
                .collect()
        })
        .collect();
    RuleIndex {
        directions,
        skeletons,
    }
}

/// The operations of `f`'s encoding (in the given variants), sorted: where a slice starts.
/// It depends on the rules only through their operation declarations (`table`), so an
/// edit of rules alone leaves it equal.
pub fn encoded_ops(
    table: &OpTable,
    f: &Function,
    variants: &[Variant],
    conventions: &Conventions,
) -> Vec<String> {
    let mut names = OpNames::default();
    for v in variants {
        encode_variant(&mut names, table, f, *v, conventions);
    }
    let mut have: BTreeSet<String> = ["cons", "nil"].iter().map(|s| s.to_string()).collect();
    have.extend(names.ops.iter().map(|op| op.as_str().to_string()));
    have.into_iter().collect()
}

/// The slice of `rules` for a function whose encoding has the operations `ops` (see
/// [`encoded_ops`]): functions with the same operations share one slice.
pub fn close(rules: &RuleSet, idx: &RuleIndex, ops: &[String]) -> RuleSet {
    let mut have: BTreeSet<String> = ops.iter().cloned().collect();
    let mut taken = vec![false; rules.rules.len()];
    let mut done = vec![false; idx.directions.len()];
    loop {
        let mut changed = false;
        // A rule matches only where every operation of its left side is present.
        for (k, (i, needs, adds)) in idx.directions.iter().enumerate() {
            if done[k] || !needs.iter().all(|o| have.contains(o)) {
                continue;
            }
            done[k] = true;
            taken[*i] = true;
            changed = true;
            for o in adds {
                if !have.contains(o) {
                    have.insert(o.clone());
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Keep the files that contribute, with indices renumbered.
    let mut used_files: BTreeSet<usize> = BTreeSet::new();
    let decls: Vec<_> = rules
        .decls
        .iter()
        .filter(|d| have.contains(&d.name))
        .cloned()
        .collect();
    let kept: Vec<_> = rules
        .rules
        .iter()
        .zip(&taken)
        .filter(|(_, t)| **t)
        .map(|(r, _)| r.clone())
        .collect();
    used_files.extend(decls.iter().map(|d| d.loc.file));
    used_files.extend(kept.iter().map(|r| r.loc.file));
    used_files.extend(rules.phases.iter().map(|p| p.loc.file));
    let files: Vec<usize> = used_files.into_iter().collect();
    let renumber = |f: usize| files.iter().position(|x| *x == f).unwrap_or(0);
    // A file's text serves only to turn spans into line:column, so the slice keeps its line
    // structure up to the last item it uses: edits of comments' content, of tests and of
    // anything after that leave the slice equal.
    let mut ends = vec![0usize; rules.files.len()];
    let mut note = |file: usize, end: u32| {
        if let Some(e) = ends.get_mut(file) {
            *e = (*e).max(end as usize);
        }
    };
    for d in &decls {
        note(d.loc.file, d.loc.span.end);
    }
    for r in &kept {
        note(r.loc.file, r.loc.span.end);
    }
    for p in &rules.phases {
        note(p.loc.file, p.loc.span.end);
    }
    let skeleton = |i: usize| -> Option<RuleSource> {
        let f = rules.files.get(i)?;
        let sk = idx.skeletons.get(i)?;
        let end = ends[i].min(sk.len());
        Some(RuleSource {
            path: f.path.clone(),
            text: sk.get(..end).unwrap_or(sk).to_string(),
        })
    };
    let mut out = RuleSet {
        files: files.iter().filter_map(|i| skeleton(*i)).collect(),
        decls,
        phases: rules.phases.clone(),
        rules: kept,
        tests: Vec::new(),
        decl_index: Default::default(),
    };
    for d in &mut out.decls {
        d.loc.file = renumber(d.loc.file);
    }
    for r in &mut out.rules {
        r.loc.file = renumber(r.loc.file);
    }
    for p in &mut out.phases {
        p.loc.file = renumber(p.loc.file);
    }
    out
}

/// A rule set without positions: every declaration, phase and rule located by number, and
/// the places (`path:line:col`) those numbers stand for. Two slices that differ only in
/// where their rules are written (a comment added above them, a rule inserted before them)
/// are equal once anonymized, so such an edit lowers nothing again; diagnostics that name
/// places are completed afterwards with `restore_places`.
pub fn anonymize(rules: &RuleSet) -> (RuleSet, Vec<String>) {
    let mut out = rules.clone();
    let mut places = Vec::new();
    let mut number = |loc: &mut RuleLoc| {
        places.push(rules.describe(*loc));
        let k = places.len() - 1;
        *loc = RuleLoc {
            file: 0,
            span: kiln_frontend::Span::new(k, k + 1),
        };
    };
    for d in &mut out.decls {
        number(&mut d.loc);
    }
    for p in &mut out.phases {
        number(&mut p.loc);
    }
    for r in &mut out.rules {
        number(&mut r.loc);
    }
    for t in &mut out.tests {
        number(&mut t.loc);
    }
    out.files = vec![RuleSource {
        path: PLACES.to_string(),
        text: String::new(),
    }];
    (out, places)
}
