//! The LLVM flags an instruction carries: overflow flags (`nsw`, `nuw`) and fast-math
//! flags (`nnan`, `fast`, ...), as MLIR's `overflow<...>` and `fastmath<...>` give them.

use std::fmt;

/// The flags' words, each one bit: the overflow flags, then the fast-math flags in the
/// order of LLVM's `LLVMFastMathFlags` bits.
const WORDS: [&str; 9] = [
    "nsw", "nuw", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
];
/// The bits of the fast-math flags among [`WORDS`].
const FAST: u16 = 0b1_1111_1100;

/// A set of LLVM instruction flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Flags(u16);

impl Flags {
    /// No flag.
    pub const NONE: Flags = Flags(0);

    /// The flags of their text: words separated by spaces, `fast` standing for every
    /// fast-math flag (`"nsw nuw"`, `"fast"`, `"nnan ninf"`). `None` for another word.
    pub fn parse(text: &str) -> Option<Flags> {
        let mut bits = 0;
        for w in text.split_whitespace() {
            bits |= match w {
                "fast" => FAST,
                "none" => 0,
                w => 1 << WORDS.iter().position(|x| *x == w)?,
            };
        }
        Some(Flags(bits))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `nsw`: the result is poison where it wraps as a signed number.
    pub fn nsw(self) -> bool {
        self.0 & 1 != 0
    }

    /// `nuw`: the result is poison where it wraps as an unsigned number.
    pub fn nuw(self) -> bool {
        self.0 & 2 != 0
    }

    /// `nnan`: the result is poison where an operand or the result is a NaN.
    pub fn nnan(self) -> bool {
        self.0 & 8 != 0
    }

    /// `ninf`: the result is poison where an operand or the result is an infinity.
    pub fn ninf(self) -> bool {
        self.0 & 16 != 0
    }

    /// The fast-math flags as LLVM's C API gives them (`LLVMFastMathFlags`: reassoc is
    /// bit 0, ..., afn bit 6).
    pub fn fast_math(self) -> u32 {
        u32::from((self.0 & FAST) >> 2)
    }

    /// The words of the flags in LLVM's order, `fast` for every fast-math flag.
    pub fn words(self) -> Vec<&'static str> {
        let mut out: Vec<&str> = WORDS[..2]
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, w)| *w)
            .collect();
        if self.0 & FAST == FAST {
            out.push("fast");
        } else {
            out.extend(
                WORDS
                    .iter()
                    .enumerate()
                    .skip(2)
                    .filter(|(i, _)| self.0 & (1 << i) != 0)
                    .map(|(_, w)| *w),
            );
        }
        out
    }
}

impl fmt::Display for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::Flags;

    #[test]
    fn flags_read_and_print_back_in_llvms_order() {
        let f = Flags::parse("nuw nsw").expect("known words");
        assert!(f.nsw() && f.nuw() && f.fast_math() == 0);
        assert_eq!(f.to_string(), "nsw nuw");
        let fast = Flags::parse("fast").expect("known words");
        assert_eq!(fast.fast_math(), 0x7f);
        assert_eq!(fast.to_string(), "fast");
        let some = Flags::parse("ninf nnan").expect("known words");
        assert!(some.nnan() && some.ninf() && !some.nsw());
        assert_eq!(some.fast_math(), 0b110);
        assert_eq!(some.to_string(), "nnan ninf");
        assert_eq!(Flags::parse("bogus"), None);
        assert!(Flags::parse("none").is_some_and(Flags::is_empty));
    }
}
