//! The hash of the builder's tables of value names and block labels: consecutive numbered
//! names (`%12`, `%13`; `^bb7`, `^bb8`) land in consecutive buckets.
//!
//! Large functions are written by programs, which number their values and blocks, and a
//! value is mostly used soon after its definition. A hash that scatters `%v100000` and
//! `%v100001` across a table of millions of entries makes nearly every lookup a miss in
//! every cache (in a function of 10^6 blocks, the functions that bind and resolve names
//! took 14–47 times as long as for 10^5, by flat profiles). So a name is split into its
//! stem and its trailing digits: the stem, the number of digits (so that `x01` and `x1`
//! differ) and the run of 16 numbers the digits fall in are hashed with Fx, and the
//! number's place in its run is added to that hash. Sixteen consecutive names of a stem
//! then fill sixteen consecutive buckets, and a use finds its definition's bucket among the
//! recently touched ones; the runs themselves scatter like any hash (one run per stem would
//! make one long cluster of occupied buckets that other stems' names must probe past).
//! Names without digits are hashed as Fx hashes them. Lookups stay exact: a collision only
//! costs a comparison of the names, as with any hash.

use rustc_hash::FxHasher;
use std::hash::{BuildHasher, Hasher};

/// Builds a [`NameHasher`] for tables keyed by names (`HashMap<&str, _, NameHash>`).
#[derive(Clone, Copy, Debug, Default)]
pub struct NameHash;

impl BuildHasher for NameHash {
    type Hasher = NameHasher;

    fn build_hasher(&self) -> NameHasher {
        NameHasher(0)
    }
}

/// How many consecutive numbers share a run of buckets. One run per stem would be one
/// cluster of occupied buckets as long as the function, which the names of another stem
/// would have to probe past (10^6 blocks took 1.3 times as long to build); runs of a
/// table group's width scatter like any hash and keep 16 neighbours together.
const RUN: u64 = 16;

/// The most trailing digits read as a number: 18 decimal digits always fit in a `u64`.
const MAX_DIGITS: usize = 18;

/// Hashes a name's stem with Fx and adds its trailing number (see the module's docs).
pub struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let digits = bytes
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count()
            .min(MAX_DIGITS);
        let (stem, number) = bytes.split_at(bytes.len() - digits);
        let value = number
            .iter()
            .fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
        let mut fx = FxHasher::default();
        fx.write(stem);
        fx.write_usize(digits);
        fx.write_u64(value / RUN);
        self.0 = (self.0 ^ fx.finish()).wrapping_add(value % RUN);
    }

    /// `str`'s hash ends with a terminator byte, the same for every name: nothing to add.
    fn write_u8(&mut self, _: u8) {}

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(name: &str) -> u64 {
        NameHash.hash_one(name)
    }

    #[test]
    fn consecutive_numbered_names_hash_to_consecutive_values() {
        assert_eq!(hash("v100001"), hash("v100000").wrapping_add(1));
        assert_eq!(hash("bb8"), hash("bb7").wrapping_add(1));
        assert_eq!(hash("18"), hash("17").wrapping_add(1));
        // A new run of 16 starts elsewhere.
        assert_ne!(hash("v100016"), hash("v100015").wrapping_add(1));
    }

    #[test]
    fn stems_and_digit_counts_are_told_apart() {
        assert_ne!(hash("x1"), hash("x01"));
        assert_ne!(hash("x1"), hash("y1"));
        assert_ne!(hash("arg"), hash("args"));
        // Names longer than the digits read still hash by their whole text.
        assert_ne!(hash("v1234567890123456789"), hash("v2234567890123456789"));
    }

    #[test]
    fn a_table_keyed_by_names_finds_every_name() {
        let mut table: std::collections::HashMap<String, usize, NameHash> = Default::default();
        let names: Vec<String> = (0..5000)
            .flat_map(|i| {
                [
                    format!("v{i}"),
                    format!("v0{i}"),
                    format!("b{i}"),
                    format!("{i}"),
                ]
            })
            .chain(["x".to_string(), "".to_string(), "9".repeat(30)])
            .collect();
        for (i, n) in names.iter().enumerate() {
            assert!(table.insert(n.clone(), i).is_none(), "{n} inserted twice");
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(table.get(n.as_str()), Some(&i));
        }
        assert_eq!(table.get("v5000"), None);
    }
}
