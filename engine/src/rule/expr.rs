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
    /// `(rank T)`, `(size T i)`, `(stride T i)`, `(offset T)`, `(elem T)` of a memref type;
    /// sizes, strides and offsets fail (the guard is false) when the type leaves them dynamic.
    Rank,
    Size,
    Stride,
    Offset,
    Elem,
    /// `(width T)`: bit width of an integer or float type (`index` is 64).
    Width,
    IsInt,
    IsFloat,
    /// `(scalar? T)`, `(ranked? T)`, `(unranked? T)`: which kind of type `T` is.
    IsScalar,
    IsRanked,
    IsUnranked,
    /// `(static? E)`: whether `E` evaluates (e.g. a stride the type knows).
    IsStatic,
    /// `(member X L)`: whether the ground list `L` contains `X`.
    Member,
    /// `(len L)`, `(nth L i)` of a cons-list.
    Len,
    Nth,
    Add,
    Sub,
    Mul,
    /// Truncating signed division and remainder; fail on a zero divisor.
    Div,
    Rem,
    Min,
    Max,
    Neg,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    /// `(wrap T x)`: `x` truncated to the width of `T`, read back as signed.
    Wrap,
    /// `(zext T x)`: `x` truncated to the width of `T`, read back as unsigned.
    Zext,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Not,
    /// `(log2 x)`: the floor of the base-2 logarithm of a positive integer.
    Log2,
    /// `(ctz x)`, `(popcount x)`: trailing zero bits and one bits of `x` as a 64-bit pattern
    /// (`(ctz 0)` is 64).
    Ctz,
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
    ("int?", Builtin::IsInt, Some(1)),
    ("float?", Builtin::IsFloat, Some(1)),
    ("scalar?", Builtin::IsScalar, Some(1)),
    ("ranked?", Builtin::IsRanked, Some(1)),
    ("unranked?", Builtin::IsUnranked, Some(1)),
    ("static?", Builtin::IsStatic, Some(1)),
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

    pub fn from_name(s: &str) -> Option<(Builtin, Option<usize>)> {
        TABLE
            .iter()
            .find(|(n, _, _)| *n == s)
            .map(|(_, b, a)| (*b, *a))
    }

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
    Var(String),
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
    Str(String),
    /// A nullary declared op used as a ground term (`index`, `i32`).
    Atom(String),
    Call(Builtin, Vec<Expr>),
}

impl Expr {
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
