//! One lowered instruction in LLVM IR.

use super::*;

impl<'ctx> Codegen<'ctx, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn inst(
        &mut self,
        func: FunctionValue<'ctx>,
        inst: &Inst,
        values: &HashMap<u32, BasicValueEnum<'ctx>>,
        phis: &[Vec<PhiValue<'ctx>>],
        blocks: &[BasicBlock<'ctx>],
        current: usize,
        edges: &mut Vec<Edge<'ctx>>,
    ) -> Result<Option<BasicValueEnum<'ctx>>, CodegenError> {
        let ops = &inst.operands;
        let bld = &self.builder;
        let v = |i: usize| self.value(&ops[i], values);
        // Past this check, every operand is where and what the signature says.
        if let Err(shape) = inst.check() {
            return self.unsupported(shape);
        }
        let op = inst.op;
        let out: BasicValueEnum<'ctx> = match op {
            Op::Arg => {
                let i = self.int(&ops[1])?;
                let n = u32::try_from(i).ok().filter(|n| *n < func.count_params());
                match n.and_then(|n| func.get_nth_param(n)) {
                    Some(p) => p,
                    None => return self.unsupported(format!("no parameter {i}")),
                }
            }
            Op::Blockarg => {
                let (b, i) = (self.int(&ops[1])? as usize, self.int(&ops[2])? as usize);
                match phis.get(b).and_then(|ps| ps.get(i)) {
                    Some(p) => p.as_basic_value(),
                    None => return self.unsupported(format!("block {b} has no parameter {i}")),
                }
            }
            Op::Constant => match (self.basic(&ops[0])?, &ops[1]) {
                (BasicTypeEnum::IntType(t), Operand::Int(i)) => t.const_int(*i as u64, true).into(),
                (BasicTypeEnum::IntType(t), wide @ Operand::Node(Op::Wide, _)) => {
                    match wide.as_wide_int() {
                        Some(n) => t
                            .const_int_arbitrary_precision(&[n as u64, (n >> 64) as u64])
                            .into(),
                        None => return self.unsupported(format!("literal `{}`", ops[1])),
                    }
                }
                (BasicTypeEnum::FloatType(t), Operand::Float(b)) => {
                    t.const_float(f64::from_bits(*b)).into()
                }
                (BasicTypeEnum::FloatType(t), Operand::Int(i)) => t.const_float(*i as f64).into(),
                _ => {
                    return self.unsupported(format!("constant `{}` of type `{}`", ops[1], ops[0]))
                }
            },
            Op::Undef => undef(self.basic(&ops[0])?),
            Op::Poison => poison(self.basic(&ops[0])?),
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Sdiv
            | Op::Udiv
            | Op::Srem
            | Op::Urem
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Shl
            | Op::Lshr
            | Op::Ashr => {
                let (a, c) = (self.int_value(v(1)?)?, self.int_value(v(2)?)?);
                self.same_type(&ops[0], &[a.get_type().into(), c.get_type().into()])?;
                let r = match op {
                    Op::Add => bld.build_int_add(a, c, ""),
                    Op::Sub => bld.build_int_sub(a, c, ""),
                    Op::Mul => bld.build_int_mul(a, c, ""),
                    Op::Sdiv => bld.build_int_signed_div(a, c, ""),
                    Op::Udiv => bld.build_int_unsigned_div(a, c, ""),
                    Op::Srem => bld.build_int_signed_rem(a, c, ""),
                    Op::Urem => bld.build_int_unsigned_rem(a, c, ""),
                    Op::And => bld.build_and(a, c, ""),
                    Op::Or => bld.build_or(a, c, ""),
                    Op::Xor => bld.build_xor(a, c, ""),
                    Op::Shl => bld.build_left_shift(a, c, ""),
                    Op::Lshr => bld.build_right_shift(a, c, false, ""),
                    _ => bld.build_right_shift(a, c, true, ""),
                };
                self.b(r)?.into()
            }
            Op::Fadd | Op::Fsub | Op::Fmul | Op::Fdiv | Op::Frem => {
                let (a, c) = (self.float_value(v(1)?)?, self.float_value(v(2)?)?);
                self.same_type(&ops[0], &[a.get_type().into(), c.get_type().into()])?;
                let r = match op {
                    Op::Fadd => bld.build_float_add(a, c, ""),
                    Op::Fsub => bld.build_float_sub(a, c, ""),
                    Op::Fmul => bld.build_float_mul(a, c, ""),
                    Op::Fdiv => bld.build_float_div(a, c, ""),
                    _ => bld.build_float_rem(a, c, ""),
                };
                self.b(r)?.into()
            }
            Op::Fneg => self
                .b(bld.build_float_neg(self.float_value(v(1)?)?, ""))?
                .into(),
            op if op.is_min_max() => {
                let t = self.basic(&ops[0])?;
                let args: [BasicMetadataValueEnum; 2] = [v(1)?.into(), v(2)?.into()];
                match self.call_intrinsic(op.name(), &[t], &args)? {
                    Some(x) => x,
                    None => return self.unsupported(format!("`{op}` returned no value")),
                }
            }
            Op::Intr => {
                let t = self.basic(&ops[0])?;
                let Operand::Str(name) = &ops[1] else {
                    return self.unsupported(format!("`{op}` names no intrinsic"));
                };
                let args = self.values_of(&ops[2], values)?;
                let spelled: Vec<String> = args.iter().map(|a| type_text(a.get_type())).collect();
                let result = type_text(t);
                let spelled: Vec<&str> = spelled.iter().map(String::as_str).collect();
                let overloads: Vec<BasicTypeEnum> =
                    kiln_lowered::intrinsic_overloads(&result, &spelled)
                        .into_iter()
                        .map(|name| {
                            if name == result {
                                t
                            } else {
                                let i = spelled.iter().position(|s| *s == name).unwrap_or(0);
                                args[i].get_type()
                            }
                        })
                        .collect();
                let args: Vec<BasicMetadataValueEnum> = args.iter().map(|x| (*x).into()).collect();
                match self.call_intrinsic(name, &overloads, &args)? {
                    Some(x) => x,
                    None => return self.unsupported(format!("`{name}` returned no value")),
                }
            }
            Op::Libm => {
                let t = self.basic(&ops[0])?;
                let Operand::Func(name) = &ops[1] else {
                    return self.unsupported(format!("`{op}` names no function"));
                };
                match self.call_function(Callee::Named(name), Some(t), &ops[2], values)? {
                    Some(x) => x,
                    None => return self.unsupported(format!("`@{name}` returned no value")),
                }
            }
            Op::Sext | Op::Zext | Op::Trunc => {
                let t = self.int_type(&ops[0])?;
                let x = self.int_value(v(1)?)?;
                let r = match op {
                    Op::Sext => bld.build_int_s_extend(x, t, ""),
                    Op::Zext => bld.build_int_z_extend(x, t, ""),
                    _ => bld.build_int_truncate(x, t, ""),
                };
                self.b(r)?.into()
            }
            Op::Sitofp | Op::Uitofp => {
                let t = self.float_type(&ops[0])?;
                let x = self.int_value(v(1)?)?;
                let r = if op == Op::Sitofp {
                    bld.build_signed_int_to_float(x, t, "")
                } else {
                    bld.build_unsigned_int_to_float(x, t, "")
                };
                self.b(r)?.into()
            }
            Op::Fptosi | Op::Fptoui => {
                let t = self.int_type(&ops[0])?;
                let x = self.float_value(v(1)?)?;
                let r = if op == Op::Fptosi {
                    bld.build_float_to_signed_int(x, t, "")
                } else {
                    bld.build_float_to_unsigned_int(x, t, "")
                };
                self.b(r)?.into()
            }
            Op::Fpext | Op::Fptrunc => {
                let t = self.float_type(&ops[0])?;
                let x = self.float_value(v(1)?)?;
                let r = if op == Op::Fpext {
                    bld.build_float_ext(x, t, "")
                } else {
                    bld.build_float_trunc(x, t, "")
                };
                self.b(r)?.into()
            }
            Op::Bitcast => {
                let t = self.basic(&ops[0])?;
                self.b(bld.build_bit_cast(v(1)?, t, ""))?
            }
            Op::Icmp => {
                let Some(p) = int_predicate(&ops[1]) else {
                    return self.unsupported(format!("unknown icmp predicate `{}`", ops[1]));
                };
                let r =
                    bld.build_int_compare(p, self.int_value(v(2)?)?, self.int_value(v(3)?)?, "");
                self.b(r)?.into()
            }
            Op::Fcmp => {
                let Some(p) = float_predicate(&ops[1]) else {
                    return self.unsupported(format!("unknown fcmp predicate `{}`", ops[1]));
                };
                let r = bld.build_float_compare(
                    p,
                    self.float_value(v(2)?)?,
                    self.float_value(v(3)?)?,
                    "",
                );
                self.b(r)?.into()
            }
            Op::Select => self.b(bld.build_select(self.int_value(v(1)?)?, v(2)?, v(3)?, ""))?,
            Op::Extractvalue => {
                let mut agg = v(1)?;
                for i in ops[2].as_list().unwrap_or_default() {
                    let i = self.index(i)?;
                    let a = aggregate(agg).ok_or_else(|| CodegenError::Unsupported {
                        function: self.function.clone(),
                        message: "extractvalue from a non-aggregate".to_string(),
                    })?;
                    agg = self.b(bld.build_extract_value(a, i, ""))?;
                }
                agg
            }
            Op::Insertvalue => {
                let idx: Vec<u32> = ops[3]
                    .as_list()
                    .unwrap_or_default()
                    .iter()
                    .map(|i| self.index(i))
                    .collect::<Result<_, _>>()?;
                let Some((_, path)) = idx.split_last() else {
                    return self.unsupported("insertvalue without an index");
                };
                let not_aggregate = || CodegenError::Unsupported {
                    function: self.function.clone(),
                    message: "insertvalue into a non-aggregate".to_string(),
                };
                // Nested indices: extract the inner aggregates along the path, insert at the
                // innermost one, and insert each rebuilt aggregate back into its parent.
                let mut outer = vec![v(1)?];
                for i in path {
                    let a = aggregate(outer[outer.len() - 1]).ok_or_else(not_aggregate)?;
                    outer.push(self.b(bld.build_extract_value(a, *i, ""))?);
                }
                let mut value = v(2)?;
                for (agg, i) in outer.iter().rev().zip(idx.iter().rev()) {
                    let a = aggregate(*agg).ok_or_else(not_aggregate)?;
                    value = self
                        .b(bld.build_insert_value(a, value, *i, ""))?
                        .as_basic_value_enum();
                }
                value
            }
            Op::Assert => {
                let [cond, Operand::Str(message)] = ops.as_slice() else {
                    return self.unsupported(format!("malformed `{op}`"));
                };
                self.assert(func, self.value(cond, values)?, message)?;
                return Ok(None);
            }
            Op::Call | Op::CallVoid | Op::CallIndirect | Op::CallIndirectVoid => {
                let (callee, ret, args) = match (op, ops.as_slice()) {
                    (Op::Call, [Operand::Func(f), ret, args]) => {
                        (Callee::Named(f), self.ty(ret)?, args)
                    }
                    (Op::CallVoid, [Operand::Func(f), args]) => (Callee::Named(f), None, args),
                    (Op::CallIndirect, [f, ret, args]) => {
                        let f = self.ptr_value(self.value(f, values)?)?;
                        (Callee::Address(f), self.ty(ret)?, args)
                    }
                    (Op::CallIndirectVoid, [f, args]) => (
                        Callee::Address(self.ptr_value(self.value(f, values)?)?),
                        None,
                        args,
                    ),
                    _ => return self.unsupported(format!("malformed `{op}`")),
                };
                match self.call_function(callee, ret, args, values)? {
                    Some(x) => x,
                    None => return Ok(None),
                }
            }
            Op::CallVararg | Op::CallVarargVoid => {
                let (name, sig, args) = match ops.as_slice() {
                    [Operand::Func(name), _, sig, args] | [Operand::Func(name), sig, args] => {
                        (name, sig, args)
                    }
                    _ => return self.unsupported(format!("malformed `{op}`")),
                };
                let Some((Op::Sig, [ret, params])) = sig.as_node() else {
                    return self.unsupported(format!("`{sig}` is not a lowered signature"));
                };
                let ret = self.ty(ret)?;
                let params: Vec<BasicMetadataTypeEnum> =
                    self.types(params)?.into_iter().map(Into::into).collect();
                let ty = match ret {
                    Some(r) => r.fn_type(&params, true),
                    None => self.ctx.void_type().fn_type(&params, true),
                };
                let f = match self.module.get_function(name) {
                    Some(f) => f,
                    None => self.module.add_function(name, ty, Some(Linkage::External)),
                };
                let vals = self.values_of(args, values)?;
                let args: Vec<BasicMetadataValueEnum> = vals.iter().map(|x| (*x).into()).collect();
                // Called through the function's type as the call states it: a declaration
                // of the same name another call made stays as it was.
                let ptr = f.as_global_value().as_pointer_value();
                let call = self.builder.build_indirect_call(ty, ptr, &args, "");
                match self.b(call)?.try_as_basic_value().basic() {
                    Some(x) => x,
                    None => return Ok(None),
                }
            }
            Op::AddressofFunc => {
                let Operand::Func(name) = &ops[2] else {
                    return self.unsupported(format!("`{op}` names no function"));
                };
                // A function this module does not define is declared with the signature
                // its type lowers to; linking checks that the definition agrees.
                let f = match self.module.get_function(name) {
                    Some(f) => f,
                    None => {
                        let ty = self.signature(&ops[1])?;
                        self.module.add_function(name, ty, Some(Linkage::External))
                    }
                };
                f.as_global_value().as_pointer_value().into()
            }
            Op::Gep => {
                let elem = self.basic(&ops[1])?;
                let base = self.ptr_value(v(2)?)?;
                let mut idx = Vec::new();
                for i in ops[3].as_list().unwrap_or_default() {
                    idx.push(self.int_value(self.value(i, values)?)?);
                }
                // SAFETY (of the LLVM instruction, not of Rust): a GEP only computes an
                // address; the rules guarantee it stays within the object they index.
                let r = unsafe { bld.build_gep(elem, base, &idx, "") };
                self.b(r)?.into()
            }
            // A value ordered after effects: no instruction, the value itself.
            Op::Seq => v(0)?,
            Op::Load | Op::LoadInvariant => {
                let t = self.basic(&ops[0])?;
                self.b(bld.build_load(t, self.ptr_value(v(1)?)?, ""))?
            }
            Op::Atomicrmw => {
                let Operand::Str(name) = &ops[1] else {
                    return self.unsupported(format!("`{op}` names no operation"));
                };
                let Some(rmw) = atomic_op(name) else {
                    return self
                        .unsupported(format!("`atomicrmw {name}` is not an LLVM operation"));
                };
                let ptr = self.ptr_value(v(2)?)?;
                let value = v(3)?;
                // inkwell's `build_atomicrmw` takes integers only; LLVM's C API takes any
                // type `atomicrmw` does (`fadd` and `fmax` on floats).
                // SAFETY: the builder is positioned in a block of this module, the pointer
                // and value belong to its context, and the result is an instruction of it.
                unsafe {
                    use inkwell::values::AsValueRef;
                    let r = inkwell::llvm_sys::core::LLVMBuildAtomicRMW(
                        bld.as_mut_ptr(),
                        rmw,
                        ptr.as_value_ref(),
                        value.as_value_ref(),
                        inkwell::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingAcquireRelease,
                        0,
                    );
                    BasicValueEnum::new(r)
                }
            }
            Op::Cmpxchg => {
                let ptr = self.ptr_value(v(1)?)?;
                let pair = self.b(bld.build_cmpxchg(
                    ptr,
                    v(2)?,
                    v(3)?,
                    inkwell::AtomicOrdering::AcquireRelease,
                    inkwell::AtomicOrdering::Monotonic,
                ))?;
                pair.as_basic_value_enum()
            }
            Op::AtomicLoop => {
                let ty = self.basic(&ops[0])?;
                let ptr = self.ptr_value(v(1)?)?;
                self.atomic_loop(func, ty, ptr)?
            }
            Op::AtomicCommit => {
                let ty = self.basic(&ops[0])?;
                let ptr = self.ptr_value(v(1)?)?;
                self.atomic_commit(func, ty, ptr, v(2)?, v(3)?)?
            }
            Op::AtomicUpdate => {
                let Operand::Str(name) = &ops[1] else {
                    return self.unsupported(format!("`{op}` names no operation"));
                };
                let ty = self.basic(&ops[0])?;
                let ptr = self.ptr_value(v(2)?)?;
                self.atomic_update(func, ty, name, ptr, v(3)?)?
            }
            Op::Store => {
                self.b(bld.build_store(self.ptr_value(v(1)?)?, v(0)?))?;
                return Ok(None);
            }
            Op::Alloca | Op::AllocaEntry => {
                let elem = self.basic(&ops[1])?;
                let count = self.int_value(v(2)?)?;
                if op == Op::AllocaEntry {
                    if !count.is_const() {
                        return self.unsupported(
                            "`llvm.alloca.entry` needs a count that is a constant: \
                             the entry block runs before any value of the body exists",
                        );
                    }
                    // The rules chose a slot of the frame: it goes to the entry block, where
                    // LLVM treats it as static (and a loop does not grow the stack).
                    let here = bld.get_insert_block();
                    if let Some(entry) = func.get_first_basic_block() {
                        match entry.get_first_instruction() {
                            Some(first) => bld.position_before(&first),
                            None => bld.position_at_end(entry),
                        }
                    }
                    let r = self.b(bld.build_array_alloca(elem, count, ""))?;
                    if let Some(h) = here {
                        bld.position_at_end(h);
                    }
                    r.into()
                } else {
                    self.b(bld.build_array_alloca(elem, count, ""))?.into()
                }
            }
            Op::Stacksave | Op::Stackrestore => {
                let ptr = self.ctx.ptr_type(AddressSpace::default());
                let args: Vec<BasicMetadataValueEnum> = if op == Op::Stackrestore {
                    vec![v(0)?.into()]
                } else {
                    Vec::new()
                };
                match self.call_intrinsic(op.name(), &[ptr.into()], &args)? {
                    Some(x) => x,
                    None => return Ok(None),
                }
            }
            Op::Ptrtoint => {
                let t = self.int_type(&ops[0])?;
                self.b(bld.build_ptr_to_int(self.ptr_value(v(1)?)?, t, ""))?
                    .into()
            }
            Op::Inttoptr => {
                let t = self.ptr_type(&ops[0])?;
                self.b(bld.build_int_to_ptr(self.int_value(v(1)?)?, t, ""))?
                    .into()
            }
            Op::Addressof => {
                let value_type = self.basic(&ops[1])?;
                let Operand::Func(name) = &ops[2] else {
                    return self.unsupported(format!("`{op}` names no global"));
                };
                // A global this module does not define is declared with the type the
                // function takes it at; linking checks that the definition agrees.
                let global = match self.module.get_global(name) {
                    Some(g) => g,
                    None => {
                        let g = self.module.add_global(value_type, None, name);
                        g.set_linkage(Linkage::External);
                        g
                    }
                };
                global.as_pointer_value().into()
            }
            Op::Return => {
                self.b(bld.build_return(Some(&v(0)?)))?;
                return Ok(None);
            }
            Op::ReturnVoid => {
                self.b(bld.build_return(None))?;
                return Ok(None);
            }
            Op::Unreachable => {
                self.b(bld.build_unreachable())?;
                return Ok(None);
            }
            Op::Br => {
                let mut seen = Vec::new();
                let t = self.edge(func, blocks, current, &ops[0], values, &mut seen, edges)?;
                self.b(self.builder.build_unconditional_branch(t))?;
                return Ok(None);
            }
            Op::CondBr => {
                let c = self.int_value(v(0)?)?;
                let mut seen = Vec::new();
                let t = self.edge(func, blocks, current, &ops[1], values, &mut seen, edges)?;
                let e = self.edge(func, blocks, current, &ops[2], values, &mut seen, edges)?;
                self.b(self.builder.build_conditional_branch(c, t, e))?;
                return Ok(None);
            }
            Op::Switch => {
                let t = self.int_type(&ops[0])?;
                let flag = self.int_value(v(1)?)?;
                let mut seen = Vec::new();
                let d = self.edge(func, blocks, current, &ops[2], values, &mut seen, edges)?;
                let mut cases = Vec::new();
                for c in ops[3].as_list().unwrap_or_default() {
                    let Some((Op::Case, [val, succ])) = c.as_node() else {
                        return self.unsupported(format!("`{c}` is not a switch case"));
                    };
                    let b = self.edge(func, blocks, current, succ, values, &mut seen, edges)?;
                    let Some(n) = val.as_wide_int() else {
                        return self.unsupported(format!("switch case `{val}`"));
                    };
                    let words = [n as u64, (n >> 64) as u64];
                    cases.push((t.const_int_arbitrary_precision(&words), b));
                }
                self.b(self.builder.build_switch(flag, d, &cases))?;
                return Ok(None);
            }
            other => {
                return self.unsupported(format!("the backend has no translation for `{other}`"))
            }
        };
        Ok(Some(out))
    }
}
