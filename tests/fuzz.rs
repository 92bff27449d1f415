//! Each fuzz target of `kiln::fuzz` runs briefly (32 s in all, about 20 s on 2 cores), so
//! CI proves the targets work and the oracles hold on the seeds and their first mutations;
//! every input under `tests/fuzz/frontend/` (one a finding once made crash) goes through
//! `kiln check` (human and JSON errors) with exit 0 or 1 and no panic.
//! Longer runs: `scripts/fuzz.sh TARGET SECONDS` (FUZZING.md).

mod common;

use common::root;
use kiln::fuzz::{Config, Target, TARGETS};
use libtest_mimic::{Arguments, Failed, Trial};
use std::time::Duration;

fn brief(target: Target, seconds: u64, min_executions: u64) -> Result<(), Failed> {
    let cfg = Config {
        root: root(),
        seed: 19,
        budget: Duration::from_secs(seconds),
        kiln: Some(env!("CARGO_BIN_EXE_kiln").into()),
        mlir: kiln::reference::available(),
    };
    let report = kiln::fuzz::run(target, &cfg)?;
    if let Some(f) = report.findings.first() {
        return Err(format!(
            "{} finding(s); the first, {}: {}\ninput:\n{}",
            report.findings.len(),
            f.kind,
            f.message,
            String::from_utf8_lossy(&f.input)
        )
        .into());
    }
    if report.executions < min_executions {
        return Err(format!(
            "only {} executions in {seconds} s (expected at least {min_executions})",
            report.executions
        )
        .into());
    }
    if target == Target::Frontend && cfg.mlir && report.mlir_checked == 0 {
        return Err("mlir-opt-19 checked nothing".into());
    }
    Ok(())
}

/// `kiln check` of a regression input, both error formats: no panic, exit 0 or 1; then the
/// coverage-guided target's oracle on it (fmt round trip, and `mlir-opt-19` accepting fmt's
/// output when it is installed).
fn regression(path: std::path::PathBuf) -> Result<(), Failed> {
    let bytes = std::fs::read(&path)?;
    kiln::fuzz::execute(Target::Frontend, &bytes, kiln::reference::available())?;
    for format in ["human", "json"] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(["--error-format", format, "check"])
            .arg(&path)
            .output()?;
        let err = String::from_utf8_lossy(&o.stderr);
        if err.contains("panicked") || !matches!(o.status.code(), Some(0 | 1)) {
            return Err(
                format!("`kiln check` ({format}) ended with {:?}:\n{err}", o.status).into(),
            );
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for &(name, target) in TARGETS {
        let (seconds, min) = match target {
            Target::Frontend => (5, 200),
            Target::Rules => (6, 20),
            // Each serve execution starts a session and lowers; under load (the other
            // trials run beside it on two cores) 50 in 5 s was not always reached.
            Target::Serve => (5, 15),
            Target::RunArgs => (8, 10),
            Target::Lowering => (8, 10),
        };
        trials.push(Trial::test(format!("brief/{name}"), move || {
            brief(target, seconds, min)
        }));
    }
    for path in common::files(&root().join("tests/fuzz/frontend"), "mlir", "") {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        trials.push(Trial::test(
            format!("regression/frontend/{name}"),
            move || regression(path),
        ));
    }
    libtest_mimic::run(&args, trials).exit();
}
