//! The equivalence properties kiln keeps, under `cargo test` with modest counts (more
//! through `kiln verify --cases N`):
//! 1. the reference interpreter and kiln's native code (-O0 and -O2) agree on random programs;
//! 3. so does MLIR 19's pipeline (when installed; `KILN_REQUIRE_MLIR` makes it required);
//! 4. random programs print and parse back to the same IR, and lower to the same bytes twice;
//!
//! 2. every rule whose sides are scalar values agrees on random instantiations of its left
//!    side (the others are listed by `kiln verify --list-unchecked`);
//!
//! and `kiln verify` finds deliberately broken rules (a program-level one, shrunk and
//! blamed; a rule-level one).

use kiln::shipped::shipped_rules;
use kiln::verify::{Against, Program, Verifier};
use kiln::{load_rules, CompiledRules};
use quickcheck::{QuickCheck, TestResult};
use std::process::Command;
use std::sync::{Arc, OnceLock};

fn rules() -> Arc<CompiledRules> {
    static RULES: OnceLock<Arc<CompiledRules>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            let loaded = load_rules(shipped_rules());
            Arc::new(CompiledRules::new(Arc::new(loaded.rules)))
        })
        .clone()
}

fn check(p: Program, against: Against) -> TestResult {
    match Verifier::new(rules()).with_against(against).check(&p, 7) {
        Ok(()) => TestResult::passed(),
        Err(f) => TestResult::error(format!("{f}\n--- program\n{}", p.text())),
    }
}

#[test]
fn interpreter_and_native_code_agree() {
    fn prop(p: Program) -> TestResult {
        check(p, Against::Kiln)
    }
    QuickCheck::new()
        .tests(60)
        .quickcheck(prop as fn(Program) -> TestResult);
}

#[test]
fn interpreter_and_mlir_19_agree() {
    if !kiln::reference::available() {
        assert!(
            std::env::var_os("KILN_REQUIRE_MLIR").is_none(),
            "KILN_REQUIRE_MLIR is set but MLIR 19 is not installed"
        );
        return;
    }
    fn prop(p: Program) -> TestResult {
        check(p, Against::KilnAndMlir)
    }
    QuickCheck::new()
        .tests(25)
        .quickcheck(prop as fn(Program) -> TestResult);
}

#[test]
fn generated_programs_are_deterministic_text() {
    for seed in 0..50 {
        let size = kiln::verify::Size::of(10);
        let a = Program::generate(seed, size);
        assert_eq!(a, Program::generate(seed, size));
        assert_eq!(a.text(), Program::generate(seed, size).text());
    }
}

#[test]
fn generated_programs_cover_the_element_wise_operations() {
    let text: String = (0..400)
        .map(|seed| Program::generate(seed, kiln::verify::Size::of(12)).text())
        .collect();
    for op in [
        "arith.addui_extended",
        "arith.mulsi_extended",
        "arith.mului_extended",
        "math.ctlz",
        "math.ctpop",
        "math.absi",
        "math.sqrt",
        "math.tanh",
        "math.fma",
        "math.atan2",
        "index.add",
        "index.divu",
        "memref.subview",
        "memref.copy",
    ] {
        assert!(text.contains(op), "no generated program uses `{op}`");
    }
}

#[test]
fn shrinking_keeps_programs_valid() {
    // Every shrink candidate of a program still checks (choices re-resolve in scope).
    let p = Program::generate(3, kiln::verify::Size::of(10));
    for cand in p.shrink().into_iter().take(60) {
        let db = kiln::Database::new();
        let (_, diags) = kiln::check_source(&db, "c.mlir", &cand.text());
        assert!(
            !diags.iter().any(|d| d.is_error()),
            "{:?}\n{}",
            diags,
            cand.text()
        );
    }
}

#[test]
fn every_value_rule_preserves_meaning_on_samples() {
    let report = kiln::verify::rules::check_rules(&rules(), 30, 11);
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    assert!(
        report.checked.len() >= 90,
        "only {} rules checked",
        report.checked.len()
    );
    for (name, why) in &report.unchecked {
        assert!(!why.contains("cannot interpret"), "{name}: {why}");
    }
}

#[test]
fn a_wrong_folding_rule_is_caught() {
    let mut sources = shipped_rules();
    for r in &mut sources {
        r.text = r.text.replace(
            "{wrap ?t (- (const ?a) (const ?b))}",
            "{wrap ?t (- (const ?b) (const ?a))}",
        );
    }
    let loaded = load_rules(sources);
    let rules = CompiledRules::new(Arc::new(loaded.rules));
    let report = kiln::verify::rules::check_rules(&rules, 30, 11);
    assert!(
        report.failures.iter().any(|f| f.rule == "fold-subi"),
        "{:#?}",
        report.failures
    );
}

/// A copy of the shipped rules with one static stride off by one.
fn broken_rules(dir: &std::path::Path) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    for entry in std::fs::read_dir(root).expect("rules/") {
        let f = entry.expect("entry").path();
        let name = f.file_name().unwrap_or_default().to_os_string();
        let mut text = std::fs::read_to_string(&f).expect("read");
        if name == "linearize.rules" {
            let right = "(llvm.constant i64 {stride (type ?m) ?d})";
            assert!(text.contains(right), "the stride rule moved");
            text = text.replace(right, "(llvm.constant i64 {+ (stride (type ?m) ?d) 1})");
        }
        std::fs::write(dir.join(name), text).expect("write");
    }
}

/// `kiln verify --quiet --rules DIR ARGS...`, which must exit with 1; its standard output.
fn verify_fails_with(rules: &std::path::Path, args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["verify", "--quiet", "--rules"])
        .arg(rules)
        .args(args)
        .output()
        .expect("kiln runs");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    stdout
}

#[test]
fn verify_finds_a_broken_stride_and_shrinks_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    broken_rules(dir.path());
    let out = dir.path().join("counterexample.mlir");
    // The rule-by-rule check evaluates address rules and catches it first.
    let stdout = verify_fails_with(dir.path(), &["--cases", "0"]);
    assert!(stdout.contains("unsound: rule `scaled-static`"), "{stdout}");
    // Without it, the random programs find it, and the counterexample blames the rule
    // (first: the program cannot be lowered without it, but it is unsound on its own).
    let out_arg = out.to_string_lossy().into_owned();
    let stdout = verify_fails_with(dir.path(), &["--rule-samples", "0", "-o", &out_arg]);
    assert!(stdout.contains("differs from the interpreter"), "{stdout}");
    assert!(
        stdout.contains("  scaled-static (") && stdout.contains("unsound on its own"),
        "{stdout}"
    );
    let program = std::fs::read_to_string(&out).expect("the counterexample is written");
    let ops = program
        .lines()
        .filter(|l| l.starts_with("  ") && !l.contains("arith.constant"))
        .count();
    assert!(
        ops <= 12,
        "not shrunk enough ({ops} operations):\n{program}"
    );
    // The shipped rules pass the same cases.
    let o = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["verify", "--quiet", "--cases", "60"])
        .output()
        .expect("kiln runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
}

#[test]
fn native_code_that_crashes_is_a_counterexample() {
    // With the broken stride, seed 13's program stores far outside its buffer: in process
    // that ended `kiln verify` with a segmentation fault; in a child it is a counterexample.
    let dir = tempfile::tempdir().expect("temp dir");
    broken_rules(dir.path());
    let stdout = verify_fails_with(
        dir.path(),
        &["--rule-samples", "0", "--seed", "13", "--cases", "1"],
    );
    assert!(stdout.contains("counterexample (seed 13,"), "{stdout}");
    assert!(stdout.contains("scaled-static ("), "{stdout}");
}
