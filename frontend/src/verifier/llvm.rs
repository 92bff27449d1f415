//! The checks of the LLVM dialect's aggregates, stack and memory operations: what MLIR's
//! LLVM conversions write for a memref's descriptor, `memref.alloca_scope`, `memref.copy`
//! and `memref.atomic_rmw`.

use super::*;

impl Verifier<'_> {
    pub(super) fn check_llvm_memory(&mut self, op: &Op) {
        use OpKind as K;
        let name = op.kind.name();
        // Only `llvm.alloca` takes an attribute: an `alignment` up to its type's.
        let alloca_elem = match &op.kind {
            K::LlvmAlloca { elem } => Some(elem),
            _ => None,
        };
        for (key, value) in op.attrs.0.iter() {
            let Some(elem) = alloca_elem.filter(|_| key == "alignment") else {
                self.error(
                    "verify.unsupported",
                    op.span,
                    format!("attribute `{key}` of `{name}` is not supported"),
                );
                continue;
            };
            let natural = elem.align();
            if !alignment(value.as_deref()).is_some_and(|a| a <= natural && a.is_power_of_two()) {
                self.error(
                    "verify.unsupported",
                    op.span,
                    format!("kiln's `llvm.alloca` of `{elem}` takes an alignment up to {natural} bytes (its type's), a power of two"),
                );
            }
        }
        match &op.kind {
            K::Undef => {
                let ty = self.ty(op.results[0]).clone();
                if !ty.is_llvm_value() {
                    self.error(
                        "verify.type-mismatch",
                        op.span,
                        format!("`{name}` makes a value of an LLVM type, not `{ty}`"),
                    );
                }
            }
            K::InsertValue { position } => {
                let container = self.ty(op.operands[0]).clone();
                let Type::Aggregate(agg) = &container else {
                    self.error(
                        "verify.type-mismatch",
                        at(op, 0),
                        format!("`{name}` writes into a struct or an array, not `{container}`"),
                    );
                    return;
                };
                match agg.at(position) {
                    Some(t) => {
                        let want = Type::of_llvm(t);
                        self.expect_type(op.operands[1], &want, at(op, 1), "inserted value");
                    }
                    None => self.error(
                        "verify.position",
                        op.span,
                        format!("position {position:?} is not inside `{container}`"),
                    ),
                }
            }
            // The builder types the result from the position.
            K::ExtractValue { .. } => {}
            K::LlvmAlloca { .. } => {
                let count = self.ty(op.operands[0]).clone();
                if !(count.is_integer() && count.is_llvm_value()) {
                    self.error(
                        "verify.type-mismatch",
                        at(op, 0),
                        format!("`{name}` counts its elements with an integer, not `{count}`"),
                    );
                }
                self.expect_result(op, &Type::Ptr, "`llvm.alloca`");
            }
            K::StackSave => self.expect_result(op, &Type::Ptr, "`llvm.intr.stacksave`"),
            K::StackRestore => {
                self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "saved stack pointer")
            }
            K::Memcpy { .. } => {
                self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "destination");
                self.expect_type(op.operands[1], &Type::Ptr, at(op, 1), "source");
                let len = self.ty(op.operands[2]).clone();
                if !(len.is_integer() && len.is_llvm_value()) {
                    self.error(
                        "verify.type-mismatch",
                        at(op, 2),
                        format!("`{name}` takes its length in bytes as an integer, not `{len}`"),
                    );
                }
            }
            K::UAddWithOverflow => {
                let t = self.ty(op.operands[0]).clone();
                self.expect_type(op.operands[1], &t, at(op, 1), "operand");
                let want = match t.scalar() {
                    Some(s) if s.is_integer() && s != Scalar::Index => {
                        Type::of_llvm(&LlvmType::Struct(vec![
                            LlvmType::Scalar(s),
                            LlvmType::Scalar(Scalar::I1),
                        ]))
                    }
                    _ => {
                        self.error(
                            "verify.type-mismatch",
                            at(op, 0),
                            format!("`{name}` adds integers, not `{t}`"),
                        );
                        return;
                    }
                };
                self.expect_result(op, &want, &format!("`{name}` of `{t}`"));
            }
            K::LlvmCmpxchg => {
                self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "address");
                let ty = self.ty(op.operands[1]).clone();
                self.expect_type(op.operands[2], &ty, at(op, 2), "new value");
                let fits = ty == Type::Ptr
                    || ty.scalar().is_some_and(|s| {
                        s.is_integer() && s != Scalar::Index && s.is_atomic_width()
                    });
                if !fits {
                    self.error(
                        "verify.type-mismatch",
                        at(op, 1),
                        format!("`{name}` compares an integer of 8, 16, 32 or 64 bits or a pointer, not `{ty}`"),
                    );
                }
            }
            K::LlvmAssume => self.expect_type(op.operands[0], &Type::I1, at(op, 0), "condition"),
            K::LlvmAtomicRmw { op: which } => {
                self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "address");
                let ty = self.ty(op.operands[1]).clone();
                let float = matches!(which.as_str(), "fadd" | "fsub" | "fmax" | "fmin");
                let fits = match ty.scalar() {
                    Some(s) if s.is_atomic_width() && s != Scalar::Index => {
                        s.is_float() == float || which == "xchg"
                    }
                    _ => which == "xchg" && ty == Type::Ptr,
                };
                if !fits {
                    let wanted = if float {
                        "a float"
                    } else if which == "xchg" {
                        "an integer, a float or a pointer"
                    } else {
                        "an integer"
                    };
                    self.error(
                        "verify.type-mismatch",
                        at(op, 1),
                        format!("`llvm.atomicrmw {which}` takes {wanted} of 8, 16, 32 or 64 bits, not `{ty}`"),
                    );
                }
                self.expect_result(op, &ty, "`llvm.atomicrmw`");
            }
            _ => {}
        }
    }
}
