//! The checks of views, reshapes, atomics, calls and casts, and of dominance.

use super::*;

impl Verifier<'_> {
    /// The dynamic offsets, sizes and strides of a view (every operand after the source) are
    /// `index` values.
    pub(super) fn expect_view_operands(&mut self, op: &Op) {
        for i in 1..op.operands.len() {
            self.expect_type(
                op.operands[i],
                &Type::INDEX,
                at(op, i),
                "offset, size or stride",
            );
        }
    }

    /// `memref.transpose`: a ranked source of the permutation's rank, and a result whose
    /// sizes and strides are the source's in the permuted order (a stride the source states
    /// may be written dynamic), at the source's offset.
    pub(super) fn check_transpose(&mut self, op: &Op, permutation: &[u32]) {
        let src = self.ty(op.operands[0]).clone();
        let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
            return;
        };
        let (Type::MemRef(m), Type::MemRef(r)) = (&src, &result) else {
            self.error(
                "verify.type-mismatch",
                op.span,
                format!("`memref.transpose` views a ranked memref as a ranked memref, not `{src}` as `{result}`"),
            );
            return;
        };
        if permutation.len() != m.rank() || r.rank() != m.rank() || r.elem != m.elem {
            self.error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`memref.transpose` of `{src}` by a permutation of {} dimensions cannot be `{result}`",
                    permutation.len()
                ),
            );
            return;
        }
        let (strides, offset) = m.strides_and_offset();
        let (r_strides, r_offset) = r.strides_and_offset();
        let fits = |want: Option<i64>, got: Option<i64>| got.is_none() || got == want;
        let ok = permutation.iter().enumerate().all(|(k, &p)| {
            let p = p as usize;
            m.shape[p] == r.shape[k] && fits(strides[p], r_strides[k])
        }) && fits(offset, r_offset);
        if !ok {
            let sizes: Vec<String> = permutation
                .iter()
                .map(|&p| m.shape[p as usize].map_or("?".to_string(), |n| n.to_string()))
                .collect();
            let want: Vec<String> = permutation
                .iter()
                .map(|&p| strides[p as usize].map_or("?".to_string(), |n| n.to_string()))
                .collect();
            self.error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`memref.transpose` of `{src}` is `memref<{}x{}, strided<[{}], offset: {}>>`, not `{result}`",
                    sizes.join("x"),
                    m.elem,
                    want.join(", "),
                    offset.map_or("?".to_string(), |n| n.to_string())
                ),
            );
        }
    }

    /// `memref.subview`: one offset, size and stride per dimension of a ranked source, and the
    /// result type MLIR infers ([`crate::views::subview_type`]), or that type with
    /// dimensions of size 1 dropped ([`crate::views::kept_dims`]).
    pub(super) fn check_subview(
        &mut self,
        op: &Op,
        offsets: &[Option<i64>],
        sizes: &[Option<i64>],
        steps: &[Option<i64>],
    ) {
        self.expect_view_operands(op);
        let src = self.ty(op.operands[0]).clone();
        let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
            return;
        };
        let Some(m) = self.ranked(op, 0) else {
            return;
        };
        let rank = m.rank();
        if [offsets.len(), sizes.len(), steps.len()] != [rank; 3] {
            self.error(
                "verify.subview",
                op.span,
                format!(
                    "`memref.subview` of a rank-{rank} memref takes {rank} offsets, sizes and strides, not {}, {} and {}",
                    offsets.len(),
                    sizes.len(),
                    steps.len()
                ),
            );
            return;
        }
        let inferred = crate::views::subview_type(&m, offsets, sizes, steps);
        let fits = match &result {
            Type::MemRef(r) if r.rank() < rank => crate::views::kept_dims(&inferred, r).is_some(),
            Type::MemRef(r) => crate::views::same_view(r, &inferred),
            _ => false,
        };
        if !fits {
            let inferred = Type::MemRef(std::sync::Arc::new(inferred));
            let rank_note = match &result {
                Type::MemRef(r) if r.rank() < rank => " with dimensions of size 1 dropped",
                _ => "",
            };
            self.error(
                "verify.subview",
                op.span,
                format!(
                    "this `memref.subview` of `{src}` is `{inferred}`{rank_note}, not `{result}`"
                ),
            );
        }
    }

    /// Operand `i`'s ranked memref type; otherwise reports that the operation needs one.
    pub(super) fn ranked(
        &mut self,
        op: &Op,
        i: usize,
    ) -> Option<std::sync::Arc<crate::types::MemRefType>> {
        match self.ty(op.operands[i]).clone() {
            Type::MemRef(m) => Some(m),
            t => {
                self.error(
                    "verify.type-mismatch",
                    op.span,
                    format!("`{}` needs a ranked memref, not `{t}`", op.kind.name()),
                );
                None
            }
        }
    }

    /// `memref.atomic_rmw`, beyond what it shares with `memref.store`: a result of the
    /// element type, which the operation takes (any for `assign`; no `i1`, which LLVM's
    /// atomics refuse).
    pub(super) fn check_atomic(
        &mut self,
        op: &Op,
        kind: crate::ops::AtomicKind,
        elem: crate::types::Scalar,
    ) {
        let m = self.ty(op.operands[1]).clone();
        if let Some(r) = op.results.first() {
            if self.ty(*r) != &Type::Scalar(elem) {
                let r = self.ty(*r).clone();
                self.error(
                    "verify.type-mismatch",
                    op.span,
                    format!("`memref.atomic_rmw` on `{m}` gives `{elem}`, not `{r}`"),
                );
            }
        }
        let class_fits = match kind.class() {
            _ if kind == crate::ops::AtomicKind::Assign => true,
            crate::ops::OperandClass::Float => elem.is_float(),
            crate::ops::OperandClass::Integer => elem.is_integer(),
        };
        if !class_fits || !elem.is_atomic_width() {
            let why = if class_fits {
                " (LLVM's atomic operations take 8, 16, 32 or 64 bits)"
            } else {
                ""
            };
            self.error(
                "verify.atomic",
                op.span,
                format!(
                    "`memref.atomic_rmw {}` does not apply to `{elem}` elements{why}",
                    kind.name()
                ),
            );
        }
    }

    /// An access to one element (`load`, `store`, `atomic_rmw`, a `generic_atomic_rmw`'s
    /// markers, named `name` in messages): the memref at operand `m_at` is ranked, with one
    /// index of type `index` per dimension after it. The memref's type, if ranked.
    pub(super) fn element_access(
        &mut self,
        op: &Op,
        m_at: usize,
        name: &str,
    ) -> Option<std::sync::Arc<crate::types::MemRefType>> {
        let m = self.ranked(op, m_at)?;
        let indices = &op.operands[m_at + 1..];
        if indices.len() != m.rank() {
            let mt = Type::MemRef(m.clone());
            self.error(
                "verify.index-count",
                op.span,
                format!(
                    "`{name}` on `{mt}` needs {} but has {}",
                    plural(m.rank(), "index"),
                    plural(indices.len(), "index")
                )
                .replace("indexs", "indices"),
            );
        }
        for (k, &i) in indices.iter().enumerate() {
            self.expect_type(i, &Type::INDEX, at(op, m_at + 1 + k), "index");
        }
        Some(m)
    }

    /// A `memref.generic_atomic_rmw`'s marker: an element access whose elements are of a
    /// width `cmpxchg` takes; each of `values` (the region's argument, the yielded value,
    /// the result) is of the element type.
    pub(super) fn check_generic_atomic(
        &mut self,
        op: &Op,
        m_at: usize,
        values: &[(ValueId, &str)],
    ) {
        let Some(m) = self.element_access(op, m_at, "memref.generic_atomic_rmw") else {
            return;
        };
        for &(v, what) in values {
            self.expect_type(v, &Type::Scalar(m.elem), op.span, what);
        }
        if op.kind == OpKind::GenericAtomicRmw && !m.elem.is_atomic_width() {
            self.error(
                "verify.atomic",
                op.span,
                format!(
                    "`memref.generic_atomic_rmw` does not apply to `{}` elements (LLVM's \
                     compare-and-swap takes 8, 16, 32 or 64 bits)",
                    m.elem
                ),
            );
        }
    }

    /// `memref.view` ([`crate::views::check_view`]).
    pub(super) fn check_view(&mut self, op: &Op) {
        for i in 1..op.operands.len() {
            self.expect_type(
                op.operands[i],
                &Type::INDEX,
                at(op, i),
                "byte shift or size",
            );
        }
        let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
            return;
        };
        let src = self.ty(op.operands[0]).clone();
        let dynamic = op.operands.len().saturating_sub(2);
        if let Err(e) = crate::views::check_view(&src, &result, dynamic) {
            self.error("verify.view", op.span, e);
        }
    }

    /// `memref.reshape` ([`crate::views::check_shape_reshape`]).
    pub(super) fn check_shape_reshape(&mut self, op: &Op) {
        let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
            return;
        };
        let (src, shape) = (
            self.ty(op.operands[0]).clone(),
            self.ty(op.operands[1]).clone(),
        );
        if let Err(e) = crate::views::check_shape_reshape(&src, &shape, &result) {
            self.error("verify.reshape", op.span, e);
        }
    }

    /// `memref.expand_shape` and `memref.collapse_shape`: a ranked source, and the result
    /// type `infer` gives for it ([`crate::reshape`]).
    pub(super) fn check_reshape(
        &mut self,
        op: &Op,
        infer: impl FnOnce(&crate::types::MemRefType) -> Result<crate::types::MemRefType, String>,
    ) {
        let name = op.kind.name();
        let src = self.ty(op.operands[0]).clone();
        let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
            return;
        };
        let Some(m) = self.ranked(op, 0) else {
            return;
        };
        let inferred = match infer(&m) {
            Ok(t) => t,
            Err(e) => {
                self.error("verify.reshape", op.span, format!("`{name}`: {e}"));
                return;
            }
        };
        let fits = match &result {
            Type::MemRef(r) => crate::views::same_view(r, &inferred),
            _ => false,
        };
        if !fits {
            let inferred = Type::MemRef(std::sync::Arc::new(inferred));
            self.error(
                "verify.reshape",
                op.span,
                format!("this `{name}` of `{src}` is `{inferred}`, not `{result}`"),
            );
        }
    }

    /// `memref.extract_strided_metadata %m`: a rank-0 memref of `%m`'s element type, then
    /// `index` for the offset, each size and each stride.
    pub(super) fn check_metadata(&mut self, op: &Op) {
        let Some(m) = self.ranked(op, 0) else {
            return;
        };
        let base = Type::MemRef(std::sync::Arc::new(crate::types::MemRefType {
            shape: Vec::new(),
            elem: m.elem,
            layout: Layout::Identity,
        }));
        let mut want = vec![base];
        want.extend(std::iter::repeat_n(Type::INDEX, 1 + 2 * m.rank()));
        let got: Vec<Type> = op.results.iter().map(|r| self.ty(*r).clone()).collect();
        if got != want {
            self.error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`memref.extract_strided_metadata` of `{}` gives {}, not {}",
                    Type::MemRef(m.clone()),
                    comma_list(&want),
                    comma_list(&got)
                ),
            );
        }
    }

    /// `func.constant @f`: `@f` is a function of this module, of the type the result states.
    pub(super) fn check_func_constant(&mut self, callee: &str, op: &Op) {
        if self.sigs.is_llvm_func(callee) {
            self.error(
                "verify.undefined-function",
                op.span,
                format!("`func.constant` of `@{callee}`, an `llvm.func`: its address is taken with `llvm.mlir.addressof`"),
            );
            return;
        }
        let Some(sig) = self.sigs.signature(callee).cloned() else {
            self.error(
                "verify.undefined-function",
                op.span,
                format!("`func.constant` of undefined function `@{callee}`"),
            );
            return;
        };
        let Some(r) = op.results.first() else { return };
        let want = Type::Function(std::sync::Arc::new(sig));
        let got = self.ty(*r).clone();
        if got != want {
            self.error(
                "verify.type-mismatch",
                op.span,
                format!("`func.constant` states `{got}`, but `@{callee}` has type `{want}`"),
            );
        }
    }

    /// `func.call_indirect %f(args)`: `%f` is a function, and the arguments and results are
    /// those of its type.
    pub(super) fn check_call_indirect(&mut self, op: &Op) {
        // The generic form may name no operand at all.
        let Some(&callee) = op.operands.first() else {
            self.error(
                "verify.operand-count",
                op.span,
                "`func.call_indirect` needs the function it calls as its first operand",
            );
            return;
        };
        let ft = match self.ty(callee) {
            Type::Function(ft) => ft.clone(),
            other => {
                let (name, other) = (self.name(callee), other.clone());
                self.error(
                    "verify.type-mismatch",
                    at(op, 0),
                    format!("`func.call_indirect` calls `{name}` of type `{other}`, which is no function"),
                );
                return;
            }
        };
        let args = &op.operands[1..];
        if args.len() != ft.inputs.len() {
            self.error(
                "verify.call-type",
                op.span,
                format!(
                    "`{}` takes {} but the call passes {}",
                    self.name(callee),
                    plural(ft.inputs.len(), "argument"),
                    args.len()
                ),
            );
            return;
        }
        for (k, (o, t)) in args.iter().zip(&ft.inputs).enumerate() {
            self.expect_type(*o, t, at(op, k + 1), "argument");
        }
        let results: Vec<Type> = op.results.iter().map(|r| self.ty(*r).clone()).collect();
        if results != ft.results {
            self.error(
                "verify.call-type",
                op.span,
                format!(
                    "the call expects results ({}) but the function returns ({})",
                    comma_list(&results),
                    comma_list(&ft.results)
                ),
            );
        }
    }

    pub(super) fn check_call(&mut self, callee: &str, op: &Op) {
        if self.sigs.is_llvm_func(callee) {
            self.error(
                "verify.undefined-function",
                op.span,
                format!("`func.call` of `@{callee}`, an `llvm.func`: it is called with `llvm.call` (`func.call` names a `func.func`, as in MLIR)"),
            );
            return;
        }
        let Some(sig) = self.sigs.signature(callee).cloned() else {
            self.error(
                "verify.undefined-function",
                op.span,
                format!("call to undefined function `@{callee}`"),
            );
            return;
        };
        if op.operands.len() != sig.inputs.len() {
            self.error(
                "verify.call-type",
                op.span,
                format!(
                    "`@{callee}` takes {} but the call passes {}",
                    plural(sig.inputs.len(), "argument"),
                    op.operands.len()
                ),
            );
            return;
        }
        for (k, (o, t)) in op.operands.iter().zip(&sig.inputs).enumerate() {
            let actual = self.ty(*o).clone();
            if &actual != t {
                let name = self.name(*o);
                self.error(
                    "verify.call-type",
                    at(op, k),
                    format!("argument {k} `{name}` of the call has type `{actual}`, but `@{callee}` expects `{t}`"),
                );
            }
        }
        let results: Vec<Type> = op.results.iter().map(|r| self.ty(*r).clone()).collect();
        if results != sig.results {
            self.error(
                "verify.call-type",
                op.span,
                format!(
                    "the call expects results ({}) but `@{callee}` returns ({})",
                    comma_list(&results),
                    comma_list(&sig.results)
                ),
            );
        }
    }

    pub(super) fn check_cast(&mut self, c: CastOp, from: ValueId, to: &Type, op: &Op) {
        use CastOp as C;
        let ft = self.ty(from).clone();
        let ok = match c {
            C::MemRefCast => match (&ft, to) {
                (Type::MemRef(a), Type::UnrankedMemRef(e)) => a.elem == *e,
                (Type::UnrankedMemRef(e), Type::MemRef(b)) => b.elem == *e,
                (Type::MemRef(a), Type::MemRef(b)) => same_shape(a, b),
                _ => false,
            },
            C::PtrToInt => {
                ft == Type::Ptr
                    && matches!(to, Type::Scalar(s) if s.is_integer() && *s != Scalar::Index)
            }
            C::IntToPtr => {
                *to == Type::Ptr
                    && matches!(ft, Type::Scalar(s) if s.is_integer() && s != Scalar::Index)
            }
            _ => {
                let (Some(f), Some(t)) = (ft.scalar(), to.scalar()) else {
                    self.error(
                        "verify.invalid-cast",
                        op.span,
                        format!("`{}` cannot convert `{ft}` to `{to}`", c.name()),
                    );
                    return;
                };
                let int = |s: Scalar| s.is_integer() && s != Scalar::Index;
                match c {
                    C::ExtSI | C::ExtUI => int(f) && int(t) && t.bits() > f.bits(),
                    C::TruncI => int(f) && int(t) && t.bits() < f.bits(),
                    C::SIToFP | C::UIToFP => int(f) && t.is_float(),
                    C::FPToSI | C::FPToUI => f.is_float() && int(t),
                    C::ExtF => f.is_float() && t.is_float() && t.bits() > f.bits(),
                    C::TruncF => f.is_float() && t.is_float() && t.bits() < f.bits(),
                    C::IndexCast | C::IndexCastUI => {
                        (f == Scalar::Index && int(t)) || (int(f) && t == Scalar::Index)
                    }
                    C::Bitcast => {
                        f != Scalar::Index && t != Scalar::Index && f.bits() == t.bits() && f != t
                    }
                    C::MemRefCast | C::PtrToInt | C::IntToPtr => unreachable!("handled above"),
                }
            }
        };
        if !ok {
            self.error(
                "verify.invalid-cast",
                op.span,
                format!("`{}` cannot convert `{ft}` to `{to}`", c.name()),
            );
        }
    }

    pub(super) fn check_dominance(&mut self) {
        let body = self.body;
        let dom = Dominators::compute(body);
        // Position of each op result: (block, op index).
        for (bi, block) in body.blocks.iter().enumerate() {
            let b = BlockId(bi as u32);
            if !dom.is_reachable(b) {
                continue;
            }
            for (oi, op) in block.ops.iter().enumerate() {
                let uses = op
                    .operands
                    .iter()
                    .chain(op.successors.iter().flat_map(|s| s.args.iter()));
                for &u in uses {
                    let value = body.value(u);
                    let ok = match value.def {
                        ValueDef::BlockArg { block, .. } => dom.dominates(block, b),
                        ValueDef::OpResult {
                            block, op: def_op, ..
                        } => {
                            if block == b {
                                (def_op as usize) < oi
                            } else {
                                dom.dominates(block, b)
                            }
                        }
                    };
                    if !ok {
                        let def_span = value.span;
                        self.diags.push(
                            Diagnostic::error(
                                "verify.dominance",
                                op.span,
                                format!("`{}` is used here but its definition does not dominate this use", value.name),
                            )
                            .with_label(def_span, "defined here"),
                        );
                    }
                }
            }
        }
    }
}
