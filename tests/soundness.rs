//! Sound by default:
//! - every file under `tests/rules/unsound/`, loaded with the shipped rules, is caught by the
//!   rule-by-rule check: the rule its `; unsound: RULE` line names fails, with a message
//!   containing its `; contains: TEXT` line; a file with a `; blame: RULE...` line is also
//!   miscompiled by `kiln verify`, and the counterexample blames one of those rules first;
//! - the shipped rules are sound on the check, and it evaluates at least as many as before;
//! - right sides with helper operations are evaluated through their normal form;
//! - `kiln rules check` reports an unsound rule at the rule, and `--no-eval` skips it;
//! - the program generator produces interesting constants.

use kiln::engine::RuleSource;
use kiln::shipped::shipped_rules;
use kiln::verify::blame::Verdict;
use kiln::verify::rules::{check_rules, evaluable};
use kiln::verify::{Program, Size, Verifier};
use kiln::{load_rules, CompiledRules};
use std::path::PathBuf;
use std::sync::Arc;
mod common;

use common::{files, kiln, root, stderr, stdout};

/// The shipped rules and one more file.
fn with_file(path: &PathBuf) -> (Arc<CompiledRules>, String) {
    let text = std::fs::read_to_string(path).expect("read");
    let mut sources = shipped_rules();
    sources.push(RuleSource {
        path: path.display().to_string(),
        text: text.clone(),
    });
    let loaded = load_rules(sources);
    assert!(
        !loaded.has_errors(),
        "{}: {:?}",
        path.display(),
        loaded.diagnostics
    );
    let rules = CompiledRules::new(Arc::new(loaded.rules));
    (Arc::new(rules), text)
}

fn stated<'t>(text: &'t str, key: &str) -> Vec<&'t str> {
    text.lines()
        .filter_map(|l| l.strip_prefix(key))
        .map(str::trim)
        .collect()
}

fn unsound_files() -> Vec<PathBuf> {
    let dir = root().join("tests/rules/unsound");
    let all = files(&dir, "rules", "");
    assert!(
        all.len() >= 3,
        "tests/rules/unsound has {} files",
        all.len()
    );
    all
}

#[test]
fn every_unsound_file_is_caught_at_its_rule() {
    for path in unsound_files() {
        let (rules, text) = with_file(&path);
        let expected = stated(&text, "; unsound:");
        assert_eq!(
            expected.len(),
            1,
            "{}: one `; unsound:` line",
            path.display()
        );
        let report = check_rules(&rules, 12, 1);
        let Some(f) = report.failures.iter().find(|f| f.rule == expected[0]) else {
            panic!(
                "{}: `{}` not caught; failures: {:#?}",
                path.display(),
                expected[0],
                report.failures
            );
        };
        assert!(
            f.place.starts_with(&path.display().to_string()),
            "{}",
            f.place
        );
        for want in stated(&text, "; contains:") {
            assert!(
                f.message.contains(want),
                "{}: {}",
                path.display(),
                f.message
            );
        }
        // Only the file's rules fail: the shipped ones stay sound next to them.
        for other in &report.failures {
            assert!(
                other.place.starts_with(&path.display().to_string()),
                "{other}"
            );
        }
    }
}

#[test]
fn a_counterexample_blames_the_unsound_rule_first() {
    let mut blamed_files = 0;
    for path in unsound_files() {
        let (rules, text) = with_file(&path);
        let Some(names) = stated(&text, "; blame:").first().copied() else {
            continue;
        };
        blamed_files += 1;
        let names: Vec<&str> = names.split_whitespace().collect();
        let c = Verifier::new(rules)
            .run(300, 1, Size::of(8), |_| {})
            .expect_err("the unsound rule miscompiles some program");
        let first = c.blame.first().expect("some rule is blamed");
        assert!(
            names.contains(&first.rule.as_str()) && first.verdict <= Verdict::PassesWithout,
            "{}: blamed first {first}; all: {:#?}",
            path.display(),
            c.blame
        );
        // Every rule of the file is a suspect (a shipped rule may be one too: one that
        // simplifies what the unsound rule made can also hide the failure when left out).
        for name in &names {
            let s = c.blame.iter().find(|s| s.rule == *name).expect("fired");
            assert!(s.verdict <= Verdict::PassesWithout, "{s}");
        }
    }
    assert!(blamed_files >= 1);
}

#[test]
fn the_shipped_rules_are_sound_and_more_of_them_are_evaluated() {
    let loaded = load_rules(shipped_rules());
    let rules = CompiledRules::new(Arc::new(loaded.rules));
    let report = check_rules(&rules, 40, 1);
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    // With `kiln verify`'s 40 samples. The descriptor model (descriptor.rs) gives meanings
    // to `memref.dim`, `memref.rank` and the descriptor field rules, type_meaning.rs to the
    // type, parameter, signature and argument-slot rules; `prod`, `desc-bytes` and
    // `dim-select` have meanings of their own; loads and element addresses are evaluated in
    // a flat memory (a buffer per memref argument); element-wise operations (extended arith,
    // math, index) and the intrinsics and C library functions they lower to are evaluated
    // by the interpreter's semantics.
    let (checked, unchecked) = (report.checked.len(), report.unchecked.len());
    // (One rule lowers every scalar type but `index`, where nine did; one folds every
    // integer comparison, where ten did.)
    assert!(checked >= 249, "{checked} checked");
    // Effects and lists mostly, which have no meaning yet; the rules through `i128` and
    // the integers twice as wide as 33 to 63 bits (the extended products of those widths,
    // whose values the evaluator's 64 bits cannot hold) and `math.fpowi` with or without flags (an integer exponent the sampler does not
    // give); and the views and copies of a buffer (`extract_strided_metadata`, `subview`,
    // `reinterpret_cast`, `copy`), whose operands are memrefs; `cf.assert` (an effect) and
    // `ub.poison` (no value to compare); `memref.assume_alignment` and
    // `extract_aligned_pointer_as_index`, whose meanings are addresses; `transpose` and
    // its permutation lists; `memref.get_global` and the LLVM type of a global's value,
    // whose meanings are a module's globals; `expand_shape` and `collapse_shape` and the
    // list walks that make their sizes and strides; a rank-reducing subview's dropped
    // dimensions; `memref.view` (an address moved by bytes) and `memref.reshape`; the
    // atomic operations (effects) and a reshape whose sizes are read (an effect);
    // `memref.realloc` (allocation and copies); `func.constant`, `func.call_indirect` and the
    // type of a function value (calls, like direct ones, and addresses);
    // `memref.alloca_scope`'s save and restore of the stack pointer and the two ends of
    // `memref.generic_atomic_rmw`'s compare-and-swap loop (effects); a copy by
    // `memrefCopy` and the unranked forms in stack slots it passes (a call, and memory);
    // `llvm.intr.uadd.with.overflow`, whose value is an LLVM struct.
    assert!(unchecked <= 203, "{unchecked} unchecked");
    for name in [
        "dim-dynamic",
        "dim-any",
        "extract-other-field",
        "rank-static",
        "type-memref",
        "params-ranked",
        "sig-packed",
        "slot-ranked",
        "prod-more",
        "desc-bytes",
        "dim-select-more",
        "load",
        "addr",
        "linear-next",
        "scaled-dynamic",
        "base-dynamic",
        "base-static",
        "store",
        // Flagged operations, their flags' promises evaluated on both sides.
        "addi-flags",
        "shli-flags",
        "maxnumf-flags",
        "cmpf-flags",
        "sqrt-flags",
        "rsqrt-flags",
    ] {
        assert!(
            report.checked.iter().any(|(r, _)| r == name),
            "{name} not evaluated"
        );
    }
}

#[test]
fn helpers_are_not_evaluable_and_target_operations_are() {
    for op in [
        "llvm.shl",
        "arith.muli",
        "llvm.sext",
        "func.arg",
        "i32",
        "lower-type",
        "memref.dim",
        "llvm.extractvalue",
        "prod",
        "dim-select",
    ] {
        assert!(evaluable(op), "{op}");
    }
    for op in [
        "mul-shift",
        "fill-desc",
        "alloc-sizes",
        "llvm.call",
        "arith.xyz",
    ] {
        assert!(!evaluable(op), "{op}");
    }
}

#[test]
fn a_function_is_applied_where_a_right_side_uses_it() {
    use kiln::engine::Term;
    let path = root().join("tests/rules/unsound/mul_pow2_off_by_one.rules");
    let (rules, _) = with_file(&path);
    let rule = rules
        .rules
        .rules
        .iter()
        .find(|r| r.name == "mul-pow2")
        .expect("the rule");
    let c = |v: i64| Term::op("arith.constant", vec![Term::atom("i32"), Term::Int(v)]);
    let x = Term::op(
        "func.arg",
        vec![
            Term::atom("i32"),
            Term::Int(0),
            Term::list_of(vec![Term::atom("i32")]),
        ],
    );
    let lhs = Term::op("arith.muli", vec![Term::atom("i32"), x, c(8)]);
    let rhs = rules.rewrite_root(rule, &lhs, &|_| false);
    let text = rhs.first().expect("a right side").to_string();
    assert!(!text.contains("mul-shift"), "{text}");
    // x << 4 (the off-by-one): what makes the rule wrong.
    assert!(text.contains("shl") && text.contains("i32 4)"), "{text}");
}

#[test]
fn rules_check_reports_an_unsound_rule_at_the_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    for f in files(&root().join("rules"), "rules", "") {
        let name = f.file_name().expect("name");
        std::fs::copy(&f, dir.path().join(name)).expect("copy");
    }
    let bad = root().join("tests/rules/unsound/mul_pow2_off_by_one.rules");
    std::fs::copy(&bad, dir.path().join("mul.rules")).expect("copy");
    let d = dir.path().to_str().expect("utf-8 path");
    let o = kiln(&["rules", "check", d]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("mul.rules:9:8"), "{err}");
    assert!(err.contains("rule `mul-pow2` is unsound"), "{err}");
    assert!(stdout(&o).contains("1 unsound"), "{}", stdout(&o));
    let o = kiln(&["rules", "check", "--no-eval", d]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).contains("evaluated"), "{}", stdout(&o));
    let o = kiln(&["rules", "check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("0 unsound"), "{}", stdout(&o));
}

#[test]
fn the_generator_makes_interesting_constants() {
    let mut text = String::new();
    for seed in 0..300 {
        text.push_str(&Program::generate(seed, Size::of(8)).text());
    }
    let constants: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split("arith.constant ").nth(1))
        .collect();
    for want in [
        "127 : i8",
        "-128 : i8",
        "2147483647 : i32",
        "-2147483648 : i32",
    ] {
        assert!(
            constants.contains(&want),
            "no `{want}` among {} constants",
            constants.len()
        );
    }
    let pow2 = |s: &str| {
        s.split(' ')
            .next()
            .and_then(|n| n.parse::<i64>().ok())
            .is_some_and(|n| n >= 8 && n & (n - 1) == 0)
    };
    assert!(constants.iter().any(|c| pow2(c)), "no power of two ≥ 8");
}
