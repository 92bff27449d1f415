//! A linked module's text to output: read back into LLVM, verified, optimized with the new
//! pass manager's `default<On>` pipeline, and printed or compiled to machine code. Module
//! names and source file names are fixed so the same input gives the same bytes.

use crate::error::CodegenError;
use crate::target::{CodegenOptions, Emit};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};

/// Reads linked LLVM IR text into a module, verifies and optimizes it, and prints it or
/// generates code.
pub(crate) fn compile_module(
    text: &str,
    what: Emit,
    opts: &CodegenOptions,
    tm: &TargetMachine,
) -> Result<Vec<u8>, CodegenError> {
    let ctx = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "kiln");
    let module = ctx
        .create_module_from_ir(buffer)
        .map_err(|e| CodegenError::Target(format!("LLVM cannot read the linked module: {e}")))?;
    if what != Emit::LlvmIr && text.contains("bfloat") {
        crate::bf16::define_truncations(&ctx, &module)?;
    }
    module
        .verify()
        .map_err(|e| CodegenError::Target(format!("LLVM rejected the module: {e}")))?;
    if opts.opt_level > 0 {
        module
            .run_passes(
                &format!("default<O{}>", opts.opt_level),
                tm,
                PassBuilderOptions::create(),
            )
            .map_err(|e| CodegenError::Target(format!("optimization failed: {e}")))?;
    }
    match what {
        Emit::LlvmIr => Ok(module.print_to_string().to_bytes().to_vec()),
        Emit::Asm | Emit::Obj => {
            let kind = if what == Emit::Asm {
                FileType::Assembly
            } else {
                FileType::Object
            };
            let buf = tm
                .write_to_memory_buffer(&module, kind)
                .map_err(|e| CodegenError::Target(format!("code generation failed: {e}")))?;
            Ok(buf.as_slice().to_vec())
        }
    }
}
