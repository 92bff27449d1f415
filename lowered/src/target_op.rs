//! The target vocabulary as a type: [`TargetOp`] has one variant per `target` declaration
//! of `rules/llvm.rules`, and [`TargetOp::signature`] gives the sorts that declaration
//! states, both generated from the file by `build.rs` (the role of Cranelift's
//! `gen_isle.rs`). The backend, the MLIR printer and the JIT match on [`TargetOp`] instead
//! of on operation-name strings, and read an instruction's operands by its signature once
//! ([`Inst::check`](crate::Inst::check)) instead of counting them at each use.

use crate::{Signature, Sort};
use std::fmt;

include!(concat!(env!("OUT_DIR"), "/target_ops.rs"));

impl TargetOp {
    /// Whether the operation ends a block.
    pub fn is_terminator(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Br | CondBr | Switch | Return | ReturnVoid | Unreachable
        )
    }

    /// Whether the operation computes a value from its operands alone, without touching
    /// memory and without a case where it is undefined behaviour rather than poison: it
    /// may run where its operands are available even on paths that did not run it, so
    /// elaboration may place it outside a loop it was written in. Division and remainder
    /// (a zero divisor traps), loads, calls, allocations and block arguments are not.
    pub fn is_speculatable(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Arg | Constant
                | Undef
                | Poison
                | Add
                | Sub
                | Mul
                | And
                | Or
                | Xor
                | Shl
                | Lshr
                | Ashr
                | Smax
                | Smin
                | Umax
                | Umin
                | Fadd
                | Fsub
                | Fmul
                | Fdiv
                | Frem
                | Maximum
                | Minimum
                | Maxnum
                | Minnum
                | Fneg
                | Sext
                | Zext
                | Trunc
                | Sitofp
                | Uitofp
                | Fptosi
                | Fptoui
                | Fpext
                | Fptrunc
                | Bitcast
                | Icmp
                | Fcmp
                | Select
                | Extractvalue
                | Insertvalue
                | Gep
                | Ptrtoint
                | Inttoptr
                | Addressof
                | AddressofFunc
                | Intr
        )
    }

    /// Integer arithmetic and bitwise operations: `(op TYPE A B)`, one LLVM instruction.
    pub fn is_int_binary(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Add | Sub | Mul | Sdiv | Udiv | Srem | Urem | And | Or | Xor | Shl | Lshr | Ashr
        )
    }

    /// Float arithmetic: `(op TYPE A B)`, one LLVM instruction.
    pub fn is_float_binary(self) -> bool {
        use TargetOp::*;
        matches!(self, Fadd | Fsub | Fmul | Fdiv | Frem)
    }

    /// Minimum and maximum: `(op TYPE A B)`, each an LLVM intrinsic of the same name.
    pub fn is_min_max(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Smax | Smin | Umax | Umin | Maximum | Minimum | Maxnum | Minnum
        )
    }

    /// Conversions: `(op TYPE X)`, one LLVM cast instruction.
    pub fn is_cast(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Sext | Zext | Trunc | Sitofp | Uitofp | Fptosi | Fptoui | Fpext | Fptrunc | Bitcast
        )
    }
}

/// The overloaded types of an LLVM intrinsic called through `llvm.intr`: the result type,
/// then each operand type that differs from it and is not an `i1` flag (`llvm.powi.f32.i32`,
/// `llvm.ctlz.i32` with its `i1` operand, `llvm.fma.f64`). The backend declares the intrinsic
/// with these, and the LLVM-dialect printer mangles its name from them, so both agree.
pub fn intrinsic_overloads<'t>(result: &'t str, operands: &[&'t str]) -> Vec<&'t str> {
    let mut types = vec![result];
    for t in operands {
        if *t != result && *t != "i1" && !types.contains(t) {
            types.push(t);
        }
    }
    types
}

impl fmt::Display for TargetOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::TargetOp;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for op in TargetOp::ALL {
            assert_eq!(TargetOp::from_name(op.name()), Some(*op));
            assert!(seen.insert(op.name()), "{op} twice");
        }
        assert_eq!(TargetOp::from_name("llvm.nope"), None);
    }

    #[test]
    fn an_instruction_is_checked_against_its_generated_signature() {
        use crate::{Inst, Operand, Sort};
        let i32t = || Operand::Node(TargetOp::I32, vec![]);
        let add = |operands| Inst::new(Some(2), TargetOp::Add, operands);
        assert_eq!(
            add(vec![i32t(), Operand::Value(0), Operand::Value(1)]).check(),
            Ok(())
        );
        assert_eq!(
            add(vec![i32t(), Operand::Value(0)]).check(),
            Err("`llvm.add` takes 3 operands (Type Value Value) -> Value, found 2".into())
        );
        assert_eq!(
            add(vec![
                Operand::Value(0),
                Operand::Value(0),
                Operand::Value(1)
            ])
            .check(),
            Err("operand 1 of `llvm.add` is `%0`, not a Type".into())
        );
        // A successor is structure, not a type.
        let succ = Operand::Node(TargetOp::Succ, vec![Operand::Int(1), Operand::List(vec![])]);
        assert!(!Sort::Type.holds(&succ) && Sort::Node.holds(&succ));
        // An effect's State is not among an instruction's operands.
        let store = TargetOp::Store.signature();
        assert_eq!(store.operands[0], Sort::State);
        assert_eq!(
            store.inst_operands().collect::<Vec<_>>(),
            [Sort::Value, Sort::Value]
        );
        assert!(TargetOp::Add.signature().flags && !TargetOp::Sdiv.signature().flags);
    }

    #[test]
    fn intrinsic_overloads_skip_flags_and_repeats() {
        use super::intrinsic_overloads as o;
        assert_eq!(o("f32", &["f32", "i32"]), ["f32", "i32"]);
        assert_eq!(o("i32", &["i32", "i1"]), ["i32"]);
        assert_eq!(o("f64", &["f64", "f64", "f64"]), ["f64"]);
    }
}
