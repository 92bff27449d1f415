//! kiln's LLVM 19 backend (inkwell): the engine's extracted, elaborated LLVM-level form
//! ([`kiln_lowered::Lowered`]) to LLVM IR, assembly, objects ([`emit()`]) and JIT calls
//! ([`call`]). It sees only lowered functions, never e-graphs, and knows nothing of the
//! source dialects: each target op of `rules/llvm.rules` is one builder call.
//!
//! Three parts over one code generator: [`codegen`] builds a function's LLVM module;
//! [`object`] turns the pieces of code into linked text, objects (units, optimized parts,
//! caches) and assembly; [`jit`] compiles into the process and calls, with its own
//! process-level machinery (stack-overflow reporting, crash isolation in a child process,
//! the runtime library's symbols). The LLVM-dialect printer ([`mlir_llvm`]) sits beside
//! them.
//!
//! ```
//! let (major, _, _) = kiln_backend::llvm_version();
//! assert_eq!(major, 19);
//! assert!(!kiln_backend::host_triple().is_empty());
//! ```

#![deny(missing_docs)]

pub mod bf16;
pub mod codegen;
pub mod cpus;
mod debug;
pub mod error;
pub mod globals;
pub mod jit;
mod library;
pub mod mlir_llvm;
pub mod object;
pub mod stack;
pub mod target;

pub use codegen::{build_module, CodegenError};
pub use jit::{call, Jit, JitCpu, JitError, Kind, Value};
pub use library::{BUILT_HOST_TRIPLE, BUILT_LLVM_VERSION};
pub use mlir_llvm::{print_program, PrintError};
pub use object::cache::ObjectCache;
pub use object::code::{build_function_code, check_agreement, link, Entity, FunctionCode};
pub use object::emit::{emit, emit_code, emit_code_cached};
pub use object::merge::{merge_objects, MergeError};
pub use object::shared::{SharedKey, SharedObjects};
pub use target::{check_cpu, target_machine, CodegenOptions, Emit};

pub use inkwell::targets::TargetMachine;

/// The version of the LLVM library kiln runs with.
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
