//! The syntax tree: what was written, with spans, before names and types are resolved.
//!
//! Every operation keeps the shape of its syntax family (a binary op states one type, a cast
//! two, a call a function type); the builder turns that into typed IR.

use crate::span::{Span, Spanned};

pub type Name = Spanned<String>;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Module {
    /// `module @name` if given.
    pub name: Option<Name>,
    pub attrs: Vec<Attr>,
    pub funcs: Vec<Func>,
    /// Nested `module { ... }`s: where each is and how many functions it holds (kiln lowers
    /// one symbol table, so only empty ones are accepted).
    pub nested: Vec<(Span, usize)>,
    pub span: Span,
}

/// `memref.reinterpret_cast %m to offset: [X], sizes: [X, ...], strides: [X, ...] : T to U`,
/// where each X is a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReinterpretCast {
    pub source: ValueRef,
    pub offset: Vec<Mixed>,
    pub sizes: Vec<Mixed>,
    pub strides: Vec<Mixed>,
    /// The words written before the size and stride lists (`sizes`, `strides`).
    pub keywords: (Name, Name),
    pub from: Type,
    pub to: Type,
}

/// `memref.subview %m[OFFSETS] [SIZES] [STRIDES] : T to U`, each entry a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subview {
    pub source: ValueRef,
    pub offsets: Vec<Mixed>,
    pub sizes: Vec<Mixed>,
    pub strides: Vec<Mixed>,
    pub from: Type,
    pub to: Type,
}

/// An entry of an operation's list of offsets, sizes or strides: a value or a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mixed {
    Value(ValueRef),
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
    Func(Box<Func>),
    /// A nested module: its span and the number of functions in it.
    Module(Span, usize),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Func {
    /// `func.func` or the legacy `func`.
    pub keyword: Name,
    pub visibility: Option<Name>,
    pub name: Name,
    pub params: Vec<Param>,
    pub results: Vec<Type>,
    /// Each result's attributes (`-> (i32 {llvm.zeroext})`), parallel to `results`.
    pub result_attrs: Vec<Vec<Attr>>,
    pub attrs: Vec<Attr>,
    pub body: Option<Vec<Block>>,
    pub span: Span,
}

impl Func {
    pub fn is_legacy(&self) -> bool {
        self.keyword.node == "func"
    }
}

/// A function parameter or block argument: `%a: i32 {attrs}`, or just a type in a
/// declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    pub name: Option<Name>,
    pub ty: Type,
    pub attrs: Vec<Attr>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub label: Option<Name>,
    pub params: Vec<Param>,
    /// Each operation in its own box, as the parser made it: a function of 10^6
    /// operations is not copied a second time into one vector.
    pub ops: Vec<Box<Op>>,
    pub span: Span,
}

/// `%r:2` or `%x` on the left of `=`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultDef {
    pub name: Name,
    pub count: Option<Spanned<String>>,
}

/// A use of a value: `%x` or `%r#1` (the text without `%`).
pub type ValueRef = Name;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor {
    pub block: Name,
    pub args: Vec<ValueRef>,
    pub types: Vec<Type>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Op {
    pub results: Vec<ResultDef>,
    /// The operation name as written (`arith.addi`, `addi`, or a generic op's string).
    pub name: Name,
    pub body: OpBody,
    pub attrs: Vec<Attr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpBody {
    Binary {
        lhs: ValueRef,
        rhs: ValueRef,
        ty: Type,
    },
    Unary {
        operand: ValueRef,
        ty: Type,
    },
    /// An element-wise operation ([`crate::ops::PureOp`]) with its written type list.
    Pure {
        operands: Vec<ValueRef>,
        types: Vec<Type>,
    },
    Cast {
        operand: ValueRef,
        from: Type,
        to: Type,
    },
    Cmp {
        predicate: Name,
        lhs: ValueRef,
        rhs: ValueRef,
        ty: Type,
    },
    Select {
        cond: ValueRef,
        on_true: ValueRef,
        on_false: ValueRef,
        ty: Type,
    },
    Constant {
        value: Spanned<Literal>,
        ty: Option<Type>,
    },
    Call {
        callee: Name,
        args: Vec<ValueRef>,
        ty: FunctionType,
    },
    Return {
        operands: Vec<ValueRef>,
        types: Vec<Type>,
    },
    Br {
        dest: Box<Successor>,
    },
    CondBr {
        cond: ValueRef,
        on_true: Box<Successor>,
        on_false: Box<Successor>,
    },
    Switch {
        flag: ValueRef,
        ty: Type,
        default: Box<Successor>,
        cases: Vec<(Spanned<String>, Successor)>,
    },
    Alloc {
        sizes: Vec<ValueRef>,
        ty: Type,
    },
    Dealloc {
        memref: ValueRef,
        ty: Type,
    },
    Load {
        memref: ValueRef,
        indices: Vec<ValueRef>,
        ty: Type,
    },
    Store {
        value: ValueRef,
        memref: ValueRef,
        indices: Vec<ValueRef>,
        ty: Type,
    },
    Dim {
        memref: ValueRef,
        index: ValueRef,
        ty: Type,
    },
    /// `memref.copy %source, %target : T to U`
    Copy {
        source: ValueRef,
        target: ValueRef,
        from: Type,
        to: Type,
    },
    /// `memref.extract_strided_metadata %m : T -> BASE, index, ...`
    Metadata {
        memref: ValueRef,
        ty: Type,
        results: Vec<Type>,
    },
    /// `memref.reinterpret_cast`, boxed: an operation stays small.
    ReinterpretCast(Box<ReinterpretCast>),
    /// `memref.subview`, boxed.
    Subview(Box<Subview>),
    Rank {
        memref: ValueRef,
        ty: Type,
    },
    /// `"name"(%a, %b)[^succ] : (T, U) -> (V)`.
    Generic {
        operands: Vec<ValueRef>,
        successors: Vec<Name>,
        ty: FunctionType,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    Int(String),
    Float(String),
    Bool(bool),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionType {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `i32`, `index`, `f32`, ... (checked by the builder).
    Named(Name),
    /// `memref<4x?xf32, strided<[?, 1], offset: ?>>`.
    MemRef(Box<MemRef>),
    /// `memref<*xf32>`.
    UnrankedMemRef { elem: Box<Type>, span: Span },
    /// A function type, only meaningful in attributes.
    Function(Box<FunctionType>),
}

/// A ranked memref type as written; a dimension `None` is `?`. Boxed in [`Type`], as a
/// function type is, so that a type is as small as a name: every operation states one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRef {
    pub dims: Vec<Spanned<Option<String>>>,
    pub elem: Type,
    pub layout: Option<Strided>,
    pub span: Span,
}

impl Type {
    pub fn span(&self) -> Span {
        match self {
            Type::Named(n) => n.span,
            Type::MemRef(m) => m.span,
            Type::UnrankedMemRef { span, .. } => *span,
            Type::Function(f) => f.span,
        }
    }
}

/// `strided<[s0, s1], offset: o>`; `None` is `?`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strided {
    pub strides: Vec<Spanned<Option<String>>>,
    pub offset: Option<Spanned<Option<String>>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attr {
    pub key: Name,
    pub value: Option<Spanned<AttrValue>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrValue {
    Int(String, Option<Type>),
    Float(String, Option<Type>),
    Str(String),
    Bool(bool),
    Type(Type),
    Symbol(String),
    Array(Vec<Spanned<AttrValue>>),
    Dict(Vec<Attr>),
    /// `overflow<nsw, nuw>` / `fastmath<fast>` / `array<i32: 1, 2>`: a keyword with a list.
    Enum(String, Vec<String>),
    /// A dialect attribute as written, `#llvm.linkage<linkonce_odr>`.
    Dialect(String),
}

#[cfg(test)]
mod tests {
    /// A function of 10^6 operations holds 10^6 of these while its IR is built
    /// (BENCHMARKS.md, "session 23"): at 336 bytes, copied once more into one vector, the
    /// tree's pages were the largest share of that function's page faults.
    #[test]
    fn an_operation_and_a_type_stay_small() {
        assert!(std::mem::size_of::<super::Op>() <= 224);
        assert!(std::mem::size_of::<super::Type>() <= 32);
    }
}
