//! Incremental compilation (`kiln::Session`): salsa `WillExecute` counts prove that an edit
//! lowers again only what depends on it, and random edit sequences give the same output as
//! compiling from scratch.

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/edit_sequences.rs"]
mod edit_sequences;
mod files_and_objects;
mod random_edits;
mod serve_edits;

use files_and_objects::object;

use kiln::backend::Emit;
use kiln::engine::{function_groups, GROUP};
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
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", SRC);
    s.compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    s.database().record_executions();
    s
}

/// How many times each query ran since the last call of `runs` or `ran`.
fn ran(s: &Session) -> Ran {
    Ran(s.database().take_executions())
}

struct Ran(Vec<String>);

impl Ran {
    fn get(&self, query: &str) -> usize {
        self.0
            .iter()
            .filter(|e| e.starts_with(&format!("{query}(")))
            .count()
    }
}

/// How many times one query ran since the last call of `runs` or `ran`.
fn runs(s: &Session, query: &str) -> usize {
    ran(s).get(query)
}

/// Compiles to LLVM IR; the counts of the stages that ran again (the parse of a function's
/// text also builds its IR; a session's files are split into function inputs, each parsed
/// by `parse_item`).
fn compile_counts(s: &Session) -> [usize; 5] {
    s.compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    let r = ran(s);
    [
        r.get("parse_file"),
        r.get("parse_function") + r.get("parse_item"),
        r.get("verify_function"),
        r.get("lowered_item"),
        r.get("function_code"),
    ]
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
    s.lower("m.mlir").into_result().expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 0);
}

#[test]
fn editing_one_body_lowers_that_function_alone() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("arith.addi %x, %x", "arith.muli %x, %x"),
    );
    let out = s.lower("m.mlir").into_result().expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 1);
    assert!(out[0].to_string().contains("llvm.mul"));
}

#[test]
fn a_file_with_aliases_is_read_whole_and_an_edit_of_an_alias_reaches_its_users() {
    // Its functions are parsed each with the file's alias definitions; an edit of a body
    // lowers that function alone, and an edit of an alias every function that uses it.
    let src = "!t = i32\n!m = memref<?xf32>\n".to_string()
        + &SRC
            .replace("i32", "!t")
            .replace("%m: memref<?xf32>", "%m: !m");
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", &src);
    let first = String::from_utf8(
        s.compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
    )
    .expect("text");
    s.database().record_executions();
    s.set_source(
        "m.mlir",
        src.replace("arith.addi %x, %x : !t", "arith.muli %x, %x : !t"),
    );
    let out = s.lower("m.mlir").into_result().expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 1);
    assert!(out[0].to_string().contains("llvm.mul"));
    s.set_source("m.mlir", src.replace("!t = i32", "!t = i64"));
    let wide = String::from_utf8(
        s.compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
    )
    .expect("text");
    assert!(wide.contains("define i64 @scalar(i64 %0)"), "{wide}");
    assert!(first.contains("define i32 @scalar(i32 %0)"), "{first}");
    assert!(
        first.contains("define float @mem(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5)"),
        "{first}"
    );
    assert!(
        wide.contains("define { i64, i64 } @wrapped(i64 %0, i64 %1)"),
        "{wide}"
    );
}

#[test]
fn a_file_with_globals_is_read_whole_and_an_edit_of_a_global_reaches_the_object() {
    // A body edit lowers that function alone and generates no global again; an edit of a
    // global's contents changes the output without lowering any function again; adding a global to a file that was
    // split into functions makes it a file read whole, as a fresh compile reads it.
    let src = "memref.global \"private\" constant @k : memref<2xi32> = dense<[3, 4]>\n\
               func.func @f(%i: index) -> i32 {\n\
               %g = memref.get_global @k : memref<2xi32>\n\
               %v = memref.load %g[%i] : memref<2xi32>\n\
               %w = arith.addi %v, %v : i32\n\
               return %w : i32\n}\n\
               func.func @h(%x: i32) -> i32 {\n  return %x : i32\n}\n";
    let fresh = |text: &str| {
        let mut s = Session::with_rules(shipped_rules());
        s.set_source("g.mlir", text);
        s.compile("g.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles")
    };
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("g.mlir", src);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
        fresh(src)
    );
    s.database().record_executions();
    let edited = src.replace("arith.addi %v, %v", "arith.muli %v, %v");
    s.set_source("g.mlir", &edited);
    let out = s
        .compile("g.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    let r = ran(&s);
    assert_eq!(r.get("lowered_item"), 1);
    // The globals are as they were: their code is not generated again.
    assert_eq!(r.get("file_globals_code"), 0);
    assert_eq!(out, fresh(&edited));
    s.database().record_executions();
    let contents = edited.replace("dense<[3, 4]>", "dense<[5, 6]>");
    s.set_source("g.mlir", &contents);
    let out = s
        .compile("g.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    let r = ran(&s);
    assert_eq!(r.get("lowered_item"), 0);
    assert_eq!(r.get("file_globals_code"), 1);
    assert!(String::from_utf8_lossy(&out).contains("[i32 5, i32 6]"));
    assert_eq!(out, fresh(&contents));
    let plain = "func.func @h(%x: i32) -> i32 {\n  return %x : i32\n}\n";
    s.set_source("g.mlir", plain);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
        fresh(plain)
    );
    s.set_source("g.mlir", &contents);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("compiles"),
        fresh(&contents)
    );
}

#[test]
fn editing_one_body_parses_lowers_and_generates_that_function_alone() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("arith.addi %x, %x", "arith.muli %x, %x"),
    );
    // Not the whole file: the edited function's text alone is parsed (and its caller,
    // which reads its interface off its input, not verified again).
    assert_eq!(compile_counts(&s), [0, 1, 1, 1, 1]);
    let ir = String::from_utf8(
        s.compile("m.mlir", Emit::LlvmIr, 0)
            .into_result()
            .expect("ir"),
    )
    .expect("utf8");
    assert!(ir.contains("mul i32"), "{ir}");
}

/// What an edit costs every other function. A session's file is split into function inputs
/// of medium durability (`engine/src/sources.rs`); once a function was edited, its input has
/// low durability, and editing it again writes no input of medium durability. Then salsa
/// finds each memo that a compile reads valid at a glance (without walking its inputs), and
/// reads another function's memos only through its group of about 64 (`FunctionGroup`: its
/// check, its code, its ABI), all valid at a glance but the edited function's group, whose
/// functions are checked again. Nothing else of another function is read.
#[test]
fn an_edit_checks_each_other_function_s_code_and_nothing_else() {
    let n = 2 * GROUP + 5;
    let module = scalar_module(n);
    let edit = |op: &str| module.replacen("arith.addi", op, 1);
    let mut s = compiled_with_log(&module);
    // The first edit of `@f0` makes its input's durability low.
    s.set_source("m.mlir", edit("arith.muli"));
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    s.database().record_executions();
    s.set_source("m.mlir", edit("arith.subi"));
    assert_at_a_glance(&s, n, 0, false);
}

/// The same after the file's list of functions changed: a function added and another
/// renamed. The split gives each a new input (`engine/src/sources.rs`: its text of low
/// durability from the start, its interface recorded with it). Then the first edit of the
/// added function leaves the others at a glance, but `@renamed`: its memos read a text of
/// low durability, so they are checked edge by edge (and found valid) at every edit from
/// then on.
#[test]
fn after_an_addition_and_a_rename_an_edit_still_checks_the_others_at_a_glance() {
    let n = 2 * GROUP + 5;
    let module = scalar_module(n);
    let mut s = compiled_with_log(&module);
    let added = |op: &str| {
        format!(
            "func.func @added(%x: i32) -> i32 {{\n  %0 = {op} %x, %x : i32\n  func.return %0 : i32\n}}\n\n{}",
            module.replace("@f9(", "@renamed(")
        )
    };
    s.set_source("m.mlir", added("arith.addi"));
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    s.database().record_executions();
    s.set_source("m.mlir", added("arith.muli"));
    assert_at_a_glance(&s, n + 1, 1, true);
}

/// The first edit of a function's body gives it a body of its own (an input of low
/// durability, `engine/src/sources.rs`) and writes nothing of medium durability, so it
/// checks the other functions as a later edit does: each other group at a glance, and the
/// reflection symbols joined from the groups' without formatting a record again. (Before,
/// it wrote the function's input, and salsa walked every memo of the file once.)
#[test]
fn a_first_edit_checks_the_others_at_a_glance_and_formats_no_record_again() {
    let n = 2 * GROUP + 5;
    let module = scalar_module(n);
    let s = &mut compiled_with_log(&module);
    s.database().record_executions();
    s.set_source("m.mlir", module.replacen("arith.addi", "arith.muli", 1));
    ran(s);
    let r = assert_at_a_glance(s, n, 0, true);
    // The edited function's group was made anew: its ABIs alone were made again, and the
    // file's symbols joined from the groups'.
    assert_eq!((r.get("group_abis"), r.get("file_symbols_code")), (1, 1));
}

/// Adding a function changes the file's list of functions. A function finds each function
/// it calls in its own record of calls (`engine/src/sources.rs`), which the addition leaves
/// as it was but for the callers of the new name, so no other function is verified, shaped
/// or compiled again. (Reading the whole index of functions, all of them were: 5% of a
/// cold compile at 10,000 functions.) Nor are the other groups of functions checked again.
/// And the list is of low durability, so the memos of the functions outside the new
/// function's groups are not even checked: salsa finds them valid at a glance (it walked
/// every memo of the file when the list was of medium durability, 42% of the cost of
/// adding a function). Removing the function again is the same.
#[test]
fn adding_a_function_verifies_and_lowers_no_other_function_again() {
    let n = 6 * GROUP + 5;
    let module: String = (0..n).map(calling_the_one_before).collect();
    let mut s = compiled_with_log(&module);
    s.database().record_executions();
    let at = module
        .find("func.func @f70(")
        .expect("a function in the middle");
    let added = format!(
        "{}func.func @added(%x: i32) -> i32 {{\n  %0 = func.call @f3(%x) : (i32) -> i32\n  func.return %0 : i32\n}}\n\n{}",
        &module[..at],
        &module[at..]
    );
    for (text, functions) in [(&added, n + 1), (&module, n)] {
        let before = group_names(&s);
        s.database().take_checks();
        s.set_source("m.mlir", text.clone());
        s.compile("m.mlir", Emit::Obj, 0)
            .into_result()
            .expect("compiles");
        let checked = checked_counts(&s);
        let r = ran(&s);
        let after = group_names(&s);
        assert_eq!(after.iter().map(Vec::len).sum::<usize>(), functions);
        // The groups made anew: the new function's (or the removed one's), and the next if
        // the name ends a group (cut by position, its group and the five after it were).
        let remade: Vec<&Vec<String>> = after.iter().filter(|g| !before.contains(g)).collect();
        assert!(remade.len() <= 2, "{remade:?}");
        assert!(r.get("check_group") <= 2, "{}", r.get("check_group"));
        let own = if functions > n { 1 } else { 0 };
        for query in [
            "parse_item",
            "verify_function",
            "function_shape",
            "lowered_item",
            "function_code",
        ] {
            assert_eq!(r.get(query), own, "{query}");
        }
        // Only the functions of the groups made anew are checked (at a glance, by the
        // groups' queries that run again); a walk of every memo checked all of them.
        let in_remade = remade.iter().map(|g| g.len()).sum::<usize>();
        let verified = checked.get("verify_function").copied().unwrap_or(0);
        assert!(
            verified + own <= in_remade,
            "{verified} of {in_remade}: {checked:?}"
        );
        // The object is the one a fresh session makes of the same text.
        let mut fresh = Session::with_query_log(shipped_rules());
        fresh.set_source("m.mlir", text.clone());
        assert_eq!(object(&s), object(&fresh));
    }
}

/// Removing a function that an unedited function calls, and putting it back, changes the
/// function its caller's call means. The caller is given a body of its own text, whose
/// record of calls names the function (or none): it is verified again, as it must be, and
/// the write is of low durability, so salsa checks the other functions' memos at a glance
/// instead of walking every one (written on the caller's input, of medium durability, it
/// had salsa check all of them).
#[test]
fn removing_a_called_function_verifies_its_callers_alone() {
    let n = 6 * GROUP + 5;
    let module: String = (0..n).map(calling_the_one_before).collect();
    let without: String = module.replacen(&calling_the_one_before(70), "", 1);
    let mut s = compiled_with_log(&module);
    s.database().record_executions();
    // The functions of the groups made anew, and of the caller's group.
    let checked_in = |before: &[Vec<String>], after: &[Vec<String>]| -> usize {
        after
            .iter()
            .filter(|g| !before.contains(g) || g.iter().any(|f| f == "f71"))
            .map(Vec::len)
            .sum()
    };
    // Removed: an error at `@f71`'s call, and `@f71` alone verified again.
    let before = group_names(&s);
    s.database().take_checks();
    s.set_source("m.mlir", without.clone());
    let errors: Vec<String> = s
        .diagnostics("m.mlir")
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert!(
        errors.len() == 1 && errors[0].contains("f70"),
        "one error, at the call of @f70: {errors:?}"
    );
    let checked = checked_counts(&s);
    let r = ran(&s);
    assert_eq!(r.get("verify_function"), 1);
    let verified = checked.get("verify_function").copied().unwrap_or(0);
    let remade = checked_in(&before, &group_names(&s));
    assert!(verified <= remade, "{verified} of {remade}: {checked:?}");
    // Back: `@f70` (a new input) and `@f71` (its body's record written) are verified,
    // lowered and compiled again, and nothing else.
    let before = group_names(&s);
    s.database().take_checks();
    s.set_source("m.mlir", module.clone());
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    let checked = checked_counts(&s);
    let r = ran(&s);
    for query in ["verify_function", "lowered_item", "function_code"] {
        assert_eq!(r.get(query), 2, "{query}");
    }
    let verified = checked.get("verify_function").copied().unwrap_or(0);
    let remade = checked_in(&before, &group_names(&s));
    assert!(verified <= remade, "{verified} of {remade}: {checked:?}");
    let mut fresh = Session::with_query_log(shipped_rules());
    fresh.set_source("m.mlir", module.clone());
    assert_eq!(object(&s), object(&fresh));
}

/// The `i`th function of a chain in which each calls the one before it.
fn calling_the_one_before(i: usize) -> String {
    if i == 0 {
        "func.func @f0(%x: i32) -> i32 {\n  func.return %x : i32\n}\n\n".to_string()
    } else {
        format!(
            "func.func @f{i}(%x: i32) -> i32 {{\n  %0 = func.call @f{}(%x) : (i32) -> i32\n  func.return %0 : i32\n}}\n\n",
            i - 1
        )
    }
}

/// The names of the functions of each group of the session's `m.mlir`.
fn group_names(s: &Session) -> Vec<Vec<String>> {
    let db = s.database();
    let file = s.source_file("m.mlir").expect("the file is open");
    function_groups(db, file)
        .iter()
        .map(|g| g.items(db).iter().map(|i| i.name(db).clone()).collect())
        .collect()
}

/// How many memos of each query the session checked (at a glance or edge by edge) since
/// the last call.
fn checked_counts(s: &Session) -> std::collections::BTreeMap<String, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for c in s.database().take_checks() {
        let query = c.split('(').next().unwrap_or_default().to_string();
        *counts.entry(query).or_insert(0) += 1;
    }
    counts
}

/// A session that logs its queries, with `module` open and compiled to an object.
fn compiled_with_log(module: &str) -> Session {
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", module);
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    s
}

fn scalar_module(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "func.func @f{i}(%x: i32) -> i32 {{\n  %0 = arith.addi %x, %x : i32\n  func.return %0 : i32\n}}\n\n"
            )
        })
        .collect()
}

/// Compiles after an edit of the first function of a module of `n`, and checks what the
/// compile checked and ran (see `an_edit_checks_each_other_function_s_code_and_nothing_else`),
/// `edited` other functions of the first group having been edited before; `first`: the
/// edit is the edited function's first (its group is then made anew). Returns what ran.
fn assert_at_a_glance(s: &Session, n: usize, edited: usize, first: bool) -> Ran {
    s.database().take_checks();
    s.compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    // Groups are cut by the functions' names (`function_groups`): the edited function's is
    // the first.
    let db = s.database();
    let file = s.source_file("m.mlir").expect("the file is open");
    let groups = function_groups(db, file);
    let sizes: Vec<usize> = groups.iter().map(|g| g.items(db).len()).collect();
    assert_eq!(sizes.iter().sum::<usize>(), n, "{sizes:?}");
    assert!(sizes.len() >= 2, "the module has other groups: {sizes:?}");
    let checks = s.database().take_checks();
    let mut counts = std::collections::BTreeMap::new();
    for c in &checks {
        let query = c.split('(').next().unwrap_or_default();
        *counts.entry(query).or_insert(0) += 1;
    }
    for (query, k) in &counts {
        match *query {
            // The other functions of the edited function's group, whose queries run again.
            "parse_item" | "verify_function" | "function_code" => {
                assert_eq!(*k, sizes[0] - 1, "{query}: {counts:?}")
            }
            // The other groups, at a glance.
            "check_group" | "group_code" => {
                assert_eq!(*k, sizes.len() - 1, "{query}: {counts:?}")
            }
            // Every group's ABIs, at a glance: they read the edited function's header off
            // its input, not off its text (but a group made anew).
            "group_abis" => {
                assert_eq!(*k, sizes.len() - first as usize, "{query}: {counts:?}")
            }
            // The lowering of a function edited before, checked edge by edge.
            "lowered_item" | "function_shape" => {
                assert_eq!(*k, edited, "{query}: {counts:?}")
            }
            // Queries of the file or the rules, once.
            q => assert_eq!(*k, 1, "{q}: {counts:?}"),
        }
    }
    assert!(counts.contains_key("group_code"), "{counts:?}");
    assert!(!counts.contains_key("function_interface"), "{counts:?}");
    // And it lowered and generated the edited function alone.
    let r = ran(s);
    assert_eq!((r.get("lowered_item"), r.get("function_code")), (1, 1));
    r
}

#[test]
fn an_incremental_edit_works_like_the_edited_text_and_a_bad_one_changes_nothing() {
    let mut s = session();
    let at = SRC.find("arith.addi %x, %x").expect("the body") + "arith.".len();
    s.edit_source("m.mlir", at..at + "addi".len(), "muli")
        .expect("the edit applies");
    // @scalar is parsed, verified, lowered and generated again, and nothing else: its
    // interface is as it was, and its caller keeps its verification.
    assert_eq!(compile_counts(&s), [0, 1, 1, 1, 1]);
    let edited = SRC.replace("arith.addi %x, %x", "arith.muli %x, %x");
    let mut fresh = Session::new();
    fresh.set_source("m.mlir", edited.clone());
    let object = |s: &Session| {
        s.compile("m.mlir", Emit::Obj, 0)
            .into_result()
            .expect("compiles")
    };
    assert_eq!(object(&s), object(&fresh));
    // An edit that changes nothing is no change: no query runs again.
    ran(&s);
    s.edit_source("m.mlir", at..at + 4, "muli")
        .expect("applies");
    s.compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    assert_eq!(ran(&s).0, Vec::<String>::new());
    // Refused, and nothing changes: a reversed range, one past the end, one that ends
    // inside a character (the comment's `é` is two bytes), an unknown file.
    s.edit_source("m.mlir", 0..0, "// é\n").expect("applies");
    let len = edited.len() + "// é\n".len();
    #[allow(clippy::reversed_empty_ranges)] // A reversed range is one of the cases.
    let refused = [6..5, len..len + 1, 0..4];
    for range in refused {
        let e = s.edit_source("m.mlir", range.clone(), "x");
        assert_eq!(e, Err(kiln::EditError::BadRange { range, len }), "{e:?}");
    }
    assert_eq!(
        s.edit_source("n.mlir", 0..0, "x"),
        Err(kiln::EditError::UnknownFile("n.mlir".into()))
    );
    s.edit_source("m.mlir", 0..len - edited.len(), "")
        .expect("applies");
    assert_eq!(object(&s), object(&fresh));
    // The comment moved every function and changed none: none was parsed or lowered again.
    let r = ran(&s);
    assert_eq!(
        (r.get("parse_item"), r.get("lowered_item")),
        (0, 0),
        "{:?}",
        r.0
    );
}

#[test]
fn whitespace_between_functions_lowers_nothing() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("}\n\nfunc.func @mem", "}\n\n\n// a comment\nfunc.func @mem"),
    );
    // The file is split again; no function is parsed, built, lowered or generated again.
    assert_eq!(compile_counts(&s), [0, 0, 0, 0, 0]);
}

#[test]
fn whitespace_inside_a_body_lowers_nothing() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace(
            "  %0 = arith.addi %x, %x",
            "  // a comment\n  %0 = arith.addi  %x, %x",
        ),
    );
    // The first edit of a function gives it a body of its own, and with it a new item
    // (`engine/src/sources.rs`): the function is lowered and generated again, once, and
    // its caller, which reads its interface off its input, is not verified again.
    assert_eq!(compile_counts(&s), [0, 1, 1, 1, 1]);
    s.set_source(
        "m.mlir",
        SRC.replace(
            "  %0 = arith.addi %x, %x",
            "  // another comment\n  %0 = arith.addi %x,  %x",
        ),
    );
    // From then on, the function is parsed and built again (its spans moved); its shape,
    // what lowering reads, did not change, so it is neither lowered nor generated again.
    assert_eq!(compile_counts(&s), [0, 1, 1, 0, 0]);
}

#[test]
fn a_syntax_error_falls_back_to_the_whole_file_parse_and_recovers() {
    let mut s = session();
    s.set_source(
        "m.mlir",
        SRC.replace("arith.addi %x, %x", "arith.addi %x %x"),
    );
    let errors = s.diagnostics("m.mlir");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(s.compile("m.mlir", Emit::LlvmIr, 0).into_result().is_err());
    assert_eq!(ran(&s).get("parse_file"), 1);
    s.set_source("m.mlir", SRC);
    // Back to the original text: @scalar is parsed again (a parse is kept per function),
    // and verified again with its caller, which reads its interface (none while it had no
    // IR). Its first edit made its input's durability low, so its lowering, equal, is made
    // again once (`engine/src/sources.rs`); nothing else is lowered or generated again.
    assert_eq!(compile_counts(&s), [0, 1, 2, 1, 1]);
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
    s.lower("m.mlir").into_result().expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 0);
}

fn s_rules_after_ciface_edit() -> Vec<RuleSource> {
    with_rules(|path, text| {
        if path.ends_with("/c_interface.rules") {
            text.replace("rule ciface-sig-packed:", "rule ciface-sig-two-or-more:")
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
    // c_interface.rules only matters to functions with a C wrapper; renaming a rule for
    // wrappers of functions with several results lowers @wrapped again.
    s.set_rules(s_rules_after_ciface_edit());
    s.compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .expect("compiles");
    let r = ran(&s);
    // Encodings (with each function's shape) read only the operation declarations, which
    // did not change; slices are computed per distinct set of operations, not per function.
    assert_eq!(r.get("function_shape"), 0);
    assert!(r.get("slice_of") <= 4, "{}", r.get("slice_of"));
    assert_eq!(r.get("parse_function"), 0);
    assert_eq!(r.get("lowered_item"), 1, "only @wrapped");
    assert_eq!(r.get("function_code"), 0, "its lowering is equal");
    // A rule appended to unranked.rules can fire in no function here.
    // (The c_interface.rules edit above stays.)
    let mut rules = s_rules_after_ciface_edit();
    for r in &mut rules {
        if r.path.ends_with("/unranked.rules") {
            r.text = append_rule(&r.text);
        }
    }
    s.set_rules(rules);
    assert!(s.rule_errors().is_empty(), "{:?}", s.rule_errors());
    assert_eq!(
        compile_counts(&s),
        [0, 0, 0, 0, 0],
        "no function can use the new rule"
    );
}

#[test]
fn moving_rules_a_function_uses_lowers_nothing() {
    let mut s = session();
    // Comments above every rule of two files every function here uses: slices name rule
    // places by number, so they do not change.
    s.set_rules(with_rules(|path, text| {
        if path.ends_with("/arith.rules") || path.ends_with("/func.rules") {
            format!(";; moved\n;; down\n{text}")
        } else {
            text.to_string()
        }
    }));
    assert_eq!(compile_counts(&s), [0, 0, 0, 0, 0]);
    // A change of a rule (its name) lowers again the functions that can use it (@scalar,
    // which adds), not the others.
    s.set_rules(with_rules(|path, text| {
        if path.ends_with("/arith.rules") {
            text.replace("rule addi-zero-right:", "rule addi-zero-on-the-right:")
        } else {
            text.to_string()
        }
    }));
    assert!(s.rule_errors().is_empty(), "{:?}", s.rule_errors());
    let [_, _, _, lowered, generated] = compile_counts(&s);
    assert!((1..4).contains(&lowered), "{lowered}");
    assert_eq!(generated, 0, "the code does not change");
}

#[test]
fn functions_with_the_same_operations_share_one_slice() {
    let text: String = (0..20)
        .map(|i| format!("func.func @f{i}(%x: i32) -> i32 {{\n  %0 = arith.addi %x, %x : i32\n  func.return %0 : i32\n}}\n"))
        .collect();
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", text);
    s.database().record_executions();
    s.lower("m.mlir").into_result().expect("lowers");
    let r = ran(&s);
    assert_eq!((r.get("function_shape"), r.get("slice_of")), (20, 1));
    s.set_rules(s_rules_after_ciface_edit());
    s.lower("m.mlir").into_result().expect("lowers");
    let r = ran(&s);
    assert_eq!((r.get("function_shape"), r.get("slice_of")), (0, 1));
    // The set's slice is checked once, for all twenty functions, and is unchanged: no
    // function's lowering, nor any per-function step, runs again.
    assert_eq!((r.get("slice_rules"), r.get("lowered_item")), (0, 0));
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
    let [_, parsed, _, lowered, generated] = compile_counts(&s);
    assert_eq!(parsed, 2, "the two edited functions");
    assert_eq!(lowered, 2, "@scalar and @caller");
    assert_eq!(generated, 2, "@scalar and @caller");
}
