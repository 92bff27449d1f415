//! The deterministic generator every random choice of kiln's draws from: the equivalence
//! check's programs and values (`kiln verify`), the fuzzer's mutations (`kiln fuzz`) and
//! the tests' random edits. splitmix64 (Steele, Lea and Flood, "Fast splittable
//! pseudorandom number generators", 2014): a seed gives the same sequence on every machine,
//! so a case, a finding or a failure is reproduced from its seed alone, and any seed,
//! zero included, starts a full-period sequence.

/// A splitmix64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence is determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// An index into a collection of `len` items (0 when it is empty).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// One of `items`, which must not be empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// `true` with a chance of `percent` in 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The sequence is splitmix64's (its reference implementation's first outputs for seed
    /// 0), so seeds written down in tests and reports keep meaning the same cases.
    #[test]
    fn the_sequence_is_splitmix64() {
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn choices_stay_in_range() {
        let mut r = Rng::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
            assert!(r.index(n as usize) < n as usize);
        }
        assert_eq!(r.below(0), 0);
        assert_eq!(r.index(0), 0);
        assert_eq!(r.pick(&[3]), 3);
        assert!(!r.chance(0));
        assert!(r.chance(100));
    }
}
