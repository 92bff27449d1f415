//! The bare-pointer convention as a whole-module option (`rules/bare_ptr.rules`): the
//! `--bare-ptr-memref-call-conv` flag, `Session::set_bare_ptr` and `kiln serve`'s
//! `bare_ptr_memref_call_conv` give the signatures MLIR 19's
//! `--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1` gives, and agree byte for byte;
//! the per-function attribute changes how callers pass arguments.

mod common;

use common::{kiln, kiln_piped, stderr, stdout};

const MODULE: &str = "func.func @scale(%m: memref<2x2xf32>, %s: f32) -> memref<2x2xf32> {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0, %c0] : memref<2x2xf32>
  %y = arith.mulf %x, %s : f32
  memref.store %y, %m[%c0, %c0] : memref<2x2xf32>
  func.return %m : memref<2x2xf32>
}

func.func @use(%m: memref<2x2xf32>) -> f32 attributes {llvm.emit_c_interface} {
  %s = arith.constant 3.0 : f32
  %r = func.call @scale(%m, %s) : (memref<2x2xf32>, f32) -> memref<2x2xf32>
  %c1 = arith.constant 1 : index
  %v = memref.load %r[%c1, %c1] : memref<2x2xf32>
  func.return %v : f32
}
";

fn write_module(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("m.mlir");
    std::fs::write(&path, MODULE).expect("write the module");
    path.to_string_lossy().into_owned()
}

/// The `llvm.func` lines of LLVM-dialect text, without attributes and bodies.
fn signatures(mlir_llvm: &str) -> Vec<String> {
    mlir_llvm
        .lines()
        .filter_map(|l| l.trim().strip_prefix("llvm.func "))
        .map(|l| {
            l.split(" attributes")
                .next()
                .unwrap_or(l)
                .trim_end_matches(" {")
                .to_string()
        })
        .collect()
}

#[test]
fn module_option_passes_every_memref_as_a_pointer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_module(&dir);
    let out = kiln(&[
        "compile",
        "--bare-ptr-memref-call-conv",
        "--emit",
        "mlir-llvm",
        &path,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        signatures(&stdout(&out)),
        [
            "@scale(%arg0: !llvm.ptr, %arg1: f32) -> !llvm.ptr",
            "@use(%arg0: !llvm.ptr) -> f32",
        ]
    );
    // MLIR 19 gives no C wrapper to a bare-pointer function either; kiln says so.
    assert!(
        stderr(&out).contains("gets no `_mlir_ciface_` wrapper"),
        "{}",
        stderr(&out)
    );
    // Without the option, the default convention and the wrapper.
    let out = kiln(&["compile", "--emit", "mlir-llvm", &path]);
    let sigs = signatures(&stdout(&out));
    assert_eq!(sigs.len(), 3, "{sigs:?}");
    assert!(sigs[0].starts_with("@scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64"));
}

#[test]
fn module_option_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_module(&dir);
    for via in [&[][..], &["--via-mlir"][..]] {
        if !via.is_empty() && !kiln::reference::available() {
            continue;
        }
        let mut args = vec![
            "run",
            &path,
            "--bare-ptr-memref-call-conv",
            "--entry",
            "scale",
            "f32[2,2]=2,0,0,5",
            "1.5",
        ];
        args.extend_from_slice(via);
        let out = kiln(&args);
        assert!(out.status.success(), "{via:?}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            "memref<2x2xf32> [[3.0, 0.0], [0.0, 5.0]]\nargument 1: memref<2x2xf32> [[3.0, 0.0], [0.0, 5.0]]\n",
            "{via:?}"
        );
    }
    // A strided view cannot be a bare pointer (nor has it the identity layout): refused.
    let out = kiln(&[
        "run",
        &path,
        "--bare-ptr-memref-call-conv",
        "--entry",
        "scale",
        "f32[2,2;strides=4,1;offset=1]=0,1,2,3,4,5,6,7",
        "1.5",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("identity layout"), "{}", stderr(&out));
}

#[test]
fn session_and_serve_agree_with_the_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_module(&dir);
    let cli = kiln(&[
        "compile",
        "--bare-ptr-memref-call-conv",
        "--emit",
        "llvm-ir",
        &path,
    ]);
    assert!(cli.status.success(), "{}", stderr(&cli));
    let mut s = kiln::Session::new();
    s.set_source("m.mlir", MODULE);
    let before = s
        .compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    s.set_bare_ptr(true);
    let ir = s
        .compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert_ne!(before, ir);
    let text = String::from_utf8(ir).expect("text");
    assert!(
        text.contains("define ptr @scale(ptr %0, float %1)"),
        "{text}"
    );
    // The module's name differs (the session's path); the functions are the same bytes.
    let body = |t: &str| t[t.find("define").unwrap_or(0)..].to_string();
    assert_eq!(body(&text), body(&stdout(&cli)));
    s.set_bare_ptr(false);
    let again = s
        .compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert_eq!(before, again);

    let requests = [
        serde_json::json!({"id": 1, "method": "set_options", "params": {"bare_ptr_memref_call_conv": true}}),
        serde_json::json!({"id": 2, "method": "set_options", "params": {"bare_ptr_memref_call_conv": "yes"}}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let (out, _) = kiln_piped(&["serve"], input.as_bytes());
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["result"]["ok"], true, "{lines:?}");
    assert!(
        lines[1]["error"]
            .to_string()
            .contains("bare_ptr_memref_call_conv"),
        "{lines:?}"
    );
}

#[test]
fn adding_the_attribute_to_a_callee_lowers_its_callers_again() {
    let plain = MODULE.to_string();
    let bare = MODULE.replace(
        "func.func @scale(%m: memref<2x2xf32>, %s: f32) -> memref<2x2xf32> {",
        "func.func @scale(%m: memref<2x2xf32>, %s: f32) -> memref<2x2xf32> attributes {llvm.bareptr} {",
    );
    assert_ne!(plain, bare);
    let fresh = |text: &str| {
        let mut s = kiln::Session::new();
        s.set_source("m.mlir", text);
        s.compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles")
    };
    let mut s = kiln::Session::new();
    s.set_source("m.mlir", plain.clone());
    let before = s
        .compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert_eq!(before, fresh(&plain));
    s.set_source("m.mlir", bare.clone());
    let after = s
        .compile("m.mlir", kiln::backend::Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    // The caller `@use` now passes a bare pointer: its code changed with the callee's.
    assert_eq!(after, fresh(&bare));
    let text = String::from_utf8(after).expect("text");
    assert!(text.contains("call ptr @scale(ptr"), "{text}");
}

#[test]
fn a_refused_callee_is_reported_once_not_at_every_call() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("d.mlir");
    std::fs::write(
        &path,
        "func.func @len(%m: memref<?xf32>) -> index {\n  %c0 = arith.constant 0 : index\n  %d = memref.dim %m, %c0 : memref<?xf32>\n  return %d : index\n}\n\nfunc.func @twice(%m: memref<?xf32>) -> index {\n  %a = call @len(%m) : (memref<?xf32>) -> index\n  %b = call @len(%m) : (memref<?xf32>) -> index\n  %s = arith.addi %a, %b : index\n  return %s : index\n}\n",
    )
    .expect("write");
    let p = path.to_string_lossy().into_owned();
    let out = kiln(&[
        "--error-format",
        "json",
        "compile",
        "--bare-ptr-memref-call-conv",
        "--emit",
        "llvm-ir",
        &p,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let errors: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let codes: Vec<&str> = errors.iter().filter_map(|e| e["code"].as_str()).collect();
    // One error per function's parameter, at the parameter; none at the calls.
    assert_eq!(codes, ["lower.bare-ptr", "lower.bare-ptr"], "{errors:?}");
    assert_eq!(errors[0]["line"], 1);
    assert_eq!(errors[1]["line"], 7);
}
