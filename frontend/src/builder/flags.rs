//! The LLVM flags of an operation (`overflow<nsw>`, `fastmath<fast>`), checked as MLIR 19
//! checks them.

use super::literal::render_attr;
use super::*;

impl Builder<'_> {
    /// Checks an operation's flag lists as MLIR 19 does: `overflow<...>` and `fastmath<...>`
    /// only where the operation takes that family, and only the family's words; in the
    /// LLVM dialect, `{fastmathFlags = #llvm.fastmath<...>}` where the operation reads it
    /// (elsewhere MLIR keeps it as any other attribute, and so does kiln).
    pub(super) fn check_flags(&mut self, op: &ast::Op, kind: &OpKind) {
        use crate::ops::FlagFamily;
        if op.attrs.is_empty() {
            return;
        }
        let family = kind.flag_family();
        let llvm = matches!(kind, OpKind::Llvm(_));
        let name = op.name.node.as_str();
        for a in &op.attrs {
            let Some(value) = &a.value else { continue };
            let (written, text) = match (a.key.node.as_str(), &value.node) {
                ("overflowFlags", ast::AttrValue::Enum(_, _)) => {
                    (FlagFamily::Overflow, render_attr(&value.node))
                }
                ("fastmath", ast::AttrValue::Enum(_, _)) => {
                    (FlagFamily::FastMath, render_attr(&value.node))
                }
                // The LLVM dialect's attribute form, read as the generic form's is.
                ("fastmathFlags", v) if llvm && family == Some(FlagFamily::FastMath) => {
                    if let Some(Err(message)) =
                        kind.flag_attribute("fastmathFlags", &render_attr(v))
                    {
                        self.error("verify.flags", value.span, message);
                    }
                    continue;
                }
                _ => continue,
            };
            // The LLVM dialect writes fast-math flags as an attribute, not a keyword list.
            if family != Some(written) || (llvm && written == FlagFamily::FastMath) {
                let takes = match written {
                    FlagFamily::Overflow => "`arith.addi`, `subi`, `muli` and `shli` and their LLVM-dialect spellings take them",
                    FlagFamily::FastMath if llvm => "the LLVM dialect writes them as `{fastmathFlags = #llvm.fastmath<...>}` on its float operations",
                    FlagFamily::FastMath => "the float operations of `arith` and `math` take them",
                };
                self.error(
                    "verify.flags",
                    a.key.span.to(value.span),
                    format!(
                        "`{name}` takes no `{}<...>` flags ({takes})",
                        written.keyword()
                    ),
                );
                continue;
            }
            if let Err(w) = written.canonical(FlagFamily::written(&text)) {
                self.error(
                    "verify.flags",
                    value.span,
                    format!(
                        "`{w}` is not a flag of `{}<...>`: MLIR takes {}",
                        written.keyword(),
                        written.accepted()
                    ),
                );
            }
        }
    }

    /// The flags of a known operation in generic form (`<{overflowFlags =
    /// #arith.overflow<nsw>}>`, `<{fastmath = #arith.fastmath<fast>}>`, `<{fastmathFlags =
    /// #llvm.fastmath<fast>}>`), kept as the custom form keeps them, the only attribute such
    /// an operation keeps; their words are checked as MLIR checks them.
    pub(super) fn generic_flags(&mut self, op: &ast::Op, kind: &OpKind, attrs: &Attrs) -> Attrs {
        let mut kept = Attrs::default();
        for (key, value) in attrs.0.iter() {
            let Some(value) = value else { continue };
            match kind.flag_attribute(key, value) {
                Some(Ok(attr)) => kept.0.push((attr.0, Some(attr.1))),
                Some(Err(message)) => self.error("verify.flags", op.span, message),
                None => {}
            }
        }
        kept
    }
}
