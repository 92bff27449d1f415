//! The parts of the LLVM dialect's operations, as written.

use super::*;

/// The parts of an `llvm.getelementptr`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gep {
    /// `inbounds`, if written.
    pub flag: Option<Name>,
    /// The base address.
    pub base: ValueRef,
    /// The indices: values or constants.
    pub indices: Vec<Mixed>,
    /// The operand types and the result type.
    pub ty: FunctionType,
    /// The element type the first index steps over.
    pub elem: Type,
}

/// `dense<...> : tensor<4xi32>`, an `llvm.mlir.global`'s array contents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmDense {
    /// The contents (`dense<...>` or its hexadecimal form).
    pub init: GlobalInit,
    /// The word of the type (`tensor`).
    pub tensor: Name,
    /// The tensor's dimensions as written.
    pub dims: Vec<Spanned<Option<String>>>,
    /// Its element type.
    pub elem: Type,
    /// The whole value.
    pub span: Span,
}

/// The parts of an `llvm.insertvalue`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InsertValue {
    /// The value put in.
    pub value: ValueRef,
    /// The aggregate it goes into.
    pub container: ValueRef,
    /// The position: an index per level, outermost first.
    pub position: Vec<Name>,
    /// The aggregate's type.
    pub ty: Type,
}

/// The parts of an `llvm.extractvalue`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExtractValue {
    /// The aggregate read.
    pub container: ValueRef,
    /// The position: an index per level, outermost first.
    pub position: Vec<Name>,
    /// The aggregate's type.
    pub ty: Type,
}

/// The parts of an `llvm.alloca`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmAlloca {
    /// How many elements.
    pub count: ValueRef,
    /// The word between the count and the element type (`x`).
    pub times: Name,
    /// The element type.
    pub elem: Type,
    /// `(I) -> !llvm.ptr`.
    pub ty: FunctionType,
}

/// The parts of an `llvm.atomicrmw`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmAtomicRmw {
    /// The operation's keyword (`add`, `fmax`, `_and`).
    pub op: Name,
    /// The address.
    pub ptr: ValueRef,
    /// The operand.
    pub value: ValueRef,
    /// The memory ordering (`acq_rel`).
    pub ordering: Name,
    /// The address's type.
    pub ptr_ty: Type,
    /// The value's type.
    pub ty: Type,
}

/// The parts of an `llvm.cmpxchg`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmCmpxchg {
    /// The address.
    pub ptr: ValueRef,
    /// The value compared with the one at the address.
    pub expected: ValueRef,
    /// The value stored where they are equal.
    pub value: ValueRef,
    /// The memory ordering of a store (`acq_rel`).
    pub success: Name,
    /// The memory ordering of a failed comparison (`monotonic`).
    pub failure: Name,
    /// The address's type.
    pub ptr_ty: Type,
    /// The values' type.
    pub ty: Type,
}

/// The parts of an `llvm.load`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmLoad {
    /// The address.
    pub ptr: ValueRef,
    /// The address's type.
    pub ptr_ty: Type,
    /// The loaded type.
    pub ty: Type,
}

/// The parts of an `llvm.store`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmStore {
    /// The value stored.
    pub value: ValueRef,
    /// The address.
    pub ptr: ValueRef,
    /// The value's type.
    pub ty: Type,
    /// The address's type.
    pub ptr_ty: Type,
}

/// The parts of an `llvm.call`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmCall {
    /// The callee, without `@`.
    pub callee: Name,
    /// The arguments.
    pub args: Vec<ValueRef>,
    /// The callee's type after `vararg`, if written.
    pub vararg: Option<Type>,
    /// The argument types and the result type.
    pub ty: FunctionType,
}

/// The parts of an indirect `llvm.call`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmCallIndirect {
    /// The called function's address.
    pub pointer: ValueRef,
    /// Its written type (`!llvm.ptr`).
    pub pointer_ty: Type,
    /// The arguments.
    pub args: Vec<ValueRef>,
    /// The argument types and the result type.
    pub ty: FunctionType,
}
