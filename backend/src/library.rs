//! Where LLVM's code comes from. On x86-64 Linux kiln does not link libLLVM: `build.rs`
//! defines every function of its C API as a trampoline that loads the library on the first
//! call (`runtime/llvm_loader.c`). Lowering, checking and formatting never call LLVM, so
//! they never map its 130 MB library, relocate its data or run its static constructors;
//! compiling, running and printing LLVM IR load it once, on whichever thread comes first.
//! Elsewhere the library is linked as usual and is always loaded.

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
extern "C" {
    fn kiln_llvm_is_loaded() -> std::ffi::c_int;
}

/// Whether this process has loaded LLVM's library: false until the first LLVM call on
/// x86-64 Linux, always true where the library is linked.
pub fn llvm_is_loaded() -> bool {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        // SAFETY: reads a flag the loader sets once, atomically.
        unsafe { kiln_llvm_is_loaded() != 0 }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    {
        true
    }
}
