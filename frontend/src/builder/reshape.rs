//! `memref.expand_shape` and `memref.collapse_shape`: their reassociation and sizes.

use super::*;

impl Builder<'_> {
    /// `memref.expand_shape` (with `output_shape`) or `memref.collapse_shape` (without).
    pub(super) fn reshape(
        &mut self,
        op: &ast::Op,
        rs: &ast::Reshape,
    ) -> Option<(OpKind, Vec<ValueId>)> {
        let expand = op.name.node == "memref.expand_shape";
        if rs.into.node != "into" {
            self.error(
                "parse.unexpected-token",
                rs.into.span,
                format!("unexpected `{}`, expected `into`", rs.into.node),
            );
            return None;
        }
        let mut groups: ThinVec<ThinVec<u32>> = ThinVec::new();
        for g in &rs.groups {
            let mut group = ThinVec::new();
            for d in g {
                match d.node.parse::<u32>() {
                    Ok(d) => group.push(d),
                    Err(_) => {
                        self.error(
                            "verify.reshape",
                            d.span,
                            format!("`{}` is not a dimension", d.node),
                        );
                        return None;
                    }
                }
            }
            groups.push(group);
        }
        let mut ops = self.uses(std::slice::from_ref(&rs.source));
        self.check_written_types(&ops, std::slice::from_ref(&rs.from));
        match (&rs.output_shape, expand) {
            (Some((kw, entries)), true) if kw.node == "output_shape" => {
                let mut dynamic = Vec::new();
                let mut sizes = ThinVec::new();
                for e in entries {
                    match e {
                        ast::Mixed::Value(v) => {
                            dynamic.push(v.clone());
                            sizes.push(None);
                        }
                        ast::Mixed::Static(n) => match parse_int(&n.node) {
                            Some(x) if (0..=i64::MAX as i128).contains(&x) => {
                                sizes.push(Some(x as i64))
                            }
                            _ => {
                                self.error(
                                    "verify.invalid-literal",
                                    n.span,
                                    format!("`{}` is not a size", n.node),
                                );
                                return None;
                            }
                        },
                    }
                }
                ops.extend(self.uses(&dynamic));
                Some((OpKind::ExpandShape { groups, sizes }, ops))
            }
            (None, false) => Some((OpKind::CollapseShape { groups }, ops)),
            (Some((kw, _)), _) => {
                let msg = if expand {
                    format!("unexpected `{}`, expected `output_shape`", kw.node)
                } else {
                    "`memref.collapse_shape` takes no `output_shape`".to_string()
                };
                self.error("parse.unexpected-token", kw.span, msg);
                None
            }
            (None, true) => {
                self.error(
                    "verify.reshape",
                    op.span,
                    "`memref.expand_shape` needs its `output_shape [...]` (MLIR 19's form)",
                );
                None
            }
        }
    }
}
