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
    let mut out = Vec::new();
    walk(dir, ext, skip, &mut out);
    out
}

fn walk(dir: &Path, ext: &str, skip: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name() != Some(skip.as_ref()) {
                walk(&p, ext, skip, out);
            }
        } else if p.extension() == Some(ext.as_ref()) {
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
