//! The typed IR: module → functions → blocks → operations over SSA values.
//!
//! Each function owns an arena of values; blocks and operations refer to values by index.
//! Spans inside a [`Function`] are relative to the start of the function's text (see
//! [`crate::span::Span`]). The IR is plain data (`Eq + Hash`) so that salsa can store it and
//! compare it.

use crate::llvm_types::{LlvmFuncType, LlvmType};
use crate::ops::{
    BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, FlagFamily, OperandClass, PureOp, UnaryOp,
};
use crate::span::Span;
use crate::types::{FunctionType, MemRefType, Scalar, Type};
use std::sync::Arc;
use thin_vec::ThinVec;

/// A value of a function: its index into [`Body::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// A block of a function: its index into [`Body::blocks`] (0 is the entry block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

impl ValueId {
    /// The index into [`Body::values`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl BlockId {
    /// The index into [`Body::blocks`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The name a value was written with: `%x` is `{ base: "x", index: None }`, result 1 of
/// `%r:2` is `{ base: "r", index: Some(1) }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueName {
    /// The name without `%` and without a result number.
    pub base: String,
    /// The value's position in a result group `%r:N` (used as `%r#i`); `None` for a value
    /// named on its own.
    pub index: Option<u32>,
}

impl std::fmt::Display for ValueName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            Some(i) => write!(f, "%{}#{i}", self.base),
            None => write!(f, "%{}", self.base),
        }
    }
}

/// Where a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// Argument `index` of block `block`.
    BlockArg {
        /// The block (the entry block for a function parameter).
        block: BlockId,
        /// The argument's position in the block's arguments.
        index: u32,
    },
    /// Result `index` of operation `op` of block `block`.
    OpResult {
        /// The block holding the operation.
        block: BlockId,
        /// The operation's position in [`Block::ops`].
        op: u32,
        /// The result's position in [`Op::results`].
        index: u32,
    },
}

/// An SSA value: a block argument or an operation result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// The name it was written with.
    pub name: ValueName,
    /// Its resolved type.
    pub ty: Type,
    /// Where it is defined.
    pub def: ValueDef,
    /// Where its name is written at the definition.
    pub span: Span,
}

/// A branch target of a terminator, with the values passed to the block's arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor {
    /// The target block.
    pub block: BlockId,
    /// The values passed, one per argument of the target block.
    pub args: Vec<ValueId>,
    /// Where the successor (`^bb1(%x : i32)`) is written.
    pub span: Span,
}

/// A constant's value: integer bits (truncated to the type's width, two's complement) or a
/// float's IEEE bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An integer or boolean (`true` is 1), its bits masked to the type's width.
    Int(IntBits),
    /// A float's bits in the type's own format (`f16`, `f32` or `f64`), in the low bits.
    Float(u64),
}

/// An integer constant's bits, up to 128 of them, kept as two words: a `u128` would align
/// every operation to 16 bytes and make it larger ([`Op`] holds a [`Literal`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntBits {
    low: u64,
    high: u64,
}

impl IntBits {
    /// The bits of `v`.
    pub const fn new(v: u128) -> IntBits {
        IntBits {
            low: v as u64,
            high: (v >> 64) as u64,
        }
    }

    /// All the bits.
    pub const fn get(self) -> u128 {
        ((self.high as u128) << 64) | self.low as u128
    }

    /// The low 64 bits: all of them for a type of 64 bits or fewer.
    pub const fn low(self) -> u64 {
        self.low
    }
}

impl From<u64> for IntBits {
    fn from(v: u64) -> IntBits {
        IntBits::new(u128::from(v))
    }
}

/// What an operation is. The operand order of each kind is fixed (see each variant).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// `arith.constant`: no operands, one result.
    Constant(Literal),
    /// A binary `arith` operation: operands `lhs, rhs`.
    Binary(BinaryOp),
    /// A unary `arith` operation: one operand.
    Unary(UnaryOp),
    /// An element-wise operation of `arith` (extended arithmetic), `math` or `index`.
    Pure(PureOp),
    /// A conversion (`arith.extsi`, `memref.cast`, ...): one operand.
    Cast(CastOp),
    /// `arith.cmpi` with its predicate: operands `lhs, rhs`, an `i1` result.
    CmpI(CmpIPredicate),
    /// `arith.cmpf` with its predicate: operands `lhs, rhs`, an `i1` result.
    CmpF(CmpFPredicate),
    /// `arith.select`: operands `cond, on_true, on_false`.
    Select,
    /// `func.call`: the operands are the arguments.
    Call {
        /// The called function's name, without `@`.
        callee: String,
    },
    /// `func.call_indirect`: operand 0 is the function value, the rest the arguments.
    CallIndirect,
    /// `func.constant`: the function `callee` as a value; no operands.
    FuncConstant {
        /// The function's name, without `@`.
        callee: String,
    },
    /// `func.return`: the operands are the returned values.
    Return,
    /// `llvm.unreachable`: control never reaches it (undefined behaviour where it does).
    Unreachable,
    /// `cf.br`: no operands, one successor.
    Br,
    /// `cf.cond_br`: operand 0 is the `i1` condition; successor 0 is taken when it is true,
    /// successor 1 otherwise.
    CondBr,
    /// `cf.switch`: operand 0 is the flag. Successor 0 is the default; successor `i + 1`
    /// goes with `cases[i]`.
    Switch {
        /// The case values, in the order written (of up to 128 bits, as the flag's type).
        cases: Vec<i128>,
    },
    /// `memref.alloc` (heap): the operands are the dynamic sizes, one per `?` of the
    /// result type.
    Alloc,
    /// `memref.alloca` (stack): the operands are the dynamic sizes, as for `Alloc`.
    Alloca,
    /// `memref.dealloc`: operand 0 is the memref freed.
    Dealloc,
    /// `memref.assume_alignment`: operand 0 is a ranked memref whose element pointer (the
    /// aligned pointer plus the offset) is aligned to `alignment` bytes.
    AssumeAlignment {
        /// A power of two.
        alignment: u64,
    },
    /// `memref.extract_aligned_pointer_as_index`: operand 0's aligned pointer as an `index`.
    ExtractAlignedPointer,
    /// `memref.transpose`: a view of operand 0 whose dimension `k` is the source's
    /// dimension `permutation[k]`.
    Transpose {
        /// For each result dimension, the source dimension it is.
        permutation: Vec<u32>,
    },
    /// `ub.poison`: a poison value of the result type (no operands).
    Poison,
    /// `memref.expand_shape`: a view of operand 0 whose dimensions in `groups[d]` split the
    /// source's dimension `d`, with the sizes given (`None` entries are the operands after the
    /// source, in order).
    ExpandShape {
        /// For each source dimension, the result dimensions it becomes (consecutive).
        groups: ThinVec<ThinVec<u32>>,
        /// The result's sizes; `None` where dynamic.
        sizes: ThinVec<Option<i64>>,
    },
    /// `memref.collapse_shape`: a view of operand 0 whose dimension `g` joins the source's
    /// dimensions `groups[g]`.
    CollapseShape {
        /// For each result dimension, the source dimensions it joins (consecutive).
        groups: ThinVec<ThinVec<u32>>,
    },
    /// `memref.atomic_rmw`: operand 0 combined atomically into the element of memref
    /// operand 1 at the indices after it; the result is the element's value before.
    AtomicRmw {
        /// How the value and the element combine.
        kind: crate::ops::AtomicKind,
    },
    /// `memref.realloc`: operand 0 (1-D, identity layout, from `memref.alloc`) in memory of
    /// the result's size, its elements kept as far as both hold them; operand 0 is
    /// released. An operand after it is the new size, where dynamic.
    Realloc,
    /// `memref.view`: operand 0 (a 1-D byte buffer) viewed from byte operand 1 on, as the
    /// result type (identity layout); the operands after are its dynamic sizes.
    View,
    /// `memref.reshape`: operand 0 (identity layout) with the shape of operand 1, a 1-D
    /// memref of the result's sizes (the result type states them).
    Reshape,
    /// `memref.get_global`: a memref of the named global's memory (no operands).
    GetGlobal {
        /// The global's name, without `@`.
        global: String,
    },
    /// `cf.assert`: operand 0 is the `i1` that must be true; when it is false the program
    /// prints the message and aborts.
    Assert {
        /// The message, as written between the quotes (escapes kept).
        message: String,
    },
    /// `memref.load`: the memref, then one `index` per dimension.
    Load,
    /// `memref.store`: the value, the memref, then one `index` per dimension.
    Store,
    /// `memref.dim`: the memref and the dimension's `index`.
    Dim,
    /// `memref.rank`: the memref.
    Rank,
    /// `memref.copy`: every element of operand 0 into operand 1 (same shape).
    Copy,
    /// `memref.subview`: a view of operand 0 at the offsets, with the sizes and strides
    /// (in elements of the source's strides) given; `None` entries are the operands after
    /// the source, in order (offsets, then sizes, then strides).
    /// (`ThinVec`s keep an operation small.)
    Subview {
        /// The view's first index in each dimension of the source; `None` where dynamic.
        offsets: ThinVec<Option<i64>>,
        /// The view's size in each dimension; `None` where dynamic.
        sizes: ThinVec<Option<i64>>,
        /// The view's step in each dimension, in multiples of the source's stride; `None`
        /// where dynamic.
        strides: ThinVec<Option<i64>>,
    },
    /// `memref.extract_strided_metadata`: the base buffer (a rank-0 memref), the offset,
    /// the sizes and the strides of its operand.
    ExtractStridedMetadata,
    /// `memref.reinterpret_cast`: a view of its source's buffer with the offset, sizes and
    /// strides of its result type, the dynamic ones (`?`) from its operands after the
    /// source, in that order.
    ReinterpretCast,
    /// The start of a `memref.alloca_scope`: saves the stack pointer, its one result (no
    /// operands). The operations of the scope's region follow in the same block, up to the
    /// matching [`OpKind::AllocaScopeReturn`].
    AllocaScope,
    /// The end of a `memref.alloca_scope`: restores the stack pointer operand 0 saved and
    /// gives the operands after it as the scope's results (the region's
    /// `memref.alloca_scope.return`).
    AllocaScopeReturn,
    /// The start of a `memref.generic_atomic_rmw`: the element of memref operand 0 at the
    /// indices after it is read, and a compare-and-swap loop starts; its one result is the
    /// region's argument, the element's value as the loop's iteration sees it. The
    /// operations of the region (pure, as MLIR requires) follow in the same block, up to
    /// the matching [`OpKind::AtomicYield`].
    GenericAtomicRmw,
    /// The end of a `memref.generic_atomic_rmw`: operand 1 is stored in the element of
    /// memref operand 2 (indices after it) if it still holds operand 0, the loop's
    /// [`OpKind::GenericAtomicRmw`] result; otherwise the loop runs again from the value
    /// seen. Its result is the operation's: the element's value before the store.
    AtomicYield,
    /// `llvm.mlir.addressof`: the address of the named `llvm.mlir.global` (no operands).
    AddressOf {
        /// The global's name, without `@`.
        global: String,
    },
    /// `llvm.mlir.constant`: a constant of an integer or float type, as `arith.constant`.
    LlvmConstant(Literal),
    /// `llvm.mlir.zero`: the null pointer, or the zero of a scalar type.
    Zero,
    /// `llvm.getelementptr`: the address `indices` steps from operand 0 over `elem`s (the
    /// first index counts whole `elem`s, the rest select array elements and struct fields);
    /// `None` indices are the operands after the base, in order.
    Gep {
        /// `inbounds` was written.
        inbounds: bool,
        /// Each index: a constant, or `None` for the next operand.
        indices: ThinVec<Option<i32>>,
        /// The type the first index counts.
        elem: Arc<LlvmType>,
    },
    /// `llvm.mlir.undef`: a value of an LLVM type whose bits are not chosen (where an
    /// aggregate's fields are built from).
    Undef,
    /// `llvm.insertvalue`: operand 0, an aggregate, with the element at `position` replaced
    /// by operand 1.
    InsertValue {
        /// An index per level, outermost first.
        position: ThinVec<u64>,
    },
    /// `llvm.extractvalue`: the element of operand 0, an aggregate, at `position`.
    ExtractValue {
        /// An index per level, outermost first.
        position: ThinVec<u64>,
    },
    /// `llvm.alloca`: stack memory for operand 0 `elem`s, where the operation runs (in the
    /// entry block, a slot of the frame).
    LlvmAlloca {
        /// The element type.
        elem: Arc<LlvmType>,
    },
    /// `llvm.intr.stacksave`: the stack pointer.
    StackSave,
    /// `llvm.intr.stackrestore`: sets the stack pointer to operand 0, freeing what was
    /// allocated on the stack since it was saved.
    StackRestore,
    /// `"llvm.intr.memcpy"`: copies operand 2 bytes from operand 1 to operand 0 (which do
    /// not overlap).
    Memcpy {
        /// `isVolatile = true`.
        volatile: bool,
    },
    /// `"llvm.intr.assume"`: operand 0, an `i1`, is true (undefined behaviour where not).
    LlvmAssume,
    /// `"llvm.intr.uadd.with.overflow"`: the wrapping sum of operands 0 and 1 and whether
    /// it wrapped, as a `!llvm.struct<(T, i1)>` (what `arith.addui_extended` becomes).
    UAddWithOverflow,
    /// `llvm.atomicrmw OP acq_rel`: operand 0 is the address, operand 1 the value; the
    /// result is the value before.
    LlvmAtomicRmw {
        /// LLVM's name of the operation (`add`, `and`, `fmax`, `uinc_wrap`).
        op: String,
    },
    /// `llvm.cmpxchg acq_rel monotonic`: operand 0 is the address, operand 1 the value
    /// expected there, operand 2 the value stored if it is; the result is the struct of the
    /// value seen and whether it was stored.
    LlvmCmpxchg,
    /// `llvm.call` of an `llvm.func`: the operands are the arguments.
    LlvmCall {
        /// The callee's name, without `@`.
        callee: String,
        /// The callee's type, for a variadic callee (`vararg(...)`).
        vararg: Option<Arc<LlvmFuncType>>,
    },
    /// An indirect `llvm.call`: operand 0 is the function's address, the rest the
    /// arguments.
    LlvmCallIndirect,
    /// `llvm.load`: operand 0 is the address.
    LlvmLoad,
    /// `llvm.store`: operand 0 is the value, operand 1 the address.
    LlvmStore,
    /// An LLVM-dialect operation that means the operation inside (`llvm.add` is
    /// `arith.addi`, `llvm.br` is `cf.br`; [`crate::ops::LLVM_MEANINGS`]): everything but
    /// printing and diagnostics reads it through [`OpKind::meaning`]. Boxed, as few
    /// operations are, so that the others stay small.
    Llvm(Box<OpKind>),
    /// An operation no dialect of kiln knows, kept by name (`"use"(%x)`).
    Generic {
        /// The operation name as written inside the quotes.
        name: String,
    },
}

impl OpKind {
    /// What the operation means: the operation an LLVM-dialect spelling stands for
    /// ([`OpKind::Llvm`]), or the operation itself.
    pub fn meaning(&self) -> &OpKind {
        match self {
            OpKind::Llvm(inner) => inner.meaning(),
            other => other,
        }
    }

    /// The family of LLVM flags the operation may carry, by what it means: `overflow<...>`
    /// on `addi`, `subi`, `muli` and `shli`, `fastmath<...>` on the float operations of
    /// `arith` and `math` (comparisons, `extf` and `truncf` among them).
    pub fn flag_family(&self) -> Option<FlagFamily> {
        use BinaryOp as B;
        match self.meaning() {
            OpKind::Binary(B::AddI | B::SubI | B::MulI | B::ShLI) => Some(FlagFamily::Overflow),
            OpKind::Binary(b) if b.class() == OperandClass::Float => Some(FlagFamily::FastMath),
            OpKind::Pure(p) if p.class() == OperandClass::Float => Some(FlagFamily::FastMath),
            OpKind::Unary(UnaryOp::NegF)
            | OpKind::CmpF(_)
            | OpKind::Cast(CastOp::ExtF | CastOp::TruncF) => Some(FlagFamily::FastMath),
            _ => None,
        }
    }

    /// An attribute given by name and value text (the generic form's `<{overflowFlags =
    /// #arith.overflow<nsw>}>`, Python's builders) read as this kind's flags: `None` when
    /// `key` names no flags of the kind, else the attribute as the custom form keeps it
    /// (`("overflowFlags", "overflow<nsw>")`, `("fastmathFlags", "#llvm.fastmath<fast>")`)
    /// or why MLIR refuses it.
    pub fn flag_attribute(
        &self,
        key: &str,
        text: &str,
    ) -> Option<Result<(String, String), String>> {
        let family = self.flag_family()?;
        let llvm = matches!(self, OpKind::Llvm(_));
        let (want, prefix) = family.attribute(llvm);
        if key != want {
            return None;
        }
        // Custom form's text (`overflow<nsw>`) is taken as it is.
        let custom = format!("{}<", family.keyword());
        let spelled = text.starts_with(prefix) || (!llvm && text.starts_with(&custom));
        if !spelled {
            return Some(Err(format!(
                "the `{key}` of `{}` is a `{prefix}...>`, not `{text}`",
                self.name()
            )));
        }
        let words: Vec<&str> = FlagFamily::written(text).collect();
        Some(match family.canonical(words.iter().copied()) {
            Ok(_) => {
                let value = match (family, llvm) {
                    (FlagFamily::FastMath, true) => format!("#llvm.fastmath<{}>", words.join(", ")),
                    _ => format!("{custom}{}>", words.join(", ")),
                };
                Ok((key.to_string(), value))
            }
            Err(w) => Err(format!(
                "`{w}` is not a flag of `{prefix}...>`: MLIR takes {}",
                family.accepted()
            )),
        })
    }

    /// The function an operation names: a call's callee, or `func.constant`'s function.
    pub fn function_named(&self) -> Option<&str> {
        match self.meaning() {
            OpKind::Call { callee } | OpKind::FuncConstant { callee } => Some(callee),
            _ => None,
        }
    }

    /// The modern MLIR name of the operation.
    pub fn name(&self) -> &str {
        match self {
            OpKind::Constant(_) => "arith.constant",
            OpKind::Binary(b) => b.name(),
            OpKind::Unary(u) => u.name(),
            OpKind::Pure(p) => p.name(),
            OpKind::Cast(c) => c.name(),
            OpKind::CmpI(_) => "arith.cmpi",
            OpKind::CmpF(_) => "arith.cmpf",
            OpKind::Select => "arith.select",
            OpKind::Call { .. } => "func.call",
            OpKind::CallIndirect => "func.call_indirect",
            OpKind::FuncConstant { .. } => "func.constant",
            OpKind::Return => "func.return",
            OpKind::Unreachable => "llvm.unreachable",
            OpKind::Br => "cf.br",
            OpKind::CondBr => "cf.cond_br",
            OpKind::Switch { .. } => "cf.switch",
            OpKind::Alloc => "memref.alloc",
            OpKind::Alloca => "memref.alloca",
            OpKind::Dealloc => "memref.dealloc",
            OpKind::Load => "memref.load",
            OpKind::Store => "memref.store",
            OpKind::Dim => "memref.dim",
            OpKind::Rank => "memref.rank",
            OpKind::ExtractStridedMetadata => "memref.extract_strided_metadata",
            OpKind::Copy => "memref.copy",
            OpKind::Assert { .. } => "cf.assert",
            OpKind::Poison => "ub.poison",
            OpKind::GetGlobal { .. } => "memref.get_global",
            OpKind::ExpandShape { .. } => "memref.expand_shape",
            OpKind::View => "memref.view",
            OpKind::Realloc => "memref.realloc",
            OpKind::AtomicRmw { .. } => "memref.atomic_rmw",
            OpKind::Reshape => "memref.reshape",
            OpKind::CollapseShape { .. } => "memref.collapse_shape",
            OpKind::AssumeAlignment { .. } => "memref.assume_alignment",
            OpKind::ExtractAlignedPointer => "memref.extract_aligned_pointer_as_index",
            OpKind::Transpose { .. } => "memref.transpose",
            OpKind::Subview { .. } => "memref.subview",
            OpKind::ReinterpretCast => "memref.reinterpret_cast",
            OpKind::AllocaScope => "memref.alloca_scope",
            OpKind::AllocaScopeReturn => "memref.alloca_scope.return",
            OpKind::GenericAtomicRmw => "memref.generic_atomic_rmw",
            OpKind::AtomicYield => "memref.atomic_yield",
            OpKind::AddressOf { .. } => "llvm.mlir.addressof",
            OpKind::LlvmConstant(_) => "llvm.mlir.constant",
            OpKind::Zero => "llvm.mlir.zero",
            OpKind::Gep { .. } => "llvm.getelementptr",
            OpKind::Undef => "llvm.mlir.undef",
            OpKind::InsertValue { .. } => "llvm.insertvalue",
            OpKind::ExtractValue { .. } => "llvm.extractvalue",
            OpKind::LlvmAlloca { .. } => "llvm.alloca",
            OpKind::StackSave => "llvm.intr.stacksave",
            OpKind::StackRestore => "llvm.intr.stackrestore",
            OpKind::Memcpy { .. } => "llvm.intr.memcpy",
            OpKind::LlvmAssume => "llvm.intr.assume",
            OpKind::UAddWithOverflow => "llvm.intr.uadd.with.overflow",
            OpKind::LlvmAtomicRmw { .. } => "llvm.atomicrmw",
            OpKind::LlvmCmpxchg => "llvm.cmpxchg",
            OpKind::LlvmCall { .. } | OpKind::LlvmCallIndirect => "llvm.call",
            OpKind::LlvmLoad => "llvm.load",
            OpKind::LlvmStore => "llvm.store",
            OpKind::Llvm(inner) => {
                let meaning = inner.name();
                crate::ops::llvm_spelling(meaning).unwrap_or(meaning)
            }
            OpKind::Generic { name } => name,
        }
    }

    /// Whether the operation ends a block (`func.return`, `cf.br`, `cf.cond_br`,
    /// `cf.switch`, in either form).
    pub fn is_terminator(&self) -> bool {
        match self.meaning() {
            OpKind::Return
            | OpKind::Unreachable
            | OpKind::Br
            | OpKind::CondBr
            | OpKind::Switch { .. } => true,
            OpKind::Generic { name } => {
                matches!(
                    name.as_str(),
                    "func.return"
                        | "cf.br"
                        | "cf.cond_br"
                        | "cf.switch"
                        | "llvm.return"
                        | "llvm.br"
                        | "llvm.cond_br"
                        | "llvm.switch"
                )
            }
            _ => false,
        }
    }
}

/// Attributes kept from the source, in order (`{llvm.emit_c_interface}`, `fastmath<fast>`):
/// each key with its value printed back as MLIR text, or `None` for a unit attribute.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attrs(pub ThinVec<(String, Option<String>)>);

impl Attrs {
    /// Whether an attribute named `key` is present, with a value or without.
    pub fn contains(&self, key: &str) -> bool {
        self.0.iter().any(|(k, _)| k == key)
    }

    /// The value text of the first attribute named `key`; `None` when there is none or it
    /// is a unit attribute.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Whether there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One operation of a block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Op {
    /// What the operation is; it fixes the meaning of each operand.
    pub kind: OpKind,
    /// The values used, in the order [`OpKind`] gives.
    pub operands: Vec<ValueId>,
    /// Where each operand was written, for diagnostics (parallel to `operands`).
    pub operand_spans: ThinVec<Span>,
    // The lists most operations have few or none of are `ThinVec`s (one pointer, no
    // allocation when empty) instead of `Vec`s (three words): every function's IR is kept
    // while its file is open, and this makes an operation 96 bytes instead of 160.
    /// The values it defines, in order.
    pub results: ThinVec<ValueId>,
    /// The blocks a terminator may branch to, in order; empty for other operations.
    pub successors: ThinVec<Successor>,
    /// Its attributes (the `overflow<...>` and `fastmath<...>` flags among them); the
    /// generic form of a known operation keeps none.
    pub attrs: Attrs,
    /// The whole operation, results included.
    pub span: Span,
}

impl Op {
    /// The attribute holding the operation's LLVM flags, and their family: `overflowFlags`
    /// (`overflow<...>`), `fastmath` (`fastmath<...>`) or, in the LLVM dialect,
    /// `fastmathFlags` (`#llvm.fastmath<...>`).
    pub fn flag_attr(&self) -> Option<(&'static str, FlagFamily)> {
        let family = self.kind.flag_family()?;
        let (key, _) = family.attribute(matches!(self.kind, OpKind::Llvm(_)));
        Some((key, family))
    }

    /// The LLVM flags the lowering gives the operation's instruction, in the family's
    /// order (`"nsw nuw"`, `"fast"`, `"nnan ninf"`); `None` without flags. `arith.extf`
    /// and `arith.truncf` keep theirs in the IR only: MLIR 19 converts them to an
    /// attribute `mlir-translate` refuses, and LLVM 19's `fpext` and `fptrunc` take none.
    pub fn flags(&self) -> Option<String> {
        // Most operations have no attributes at all.
        if self.attrs.is_empty() || matches!(self.kind.meaning(), OpKind::Cast(_)) {
            return None;
        }
        let (key, family) = self.flag_attr()?;
        let text = self.attrs.get(key)?;
        family.canonical(FlagFamily::written(text)).ok().flatten()
    }
}

/// A basic block: arguments and operations, the terminator last.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The label without `^`; empty for an unlabeled entry block.
    pub label: String,
    /// The block's arguments; the entry block's are the function's parameters.
    pub args: Vec<ValueId>,
    /// The operations in order; a verified block ends with its one terminator.
    pub ops: Vec<Op>,
    /// From the label (or the first operation) to the end of the last operation.
    pub span: Span,
}

/// A function's region: its blocks and the arena of every value they define.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Body {
    /// The blocks in source order, indexed by [`BlockId`]; the first is the entry.
    pub blocks: Vec<Block>,
    /// Every value of the function, indexed by [`ValueId`].
    pub values: Vec<Value>,
}

impl Block {
    /// `^label`, or `the entry block` when it has none (for messages).
    pub fn describe(&self) -> String {
        if self.label.is_empty() {
            "the entry block".to_string()
        } else {
            format!("`^{}`", self.label)
        }
    }
}

impl Body {
    /// The value `v`.
    pub fn value(&self, v: ValueId) -> &Value {
        &self.values[v.index()]
    }

    /// The type of `v`.
    pub fn ty(&self, v: ValueId) -> &Type {
        &self.values[v.index()].ty
    }

    /// The block `b`.
    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.index()]
    }

    /// Successor blocks of `b` (from its terminator), in order, with repeats.
    pub fn successors(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        self.block(b)
            .ops
            .last()
            .into_iter()
            .flat_map(|op| op.successors.iter().map(|s| s.block))
    }
}

/// A function's symbol visibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// `public` (the default): visible outside the module; a public function needs a body.
    Public,
    /// `private`: visible only inside the module (how an external function is declared;
    /// also a legacy `func` declaration without visibility).
    Private,
    /// `nested`: visible to the enclosing symbol table.
    Nested,
}

/// A function definition or external declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    /// The symbol name, without `@`.
    pub name: String,
    /// Written as an `llvm.func` (scalar and pointer parameters, called by `llvm.call`,
    /// its linkage in `attrs` as `llvm.linkage`) rather than a `func.func`.
    pub llvm: bool,
    /// Its written visibility (see [`Visibility`] for the defaults).
    pub visibility: Visibility,
    /// The signature: parameter and result types.
    pub ty: FunctionType,
    /// The `attributes {...}` dictionary (`llvm.emit_c_interface`, `llvm.linkage`, ...).
    pub attrs: Attrs,
    /// Each parameter's attributes (`%a: memref<4xf32> {llvm.noalias}`), one per
    /// parameter, or empty when no parameter and no result has any.
    pub arg_attrs: ThinVec<Attrs>,
    /// Each result's attributes (`-> (i8 {llvm.zeroext})`), one per result, or empty as
    /// `arg_attrs` is.
    pub result_attrs: ThinVec<Attrs>,
    /// `None` for an external declaration.
    pub body: Option<Body>,
    /// From the `func.func` keyword to the end of the function.
    pub span: Span,
    /// Where the name (`@f`) is written.
    pub name_span: Span,
}

impl Function {
    /// Whether this is an external declaration (no body).
    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }

    /// The function with each span replaced by its ordinal in a fixed walk (the `k`th span
    /// becomes `k..k+1`), and the real spans in that order. Texts that differ only in
    /// layout (whitespace, comments) give equal shapes, so work computed from the shape
    /// (lowering) is reused after such an edit; its diagnostics are put back in place with
    /// [`SpanTable::locate`].
    pub fn shape(&self) -> (Function, SpanTable) {
        let mut f = self.clone();
        let mut table = Vec::new();
        let mut number = |s: &mut Span| {
            table.push(*s);
            let k = (table.len() - 1) as u32;
            *s = Span::new(k as usize, k as usize + 1);
        };
        number(&mut f.span);
        number(&mut f.name_span);
        if let Some(body) = &mut f.body {
            for v in &mut body.values {
                number(&mut v.span);
            }
            for b in &mut body.blocks {
                number(&mut b.span);
                for op in &mut b.ops {
                    number(&mut op.span);
                    for s in &mut op.operand_spans {
                        number(s);
                    }
                    for s in &mut op.successors {
                        number(&mut s.span);
                    }
                }
            }
        }
        (f, SpanTable(table))
    }

    /// Erases every span, so functions parsed from different texts compare by structure.
    pub fn without_spans(&self) -> Function {
        let mut f = self.clone();
        f.span = Span::default();
        f.name_span = Span::default();
        if let Some(body) = &mut f.body {
            for v in &mut body.values {
                v.span = Span::default();
            }
            for b in &mut body.blocks {
                b.span = Span::default();
                for op in &mut b.ops {
                    op.span = Span::default();
                    op.operand_spans.clear();
                    for s in &mut op.successors {
                        s.span = Span::default();
                    }
                }
            }
        }
        f
    }
}

/// The real spans of a function's [shape](Function::shape), by ordinal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpanTable(Vec<Span>);

impl SpanTable {
    /// The real span of a span of the shape: its start is where ordinal `start` starts and
    /// its end where ordinal `end - 1` ends (so a span joining two spans maps to the join).
    /// The empty span stays empty.
    pub fn locate(&self, s: Span) -> Span {
        if s == Span::default() {
            return s;
        }
        let start = self.0.get(s.start as usize).map_or(0, |x| x.start);
        let last = (s.end as usize).saturating_sub(1).max(s.start as usize);
        let end = self.0.get(last).map_or(start, |x| x.end).max(start);
        Span { start, end }
    }
}

/// A `memref.global`: memory of a static shape that lives as long as the program.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    /// The symbol name, without `@`.
    pub name: String,
    /// Its written visibility (`public` when none is written).
    pub visibility: Visibility,
    /// For an `llvm.mlir.global`, its linkage (`external`, `internal` or `private`); `None`
    /// for a `memref.global`.
    pub linkage: Option<String>,
    /// Whether it is `constant` (a store to it is undefined behaviour).
    pub constant: bool,
    /// Its type: a static shape with the identity layout.
    pub ty: MemRefType,
    /// Its initial value.
    pub init: GlobalInit,
    /// The `alignment` attribute, in bytes (a power of two), if written.
    pub alignment: Option<u64>,
    /// From `memref.global` to the end of the item, in file coordinates.
    pub span: Span,
    /// Where the name (`@g`) is written.
    pub name_span: Span,
}

/// A global's initial value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalInit {
    /// None written: the global is defined elsewhere (an external declaration).
    External,
    /// `uninitialized`: defined here, its contents undefined.
    Uninitialized,
    /// `dense<v>`: every element `v`.
    Splat(Literal),
    /// `dense<[...]>`: each element's value, in row-major order.
    Elements(Vec<Literal>),
}

impl Global {
    /// The value of element `i` (row-major); `None` when it has no defined initial value.
    pub fn element(&self, i: usize) -> Option<Literal> {
        match &self.init {
            GlobalInit::External | GlobalInit::Uninitialized => None,
            GlobalInit::Splat(v) => Some(*v),
            GlobalInit::Elements(vs) => vs.get(i).copied(),
        }
    }

    /// How many elements it holds (`usize::MAX` when more than that).
    pub fn len(&self) -> usize {
        self.ty
            .shape
            .iter()
            .try_fold(1usize, |n, d| n.checked_mul(d.unwrap_or(0).max(0) as usize))
            .unwrap_or(usize::MAX)
    }

    /// Whether it holds no element (a dimension of size 0).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A whole module: functions in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Module {
    /// `module @name`, without `@`, if given.
    pub name: Option<String>,
    /// The functions in source order, declarations included.
    pub functions: Vec<Function>,
    /// The `memref.global`s and `llvm.mlir.global`s in source order.
    pub globals: Vec<Global>,
    /// The `llvm.func` declarations in source order, then the signatures of its `llvm.func`
    /// definitions ([`LlvmFunc::defined`]).
    pub externs: Vec<LlvmFunc>,
}

/// An `llvm.func` declaration: a function of the C library or another object, called by
/// `llvm.call`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmFunc {
    /// The symbol name, without `@`.
    pub name: String,
    /// The signature.
    pub ty: LlvmFuncType,
    /// From `llvm.func` to the end of the item, in file coordinates.
    pub span: Span,
    /// Where the name (`@f`) is written.
    pub name_span: Span,
    /// Whether it has a body: then it is also one of the module's functions (its
    /// definition), and here only for the checks of the `llvm.call`s of it.
    pub defined: bool,
    /// A declaration's parameter attributes (`{llvm.signext}`), one list per fixed
    /// parameter, checked as a `func.func`'s are; empty for a definition (whose own
    /// function holds them).
    pub arg_attrs: Vec<Attrs>,
    /// A declaration's result attributes.
    pub result_attrs: Attrs,
}

impl Module {
    /// The global named `name` (without `@`).
    pub fn global(&self, name: &str) -> Option<&Global> {
        self.globals.iter().find(|g| g.name == name)
    }
}

impl Module {
    /// The first function named `name` (without `@`).
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// The module with every function's spans erased ([`Function::without_spans`]).
    pub fn without_spans(&self) -> Module {
        Module {
            name: self.name.clone(),
            functions: self.functions.iter().map(Function::without_spans).collect(),
            globals: self
                .globals
                .iter()
                .map(|g| Global {
                    span: Span::default(),
                    name_span: Span::default(),
                    ..g.clone()
                })
                .collect(),
            externs: self
                .externs
                .iter()
                .map(|f| LlvmFunc {
                    span: Span::default(),
                    name_span: Span::default(),
                    ..f.clone()
                })
                .collect(),
        }
    }
}

/// Reads an integer literal's bits as a signed value of `ty`'s width.
pub fn signed_value(bits: IntBits, ty: Scalar) -> i128 {
    let w = ty.bits().min(128);
    let shift = 128 - w;
    ((bits.get() << shift) as i128) >> shift
}

#[cfg(test)]
mod tests {
    /// Every function's IR is kept while its file is open, so an operation's size is held
    /// here: its `ThinVec` lists make it 96 bytes where `Vec`s made it 160.
    #[test]
    fn an_operation_stays_small() {
        assert!(std::mem::size_of::<super::Op>() <= 96);
        assert!(std::mem::size_of::<super::Value>() <= 72);
    }
}
