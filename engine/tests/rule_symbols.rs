//! The `rule_symbols` query (the language server's name index) runs once per version of the
//! rule files: asking again reuses it, an edit runs it again (and not the checker, which
//! nothing asked for), and its answer follows the edit.

use kiln_engine::RuleFiles;
use kiln_engine::SymbolKind;
use kiln_engine::{checked_rules, rule_symbols};
use kiln_engine::{Database, RuleSource};
use salsa::Setter;

fn sources(text: &str) -> Vec<RuleSource> {
    vec![RuleSource {
        path: "a.rules".into(),
        text: text.into(),
    }]
}

/// The names of the queries that ran since the last call.
fn ran(db: &Database) -> Vec<String> {
    let mut names: Vec<String> = db
        .take_executions()
        .into_iter()
        .filter_map(|e| e.split_once('(').map(|(q, _)| q.to_string()))
        .collect();
    names.sort();
    names
}

#[test]
fn rule_symbols_runs_once_per_edit() {
    let mut db = Database::with_query_log();
    db.record_executions();
    let text = "decl f: source (Value) -> Value\nphase p {}\nin p {\n  rule r: (f ?x) => ?x\n}\n";
    let input = RuleFiles::new(&db, sources(text));
    assert_eq!(
        rule_symbols(&db, input)
            .references(SymbolKind::Op, "f")
            .count(),
        2
    );
    assert_eq!(ran(&db), vec!["rule_symbols"]);
    rule_symbols(&db, input);
    checked_rules(&db, input);
    assert_eq!(ran(&db), vec!["checked_rules"]);
    rule_symbols(&db, input);
    checked_rules(&db, input);
    assert_eq!(ran(&db), Vec::<String>::new());

    let edited = text.replace("=> ?x", "=> (f ?x)");
    input.set_sources(&mut db).to(sources(&edited));
    assert_eq!(
        rule_symbols(&db, input)
            .references(SymbolKind::Op, "f")
            .count(),
        3
    );
    assert_eq!(ran(&db), vec!["rule_symbols"]);
}
