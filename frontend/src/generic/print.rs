//! MLIR's printed form of attributes and types, as `mlir-opt` writes them: what `str()` of
//! an attribute or a type gives in the Python API.

use std::fmt::{self, Display, Formatter, Write};

use super::model::*;

fn shape_prefix(f: &mut Formatter<'_>, shape: &[Option<i64>]) -> fmt::Result {
    for d in shape {
        match d {
            Some(d) => write!(f, "{d}x")?,
            None => f.write_str("?x")?,
        }
    }
    Ok(())
}

fn list<T: Display>(f: &mut Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl Display for Ty {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Integer { width, signedness } => match signedness {
                Signedness::Signless => write!(f, "i{width}"),
                Signedness::Signed => write!(f, "si{width}"),
                Signedness::Unsigned => write!(f, "ui{width}"),
            },
            Ty::Index => f.write_str("index"),
            Ty::Float(k) => f.write_str(k.name()),
            Ty::None => f.write_str("none"),
            Ty::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                f.write_str("memref<")?;
                shape_prefix(f, shape)?;
                write!(f, "{element}")?;
                if let Some(l) = layout {
                    write!(f, ", {l}")?;
                }
                if let Some(m) = memory_space {
                    memory_space_text(f, m)?;
                }
                f.write_str(">")
            }
            Ty::UnrankedMemRef {
                element,
                memory_space,
            } => {
                write!(f, "memref<*x{element}")?;
                if let Some(m) = memory_space {
                    memory_space_text(f, m)?;
                }
                f.write_str(">")
            }
            Ty::Tensor {
                shape,
                element,
                encoding,
            } => {
                f.write_str("tensor<")?;
                shape_prefix(f, shape)?;
                write!(f, "{element}")?;
                if let Some(e) = encoding {
                    write!(f, ", {e}")?;
                }
                f.write_str(">")
            }
            Ty::UnrankedTensor { element } => write!(f, "tensor<*x{element}>"),
            Ty::Vector {
                shape,
                scalable,
                element,
            } => {
                f.write_str("vector<")?;
                for (d, s) in shape.iter().zip(scalable) {
                    if *s {
                        write!(f, "[{d}]x")?;
                    } else {
                        write!(f, "{d}x")?;
                    }
                }
                write!(f, "{element}>")
            }
            Ty::Complex(e) => write!(f, "complex<{e}>"),
            Ty::Tuple(items) => {
                f.write_str("tuple<")?;
                list(f, items)?;
                f.write_str(">")
            }
            Ty::Function { inputs, results } => {
                f.write_str("(")?;
                list(f, inputs)?;
                f.write_str(") -> ")?;
                match results.as_slice() {
                    [one] if !matches!(one, Ty::Function { .. }) => write!(f, "{one}"),
                    _ => {
                        f.write_str("(")?;
                        list(f, results)?;
                        f.write_str(")")
                    }
                }
            }
            Ty::Opaque { dialect, data } => opaque(f, '!', dialect, data),
        }
    }
}

/// A memory space: an `i64` integer without its type, as MLIR elides it there.
fn memory_space_text(f: &mut Formatter<'_>, m: &Attribute) -> fmt::Result {
    match m {
        Attribute::Integer { value, ty } if *ty == Ty::int(64) => write!(f, ", {value}"),
        other => write!(f, ", {other}"),
    }
}

fn opaque(f: &mut Formatter<'_>, sigil: char, dialect: &str, data: &str) -> fmt::Result {
    // `dialect.name...` when the data starts as an identifier, else `dialect<data>`.
    let pretty = data
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && data
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.')
            .count()
            > 0
        && (data.ends_with('>')
            || data
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.'));
    if pretty {
        write!(f, "{sigil}{dialect}.{data}")
    } else {
        write!(f, "{sigil}{dialect}<{data}>")
    }
}

/// A float as MLIR prints it: `%e` with six digits when that reads back to the same value
/// of the type, else the shortest decimal form that does, else the bits in hexadecimal.
pub fn float_text(value: f64, ty: &Ty) -> String {
    if value.is_finite() {
        let short = exponent_form(value);
        if reads_back(&short, value, ty) {
            return short;
        }
        let long = natural_form(value, ty);
        if long.contains('.') {
            return long;
        }
    }
    match ty {
        Ty::Float(FloatKind::F16) => format!("0x{:04X}", half::f16::from_f64(value).to_bits()),
        Ty::Float(FloatKind::BF16) => format!("0x{:04X}", half::bf16::from_f64(value).to_bits()),
        Ty::Float(FloatKind::F32) => format!("0x{:08X}", (value as f32).to_bits()),
        _ => format!("0x{:016X}", value.to_bits()),
    }
}

/// LLVM's `APFloat::toString` with its defaults: the type's natural number of significant
/// digits, trailing zeros dropped, plain notation unless that needs more than three padding
/// zeros, else `d.dddE+XX`.
fn natural_form(value: f64, ty: &Ty) -> String {
    let precision = match ty {
        Ty::Float(FloatKind::F16) => 5,
        Ty::Float(FloatKind::BF16) => 4,
        Ty::Float(FloatKind::F32) => 9,
        _ => 17,
    };
    let s = format!("{:.*e}", precision - 1, value.abs());
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let n = digits.len() as i64;
    // The exponent of the last significant digit.
    let last = exp - (n - 1);
    if last >= 0 {
        if last <= 3 {
            return format!("{sign}{digits}{}", "0".repeat(last as usize));
        }
    } else if exp >= 0 {
        let (int, frac) = digits.split_at((exp + 1) as usize);
        return format!("{sign}{int}.{frac}");
    } else if -exp - 1 <= 3 {
        return format!("{sign}0.{}{digits}", "0".repeat((-exp - 1) as usize));
    }
    let (first, rest) = digits.split_at(1);
    let rest = if rest.is_empty() { "0" } else { rest };
    let esign = if exp < 0 { '-' } else { '+' };
    format!("{sign}{first}.{rest}E{esign}{:02}", exp.abs())
}

/// `%e` as `APFloat::toString(6, 0, false)` writes it: six significant digits, then a
/// zero to fill the six decimals.
fn exponent_form(value: f64) -> String {
    let s = format!("{value:.5e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let mantissa = if mantissa.contains('.') {
        format!("{mantissa}0")
    } else {
        format!("{mantissa}.000000")
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

fn reads_back(text: &str, value: f64, ty: &Ty) -> bool {
    let Ok(parsed) = text.parse::<f64>() else {
        return false;
    };
    match ty {
        Ty::Float(FloatKind::F16) => half::f16::from_f64(parsed) == half::f16::from_f64(value),
        Ty::Float(FloatKind::BF16) => half::bf16::from_f64(parsed) == half::bf16::from_f64(value),
        Ty::Float(FloatKind::F32) => (parsed as f32).to_bits() == (value as f32).to_bits(),
        _ => parsed.to_bits() == value.to_bits(),
    }
}

/// A string literal with MLIR's escapes: `\` doubled, `"` and unprintable bytes as `\XX`.
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e if b != b'"' => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
    out
}

fn is_bare_identifier(s: &str) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.')
}

fn symbol(f: &mut Formatter<'_>, name: &str) -> fmt::Result {
    if is_bare_identifier(name) {
        write!(f, "@{name}")
    } else {
        write!(f, "@{}", quoted(name))
    }
}

fn element_text(elements: &Elements, i: usize, element: &Ty) -> String {
    match elements {
        Elements::Ints(v) => v[i].to_string(),
        Elements::Floats(v) => float_text(v[i], element),
        Elements::Bools(v) => v[i].to_string(),
    }
}

fn dense_body(
    f: &mut Formatter<'_>,
    elements: &Elements,
    shape: &[usize],
    element: &Ty,
) -> fmt::Result {
    fn rec(
        f: &mut Formatter<'_>,
        elements: &Elements,
        shape: &[usize],
        element: &Ty,
        at: &mut usize,
    ) -> fmt::Result {
        let Some((&n, rest)) = shape.split_first() else {
            let t = element_text(elements, *at, element);
            *at += 1;
            return f.write_str(&t);
        };
        f.write_str("[")?;
        for i in 0..n {
            if i > 0 {
                f.write_str(", ")?;
            }
            rec(f, elements, rest, element, at)?;
        }
        f.write_str("]")
    }
    rec(f, elements, shape, element, &mut 0)
}

impl Display for AffineMap {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for i in 0..self.dims {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "d{i}")?;
        }
        f.write_str(")")?;
        if self.symbols > 0 {
            f.write_str("[")?;
            for i in 0..self.symbols {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "s{i}")?;
            }
            f.write_str("]")?;
        }
        f.write_str(" -> (")?;
        list(f, &self.results)?;
        f.write_str(")")
    }
}

impl Display for AffineExpr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        affine(f, self, false)
    }
}

/// MLIR's affine printer (`printAffineExprInternal`): `a - b` for `a + b * -1`, `a - b * k`
/// for `a + b * -k`, `a - k` for `a + -k`, `-a` for `a * -1`, and parentheses around an
/// operation where it binds an operand of a tighter one.
fn affine(f: &mut Formatter<'_>, e: &AffineExpr, strong: bool) -> fmt::Result {
    let (open, close) = if strong { ("(", ")") } else { ("", "") };
    match e {
        AffineExpr::Dim(i) => write!(f, "d{i}"),
        AffineExpr::Symbol(i) => write!(f, "s{i}"),
        AffineExpr::Constant(c) => write!(f, "{c}"),
        AffineExpr::Add(a, b) => {
            f.write_str(open)?;
            affine(f, a, false)?;
            match &**b {
                AffineExpr::Mul(x, c) if **c == AffineExpr::Constant(-1) => {
                    f.write_str(" - ")?;
                    affine(f, x, matches!(**x, AffineExpr::Add(..)))?;
                }
                AffineExpr::Mul(x, c) if matches!(**c, AffineExpr::Constant(k) if k < -1) => {
                    f.write_str(" - ")?;
                    affine(f, x, true)?;
                    if let AffineExpr::Constant(k) = **c {
                        write!(f, " * {}", k.unsigned_abs())?;
                    }
                }
                AffineExpr::Constant(c) if *c < 0 => write!(f, " - {}", c.unsigned_abs())?,
                _ => {
                    f.write_str(" + ")?;
                    affine(f, b, false)?;
                }
            }
            f.write_str(close)
        }
        AffineExpr::Mul(a, b)
        | AffineExpr::Mod(a, b)
        | AffineExpr::FloorDiv(a, b)
        | AffineExpr::CeilDiv(a, b) => {
            let op = match e {
                AffineExpr::Mul(..) => "*",
                AffineExpr::Mod(..) => "mod",
                AffineExpr::FloorDiv(..) => "floordiv",
                _ => "ceildiv",
            };
            f.write_str(open)?;
            if let (AffineExpr::Mul(..), AffineExpr::Constant(-1)) = (e, &**b) {
                f.write_str("-")?;
                affine(f, a, true)?;
            } else {
                affine(f, a, true)?;
                write!(f, " {op} ")?;
                affine(f, b, true)?;
            }
            f.write_str(close)
        }
    }
}

impl Display for Attribute {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Attribute::Unit => f.write_str("unit"),
            Attribute::Bool(b) => write!(f, "{b}"),
            Attribute::Integer { value, ty } => write!(f, "{value} : {ty}"),
            Attribute::Float { value, ty } => write!(f, "{} : {ty}", float_text(*value, ty)),
            Attribute::String { value, ty } => {
                f.write_str(&quoted(value))?;
                match ty {
                    Some(t) => write!(f, " : {t}"),
                    None => Ok(()),
                }
            }
            Attribute::Type(t) => write!(f, "{t}"),
            Attribute::SymbolRef(names) => {
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        f.write_str("::")?;
                    }
                    symbol(f, n)?;
                }
                Ok(())
            }
            Attribute::Array(items) => {
                // MLIR elides an element's `i64` or `f64` type.
                f.write_str("[")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match a {
                        Attribute::Integer { value, ty } if *ty == Ty::int(64) => {
                            write!(f, "{value}")?
                        }
                        Attribute::Float { value, ty } if *ty == Ty::Float(FloatKind::F64) => {
                            f.write_str(&float_text(*value, ty))?
                        }
                        other => write!(f, "{other}")?,
                    }
                }
                f.write_str("]")
            }
            Attribute::Dictionary(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if is_bare_identifier(k) {
                        f.write_str(k)?;
                    } else {
                        f.write_str(&quoted(k))?;
                    }
                    if *v != Attribute::Unit {
                        write!(f, " = {v}")?;
                    }
                }
                f.write_str("}")
            }
            Attribute::DenseElements { ty, elements } => {
                let element = ty.element().cloned().unwrap_or(Ty::None);
                f.write_str("dense<")?;
                if elements.len() == 1 {
                    f.write_str(&element_text(elements, 0, &element))?;
                } else {
                    let shape: Vec<usize> = ty
                        .shape()
                        .unwrap_or_default()
                        .iter()
                        .map(|d| d.unwrap_or(0) as usize)
                        .collect();
                    dense_body(f, elements, &shape, &element)?;
                }
                write!(f, "> : {ty}")
            }
            Attribute::DenseArray { element, elements } => {
                write!(f, "array<{element}")?;
                for i in 0..elements.len() {
                    f.write_str(if i == 0 { ": " } else { ", " })?;
                    f.write_str(&element_text(elements, i, element))?;
                }
                f.write_str(">")
            }
            Attribute::StridedLayout { strides, offset } => {
                let show = |x: &Option<i64>| x.map_or("?".to_string(), |v| v.to_string());
                f.write_str("strided<[")?;
                for (i, s) in strides.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(&show(s))?;
                }
                f.write_str("]")?;
                if *offset != Some(0) {
                    write!(f, ", offset: {}", show(offset))?;
                }
                f.write_str(">")
            }
            Attribute::AffineMap(m) => write!(f, "affine_map<{m}>"),
            Attribute::Opaque { dialect, data } => opaque(f, '#', dialect, data),
        }
    }
}
