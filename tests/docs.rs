//! The documentation stays true to the repository: every relative link and every
//! repository path a document names exists (a moved file breaks this test, not a reader),
//! every page the book's summary lists exists, and no file carries a development-journal
//! reference — numbered rounds of development, issue numbers, numbered calling conventions —
//! because the repository speaks of kiln, and history lives in git.

mod common;

use common::root;
use std::path::{Path, PathBuf};

/// Paths, relative to the root, that are not kiln's own text: build outputs, environments,
/// third-party code.
const SKIPPED: &[&str] = &[
    "target",
    ".venv",
    ".git",
    "node_modules",
    "vendor/egg/src",
    "vendor/egg/tests",
    "vendor/egg/README.md",
    "vendor/egg/CHANGELOG.md",
    "vendor/egg/Cargo.toml",
    "fuzz/target",
    "fuzz/corpus",
    "fuzz/artifacts",
    "fuzz-findings",
    "tests/conformance/mlir",
];

fn files_with(extensions: &[&str]) -> Vec<PathBuf> {
    let skipped = |p: &Path| SKIPPED.iter().any(|s| root().join(s) == p);
    common::files_where(&root(), &|d| !skipped(d), &|f| {
        !skipped(f)
            && f.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
    })
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The prose of a Markdown document: fenced code blocks blanked (their lines kept, so line
/// numbers stay right), inline code kept, as paths in backticks are checked too.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// The targets of `[text](target)` links on a line, outside inline code.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'`' => in_code = !in_code,
            b']' if !in_code && bytes.get(i + 1) == Some(&b'(') => {
                if let Some(close) = line[i + 2..].find(')') {
                    targets.push(line[i + 2..i + 2 + close].to_string());
                    i += 2 + close;
                }
            }
            _ => {}
        }
        i += 1;
    }
    targets
}

/// GitHub's and mdBook's anchor for a heading: lower case, punctuation dropped, spaces as
/// hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    prose_lines(&text)
        .into_iter()
        .filter_map(|(_, l)| l.strip_prefix('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let mut broken = Vec::new();
    for doc in files_with(&["md"]) {
        let text = std::fs::read_to_string(&doc).unwrap_or_default();
        let dir = doc.parent().unwrap_or(Path::new("."));
        for (line, content) in prose_lines(&text) {
            for target in link_targets(content) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved = if file.is_empty() {
                    doc.clone()
                } else {
                    dir.join(file)
                };
                if !resolved.exists() {
                    broken.push(format!("{}:{line}: {target}", relative(&doc)));
                } else if let Some(fragment) = fragment.filter(|_| resolved.is_file()) {
                    if resolved.extension().is_some_and(|e| e == "md")
                        && !anchors_of(&resolved).iter().any(|a| a == fragment)
                    {
                        broken.push(format!(
                            "{}:{line}: {target} (no such heading)",
                            relative(&doc)
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Top-level directories whose paths the docs name in backticks.
const TREES: &[&str] = &[
    "frontend/",
    "engine/",
    "backend/",
    "lowered/",
    "abi/",
    "driver/",
    "verify/",
    "server/",
    "capi/",
    "src/",
    "rules/",
    "corpus/",
    "tests/",
    "scripts/",
    "python/",
    "docs/",
    "editors/",
    "fuzz/",
    "vendor/",
];

#[test]
fn every_repository_path_the_docs_name_exists() {
    let mut missing = Vec::new();
    for doc in files_with(&["md"]) {
        // The benchmark history describes the code of the commit each entry names.
        if doc.starts_with(root().join("docs/history")) {
            continue;
        }
        let text = std::fs::read_to_string(&doc).unwrap_or_default();
        for (line, content) in prose_lines(&text) {
            for (i, span) in content.split('`').enumerate() {
                // Odd pieces are inside backticks.
                if i % 2 == 0 {
                    continue;
                }
                let candidate = span.split_whitespace().next().unwrap_or("");
                let candidate = candidate.trim_end_matches([',', ':', ')', '.']);
                // A path with a line number (`src/lib.rs:230`) names the file.
                let candidate = candidate.split(':').next().unwrap_or("");
                // `<program>`, `*.rules`, `TARGET`: a pattern, not a path.
                let placeholder = candidate.contains(['<', '*', '{', '…', '$'])
                    || candidate.contains("...")
                    || candidate
                        .split('/')
                        .any(|part| part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase()));
                if !TREES.iter().any(|t| candidate.starts_with(t)) || placeholder {
                    continue;
                }
                // A document may name a path relative to itself (vendor/egg/PATCH.md
                // names egg's own `src/egraph.rs`).
                let beside = doc.parent().unwrap_or(Path::new(".")).join(candidate);
                if !root().join(candidate).exists() && !beside.exists() {
                    missing.push(format!("{}:{line}: `{candidate}`", relative(&doc)));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_page_of_the_book_exists_and_is_listed() {
    let src = root().join("docs/book/src");
    let summary =
        std::fs::read_to_string(src.join("SUMMARY.md")).expect("docs/book/src/SUMMARY.md");
    let listed: Vec<String> = summary.lines().flat_map(link_targets).collect();
    for page in &listed {
        assert!(
            src.join(page).is_file(),
            "SUMMARY.md lists {page}, which does not exist"
        );
    }
    for page in files_with(&["md"]) {
        let Ok(inside) = page.strip_prefix(&src) else {
            continue;
        };
        let inside = inside.display().to_string();
        assert!(
            inside == "SUMMARY.md" || listed.contains(&inside),
            "docs/book/src/{inside} is not in SUMMARY.md"
        );
    }
    for page in &listed {
        let text = std::fs::read_to_string(src.join(page)).unwrap_or_default();
        for include in text.split("{{#include ").skip(1) {
            let target = include.split("}}").next().unwrap_or("").trim();
            assert!(
                src.join(page)
                    .parent()
                    .unwrap_or(&src)
                    .join(target)
                    .is_file(),
                "{page} includes {target}, which does not exist"
            );
        }
    }
}

/// A development-journal reference: a numbered round of development, an issue number, a
/// numbered calling convention or a seed document. MLIR's `%r#1` is not one.
fn journal_reference(line: &str) -> Option<&'static str> {
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| "()[]\"'`,;:*_".contains(c)))
        .collect();
    // `28`, `#14`, `28's`: a number, not `4.1%`.
    let number = |w: &str| {
        let w = w.trim_start_matches('#').trim_end_matches("'s");
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit())
    };
    for pair in words.windows(2) {
        let [word, next] = [pair[0], pair[1]];
        let hit = match word {
            "session" | "sessions" if number(next) => Some("a numbered session"),
            "issue" | "issues" if number(next) => Some("an issue number"),
            "convention" | "conventions" if number(next) => Some("a numbered convention"),
            "seed" | "seeds" if next.starts_with("00") && number(next) => Some("a seed document"),
            _ => None,
        };
        if hit.is_some() {
            return hit;
        }
    }
    // `(#20)` or `#14's`: an issue number in parentheses or possessive (LLVM's `#0` after
    // a function is an attribute group, not one).
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'#' {
            continue;
        }
        let digits = line[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        if digits == 0 {
            continue;
        }
        let in_parens = i > 0 && bytes[i - 1] == b'(';
        let possessive = line[i + 1 + digits..].starts_with("'s");
        if in_parens || possessive {
            return Some("an issue number");
        }
    }
    if lower.contains("design.md") {
        return Some("a document outside the repository");
    }
    None
}

#[test]
fn no_file_carries_a_development_journal() {
    let mut found = Vec::new();
    for file in files_with(&["md", "rs", "rules", "sh", "py", "toml", "lalrpop", "mlir"]) {
        let name = relative(&file);
        if name == "tests/docs.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            // A reference wrapped at the end of a line (`session` / `29's build`) is read
            // with the next line's first word.
            let next = lines.get(i + 1).and_then(|l| l.split_whitespace().next());
            let joined = format!("{line} {}", next.unwrap_or(""));
            if let Some(what) = journal_reference(&joined) {
                found.push(format!("{name}:{}: {what}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "development-journal references (say what the code does and why; history lives in git):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_journal_pattern_is_recognised() {
    // The numbered rounds this test feeds the detector are put together here, so that the
    // repository's own text names none.
    let round = |n: u32| format!("{} {n}", "session");
    let heading = format!("### 2026-11-27 ({}): the release build", round(28));
    assert!(journal_reference(&heading).is_some());
    assert!(journal_reference("Issue #14's targets").is_some());
    assert!(journal_reference("`llvm_attrs.rs` (#20): every attribute").is_some());
    assert!(journal_reference("convention 3: `{rank, descriptor pointer}`").is_some());
    assert!(journal_reference("(seed 003's stack discipline)").is_some());
    assert!(journal_reference("func.return %r#1 : i32").is_none());
    let figure = format!("less 58,535,306 for a one-function file; {}'s", round(29));
    assert!(journal_reference(&figure).is_some());
    assert!(journal_reference("define i32 @f() #0 {").is_none());
    assert!(journal_reference("a `Session` keeps every stage").is_none());
    assert!(journal_reference("a long session stays small").is_none());
}

/// The table of the shipped rule files in `rules/README.md`, beside the files, and in the
/// book's rule language reference.
fn rule_file_table(path: &str) -> String {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("| file | what |"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() > 2, "{path} has no `| file | what |` table");
    table.join("\n")
}

#[test]
fn both_tables_of_the_rule_files_agree_and_list_every_file() {
    let table = rule_file_table("rules/README.md");
    assert_eq!(
        table,
        rule_file_table("docs/book/src/reference/rules.md"),
        "rules/README.md and the book's rule reference list the rule files differently"
    );
    for entry in std::fs::read_dir(root().join("rules")).expect("rules/") {
        let name = entry.expect("rules/ entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".rules") {
            assert!(
                table.contains(&format!("| `{name}` |")),
                "the table of rule files has no row for {name}"
            );
        }
    }
}
