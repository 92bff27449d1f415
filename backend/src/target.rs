//! Targets: the options code is generated with, the target machine they make (PIC; the host
//! or a triple; a CPU checked against the target's own list), and what each target's objects
//! allow.

use crate::error::CodegenError;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

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

/// Whether the target's objects can be joined ([`crate::object::merge`]): 64-bit ELF with explicit
/// addends (x86-64 and AArch64 on Linux and other ELF systems).
pub(crate) fn joins_objects(tm: &TargetMachine) -> bool {
    let triple = tm.get_triple().as_str().to_string_lossy().to_lowercase();
    let arch = triple.split('-').next().unwrap_or_default();
    let not_elf = [
        "darwin", "macos", "ios", "apple", "windows", "win32", "mingw", "cygwin", "uefi", "x32",
        "ilp32",
    ];
    matches!(arch, "x86_64" | "amd64" | "aarch64" | "arm64")
        && !not_elf.iter().any(|os| triple.contains(os))
}
