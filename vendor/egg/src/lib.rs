#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
/*!

`egg` (**e**-**g**raphs **g**ood) is a e-graph library optimized for equality saturation.

This is the API documentation.

The [tutorial](tutorials) is a good starting point if you're new to
e-graphs, equality saturation, or Rust.

The [tests](https://github.com/egraphs-good/egg/tree/main/tests)
on Github provide some more elaborate examples.

There is also a [paper](https://arxiv.org/abs/2004.03082)
describing `egg` and some of its technical novelties.

## Logging

Many parts of `egg` dump useful logging info using the [`log`](https://docs.rs/log/) crate.
The easiest way to see this info is to use the [`env_logger`](https://docs.rs/env_logger/)
crate in your binary or test.
The simplest way to enable `env_logger` is to put the following line near the top of your `main`:
`env_logger::init();`.
Then, set the environment variable `RUST_LOG=egg=info`, or use `warn` or `debug` instead of info
for less or more logging.

*/
#![doc = "## Simple Example\n```"]
#![doc = include_str!("../tests/simple.rs")]
#![doc = "\n```"]

mod macros;

#[doc(hidden)]
pub mod test;

pub mod tutorials;

mod class_table;
mod dot;
mod eclass;
mod egraph;
mod explain;
mod extract;
mod language;
#[cfg(feature = "lp")]
mod lp_extract;
mod machine;
mod multipattern;
mod pattern;
mod rewrite;
mod run;
mod subst;
mod unionfind;
mod util;

/// A key to identify [`EClass`]es within an
/// [`EGraph`].
#[derive(Clone, Copy, Default, Ord, PartialOrd, Eq, PartialEq)]
#[cfg_attr(feature = "serde-1", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde-1", serde(transparent))]
pub struct Id(u32);

// kiln: the first edit of `PATCH.md` (beside this crate's Cargo.toml).
//
// egg and kiln keep sets and maps keyed by `Id` (egg's queue of classes whose analysis is
// pending; kiln's sets of classes seen), hashed with rustc-hash's FxHasher, whose hash of an
// id is the id times a constant, rotated: consecutive ids land in buckets far apart, so
// once an e-graph outgrows the caches every such lookup misses them. Here an id writes
// the value that FxHasher turns into a hash whose low 32 bits (the bucket, in hashbrown)
// are the id itself and whose high bits (hashbrown's 7-bit tag among them) are the id
// mixed: consecutive ids land in consecutive buckets. Equal ids hash alike under any
// hasher, so this is a valid `Hash`; under another hasher it is merely not placed.

/// rustc-hash 2's FxHasher multiplier, and its inverse modulo 2^64.
const FX_K: u64 = 0xf1357aea2e62a9c5;
const FX_K_INV: u64 = {
    // Newton's iteration doubles the correct low bits each step, from 3 (K·K ≡ 1 mod 8).
    let mut x = FX_K;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(FX_K.wrapping_mul(x)));
        i += 1;
    }
    x
};

/// How far rustc-hash 2's `FxHasher::finish` rotates its state left.
const FX_ROTATE: u32 = 26;

impl std::hash::Hash for Id {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let id = u64::from(self.0);
        // The high half of the id times the golden ratio: mixed enough for the tag.
        let mixed = id.wrapping_mul(0x9e37_79b9_7f4a_7c15) & !0xffff_ffff;
        let hash = mixed | id;
        // FxHasher's state after this write is the value times K (from a state of 0), and
        // `finish` rotates it left: the value is the hash rotated back, times K's inverse.
        state.write_u64(hash.rotate_right(FX_ROTATE).wrapping_mul(FX_K_INV));
    }
}

impl From<usize> for Id {
    fn from(n: usize) -> Id {
        Id(n as u32)
    }
}

impl From<Id> for usize {
    fn from(id: Id) -> usize {
        id.0 as usize
    }
}

impl std::fmt::Debug for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

pub(crate) use {explain::Explain, unionfind::UnionFind};

pub use {
    dot::Dot,
    eclass::EClass,
    egraph::{EGraph, LanguageMapper, SimpleLanguageMapper},
    explain::{
        Explanation, FlatExplanation, FlatTerm, Justification, TreeExplanation, TreeTerm,
        UnionEqualities,
    },
    extract::*,
    language::*,
    multipattern::*,
    pattern::{ENodeOrVar, Pattern, PatternAst, SearchMatches},
    rewrite::{Applier, Condition, ConditionEqual, ConditionalApplier, Rewrite, Searcher},
    run::*,
    subst::{Subst, Var},
    util::*,
};

#[cfg(feature = "lp")]
pub use lp_extract::*;

#[cfg(test)]
fn init_logger() {
    let _ = env_logger::builder().is_test(true).try_init();
}
