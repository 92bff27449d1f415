//! Incremental compilation (`kiln::Session`): salsa `WillExecute` counts prove that an edit
//! lowers again only what depends on it, and random edit sequences give the same output as
//! compiling from scratch.

mod common;

use kiln::backend::Emit;
use kiln::engine::query::check::{function_groups, GROUP};
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
    s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
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
    s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
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
fn a_file_with_aliases_is_read_whole_and_an_edit_of_an_alias_reaches_its_users() {
    // Its functions are parsed each with the file's alias definitions; an edit of a body
    // lowers that function alone, and an edit of an alias every function that uses it.
    let src = "!t = i32\n!m = memref<?xf32>\n".to_string()
        + &SRC
            .replace("i32", "!t")
            .replace("%m: memref<?xf32>", "%m: !m");
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("m.mlir", &src);
    let first =
        String::from_utf8(s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles")).expect("text");
    s.database().record_executions();
    s.set_source(
        "m.mlir",
        src.replace("arith.addi %x, %x : !t", "arith.muli %x, %x : !t"),
    );
    let out = s.lower("m.mlir").expect("lowers");
    assert_eq!(runs(&s, "lowered_item"), 1);
    assert!(out[0].to_string().contains("llvm.mul"));
    s.set_source("m.mlir", src.replace("!t = i32", "!t = i64"));
    let wide =
        String::from_utf8(s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles")).expect("text");
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
        s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles")
    };
    let mut s = Session::with_query_log(shipped_rules());
    s.set_source("g.mlir", src);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles"),
        fresh(src)
    );
    s.database().record_executions();
    let edited = src.replace("arith.addi %v, %v", "arith.muli %v, %v");
    s.set_source("g.mlir", &edited);
    let out = s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles");
    let r = ran(&s);
    assert_eq!(r.get("lowered_item"), 1);
    // The globals are as they were: their code is not generated again.
    assert_eq!(r.get("file_globals_code"), 0);
    assert_eq!(out, fresh(&edited));
    s.database().record_executions();
    let contents = edited.replace("dense<[3, 4]>", "dense<[5, 6]>");
    s.set_source("g.mlir", &contents);
    let out = s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles");
    let r = ran(&s);
    assert_eq!(r.get("lowered_item"), 0);
    assert_eq!(r.get("file_globals_code"), 1);
    assert!(String::from_utf8_lossy(&out).contains("[i32 5, i32 6]"));
    assert_eq!(out, fresh(&contents));
    let plain = "func.func @h(%x: i32) -> i32 {\n  return %x : i32\n}\n";
    s.set_source("g.mlir", plain);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles"),
        fresh(plain)
    );
    s.set_source("g.mlir", &contents);
    assert_eq!(
        s.compile("g.mlir", Emit::LlvmIr, 0).expect("compiles"),
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
    let ir = String::from_utf8(s.compile("m.mlir", Emit::LlvmIr, 0).expect("ir")).expect("utf8");
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
        s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
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
    let object = |s: &Session| s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
    assert_eq!(object(&s), object(&fresh));
    // An edit that changes nothing is no change: no query runs again.
    ran(&s);
    s.edit_source("m.mlir", at..at + 4, "muli")
        .expect("applies");
    s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
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
    assert!(s.compile("m.mlir", Emit::LlvmIr, 0).is_err());
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
    s.lower("m.mlir").expect("lowers");
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
    s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
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
    s.lower("m.mlir").expect("lowers");
    let r = ran(&s);
    assert_eq!((r.get("function_shape"), r.get("slice_of")), (20, 1));
    s.set_rules(s_rules_after_ciface_edit());
    s.lower("m.mlir").expect("lowers");
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

/// One edit of a random sequence.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace function `i`'s body with variant `v`.
    Body(u8, u8),
    /// Give `@f0` a second parameter, or take it away (its caller changes with it).
    Signature,
    /// Add or remove the extra function.
    Toggle,
    /// Comments and blank lines: between functions, or inside `@f1`.
    Whitespace(u8),
    /// Change the rules: a comment in one file, or a lowering choice.
    Rule(u8),
}

impl Arbitrary for Edit {
    fn arbitrary(g: &mut Gen) -> Edit {
        match u8::arbitrary(g) % 5 {
            0 => Edit::Body(u8::arbitrary(g), u8::arbitrary(g)),
            1 => Edit::Signature,
            2 => Edit::Toggle,
            3 => Edit::Whitespace(u8::arbitrary(g)),
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
    two_params: bool,
    extra: bool,
    whitespace: u8,
    rules: u8,
}

impl State {
    fn text(&self) -> String {
        let mut t = String::new();
        for (i, b) in self.bodies.iter().enumerate() {
            let params = if i == 0 && self.two_params {
                "%x: i32, %y: i64"
            } else {
                "%x: i32"
            };
            let inside = if i == 1 && self.whitespace % 2 == 1 {
                "  // inside\n\n"
            } else {
                ""
            };
            t.push_str(&format!(
                "func.func @f{i}({params}) -> i32 {{\n{inside}  {}\n  func.return %0 : i32\n}}\n",
                BODIES[*b]
            ));
            if self.whitespace / 2 % 2 == 1 {
                t.push_str("\n// between\n\n");
            }
        }
        let (args, types) = if self.two_params {
            ("%x, %w", "i32, i64")
        } else {
            ("%x", "i32")
        };
        t.push_str(&format!(
            "func.func @h(%x: i32) -> i32 {{\n  %w = arith.extsi %x : i32 to i64\n  %0 = func.call @f0({args}) : ({types}) -> i32\n  func.return %0 : i32\n}}\n"
        ));
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

/// The lowered text, the LLVM IR and the object, or the errors.
fn render(s: &Session) -> String {
    let ir = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .map(|b| String::from_utf8_lossy(&b).into_owned());
    let obj = s.compile("m.mlir", Emit::Obj, 0);
    format!("{:?}\n{ir:?}\n{obj:?}", s.lowered_text("m.mlir"))
}

/// The bytes of `old` that `new` replaces (between their common prefix and suffix) and
/// what replaces them, as an editor would send the change. For ASCII texts (as `State`
/// makes): the ends are not moved to character boundaries.
fn difference(old: &str, new: &str) -> (std::ops::Range<usize>, String) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
        .min(room);
    (
        prefix..a.len() - suffix,
        new[prefix..b.len() - suffix].to_string(),
    )
}

#[test]
fn random_edit_sequences_match_a_fresh_compile() {
    fn prop(edits: Vec<Edit>) -> bool {
        let mut st = State {
            bodies: [0, 1],
            two_params: false,
            extra: false,
            whitespace: 0,
            rules: 0,
        };
        let mut s = Session::new();
        s.set_source("m.mlir", st.text());
        let _ = render(&s);
        for (k, e) in edits.iter().take(6).enumerate() {
            let before = st.text();
            match e {
                Edit::Body(i, v) => st.bodies[*i as usize % 2] = *v as usize % BODIES.len(),
                Edit::Signature => st.two_params = !st.two_params,
                Edit::Toggle => st.extra = !st.extra,
                Edit::Whitespace(w) => st.whitespace = *w,
                Edit::Rule(k) => st.rules = *k,
            }
            // Every other change arrives as an editor's incremental edit.
            if k % 2 == 1 {
                let (range, text) = difference(&before, &st.text());
                if s.edit_source("m.mlir", range, &text).is_err() {
                    return false;
                }
            } else {
                s.set_source("m.mlir", st.text());
            }
            s.set_rules(st.rules());
            let incremental = render(&s);
            let mut fresh = Session::with_rules(st.rules());
            fresh.set_source("m.mlir", st.text());
            if incremental != render(&fresh) || incremental.contains("Err") {
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
            let session = s.compile("p.mlir", Emit::LlvmIr, 0).expect("codegen");
            assert!(one_shot == session, "{}", p.display());
        }
        let session = s.lower("p.mlir").map_err(|files| {
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
    let located = |s: &Session| match s.lower("m.mlir") {
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
    let errors = match s.compile("m.mlir", Emit::LlvmIr, 0) {
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
    let errors = s.lower("nope.mlir").expect_err("no such file");
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
    assert!(s.lower("m.mlir").is_ok());
    let errors = s
        .compile("m.mlir", Emit::LlvmIr, 0)
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
        s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles"),
        session()
            .compile("m.mlir", Emit::LlvmIr, 0)
            .expect("compiles")
    );
}

fn object(s: &Session) -> Vec<u8> {
    s.compile("m.mlir", Emit::Obj, 0)
        .expect("compiles to an object")
}

/// At -O2 a large module is optimized and compiled in parts (`kiln_backend::thin`): after
/// an edit, the parts that neither hold the edited function nor import it are kept, and
/// the object is a fresh session's and `kiln compile`'s.
#[test]
fn an_optimized_object_compiles_again_only_the_parts_an_edit_changed() {
    let optimized = |s: &Session| {
        s.compile("m.mlir", Emit::Obj, 2)
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
fn compiled_by_kiln(text: &str, opt: &str) -> Vec<u8> {
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
            once.compile("m.mlir", emit, 0),
            keep.compile("m.mlir", emit, 0)
        );
    }
    assert_eq!(once.lowered_text("m.mlir"), keep.lowered_text("m.mlir"));
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
        keep.lowered_text("m.mlir").ok()
    );
    let text = once.lowered_text_reported("m.mlir", Some("scalar"));
    assert!(
        text.value.as_ref().is_ok_and(|t| t.contains("llvm.add")),
        "{text:?}"
    );
    let unlowered = include_str!("../corpus/fail/dim_out_of_range.mlir");
    once.set_source("bad.mlir", unlowered);
    let failed = once.compile_reported("bad.mlir", Emit::Obj, 0);
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
        keeping
            .compile_reported("bad.mlir", Emit::Obj, 0)
            .diagnostics,
        failed.diagnostics
    );
}

/// An edit of a module's structure: functions added, removed, renamed, moved, broken and
/// mended, as text. The session matches the functions of each new split to the inputs of
/// the old one (`engine/src/sources.rs`); whatever the matching, the result must be a fresh
/// session's.
#[derive(Clone, Debug)]
enum Shape {
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
const HEADERS: &[&str] = &[
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
const CALLS: &[&str] = &[
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
    s.compile("m.mlir", Emit::Obj, 0).expect("compiles");
}

/// The `!DILocation` lines of a module's text, in order.
fn located_lines(ir: &str) -> Vec<u32> {
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
    let before = s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
    let before = String::from_utf8(before).expect("text");
    // `%0 = arith.addi` of `@scalar` is line 2, column 8.
    assert!(
        before.contains("!DILocation(line: 2, column: 8,"),
        "{before}"
    );
    // Two lines above every function move each of them down by two.
    let moved = format!("// a comment\n// another\n{SRC}");
    s.set_source("m.mlir", moved.as_str());
    let after =
        String::from_utf8(s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles")).expect("text");
    let shifted: Vec<u32> = located_lines(&before).iter().map(|l| l + 2).collect();
    assert_eq!(located_lines(&after), shifted);
    let mut fresh = Session::with_query_log(shipped_rules());
    fresh.set_debug_info(true);
    fresh.set_source("m.mlir", moved.as_str());
    let scratch = fresh.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
    assert_eq!(after.as_bytes(), scratch.as_slice());
    // Without line tables the session's code carries no metadata.
    s.set_debug_info(false);
    let plain = s.compile("m.mlir", Emit::LlvmIr, 0).expect("compiles");
    assert!(!String::from_utf8_lossy(&plain).contains("!dbg"));
}

#[test]
fn every_corpus_program_compiles_with_line_tables_and_every_definition_has_a_subprogram() {
    let mut compiled = 0;
    for (path, name) in common::corpus_programs() {
        let text = std::fs::read_to_string(&path).expect("reads");
        let mut plain = Session::with_query_log(shipped_rules());
        plain.set_source(&name, text.as_str());
        if plain.compile(&name, Emit::Obj, 0).is_err() {
            continue; // a program the corpus keeps for its diagnostics
        }
        let mut s = Session::with_query_log(shipped_rules());
        s.set_debug_info(true);
        s.set_source(&name, text.as_str());
        let ir = s.compile(&name, Emit::LlvmIr, 0).expect("compiles with -g");
        let ir = String::from_utf8(ir).expect("text");
        for define in ir.lines().filter(|l| l.starts_with("define ")) {
            assert!(define.contains(" !dbg !"), "{name}: {define}");
        }
        // LLVM's verifier (which checks every location's scope) accepts it optimized, and
        // the object carries a line table.
        assert!(s.compile(&name, Emit::Asm, 2).is_ok(), "{name} at -O2");
        let obj = s.compile(&name, Emit::Obj, 0).expect("an object");
        assert!(
            obj.windows(b".debug_line".len())
                .any(|w| w == b".debug_line"),
            "{name}"
        );
        compiled += 1;
    }
    assert!(compiled >= 40, "{compiled} programs");
}
