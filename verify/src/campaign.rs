//! Campaigns in slices: a seeded campaign of `kiln verify` cut into disjoint shards that any
//! batch engine can run apart (a Slurm array, a Kubernetes indexed job, a CI matrix, Ray
//! through the Python package's `kiln.cluster`), and what a shard reports back.
//!
//! Case `i` of a campaign from seed `s` is the program and arguments of seed `s + i`, so a
//! shard is a range of case indices: shard `I` of `N` runs cases
//! `[cases·I/N, cases·(I+1)/N)`. The shards of a campaign are disjoint and their union is
//! exactly `0..cases`, whatever `N` is.

use super::{Counterexample, Failure, Program, Size, Verifier};
use std::ops::Range;

/// Slice `index` (from 0) of `count` disjoint slices of a campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u64,
    /// How many slices the campaign is cut into (at least 1).
    pub count: u64,
}

impl Shard {
    /// The whole campaign: one slice.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Slice `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || index >= count {
            return Err(format!(
                "shard {index}/{count}: the index must be below the count (0/{count} to {}/{count})",
                count.saturating_sub(1)
            ));
        }
        Ok(Shard { index, count })
    }

    /// `I/N`, as `kiln verify --shard` takes it.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not a shard: expected I/N, as 3/8"))?;
        let number = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{text}` is not a shard: `{s}` is not a number"))
        };
        Shard::new(number(index)?, number(count)?)
    }

    /// The case indices of this shard in a campaign of `cases` cases.
    pub fn cases(self, cases: u64) -> Range<u64> {
        let at = |i: u64| (cases as u128 * i as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A failing case as a campaign found it, before shrinking: its program is generated again
/// from its seed ([`Verifier::counterexample_of`]).
#[derive(Clone, Debug)]
pub struct Found {
    /// The case's seed.
    pub seed: u64,
    /// The generated program.
    pub program: Program,
    /// What went wrong.
    pub failure: Failure,
}

/// What a run of cases found: how many ran, and every failing one (in seed order).
#[derive(Clone, Debug, Default)]
pub struct Campaign {
    /// Cases run.
    pub cases: u64,
    /// The failing cases, unshrunk, in seed order.
    pub found: Vec<Found>,
}

impl Failure {
    /// The kind of failure, in one word: `generator`, `round-trip`, `lowering` or
    /// `mismatch` (what groups counterexamples, with the rule blamed first).
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Generator(_) => "generator",
            Failure::RoundTrip(_) => "round-trip",
            Failure::Lowering(_) => "lowering",
            Failure::Mismatch { .. } => "mismatch",
        }
    }
}

impl Counterexample {
    /// The rule its blame ranks first (`None` when no rule is blamed: a generator failure,
    /// or a program no rule fired on).
    pub fn first_blamed(&self) -> Option<&str> {
        self.blame.first().map(|s| s.rule.as_str())
    }
}

impl Verifier {
    /// The case of seed `seed` (program and arguments), shrunk and blamed if it fails;
    /// `None` when it passes.
    pub fn counterexample_of(&self, seed: u64, size: Size) -> Option<Box<Counterexample>> {
        let program = Program::generate(seed, size);
        match self.check(&program, seed) {
            Ok(()) => None,
            Err(failure) => Some(self.counterexample(Found {
                seed,
                program,
                failure,
            })),
        }
    }
}
