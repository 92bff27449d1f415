//! The conversions to `bfloat` that LLVM's code generation calls.
//!
//! A target without bfloat16 instructions computes `bfloat` arithmetic in `float` and rounds
//! back by calling `__truncsfbf2` (and `__truncdfbf2` for a `double`), even at `-O0` where
//! a `bfloat` only passes through. Those are compiler-rt's and libgcc's from GCC 13 on; the
//! libgcc of Debian 12 (GCC 12) has neither, so a program using `bf16` would not link or
//! JIT there. kiln defines both in every module that uses `bfloat`, as internal functions
//! kept by `llvm.compiler.used`: the code generator's calls bind to them by name within the
//! object, and two objects' copies never clash. They round as compiler-rt does: to nearest,
//! ties to even, a NaN kept a NaN with its sign and the top of its payload.

use crate::codegen::CodegenError;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::types::FloatType;
use inkwell::values::{FloatValue, FunctionValue, IntValue};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use kiln_lowered::{Lowered, Operand, TargetOp};

/// The name LLVM calls to round a `float` to `bfloat`.
const FROM_FLOAT: &str = "__truncsfbf2";
/// The name LLVM calls to round a `double` to `bfloat`.
const FROM_DOUBLE: &str = "__truncdfbf2";

/// Whether lowered functions use `bf16` anywhere (a type in a signature or an operation).
pub fn uses_bf16(functions: &[Lowered]) -> bool {
    fn operand(o: &Operand) -> bool {
        match o {
            Operand::Node(op, args) => *op == TargetOp::Bf16 || args.iter().any(operand),
            Operand::List(items) => items.iter().any(operand),
            _ => false,
        }
    }
    functions.iter().any(|f| {
        operand(&f.signature)
            || f.blocks.iter().any(|b| {
                b.params.as_ref().is_some_and(operand)
                    || b.insts.iter().any(|i| i.operands.iter().any(operand))
            })
    })
}

/// Defines the two conversions in `module` (see the module's documentation), unless it
/// defines them already.
pub fn define_truncations<'c>(ctx: &'c Context, module: &Module<'c>) -> Result<(), CodegenError> {
    if module.get_function(FROM_FLOAT).is_some() || module.get_function(FROM_DOUBLE).is_some() {
        return Ok(());
    }
    let b = ctx.create_builder();
    let from_float = from_float(ctx, module, &b).map_err(builder)?;
    let from_double = from_double(ctx, module, &b).map_err(builder)?;
    keep(ctx, module, &[from_float, from_double]);
    Ok(())
}

fn builder(e: inkwell::builder::BuilderError) -> CodegenError {
    CodegenError::Builder {
        function: FROM_FLOAT.to_string(),
        source: e,
    }
}

type Built<T> = Result<T, inkwell::builder::BuilderError>;

/// `bfloat __truncsfbf2(float)`.
fn from_float<'c>(
    ctx: &'c Context,
    module: &Module<'c>,
    b: &Builder<'c>,
) -> Built<FunctionValue<'c>> {
    let (f, x) = begin(ctx, module, b, FROM_FLOAT, ctx.f32_type());
    let i32t = ctx.i32_type();
    let bits = b.build_bit_cast(x, i32t, "bits")?.into_int_value();
    let nan = b.build_float_compare(FloatPredicate::UNO, x, x, "nan")?;
    let rounded = rounded_high_half(ctx, b, bits)?;
    // A NaN keeps its sign and payload's top, made quiet.
    let high = b.build_right_shift(bits, i32t.const_int(16, false), false, "high")?;
    let quiet = b.build_or(high, i32t.const_int(0x40, false), "quiet")?;
    finish(ctx, b, nan, quiet, rounded)?;
    Ok(f)
}

/// `bfloat __truncdfbf2(double)`: rounded to `float` to odd (the nearest `float`, moved
/// one step away from zero when that is even and inexact), which keeps enough of the
/// `double` that rounding it again to `bfloat`'s 8 bits is rounding the `double` once.
fn from_double<'c>(
    ctx: &'c Context,
    module: &Module<'c>,
    b: &Builder<'c>,
) -> Built<FunctionValue<'c>> {
    let (f64t, f32t, i32t) = (ctx.f64_type(), ctx.f32_type(), ctx.i32_type());
    let (f, x) = begin(ctx, module, b, FROM_DOUBLE, f64t);
    let near = b.build_float_trunc(x, f32t, "near")?;
    let near_bits = b.build_bit_cast(near, i32t, "near.bits")?.into_int_value();
    let back = b.build_float_ext(near, f64t, "back")?;
    let inexact = b.build_float_compare(FloatPredicate::ONE, back, x, "inexact")?;
    let low = b.build_and(near_bits, i32t.const_int(1, false), "low")?;
    let even = b.build_int_compare(IntPredicate::EQ, low, i32t.const_zero(), "even")?;
    let below = b.build_float_compare(FloatPredicate::OLT, back, x, "below")?;
    let positive = b.build_float_compare(FloatPredicate::OGT, x, f64t.const_zero(), "positive")?;
    let away = b.build_int_compare(IntPredicate::EQ, below, positive, "away")?;
    let step = b
        .build_select(
            away,
            i32t.const_int(1, false),
            i32t.const_all_ones(),
            "step",
        )?
        .into_int_value();
    let adjust = b.build_and(inexact, even, "adjust")?;
    let step = b
        .build_select(adjust, step, i32t.const_zero(), "odd.step")?
        .into_int_value();
    let odd = b.build_int_add(near_bits, step, "odd")?;
    let rounded = rounded_high_half(ctx, b, odd)?;
    // A NaN keeps its sign and the top of its payload, made quiet: sign, 0x7fc0, then the
    // payload's six bits below its quiet bit.
    let i64t = ctx.i64_type();
    let nan = b.build_float_compare(FloatPredicate::UNO, x, x, "nan")?;
    let wide = b.build_bit_cast(x, i64t, "wide")?.into_int_value();
    let sign = b.build_right_shift(wide, i64t.const_int(48, false), false, "sign")?;
    let sign = b.build_and(sign, i64t.const_int(0x8000, false), "sign.bit")?;
    let payload = b.build_right_shift(wide, i64t.const_int(45, false), false, "payload")?;
    let payload = b.build_and(payload, i64t.const_int(0x3f, false), "payload.top")?;
    let quiet = b.build_or(sign, i64t.const_int(0x7fc0, false), "quiet")?;
    let quiet = b.build_or(quiet, payload, "quiet.nan")?;
    let quiet = b.build_int_truncate(quiet, i32t, "quiet32")?;
    finish(ctx, b, nan, quiet, rounded)?;
    Ok(f)
}

/// Adds the internal function `name` from `from` to `bfloat` and places the builder at its
/// entry; gives the function and its parameter.
fn begin<'c>(
    ctx: &'c Context,
    module: &Module<'c>,
    b: &Builder<'c>,
    name: &str,
    from: FloatType<'c>,
) -> (FunctionValue<'c>, FloatValue<'c>) {
    let ty = ctx.bf16_type().fn_type(&[from.into()], false);
    let f = module.add_function(name, ty, Some(Linkage::Internal));
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    // (The function type gives it one parameter, of `from`.)
    let x = f
        .get_first_param()
        .map_or_else(|| from.const_zero(), |p| p.into_float_value());
    (f, x)
}

/// The upper 16 bits of a (not NaN) `float`'s `bits` rounded to nearest, ties to even.
fn rounded_high_half<'c>(
    ctx: &'c Context,
    b: &Builder<'c>,
    bits: IntValue<'c>,
) -> Built<IntValue<'c>> {
    let i32t = ctx.i32_type();
    let sixteen = i32t.const_int(16, false);
    let high = b.build_right_shift(bits, sixteen, false, "high")?;
    let lsb = b.build_and(high, i32t.const_int(1, false), "lsb")?;
    let bias = b.build_int_add(lsb, i32t.const_int(0x7fff, false), "bias")?;
    let biased = b.build_int_add(bits, bias, "biased")?;
    b.build_right_shift(biased, sixteen, false, "rounded")
}

/// Returns `quiet` for a NaN, else `rounded`, each the bits of a `bfloat` in the low 16.
fn finish<'c>(
    ctx: &'c Context,
    b: &Builder<'c>,
    nan: IntValue<'c>,
    quiet: IntValue<'c>,
    rounded: IntValue<'c>,
) -> Built<()> {
    let high = b
        .build_select(nan, quiet, rounded, "half")?
        .into_int_value();
    let h = b.build_int_truncate(high, ctx.i16_type(), "h")?;
    let r = b.build_bit_cast(h, ctx.bf16_type(), "r")?;
    b.build_return(Some(&r))?;
    Ok(())
}

/// Adds `functions` to `llvm.compiler.used`, so that no pass removes them while nothing in
/// the IR calls them (their callers appear only in code generation).
fn keep<'c>(ctx: &'c Context, module: &Module<'c>, functions: &[FunctionValue<'c>]) {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let items: Vec<_> = functions
        .iter()
        .map(|f| f.as_global_value().as_pointer_value())
        .collect();
    let array = ptr.const_array(&items);
    let used = module.add_global(
        ptr.array_type(items.len() as u32),
        None,
        "llvm.compiler.used",
    );
    used.set_linkage(Linkage::Appending);
    used.set_section(Some("llvm.metadata"));
    used.set_initializer(&array);
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::execution_engine::JitFunction;
    use inkwell::OptimizationLevel;

    type Trunc32 = unsafe extern "C" fn(u32) -> u16;

    /// Calls each conversion through a wrapper that takes and gives bits, on values around
    /// every rounding case: from `float` against the `half` crate's conversion, from
    /// `double` against the bits worked out by hand (`half` rounds a `double` through
    /// `float`, twice).
    #[test]
    fn conversions_round_to_nearest_even_and_keep_nans() {
        let ctx = Context::create();
        let module = ctx.create_module("t");
        define_truncations(&ctx, &module).expect("defined");
        let b = ctx.create_builder();
        let wrap = |name: &str, arg: inkwell::types::BasicTypeEnum, wide: bool| {
            let int = if wide { ctx.i64_type() } else { ctx.i32_type() };
            let w = module.add_function(
                &format!("{name}.bits"),
                ctx.i16_type().fn_type(&[int.into()], false),
                None,
            );
            b.position_at_end(ctx.append_basic_block(w, "e"));
            let p = w.get_nth_param(0).expect("param");
            let x = b.build_bit_cast(p, arg, "x").expect("bitcast");
            let callee = module.get_function(name).expect("defined");
            let r = b
                .build_call(callee, &[x.into()], "r")
                .expect("call")
                .try_as_basic_value()
                .basic()
                .expect("value");
            let bits = b.build_bit_cast(r, ctx.i16_type(), "b").expect("bitcast");
            b.build_return(Some(&bits)).expect("return");
        };
        wrap(FROM_FLOAT, ctx.f32_type().into(), false);
        wrap(FROM_DOUBLE, ctx.f64_type().into(), true);
        module.verify().expect("valid");
        let engine = module
            .create_jit_execution_engine(OptimizationLevel::None)
            .expect("engine");
        // SAFETY: the wrappers have the C types given.
        let (from_float, from_double): (
            JitFunction<Trunc32>,
            JitFunction<unsafe extern "C" fn(u64) -> u16>,
        ) = unsafe {
            (
                engine.get_function("__truncsfbf2.bits").expect("found"),
                engine.get_function("__truncdfbf2.bits").expect("found"),
            )
        };
        let floats = [
            1.0f32,
            // The ties around 1 (to even: down, then up) and a value between them.
            1.0 + 2f32.powi(-8),
            1.0 + 2f32.powi(-7),
            1.0 + 3.0 * 2f32.powi(-8),
            -1.0 - 2f32.powi(-8),
            3.0e38,
            3.4e38,
            1e-40,
            -0.0,
            f32::INFINITY,
            65504.0,
            0.1,
            1.3,
        ];
        for x in floats {
            let got = unsafe { from_float.call(x.to_bits()) };
            assert_eq!(got, half::bf16::from_f32(x).to_bits(), "{x}");
        }
        let doubles = [
            // Just above the tie between 1 and 1 + 2^-7: up, where through `float` it is a
            // tie, to even.
            (1.0f64 + 2f64.powi(-8) + 2f64.powi(-40), 0x3f81),
            (1.0 + 2f64.powi(-8), 0x3f80),
            (1.0 + 3.0 * 2f64.powi(-8), 0x3f82),
            (1e-300, 0x0000),
            (-1e300, 0xff80),
            (0.1, 0x3dcd),
            (1.3, 0x3fa6),
            (-0.0, 0x8000),
        ];
        for (x, want) in doubles {
            let got = unsafe { from_double.call(x.to_bits()) };
            assert_eq!(got, want, "{x}");
        }
        let nan = unsafe { from_float.call(0xffa0_0000) };
        assert_eq!(nan, 0xffe0);
        let nan = unsafe { from_double.call(f64::NAN.to_bits() | (1 << 63)) };
        assert_eq!(nan & 0xffc0, 0xffc0);
    }
}
