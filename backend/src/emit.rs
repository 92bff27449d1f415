//! Target machines, the new pass manager's `default<On>` pipelines, and the bytes of each
//! kind of output. Module names and source file names are fixed so the same input gives the
//! same bytes.

use crate::code::{build_function_code, link, FunctionCode};
use crate::codegen::CodegenError;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;
use kiln_engine::Lowered;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    LlvmIr,
    Asm,
    Obj,
}

/// Where and how to generate code.
#[derive(Clone, Debug, Default)]
pub struct CodegenOptions {
    /// `None`: the host.
    pub triple: Option<String>,
    /// `None`: the target's generic CPU; `native`: the host's CPU and features.
    pub cpu: Option<String>,
    /// 0 to 3.
    pub opt_level: u8,
}

impl CodegenOptions {
    pub fn with_triple(mut self, t: impl Into<String>) -> Self {
        self.triple = Some(t.into());
        self
    }

    pub fn with_cpu(mut self, c: impl Into<String>) -> Self {
        self.cpu = Some(c.into());
        self
    }

    pub fn with_opt_level(mut self, o: u8) -> Self {
        self.opt_level = o.min(3);
        self
    }
}

fn level(o: u8) -> OptimizationLevel {
    match o {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// A target machine for the options (position-independent code, so objects link into
/// executables and shared libraries alike).
pub fn target_machine(opts: &CodegenOptions) -> Result<TargetMachine, CodegenError> {
    Target::initialize_x86(&InitializationConfig::default());
    Target::initialize_aarch64(&InitializationConfig::default());
    let triple = match &opts.triple {
        Some(t) => TargetTriple::create(t),
        None => TargetMachine::get_default_triple(),
    };
    let target = Target::from_triple(&triple).map_err(|e| {
        CodegenError::Target(format!(
            "unknown target `{}`: {e} (kiln emits for x86-64 and AArch64)",
            triple.as_str().to_string_lossy()
        ))
    })?;
    // The default CPU is the target's baseline, so the same input gives the same bytes on
    // every machine; `--cpu native` opts into the host's CPU and features.
    let (cpu, features) = match opts.cpu.as_deref() {
        Some("native") => (
            TargetMachine::get_host_cpu_name().to_string(),
            TargetMachine::get_host_cpu_features().to_string(),
        ),
        Some(c) => (c.to_string(), String::new()),
        None => ("generic".to_string(), String::new()),
    };
    target
        .create_target_machine(
            &triple,
            &cpu,
            &features,
            level(opts.opt_level),
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Target(format!(
                "LLVM cannot create a target machine for `{}` with CPU `{cpu}`",
                triple.as_str().to_string_lossy()
            ))
        })
}

/// Compiles lowered functions to LLVM IR text, assembly or an object file: each function is
/// code-generated on its own ([`build_function_code`]) and the pieces are linked, exactly as
/// an incremental session does, so both give the same bytes.
pub fn emit(
    functions: &[Lowered],
    what: Emit,
    opts: &CodegenOptions,
) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(opts)?;
    let parts = functions
        .iter()
        .map(|f| build_function_code(f, &tm))
        .collect::<Result<Vec<_>, _>>()?;
    emit_code(&parts.iter().collect::<Vec<_>>(), what, opts)
}

/// Links per-function code ([`link`]) and produces the output: at `-O0` LLVM IR is the
/// linked text itself; otherwise the text is read back into one module, verified,
/// optimized with `default<On>` and printed or compiled to machine code.
pub fn emit_code(
    parts: &[&FunctionCode],
    what: Emit,
    opts: &CodegenOptions,
) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(opts)?;
    let text = link(parts, &tm)?;
    if what == Emit::LlvmIr && opts.opt_level == 0 {
        return Ok(text.into_bytes());
    }
    let ctx = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "kiln");
    let module = ctx
        .create_module_from_ir(buffer)
        .map_err(|e| CodegenError::Target(format!("LLVM cannot read the linked module: {e}")))?;
    module
        .verify()
        .map_err(|e| CodegenError::Target(format!("LLVM rejected the module: {e}")))?;
    if opts.opt_level > 0 {
        module
            .run_passes(
                &format!("default<O{}>", opts.opt_level),
                &tm,
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
