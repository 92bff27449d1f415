//! From what the grammar collects to typed values: numbers given their types, shapes and
//! dense literals checked against their types, symbols and strings unescaped.

use super::model::*;

/// A number as written.
#[derive(Clone, Debug)]
pub enum Number {
    /// Decimal (`-3`) or hexadecimal (`0x7FC00000`) integer text.
    Int(String),
    /// Float text.
    Float(String),
}

/// A `dense<...>` literal as written: nested lists of numbers and booleans.
#[derive(Clone, Debug)]
pub enum Written {
    /// A number.
    Number(Number),
    /// `true` / `false`.
    Bool(bool),
    /// `[...]`.
    List(Vec<Written>),
}

/// An affine expression as written, names not yet resolved to dimensions and symbols.
#[derive(Clone, Debug)]
pub enum Expr {
    /// `d0`, `s1`, or a name the map binds.
    Name(String),
    /// A constant.
    Constant(i64),
    /// `-e`.
    Neg(Box<Expr>),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a mod b`.
    Mod(Box<Expr>, Box<Expr>),
    /// `a floordiv b`.
    FloorDiv(Box<Expr>, Box<Expr>),
    /// `a ceildiv b`.
    CeilDiv(Box<Expr>, Box<Expr>),
}

fn parse_int(text: &str) -> Result<i128, String> {
    let parsed = if let Some(hex) = text.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).map(|v| v as i128)
    } else {
        text.parse::<i128>()
    };
    parsed.map_err(|_| format!("integer `{text}` does not fit in 128 bits"))
}

/// An integer value fitted to its type: wrapped to the width, then sign-extended (signless
/// and signed types) or zero-extended (unsigned types). An `index` is 64 bits.
pub fn fit_int(value: i128, ty: &Ty) -> Result<i128, String> {
    let (width, unsigned) = match ty {
        Ty::Index => (64, false),
        Ty::Integer { width, signedness } => (*width, *signedness == Signedness::Unsigned),
        other => {
            return Err(format!(
                "integer value given the non-integer type `{other}`"
            ))
        }
    };
    if width > 128 {
        return Err(format!(
            "integers wider than 128 bits are not supported (`{ty}`)"
        ));
    }
    if width == 128 {
        return Ok(value);
    }
    let mask = (1i128 << width) - 1;
    let bits = value & mask;
    if unsigned || width == 0 {
        return Ok(bits);
    }
    let sign = 1i128 << (width - 1);
    Ok(if bits & sign != 0 {
        bits - (1i128 << width)
    } else {
        bits
    })
}

/// A float value rounded to its type.
pub fn fit_float(value: f64, ty: &Ty) -> Result<f64, String> {
    match ty {
        Ty::Float(FloatKind::F16) => Ok(half::f16::from_f64(value).to_f64()),
        Ty::Float(FloatKind::BF16) => Ok(half::bf16::from_f64(value).to_f64()),
        Ty::Float(FloatKind::F32) => Ok(value as f32 as f64),
        Ty::Float(FloatKind::F64) => Ok(value),
        Ty::Float(k) => Err(format!(
            "float values of `{}` are not supported (kiln reads values of f16, bf16, f32 and f64)",
            k.name()
        )),
        other => Err(format!("float value given the non-float type `{other}`")),
    }
}

/// A float from the bits of its type, for `0x7FC00000 : f32`.
fn float_from_bits(bits: i128, ty: &Ty) -> Result<f64, String> {
    let width = match ty {
        Ty::Float(k) => k.width(),
        _ => 0,
    };
    if width < 128 && bits >> width != 0 {
        return Err(format!(
            "hexadecimal float literal {bits:#X} has more bits than `{ty}`"
        ));
    }
    Ok(match ty {
        Ty::Float(FloatKind::F16) => half::f16::from_bits(bits as u16).to_f64(),
        Ty::Float(FloatKind::BF16) => half::bf16::from_bits(bits as u16).to_f64(),
        Ty::Float(FloatKind::F32) => f32::from_bits(bits as u32) as f64,
        Ty::Float(FloatKind::F64) => f64::from_bits(bits as u64),
        other => {
            return Err(format!(
                "hexadecimal float literals of `{other}` are not supported"
            ))
        }
    })
}

/// A number attribute: `42` is `i64`, `1.5` is `f64`, a hexadecimal integer of a float type
/// is the float's bits.
pub fn number(n: Number, ty: Option<Ty>) -> Result<Attribute, String> {
    match (n, ty) {
        (Number::Int(t), None) => Ok(Attribute::Integer {
            value: parse_int(&t)?,
            ty: Ty::int(64),
        }),
        (Number::Int(t), Some(ty)) if ty.is_float() => {
            let value = if t.starts_with("0x") {
                float_from_bits(parse_int(&t)?, &ty)?
            } else {
                fit_float(parse_int(&t)? as f64, &ty)?
            };
            Ok(Attribute::Float { value, ty })
        }
        (Number::Int(t), Some(ty)) => {
            let value = fit_int(parse_int(&t)?, &ty)?;
            if ty == Ty::int(1) {
                return Ok(Attribute::Bool(value != 0));
            }
            Ok(Attribute::Integer { value, ty })
        }
        (Number::Float(t), ty) => {
            let ty = ty.unwrap_or(Ty::Float(FloatKind::F64));
            let value: f64 = t.parse().map_err(|_| format!("`{t}` is not a float"))?;
            Ok(Attribute::Float {
                value: fit_float(value, &ty)?,
                ty,
            })
        }
    }
}

/// A string literal's contents: `\"`, `\\`, `\n`, `\t` and two-digit hex escapes.
pub fn unescape(quoted: &str) -> Result<String, String> {
    let inner = &quoted[1..quoted.len() - 1];
    let mut bytes = Vec::with_capacity(inner.len());
    let mut it = inner.bytes().peekable();
    while let Some(b) = it.next() {
        if b != b'\\' {
            bytes.push(b);
            continue;
        }
        match it.next() {
            Some(b'n') => bytes.push(b'\n'),
            Some(b't') => bytes.push(b'\t'),
            Some(b'"') => bytes.push(b'"'),
            Some(b'\\') => bytes.push(b'\\'),
            Some(h) => {
                let l = it.next().unwrap_or(b'?');
                let hex = [h, l];
                let text = std::str::from_utf8(&hex).unwrap_or("??");
                let v = u8::from_str_radix(text, 16)
                    .map_err(|_| format!("unknown escape `\\{text}` in a string"))?;
                bytes.push(v);
            }
            None => return Err("a string ends with `\\`".into()),
        }
    }
    String::from_utf8(bytes).map_err(|_| "a string's escapes are not UTF-8".into())
}

/// `@a::@b`.
pub fn symbol_ref(first: &str, rest: Vec<&str>) -> Result<Attribute, String> {
    let name = |s: &str| -> Result<String, String> {
        let s = &s[1..];
        if s.starts_with('"') {
            unescape(s)
        } else {
            Ok(s.to_string())
        }
    };
    let mut names = vec![name(first)?];
    for r in rest {
        names.push(name(r)?);
    }
    Ok(Attribute::SymbolRef(names))
}

/// A dictionary's entries, sorted by name as MLIR stores them.
pub fn dictionary(mut entries: Vec<(String, Attribute)>) -> Vec<(String, Attribute)> {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries
}

/// `dialect.rest` or `dialect<rest>` of `#...`/`!...`: the namespace and the rest.
pub fn opaque(text: &str) -> (String, String) {
    let end = text.find(['.', '<']).unwrap_or(text.len());
    let (dialect, rest) = text.split_at(end);
    let data = match rest.strip_prefix('.') {
        Some(r) => r.to_string(),
        None => rest
            .strip_prefix('<')
            .and_then(|r| r.strip_suffix('>'))
            .unwrap_or(rest)
            .to_string(),
    };
    (dialect.to_string(), data)
}

/// The type and attribute aliases a file defines (`!name = type`, `#name = attribute`),
/// which the grammar reads in place of their names.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    /// `!name` to its type.
    pub types: std::collections::HashMap<String, Ty>,
    /// `#name` to its attribute.
    pub attributes: std::collections::HashMap<String, Attribute>,
}

impl Aliases {
    /// The type `!text` names: an alias's, or a dialect type kept as written.
    pub fn ty(&self, text: &str) -> Ty {
        if let Some(t) = self.types.get(text) {
            return t.clone();
        }
        let (dialect, data) = opaque(text);
        Ty::Opaque { dialect, data }
    }

    /// The attribute `#text` names: an alias's, or a dialect attribute kept as written.
    pub fn attribute(&self, text: &str) -> Attribute {
        if let Some(a) = self.attributes.get(text) {
            return a.clone();
        }
        let (dialect, data) = opaque(text);
        Attribute::Opaque { dialect, data }
    }
}

/// A bare type name: `i32`, `si8`, `ui1`, `index`, `f32`, `none`, ...
pub fn named_type(name: &str) -> Result<Ty, String> {
    if let Some(k) = FloatKind::from_name(name) {
        return Ok(Ty::Float(k));
    }
    match name {
        "index" => return Ok(Ty::Index),
        "none" => return Ok(Ty::None),
        _ => {}
    }
    let (digits, signedness) = if let Some(d) = name.strip_prefix("si") {
        (d, Signedness::Signed)
    } else if let Some(d) = name.strip_prefix("ui") {
        (d, Signedness::Unsigned)
    } else if let Some(d) = name.strip_prefix('i') {
        (d, Signedness::Signless)
    } else {
        return Err(format!(
            "expected non-function type (`{name}` is not a type)"
        ));
    };
    match digits.parse::<u32>() {
        Ok(width) if width < (1 << 24) && !digits.starts_with('+') => {
            Ok(Ty::Integer { width, signedness })
        }
        _ => Err(format!(
            "expected non-function type (`{name}` is not a type)"
        )),
    }
}

/// The sizes of `4x?x` dimension tokens.
pub fn shape(dims: &[&str]) -> Result<Vec<Option<i64>>, String> {
    dims.iter()
        .map(|d| {
            let d = &d[..d.len() - 1];
            if d == "?" {
                Ok(None)
            } else {
                d.parse()
                    .map(Some)
                    .map_err(|_| format!("dimension `{d}` is out of range"))
            }
        })
        .collect()
}

/// `memref<dims elem [, layout] [, memory space]>`: a layout is a `strided` or affine map
/// attribute, anything else is the memory space.
pub fn memref(dims: Vec<&str>, element: Ty, rest: Vec<Attribute>) -> Result<Ty, String> {
    let shape = shape(&dims)?;
    let mut it = rest.into_iter();
    let (layout, memory_space) = match it.next() {
        Some(a @ (Attribute::StridedLayout { .. } | Attribute::AffineMap(_))) => {
            (Some(a), it.next())
        }
        other => (None, other),
    };
    if it.next().is_some() {
        return Err("a memref type takes at most a layout and a memory space".into());
    }
    Ty::memref(shape, element, layout, memory_space)
}

/// `vector<2x4xf32>`: static sizes only.
pub fn vector(dims: Vec<&str>, element: Ty) -> Result<Ty, String> {
    let shape = shape(&dims)?
        .into_iter()
        .map(|d| d.ok_or_else(|| "a vector's sizes are static".to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let scalable = vec![false; shape.len()];
    Ok(Ty::Vector {
        shape,
        scalable,
        element: Box::new(element),
    })
}

fn flatten(
    w: Written,
    out: &mut Vec<Written>,
    shape: &mut Vec<usize>,
    depth: usize,
) -> Result<(), String> {
    match w {
        Written::List(items) => {
            if shape.len() == depth {
                shape.push(items.len());
            } else if shape[depth] != items.len() {
                return Err("a dense literal's lists are not all of one length".into());
            }
            for i in items {
                flatten(i, out, shape, depth + 1)?;
            }
            Ok(())
        }
        leaf => {
            out.push(leaf);
            Ok(())
        }
    }
}

/// The elements of a dense literal of element type `element`.
pub fn elements(values: Vec<Written>, element: &Ty) -> Result<Elements, String> {
    if element.is_float() {
        let floats = values
            .into_iter()
            .map(|v| match v {
                Written::Number(n) => match number(n, Some(element.clone()))? {
                    Attribute::Float { value, .. } => Ok(value),
                    _ => Err("expected a float".to_string()),
                },
                _ => Err(format!("a `{element}` element must be a number")),
            })
            .collect::<Result<_, _>>()?;
        return Ok(Elements::Floats(floats));
    }
    if *element == Ty::int(1) {
        let bools = values
            .into_iter()
            .map(|v| match v {
                Written::Bool(b) => Ok(b),
                Written::Number(Number::Int(t)) => Ok(parse_int(&t)? != 0),
                _ => Err("an `i1` element must be `true`, `false`, 0 or 1".to_string()),
            })
            .collect::<Result<_, _>>()?;
        return Ok(Elements::Bools(bools));
    }
    if element.is_integer_like() {
        let ints = values
            .into_iter()
            .map(|v| match v {
                Written::Number(Number::Int(t)) => fit_int(parse_int(&t)?, element),
                _ => Err(format!("a `{element}` element must be an integer")),
            })
            .collect::<Result<_, _>>()?;
        return Ok(Elements::Ints(ints));
    }
    Err(format!("dense elements of `{element}` are not supported"))
}

/// `dense<...> : T`, with the literal's shape checked against `T`'s (one value is a splat).
pub fn dense(written: Option<Written>, ty: Ty) -> Result<Attribute, String> {
    let element = ty.dense_element()?.clone();
    let mut flat = Vec::new();
    let mut shape = Vec::new();
    if let Some(w) = written {
        flatten(w, &mut flat, &mut shape, 0)?;
    }
    let want: Vec<usize> = ty
        .shape()
        .unwrap_or_default()
        .iter()
        .map(|d| d.unwrap_or(0) as usize)
        .collect();
    let splat = flat.len() == 1 && shape.is_empty();
    if !splat && shape != want && !(want.is_empty() && flat.len() == 1) {
        return Err(format!(
            "a dense literal of shape [{}] for the type `{ty}`",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Attribute::dense(ty, elements(flat, &element)?)
}

/// `dense<"0x...">`: the elements' bytes in hexadecimal, little-endian, each element in
/// whole bytes (one element's bytes make a splat).
pub fn dense_hex(quoted: &str, ty: Ty) -> Result<Attribute, String> {
    let element = ty.dense_element()?.clone();
    let text = unescape(quoted)?;
    let hex = text
        .strip_prefix("0x")
        .ok_or("a dense string literal is hexadecimal, `\"0x...\"`")?;
    if hex.len() % 2 != 0 {
        return Err("a hexadecimal dense literal has whole bytes".into());
    }
    let bytes = (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| "a hexadecimal dense literal has only hexadecimal digits".to_string())?;
    let width = match &element {
        Ty::Integer { width, .. } => *width,
        Ty::Index => 64,
        Ty::Float(k) => k.width(),
        _ => {
            return Err(format!(
                "a hexadecimal dense literal of `{element}` elements"
            ))
        }
    };
    let size = width.div_ceil(8) as usize;
    let count = ty.element_count().unwrap_or(1) as usize;
    if bytes.len() != size * count && bytes.len() != size {
        return Err(format!(
            "a hexadecimal dense literal of {} bytes for {count} elements of {size} bytes",
            bytes.len()
        ));
    }
    let raw: Vec<i128> = bytes
        .chunks(size)
        .map(|c| {
            c.iter()
                .rev()
                .fold(0i128, |acc, b| (acc << 8) | i128::from(*b))
        })
        .collect();
    let elements = if element.is_float() {
        Elements::Floats(
            raw.iter()
                .map(|b| float_from_bits(*b, &element))
                .collect::<Result<_, _>>()?,
        )
    } else {
        Elements::Ints(
            raw.iter()
                .map(|v| fit_int(*v, &element))
                .collect::<Result<_, _>>()?,
        )
    };
    Attribute::dense(ty, elements)
}

/// `array<T: v...>`.
pub fn dense_array(element: Ty, values: Vec<Written>) -> Result<Attribute, String> {
    let elements = elements(values, &element)?;
    Attribute::dense_array(element, elements)
}

/// The operands of `mod`, `floordiv` or `ceildiv`, whose right one must be symbolic.
fn divisor((a, b): (AffineExpr, AffineExpr), op: &str) -> Result<(AffineExpr, AffineExpr), String> {
    if !b.is_symbolic_or_constant() {
        return Err(format!(
            "non-affine expression: right operand of {op} has to be either a constant or symbolic"
        ));
    }
    Ok((a, b))
}

/// The expression with its names resolved, built with the simplifying constructors as
/// MLIR's parser builds it (`2 + d0` reads as `d0 + 2`).
fn resolve(e: Expr, dims: &[String], symbols: &[String]) -> Result<AffineExpr, String> {
    let two = |a: Box<Expr>, b: Box<Expr>| -> Result<(AffineExpr, AffineExpr), String> {
        Ok((resolve(*a, dims, symbols)?, resolve(*b, dims, symbols)?))
    };
    Ok(match e {
        Expr::Name(n) => {
            if let Some(i) = dims.iter().position(|d| *d == n) {
                AffineExpr::Dim(i as u32)
            } else if let Some(i) = symbols.iter().position(|s| *s == n) {
                AffineExpr::Symbol(i as u32)
            } else {
                return Err(format!(
                    "use of undeclared identifier `{n}` in an affine map"
                ));
            }
        }
        Expr::Constant(c) => AffineExpr::Constant(c),
        Expr::Neg(a) => -resolve(*a, dims, symbols)?,
        Expr::Add(a, b) => {
            let (a, b) = two(a, b)?;
            a + b
        }
        Expr::Sub(a, b) => {
            let (a, b) = two(a, b)?;
            a - b
        }
        Expr::Mul(a, b) => {
            let (a, b) = two(a, b)?;
            if !a.is_symbolic_or_constant() && !b.is_symbolic_or_constant() {
                return Err("non-affine expression: at least one of the multiply operands has to be either a constant or symbolic".into());
            }
            a * b
        }
        Expr::Mod(a, b) => {
            let (a, b) = divisor(two(a, b)?, "mod")?;
            AffineExpr::modulo(a, b)
        }
        Expr::FloorDiv(a, b) => {
            let (a, b) = divisor(two(a, b)?, "floordiv")?;
            AffineExpr::floor_div(a, b)
        }
        Expr::CeilDiv(a, b) => {
            let (a, b) = divisor(two(a, b)?, "ceildiv")?;
            AffineExpr::ceil_div(a, b)
        }
    })
}

/// `(dims)[symbols] -> (results)`.
pub fn affine_map(
    dims: Vec<&str>,
    symbols: Vec<&str>,
    results: Vec<Expr>,
) -> Result<AffineMap, String> {
    let dims: Vec<String> = dims.into_iter().map(String::from).collect();
    let symbols: Vec<String> = symbols.into_iter().map(String::from).collect();
    let results = results
        .into_iter()
        .map(|e| resolve(e, &dims, &symbols))
        .collect::<Result<_, _>>()?;
    Ok(AffineMap {
        dims: dims.len() as u32,
        symbols: symbols.len() as u32,
        results,
    })
}
