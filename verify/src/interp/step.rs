//! One operation's effect on the interpreter's state: its values, or where control goes.

use super::*;

impl Interpreter<'_> {
    pub(super) fn step(
        &mut self,
        body: &Body,
        op: &Op,
        env: &[Option<V>],
        fuel: &mut u64,
        frame: usize,
    ) -> Result<Step, Trap> {
        // The flags the lowering gives the instruction: their promises are the program's.
        let flags = op
            .flags()
            .and_then(|f| kiln_engine::lowered::Flags::parse(&f))
            .unwrap_or_default();
        if flags.nnan() || flags.ninf() {
            let operands = op
                .operands
                .iter()
                .map(|v| env.get(v.index()).cloned().flatten())
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| Trap::Unsupported("an operand has no value".to_string()))?;
            fast_math_promise(flags, op.kind.name(), &operands)?;
            let step = self.step_kind(body, op, env, fuel, frame, flags)?;
            if let Step::Values(results) = &step {
                fast_math_promise(flags, op.kind.name(), results)?;
            }
            return Ok(step);
        }
        self.step_kind(body, op, env, fuel, frame, flags)
    }

    /// The operation's effect, its flags aside.
    #[allow(clippy::too_many_arguments)]
    fn step_kind(
        &mut self,
        body: &Body,
        op: &Op,
        env: &[Option<V>],
        fuel: &mut u64,
        frame: usize,
        flags: kiln_engine::lowered::Flags,
    ) -> Result<Step, Trap> {
        let val = |v: &kiln_frontend::ir::ValueId| -> Result<V, Trap> {
            env.get(v.index())
                .cloned()
                .flatten()
                .ok_or_else(|| Trap::Unsupported("an operand has no value".to_string()))
        };
        let get = |i: usize| -> Result<V, Trap> {
            match op.operands.get(i) {
                Some(v) => val(v),
                None => Err(Trap::Unsupported("a missing operand".to_string())),
            }
        };
        let rty = |i: usize| op.results.get(i).map(|r| body.ty(*r).clone());
        let rscalar = || rty(0).as_ref().and_then(scalar_of);
        let succ_args = |i: usize| -> Result<(usize, Vec<V>), Trap> {
            let s = &op.successors[i];
            let vals = s.args.iter().map(val).collect::<Result<Vec<_>, _>>()?;
            Ok((s.block.index(), vals))
        };
        let one = |v: V| Ok(Step::Values(vec![v]));
        match op.kind.meaning() {
            // The scope's stack memory is the interpreter's like any other; the saved
            // pointer is a token.
            // The saved "stack pointer" is the number of buffers made before the scope: the
            // scope's end releases the stack buffers made since, as the restore does.
            OpKind::AllocaScope => one(V::Int(64, self.buffers.len() as i128)),
            OpKind::AllocaScopeReturn => {
                let mark = get(0)?.index()?.max(0) as usize;
                let values = op.operands[1..]
                    .iter()
                    .map(val)
                    .collect::<Result<Vec<_>, _>>()?;
                for b in self.buffers.iter_mut().skip(mark) {
                    if b.frame == Some(frame) {
                        release(b);
                    }
                }
                Ok(Step::Values(values))
            }
            // A call of an `llvm.func` the module defines runs it; the C library's and other
            // objects' functions are beyond the interpreter.
            OpKind::LlvmCall { callee, vararg: None }
                if self.module.function(callee).is_some_and(|g| g.body.is_some()) =>
            {
                let args = (0..op.operands.len())
                    .map(get)
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Step::Values(self.call_named(callee, args, fuel)?))
            }
            OpKind::AddressOf { .. }
            | OpKind::Zero
            | OpKind::Gep { .. }
            | OpKind::LlvmCall { .. }
            | OpKind::LlvmCallIndirect
            | OpKind::LlvmLoad
            | OpKind::LlvmStore => Err(Trap::Unsupported(format!(
                "addresses (`{}`: kiln interp does not run the LLVM dialect's operations)",
                op.kind.name()
            ))),
            OpKind::Undef
            | OpKind::InsertValue { .. }
            | OpKind::ExtractValue { .. }
            | OpKind::LlvmAlloca { .. }
            | OpKind::StackSave
            | OpKind::StackRestore
            | OpKind::Memcpy { .. }
            | OpKind::LlvmAssume
            | OpKind::LlvmCmpxchg
            | OpKind::UAddWithOverflow
            | OpKind::LlvmAtomicRmw { .. } => Err(Trap::Unsupported(format!(
                "the LLVM dialect's aggregates and memory (`{}`: kiln interp runs its arithmetic, branches and calls of `llvm.func`s)",
                op.kind.name()
            ))),
            OpKind::Constant(lit) | OpKind::LlvmConstant(lit) => {
                let s = rscalar().ok_or_else(|| Trap::Unsupported("a constant".to_string()))?;
                match (lit, s.is_float()) {
                    (Literal::Int(bits), false) => {
                        one(V::Int(s.bits(), sext(s.bits(), bits.get() as i128)))
                    }
                    (Literal::Float(bits), true) => one(V::from_raw(s, u128::from(*bits))?),
                    (Literal::Int(bits), true) => one(float_v(s, bits.low() as i64 as f64)?),
                    (Literal::Float(bits), false) => {
                        one(V::Int(s.bits(), i128::from(*bits as i64)))
                    }
                }
            }
            OpKind::Binary(b) => {
                let s = rscalar().ok_or_else(|| Trap::Unsupported("a binary op".to_string()))?;
                one(binary(*b, s, &get(0)?, &get(1)?, flags.nsw(), flags.nuw())?)
            }
            OpKind::Pure(p) => {
                let s = rscalar().ok_or_else(|| Trap::Unsupported(p.name().to_string()))?;
                let args = (0..op.operands.len())
                    .map(get)
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Step::Values(elementwise::eval(*p, s, &args)?))
            }
            OpKind::Unary(UnaryOp::NegF) => {
                let s = rscalar().ok_or_else(|| Trap::Unsupported("negf".to_string()))?;
                one(match get(0)? {
                    V::F32(x) => V::F32(-x),
                    V::F64(x) => V::F64(-x),
                    _ => float_v(s, -get(0)?.float()?)?,
                })
            }
            OpKind::Cast(CastOp::MemRefCast) => {
                let mut v = get(0)?.view()?.clone();
                if let Some(Type::MemRef(m)) = rty(0) {
                    if m.rank() != v.sizes.len() {
                        return undefined(format!(
                            "a rank-{} memref cast to rank {}",
                            v.sizes.len(),
                            m.rank()
                        ));
                    }
                    for (d, (want, got)) in m.shape.iter().zip(&v.sizes).enumerate() {
                        if want.is_some_and(|w| w != *got) {
                            return undefined(format!(
                                "dimension {d} is {got}, the cast's type says {}",
                                want.unwrap_or_default()
                            ));
                        }
                    }
                    let (strides, offset) = m.strides_and_offset();
                    if offset.is_some_and(|o| o != v.offset)
                        || strides
                            .iter()
                            .zip(&v.strides)
                            .zip(&v.sizes)
                            .any(|((w, g), s)| w.is_some_and(|w| w != *g) && *s != 1)
                    {
                        return undefined("the cast's layout does not match the memref");
                    }
                }
                v.elem = match rty(0) {
                    Some(Type::MemRef(m)) => m.elem,
                    Some(Type::UnrankedMemRef(e)) => e,
                    _ => v.elem,
                };
                one(V::Mem(v))
            }
            OpKind::Cast(c) => {
                let to = rscalar().ok_or_else(|| Trap::Unsupported("a cast".to_string()))?;
                one(cast(*c, &get(0)?, to)?)
            }
            OpKind::CmpI(p) => {
                let (w, x) = get(0)?.int()?;
                let (_, y) = get(1)?.int()?;
                one(V::Int(1, -i128::from(cmpi(*p, w, x, y))))
            }
            OpKind::CmpF(p) => one(V::Int(
                1,
                -i128::from(cmpf(*p, get(0)?.float()?, get(1)?.float()?)),
            )),
            OpKind::Select => {
                let (_, c) = get(0)?.int()?;
                one(if c & 1 == 1 { get(1)? } else { get(2)? })
            }
            OpKind::Call { callee } => {
                let args = (0..op.operands.len())
                    .map(get)
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Step::Values(self.call_named(callee, args, fuel)?))
            }
            OpKind::FuncConstant { callee } => one(V::Func(callee.as_str().into())),
            OpKind::CallIndirect => {
                let callee = match get(0)? {
                    V::Func(f) => f,
                    V::Poison => return poison_used(),
                    _ => {
                        return Err(Trap::Unsupported(
                            "a called value holds no function".to_string(),
                        ))
                    }
                };
                let args = (1..op.operands.len())
                    .map(get)
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Step::Values(self.call_named(&callee, args, fuel)?))
            }
            OpKind::Generic { name } => Err(Trap::Unsupported(format!(
                "the operation `{name}` (kiln compiles it as a call to a C function)"
            ))),
            // `meaning` is never one.
            OpKind::Llvm(_) => Err(Trap::Unsupported(op.kind.name().to_string())),
            OpKind::Return => Ok(Step::Return(
                (0..op.operands.len()).map(get).collect::<Result<_, _>>()?,
            )),
            OpKind::Unreachable => undefined("control reached `llvm.unreachable`"),
            OpKind::Br => {
                let (b, a) = succ_args(0)?;
                Ok(Step::Jump(b, a))
            }
            OpKind::CondBr => {
                let (_, c) = get(0)?.int()?;
                let (b, a) = succ_args(if c & 1 == 1 { 0 } else { 1 })?;
                Ok(Step::Jump(b, a))
            }
            OpKind::Switch { cases } => {
                let (w, x) = get(0)?.int()?;
                let i = cases
                    .iter()
                    .position(|c| sext(w, *c) == x)
                    .map_or(0, |i| i + 1);
                let (b, a) = succ_args(i)?;
                Ok(Step::Jump(b, a))
            }
            OpKind::Alloc | OpKind::Alloca => {
                let Some(Type::MemRef(m)) = rty(0) else {
                    return Err(Trap::Unsupported("an allocation".to_string()));
                };
                let mut dynamic = (0..op.operands.len()).map(get);
                let mut sizes = Vec::new();
                for s in &m.shape {
                    sizes.push(match s {
                        Some(n) => *n,
                        None => {
                            dynamic
                                .next()
                                .ok_or_else(|| Trap::Unsupported("a size operand".to_string()))??
                                .index()?
                        }
                    });
                }
                let count = sizes
                    .iter()
                    .try_fold(1i64, |a, s| if *s < 0 { None } else { a.checked_mul(*s) })
                    .filter(|c| *c <= MAX_ALLOC);
                let Some(count) = count else {
                    return undefined(format!("an allocation of sizes {sizes:?}"));
                };
                let strides = kiln_abi::run::natural_strides(&sizes);
                let heap = matches!(op.kind, OpKind::Alloc);
                self.buffers.push(Buffer {
                    cells: vec![None; count as usize],
                    live: true,
                    heap,
                    frame: (!heap).then_some(frame),
                    read_only: None,
                });
                one(V::Mem(View {
                    buffer: self.buffers.len() - 1,
                    elem: m.elem,
                    offset: 0,
                    sizes,
                    strides,
                }))
            }
            OpKind::Poison => one(V::Poison),
            OpKind::GetGlobal { global } => {
                let Some(Type::MemRef(m)) = rty(0) else {
                    return Err(Trap::Unsupported("a global's type".to_string()));
                };
                let buffer = self.global_buffer(global)?;
                let sizes: Vec<i64> = m.shape.iter().map(|d| d.unwrap_or(0)).collect();
                one(V::Mem(View {
                    buffer,
                    elem: m.elem,
                    offset: 0,
                    strides: kiln_abi::run::natural_strides(&sizes),
                    sizes,
                }))
            }
            // Memory has no addresses here: an alignment cannot be checked, nor a pointer
            // read.
            OpKind::AssumeAlignment { .. } => {
                get(0)?.view()?;
                Ok(Step::Values(Vec::new()))
            }
            OpKind::Realloc => {
                let src = get(0)?.view()?.clone();
                let Some(Type::MemRef(m)) = rty(0) else {
                    return Err(Trap::Unsupported("a reallocation's type".to_string()));
                };
                let n = match m.shape.first().copied().flatten() {
                    Some(n) => n,
                    None => get(1)?.index()?,
                };
                if n < 0 {
                    return undefined(format!("`memref.realloc` to {n} elements"));
                }
                let old = src.sizes.first().copied().unwrap_or(0);
                if !self.buffers[src.buffer].heap || !self.buffers[src.buffer].live {
                    return undefined("`memref.realloc` of memory `memref.alloc` did not give, or already released");
                }
                let view = |buffer| View {
                    buffer,
                    elem: src.elem,
                    offset: src.offset,
                    sizes: vec![n],
                    strides: vec![1],
                };
                if n <= old {
                    // The memory is kept (as MLIR's expand-realloc keeps it).
                    return one(V::Mem(view(src.buffer)));
                }
                let mut cells = vec![None; n as usize];
                for i in 0..old {
                    let c = self.cell(&src, &[i], "realloc")?;
                    cells[i as usize] = self.buffers[src.buffer].cells[c];
                }
                self.buffers[src.buffer].live = false;
                self.buffers.push(Buffer {
                    cells,
                    live: true,
                    heap: true,
                    frame: None,
                    read_only: None,
                });
                let mut v = view(self.buffers.len() - 1);
                v.offset = 0;
                one(V::Mem(v))
            }
            OpKind::View => Err(Trap::Unsupported(
                "addresses: `memref.view` reads a byte buffer as elements, and the interpreter's memory holds elements, not bytes".to_string(),
            )),
            OpKind::Reshape => {
                let src = get(0)?.view()?.clone();
                let shape = get(1)?.view()?.clone();
                let Some(Type::MemRef(m)) = rty(0) else {
                    return Err(Trap::Unsupported("a reshape's type".to_string()));
                };
                // The shape operand holds the sizes, which are the result type's where it
                // states them, and cover the source's elements.
                let mut sizes = Vec::new();
                for (k, stated) in m.shape.iter().enumerate() {
                    let c = self.cell(&shape, &[k as i64], "load of a reshape's shape")?;
                    let Some(raw) = self.buffers[shape.buffer].cells[c] else {
                        return undefined("a reshape's shape read before it is written");
                    };
                    let got = V::from_raw(shape.elem, raw)?.index()?;
                    if stated.is_some_and(|s| s != got) || got < 0 {
                        return undefined(format!(
                            "`memref.reshape` to `{}` with size {got} in its shape operand",
                            Type::MemRef(m.clone())
                        ));
                    }
                    sizes.push(got);
                }
                let count: i64 = src.sizes.iter().product();
                if sizes.iter().try_fold(1i64, |n, s| n.checked_mul(*s)) != Some(count) {
                    return undefined(format!(
                        "`memref.reshape` of {count} elements to sizes {sizes:?}"
                    ));
                }
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset: src.offset,
                    strides: kiln_abi::run::natural_strides(&sizes),
                    sizes,
                }))
            }
            OpKind::ExtractAlignedPointer => Err(Trap::Unsupported(
                "addresses: `memref.extract_aligned_pointer_as_index` reads a pointer, and the interpreter's memory has none".to_string(),
            )),
            OpKind::Assert { message } => {
                if get(0)?.int()?.1 == 0 {
                    let text = kiln_engine::lowered::unescape(message);
                    return Err(Trap::Aborted(String::from_utf8_lossy(&text).into_owned()));
                }
                Ok(Step::Values(Vec::new()))
            }
            OpKind::Dealloc => {
                let v = get(0)?;
                let b = &mut self.buffers[v.view()?.buffer];
                if !b.heap {
                    return undefined("dealloc of memory memref.alloc did not allocate");
                }
                if !b.live {
                    return undefined("dealloc of memory already released");
                }
                b.live = false;
                Ok(Step::Values(Vec::new()))
            }
            // A `generic_atomic_rmw`'s start reads the element as a load does: on one thread
            // the loop's first iteration sees it, and the store at its end always succeeds.
            OpKind::Load | OpKind::GenericAtomicRmw => {
                let what = op.kind.name().trim_start_matches("memref.");
                let m = get(0)?;
                let v = m.view()?;
                let idx = (1..op.operands.len())
                    .map(|i| get(i).and_then(|x| x.index()))
                    .collect::<Result<Vec<_>, _>>()?;
                let c = self.cell(v, &idx, what)?;
                match self.buffers[v.buffer].cells[c] {
                    Some(raw) => one(V::from_raw(v.elem, raw)?),
                    None => undefined(format!("{what} of element {idx:?}, never written")),
                }
            }
            OpKind::AtomicRmw { kind } => {
                let x = get(0)?;
                let m = get(1)?;
                let v = m.view()?.clone();
                let idx = (2..op.operands.len())
                    .map(|i| get(i).and_then(|x| x.index()))
                    .collect::<Result<Vec<_>, _>>()?;
                let c = self.cell(&v, &idx, "atomic_rmw")?;
                self.writable(v.buffer)?;
                let Some(raw) = self.buffers[v.buffer].cells[c] else {
                    return undefined(format!("atomic_rmw of element {idx:?}, never written"));
                };
                let old = V::from_raw(v.elem, raw)?;
                use kiln_frontend::ops::{AtomicKind as A, BinaryOp as B};
                // LLVM's `fmax`/`fmin`, which MLIR 19 lowers `maximumf`/`minimumf` to, are
                // `maxnum`/`minnum`.
                let combined = |b: B| binary(b, v.elem, &old, &x, false, false);
                let new = match kind {
                    A::Assign => x.clone(),
                    A::AddF => combined(B::AddF)?,
                    A::AddI => combined(B::AddI)?,
                    A::MaximumF => combined(B::MaxNumF)?,
                    A::MinimumF => combined(B::MinNumF)?,
                    A::MaxS => combined(B::MaxSI)?,
                    A::MaxU => combined(B::MaxUI)?,
                    A::MinS => combined(B::MinSI)?,
                    A::MinU => combined(B::MinUI)?,
                    A::MulF => combined(B::MulF)?,
                    A::MulI => combined(B::MulI)?,
                    A::OrI => combined(B::OrI)?,
                    A::AndI => combined(B::AndI)?,
                };
                if matches!(new, V::Poison) {
                    return poison_used();
                }
                self.buffers[v.buffer].cells[c] = Some(new.raw());
                one(old)
            }
            // A `generic_atomic_rmw`'s end (operands: the value the region started from,
            // the value it yields, the place) stores as a store does and gives the value
            // before.
            OpKind::Store | OpKind::AtomicYield => {
                let x_at = usize::from(op.kind == OpKind::AtomicYield);
                let x = get(x_at)?;
                let m = get(x_at + 1)?;
                let v = m.view()?;
                let idx = (x_at + 2..op.operands.len())
                    .map(|i| get(i).and_then(|x| x.index()))
                    .collect::<Result<Vec<_>, _>>()?;
                let what = if x_at == 0 { "store" } else { "generic_atomic_rmw" };
                let c = self.cell(v, &idx, what)?;
                self.writable(v.buffer)?;
                if matches!(x, V::Poison) {
                    // Memory holds bits: the interpreter keeps no poison there.
                    return poison_used();
                }
                let raw = x.raw();
                self.buffers[v.buffer].cells[c] = Some(raw);
                if x_at == 0 {
                    Ok(Step::Values(Vec::new()))
                } else {
                    one(get(0)?)
                }
            }
            OpKind::Dim => {
                let m = get(0)?;
                let (_, k) = get(1)?.int()?;
                let v = m.view()?;
                match usize::try_from(k).ok().and_then(|k| v.sizes.get(k)) {
                    Some(s) => one(V::Int(64, i128::from(*s))),
                    None => undefined(format!("dim {k} of a rank-{} memref", v.sizes.len())),
                }
            }
            OpKind::Rank => one(V::Int(64, get(0)?.view()?.sizes.len() as i128)),
            OpKind::Copy => {
                let (src, dst) = (get(0)?.view()?.clone(), get(1)?.view()?.clone());
                if src.sizes != dst.sizes {
                    return undefined(format!(
                        "memref.copy from sizes {:?} to sizes {:?}",
                        src.sizes, dst.sizes
                    ));
                }
                // Read every element first (row-major), then write: as a memcpy of the whole.
                let mut cells = Vec::new();
                for idx in row_major(&src.sizes) {
                    let c = self.cell(&src, &idx, "copy")?;
                    cells.push(self.buffers[src.buffer].cells[c]);
                }
                self.writable(dst.buffer)?;
                for (idx, raw) in row_major(&dst.sizes).zip(cells) {
                    let c = self.cell(&dst, &idx, "copy")?;
                    self.buffers[dst.buffer].cells[c] = raw;
                }
                Ok(Step::Values(Vec::new()))
            }
            OpKind::Subview {
                offsets,
                sizes,
                strides,
            } => {
                let (offsets_ty, sizes_ty, steps_ty) = (offsets.to_vec(), sizes.to_vec(), strides.to_vec());
                let src = get(0)?.view()?.clone();
                let mut next = 0;
                let mut entry = |e: &Option<i64>| -> Result<i64, Trap> {
                    match e {
                        Some(n) => Ok(*n),
                        None => {
                            next += 1;
                            Ok(get(next)?.index()?)
                        }
                    }
                };
                let offsets = offsets
                    .iter()
                    .map(&mut entry)
                    .collect::<Result<Vec<_>, _>>()?;
                let sizes = sizes
                    .iter()
                    .map(&mut entry)
                    .collect::<Result<Vec<_>, _>>()?;
                let steps = strides
                    .iter()
                    .map(&mut entry)
                    .collect::<Result<Vec<_>, _>>()?;
                // Every element of the view is an element of the source.
                for d in 0..src.sizes.len() {
                    let (o, s, t) = (offsets[d], sizes[d], steps[d]);
                    let last = o.checked_add((s - 1).max(0).checked_mul(t).unwrap_or(i64::MAX));
                    if o < 0 || s < 0 || (s > 0 && last.is_none_or(|l| l < 0 || l >= src.sizes[d]))
                    {
                        return undefined(format!(
                            "a subview of dimension {d} (size {}) at offset {o}, size {s}, stride {t}",
                            src.sizes[d]
                        ));
                    }
                }
                let offset = offsets
                    .iter()
                    .zip(&src.strides)
                    .fold(src.offset, |acc, (o, s)| {
                        acc.wrapping_add(o.wrapping_mul(*s))
                    });
                let mut strides: Vec<i64> = src
                    .strides
                    .iter()
                    .zip(&steps)
                    .map(|(s, t)| s.wrapping_mul(*t))
                    .collect();
                let mut sizes = sizes;
                // A rank-reducing subview keeps the dimensions its type says.
                if let (Some(m), Some(Type::MemRef(r))) = (body.ty(op.operands[0]).memref(), rty(0)) {
                    if r.rank() < m.rank() {
                        let (o, s, t) = (offsets_ty.clone(), sizes_ty.clone(), steps_ty.clone());
                        let full = kiln_frontend::views::subview_type(m, &o, &s, &t);
                        let kept = kiln_frontend::views::kept_dims(&full, &r)
                            .ok_or_else(|| Trap::Unsupported("a rank reduction".to_string()))?;
                        sizes = kept.iter().map(|k| sizes[*k as usize]).collect();
                        strides = kept.iter().map(|k| strides[*k as usize]).collect();
                    }
                }
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset,
                    sizes,
                    strides,
                }))
            }
            OpKind::ExpandShape { groups, sizes } => {
                let src = get(0)?.view()?.clone();
                let mut dynamic = 1..;
                let mut shape = Vec::new();
                for s in sizes {
                    shape.push(match s {
                        Some(n) => *n,
                        None => get(dynamic.next().unwrap_or(1))?.index()?,
                    });
                }
                let mut strides = vec![1i64; shape.len()];
                for (d, group) in groups.iter().enumerate() {
                    let product = group
                        .iter()
                        .try_fold(1i64, |acc, k| acc.checked_mul(shape[*k as usize]));
                    if product != Some(src.sizes[d]) {
                        return undefined(format!(
                            "`memref.expand_shape` of a dimension of size {} into sizes {:?}",
                            src.sizes[d],
                            group.iter().map(|k| shape[*k as usize]).collect::<Vec<_>>()
                        ));
                    }
                    let mut stride = src.strides[d];
                    for k in group.iter().rev() {
                        strides[*k as usize] = stride;
                        stride = stride.wrapping_mul(shape[*k as usize]);
                    }
                }
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset: src.offset,
                    sizes: shape,
                    strides,
                }))
            }
            OpKind::CollapseShape { groups } => {
                let src = get(0)?.view()?.clone();
                for g in groups {
                    for pair in g.windows(2) {
                        let (o, i) = (pair[0] as usize, pair[1] as usize);
                        let unit = src.sizes[o] == 1 || src.sizes[i] == 1;
                        if !unit && src.strides[o] != src.strides[i].wrapping_mul(src.sizes[i]) {
                            return undefined(format!(
                                "`memref.collapse_shape` of dimensions {o} and {i}, which are not contiguous (strides {:?}, sizes {:?})",
                                src.strides, src.sizes
                            ));
                        }
                    }
                }
                let sizes = groups
                    .iter()
                    .map(|g| g.iter().map(|d| src.sizes[*d as usize]).product())
                    .collect();
                let src_ty = body.ty(op.operands[0]).memref().cloned();
                let strides = groups
                    .iter()
                    .map(|g| {
                        let dims = src_ty
                            .as_ref()
                            .map(|m| kiln_frontend::reshape::collapsed_stride_dims(m, g))
                            .unwrap_or_default();
                        dims.iter()
                            .map(|d| src.strides[*d as usize])
                            .min()
                            .unwrap_or(1)
                    })
                    .collect();
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset: src.offset,
                    sizes,
                    strides,
                }))
            }
            OpKind::Transpose { permutation } => {
                let src = get(0)?.view()?.clone();
                let pick = |xs: &[i64]| permutation.iter().map(|&p| xs[p as usize]).collect();
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset: src.offset,
                    sizes: pick(&src.sizes),
                    strides: pick(&src.strides),
                }))
            }
            OpKind::ExtractStridedMetadata => {
                let v = get(0)?.view()?.clone();
                let base = View {
                    buffer: v.buffer,
                    elem: v.elem,
                    offset: 0,
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                let mut out = vec![V::Mem(base), V::Int(64, i128::from(v.offset))];
                out.extend(v.sizes.iter().map(|s| V::Int(64, i128::from(*s))));
                out.extend(v.strides.iter().map(|s| V::Int(64, i128::from(*s))));
                Ok(Step::Values(out))
            }
            OpKind::ReinterpretCast => {
                let src = get(0)?.view()?.clone();
                let Some(Type::MemRef(m)) = rty(0) else {
                    return Err(Trap::Unsupported(
                        "a reinterpret_cast to no ranked memref".into(),
                    ));
                };
                // The result type's numbers, and the operands where it has `?`.
                let mut next = 1;
                let mut entry = |e: Option<i64>| -> Result<i64, Trap> {
                    match e {
                        Some(n) => Ok(n),
                        None => {
                            next += 1;
                            Ok(get(next - 1)?.index()?)
                        }
                    }
                };
                let (strides, offset) = m.strides_and_offset();
                let offset = entry(offset)?;
                let sizes = m
                    .shape
                    .iter()
                    .map(|s| entry(*s))
                    .collect::<Result<Vec<_>, _>>()?;
                let strides = strides
                    .into_iter()
                    .map(entry)
                    .collect::<Result<Vec<_>, _>>()?;
                if sizes.iter().any(|s| *s < 0) {
                    return undefined(format!("a reinterpret_cast to sizes {sizes:?}"));
                }
                one(V::Mem(View {
                    buffer: src.buffer,
                    elem: src.elem,
                    offset,
                    sizes,
                    strides,
                }))
            }
        }
    }
}

/// `nnan` and `ninf` promise that no operand and no result of `op` is a NaN or an infinity;
/// where one is, LLVM makes the result poison, which the interpreter (and the rule-by-rule
/// check, through it) reports as it reports a poison result.
pub(crate) fn fast_math_promise(
    flags: kiln_engine::lowered::Flags,
    op: &str,
    values: &[V],
) -> Result<(), Trap> {
    for v in values {
        let x = match v {
            V::F16(_) | V::BF16(_) | V::F32(_) | V::F64(_) => v.float()?,
            _ => continue,
        };
        let broken = match () {
            _ if flags.nnan() && x.is_nan() => "a NaN under `nnan`",
            _ if flags.ninf() && x.is_infinite() => "an infinity under `ninf`",
            _ => continue,
        };
        return undefined(format!("`{op}` meets {broken}"));
    }
    Ok(())
}
