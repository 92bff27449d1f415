//! kiln's LLVM 19 backend (inkwell). It will turn the engine's extracted, elaborated
//! LLVM-level form into IR, assembly, objects, libraries and JIT-run code; it sees only
//! extracted terms, never e-graphs, and knows nothing of the source dialects.
//!
//! Today it answers what the linked LLVM is and what it targets by default, which `kiln
//! --version` reports and which proves the LLVM link works on a machine.
//!
//! ```
//! let (major, _, _) = kiln_backend::llvm_version();
//! assert_eq!(major, 19);
//! assert!(!kiln_backend::host_triple().is_empty());
//! ```

use inkwell::targets::TargetMachine;

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
