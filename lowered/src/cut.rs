//! Where a sequence of named items is cut into runs: after an item whose name's fixed hash
//! says so, between a least and a greatest length.
//!
//! The engine cuts a file's functions into groups (the memos an edit reads again, and the
//! pieces of the file's reflection symbols), and the backend cuts a program's pieces into
//! the units it compiles apart and the parts it optimizes apart. Each cuts by names rather
//! than by position: adding or removing an item then changes its own run, and at most the
//! next one, where runs cut by position all shift after it. The hash has no seed and is the
//! same on every machine, so every run of every build cuts alike.

/// A fixed hash (FNV-1a, 64 bits) of a name: where a name falls decides which run holds it.
pub fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How a sequence is cut into runs: a run ends after an item one name in `every` ends (by
/// [`name_hash`]) once it holds `least` items, and always at `most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cuts {
    /// About one name in this many ends a run.
    pub every: u64,
    /// No run ends by a name before it holds this many items (the last run may be shorter).
    pub least: usize,
    /// No run holds more items than this.
    pub most: usize,
}

impl Cuts {
    /// Whether a run of `len` items ends after its last, whose name hashes to `hash`.
    pub fn ends(self, len: usize, hash: u64) -> bool {
        (len >= self.least && hash.is_multiple_of(self.every)) || len >= self.most
    }

    /// The runs of a sequence whose items' names hash to `hashes`, in order.
    pub fn runs(self, hashes: impl IntoIterator<Item = u64>) -> Vec<std::ops::Range<usize>> {
        let mut runs = Vec::new();
        let mut start = 0;
        let mut end = 0;
        for (i, hash) in hashes.into_iter().enumerate() {
            end = i + 1;
            if self.ends(end - start, hash) {
                runs.push(start..end);
                start = end;
            }
        }
        if start < end {
            runs.push(start..end);
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv_1a() {
        assert_eq!(name_hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(name_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn runs_cover_the_sequence_within_their_bounds() {
        let cuts = Cuts {
            every: 4,
            least: 2,
            most: 6,
        };
        let names: Vec<String> = (0..200).map(|i| format!("f{i}")).collect();
        let runs = cuts.runs(names.iter().map(|n| name_hash(n)));
        assert_eq!(runs.first().map(|r| r.start), Some(0));
        assert_eq!(runs.last().map(|r| r.end), Some(names.len()));
        for pair in runs.windows(2) {
            assert_eq!(pair[0].end, pair[1].start);
        }
        for run in &runs[..runs.len() - 1] {
            assert!((cuts.least..=cuts.most).contains(&run.len()), "{run:?}");
        }
    }

    #[test]
    fn removing_an_item_leaves_the_runs_away_from_it() {
        let cuts = Cuts {
            every: 8,
            least: 4,
            most: 16,
        };
        let names: Vec<String> = (0..400).map(|i| format!("kernel_{i}")).collect();
        let removed = 150;
        let fewer: Vec<&String> = names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| (i != removed).then_some(n))
            .collect();
        // The names that end runs: the same before the removed item, and again a few runs
        // after it.
        let ends = |names: &[&String]| -> Vec<String> {
            cuts.runs(names.iter().map(|n| name_hash(n)))
                .iter()
                .map(|r| names[r.end - 1].clone())
                .collect()
        };
        let all: Vec<&String> = names.iter().collect();
        let (before, after) = (ends(&all), ends(&fewer));
        let far = |n: &String| {
            let i: usize = n["kernel_".len()..].parse().unwrap_or(0);
            !(removed..removed + 3 * cuts.most).contains(&i)
        };
        let kept = |v: &[String]| v.iter().filter(|n| far(n)).cloned().collect::<Vec<_>>();
        assert_eq!(kept(&before), kept(&after));
    }
}
