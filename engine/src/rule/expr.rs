//! Guard and computed-template expressions: the builtin functions a rule may call, checked
//! when the rules load and evaluated (in `apply.rs`) against the e-class analysis.

use std::fmt;

/// A builtin function of the expression language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `(const ?x)`: the known constant of a value.
    Const,
    /// `(const? ?x)`: whether the value has a known constant.
    IsConst,
    /// `(type ?x)`: the type of a value (its source-level type when it has one).
    TypeOf,
    /// `(rank T)`: the rank of a ranked memref type.
    ///
    /// This and the four after it read a memref type; sizes, strides and offsets fail (the
    /// guard is false) when the type leaves them dynamic.
    Rank,
    /// `(size T i)`: the size of dimension `i` (from 0) of a memref type.
    Size,
    /// `(stride T i)`: the stride of dimension `i` of a memref type, in elements (its
    /// layout's, or the identity layout's row-major one).
    Stride,
    /// `(offset T)`: the offset of a memref type's layout, in elements.
    Offset,
    /// `(elem T)`: the element type of a ranked or unranked memref type.
    Elem,
    /// `(bytes T)`: the bytes an element of scalar type `T` takes in memory, as LLVM's data
    /// layout allocates it: its width's bytes rounded up to a power of two (`i1` is 1,
    /// `i12` is 2, `i40` is 8).
    Bytes,
    /// `(width T)`: bit width of an integer or float type (`index` is 64).
    Width,
    /// `(int? T)`: whether `T` is an integer scalar type (`i1` … `i64` or `index`).
    IsInt,
    /// `(float? T)`: whether `T` is a float scalar type (`f16`, `f32`, `f64`).
    IsFloat,
    /// `(scalar? T)`: whether `T` is a scalar type (an integer, `index` or a float), the
    /// LLVM dialect's `ptr` or a function type (an address): a type one LLVM value holds.
    IsScalar,
    /// `(ranked? T)`: whether `T` is a ranked memref type.
    IsRanked,
    /// `(unranked? T)`: whether `T` is an unranked memref type.
    IsUnranked,
    /// `(static? E)`: whether `E` evaluates (e.g. a stride the type knows).
    IsStatic,
    /// `(contiguous? T)`: whether `T` is a ranked memref type whose elements are one run of
    /// memory in row-major order, as MLIR's `memref.copy` lowering decides: the identity
    /// layout, or a static shape of at least one element whose strides are the row-major
    /// ones wherever a dimension has more than one element.
    IsContiguous,
    /// `(member X L)`: whether the ground list `L` contains `X`.
    Member,
    /// `(len L)`: the length of a cons-list.
    Len,
    /// `(nth L i)`: element `i` (from 0) of a cons-list; fails past its end.
    Nth,
    /// `(+ x...)`: the sum of one or more numbers: floats when all are floats, else
    /// integers (fails on overflow of the 128-bit intermediate).
    ///
    /// Integers are 128-bit here and below, so every `i64` and `u64` value is exact.
    Add,
    /// `(- x y)`: `x` minus `y`, on floats when both are floats, else on integers.
    Sub,
    /// `(* x...)`: the product of one or more numbers, like `+`.
    Mul,
    /// `(/ x y)`: truncating signed division; fails on a zero divisor.
    Div,
    /// `(% x y)`: the remainder of truncating signed division (the sign of `x`); fails on a
    /// zero divisor.
    Rem,
    /// `(min x y)`: the smaller of two integers.
    Min,
    /// `(max x y)`: the larger of two integers.
    Max,
    /// `(neg x)`: minus an integer or a float.
    Neg,
    /// `(band x y)`: bitwise and of two integers.
    BitAnd,
    /// `(bor x y)`: bitwise or of two integers.
    BitOr,
    /// `(bxor x y)`: bitwise exclusive or of two integers.
    BitXor,
    /// `(shl x s)`: `x` shifted left by `s` bits; fails unless `s` is from 0 to 63.
    Shl,
    /// `(wrap T x)`: `x` truncated to the width of `T`, read back as signed.
    Wrap,
    /// `(zext T x)`: `x` truncated to the width of `T`, read back as unsigned.
    Zext,
    /// `(cmpi P T x y)`: whether `arith.cmpi`'s predicate `P` (a string: `"eq"`, `"slt"`,
    /// `"ult"`, ...) holds between the integers `x` and `y` of type `T`.
    Cmpi,
    /// `(== x y)`: whether two values are equal (for two e-classes: whether they are one).
    Eq,
    /// `(!= x y)`: whether two values differ, the negation of `==`.
    Ne,
    /// `(< x y)`: whether `x` is less than `y`, both integers or both floats (fails
    /// otherwise, and for a NaN); `<=`, `>` and `>=` likewise.
    Lt,
    /// `(<= x y)`: whether `x` is at most `y`.
    Le,
    /// `(> x y)`: whether `x` is greater than `y`.
    Gt,
    /// `(>= x y)`: whether `x` is at least `y`.
    Ge,
    /// `(and b...)`: whether every operand holds; evaluated left to right and stopping at
    /// the first false one, so a later operand may read what only exists when the earlier
    /// ones hold.
    And,
    /// `(or b...)`: whether some operand holds; left to right, stopping at the first true.
    Or,
    /// `(not b)`: the negation of a truth value.
    Not,
    /// `(log2 x)`: the floor of the base-2 logarithm of a positive integer.
    Log2,
    /// `(ctz x)`: the trailing zero bits of `x` as a 64-bit pattern (`(ctz 0)` is 64).
    Ctz,
    /// `(popcount x)`: the one bits of `x` as a 64-bit pattern.
    Popcount,
    /// `(pow2? x)`: whether `x` is a positive power of two.
    IsPow2,
    /// `(lit? ?x)`: whether `?x`'s class holds a number: "once this is computed" (a helper
    /// such as `arg-slot` has been rewritten to its literal result).
    IsLit,
    /// `(func "prefix" @name ...)`: a function symbol whose name joins the strings and
    /// function names given (`(func "use")` is `@use`).
    FuncOf,
}

/// Name, builtin, and arity (`None`: one or more).
const TABLE: &[(&str, Builtin, Option<usize>)] = &[
    ("const", Builtin::Const, Some(1)),
    ("const?", Builtin::IsConst, Some(1)),
    ("type", Builtin::TypeOf, Some(1)),
    ("rank", Builtin::Rank, Some(1)),
    ("size", Builtin::Size, Some(2)),
    ("stride", Builtin::Stride, Some(2)),
    ("offset", Builtin::Offset, Some(1)),
    ("elem", Builtin::Elem, Some(1)),
    ("width", Builtin::Width, Some(1)),
    ("bytes", Builtin::Bytes, Some(1)),
    ("int?", Builtin::IsInt, Some(1)),
    ("float?", Builtin::IsFloat, Some(1)),
    ("scalar?", Builtin::IsScalar, Some(1)),
    ("ranked?", Builtin::IsRanked, Some(1)),
    ("unranked?", Builtin::IsUnranked, Some(1)),
    ("static?", Builtin::IsStatic, Some(1)),
    ("contiguous?", Builtin::IsContiguous, Some(1)),
    ("len", Builtin::Len, Some(1)),
    ("member", Builtin::Member, Some(2)),
    ("nth", Builtin::Nth, Some(2)),
    ("+", Builtin::Add, None),
    ("-", Builtin::Sub, Some(2)),
    ("*", Builtin::Mul, None),
    ("/", Builtin::Div, Some(2)),
    ("%", Builtin::Rem, Some(2)),
    ("min", Builtin::Min, Some(2)),
    ("max", Builtin::Max, Some(2)),
    ("neg", Builtin::Neg, Some(1)),
    ("band", Builtin::BitAnd, Some(2)),
    ("bor", Builtin::BitOr, Some(2)),
    ("bxor", Builtin::BitXor, Some(2)),
    ("shl", Builtin::Shl, Some(2)),
    ("wrap", Builtin::Wrap, Some(2)),
    ("zext", Builtin::Zext, Some(2)),
    ("cmpi", Builtin::Cmpi, Some(4)),
    ("==", Builtin::Eq, Some(2)),
    ("!=", Builtin::Ne, Some(2)),
    ("<", Builtin::Lt, Some(2)),
    ("<=", Builtin::Le, Some(2)),
    (">", Builtin::Gt, Some(2)),
    (">=", Builtin::Ge, Some(2)),
    ("and", Builtin::And, None),
    ("or", Builtin::Or, None),
    ("not", Builtin::Not, Some(1)),
    ("func", Builtin::FuncOf, None),
    ("log2", Builtin::Log2, Some(1)),
    ("ctz", Builtin::Ctz, Some(1)),
    ("popcount", Builtin::Popcount, Some(1)),
    ("pow2?", Builtin::IsPow2, Some(1)),
    ("lit?", Builtin::IsLit, Some(1)),
];

impl Builtin {
    /// Every builtin's name and arity (`None`: one or more), for editors' completion.
    pub fn all() -> impl Iterator<Item = (&'static str, Option<usize>)> {
        TABLE.iter().map(|(n, _, a)| (*n, *a))
    }

    /// The builtin called `s` in a rule, and its arity (`None`: one or more).
    pub fn from_name(s: &str) -> Option<(Builtin, Option<usize>)> {
        TABLE
            .iter()
            .find(|(n, _, _)| *n == s)
            .map(|(_, b, a)| (*b, *a))
    }

    /// The name rules call the builtin by (`+`, `const?`, `band`).
    pub fn name(self) -> &'static str {
        TABLE
            .iter()
            .find(|(_, b, _)| *b == self)
            .map(|(n, _, _)| *n)
            .unwrap_or("?")
    }

    /// Every builtin's name, for "did you mean" notes.
    pub fn names() -> impl Iterator<Item = &'static str> {
        TABLE.iter().map(|(n, _, _)| *n)
    }
}

/// A checked expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A variable the rule's pattern binds, named without its `?`.
    Var(String),
    /// An integer literal.
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
    /// A string literal (a predicate or a function-name part).
    Str(String),
    /// A nullary declared op used as a ground term (`index`, `i32`).
    Atom(String),
    /// A builtin applied to its arguments (as many as its arity allows).
    Call(Builtin, Vec<Expr>),
}

impl Expr {
    /// Appends to `out` the variables of the expression that it does not hold yet, in
    /// first-occurrence order.
    pub fn collect_vars(&self, out: &mut Vec<String>) {
        match self {
            Expr::Var(v) if !out.contains(v) => out.push(v.clone()),
            Expr::Call(_, args) => args.iter().for_each(|a| a.collect_vars(out)),
            _ => {}
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Var(v) => write!(f, "?{v}"),
            Expr::Int(i) => write!(f, "{i}"),
            Expr::Float(b) => write!(f, "{:?}", f64::from_bits(*b)),
            Expr::Str(s) => write!(f, "\"{s}\""),
            Expr::Atom(a) => write!(f, "{a}"),
            Expr::Call(b, args) => {
                write!(f, "({}", b.name())?;
                for a in args {
                    write!(f, " {a}")?;
                }
                write!(f, ")")
            }
        }
    }
}
