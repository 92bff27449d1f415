//! Conformance with MLIR 19's own conversion tests, through
//! `scripts/conformance.py` (tests/conformance/README.md):
//! - `sample`: the script on `tests/conformance/sample/` (a file written for kiln in the
//!   shape of MLIR's tests: RUN lines, FileCheck lines, `// -----`, a transform script,
//!   functions outside kiln's language); its verdicts must equal
//!   `tests/conformance/sample.expected.tsv`. Runs wherever MLIR 19 is installed (as the
//!   other differential tests; `KILN_REQUIRE_MLIR=1` makes its absence a failure).
//! - `mlir-tests`: the script on MLIR's test files under `$KILN_LLVM_PROJECT` (an
//!   llvm-project checkout); the verdicts must equal `tests/conformance/expected.tsv`.
//!   Without the variable the trial is not registered, unless `KILN_REQUIRE_CONFORMANCE`
//!   is set (then its absence is a failure).
//!
//! `KILN_BLESS=1` rewrites the expected verdicts.

mod common;

use common::root;
use libtest_mimic::{Arguments, Failed, Trial};
use std::process::Command;

fn script(args: &[&str], expect: &str) -> Result<(), Failed> {
    let mut cmd = Command::new("python3");
    cmd.arg(root().join("scripts/conformance.py"))
        .args(["--kiln", env!("CARGO_BIN_EXE_kiln")])
        .args(args)
        .args(["--expect", expect])
        .current_dir(root());
    if std::env::var_os("KILN_BLESS").is_some() {
        cmd.arg("--bless");
    }
    let out = cmd.output()?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "conformance.py failed ({:?}):\n{}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let no_mlir = !kiln::reference::available() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
    let llvm = std::env::var("KILN_LLVM_PROJECT").ok();
    let no_llvm = llvm.is_none() && std::env::var_os("KILN_REQUIRE_CONFORMANCE").is_none();
    let mut trials = vec![Trial::test("sample", || {
        script(
            &[
                "--source",
                "tests/conformance/sample",
                "--files",
                "Own/shapes.mlir",
            ],
            "tests/conformance/sample.expected.tsv",
        )
    })
    .with_ignored_flag(no_mlir)];
    // MLIR's own files are not in the repository (tests/conformance/README.md): the trial
    // exists only where a checkout is named, rather than as a test that is always skipped.
    if !no_llvm {
        trials.push(Trial::test("mlir-tests", move || {
            let Some(dir) = llvm else {
                return Err("KILN_REQUIRE_CONFORMANCE is set but KILN_LLVM_PROJECT is not".into());
            };
            script(&["--source", &dir], "tests/conformance/expected.tsv")
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
