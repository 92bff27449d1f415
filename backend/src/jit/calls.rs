//! What a JIT call passes and gives back, apart from the JIT that makes the calls and the
//! [`super::caller::Caller`] that jumps into compiled code: scalar [`Value`]s, their
//! [`Kind`]s from lowered types, the 8-byte slots they travel in, the [`Program`] compiled
//! and where its callable functions are once built.

use crate::codegen::CodegenError;
use inkwell::types::BasicTypeEnum;
use kiln_lowered::{Lowered, Operand, TargetOp as Op};
use std::collections::HashMap;
use std::fmt;

/// A scalar argument or result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer of `bits` width (1 to 64), as its signed value.
    Int {
        /// The integer type's width in bits (`i1` … `i64`).
        bits: u32,
        /// The value as signed: a result comes sign-extended from `bits` (a true `i1` is
        /// -1); of an argument, only the low `bits` bits count.
        value: i64,
    },
    /// An integer wider than 64 bits (65 to 128), as its signed value: passed in two
    /// slots, low half first, as LLVM stores an `i128` on a little-endian target.
    Wide {
        /// The integer type's width in bits (`i65` … `i128`).
        bits: u32,
        /// The value as signed, as [`Value::Int`]'s.
        value: i128,
    },
    /// An IEEE half, by its bits.
    F16(u16),
    /// A bfloat16, by its bits.
    BF16(u16),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// An address (a memref descriptor's pointers).
    Ptr(u64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Ptr(p) => write!(f, "{p:#x}"),
            Value::Int { bits: 1, value } => write!(f, "{}", value & 1),
            Value::Int { value, .. } => write!(f, "{value}"),
            Value::Wide { value, .. } => write!(f, "{value}"),
            // The shortest decimal that reads back as the same half.
            Value::F16(b) => write!(f, "{:?}", half::f16::from_bits(*b)),
            Value::BF16(b) => write!(f, "{:?}", half::bf16::from_bits(*b)),
            Value::F32(x) => write!(f, "{x:?}"),
            Value::F64(x) => write!(f, "{x:?}"),
        }
    }
}

/// The kind of a scalar parameter or result, from its lowered type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer of this many bits (1 to 128; above 64, two slots).
    Int(u32),
    /// `f16`, passed by its bits.
    F16,
    /// `bf16`, passed by its bits.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `ptr`, an address.
    Ptr,
}

impl Kind {
    /// The kind of a lowered type term (an integer of 1 to 128 bits, `f16`, `f32`, `f64`,
    /// `ptr`); `None` for any other type (an aggregate, `void`, a wider integer).
    pub fn of(t: &Operand) -> Option<Kind> {
        match t.as_node()? {
            (Op::I1, []) => Some(Kind::Int(1)),
            (Op::I8, []) => Some(Kind::Int(8)),
            (Op::I16, []) => Some(Kind::Int(16)),
            (Op::I32, []) => Some(Kind::Int(32)),
            (Op::I64, []) => Some(Kind::Int(64)),
            (Op::I128, []) => Some(Kind::Int(128)),
            (Op::Int, [Operand::Int(n)]) if (1..=128).contains(n) => Some(Kind::Int(*n as u32)),
            (Op::F16, []) => Some(Kind::F16),
            (Op::Bf16, []) => Some(Kind::BF16),
            (Op::F32, []) => Some(Kind::F32),
            (Op::F64, []) => Some(Kind::F64),
            (Op::Ptr, []) => Some(Kind::Ptr),
            _ => None,
        }
    }

    /// The kind of an LLVM scalar type.
    pub(crate) fn of_llvm(t: BasicTypeEnum) -> Option<Kind> {
        match t {
            BasicTypeEnum::IntType(i) if (1..=128).contains(&i.get_bit_width()) => {
                Some(Kind::Int(i.get_bit_width()))
            }
            BasicTypeEnum::FloatType(f) if f == f.get_context().f16_type() => Some(Kind::F16),
            BasicTypeEnum::FloatType(f) if f == f.get_context().bf16_type() => Some(Kind::BF16),
            BasicTypeEnum::FloatType(f) if f == f.get_context().f32_type() => Some(Kind::F32),
            BasicTypeEnum::FloatType(f) if f == f.get_context().f64_type() => Some(Kind::F64),
            BasicTypeEnum::PointerType(_) => Some(Kind::Ptr),
            _ => None,
        }
    }

    /// The type's name as lowered code spells it (`i32`, `f64`, `ptr`).
    pub fn name(self) -> String {
        match self {
            Kind::Int(b) => format!("i{b}"),
            Kind::F16 => Op::F16.to_string(),
            Kind::BF16 => Op::Bf16.to_string(),
            Kind::F32 => Op::F32.to_string(),
            Kind::F64 => Op::F64.to_string(),
            Kind::Ptr => Op::Ptr.to_string(),
        }
    }

    /// How many 8-byte slots a value of this kind takes in a call's argument and result
    /// arrays: two for an integer wider than 64 bits, else one.
    pub fn slots(self) -> usize {
        match self {
            Kind::Int(b) if b > 64 => 2,
            _ => 1,
        }
    }

    /// Appends the slots of `v`; `false` when `v` is not of this kind.
    fn push_slots(self, v: &Value, out: &mut Vec<u64>) -> bool {
        let one = match (self, v) {
            (Kind::Int(b), Value::Int { bits, value }) if b == *bits && b <= 64 => {
                int_slot(b, *value)
            }
            (Kind::Int(b), Value::Wide { bits, value }) if b == *bits && b > 64 => {
                let [low, high] = wide_slots(b, *value);
                out.extend([low, high]);
                return true;
            }
            (Kind::F16, Value::F16(x)) | (Kind::BF16, Value::BF16(x)) => *x as u64,
            (Kind::F32, Value::F32(x)) => x.to_bits() as u64,
            (Kind::F64, Value::F64(x)) => x.to_bits(),
            (Kind::Ptr, Value::Ptr(p)) => *p,
            _ => return false,
        };
        out.push(one);
        true
    }

    /// The value in `slots` (as many as [`Kind::slots`]).
    pub(crate) fn read_slots(self, slots: &[u64]) -> Value {
        match (self, slots) {
            (Kind::Int(bits), [low, high, ..]) if bits > 64 => {
                let raw = (u128::from(*high) << 64) | u128::from(*low);
                let shift = 128 - bits;
                Value::Wide {
                    bits,
                    value: ((raw << shift) as i128) >> shift,
                }
            }
            _ => self.read_slot(slots.first().copied().unwrap_or(0)),
        }
    }

    pub(crate) fn read_slot(self, s: u64) -> Value {
        match self {
            Kind::Int(bits) => {
                let shift = 64u32.saturating_sub(bits);
                Value::Int {
                    bits,
                    value: ((s << shift) as i64) >> shift,
                }
            }
            Kind::F16 => Value::F16(s as u16),
            Kind::BF16 => Value::BF16(s as u16),
            Kind::F32 => Value::F32(f32::from_bits(s as u32)),
            Kind::F64 => Value::F64(f64::from_bits(s)),
            Kind::Ptr => Value::Ptr(s),
        }
    }
}

/// The memory of an integer of `bits` holding `value`: LLVM reads an integer of a width
/// that is not a whole number of bytes (`i1`, `i12`) from its bytes assuming the bits above
/// the width are zero, as its own stores leave them, so those are written zero; an `i8` to
/// `i64` is its bytes.
pub fn int_slot(bits: u32, value: i64) -> u64 {
    if matches!(bits, 8 | 16 | 32 | 64) {
        value as u64
    } else {
        value as u64 & ((1u64 << bits) - 1)
    }
}

/// The two slots of an integer of `bits` (65 to 128) holding `value`, low half first: the
/// bits above the width are zero, as [`int_slot`] leaves them.
pub fn wide_slots(bits: u32, value: i128) -> [u64; 2] {
    let raw = value as u128;
    let raw = if bits >= 128 {
        raw
    } else {
        raw & ((1u128 << bits) - 1)
    };
    [raw as u64, (raw >> 64) as u64]
}

/// The parameter kinds and result leaf kinds (struct fields and array elements, depth
/// first) of a lowered function.
pub fn signature_kinds(f: &Lowered) -> Result<(Vec<Kind>, Vec<Kind>), String> {
    let Some((Op::Sig, [ret, params])) = f.signature.as_node() else {
        return Err(format!("`@{}` has no lowered signature", f.name));
    };
    let unsupported = |t: &Operand| {
        format!(
            "`@{}` has a `{t}` parameter or result; `kiln run` passes scalars (i1–i128, f16, bf16, f32, f64) and memrefs",
            f.name
        )
    };
    fn leaves(t: &Operand, out: &mut Vec<Kind>) -> Result<(), ()> {
        match t.as_node() {
            Some((Op::Struct, [fields])) => {
                for x in fields.as_list().unwrap_or_default() {
                    leaves(x, out)?;
                }
                Ok(())
            }
            Some((Op::Array, [Operand::Int(n), elem])) => {
                for _ in 0..*n {
                    leaves(elem, out)?;
                }
                Ok(())
            }
            _ => {
                out.push(Kind::of(t).ok_or(())?);
                Ok(())
            }
        }
    }
    let params = params
        .as_list()
        .unwrap_or_default()
        .iter()
        .map(|t| Kind::of(t).ok_or_else(|| unsupported(t)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut results = Vec::new();
    if !matches!(ret.as_node(), Some((Op::Void, []))) {
        leaves(ret, &mut results).map_err(|_| unsupported(ret))?;
    }
    Ok((params, results))
}

/// Why a JIT call failed.
#[derive(Debug, thiserror::Error)]
pub enum JitError {
    /// The lowered functions could not be built into an LLVM module.
    #[error(transparent)]
    Codegen(#[from] CodegenError),
    /// Compiling or calling failed otherwise (LLVM rejected the module, no such function,
    /// wrong arguments, the worker thread stopped), as a message.
    #[error("{0}")]
    Call(String),
    /// The native code crashed, exited or ran too long in its child process.
    #[error("{0}")]
    Ended(super::isolate::Ended),
}

/// Checks `args` against the kinds of `entry`'s parameters and packs them into slots.
pub(crate) fn pack(entry: &str, params: &[Kind], args: &[Value]) -> Result<Vec<u64>, JitError> {
    if params.len() != args.len() {
        return Err(JitError::Call(format!(
            "`@{entry}` takes {} argument{}, {} given",
            params.len(),
            if params.len() == 1 { "" } else { "s" },
            args.len()
        )));
    }
    let mut slots = Vec::new();
    for (i, (k, a)) in params.iter().zip(args).enumerate() {
        if !k.push_slots(a, &mut slots) {
            return Err(JitError::Call(format!(
                "argument {} of `@{entry}` is an {}, not {a:?}",
                i + 1,
                k.name()
            )));
        }
    }
    Ok(slots)
}

/// What the JIT compiles: kiln's lowered functions, or LLVM IR text (another compiler's
/// output for the same program, e.g. MLIR 19's, called through the same conventions).
#[derive(Clone, Debug)]
pub enum Program {
    /// Functions kiln lowered (or built by hand).
    Lowered(Vec<Lowered>),
    /// Functions kiln lowered and the globals they read (`memref.global`).
    WithGlobals(Vec<Lowered>, Vec<kiln_lowered::Global>),
    /// The text of an LLVM IR module.
    LlvmIr(String),
}

/// One program's place in the combined module.
pub(crate) struct Built {
    /// Entry name → its wrapper's name in the combined module, parameter and result kinds.
    pub(crate) callable: HashMap<String, (String, Vec<Kind>, Vec<Kind>)>,
    /// The externals the process lacks, given stubs, in the order the probe numbers them.
    pub(crate) unresolved: Vec<String>,
    /// The probe's name in the combined module, when there are stubs.
    pub(crate) probe: Option<String>,
}
