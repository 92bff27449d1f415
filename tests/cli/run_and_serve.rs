//! `kiln run`, `interp` and `serve` from the command line.

use super::*;

#[test]
fn run_takes_memrefs_and_explains_bad_ones() {
    let src = "func.func @get(%m: memref<2x?xf32>, %i: index, %j: index) -> f32 {\n  %x = memref.load %m[%i, %j] : memref<2x?xf32>\n  func.return %x : f32\n}\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("get.mlir");
    std::fs::write(&file, src).expect("write");
    let f = file.to_str().unwrap_or_default();
    let o = kiln(
        &["run", f, "--entry", "get", "f32[2,3]=1,2,3,4,5,6", "1", "2"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "6.0\nargument 1: memref<2x3xf32> [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]\n"
    );
    for (arg, why) in [
        (
            "i32[2,3]=1,2,3,4,5,6",
            "the parameter is a memref of f32, not of i32",
        ),
        ("f32[2,3]=1,2,3", "a 2x3 memref has 6 elements, 3 given"),
        (
            "f32[3,2]=1,2,3,4,5,6",
            "dimension 0 of the parameter is 2, the argument's is 3",
        ),
        (
            "f32[2,3;strides=1,2]=1,2,3,4,5,6",
            "stride 0 of the parameter's layout is 3",
        ),
        (
            "f32[2,3;strides=3,1;offset=9]=1,2,3,4,5,6",
            "the view reaches element 14",
        ),
        ("f32", "a memref argument looks like `f32[2,3]=1,2,3,4,5,6`"),
        ("f32[2]=1,2", "the parameter has rank 2, the argument 1"),
        (
            "f32[4294967296,4294967296]=",
            "a 4294967296x4294967296 view is too large",
        ),
        (
            "f32[2,3;strides=-3,1]=1,2,3,4,5,6",
            "strides and the offset cannot be negative",
        ),
        (
            "f32[3,3;strides=9223372036854775807,1]=1",
            "a 3x3 view is too large",
        ),
    ] {
        let o = kiln(&["run", f, "--entry", "get", arg, "0", "0"], None);
        assert_eq!(o.status.code(), Some(1), "{arg}");
        let e = stderr(&o);
        assert!(e.contains(why) && !e.contains("panicked"), "{arg}: {e}");
    }
}

#[test]
fn run_refuses_floats_beyond_their_type_but_takes_inf() {
    let src =
        "func.func @f(%a: f16, %b: bf16, %c: f32, %d: f64) -> f16 {\n  func.return %a : f16\n}\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("f.mlir");
    std::fs::write(&file, src).expect("write");
    let f = file.to_str().unwrap_or_default();
    // 65519 rounds to f16's largest finite value, 65520 to infinity.
    let o = kiln(&["run", f, "--entry", "f", "65519", "1", "1", "1"], None);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "65504.0\n",
        "{}",
        stderr(&o)
    );
    let o = kiln(
        &["run", f, "--entry", "f", "-inf", "inf", "inf", "-inf"],
        None,
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "-inf\n",
        "{}",
        stderr(&o)
    );
    for (args, why) in [
        (["65520", "1", "1", "1"], "`65520` does not fit in f16"),
        (["1", "1e40", "1", "1"], "`1e40` does not fit in bf16"),
        (["1", "1", "1e40", "1"], "`1e40` does not fit in f32"),
        (["1", "1", "1", "1e400"], "`1e400` does not fit in f64"),
    ] {
        let mut all = vec!["run", f, "--entry", "f"];
        all.extend(args);
        let o = kiln(&all, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn run_reports_reaching_an_undefined_external() {
    let src = "func.func private @missing_symbol_xyz(i32) -> i32\nfunc.func @f(%a: i32) -> i32 {\n  %r = func.call @missing_symbol_xyz(%a) : (i32) -> i32\n  func.return %r : i32\n}\n";
    let o = kiln(&["run", "-", "--entry", "f", "1"], Some(src));
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("the call reached `@missing_symbol_xyz`"), "{e}");
}

#[test]
fn output_to_a_device_or_stdout_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let o = kiln(&["fmt", "-", "-o", "/dev/null"], Some(GOOD));
    assert!(o.status.success(), "{}", stderr(&o));
    let kind = std::fs::metadata("/dev/null")
        .expect("/dev/null")
        .file_type();
    assert!(kind.is_char_device(), "-o /dev/null replaced the device");
    let o = kiln(&["fmt", "-", "-o", "-"], Some(GOOD));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("func.func @f"));
}

#[test]
fn interp_reports_undefined_behaviour_instead_of_computing_it() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "func.func @f(%a: i32, %b: i32) -> i32 {\n  %q = arith.divsi %a, %b : i32\n  func.return %q : i32\n}\n",
            &["7", "0"],
            "arith.divsi: division by zero",
        ),
        (
            "func.func @f(%a: i32, %b: i32) -> i32 {\n  %q = arith.divsi %a, %b : i32\n  func.return %q : i32\n}\n",
            &["-2147483648", "-1"],
            "signed division overflow",
        ),
        (
            "func.func @f(%a: i8, %b: i8) -> i8 {\n  %q = arith.shli %a, %b : i8\n  func.return %q : i8\n}\n",
            &["1", "8"],
            "at least the width 8",
        ),
        (
            "func.func @f(%a: i8, %b: i8) -> i8 {\n  %q = arith.addi %a, %b overflow<nsw> : i8\n  func.return %q : i8\n}\n",
            &["100", "100"],
            "overflows with nsw",
        ),
        (
            "func.func @f(%m: memref<?xf32>, %i: index) -> f32 {\n  %x = memref.load %m[%i] : memref<?xf32>\n  func.return %x : f32\n}\n",
            &["f32[2]=1,2", "2"],
            "load at index 2 of dimension 0, whose size is 2",
        ),
        (
            "func.func @f(%n: index) -> f32 {\n  %m = memref.alloc(%n) : memref<?xf32>\n  %c0 = arith.constant 0 : index\n  %x = memref.load %m[%c0] : memref<?xf32>\n  func.return %x : f32\n}\n",
            &["3"],
            "never written",
        ),
        (
            "func.func @f(%n: index) {\n  %m = memref.alloc(%n) : memref<?xf32>\n  memref.dealloc %m : memref<?xf32>\n  memref.dealloc %m : memref<?xf32>\n  func.return\n}\n",
            &["3"],
            "dealloc of memory already released",
        ),
        (
            "func.func @f(%x: f32) -> i8 {\n  %y = arith.fptosi %x : f32 to i8\n  func.return %y : i8\n}\n",
            &["300.5"],
            "does not fit the 8-bit integer",
        ),
        (
            "func.func @f() {\n  cf.br ^l\n^l:\n  cf.br ^l\n}\n",
            &[],
            "did not finish within its step budget",
        ),
    ];
    for (src, args, why) in cases {
        let mut a = vec!["interp", "-", "--fuel", "100000", "--entry", "f"];
        a.extend_from_slice(args);
        let o = kiln(&a, Some(src));
        assert_eq!(o.status.code(), Some(1), "{src}");
        let e = stderr(&o);
        assert!(e.contains(why) && !e.contains("panicked"), "{why}: {e}");
    }
    // The same call without the undefined input computes like `kiln run`.
    let src = "func.func @f(%a: i32, %b: i32) -> i32 {\n  %q = arith.divsi %a, %b : i32\n  func.return %q : i32\n}\n";
    let o = kiln(&["interp", "-", "--entry", "f", "-7", "2"], Some(src));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "-3\n");
}

#[test]
fn serve_answers_every_request_and_survives_bad_ones() {
    let f = "func.func @f(%x: i32) -> i32 {\\n  func.return %x : i32\\n}\\nfunc.func @g(%x: i32) -> i32 {\\n  func.return %x : i32\\n}\\n";
    let g = "func.func @f(%x: i32) -> i32 {\\n  %y = arith.addi %x, %x : i32\\n  func.return %y : i32\\n}\\nfunc.func @g(%x: i32) -> i32 {\\n  func.return %x : i32\\n}\\n";
    let input = format!(
        "{}\n{}\n{}\n{}\nnot json\n{}\n{}\n{}\n{}\n",
        format_args!(r#"{{"id":1,"method":"open","params":{{"path":"a.mlir","text":"{f}"}}}}"#),
        r#"{"id":2,"method":"compile","params":{"path":"a.mlir","emit":"lowered"}}"#,
        format_args!(r#"{{"id":3,"method":"change","params":{{"path":"a.mlir","text":"{g}"}}}}"#),
        r#"{"id":4,"method":"compile","params":{"path":"a.mlir","emit":"llvm-ir"}}"#,
        r#"{"id":5,"method":"compile","params":{}}"#,
        r#"{"id":6,"method":"frobnicate"}"#,
        r#"{"id":7,"method":"diagnostics","params":{"path":"a.mlir"}}"#,
        r#"{"id":8,"method":"shutdown"}"#,
    );
    let o = kiln(&["serve"], Some(&input));
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each response is JSON"))
        .collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[1]["result"]["relowered"], 2);
    // Only @f changed.
    assert_eq!(lines[3]["result"]["relowered"], 1);
    assert!(lines[3]["result"]["output"]
        .as_str()
        .unwrap_or_default()
        .contains("add i32"));
    assert_eq!(lines[4]["error"]["code"], "parse");
    assert_eq!(lines[5]["error"]["code"], "bad-params");
    assert_eq!(lines[6]["error"]["code"], "unknown-method");
    assert_eq!(lines[7]["result"]["diagnostics"], serde_json::json!([]));
    assert_eq!(lines[8]["id"], 8);
}

#[test]
fn serve_generates_code_again_only_for_what_changed_and_for_a_new_target() {
    let f = "func.func @f(%x: i32) -> i32 {\\n  func.return %x : i32\\n}\\nfunc.func @g(%x: i32) -> i32 {\\n  func.return %x : i32\\n}\\n";
    let g = f.replacen(
        "func.return %x",
        "%y = arith.muli %x, %x : i32\\n  func.return %y",
        1,
    );
    let requests = [
        format!(r#"{{"id":1,"method":"open","params":{{"path":"a.mlir","text":"{f}"}}}}"#),
        r#"{"id":2,"method":"compile","params":{"path":"a.mlir"}}"#.to_string(),
        format!(r#"{{"id":3,"method":"change","params":{{"path":"a.mlir","text":"{g}"}}}}"#),
        r#"{"id":4,"method":"compile","params":{"path":"a.mlir"}}"#.to_string(),
        r#"{"id":5,"method":"set_options","params":{"target":"no-such-target"}}"#.to_string(),
        r#"{"id":6,"method":"set_options","params":{"target":"aarch64-unknown-linux-gnu"}}"#
            .to_string(),
        r#"{"id":7,"method":"compile","params":{"path":"a.mlir"}}"#.to_string(),
        r#"{"id":8,"method":"set_options","params":{"cpu":5}}"#.to_string(),
        r#"{"id":9,"method":"compile","params":{"path":"a.mlir","emit":"asm","opt":2}}"#
            .to_string(),
    ];
    let o = kiln(&["serve"], Some(&(requests.join("\n") + "\n")));
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each response is JSON"))
        .collect();
    assert_eq!(lines.len(), 9);
    let work = |i: usize| {
        (
            lines[i]["result"]["relowered"].as_u64(),
            lines[i]["result"]["regenerated"].as_u64(),
        )
    };
    assert_eq!(work(1), (Some(2), Some(2)));
    assert_eq!(work(3), (Some(1), Some(1)), "only @f");
    assert_eq!(lines[4]["error"]["code"], "bad-params");
    assert_eq!(lines[5]["result"]["ok"], true);
    // A new target: nothing is lowered again, every function's code is generated again.
    assert_eq!(work(6), (Some(0), Some(2)));
    let ir = lines[6]["result"]["output"].as_str().unwrap_or_default();
    assert!(
        ir.contains("target triple = \"aarch64-unknown-linux-gnu\""),
        "{ir}"
    );
    assert_eq!(lines[7]["error"]["code"], "bad-params");
    let asm = lines[8]["result"]["output"].as_str().unwrap_or_default();
    assert!(asm.contains("mul\tw0, w0, w0"), "{asm}");
}

#[test]
fn serve_keeps_the_options_a_request_leaves_out() {
    use serde_json::json;
    let r = serve(&[
        json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": GOOD}}),
        json!({"id": 2, "method": "set_options", "params": {"target": "aarch64-unknown-linux-gnu"}}),
        // The CPU of the target set before: valid only if the target stayed.
        json!({"id": 3, "method": "set_options", "params": {"cpu": "cortex-a72"}}),
        json!({"id": 4, "method": "compile", "params": {"path": "a.mlir"}}),
        json!({"id": 5, "method": "set_options", "params": {"emit_c_interface": true}}),
        json!({"id": 6, "method": "compile", "params": {"path": "a.mlir"}}),
    ]);
    assert_eq!(r[2]["result"]["ok"], true, "{}", r[2]);
    for i in [3, 5] {
        let ir = r[i]["result"]["output"].as_str().unwrap_or_default();
        assert!(
            ir.contains("target triple = \"aarch64-unknown-linux-gnu\""),
            "{ir}"
        );
    }
}

/// Runs `kiln serve` on `requests` (one JSON object each); its responses.
pub(crate) fn serve(requests: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let o = kiln(&["serve"], Some(&input));
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each response is JSON"))
        .collect()
}

#[test]
fn serve_locates_rule_errors_in_the_rule_file_and_refuses_unknown_files() {
    use serde_json::json;
    let dir = rules_dir_with("in lower { rule oops: (arith.adi ?a ?b) => ?a }\n");
    let extra = dir.path().join("extra.rules");
    let extra = extra.to_str().unwrap_or_default();
    let r = serve(&[
        json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": GOOD}}),
        json!({"id": 2, "method": "set_rules", "params": {"dir": dir.path()}}),
        json!({"id": 3, "method": "compile", "params": {"path": "a.mlir"}}),
        json!({"id": 4, "method": "set_rules", "params": {"shipped": true}}),
        json!({"id": 5, "method": "compile", "params": {"path": "a.mlir"}}),
        json!({"id": 6, "method": "compile", "params": {"path": "b.mlir"}}),
        json!({"id": 7, "method": "diagnostics", "params": {"path": "b.mlir"}}),
    ]);
    assert_eq!(r.len(), 7);
    // set_rules answers with the rule files' diagnostics, each in its own file.
    let d = &r[1]["result"]["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1), "{d}");
    assert_eq!(d[0]["file"], extra);
    assert_eq!((&d[0]["line"], &d[0]["column"]), (&json!(1), &json!(24)));
    assert_eq!(d[0]["message"], "unknown operation `arith.adi`");
    // A compile with those rules fails with the same diagnostic, not one in a.mlir.
    assert_eq!(r[2]["result"]["errors"], *d);
    assert_eq!(r[3]["result"]["diagnostics"], json!([]));
    assert!(r[4]["result"]["output"]
        .as_str()
        .is_some_and(|t| t.contains("define i32 @f")));
    for i in [5, 6] {
        assert_eq!(r[i]["error"]["code"], "unknown-file", "{}", r[i]);
    }
}

#[test]
fn serve_applies_incremental_edits_and_refuses_bad_ranges() {
    use serde_json::json;
    // `GOOD` returns `%a`; the edit makes it return `%a + %a`.
    let at = GOOD.find("  func.return").expect("the return");
    let r = serve(&[
        json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": GOOD}}),
        json!({"id": 2, "method": "compile", "params": {"path": "a.mlir", "emit": "lowered"}}),
        json!({"id": 3, "method": "edit", "params": {"path": "a.mlir", "start": at,
               "end": GOOD.len(), "text": "  %s = arith.addi %a, %a : i32\n  func.return %s : i32\n}\n"}}),
        json!({"id": 4, "method": "compile", "params": {"path": "a.mlir", "emit": "lowered"}}),
        json!({"id": 5, "method": "edit", "params": {"path": "a.mlir", "start": 3, "end": 2, "text": ""}}),
        json!({"id": 6, "method": "edit", "params": {"path": "a.mlir", "start": 0, "end": 100000, "text": ""}}),
        json!({"id": 7, "method": "edit", "params": {"path": "a.mlir", "start": -1, "end": 0, "text": ""}}),
        json!({"id": 8, "method": "edit", "params": {"path": "a.mlir", "start": 0, "text": ""}}),
        json!({"id": 9, "method": "edit", "params": {"path": "b.mlir", "start": 0, "end": 0, "text": ""}}),
        json!({"id": 10, "method": "compile", "params": {"path": "a.mlir", "emit": "lowered"}}),
    ]);
    assert_eq!(r.len(), 10);
    assert_eq!(r[2]["result"]["ok"], true, "{}", r[2]);
    let lowered = |i: usize| {
        r[i]["result"]["output"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(!lowered(1).contains("llvm.add"), "{}", lowered(1));
    assert!(lowered(3).contains("llvm.add"), "{}", lowered(3));
    assert_eq!(r[3]["result"]["relowered"], 1, "{}", r[3]);
    for (i, says) in [
        (4, "bytes 3..2 are not a range"),
        (5, "bytes 0..100000 are not a range"),
        (6, "`params.start` must be a byte offset"),
        (7, "`params.end` must be a byte offset"),
    ] {
        assert_eq!(r[i]["error"]["code"], "bad-params", "{}", r[i]);
        let message = r[i]["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{message}");
    }
    assert_eq!(r[8]["error"]["code"], "unknown-file", "{}", r[8]);
    // The refused edits changed nothing.
    assert_eq!(lowered(9), lowered(3));
}

#[test]
fn serve_writes_objects_only_to_a_file() {
    use serde_json::json;
    let dir = tempfile::tempdir().expect("temp dir");
    let obj = dir.path().join("a.o");
    let r = serve(&[
        json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": GOOD}}),
        json!({"id": 2, "method": "compile", "params": {"path": "a.mlir", "emit": "obj"}}),
        json!({"id": 3, "method": "compile",
               "params": {"path": "a.mlir", "emit": "obj", "output_path": "-"}}),
        json!({"id": 4, "method": "compile",
               "params": {"path": "a.mlir", "emit": "obj", "output_path": obj}}),
        json!({"id": 5, "method": "compile",
               "params": {"path": "a.mlir", "emit": "obj", "output_path": 7}}),
        json!({"id": 6, "method": "compile", "params": {"path": "a.mlir", "opt": 4}}),
        json!({"id": 7, "method": "compile", "params": {"path": "a.mlir", "emit": 1}}),
    ]);
    assert_eq!(r.len(), 7);
    for i in [1, 2, 4, 5, 6] {
        assert_eq!(r[i]["error"]["code"], "bad-params", "{}", r[i]);
    }
    assert_eq!(r[3]["result"]["written"], json!(obj));
    assert_eq!(
        r[3]["result"]["relowered"], 1,
        "the refused requests did no work"
    );
    let bytes = std::fs::read(&obj).expect("written");
    assert_eq!(&bytes[..4], b"\x7fELF");
}

#[test]
fn watch_locates_rule_errors_in_the_rule_file() {
    let dir = rules_dir_with("in lower { rule oops: (arith.adi ?a ?b) => ?a }\n");
    let src = dir.path().join("w.mlir");
    let out = dir.path().join("w.ll");
    std::fs::write(&src, GOOD).expect("write");
    let o = kiln(
        &[
            "watch",
            "--color",
            "never",
            src.to_str().unwrap_or_default(),
            "-o",
            out.to_str().unwrap_or_default(),
            "--rules",
            dir.path().to_str().unwrap_or_default(),
            "--max-builds",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("extra.rules:1:24"), "{e}");
    assert!(!e.contains("w.mlir:1:1"), "{e}");
    assert!(!out.exists(), "no output on error");
}

/// `kiln watch` of `GOOD` in a new directory, writing `output` there, for one build.
pub(crate) fn watch_once(output: &str) -> (tempfile::TempDir, Output) {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("w.mlir");
    std::fs::write(&src, GOOD).expect("write");
    let o = kiln(
        &[
            "watch",
            src.to_str().unwrap_or_default(),
            "-o",
            dir.path().join(output).to_str().unwrap_or_default(),
            "--max-builds",
            "1",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    (dir, o)
}

#[test]
fn watch_builds_and_writes_the_output() {
    let (dir, o) = watch_once("w.ll");
    let out = dir.path().join("w.ll");
    assert!(
        stderr(&o).contains("1 function(s) lowered again"),
        "{}",
        stderr(&o)
    );
    let ll = std::fs::read_to_string(&out).expect("written");
    assert!(ll.contains("define i32 @f"), "{ll}");
}

#[test]
fn watch_builds_an_object_in_units() {
    let (dir, o) = watch_once("w.o");
    let out = dir.path().join("w.o");
    // The function's unit and its reflection symbol's: data and functions share no unit.
    assert!(
        stderr(&o).contains("2 object unit(s) compiled again"),
        "{}",
        stderr(&o)
    );
    let obj = std::fs::read(&out).expect("written");
    assert!(obj.starts_with(b"\x7fELF"), "an ELF object");
}

/// Waits (up to 60 s) for `done`.
pub(crate) fn eventually(what: &str, done: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn watch_rebuilds_a_directory_on_change_and_exits_after_max_builds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    let out = dir.path().join("out");
    std::fs::create_dir(&src).expect("mkdir");
    std::fs::write(src.join("a.mlir"), GOOD).expect("write");
    std::fs::write(
        src.join("b.mlir"),
        "func.func @g(%a: i64) -> i64 {\n  func.return %a : i64\n}\n",
    )
    .expect("write");
    let child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["watch", "--max-builds", "3", "-o"])
        .arg(&out)
        .arg(&src)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kiln starts");
    // The watcher is set up before the first build writes.
    eventually("the first build", || out.join("b.ll").exists());
    let before = std::fs::read_to_string(out.join("a.ll")).expect("a.ll");
    // Second build: one function of a.mlir changes (saved by renaming, as editors do).
    std::fs::write(
        dir.path().join("a.tmp"),
        GOOD.replace(
            "func.return %a",
            "%s = arith.addi %a, %a : i32\n  func.return %s",
        ),
    )
    .expect("write");
    std::fs::rename(dir.path().join("a.tmp"), src.join("a.mlir")).expect("rename");
    eventually("the rebuild", || {
        std::fs::read_to_string(out.join("a.ll")).is_ok_and(|t| t != before)
    });
    // Third build: a new file (renamed into place, so it never appears half written).
    std::fs::write(dir.path().join("c.tmp"), GOOD.replace("@f", "@h")).expect("write");
    std::fs::rename(dir.path().join("c.tmp"), src.join("c.mlir")).expect("rename");
    let o = child.wait_with_output().expect("kiln exits");
    let e = stderr(&o);
    assert!(o.status.success(), "{e}");
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 4, "{e}");
    assert!(
        lines[2].contains("a.mlir: 1 function(s) lowered again, 1 code-generated again"),
        "{e}"
    );
    assert!(
        lines[3].contains("c.mlir: 1 function(s) lowered again"),
        "{e}"
    );
    assert!(std::fs::read_to_string(out.join("a.ll"))
        .expect("a.ll")
        .contains("add i32"));
    assert!(std::fs::read_to_string(out.join("c.ll"))
        .expect("c.ll")
        .contains("@h"));
}

#[test]
fn watch_reports_a_missing_file_and_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("w.ll");
    let missing = dir.path().join("missing.mlir");
    let o = kiln(
        &[
            "watch",
            missing.to_str().unwrap_or_default(),
            "-o",
            out.to_str().unwrap_or_default(),
            "--max-builds",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let bad = dir.path().join("bad.mlir");
    std::fs::write(&bad, BAD).expect("write");
    let o = kiln(
        &[
            "watch",
            "--color",
            "never",
            bad.to_str().unwrap_or_default(),
            "-o",
            out.to_str().unwrap_or_default(),
            "--max-builds",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains("bad.mlir:2:15") && !e.contains("panicked"),
        "{e}"
    );
    assert!(!out.exists(), "no output on error");
}

/// kiln turns transparent huge pages off for itself (src/main.rs), since with mimalloc's
/// eagerly committed arenas they kept whole 2 MiB pages resident (docs/history/benchmarks.md,
/// "no transparent huge pages"). Read from `/proc/PID/status` of a running `kiln serve`, on kernels that report it.
#[cfg(target_os = "linux")]
#[test]
fn kiln_runs_without_transparent_huge_pages() {
    let reports = std::fs::read_to_string("/proc/self/status")
        .map(|s| s.contains("THP_enabled:"))
        .unwrap_or(false);
    if !reports {
        eprintln!("this kernel does not report THP_enabled; nothing to check");
        return;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("kiln starts");
    let status = format!("/proc/{}/status", child.id());
    let thp = || {
        std::fs::read_to_string(&status)
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("THP_enabled:").map(|v| v.trim().to_string()))
            })
            .unwrap_or_default()
    };
    eventually("kiln to turn huge pages off", || thp() == "0");
    drop(child.stdin.take());
    assert!(child.wait().expect("kiln ends").success());
}

/// The book's command-line reference is `kiln cli-reference`'s output, so it cannot drift
/// from the clap definitions (`KILN_BLESS=1` rewrites it).
#[test]
fn the_books_cli_reference_is_generated_from_clap() {
    let o = kiln(&["cli-reference"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).expect("UTF-8 reference");
    assert!(text.contains("\n## `kiln rules check`\n"), "{text}");
    let path = common::root().join("docs/book/src/reference/cli.md");
    if let Err(e) = common::golden(&path, &text) {
        panic!("{e}");
    }
}

/// A compile runs on a thread of its own: `diagnostics` are answered while it runs, and
/// `cancel` stops it; the session then compiles as a fresh one does.
#[test]
fn serve_answers_diagnostics_during_a_compile_and_cancels_it() {
    let module = std::process::Command::new("python3")
        .args(["scripts/gen_memref_module.py", "400"])
        .output()
        .expect("python3 runs the generator");
    let text = String::from_utf8_lossy(&module.stdout).into_owned();
    let open =
        serde_json::json!({"id": 1, "method": "open", "params": {"path": "m.mlir", "text": text}});
    let compile = |id: u64| serde_json::json!({"id": id, "method": "compile", "params": {"path": "m.mlir", "opt": 2}});
    let lines = serve(&[
        open,
        compile(2),
        serde_json::json!({"id": 3, "method": "diagnostics", "params": {"path": "m.mlir"}}),
        serde_json::json!({"id": 4, "method": "cancel", "params": {"id": 2}}),
        serde_json::json!({"id": 5, "method": "cancel", "params": {"id": 2}}),
        serde_json::json!({"id": 6, "method": "cancel"}),
        compile(7),
    ]);
    let ids: Vec<u64> = lines.iter().filter_map(|l| l["id"].as_u64()).collect();
    // The diagnostics overtake the compile; the cancelled compile answers before `cancel`.
    assert_eq!(
        ids,
        [1, 3, 2, 4, 5, 6, 7],
        "{:?}",
        &lines[..lines.len().min(6)]
    );
    assert_eq!(lines[1]["result"]["diagnostics"], serde_json::json!([]));
    assert_eq!(lines[2]["error"]["code"], "cancelled", "{}", lines[2]);
    assert_eq!(lines[3]["result"]["cancelled"], true);
    // Nothing runs any more: nothing to cancel.
    assert_eq!(lines[4]["result"]["cancelled"], false);
    assert_eq!(lines[5]["error"]["code"], "bad-params");
    // The compile after the cancelled one is a whole compile's output.
    let fresh = serve(&[
        serde_json::json!({"id": 1, "method": "open", "params": {"path": "m.mlir", "text": String::from_utf8_lossy(&module.stdout)}}),
        compile(2),
    ]);
    assert_eq!(lines[6]["result"]["output"], fresh[1]["result"]["output"]);
    assert!(lines[6]["result"]["output"]
        .as_str()
        .is_some_and(|ir| ir.contains("define")));
}

/// `apply` makes several changes at once, or none when one step is bad.
#[test]
fn serve_applies_a_batch_of_changes_or_none() {
    let f = "func.func @f(%x: i32) -> i32 {\n  func.return %x : i32\n}\n";
    let names = |id: u64, path: &str| serde_json::json!({"id": id, "method": "compile", "params": {"path": path, "emit": "lowered"}});
    let lines = serve(&[
        serde_json::json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": f}}),
        serde_json::json!({"id": 2, "method": "apply", "params": {"changes": [
            {"method": "edit", "path": "a.mlir", "start": 11, "end": 12, "text": "g"},
            {"method": "open", "path": "b.mlir", "text": f},
            {"method": "edit", "path": "b.mlir", "start": 11, "end": 12, "text": "h"},
        ]}}),
        names(3, "a.mlir"),
        names(4, "b.mlir"),
        serde_json::json!({"id": 5, "method": "apply", "params": {"changes": [
            {"method": "close", "path": "b.mlir"},
            {"method": "edit", "path": "a.mlir", "start": 0, "end": 9999, "text": ""},
        ]}}),
        serde_json::json!({"id": 6, "method": "apply", "params": {"changes": [
            {"method": "close", "path": "b.mlir"},
            {"method": "edit", "path": "b.mlir", "start": 0, "end": 1, "text": ""},
        ]}}),
        serde_json::json!({"id": 7, "method": "apply", "params": {"changes": [{"method": "frob"}]}}),
        names(8, "b.mlir"),
    ]);
    assert_eq!(lines[1]["result"]["ok"], true, "{}", lines[1]);
    let output = |i: usize| {
        lines[i]["result"]["output"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(output(2).contains("define @g "), "{}", lines[2]);
    assert!(output(3).contains("define @h "), "{}", lines[3]);
    assert_eq!(lines[4]["error"]["code"], "bad-params");
    let message = lines[4]["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("step 1 of the change:"), "{message}");
    assert_eq!(lines[5]["error"]["code"], "unknown-file");
    assert_eq!(lines[6]["error"]["code"], "bad-params");
    // Neither bad batch closed b.mlir.
    assert!(output(7).contains("define @h "), "{}", lines[7]);
}
