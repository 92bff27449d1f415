//! What the JIT gives a host beyond kiln's own calls, as MLIR's `ExecutionEngine` gives
//! it: a packed wrapper beside each function, and the host's addresses for functions the
//! program declares.

use super::calls::JitError;
use inkwell::context::Context;
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicMetadataValueEnum;
use inkwell::AddressSpace;

/// What a host asks of the JIT beyond kiln's own calls: MLIR's packed wrappers, and the
/// addresses of functions the program declares.
#[derive(Default)]
pub(crate) struct HostInterface {
    pub(crate) packed: bool,
    pub(crate) symbols: Vec<(String, usize)>,
}

impl HostInterface {
    pub(crate) fn address(&self, name: &str) -> Option<usize> {
        self.symbols
            .iter()
            .find(|(s, _)| s == name)
            .map(|(_, a)| *a)
    }
}

/// Adds MLIR's packed wrapper of `target`, `void _mlir_NAME(ptr args)`: it loads
/// argument `i` from where `args[i]` points, calls `target`, and stores the result where
/// the slot after the arguments points (what MLIR's `ExecutionEngine::invokePacked` calls).
pub(crate) fn add_packed_wrapper<'ctx>(
    ctx: &'ctx Context,
    module: &inkwell::module::Module<'ctx>,
    target: inkwell::values::FunctionValue<'ctx>,
) -> Result<(), JitError> {
    let name = target.get_name().to_string_lossy().into_owned();
    let err = |e: inkwell::builder::BuilderError| {
        JitError::Call(format!("building the packed wrapper of `@{name}`: {e}"))
    };
    let packed_name = format!("_mlir_{name}");
    if module.get_function(&packed_name).is_some() {
        // The program defines it itself (an MLIR-lowered module may carry its own).
        return Ok(());
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let wrapper = module.add_function(
        &packed_name,
        ctx.void_type().fn_type(&[ptr.into()], false),
        None,
    );
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(wrapper, "entry"));
    let Some(args) = wrapper.get_nth_param(0).map(|p| p.into_pointer_value()) else {
        return Err(JitError::Call(
            "packed wrapper has no parameter".to_string(),
        ));
    };
    let i64t = ctx.i64_type();
    let slot = |i: usize| -> Result<inkwell::values::PointerValue<'ctx>, JitError> {
        // SAFETY (of the LLVM instruction): slot `i` of the array the host passes, one
        // pointer an argument and one for the result.
        let at = unsafe { b.build_gep(ptr, args, &[i64t.const_int(i as u64, false)], "") }
            .map_err(err)?;
        Ok(b.build_load(ptr, at, "").map_err(err)?.into_pointer_value())
    };
    let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
    let params = target.get_type().get_param_types();
    for (i, p) in params.iter().enumerate() {
        let ty = BasicTypeEnum::try_from(*p)
            .map_err(|_| JitError::Call(format!("`@{name}` has a parameter of no value type")))?;
        let at = slot(i)?;
        call_args.push(b.build_load(ty, at, "").map_err(err)?.into());
    }
    let result = b.build_call(target, &call_args, "").map_err(err)?;
    if let Some(r) = result.try_as_basic_value().basic() {
        let at = slot(params.len())?;
        b.build_store(at, r).map_err(err)?;
    }
    b.build_return(None).map_err(err)?;
    Ok(())
}
