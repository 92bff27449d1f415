//! The sorts of the rule language: what a term stands for. Target operations' signatures
//! ([`TargetOp::signature`](crate::TargetOp::signature)) are written in them, so the rule
//! checker and the backend read one vocabulary.

use crate::Operand;
use std::fmt;

/// What a term stands for; checked in every operand position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// An SSA value.
    Value,
    /// A side effect with no value (a store, a branch).
    Effect,
    /// An operand position that orders effects: accepts a `Value`, an `Effect` or a
    /// `State` token. As a result sort: a token with no code (`block.start`).
    State,
    /// A type term such as `i32` or `(llvm.struct [i64 i64])`.
    Type,
    /// An integer or float literal.
    Lit,
    /// A quoted string such as a predicate name.
    Sym,
    /// A function name `@f`.
    Func,
    /// A cons-list (`nil`, `(cons head tail)`).
    List,
    /// Anything (the head of a cons cell).
    Any,
    /// Structure that is neither a value nor a type (successors, signatures).
    Node,
}

impl Sort {
    /// Every sort and the name rule files write it with.
    pub const ALL: [(&'static str, Sort); 10] = [
        ("Value", Sort::Value),
        ("Effect", Sort::Effect),
        ("State", Sort::State),
        ("Type", Sort::Type),
        ("Lit", Sort::Lit),
        ("Sym", Sort::Sym),
        ("Func", Sort::Func),
        ("List", Sort::List),
        ("Any", Sort::Any),
        ("Node", Sort::Node),
    ];

    /// The sort named `s` (`Value`, `Type`, ...).
    pub fn from_name(s: &str) -> Option<Sort> {
        Sort::ALL.iter().find(|(n, _)| *n == s).map(|(_, s)| *s)
    }

    /// The sort's name as rule files write it.
    pub fn name(self) -> &'static str {
        Sort::ALL
            .iter()
            .find(|(_, s)| *s == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// Whether a term of sort `actual` may stand where `self` is expected.
    pub fn accepts(self, actual: Sort) -> bool {
        match self {
            Sort::Any => true,
            Sort::State => matches!(actual, Sort::Value | Sort::Effect | Sort::State | Sort::Any),
            _ => actual == self || actual == Sort::Any,
        }
    }

    /// Whether a lowered operand has this sort: the shape code generation may read it by.
    /// A list's items are not looked into (a list is of `Any`).
    pub fn holds(self, operand: &Operand) -> bool {
        let structural = |op: &crate::TargetOp, sort| op.signature().result == sort;
        match (self, operand) {
            (Sort::Any, _) => true,
            (Sort::Value, Operand::Value(_)) => true,
            (Sort::Effect | Sort::State, Operand::Effect) => true,
            (Sort::Lit, Operand::Int(_) | Operand::Float(_)) => true,
            (Sort::Lit, Operand::Node(crate::TargetOp::Wide, _)) => true,
            (Sort::Sym, Operand::Str(_)) => true,
            (Sort::Func, Operand::Func(_)) => true,
            (Sort::List, Operand::List(_)) => true,
            (Sort::Type | Sort::Node, Operand::Node(op, _)) => structural(op, self),
            _ => false,
        }
    }
}

/// What the backend reads an operation's operands as and what it makes: its `target`
/// declaration's sorts, generated from `rules/llvm.rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The sort of each operand as the rule files write it, an effect's `State` first.
    pub operands: &'static [Sort],
    /// The sort of the result.
    pub result: Sort,
    /// Declared `effect`: ordered by its `State` operand.
    pub effect: bool,
    /// Declared `flags`: a node may carry LLVM flags after its operands.
    pub flags: bool,
}

impl Signature {
    /// The sorts of an [`Inst`](crate::Inst)'s operands: the declared ones but `State`.
    pub fn inst_operands(&self) -> impl Iterator<Item = Sort> + '_ {
        self.operands.iter().copied().filter(|s| *s != Sort::State)
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, s) in self.operands.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        write!(f, ") -> {}", self.result)
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
