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
    /// Its guard failed, in pass `pass`; `read_outside` when it read classes outside its
    /// match. With the same versions a failure is not tried again, except by a full search
    /// when it read outside it (a list's cells may have changed) and the pass is a later one
    /// (within one pass, a change of facts in between gives its classes new versions, and so
    /// a new key).
    Failed {
        pass: u32,
        read_outside: bool,
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
/// plus `read_outside`).
const APPLIED: u32 = 1;
const FAILED: u32 = 2;

fn encode(tried: Tried) -> u32 {
    match tried {
        Tried::Applied => APPLIED,
        Tried::Failed { pass, read_outside } => {
            FAILED.saturating_add(pass.saturating_mul(2)) | u32::from(read_outside)
        }
    }
}

fn decode(state: u32) -> Tried {
    match state {
        APPLIED => Tried::Applied,
        s => Tried::Failed {
            pass: (s - FAILED) / 2,
            read_outside: s & 1 == 1,
        },
    }
}

/// Tried matches by key (see the module documentation).
///
/// Each key is a header `(length, state)` followed by its pairs, in the order the keys were
/// first tried, and [`TriedMatches::rewrite`] keeps that order: a pass searches in the same
/// order as the pass before it (by rule, then class), so its lookups read the buffer
/// nearly in order instead of at random.
pub(crate) struct TriedMatches {
    table: HashTable<Entry>,
    keys: Vec<(u32, u32)>,
    /// Whether a key's bucket follows its newest class (see [`hash_of`]). Cleared, for good,
    /// once one class anchors [`CROWDED`] keys: every key is then hashed whole.
    near: bool,
    /// How many keys each class anchors, by id, saturating at [`CROWDED`] (while `near`).
    anchored: Vec<u8>,
}

/// The class a key's bucket follows: its newest (the highest id among its root and
/// variables' classes).
fn anchor(key: &[(u32, u32)]) -> u32 {
    key.iter().skip(1).map(|p| p.0).max().unwrap_or(0)
}

/// The key's hash; with `near`, one whose low bits (the table's bucket) follow the key's
/// newest class.
///
/// A pass searches by rule, then by class in id order, and a match's classes are mostly
/// its root and the classes just below it. With a hash of the whole key, each lookup
/// landed in a random bucket: in a function of a million operations the table outgrows
/// the caches, and every lookup was a miss. Here the bucket is about four times the
/// newest class's id, plus a spread drawn from the whole key's hash over [`SPREAD`] groups
/// of 16 buckets, so consecutive lookups read nearby buckets. The newest class rather than
/// the root: one class can root a match per block of a function (a shared list's tail),
/// whose newest classes differ. The top bits, which the table compares first, stay those
/// of the whole key's hash.
fn hash_of(key: &[(u32, u32)], near: bool) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    let mixed = h.finish();
    if !near {
        return mixed;
    }
    let bucket = (u64::from(anchor(key)) << 2) + (mixed & 3) + (((mixed >> 2) % SPREAD) << 4);
    (mixed & !LOW_BITS) | (bucket & LOW_BITS)
}

/// How many groups of 16 buckets the keys anchored at one class spread over.
const SPREAD: u64 = 64;

/// How many keys one class may anchor before every key is hashed whole: enough for the
/// matches any class of a lowered function anchors, few enough that they fill no more than
/// a few groups of the [`SPREAD`], so that no lookup probes long.
const CROWDED: u8 = u8::MAX;

/// The bits of a hash that [`hash_of`] takes from the anchor (a table of more than 2^40
/// buckets would not fit in memory).
const LOW_BITS: u64 = (1 << 40) - 1;

/// The pairs of the key whose header is at `start`.
fn key_at(keys: &[(u32, u32)], start: u32) -> &[(u32, u32)] {
    let start = start as usize;
    &keys[start + 1..start + 1 + keys[start].0 as usize]
}

impl TriedMatches {
    /// Room for `n` matches of about four pairs each; `near` for a large e-graph, whose
    /// table outgrows the caches (see [`hash_of`]). A small one's table stays in the caches
    /// when read at random. With anchors counted in small ones too, a memref-heavy
    /// lowering took 2% more instructions, in one measurement.
    pub fn new(n: usize, near: bool) -> TriedMatches {
        TriedMatches {
            table: HashTable::with_capacity(n),
            keys: Vec::with_capacity(n * 5),
            near,
            anchored: Vec::new(),
        }
    }

    /// Counts a key filed anew at its anchor; returns whether that class is now crowded.
    fn count(&mut self, key: &[(u32, u32)]) -> bool {
        if !self.near {
            return false;
        }
        let a = anchor(key) as usize;
        if a >= self.anchored.len() {
            self.anchored.resize(a + 1, 0);
        }
        let n = &mut self.anchored[a];
        *n = n.saturating_add(1);
        *n == CROWDED
    }

    /// From now on, hashes every key whole, and files every key again so.
    fn hash_whole(&mut self) {
        self.near = false;
        self.anchored = Vec::new();
        self.table.clear();
        let mut at = 0;
        while at < self.keys.len() {
            let key = key_at(&self.keys, at as u32);
            let hash = hash_of(key, false);
            let start = at as u32;
            self.table
                .insert_unique(hash, Entry { hash, start }, |e| e.hash);
            at += 1 + key.len();
        }
    }

    /// Every key, in the order the keys were first tried.
    pub fn keys(&self) -> impl Iterator<Item = &[(u32, u32)]> + '_ {
        let mut at = 0;
        std::iter::from_fn(move || {
            if at >= self.keys.len() {
                return None;
            }
            let key = key_at(&self.keys[at..], 0);
            at += 1 + key.len();
            Some(key)
        })
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
        let hash = hash_of(key, self.near);
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
                if self.count(key) {
                    self.hash_whole();
                }
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
        // A renamed key may have a new anchor: the keys are counted again as they are filed.
        self.anchored.fill(0);
        let mut crowded = false;
        let mut keys = std::mem::take(&mut self.keys);
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
            let hash = hash_of(&scratch, self.near);
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
                    crowded |= self.count(&scratch);
                }
            }
        }
        keys.truncate(write);
        self.keys = keys;
        if crowded {
            self.hash_whole();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_one_root_and_of_roots_in_order_are_all_found() {
        // One class rooting thousands of matches, and thousands of classes in order: the
        // bucket follows the root (see `hash_of`), and every key must still be found.
        let mut t = TriedMatches::new(16, true);
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
        assert!(t.near, "no class anchors more than two keys");
        // A class anchoring thousands of keys (a root whose variables are all older): past
        // `CROWDED` of them, every key is hashed whole, and every key is still found,
        // before and after a rewrite.
        for i in 0..5000u32 {
            t.insert(&[(4, 0), (9000, 0), (i, 0)], Tried::Applied);
        }
        assert!(!t.near);
        t.rewrite(|_| Rewritten::Keep);
        assert_eq!(t.len(), 15000);
        for i in 0..5000u32 {
            assert_eq!(t.get(&[(4, 0), (9000, 0), (i, 0)]).1, Some(Tried::Applied));
            assert_eq!(t.get(&[(3, 0), (i, 0), (i + 1, 1)]).1, Some(Tried::Applied));
        }
        // Nearby anchors land in nearby buckets: the low bits grow with the anchor.
        let a = hash_of(&[(3, 0), (1000, 0)], true) & LOW_BITS;
        let b = hash_of(&[(3, 0), (2000, 0)], true) & LOW_BITS;
        assert!(a < b, "{a} {b}");
    }

    #[test]
    fn finds_what_was_filed_and_merges_renamed_keys() {
        let mut t = TriedMatches::new(2, true);
        t.insert(&[(0, 0), (5, 0), (7, 1)], Tried::Applied);
        t.insert(
            &[(0, 0), (5, 0), (8, 1)],
            Tried::Failed {
                pass: 1,
                read_outside: false,
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
                read_outside: true,
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
        // Failures keep their pass and whether they read outside their match.
        for tried in [
            Tried::Failed {
                pass: 0,
                read_outside: false,
            },
            Tried::Failed {
                pass: 7,
                read_outside: true,
            },
        ] {
            assert_eq!(decode(encode(tried)), tried);
        }
    }
}
