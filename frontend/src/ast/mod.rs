//! The syntax tree: what was written, with spans, before names and types are resolved.
//!
//! Every operation keeps the shape of its syntax family (a binary op states one type, a cast
//! two, a call a function type); the builder turns that into typed IR.
//!
//! Names are stored without their sigil: a value `%x` as `x` (`%r#1` as `r#1`), a symbol
//! `@f` as `f`, a block `^bb1` as `bb1`.

use crate::span::{Span, Spanned};

mod llvm;
pub use llvm::*;

/// A word as written (an identifier, or a value, symbol or block name without its sigil)
/// with its span.
pub type Name = Spanned<String>;

/// A whole file: a `module { ... }`, or the sequence of top-level functions of a file
/// without one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Module {
    /// `module @name` if given.
    pub name: Option<Name>,
    /// The module's `attributes {...}` dictionary; empty when it has none.
    pub attrs: Vec<Attr>,
    /// The functions in source order (declarations included).
    pub funcs: Vec<Func>,
    /// Nested `module { ... }`s: where each is and how many functions it holds (kiln lowers
    /// one symbol table, so only empty ones are accepted).
    pub nested: Vec<(Span, usize)>,
    /// The `memref.global`s, in source order.
    pub globals: Vec<Global>,
    /// The `llvm.func` declarations, in source order.
    pub llvm_funcs: Vec<LlvmFunc>,
    /// The `llvm.mlir.global`s, in source order.
    pub llvm_globals: Vec<LlvmGlobal>,
    /// From `module` to its closing `}`, or over all the top-level functions.
    pub span: Span,
}

/// `memref.reinterpret_cast %m to offset: [X], sizes: [X, ...], strides: [X, ...] : T to U`,
/// where each X is a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReinterpretCast {
    /// The memref whose buffer the result views.
    pub source: ValueRef,
    /// The entries of `offset: [...]` (one in well-formed input).
    pub offset: Vec<Mixed>,
    /// The entries of `sizes: [...]`, one per dimension of the result.
    pub sizes: Vec<Mixed>,
    /// The entries of `strides: [...]`, one per dimension of the result.
    pub strides: Vec<Mixed>,
    /// The words written before the size and stride lists (`sizes`, `strides`).
    pub keywords: (Name, Name),
    /// The source's written type (`T`).
    pub from: Type,
    /// The result type (`U`), whose static offset, sizes and strides must match the lists.
    pub to: Type,
}

/// `memref.subview %m[OFFSETS] [SIZES] [STRIDES] : T to U`, each entry a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subview {
    /// The memref viewed.
    pub source: ValueRef,
    /// The view's first index in each dimension of the source.
    pub offsets: Vec<Mixed>,
    /// The view's size in each dimension.
    pub sizes: Vec<Mixed>,
    /// The view's step in each dimension, in multiples of the source's stride.
    pub strides: Vec<Mixed>,
    /// The source's written type (`T`).
    pub from: Type,
    /// The result type (`U`).
    pub to: Type,
}

/// An entry of an operation's list of offsets, sizes or strides: a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mixed {
    /// A dynamic entry, an `index` value (`%n`).
    Value(ValueRef),
    /// A static entry: the integer literal's text as written.
    Static(Spanned<String>),
}

impl Mixed {
    /// The value, where the entry is one.
    pub fn value(&self) -> Option<&ValueRef> {
        match self {
            Mixed::Value(v) => Some(v),
            Mixed::Static(_) => None,
        }
    }
}

/// An item of a module's body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A function definition or declaration.
    Func(Box<Func>),
    /// A `memref.global`.
    Global(Box<Global>),
    /// An `llvm.func` declaration.
    LlvmFunc(Box<LlvmFunc>),
    /// An `llvm.mlir.global`.
    LlvmGlobal(Box<LlvmGlobal>),
    /// A nested module: its span and the number of functions in it.
    Module(Span, usize),
}

/// `llvm.func [linkage] @name(T, ..., ...) [-> T] [attributes {...}] [{ body }]`: a function
/// of the LLVM dialect (kiln reads declarations).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmFunc {
    /// `llvm.func`.
    pub keyword: Name,
    /// The words before the symbol (a linkage such as `internal`).
    pub words: Vec<Name>,
    /// The symbol name, without `@`.
    pub name: Name,
    /// The fixed parameters.
    pub params: Vec<Param>,
    /// Where `...` (variadic) is written, if it is.
    pub vararg: Option<Span>,
    /// The result types, each with its attributes (one at most, as LLVM has).
    pub results: Vec<(Type, Vec<Attr>)>,
    /// The `attributes {...}` dictionary.
    pub attrs: Vec<Attr>,
    /// From the keyword to the end of the item.
    pub span: Span,
}

/// `llvm.mlir.global [linkage] [constant] @name(VALUE) [{attrs}] [: T] [{ region }]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmGlobal {
    /// `llvm.mlir.global`.
    pub keyword: Name,
    /// The words before the symbol (`internal`, `constant`, `unnamed_addr`).
    pub words: Vec<Name>,
    /// The symbol name, without `@`.
    pub name: Name,
    /// The value inside the parentheses, if any (`"hello\00"`, `42 : i32`).
    pub value: Option<Spanned<AttrValue>>,
    /// The value inside the parentheses where it is `dense<...> : tensor<...>`.
    pub dense: Option<Box<LlvmDense>>,
    /// The attribute dictionary (`addr_space`, `alignment`).
    pub attrs: Vec<Attr>,
    /// The type after `:`, if written (a string's is implied).
    pub ty: Option<Type>,
    /// Where an initializer region is written, if one is.
    pub region: Option<Span>,
    /// From the keyword to the end of the item.
    pub span: Span,
}

/// `func.func [visibility] @name(params) [-> results] [attributes {...}] [{ body }]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Func {
    /// `func.func`, the legacy `func`, or `llvm.func` for a definition in the LLVM dialect.
    pub keyword: Name,
    /// `private`, `public` or `nested`, if written.
    pub visibility: Option<Name>,
    /// An `llvm.func`'s words before the name (its linkage, such as `internal`).
    pub words: Vec<Name>,
    /// Where an `llvm.func`'s `...` (variadic) is written, if it is.
    pub vararg: Option<Span>,
    /// The symbol name, without `@`.
    pub name: Name,
    /// The parameters; in a declaration they may be bare types.
    pub params: Vec<Param>,
    /// The result types after `->`; empty when there is no `->`.
    pub results: Vec<Type>,
    /// Each result's attributes (`-> (i32 {llvm.zeroext})`), parallel to `results`.
    pub result_attrs: Vec<Vec<Attr>>,
    /// The `attributes {...}` dictionary (`llvm.emit_c_interface`, `llvm.linkage`, ...).
    pub attrs: Vec<Attr>,
    /// The region's blocks; `None` for an external declaration (no `{ ... }`).
    pub body: Option<Vec<Block>>,
    /// From the keyword to the end of the function's last token.
    pub span: Span,
}

impl Func {
    /// Whether the function was written with the legacy keyword `func` rather than
    /// `func.func` (a legacy declaration without visibility is private).
    pub fn is_legacy(&self) -> bool {
        self.keyword.node == "func"
    }

    /// Whether the function is an `llvm.func` definition.
    pub fn is_llvm(&self) -> bool {
        self.keyword.node == "llvm.func"
    }
}

/// A function parameter or block argument: `%a: i32 {attrs}`, or just a type in a
/// declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// The value's name; `None` where only the type is written.
    pub name: Option<Name>,
    /// The written type.
    pub ty: Type,
    /// The argument attributes (`{llvm.noalias}`); empty when none are written.
    pub attrs: Vec<Attr>,
}

/// A block of a function's region: an optional `^label(args):` and its operations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The label without `^`; `None` for an unlabeled entry block.
    pub label: Option<Name>,
    /// The block arguments written after the label.
    pub params: Vec<Param>,
    /// Each operation in its own box, as the parser made it: a function of 10^6
    /// operations is not copied a second time into one vector.
    pub ops: Vec<Box<Op>>,
    /// From the label (or the first operation) to the end of the last operation.
    pub span: Span,
}

/// `%r:2` or `%x` on the left of `=`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultDef {
    /// The name without `%`.
    pub name: Name,
    /// The group size after `:` as written (`2` in `%r:2`); `None` for a single result.
    pub count: Option<Spanned<String>>,
}

/// A use of a value: `%x` or `%r#1` (the text without `%`).
pub type ValueRef = Name;

/// A branch target: `^bb1(%a, %b : i32, f32)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor {
    /// The target block's label, without `^`.
    pub block: Name,
    /// The values passed to the block's arguments.
    pub args: Vec<ValueRef>,
    /// The types written after the arguments, parallel to `args`.
    pub types: Vec<Type>,
    /// From the label to the closing `)` (or the end of the label).
    pub span: Span,
}

/// One operation as written, in its custom or generic form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Op {
    /// The result groups on the left of `=`; empty when there is no `=`.
    pub results: Vec<ResultDef>,
    /// The operation name as written (`arith.addi`, `addi`, or a generic op's string).
    pub name: Name,
    /// The operands and types, in the shape of the operation's syntax family.
    pub body: OpBody,
    /// The attribute dictionary, and the `overflow<...>` / `fastmath<...>` flags as the
    /// attributes `overflowFlags` and `fastmath`.
    pub attrs: Vec<Attr>,
    /// The whole operation, results included.
    pub span: Span,
}

/// The part of an operation after its name, by syntax family (the lexer classifies
/// operation names into these families; see [`crate::lexer::Tok`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpBody {
    /// `arith.addi %lhs, %rhs : T` (every [`crate::ops::BinaryOp`]).
    Binary {
        /// The first operand.
        lhs: ValueRef,
        /// The second operand.
        rhs: ValueRef,
        /// The type of both operands and of the result.
        ty: Type,
    },
    /// `arith.negf %operand : T` (every [`crate::ops::UnaryOp`]).
    Unary {
        /// The operand.
        operand: ValueRef,
        /// The type of the operand and of the result.
        ty: Type,
    },
    /// An element-wise operation ([`crate::ops::PureOp`]) with its written type list.
    Pure {
        /// The operands, in order.
        operands: Vec<ValueRef>,
        /// The types after `:` (empty for `index` operations, which write none); what they
        /// mean depends on the operation's [`crate::ops::Shape`].
        types: Vec<Type>,
    },
    /// `arith.extsi %operand : T to U` (every [`crate::ops::CastOp`], `memref.cast`
    /// included).
    Cast {
        /// The value converted.
        operand: ValueRef,
        /// The operand's type.
        from: Type,
        /// The result type.
        to: Type,
    },
    /// `arith.cmpi slt, %lhs, %rhs : T` or `arith.cmpf`.
    Cmp {
        /// The predicate as written (`slt`, `"slt"`, `true`); checked by the builder.
        predicate: Name,
        /// The first operand.
        lhs: ValueRef,
        /// The second operand.
        rhs: ValueRef,
        /// The type of both operands (the result is `i1`).
        ty: Type,
    },
    /// `arith.select %cond, %on_true, %on_false : T`.
    Select {
        /// The `i1` condition.
        cond: ValueRef,
        /// The result when the condition is true.
        on_true: ValueRef,
        /// The result when the condition is false.
        on_false: ValueRef,
        /// The condition's type, where the form states it (`llvm.select ... : i1, T`).
        cond_ty: Option<Box<Type>>,
        /// The type of both choices and of the result.
        ty: Type,
    },
    /// `arith.constant 42 : i32`.
    Constant {
        /// The literal.
        value: Spanned<Literal>,
        /// The type after `:`; `None` when omitted, where the builder takes `i1` for a
        /// boolean, `i64` for an integer and `f64` for a float.
        ty: Option<Type>,
    },
    /// `func.call @callee(%a, %b) : (T, U) -> V`.
    Call {
        /// The called function's name, without `@`.
        callee: Name,
        /// The arguments.
        args: Vec<ValueRef>,
        /// The written function type, checked against the callee's signature.
        ty: FunctionType,
    },
    /// `func.call_indirect %f(%a, %b) : (T, U) -> V`: a call of the function a value holds.
    CallIndirect {
        /// The value holding the function.
        callee: ValueRef,
        /// The arguments.
        args: Vec<ValueRef>,
        /// The callee's function type.
        ty: FunctionType,
    },
    /// `func.constant @f : (T) -> U`: the function `@f` as a value.
    FuncConstant {
        /// The function's name, without `@`.
        callee: Name,
        /// Its type, checked against its signature.
        ty: FunctionType,
    },
    /// `llvm.unreachable`: control never gets here.
    Unreachable,
    /// `func.return %a, %b : T, U`, or a bare `func.return`.
    Return {
        /// The returned values.
        operands: Vec<ValueRef>,
        /// Their written types, parallel to `operands`.
        types: Vec<Type>,
    },
    /// `cf.br ^dest(...)`.
    Br {
        /// The target block and its arguments.
        dest: Box<Successor>,
    },
    /// `cf.cond_br %cond, ^on_true(...), ^on_false(...)`.
    CondBr {
        /// The `i1` condition.
        cond: ValueRef,
        /// Where control goes when the condition is true.
        on_true: Box<Successor>,
        /// Where control goes when the condition is false.
        on_false: Box<Successor>,
    },
    /// `cf.switch %flag : T, [default: ^bb0, 1: ^bb1, ...]`.
    Switch {
        /// The integer switched on.
        flag: ValueRef,
        /// The flag's written type.
        ty: Type,
        /// Where control goes when no case matches.
        default: Box<Successor>,
        /// Each case: its integer value as written, and its target.
        cases: Vec<(Spanned<String>, Successor)>,
    },
    /// `memref.alloc(%d0, ...) : T` or `memref.alloca(...) : T`.
    Alloc {
        /// The dynamic sizes, one per `?` dimension of the type, in order.
        sizes: Vec<ValueRef>,
        /// The allocated memref type.
        ty: Type,
    },
    /// `memref.assume_alignment %memref, N : T`.
    AssumeAlignment {
        /// The memref whose element pointer is aligned.
        memref: ValueRef,
        /// The alignment in bytes, as written.
        alignment: Name,
        /// Its written type.
        ty: Type,
    },
    /// `memref.extract_aligned_pointer_as_index %memref : T -> index`.
    AlignedPointer {
        /// The memref.
        memref: ValueRef,
        /// Its written type.
        ty: Type,
        /// The result type (`index`).
        result: Type,
    },
    /// `memref.transpose %m (d0, d1) -> (d1, d0) : T to U` (boxed: an operation's size is
    /// its largest variant's).
    Transpose(Box<Transpose>),
    /// `memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : T into U` or
    /// `memref.collapse_shape %m [[0, 1]] : T into U` (boxed: an operation's size is its
    /// largest variant's).
    Reshape(Box<Reshape>),
    /// `memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32` (boxed).
    AtomicRmw(Box<AtomicRmw>),
    /// `memref.realloc %m[(%n)] : T to U` (boxed).
    Realloc(Box<Realloc>),
    /// `memref.view %buf[%shift][%sizes...] : T to U` (boxed).
    View(Box<View>),
    /// `memref.reshape %m(%shape) : (T, S) -> U`.
    ShapeReshape {
        /// The memref reshaped.
        source: ValueRef,
        /// The 1-D memref of the result's sizes.
        shape: ValueRef,
        /// The written types: source and shape, then the result.
        ty: FunctionType,
    },
    /// `memref.alloca_scope [-> (T...)] { ... }` (boxed).
    AllocaScope(Box<AllocaScope>),
    /// `memref.alloca_scope.return [%v... : T...]`.
    AllocaScopeReturn {
        /// The values the scope gives.
        operands: Vec<ValueRef>,
        /// Their written types.
        types: Vec<Type>,
    },
    /// `memref.generic_atomic_rmw %m[%i] : T { ^bb0(%cur: E): ... }` (boxed).
    GenericAtomicRmw(Box<GenericAtomicRmw>),
    /// `memref.atomic_yield %v : E`: the end of a `memref.generic_atomic_rmw`'s region.
    AtomicYield {
        /// The value stored.
        value: ValueRef,
        /// Its written type.
        ty: Type,
    },
    /// `llvm.mlir.addressof @name : T`.
    AddressOf {
        /// The global's name, without `@`.
        global: Name,
        /// The result type.
        ty: Type,
    },
    /// `llvm.mlir.constant(V : T) : U`: the value inside the parentheses (with its type if
    /// written) and the result type (boxed).
    LlvmConstant(Box<(Spanned<AttrValue>, Type)>),
    /// `llvm.mlir.zero : T`, and the LLVM dialect's other operations of that syntax:
    /// `llvm.mlir.undef`, `llvm.mlir.poison`, `llvm.intr.stacksave`.
    Zero {
        /// The result type.
        ty: Type,
    },
    /// `llvm.getelementptr [inbounds] %base[I, ...] : (T, ...) -> T, E` (boxed).
    Gep(Box<Gep>),
    /// `llvm.insertvalue %value, %container[I, ...] : T` (boxed).
    InsertValue(Box<InsertValue>),
    /// `llvm.extractvalue %container[I, ...] : T`, T the container's type (boxed).
    ExtractValue(Box<ExtractValue>),
    /// `llvm.alloca %count x E : (I) -> !llvm.ptr` (boxed).
    LlvmAlloca(Box<LlvmAlloca>),
    /// `llvm.atomicrmw OP %ptr, %value ORDERING : !llvm.ptr, T` (boxed).
    LlvmAtomicRmw(Box<LlvmAtomicRmw>),
    /// `llvm.cmpxchg %ptr, %expected, %new SUCCESS FAILURE : !llvm.ptr, T` (boxed).
    LlvmCmpxchg(Box<LlvmCmpxchg>),
    /// `llvm.call @f(%a, ...) [vararg(!llvm.func<...>)] : (T, ...) -> R` (boxed).
    LlvmCall(Box<LlvmCall>),
    /// `llvm.call %f(%a, ...) : !llvm.ptr, (T, ...) -> R` (boxed).
    LlvmCallIndirect(Box<LlvmCallIndirect>),
    /// `llvm.load %p : !llvm.ptr -> T` (boxed).
    LlvmLoad(Box<LlvmLoad>),
    /// `llvm.store %v, %p : T, !llvm.ptr` (boxed).
    LlvmStore(Box<LlvmStore>),
    /// `llvm.intr.NAME(%a, ...) : (T, ...) -> R`, an intrinsic that means an operation of
    /// kiln's (`crate::ops::LLVM_MEANINGS`).
    LlvmIntrinsic {
        /// The operands.
        operands: Vec<ValueRef>,
        /// The written type.
        ty: FunctionType,
    },
    /// `memref.get_global @name : T`.
    GetGlobal {
        /// The global's name, without `@`.
        global: Name,
        /// The result type.
        ty: Type,
    },
    /// `ub.poison : T`.
    Poison {
        /// The result type.
        ty: Type,
    },
    /// `cf.assert %cond, "message"`.
    Assert {
        /// The `i1` that must be true.
        cond: ValueRef,
        /// The message, as written between the quotes.
        message: Name,
    },
    /// `memref.dealloc %memref : T`, and `llvm.intr.stackrestore %ptr : !llvm.ptr` of the
    /// same syntax.
    Dealloc {
        /// The memref freed.
        memref: ValueRef,
        /// Its written type.
        ty: Type,
    },
    /// `memref.load %memref[%i, ...] : T`.
    Load {
        /// The memref read.
        memref: ValueRef,
        /// One `index` per dimension.
        indices: Vec<ValueRef>,
        /// The memref's type (not the element's).
        ty: Type,
    },
    /// `memref.store %value, %memref[%i, ...] : T`.
    Store {
        /// The element stored.
        value: ValueRef,
        /// The memref written.
        memref: ValueRef,
        /// One `index` per dimension.
        indices: Vec<ValueRef>,
        /// The memref's type (not the element's).
        ty: Type,
    },
    /// `memref.dim %memref, %index : T`.
    Dim {
        /// The memref measured.
        memref: ValueRef,
        /// Which dimension, an `index`.
        index: ValueRef,
        /// The memref's type.
        ty: Type,
    },
    /// `memref.copy %source, %target : T to U`
    Copy {
        /// The memref read.
        source: ValueRef,
        /// The memref written.
        target: ValueRef,
        /// The source's type.
        from: Type,
        /// The target's type.
        to: Type,
    },
    /// `memref.extract_strided_metadata %m : T -> BASE, index, ...`
    Metadata {
        /// The memref taken apart.
        memref: ValueRef,
        /// Its type (`T`).
        ty: Type,
        /// The result types after `->`: the base buffer, the offset, the sizes, the strides.
        results: Vec<Type>,
    },
    /// `memref.reinterpret_cast`, boxed: an operation stays small.
    ReinterpretCast(Box<ReinterpretCast>),
    /// `memref.subview`, boxed.
    Subview(Box<Subview>),
    /// `memref.rank %memref : T`.
    Rank {
        /// The memref (ranked or unranked).
        memref: ValueRef,
        /// Its type.
        ty: Type,
    },
    /// `"name"(%a, %b)[^succ] : (T, U) -> (V)`.
    Generic {
        /// The operands inside the parentheses.
        operands: Vec<ValueRef>,
        /// The successor labels inside `[...]`, without `^`.
        successors: Vec<Name>,
        /// The written function type: operand types and result types.
        ty: FunctionType,
    },
}

/// `memref.global ["private"] [constant] @name : T [= dense<...> | = uninitialized]
/// [{alignment = N}]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    /// `memref.global`.
    pub keyword: Name,
    /// The visibility string, without its quotes (`private`), if written.
    pub visibility: Option<Name>,
    /// The word before the symbol (`constant`), if written.
    pub constant: Option<Name>,
    /// The symbol name, without `@`.
    pub name: Name,
    /// The memref type.
    pub ty: Type,
    /// What follows `=`, if anything: none for an external global.
    pub init: Option<GlobalInit>,
    /// The attribute dictionary (`alignment`).
    pub attrs: Vec<Attr>,
    /// From the keyword to the end of the item.
    pub span: Span,
}

/// A global's initial value as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalInit {
    /// A bare word: `uninitialized` (anything else is reported).
    Word(Name),
    /// `dense<...>` (the word before `<` kept to be checked).
    Dense(Name, Spanned<Dense>),
    /// `dense<"0x...">`: the hexadecimal form.
    DenseHex(Name, Name),
}

/// The contents of `dense<...>`: one literal for every element, or nested lists.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dense {
    /// A literal.
    Literal(Literal),
    /// `[...]`, one entry per index of the outermost dimension left.
    List(Vec<Spanned<Dense>>),
}

/// The parts of a `memref.alloca_scope`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllocaScope {
    /// The result types after `->`.
    pub results: Vec<Type>,
    /// The region's blocks (one, as MLIR requires).
    pub body: Vec<Block>,
    /// The region, from `{` to `}`.
    pub span: Span,
}

/// The parts of a `memref.generic_atomic_rmw`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GenericAtomicRmw {
    /// The memref.
    pub memref: ValueRef,
    /// One index per dimension.
    pub indices: Vec<ValueRef>,
    /// The memref's written type.
    pub ty: Type,
    /// The region's blocks (one, whose argument is the element's current value).
    pub body: Vec<Block>,
    /// The region, from `{` to `}`.
    pub span: Span,
}

/// The parts of a `memref.atomic_rmw`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AtomicRmw {
    /// The operation's keyword (`addf`, `assign`, ...).
    pub kind: Name,
    /// The value combined with the element.
    pub value: ValueRef,
    /// The memref.
    pub memref: ValueRef,
    /// One index per dimension.
    pub indices: Vec<ValueRef>,
    /// The written types: the value's and the memref's, then the result's.
    pub ty: FunctionType,
}

/// The parts of a `memref.realloc`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Realloc {
    /// The memref reallocated.
    pub source: ValueRef,
    /// The new size, where the result's is dynamic.
    pub size: Option<ValueRef>,
    /// The source's written type.
    pub from: Type,
    /// The result type.
    pub to: Type,
}

/// The parts of a `memref.view`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The byte buffer viewed (`memref<Nxi8>`).
    pub source: ValueRef,
    /// The byte offset of the view's first element.
    pub shift: ValueRef,
    /// One size per `?` of the result type.
    pub sizes: Vec<ValueRef>,
    /// The source's written type.
    pub from: Type,
    /// The result type.
    pub to: Type,
}

/// The parts of a `memref.expand_shape` or `memref.collapse_shape`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reshape {
    /// The memref reshaped.
    pub source: ValueRef,
    /// The reassociation: for each dimension of the smaller-rank side, the dimensions of
    /// the larger-rank side it joins, as written.
    pub groups: Vec<Vec<Name>>,
    /// `output_shape [...]` (an expansion's sizes): the keyword and the entries.
    pub output_shape: Option<(Name, Vec<Mixed>)>,
    /// The source's written type.
    pub from: Type,
    /// The word between the types (`into`).
    pub into: Name,
    /// The result type.
    pub to: Type,
}

/// The parts of a `memref.transpose`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transpose {
    /// The memref viewed.
    pub source: ValueRef,
    /// The dimension names the permutation binds, in the source's order.
    pub dims: Vec<Name>,
    /// The names in the result's order.
    pub order: Vec<Name>,
    /// The source's written type.
    pub from: Type,
    /// The result type.
    pub to: Type,
}

/// The literal of an `arith.constant`, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// Integer text: optional `-`, then decimal digits or `0x` and hex digits.
    Int(String),
    /// Float text: digits, `.`, digits, optional exponent (`1.5e-3`).
    Float(String),
    /// `true` or `false`.
    Bool(bool),
}

/// `(inputs) -> results` as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionType {
    /// The types inside the parentheses.
    pub inputs: Vec<Type>,
    /// The result types after `->` (one bare type or a parenthesized list).
    pub results: Vec<Type>,
    /// From `(` to the end of the last result type.
    pub span: Span,
}

/// A type as written, not yet resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `i32`, `index`, `f32`, ... (checked by the builder).
    Named(Name),
    /// `memref<4x?xf32, strided<[?, 1], offset: ?>>`.
    MemRef(Box<MemRef>),
    /// `memref<*xf32>`.
    UnrankedMemRef {
        /// The element type.
        elem: Box<Type>,
        /// From `memref` to the closing `>`.
        span: Span,
    },
    /// A function type, only meaningful in attributes.
    Function(Box<FunctionType>),
    /// A dialect type as written in full (`!llvm.ptr`, `!llvm.array<4 x i8>`), boxed as a
    /// memref type is.
    Dialect(Box<Name>),
}

/// A ranked memref type as written; a dimension `None` is `?`. Boxed in [`Type`], as a
/// function type is, so that a type is as small as a name: every operation states one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRef {
    /// Each dimension's size as written (without the `x`), outermost first; `None` for `?`.
    pub dims: Vec<Spanned<Option<String>>>,
    /// The element type.
    pub elem: Type,
    /// The `strided<...>` layout if written; `None` is the identity layout.
    pub layout: Option<Strided>,
    /// From `memref` to the closing `>`.
    pub span: Span,
}

impl Type {
    /// Where the type is written.
    pub fn span(&self) -> Span {
        match self {
            Type::Named(n) => n.span,
            Type::MemRef(m) => m.span,
            Type::UnrankedMemRef { span, .. } => *span,
            Type::Function(f) => f.span,
            Type::Dialect(d) => d.span,
        }
    }
}

/// `strided<[s0, s1], offset: o>`; `None` is `?`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strided {
    /// Each dimension's stride in elements as written, outermost first; `None` for `?`.
    pub strides: Vec<Spanned<Option<String>>>,
    /// The offset in elements; the outer `None` when `offset:` is omitted (offset 0), the
    /// inner `None` for `?`.
    pub offset: Option<Spanned<Option<String>>>,
    /// From `strided` to its closing `>`.
    pub span: Span,
}

/// One entry of an attribute dictionary: `key = value`, or a unit attribute `key`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attr {
    /// The name (a bare identifier such as `llvm.noalias`, or a quoted string's contents).
    pub key: Name,
    /// The value; `None` for a unit attribute (`{llvm.emit_c_interface}`).
    pub value: Option<Spanned<AttrValue>>,
}

/// An attribute's value as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrValue {
    /// An integer's text, with its type if written (`4 : i32`).
    Int(String, Option<Type>),
    /// A float's text, with its type if written (`1.0 : f32`).
    Float(String, Option<Type>),
    /// A string's contents, without quotes (escapes kept as written).
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A type, or a function type (`(i32) -> i32`).
    Type(Type),
    /// A symbol reference, without `@`.
    Symbol(String),
    /// `[a, b, ...]`.
    Array(Vec<Spanned<AttrValue>>),
    /// A nested dictionary `{...}`.
    Dict(Vec<Attr>),
    /// `overflow<nsw, nuw>` / `fastmath<fast>`: the flag keyword and the words in its list.
    Enum(String, Vec<String>),
    /// A dialect attribute as written, `#llvm.linkage<linkonce_odr>`.
    Dialect(String),
}

#[cfg(test)]
mod tests {
    /// A function of 10^6 operations holds 10^6 of these while its IR is built: an
    /// operation of 336 bytes, copied once more into one vector, made the tree's pages the
    /// largest share of that function's page faults.
    #[test]
    fn an_operation_and_a_type_stay_small() {
        assert!(std::mem::size_of::<super::Op>() <= 224);
        assert!(std::mem::size_of::<super::Type>() <= 32);
    }
}
