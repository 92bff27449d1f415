//! The rule declarations of the table-driven operations, generated from the op tables
//! ([`crate::ops`]), so that an operation is named, shaped and given its attributes in one
//! place.
//!
//! The encoder gives every such operation its result type first, then its operands, then
//! its LLVM flags when its declaration says `flags`: `(arith.addi i32 A B "nsw")`. The
//! sections these functions produce stand in `rules/source.rules`, `rules/math.rules` and
//! `rules/index.rules` between generated-section markers; a test (`frontend/tests/
//! generated.rs`) fails when a section differs from what the tables give, and
//! `KILN_BLESS=1` writes it. Adding an operation to a table is then one line there and a
//! blessed section here, never a declaration written by hand beside it.

use crate::ir::OpKind;
use crate::ops::{BinaryOp, CastOp, PureOp, Shape, UnaryOp};
use std::fmt::Write;

/// One `decl` line of a source operation.
struct SourceDecl {
    /// The operation's name, `arith.addi`.
    name: &'static str,
    /// Whether its LLVM flags reach the e-graph as its last operand.
    flags: bool,
    /// Whether its operands and its result have one type (the rule checker holds rules to
    /// it).
    uniform: bool,
    /// How many `Value` operands follow the result type.
    operands: usize,
}

impl std::fmt::Display for SourceDecl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "decl {}: source", self.name)?;
        if self.flags {
            f.write_str(" flags")?;
        }
        if self.uniform {
            f.write_str(" uniform")?;
        }
        f.write_str(" (Type")?;
        for _ in 0..self.operands {
            f.write_str(" Value")?;
        }
        f.write_str(") -> Value")
    }
}

/// Whether the operation's flags reach the e-graph: it has a flag family, and its
/// lowering has somewhere to put them (a call of the C library takes none).
fn keeps_flags(kind: OpKind) -> bool {
    let libm = matches!(kind, OpKind::Pure(p) if p.c_library());
    // Casts keep their flags in the IR only (see `Op::flags`).
    kind.flag_family().is_some() && !libm && !matches!(kind, OpKind::Cast(_))
}

fn binary(op: BinaryOp) -> SourceDecl {
    SourceDecl {
        name: op.name(),
        flags: keeps_flags(OpKind::Binary(op)),
        uniform: true,
        operands: 2,
    }
}

fn pure(op: PureOp) -> SourceDecl {
    SourceDecl {
        name: op.name(),
        flags: keeps_flags(OpKind::Pure(op)),
        uniform: matches!(op.shape(), Shape::Same(_) | Shape::Index(_)),
        operands: op.arity(),
    }
}

/// `arith`'s binary, unary, extended and cast operations, for `rules/source.rules`.
pub fn arith_declarations() -> String {
    let mut out = String::new();
    for op in BinaryOp::ALL {
        line(&mut out, binary(*op));
    }
    for op in UnaryOp::ALL {
        line(
            &mut out,
            SourceDecl {
                name: op.name(),
                flags: keeps_flags(OpKind::Unary(*op)),
                uniform: true,
                operands: 1,
            },
        );
    }
    out.push_str(
        "; (arith.addui_extended T A B), (arith.mulsi_extended T A B): two results, each taken by a\n\
         ; (result TYPE OP INDEX) projection (sum and overflow flag; low and high half)\n",
    );
    for op in PureOp::ALL
        .iter()
        .filter(|o| o.name().starts_with("arith."))
    {
        line(&mut out, pure(*op));
    }
    out.push_str("; casts: (op RESULT-TYPE VALUE)\n");
    for op in CastOp::ALL
        .iter()
        .filter(|o| o.name().starts_with("arith."))
    {
        line(
            &mut out,
            SourceDecl {
                name: op.name(),
                flags: keeps_flags(OpKind::Cast(*op)),
                uniform: false,
                operands: 1,
            },
        );
    }
    out
}

/// The `math` dialect's operations, for `rules/math.rules`.
pub fn math_declarations() -> String {
    let mut out = String::new();
    for op in PureOp::ALL.iter().filter(|o| o.name().starts_with("math.")) {
        if *op == PureOp::FPowI {
            out.push_str(
                "; (math.fpowi T BASE EXPONENT): the exponent is an integer of any width\n",
            );
        }
        // `fpowi`'s shape (`Shape::PowI`) gives its exponent a type of its own.
        line(&mut out, pure(*op));
    }
    out
}

/// The `index` dialect's operations, for `rules/index.rules`, and the rules that make each
/// its `arith` twin at type `index` ([`PureOp::index_arith`]).
pub fn index_declarations() -> String {
    let mut out = String::new();
    let index: Vec<(PureOp, BinaryOp)> = PureOp::ALL
        .iter()
        .filter_map(|o| Some((*o, o.index_arith()?)))
        .collect();
    for (op, _) in &index {
        line(&mut out, pure(*op));
    }
    out.push_str("\nin expand {\n");
    for (op, arith) in &index {
        let short = op.name().trim_start_matches("index.");
        let _ = writeln!(
            out,
            "  ;; {} is {} at index\n  rule {short}: ({} index ?a ?b) => ({} index ?a ?b)",
            op.name(),
            arith.name(),
            op.name(),
            arith.name()
        );
    }
    out.push_str("}\n");
    out
}

fn line(out: &mut String, decl: SourceDecl) {
    let _ = writeln!(out, "{decl}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_follow_the_family_and_the_lowering() {
        assert!(arith_declarations()
            .contains("decl arith.addi: source flags uniform (Type Value Value) -> Value\n"));
        assert!(arith_declarations()
            .contains("decl arith.divsi: source uniform (Type Value Value) -> Value\n"));
        assert!(arith_declarations().contains("decl arith.extf: source (Type Value) -> Value\n"));
        assert!(math_declarations().contains("decl math.sqrt: source flags uniform (Type Value)"));
        assert!(math_declarations().contains("decl math.tan: source uniform (Type Value)"));
        assert!(math_declarations().contains("decl math.fpowi: source flags (Type Value Value)"));
        assert!(
            index_declarations().contains("rule shrs: (index.shrs index ?a ?b) => (arith.shrsi")
        );
    }
}
