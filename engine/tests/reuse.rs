//! Proves the database's reuse claims by counting salsa `WillExecute` events.

use kiln_engine::{check_file, functions, module_ir, Database, SourceFile};
use salsa::plumbing::AsId;
use salsa::Setter;

const THREE: &str = "\
func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  func.return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = func.call @a(%x) : (i32) -> i32
  func.return %0 : i32
}
func.func @c(%x: i32) -> i32 {
  %0 = func.call @b(%x) : (i32) -> i32
  func.return %0 : i32
}
";

/// Names of the per-function queries that ran, as `query:function`: those keyed by a
/// function item, and the parse (which also builds the IR), keyed by the function's text.
fn per_function_runs(db: &Database, file: SourceFile) -> Vec<String> {
    let items = functions(db, file).clone();
    let executions = db.take_executions();
    let keys: Vec<(String, String)> = items
        .iter()
        .flat_map(|i| {
            // These files are split by the queries: each item has an interned text.
            let text = i.text(db).expect("an item of a file the queries split");
            [
                (format!("{:?}", i.as_id()), i.name(db).clone()),
                (format!("{:?}", text.as_id()), i.name(db).clone()),
            ]
        })
        .collect();
    let mut runs: Vec<String> = executions
        .into_iter()
        .filter_map(|e| {
            let (query, key) = e.split_once('(')?;
            let key = key.strip_suffix(')').unwrap_or(key);
            let (_, name) = keys.iter().find(|(id, _)| id == key)?;
            Some(format!("{query}:{name}"))
        })
        .collect();
    runs.sort();
    runs
}

fn fresh(text: &str) -> (Database, SourceFile) {
    let db = Database::with_query_log();
    let file = SourceFile::new(&db, "t.mlir".into(), text.into(), None);
    assert!(
        check_file(&db, file).is_empty(),
        "{:?}",
        check_file(&db, file)
    );
    db.record_executions();
    (db, file)
}

#[test]
fn editing_one_body_reruns_only_that_function() {
    let (mut db, file) = fresh(THREE);
    // A longer body for @b shifts @c in the file, but not in its own text.
    let edited = THREE.replace(
        "  %0 = func.call @a(%x) : (i32) -> i32\n",
        "  %y = arith.muli %x, %x : i32\n  %0 = func.call @a(%y) : (i32) -> i32\n",
    );
    file.set_text(&mut db).to(edited);
    assert!(check_file(&db, file).is_empty());
    assert_eq!(
        per_function_runs(&db, file),
        // Its signature is taken again and found unchanged, so no other function's
        // verification runs.
        vec![
            "function_interface:b",
            "parse_function:b",
            "verify_function:b"
        ]
    );
}

#[test]
fn whitespace_between_functions_reruns_no_function() {
    let (mut db, file) = fresh(THREE);
    file.set_text(&mut db)
        .to(THREE.replace("}\nfunc.func @b", "}\n\n// b\nfunc.func @b"));
    assert!(check_file(&db, file).is_empty());
    assert_eq!(per_function_runs(&db, file), Vec::<String>::new());
}

#[test]
fn a_signature_edit_reverifies_callers() {
    let (mut db, file) = fresh(THREE);
    let edited = THREE.replace(
        "func.func @a(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  func.return %0 : i32",
        "func.func @a(%x: i64) -> i64 {\n  %0 = arith.addi %x, %x : i64\n  func.return %0 : i64",
    );
    file.set_text(&mut db).to(edited);
    let diags = check_file(&db, file).clone();
    assert_eq!(diags.len(), 2, "{diags:?}");
    let has = |needle: &str| diags.iter().any(|d| d.message.contains(needle));
    assert!(has("`@a` expects `i64`"), "{diags:?}");
    assert!(has("`@a` returns (i64)"), "{diags:?}");
    // A verifier depends on its callees' interfaces: @a's changed, so @a and its caller
    // @b are verified again, not @c; only @a is parsed and built again.
    assert_eq!(
        per_function_runs(&db, file),
        vec![
            "function_interface:a",
            "parse_function:a",
            "verify_function:a",
            "verify_function:b"
        ]
    );
}

#[test]
fn diagnostics_are_in_file_coordinates_after_edits() {
    let (mut db, file) = fresh(THREE);
    let edited = format!(
        "// header\n{}",
        THREE.replace("func.call @b(%x)", "func.call @b(%nope)")
    );
    file.set_text(&mut db).to(edited.clone());
    let diags = check_file(&db, file).clone();
    assert_eq!(diags.len(), 1);
    assert_eq!(&edited[diags[0].span.range()], "%nope");
    assert_eq!(module_ir(&db, file).functions.len(), 3);
}
