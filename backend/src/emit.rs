//! Target machines, the new pass manager's `default<On>` pipelines, and the bytes of each
//! kind of output. Module names and source file names are fixed so the same input gives the
//! same bytes.

use crate::cache::ObjectCache;
use crate::code::{build_function_code, check_agreement, link, FunctionCode};
use crate::codegen::CodegenError;
use crate::units::{compile_units, joins_objects, uses_units};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;
use kiln_lowered::Lowered;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// LLVM IR text (`.ll`).
    LlvmIr,
    /// Assembly text for the target (`.s`).
    Asm,
    /// A relocatable object file for the target (`.o`).
    Obj,
}

/// Where and how to generate code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CodegenOptions {
    /// `None`: the host.
    pub triple: Option<String>,
    /// `None`: the target's generic CPU; `native`: the host's CPU and features.
    pub cpu: Option<String>,
    /// 0 to 3.
    pub opt_level: u8,
}

impl CodegenOptions {
    /// For the target triple `t` (`aarch64-unknown-linux-gnu`) instead of the host's.
    pub fn with_triple(mut self, t: impl Into<String>) -> Self {
        self.triple = Some(t.into());
        self
    }

    /// For the CPU `c` (`native`: the host's CPU and features) instead of the generic one.
    pub fn with_cpu(mut self, c: impl Into<String>) -> Self {
        self.cpu = Some(c.into());
        self
    }

    /// At LLVM's `default<On>` pipeline `o` (above 3 is 3).
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
    let triple_text = triple.as_str().to_string_lossy().into_owned();
    check_cpu(&triple_text, opts.cpu.as_deref())?;
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

/// The CPU table of a triple's architecture: the CPUs that can run its code, and those LLVM
/// knows for the architecture family but that cannot (x86 CPUs without 64-bit mode).
fn cpu_tables(triple: &str) -> Option<(Vec<&'static str>, &'static [&'static str])> {
    use crate::cpus::{AARCH64, X86_32_ONLY, X86_64};
    let arch = triple.split('-').next().unwrap_or_default();
    match arch {
        "x86_64" | "amd64" => Some((X86_64.to_vec(), X86_32_ONLY)),
        "i386" | "i486" | "i586" | "i686" | "x86" => {
            Some((X86_64.iter().chain(X86_32_ONLY).copied().collect(), &[]))
        }
        "aarch64" | "arm64" | "aarch64_be" => Some((AARCH64.to_vec(), &[])),
        _ => None,
    }
}

/// Checks a CPU name against the CPUs LLVM 19 has for the triple, before LLVM sees it: LLVM
/// only warns on standard error about an unknown name (and then ignores it), and aborts the
/// whole process for an x86 CPU without 64-bit mode on an x86-64 triple. `None` is the
/// target's generic CPU; `native` is the host's CPU, which only suits the host's
/// architecture. Features are never taken from the user, only from the host with `native`.
pub fn check_cpu(triple: &str, cpu: Option<&str>) -> Result<(), CodegenError> {
    let Some(cpu) = cpu else {
        return Ok(());
    };
    let arch = |t: &str| t.split('-').next().unwrap_or_default().to_string();
    if cpu == "native" {
        let host = crate::host_triple();
        if arch(&host) != arch(triple) {
            return Err(CodegenError::Target(format!(
                "`--cpu native` names the host's CPU, a {} CPU, which cannot run code for `{triple}`",
                arch(&host)
            )));
        }
        return Ok(());
    }
    if cpu.is_empty() {
        return Err(CodegenError::Target(
            "the CPU name is empty (leave it out for the target's generic CPU)".to_string(),
        ));
    }
    let Some((usable, other)) = cpu_tables(triple) else {
        // An architecture kiln has no table for: only the generic CPU is known to be safe.
        return if cpu == "generic" {
            Ok(())
        } else {
            Err(CodegenError::Target(format!(
                "kiln knows no CPUs of `{triple}` but `generic`, not `{cpu}`"
            )))
        };
    };
    if usable.contains(&cpu) {
        return Ok(());
    }
    if other.contains(&cpu) {
        return Err(CodegenError::Target(format!(
            "CPU `{cpu}` has no 64-bit mode, so it cannot run code for `{triple}` (try `x86-64`, `x86-64-v2`, `x86-64-v3` or `native`)"
        )));
    }
    let family = if crate::cpus::AARCH64.contains(&cpu) {
        " (it is an AArch64 CPU)"
    } else if crate::cpus::X86_64.contains(&cpu) || crate::cpus::X86_32_ONLY.contains(&cpu) {
        " (it is an x86 CPU)"
    } else {
        ""
    };
    Err(CodegenError::Target(format!(
        "unknown CPU `{cpu}` for `{triple}`{family}; `llc-19 -mtriple={triple} -mcpu=help` lists the CPUs, `native` is the host's"
    )))
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
/// optimized with `default<On>` and printed or compiled to machine code. An object at `-O0`
/// is compiled in units on every core and joined ([`crate::units`]); an optimized one of a
/// large program is optimized and compiled in parts on every core ([`crate::thin`]), a
/// smaller one optimized and compiled whole.
pub fn emit_code(
    parts: &[&FunctionCode],
    what: Emit,
    opts: &CodegenOptions,
) -> Result<Vec<u8>, CodegenError> {
    emit_code_cached(parts, what, opts, None)
}

/// [`emit_code`] with the objects of units kept in (and taken from) a cache, so a session
/// compiles again only the units an edit touched. The bytes are those of [`emit_code`].
pub fn emit_code_cached(
    parts: &[&FunctionCode],
    what: Emit,
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(opts)?;
    if uses_units(what, opts, &tm) {
        // Every piece must agree with every other on each function's type, across units
        // as within one. The check walks every piece, as the join of the units' objects
        // does, so the two run side by side (after a one-function edit in a session they
        // are most of the work); a disagreement wins over whatever the units gave.
        let (agreed, units) = rayon::join(
            || check_agreement(parts),
            || compile_units(parts, opts, cache),
        );
        agreed?;
        if let Some(object) = units? {
            return Ok(object);
        }
    } else if what == Emit::Obj && opts.opt_level > 0 && joins_objects(&tm) {
        let (agreed, object) = rayon::join(
            || check_agreement(parts),
            || crate::thin::compile_in_parts(parts, opts, cache),
        );
        agreed?;
        if let Some(object) = object? {
            return Ok(object);
        }
    }
    let text = link(parts, &tm)?;
    if what == Emit::LlvmIr && opts.opt_level == 0 {
        return Ok(text.into_bytes());
    }
    module_output(&text, what, opts, &tm)
}

/// Reads linked LLVM IR text into a module, verifies and optimizes it, and prints it or
/// generates code.
pub(crate) fn module_output(
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
