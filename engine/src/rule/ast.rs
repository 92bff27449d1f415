//! The syntax tree of a rule file, with spans (byte offsets into that file).

use kiln_frontend::Span;

/// A name as written, with where it is: an operation, sort, phase, rule or test name, or a
/// variable (whose text leaves out the `?`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// The name's text.
    pub text: String,
    /// Where the name is in the file (for a variable, including its `?`).
    pub span: Span,
}

/// A term of a pattern, a template or a test.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// `?x`: a variable, bound by a pattern and used by a template.
    Var(Name),
    /// An integer literal such as `-1` or `0xff`, and its span. The literal text, parsed
    /// by the checker (so a bad literal is a located error).
    Int(String, Span),
    /// A float literal such as `1.5` or `1e-3` (text as written), and its span.
    Float(String, Span),
    /// A string such as `"slt"` (the text between the quotes), and its span.
    Str(String, Span),
    /// A function name such as `@f` (the text after the `@`), and its span.
    Func(String, Span),
    /// `(op child...)`, or a bare `op` with no children.
    Op {
        /// The operation's name.
        op: Name,
        /// The operands, in order (empty for a bare name and for `(op)`).
        children: Vec<Term>,
        /// From the `(` to the `)`, or the bare name.
        span: Span,
        /// Written without parentheses (`i32`, not `(i32)`); an expression reads a bare
        /// name as an atom, and `let` is a binding only when parenthesized.
        bare: bool,
    },
    /// `[a b c]` or `[a b | rest]`: sugar for `cons`/`nil`.
    List {
        /// The elements before the `|` (or all of them).
        items: Vec<Term>,
        /// The term after `|`, the list the items are consed onto; `None`: `nil`.
        tail: Option<Box<Term>>,
        /// From the `[` to the `]`.
        span: Span,
    },
    /// `{expr}`: a value computed when the rule applies (templates only).
    Computed(Expr, Span),
}

impl Term {
    /// Where the term is in its file.
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
    /// `?x`: a variable the rule's pattern binds.
    Var(Name),
    /// An integer literal (text as written, parsed by the checker), and its span.
    Int(String, Span),
    /// A float literal (text as written), and its span.
    Float(String, Span),
    /// A string (the text between the quotes), and its span.
    Str(String, Span),
    /// A bare name: a ground nullary term such as `index` or `i32`.
    Atom(Name),
    /// `(func arg...)`: a builtin (or a `def`) applied to arguments.
    Call {
        /// The function's name.
        func: Name,
        /// The arguments, in order.
        args: Vec<Expr>,
        /// From the `(` to the `)` (for the `{f a b}` sugar, inside the braces).
        span: Span,
    },
}

impl Expr {
    /// Where the expression is in its file.
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
    /// The operation declared.
    pub name: Name,
    /// The attributes (`source`, `target`, `effect`, `const`, `uniform`, `cost N`,
    /// `width N`), each with its number (text and span) if one follows it.
    pub attrs: Vec<(Name, Option<(String, Span)>)>,
    /// The sort of each operand, in order.
    pub children: Vec<Name>,
    /// The sort of the result.
    pub result: Name,
    /// The whole declaration.
    pub span: Span,
}

/// `phase NAME { key value ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    /// The phase's name, which `in NAME { ... }` groups refer to.
    pub name: Name,
    /// The settings (`iterations N`, `nodes N`, `growth N`, `time MILLISECONDS`,
    /// `partial`), each with its number (text and span) if one follows it.
    pub settings: Vec<(Name, Option<(String, Span)>)>,
    /// The whole item.
    pub span: Span,
}

/// Which way a rule rewrites.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `=>`: the left side is rewritten to the right side.
    OneWay,
    /// `<=>`: both sides are patterns and each rewrites to the other.
    TwoWay,
}

/// `rule NAME: PATTERN [if GUARD...] => TEMPLATE`, or `rule NAME: PATTERN <=> PATTERN`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The rule's name, unique across the rule files.
    pub name: Name,
    /// The pattern matched.
    pub lhs: Term,
    /// The expressions after `if`, all of which must hold for the rule to apply (none for
    /// a two-way rule).
    pub guards: Vec<Expr>,
    /// `=>` or `<=>`.
    pub direction: Direction,
    /// The template (or, for `<=>`, the other pattern).
    pub rhs: Term,
    /// The whole rule.
    pub span: Span,
}

/// `in PHASE { rule... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// The phase the rules run in.
    pub phase: Name,
    /// The rules that parsed, in order.
    pub rules: Vec<Rule>,
}

/// `test NAME { INPUT => EXPECTED }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Test {
    /// The test's name, unique across the rule files.
    pub name: Name,
    /// The ground term the rules run on.
    pub input: Term,
    /// The term the input must become equal to.
    pub expected: Term,
    /// The whole item.
    pub span: Span,
}

/// `def NAME ?param...: BODY`: a named term; `(NAME arg...)` in any term or expression is
/// replaced by `BODY` with the arguments for the parameters before checking (`expand.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Def {
    /// The name its uses call it by.
    pub name: Name,
    /// The parameters (`?param`, text without the `?`), in order.
    pub params: Vec<Name>,
    /// The term a use is replaced by.
    pub body: Term,
    /// The whole item.
    pub span: Span,
}

/// A top-level item of a rule file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// `decl`: an operation's declaration.
    Decl(Decl),
    /// `phase`: a phase and its limits.
    Phase(Phase),
    /// `in PHASE { ... }`: rules of a phase.
    Group(Group),
    /// `test`: an inline test of the rules.
    Test(Test),
    /// `def`: a named term.
    Def(Def),
}

/// A parsed rule file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleFile {
    /// Every item that parsed, in file order.
    pub items: Vec<Item>,
}
