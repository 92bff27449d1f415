//! The `kiln` command line: exit codes, stdin, atomic output, machine-readable errors.

#[path = "../common/mod.rs"]
mod common;
mod run_and_serve;

use common::stderr;
use std::process::{Command, Output, Stdio};

fn kiln(args: &[&str], stdin: Option<&str>) -> Output {
    let (o, written) = common::kiln_piped(args, stdin.unwrap_or("").as_bytes());
    written.expect("stdin accepts input");
    o
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

/// A copy of the shipped rules plus `extra` as `extra.rules`, in a fresh directory.
fn rules_dir_with(extra: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in kiln::shipped::SHIPPED {
        std::fs::write(dir.path().join(name), text).expect("write rule file");
    }
    std::fs::write(dir.path().join("extra.rules"), extra).expect("write rule file");
    dir
}

/// A directory `rules` in `dir` holding the shipped rule files but `left_out` (a convention
/// deleted); returns its path.
fn shipped_rules_without(dir: &std::path::Path, left_out: &str) -> std::path::PathBuf {
    let rules = dir.join("rules");
    std::fs::create_dir(&rules).expect("rules dir");
    for (name, text) in kiln::shipped::SHIPPED {
        if *name != left_out {
            std::fs::write(rules.join(name), text).expect("write rule file");
        }
    }
    rules
}

/// `kiln rules check` on the shipped rules plus `extra`: it must fail; returns its stderr.
fn rules_check_errors(extra: &str) -> String {
    let dir = rules_dir_with(extra);
    let o = kiln(
        &[
            "rules",
            "check",
            "--color",
            "never",
            dir.path().to_str().unwrap_or_default(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    stderr(&o)
}

#[test]
fn lower_prints_the_lowered_form() {
    let o = kiln(&["lower", "-"], Some(GOOD));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("define @f (llvm.sig i32 [i32])"), "{out}");
    assert!(out.contains("llvm.return %0"), "{out}");
}

#[test]
fn lower_names_the_unlowered_op_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.lowered");
    // The shipped rules without the linearization convention.
    let rules = shipped_rules_without(dir.path(), "linearize.rules");
    let src = "func.func @f(%m: memref<4xf32>, %i: index) -> f32 {\n  %x = memref.load %m[%i] : memref<4xf32>\n  func.return %x : f32\n}\n";
    let o = kiln(
        &[
            "lower",
            "--color",
            "never",
            "--rules",
            rules.to_str().unwrap_or_default(),
            "-",
            "-o",
            out.to_str().unwrap_or_default(),
        ],
        Some(src),
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains("<stdin>:2:3: no rule lowers `memref.load`"),
        "{e}"
    );
    assert!(!e.contains("panicked"), "{e}");
    assert!(!out.exists(), "no output file on error");
}

#[test]
fn rules_check_and_test_pass_on_the_shipped_rules() {
    let o = kiln(&["rules", "check"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(": ok\n") && out.contains(" 0 unsound"),
        "{out}"
    );
    let o = kiln(&["rules", "test", "rules"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains(" 0 failed"));
}

#[test]
fn rules_check_warns_and_deny_warnings_fails() {
    let o = kiln(&["rules", "check", "--deny-warnings"], None);
    assert!(
        o.status.success(),
        "the shipped rules have warnings: {}",
        stderr(&o)
    );
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("a.rules"),
        "decl f: source (Value) -> Value\ndecl g: target (Value) -> Value\nphase p {}\nin p {\n  rule f-g: (f ?x) => (g (g ?x))\n}\n",
    )
    .expect("write");
    let d = dir.path().to_str().unwrap_or_default();
    let o = kiln(&["--color", "never", "rules", "check", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("a.rules:5:8: rule `f-g` has no `;;` comment"),
        "{e}"
    );
    assert!(e.contains("this file has rules but no `test`"), "{e}");
    let o = kiln(&["rules", "check", "--deny-warnings", d], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("warnings are denied"));
}

#[test]
fn rules_check_reports_every_error_with_its_file() {
    let e = rules_check_errors(
        "in lower {\n  rule x: (arith.adi ?t ?a ?b) => ?a\n  rule y: (arith.addi ?t ?a) => ?a\n}\n",
    );
    assert!(
        e.contains("extra.rules:2:12: unknown operation `arith.adi`"),
        "{e}"
    );
    assert!(
        e.contains("extra.rules:3:11: `arith.addi` takes 3 operands"),
        "{e}"
    );
}

#[test]
fn a_failing_inline_test_fails_rules_test() {
    let dir = rules_dir_with("test wrong { (lower-type index) => i32 }\n");
    let o = kiln(
        &["rules", "test", dir.path().to_str().unwrap_or_default()],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("test wrong ... FAILED"), "{out}");
    assert!(out.contains("but the input lowers to `i64`"), "{out}");
}

#[test]
fn missing_rules_dir_is_an_error() {
    let o = kiln(&["lower", "--rules", "no/such/dir", "-"], Some(GOOD));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot load rules from `no/such/dir`"));
}

#[test]
fn rules_that_never_terminate_stop_at_the_limit_with_a_diagnostic() {
    // Commutativity and associativity of addition grow the e-graph without bound.
    let dir = rules_dir_with(
        "phase grow { iterations 50 nodes 20000 time 60000 }\n\
         in grow {\n\
           ;; a + b = b + a\n  rule comm: (arith.addi ?t ?a ?b) <=> (arith.addi ?t ?b ?a)\n\
           ;; (a + b) + c = a + (b + c)\n  rule assoc: (arith.addi ?t (arith.addi ?t ?a ?b) ?c) <=> (arith.addi ?t ?a (arith.addi ?t ?b ?c))\n\
         }\n",
    );
    let mut src = String::from("func.func @sum(%a: i32, %b: i32, %c: i32, %d: i32) -> i32 {\n");
    let mut prev = "%a".to_string();
    for i in 0..12 {
        let arg = ["%a", "%b", "%c", "%d"][i % 4];
        src.push_str(&format!("  %s{i} = arith.addi {prev}, {arg} : i32\n"));
        prev = format!("%s{i}");
    }
    src.push_str(&format!("  func.return {prev} : i32\n}}\n"));
    let o = kiln(
        &[
            "lower",
            "--color",
            "never",
            "--rules",
            dir.path().to_str().unwrap_or_default(),
            "-",
        ],
        Some(&src),
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(!e.contains("panicked"), "{e}");
    assert!(
        e.contains("phase `grow` did not saturate on `@sum`: it stopped at its node limit"),
        "{e}"
    );
    assert!(e.contains("`assoc") && e.contains("`comm"), "{e}");
    assert!(e.contains("extra.rules:1:7"), "{e}");
}

#[test]
fn explain_why_not_names_the_failing_guard_and_its_values() {
    let src = "func.func @f(%a: i32, %b: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %c3 = arith.constant 3 : i32\n  %0 = arith.shli %a, %c0 : i32\n  %1 = arith.shli %0, %c3 : i32\n  func.return %1 : i32\n}\n";
    let o = kiln(
        &["explain", "-", "--func", "f", "--why-not", "shli-zero"],
        Some(src),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        out.contains("at (arith.shli i32 (func.arg i32 0 [i32 i32]) (arith.constant i32 3))\n")
            && out.contains("  refused: guard (== (const ?z) 0) is false\n    (const ?z) = 3\n")
            && out.contains(
                "2 matches: 1 fired, 1 refused by a guard or a computed value; 0 near misses"
            ),
        "{out}"
    );
    // `--why-not` lists only the refusals; `--rule` also the match that fired.
    assert!(!out.contains("fired: every guard holds"), "{out}");
    let o = kiln(
        &["explain", "-", "--func", "f", "--rule", "shli-zero"],
        Some(src),
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("fired: every guard holds"));
    let o = kiln(
        &["explain", "-", "--func", "f", "--why-not", "shli-zro"],
        Some(src),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no rule is named `shli-zro` (closest: `shli-zero`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn explain_shows_the_rewrites_and_egraph_writes_graphviz() {
    let src = "func.func @f(%a: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %0 = arith.addi %a, %c0 : i32\n  func.return %0 : i32\n}\n";
    let o = kiln(&["explain", "-", "--func", "@f"], Some(src));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(
            "  addi-zero-right at 2: (arith.addi i32 (func.arg i32 0 [i32]) (arith.constant i32 0)) => (func.arg i32 0 [i32])\n"
        ),
        "{out}"
    );
    let o = kiln(
        &["explain", "-", "--func", "f", "--explain-limit", "3"],
        Some(src),
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("not explained: the e-graph has"));
    let dir = tempfile::tempdir().expect("temp dir");
    let dot = dir.path().join("f.dot");
    let o = kiln(
        &[
            "lower",
            "-",
            "--emit",
            "egraph",
            "-o",
            dot.to_str().unwrap_or_default(),
        ],
        Some(src),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&dot).expect("dot written");
    assert!(text.starts_with("digraph egraph {"));
    let o = kiln(&["explain", "-", "--func", "nope"], Some(src));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("has no function `@nope`"));
}

#[test]
fn lower_stats_report_phases_and_rules() {
    let o = kiln(&["lower", "--stats", "-"], Some(GOOD));
    assert!(o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("@f phase lower:") && e.contains("saturated"),
        "{e}"
    );
    assert!(e.contains("    return-one: 1"), "{e}");
    // Each phase's passes, the first of every class.
    assert!(e.contains("    pass 1 (all): "), "{e}");
}

#[test]
fn lowering_is_deterministic_across_runs_and_thread_counts() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/arith.mlir"))
        .expect("corpus file");
    let run = |threads: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(["lower", "corpus/arith.mlir"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .expect("kiln runs");
        assert!(o.status.success(), "{}", stderr(&o));
        o.stdout
    };
    let one = run("1");
    assert!(!one.is_empty() && !src.is_empty());
    assert_eq!(one, run("4"));
    assert_eq!(one, run("2"));
}

#[test]
fn a_long_dependency_chain_lowers() {
    // 20,000 dependent multiplications: extraction and elaboration stay linear, and
    // elaboration's recursion fits the lowering threads' stack.
    let mut src = String::from("func.func @chain(%a: i32) -> i32 {\n");
    let mut prev = "%a".to_string();
    for i in 0..20_000 {
        src.push_str(&format!("  %v{i} = arith.muli {prev}, %a : i32\n"));
        prev = format!("%v{i}");
    }
    src.push_str(&format!("  func.return {prev} : i32\n}}\n"));
    let o = kiln(&["lower", "-"], Some(&src));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("%20000 = llvm.mul i32 %19999 %0"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
}

#[test]
fn a_rule_that_produces_ill_typed_target_code_is_an_error_not_a_crash() {
    // Integer addition for floats: extraction prefers `llvm.add` (ties break by name), and
    // the backend must reject it with a message.
    let dir = rules_dir_with(
        "in lower {\n  ;; wrong on purpose\n  rule addf-as-add: (arith.addf ?t ?a ?b) => (llvm.add (lower-type ?t) ?a ?b)\n}\n",
    );
    let src = "func.func @f(%a: f32) -> f32 {\n  %b = arith.addf %a, %a : f32\n  func.return %b : f32\n}\n";
    let out = tempfile::tempdir().expect("temp dir");
    let obj = out.path().join("f.o");
    let o = kiln(
        &[
            "compile",
            "--rules",
            dir.path().to_str().unwrap_or_default(),
            "-",
            "-o",
            obj.to_str().unwrap_or_default(),
        ],
        Some(src),
    );
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("an integer operand has type float"), "{e}");
    // Located at the function's name, not a bare message.
    assert!(e.contains("<stdin>:1:11: `@f`"), "{e}");
    assert!(!obj.exists());
}

#[test]
fn saturated_costs_and_self_referential_classes_still_extract() {
    // 63 squarings saturate the tree cost; `x & x = x` then puts a node referring to its own
    // class next to the real definition. Extraction must not choose the self-reference.
    let mut src = String::from("func.func @sat(%a: i32) -> i32 {\n");
    let mut prev = "%a".to_string();
    for i in 1..64 {
        src.push_str(&format!("  %x{i} = arith.muli {prev}, {prev} : i32\n"));
        prev = format!("%x{i}");
    }
    src.push_str(&format!(
        "  %y = arith.andi {prev}, {prev} : i32\n  func.return %y : i32\n}}\n"
    ));
    let o = kiln(&["lower", "-"], Some(&src));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("llvm.return %63"));
}

#[test]
fn deeply_nested_or_huge_rule_terms_are_errors() {
    let deep = format!(
        "test deep {{ {}i32{} => i32 }}\n",
        "(lower-type ".repeat(300),
        ")".repeat(300)
    );
    let e = rules_check_errors(&deep);
    assert!(e.contains("terms nest more than 200 deep"), "{e}");
    let items = "i32 ".repeat(5000);
    let e = rules_check_errors(&format!("test long {{ (lower-types [{items}]) => nil }}\n"));
    assert!(e.contains("a list literal of 5000 items"), "{e}");
}

#[test]
fn a_function_without_a_clause_is_named_where_its_operation_stays_unlowered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rules = shipped_rules_without(dir.path(), "unranked.rules");
    let file = dir.path().join("erase.mlir");
    std::fs::write(
        &file,
        "func.func @rank_of(%u: memref<*xf32>) -> index {\n  %r = memref.rank %u : memref<*xf32>\n  func.return %r : index\n}\n",
    )
    .expect("write");
    let o = kiln(
        &[
            "--color",
            "never",
            "lower",
            file.to_str().unwrap_or_default(),
            "--rules",
            rules.to_str().unwrap_or_default(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("no rule lowers `func.sig`"), "{e}");
    assert!(
        e.contains(
            "function `param-types` has no clause for `(param-types [(memref.unranked f32)])`"
        ),
        "{e}"
    );
    // The note goes only with the operations whose rules apply the function.
    assert_eq!(e.matches("has no clause").count(), 1, "{e}");
}

#[test]
fn a_function_that_never_ends_fails_the_lowering_at_the_function() {
    let dir = rules_dir_with(
        "; (spin T X): a function whose clause applies it again, forever.\n\
         decl spin: function (Type Value) -> Value\n\
         in simplify {\n\
           ;; spin once more\n\
           rule spin-more: (spin ?t ?x) => (spin ?t (arith.addi ?t ?x ?x))\n\
           ;; x & 7 through spin\n\
           rule andi-spin: (arith.andi ?t ?x ?c) if (== (const ?c) 7) => (spin ?t ?x)\n\
         }\n",
    );
    let file = dir.path().join("spin.mlir");
    let out = dir.path().join("spin.lowered");
    std::fs::write(
        &file,
        "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 7 : i32\n  %r = arith.andi %a, %c : i32\n  func.return %r : i32\n}\n",
    )
    .expect("write");
    let o = kiln(
        &[
            "--color",
            "never",
            "lower",
            file.to_str().unwrap_or_default(),
            "--rules",
            dir.path().to_str().unwrap_or_default(),
            "-o",
            out.to_str().unwrap_or_default(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains("spin.mlir:1:11: function `spin` of the rules did not terminate on `@f`"),
        "{e}"
    );
    assert!(e.contains("its clauses are `spin-more`"), "{e}");
    assert!(!out.exists(), "no partial output");
}
