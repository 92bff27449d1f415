//! The editor files under `editors/vscode/`: the manifest, the language configuration and the
//! TextMate grammar are valid JSON and agree with each other and with kiln, and the grammar
//! highlights every keyword of the rule lexer and every sort. The keyword list is read from
//! the lexer's and the grammar's own source, so a keyword added there fails this test until
//! the grammar has it too.

use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn vscode() -> PathBuf {
    root().join("editors/vscode")
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn grammar() -> Value {
    json(&vscode().join("syntaxes/kiln-rules.tmLanguage.json"))
}

/// The words that `"word" => Tok::X` maps to a token other than a name in a source file (the
/// lexer's keyword match and the lalrpop grammar's token table both say it that way).
fn keywords_in(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let Some((lhs, rhs)) = line.split_once("=>") else {
            continue;
        };
        let rhs = rhs.trim_start();
        if !rhs.starts_with("Tok::") || rhs.starts_with("Tok::Ident") {
            continue;
        }
        let Some(word) = lhs
            .trim()
            .strip_prefix('"')
            .and_then(|w| w.strip_suffix('"'))
        else {
            continue;
        };
        if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic()) {
            out.push(word.to_string());
        }
    }
    out.sort();
    out.dedup();
    out
}

fn lexer_keywords() -> Vec<String> {
    let mut words = keywords_in(&root().join("engine/src/rule/lexer.rs"));
    words.extend(keywords_in(&root().join("engine/src/rule/grammar.lalrpop")));
    words.sort();
    words.dedup();
    words
}

/// The alternatives of the first `(a|b|c)` group of a repository entry's `match`.
fn alternatives(grammar: &Value, entry: &str) -> Vec<String> {
    let m = grammar["repository"][entry]["match"]
        .as_str()
        .unwrap_or_else(|| panic!("the grammar has no `{entry}` match"));
    let group = m
        .split_once(")(")
        .map(|(_, rest)| rest)
        .and_then(|rest| rest.split_once(')'))
        .map(|(group, _)| group)
        .unwrap_or_else(|| panic!("`{entry}` has no (a|b) group: {m}"));
    group.split('|').map(str::to_string).collect()
}

#[test]
fn the_keyword_list_is_read_from_the_lexer() {
    let words = lexer_keywords();
    for w in ["decl", "phase", "in", "rule", "test", "if"] {
        assert!(words.contains(&w.to_string()), "{w} not found in {words:?}");
    }
}

#[test]
fn the_grammar_highlights_every_lexer_keyword_and_every_sort() {
    let g = grammar();
    let keywords = alternatives(&g, "keyword");
    let missing: Vec<String> = lexer_keywords()
        .into_iter()
        .filter(|w| !keywords.contains(w))
        .collect();
    assert!(
        missing.is_empty(),
        "keywords of the rule lexer missing from the grammar's `keyword` rule: {missing:?}"
    );
    // The grammar also highlights `let` bindings and `def` items as keywords.
    for w in ["def", "let"] {
        assert!(keywords.contains(&w.to_string()), "{w}");
    }
    let sorts = alternatives(&g, "sort");
    for (name, _) in kiln::engine::Sort::ALL {
        assert!(sorts.contains(&name.to_string()), "sort {name} missing");
    }
}

#[test]
fn the_grammar_is_well_formed() {
    let g = grammar();
    assert_eq!(g["scopeName"], "source.kiln-rules");
    let repo = g["repository"].as_object().expect("a repository");
    let patterns = g["patterns"].as_array().expect("top-level patterns");
    assert!(!patterns.is_empty());
    for p in patterns {
        let include = p["include"]
            .as_str()
            .expect("patterns include repository entries");
        let key = include.trim_start_matches('#');
        assert!(repo.contains_key(key), "{include} is not in the repository");
    }
    // Every entry matches something and names what it matched.
    for (key, entry) in repo {
        let named = |e: &Value| e["name"].is_string() || e["captures"].is_object();
        let ok = match entry["patterns"].as_array() {
            Some(ps) => ps.iter().all(|p| p["match"].is_string() && named(p)),
            None => entry["match"].is_string() && named(entry),
        };
        assert!(ok, "repository entry `{key}` has no match or no scope name");
    }
}

#[test]
fn the_manifest_uses_the_grammar_and_starts_the_server() {
    let dir = vscode();
    let m = json(&dir.join("package.json"));
    let languages = m["contributes"]["languages"].as_array().expect("languages");
    let rules = languages
        .iter()
        .find(|l| l["id"] == "kiln-rules")
        .expect("a kiln-rules language");
    assert!(rules["extensions"]
        .as_array()
        .is_some_and(|e| e.iter().any(|x| x == ".rules")));
    let config = rules["configuration"]
        .as_str()
        .expect("a language configuration");
    let lc = json(&dir.join(config));
    assert_eq!(lc["comments"]["lineComment"], ";");
    let grammars = m["contributes"]["grammars"].as_array().expect("grammars");
    let gram = grammars
        .iter()
        .find(|g| g["language"] == "kiln-rules")
        .expect("a grammar for kiln-rules");
    assert_eq!(gram["scopeName"], grammar()["scopeName"]);
    assert!(dir
        .join(gram["path"].as_str().expect("a grammar path"))
        .is_file());
    let main = m["main"].as_str().expect("an entry point");
    let js = std::fs::read_to_string(dir.join(main)).expect("the extension's script");
    assert!(js.contains("args: ['lsp']"), "the client starts `kiln lsp`");
    assert!(js.contains("'kiln-rules'") && js.contains("'mlir'"));
    // The server recognises the language id the manifest declares.
    let server =
        std::fs::read_to_string(root().join("server/src/lsp/server.rs")).expect("server.rs");
    assert!(server.contains("\"kiln-rules\""));
}
