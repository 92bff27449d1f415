//! Calling a program's function with source-level arguments: scalars and memrefs.
//!
//! A memref argument is written `ELEM[SIZES]=VALUES` (dense, row-major), for example
//! `f32[2,3]=1,2,3,4,5,6`, `f64[]=2.5` or `i32[4]=0,0,0,0`; a strided view adds its
//! strides and offset, `f32[2,2;strides=4,1;offset=1]=BUFFER`, where `BUFFER` is the whole
//! underlying memory. kiln owns the buffers, passes each memref the way the calling
//! convention does (3 + 2N scalars, or rank and descriptor pointer when unranked), prints
//! the results (memrefs with their contents), prints each memref argument after the call
//! (the function may have stored into it), and frees the memory a returned memref brought
//! (what the program allocated; never kiln's own buffers).
//!
//! ```
//! use kiln_abi::run::{parse_arg, MemRefArg};
//! use kiln_frontend::types::{Scalar, Type};
//! let arg = parse_arg(&Type::UnrankedMemRef(Scalar::F32), "f32[2,2]=1,2,3,4").unwrap();
//! assert!(matches!(arg, kiln_abi::run::Arg::MemRef(MemRefArg { .. })));
//! ```

use kiln_backend::jit::{Jit, JitError, Kind, Value};
use kiln_frontend::types::{FunctionType, Layout, MemRefType, Scalar, Type};

/// `x`'s low `bits` bits (1 to 128) read as a signed number.
pub fn sext(bits: u32, x: i128) -> i128 {
    let s = 128 - bits.clamp(1, 128);
    (x << s) >> s
}

/// `x`'s low `bits` bits (1 to 128) read as an unsigned number.
pub fn zext(bits: u32, x: i128) -> u128 {
    (x as u128) & (u128::MAX >> (128 - bits.clamp(1, 128)))
}

/// One argument of a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A scalar, passed by value.
    Scalar(Value),
    /// A memref: kiln's buffer, passed as the parameter's descriptor.
    MemRef(MemRefArg),
}

impl MemRefArg {
    /// The raw bits of each element of the whole buffer, in order.
    pub fn elements(&self) -> Vec<u128> {
        let bytes = elem_bytes(self.elem);
        let base = self.buffer.as_ptr() as *const u8;
        (0..self.len)
            .map(|i| {
                let mut raw = 0u128;
                for k in 0..bytes {
                    // SAFETY: `i * bytes + k` is within the buffer's `8 * len` bytes.
                    raw |= u128::from(unsafe { *base.add(i * bytes + k) }) << (8 * k);
                }
                raw
            })
            .collect()
    }
}

/// A memref argument: a buffer kiln owns and a view of it.
#[derive(Clone, Debug, PartialEq)]
pub struct MemRefArg {
    /// The element type.
    pub elem: Scalar,
    /// The view's size in each dimension (its rank is their number).
    pub sizes: Vec<i64>,
    /// The view's stride in each dimension, in elements.
    pub strides: Vec<i64>,
    /// Where the view starts in the buffer, in elements.
    pub offset: i64,
    /// The elements of the buffer, as stored (8-byte words keep every element aligned).
    buffer: Vec<u64>,
    /// How many elements the buffer holds.
    len: usize,
    /// The unranked descriptor's memory, when the parameter is unranked.
    descriptor: Vec<u64>,
}

fn elem_bytes(e: Scalar) -> usize {
    e.bytes() as usize
}

/// The kind of a scalar argument or result.
fn scalar_kind(e: Scalar) -> Kind {
    match e {
        Scalar::F32 => Kind::F32,
        Scalar::F64 => Kind::F64,
        Scalar::F16 => Kind::F16,
        Scalar::BF16 => Kind::BF16,
        s => Kind::Int(s.bits()),
    }
}

/// The kind of a memref's elements: an integer wider than 64 bits is refused, as the
/// buffers passed to and from a call are of 8-byte words.
fn kind_of(e: Scalar) -> Result<Kind, String> {
    match e {
        s if s.is_integer() && s.bits() > 64 => Err(format!(
            "`{s}`: memory passed to or from a call holds integers of up to 64 bits"
        )),
        s => Ok(scalar_kind(s)),
    }
}

/// The value of an integer of `bits` (1 to 128) written as `v`, signed or unsigned (an `i8`
/// takes -128 to 255, 255 being -1); `None` when it does not fit.
pub fn int_value(bits: u32, v: i128) -> Option<Value> {
    let fits = match bits {
        128 => true,
        _ => {
            let max_unsigned = (1u128 << bits) - 1;
            v >= -(1i128 << (bits - 1)) && (v < 0 || (v as u128) <= max_unsigned)
        }
    };
    if !fits {
        return None;
    }
    let shift = 128 - bits;
    let value = (v << shift) >> shift;
    Some(match i64::try_from(value) {
        Ok(value) if bits <= 64 => Value::Int { bits, value },
        _ => Value::Wide { bits, value },
    })
}

/// A decimal integer's value for an integer of `bits`: one of `i128`'s, or for an `i128`
/// one above `i128::MAX` too, read as its bits (every width takes its unsigned range; the
/// caller checks narrower ones with [`int_value`]).
pub fn parse_integer(bits: u32, s: &str) -> Option<i128> {
    s.parse::<i128>().ok().or_else(|| {
        s.parse::<u128>()
            .ok()
            .filter(|_| bits == 128)
            .map(|u| u as i128)
    })
}

/// Parses a command-line argument of scalar kind `kind`.
pub fn parse_scalar(kind: Kind, s: &str) -> Result<Value, String> {
    match kind {
        Kind::Int(bits) => {
            let v: i128 = match (bits, s) {
                (1, "true") => 1,
                (1, "false") => 0,
                _ => match parse_integer(bits, s) {
                    Some(v) => v,
                    None if s.parse::<u128>().is_ok()
                        || (s.len() > 1
                            && s.trim_start_matches('-')
                                .bytes()
                                .all(|b| b.is_ascii_digit())) =>
                    {
                        return Err(format!("`{s}` does not fit in i{bits}"))
                    }
                    None => return Err(format!("`{s}` is not an integer")),
                },
            };
            Ok(int_value(bits, v).ok_or_else(|| format!("`{s}` does not fit in i{bits}"))?)
        }
        // Rounded once, from the decimal, to the nearest value of the type; a finite number
        // beyond the type's range is refused (as JSON and Python arguments are), where only
        // `inf` is infinite.
        Kind::F16 | Kind::BF16 | Kind::F32 | Kind::F64 => {
            let x = s
                .parse::<f64>()
                .map_err(|_| format!("`{s}` is not a float"))?;
            let (value, name) = match kind {
                Kind::F16 => (Value::F16(half::f16::from_f64(x).to_bits()), "f16"),
                Kind::BF16 => (Value::BF16(kiln_frontend::builder::bf16_bits(x)), "bf16"),
                Kind::F32 => (Value::F32(s.parse::<f32>().unwrap_or(x as f32)), "f32"),
                _ => (Value::F64(x), "f64"),
            };
            let infinite = match value {
                Value::F16(b) => half::f16::from_bits(b).is_infinite(),
                Value::BF16(b) => half::bf16::from_bits(b).is_infinite(),
                Value::F32(f) => f.is_infinite(),
                Value::F64(f) => f.is_infinite(),
                _ => false,
            };
            let written_infinite = s
                .trim_start_matches(['+', '-'])
                .to_ascii_lowercase()
                .starts_with("inf");
            if infinite && !written_infinite {
                return Err(format!("`{s}` does not fit in {name}"));
            }
            Ok(value)
        }
        Kind::Ptr => Err(format!(
            "`{s}`: a pointer parameter takes a memref argument (see `kiln run --help`)"
        )),
    }
}

fn list(s: &str) -> Result<Vec<i64>, String> {
    if s.trim().is_empty() {
        return Ok(Vec::new());
    }
    s.split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("`{x}` is not an integer"))
        })
        .collect()
}

/// Parses `text` as an argument for a parameter of type `ty`.
pub fn parse_arg(ty: &Type, text: &str) -> Result<Arg, String> {
    let (ranked, elem) = match ty {
        Type::Scalar(s) => return Ok(Arg::Scalar(parse_scalar(scalar_kind(*s), text)?)),
        Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
            return Err(format!(
                "a `{ty}` value cannot be passed from the command line"
            ))
        }
        Type::MemRef(m) => (Some(m), m.elem),
        Type::UnrankedMemRef(e) => (None, *e),
    };
    let example = format!("`{}[2,3]=1,2,3,4,5,6`", elem.name());
    let (head, values) = text
        .split_once("]=")
        .ok_or_else(|| format!("a memref argument looks like {example}"))?;
    let (name, view) = head
        .split_once('[')
        .ok_or_else(|| format!("a memref argument looks like {example}"))?;
    if name != elem.name() {
        return Err(format!(
            "the parameter is a memref of {}, not of {name}",
            elem.name()
        ));
    }
    let mut parts = view.split(';');
    let sizes = list(parts.next().unwrap_or(""))?;
    if sizes.iter().any(|s| *s < 0) {
        return Err("sizes cannot be negative".to_string());
    }
    let mut strides = natural_strides(&sizes);
    let mut offset = 0;
    let mut dense = true;
    for p in parts {
        if let Some(s) = p.trim().strip_prefix("strides=") {
            strides = list(s)?;
            dense = false;
        } else if let Some(o) = p.trim().strip_prefix("offset=") {
            offset = o
                .trim()
                .parse()
                .map_err(|_| format!("`{o}` is not an offset"))?;
            dense = false;
        } else {
            return Err(format!(
                "`{p}`: after the sizes come `;strides=S,...` and `;offset=O`"
            ));
        }
    }
    if strides.len() != sizes.len() {
        return Err(format!(
            "{} sizes but {} strides",
            sizes.len(),
            strides.len()
        ));
    }
    let kind = kind_of(elem)?;
    let vals: Vec<Value> = if values.trim().is_empty() {
        Vec::new()
    } else {
        values
            .split(',')
            .map(|v| parse_scalar(kind, v.trim()))
            .collect::<Result<_, _>>()?
    };
    if offset < 0 || strides.iter().any(|t| *t < 0) {
        return Err("strides and the offset cannot be negative".to_string());
    }
    let too_big = || format!("a {} view is too large", shape_text(&sizes));
    let count = sizes
        .iter()
        .try_fold(1i64, |a, s| a.checked_mul(*s))
        .ok_or_else(too_big)?;
    // Every step is checked: the sizes, strides and offset come from the command line, and
    // a wrapped sum would make a view reaching far outside the buffer look small.
    let needed = if count == 0 {
        0
    } else {
        let mut last = offset;
        for (s, t) in sizes.iter().zip(&strides) {
            last = (s - 1)
                .checked_mul(*t)
                .and_then(|x| x.checked_add(last))
                .ok_or_else(too_big)?;
        }
        last.checked_add(1).ok_or_else(too_big)?
    };
    if dense && vals.len() as i64 != count {
        return Err(format!(
            "a {} memref has {count} elements, {} given",
            shape_text(&sizes),
            vals.len()
        ));
    }
    if (vals.len() as i64) < needed {
        return Err(format!(
            "the view reaches element {}, but the buffer has {}",
            needed - 1,
            vals.len()
        ));
    }
    if let Some(m) = ranked {
        check_view(m, &sizes, &strides, offset)?;
    }
    let bytes = elem_bytes(elem);
    let mut buffer = vec![0u64; (vals.len() * bytes).div_ceil(8).max(1)];
    for (i, v) in vals.iter().enumerate() {
        write_elem(&mut buffer, i * bytes, bytes, v);
    }
    Ok(Arg::MemRef(MemRefArg {
        elem,
        sizes,
        strides,
        offset,
        buffer,
        len: vals.len(),
        descriptor: Vec::new(),
    }))
}

/// A dense, row-major memref argument of `sizes` holding `values` (already of the
/// element's kind), for a parameter of type `ty` (what binding a JSON array produces).
pub fn dense_memref(ty: &Type, sizes: Vec<i64>, values: &[Value]) -> Result<Arg, String> {
    let (ranked, elem) = match ty {
        Type::Scalar(_) | Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
            return Err(format!("the parameter is no memref but `{ty}`"))
        }
        Type::MemRef(m) => (Some(m), m.elem),
        Type::UnrankedMemRef(e) => (None, *e),
    };
    kind_of(elem)?;
    let count = sizes
        .iter()
        .try_fold(1i64, |a, s| a.checked_mul(*s))
        .ok_or_else(|| format!("a {} view is too large", shape_text(&sizes)))?;
    if sizes.iter().any(|s| *s < 0) || count != values.len() as i64 {
        return Err(format!(
            "a {} memref has {count} elements, {} given",
            shape_text(&sizes),
            values.len()
        ));
    }
    let strides = natural_strides(&sizes);
    if let Some(m) = ranked {
        check_view(m, &sizes, &strides, 0)?;
    }
    let bytes = elem_bytes(elem);
    let mut buffer = vec![0u64; (values.len() * bytes).div_ceil(8).max(1)];
    for (i, v) in values.iter().enumerate() {
        write_elem(&mut buffer, i * bytes, bytes, v);
    }
    Ok(Arg::MemRef(MemRefArg {
        elem,
        sizes,
        strides,
        offset: 0,
        buffer,
        len: values.len(),
        descriptor: Vec::new(),
    }))
}

/// Row-major strides (wrapping: a view this large is refused by its element count).
pub fn natural_strides(sizes: &[i64]) -> Vec<i64> {
    let mut out = vec![1i64; sizes.len()];
    for i in (0..sizes.len().saturating_sub(1)).rev() {
        out[i] = out[i + 1].wrapping_mul(sizes[i + 1]);
    }
    out
}

fn shape_text(sizes: &[i64]) -> String {
    if sizes.is_empty() {
        "0-d".to_string()
    } else {
        sizes
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("x")
    }
}

/// A view passed for a ranked parameter must agree with what its type states.
fn check_view(m: &MemRefType, sizes: &[i64], strides: &[i64], offset: i64) -> Result<(), String> {
    if m.rank() != sizes.len() {
        return Err(format!(
            "the parameter has rank {}, the argument {}",
            m.rank(),
            sizes.len()
        ));
    }
    for (d, (want, got)) in m.shape.iter().zip(sizes).enumerate() {
        if want.is_some_and(|w| w != *got) {
            return Err(format!(
                "dimension {d} of the parameter is {}, the argument's is {got}",
                want.unwrap_or_default()
            ));
        }
    }
    let (mut want_strides, want_offset) = m.strides_and_offset();
    if matches!(m.layout, Layout::Identity) {
        // Dense and row-major, whatever the sizes: the code reads no stride but these.
        want_strides = natural_strides(sizes).into_iter().map(Some).collect();
    }
    for (d, (want, got)) in want_strides.iter().zip(strides).enumerate() {
        // A size-1 dimension's stride is never used to address memory.
        if want.is_some_and(|w| w != *got) && sizes[d] != 1 {
            return Err(format!(
                "stride {d} of the parameter's layout is {}, the argument's is {got}{}",
                want.unwrap_or_default(),
                if matches!(m.layout, Layout::Identity) {
                    " (an identity layout is dense and row-major)"
                } else {
                    ""
                }
            ));
        }
    }
    if want_offset.is_some_and(|w| w != offset) {
        return Err(format!(
            "the parameter's layout has offset {}, the argument {offset}",
            want_offset.unwrap_or_default()
        ));
    }
    Ok(())
}

fn write_elem(buffer: &mut [u64], at: usize, bytes: usize, v: &Value) {
    let raw: u64 = match v {
        // As LLVM stores it: an i1 is a byte holding 0 or 1, an i12 two bytes whose four
        // upper bits are zero.
        Value::Int { bits, value } => kiln_backend::jit::int_slot(*bits, *value),
        // `kind_of` refuses memory of wider integers.
        Value::Wide { value, .. } => *value as u64,
        Value::F16(b) | Value::BF16(b) => *b as u64,
        Value::F32(x) => x.to_bits() as u64,
        Value::F64(x) => x.to_bits(),
        Value::Ptr(p) => *p,
    };
    // SAFETY: `buffer` holds at least `at + bytes` bytes (sized from the element count).
    let base = buffer.as_mut_ptr() as *mut u8;
    for k in 0..bytes {
        unsafe { *base.add(at + k) = (raw >> (8 * k)) as u8 }
    }
}

/// The text of an element of type `elem` stored as `raw` (little-endian bits).
pub fn elem_text(elem: Scalar, raw: u128) -> String {
    match elem {
        Scalar::F32 => format!("{:?}", f32::from_bits(raw as u32)),
        Scalar::F64 => format!("{:?}", f64::from_bits(raw as u64)),
        Scalar::F16 => Value::F16(raw as u16).to_string(),
        Scalar::BF16 => Value::BF16(raw as u16).to_string(),
        Scalar::I1 => format!("{}", raw & 1),
        s => {
            let shift = 128 - s.bits().min(128);
            format!("{}", ((raw << shift) as i128) >> shift)
        }
    }
}

/// Reads element `index` (in elements from `ptr`) of type `elem`.
///
/// # Safety
/// `ptr + index * size` must be readable.
unsafe fn read_elem(ptr: u64, index: i64, elem: Scalar) -> String {
    let bytes = elem_bytes(elem);
    let p = (ptr as i64 + index * bytes as i64) as *const u8;
    let mut raw = 0u128;
    for k in 0..bytes {
        raw |= u128::from(*p.add(k)) << (8 * k);
    }
    elem_text(elem, raw)
}

/// What a call produced, printable one item per line.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Each result as printed (a scalar's value, or a memref with its type and elements).
    pub results: Vec<String>,
    /// Each memref argument after the call, `(position, text)`.
    pub memref_args: Vec<(usize, String)>,
}

impl Outcome {
    /// What `kiln run` and `kiln interp` print: each result on a line, then each memref
    /// argument as the call left it.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for r in &self.results {
            s.push_str(r);
            s.push('\n');
        }
        for (i, m) in &self.memref_args {
            s.push_str(&format!("argument {}: {m}\n", i + 1));
        }
        s
    }
}

/// The most elements kiln prints of one memref (more are elided).
const MAX_PRINTED: i64 = 4096;

/// Prints the memref at `aligned` with this view.
fn memref_text(elem: Scalar, aligned: u64, offset: i64, sizes: &[i64], strides: &[i64]) -> String {
    if aligned == 0 {
        return format!("{} (null)", view_type(elem, sizes));
    }
    // SAFETY: the program's descriptor (or kiln's own buffer) says these elements exist.
    view_text(elem, offset, sizes, strides, &mut |i| unsafe {
        read_elem(aligned, i, elem)
    })
}

fn view_type(elem: Scalar, sizes: &[i64]) -> String {
    if sizes.is_empty() {
        format!("memref<{}>", elem.name())
    } else {
        format!("memref<{}x{}>", shape_text(sizes), elem.name())
    }
}

/// Prints a memref view: `read(i)` is the text of element `i` (in elements from the base).
/// `kiln run` and `kiln interp` print memrefs through this, so their outputs compare.
pub fn view_text(
    elem: Scalar,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
    read: &mut dyn FnMut(i64) -> String,
) -> String {
    let ty = view_type(elem, sizes);
    let count = sizes.iter().try_fold(1i64, |a, s| a.checked_mul(*s));
    if sizes.iter().any(|s| *s < 0) || count.is_none_or(|c| c > MAX_PRINTED) {
        return format!("{ty} (not printed: {} elements)", count.unwrap_or(-1));
    }
    if count == Some(0) {
        // No element to read; an outer dimension may still be huge.
        return format!("{ty} (empty)");
    }
    let mut out = format!("{ty} ");
    fn walk(
        out: &mut String,
        at: i64,
        sizes: &[i64],
        strides: &[i64],
        read: &mut dyn FnMut(i64) -> String,
    ) {
        match sizes.split_first() {
            None => out.push_str(&read(at)),
            Some((n, rest)) => {
                out.push('[');
                for i in 0..*n {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    // Wrapping, not panicking: a returned view's strides are the program's.
                    let next = at.wrapping_add(i.wrapping_mul(strides[0]));
                    walk(out, next, rest, &strides[1..], read);
                }
                out.push(']');
            }
        }
    }
    walk(&mut out, offset, sizes, strides, read);
    out
}

extern "C" {
    fn free(p: *mut std::ffi::c_void);
}

/// A result as data: a scalar, or a memref's shape and elements (raw little-endian bits,
/// row-major; `None` for a null memref or one too large to read, see [`Outcome`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Returned {
    /// A scalar result.
    Scalar(Value),
    /// A memref result.
    MemRef {
        /// The element type.
        elem: Scalar,
        /// The size of each dimension.
        sizes: Vec<i64>,
        /// The elements' raw bits, row-major; `None` when not read.
        elements: Option<Vec<u128>>,
    },
}

/// The elements of a view, row-major, as raw bits.
fn read_view(
    elem: Scalar,
    aligned: u64,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
) -> Option<Vec<u128>> {
    let count = sizes.iter().try_fold(1i64, |a, s| a.checked_mul(*s))?;
    if aligned == 0 || sizes.iter().any(|s| *s < 0) || count > MAX_PRINTED {
        return None;
    }
    let bytes = elem_bytes(elem);
    let mut out = Vec::with_capacity(count as usize);
    let mut index = vec![0i64; sizes.len()];
    for _ in 0..count {
        let at = offset + index.iter().zip(strides).map(|(i, s)| i * s).sum::<i64>();
        let p = (aligned as i64 + at * bytes as i64) as *const u8;
        let mut raw = 0u128;
        for k in 0..bytes {
            // SAFETY: the program's descriptor (or kiln's own buffer) says this element exists.
            raw |= u128::from(unsafe { *p.add(k) }) << (8 * k);
        }
        out.push(raw);
        for d in (0..sizes.len()).rev() {
            index[d] += 1;
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
    Some(out)
}

/// The strides and offset of a memref type whose layout is static, as the bare-pointer
/// convention rebuilds them.
fn static_layout(m: &MemRefType) -> Option<(Vec<i64>, i64)> {
    let (strides, offset) = m.strides_and_offset();
    Some((strides.into_iter().collect::<Option<Vec<i64>>>()?, offset?))
}

/// Calls `entry` (of type `ty`) in `jit` with `args`.
pub fn call(
    jit: &Jit,
    entry: &str,
    ty: &FunctionType,
    args: &mut [Arg],
) -> Result<Outcome, String> {
    call_returning(jit, entry, ty, args).map(|(o, _)| o)
}

/// [`call`], also returning each result as data.
pub fn call_returning(
    jit: &Jit,
    entry: &str,
    ty: &FunctionType,
    args: &mut [Arg],
) -> Result<(Outcome, Vec<Returned>), String> {
    call_with_convention(jit, entry, ty, args, false)
}

/// [`call_returning`] for a function of either convention: with `bare_ptr`
/// (`rules/bare_ptr.rules`), each ranked memref argument is its buffer's pointer alone, which
/// only a dense view at offset 0 can be, and each memref result is one pointer whose sizes
/// and strides are its type's.
pub fn call_with_convention(
    jit: &Jit,
    entry: &str,
    ty: &FunctionType,
    args: &mut [Arg],
    bare_ptr: bool,
) -> Result<(Outcome, Vec<Returned>), String> {
    call_in(&|e, a| jit.call(e, a), entry, ty, args, bare_ptr)
}

/// A way to call a compiled entry with flat arguments.
pub type CallFn<'a> = dyn Fn(&str, &[Value]) -> Result<Vec<Value>, JitError> + 'a;

/// [`call`] through any way of calling the compiled entry: a [`kiln_backend::jit::caller::Caller`]
/// in a child process ([`Jit::run_isolated`]), for instance.
pub fn call_through(
    call: &CallFn<'_>,
    entry: &str,
    ty: &FunctionType,
    args: &mut [Arg],
) -> Result<Outcome, String> {
    call_in(call, entry, ty, args, false).map(|(o, _)| o)
}

fn call_in(
    call: &CallFn<'_>,
    entry: &str,
    ty: &FunctionType,
    args: &mut [Arg],
    bare_ptr: bool,
) -> Result<(Outcome, Vec<Returned>), String> {
    if args.len() != ty.inputs.len() {
        return Err(format!(
            "`@{entry}` takes {} argument{}, {} given",
            ty.inputs.len(),
            if ty.inputs.len() == 1 { "" } else { "s" },
            args.len()
        ));
    }
    let mut flat = Vec::new();
    let mut owned: Vec<(u64, u64)> = Vec::new();
    for (a, t) in args.iter_mut().zip(&ty.inputs) {
        match a {
            Arg::Scalar(v) => flat.push(*v),
            Arg::MemRef(m) => {
                let base = m.buffer.as_mut_ptr() as u64;
                owned.push((base, base + 8 * m.buffer.len() as u64));
                let fields: Vec<u64> = [base, base, m.offset as u64]
                    .into_iter()
                    .chain(m.sizes.iter().map(|s| *s as u64))
                    .chain(m.strides.iter().map(|s| *s as u64))
                    .collect();
                if bare_ptr {
                    let fixed = match t {
                        Type::MemRef(mt) => static_layout(mt),
                        _ => None,
                    };
                    if fixed != Some((m.strides.clone(), m.offset)) {
                        return Err(format!(
                            "`@{entry}` takes its memrefs as bare pointers, which pass only the strides and offset of the parameter's type"
                        ));
                    }
                    flat.push(Value::Ptr(base));
                } else if matches!(t, Type::UnrankedMemRef(_)) {
                    m.descriptor = fields;
                    flat.push(Value::Int {
                        bits: 64,
                        value: m.sizes.len() as i64,
                    });
                    flat.push(Value::Ptr(m.descriptor.as_ptr() as u64));
                } else {
                    flat.push(Value::Ptr(base));
                    flat.push(Value::Ptr(base));
                    for f in &fields[2..] {
                        flat.push(Value::Int {
                            bits: 64,
                            value: *f as i64,
                        });
                    }
                }
            }
        }
    }
    let leaves = call(entry, &flat).map_err(|e| e.to_string())?;
    let mut results = Vec::new();
    let mut returned = Vec::new();
    let mut at = 0;
    let word = |i: usize| -> Result<u64, String> {
        match leaves.get(i) {
            Some(Value::Int { value, .. }) => Ok(*value as u64),
            Some(Value::Ptr(p)) => Ok(*p),
            Some(v) => Ok(match v {
                Value::F16(b) | Value::BF16(b) => *b as u64,
                Value::F32(x) => x.to_bits() as u64,
                Value::F64(x) => x.to_bits(),
                _ => 0,
            }),
            None => Err(format!(
                "`@{entry}` returned fewer values than its type says"
            )),
        }
    };
    let ours = |p: u64| owned.iter().any(|(lo, hi)| p >= *lo && p < *hi);
    // Two results may share one allocation; free it once.
    let mut freed: Vec<u64> = Vec::new();
    let mut release = |p: u64| {
        if p != 0 && !ours(p) && !freed.contains(&p) {
            freed.push(p);
            // SAFETY: memory the program allocated with malloc and handed to its caller.
            unsafe { free(p as *mut std::ffi::c_void) }
        }
    };
    for t in &ty.results {
        match t {
            Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
                return Err(format!(
                    "`@{entry}` returns a `{t}`, which kiln cannot print"
                ))
            }
            Type::Scalar(_) => {
                let v = leaves.get(at).ok_or_else(|| {
                    format!("`@{entry}` returned fewer values than its type says")
                })?;
                results.push(v.to_string());
                returned.push(Returned::Scalar(*v));
                at += 1;
            }
            Type::MemRef(m) if bare_ptr => {
                let p = word(at)?;
                let sizes: Vec<i64> = m.shape.iter().map(|e| e.unwrap_or(0)).collect();
                let (strides, offset) = static_layout(m).ok_or_else(|| {
                    format!("`@{entry}` returns a memref whose layout a bare pointer cannot carry")
                })?;
                results.push(memref_text(m.elem, p, offset, &sizes, &strides));
                returned.push(Returned::MemRef {
                    elem: m.elem,
                    elements: read_view(m.elem, p, offset, &sizes, &strides),
                    sizes,
                });
                release(p);
                at += 1;
            }
            Type::MemRef(m) => {
                let n = m.rank();
                let (alloc, aligned, offset) = (word(at)?, word(at + 1)?, word(at + 2)? as i64);
                let sizes: Vec<i64> = (0..n)
                    .map(|d| word(at + 3 + d).map(|w| w as i64))
                    .collect::<Result<_, _>>()?;
                let strides: Vec<i64> = (0..n)
                    .map(|d| word(at + 3 + n + d).map(|w| w as i64))
                    .collect::<Result<_, _>>()?;
                results.push(memref_text(m.elem, aligned, offset, &sizes, &strides));
                returned.push(Returned::MemRef {
                    elem: m.elem,
                    elements: read_view(m.elem, aligned, offset, &sizes, &strides),
                    sizes,
                });
                release(alloc);
                at += 3 + 2 * n;
            }
            Type::UnrankedMemRef(elem) => {
                let (rank, desc) = (word(at)? as i64, word(at + 1)?);
                if !(0..=64).contains(&rank) || desc == 0 {
                    return Err(format!(
                        "`@{entry}` returned an unranked memref of rank {rank}"
                    ));
                }
                let d = desc as *const u64;
                // SAFETY: the convention hands the caller a heap copy of the descriptor.
                let field = |i: usize| unsafe { *d.add(i) };
                let n = rank as usize;
                let sizes: Vec<i64> = (0..n).map(|i| field(3 + i) as i64).collect();
                let strides: Vec<i64> = (0..n).map(|i| field(3 + n + i) as i64).collect();
                let alloc = field(0);
                results.push(memref_text(
                    *elem,
                    field(1),
                    field(2) as i64,
                    &sizes,
                    &strides,
                ));
                returned.push(Returned::MemRef {
                    elem: *elem,
                    elements: read_view(*elem, field(1), field(2) as i64, &sizes, &strides),
                    sizes,
                });
                release(alloc);
                // The descriptor's heap copy belongs to the caller, who frees it.
                release(desc);
                at += 2;
            }
        }
    }
    let memref_args = args
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Arg::MemRef(m) => Some((
                i,
                memref_text(
                    m.elem,
                    m.buffer.as_ptr() as u64,
                    m.offset,
                    &m.sizes,
                    &m.strides,
                ),
            )),
            Arg::Scalar(_) => None,
        })
        .collect();
    Ok((
        Outcome {
            results,
            memref_args,
        },
        returned,
    ))
}
