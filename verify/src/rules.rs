//! Rule-level validation (the rule-by-rule check of `kiln verify`, in the spirit of Alive2, by
//! sampling rather than proof): each rule's left side is instantiated with random types,
//! constants and inputs; the rule is applied at the root by the engine itself (guards and
//! computed parts included); both sides are evaluated with the reference interpreter's
//! semantics; they must agree wherever the left side is defined, and the right side may
//! not be undefined there.
//!
//! Target operations are evaluated by their LLVM meaning, written here independently of the
//! rules (`llvm.add` wraps like `arith.addi`, `llvm.icmp` compares like `arith.cmpi`, ...).
//! Rules whose sides are not scalar values (types, signatures, lists, branches, memory,
//! calls) cannot be evaluated this way; [`RuleReport::unchecked`] lists them with the
//! reason, and the whole-program properties cover them.

use super::constants::{interesting, mentioned};
use super::descriptor::{self, Agg, Input};

use super::program::Rng;
use crate::interp::{binary, cast, cmpf, cmpi, fast_math_promise, float_v, sext, Trap, V};
use kiln_engine::lowered::Flags;
use kiln_engine::CompiledRules;
use kiln_engine::Term;
use kiln_engine::{Pat, Rule, RuleLoc, Sort};
use kiln_frontend::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, OperandClass, PureOp};
use kiln_frontend::types::Scalar;
use std::collections::HashMap;

mod check;

pub use check::{check_one, check_rules};

/// The outcome of validating a rule set.
#[derive(Clone, Debug, Default)]
pub struct RuleReport {
    /// Rules checked, with the number of samples both sides evaluated on.
    pub checked: Vec<(String, usize)>,
    /// Rules that cannot be checked by evaluation, and why.
    pub unchecked: Vec<(String, String)>,
    /// Rules whose sides disagree, with the left side, right side, inputs and values.
    pub failures: Vec<RuleFailure>,
}

/// A rule whose two sides disagree on some inputs.
#[derive(Clone, Debug)]
pub struct RuleFailure {
    /// The rule's name.
    pub rule: String,
    /// Where the rule is, for a located diagnostic.
    pub loc: RuleLoc,
    /// `path:line:col` of the rule.
    pub place: String,
    /// The counterexample: both sides, the inputs and what each side computed.
    pub message: String,
}

impl std::fmt::Display for RuleFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rule `{}` ({}): {}", self.rule, self.place, self.message)
    }
}

enum Eval {
    Undefined(String),
    Unsupported(String),
}

impl From<Trap> for Eval {
    fn from(t: Trap) -> Eval {
        match t {
            Trap::Undefined(m) => Eval::Undefined(m),
            other => Eval::Unsupported(other.to_string()),
        }
    }
}

fn scalar_of(t: &Term) -> Result<Scalar, Eval> {
    match t {
        Term::Op(op, cs) if *op == "lower-type" && cs.len() == 1 => match scalar_of(&cs[0])? {
            Scalar::Index => Ok(Scalar::I64),
            s => Ok(s),
        },
        t => t
            .scalar()
            .ok_or_else(|| Eval::Unsupported(format!("the type `{t}`"))),
    }
}

/// The source operation whose semantics an LLVM instruction has, where the two coincide
/// (wrapping integer arithmetic, the same undefined cases, IEEE float operations): the
/// table is written from LLVM's LangRef, so it checks the rules rather than repeating them.
fn llvm_binary(op: &str) -> Option<BinaryOp> {
    use kiln_engine::TargetOp as T;
    use BinaryOp as B;
    Some(match T::from_name(op)? {
        T::Add => B::AddI,
        T::Sub => B::SubI,
        T::Mul => B::MulI,
        T::Sdiv => B::DivSI,
        T::Udiv => B::DivUI,
        T::Srem => B::RemSI,
        T::Urem => B::RemUI,
        T::And => B::AndI,
        T::Or => B::OrI,
        T::Xor => B::XOrI,
        T::Shl => B::ShLI,
        T::Lshr => B::ShRUI,
        T::Ashr => B::ShRSI,
        T::Smax => B::MaxSI,
        T::Smin => B::MinSI,
        T::Umax => B::MaxUI,
        T::Umin => B::MinUI,
        T::Fadd => B::AddF,
        T::Fsub => B::SubF,
        T::Fmul => B::MulF,
        T::Fdiv => B::DivF,
        T::Frem => B::RemF,
        T::Maximum => B::MaximumF,
        T::Minimum => B::MinimumF,
        T::Maxnum => B::MaxNumF,
        T::Minnum => B::MinNumF,
        _ => return None,
    })
}

/// As [`llvm_binary`], for the LLVM intrinsics `llvm.intr` calls: the element-wise operation
/// each computes (LangRef; `llvm.ctlz`, `llvm.cttz` and `llvm.abs` with their poison flag
/// false, which the caller checks).
fn llvm_intrinsic(name: &str) -> Option<PureOp> {
    use PureOp as P;
    Some(match name {
        "llvm.fabs" => P::AbsF,
        "llvm.ceil" => P::Ceil,
        "llvm.floor" => P::Floor,
        "llvm.round" => P::Round,
        "llvm.roundeven" => P::RoundEven,
        "llvm.trunc" => P::Trunc,
        "llvm.sqrt" => P::Sqrt,
        "llvm.exp" => P::Exp,
        "llvm.exp2" => P::Exp2,
        "llvm.log" => P::Log,
        "llvm.log2" => P::Log2,
        "llvm.log10" => P::Log10,
        "llvm.sin" => P::Sin,
        "llvm.cos" => P::Cos,
        "llvm.pow" => P::PowF,
        "llvm.copysign" => P::CopySign,
        "llvm.fma" => P::Fma,
        "llvm.powi" => P::FPowI,
        "llvm.abs" => P::AbsI,
        "llvm.ctlz" => P::Ctlz,
        "llvm.cttz" => P::Cttz,
        "llvm.ctpop" => P::Ctpop,
        _ => return None,
    })
}

/// As [`llvm_binary`], for the C math library functions `llvm.libm` calls (C99 7.12).
fn libm_function(name: &str) -> Option<PureOp> {
    use PureOp as P;
    let base = match name {
        "sinf" | "sin" => P::Sin,
        "cosf" | "cos" => P::Cos,
        "tanf" | "tan" => P::Tan,
        "asinf" | "asin" => P::Asin,
        "acosf" | "acos" => P::Acos,
        "atanf" | "atan" => P::Atan,
        "sinhf" | "sinh" => P::Sinh,
        "coshf" | "cosh" => P::Cosh,
        "tanhf" | "tanh" => P::Tanh,
        "asinhf" | "asinh" => P::Asinh,
        "acoshf" | "acosh" => P::Acosh,
        "atanhf" | "atanh" => P::Atanh,
        "erff" | "erf" => P::Erf,
        "cbrtf" | "cbrt" => P::Cbrt,
        "expm1f" | "expm1" => P::ExpM1,
        "log1pf" | "log1p" => P::Log1p,
        "atan2f" | "atan2" => P::Atan2,
        _ => return None,
    };
    Some(base)
}

/// Evaluates an element-wise operation on evaluated operands of the type its result has.
fn eval_pure(p: PureOp, s: Scalar, args: &[V]) -> Result<Vec<V>, Eval> {
    let mismatch = || Eval::Unsupported("operands of another type than the operation".to_string());
    if (p.class() == kiln_frontend::ops::OperandClass::Float) != s.is_float() {
        return Err(mismatch());
    }
    // The operands' types, by the operation's shape: `fpowi`'s exponent is an integer.
    for (i, a) in args.iter().enumerate() {
        let exponent = p == PureOp::FPowI && i == 1;
        let ok = if exponent {
            matches!(a, V::Int(..))
        } else {
            fits(a, s)
        };
        if !ok {
            return Err(mismatch());
        }
    }
    Ok(crate::interp::elementwise::eval(p, s, args)?)
}

/// As [`llvm_binary`], for LLVM's cast instructions.
fn llvm_cast(op: &str) -> Option<CastOp> {
    use kiln_engine::TargetOp as T;
    use CastOp as C;
    Some(match T::from_name(op)? {
        T::Sext => C::ExtSI,
        T::Zext => C::ExtUI,
        T::Trunc => C::TruncI,
        T::Sitofp => C::SIToFP,
        T::Uitofp => C::UIToFP,
        T::Fptosi => C::FPToSI,
        T::Fptoui => C::FPToUI,
        T::Fpext => C::ExtF,
        T::Fptrunc => C::TruncF,
        T::Bitcast => C::Bitcast,
        _ => return None,
    })
}

fn type_of(v: &V) -> Option<Scalar> {
    match v {
        V::Int(b, _) => Scalar::int(u64::from(*b)),
        V::F32(_) => Some(Scalar::F32),
        V::F64(_) => Some(Scalar::F64),
        _ => None,
    }
}

/// Whether `eval` gives `op` a meaning (in some operand position): the operations a
/// normal form may be built of. Everything else is a helper the rules must rewrite away.
pub fn evaluable(op: &str) -> bool {
    matches!(
        op,
        "func.arg"
            | "arith.constant"
            | "llvm.constant"
            | "arith.cmpi"
            | "llvm.icmp"
            | "arith.cmpf"
            | "llvm.fcmp"
            | "arith.select"
            | "llvm.select"
            | "arith.negf"
            | "llvm.fneg"
            | "lower-type"
            | "nil"
            | "cons"
            | "memref.dim"
            | "memref.rank"
            | "prod"
            | "desc-bytes"
            | "dim-select"
            | "elem-addr"
            | "memref.load"
            | "llvm.load"
            | "memref.store"
            | "llvm.store"
            | "offset-base"
            | "scaled"
            | "linear"
            | "llvm.gep"
            | "block.start"
            | "llvm.extractvalue"
            | "llvm.insertvalue"
            | "llvm.undef"
            | "llvm.struct"
            | "llvm.array"
            | "ptr"
            | "memref"
            | "dyn"
            | "identity"
            | "strided"
    ) || Scalar::from_name(op).is_some()
        || matches!(op, "result" | "llvm.intr" | "llvm.libm")
        || PureOp::from_name(op).is_some()
        || llvm_binary(op).is_some()
        || llvm_cast(op).is_some()
        || (op.starts_with("arith.")
            && (BinaryOp::from_name(op).is_some()
                || CastOp::from_name(op).is_some_and(|c| c != CastOp::MemRefCast)))
}

/// Whether a value has (the LLVM form of) a type: `index` is 64 bits.
fn fits(v: &V, t: Scalar) -> bool {
    match (v, t) {
        (V::Int(b, _), t) if !t.is_float() => *b == t.bits(),
        (V::F32(_), Scalar::F32) | (V::F64(_), Scalar::F64) => true,
        _ => false,
    }
}

/// Whether `op` is an integer operation that takes overflow flags.
fn flagged_integer_op(op: &str) -> bool {
    matches!(
        op,
        "arith.addi"
            | "arith.subi"
            | "arith.muli"
            | "arith.shli"
            | "llvm.add"
            | "llvm.sub"
            | "llvm.mul"
            | "llvm.shl"
    )
}

/// Whether `n` operands are all of `op`'s but its flags, so that one more, a string, is
/// its flags: an operation that takes them (`rules/*.rules` declare it `flags`; a target
/// operation's generated signature says so).
fn takes_flags(op: &str, n: usize) -> bool {
    if let Some(target) = kiln_engine::TargetOp::from_name(op) {
        let signature = target.signature();
        return signature.flags && n == signature.operands.len();
    }
    match op {
        "arith.cmpf" => n == 4,
        "arith.negf" => n == 2,
        _ if flagged_integer_op(op) => n == 3,
        _ => match (PureOp::from_name(op), BinaryOp::from_name(op)) {
            (Some(p), _) => n == p.arity() + 1,
            (_, Some(b)) => n == 3 && b.class() == OperandClass::Float,
            _ => false,
        },
    }
}

/// The value of a term: its flags' promises kept (`nsw`, `nnan`: a broken one makes the
/// value undefined), as they are LLVM's.
fn eval(t: &Term, inputs: &[Input]) -> Result<V, Eval> {
    let Term::Op(op, cs) = t else {
        return Err(Eval::Unsupported(format!("the literal `{t}` as a value")));
    };
    let (cs, flags) = match cs.split_last() {
        Some((Term::Str(f), rest)) if takes_flags(op, rest.len()) => match Flags::parse(f) {
            Some(flags) => (rest, flags),
            None => return Err(Eval::Unsupported(format!("the flags `{f}`"))),
        },
        _ => (&cs[..], Flags::NONE),
    };
    let v = eval_op(op, cs, flags, inputs)?;
    if flags.nnan() || flags.ninf() {
        // The operands are evaluated again for the promise: terms are small.
        let mut values: Vec<V> = cs.iter().filter_map(|c| eval(c, inputs).ok()).collect();
        for c in cs {
            if let Some(items) = c.list() {
                values.extend(items.into_iter().filter_map(|x| eval(x, inputs).ok()));
            }
        }
        values.push(v.clone());
        fast_math_promise(flags, op, &values)?;
    }
    Ok(v)
}

fn eval_op(op: &str, cs: &[Term], flags: Flags, inputs: &[Input]) -> Result<V, Eval> {
    let bad = || Eval::Unsupported(format!("`{op}` with these operands"));
    let mismatch = || Eval::Unsupported("operands of another type than the operation".to_string());
    match (op, cs) {
        ("func.arg", [ty, Term::Int(i), _]) => {
            let Some(Input::Scalar(v)) = inputs.get(*i as usize).cloned() else {
                return Err(bad());
            };
            if !fits(&v, scalar_of(ty)?) {
                return Err(mismatch());
            }
            Ok(v)
        }
        ("memref.dim", [_, m, k]) => {
            let k = eval(k, inputs)?.index()?;
            match descriptor::dim(&eval_agg(m, inputs)?, k).ok_or_else(bad)? {
                Ok(v) => Ok(v),
                Err(m) => Err(Eval::Undefined(m)),
            }
        }
        // The helpers with a meaning of their own, stated independently of their rules.
        ("prod", [l]) => {
            let items = l.list().ok_or_else(bad)?;
            let mut p = 1i64;
            for x in items {
                p = p.wrapping_mul(eval(x, inputs)?.index()?);
            }
            Ok(V::word(p))
        }
        ("desc-bytes", [r]) => {
            // {ptr, ptr, i64, [r x i64], [r x i64]}: 8 bytes each.
            let r = eval(r, inputs)?.index()?;
            Ok(V::word(24i64.wrapping_add(r.wrapping_mul(16))))
        }
        ("dim-select", [m, k, Term::Int(d), Term::Int(n)]) => {
            // Size k when d <= k < n, else size n.
            let k = eval(k, inputs)?.index()?;
            let pick = if *d <= k && k < *n { k } else { *n };
            match descriptor::dim(&eval_agg(m, inputs)?, pick).ok_or_else(bad)? {
                Ok(v) => Ok(v),
                Err(m) => Err(Eval::Undefined(m)),
            }
        }
        // Memory: element addresses in the flat model of `descriptor.rs`, loads from it.
        ("elem-addr", [m, idx]) => address(m, idx, inputs),
        ("memref.load", [_, ty, m, idx]) => {
            let addr = address(m, idx, inputs)?.index()?;
            load(inputs, scalar_of(ty)?, addr)
        }
        ("llvm.load", [_, ty, p]) => {
            let addr = eval(p, inputs)?.index()?;
            load(inputs, scalar_of(ty)?, addr)
        }
        ("offset-base", [m]) => {
            let d = eval_agg(m, inputs)?;
            let elem = elem_of(m).ok_or_else(bad)?;
            let field = |path: &[usize]| match descriptor::extract(&d, path) {
                Some(Agg::Val(V::Int(_, x))) => Ok(*x as i64),
                _ => Err(bad()),
            };
            let addr =
                field(&[1])?.wrapping_add(field(&[2])?.wrapping_mul(descriptor::elem_bytes(elem)));
            Ok(V::word(addr))
        }
        ("scaled", [m, i, Term::Int(d)]) => {
            let d = usize::try_from(*d).map_err(|_| bad())?;
            let stride = match descriptor::extract(&eval_agg(m, inputs)?, &[4, d]) {
                Some(Agg::Val(V::Int(_, x))) => *x as i64,
                _ => return Err(bad()),
            };
            Ok(V::word(eval(i, inputs)?.index()?.wrapping_mul(stride)))
        }
        ("linear", [m, is, Term::Int(d), acc]) => {
            let agg = eval_agg(m, inputs)?;
            let mut total = eval(acc, inputs)?.index()?;
            for (j, i) in is.list().ok_or_else(bad)?.into_iter().enumerate() {
                let d = usize::try_from(*d).map_err(|_| bad())? + j;
                let Some(Agg::Val(V::Int(_, stride))) = descriptor::extract(&agg, &[4, d]) else {
                    return Err(bad());
                };
                total = total.wrapping_add(eval(i, inputs)?.index()?.wrapping_mul(*stride as i64));
            }
            Ok(V::word(total))
        }
        ("llvm.gep", [_, elem, base, offsets]) => {
            let size = descriptor::elem_bytes(scalar_of(elem)?);
            let mut addr = eval(base, inputs)?.index()?;
            for o in offsets.list().ok_or_else(bad)? {
                addr = addr.wrapping_add(eval(o, inputs)?.index()?.wrapping_mul(size));
            }
            Ok(V::word(addr))
        }
        ("memref.rank", [_, m]) => descriptor::rank(&eval_agg(m, inputs)?).ok_or_else(bad),
        ("llvm.extractvalue", [ty, agg, path]) => {
            let agg = eval_agg(agg, inputs)?;
            let path = descriptor::path_of(path).ok_or_else(bad)?;
            match descriptor::extract(&agg, &path).ok_or_else(bad)? {
                Agg::Val(v) if is_ptr(ty) || fits(v, scalar_of(ty)?) => Ok(v.clone()),
                Agg::Undef => Err(Eval::Undefined(format!(
                    "reading the undefined field {path:?}"
                ))),
                _ => Err(mismatch()),
            }
        }
        ("arith.constant" | "llvm.constant", [ty, lit]) => {
            let s = scalar_of(ty)?;
            match (lit, s.is_float()) {
                (Term::Int(i), false) => Ok(V::Int(s.bits(), sext(s.bits(), i128::from(*i)))),
                (Term::Float(b), true) => Ok(float_v(s, f64::from_bits(*b))?),
                (Term::Int(i), true) => Ok(float_v(s, *i as f64)?),
                _ => Err(bad()),
            }
        }
        ("arith.cmpi" | "llvm.icmp", [_, Term::Str(p), a, b]) => {
            let (x, y) = (eval(a, inputs)?, eval(b, inputs)?);
            let p = CmpIPredicate::from_name(p).ok_or_else(bad)?;
            let ((w, x), (w2, y)) = (x.int()?, y.int()?);
            if w != w2 {
                return Err(mismatch());
            }
            Ok(V::Int(1, -i128::from(cmpi(p, w, x, y))))
        }
        ("arith.cmpf" | "llvm.fcmp", [_, Term::Str(p), a, b]) => {
            let (x, y) = (eval(a, inputs)?, eval(b, inputs)?);
            if type_of(&x) != type_of(&y) {
                return Err(mismatch());
            }
            let p = CmpFPredicate::from_name(p).ok_or_else(bad)?;
            Ok(V::Int(1, -i128::from(cmpf(p, x.float()?, y.float()?))))
        }
        ("arith.select" | "llvm.select", [ty, c, a, b]) => {
            let s = scalar_of(ty)?;
            let (c, x, y) = (eval(c, inputs)?, eval(a, inputs)?, eval(b, inputs)?);
            if !fits(&c, Scalar::I1) || !fits(&x, s) || !fits(&y, s) {
                return Err(mismatch());
            }
            Ok(if c.index()? & 1 == 1 { x } else { y })
        }
        ("result", [_, Term::Op(inner, kids), Term::Int(i)]) => {
            let p = PureOp::from_name(inner).ok_or_else(bad)?;
            let (ty, operands) = kids.split_first().ok_or_else(bad)?;
            let args = operands
                .iter()
                .map(|a| eval(a, inputs))
                .collect::<Result<Vec<_>, _>>()?;
            let results = eval_pure(p, scalar_of(ty)?, &args)?;
            results.get(*i as usize).cloned().ok_or_else(bad)
        }
        ("llvm.intr" | "llvm.libm", [ty, callee, list]) => {
            let p = match callee {
                Term::Str(name) => llvm_intrinsic(name),
                Term::Func(name) => libm_function(name),
                _ => None,
            }
            .ok_or_else(|| Eval::Unsupported(format!("`{op}` of `{callee}`")))?;
            let items = list.list().ok_or_else(bad)?;
            let mut args = items
                .into_iter()
                .map(|a| eval(a, inputs))
                .collect::<Result<Vec<_>, _>>()?;
            // The poison flag of `llvm.ctlz`, `llvm.cttz` and `llvm.abs` must be false.
            if matches!(p, PureOp::Ctlz | PureOp::Cttz | PureOp::AbsI) {
                match args.pop() {
                    Some(V::Int(1, 0)) => {}
                    _ => return Err(bad()),
                }
            }
            if args.len() != p.arity() {
                return Err(bad());
            }
            Ok(eval_pure(p, scalar_of(ty)?, &args)?.swap_remove(0))
        }
        (_, [ty, operands @ ..]) if PureOp::from_name(op).is_some() => {
            let p = PureOp::from_name(op).ok_or_else(bad)?;
            let args = operands
                .iter()
                .map(|a| eval(a, inputs))
                .collect::<Result<Vec<_>, _>>()?;
            if args.len() != p.arity() {
                return Err(bad());
            }
            Ok(eval_pure(p, scalar_of(ty)?, &args)?.swap_remove(0))
        }
        ("arith.negf" | "llvm.fneg", [ty, a]) => {
            let s = scalar_of(ty)?;
            match eval(a, inputs)? {
                V::F32(x) if s == Scalar::F32 => Ok(V::F32(-x)),
                V::F64(x) if s == Scalar::F64 => Ok(V::F64(-x)),
                _ => Err(mismatch()),
            }
        }
        (_, [ty, a, b]) => {
            let bin = BinaryOp::from_name(op)
                .filter(|_| op.starts_with("arith."))
                .or_else(|| llvm_binary(op))
                .ok_or_else(|| Eval::Unsupported(format!("`{op}`")))?;
            let s = scalar_of(ty)?;
            let (x, y) = (eval(a, inputs)?, eval(b, inputs)?);
            if !fits(&x, s) || !fits(&y, s) {
                return Err(mismatch());
            }
            Ok(binary(bin, s, &x, &y, flags.nsw(), flags.nuw())?)
        }
        (_, [ty, a]) => {
            let c = CastOp::from_name(op)
                .filter(|c| op.starts_with("arith.") && *c != CastOp::MemRefCast)
                .or_else(|| llvm_cast(op))
                .ok_or_else(|| Eval::Unsupported(format!("`{op}`")))?;
            let to = scalar_of(ty)?;
            let x = eval(a, inputs)?;
            let from = type_of(&x).ok_or_else(bad)?;
            if from.is_float()
                != matches!(
                    c,
                    CastOp::FPToSI | CastOp::FPToUI | CastOp::ExtF | CastOp::TruncF
                )
                && c != CastOp::Bitcast
            {
                return Err(mismatch());
            }
            // MLIR's cast rules: widening and narrowing go one way.
            let ok = match c {
                CastOp::ExtSI | CastOp::ExtUI | CastOp::ExtF => from.bits() < to.bits(),
                CastOp::TruncI | CastOp::TruncF => from.bits() > to.bits(),
                CastOp::Bitcast => from.bits() == to.bits(),
                _ => true,
            };
            let half = |s: Scalar| matches!(s, Scalar::F16 | Scalar::BF16);
            if !ok || half(to) || half(from) {
                return Err(mismatch());
            }
            Ok(cast(c, &x, to)?)
        }
        _ => Err(Eval::Unsupported(format!("`{op}`"))),
    }
}

/// A value as a rule author reads it: `8 : i32`, `-0.5 : f64`.
fn show(v: &V) -> String {
    match (v, type_of(v)) {
        (V::Int(_, x), Some(t)) => format!("{x} : {}", t.name()),
        (V::F32(x), _) => format!("{x:?} : f32"),
        (V::F64(x), _) => format!("{x:?} : f64"),
        _ => format!("{v:?}"),
    }
}

fn show_all(vs: &[Input]) -> String {
    let items: Vec<String> = vs
        .iter()
        .enumerate()
        .map(|(i, v)| format!("arg{i} = {}", v.show(show)))
        .collect();
    if items.is_empty() {
        "(none)".to_string()
    } else {
        items.join(", ")
    }
}

/// What a rule's side does: compute a value, or store one (a store's meaning is the
/// address it writes and the value written).
enum Outcome {
    Value(V),
    Store(i64, V),
}

impl Outcome {
    fn same(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Value(a), Outcome::Value(b)) => same(a, b),
            (Outcome::Store(p, a), Outcome::Store(q, b)) => p == q && same(a, b),
            _ => false,
        }
    }

    fn show(&self) -> String {
        match self {
            Outcome::Value(v) => show(v),
            Outcome::Store(a, v) => format!("a store of {} at {a:#x}", show(v)),
        }
    }
}

/// Evaluates a side of a rule: a store (`memref.store`, `llvm.store`) or a value.
fn eval_root(t: &Term, inputs: &[Input]) -> Result<Outcome, Eval> {
    match t {
        Term::Op(op, cs) => match (*op, &cs[..]) {
            ("memref.store", [_, v, m, idx]) => {
                let addr = address(m, idx, inputs)?.index()?;
                Ok(Outcome::Store(addr, eval(v, inputs)?))
            }
            ("llvm.store", [_, v, p]) => {
                let addr = eval(p, inputs)?.index()?;
                Ok(Outcome::Store(addr, eval(v, inputs)?))
            }
            _ => Ok(Outcome::Value(eval(t, inputs)?)),
        },
        _ => Ok(Outcome::Value(eval(t, inputs)?)),
    }
}

fn is_ptr(t: &Term) -> bool {
    matches!(t, Term::Op(op, cs) if *op == "ptr" && cs.is_empty())
}

/// The element type of a memref argument.
fn elem_of(m: &Term) -> Option<Scalar> {
    match m {
        Term::Op(op, cs) if *op == "func.arg" => Some(cs.first()?.memref()?.elem),
        _ => None,
    }
}

/// The address of element `idx` (a list of index values) of the memref `m`.
fn address(m: &Term, idx: &Term, inputs: &[Input]) -> Result<V, Eval> {
    let bad = || Eval::Unsupported(format!("the element {idx} of {m}"));
    let d = eval_agg(m, inputs)?;
    let elem = elem_of(m).ok_or_else(bad)?;
    let idx = idx
        .list()
        .ok_or_else(bad)?
        .into_iter()
        .map(|i| Ok(eval(i, inputs)?.index()?))
        .collect::<Result<Vec<i64>, Eval>>()?;
    match descriptor::element_address(&d, elem, &idx).ok_or_else(bad)? {
        Ok(a) => Ok(V::word(a)),
        Err(m) => Err(Eval::Undefined(m)),
    }
}

/// A load from the memref inputs' buffers.
fn load(inputs: &[Input], elem: Scalar, addr: i64) -> Result<V, Eval> {
    let descs: Vec<&Agg> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::Memref(d) => Some(d),
            Input::Scalar(_) => None,
        })
        .collect();
    descriptor::load(&descs, elem, addr).map_err(Eval::Undefined)
}

/// Evaluates a term whose value is a descriptor (or a field of one) in the model of
/// `descriptor.rs`: a memref argument, `llvm.undef`, `llvm.insertvalue`.
fn eval_agg(t: &Term, inputs: &[Input]) -> Result<Agg, Eval> {
    let unsupported = || Eval::Unsupported(format!("`{t}` as a descriptor"));
    let Term::Op(op, cs) = t else {
        return Err(unsupported());
    };
    match (*op, &cs[..]) {
        ("func.arg", [_, Term::Int(i), _]) => match inputs.get(*i as usize) {
            Some(Input::Memref(d)) => Ok(d.clone()),
            _ => Err(unsupported()),
        },
        ("llvm.undef", [ty]) => descriptor::undef_of(ty).ok_or_else(unsupported),
        ("llvm.insertvalue", [_, agg, v, path]) => {
            let agg = eval_agg(agg, inputs)?;
            let v = match eval(v, inputs) {
                Ok(v) => Agg::Val(v),
                Err(Eval::Unsupported(_)) => eval_agg(v, inputs)?,
                Err(e) => return Err(e),
            };
            let path = descriptor::path_of(path).ok_or_else(unsupported)?;
            descriptor::insert(&agg, &path, v).ok_or_else(unsupported)
        }
        _ => Err(unsupported()),
    }
}

fn same(a: &V, b: &V) -> bool {
    match (a, b) {
        (V::F32(x), V::F32(y)) => (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits(),
        (V::F64(x), V::F64(y)) => (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits(),
        (V::Int(_, _), V::Int(_, _)) => a.raw() == b.raw() && type_of(a) == type_of(b),
        _ => false,
    }
}
