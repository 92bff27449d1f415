//! The LLVM dialect's aggregate and memory operations in their custom form: what MLIR's
//! LLVM conversions write for descriptors, stack slots and atomics.

use super::*;

impl Builder<'_> {
    /// The kind and operands of an `llvm.insertvalue`, `llvm.extractvalue`, `llvm.alloca`
    /// or `llvm.atomicrmw`.
    pub(super) fn llvm_memory_op(&mut self, body: &ast::OpBody) -> Option<(OpKind, Vec<ValueId>)> {
        use ast::OpBody as B;
        Some(match body {
            B::InsertValue(iv) => {
                let position = self.position(&iv.position)?;
                let ops = self.uses(&[iv.container.clone(), iv.value.clone()]);
                self.check_written_types(&ops[..1], std::slice::from_ref(&iv.ty));
                (OpKind::InsertValue { position }, ops)
            }
            B::ExtractValue(ev) => {
                let position = self.position(&ev.position)?;
                let ops = self.uses(std::slice::from_ref(&ev.container));
                self.check_written_types(&ops, std::slice::from_ref(&ev.ty));
                (OpKind::ExtractValue { position }, ops)
            }
            B::LlvmAlloca(a) => {
                if a.times.node != "x" {
                    self.error(
                        "parse.unexpected-token",
                        a.times.span,
                        format!("unexpected `{}`; `llvm.alloca` writes `x` between the count and the element type", a.times.node),
                    );
                    return None;
                }
                let elem = match crate::llvm_types::llvm_type(&a.elem) {
                    Ok(t) => t,
                    Err(e) => {
                        self.error("type.unknown", a.elem.span(), e);
                        return None;
                    }
                };
                let ops = self.typed_uses(
                    std::slice::from_ref(&a.count),
                    &a.ty.inputs,
                    a.ty.span,
                    |n, m| format!("`llvm.alloca` has {n} operand but its type lists {m} inputs"),
                );
                (
                    OpKind::LlvmAlloca {
                        elem: Arc::new(elem),
                    },
                    ops,
                )
            }
            B::LlvmAtomicRmw(a) => {
                let Some((_, llvm)) = crate::ops::LLVM_ATOMIC_OPS
                    .iter()
                    .find(|(w, _)| *w == a.op.node)
                else {
                    let words: Vec<&str> = crate::ops::LLVM_ATOMIC_OPS
                        .iter()
                        .map(|(w, _)| *w)
                        .collect();
                    self.error(
                        "parse.unexpected-token",
                        a.op.span,
                        format!(
                            "`{}` is not an operation of `llvm.atomicrmw` (one of {})",
                            a.op.node,
                            words.join(", ")
                        ),
                    );
                    return None;
                };
                self.orderings("llvm.atomicrmw", &[&a.ordering], &["acq_rel"])?;
                let ops = self.uses(&[a.ptr.clone(), a.value.clone()]);
                self.check_written_types(&ops, &[a.ptr_ty.clone(), a.ty.clone()]);
                (
                    OpKind::LlvmAtomicRmw {
                        op: (*llvm).to_string(),
                    },
                    ops,
                )
            }
            B::LlvmCmpxchg(c) => {
                self.orderings(
                    "llvm.cmpxchg",
                    &[&c.success, &c.failure],
                    &["acq_rel", "monotonic"],
                )?;
                let ops = self.uses(&[c.ptr.clone(), c.expected.clone(), c.value.clone()]);
                self.check_written_types(&ops, &[c.ptr_ty.clone(), c.ty.clone(), c.ty.clone()]);
                (OpKind::LlvmCmpxchg, ops)
            }
            _ => return None,
        })
    }

    /// Checks an atomic operation's memory orderings against the ones kiln lowers (those
    /// MLIR's memref lowering writes); a located error at the first that differs.
    fn orderings(&mut self, op: &str, written: &[&ast::Name], wanted: &[&str]) -> Option<()> {
        let Some((first, _)) = written
            .iter()
            .zip(wanted)
            .find(|(w, want)| w.node != **want)
        else {
            return Some(());
        };
        let span = first.span;
        let written: Vec<&str> = written.iter().map(|w| w.node.as_str()).collect();
        self.error(
            "verify.unsupported",
            span,
            format!(
                "kiln's `{op}` is `{}` (as MLIR's memref lowering writes it), not `{}`",
                wanted.join(" "),
                written.join(" ")
            ),
        );
        None
    }
}
