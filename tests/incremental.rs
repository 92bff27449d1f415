//! Incremental compilation (`kiln::Session`): salsa `WillExecute` counts prove that an edit
//! lowers again only what depends on it, and random edit sequences give the same output as
//! compiling from scratch.

use kiln::shipped::shipped_rules;
use kiln::{RuleSource, Session};
use quickcheck::{Arbitrary, Gen, QuickCheck};

const SRC: &str = "\
func.func @scalar(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  func.return %0 : i32
}

func.func @mem(%m: memref<?xf32>, %i: index) -> f32 {
  %0 = memref.load %m[%i] : memref<?xf32>
  func.return %0 : f32
}

func.func @caller(%x: i32) -> i32 {
  %0 = func.call @scalar(%x) : (i32) -> i32
  func.return %0 : i32
}

func.func @wrapped(%x: i32, %y: i32) -> (i32, i32) attributes {llvm.emit_c_interface} {
  func.return %y, %x : i32, i32
}
";

fn session() -> Session {
    let mut s = Session::new();
    s.set_source("m.mlir", SRC);
    s.lower("m.mlir").expect("lowers");
    s.database().record_executions();
    s
}

/// How many times each query ran since the last call.
fn runs(s: &Session, query: &str) -> usize {
    s.database()
        .take_executions()
        .iter()
        .filter(|e| e.starts_with(&format!("{query}(")))
        .count()
}

fn with_rules(edit: impl Fn(&str, &str) -> String) -> Vec<RuleSource> {
    shipped_rules()
        .into_iter()
        .map(|r| RuleSource {
            text: edit(&r.path, &r.text),
            path: r.path,
        })
        .collect()
}

#[test]
fn nothing_changed_lowers_nothing() {
    let s = session();
    s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 0);
}

#[test]
fn editing_one_body_lowers_that_function_alone() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("arith.addi %x, %x", "arith.muli %x, %x"),
    );
    let out = s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 1);
    assert!(out[0].to_string().contains("llvm.mul"));
}

#[test]
fn whitespace_between_functions_lowers_nothing() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("}\n\nfunc.func @mem", "}\n\n\n// a comment\nfunc.func @mem"),
    );
    s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 0);
}

#[test]
fn editing_a_rule_test_lowers_nothing() {
    let mut s = session();
    s.set_rules(with_rules(|path, text| {
        if path.ends_with("/arith.rules") {
            text.replace("test index-cast-i64", "test index-cast-i64-renamed")
        } else {
            text.to_string()
        }
    }));
    s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 0);
}

fn s_rules_after_ciface_edit() -> Vec<RuleSource> {
    with_rules(|path, text| {
        if path.ends_with("/c_interface.rules") {
            text.replace(
                ";; a wrapper without results returns void",
                ";; a wrapper without any results returns void",
            )
        } else {
            text.to_string()
        }
    })
}

fn append_rule(text: &str) -> String {
    format!(
        "{text}\nin lower {{\n  ;; the rank of a cast to unranked is the ranked memref's\n  rule rank-of-cast: (memref.rank ?t (memref.cast ?st (memref.unranked ?e) ?m)) if (ranked? (type ?m)) => (llvm.constant i64 {{rank (type ?m)}})\n}}\n"
    )
}

#[test]
fn editing_a_rule_file_lowers_the_functions_it_can_affect() {
    let mut s = session();
    // c_interface.rules only matters to functions with a C wrapper.
    s.set_rules(s_rules_after_ciface_edit());
    s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 1, "only @wrapped");
    // A rule appended to unranked.rules can fire in no function here (slices compare
    // positions too, so an edit that moves rules a function can use lowers it again: its
    // diagnostics would name those lines).
    // (The c_interface.rules edit above stays.)
    let mut rules = s_rules_after_ciface_edit();
    for r in &mut rules {
        if r.path.ends_with("/unranked.rules") {
            r.text = append_rule(&r.text);
        }
    }
    s.set_rules(rules);
    assert!(s.rule_errors().is_empty(), "{:?}", s.rule_errors());
    s.lower("m.mlir").expect("lowers");
    let ran = s.database().take_executions();
    assert!(
        !ran.iter().any(|e| e.starts_with("lowered_item(")),
        "no function can use the new rule: {ran:?}"
    );
}

#[test]
fn a_signature_edit_lowers_the_function_and_the_caller_it_forces_to_change() {
    let mut s = session();
    // @scalar takes an i64 now; @caller's call must change with it; @mem and @wrapped
    // are untouched (their verification re-runs against the new signatures and comes out
    // equal, so their lowering is reused).
    let edited = SRC
        .replace(
            "func.func @scalar(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  func.return %0 : i32",
            "func.func @scalar(%x: i64) -> i32 {\n  %t = arith.trunci %x : i64 to i32\n  %0 = arith.addi %t, %t : i32\n  func.return %0 : i32",
        )
        .replace(
            "%0 = func.call @scalar(%x) : (i32) -> i32",
            "%w = arith.extsi %x : i32 to i64\n  %0 = func.call @scalar(%w) : (i64) -> i32",
        );
    s.set_source("m.mlir", edited);
    assert!(
        s.diagnostics("m.mlir").is_empty(),
        "{:?}",
        s.diagnostics("m.mlir")
    );
    s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 2, "@scalar and @caller");
}

/// One edit of a random sequence.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace function `i`'s body with variant `v`.
    Body(u8, u8),
    /// Add or remove the extra function.
    Toggle,
    /// Change the rules: a comment in one file, or a lowering choice.
    Rule(u8),
}

impl Arbitrary for Edit {
    fn arbitrary(g: &mut Gen) -> Edit {
        match u8::arbitrary(g) % 3 {
            0 => Edit::Body(u8::arbitrary(g), u8::arbitrary(g)),
            1 => Edit::Toggle,
            _ => Edit::Rule(u8::arbitrary(g)),
        }
    }
}

const BODIES: &[&str] = &[
    "%0 = arith.addi %x, %x : i32",
    "%0 = arith.muli %x, %x : i32",
    "%c = arith.constant 7 : i32\n  %0 = arith.divsi %x, %c : i32",
    "%0 = arith.xori %x, %x : i32",
];

struct State {
    bodies: [usize; 2],
    extra: bool,
    rules: u8,
}

impl State {
    fn text(&self) -> String {
        let mut t = String::new();
        for (i, b) in self.bodies.iter().enumerate() {
            t.push_str(&format!(
                "func.func @f{i}(%x: i32) -> i32 {{\n  {}\n  func.return %0 : i32\n}}\n",
                BODIES[*b]
            ));
        }
        if self.extra {
            t.push_str("func.func @g(%m: memref<4xf32>) -> f32 {\n  %c1 = arith.constant 1 : index\n  %0 = memref.load %m[%c1] : memref<4xf32>\n  func.return %0 : f32\n}\n");
        }
        t
    }

    fn rules(&self) -> Vec<RuleSource> {
        let k = self.rules;
        with_rules(|path, text| match k % 3 {
            1 if path.ends_with("/linearize.rules") => format!("; edit\n{text}"),
            2 if path.ends_with("/arith.rules") => format!("; edit\n{text}"),
            _ => text.to_string(),
        })
    }
}

fn render(s: &Session) -> String {
    match s.lower("m.mlir") {
        Ok(fs) => fs.iter().map(|f| f.to_string()).collect(),
        Err(e) => format!("{e:?}"),
    }
}

#[test]
fn random_edit_sequences_match_a_fresh_compile() {
    fn prop(edits: Vec<Edit>) -> bool {
        let mut st = State {
            bodies: [0, 1],
            extra: false,
            rules: 0,
        };
        let mut s = Session::new();
        s.set_source("m.mlir", st.text());
        let _ = render(&s);
        for e in edits.iter().take(6) {
            match e {
                Edit::Body(i, v) => st.bodies[*i as usize % 2] = *v as usize % BODIES.len(),
                Edit::Toggle => st.extra = !st.extra,
                Edit::Rule(k) => st.rules = *k,
            }
            s.set_source("m.mlir", st.text());
            s.set_rules(st.rules());
            let incremental = render(&s);
            let mut fresh = Session::with_rules(st.rules());
            fresh.set_source("m.mlir", st.text());
            if incremental != render(&fresh) {
                return false;
            }
        }
        true
    }
    QuickCheck::new()
        .tests(15)
        .quickcheck(prop as fn(Vec<Edit>) -> bool);
}

#[test]
fn slices_lower_exactly_like_the_whole_rule_set() {
    // Every corpus program: the session (per-function rule slices) and `lower_program`
    // (all rules) give the same lowered text.
    let rules = std::sync::Arc::new(
        kiln::CompiledRules::new(std::sync::Arc::new(kiln::load_rules(shipped_rules()).rules))
            .expect("compile"),
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut checked = 0;
    for entry in std::fs::read_dir(&root).expect("corpus") {
        let p = entry.expect("entry").path();
        if p.extension().is_none_or(|e| e != "mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("read");
        let mut s = Session::new();
        s.set_source("p.mlir", text.clone());
        let db = kiln::Database::new();
        let (file, _) = kiln::check_source(&db, "p.mlir", &text);
        let whole = kiln::lower_program(&db, file, &rules);
        let render = |r: Result<Vec<kiln::Lowered>, Vec<kiln::Diagnostic>>| match r {
            Ok(fs) => fs.iter().map(|f| f.to_string()).collect::<String>(),
            Err(e) => format!("{:?}", e.iter().map(|d| &d.message).collect::<Vec<_>>()),
        };
        assert_eq!(render(s.lower("p.mlir")), render(whole), "{}", p.display());
        checked += 1;
    }
    assert!(checked > 10);
}
