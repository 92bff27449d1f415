//! The generic IR against `mlir-opt-19`, one test per file:
//! - `golden/<file>`: each `tests/golden/generic/*.mlir` reads, and prints in custom and
//!   generic form exactly its `.custom` and `.generic` files (`KILN_BLESS=1` rewrites them)
//!   and, when `mlir-opt-19` is installed, exactly what `mlir-opt-19` prints.
//! - `corpus/<program>`: each corpus program reads and prints as `mlir-opt-19` prints it
//!   (where `mlir-opt-19` reads it), and what is printed reads back and prints the same; or
//!   it is refused because it writes an operation the reader knows only in generic form.
//!
//! `KILN_REQUIRE_MLIR=1` makes a missing `mlir-opt-19` a failure, as in CI.

use kiln_frontend::generic::{graph::Graph, print_operation, read_module, PrintOptions};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;

const MLIR_OPT: &str = "/usr/lib/llvm-19/bin/mlir-opt";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name() != Some("fail".as_ref()) {
                stack.push(p);
            } else if p.extension() == Some("mlir".as_ref()) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Both forms as kiln prints them, each ending in a newline as `mlir-opt`'s output does.
fn kiln_forms(path: &Path) -> Result<Option<[String; 2]>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut g = Graph::new();
    let m = match read_module(&mut g, &text, &path.to_string_lossy()) {
        Ok(m) => m,
        Err(e) if e.message.starts_with("custom op") => return Ok(None),
        Err(e) => return Err(e.in_file(&path.to_string_lossy(), &text)),
    };
    let print = |generic| {
        let options = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        format!("{}\n", print_operation(&g, m, options))
    };
    Ok(Some([print(false), print(true)]))
}

fn mlir_forms(path: &Path) -> Result<[String; 2], String> {
    let run = |generic: bool| -> Result<String, String> {
        let mut c = Command::new(MLIR_OPT);
        c.arg("--allow-unregistered-dialect").arg(path);
        if generic {
            c.arg("--mlir-print-op-generic");
        }
        let out = c.output().map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        // mlir-opt ends its output with an empty line.
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        Ok(text.strip_suffix('\n').unwrap_or(&text).to_string())
    };
    Ok([run(false)?, run(true)?])
}

fn same(what: &str, expected: &str, got: &str) -> Result<(), Failed> {
    if expected == got {
        return Ok(());
    }
    let line = expected
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(expected.lines().count().min(got.lines().count()));
    Err(format!(
        "{what} differs from line {}:\n--- expected\n{expected}\n--- kiln\n{got}",
        line + 1
    )
    .into())
}

fn golden(path: PathBuf, have_mlir: bool) -> Result<(), Failed> {
    let forms = kiln_forms(&path)?.ok_or("the reader refused the file")?;
    for (form, ext) in forms.iter().zip(["custom", "generic"]) {
        let expected_path = path.with_extension(format!("mlir.{ext}"));
        if std::env::var_os("KILN_BLESS").is_some() {
            std::fs::write(&expected_path, form)?;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .map_err(|e| format!("{}: {e} (KILN_BLESS=1 writes it)", expected_path.display()))?;
        same(ext, &expected, form)?;
    }
    if have_mlir {
        let theirs = mlir_forms(&path)?;
        same("custom form against mlir-opt-19", &theirs[0], &forms[0])?;
        same("generic form against mlir-opt-19", &theirs[1], &forms[1])?;
    }
    Ok(())
}

fn corpus(path: PathBuf, have_mlir: bool) -> Result<(), Failed> {
    let Some(forms) = kiln_forms(&path)? else {
        return Ok(());
    };
    // What kiln prints reads back and prints the same.
    for (form, generic) in forms.iter().zip([false, true]) {
        let mut g = Graph::new();
        let m =
            read_module(&mut g, form, "printed.mlir").map_err(|e| e.in_file("printed", form))?;
        let options = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        same(
            "the reprint",
            form,
            &format!("{}\n", print_operation(&g, m, options)),
        )?;
    }
    // mlir-opt-19 is the reference where it reads the program (not MLIR's older spellings).
    if have_mlir {
        if let Ok(theirs) = mlir_forms(&path) {
            same("custom form against mlir-opt-19", &theirs[0], &forms[0])?;
            same("generic form against mlir-opt-19", &theirs[1], &forms[1])?;
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let have_mlir = Path::new(MLIR_OPT).exists();
    if !have_mlir && std::env::var_os("KILN_REQUIRE_MLIR").is_some() {
        eprintln!("KILN_REQUIRE_MLIR is set but {MLIR_OPT} is missing");
        std::process::exit(1);
    }
    let mut trials = Vec::new();
    let golden_dir = root().join("tests/golden/generic");
    for f in files(&golden_dir) {
        let name = format!(
            "golden/{}",
            f.file_name().unwrap_or_default().to_string_lossy()
        );
        trials.push(Trial::test(name, move || golden(f, have_mlir)));
    }
    let corpus_dir = root().join("corpus");
    for f in files(&corpus_dir) {
        let rel = f
            .strip_prefix(&corpus_dir)
            .unwrap_or(&f)
            .to_string_lossy()
            .into_owned();
        trials.push(Trial::test(format!("corpus/{rel}"), move || {
            corpus(f, have_mlir)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
