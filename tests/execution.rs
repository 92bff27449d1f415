//! Execution of the corpus, one test per program with `// run: @ENTRY ARGS...` lines:
//! - `run/<program>`: `kiln run` of every line gives exactly `tests/golden/run/<program>.out`
//!   (`KILN_BLESS=1` rewrites it);
//! - `mlir/<program>`: MLIR 19's own lowering of the program (`kiln run --via-mlir`, the
//!   pipeline of `../shared/reference/lower.sh`) gives the same output as kiln's for every
//!   line. Skipped when MLIR 19 is not installed, unless `KILN_REQUIRE_MLIR` is set (CI).
//! - `interp/<program>`: kiln's reference interpreter (`kiln interp`, no rules, no LLVM)
//!   prints the same for every line it can interpret (it refuses `f16`).

mod common;

use common::{corpus_programs, kiln, root};
use libtest_mimic::{Arguments, Failed, Trial};

/// The `// run:` lines of a program: entry and arguments.
fn run_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// run:"))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .filter(|v: &Vec<String>| !v.is_empty())
        .collect()
}

/// `kiln run` of one line (`--via-mlir` when asked); the output, or why it failed.
fn run_one(file: &str, line: &[String], via_mlir: bool) -> Result<String, Failed> {
    let entry = line[0].as_str();
    let mut args = vec!["run", "--color", "never", file, "--entry", entry];
    if via_mlir {
        args.push("--via-mlir");
    }
    args.extend(line[1..].iter().map(String::as_str));
    let o = kiln(&args);
    let e = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() || e.contains("panicked") {
        return Err(format!(
            "`kiln {}` failed ({:?}):\n{e}",
            args.join(" "),
            o.status.code()
        )
        .into());
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

fn transcript(file: &str, lines: &[Vec<String>], via_mlir: bool) -> Result<String, Failed> {
    let mut out = String::new();
    for l in lines {
        out.push_str(&format!("// run: {}\n", l.join(" ")));
        out.push_str(&run_one(file, l, via_mlir)?);
    }
    Ok(out)
}

fn golden_trial(name: String, lines: Vec<Vec<String>>) -> Result<(), Failed> {
    let text = transcript(&format!("corpus/{name}"), &lines, false)?;
    let golden = root().join("tests/golden/run").join(format!("{name}.out"));
    Ok(common::golden(&golden, &text)?)
}

/// The entries a program's `// mlir-19-differs: @ENTRY REASON` lines name: where MLIR 19's
/// lowering is demonstrably wrong or imprecise (or fails), so kiln's output must differ
/// from it (the golden transcript and the interpreter hold kiln to the documented
/// semantics).
fn mlir_differs(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// mlir-19-differs:"))
        .filter_map(|l| l.split_whitespace().next())
        .map(|e| e.trim_start_matches('@').to_string())
        .collect()
}

fn mlir_trial(name: String, lines: Vec<Vec<String>>) -> Result<(), Failed> {
    let file = format!("corpus/{name}");
    let differs = mlir_differs(&std::fs::read_to_string(root().join(&file))?);
    for l in &lines {
        let ours = run_one(&file, l, false)?;
        let theirs = run_one(&file, l, true);
        if differs.iter().any(|d| l[0].trim_start_matches('@') == d) {
            // MLIR 19 gives another output, or fails to lower the program at all.
            let Ok(theirs) = theirs else { continue };
            if ours == theirs {
                return Err(format!(
                    "`{}` is marked `mlir-19-differs` but MLIR 19 gives kiln's output:\n{ours}",
                    l.join(" ")
                )
                .into());
            }
            continue;
        }
        let theirs = theirs?;
        if ours != theirs {
            return Err(format!(
                "`{}` differs:\n--- kiln\n{ours}--- MLIR 19\n{theirs}",
                l.join(" ")
            )
            .into());
        }
    }
    Ok(())
}

fn interp_trial(name: String, lines: Vec<Vec<String>>) -> Result<(), Failed> {
    let file = format!("corpus/{name}");
    for l in &lines {
        let ours = run_one(&file, l, false)?;
        let mut args = vec![
            "interp",
            "--color",
            "never",
            file.as_str(),
            "--entry",
            l[0].as_str(),
        ];
        args.extend(l[1..].iter().map(String::as_str));
        let o = kiln(&args);
        let e = String::from_utf8_lossy(&o.stderr);
        // The interpreter has no f16 math and no addresses.
        if e.contains("cannot interpret: f16") || e.contains("cannot interpret: addresses") {
            continue;
        }
        let theirs = String::from_utf8_lossy(&o.stdout);
        if !o.status.success() || ours != theirs {
            return Err(format!(
                "`{}` differs:\n--- kiln run\n{ours}--- kiln interp\n{theirs}{e}",
                l.join(" ")
            )
            .into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let skip_mlir =
        !kiln::reference::available() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
    let mut trials = Vec::new();
    for (path, name) in corpus_programs() {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let lines = run_lines(&text);
        if lines.is_empty() {
            continue;
        }
        let (n, l) = (name.clone(), lines.clone());
        trials.push(Trial::test(format!("run/{name}"), move || {
            golden_trial(n, l)
        }));
        let (n, l) = (name.clone(), lines.clone());
        trials.push(Trial::test(format!("interp/{name}"), move || {
            interp_trial(n, l)
        }));
        trials.push(
            Trial::test(format!("mlir/{name}"), move || mlir_trial(name, lines))
                .with_ignored_flag(skip_mlir),
        );
    }
    libtest_mimic::run(&args, trials).exit();
}
