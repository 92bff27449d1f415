//! The reference interpreter: runs the source IR directly, without any rule, as the oracle
//! the lowering is compared against (`kiln interp`, `kiln verify`).
//!
//! Semantics follow MLIR's dialect documentation and what LLVM makes of the lowering:
//! integers wrap at their width; floats are IEEE at their type's precision; memrefs are
//! views (offset, sizes, strides) of buffers. What MLIR leaves undefined, or LLVM would turn
//! into poison, is reported as [`Trap::Undefined`] instead of computed: division by zero,
//! signed division overflow, shifts by the width or more, `nsw`/`nuw` overflow, float to
//! integer conversion out of range, out-of-bounds and out-of-view accesses, reads of memory
//! never written, use after `dealloc`, double `dealloc`, a `dim` past the rank, an unranked
//! to ranked cast of the wrong rank. Loops run with fuel, so a program that does not finish
//! is reported too. `f16` values are computed at `f32` and rounded to `f16`, which is exact
//! for the arithmetic; the `math` functions of `f16` are not interpreted.
//!
//! ```
//! use kiln_driver::{check_source, Database};
//! use kiln_verify::interp::Interpreter;
//! use kiln_abi::run::Arg;
//! use kiln_backend::Value;
//!
//! let db = Database::new();
//! let text = "func.func @inc(%x: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n  %y = arith.addi %x, %c1 : i32\n  func.return %y : i32\n}\n";
//! let (file, _) = check_source(&db, "inc.mlir", text);
//! let module = kiln_engine::module_ir(&db, file);
//! let mut args = vec![Arg::Scalar(Value::Int { bits: 32, value: 41 })];
//! let out = Interpreter::new(module).call("inc", &mut args).unwrap();
//! assert_eq!(out.results, vec!["42".to_string()]);
//! ```

use kiln_abi::run::{elem_text, view_text, Arg, Outcome};
pub(crate) use kiln_abi::run::{sext, zext};
use kiln_backend::jit::Value;
use kiln_frontend::ir::{Body, Function, Literal, Module, Op, OpKind};
use kiln_frontend::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, UnaryOp};
use kiln_frontend::types::{Scalar, Type};
use std::fmt;

pub(crate) mod elementwise;
mod step;

pub(crate) use step::fast_math_promise;

/// Why interpretation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trap {
    /// The program did something MLIR leaves undefined (or LLVM makes poison).
    Undefined(String),
    /// The interpreter cannot run this (an unknown operation, an external function).
    Unsupported(String),
    /// The step or call-depth budget ran out.
    Exhausted(String),
    /// The arguments do not fit the function.
    BadArguments(String),
    /// A `cf.assert` failed: the compiled program prints the message and aborts.
    Aborted(String),
}

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trap::Undefined(m) => write!(f, "undefined behaviour: {m}"),
            Trap::Unsupported(m) => write!(f, "cannot interpret: {m}"),
            Trap::Exhausted(m) => write!(f, "{m}"),
            Trap::BadArguments(m) => write!(f, "{m}"),
            Trap::Aborted(m) => write!(f, "assertion failed: {m}"),
        }
    }
}

/// A memref value: a view of a buffer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct View {
    buffer: usize,
    elem: Scalar,
    offset: i64,
    sizes: Vec<i64>,
    strides: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum V {
    /// An integer of `bits` (1 to 128), stored sign-extended.
    Int(u32, i128),
    /// An IEEE half, by its bits.
    F16(u16),
    /// A bfloat16, by its bits.
    BF16(u16),
    F32(f32),
    F64(f64),
    Mem(View),
    /// A function, by name (`func.constant`).
    Func(std::sync::Arc<str>),
    /// `ub.poison`: it may be moved (chosen by `arith.select`, passed to a block, a call or
    /// a return), but any operation that reads it is reported as undefined behaviour,
    /// where LLVM would compute poison.
    Poison,
}

/// The trap for an operation that reads a poison value.
fn poison_used<T>() -> Result<T, Trap> {
    undefined("an operation reads a poison value (`ub.poison`)")
}

struct Buffer {
    cells: Vec<Option<u128>>,
    live: bool,
    /// `memref.alloc` memory (may be deallocated), not an argument or an `alloca`.
    heap: bool,
    /// The function activation an `alloca` belongs to (released when it returns).
    frame: Option<usize>,
    /// The name of the `constant` global this memory is, which no store may change.
    read_only: Option<String>,
}

/// Ends a stack buffer: no longer live, its cells given back (a loop of calls or scopes
/// would otherwise keep every iteration's memory).
fn release(b: &mut Buffer) {
    b.live = false;
    b.cells = Vec::new();
}

/// The interpreter over one module.
pub struct Interpreter<'m> {
    module: &'m Module,
    buffers: Vec<Buffer>,
    fuel: u64,
    depth: usize,
    max_depth: usize,
    frames: usize,
    /// The buffer of each global read so far, made at its first `memref.get_global`.
    globals: std::collections::HashMap<String, usize>,
}

/// Steps (operations executed) before a run counts as not terminating.
pub const DEFAULT_FUEL: u64 = 50_000_000;
/// Nested calls allowed by default. The interpreter recurses on the Rust stack once per
/// call, so a deeper limit needs a thread with a larger stack: [`stack_for_depth`].
pub const DEFAULT_MAX_DEPTH: usize = 10_000;

/// The stack one nested call of the interpreter may use, in bytes: measured at about
/// 21 KiB per call in a debug build (less optimized), with room to spare. The stack is
/// reserved address space; only what the calls touch is committed.
pub const STACK_PER_CALL: usize = 64 << 10;

/// The stack a thread running the interpreter needs for `max_depth` nested calls.
pub fn stack_for_depth(max_depth: usize) -> usize {
    max_depth
        .saturating_mul(STACK_PER_CALL)
        .saturating_add(16 << 20)
}
/// The most elements one allocation may have.
const MAX_ALLOC: i64 = 1 << 26;

fn undefined<T>(m: impl Into<String>) -> Result<T, Trap> {
    Err(Trap::Undefined(m.into()))
}

fn scalar_of(t: &Type) -> Option<Scalar> {
    match t {
        Type::Scalar(s) => Some(*s),
        _ => None,
    }
}

impl V {
    pub(crate) fn raw(&self) -> u128 {
        match self {
            V::Int(b, x) => zext(*b, *x),
            V::F16(b) | V::BF16(b) => u128::from(*b),
            V::F32(f) => u128::from(f.to_bits()),
            V::F64(f) => u128::from(f.to_bits()),
            V::Mem(_) | V::Func(_) | V::Poison => 0,
        }
    }

    pub(crate) fn from_raw(s: Scalar, raw: u128) -> Result<V, Trap> {
        Ok(match s {
            Scalar::F32 => V::F32(f32::from_bits(raw as u32)),
            Scalar::F64 => V::F64(f64::from_bits(raw as u64)),
            Scalar::F16 => V::F16(raw as u16),
            Scalar::BF16 => V::BF16(raw as u16),
            s => V::Int(s.bits(), sext(s.bits(), raw as i128)),
        })
    }

    /// An `index` (64 bits) holding `x`.
    pub(crate) fn word(x: i64) -> V {
        V::Int(64, i128::from(x))
    }

    /// An `index` (or other integer of at most 64 bits) operand's value.
    pub(crate) fn index(&self) -> Result<i64, Trap> {
        let (_, x) = self.int()?;
        i64::try_from(x).map_err(|_| Trap::Unsupported("an index beyond 64 bits".to_string()))
    }

    pub(crate) fn int(&self) -> Result<(u32, i128), Trap> {
        match self {
            V::Int(b, x) => Ok((*b, *x)),
            V::Poison => poison_used(),
            _ => Err(Trap::Unsupported(
                "an integer operand holds no integer".to_string(),
            )),
        }
    }

    pub(crate) fn float(&self) -> Result<f64, Trap> {
        match self {
            V::F16(b) => Ok(half::f16::from_bits(*b).to_f64()),
            V::BF16(b) => Ok(half::bf16::from_bits(*b).to_f64()),
            V::F32(f) => Ok(*f as f64),
            V::F64(f) => Ok(*f),
            V::Poison => poison_used(),
            _ => Err(Trap::Unsupported(
                "a float operand holds no float".to_string(),
            )),
        }
    }

    fn view(&self) -> Result<&View, Trap> {
        match self {
            V::Mem(v) => Ok(v),
            V::Poison => poison_used(),
            _ => Err(Trap::Unsupported(
                "a memref operand holds no memref".to_string(),
            )),
        }
    }

    fn text(&self) -> String {
        match self {
            V::Int(1, x) => (x & 1).to_string(),
            V::Int(_, x) => x.to_string(),
            V::F16(b) => Value::F16(*b).to_string(),
            V::BF16(b) => Value::BF16(*b).to_string(),
            V::F32(f) => Value::F32(*f).to_string(),
            V::F64(f) => Value::F64(*f).to_string(),
            V::Mem(_) => String::new(),
            V::Func(f) => format!("@{f}"),
            V::Poison => "poison".to_string(),
        }
    }
}

/// A float result at the precision of `s`, rounded once from `x`.
pub(crate) fn float_v(s: Scalar, x: f64) -> Result<V, Trap> {
    match s {
        Scalar::F16 => Ok(V::F16(half::f16::from_f64(x).to_bits())),
        Scalar::BF16 => Ok(V::BF16(kiln_frontend::builder::bf16_bits(x))),
        Scalar::F32 => Ok(V::F32(x as f32)),
        Scalar::F64 => Ok(V::F64(x)),
        _ => Err(Trap::Unsupported(format!("{} floats", s.name()))),
    }
}

/// IEEE `maximum`/`minimum` (NaN-propagating, -0 < +0) as LLVM's intrinsics.
fn ieee_max(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // +0 and -0: the sign decides.
        let a_neg = a.is_sign_negative();
        return if max == a_neg { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

/// `maxnum`/`minnum`: a NaN operand yields the other one.
fn num_max(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    ieee_max(a, b, max)
}

/// Applies a binary operation to same-typed scalars.
pub(crate) fn binary(
    op: BinaryOp,
    ty: Scalar,
    a: &V,
    b: &V,
    nsw: bool,
    nuw: bool,
) -> Result<V, Trap> {
    use BinaryOp as B;
    if ty.is_float() {
        let (x, y) = (a.float()?, b.float()?);
        // Single-precision ops round once at f32: computing in f64 then rounding is exact for
        // + - * / (the f64 result is exact enough: double rounding cannot occur for these).
        // Half-precision and bfloat16 ops are computed at f32 and rounded again, as LLVM
        // does where the target has no such arithmetic; with 24 bits against 11 (or 8) the
        // second rounding never differs from rounding the exact result once.
        let r = match (op, ty) {
            (B::AddF, Scalar::F32 | Scalar::F16 | Scalar::BF16) => ((x as f32) + (y as f32)) as f64,
            (B::SubF, Scalar::F32 | Scalar::F16 | Scalar::BF16) => ((x as f32) - (y as f32)) as f64,
            (B::MulF, Scalar::F32 | Scalar::F16 | Scalar::BF16) => ((x as f32) * (y as f32)) as f64,
            (B::DivF, Scalar::F32 | Scalar::F16 | Scalar::BF16) => ((x as f32) / (y as f32)) as f64,
            (B::RemF, Scalar::F32 | Scalar::F16 | Scalar::BF16) => ((x as f32) % (y as f32)) as f64,
            (B::AddF, _) => x + y,
            (B::SubF, _) => x - y,
            (B::MulF, _) => x * y,
            (B::DivF, _) => x / y,
            (B::RemF, _) => x % y,
            (B::MaximumF, _) => ieee_max(x, y, true),
            (B::MinimumF, _) => ieee_max(x, y, false),
            (B::MaxNumF, _) => num_max(x, y, true),
            (B::MinNumF, _) => num_max(x, y, false),
            _ => return Err(Trap::Unsupported(format!("{} on floats", op.name()))),
        };
        return float_v(ty, r);
    }
    let w = ty.bits();
    let (_, sx) = a.int()?;
    let (_, sy) = b.int()?;
    let (ux, uy) = (zext(w, sx), zext(w, sy));
    // The range of `w` bits, signed and unsigned (up to 128 bits: exact sums and products
    // are checked rather than computed wider).
    let min = i128::MIN >> (128 - w);
    let smax = i128::MAX >> (128 - w);
    let umax = u128::MAX >> (128 - w);
    let wrap = |v: i128| V::Int(w, sext(w, v));
    let wrapu = |v: u128| V::Int(w, sext(w, v as i128));
    let signed_fits = |v: Option<i128>| v.is_some_and(|v| (min..=smax).contains(&v));
    let unsigned_fits = |v: Option<u128>| v.is_some_and(|v| v <= umax);
    let check = |signed_ok: bool, unsigned_ok: bool| -> Result<(), Trap> {
        if nsw && !signed_ok {
            return undefined(format!("{} overflows with nsw", op.name()));
        }
        if nuw && !unsigned_ok {
            return undefined(format!("{} overflows with nuw", op.name()));
        }
        Ok(())
    };
    let div_checks = |signed: bool| -> Result<(), Trap> {
        if uy == 0 {
            return undefined(format!("{}: division by zero", op.name()));
        }
        if signed && sx == min && sy == -1 {
            return undefined(format!("{}: signed division overflow", op.name()));
        }
        Ok(())
    };
    let shift = || -> Result<u32, Trap> {
        if uy >= w as u128 {
            return undefined(format!("{} by {uy}, at least the width {w}", op.name()));
        }
        Ok(uy as u32)
    };
    Ok(match op {
        B::AddI => {
            check(
                signed_fits(sx.checked_add(sy)),
                unsigned_fits(ux.checked_add(uy)),
            )?;
            wrapu(ux.wrapping_add(uy))
        }
        B::SubI => {
            check(signed_fits(sx.checked_sub(sy)), ux >= uy)?;
            wrapu(ux.wrapping_sub(uy))
        }
        B::MulI => {
            check(
                signed_fits(sx.checked_mul(sy)),
                unsigned_fits(ux.checked_mul(uy)),
            )?;
            wrapu(ux.wrapping_mul(uy))
        }
        B::DivSI => {
            div_checks(true)?;
            wrap(sx / sy)
        }
        B::DivUI => {
            div_checks(false)?;
            wrapu(ux / uy)
        }
        B::RemSI => {
            div_checks(true)?;
            wrap(sx % sy)
        }
        B::RemUI => {
            div_checks(false)?;
            wrapu(ux % uy)
        }
        B::CeilDivSI => {
            div_checks(true)?;
            let q = sx / sy;
            let r = sx % sy;
            wrap(if r != 0 && ((r > 0) == (sy > 0)) {
                q + 1
            } else {
                q
            })
        }
        B::CeilDivUI => {
            div_checks(false)?;
            wrapu(ux.div_ceil(uy))
        }
        B::FloorDivSI => {
            div_checks(true)?;
            let q = sx / sy;
            let r = sx % sy;
            wrap(if r != 0 && ((r < 0) != (sy < 0)) {
                q - 1
            } else {
                q
            })
        }
        B::AndI => wrap(sx & sy),
        B::OrI => wrap(sx | sy),
        B::XOrI => wrap(sx ^ sy),
        B::ShLI => {
            let s = shift()?;
            let r = (ux << s) & umax;
            // No bit shifted out (nuw), none that differs from the sign (nsw).
            check(sext(w, r as i128) >> s == sx, r >> s == ux)?;
            wrapu(r)
        }
        B::ShRSI => {
            let s = shift()?;
            wrap(sx >> s)
        }
        B::ShRUI => {
            let s = shift()?;
            wrapu(ux >> s)
        }
        B::MaxSI => wrap(sx.max(sy)),
        B::MinSI => wrap(sx.min(sy)),
        B::MaxUI => wrapu(ux.max(uy)),
        B::MinUI => wrapu(ux.min(uy)),
        _ => return Err(Trap::Unsupported(format!("{} on integers", op.name()))),
    })
}

pub(crate) fn cmpi(p: CmpIPredicate, w: u32, x: i128, y: i128) -> bool {
    p.holds(w, x, y)
}

pub(crate) fn cmpf(p: CmpFPredicate, x: f64, y: f64) -> bool {
    use CmpFPredicate as P;
    let uno = x.is_nan() || y.is_nan();
    match p {
        P::False => false,
        P::True => true,
        P::Oeq => !uno && x == y,
        P::Ogt => !uno && x > y,
        P::Oge => !uno && x >= y,
        P::Olt => !uno && x < y,
        P::Ole => !uno && x <= y,
        P::One => !uno && x != y,
        P::Ord => !uno,
        P::Ueq => uno || x == y,
        P::Ugt => uno || x > y,
        P::Uge => uno || x >= y,
        P::Ult => uno || x < y,
        P::Ule => uno || x <= y,
        P::Une => uno || x != y,
        P::Uno => uno,
    }
}

/// Float to integer: out of range (or NaN) is poison in LLVM.
fn float_to_int(x: f64, w: u32, signed: bool) -> Result<i128, Trap> {
    let t = x.trunc();
    let ok = if signed {
        t >= -(2f64.powi(w as i32 - 1)) && t < 2f64.powi(w as i32 - 1)
    } else {
        t >= 0.0 && t < 2f64.powi(w as i32)
    };
    if !ok || x.is_nan() {
        return undefined(format!(
            "{x} does not fit the {w}-bit integer it converts to"
        ));
    }
    Ok(if signed {
        t as i128
    } else {
        sext(w, t as u128 as i128)
    })
}

pub(crate) fn cast(c: CastOp, from: &V, to: Scalar) -> Result<V, Trap> {
    use CastOp as C;
    let tw = to.bits();
    Ok(match c {
        C::ExtSI | C::TruncI | C::IndexCast => {
            let (_, x) = from.int()?;
            V::Int(tw, sext(tw, x))
        }
        C::ExtUI | C::IndexCastUI => {
            let (w, x) = from.int()?;
            V::Int(tw, sext(tw, zext(w, x) as i128))
        }
        C::SIToFP => {
            let (_, x) = from.int()?;
            match to {
                Scalar::F32 => V::F32(x as f32),
                // As LLVM does without bfloat16 instructions: to f32, then rounded again.
                Scalar::BF16 => float_v(to, f64::from(x as f32))?,
                _ => float_v(to, x as f64)?,
            }
        }
        C::UIToFP => {
            let (w, x) = from.int()?;
            let u = zext(w, x);
            match to {
                Scalar::F32 => V::F32(u as f32),
                Scalar::BF16 => float_v(to, f64::from(u as f32))?,
                _ => float_v(to, u as f64)?,
            }
        }
        C::FPToSI => V::Int(tw, float_to_int(from.float()?, tw, true)?),
        C::FPToUI => V::Int(tw, float_to_int(from.float()?, tw, false)?),
        C::ExtF | C::TruncF => float_v(to, from.float()?)?,
        C::Bitcast if matches!(from, V::Poison) => return poison_used(),
        C::Bitcast => V::from_raw(to, from.raw())?,
        C::MemRefCast => {
            return Err(Trap::Unsupported(
                "memref.cast as a scalar cast".to_string(),
            ))
        }
        C::PtrToInt | C::IntToPtr => {
            return Err(Trap::Unsupported(format!(
                "addresses (`{}`: kiln interp does not run the LLVM dialect's operations)",
                c.name()
            )))
        }
    })
}

impl<'m> Interpreter<'m> {
    /// An interpreter of `module`'s functions with no memory yet, [`DEFAULT_FUEL`]
    /// operations to run and calls nested at most [`DEFAULT_MAX_DEPTH`] deep.
    pub fn new(module: &'m Module) -> Self {
        Interpreter {
            module,
            buffers: Vec::new(),
            fuel: DEFAULT_FUEL,
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            frames: 0,
            globals: std::collections::HashMap::new(),
        }
    }

    /// Limits the number of operations executed per call.
    pub fn with_fuel(mut self, fuel: u64) -> Self {
        self.fuel = fuel;
        self
    }

    /// Limits how deeply calls may nest; the calling thread needs a stack of
    /// [`stack_for_depth`]`(max_depth)` bytes.
    pub fn with_max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Calls `entry` with `args` and prints what `kiln run` prints for the same call.
    pub fn call(&mut self, entry: &str, args: &mut [Arg]) -> Result<Outcome, Trap> {
        let f = self
            .module
            .functions
            .iter()
            .find(|f| f.name == entry && !f.is_declaration())
            .ok_or_else(|| Trap::BadArguments(format!("no defined function `@{entry}`")))?;
        if args.len() != f.ty.inputs.len() {
            return Err(Trap::BadArguments(format!(
                "`@{entry}` takes {} arguments, {} given",
                f.ty.inputs.len(),
                args.len()
            )));
        }
        let mut values = Vec::new();
        // Each memref argument's position and view, to print it after the call.
        let mut arg_views = Vec::new();
        for (i, a) in args.iter().enumerate() {
            match a {
                Arg::Scalar(v) => values.push(match v {
                    Value::Int { bits, value } => V::Int(*bits, i128::from(*value)),
                    Value::Wide { bits, value } => V::Int(*bits, *value),
                    Value::F16(b) => V::F16(*b),
                    Value::BF16(b) => V::BF16(*b),
                    Value::F32(x) => V::F32(*x),
                    Value::F64(x) => V::F64(*x),
                    Value::Ptr(_) => {
                        return Err(Trap::BadArguments("a pointer argument".to_string()))
                    }
                }),
                Arg::MemRef(m) => {
                    self.buffers.push(Buffer {
                        cells: m.elements().into_iter().map(Some).collect(),
                        live: true,
                        heap: false,
                        frame: None,
                        read_only: None,
                    });
                    let view = View {
                        buffer: self.buffers.len() - 1,
                        elem: m.elem,
                        offset: m.offset,
                        sizes: m.sizes.clone(),
                        strides: m.strides.clone(),
                    };
                    arg_views.push((i, view.clone()));
                    values.push(V::Mem(view));
                }
            }
        }
        let fuel = self.fuel;
        let results = self.run(f, values, &mut { fuel })?;
        let mut out = Vec::new();
        for (i, r) in results.iter().enumerate() {
            out.push(match r {
                V::Mem(v) => self.view_text(v),
                V::Poison => return undefined(format!("result {i} of `@{entry}` is poison")),
                v => v.text(),
            });
        }
        let memref_args = arg_views
            .iter()
            .map(|(i, v)| (*i, self.view_text(v)))
            .collect();
        Ok(Outcome {
            results: out,
            memref_args,
        })
    }

    fn view_text(&self, v: &View) -> String {
        let cells = &self.buffers[v.buffer].cells;
        view_text(
            v.elem,
            v.offset,
            &v.sizes,
            &v.strides,
            &mut |i| match usize::try_from(i).ok().and_then(|i| cells.get(i)) {
                Some(Some(raw)) => elem_text(v.elem, *raw),
                _ => "?".to_string(),
            },
        )
    }

    /// The memory of global `name`, made with its initial contents when first read (an
    /// `uninitialized` global's cells hold nothing, so reading one is reported).
    fn global_buffer(&mut self, name: &str) -> Result<usize, Trap> {
        if let Some(b) = self.globals.get(name) {
            return Ok(*b);
        }
        let g = self
            .module
            .global(name)
            .ok_or_else(|| Trap::Unsupported(format!("`@{name}` is not a global of the module")))?;
        if g.init == kiln_frontend::ir::GlobalInit::External {
            return Err(Trap::Unsupported(format!(
                "the global `@{name}` is external (declared, not defined)"
            )));
        }
        if g.len() > MAX_ALLOC as usize {
            return Err(Trap::Unsupported(format!(
                "the global `@{name}` has more elements than the interpreter's memory holds"
            )));
        }
        let cells = (0..g.len())
            .map(|i| {
                g.element(i).map(|l| match l {
                    kiln_frontend::ir::Literal::Int(b) => b.get(),
                    kiln_frontend::ir::Literal::Float(b) => u128::from(b),
                })
            })
            .collect();
        self.buffers.push(Buffer {
            cells,
            live: true,
            heap: false,
            frame: None,
            read_only: g.constant.then(|| name.to_string()),
        });
        self.globals
            .insert(name.to_string(), self.buffers.len() - 1);
        Ok(self.buffers.len() - 1)
    }

    /// Fails when buffer `b` is a `constant` global's memory.
    fn writable(&self, b: usize) -> Result<(), Trap> {
        match &self.buffers[b].read_only {
            Some(name) => undefined(format!("a store to the constant global `@{name}`")),
            None => Ok(()),
        }
    }

    /// The cell of element `idx` of a view, checked against the view and the buffer.
    fn cell(&self, v: &View, idx: &[i64], what: &str) -> Result<usize, Trap> {
        let b = &self.buffers[v.buffer];
        if !b.live {
            return undefined(format!("{what} of memory already released"));
        }
        let mut at = v.offset as i128;
        for (d, (i, (s, t))) in idx.iter().zip(v.sizes.iter().zip(&v.strides)).enumerate() {
            if *i < 0 || i >= s {
                return undefined(format!(
                    "{what} at index {i} of dimension {d}, whose size is {s}"
                ));
            }
            at += *i as i128 * *t as i128;
        }
        match usize::try_from(at).ok().filter(|a| *a < b.cells.len()) {
            Some(a) => Ok(a),
            None => undefined(format!(
                "{what} at element {at} of a buffer of {}",
                b.cells.len()
            )),
        }
    }

    /// Calls the module's function `callee`.
    fn call_named(&mut self, callee: &str, args: Vec<V>, fuel: &mut u64) -> Result<Vec<V>, Trap> {
        let module = self.module;
        let g = module
            .functions
            .iter()
            .find(|g| g.name == callee)
            .ok_or_else(|| Trap::Unsupported(format!("no function `@{callee}`")))?;
        self.run(g, args, fuel)
    }

    fn run(&mut self, f: &Function, args: Vec<V>, fuel: &mut u64) -> Result<Vec<V>, Trap> {
        let Some(body) = &f.body else {
            return Err(Trap::Unsupported(format!(
                "`@{}` is external (declared, not defined)",
                f.name
            )));
        };
        if self.depth >= self.max_depth {
            return Err(Trap::Exhausted(format!(
                "calls nest deeper than {} (the interpreter's limit, set with `--max-depth`)",
                self.max_depth
            )));
        }
        self.depth += 1;
        self.frames += 1;
        let frame = self.frames;
        let result = self.run_body(f, body, args, fuel, frame);
        // Stack memory of this activation ends with it.
        for b in &mut self.buffers {
            if b.frame == Some(frame) {
                release(b);
            }
        }
        self.depth -= 1;
        result
    }

    fn run_body(
        &mut self,
        f: &Function,
        body: &Body,
        args: Vec<V>,
        fuel: &mut u64,
        frame: usize,
    ) -> Result<Vec<V>, Trap> {
        let mut env: Vec<Option<V>> = vec![None; body.values.len()];
        let mut block = 0usize;
        let mut incoming = args;
        loop {
            let b = &body.blocks[block];
            for (v, x) in b.args.iter().zip(incoming.drain(..)) {
                env[v.index()] = Some(x);
            }
            let mut next = None;
            for op in &b.ops {
                if *fuel == 0 {
                    return Err(Trap::Exhausted(
                        "the run did not finish within its step budget (a loop that does not end?)"
                            .to_string(),
                    ));
                }
                *fuel -= 1;
                let located = |t: Trap| match t {
                    Trap::Undefined(m) => {
                        Trap::Undefined(format!("`@{}`, {}: {m}", f.name, op.kind.name()))
                    }
                    other => other,
                };
                match self.step(body, op, &env, fuel, frame).map_err(located)? {
                    Step::Values(vs) => {
                        for (r, v) in op.results.iter().zip(vs) {
                            env[r.index()] = Some(v);
                        }
                    }
                    Step::Jump(to, args) => next = Some((to, args)),
                    Step::Return(vs) => return Ok(vs),
                }
            }
            match next {
                Some((to, args)) => {
                    block = to;
                    incoming = args;
                }
                None => {
                    return Err(Trap::Unsupported(format!(
                        "`@{}`: a block ends without a terminator",
                        f.name
                    )))
                }
            }
        }
    }
}

/// Every index of a shape, in row-major order.
fn row_major(sizes: &[i64]) -> impl Iterator<Item = Vec<i64>> + '_ {
    let count: i64 = sizes.iter().product();
    let mut idx = vec![0i64; sizes.len()];
    (0..count.max(0)).map(move |_| {
        let here = idx.clone();
        for d in (0..idx.len()).rev() {
            idx[d] += 1;
            if idx[d] < sizes[d] {
                break;
            }
            idx[d] = 0;
        }
        here
    })
}

enum Step {
    Values(Vec<V>),
    Jump(usize, Vec<V>),
    Return(Vec<V>),
}
