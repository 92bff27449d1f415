//! The interpreter's semantics of the element-wise operations of
//! [`kiln_frontend::ops::PureOp`]: `arith`'s extended arithmetic, the `math` dialect and the
//! arithmetic of the `index` dialect.
//!
//! Transcendental functions are the C math library's (`sinf`, `tanh`, …), found as the
//! native code finds them: LLVM lowers `llvm.sin.f32` to a call of `sinf`, and the rules call
//! `tanhf` where LLVM has no intrinsic, so the two agree to the bit. Rust's own `asinh` and
//! friends are not the C library's and would not.

use super::{binary, float_v, sext, zext, Trap, V};
use kiln_frontend::ops::PureOp;
use kiln_frontend::types::Scalar;
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::OnceLock;

/// The C library's math functions as the process's dynamic symbols resolve them, which is
/// how the JIT binds the native code's calls: a statically linked copy (Rust's
/// `compiler_builtins` carries some, correctly rounded where glibc's are not) would differ
/// in the last place.
fn libm_symbol(name: &str) -> Option<usize> {
    static TABLE: OnceLock<HashMap<&'static str, usize>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        // A process need not have the math library loaded (kiln loads LLVM, which needs it,
        // only when it generates code); loaded globally, the JIT binds the same copy.
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: dlopen of the C library's own math library, by its soname; its
        // initialisers have no effect on the process beyond defining its symbols.
        unsafe {
            libc::dlopen(c"libm.so.6".as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL);
        }
        let mut t = HashMap::new();
        for (f32_name, f64_name) in LIBM_NAMES {
            for n in [*f32_name, *f64_name] {
                let Ok(c) = CString::new(n) else { continue };
                // SAFETY: dlsym with a NUL-terminated name only reads the process's tables.
                let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) };
                if !p.is_null() {
                    t.insert(n, p as usize);
                }
            }
        }
        t
    });
    table.get(name).copied()
}

/// Every C library function the interpreter calls, at f32 and f64.
const LIBM_NAMES: &[(&str, &str)] = &[
    ("sinf", "sin"),
    ("cosf", "cos"),
    ("tanf", "tan"),
    ("asinf", "asin"),
    ("acosf", "acos"),
    ("atanf", "atan"),
    ("sinhf", "sinh"),
    ("coshf", "cosh"),
    ("tanhf", "tanh"),
    ("asinhf", "asinh"),
    ("acoshf", "acosh"),
    ("atanhf", "atanh"),
    ("erff", "erf"),
    ("cbrtf", "cbrt"),
    ("expf", "exp"),
    ("exp2f", "exp2"),
    ("expm1f", "expm1"),
    ("logf", "log"),
    ("log2f", "log2"),
    ("log10f", "log10"),
    ("log1pf", "log1p"),
    ("powf", "pow"),
    ("atan2f", "atan2"),
];

/// A C library function of one float.
fn libm1(name: &str, single: bool, x: f64) -> Result<f64, Trap> {
    let f = libm_symbol(name).ok_or_else(|| Trap::Unsupported(format!("`{name}` not found")))?;
    // SAFETY: the symbol is the C library's function of that name, whose C type is
    // `float(float)` or `double(double)` as the name says.
    Ok(unsafe {
        if single {
            let f: unsafe extern "C" fn(f32) -> f32 = std::mem::transmute(f);
            f(x as f32) as f64
        } else {
            let f: unsafe extern "C" fn(f64) -> f64 = std::mem::transmute(f);
            f(x)
        }
    })
}

/// A C library function of two floats.
fn libm2(name: &str, single: bool, x: f64, y: f64) -> Result<f64, Trap> {
    let f = libm_symbol(name).ok_or_else(|| Trap::Unsupported(format!("`{name}` not found")))?;
    // SAFETY: as in `libm1`, of two operands.
    Ok(unsafe {
        if single {
            let f: unsafe extern "C" fn(f32, f32) -> f32 = std::mem::transmute(f);
            f(x as f32, y as f32) as f64
        } else {
            let f: unsafe extern "C" fn(f64, f64) -> f64 = std::mem::transmute(f);
            f(x, y)
        }
    })
}

/// The C library functions (f32, f64) of a one-operand operation the rules lower to a call.
fn libm_unary(op: PureOp) -> Option<(&'static str, &'static str)> {
    use PureOp as P;
    let i = match op {
        P::Sin => 0,
        P::Cos => 1,
        P::Tan => 2,
        P::Asin => 3,
        P::Acos => 4,
        P::Atan => 5,
        P::Sinh => 6,
        P::Cosh => 7,
        P::Tanh => 8,
        P::Asinh => 9,
        P::Acosh => 10,
        P::Atanh => 11,
        P::Erf => 12,
        P::Cbrt => 13,
        P::Exp => 14,
        P::Exp2 => 15,
        P::ExpM1 => 16,
        P::Log => 17,
        P::Log2 => 18,
        P::Log10 => 19,
        P::Log1p => 20,
        _ => return None,
    };
    Some(LIBM_NAMES[i])
}

/// The results of `op` on `args`, whose first result has scalar type `ty`.
pub(crate) fn eval(op: PureOp, ty: Scalar, args: &[V]) -> Result<Vec<V>, Trap> {
    if let Some(b) = op.index_arith() {
        return Ok(vec![binary(
            b,
            Scalar::Index,
            &args[0],
            &args[1],
            false,
            false,
        )?]);
    }
    if op.class() == kiln_frontend::ops::OperandClass::Integer {
        return integer(op, ty, args);
    }
    float(op, ty, args).map(|v| vec![v])
}

fn integer(op: PureOp, ty: Scalar, args: &[V]) -> Result<Vec<V>, Trap> {
    use PureOp as P;
    let w = ty.bits();
    let (_, x) = args[0].int()?;
    let ux = zext(w, x);
    let mask = u128::MAX >> (128 - w);
    let int = |v: u128| V::Int(w, sext(w, v as i128));
    let second = || -> Result<(i128, u128), Trap> {
        let (_, y) = args[1].int()?;
        Ok((y, zext(w, y)))
    };
    Ok(match op {
        P::AbsI => vec![int(x.unsigned_abs())],
        P::Ctlz => vec![int(u128::from(ux.leading_zeros() - (128 - w)))],
        P::Cttz => vec![int(if ux == 0 {
            u128::from(w)
        } else {
            u128::from(ux.trailing_zeros())
        })],
        P::Ctpop => vec![int(u128::from(ux.count_ones()))],
        P::AddUIExtended => {
            let (_, uy) = second()?;
            let (sum, carried) = ux.overflowing_add(uy);
            let carry = carried || (sum & !mask) != 0;
            vec![int(sum & mask), V::Int(1, -i128::from(carry))]
        }
        P::MulSIExtended => {
            let (y, uy) = second()?;
            let (high, low) = product_bits(w, ux, uy);
            // The signed product's high half from the unsigned one: subtract the other
            // operand for each negative one (mod 2^w).
            let mut high = high;
            if x < 0 {
                high = high.wrapping_sub(uy);
            }
            if y < 0 {
                high = high.wrapping_sub(ux);
            }
            vec![int(low), int(high & mask)]
        }
        P::MulUIExtended => {
            let (_, uy) = second()?;
            let (high, low) = product_bits(w, ux, uy);
            vec![int(low), int(high)]
        }
        _ => return Err(Trap::Unsupported(format!("{} on integers", op.name()))),
    })
}

/// The product of two unsigned numbers of `w` bits (up to 128) as its high and low `w`
/// bits, computed in 64-bit limbs so that no width overflows.
fn product_bits(w: u32, x: u128, y: u128) -> (u128, u128) {
    let (x1, x0) = (x >> 64, x & u128::from(u64::MAX));
    let (y1, y0) = (y >> 64, y & u128::from(u64::MAX));
    // The 256-bit product as four 64-bit limbs: (hi, lo) = x * y.
    let p00 = x0 * y0;
    let p01 = x0 * y1;
    let p10 = x1 * y0;
    let p11 = x1 * y1;
    let mid = (p00 >> 64) + (p01 & u128::from(u64::MAX)) + (p10 & u128::from(u64::MAX));
    let lo = (p00 & u128::from(u64::MAX)) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    let mask = u128::MAX >> (128 - w);
    let low = lo & mask;
    let high = if w == 128 {
        hi
    } else {
        ((lo >> w) | (hi << (128 - w))) & mask
    };
    (high, low)
}

fn float(op: PureOp, ty: Scalar, args: &[V]) -> Result<V, Trap> {
    use PureOp as P;
    let single = match ty {
        Scalar::F32 => true,
        Scalar::F64 => false,
        other => {
            return Err(Trap::Unsupported(format!(
                "{} on {}",
                op.name(),
                other.name()
            )))
        }
    };
    let x = args[0].float()?;
    // The second operand as a float, where it is one (`math.fpowi`'s exponent is not).
    let y = match args.get(1) {
        Some(v) if op != PureOp::FPowI => v.float()?,
        _ => 0.0,
    };
    if let Some((f32_name, f64_name)) = libm_unary(op) {
        let name = if single { f32_name } else { f64_name };
        return float_v(ty, libm1(name, single, x)?);
    }
    let r = if single {
        let (a, b) = (x as f32, y as f32);
        (match op {
            P::AbsF => a.abs(),
            P::Ceil => a.ceil(),
            P::Floor => a.floor(),
            P::Round => a.round(),
            P::RoundEven => a.round_ties_even(),
            P::Trunc => a.trunc(),
            P::Sqrt => a.sqrt(),
            P::Rsqrt => 1.0 / a.sqrt(),
            P::CopySign => a.copysign(b),
            P::PowF => libm2("powf", true, x, y)? as f32,
            P::Atan2 => libm2("atan2f", true, x, y)? as f32,
            P::Fma => a.mul_add(b, args[2].float()? as f32),
            P::FPowI => powi(a as f64, args[1].int()?.1 as i64, true) as f32,
            _ => return Err(Trap::Unsupported(op.name().to_string())),
        }) as f64
    } else {
        let b = y;
        match op {
            P::AbsF => x.abs(),
            P::Ceil => x.ceil(),
            P::Floor => x.floor(),
            P::Round => x.round(),
            P::RoundEven => x.round_ties_even(),
            P::Trunc => x.trunc(),
            P::Sqrt => x.sqrt(),
            P::Rsqrt => 1.0 / x.sqrt(),
            P::CopySign => x.copysign(b),
            P::PowF => libm2("pow", false, x, b)?,
            P::Atan2 => libm2("atan2", false, x, b)?,
            P::Fma => x.mul_add(b, args[2].float()?),
            P::FPowI => powi(x, args[1].int()?.1 as i64, false),
            _ => return Err(Trap::Unsupported(op.name().to_string())),
        }
    };
    float_v(ty, r)
}

/// `llvm.powi` as compiler-rt's `__powisf2`/`__powidf2` compute it (what LLVM calls for it):
/// square-and-multiply at the operand's precision, then one reciprocal for a negative power.
fn powi(a: f64, b: i64, single: bool) -> f64 {
    let round = |v: f64| if single { v as f32 as f64 } else { v };
    let recip = b < 0;
    let (mut a, mut b, mut r) = (round(a), b as i32, 1.0f64);
    loop {
        if b & 1 != 0 {
            r = round(r * a);
        }
        b /= 2;
        if b == 0 {
            break;
        }
        a = round(a * a);
    }
    if recip {
        round(1.0 / r)
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extended_arithmetic_at_the_edges() {
        let i8v = |x: i128| V::Int(8, x);
        // 200 + 100 = 300 = 44 + 256: the sum wraps and the flag is set (true is -1 at i1).
        let r = eval(PureOp::AddUIExtended, Scalar::I8, &[i8v(-56), i8v(100)]).unwrap();
        assert_eq!(r, vec![i8v(44), V::Int(1, -1)]);
        // -128 * -128 = 16384 = 0x4000: low 0, high 64.
        let r = eval(PureOp::MulSIExtended, Scalar::I8, &[i8v(-128), i8v(-128)]).unwrap();
        assert_eq!(r, vec![i8v(0), i8v(64)]);
        // 255 * 255 = 65025 = 0xFE01: low 1, high 0xFE (-2 as i8).
        let r = eval(PureOp::MulUIExtended, Scalar::I8, &[i8v(-1), i8v(-1)]).unwrap();
        assert_eq!(r, vec![i8v(1), i8v(-2)]);
        let w = |x: i128| V::Int(64, x);
        let r = eval(PureOp::MulUIExtended, Scalar::I64, &[w(-1), w(-1)]).unwrap();
        assert_eq!(r, vec![w(1), w(-2)]);
        // At 128 bits the product has 256: (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        let wide = |x: i128| V::Int(128, x);
        let i128_ty = Scalar::int(128).unwrap();
        let r = eval(PureOp::MulUIExtended, i128_ty, &[wide(-1), wide(-1)]).unwrap();
        assert_eq!(r, vec![wide(1), wide(-2)]);
        // Signed: -1 * -1 = 1, high half 0; MIN * MIN = 2^254: low 0, high 2^126.
        let r = eval(PureOp::MulSIExtended, i128_ty, &[wide(-1), wide(-1)]).unwrap();
        assert_eq!(r, vec![wide(1), wide(0)]);
        let r = eval(
            PureOp::MulSIExtended,
            i128_ty,
            &[wide(i128::MIN), wide(i128::MIN)],
        );
        assert_eq!(r.unwrap(), vec![wide(0), wide(1 << 126)]);
        // -3 * 5 = -15: the high half is all ones.
        let r = eval(PureOp::MulSIExtended, i128_ty, &[wide(-3), wide(5)]).unwrap();
        assert_eq!(r, vec![wide(-15), wide(-1)]);
        // i100: (2^100 - 1) + 1 carries out.
        let i100 = Scalar::int(100).unwrap();
        let r = eval(
            PureOp::AddUIExtended,
            i100,
            &[V::Int(100, -1), V::Int(100, 1)],
        )
        .unwrap();
        assert_eq!(r, vec![V::Int(100, 0), V::Int(1, -1)]);
    }

    #[test]
    fn bit_counts_at_the_width() {
        let i = |x: i128| V::Int(16, x);
        assert_eq!(
            eval(PureOp::Ctlz, Scalar::I16, &[i(0)]).unwrap(),
            vec![i(16)]
        );
        assert_eq!(
            eval(PureOp::Ctlz, Scalar::I16, &[i(1)]).unwrap(),
            vec![i(15)]
        );
        assert_eq!(
            eval(PureOp::Cttz, Scalar::I16, &[i(0)]).unwrap(),
            vec![i(16)]
        );
        assert_eq!(
            eval(PureOp::Ctpop, Scalar::I16, &[i(-1)]).unwrap(),
            vec![i(16)]
        );
        // |INT_MIN| wraps to INT_MIN (LLVM's `abs` with `is_int_min_poison` false).
        assert_eq!(
            eval(PureOp::AbsI, Scalar::I16, &[i(-32768)]).unwrap(),
            vec![i(-32768)]
        );
    }

    #[test]
    fn powi_multiplies_at_single_precision() {
        assert_eq!(powi(2.0, 10, true), 1024.0);
        assert_eq!(powi(2.0, -2, false), 0.25);
        assert_eq!(powi(3.0, 0, true), 1.0);
    }
}
