//! LLVM's library is loaded by what generates code and by nothing else. On x86-64 Linux
//! kiln binds LLVM on its first call (`backend/build.rs`), so `lower`, `check` and `fmt`
//! run without mapping the library (and `--version` reports the LLVM kiln was built against); the dynamic loader's own trace (`LD_DEBUG=files`) says
//! which libraries a run opened.

#![cfg(all(target_os = "linux", target_arch = "x86_64"))]

use std::path::Path;
use std::process::Command;

/// Runs `kiln` with `args`, which must succeed, and says whether it opened libLLVM.
fn opens_llvm(args: &[&str]) -> bool {
    let output = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .env("LD_DEBUG", "files")
        .output()
        .expect("run kiln");
    let trace = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "kiln {args:?} failed:\n{trace}");
    trace.lines().any(|line| line.contains("file=libLLVM"))
}

#[test]
fn only_code_generation_loads_llvm() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = |name: &str| dir.path().join(name).display().to_string();
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/memref_copy.mlir");
    let program = program.to_str().expect("path");

    for args in [
        vec!["--version"],
        vec!["check", program],
        vec!["fmt", program],
        vec!["lower", program],
        vec!["lower", program, "-o", &out("lowered.mlir")],
    ] {
        assert!(!opens_llvm(&args), "kiln {args:?} loaded LLVM");
    }
    for args in [
        vec!["compile", program, "-o", &out("program.o")],
        vec!["compile", program, "--emit", "llvm-ir"],
    ] {
        assert!(opens_llvm(&args), "kiln {args:?} did not load LLVM");
    }
    assert!(std::fs::metadata(out("program.o")).is_ok_and(|m| m.len() > 0));
}
