//! MLIR 19's own lowering of a program, for differential checks (`kiln run --via-mlir`,
//! the corpus tests): the pass pipeline `../shared/reference/lower.sh` runs, then
//! `mlir-translate-19` to LLVM IR.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// `mlir-opt`'s passes from MLIR's memref, arith, cf and func dialects to LLVM: those of
/// `lower.sh`, plus `--arith-expand`, without which `arith.ceildivsi` and friends (which
/// kiln expands by rule) survive to `mlir-translate` and fail there, and the `math`
/// conversions (intrinsics first, the C library for what has none), `--lower-affine`
/// for the `affine.apply` that `--expand-strided-metadata` makes of a subview, and
/// `--expand-realloc` (with `--convert-scf-to-cf` for the `scf.if` it makes), without which
/// `memref.realloc` reaches `mlir-translate` unlowered. The memref conversion comes after the
/// arith, math and index ones: it lowers a `memref.generic_atomic_rmw` only once the
/// operations of its region are the LLVM dialect's.
pub const PIPELINE: &[&str] = &[
    "--expand-realloc",
    "--convert-scf-to-cf",
    "--arith-expand",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-ub-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// Finds an LLVM 19 tool: `NAME-19` on the `PATH`, else Debian's `/usr/lib/llvm-19/bin`.
pub fn tool(name: &str) -> Option<PathBuf> {
    let versioned = format!("{name}-19");
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(&versioned);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let p = PathBuf::from("/usr/lib/llvm-19/bin").join(name);
    p.is_file().then_some(p)
}

/// Whether `mlir-opt` and `mlir-translate` of LLVM 19 are installed.
pub fn available() -> bool {
    tool("mlir-opt").is_some() && tool("mlir-translate").is_some()
}

fn pipe(program: &PathBuf, args: &[&str], input: &str) -> Result<String, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run `{}`: {e}", program.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .map_err(|e| format!("cannot feed `{}`: {e}", program.display()))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("`{}` did not finish: {e}", program.display()))?;
    if !out.status.success() {
        return Err(format!(
            "`{}` failed:\n{}",
            program.display(),
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    String::from_utf8(out.stdout).map_err(|_| "the output is not UTF-8".to_string())
}

/// MLIR 19's LLVM IR for `mlir` (modern syntax, e.g. `kiln fmt`'s output).
pub fn mlir_llvm_ir(mlir: &str) -> Result<String, String> {
    mlir_llvm_ir_with(mlir, false)
}

/// [`mlir_llvm_ir`], with `bare_ptr` selecting MLIR's `use-bare-ptr-memref-call-conv` for
/// every function (`kiln run --via-mlir --bare-ptr-memref-call-conv`).
pub fn mlir_llvm_ir_with(mlir: &str, bare_ptr: bool) -> Result<String, String> {
    let (Some(opt), Some(translate)) = (tool("mlir-opt"), tool("mlir-translate")) else {
        return Err(
            "MLIR 19 is not installed (apt install mlir-19-tools; see README.md)".to_string(),
        );
    };
    let passes: Vec<&str> = PIPELINE
        .iter()
        .map(|p| match *p {
            "--convert-func-to-llvm" if bare_ptr => {
                "--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1"
            }
            p => p,
        })
        .collect();
    let lowered = pipe(&opt, &passes, mlir)?;
    pipe(&translate, &["--mlir-to-llvmir"], &lowered)
}

/// The functions `entry` reaches through calls and `func.constant`s (itself included), in source order: what a
/// differential run hands to MLIR, so functions MLIR cannot lower (kiln's generic ops are
/// external C calls; MLIR rejects unregistered operations) do not stop it.
pub fn reachable(module: &kiln_frontend::ir::Module, entry: &str) -> kiln_frontend::ir::Module {
    let mut seen = vec![entry.to_string()];
    let mut work = vec![entry.to_string()];
    while let Some(name) = work.pop() {
        let Some(f) = module.functions.iter().find(|f| f.name == name) else {
            continue;
        };
        for block in f.body.iter().flat_map(|b| &b.blocks) {
            for op in &block.ops {
                if let Some(callee) = op.kind.function_named() {
                    if !seen.iter().any(|s| s == callee) {
                        seen.push(callee.to_string());
                        work.push(callee.to_string());
                    }
                }
            }
        }
    }
    let mut out = module.clone();
    out.functions.retain(|f| seen.contains(&f.name));
    out
}
