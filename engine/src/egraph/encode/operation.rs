//! One operation of a verified function as its source e-node.

use super::*;

impl<S: Store> Encoder<'_, S> {
    /// Appends an operation's LLVM flags (`"nsw"`, `"fast"`) as its last operand when it
    /// has any and the rules declare it `flags`. Under rules that do not, the flags are
    /// dropped: the operation without them is defined wherever it is with them, so the
    /// lowering stays correct, only less optimizable.
    fn flags(&mut self, op: &kiln_frontend::ir::Op, name: &str, kids: &mut Vec<Id>) {
        // Most operations have no attributes, so no flags.
        if op.attrs.is_empty() {
            return;
        }
        let Some(flags) = op.flags() else { return };
        let declared = self
            .ops
            .get(crate::egraph::node::intern(name))
            .is_some_and(|d| d.flags);
        if declared {
            let leaf = Node::Str(crate::egraph::node::intern(&flags));
            kids.push(self.egraph.add(leaf));
        }
    }

    /// Encodes one operation; returns its class when it belongs to the skeleton.
    pub(super) fn operation(
        &mut self,
        op: &kiln_frontend::ir::Op,
        body: &kiln_frontend::ir::Body,
        state: Id,
        convention: Option<&str>,
    ) -> Option<Id> {
        let result_ty = op.results.first().map(|r| body.ty(*r).clone());
        let operands: Vec<Id> = op.operands.iter().map(|v| self.value(*v)).collect();
        let rty = |enc: &mut Self| match &result_ty {
            Some(t) => enc.ty(t),
            None => enc.atom("nil"),
        };
        // An LLVM-dialect spelling is encoded as the operation it means.
        let kind = op.kind.meaning();
        let mut name = kind.name().to_string();
        match (kind, convention) {
            (OpKind::Return, Some(c)) => name = format!("{name}.{c}"),
            (OpKind::Call { callee }, _) => {
                let types = op.operands.iter().chain(&op.results).map(|v| body.ty(*v));
                match self.conventions.of_callee(callee) {
                    Some(c) if crate::egraph::conventions::bare_ptr_passes(types) => {
                        name = format!("{name}.{c}");
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        let (id, skeleton) = match kind {
            OpKind::Constant(lit) | OpKind::LlvmConstant(lit) => {
                let t = rty(self);
                let scalar = result_ty.as_ref().and_then(Type::scalar);
                let l = match (lit, scalar) {
                    (Literal::Int(bits), Some(s)) => {
                        self.wide_int(kiln_frontend::ir::signed_value(*bits, s))
                    }
                    (Literal::Float(bits), Some(s)) => self
                        .egraph
                        .add(Node::Float(float_value(*bits, s).to_bits())),
                    (Literal::Int(bits), None) => self.int(bits.low() as i64),
                    (Literal::Float(bits), None) => self.egraph.add(Node::Float(*bits)),
                };
                name = "arith.constant".to_string();
                (self.op(&name, smallvec![t, l]), false)
            }
            // A memref cast may need memory (an unranked descriptor lives in stack memory),
            // so it keeps its place among the effects.
            OpKind::Cast(kiln_frontend::ops::CastOp::MemRefCast) => {
                let t = rty(self);
                (self.op(&name, smallvec![state, t, operands[0]]), true)
            }
            OpKind::Binary(_)
            | OpKind::Unary(_)
            | OpKind::Pure(_)
            | OpKind::Cast(_)
            | OpKind::Poison
            | OpKind::ExtractAlignedPointer
            | OpKind::Select => {
                let mut kids = vec![rty(self)];
                kids.extend(operands);
                self.flags(op, &name, &mut kids);
                (self.op(&name, kids), false)
            }
            // (func.constant T @NAME): pure, as a function's address never changes.
            OpKind::FuncConstant { callee } => {
                let t = rty(self);
                let f = self.egraph.add(Node::Func(Symbol::from(callee.as_str())));
                (self.op(&name, smallvec![t, f]), false)
            }
            // (func.call_indirect STATE CALLEE RESULT-TYPES ARGS), as a call.
            OpKind::CallIndirect => {
                let rtys: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
                let rtys = self.types(&rtys);
                let args = self.list(operands[1..].to_vec());
                (
                    self.op(&name, smallvec![state, operands[0], rtys, args]),
                    true,
                )
            }
            // (memref.alloca_scope STATE ptr): the saved stack pointer.
            OpKind::AllocaScope => {
                let t = rty(self);
                (self.op(&name, smallvec![state, t]), true)
            }
            // (memref.alloca_scope.return STATE SAVED); the scope's results are the values
            // its region returns, as they are.
            OpKind::AllocaScopeReturn => {
                let id = self.op(&name, smallvec![state, operands[0]]);
                self.origin(id, &name);
                for (r, v) in op.results.iter().zip(&operands[1..]) {
                    self.values[r.index()] = Some(*v);
                }
                return Some(id);
            }
            // The LLVM dialect's operations are the target's own: each is encoded as the
            // target operation it is, so no rule has to lower it. (llvm.addressof ptr T
            // @NAME), T the type the global holds (the module's, through the conventions).
            OpKind::AddressOf { global } => {
                let t = rty(self);
                let g = self.egraph.add(Node::Func(Symbol::from(global.as_str())));
                match self.conventions.llvm_func(global).cloned() {
                    // (llvm.addressof.func ptr (llvm.sig R PARAMS) @F) of an `llvm.func`.
                    Some(sig) => {
                        let sig = self.llvm_signature(&sig);
                        name = "llvm.addressof.func".to_string();
                        (self.op(&name, smallvec![t, sig, g]), false)
                    }
                    None => {
                        let held = match self.conventions.llvm_global(global) {
                            Some(held) => held.clone(),
                            None => kiln_frontend::llvm_types::LlvmType::Scalar(
                                kiln_frontend::types::Scalar::I8,
                            ),
                        };
                        let held = self.llvm_type(&held);
                        name = "llvm.addressof".to_string();
                        (self.op(&name, smallvec![t, held, g]), false)
                    }
                }
            }
            // The null pointer is address 0; a scalar zero is a constant 0.
            OpKind::Zero => {
                let t = rty(self);
                let zero = self.int(0);
                if result_ty == Some(Type::Ptr) {
                    let i64t = self.scalar(kiln_frontend::types::Scalar::I64);
                    let c = self.op("llvm.constant", smallvec![i64t, zero]);
                    name = "llvm.inttoptr".to_string();
                    (self.op(&name, smallvec![t, c]), false)
                } else {
                    name = "arith.constant".to_string();
                    (self.op(&name, smallvec![t, zero]), false)
                }
            }
            // (llvm.gep ptr ELEM BASE [INDICES]): a constant index is an `i32` constant (a
            // struct's field index must be one).
            OpKind::Gep { indices, elem, .. } => {
                let t = rty(self);
                let e = self.llvm_type(elem);
                let mut dynamic = operands[1..].iter().copied();
                let i32t = self.scalar(kiln_frontend::types::Scalar::I32);
                let mut ids = Vec::new();
                for i in indices {
                    ids.push(match i {
                        Some(k) => {
                            let k = self.int(i64::from(*k));
                            self.op("llvm.constant", smallvec![i32t, k])
                        }
                        None => dynamic.next().unwrap_or(i32t),
                    });
                }
                let list = self.list(ids);
                name = "llvm.gep".to_string();
                (self.op(&name, smallvec![t, e, operands[0], list]), false)
            }
            // (llvm.call STATE @F T ARGS), (llvm.call.void STATE @F ARGS), or for a variadic
            // callee (llvm.call.vararg STATE @F (llvm.sig R PARAMS) ARGS).
            OpKind::LlvmCall { callee, vararg } => {
                let f = self.egraph.add(Node::Func(Symbol::from(callee.as_str())));
                let args = self.list(operands);
                match (vararg, &result_ty) {
                    (Some(sig), _) => {
                        let sig = self.llvm_signature(sig);
                        if result_ty.is_some() {
                            name = "llvm.call.vararg".to_string();
                            let t = rty(self);
                            (self.op(&name, smallvec![state, f, t, sig, args]), true)
                        } else {
                            name = "llvm.call.vararg.void".to_string();
                            (self.op(&name, smallvec![state, f, sig, args]), true)
                        }
                    }
                    (None, Some(_)) => {
                        let t = rty(self);
                        (self.op(&name, smallvec![state, f, t, args]), true)
                    }
                    (None, None) => {
                        name = "llvm.call.void".to_string();
                        (self.op(&name, smallvec![state, f, args]), true)
                    }
                }
            }
            // (llvm.call.indirect STATE CALLEE T ARGS) or (llvm.call.indirect.void ...).
            OpKind::LlvmCallIndirect => {
                let args = self.list(operands[1..].to_vec());
                if result_ty.is_some() {
                    let t = rty(self);
                    name = "llvm.call.indirect".to_string();
                    (self.op(&name, smallvec![state, operands[0], t, args]), true)
                } else {
                    name = "llvm.call.indirect.void".to_string();
                    (self.op(&name, smallvec![state, operands[0], args]), true)
                }
            }
            // The LLVM dialect's aggregates and stack are the target's own operations.
            OpKind::Undef => {
                let t = rty(self);
                name = "llvm.undef".to_string();
                (self.op(&name, smallvec![t]), false)
            }
            // (llvm.insertvalue T AGGREGATE VALUE [INDEX...]), (llvm.extractvalue T
            // AGGREGATE [INDEX...]), T the result's type.
            OpKind::InsertValue { position } | OpKind::ExtractValue { position } => {
                let t = rty(self);
                let ids: Vec<Id> = position.iter().map(|i| self.int(*i as i64)).collect();
                let at = self.list(ids);
                let mut kids = smallvec![t];
                kids.extend(operands.iter().copied());
                kids.push(at);
                (self.op(&name, kids), false)
            }
            // (llvm.alloca STATE ptr ELEM COUNT): in order with the effects, so that an
            // allocation in a loop stays there and one in the entry block is a frame slot.
            OpKind::LlvmAlloca { elem } => {
                let t = rty(self);
                let e = self.llvm_type(elem);
                (self.op(&name, smallvec![state, t, e, operands[0]]), true)
            }
            OpKind::StackSave => {
                let t = rty(self);
                name = "llvm.stacksave".to_string();
                (self.op(&name, smallvec![state, t]), true)
            }
            OpKind::StackRestore => {
                name = "llvm.stackrestore".to_string();
                (self.op(&name, smallvec![state, operands[0]]), true)
            }
            // A call of LLVM's `llvm.memcpy.p0.p0.iN` (N the length's width) with its
            // volatility, and of `llvm.assume`: what the intrinsics are in LLVM IR.
            OpKind::Memcpy { volatile } => {
                let len = body.ty(op.operands[2]).to_string();
                let f = self.egraph.add(Node::Func(Symbol::from(
                    format!("llvm.memcpy.p0.p0.{len}").as_str(),
                )));
                let i1 = self.scalar(kiln_frontend::types::Scalar::I1);
                let v = self.int(i64::from(*volatile));
                let flag = self.op("llvm.constant", smallvec![i1, v]);
                let mut args = operands.clone();
                args.push(flag);
                let args = self.list(args);
                name = "llvm.call.void".to_string();
                (self.op(&name, smallvec![state, f, args]), true)
            }
            // (llvm.intr.uadd.with.overflow T A B), T the struct of the sum and the flag.
            OpKind::UAddWithOverflow => {
                let t = rty(self);
                (
                    self.op(&name, smallvec![t, operands[0], operands[1]]),
                    false,
                )
            }
            OpKind::LlvmAssume => {
                let f = self.egraph.add(Node::Func(Symbol::from("llvm.assume")));
                let args = self.list(operands);
                name = "llvm.call.void".to_string();
                (self.op(&name, smallvec![state, f, args]), true)
            }
            // (llvm.cmpxchg STATE T PTR EXPECTED NEW), T the struct it gives.
            OpKind::LlvmCmpxchg => {
                let t = rty(self);
                let mut kids = smallvec![state, t];
                kids.extend(operands.iter().copied());
                (self.op(&name, kids), true)
            }
            // (llvm.atomicrmw STATE T "OP" PTR VALUE)
            OpKind::LlvmAtomicRmw { op: which } => {
                let t = rty(self);
                let k = self
                    .egraph
                    .add(Node::Str(crate::egraph::node::intern(which)));
                (
                    self.op(&name, smallvec![state, t, k, operands[0], operands[1]]),
                    true,
                )
            }
            OpKind::LlvmLoad => {
                let t = rty(self);
                (self.op(&name, smallvec![state, t, operands[0]]), true)
            }
            OpKind::LlvmStore => (
                self.op(&name, smallvec![state, operands[0], operands[1]]),
                true,
            ),
            // (memref.get_global T @NAME): pure, as the global's address never changes.
            OpKind::GetGlobal { global } => {
                let t = rty(self);
                let g = self.egraph.add(Node::Func(Symbol::from(global.as_str())));
                (self.op(&name, smallvec![t, g]), false)
            }
            OpKind::CmpI(_) | OpKind::CmpF(_) => {
                let pred = predicate(kind);
                let t = rty(self);
                let s = self
                    .egraph
                    .add(Node::Str(crate::egraph::node::intern(pred)));
                let mut kids = vec![t, s];
                kids.extend(operands);
                self.flags(op, &name, &mut kids);
                (self.op(&name, kids), false)
            }
            OpKind::Dim | OpKind::Rank | OpKind::ExtractStridedMetadata => {
                let mut kids = vec![rty(self)];
                kids.extend(operands);
                (self.op(&name, kids), false)
            }
            // (memref.subview T SOURCE OFFSETS SIZES STRIDES): lists of `index` values, a
            // constant where the operation states the number.
            OpKind::Subview {
                offsets,
                sizes,
                strides,
            } => {
                let t = rty(self);
                let mut dynamic = operands[1..].iter().copied();
                let mut list = |enc: &mut Self, entries: &[Extent]| {
                    let ids = enc.index_entries(entries, &mut dynamic);
                    enc.list(ids)
                };
                let (o, s, st) = (list(self, offsets), list(self, sizes), list(self, strides));
                // A rank-reducing subview is the full view with its unit dimensions dropped:
                // (memref.drop_dims T VIEW KEPT), KEPT the view's dimensions the result keeps.
                let src = body.ty(op.operands[0]).memref().cloned();
                let reduced = match (&src, &result_ty) {
                    (Some(m), Some(Type::MemRef(r))) if r.rank() < m.rank() => {
                        let full = kiln_frontend::views::subview_type(m, offsets, sizes, strides);
                        let kept = kiln_frontend::views::kept_dims(&full, r);
                        kept.map(|k| (full, k))
                    }
                    _ => None,
                };
                match reduced {
                    Some((full, kept)) => {
                        let ft = self.ty(&Type::MemRef(std::sync::Arc::new(full)));
                        let view = self.op(&name, smallvec![ft, operands[0], o, s, st]);
                        let kept: Vec<Id> = kept.iter().map(|k| self.int(i64::from(*k))).collect();
                        let kept = self.list(kept);
                        (self.op("memref.drop_dims", smallvec![t, view, kept]), false)
                    }
                    None => (self.op(&name, smallvec![t, operands[0], o, s, st]), false),
                }
            }
            // (memref.expand_shape T SOURCE SIZES DIMS INNERS): result dimension k has size
            // SIZES[k] (a constant where the operation states it) and comes from source
            // dimension DIMS[k] (-1 for none: a rank-0 source), in which INNERS[k] lists the
            // sizes of the dimensions of its group inside it.
            OpKind::ExpandShape { groups, sizes } => {
                let t = rty(self);
                let size_ids = self.index_entries(sizes, &mut operands[1..].iter().copied());
                let mut dims = vec![-1i64; sizes.len()];
                let mut inners: Vec<Vec<Id>> = vec![Vec::new(); sizes.len()];
                for (d, group) in groups.iter().enumerate() {
                    for (j, k) in group.iter().enumerate() {
                        if let Some(slot) = dims.get_mut(*k as usize) {
                            *slot = d as i64;
                        }
                        if let Some(inner) = inners.get_mut(*k as usize) {
                            inner.extend(
                                group[j + 1..]
                                    .iter()
                                    .filter_map(|i| size_ids.get(*i as usize).copied()),
                            );
                        }
                    }
                }
                let dims: Vec<Id> = dims.into_iter().map(|d| self.int(d)).collect();
                let inners: Vec<Id> = inners.into_iter().map(|i| self.list(i)).collect();
                let (sizes, dims, inners) =
                    (self.list(size_ids), self.list(dims), self.list(inners));
                (
                    self.op(&name, smallvec![t, operands[0], sizes, dims, inners]),
                    false,
                )
            }
            // (memref.view T SOURCE SHIFT [SIZES...]): the dynamic sizes, one per `?`.
            OpKind::View => {
                let t = rty(self);
                let sizes = self.list(operands[2..].to_vec());
                (
                    self.op(&name, smallvec![t, operands[0], operands[1], sizes]),
                    false,
                )
            }
            // (memref.reshape T SOURCE SHAPE SIZES STRIDES): the result's sizes and natural
            // strides, constants of the type (kiln reshapes to static sizes).
            OpKind::Reshape => {
                let t = rty(self);
                self.reshape(op, body, state, &name, t, &operands)
            }
            // (memref.collapse_shape T SOURCE GROUPS STRIDES): result dimension g joins the
            // source dimensions GROUPS[g], and its stride is the least of the source's strides
            // STRIDES[g] (one where the source's type tells which).
            OpKind::CollapseShape { groups } => {
                let t = rty(self);
                let src = body.ty(op.operands[0]).memref().cloned();
                let mut lists = Vec::new();
                let mut strides = Vec::new();
                for g in groups {
                    let ds: Vec<Id> = g.iter().map(|d| self.int(i64::from(*d))).collect();
                    lists.push(self.list(ds));
                    let dims = src
                        .as_ref()
                        .map(|m| kiln_frontend::reshape::collapsed_stride_dims(m, g))
                        .unwrap_or_default();
                    let ds: Vec<Id> = dims.iter().map(|d| self.int(i64::from(*d))).collect();
                    strides.push(self.list(ds));
                }
                let (groups, strides) = (self.list(lists), self.list(strides));
                (
                    self.op(&name, smallvec![t, operands[0], groups, strides]),
                    false,
                )
            }
            // (memref.transpose T SOURCE PERMUTATION): for each result dimension, the source
            // dimension it is.
            OpKind::Transpose { permutation } => {
                let t = rty(self);
                let ids: Vec<Id> = permutation
                    .iter()
                    .map(|p| self.int(i64::from(*p)))
                    .collect();
                let perm = self.list(ids);
                (self.op(&name, smallvec![t, operands[0], perm]), false)
            }
            // (memref.reinterpret_cast T SOURCE OFFSET SIZES STRIDES): each entry an `index`
            // value, a constant where the result type states the number.
            OpKind::ReinterpretCast => {
                let t = rty(self);
                let mut dynamic = operands[1..].iter().copied();
                let (offset, sizes, strides) = match &result_ty {
                    Some(Type::MemRef(m)) => {
                        let (strides, offset) = m.strides_and_offset();
                        let offset = self.index_entries(&[offset], &mut dynamic)[0];
                        let sizes = self.index_entries(&m.shape, &mut dynamic);
                        let strides = self.index_entries(&strides, &mut dynamic);
                        (offset, self.list(sizes), self.list(strides))
                    }
                    _ => {
                        let nil = self.atom("nil");
                        (nil, nil, nil)
                    }
                };
                (
                    self.op(&name, smallvec![t, operands[0], offset, sizes, strides]),
                    false,
                )
            }
            OpKind::Call { callee } => {
                let f = self.egraph.add(Node::Func(Symbol::from(callee.as_str())));
                let rtys: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
                let rtys = self.types(&rtys);
                let args = self.list(operands);
                (self.op(&name, smallvec![state, f, rtys, args]), true)
            }
            // (`meaning` is never an `Llvm`.)
            OpKind::Generic { .. } | OpKind::Llvm(_) => {
                let s = self.egraph.add(Node::Str(Symbol::from(kind.name())));
                let rtys: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
                let rtys = self.types(&rtys);
                let args = self.list(operands);
                (self.op("generic", smallvec![state, s, rtys, args]), true)
            }
            OpKind::Load => {
                let t = rty(self);
                let idx = self.list(operands[1..].to_vec());
                (self.op(&name, smallvec![state, t, operands[0], idx]), true)
            }
            // (memref.generic_atomic_rmw STATE T MEMREF [INDICES...]): the region's argument.
            OpKind::GenericAtomicRmw => {
                let t = rty(self);
                let idx = self.list(operands[1..].to_vec());
                (self.op(&name, smallvec![state, t, operands[0], idx]), true)
            }
            // (memref.atomic_yield STATE T CURRENT NEW MEMREF [INDICES...]): the value before.
            OpKind::AtomicYield => {
                let t = rty(self);
                let idx = self.list(operands[3..].to_vec());
                (
                    self.op(
                        &name,
                        smallvec![state, t, operands[0], operands[1], operands[2], idx],
                    ),
                    true,
                )
            }
            // (memref.atomic_rmw STATE T "KIND" VALUE MEMREF [INDICES...]).
            OpKind::AtomicRmw { kind } => {
                let t = rty(self);
                let k = self
                    .egraph
                    .add(Node::Str(crate::egraph::node::intern(kind.name())));
                let idx = self.list(operands[2..].to_vec());
                (
                    self.op(&name, smallvec![state, t, k, operands[0], operands[1], idx]),
                    true,
                )
            }
            OpKind::Store => {
                let idx = self.list(operands[2..].to_vec());
                (
                    self.op(&name, smallvec![state, operands[0], operands[1], idx]),
                    true,
                )
            }
            OpKind::Alloc | OpKind::Alloca => {
                let t = rty(self);
                let sizes = self.list(operands);
                (self.op(&name, smallvec![state, t, sizes]), true)
            }
            OpKind::Dealloc => (self.op(&name, smallvec![state, operands[0]]), true),
            // (memref.realloc STATE T SOURCE): sizes are static (the verifier's limit).
            // Between static sizes (memref.realloc STATE T SOURCE); where either size is
            // dynamic (memref.realloc.dynamic STATE T SOURCE SIZE), the size given or the
            // result's.
            OpKind::Realloc => {
                let t = rty(self);
                let sizes = |t: &Type| t.memref().and_then(|m| m.shape.first().copied()).flatten();
                let from = sizes(body.ty(op.operands[0]));
                match (from, result_ty.as_ref().and_then(sizes), operands.get(1)) {
                    (Some(_), Some(_), None) => {
                        (self.op(&name, smallvec![state, t, operands[0]]), true)
                    }
                    (_, to, size) => {
                        let size = match size {
                            Some(s) => *s,
                            None => self.index_constant(to.unwrap_or(0)),
                        };
                        let kids = smallvec![state, t, operands[0], size];
                        // (Its results are set by this name: a slice need not declare the
                        // static form.)
                        name = "memref.realloc.dynamic".to_string();
                        (self.op(&name, kids), true)
                    }
                }
            }
            // (memref.assume_alignment STATE MEMREF ALIGNMENT)
            OpKind::AssumeAlignment { alignment } => {
                let a = self.egraph.add(Node::Int(*alignment as i64));
                (self.op(&name, smallvec![state, operands[0], a]), true)
            }
            // (cf.assert STATE COND "MESSAGE"), the message as written.
            OpKind::Assert { message } => {
                let m = self.egraph.add(Node::Str(Symbol::from(message.as_str())));
                (self.op(&name, smallvec![state, operands[0], m]), true)
            }
            // (memref.copy STATE SOURCE TARGET SOURCE-TYPE TARGET-TYPE): the types let a rule
            // match the layouts.
            OpKind::Copy => {
                let from = self.ty(body.ty(op.operands[0]));
                let to = self.ty(body.ty(op.operands[1]));
                (
                    self.op(&name, smallvec![state, operands[0], operands[1], from, to]),
                    true,
                )
            }
            OpKind::Return => {
                let vals = self.list(operands);
                (self.op(&name, smallvec![state, vals]), true)
            }
            // The LLVM dialect's own terminator, encoded as the target operation it is.
            OpKind::Unreachable => (self.op(&name, smallvec![state]), true),
            OpKind::Br => {
                let s = self.successor(&op.successors[0]);
                (self.op(&name, smallvec![state, s]), true)
            }
            OpKind::CondBr => {
                let t = self.successor(&op.successors[0]);
                let e = self.successor(&op.successors[1]);
                (self.op(&name, smallvec![state, operands[0], t, e]), true)
            }
            OpKind::Switch { cases } => {
                let flag_ty = self.ty(body.ty(op.operands[0]));
                let default = self.successor(&op.successors[0]);
                let mut cs = Vec::new();
                for (v, s) in cases.iter().zip(&op.successors[1..]) {
                    let v = self.wide_int(*v);
                    let s = self.successor(s);
                    cs.push(self.op("case", smallvec![v, s]));
                }
                let cs = self.list(cs);
                (
                    self.op(&name, smallvec![state, flag_ty, operands[0], default, cs]),
                    true,
                )
            }
        };
        self.origin(id, &name);
        self.set_results(&name, id, &op.results, body);
        skeleton.then_some(id)
    }
}

fn predicate(kind: &OpKind) -> &'static str {
    match kind {
        OpKind::CmpI(p) => p.name(),
        OpKind::CmpF(p) => p.name(),
        _ => "",
    }
}
