//! Where LLVM's code comes from. On x86-64 Linux kiln does not link libLLVM: `build.rs`
//! defines every function of its C API as a trampoline that loads the library on the first
//! call (`runtime/llvm_loader.c`). Lowering, checking and formatting never call LLVM, so
//! they never map its 130 MB library, relocate its data or run its static constructors;
//! compiling, running and printing LLVM IR load it once, on whichever thread comes first.
//! Elsewhere the library is linked as usual. What a version string needs of LLVM is
//! recorded at build time, so that printing it loads nothing.

/// The version of LLVM kiln was built against (`llvm-config --version`), known without
/// loading the library.
pub const BUILT_LLVM_VERSION: &str = env!("KILN_LLVM_VERSION");

/// The default target triple of the LLVM kiln was built against (`llvm-config
/// --host-target`, what [`crate::host_triple`] returns), known without loading the library.
pub const BUILT_HOST_TRIPLE: &str = env!("KILN_LLVM_HOST_TARGET");
