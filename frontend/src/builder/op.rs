//! One operation's kind and operands, from its custom or generic form.

use super::literal::has_nul;
use super::results::operand_refs;
use super::*;

impl Builder<'_> {
    pub(super) fn op(&mut self, op: &ast::Op, results: ThinVec<ValueId>) -> Option<Op> {
        use ast::OpBody as B;
        let attrs = self.attrs(&op.attrs);
        let mut successors = ThinVec::new();
        let written = op.name.node.as_str();
        // An LLVM-dialect spelling is built as the operation it means, then wrapped.
        let meaning = crate::ops::llvm_meaning(written);
        let name = meaning.unwrap_or(written);
        let (kind, operands) = match &op.body {
            B::Binary { lhs, rhs, .. } => (
                OpKind::Binary(BinaryOp::from_name(name)?),
                self.uses(&[lhs.clone(), rhs.clone()]),
            ),
            B::Unary { operand, .. } => (
                OpKind::Unary(UnaryOp::from_name(name)?),
                self.uses(std::slice::from_ref(operand)),
            ),
            B::Pure { operands, types } => {
                let p = PureOp::from_name(name)?;
                let ops = self.uses(operands);
                if ops.len() != p.arity() {
                    self.error(
                        "verify.operand-count",
                        op.span,
                        format!(
                            "`{name}` takes {} operand{}, found {}",
                            p.arity(),
                            if p.arity() == 1 { "" } else { "s" },
                            ops.len()
                        ),
                    );
                    return None;
                }
                // The written types of the operands: one type for all (`: T`), or the
                // base's and the exponent's (`math.fpowi`); the verifier checks the rest.
                match (p.shape(), types.as_slice()) {
                    (Shape::PowI, [t, u]) => {
                        self.check_written_types(&ops, &[t.clone(), u.clone()]);
                    }
                    (Shape::Same(_) | Shape::AddExtended | Shape::MulExtended, [t, ..]) => {
                        let all = vec![t.clone(); ops.len()];
                        self.check_written_types(&ops, &all);
                    }
                    _ => {}
                }
                (OpKind::Pure(p), ops)
            }
            B::Cast { operand, from, .. } => {
                let ops = self.uses(std::slice::from_ref(operand));
                self.check_written_types(&ops, std::slice::from_ref(from));
                (OpKind::Cast(CastOp::from_name(name)?), ops)
            }
            B::Cmp {
                predicate,
                lhs,
                rhs,
                ..
            } => {
                let is_f = name.ends_with('f');
                let kind = match (is_f, meaning.is_some()) {
                    (true, false) => CmpFPredicate::from_name(&predicate.node).map(OpKind::CmpF),
                    (true, true) => CmpFPredicate::ALL
                        .iter()
                        .find(|p| crate::ops::llvm_fcmp_keyword(**p) == predicate.node)
                        .map(|p| OpKind::CmpF(*p)),
                    (false, _) => CmpIPredicate::from_name(&predicate.node).map(OpKind::CmpI),
                };
                let Some(kind) = kind else {
                    let all: Vec<&str> = match (is_f, meaning.is_some()) {
                        (true, false) => CmpFPredicate::ALL.iter().map(|p| p.name()).collect(),
                        (true, true) => CmpFPredicate::ALL
                            .iter()
                            .map(|p| crate::ops::llvm_fcmp_keyword(*p))
                            .collect(),
                        (false, _) => CmpIPredicate::ALL.iter().map(|p| p.name()).collect(),
                    };
                    self.error(
                        "verify.invalid-predicate",
                        predicate.span,
                        format!(
                            "unknown predicate `{}` for `{written}`; expected one of {}",
                            predicate.node,
                            all.join(", ")
                        ),
                    );
                    return None;
                };
                (kind, self.uses(&[lhs.clone(), rhs.clone()]))
            }
            B::Select {
                cond,
                on_true,
                on_false,
                cond_ty,
                ..
            } => {
                let ops = self.uses(&[cond.clone(), on_true.clone(), on_false.clone()]);
                if let Some(t) = cond_ty {
                    self.check_written_types(&ops[..1], std::slice::from_ref(&**t));
                }
                (OpKind::Select, ops)
            }
            B::Constant { value, .. } => {
                // A constant whose type did not resolve was reported there; its literal
                // is not checked against the placeholder type.
                if results.first().is_some_and(|r| self.poisoned.contains(r)) {
                    return None;
                }
                let ty = results
                    .first()
                    .map(|r| self.values[r.index()].ty.clone())
                    .unwrap_or(ERROR_TYPE);
                (OpKind::Constant(self.literal(value, &ty)?), Vec::new())
            }
            B::FuncConstant { callee, .. } => (
                OpKind::FuncConstant {
                    callee: callee.node.clone(),
                },
                Vec::new(),
            ),
            B::CallIndirect { callee, args, ty } => {
                let mut ops = self.uses(std::slice::from_ref(callee));
                ops.extend(self.call_arguments(args, ty));
                (OpKind::CallIndirect, ops)
            }
            B::Call { callee, args, ty } => {
                let ops = self.call_arguments(args, ty);
                (
                    OpKind::Call {
                        callee: callee.node.clone(),
                    },
                    ops,
                )
            }
            B::Return { operands, types } => {
                if self.in_llvm_func && meaning.is_none() {
                    self.error(
                        "verify.return",
                        op.name.span,
                        format!("`{written}` ends a `func.func`; an `llvm.func`'s blocks end with `llvm.return`"),
                    );
                }
                let ops = self.uses(operands);
                self.check_written_types(&ops, types);
                if operands.len() != types.len() {
                    self.error(
                        "verify.type-mismatch",
                        op.span,
                        format!(
                            "return lists {} operands but {} types",
                            operands.len(),
                            types.len()
                        ),
                    );
                }
                (OpKind::Return, ops)
            }
            B::Unreachable => (OpKind::Unreachable, Vec::new()),
            B::Br { dest } => {
                successors.push(self.successor(dest));
                (OpKind::Br, Vec::new())
            }
            B::CondBr {
                cond,
                on_true,
                on_false,
            } => {
                let c = self.uses(std::slice::from_ref(cond));
                successors.push(self.successor(on_true));
                successors.push(self.successor(on_false));
                (OpKind::CondBr, c)
            }
            B::Switch {
                flag,
                ty,
                default,
                cases,
            } => {
                let f = self.uses(std::slice::from_ref(flag));
                self.check_written_types(&f, std::slice::from_ref(ty));
                successors.push(self.successor(default));
                let mut values = Vec::new();
                // MLIR 19 reads a case value as a 64-bit integer (up to 2^64 - 1, down to
                // -(2^63 - 1)) and cuts it to the flag's width (`255` and `-1` are one `i8`):
                // values are kept whole (2^64 - 1 is that, not -1, for an `i128` flag) and
                // compared at the flag's width, where LLVM refuses a case twice.
                let bits = match self.values.get(f[0].index()).map(|v| &v.ty) {
                    Some(Type::Scalar(s)) if s.is_integer() => s.bits(),
                    _ => 128,
                };
                let at_width = |n: i128| {
                    let shift = 128 - bits;
                    (n << shift) >> shift
                };
                for (v, s) in cases {
                    let fits = parse_wide_int(&v.node).and_then(|(neg, m)| {
                        let fits = if neg {
                            m < 1 << 63
                        } else {
                            m <= u128::from(u64::MAX)
                        };
                        fits.then(|| if neg { -(m as i128) } else { m as i128 })
                    });
                    match fits {
                        Some(n) => {
                            if values.iter().any(|w| at_width(*w) == at_width(n)) {
                                self.error(
                                    "verify.duplicate-case",
                                    v.span,
                                    format!("duplicate case value `{}`", v.node),
                                );
                            }
                            values.push(n)
                        }
                        None => self.error(
                            "verify.invalid-literal",
                            v.span,
                            format!("case value `{}` does not fit in 64 bits", v.node),
                        ),
                    }
                    successors.push(self.successor(s));
                }
                (OpKind::Switch { cases: values }, f)
            }
            B::Alloc { sizes, .. } => {
                let k = if name.ends_with("alloca") {
                    OpKind::Alloca
                } else {
                    OpKind::Alloc
                };
                (k, self.uses(sizes))
            }
            B::Dealloc { memref, .. } => {
                let kind = match name {
                    "llvm.intr.stackrestore" => OpKind::StackRestore,
                    _ => OpKind::Dealloc,
                };
                (kind, self.memref_use(memref, op))
            }
            B::Load {
                memref, indices, ..
            } => {
                let mut ops = self.memref_use(memref, op);
                ops.extend(self.uses(indices));
                (OpKind::Load, ops)
            }
            B::Store {
                value,
                memref,
                indices,
                ..
            } => {
                let mut ops = self.uses(std::slice::from_ref(value));
                ops.extend(self.memref_use(memref, op));
                ops.extend(self.uses(indices));
                (OpKind::Store, ops)
            }
            B::Dim { memref, index, .. } => {
                let mut ops = self.memref_use(memref, op);
                ops.extend(self.uses(std::slice::from_ref(index)));
                (OpKind::Dim, ops)
            }
            B::Rank { memref, .. } => (OpKind::Rank, self.memref_use(memref, op)),
            B::Poison { .. } => (OpKind::Poison, Vec::new()),
            B::GetGlobal { global, .. } => (
                OpKind::GetGlobal {
                    global: global.node.clone(),
                },
                Vec::new(),
            ),
            // A scope is built by `alloca_scope`; its return only ends one.
            B::AllocaScope(_) | B::GenericAtomicRmw(_) => return None,
            B::AtomicYield { .. } => {
                self.error(
                    "verify.region",
                    op.span,
                    "`memref.atomic_yield` ends the region of a `memref.generic_atomic_rmw`",
                );
                return None;
            }
            B::AllocaScopeReturn { .. } => {
                self.error(
                    "verify.region",
                    op.span,
                    "`memref.alloca_scope.return` ends the region of a `memref.alloca_scope`",
                );
                return None;
            }
            B::AddressOf { global, .. } => (
                OpKind::AddressOf {
                    global: global.node.clone(),
                },
                Vec::new(),
            ),
            B::Zero { .. } => {
                let kind = match name {
                    "llvm.mlir.undef" => OpKind::Undef,
                    "llvm.intr.stacksave" => OpKind::StackSave,
                    // `llvm.mlir.poison`, read as the `ub.poison` it means.
                    "ub.poison" => OpKind::Poison,
                    _ => OpKind::Zero,
                };
                (kind, Vec::new())
            }
            B::InsertValue(_)
            | B::ExtractValue(_)
            | B::LlvmAlloca(_)
            | B::LlvmAtomicRmw(_)
            | B::LlvmCmpxchg(_) => self.llvm_memory_op(&op.body)?,
            B::LlvmConstant(c) => {
                let (value, ty) = &**c;
                let literal = match &value.node {
                    ast::AttrValue::Int(t, _) => ast::Literal::Int(t.clone()),
                    ast::AttrValue::Float(t, _) => ast::Literal::Float(t.clone()),
                    ast::AttrValue::Bool(b) => ast::Literal::Bool(*b),
                    _ => {
                        self.error(
                            "verify.invalid-literal",
                            value.span,
                            "kiln reads an `llvm.mlir.constant` of an integer, a float or a boolean",
                        );
                        return None;
                    }
                };
                let rty = self.ty(ty);
                if !matches!(rty, Type::Scalar(s) if s != Scalar::Index) {
                    self.error(
                        "verify.type-mismatch",
                        ty.span(),
                        format!("`llvm.mlir.constant` makes an integer or a float, not `{rty}`"),
                    );
                    return None;
                }
                let lit =
                    resolve_literal(&Spanned::new(literal, value.span), &rty, &mut self.diags)?;
                (OpKind::LlvmConstant(lit), Vec::new())
            }
            B::Gep(g) => {
                if let Some(f) = g.flag.as_ref().filter(|f| f.node != "inbounds") {
                    self.error(
                        "parse.unexpected-token",
                        f.span,
                        format!(
                            "unexpected `{}`; expected `inbounds` or the base address",
                            f.node
                        ),
                    );
                    return None;
                }
                let mut refs = vec![g.base.clone()];
                let mut indices = ThinVec::new();
                for i in &g.indices {
                    match i {
                        ast::Mixed::Value(v) => {
                            refs.push(v.clone());
                            indices.push(None);
                        }
                        ast::Mixed::Static(n) => {
                            match parse_int(&n.node).and_then(|v| i32::try_from(v).ok()) {
                                Some(v) => indices.push(Some(v)),
                                None => {
                                    self.error(
                                        "verify.invalid-literal",
                                        n.span,
                                        format!("`{}` is not a 32-bit index", n.node),
                                    );
                                    return None;
                                }
                            }
                        }
                    }
                }
                let ops = self.typed_uses(&refs, &g.ty.inputs, g.ty.span, |n, m| {
                    format!("`llvm.getelementptr` has {n} operands but its type lists {m} inputs")
                });
                let elem = match crate::llvm_types::llvm_type(&g.elem) {
                    Ok(t) => t,
                    Err(e) => {
                        self.error("type.unknown", g.elem.span(), e);
                        return None;
                    }
                };
                (
                    OpKind::Gep {
                        inbounds: g.flag.is_some(),
                        indices,
                        elem: Arc::new(elem),
                    },
                    ops,
                )
            }
            B::LlvmCall(c) => {
                let vararg = match &c.vararg {
                    None => None,
                    Some(ast::Type::Dialect(d)) => match crate::llvm_types::parse_func(&d.node) {
                        Ok(f) => Some(Arc::new(f)),
                        Err(e) => {
                            self.error("type.unknown", d.span, format!("`{}`: {e}", d.node));
                            return None;
                        }
                    },
                    Some(t) => {
                        self.error(
                            "type.invalid",
                            t.span(),
                            "`vararg` takes the callee's type, `!llvm.func<R (P, ...)>`",
                        );
                        return None;
                    }
                };
                if let Some(a) = op
                    .attrs
                    .iter()
                    .find(|a| a.value.is_none() && a.key.node != "vararg")
                {
                    self.error(
                        "parse.unexpected-token",
                        a.key.span,
                        format!("unexpected `{}`; expected `vararg(...)` or `:`", a.key.node),
                    );
                    return None;
                }
                let ops = self.call_arguments(&c.args, &c.ty);
                (
                    OpKind::LlvmCall {
                        callee: c.callee.node.clone(),
                        vararg,
                    },
                    ops,
                )
            }
            B::LlvmCallIndirect(c) => {
                let mut ops = self.uses(std::slice::from_ref(&c.pointer));
                self.check_written_types(&ops, std::slice::from_ref(&c.pointer_ty));
                ops.extend(self.call_arguments(&c.args, &c.ty));
                (OpKind::LlvmCallIndirect, ops)
            }
            B::LlvmLoad(l) => {
                let ops = self.uses(std::slice::from_ref(&l.ptr));
                self.check_written_types(&ops, std::slice::from_ref(&l.ptr_ty));
                (OpKind::LlvmLoad, ops)
            }
            B::LlvmIntrinsic { operands, ty } => {
                let ops = self.uses(operands);
                let kind = match (BinaryOp::from_name(name), PureOp::from_name(name)) {
                    (Some(b), _) => OpKind::Binary(b),
                    (None, Some(p)) => OpKind::Pure(p),
                    _ => return None,
                };
                let arity = match &kind {
                    OpKind::Pure(p) => p.arity(),
                    _ => 2,
                };
                if ops.len() != arity || ty.inputs.len() != arity || ty.results.len() != 1 {
                    self.error(
                        "verify.operand-count",
                        op.span,
                        format!(
                            "`{written}` takes {arity} operand{} and gives one result",
                            if arity == 1 { "" } else { "s" }
                        ),
                    );
                    return None;
                }
                self.check_written_types(&ops, &ty.inputs);
                (kind, ops)
            }
            B::LlvmStore(st) => {
                let ops = self.uses(&[st.value.clone(), st.ptr.clone()]);
                self.check_written_types(&ops, &[st.ty.clone(), st.ptr_ty.clone()]);
                (OpKind::LlvmStore, ops)
            }
            B::AssumeAlignment {
                memref,
                alignment,
                ty,
            } => {
                let ops = self.uses(std::slice::from_ref(memref));
                self.check_written_types(&ops, std::slice::from_ref(ty));
                let Some(a) = parse_int(&alignment.node).and_then(|a| u64::try_from(a).ok()) else {
                    self.error(
                        "verify.invalid-literal",
                        alignment.span,
                        format!("`{}` is not an alignment", alignment.node),
                    );
                    return None;
                };
                (OpKind::AssumeAlignment { alignment: a }, ops)
            }
            B::Transpose(t) => {
                let ast::Transpose {
                    source,
                    dims,
                    order,
                    from,
                    ..
                } = &**t;
                let ops = self.uses(std::slice::from_ref(source));
                self.check_written_types(&ops, std::slice::from_ref(from));
                let mut permutation = Vec::new();
                for name in order {
                    match dims.iter().position(|d| d.node == name.node) {
                        Some(i) if !permutation.contains(&(i as u32)) => permutation.push(i as u32),
                        _ => {
                            self.error(
                                "verify.invalid-permutation",
                                name.span,
                                format!(
                                    "`{}` is not a dimension the permutation binds, or comes twice",
                                    name.node
                                ),
                            );
                            return None;
                        }
                    }
                }
                let distinct = dims
                    .iter()
                    .enumerate()
                    .all(|(i, d)| dims[..i].iter().all(|e| e.node != d.node));
                if !distinct || permutation.len() != dims.len() {
                    self.error(
                        "verify.invalid-permutation",
                        op.span,
                        "the permutation of `memref.transpose` must name each of its dimensions once on each side",
                    );
                    return None;
                }
                (OpKind::Transpose { permutation }, ops)
            }
            B::AlignedPointer { memref, ty, .. } => {
                let ops = self.uses(std::slice::from_ref(memref));
                self.check_written_types(&ops, std::slice::from_ref(ty));
                (OpKind::ExtractAlignedPointer, ops)
            }
            B::Assert { cond, message } => (
                OpKind::Assert {
                    message: message.node.clone(),
                },
                self.uses(std::slice::from_ref(cond)),
            ),
            B::Copy {
                source,
                target,
                from,
                to,
            } => {
                let ops = self.uses(&[source.clone(), target.clone()]);
                self.check_written_types(&ops, &[from.clone(), to.clone()]);
                (OpKind::Copy, ops)
            }
            B::Metadata { memref, .. } => {
                (OpKind::ExtractStridedMetadata, self.memref_use(memref, op))
            }
            B::Reshape(rs) => self.reshape(op, rs)?,
            B::Realloc(r) => {
                let mut ops = self.uses(std::slice::from_ref(&r.source));
                self.check_written_types(&ops, std::slice::from_ref(&r.from));
                ops.extend(self.uses(r.size.as_slice()));
                (OpKind::Realloc, ops)
            }
            B::AtomicRmw(a) => {
                let Some(kind) = crate::ops::AtomicKind::from_name(&a.kind.node) else {
                    self.error(
                        "verify.atomic",
                        a.kind.span,
                        format!("unknown `memref.atomic_rmw` operation `{}`", a.kind.node),
                    );
                    return None;
                };
                let mut ops = self.uses(&[a.value.clone(), a.memref.clone()]);
                self.check_written_types(&ops, &a.ty.inputs);
                ops.extend(self.uses(&a.indices));
                (OpKind::AtomicRmw { kind }, ops)
            }
            B::View(v) => {
                let mut ops = self.uses(std::slice::from_ref(&v.source));
                self.check_written_types(&ops, std::slice::from_ref(&v.from));
                ops.extend(self.uses(std::slice::from_ref(&v.shift)));
                ops.extend(self.uses(&v.sizes));
                (OpKind::View, ops)
            }
            B::ShapeReshape { source, shape, ty } => {
                let ops = self.uses(&[source.clone(), shape.clone()]);
                self.check_written_types(&ops, &ty.inputs);
                (OpKind::Reshape, ops)
            }
            B::Subview(sv) => {
                let mut ops = self.uses(std::slice::from_ref(&sv.source));
                self.check_written_types(&ops, std::slice::from_ref(&sv.from));
                let mut dynamic = Vec::new();
                let mut lists = Vec::new();
                for entries in [&sv.offsets, &sv.sizes, &sv.strides] {
                    let mut list = Vec::new();
                    for e in entries {
                        match e {
                            ast::Mixed::Value(v) => {
                                dynamic.push(v.clone());
                                list.push(None);
                            }
                            ast::Mixed::Static(n) => match parse_int(&n.node) {
                                Some(x) if x >= i64::MIN as i128 && x <= i64::MAX as i128 => {
                                    list.push(Some(x as i64))
                                }
                                _ => {
                                    self.error(
                                        "verify.invalid-literal",
                                        n.span,
                                        format!("`{}` does not fit in 64 bits", n.node),
                                    );
                                    return None;
                                }
                            },
                        }
                    }
                    lists.push(list);
                }
                ops.extend(self.uses(&dynamic));
                let strides = lists.pop().unwrap_or_default();
                let sizes = lists.pop().unwrap_or_default();
                let offsets = lists.pop().unwrap_or_default();
                (
                    OpKind::Subview {
                        offsets: offsets.into(),
                        sizes: sizes.into(),
                        strides: strides.into(),
                    },
                    ops,
                )
            }
            B::ReinterpretCast(r) => {
                let ast::ReinterpretCast {
                    source,
                    offset,
                    sizes,
                    strides,
                    keywords,
                    from,
                    to,
                } = &**r;
                let mut ops = self.uses(std::slice::from_ref(source));
                self.check_written_types(&ops, std::slice::from_ref(from));
                let to_ty = self.ty(to);
                let dynamic =
                    self.reinterpret_lists(&to_ty, to, offset, sizes, strides, keywords)?;
                ops.extend(self.uses(&dynamic));
                (OpKind::ReinterpretCast, ops)
            }
            B::Generic {
                operands,
                successors: succ,
                ty,
            } => {
                let ops = self.typed_uses(operands, &ty.inputs, ty.span, |n, m| {
                    format!("`\"{name}\"` has {n} operands but its type lists {m} inputs")
                });
                let kind = self.generic_kind(op, &attrs)?;
                // The generic form of a known op must have that op's shape, or later stages
                // would index operands that are not there.
                let arity: Option<(std::ops::RangeInclusive<usize>, usize)> = match &kind {
                    OpKind::Binary(_) | OpKind::CmpI(_) | OpKind::CmpF(_) | OpKind::Dim => {
                        Some((2..=2, 1))
                    }
                    OpKind::Unary(_) | OpKind::Cast(_) | OpKind::Rank => Some((1..=1, 1)),
                    OpKind::Select => Some((3..=3, 1)),
                    OpKind::Pure(p) => {
                        let outs = match p.shape() {
                            Shape::AddExtended | Shape::MulExtended => 2,
                            _ => 1,
                        };
                        Some((p.arity()..=p.arity(), outs))
                    }
                    OpKind::Return | OpKind::Br => Some((0..=usize::MAX, 0)),
                    OpKind::Dealloc | OpKind::Assert { .. } => Some((1..=1, 0)),
                    OpKind::Poison => Some((0..=0, 1)),
                    OpKind::Unreachable => Some((0..=0, 0)),
                    OpKind::ExtractAlignedPointer => Some((1..=1, 1)),
                    OpKind::AssumeAlignment { .. } | OpKind::LlvmAssume => Some((1..=1, 0)),
                    OpKind::Memcpy { .. } => Some((3..=3, 0)),
                    OpKind::UAddWithOverflow => Some((2..=2, 1)),
                    OpKind::Load => Some((1..=usize::MAX, 1)),
                    OpKind::Store => Some((2..=usize::MAX, 0)),
                    OpKind::FuncConstant { .. } => Some((0..=0, 1)),
                    // Any number of results: those of the callee's type.
                    OpKind::CallIndirect => Some((1..=usize::MAX, ty.results.len())),
                    _ => None,
                };
                if let Some((ins, outs)) = arity {
                    if !ins.contains(&operands.len())
                        || ty.results.len() != outs
                        || (kind == OpKind::Br && succ.len() != 1)
                    {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            format!("generic `\"{name}\"` does not have the operands, results or successors of `{name}`"),
                        );
                        return None;
                    }
                }
                for s in succ {
                    let block = self.block_ref(s);
                    successors.push(Successor {
                        block,
                        args: Vec::new(),
                        span: s.span,
                    });
                }
                if kind == OpKind::Br {
                    if let Some(s) = successors.first_mut() {
                        s.args = ops;
                        return Some(Op {
                            kind,
                            operands: Vec::new(),
                            operand_spans: ThinVec::new(),
                            results,
                            successors,
                            attrs: Attrs::default(),
                            span: op.span,
                        });
                    }
                }
                let attrs = if matches!(kind, OpKind::Generic { .. }) {
                    attrs
                } else {
                    self.generic_flags(op, &kind, &attrs)
                };
                return Some(Op {
                    kind,
                    operands: ops,
                    operand_spans: operands.iter().map(|o| o.span).collect(),
                    results,
                    successors,
                    attrs,
                    span: op.span,
                });
            }
        };
        let kind = match meaning {
            Some(_) => OpKind::Llvm(Box::new(kind)),
            None => kind,
        };
        self.check_flags(op, &kind);
        Some(Op {
            kind,
            operands,
            operand_spans: operand_refs(&op.body).iter().map(|r| r.span).collect(),
            results,
            successors,
            attrs,
            span: op.span,
        })
    }

    /// The memref operand of a memory op, whose written type must be the value's type.
    pub(super) fn memref_use(&mut self, memref: &ast::ValueRef, op: &ast::Op) -> Vec<ValueId> {
        let ops = self.uses(std::slice::from_ref(memref));
        use ast::OpBody as B;
        if let B::Dealloc { ty, .. }
        | B::Load { ty, .. }
        | B::Store { ty, .. }
        | B::Dim { ty, .. }
        | B::Rank { ty, .. } = &op.body
        {
            self.check_written_types(&ops, std::slice::from_ref(ty));
        }
        ops
    }

    /// Maps the generic form of a known operation onto its kind; unknown names stay generic.
    pub(super) fn generic_kind(&mut self, op: &ast::Op, attrs: &Attrs) -> Option<OpKind> {
        let name = op.name.node.as_str();
        // The LLVM dialect numbers its comparison predicates as arith does.
        if let Some(property) = crate::ops::generic_intrinsic_property(name) {
            if attrs.get(property) != Some("false") {
                self.error(
                    "verify.unsupported",
                    op.span,
                    format!("kiln reads `\"{name}\"` with `{property} = false`, as `convert-math-to-llvm` writes it (MLIR requires the property; `true` makes the result poison there)"),
                );
                return None;
            }
        }
        if let Some(meaning) = crate::ops::llvm_meaning(name) {
            return self
                .generic_kind_named(meaning, op, attrs)
                .map(|k| OpKind::Llvm(Box::new(k)));
        }
        self.generic_kind_named(name, op, attrs)
    }

    /// [`Builder::generic_kind`] of an operation read as `name`.
    pub(super) fn generic_kind_named(
        &mut self,
        name: &str,
        op: &ast::Op,
        attrs: &Attrs,
    ) -> Option<OpKind> {
        if let Some(b) = BinaryOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Binary(b));
        }
        if let Some(u) = UnaryOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Unary(u));
        }
        if let Some(c) = CastOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Cast(c));
        }
        if let Some(p) = PureOp::from_name(name) {
            return Some(OpKind::Pure(p));
        }
        let kind = match name {
            "arith.select" => OpKind::Select,
            "llvm.intr.assume" => OpKind::LlvmAssume,
            "llvm.intr.uadd.with.overflow" => OpKind::UAddWithOverflow,
            "llvm.intr.memcpy" => match attrs.get("isVolatile") {
                Some("false") => OpKind::Memcpy { volatile: false },
                Some("true") => OpKind::Memcpy { volatile: true },
                _ => {
                    self.error(
                        "parse.generic-form",
                        op.span,
                        "generic `llvm.intr.memcpy` needs the property `isVolatile = false` or `true`",
                    );
                    return None;
                }
            },
            "func.return" => OpKind::Return,
            "llvm.unreachable" => OpKind::Unreachable,
            "cf.br" => OpKind::Br,
            "memref.load" => OpKind::Load,
            "memref.store" => OpKind::Store,
            "memref.dim" => OpKind::Dim,
            "memref.rank" => OpKind::Rank,
            "memref.dealloc" => OpKind::Dealloc,
            "ub.poison" => OpKind::Poison,
            "memref.extract_aligned_pointer_as_index" => OpKind::ExtractAlignedPointer,
            "memref.assume_alignment" => {
                let a = attrs.get("alignment").unwrap_or("");
                match a.split(':').next().unwrap_or("").trim().parse::<u64>() {
                    Ok(alignment) => OpKind::AssumeAlignment { alignment },
                    Err(_) => {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            "generic `memref.assume_alignment` needs an `alignment = N : i32` attribute",
                        );
                        return None;
                    }
                }
            }
            "cf.assert" => match attrs.get("msg") {
                Some(m) if m.starts_with('"') && m.ends_with('"') && m.len() >= 2 => {
                    OpKind::Assert {
                        message: m[1..m.len() - 1].to_string(),
                    }
                }
                _ => {
                    self.error(
                        "parse.generic-form",
                        op.span,
                        "generic `cf.assert` needs a `msg = \"...\"` attribute",
                    );
                    return None;
                }
            },
            "func.call" => OpKind::Call {
                callee: self.symbol_attr(op, attrs, "func.call", "callee")?,
            },
            "func.call_indirect" => OpKind::CallIndirect,
            "func.constant" => OpKind::FuncConstant {
                callee: self.symbol_attr(op, attrs, "func.constant", "value")?,
            },
            "arith.cmpi" | "arith.cmpf" => {
                let p = attrs.get("predicate").unwrap_or("");
                let num = p.split(':').next().unwrap_or("").trim().parse::<i64>().ok();
                let k = if name == "arith.cmpi" {
                    num.and_then(CmpIPredicate::from_number).map(OpKind::CmpI)
                } else {
                    num.and_then(CmpFPredicate::from_number).map(OpKind::CmpF)
                };
                match k {
                    Some(k) => k,
                    None => {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            format!("generic `{name}` needs an integer `predicate` attribute"),
                        );
                        return None;
                    }
                }
            }
            "arith.constant"
            | "cf.cond_br"
            | "cf.switch"
            | "memref.alloc"
            | "memref.alloca"
            | "memref.cast"
            | "memref.extract_strided_metadata"
            | "memref.reinterpret_cast"
            | "memref.copy"
            | "memref.subview"
            | "memref.expand_shape"
            | "memref.collapse_shape"
            | "memref.view"
            | "memref.reshape"
            | "memref.atomic_rmw"
            | "memref.realloc"
            | "memref.get_global" => {
                self.error(
                    "parse.generic-form",
                    op.name.span,
                    format!("the generic form of `{name}` is not supported; write its custom form"),
                );
                return None;
            }
            // In kiln's own dialects every operation it knows was matched above, so anything
            // else there is a typo or unsupported.
            _ if crate::ops::unknown_op_message(name).is_some() => {
                let message = crate::ops::unknown_op_message(name).unwrap_or_default();
                self.error("parse.unknown-op", op.name.span, message);
                return None;
            }
            _ if has_nul(name) => {
                // MLIR refuses it too; kiln's printer would otherwise pass it on verbatim.
                self.error(
                    "parse.op-name",
                    op.name.span,
                    "a null character is not allowed in an operation name",
                );
                return None;
            }
            _ => OpKind::Generic {
                name: name.to_string(),
            },
        };
        Some(kind)
    }

    /// The function a generic `func.call` or `func.constant` names in its attribute `key`
    /// (`callee = @f`, without the `@`), or a located error that it names none.
    pub(super) fn symbol_attr(
        &mut self,
        op: &ast::Op,
        attrs: &Attrs,
        name: &str,
        key: &str,
    ) -> Option<String> {
        match attrs.get(key) {
            Some(c) if c.starts_with('@') => Some(c[1..].trim_matches('"').to_string()),
            _ => {
                self.error(
                    "parse.generic-form",
                    op.span,
                    format!("generic `{name}` needs a `{key} = @name` attribute"),
                );
                None
            }
        }
    }
}
