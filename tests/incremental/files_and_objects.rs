//! Whole-file reads, located errors, freed work, units and objects, line tables.

use super::*;
use crate::edit_sequences::difference;
use crate::random_edits::{render, BODIES};

#[test]
fn the_token_split_agrees_with_the_parser_on_every_corpus_file() {
    // Where the split answers, its functions are the parser's, and every file the parser
    // reads without a diagnostic is of a shape the split answers for, but for files that
    // define aliases or globals, which are read whole.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut checked = 0;
    for dir in [root.clone(), root.join("legacy"), root.join("fail")] {
        for entry in std::fs::read_dir(&dir).expect("corpus") {
            let p = entry.expect("entry").path();
            if p.extension().is_none_or(|e| e != "mlir") {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("read");
            let parsed = kiln::frontend::parse_module(&text);
            let split = kiln::frontend::split::split_module(&text);
            let from_parser: Vec<_> = parsed
                .tree
                .funcs
                .iter()
                .map(|f| (f.name.node.clone(), f.span))
                .collect();
            if let Some(split) = &split {
                if parsed.diagnostics.is_empty() {
                    let from_split: Vec<_> =
                        split.iter().map(|f| (f.name.clone(), f.span)).collect();
                    assert_eq!(from_split, from_parser, "{}", p.display());
                }
            } else {
                let whole = !parsed.prelude.is_empty()
                    || !parsed.tree.globals.is_empty()
                    || !parsed.tree.llvm_funcs.is_empty()
                    || !parsed.tree.llvm_globals.is_empty()
                    || parsed.tree.funcs.iter().any(|f| f.is_llvm());
                assert!(whole || !parsed.diagnostics.is_empty(), "{}", p.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn slices_lower_exactly_like_the_whole_rule_set() {
    // Every corpus program: the session (per-function rule slices) and `lower_program`
    // (all rules) give the same lowered text and the same LLVM IR.
    let rules = std::sync::Arc::new(kiln::CompiledRules::new(std::sync::Arc::new(
        kiln::load_rules(shipped_rules()).rules,
    )));
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
            Err(e) => format!(
                "{:?}",
                e.iter().map(|d| (&d.message, d.span)).collect::<Vec<_>>()
            ),
        };
        if let Ok(program) = &whole {
            // The session's linked per-function code is `kiln compile`'s output (with the
            // ABI reflection symbols of the exported functions).
            let one_shot = kiln::emit_program(
                &db,
                file,
                program,
                Emit::LlvmIr,
                &kiln::backend::CodegenOptions::default(),
            )
            .expect("codegen");
            let session = s
                .compile("p.mlir", Emit::LlvmIr, 0)
                .into_result()
                .expect("codegen");
            assert!(one_shot == session, "{}", p.display());
        }
        let session = s.lower("p.mlir").into_result().map_err(|files| {
            assert!(files.iter().all(|f| f.path == "p.mlir"));
            files.into_iter().flat_map(|f| f.diagnostics).collect()
        });
        assert_eq!(render(session), render(whole), "{}", p.display());
        checked += 1;
    }
    assert!(checked > 10);
}

#[test]
fn lowering_errors_are_located_like_kiln_lower_and_follow_layout_edits() {
    // Without result_packing.rules, a function with two results cannot be lowered. The
    // session lowers the function's shape (spans replaced by ordinals) with a slice of the
    // rules whose places are numbers, and puts the diagnostics back in place: the same
    // spans and notes (rules named by path:line:col) as lowering the real function with
    // the real rules.
    let without = |comment: bool| -> Vec<RuleSource> {
        shipped_rules()
            .into_iter()
            .filter(|r| !r.path.ends_with("/result_packing.rules"))
            .map(|mut r| {
                if comment && r.path.ends_with("/func.rules") {
                    r.text = format!(";; a comment moves every rule down a line\n{}", r.text);
                }
                r
            })
            .collect()
    };
    type Located = Vec<(String, kiln::frontend::Span, Vec<String>)>;
    let summary = |e: &[kiln::Diagnostic]| -> Located {
        e.iter()
            .map(|d| (d.message.clone(), d.span, d.notes.clone()))
            .collect()
    };
    let expected = |rules: Vec<RuleSource>, text: &str| -> Located {
        let loaded = kiln::load_rules(rules);
        assert!(!loaded.has_errors());
        let rules = kiln::CompiledRules::new(std::sync::Arc::new(loaded.rules));
        let db = kiln::Database::new();
        let (file, _) = kiln::check_source(&db, "m.mlir", text);
        match kiln::lower_program(&db, file, &rules) {
            Ok(_) => panic!("lowers without result_packing.rules"),
            Err(e) => summary(&e),
        }
    };
    let located = |s: &Session| match s.lower("m.mlir").into_result() {
        Ok(_) => panic!("lowers without result_packing.rules"),
        Err(files) => {
            assert_eq!(files.len(), 1);
            assert_eq!(files[0].path, "m.mlir");
            summary(&files[0].diagnostics)
        }
    };
    let mut s = Session::with_query_log(without(false));
    s.set_source("m.mlir", SRC);
    let first = located(&s);
    assert_eq!(first, expected(without(false), SRC));
    assert!(
        first
            .iter()
            .any(|(_, _, notes)| notes.iter().any(|n| n.contains("func.rules:"))),
        "{first:?}"
    );
    // A first edit of @wrapped's layout lowers it again, once: the edit makes its input's
    // durability low, and salsa keeps no result that became less durable
    // (`engine/src/sources.rs`).
    s.set_source(
        "m.mlir",
        SRC.replace("func.return %y, %x", "func.return  %y, %x"),
    );
    located(&s);
    s.database().record_executions();
    // Move @wrapped's text (a comment before it, spaces inside it): nothing is lowered
    // again, and the errors move with the text.
    let moved = SRC
        .replace(
            "func.func @wrapped(%x: i32, %y: i32)",
            "// moved\nfunc.func @wrapped(%x: i32,   %y: i32)",
        )
        .replace("func.return %y, %x", "func.return   %y, %x");
    s.set_source("m.mlir", moved.clone());
    let after = located(&s);
    assert_eq!(after, expected(without(false), &moved));
    assert_ne!(after, first);
    assert_eq!(runs(&s, "lowered_item"), 0);
    // Move every rule of func.rules down a line: nothing is lowered again, and the notes
    // name the new lines.
    s.set_rules(without(true));
    let after = located(&s);
    assert_eq!(after, expected(without(true), &moved));
    assert_ne!(after, expected(without(false), &moved));
    assert_eq!(runs(&s, "lowered_item"), 0);
}

#[test]
fn a_rule_error_is_located_in_its_rule_file_and_fixing_it_recovers() {
    let mut s = session();
    let broken = |path: &str, text: &str| {
        if path.ends_with("/arith.rules") {
            format!("; a typo below\nin lower {{ rule oops: (arith.adi ?a ?b) => ?a }}\n{text}")
        } else {
            text.to_string()
        }
    };
    s.set_rules(with_rules(broken));
    let errors = match s.compile("m.mlir", Emit::LlvmIr, 0).into_result() {
        Ok(_) => panic!("compiles with a broken rule file"),
        Err(e) => e,
    };
    // The errors are the rule file's, at the typo, not the source's.
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].path.ends_with("/arith.rules"), "{errors:?}");
    assert!(errors[0].text.starts_with("; a typo below\n"));
    let d = &errors[0].diagnostics[0];
    assert!(d.message.contains("unknown operation `arith.adi`"), "{d:?}");
    let index = kiln::frontend::LineIndex::new(&errors[0].text);
    let at = index.line_col(d.span.start);
    assert_eq!((at.line, at.column), (2, 24), "{d:?}");
    assert_eq!(
        s.rule_errors(),
        vec![format!("{}:2:24: {}", errors[0].path, d.message)]
    );
    // Fixing the file gives back the rules every function was lowered with: nothing is
    // lowered or generated again.
    ran(&s);
    s.set_rules(shipped_rules());
    assert!(s.rule_errors().is_empty());
    assert_eq!(compile_counts(&s), [0, 0, 0, 0, 0]);
}

#[test]
fn an_unknown_file_is_an_error_of_that_file() {
    let s = session();
    let errors = s
        .lower("nope.mlir")
        .into_result()
        .expect_err("no such file");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].path, "nope.mlir");
    assert_eq!(errors[0].diagnostics[0].code, "session.unknown-file");
    assert!(!s.has_source("nope.mlir") && s.has_source("m.mlir"));
}

#[test]
fn a_codegen_error_is_located_at_the_function_it_is_in() {
    // A wrong rule: every addi becomes a 64-bit add, whatever its operands. The lowering
    // has only target operations, and LLVM's builder refuses it.
    let mut s = Session::with_rules(with_rules(|path, text| {
        if path.ends_with("/arith.rules") {
            text.replace(
                "rule addi: (arith.addi ?t ?a ?b) => (llvm.add (lower-type ?t) ?a ?b)",
                "rule addi: (arith.addi ?t ?a ?b) => (llvm.add i64 ?a ?b)",
            )
        } else {
            text.to_string()
        }
    }));
    assert!(s.rule_errors().is_empty(), "{:?}", s.rule_errors());
    let text = format!("// two functions\n{SRC}");
    s.set_source("m.mlir", text.clone());
    assert!(s.lower("m.mlir").into_result().is_ok());
    let errors = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect_err("LLVM refuses an i64 add of i32 values");
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].path.as_str(), &errors[0].text),
        ("m.mlir", &text)
    );
    let d = &errors[0].diagnostics;
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, "codegen");
    assert!(d[0].message.contains("`@scalar`"), "{d:?}");
    // At the name of @scalar, on the second line.
    assert_eq!(
        &text[d[0].span.start as usize..d[0].span.end as usize],
        "@scalar"
    );
}

#[test]
fn closing_a_file_frees_what_was_computed_for_its_functions() {
    // Every per-function query is keyed by the function alone, so its results live with the
    // function: emptying the file deletes the functions and discards each result.
    let mut s = session();
    ran(&s);
    assert!(s.remove_source("m.mlir"));
    let r = ran(&s);
    let discarded = |query: &str| {
        r.0.iter()
            .filter(|e| e.starts_with(&format!("discarded {query}(")))
            .count()
    };
    for query in [
        "parse_item",
        "verify_function",
        "lowered_item",
        "function_code",
    ] {
        assert_eq!(discarded(query), 4, "{query}: {:?}", r.0);
    }
    assert!(!s.remove_source("m.mlir"));
    // Opening it again parses, builds, lowers and generates every function again, with the
    // same result.
    s.set_source("m.mlir", SRC);
    assert_eq!(compile_counts(&s), [0, 4, 4, 4, 4]);
    assert_eq!(
        s.compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
        session()
            .compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles")
    );
}

pub(crate) fn object(s: &Session) -> Vec<u8> {
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles to an object")
}

/// At -O2 a large module is optimized and compiled in parts (`kiln_backend::object::thin`): after
/// an edit, the parts that neither hold the edited function nor import it are kept, and
/// the object is a fresh session's and `kiln compile`'s.
#[test]
fn an_optimized_object_compiles_again_only_the_parts_an_edit_changed() {
    let optimized = |s: &Session| {
        s.compile("m.mlir", Emit::Obj, 2)
            .into_result()
            .expect("compiles to an optimized object")
    };
    let mut s = Session::new();
    s.set_source("m.mlir", common::chain_program(800, None));
    let (_, work) = s.counting(optimized);
    let parts = work.parts;
    assert!(parts >= 3, "800 functions in {parts} parts");
    // Nothing changed: no part is compiled again.
    let (_, work) = s.counting(optimized);
    assert_eq!(work.parts, 0);
    // One body: its part, and the parts that import it (its callers' parts).
    s.set_source("m.mlir", common::chain_program(800, Some(400)));
    let (bytes, work) = s.counting(optimized);
    assert!(
        work.parts >= 1 && work.parts < parts,
        "{} of {parts} parts compiled again",
        work.parts
    );
    let mut fresh = Session::new();
    fresh.set_source("m.mlir", common::chain_program(800, Some(400)));
    assert!(bytes == optimized(&fresh), "a fresh session's bytes");
    assert!(
        compiled_by_kiln(&common::chain_program(800, Some(400)), "-O2") == bytes,
        "`kiln compile -O2`'s bytes"
    );
}

#[test]
fn an_object_is_made_of_units_and_an_edit_compiles_its_unit_alone() {
    let mut s = Session::new();
    s.set_source("m.mlir", common::chain_program(200, None));
    let (_, work) = s.counting(object);
    assert!(work.units > 5, "200 functions in {} units", work.units);
    // Nothing changed: no unit is compiled again.
    let (_, work) = s.counting(object);
    assert_eq!(work.units, 0);
    // One body: that function alone is lowered and generated, and its unit alone compiled.
    s.set_source("m.mlir", common::chain_program(200, Some(100)));
    let (bytes, work) = s.counting(object);
    assert_eq!((work.lowered, work.generated, work.units), (1, 1, 1));
    let mut fresh = Session::new();
    fresh.set_source("m.mlir", common::chain_program(200, Some(100)));
    assert!(
        bytes == object(&fresh),
        "an edit gives a fresh session's bytes"
    );
    // Back to the first text: the unit is compiled again and the bytes are the first ones.
    s.set_source("m.mlir", common::chain_program(200, None));
    let (back, work) = s.counting(object);
    assert_eq!(work.units, 1);
    let mut first = Session::new();
    first.set_source("m.mlir", common::chain_program(200, None));
    assert!(back == object(&first));
    // The same bytes as `kiln compile` of the same text.
    assert!(compiled_by_kiln(&common::chain_program(200, None), "-O0") == back);
}

/// The object `kiln compile` makes of `text` at the optimization level `opt` (`-O0`...).
pub(crate) fn compiled_by_kiln(text: &str, opt: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().expect("temp dir");
    let (src, obj) = (dir.path().join("m.mlir"), dir.path().join("m.o"));
    std::fs::write(&src, text).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("compile")
        .arg(&src)
        .arg(opt)
        .arg("-o")
        .arg(&obj)
        .output()
        .expect("kiln runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&obj).expect("object")
}

#[test]
fn adding_a_function_compiles_at_most_two_units() {
    let mut s = Session::new();
    let text = common::chain_program(120, None);
    s.set_source("m.mlir", text.clone());
    object(&s);
    let added = text.replacen(
        "\nfunc.func @f60(",
        "\nfunc.func @added(%x: i64) -> i64 {\n  func.return %x : i64\n}\n\nfunc.func @f60(",
        1,
    );
    s.set_source("m.mlir", added.clone());
    let (bytes, work) = s.counting(object);
    assert!(work.units <= 2, "{} units compiled again", work.units);
    let mut fresh = Session::new();
    fresh.set_source("m.mlir", added);
    assert!(bytes == object(&fresh));
}

#[test]
fn a_one_shot_session_keeps_no_lowering_and_gives_the_same_bytes() {
    // What `kiln compile` and `kiln lower` run: lowered where the text or the LLVM IR is
    // made, from the IR as built and with the whole rule set, and dropped there.
    let keep = session();
    let mut once = Session::with_query_log(shipped_rules());
    once.set_keep_lowered(false);
    once.set_source("m.mlir", SRC);
    once.database().record_executions();
    for emit in [Emit::LlvmIr, Emit::Obj, Emit::Asm] {
        assert_eq!(
            once.compile("m.mlir", emit, 0).into_result(),
            keep.compile("m.mlir", emit, 0).into_result()
        );
    }
    assert_eq!(
        once.lowered_text("m.mlir", None).into_result(),
        keep.lowered_text("m.mlir", None).into_result()
    );
    let r = ran(&once);
    for query in ["lowered_item", "function_shape", "slice_rules"] {
        assert_eq!(r.get(query), 0, "{query}: {:?}", r.0);
    }
    assert_eq!((r.get("function_code"), r.get("lowered_text")), (4, 4));
    // Only the functions asked for are lowered, and a function no rule lowers is an
    // error located in the file, as in a session that keeps lowerings.
    // Written a window of functions at a time, each text dropped once written: the same.
    let mut written = Vec::new();
    let reported = once.write_lowered_text("m.mlir", None, &mut written);
    assert!(matches!(reported.value, Ok(Ok(()))));
    assert_eq!(
        String::from_utf8(written).ok(),
        keep.lowered_text("m.mlir", None).into_result().ok()
    );
    let text = once.lowered_text("m.mlir", Some("scalar"));
    assert!(
        text.value.as_ref().is_ok_and(|t| t.contains("llvm.add")),
        "{text:?}"
    );
    let unlowered = include_str!("../../corpus/fail/dim_out_of_range.mlir");
    once.set_source("bad.mlir", unlowered);
    let failed = once.compile("bad.mlir", Emit::Obj, 0);
    assert!(failed.value.is_err());
    let at = unlowered.find("%d = memref.dim").expect("the operation") as u32;
    assert!(
        failed
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.span.start == at),
        "{:?}",
        failed.diagnostics
    );
    let mut written = Vec::new();
    let reported = once.write_lowered_text("bad.mlir", None, &mut written);
    assert!(reported.value.is_err() && written.is_empty());
    assert_eq!(reported.diagnostics, failed.diagnostics);
    let mut keeping = Session::new();
    keeping.set_source("bad.mlir", unlowered);
    assert_eq!(
        keeping.compile("bad.mlir", Emit::Obj, 0).diagnostics,
        failed.diagnostics
    );
}

/// An edit of a module's structure: functions added, removed, renamed, moved, broken and
/// mended, as text. The session matches the functions of each new split to the inputs of
/// the old one (`engine/src/sources.rs`); whatever the matching, the result must be a fresh
/// session's.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    Insert(u8, u8, u8),
    Remove(u8),
    Rename(u8, u8),
    Swap(u8, u8),
    Body(u8, u8),
    /// Leave a function's body unclosed (the file no longer splits), or close it again.
    Break(u8),
    /// Change what a function's ABI reads of it ([`HEADERS`]): its visibility, a reflection
    /// record, a record that does not fit its signature.
    Header(u8, u8),
}

impl Arbitrary for Shape {
    fn arbitrary(g: &mut Gen) -> Shape {
        let mut b = || u8::arbitrary(g);
        match b() % 7 {
            0 => Shape::Insert(b(), b(), b()),
            1 => Shape::Remove(b()),
            2 => Shape::Rename(b(), b()),
            3 => Shape::Swap(b(), b()),
            4 => Shape::Body(b(), b()),
            5 => Shape::Header(b(), b()),
            _ => Shape::Break(b()),
        }
    }
}

/// Ways of writing a function's header (`NAME` is replaced by its name): the ABI of each
/// differs (not exported; a record of its own; a record that is an error).
pub(crate) const HEADERS: &[&str] = &[
    "func.func @NAME(%x: i32) -> i32 {",
    "func.func private @NAME(%x: i32) -> i32 {",
    "func.func @NAME(%x: i32) -> i32 attributes {iree.abi = \"{\\\"a\\\": [[\\\"named\\\", \\\"x\\\", \\\"i32\\\"]], \\\"r\\\": [\\\"i32\\\"], \\\"v\\\": 1}\"} {",
    "func.func @NAME(%x: i32) -> i32 attributes {iree.abi = \"{\\\"a\\\": [\\\"i64\\\"], \\\"r\\\": [\\\"i32\\\"], \\\"v\\\": 1}\"} {",
    // A signature of its own, which a caller reads off the function's input (its
    // interface, written by an edit that changes it): a call of one argument is then an
    // error.
    "func.func @NAME(%x: i32, %y: i32) -> i32 {",
];

/// Bodies that call another function (of the names `text` gives), beside [`BODIES`].
pub(crate) const CALLS: &[&str] = &[
    "%0 = func.call @g1(%x) : (i32) -> i32",
    "%0 = func.call @g3(%x) : (i32) -> i32",
];

#[test]
fn random_structural_edits_match_a_fresh_session() {
    // (name, body, broken, header) per function; names from a small set, so that some
    // repeat.
    fn text(fs: &[(u8, u8, bool, u8)]) -> String {
        fs.iter()
            .map(|(name, body, broken, header)| {
                let bodies: Vec<&str> = BODIES.iter().chain(CALLS).copied().collect();
                let body = bodies[*body as usize % bodies.len()];
                let end = if *broken { "" } else { "}\n" };
                let head = HEADERS[*header as usize % HEADERS.len()]
                    .replace("NAME", &format!("g{}", name % 5));
                format!("{head}\n  {body}\n  func.return %0 : i32\n{end}\n")
            })
            .collect()
    }
    fn outcome(s: &Session) -> String {
        format!("{:?}\n{}", s.diagnostics("m.mlir"), render(s))
    }
    fn prop(edits: Vec<Shape>) -> bool {
        let mut fs: Vec<(u8, u8, bool, u8)> =
            vec![(0, 0, false, 0), (1, 1, false, 2), (2, 2, false, 0)];
        let mut s = Session::new();
        s.set_source("m.mlir", text(&fs));
        let _ = outcome(&s);
        for (k, e) in edits.iter().take(8).enumerate() {
            let before = text(&fs);
            let at = |i: u8, n: usize| i as usize % n.max(1);
            match *e {
                Shape::Insert(i, name, body) => {
                    let i = at(i, fs.len() + 1);
                    fs.insert(i, (name, body, false, 0));
                }
                Shape::Remove(i) if fs.len() > 1 => {
                    let i = at(i, fs.len());
                    fs.remove(i);
                }
                Shape::Rename(i, name) if !fs.is_empty() => {
                    let i = at(i, fs.len());
                    fs[i].0 = name;
                }
                Shape::Swap(i, j) if !fs.is_empty() => {
                    let (i, j) = (at(i, fs.len()), at(j, fs.len()));
                    fs.swap(i, j);
                }
                Shape::Body(i, body) if !fs.is_empty() => {
                    let i = at(i, fs.len());
                    fs[i].1 = body;
                }
                Shape::Break(i) if !fs.is_empty() => {
                    let i = at(i, fs.len());
                    fs[i].2 = !fs[i].2;
                }
                Shape::Header(i, header) if !fs.is_empty() => {
                    let i = at(i, fs.len());
                    fs[i].3 = header;
                }
                _ => {}
            }
            let after = text(&fs);
            if k % 2 == 1 {
                let (range, replaced) = difference(&before, &after);
                if s.edit_source("m.mlir", range, &replaced).is_err() {
                    return false;
                }
            } else {
                s.set_source("m.mlir", after.clone());
            }
            let mut fresh = Session::new();
            fresh.set_source("m.mlir", after);
            if outcome(&s) != outcome(&fresh) {
                return false;
            }
        }
        true
    }
    QuickCheck::new()
        .tests(20)
        .quickcheck(prop as fn(Vec<Shape>) -> bool);
}

/// A `func.constant` depends on its function's signature as a call does: editing the
/// function's type reports the constant's type, and the edit back clears it.
#[test]
fn a_function_value_follows_its_functions_signature() {
    let g = |t: &str| format!("func.func @g(%a: {t}) -> {t} {{\n  return %a : {t}\n}}\n");
    let f = "func.func @f(%x: i32) -> i32 {\n  %h = func.constant @g : (i32) -> i32\n  %r = func.call_indirect %h(%x) : (i32) -> i32\n  return %r : i32\n}\n";
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", format!("{}{f}", g("i32")));
    assert!(s.diagnostics("m.mlir").is_empty());
    s.set_source("m.mlir", format!("{}{f}", g("i64")));
    let errors: Vec<String> = s
        .diagnostics("m.mlir")
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert!(
        errors.len() == 1 && errors[0].contains("`@g` has type `(i64) -> i64`"),
        "{errors:?}"
    );
    s.set_source("m.mlir", format!("{}{f}", g("i32")));
    assert!(s.diagnostics("m.mlir").is_empty());
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
}

/// The `!DILocation` lines of a module's text, in order.
pub(crate) fn located_lines(ir: &str) -> Vec<u32> {
    ir.lines()
        .filter_map(|l| l.split_once("!DILocation(line: "))
        .filter_map(|(_, rest)| rest.split(',').next()?.parse().ok())
        .collect()
}

#[test]
fn line_tables_follow_an_edit_that_moves_the_functions_and_match_a_compile_from_scratch() {
    let mut s = Session::with_query_log(shipped_rules());
    s.set_debug_info(true);
    s.set_source("m.mlir", SRC);
    let before = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    let before = String::from_utf8(before).expect("text");
    // `%0 = arith.addi` of `@scalar` is line 2, column 8.
    assert!(
        before.contains("!DILocation(line: 2, column: 8,"),
        "{before}"
    );
    // Two lines above every function move each of them down by two.
    let moved = format!("// a comment\n// another\n{SRC}");
    s.set_source("m.mlir", moved.as_str());
    let after = String::from_utf8(
        s.compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
    )
    .expect("text");
    let shifted: Vec<u32> = located_lines(&before).iter().map(|l| l + 2).collect();
    assert_eq!(located_lines(&after), shifted);
    let mut fresh = Session::with_query_log(shipped_rules());
    fresh.set_debug_info(true);
    fresh.set_source("m.mlir", moved.as_str());
    let scratch = fresh
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert_eq!(after.as_bytes(), scratch.as_slice());
    // Without line tables the session's code carries no metadata.
    s.set_debug_info(false);
    let plain = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert!(!String::from_utf8_lossy(&plain).contains("!dbg"));
}

#[test]
fn every_corpus_program_compiles_with_line_tables_and_every_definition_has_a_subprogram() {
    let mut compiled = 0;
    for (path, name) in common::corpus_programs() {
        let text = std::fs::read_to_string(&path).expect("reads");
        let mut plain = Session::with_query_log(shipped_rules());
        plain.set_source(&name, text.as_str());
        if plain.compile(&name, Emit::Obj, 0).into_result().is_err() {
            continue; // a program the corpus keeps for its diagnostics
        }
        let mut s = Session::with_query_log(shipped_rules());
        s.set_debug_info(true);
        s.set_source(&name, text.as_str());
        let ir = s
            .compile(&name, Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles with -g");
        let ir = String::from_utf8(ir).expect("text");
        for define in ir.lines().filter(|l| l.starts_with("define ")) {
            assert!(define.contains(" !dbg !"), "{name}: {define}");
        }
        // LLVM's verifier (which checks every location's scope) accepts it optimized, and
        // the object carries a line table.
        assert!(
            s.compile(&name, Emit::Asm, 2).into_result().is_ok(),
            "{name} at -O2"
        );
        let obj = s
            .compile(&name, Emit::Obj, 0)
            .into_result()
            .expect("an object");
        assert!(
            obj.windows(b".debug_line".len())
                .any(|w| w == b".debug_line"),
            "{name}"
        );
        compiled += 1;
    }
    assert!(compiled >= 40, "{compiled} programs");
}
