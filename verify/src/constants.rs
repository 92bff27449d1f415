//! Interesting integer constants: the values where integer rules go wrong. A rule that is
//! off by one in a power of two (`x * 8` rewritten to `x << 4`), that forgets the sign bit
//! or that overflows at the edge of a width is only caught when an operand is exactly such
//! a value, and uniformly random 64-bit numbers almost never are. Both the program generator
//! (`program.rs`, through [`literal`]) and the rule-by-rule check (`rules.rs`) draw from
//! [`interesting`].

use kiln_frontend::types::Scalar;

/// How many distinct kinds of interesting value [`interesting`] chooses among.
const KINDS: u64 = 11;

/// An interesting value of an integer type `width` bits wide (1 to 64), chosen by `choice`,
/// read as signed at that width (kiln's form of an integer constant): 0, ±1, a power of two
/// or one of its neighbours, the signed minimum and maximum (and their neighbours), all
/// ones, or an alternating or nibble bit pattern.
pub fn interesting(width: u32, choice: u64) -> i64 {
    let w = width.clamp(1, 64);
    let k = choice % KINDS;
    let rest = choice / KINDS;
    // A power of two below the width, and which neighbour of it.
    let shift = (rest % u64::from(w)) as u32;
    let pow = 1u64.wrapping_shl(shift);
    let raw: u64 = match k {
        0 => 0,
        1 => 1,
        2 => u64::MAX, // -1
        3 => pow,
        4 => pow.wrapping_sub(1),
        5 => pow.wrapping_add(1),
        6 => 1u64 << (w - 1), // the signed minimum
        7 => (1u64 << (w - 1)).wrapping_sub(1),
        8 => (1u64 << (w - 1)).wrapping_add(1),
        9 => [0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA][(rest % 2) as usize],
        _ => [
            0x0F0F_0F0F_0F0F_0F0F,
            0xF0F0_F0F0_F0F0_F0F0,
            0x00FF_00FF_00FF_00FF,
        ][(rest % 3) as usize],
    };
    sign_extend(w, raw)
}

/// The generator's integer literal of type `t` chosen by `bits`: mostly small numbers, else
/// an interesting one ([`interesting`]) or anything of the width (`true`/`false` for `i1`).
pub fn literal(t: Scalar, bits: u64) -> String {
    if t == Scalar::I1 {
        return if bits & 1 == 1 { "true" } else { "false" }.to_string();
    }
    let w = t.bits();
    if w > 64 {
        return wide_literal(w, bits).to_string();
    }
    let v = sign_extend(w, bits);
    match bits % 8 {
        0 | 1 => v,
        2 | 3 => interesting(w, bits >> 3),
        _ => (v % 16).abs() - 3,
    }
    .to_string()
}

/// A literal of an integer wider than 64 bits chosen by `bits`: a small number, an
/// interesting value of 64 bits widened (its sign or its zeros), or one at the wide width's
/// own edges (the signed minimum and maximum, -1, a power of two beyond 64 bits).
fn wide_literal(w: u32, bits: u64) -> i128 {
    let rest = bits >> 3;
    let w = w.clamp(65, 128);
    let sh = 128 - w;
    match bits % 8 {
        0 | 1 => i128::from(interesting(64, rest)),
        2 => i128::from(interesting(64, rest) as u64),
        // The signed minimum and maximum of the width.
        3 => i128::MIN >> sh,
        4 => i128::MAX >> sh,
        // A power of two beyond 64 bits, read as signed at the width.
        5 => ((1i128 << (64 + rest % u64::from(w - 64))) << sh) >> sh,
        _ => i128::from((sign_extend(64, bits) % 16).abs() - 3),
    }
}

#[cfg(test)]
mod wide_tests {
    /// Every choice gives a value of the width, its edges among them.
    #[test]
    fn wide_literals_fit_their_width() {
        for w in [65u32, 100, 128] {
            let (min, max) = (i128::MIN >> (128 - w), i128::MAX >> (128 - w));
            let values: Vec<i128> = (0..4000u64).map(|b| super::wide_literal(w, b)).collect();
            assert!(values.iter().all(|v| (min..=max).contains(v)), "i{w}");
            assert!(values.contains(&min) && values.contains(&max), "i{w}");
        }
    }
}

/// `raw`'s low `w` bits, read as signed.
fn sign_extend(w: u32, raw: u64) -> i64 {
    if w >= 64 {
        raw as i64
    } else {
        let sh = 64 - w;
        ((raw << sh) as i64) >> sh
    }
}

/// The integers a rule's guards and computed parts mention (and each one's neighbours), so
/// that the rule-by-rule check can instantiate a left side that a guard like
/// `(== (const ?c) 8)` accepts.
pub fn mentioned(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut word = String::new();
    for ch in text.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_alphanumeric() || ch == '-' || ch == '_' || ch == '?' {
            word.push(ch);
            continue;
        }
        let parsed = if let Some(hex) = word.strip_prefix("0x") {
            i64::from_str_radix(hex, 16).ok()
        } else {
            word.parse::<i64>().ok()
        };
        if let Some(x) = parsed {
            for v in [x, x.wrapping_sub(1), x.wrapping_add(1)] {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        word.clear();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_fits_its_width() {
        for w in [1u32, 8, 16, 32, 64] {
            for c in 0..200u64 {
                let v = interesting(w, c);
                let (lo, hi) = if w == 64 {
                    (i64::MIN, i64::MAX)
                } else {
                    (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
                };
                assert!(lo <= v && v <= hi, "{v} at width {w}");
            }
        }
    }

    #[test]
    fn powers_of_two_and_neighbours_come_up() {
        let seen: Vec<i64> = (0..2000).map(|c| interesting(32, c)).collect();
        for v in [8, 7, 9, i64::from(i32::MIN), i64::from(i32::MAX), -1, 0] {
            assert!(seen.contains(&v), "{v} never chosen");
        }
    }

    #[test]
    fn guard_constants_are_found_with_neighbours() {
        assert_eq!(mentioned("(== (const ?c) 8)"), vec![8, 7, 9]);
        assert_eq!(mentioned("(> ?x2 0x10)"), vec![16, 15, 17]);
    }
}
