//! Lowered functions to an LLVM module. The lowered form is already LLVM-level, so this is
//! a direct translation: each target op of `rules/llvm.rules` is one builder call. Block
//! parameters become phis whose incoming values are added once every branch is built.
//! Every builder error is typed and every function is verified.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::types::{
    AnyType, BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FloatType, FunctionType, IntType,
    PointerType,
};
use inkwell::values::{
    AggregateValueEnum, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue,
    FunctionValue, IntValue, PhiValue, PointerValue,
};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use kiln_lowered::{
    FunctionDebug, Inst, Lowered, Operand, ParamAttr, SignatureAttrs, TargetOp as Op,
};
use std::collections::HashMap;

use crate::debug::LineTables;

mod inst;
pub use crate::error::CodegenError;

/// Builds one LLVM module holding every global and every function (definitions and
/// declarations), for the target machine's data layout (loads and stores take its ABI
/// alignments). With `lines`, the module has a compile unit and each definition (the
/// functions one source function lowers to) a subprogram and located instructions.
pub fn build_module<'ctx>(
    ctx: &'ctx Context,
    name: &str,
    functions: &[Lowered],
    globals: &[kiln_lowered::Global],
    lines: Option<&FunctionDebug>,
    tm: &inkwell::targets::TargetMachine,
) -> Result<Module<'ctx>, CodegenError> {
    let module = ctx.create_module(name);
    module.set_source_file_name(name);
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    crate::globals::define_globals(ctx, &module, globals)?;
    let mut cg = Codegen {
        ctx,
        module,
        builder: ctx.create_builder(),
        function: String::new(),
        callee_attrs: &[],
        lines: None,
    };
    if let Some(debug) = lines {
        cg.lines = Some((LineTables::new(ctx, &cg.module, debug), debug));
    }
    for f in functions {
        cg.function = f.name.clone();
        let ty = cg.signature(&f.signature)?;
        if cg.module.get_function(&f.name).is_none() {
            let linkage = if f.is_declaration() {
                Some(Linkage::External)
            } else {
                Some(crate::globals::llvm_linkage(f.linkage))
            };
            let function = cg.module.add_function(&f.name, ty, linkage);
            cg.set_attrs(function, &f.attrs)?;
            if !f.is_declaration() {
                cg.set_fn_attrs(function, &f.fn_attrs)?;
            }
        }
    }
    for f in functions.iter().filter(|f| !f.is_declaration()) {
        cg.function = f.name.clone();
        cg.callee_attrs = &f.callee_attrs;
        cg.define(&crate::stack::close_scopes(f))?;
    }
    if let Some((tables, _)) = cg.lines.take() {
        tables.finish();
    }
    Ok(cg.module)
}

struct Codegen<'ctx, 'l> {
    ctx: &'ctx Context,
    module: Module<'ctx>,
    builder: Builder<'ctx>,
    function: String,
    /// The attributes the function being defined knows of functions it declares.
    callee_attrs: &'l [(String, SignatureAttrs)],
    /// The module's line tables and where its functions' operations are, when asked for.
    lines: Option<(LineTables<'ctx>, &'l FunctionDebug)>,
}

/// What a call calls: a function by name (declared from the call where the module does not
/// define it), or the function at an address.
enum Callee<'a, 'ctx> {
    Named(&'a str),
    Address(PointerValue<'ctx>),
}

/// A branch edge whose arguments feed the phis of its target.
struct Edge<'ctx> {
    from: BasicBlock<'ctx>,
    to: usize,
    args: Vec<BasicValueEnum<'ctx>>,
}

impl<'ctx> Codegen<'ctx, '_> {
    fn unsupported<T>(&self, message: impl Into<String>) -> Result<T, CodegenError> {
        Err(CodegenError::Unsupported {
            function: self.function.clone(),
            message: message.into(),
        })
    }

    fn b<T>(&self, r: Result<T, BuilderError>) -> Result<T, CodegenError> {
        r.map_err(|source| CodegenError::Builder {
            function: self.function.clone(),
            source,
        })
    }

    /// A call of the LLVM intrinsic `name`, declared for the `overloads` types (its
    /// overloaded parameter and result types, in LLVM's order); `None` when it returns nothing.
    fn call_intrinsic(
        &self,
        name: &str,
        overloads: &[BasicTypeEnum<'ctx>],
        args: &[BasicMetadataValueEnum<'ctx>],
    ) -> Result<Option<BasicValueEnum<'ctx>>, CodegenError> {
        let Some(intr) = Intrinsic::find(name) else {
            return self.unsupported(format!("LLVM has no intrinsic `{name}`"));
        };
        let Some(decl) = intr.get_declaration(&self.module, overloads) else {
            let types: Vec<String> = overloads.iter().map(|t| type_text(*t)).collect();
            return self.unsupported(format!("cannot declare `{name}` for {}", types.join(", ")));
        };
        let call = self.b(self.builder.build_call(decl, args, ""))?;
        Ok(call.try_as_basic_value().basic())
    }

    /// A type term; `None` for `void`.
    fn ty(&self, t: &Operand) -> Result<Option<BasicTypeEnum<'ctx>>, CodegenError> {
        let Some((op, args)) = t.as_node() else {
            return self.unsupported(format!("`{t}` is not a type"));
        };
        Ok(Some(match (op, args) {
            (Op::Void, []) => return Ok(None),
            (Op::I1, []) => self.ctx.bool_type().into(),
            (Op::I8, []) => self.ctx.i8_type().into(),
            (Op::I16, []) => self.ctx.i16_type().into(),
            (Op::I32, []) => self.ctx.i32_type().into(),
            (Op::I64, []) => self.ctx.i64_type().into(),
            (Op::I128, []) => self.ctx.i128_type().into(),
            (Op::Int, [Operand::Int(n)]) => {
                match u32::try_from(*n).ok().and_then(std::num::NonZeroU32::new) {
                    Some(w) => match self.ctx.custom_width_int_type(w) {
                        Ok(t) => t.into(),
                        Err(e) => return self.unsupported(format!("`i{n}`: {e}")),
                    },
                    None => return self.unsupported(format!("integer width {n}")),
                }
            }
            (Op::F16, []) => self.ctx.f16_type().into(),
            (Op::Bf16, []) => self.ctx.bf16_type().into(),
            (Op::F32, []) => self.ctx.f32_type().into(),
            (Op::F64, []) => self.ctx.f64_type().into(),
            (Op::Ptr, []) => self.ctx.ptr_type(AddressSpace::default()).into(),
            (Op::Struct, [fields]) => {
                let fields = self.types(fields)?;
                self.ctx.struct_type(&fields, false).into()
            }
            (Op::Array, [Operand::Int(n), elem]) => {
                let elem = self.basic(elem)?;
                match u32::try_from(*n) {
                    Ok(n) => elem.array_type(n).into(),
                    Err(_) => return self.unsupported(format!("array length {n} out of range")),
                }
            }
            _ => return self.unsupported(format!("unknown type `{t}`")),
        }))
    }

    fn basic(&self, t: &Operand) -> Result<BasicTypeEnum<'ctx>, CodegenError> {
        match self.ty(t)? {
            Some(b) => Ok(b),
            None => self.unsupported("`void` where a value type is needed"),
        }
    }

    fn types(&self, list: &Operand) -> Result<Vec<BasicTypeEnum<'ctx>>, CodegenError> {
        let Some(items) = list.as_list() else {
            return self.unsupported(format!("`{list}` is not a list of types"));
        };
        items.iter().map(|t| self.basic(t)).collect()
    }

    fn fn_type(
        &self,
        ret: Option<BasicTypeEnum<'ctx>>,
        params: &[BasicTypeEnum<'ctx>],
    ) -> FunctionType<'ctx> {
        let params: Vec<BasicMetadataTypeEnum> = params.iter().map(|p| (*p).into()).collect();
        match ret {
            Some(r) => r.fn_type(&params, false),
            None => self.ctx.void_type().fn_type(&params, false),
        }
    }

    fn signature(&self, sig: &Operand) -> Result<FunctionType<'ctx>, CodegenError> {
        match sig.as_node() {
            Some((Op::Sig, [ret, params])) => {
                let ret = self.ty(ret)?;
                let params = self.types(params)?;
                Ok(self.fn_type(ret, &params))
            }
            _ => self.unsupported(format!("`{sig}` is not a lowered signature")),
        }
    }

    /// `cf.assert`, as MLIR's cf-to-llvm lowers it: a branch to a block that prints the
    /// message with `puts` and calls `abort`, and the code after it in a block of its own.
    /// The message is a stack copy of a constant (so that a function's code holds no
    /// global), and standard output is flushed before the abort, which would drop what a
    /// pipe has not yet taken.
    fn assert(
        &self,
        func: FunctionValue<'ctx>,
        cond: BasicValueEnum<'ctx>,
        message: &str,
    ) -> Result<(), CodegenError> {
        let bld = &self.builder;
        let fail = self.ctx.append_basic_block(func, "assert.fail");
        let ok = self.ctx.append_basic_block(func, "assert.ok");
        let cond = self.int_value(cond)?;
        self.b(bld.build_conditional_branch(cond, ok, fail))?;
        bld.position_at_end(fail);
        let text = self
            .ctx
            .const_string(&kiln_lowered::unescape(message), true);
        let slot = self.b(bld.build_alloca(text.get_type(), "assert.msg"))?;
        self.b(bld.build_store(slot, text))?;
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i32t = self.ctx.i32_type();
        let declare = |name: &str, ty| {
            self.module
                .get_function(name)
                .unwrap_or_else(|| self.module.add_function(name, ty, Some(Linkage::External)))
        };
        let puts = declare("puts", i32t.fn_type(&[ptr.into()], false));
        let fflush = declare("fflush", i32t.fn_type(&[ptr.into()], false));
        let abort = declare("abort", self.ctx.void_type().fn_type(&[], false));
        self.b(bld.build_call(puts, &[slot.into()], ""))?;
        self.b(bld.build_call(fflush, &[ptr.const_null().into()], ""))?;
        self.b(bld.build_call(abort, &[], ""))?;
        self.b(bld.build_unreachable())?;
        bld.position_at_end(ok);
        Ok(())
    }

    /// `(llvm.atomic.update T "OP" PTR VALUE)`: a load, then a loop that computes `OP old
    /// VALUE` and `cmpxchg`es it in (acq_rel, monotonic on failure, as MLIR's
    /// `generic_atomic_rmw` lowering) until no other write came between, a float compared
    /// by its bits (`cmpxchg` takes integers); the code after it continues in a block of its
    /// own. The value before the update.
    fn atomic_update(
        &self,
        func: FunctionValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        name: &str,
        ptr: PointerValue<'ctx>,
        value: BasicValueEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CodegenError> {
        use inkwell::llvm_sys::LLVMOpcode as O;
        let opcode = match name {
            "add" => O::LLVMAdd,
            "sub" => O::LLVMSub,
            "mul" => O::LLVMMul,
            "and" => O::LLVMAnd,
            "or" => O::LLVMOr,
            "xor" => O::LLVMXor,
            "fadd" => O::LLVMFAdd,
            "fsub" => O::LLVMFSub,
            "fmul" => O::LLVMFMul,
            _ => return self.unsupported(format!("`{name}` is no binary LLVM instruction")),
        };
        let bld = &self.builder;
        let Some(entry) = bld.get_insert_block() else {
            return self.unsupported(format!("an atomic `{name}` outside a block"));
        };
        let init = self.b(bld.build_load(ty, ptr, "atomic.init"))?;
        let looped = self.ctx.append_basic_block(func, "atomic.loop");
        let done = self.ctx.append_basic_block(func, "atomic.done");
        self.b(bld.build_unconditional_branch(looped))?;
        bld.position_at_end(looped);
        let old = self.b(bld.build_phi(ty, "atomic.old"))?;
        let old_value = old.as_basic_value();
        // SAFETY: the builder is positioned in a block of this module and both operands are
        // values of its context of the one type `opcode` takes.
        let new = unsafe {
            use inkwell::values::AsValueRef;
            BasicValueEnum::new(inkwell::llvm_sys::core::LLVMBuildBinOp(
                bld.as_mut_ptr(),
                opcode,
                old_value.as_value_ref(),
                value.as_value_ref(),
                c"atomic.new".as_ptr(),
            ))
        };
        let (seen, stored) = self.cmpxchg_bits(ty, ptr, old_value, new)?;
        old.add_incoming(&[(&init, entry), (&seen, looped)]);
        self.b(bld.build_conditional_branch(stored, done, looped))?;
        bld.position_at_end(done);
        Ok(seen)
    }

    /// `(llvm.atomic.loop T PTR)`: a load of `PTR`'s `T`, then a loop block whose first
    /// instruction is the value the iteration starts from (a phi of the load and, once
    /// `llvm.atomic.commit` adds it, the value its failed `cmpxchg` saw). The code up to the
    /// commit goes into that block.
    pub(crate) fn atomic_loop(
        &self,
        func: FunctionValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        ptr: PointerValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CodegenError> {
        let bld = &self.builder;
        let Some(entry) = bld.get_insert_block() else {
            return self.unsupported("`llvm.atomic.loop` outside a block");
        };
        let init = self.b(bld.build_load(ty, ptr, "atomic.init"))?;
        let looped = self.ctx.append_basic_block(func, "atomic.loop");
        self.b(bld.build_unconditional_branch(looped))?;
        bld.position_at_end(looped);
        let current = self.b(bld.build_phi(ty, "atomic.current"))?;
        current.add_incoming(&[(&init, entry)]);
        Ok(current.as_basic_value())
    }

    /// `(llvm.atomic.commit T PTR CURRENT NEW)`: `cmpxchg` of `NEW` for `CURRENT` at `PTR`;
    /// unless it stored, back to the loop `CURRENT` heads with the value seen; the code
    /// after it continues in a block of its own. The value seen.
    pub(crate) fn atomic_commit(
        &self,
        func: FunctionValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        ptr: PointerValue<'ctx>,
        current: BasicValueEnum<'ctx>,
        new: BasicValueEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CodegenError> {
        let head = current
            .as_instruction_value()
            .and_then(|i| Some((i.get_parent()?, PhiValue::try_from(i).ok()?)));
        let Some((looped, phi)) = head else {
            return self
                .unsupported("`llvm.atomic.commit` of a value that no `llvm.atomic.loop` made");
        };
        let bld = &self.builder;
        let (seen, stored) = self.cmpxchg_bits(ty, ptr, current, new)?;
        let Some(here) = bld.get_insert_block() else {
            return self.unsupported("`llvm.atomic.commit` outside a block");
        };
        phi.add_incoming(&[(&seen, here)]);
        let done = self.ctx.append_basic_block(func, "atomic.done");
        self.b(bld.build_conditional_branch(stored, done, looped))?;
        bld.position_at_end(done);
        Ok(seen)
    }

    /// `cmpxchg` (acq_rel, monotonic on failure) of `new` for `expected` at `ptr`, a float
    /// compared by its bits (`cmpxchg` takes integers): the value seen, as a `ty`, and
    /// whether `new` was stored.
    fn cmpxchg_bits(
        &self,
        ty: BasicTypeEnum<'ctx>,
        ptr: PointerValue<'ctx>,
        expected: BasicValueEnum<'ctx>,
        new: BasicValueEnum<'ctx>,
    ) -> Result<(BasicValueEnum<'ctx>, IntValue<'ctx>), CodegenError> {
        let bits = match ty {
            BasicTypeEnum::IntType(t) => t,
            BasicTypeEnum::FloatType(f) => match f.print_to_string().to_string().as_str() {
                "half" | "bfloat" => self.ctx.i16_type(),
                "float" => self.ctx.i32_type(),
                "double" => self.ctx.i64_type(),
                other => return self.unsupported(format!("a compare-and-swap of `{other}`")),
            },
            _ => return self.unsupported(format!("a compare-and-swap of `{ty}`")),
        };
        let bld = &self.builder;
        let as_bits = |v: BasicValueEnum<'ctx>| -> Result<IntValue<'ctx>, CodegenError> {
            match v {
                BasicValueEnum::IntValue(i) => Ok(i),
                other => Ok(self
                    .b(bld.build_bit_cast(other, bits, "atomic.bits"))?
                    .into_int_value()),
            }
        };
        let pair = self.b(bld.build_cmpxchg(
            ptr,
            as_bits(expected)?,
            as_bits(new)?,
            inkwell::AtomicOrdering::AcquireRelease,
            inkwell::AtomicOrdering::Monotonic,
        ))?;
        let seen_bits = self.b(bld.build_extract_value(pair, 0, "atomic.seen"))?;
        let stored = self.b(bld.build_extract_value(pair, 1, "atomic.stored"))?;
        let seen = match ty {
            BasicTypeEnum::IntType(_) => seen_bits,
            _ => self.b(bld.build_bit_cast(seen_bits, ty, "atomic.seen"))?,
        };
        Ok((seen, stored.into_int_value()))
    }

    /// The block code goes to now: the source block's, or the last of those an operation
    /// split it into (`cf.assert`, `llvm.atomic.update`, `llvm.atomic.commit`), which the
    /// block's terminator
    /// leaves from.
    fn here(&self, block: BasicBlock<'ctx>) -> BasicBlock<'ctx> {
        self.builder.get_insert_block().unwrap_or(block)
    }

    /// Gives `function` its parameter and return attributes.
    fn set_attrs(
        &self,
        function: FunctionValue<'ctx>,
        attrs: &SignatureAttrs,
    ) -> Result<(), CodegenError> {
        let make = |a: &ParamAttr| {
            let kind = Attribute::get_named_enum_kind_id(a.name);
            if kind == 0 {
                return self.unsupported(format!("LLVM has no attribute `{}`", a.name));
            }
            Ok(match &a.ty {
                Some(t) => {
                    let t = self.basic(t)?;
                    self.ctx.create_type_attribute(kind, t.as_any_type_enum())
                }
                None => self.ctx.create_enum_attribute(kind, a.value.unwrap_or(0)),
            })
        };
        for (i, a) in &attrs.params {
            function.add_attribute(AttributeLoc::Param(*i), make(a)?);
        }
        for a in &attrs.result {
            function.add_attribute(AttributeLoc::Return, make(a)?);
        }
        Ok(())
    }

    /// The function's own attributes: an LLVM attribute without a value by its name,
    /// one with a value as a string attribute.
    fn set_fn_attrs(
        &self,
        function: FunctionValue<'ctx>,
        attrs: &[(String, Option<String>)],
    ) -> Result<(), CodegenError> {
        for (name, value) in attrs {
            let attr = match value {
                Some(v) => self.ctx.create_string_attribute(name, v),
                None => {
                    let kind = Attribute::get_named_enum_kind_id(name);
                    if kind == 0 {
                        return self.unsupported(format!("LLVM has no attribute `{name}`"));
                    }
                    self.ctx.create_enum_attribute(kind, 0)
                }
            };
            function.add_attribute(AttributeLoc::Function, attr);
        }
        Ok(())
    }

    fn define(&mut self, f: &Lowered) -> Result<(), CodegenError> {
        let Some(func) = self.module.get_function(&f.name) else {
            return self.unsupported("function was not declared");
        };
        let blocks: Vec<BasicBlock<'ctx>> = (0..f.blocks.len())
            .map(|i| self.ctx.append_basic_block(func, &format!("bb{i}")))
            .collect();
        // Phis first, so `llvm.blockarg` can refer to them from any block.
        let mut phis: Vec<Vec<PhiValue<'ctx>>> = Vec::new();
        for (i, b) in f.blocks.iter().enumerate() {
            let mut ps = Vec::new();
            if let Some(params) = &b.params {
                let tys = match params.as_node() {
                    Some((Op::Params, [list])) => self.types(list)?,
                    _ => return self.unsupported(format!("`{params}` are not block parameters")),
                };
                self.builder.position_at_end(blocks[i]);
                for t in tys {
                    ps.push(self.b(self.builder.build_phi(t, ""))?);
                }
            }
            phis.push(ps);
        }
        let mut values: HashMap<u32, BasicValueEnum<'ctx>> = HashMap::new();
        let mut edges: Vec<Edge<'ctx>> = Vec::new();
        let scope = self
            .lines
            .as_ref()
            .map(|(tables, debug)| tables.subprogram(func, &f.name, debug));
        for &bi in &f.order {
            self.builder.position_at_end(blocks[bi]);
            for inst in &f.blocks[bi].insts {
                if let (Some((tables, debug)), Some(scope)) = (&self.lines, &scope) {
                    let at = tables.location(self.ctx, scope, debug, inst.source);
                    self.builder.set_current_debug_location(at);
                }
                let v = self.inst(func, inst, &values, &phis, &blocks, bi, &mut edges)?;
                if let (false, Some(v)) = (inst.flags.is_empty(), v) {
                    set_flags(v, inst.flags);
                }
                if let (Some(r), Some(v)) = (inst.result, v) {
                    values.insert(r, v);
                }
            }
        }
        self.builder.unset_current_debug_location();
        for (i, b) in f.blocks.iter().enumerate() {
            if !b.reachable {
                self.builder.position_at_end(blocks[i]);
                self.b(self.builder.build_unreachable())?;
            }
        }
        for e in &edges {
            let Some(ps) = phis.get(e.to) else {
                return self.unsupported(format!("branch to a missing block {}", e.to));
            };
            if ps.len() != e.args.len() {
                return self.unsupported(format!(
                    "a branch passes {} values to block {} which takes {}",
                    e.args.len(),
                    e.to,
                    ps.len()
                ));
            }
            for (p, a) in ps.iter().zip(&e.args) {
                p.add_incoming(&[(a, e.from)]);
            }
        }
        if !func.verify(false) {
            return Err(CodegenError::Invalid {
                function: f.name.clone(),
                message: invalid_reason(&self.module),
            });
        }
        Ok(())
    }

    /// The values of a list operand.
    fn values_of(
        &self,
        list: &Operand,
        values: &HashMap<u32, BasicValueEnum<'ctx>>,
    ) -> Result<Vec<BasicValueEnum<'ctx>>, CodegenError> {
        list.as_list()
            .unwrap_or_default()
            .iter()
            .map(|a| self.value(a, values))
            .collect()
    }

    /// Calls `callee` with the values of `args`, declaring it (external, of the arguments'
    /// types) where the module does not have it yet; its result, if it returns one.
    fn call_function(
        &self,
        callee: Callee<'_, 'ctx>,
        ret: Option<BasicTypeEnum<'ctx>>,
        args: &Operand,
        values: &HashMap<u32, BasicValueEnum<'ctx>>,
    ) -> Result<Option<BasicValueEnum<'ctx>>, CodegenError> {
        let vals = self.values_of(args, values)?;
        let ty = || {
            let params: Vec<BasicTypeEnum> = vals.iter().map(|x| x.get_type()).collect();
            self.fn_type(ret, &params)
        };
        let args: Vec<BasicMetadataValueEnum> = vals.iter().map(|x| (*x).into()).collect();
        let call = match callee {
            Callee::Named(name) => {
                let target = match self.module.get_function(name) {
                    Some(f) => f,
                    None => {
                        let f = self
                            .module
                            .add_function(name, ty(), Some(Linkage::External));
                        if let Some((_, attrs)) = self.callee_attrs.iter().find(|(n, _)| n == name)
                        {
                            self.set_attrs(f, attrs)?;
                        }
                        f
                    }
                };
                self.builder.build_call(target, &args, "")
            }
            Callee::Address(p) => self.builder.build_indirect_call(ty(), p, &args, ""),
        };
        Ok(self.b(call)?.try_as_basic_value().basic())
    }

    fn value(
        &self,
        o: &Operand,
        values: &HashMap<u32, BasicValueEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, CodegenError> {
        match o {
            Operand::Value(v) => match values.get(v) {
                Some(x) => Ok(*x),
                None => self.unsupported(format!("%{v} is used before it is defined")),
            },
            other => self.unsupported(format!("`{other}` is not a value")),
        }
    }

    fn int_value(&self, v: BasicValueEnum<'ctx>) -> Result<IntValue<'ctx>, CodegenError> {
        match v {
            BasicValueEnum::IntValue(i) => Ok(i),
            other => self.unsupported(format!(
                "an integer operand has type {}",
                other.get_type().print_to_string().to_string_lossy()
            )),
        }
    }

    fn float_value(&self, v: BasicValueEnum<'ctx>) -> Result<FloatValue<'ctx>, CodegenError> {
        match v {
            BasicValueEnum::FloatValue(f) => Ok(f),
            other => self.unsupported(format!(
                "a float operand has type {}",
                other.get_type().print_to_string().to_string_lossy()
            )),
        }
    }

    fn ptr_value(&self, v: BasicValueEnum<'ctx>) -> Result<PointerValue<'ctx>, CodegenError> {
        match v {
            BasicValueEnum::PointerValue(p) => Ok(p),
            other => self.unsupported(format!(
                "a pointer operand has type {}",
                other.get_type().print_to_string().to_string_lossy()
            )),
        }
    }

    fn int_type(&self, t: &Operand) -> Result<IntType<'ctx>, CodegenError> {
        match self.basic(t)? {
            BasicTypeEnum::IntType(i) => Ok(i),
            _ => self.unsupported(format!("`{t}` is not an integer type")),
        }
    }

    fn float_type(&self, t: &Operand) -> Result<FloatType<'ctx>, CodegenError> {
        match self.basic(t)? {
            BasicTypeEnum::FloatType(f) => Ok(f),
            _ => self.unsupported(format!("`{t}` is not a float type")),
        }
    }

    fn ptr_type(&self, t: &Operand) -> Result<PointerType<'ctx>, CodegenError> {
        match self.basic(t)? {
            BasicTypeEnum::PointerType(p) => Ok(p),
            _ => self.unsupported(format!("`{t}` is not a pointer type")),
        }
    }

    /// Checks that every operand has the op's declared type: LLVM's builder would otherwise
    /// fold mismatched constants silently (or assert in a debug LLVM).
    fn same_type(&self, t: &Operand, actual: &[BasicTypeEnum<'ctx>]) -> Result<(), CodegenError> {
        let want = self.basic(t)?;
        for a in actual {
            if *a != want {
                return self.unsupported(format!(
                    "an operand has type {} where the op is declared on {}",
                    a.print_to_string().to_string_lossy(),
                    want.print_to_string().to_string_lossy()
                ));
            }
        }
        Ok(())
    }

    /// An aggregate index (0 ≤ i < 2^32).
    fn index(&self, o: &Operand) -> Result<u32, CodegenError> {
        let i = self.int(o)?;
        match u32::try_from(i) {
            Ok(i) => Ok(i),
            Err(_) => self.unsupported(format!("aggregate index {i} out of range")),
        }
    }

    fn int(&self, o: &Operand) -> Result<i64, CodegenError> {
        match o.as_int() {
            Some(i) => Ok(i),
            None => self.unsupported(format!("`{o}` is not an integer")),
        }
    }

    /// The LLVM block a terminator edge goes to, recording the values it passes. A direct
    /// edge `(succ B ARGS)` goes to B; `(succ.via B ARGS)` gets a new block that branches to
    /// B (the rules' successor de-duplication). Two direct edges of one terminator to one
    /// block must pass the same values: a phi has one incoming value per predecessor.
    #[allow(clippy::too_many_arguments)]
    fn edge(
        &self,
        func: FunctionValue<'ctx>,
        blocks: &[BasicBlock<'ctx>],
        current: usize,
        s: &Operand,
        values: &HashMap<u32, BasicValueEnum<'ctx>>,
        seen: &mut Vec<(usize, Vec<BasicValueEnum<'ctx>>)>,
        edges: &mut Vec<Edge<'ctx>>,
    ) -> Result<BasicBlock<'ctx>, CodegenError> {
        let (kind, to, args) = match s.as_node() {
            Some((kind @ (Op::Succ | Op::SuccVia), [Operand::Int(b), args])) => {
                (kind, *b as usize, args)
            }
            _ => return self.unsupported(format!("`{s}` is not a successor")),
        };
        let mut vals = Vec::new();
        for a in args.as_list().unwrap_or_default() {
            vals.push(self.value(a, values)?);
        }
        let Some(target) = blocks.get(to).copied() else {
            return self.unsupported(format!("branch to a missing block {to}"));
        };
        if kind == Op::SuccVia {
            let via = self
                .ctx
                .append_basic_block(func, &format!("bb{current}.to.bb{to}"));
            let here = self.builder.get_insert_block();
            self.builder.position_at_end(via);
            self.b(self.builder.build_unconditional_branch(target))?;
            if let Some(h) = here {
                self.builder.position_at_end(h);
            }
            edges.push(Edge {
                from: via,
                to,
                args: vals,
            });
            return Ok(via);
        }
        match seen.iter().find(|(b, _)| *b == to) {
            Some((_, prev)) if *prev != vals => self.unsupported(format!(
                "a terminator names block {to} twice with different arguments (the successor_dedup rules route such edges through new blocks)"
            )),
            // LLVM wants one phi entry per edge, so a repeated edge repeats its entries.
            Some(_) => {
                edges.push(Edge {
                    from: self.here(blocks[current]),
                    to,
                    args: vals,
                });
                Ok(target)
            }
            None => {
                seen.push((to, vals.clone()));
                edges.push(Edge {
                    from: self.here(blocks[current]),
                    to,
                    args: vals,
                });
                Ok(target)
            }
        }
    }
}

/// `$t.$value()` for whichever kind of type `$t` is (inkwell gives each kind its own).
macro_rules! of_any_type {
    ($t:expr, $value:ident) => {
        match $t {
            BasicTypeEnum::ArrayType(t) => t.$value().into(),
            BasicTypeEnum::FloatType(t) => t.$value().into(),
            BasicTypeEnum::IntType(t) => t.$value().into(),
            BasicTypeEnum::PointerType(t) => t.$value().into(),
            BasicTypeEnum::StructType(t) => t.$value().into(),
            BasicTypeEnum::VectorType(t) => t.$value().into(),
            BasicTypeEnum::ScalableVectorType(t) => t.$value().into(),
        }
    };
}

fn undef(t: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    of_any_type!(t, get_undef)
}

fn poison(t: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    of_any_type!(t, get_poison)
}

fn aggregate(v: BasicValueEnum<'_>) -> Option<AggregateValueEnum<'_>> {
    match v {
        BasicValueEnum::StructValue(s) => Some(s.into()),
        BasicValueEnum::ArrayValue(a) => Some(a.into()),
        _ => None,
    }
}

fn int_predicate(p: &Operand) -> Option<IntPredicate> {
    let Operand::Str(s) = p else { return None };
    Some(match s.as_str() {
        "eq" => IntPredicate::EQ,
        "ne" => IntPredicate::NE,
        "slt" => IntPredicate::SLT,
        "sle" => IntPredicate::SLE,
        "sgt" => IntPredicate::SGT,
        "sge" => IntPredicate::SGE,
        "ult" => IntPredicate::ULT,
        "ule" => IntPredicate::ULE,
        "ugt" => IntPredicate::UGT,
        "uge" => IntPredicate::UGE,
        _ => return None,
    })
}

fn float_predicate(p: &Operand) -> Option<FloatPredicate> {
    let Operand::Str(s) = p else { return None };
    Some(match s.as_str() {
        "false" => FloatPredicate::PredicateFalse,
        "oeq" => FloatPredicate::OEQ,
        "ogt" => FloatPredicate::OGT,
        "oge" => FloatPredicate::OGE,
        "olt" => FloatPredicate::OLT,
        "ole" => FloatPredicate::OLE,
        "one" => FloatPredicate::ONE,
        "ord" => FloatPredicate::ORD,
        "ueq" => FloatPredicate::UEQ,
        "ugt" => FloatPredicate::UGT,
        "uge" => FloatPredicate::UGE,
        "ult" => FloatPredicate::ULT,
        "ule" => FloatPredicate::ULE,
        "une" => FloatPredicate::UNE,
        "uno" => FloatPredicate::UNO,
        "true" => FloatPredicate::PredicateTrue,
        _ => return None,
    })
}

/// LLVM's verifier message for a module (first lines).
fn invalid_reason(module: &Module<'_>) -> String {
    match module.verify() {
        Ok(()) => "the function failed verification".to_string(),
        Err(e) => e.to_string().lines().take(4).collect::<Vec<_>>().join("; "),
    }
}

/// Links `src` into `dst` (both of `ctx`), as `Module::link_in_module` does, then gives the
/// context back LLVM's own diagnostic handler: inkwell's points into the linking call's
/// stack frame, so an error reported after it (while generating code) would write there.
pub fn link_into<'ctx>(
    ctx: &'ctx Context,
    dst: &Module<'ctx>,
    src: Module<'ctx>,
) -> Result<(), String> {
    let linked = dst.link_in_module(src);
    // SAFETY: the context is alive; a null handler restores LLVM's default.
    unsafe {
        inkwell::llvm_sys::core::LLVMContextSetDiagnosticHandler(
            ctx.raw(),
            None,
            std::ptr::null_mut(),
        );
    }
    linked.map_err(|e| e.to_string())
}

/// The suffix LLVM mangles an overloaded intrinsic's name with for a scalar type (`f32`,
/// `i64`), as `kiln_lowered::intrinsic_overloads` compares types by it.
fn type_text(t: BasicTypeEnum) -> String {
    match t {
        BasicTypeEnum::IntType(i) => format!("i{}", i.get_bit_width()),
        BasicTypeEnum::FloatType(f) => {
            let ctx = f.get_context();
            if f == ctx.f16_type() {
                "f16".to_string()
            } else if f == ctx.f32_type() {
                "f32".to_string()
            } else if f == ctx.f64_type() {
                "f64".to_string()
            } else {
                "f128".to_string()
            }
        }
        BasicTypeEnum::PointerType(_) => "p0".to_string(),
        other => other.print_to_string().to_string(),
    }
}

/// Gives the instruction that computed `v` the LLVM flags `flags`: the overflow flags
/// where LLVM takes them (`add`, `sub`, `mul`, `shl`), the fast-math flags where it takes
/// those (float operations, comparisons and calls of float intrinsics). A value the builder
/// folded to a constant has no instruction, and keeps none.
fn set_flags(v: BasicValueEnum<'_>, flags: kiln_lowered::Flags) {
    use inkwell::llvm_sys::core as c;
    use inkwell::llvm_sys::LLVMOpcode as O;
    use inkwell::values::AsValueRef;
    let raw = v.as_value_ref();
    // SAFETY: `raw` is a live value of the module being built; each setter is called only
    // on an instruction of the kind LLVM's C API requires for it.
    unsafe {
        if c::LLVMIsAInstruction(raw).is_null() {
            return;
        }
        let overflowing = matches!(
            c::LLVMGetInstructionOpcode(raw),
            O::LLVMAdd | O::LLVMSub | O::LLVMMul | O::LLVMShl
        );
        if overflowing {
            c::LLVMSetNSW(raw, i32::from(flags.nsw()));
            c::LLVMSetNUW(raw, i32::from(flags.nuw()));
        }
        if flags.fast_math() != 0 && c::LLVMCanValueUseFastMathFlags(raw) != 0 {
            c::LLVMSetFastMathFlags(raw, flags.fast_math());
        }
    }
}

/// LLVM's `atomicrmw` operation of a name in `llvm.atomicrmw` (`fadd`, `xchg`, `umax`, ...).
fn atomic_op(name: &str) -> Option<inkwell::llvm_sys::LLVMAtomicRMWBinOp> {
    use inkwell::llvm_sys::LLVMAtomicRMWBinOp as B;
    Some(match name {
        "xchg" => B::LLVMAtomicRMWBinOpXchg,
        "add" => B::LLVMAtomicRMWBinOpAdd,
        "sub" => B::LLVMAtomicRMWBinOpSub,
        "and" => B::LLVMAtomicRMWBinOpAnd,
        "or" => B::LLVMAtomicRMWBinOpOr,
        "xor" => B::LLVMAtomicRMWBinOpXor,
        "nand" => B::LLVMAtomicRMWBinOpNand,
        "uinc_wrap" => B::LLVMAtomicRMWBinOpUIncWrap,
        "udec_wrap" => B::LLVMAtomicRMWBinOpUDecWrap,
        "max" => B::LLVMAtomicRMWBinOpMax,
        "min" => B::LLVMAtomicRMWBinOpMin,
        "umax" => B::LLVMAtomicRMWBinOpUMax,
        "umin" => B::LLVMAtomicRMWBinOpUMin,
        "fadd" => B::LLVMAtomicRMWBinOpFAdd,
        "fsub" => B::LLVMAtomicRMWBinOpFSub,
        "fmax" => B::LLVMAtomicRMWBinOpFMax,
        "fmin" => B::LLVMAtomicRMWBinOpFMin,
        _ => return None,
    })
}
