//! The types of an operation's results, and the values its custom form uses.

use super::*;
use crate::types::LlvmType;

impl<'a> Builder<'a> {
    /// Defines and binds the results of `op`, operation `k` of `block` (its position is
    /// fixed once every block is built); none when their count is wrong (the names are
    /// bound, poisoned, so their uses add no errors).
    pub(super) fn define_results(
        &mut self,
        op: &'a ast::Op,
        block: BlockId,
        k: usize,
    ) -> ThinVec<ValueId> {
        let before = self.type_errors;
        let result_types = self.result_types(op);
        let unresolved = self.type_errors > before;
        let written: u32 = op
            .results
            .iter()
            .map(|r| {
                r.count
                    .as_ref()
                    .map_or(1, |c| c.node.parse::<u32>().unwrap_or(0))
            })
            .sum();
        if written as usize != result_types.len() && !op.results.is_empty() {
            self.error(
                "verify.result-count",
                op.results[0]
                    .name
                    .span
                    .to(op.results.last().map_or(op.span, |r| r.name.span)),
                format!(
                    "`{}` produces {} result{} but {} {} named",
                    op.name.node,
                    result_types.len(),
                    if result_types.len() == 1 { "" } else { "s" },
                    written,
                    if written == 1 { "is" } else { "are" }
                ),
            );
            // Bind the names anyway so their uses do not cascade into more errors.
            for r in &op.results {
                let id = self.define(
                    &r.name,
                    None,
                    ERROR_TYPE,
                    ValueDef::OpResult {
                        block,
                        op: k as u32,
                        index: 0,
                    },
                );
                self.poisoned.insert(id);
                self.bind(&r.name, id, 1);
            }
            return ThinVec::new();
        }
        let mut ids_of_op = ThinVec::new();
        if op.results.is_empty() {
            // Unnamed results are legal MLIR; they get hidden names so the op keeps
            // its typed results.
            for (j, t) in result_types.iter().enumerate() {
                let hidden = Spanned::new(format!("_unnamed{}", self.values.len()), op.span);
                ids_of_op.push(self.define(
                    &hidden,
                    None,
                    t.clone(),
                    ValueDef::OpResult {
                        block,
                        op: k as u32,
                        index: j as u32,
                    },
                ));
            }
        }
        let mut next = 0usize;
        for r in &op.results {
            let count = r
                .count
                .as_ref()
                .map_or(1, |c| c.node.parse::<usize>().unwrap_or(0));
            if r.count
                .as_ref()
                .is_some_and(|c| c.node.parse::<usize>().map_or(true, |n| n == 0))
            {
                self.error(
                    "parse.invalid-name",
                    r.count.as_ref().map_or(r.name.span, |c| c.span),
                    "a result group must have a positive count",
                );
                continue;
            }
            let first = ValueId(self.values.len() as u32);
            let ids: Vec<ValueId> = (0..count)
                .map(|j| {
                    let index = r.count.as_ref().map(|_| j as u32);
                    self.define(
                        &r.name,
                        index,
                        result_types[next + j].clone(),
                        ValueDef::OpResult {
                            block,
                            op: k as u32,
                            index: (next + j) as u32,
                        },
                    )
                })
                .collect();
            next += count;
            if unresolved {
                self.poisoned.extend(ids.iter().copied());
            }
            ids_of_op.extend(ids.iter().copied());
            self.bind(&r.name, first, ids.len());
        }
        ids_of_op
    }

    /// The result types of an element-wise operation, from its shape and written type list.
    pub(super) fn pure_result_types(&mut self, op: &ast::Op, types: &[ast::Type]) -> Vec<Type> {
        let name = op.name.node.as_str();
        let Some(p) = PureOp::from_name(name) else {
            return vec![ERROR_TYPE];
        };
        let written: Vec<Type> = types.iter().map(|t| self.ty(t)).collect();
        let results = match (p.shape(), written.as_slice()) {
            (Shape::Same(_), [t]) => vec![t.clone()],
            (Shape::Index(_), []) => vec![Type::INDEX],
            (Shape::PowI, [t, _]) => vec![t.clone()],
            (Shape::AddExtended, [t, c]) => {
                if *c != Type::I1 {
                    self.type_errors += 1;
                    self.error(
                        "verify.type-mismatch",
                        types[1].span(),
                        format!("the overflow flag of `{name}` is `i1`, not `{c}`"),
                    );
                }
                vec![t.clone(), Type::I1]
            }
            (Shape::MulExtended, [t]) => vec![t.clone(), t.clone()],
            (shape, _) => {
                let want = match shape {
                    Shape::Same(_) | Shape::MulExtended => "one type, `: T`",
                    Shape::Index(_) => "no type list (every operand and result is `index`)",
                    Shape::PowI => "two types, `: T, U` (the base's and the exponent's)",
                    Shape::AddExtended => "two types, `: T, i1`",
                };
                // The results are poisoned (no follow-on errors at their uses).
                self.type_errors += 1;
                self.error(
                    "parse.type-list",
                    op.span,
                    format!("`{name}` is written with {want}"),
                );
                let n = match shape {
                    Shape::AddExtended | Shape::MulExtended => 2,
                    _ => 1,
                };
                return vec![ERROR_TYPE; n];
            }
        };
        results
    }

    /// Checks a `memref.reinterpret_cast`'s offset, sizes and strides against its result
    /// type (MLIR's rule: a number where the type has that number, a value where it has `?`)
    /// and returns the values, in order; `None` after an error.
    pub(super) fn reinterpret_lists(
        &mut self,
        to: &Type,
        written: &ast::Type,
        offset: &[ast::Mixed],
        sizes: &[ast::Mixed],
        strides: &[ast::Mixed],
        keywords: &(ast::Name, ast::Name),
    ) -> Option<Vec<ast::ValueRef>> {
        for (k, want) in [(&keywords.0, "sizes"), (&keywords.1, "strides")] {
            if k.node != want {
                self.error(
                    "parse.unexpected-token",
                    k.span,
                    format!("expected `{want}:`, found `{}`", k.node),
                );
                return None;
            }
        }
        let Type::MemRef(m) = to else {
            self.error(
                "verify.type-mismatch",
                written.span(),
                format!("`memref.reinterpret_cast` makes a ranked memref, not `{to}`"),
            );
            return None;
        };
        let (type_strides, type_offset) = m.strides_and_offset();
        let lists: [(&str, &[ast::Mixed], Vec<Extent>); 3] = [
            ("offset", offset, vec![type_offset]),
            ("sizes", sizes, m.shape.clone()),
            ("strides", strides, type_strides),
        ];
        let mut values = Vec::new();
        let mut ok = true;
        for (what, entries, want) in lists {
            if entries.len() != want.len() {
                self.error(
                    "verify.reinterpret-cast",
                    written.span(),
                    format!(
                        "`memref.reinterpret_cast` lists {} {what} for a result of rank {}",
                        entries.len(),
                        m.rank()
                    ),
                );
                ok = false;
                continue;
            }
            for (e, w) in entries.iter().zip(want) {
                match (e, w) {
                    (ast::Mixed::Value(v), None) => values.push(v.clone()),
                    (ast::Mixed::Static(n), Some(w)) if parse_int(&n.node) == Some(w as i128) => {}
                    (ast::Mixed::Value(v), Some(w)) => {
                        self.error(
                            "verify.reinterpret-cast",
                            v.span,
                            format!(
                                "the result type has {w} here, so it must be written as the number"
                            ),
                        );
                        ok = false;
                    }
                    (ast::Mixed::Static(n), w) => {
                        let expected = w.map_or("`?` (a value)".to_string(), |w| w.to_string());
                        self.error(
                            "verify.reinterpret-cast",
                            n.span,
                            format!(
                                "{} does not match the result type, which has {expected} here",
                                n.node
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        ok.then_some(values)
    }

    /// The values `refs` names, each checked against its written type in `types`; where
    /// the two lists differ in length, the error `mismatch(values, types)` at `span` instead.
    pub(super) fn typed_uses(
        &mut self,
        refs: &[ast::ValueRef],
        types: &[ast::Type],
        span: Span,
        mismatch: impl FnOnce(usize, usize) -> String,
    ) -> Vec<ValueId> {
        let ids = self.uses(refs);
        if refs.len() == types.len() {
            self.check_written_types(&ids, types);
        } else {
            self.error(
                "verify.type-mismatch",
                span,
                mismatch(refs.len(), types.len()),
            );
        }
        ids
    }

    /// A call's arguments, checked against the inputs its written type lists.
    pub(super) fn call_arguments(
        &mut self,
        args: &[ast::ValueRef],
        ty: &ast::FunctionType,
    ) -> Vec<ValueId> {
        self.typed_uses(args, &ty.inputs, ty.span, |n, m| {
            format!("call passes {n} operands but its type lists {m} inputs")
        })
    }

    /// The indices of an `llvm.insertvalue`'s or `llvm.extractvalue`'s position, or a
    /// located error at the first that is not one.
    pub(super) fn position(&mut self, names: &[ast::Name]) -> Option<ThinVec<u64>> {
        let position = parse_position(names);
        if position.is_none() {
            if let Some(n) = names
                .iter()
                .find(|n| parse_position(std::slice::from_ref(n)).is_none())
            {
                self.error(
                    "verify.invalid-literal",
                    n.span,
                    format!("`{}` is not an index of a position", n.node),
                );
            }
        }
        position
    }

    /// The type of what an `llvm.extractvalue` reads: the element at its position of the
    /// aggregate type written.
    fn element_type(&mut self, ev: &ast::ExtractValue) -> Type {
        let before = self.type_errors;
        let container = self.ty(&ev.ty);
        let Type::Aggregate(agg) = &container else {
            if self.type_errors == before {
                self.error(
                    "verify.type-mismatch",
                    ev.ty.span(),
                    format!("`llvm.extractvalue` reads a struct or an array, not `{container}`"),
                );
            }
            return ERROR_TYPE;
        };
        // A malformed index is reported where the operation is built.
        let Some(position) = parse_position(&ev.position) else {
            return ERROR_TYPE;
        };
        match agg.at(&position) {
            Some(t) => Type::of_llvm(t),
            None => {
                let span = match (ev.position.first(), ev.position.last()) {
                    (Some(a), Some(b)) => a.span.to(b.span),
                    _ => ev.ty.span(),
                };
                self.error(
                    "verify.position",
                    span,
                    format!("position {position:?} is not inside `{container}`"),
                );
                ERROR_TYPE
            }
        }
    }

    /// The result types an operation declares through its syntax.
    pub(super) fn result_types(&mut self, op: &ast::Op) -> Vec<Type> {
        use ast::OpBody as B;
        match &op.body {
            B::Binary { ty, .. } | B::Unary { ty, .. } | B::Select { ty, .. } => vec![self.ty(ty)],
            B::Cast { to, .. } => vec![self.ty(to)],
            B::Pure { types, .. } => self.pure_result_types(op, types),
            B::Cmp { .. } => vec![Type::I1],
            B::Constant { value, ty } => vec![match ty {
                Some(t) => self.ty(t),
                None => match value.node {
                    ast::Literal::Bool(_) => Type::I1,
                    ast::Literal::Int(_) => Type::Scalar(Scalar::I64),
                    ast::Literal::Float(_) => Type::Scalar(Scalar::F64),
                },
            }],
            B::Call { ty, .. } | B::CallIndirect { ty, .. } => self.types(&ty.results),
            B::FuncConstant { ty, .. } => {
                let inputs = self.types(&ty.inputs);
                let results = self.types(&ty.results);
                vec![Type::Function(Arc::new(FunctionType { inputs, results }))]
            }
            B::Alloc { ty, .. } => vec![self.ty(ty)],
            B::Load { ty, .. } => match self.ty(ty) {
                Type::MemRef(m) => vec![Type::Scalar(m.elem)],
                Type::UnrankedMemRef(e) => vec![Type::Scalar(e)],
                other => {
                    self.error(
                        "verify.type-mismatch",
                        ty.span(),
                        format!("`{}` needs a memref type, found `{other}`", op.name.node),
                    );
                    vec![ERROR_TYPE]
                }
            },
            B::Dim { .. } | B::Rank { .. } => vec![Type::INDEX],
            B::Metadata { results, .. } => self.types(results),
            B::Copy { .. } => Vec::new(),
            B::Poison { ty }
            | B::GetGlobal { ty, .. }
            | B::AddressOf { ty, .. }
            | B::Zero { ty } => vec![self.ty(ty)],
            B::LlvmConstant(c) => vec![self.ty(&c.1)],
            B::LlvmLoad(l) => vec![self.ty(&l.ty)],
            B::Gep(g) => self.types(&g.ty.results),
            B::InsertValue(iv) => vec![self.ty(&iv.ty)],
            B::ExtractValue(ev) => vec![self.element_type(ev)],
            B::LlvmAlloca(a) => self.types(&a.ty.results),
            B::LlvmAtomicRmw(a) => vec![self.ty(&a.ty)],
            // The struct of the value seen and whether the new one was stored.
            B::LlvmCmpxchg(c) => {
                let seen = self
                    .ty(&c.ty)
                    .llvm()
                    .unwrap_or(LlvmType::Scalar(Scalar::I64));
                vec![Type::of_llvm(&LlvmType::Struct(vec![
                    seen,
                    LlvmType::Scalar(Scalar::I1),
                ]))]
            }
            B::LlvmCall(c) => self.types(&c.ty.results),
            B::LlvmCallIndirect(c) => self.types(&c.ty.results),
            B::LlvmStore { .. } | B::AllocaScopeReturn { .. } | B::AtomicYield { .. } => Vec::new(),
            // The element's type; a memref's type that is none is the verifier's to report.
            B::GenericAtomicRmw(g) => {
                let t = self.ty(&g.ty);
                vec![t.element().map_or(ERROR_TYPE, Type::Scalar)]
            }
            B::LlvmIntrinsic { ty, .. } => self.types(&ty.results),
            B::AllocaScope(a) => self.types(&a.results),
            B::AlignedPointer { result, .. } => vec![self.ty(result)],
            B::Transpose(t) => vec![self.ty(&t.to)],
            B::ReinterpretCast(r) => vec![self.ty(&r.to)],
            B::Subview(s) => vec![self.ty(&s.to)],
            B::Reshape(r) => vec![self.ty(&r.to)],
            B::View(v) => vec![self.ty(&v.to)],
            B::AtomicRmw(a) => self.types(&a.ty.results),
            B::Realloc(r) => vec![self.ty(&r.to)],
            B::ShapeReshape { ty, .. } => self.types(&ty.results),
            B::Generic { ty, .. } => self.types(&ty.results),
            B::Store { .. }
            | B::Assert { .. }
            | B::AssumeAlignment { .. }
            | B::Dealloc { .. }
            | B::Return { .. }
            | B::Unreachable
            | B::Br { .. }
            | B::CondBr { .. }
            | B::Switch { .. } => Vec::new(),
        }
    }
}

/// The indices of a position as written (`[3, 0]`); `None` if one is not a number.
fn parse_position(names: &[ast::Name]) -> Option<ThinVec<u64>> {
    names
        .iter()
        .map(|n| parse_int(&n.node).and_then(|v| u64::try_from(v).ok()))
        .collect()
}

/// The operand uses of a custom-form op, in the order of the IR's operand list.
pub(super) fn operand_refs(body: &ast::OpBody) -> Vec<&ast::ValueRef> {
    use ast::OpBody as B;
    match body {
        B::Binary { lhs, rhs, .. } | B::Cmp { lhs, rhs, .. } => vec![lhs, rhs],
        B::Unary { operand, .. } | B::Cast { operand, .. } => vec![operand],
        B::Pure { operands, .. } => operands.iter().collect(),
        B::Select {
            cond,
            on_true,
            on_false,
            ..
        } => vec![cond, on_true, on_false],
        B::Constant { .. } | B::Br { .. } | B::FuncConstant { .. } | B::Unreachable => Vec::new(),
        B::Call { args, .. } => args.iter().collect(),
        B::CallIndirect { callee, args, .. } => std::iter::once(callee).chain(args).collect(),
        B::Return { operands, .. } | B::Generic { operands, .. } => operands.iter().collect(),
        B::CondBr { cond, .. } => vec![cond],
        B::Switch { flag, .. } => vec![flag],
        B::Alloc { sizes, .. } => sizes.iter().collect(),
        B::Dealloc { memref, .. } | B::Rank { memref, .. } => vec![memref],
        B::Assert { cond, .. } => vec![cond],
        B::Poison { .. }
        | B::GetGlobal { .. }
        | B::AddressOf { .. }
        | B::Zero { .. }
        | B::LlvmConstant(_) => Vec::new(),
        B::Gep(g) => std::iter::once(&g.base)
            .chain(g.indices.iter().filter_map(ast::Mixed::value))
            .collect(),
        B::InsertValue(iv) => vec![&iv.container, &iv.value],
        B::ExtractValue(ev) => vec![&ev.container],
        B::LlvmAlloca(a) => vec![&a.count],
        B::LlvmAtomicRmw(a) => vec![&a.ptr, &a.value],
        B::LlvmCmpxchg(c) => vec![&c.ptr, &c.expected, &c.value],
        B::LlvmCall(c) => c.args.iter().collect(),
        B::LlvmCallIndirect(c) => std::iter::once(&c.pointer).chain(&c.args).collect(),
        B::AllocaScope(_) => Vec::new(),
        B::AllocaScopeReturn { operands, .. } => operands.iter().collect(),
        B::GenericAtomicRmw(g) => std::iter::once(&g.memref).chain(&g.indices).collect(),
        B::AtomicYield { value, .. } => vec![value],
        B::LlvmLoad(l) => vec![&l.ptr],
        B::LlvmStore(st) => vec![&st.value, &st.ptr],
        B::LlvmIntrinsic { operands, .. } => operands.iter().collect(),
        B::AssumeAlignment { memref, .. } | B::AlignedPointer { memref, .. } => vec![memref],
        B::Transpose(t) => vec![&t.source],
        B::Load {
            memref, indices, ..
        } => std::iter::once(memref).chain(indices).collect(),
        B::Store {
            value,
            memref,
            indices,
            ..
        } => [value, memref].into_iter().chain(indices).collect(),
        B::Dim { memref, index, .. } => vec![memref, index],
        B::Metadata { memref, .. } => vec![memref],
        B::Copy { source, target, .. } => vec![source, target],
        B::Subview(s) => source_and_values(&s.source, [&s.offsets, &s.sizes, &s.strides]),
        B::Reshape(r) => {
            let sizes = r
                .output_shape
                .as_ref()
                .map_or(&[][..], |(_, s)| s.as_slice());
            source_and_values(&r.source, [sizes, &[], &[]])
        }
        B::ReinterpretCast(r) => source_and_values(&r.source, [&r.offset, &r.sizes, &r.strides]),
        B::View(v) => [&v.source, &v.shift].into_iter().chain(&v.sizes).collect(),
        B::ShapeReshape { source, shape, .. } => vec![source, shape],
        B::AtomicRmw(a) => [&a.value, &a.memref]
            .into_iter()
            .chain(&a.indices)
            .collect(),
        B::Realloc(r) => std::iter::once(&r.source).chain(&r.size).collect(),
    }
}

/// A view operation's source, then the values among its offsets, sizes and strides.
fn source_and_values<'a>(
    source: &'a ast::ValueRef,
    lists: [&'a [ast::Mixed]; 3],
) -> Vec<&'a ast::ValueRef> {
    std::iter::once(source)
        .chain(lists.into_iter().flatten().filter_map(ast::Mixed::value))
        .collect()
}
