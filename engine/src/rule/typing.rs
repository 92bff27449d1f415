//! Types of guard and computed expressions, and of the values a template builds.
//!
//! An expression that evaluates to the wrong kind of thing does not fail when it runs: it
//! makes its guard false or its computed leaf skip the rewrite (`apply.rs`), so a guard
//! `(+ 1 2)` or `(== (type ?x) 3)` silently never holds. This pass gives every expression
//! a type from the sorts of the variables it uses and the builtins' signatures, and reports
//! each mismatch at its place (`rules.expr-type`).
//!
//! Templates are checked against `uniform` declarations (an operation whose `Value`
//! operands and result all have the type given by its `Type` operand, such as `llvm.add`):
//! when the analysis can tell both types — ground types, compared after `lower-type` and
//! with a type declared `width N` (`index`) as the integer of that width — a value of
//! another type in a uniform operation is an error
//! (`rules.template-type`), as is a right side whose type differs from the left side's.

use crate::rule::ast::{Expr, Name, Term};
use crate::rule::expr::Builtin;
use crate::rule::ruleset::{RuleSet, Sort};
use kiln_frontend::types::Scalar;
use kiln_frontend::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The type of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A truth value (what a guard must be).
    Bool,
    /// An integer.
    Int,
    /// A float.
    Float,
    /// A number of either kind (a `Lit` operand).
    Num,
    /// A type term (`i32`, `(memref ...)`).
    Type,
    /// A cons-list.
    List,
    /// An e-class: an SSA value or other structure.
    Value,
    /// A string (`Sym`).
    Sym,
    /// A function name.
    Func,
    /// Not known (an unknown function, an operand of sort `Any`).
    Unknown,
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ty::Bool => "a boolean",
            Ty::Int => "an integer",
            Ty::Float => "a float",
            Ty::Num => "a number",
            Ty::Type => "a type",
            Ty::List => "a list",
            Ty::Value => "a value",
            Ty::Sym => "a string",
            Ty::Func => "a function name",
            Ty::Unknown => "anything",
        })
    }
}

impl Ty {
    /// The type of a variable bound at an operand of sort `s`.
    pub fn of_sort(s: Sort) -> Ty {
        match s {
            Sort::Value | Sort::Effect | Sort::State | Sort::Node => Ty::Value,
            Sort::Type => Ty::Type,
            Sort::Lit => Ty::Num,
            Sort::List => Ty::List,
            Sort::Sym => Ty::Sym,
            Sort::Func => Ty::Func,
            Sort::Any => Ty::Unknown,
        }
    }

    fn numeric(self) -> bool {
        matches!(self, Ty::Int | Ty::Float | Ty::Num | Ty::Unknown)
    }

    /// Whether a value of this type may stand where `want` is expected. Booleans are
    /// integers (1 and 0) where an integer is expected, as when they are evaluated.
    fn fits(self, want: Ty) -> bool {
        match (self, want) {
            (Ty::Unknown, _) | (_, Ty::Unknown) => true,
            (a, b) if a == b => true,
            (Ty::Bool, Ty::Int | Ty::Num) => true,
            (Ty::Int | Ty::Float | Ty::Num, Ty::Num) => true,
            (Ty::Num, Ty::Int | Ty::Float) => true,
            // A value's class may hold a literal (`(arg-slot ...)` once computed).
            (Ty::Value, Ty::Int | Ty::Float | Ty::Num) => true,
            _ => false,
        }
    }

    /// Whether `==` can ever hold between the two.
    fn comparable(self, other: Ty) -> bool {
        self.fits(other) || other.fits(self) || (self.numeric() && other.numeric())
    }
}

/// Argument types and result of a builtin (`None` arguments: any number of `each`).
fn signature(b: Builtin) -> (&'static [Ty], Ty) {
    use Ty::*;
    match b {
        Builtin::Const => (&[Value], Num),
        Builtin::IsConst => (&[Value], Bool),
        Builtin::TypeOf => (&[Value], Type),
        Builtin::Rank | Builtin::Offset | Builtin::Width | Builtin::Bytes => (&[Type], Int),
        Builtin::Size | Builtin::Stride => (&[Type, Int], Int),
        Builtin::Elem => (&[Type], Type),
        Builtin::IsInt
        | Builtin::IsFloat
        | Builtin::IsScalar
        | Builtin::IsRanked
        | Builtin::IsUnranked
        | Builtin::IsContiguous => (&[Type], Bool),
        Builtin::IsStatic | Builtin::IsLit => (&[Unknown], Bool),
        Builtin::Member => (&[Unknown, List], Bool),
        Builtin::Len => (&[List], Int),
        Builtin::Nth => (&[List, Int], Unknown),
        Builtin::Add | Builtin::Sub | Builtin::Mul => (&[Num], Num),
        Builtin::Neg => (&[Num], Num),
        Builtin::Div
        | Builtin::Rem
        | Builtin::Min
        | Builtin::Max
        | Builtin::BitAnd
        | Builtin::BitOr
        | Builtin::BitXor
        | Builtin::Shl
        | Builtin::Log2
        | Builtin::Ctz
        | Builtin::Popcount => (&[Int], Int),
        Builtin::IsPow2 => (&[Int], Bool),
        Builtin::Wrap | Builtin::Zext => (&[Type, Int], Int),
        Builtin::Cmpi => (&[Sym, Type, Int, Int], Bool),
        Builtin::Eq | Builtin::Ne => (&[Unknown, Unknown], Bool),
        Builtin::Lt | Builtin::Le | Builtin::Gt | Builtin::Ge => (&[Num, Num], Bool),
        Builtin::And | Builtin::Or | Builtin::Not => (&[Bool], Bool),
        Builtin::FuncOf => (&[Unknown], Func),
    }
}

/// Types the expressions of one rule.
pub struct Typer<'a> {
    /// The declarations atoms and operations are looked up in.
    pub set: &'a RuleSet,
    /// The sort each variable of the left side is bound at.
    pub vars: &'a HashMap<String, (Sort, Span)>,
    /// The mismatches found so far (`rules.expr-type`).
    pub diags: Vec<Diagnostic>,
}

impl Typer<'_> {
    /// A guard must be a boolean.
    pub fn guard(&mut self, e: &Expr) {
        let t = self.expr(e);
        if !t.fits(Ty::Bool) || t == Ty::Num {
            self.diags.push(
                Diagnostic::error(
                    "rules.expr-type",
                    e.span(),
                    format!("a guard must be a boolean, but this is {t}"),
                )
                .with_note(
                    "a guard that is not a boolean never holds, so the rule would never fire",
                ),
            );
        }
    }

    /// A computed leaf `{e}` at an operand of sort `want`.
    pub fn computed(&mut self, e: &Expr, want: Sort) {
        let t = self.expr(e);
        let want_ty = match want {
            Sort::Lit => Ty::Num,
            Sort::Type => Ty::Type,
            Sort::List => Ty::List,
            Sort::Sym => Ty::Sym,
            Sort::Func => Ty::Func,
            _ => return,
        };
        if !t.fits(want_ty) {
            self.diags.push(Diagnostic::error(
                "rules.expr-type",
                e.span(),
                format!("this computes {t}, but {want_ty} (a {want}) is expected here"),
            ));
        }
    }

    /// The type of `e`, reporting each mismatch inside it (`rules.expr-type`); a call
    /// with a mismatched argument still has its builtin's result type.
    pub fn expr(&mut self, e: &Expr) -> Ty {
        match e {
            Expr::Var(n) => self
                .vars
                .get(&n.text)
                .map(|(s, _)| Ty::of_sort(*s))
                .unwrap_or(Ty::Unknown),
            Expr::Int(..) => Ty::Int,
            Expr::Float(..) => Ty::Float,
            Expr::Str(..) => Ty::Sym,
            Expr::Atom(n) => match self.set.decl(&n.text) {
                Some(d) => Ty::of_sort(d.result),
                None => Ty::Unknown,
            },
            Expr::Call { func, args, .. } => self.call(func, args),
        }
    }

    fn call(&mut self, func: &Name, args: &[Expr]) -> Ty {
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        // Unknown functions and wrong argument counts are reported by the checker.
        let Some((b, arity)) = Builtin::from_name(&func.text) else {
            return Ty::Unknown;
        };
        if arity.is_some_and(|n| n != args.len()) || args.is_empty() && arity.is_none() {
            return Ty::Unknown;
        }
        let (params, result) = signature(b);
        for (i, (a, t)) in args.iter().zip(&arg_tys).enumerate() {
            let want = params
                .get(i)
                .or(params.last())
                .copied()
                .unwrap_or(Ty::Unknown);
            if !t.fits(want) {
                self.diags.push(Diagnostic::error(
                    "rules.expr-type",
                    a.span(),
                    format!("`{}` expects {want} here, but this is {t}", func.text),
                ));
            }
        }
        if matches!(b, Builtin::Const | Builtin::IsConst | Builtin::TypeOf) {
            let fits = arg_tys.first().is_some_and(|t| t.fits(Ty::Value));
            if let Some(a) = args.first().filter(|a| fits && !matches!(a, Expr::Var(_))) {
                self.diags.push(Diagnostic::error(
                    "rules.expr-type",
                    a.span(),
                    format!("`{}` reads the analysis of a matched value: its operand must be a `?variable`", func.text),
                ));
            }
        }
        if matches!(b, Builtin::Eq | Builtin::Ne) && arg_tys.len() == 2 {
            let (x, y) = (arg_tys[0], arg_tys[1]);
            if !x.comparable(y) {
                self.diags.push(
                    Diagnostic::error(
                        "rules.expr-type",
                        args[1].span(),
                        format!("`{}` compares {x} with {y}", func.text),
                    )
                    .with_note("values of different types are never equal, so this is constant"),
                );
            }
        }
        match (b, result) {
            // Arithmetic on integers is an integer, on floats a float.
            (_, Ty::Num) if arg_tys.iter().all(|t| matches!(t, Ty::Int | Ty::Bool)) => Ty::Int,
            (_, Ty::Num) if arg_tys.iter().all(|t| *t == Ty::Float) => Ty::Float,
            (Builtin::Const, _) => Ty::Num,
            _ => result,
        }
    }
}

/// The operations declared `uniform`, with the checks of the templates that use them.
pub struct Uniform<'a> {
    /// The declarations (for the sorts of operands and the `width` of types).
    pub set: &'a RuleSet,
    /// The names of the operations declared `uniform`.
    pub ops: &'a HashSet<String>,
}

impl Uniform<'_> {
    /// Reports type mismatches a template makes, given the rule's left side.
    pub fn check_rule(&self, lhs: &Term, rhs: &Term, diags: &mut Vec<Diagnostic>) {
        let mut types = HashMap::new();
        self.bind(lhs, &mut types);
        self.check(rhs, &types, diags);
        if let (Some(l), Some(r)) = (self.type_of(lhs, &types), self.type_of(rhs, &types)) {
            if let (Some(a), Some(b)) = (self.ground(l), self.ground(r)) {
                if a != b {
                    diags.push(
                        Diagnostic::error(
                            "rules.template-type",
                            rhs.span(),
                            format!(
                                "the right side has type `{b}`, but the left side has type `{a}`"
                            ),
                        )
                        .with_note(
                            "both sides of a rule must have the same type (a type declared \
                             `width N`, as `index` is, counts as the integer of that width)",
                        ),
                    );
                }
            }
        }
    }

    /// Records the type of each variable that is an operand of a uniform operation.
    fn bind<'t>(&self, t: &'t Term, out: &mut HashMap<String, &'t Term>) {
        match t {
            Term::Op { op, children, .. } => {
                if let Some((tc, values)) = self.uniform_operands(&op.text, children.len()) {
                    for v in values {
                        if let Term::Var(n) = &children[v] {
                            out.entry(n.text.clone()).or_insert(&children[tc]);
                        }
                    }
                }
                children.iter().for_each(|c| self.bind(c, out));
            }
            Term::List { items, tail, .. } => {
                items.iter().for_each(|c| self.bind(c, out));
                if let Some(t) = tail {
                    self.bind(t, out);
                }
            }
            _ => {}
        }
    }

    /// The type operand and the value operands of a uniform op with `n` operands.
    fn uniform_operands(&self, op: &str, n: usize) -> Option<(usize, Vec<usize>)> {
        if !self.ops.contains(op) {
            return None;
        }
        let d = self.set.decl(op)?;
        // A flagged operation's flags come after its declared operands.
        if d.children.len() != n && !(d.flags && d.children.len() + 1 == n) {
            return None;
        }
        let tc = d.type_child()?;
        let values = (0..d.children.len())
            .filter(|i| d.children[*i] == Sort::Value)
            .collect();
        Some((tc, values))
    }

    fn type_of<'t>(&self, t: &'t Term, vars: &HashMap<String, &'t Term>) -> Option<&'t Term> {
        match t {
            Term::Var(n) => vars.get(&n.text).copied(),
            Term::Op { op, children, .. } => {
                let tc = self.set.decl(&op.text)?.type_child()?;
                children.get(tc)
            }
            _ => None,
        }
    }

    fn check(&self, t: &Term, vars: &HashMap<String, &Term>, diags: &mut Vec<Diagnostic>) {
        match t {
            Term::Op { op, children, .. } => {
                if let Some((tc, values)) = self.uniform_operands(&op.text, children.len()) {
                    if let Some(want) = self.ground(&children[tc]) {
                        for v in values {
                            let got = self
                                .type_of(&children[v], vars)
                                .and_then(|t| self.ground(t));
                            if let Some(got) = got.filter(|g| *g != want) {
                                diags.push(Diagnostic::error(
                                    "rules.template-type",
                                    children[v].span(),
                                    format!("this operand has type `{got}`, but `{}` is uniform: its operands must be `{want}` like its result", op.text),
                                ));
                            }
                        }
                    }
                }
                children.iter().for_each(|c| self.check(c, vars, diags));
            }
            Term::List { items, tail, .. } => {
                items.iter().for_each(|c| self.check(c, vars, diags));
                if let Some(t) = tail {
                    self.check(t, vars, diags);
                }
            }
            _ => {}
        }
    }

    /// A type term as text when it is ground, seen through `lower-type` and with a type
    /// declared `width N` (`index`) as `iN`, the integer it lowers to; `None` when it
    /// depends on a variable or a computed value.
    fn ground(&self, t: &Term) -> Option<String> {
        Some(match t {
            Term::Op { op, children, .. } if op.text == "lower-type" && children.len() == 1 => {
                self.ground(&children[0])?
            }
            Term::Op { op, children, .. } if children.is_empty() => {
                let stated = Scalar::from_name(&op.text).and_then(Scalar::stated_bits);
                match (stated, self.set.decl(&op.text).and_then(|d| d.width)) {
                    (None, Some(w)) => format!("i{w}"),
                    _ => op.text.clone(),
                }
            }
            Term::Op { op, children, .. } => {
                let parts: Option<Vec<String>> = children.iter().map(|c| self.ground(c)).collect();
                format!("({} {})", op.text, parts?.join(" "))
            }
            Term::Int(s, _) | Term::Float(s, _) => s.clone(),
            Term::List {
                items, tail: None, ..
            } => {
                let parts: Option<Vec<String>> = items.iter().map(|c| self.ground(c)).collect();
                format!("[{}]", parts?.join(" "))
            }
            _ => return None,
        })
    }
}
