//! kiln's LLVM 19 backend (inkwell): the engine's extracted, elaborated LLVM-level form
//! ([`kiln_lowered::Lowered`]) to LLVM IR, assembly, objects ([`emit()`]) and JIT calls
//! ([`call`]). It sees only lowered functions, never e-graphs, and knows nothing of the
//! source dialects: each target op of `rules/llvm.rules` is one builder call.
//!
//! ```
//! let (major, _, _) = kiln_backend::llvm_version();
//! assert_eq!(major, 19);
//! assert!(!kiln_backend::host_triple().is_empty());
//! ```

#![deny(missing_docs)]

pub mod bf16;
pub mod cache;
pub mod caller;
pub mod calls;
pub mod code;
pub mod codegen;
pub mod compile;
pub mod cpus;
mod debug;
pub mod emit;
pub mod error;
pub mod globals;
pub mod isolate;
pub mod jit;
pub mod merge;
pub mod mlir_llvm;
pub mod overflow;
mod packed;
pub mod runtime;
pub mod shared;
pub mod stack;
pub mod target;
pub mod thin;
pub mod units;

pub use cache::ObjectCache;
pub use code::{build_function_code, check_agreement, link, Entity, FunctionCode};
pub use codegen::{build_module, CodegenError};
pub use emit::{emit, emit_code, emit_code_cached};
pub use jit::{call, Jit, JitCpu, JitError, Kind, Value};
pub use merge::{merge_objects, MergeError};
pub use mlir_llvm::{print_program, PrintError};
pub use shared::{SharedKey, SharedObjects};
pub use target::{check_cpu, target_machine, CodegenOptions, Emit};

pub use inkwell::targets::TargetMachine;

/// The version of the LLVM library kiln is linked against.
pub fn llvm_version() -> (u32, u32, u32) {
    inkwell::support::get_llvm_version()
}

/// The target triple of the machine kiln runs on (LLVM's default target).
pub fn host_triple() -> String {
    TargetMachine::get_default_triple()
        .as_str()
        .to_string_lossy()
        .into_owned()
}
