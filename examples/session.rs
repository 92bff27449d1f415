//! The book's embedding tutorial (docs/book/src/tutorials/embedding.md): an incremental
//! `Session` from Rust. Built with the other examples, so the tutorial's code compiles.

use kiln_driver::backend::Emit;
use kiln_driver::{FileDiagnostics, RuleSource, Session};

const SRC: &str = "\
func.func @scale(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %y = arith.muli %x, %c3 : i32
  func.return %y : i32
}

func.func @twice(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  func.return %y : i32
}
";

/// Prints diagnostics the way the `kiln` command does.
fn report(files: &[FileDiagnostics]) {
    for f in files {
        for d in &f.diagnostics {
            eprint!(
                "{}",
                kiln_driver::report::to_human(d, &f.path, &f.text, false)
            );
        }
    }
}

fn main() {
    let mut s = Session::new();
    s.set_source("m.mlir", SRC);
    assert!(s.diagnostics("m.mlir").is_empty());

    let (ir, work) = s.counting(|s| s.compile("m.mlir", Emit::LlvmIr, 0).into_result());
    assert!(String::from_utf8(ir.unwrap())
        .unwrap()
        .contains("mul i32 %0, 3"));
    assert_eq!((work.lowered, work.generated), (2, 2));

    // An editor's change: bytes `at..at + 1` (the `3` in @scale) become `4`.
    let at = SRC.find("constant 3").unwrap() + "constant ".len();
    s.edit_source("m.mlir", at..at + 1, "4")
        .expect("a range of the text");
    let (ir, work) = s.counting(|s| s.compile("m.mlir", Emit::LlvmIr, 0).into_result());
    assert!(String::from_utf8(ir.unwrap())
        .unwrap()
        .contains("mul i32 %0, 4"));
    assert_eq!((work.lowered, work.generated), (1, 1)); // @scale alone

    // A comment moves both functions and changes neither.
    s.edit_source("m.mlir", 0..0, "// two functions\n").unwrap();
    let (_, work) = s.counting(|s| s.compile("m.mlir", Emit::LlvmIr, 0).into_result());
    assert_eq!((work.lowered, work.generated), (0, 0));

    // The lowered form, per function or as `kiln lower` prints it.
    assert_eq!(s.lower("m.mlir").into_result().unwrap()[0].name, "scale");
    print!("{}", s.lowered_text("m.mlir", None).into_result().unwrap());

    // Rules of your own: a directory (`set_rules_dir`) or files in memory. Only the
    // functions whose slice of the rules changed are lowered again.
    let mut rules = kiln_driver::shipped::shipped_rules();
    rules.push(RuleSource {
        path: "bits.rules".into(),
        text: std::fs::read_to_string("myrules/bits.rules").unwrap(),
    });
    s.set_rules(rules);
    for f in s.rule_diagnostics() {
        report(&[f]); // warnings, and errors that stop every compile until fixed
    }

    // Another target, and an object; errors come back per file, located.
    s.set_target(Some("aarch64-unknown-linux-gnu".into()), None);
    match s.compile("m.mlir", Emit::Obj, 0).into_result() {
        Ok(bytes) => std::fs::write("m.o", bytes).unwrap(),
        Err(files) => report(&files),
    }
}
