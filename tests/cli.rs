//! The `kiln` command line: exit codes, stdin, atomic output, machine-readable errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn kiln(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kiln starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    pipe.write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin accepts input");
    drop(pipe);
    child.wait_with_output().expect("kiln finishes")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const GOOD: &str = "func.func @f(%a: i32) -> i32 {\n  func.return %a : i32\n}\n";
const BAD: &str = "func.func @f(%a: i32) -> i32 {\n  func.return %b : i32\n}\n";

#[test]
fn check_reads_stdin_and_exits_zero_when_clean() {
    let o = kiln(&["check", "-"], Some(GOOD));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stderr.is_empty());
}

#[test]
fn check_reports_located_errors_and_exits_one() {
    let o = kiln(&["check", "--color", "never", "-"], Some(BAD));
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains("<stdin>:2:15: use of undefined value `%b`"),
        "{e}"
    );
    assert!(
        e.contains("func.return %b : i32"),
        "the snippet shows the line: {e}"
    );
}

#[test]
fn json_errors_are_one_object_per_line() {
    let o = kiln(&["check", "--error-format", "json", "-"], Some(BAD));
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stderr(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("valid JSON"))
        .collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["code"], "verify.undefined-value");
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["column"], 15);
    assert_eq!(lines[0]["file"], "<stdin>");
}

#[test]
fn missing_file_is_an_error_not_a_panic() {
    let o = kiln(
        &["check", "--error-format", "json", "no/such/file.mlir"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("cannot read `no/such/file.mlir`"), "{e}");
    assert!(!e.contains("panicked"));
}

#[test]
fn check_continues_past_a_bad_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.mlir");
    std::fs::write(&good, GOOD).expect("write");
    let o = kiln(
        &["check", "missing.mlir", good.to_str().expect("utf-8 path")],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("missing.mlir"));
}

#[test]
fn fmt_writes_output_atomically_and_not_at_all_on_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.mlir");
    let o = kiln(
        &["fmt", "-", "-o", out.to_str().expect("utf-8 path")],
        Some(GOOD),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = std::fs::read_to_string(&out).expect("output written");
    assert!(
        printed.starts_with("module {\n  func.func @f(%a: i32) -> i32 {"),
        "{printed}"
    );

    let out2 = dir.path().join("bad.mlir");
    let o = kiln(
        &["fmt", "-", "-o", out2.to_str().expect("utf-8 path")],
        Some(BAD),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(!out2.exists(), "no partial output on error");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
    assert_eq!(leftovers.len(), 1, "no temporary files left behind");
}

#[test]
fn fmt_is_deterministic() {
    let a = kiln(&["fmt", "corpus/matmul.mlir"], None);
    let b = kiln(&["fmt", "corpus/matmul.mlir"], None);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn version_names_llvm_19() {
    let o = kiln(&["--version"], None);
    assert!(String::from_utf8_lossy(&o.stdout).contains("LLVM 19."));
}

#[test]
fn not_utf8_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("bin.mlir");
    std::fs::write(&f, [0x66, 0xff, 0xfe]).expect("write");
    let o = kiln(&["check", f.to_str().expect("utf-8 path")], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
}
