//! File-driven tests, one test per file:
//! - `fmt/<program>`: every program under `corpus/` (outside `fail/`) passes `kiln check`,
//!   and `kiln fmt` prints exactly `tests/golden/fmt/<program>` (set `KILN_BLESS=1` to
//!   rewrite the golden files); the printed text parses back to the same IR and prints the
//!   same again.
//! - `mlir-opt/<program>`: `mlir-opt-19` accepts what `kiln fmt` printed (when the tool is
//!   installed; `KILN_REQUIRE_MLIR=1` makes its absence a failure, as in CI).
//! - `fail/<file>`: each file's leading `// error: LINE:COL: MESSAGE` comments (after a
//!   `// stage: lower` line for programs that check but must not lower) are exactly
//!   the errors `kiln check` reports, with exit code 1 and no panic.

mod common;

use common::{corpus_programs, files, kiln, root};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MLIR_OPT: &str = "/usr/lib/llvm-19/bin/mlir-opt";

fn no_panic(out: &Output) -> Result<(), Failed> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("panicked") {
        return Err(format!("kiln panicked:\n{stderr}").into());
    }
    Ok(())
}

fn fmt_trial(path: PathBuf, name: String) -> Result<(), Failed> {
    let check = kiln(&[
        "check",
        "--color",
        "never",
        path.to_str().unwrap_or_default(),
    ]);
    no_panic(&check)?;
    if !check.status.success() {
        return Err(format!(
            "kiln check failed:\n{}",
            String::from_utf8_lossy(&check.stderr)
        )
        .into());
    }
    let out = kiln(&["fmt", path.to_str().unwrap_or_default()]);
    no_panic(&out)?;
    let printed = String::from_utf8(out.stdout)?;
    let golden = root().join("tests/golden/fmt").join(&name);
    common::golden(&golden, &printed).map_err(|e| format!("`kiln fmt {name}`: {e}"))?;
    // Round trip: the printed text is the same IR and a fixed point of the printer.
    let original = kiln_frontend::check_module(&std::fs::read_to_string(&path)?);
    let reparsed = kiln_frontend::check_module(&printed);
    if !reparsed.diagnostics.is_empty() {
        return Err(format!("printed text does not check: {:?}", reparsed.diagnostics).into());
    }
    if original.module.without_spans() != reparsed.module.without_spans() {
        return Err("print → parse gives different IR".into());
    }
    if kiln_frontend::print_module(&reparsed.module) != printed {
        return Err("printing is not idempotent".into());
    }
    Ok(())
}

fn mlir_opt_trial(path: PathBuf) -> Result<(), Failed> {
    let out = kiln(&["fmt", path.to_str().unwrap_or_default()]);
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("printed.mlir");
    std::fs::write(&file, &out.stdout)?;
    let opt = Command::new(MLIR_OPT)
        .arg("--allow-unregistered-dialect")
        .arg(&file)
        .arg("-o")
        .arg(dir.path().join("out.mlir"))
        .output()?;
    if !opt.status.success() {
        return Err(format!(
            "mlir-opt rejects kiln's output:\n{}\n{}",
            String::from_utf8_lossy(&opt.stderr),
            String::from_utf8_lossy(&out.stdout)
        )
        .into());
    }
    Ok(())
}

fn fail_trial(path: PathBuf) -> Result<(), Failed> {
    let text = std::fs::read_to_string(&path)?;
    // `// stage: lower` first: the program checks, and lowering must fail.
    let lower = text.starts_with("// stage: lower\n");
    let command = if lower { "lower" } else { "check" };
    let expected: Vec<String> = text
        .lines()
        .skip(usize::from(lower))
        .map_while(|l| l.strip_prefix("// error: "))
        .map(str::to_string)
        .collect();
    if expected.is_empty() {
        return Err("the file does not start with `// error: LINE:COL: MESSAGE`".into());
    }
    let p = path.to_str().unwrap_or_default();
    let with = |mut args: Vec<&'static str>, p: &str| -> std::process::Output {
        let mut a: Vec<&str> = std::mem::take(&mut args);
        a.push(p);
        if lower {
            a.extend(["-o", "/dev/null"]);
        }
        kiln(&a)
    };
    let out = with(vec![command, "--error-format", "json"], p);
    no_panic(&out)?;
    if out.status.code() != Some(1) {
        return Err(format!("exit code {:?}, expected 1", out.status.code()).into());
    }
    let stderr = String::from_utf8(out.stderr)?;
    let mut actual = Vec::new();
    for line in stderr.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("not JSON ({e}): {line}"))?;
        if v["severity"] == "error" {
            actual.push(format!(
                "{}:{}: {}",
                v["line"],
                v["column"],
                v["message"].as_str().unwrap_or_default()
            ));
        }
    }
    if actual != expected {
        return Err(format!(
            "expected errors:\n  {}\nactual errors:\n  {}",
            expected.join("\n  "),
            actual.join("\n  ")
        )
        .into());
    }
    // The human rendering carries the same location.
    let human = with(vec![command, "--color", "never"], p);
    let human = String::from_utf8_lossy(&human.stderr);
    let first = expected[0].split(": ").next().unwrap_or_default();
    if !human.contains(&format!("{p}:{first}")) {
        return Err(format!("human output lacks `{p}:{first}`:\n{human}").into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let have_mlir = Path::new(MLIR_OPT).exists();
    if !have_mlir && std::env::var_os("KILN_REQUIRE_MLIR").is_some() {
        eprintln!(
            "KILN_REQUIRE_MLIR is set but {MLIR_OPT} is missing (apt-get install mlir-19-tools)"
        );
        std::process::exit(1);
    }
    for (f, name) in corpus_programs() {
        let (p, n) = (f.clone(), name.clone());
        trials.push(Trial::test(format!("fmt/{name}"), move || fmt_trial(p, n)));
        trials.push(
            Trial::test(format!("mlir-opt/{name}"), move || mlir_opt_trial(f))
                .with_ignored_flag(!have_mlir),
        );
    }
    for f in files(&root().join("corpus/fail"), "mlir", "") {
        let name = format!(
            "fail/{}",
            f.file_name().unwrap_or_default().to_string_lossy()
        );
        trials.push(Trial::test(name, move || fail_trial(f)));
    }
    libtest_mimic::run(&args, trials).exit();
}
