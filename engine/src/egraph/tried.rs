//! The matches the saturation loop has tried, with what became of each (see `saturate.rs`).
//!
//! A match's key is its rule, its root and its variables' classes, each with the version of
//! the class's facts: a short list of `(u32, u32)` pairs. Keys live one after another in one
//! buffer, and the table holds each key's place in it with the key's hash. Kept as a boxed
//! slice per key in a hash map, as before, every new match was an allocation, and growing
//! the map (a function of a million operations tries millions of matches) rehashed every
//! key by reading it through its pointer: a cache miss per key, which made the map's growth
//! and its pruning after each rebuild a sixth of such a function's lowering. Here a rehash
//! reads only the table, and pruning reads the buffer in order.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// What became of a match tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tried {
    Applied,
    /// Its guard failed, in pass `pass`; `beyond` when it read beyond its classes. With the
    /// same versions a failure is not tried again, except by a full search when it read
    /// beyond (a list's cells may have changed) and the pass is a later one (within one
    /// pass, a change of facts in between gives its classes new versions, and so a new
    /// key).
    Failed {
        pass: u32,
        beyond: bool,
    },
}

/// A key's place in [`TriedMatches::keys`] (its header), and its hash.
#[derive(Clone, Copy)]
struct Entry {
    hash: u64,
    start: u32,
}

/// Where [`TriedMatches::get`] found a key (`at`: its header), or that it found none, with
/// the key's hash: what [`TriedMatches::file`] needs to file it without looking for it a
/// second time (in a table that outgrew the caches, each look is a miss).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    hash: u64,
    at: Option<u32>,
}

/// What [`TriedMatches::rewrite`]'s closure decides for a key it may have rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rewritten {
    /// The match is forgotten.
    Forget,
    /// The key is unchanged.
    Keep,
    /// The key was rewritten in place: its match is now filed under the new key.
    Renamed,
}

/// The state of a key in its header: applied, or failed (`FAILED` plus the pass times two
/// plus `beyond`).
const APPLIED: u32 = 1;
const FAILED: u32 = 2;

fn encode(tried: Tried) -> u32 {
    match tried {
        Tried::Applied => APPLIED,
        Tried::Failed { pass, beyond } => {
            FAILED.saturating_add(pass.saturating_mul(2)) | u32::from(beyond)
        }
    }
}

fn decode(state: u32) -> Tried {
    match state {
        APPLIED => Tried::Applied,
        s => Tried::Failed {
            pass: (s - FAILED) / 2,
            beyond: s & 1 == 1,
        },
    }
}

/// Tried matches by key (see the module documentation).
///
/// Each key is a header `(length, state)` followed by its pairs, in the order the keys were
/// first tried, and [`TriedMatches::rewrite`] keeps that order: a pass searches in the same
/// order as the pass before it (by rule, then class), so its lookups read the buffer
/// nearly in order instead of at random.
#[derive(Default)]
pub(crate) struct TriedMatches {
    table: HashTable<Entry>,
    keys: Vec<(u32, u32)>,
}

/// The key's hash, whose low bits (the table's bucket) follow the key's root class.
///
/// A pass searches by rule, then by class in id order, so consecutive lookups have roots
/// in order. With a hash of the whole key, each one landed in a random bucket: in a
/// function of a million operations the table outgrows the caches, and every lookup was a
/// miss. Here the bucket is about four times the root, plus a spread drawn from the whole
/// key's hash over [`SPREAD`] groups, so consecutive lookups read nearby buckets. The
/// spread keeps the many matches one class can root (a class of many nodes) from piling up
/// in one group. The top bits, which the table compares first, stay those of the whole
/// key's hash.
fn hash_of(key: &[(u32, u32)]) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    let mixed = h.finish();
    let root = key.get(1).map_or(0, |p| u64::from(p.0));
    let near = (root << 2) + (mixed & 3) + (((mixed >> 2) % SPREAD) << 4);
    (mixed & !LOW_BITS) | (near & LOW_BITS)
}

/// How many groups of 16 buckets the keys rooted at one class spread over.
const SPREAD: u64 = 64;

/// The bits of a hash that [`hash_of`] takes from the root (a table of more than 2^40
/// buckets would not fit in memory).
const LOW_BITS: u64 = (1 << 40) - 1;

/// The pairs of the key whose header is at `start`.
fn key_at(keys: &[(u32, u32)], start: u32) -> &[(u32, u32)] {
    let start = start as usize;
    &keys[start + 1..start + 1 + keys[start].0 as usize]
}

impl TriedMatches {
    /// Room for `n` matches of about four pairs each.
    pub fn with_capacity(n: usize) -> TriedMatches {
        TriedMatches {
            table: HashTable::with_capacity(n),
            keys: Vec::with_capacity(n * 5),
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    fn find(
        table: &HashTable<Entry>,
        keys: &[(u32, u32)],
        hash: u64,
        key: &[(u32, u32)],
    ) -> Option<u32> {
        table
            .find(hash, |e| e.hash == hash && key_at(keys, e.start) == key)
            .map(|e| e.start)
    }

    /// What became of the match with this key, if it was tried, and where the key is.
    pub fn get(&self, key: &[(u32, u32)]) -> (Place, Option<Tried>) {
        let hash = hash_of(key);
        let at = Self::find(&self.table, &self.keys, hash, key);
        (
            Place { hash, at },
            at.map(|s| decode(self.keys[s as usize].1)),
        )
    }

    /// Files a key with what became of its match, replacing what it had, at the place
    /// [`TriedMatches::get`] gave for it. No key may be filed (and the table not rewritten)
    /// in between: the saturation loop files a match's key right after applying it, and
    /// applying files nothing else.
    pub fn file(&mut self, place: Place, key: &[(u32, u32)], tried: Tried) {
        debug_assert_eq!(
            place.at,
            Self::find(&self.table, &self.keys, place.hash, key),
            "a key was filed between its lookup and its filing"
        );
        let hash = place.hash;
        match place.at {
            Some(existing) => self.keys[existing as usize].1 = encode(tried),
            None => {
                let start = self.keys.len() as u32;
                self.keys.push((key.len() as u32, encode(tried)));
                self.keys.extend_from_slice(key);
                self.table
                    .insert_unique(hash, Entry { hash, start }, |e| e.hash);
            }
        }
    }

    /// Files `key` (for tests).
    #[cfg(test)]
    pub fn insert(&mut self, key: &[(u32, u32)], tried: Tried) {
        let (place, _) = self.get(key);
        self.file(place, key, tried);
    }

    /// Passes every key to `fix`, in the order the keys were first tried, which may
    /// rewrite it in place (see [`Rewritten`]). Two keys renamed alike become one; an
    /// application wins over a failure. The buffer is compacted in place, in the same
    /// order, to hold only the keys filed, and the table made anew.
    pub fn rewrite(&mut self, mut fix: impl FnMut(&mut [(u32, u32)]) -> Rewritten) {
        self.table.clear();
        let keys = &mut self.keys;
        let mut scratch: Vec<(u32, u32)> = Vec::new();
        // Keys are read at `read` and written back at `write`, which never passes it (a key
        // keeps its length, and the dropped ones free room), so nothing unread is
        // overwritten.
        let (mut read, mut write) = (0, 0);
        while read < keys.len() {
            let (len, state) = keys[read];
            let len = len as usize;
            scratch.clear();
            scratch.extend_from_slice(&keys[read + 1..read + 1 + len]);
            read += 1 + len;
            if fix(&mut scratch) == Rewritten::Forget {
                continue;
            }
            let hash = hash_of(&scratch);
            match Self::find(&self.table, &keys[..write], hash, &scratch) {
                // Only a renamed key can meet one filed before it.
                Some(existing) => {
                    if state == APPLIED {
                        keys[existing as usize].1 = APPLIED;
                    }
                }
                None => {
                    let start = write as u32;
                    keys[write] = (len as u32, state);
                    keys[write + 1..write + 1 + len].copy_from_slice(&scratch);
                    write += 1 + len;
                    self.table
                        .insert_unique(hash, Entry { hash, start }, |e| e.hash);
                }
            }
        }
        keys.truncate(write);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_one_root_and_of_roots_in_order_are_all_found() {
        // One class rooting thousands of matches, and thousands of classes in order: the
        // bucket follows the root (see `hash_of`), and every key must still be found.
        let mut t = TriedMatches::with_capacity(16);
        for i in 0..5000u32 {
            t.insert(&[(3, 0), (7, 0), (i, 0)], Tried::Applied);
            t.insert(&[(3, 0), (i, 0), (i + 1, 1)], Tried::Applied);
        }
        assert_eq!(t.len(), 10000);
        for i in 0..5000u32 {
            assert_eq!(t.get(&[(3, 0), (7, 0), (i, 0)]).1, Some(Tried::Applied));
            assert_eq!(t.get(&[(3, 0), (i, 0), (i + 1, 1)]).1, Some(Tried::Applied));
            assert_eq!(t.get(&[(3, 0), (i, 0), (i + 1, 2)]).1, None);
        }
        // Nearby roots land in nearby buckets: the low bits grow with the root.
        let a = hash_of(&[(3, 0), (1000, 0)]) & LOW_BITS;
        let b = hash_of(&[(3, 0), (2000, 0)]) & LOW_BITS;
        assert!(a < b, "{a} {b}");
    }

    #[test]
    fn finds_what_was_filed_and_merges_renamed_keys() {
        let mut t = TriedMatches::with_capacity(2);
        t.insert(&[(0, 0), (5, 0), (7, 1)], Tried::Applied);
        t.insert(
            &[(0, 0), (5, 0), (8, 1)],
            Tried::Failed {
                pass: 1,
                beyond: false,
            },
        );
        t.insert(&[(1, 0), (9, 0)], Tried::Applied);
        assert_eq!(t.get(&[(0, 0), (5, 0), (7, 1)]).1, Some(Tried::Applied));
        assert_eq!(t.get(&[(0, 0), (5, 0), (9, 1)]).1, None);
        // Refiling replaces.
        t.insert(
            &[(1, 0), (9, 0)],
            Tried::Failed {
                pass: 2,
                beyond: true,
            },
        );
        assert_eq!(t.len(), 3);
        // Class 8 becomes 7: the failure merges into the application, which wins; keys
        // naming class 9 are forgotten.
        t.rewrite(|key| {
            if key.iter().skip(1).any(|(c, _)| *c == 9) {
                return Rewritten::Forget;
            }
            let mut renamed = false;
            for p in key.iter_mut().skip(1) {
                if p.0 == 8 {
                    p.0 = 7;
                    renamed = true;
                }
            }
            if renamed {
                Rewritten::Renamed
            } else {
                Rewritten::Keep
            }
        });
        assert_eq!(t.len(), 1);
        assert_eq!(t.get(&[(0, 0), (5, 0), (7, 1)]).1, Some(Tried::Applied));
        assert_eq!(t.get(&[(1, 0), (9, 0)]).1, None);
        assert_eq!(t.keys.len(), 4, "the buffer keeps only the keys filed");
        // Failures keep their pass and whether they read beyond.
        for tried in [
            Tried::Failed {
                pass: 0,
                beyond: false,
            },
            Tried::Failed {
                pass: 7,
                beyond: true,
            },
        ] {
            assert_eq!(decode(encode(tried)), tried);
        }
    }
}
