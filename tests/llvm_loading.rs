//! LLVM's library is loaded by what generates code and by nothing else. On x86-64 Linux
//! kiln binds LLVM on its first call (`backend/build.rs`), so `lower`, `check` and `fmt`
//! run without mapping the library, and `--version` reports the LLVM kiln was built
//! against. The dynamic loader's own trace (`LD_DEBUG=files`) says which libraries a run
//! opened.

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

/// A library of LLVM's name that is not LLVM (first on `LD_LIBRARY_PATH`) is one diagnostic
/// at the first LLVM call, exit status 1 and no output file; lowering still works.
#[test]
fn a_library_that_is_not_llvm_is_a_diagnostic() {
    let dir = tempfile::tempdir().expect("temp dir");
    let not_llvm = [
        "/lib/x86_64-linux-gnu/libz.so.1",
        "/usr/lib/x86_64-linux-gnu/libz.so.1",
    ]
    .into_iter()
    .find(|p| Path::new(p).exists())
    .expect("zlib, which LLVM needs, is installed");
    std::fs::copy(not_llvm, dir.path().join("libLLVM.so.19.1")).expect("copy");
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/memref_copy.mlir");
    let object = dir.path().join("program.o");
    let run = |args: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(args)
            .env("LD_LIBRARY_PATH", dir.path())
            .output()
            .expect("run kiln")
    };
    let lowered = run(&["lower".as_ref(), program.as_os_str()]);
    assert!(
        lowered.status.success(),
        "{}",
        String::from_utf8_lossy(&lowered.stderr)
    );
    let compiled = run(&[
        "compile".as_ref(),
        program.as_os_str(),
        "-o".as_ref(),
        object.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&compiled.stderr);
    assert_eq!(compiled.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: the LLVM library kiln loaded as libLLVM.so.19.1 has no function LLVM"
        ),
        "{stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read dir")
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    assert_eq!(left, ["libLLVM.so.19.1"], "a partial output was left");
}
