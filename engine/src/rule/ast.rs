//! The syntax tree of a rule file, with spans (byte offsets into that file).

use kiln_frontend::Span;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// A term of a pattern, a template or a test.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Var(Name),
    /// The literal text, parsed by the checker (so a bad literal is a located error).
    Int(String, Span),
    Float(String, Span),
    Str(String, Span),
    Func(String, Span),
    /// `(op child...)`, or a bare `op` with no children.
    Op {
        op: Name,
        children: Vec<Term>,
        span: Span,
        bare: bool,
    },
    /// `[a b c]` or `[a b | rest]`: sugar for `cons`/`nil`.
    List {
        items: Vec<Term>,
        tail: Option<Box<Term>>,
        span: Span,
    },
    /// `{expr}`: a value computed when the rule applies (templates only).
    Computed(Expr, Span),
}

impl Term {
    pub fn span(&self) -> Span {
        match self {
            Term::Var(n) => n.span,
            Term::Int(_, s)
            | Term::Float(_, s)
            | Term::Str(_, s)
            | Term::Func(_, s)
            | Term::Computed(_, s) => *s,
            Term::Op { span, .. } | Term::List { span, .. } => *span,
        }
    }
}

/// An expression of a guard or a computed template: a builtin function applied to
/// arguments, a variable, a number, or a ground nullary term such as `index`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Var(Name),
    Int(String, Span),
    Float(String, Span),
    Str(String, Span),
    Atom(Name),
    Call {
        func: Name,
        args: Vec<Expr>,
        span: Span,
    },
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Var(n) | Expr::Atom(n) => n.span,
            Expr::Int(_, s) | Expr::Float(_, s) | Expr::Str(_, s) => *s,
            Expr::Call { span, .. } => *span,
        }
    }
}

/// `decl NAME: ATTRS (SORTS) -> SORT`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decl {
    pub name: Name,
    pub attrs: Vec<(Name, Option<(String, Span)>)>,
    pub children: Vec<Name>,
    pub result: Name,
    pub span: Span,
}

/// `phase NAME { key value ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    pub name: Name,
    pub settings: Vec<(Name, Option<(String, Span)>)>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `=>`: the left side is rewritten to the right side.
    OneWay,
    /// `<=>`: both sides are patterns and each rewrites to the other.
    TwoWay,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub name: Name,
    pub lhs: Term,
    pub guards: Vec<Expr>,
    pub direction: Direction,
    pub rhs: Term,
    pub span: Span,
}

/// `in PHASE { rule... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    pub phase: Name,
    pub rules: Vec<Rule>,
}

/// `test NAME { INPUT => EXPECTED }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Test {
    pub name: Name,
    pub input: Term,
    pub expected: Term,
    pub span: Span,
}

/// `def NAME ?param...: BODY`: a named term; `(NAME arg...)` in any term or expression is
/// replaced by `BODY` with the arguments for the parameters before checking (`expand.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Def {
    pub name: Name,
    pub params: Vec<Name>,
    pub body: Term,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Decl(Decl),
    Phase(Phase),
    Group(Group),
    Test(Test),
    Def(Def),
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleFile {
    pub items: Vec<Item>,
}
