//! Helpers shared by the file-driven test binaries (`corpus`, `rules`, `backend`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
