//! Helpers shared by the test binaries (`corpus`, `rules`, `backend`, `cli`, `harden`, `abi`, ...).

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The project root (tests run kiln from there, with paths relative to it).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `kiln` binary in the project root.
pub fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the kiln binary runs")
}

/// Runs the `kiln` binary in the project root with `stdin` on its standard input. Whether
/// all of it could be written is returned beside the output: a server may stop reading early.
pub fn kiln_piped(args: &[&str], stdin: &[u8]) -> (Output, std::io::Result<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kiln starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let written = pipe.write_all(stdin);
    drop(pipe);
    (child.wait_with_output().expect("kiln finishes"), written)
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Files ending in `.ext` below `dir`, sorted, not descending into folders named `skip`.
/// A missing folder fails the test run rather than yielding no tests.
pub fn files(dir: &Path, ext: &str, skip: &str) -> Vec<PathBuf> {
    files_where(dir, &|d| d.file_name() != Some(skip.as_ref()), &|f| {
        f.extension() == Some(ext.as_ref())
    })
}

/// Files below `dir` that `keep` accepts, sorted, descending only into the folders `enter`
/// accepts. A missing folder fails the test run rather than yielding nothing.
pub fn files_where(
    dir: &Path,
    enter: &dyn Fn(&Path) -> bool,
    keep: &dyn Fn(&Path) -> bool,
) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(dir, enter, keep, &mut out);
    out
}

fn walk(
    dir: &Path,
    enter: &dyn Fn(&Path) -> bool,
    keep: &dyn Fn(&Path) -> bool,
    out: &mut Vec<PathBuf>,
) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if enter(&p) {
                walk(&p, enter, keep, out);
            }
        } else if keep(&p) {
            out.push(p);
        }
    }
}

/// Every program under `corpus/` outside `corpus/fail/`, with its path relative to `corpus/`.
pub fn corpus_programs() -> Vec<(PathBuf, String)> {
    let corpus = root().join("corpus");
    files(&corpus, "mlir", "fail")
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(&corpus)
                .expect("under corpus/")
                .to_string_lossy()
                .into_owned();
            (p, name)
        })
        .collect()
}

/// Compares `actual` with the golden file at `path`; with `KILN_BLESS` set, writes it
/// instead (creating folders).
pub fn golden(path: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("KILN_BLESS").is_some() {
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        return std::fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()));
    }
    let want = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: {e} (KILN_BLESS=1 creates it)", path.display()))?;
    if want != actual {
        return Err(format!(
            "differs from {} (KILN_BLESS=1 rewrites it):\n--- expected\n{want}\n--- actual\n{actual}",
            path.display()
        ));
    }
    Ok(())
}

/// A program of `n` functions: each stores its argument plus a float constant to a heap
/// buffer, loads it back and passes it to the function before it; the first calls a leaf
/// defined last (`f_n(y) = y + 1.5 + sum over 1..=n of (i + 0.25)`). Calls, constants and
/// `malloc` cross every object unit's boundary. `bump` changes one function's constant.
pub fn chain_program(n: usize, bump: Option<usize>) -> String {
    let mut s = String::from(
        "func.func @f0(%y: f64) -> f64 {\n  %c = arith.constant 0.5 : f64\n  %r = arith.addf %y, %c : f64\n  %l = func.call @leaf() : () -> f64\n  %t = arith.addf %r, %l : f64\n  func.return %t : f64\n}\n",
    );
    for i in 1..n {
        let k = if bump == Some(i) { i + 1000 } else { i };
        s.push_str(&format!(
            "\nfunc.func @f{i}(%y: f64) -> f64 {{\n  %m = memref.alloc() : memref<4xf64>\n  %k = arith.constant {k}.25 : f64\n  %one = arith.constant 1 : index\n  %s = arith.addf %y, %k : f64\n  memref.store %s, %m[%one] : memref<4xf64>\n  %l = memref.load %m[%one] : memref<4xf64>\n  memref.dealloc %m : memref<4xf64>\n  %r = func.call @f{}(%l) : (f64) -> f64\n  func.return %r : f64\n}}\n",
            i - 1
        ));
    }
    s.push_str("\nfunc.func @leaf() -> f64 {\n  %c = arith.constant 1.0 : f64\n  func.return %c : f64\n}\n");
    s
}
