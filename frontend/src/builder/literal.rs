//! Literals: integers of up to 128 bits and floats read as MLIR reads them.

use super::*;

impl Builder<'_> {
    pub(super) fn literal(&mut self, value: &Spanned<ast::Literal>, ty: &Type) -> Option<Literal> {
        let Some(s) = ty.scalar() else {
            self.error(
                "verify.invalid-literal",
                value.span,
                format!("a constant cannot have type `{ty}`"),
            );
            return None;
        };
        let bad = |this: &mut Self, msg: String| {
            this.error("verify.invalid-literal", value.span, msg);
            None
        };
        match (&value.node, s.is_float()) {
            (ast::Literal::Bool(b), _) => {
                if s == Scalar::I1 {
                    Some(Literal::Int(IntBits::from(*b as u64)))
                } else {
                    bad(
                        self,
                        format!("boolean literal for type `{s}`; `true` and `false` are `i1`"),
                    )
                }
            }
            (ast::Literal::Int(text), false) => {
                let Some((negative, magnitude)) = parse_wide_int(text) else {
                    return bad(self, format!("integer literal `{text}` is too large"));
                };
                match int_bits(negative, magnitude, s.bits()) {
                    Some(bits) => Some(Literal::Int(bits)),
                    None => bad(
                        self,
                        format!("integer literal `{text}` does not fit in `{s}`"),
                    ),
                }
            }
            (ast::Literal::Int(text), true) => {
                let is_hex = text.trim_start_matches('-').starts_with("0x");
                if !is_hex || text.starts_with('-') {
                    return bad(self, format!("integer literal `{text}` for floating-point type `{s}`; write `{text}.0` (or the bits in hex)"));
                }
                match parse_int(text) {
                    Some(v) if s.bits() == 64 || v < (1i128 << s.bits()) => {
                        Some(Literal::Float(v as u64))
                    }
                    _ => bad(
                        self,
                        format!(
                            "hexadecimal literal `{text}` has more than {} bits",
                            s.bits()
                        ),
                    ),
                }
            }
            (ast::Literal::Float(text), true) => {
                // f32 is parsed directly (not through f64) so the value is rounded once.
                let parsed = match s {
                    Scalar::F32 => text.parse::<f32>().map(|x| (x as f64, x.to_bits() as u64)),
                    _ => text.parse::<f64>().map(|x| (x, float_bits(x, s))),
                };
                let Ok((v, bits)) = parsed else {
                    return bad(self, format!("malformed float literal `{text}`"));
                };
                if v.is_finite() && !bits_finite(bits, s) {
                    return bad(
                        self,
                        format!("float literal `{text}` is out of range for `{s}`"),
                    );
                }
                Some(Literal::Float(bits))
            }
            (ast::Literal::Float(text), false) => bad(
                self,
                format!("floating-point literal `{text}` for integer type `{s}`"),
            ),
        }
    }
}

/// Parses a decimal or `0x` hexadecimal integer literal with optional sign, of up to 128
/// bits: whether it is negative, and its magnitude.
pub fn parse_wide_int(text: &str) -> Option<(bool, u128)> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let v = match digits.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok()?,
        None => digits.parse::<u128>().ok()?,
    };
    Some((neg, v))
}

/// The bits of the integer `-magnitude` (or `magnitude`) at width `w` (1 to 128), if it
/// fits as MLIR reads a literal: signed from -2^(w-1), or unsigned up to 2^w - 1.
pub fn int_bits(negative: bool, magnitude: u128, w: u32) -> Option<IntBits> {
    let w = w.clamp(1, 128);
    let mask = u128::MAX >> (128 - w);
    if negative {
        // Down to -2^(w-1): a magnitude up to 2^(w-1).
        (magnitude <= (1u128 << (w - 1))).then(|| IntBits::new(magnitude.wrapping_neg() & mask))
    } else {
        (magnitude <= mask).then_some(IntBits::new(magnitude))
    }
}

/// Parses a decimal or `0x` hexadecimal integer literal with optional sign, of a magnitude
/// of at most 64 bits.
pub fn parse_int(text: &str) -> Option<i128> {
    let (neg, v) = parse_wide_int(text)?;
    let v = i128::from(u64::try_from(v).ok()?);
    Some(if neg { -v } else { v })
}

/// IEEE bits of `v` rounded to the float type `s`.
pub fn float_bits(v: f64, s: Scalar) -> u64 {
    match s {
        Scalar::F16 => half::f16::from_f64(v).to_bits() as u64,
        Scalar::BF16 => bf16_bits(v) as u64,
        Scalar::F32 => (v as f32).to_bits() as u64,
        _ => v.to_bits(),
    }
}

/// The bits of `v` rounded once to bfloat16 (to nearest, ties to even; a NaN keeps its
/// sign and the top of its payload), as LLVM's `fptrunc double to bfloat` does. Through
/// `f32` rounded to odd (the nearest `f32`, moved a step away from zero when that is even
/// and inexact): rounding to `f32` first and then to nearest would round twice.
pub fn bf16_bits(v: f64) -> u16 {
    let near = v as f32;
    let mut bits = near.to_bits();
    if !v.is_nan() && f64::from(near) != v && bits & 1 == 0 {
        let away = (f64::from(near) < v) == (v > 0.0);
        bits = if away {
            bits.wrapping_add(1)
        } else {
            bits.wrapping_sub(1)
        };
    }
    half::bf16::from_f32(f32::from_bits(bits)).to_bits()
}

#[cfg(test)]
#[test]
fn bf16_rounds_a_double_once() {
    // Just above a tie: up, where rounding through `f32` would make it a tie and round to
    // even.
    assert_eq!(bf16_bits(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3f81);
    assert_eq!(bf16_bits(1.0 + 2f64.powi(-8)), 0x3f80);
    assert_eq!(bf16_bits(1.0 + 3.0 * 2f64.powi(-8)), 0x3f82);
    assert_eq!(
        (bf16_bits(1e-300), bf16_bits(-1e300), bf16_bits(1.3)),
        (0, 0xff80, 0x3fa6)
    );
    assert_eq!(bf16_bits(f64::NAN) & 0x7fc0, 0x7fc0);
}

/// The value of float bits of type `s`, widened to f64.
pub fn float_value(bits: u64, s: Scalar) -> f64 {
    match s {
        Scalar::F16 => half::f16::from_bits(bits as u16).to_f64(),
        Scalar::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        Scalar::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

pub(super) fn bits_finite(bits: u64, s: Scalar) -> bool {
    float_value(bits, s).is_finite()
}

/// Canonical text of an attribute value, as the printer writes it back.
pub fn render_attr(v: &ast::AttrValue) -> String {
    use ast::AttrValue as A;
    let ty = |t: &Option<ast::Type>| {
        t.as_ref()
            .map(|t| format!(" : {}", render_type(t)))
            .unwrap_or_default()
    };
    match v {
        A::Int(s, t) => format!("{s}{}", ty(t)),
        A::Float(s, t) => format!("{s}{}", ty(t)),
        A::Str(s) => format!("\"{s}\""),
        A::Bool(b) => b.to_string(),
        A::Type(t) => render_type(t),
        A::Symbol(s) => format!("@{s}"),
        A::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|i| render_attr(&i.node))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        A::Dict(attrs) => format!(
            "{{{}}}",
            attrs
                .iter()
                .map(|a| match &a.value {
                    Some(v) => format!("{} = {}", a.key.node, render_attr(&v.node)),
                    None => a.key.node.clone(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        A::Enum(k, items) => format!("{k}<{}>", items.join(", ")),
        A::Dialect(text) => text.clone(),
    }
}

/// Text of a syntactic type as written (used for attribute values only).
pub(super) fn render_type(t: &ast::Type) -> String {
    let mut diags = Vec::new();
    match t {
        ast::Type::Function(f) => {
            let ins: Vec<String> = f.inputs.iter().map(render_type).collect();
            let outs: Vec<String> = f.results.iter().map(render_type).collect();
            if outs.len() == 1 {
                format!("({}) -> {}", ins.join(", "), outs[0])
            } else {
                format!("({}) -> ({})", ins.join(", "), outs.join(", "))
            }
        }
        ast::Type::Named(n) => n.node.clone(),
        // A dialect type in an attribute (`{llvm.byval = !llvm.struct<(i64, i64)>}`) is kept
        // as written: it need not be a type a value can have.
        ast::Type::Dialect(d) => d.node.clone(),
        other => resolve_type(other, &mut diags).to_string(),
    }
}

/// Whether a string literal's text (escapes as written) holds a NUL, raw or as `\00`.
pub(super) fn has_nul(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            0 => return true,
            b'\\' if b.get(i + 1..i + 3) == Some(b"00") => return true,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    false
}

#[cfg(test)]
mod wide_literal_tests {
    use super::{int_bits, parse_wide_int};

    #[test]
    pub(super) fn literals_of_up_to_128_bits_fit_as_mlir_reads_them() {
        let bits = |t: &str, w| {
            let (n, m) = parse_wide_int(t)?;
            int_bits(n, m, w).map(|b| b.get())
        };
        assert_eq!(bits("-1", 128), Some(u128::MAX));
        assert_eq!(
            bits("340282366920938463463374607431768211455", 128),
            Some(u128::MAX)
        );
        assert_eq!(
            bits("-170141183460469231731687303715884105728", 128),
            Some(1 << 127)
        );
        assert_eq!(bits("-170141183460469231731687303715884105729", 128), None);
        assert_eq!(bits("340282366920938463463374607431768211456", 128), None);
        assert_eq!(bits("0xFFFFFFFFFFFFFFFFFFFF", 80), Some((1 << 80) - 1));
        assert_eq!(bits("-2", 3), Some(0b110));
        assert_eq!(bits("8", 3), None);
        assert_eq!(bits("-5", 3), None);
    }
}
