//! `kiln rules fmt`: each file of `tests/rules/fmt/` formats to exactly its golden file in
//! `tests/golden/rules_fmt/` (re-bless with `KILN_BLESS=1 cargo test --test rules_fmt`);
//! every shipped rule file formats to a fixpoint with its syntax tree and
//! its comments unchanged (the shipped files themselves are not required to be formatted),
//! the same holds for any re-spacing of them (quickcheck), and the command's `--check`,
//! rewriting and refusal of files that do not parse behave as documented.

mod common;

use common::{kiln, kiln_piped, root, stderr, stdout};
use kiln::engine::format_rule_file;
use kiln::engine::parse_rule_file;
use kiln::engine::tokens_and_comments;
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// The syntax tree of a file that parses, printed with every span left out (formatting
/// moves everything, so spans are the one thing that may differ).
fn tree_without_spans(text: &str) -> String {
    let (tree, diags) = parse_rule_file(text);
    assert!(diags.is_empty(), "{diags:?}");
    let printed = format!("{tree:?}");
    let mut out = String::new();
    let mut rest = printed.as_str();
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let end = after.find('}').map_or(after.len(), |e| e + 1);
        out.push_str("Span");
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The comments of a file, trimmed, in order.
fn comments(text: &str) -> Vec<String> {
    let (_, comments) = tokens_and_comments(text);
    comments
        .iter()
        .map(|c| {
            text[c.start as usize..c.end as usize]
                .trim_end()
                .to_string()
        })
        .collect()
}

fn shipped() -> Vec<(String, String)> {
    kiln::shipped::SHIPPED
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect()
}

/// What formatting must keep of `original` in `formatted`, and that it is a fixpoint.
fn check_formatting(name: &str, original: &str, formatted: &str) -> Result<(), String> {
    let again = format_rule_file(formatted).map_err(|d| format!("{name}: reformat: {d:?}"))?;
    if again != formatted {
        return Err(format!(
            "{name}: fmt(fmt(x)) != fmt(x):\n{formatted}\n---\n{again}"
        ));
    }
    if tree_without_spans(formatted) != tree_without_spans(original) {
        return Err(format!("{name}: the formatted file parses to another tree"));
    }
    if comments(formatted) != comments(original) {
        return Err(format!("{name}: comments changed"));
    }
    Ok(())
}

#[test]
fn fixtures_format_to_their_golden_files() {
    let bless = std::env::var_os("KILN_BLESS").is_some();
    let golden_dir = root().join("tests/golden/rules_fmt");
    let fixtures = common::files(&root().join("tests/rules/fmt"), "rules", "");
    assert!(!fixtures.is_empty());
    for path in fixtures {
        let name = path
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("a readable fixture");
        let formatted = format_rule_file(&text).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        if let Err(e) = check_formatting(&name, &text, &formatted) {
            panic!("{e}");
        }
        let golden = golden_dir.join(&name);
        if bless {
            std::fs::create_dir_all(&golden_dir).expect("the golden directory");
            std::fs::write(&golden, &formatted).expect("the golden file is written");
            continue;
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e} (bless with KILN_BLESS=1)", golden.display()));
        assert_eq!(formatted, want, "{name} differs from {}", golden.display());
    }
}

#[test]
fn shipped_files_format_to_a_fixpoint_with_the_same_tree_and_comments() {
    for (name, text) in shipped() {
        let formatted = format_rule_file(&text).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        if let Err(e) = check_formatting(&name, &text, &formatted) {
            panic!("{e}");
        }
    }
}

/// A shipped file with the space between its tokens and comments chosen at random (a comment
/// still ends its line).
#[derive(Clone, Debug)]
struct Respaced {
    name: String,
    original: String,
    text: String,
}

impl Arbitrary for Respaced {
    fn arbitrary(g: &mut Gen) -> Self {
        let files = shipped();
        let (name, original) = g.choose(&files).cloned().unwrap_or_default();
        let (tokens, comments) = tokens_and_comments(&original);
        let mut pieces: Vec<(usize, usize, bool)> = tokens
            .iter()
            .map(|t| (t.0, t.2, false))
            .chain(
                comments
                    .iter()
                    .map(|c| (c.start as usize, c.end as usize, true)),
            )
            .collect();
        pieces.sort_unstable();
        let mut text = String::new();
        for (start, end, comment) in pieces {
            text.push_str(&original[start..end]);
            let gaps: &[&str] = if comment {
                &["\n", "\n\n", "\n  "]
            } else {
                &[" ", "  ", "\n", "\n\n", "\t"]
            };
            text.push_str(g.choose(gaps).copied().unwrap_or(" "));
        }
        Respaced {
            name,
            original,
            text,
        }
    }
}

#[test]
fn any_respacing_formats_to_a_fixpoint_with_the_same_tree() {
    fn prop(r: Respaced) -> bool {
        let formatted = match format_rule_file(&r.text) {
            Ok(f) => f,
            Err(d) => {
                eprintln!("{}: {d:?}", r.name);
                return false;
            }
        };
        match check_formatting(&r.name, &r.original, &formatted) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("{e}");
                false
            }
        }
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(Respaced) -> bool);
}

/// A random well-formed rule file (it parses; it need not check), its tokens separated by
/// random space and comments.
#[derive(Clone, Debug)]
struct RandomFile(String);

fn pick<'a>(g: &mut Gen, words: &[&'a str]) -> &'a str {
    g.choose(words).copied().unwrap_or("x")
}

fn random_expr(g: &mut Gen, depth: usize, out: &mut Vec<String>) {
    match u8::arbitrary(g) % if depth == 0 { 3 } else { 4 } {
        0 => out.push(pick(g, &["?a", "?b", "?t"]).to_string()),
        1 => out.push(pick(g, &["0", "-1", "0x10", "2.5"]).to_string()),
        2 => out.push(pick(g, &["index", "i32"]).to_string()),
        _ => {
            out.push("(".into());
            out.push(pick(g, &["const", "+", "==", "width"]).to_string());
            for _ in 0..1 + usize::arbitrary(g) % 3 {
                random_expr(g, depth - 1, out);
            }
            out.push(")".into());
        }
    }
}

fn random_term(g: &mut Gen, depth: usize, out: &mut Vec<String>) {
    match u8::arbitrary(g) % if depth == 0 { 5 } else { 8 } {
        0 => out.push(pick(g, &["?a", "?b", "?long-variable-name"]).to_string()),
        1 => out.push(pick(g, &["0", "-7", "1.5e3", "\"slt\"", "@callee"]).to_string()),
        2 | 3 => out.push(pick(g, &["nil", "i32", "index"]).to_string()),
        4 => {
            out.push("(".into());
            out.push("unit".into());
            out.push(")".into());
        }
        5 => {
            out.push("[".into());
            for _ in 0..usize::arbitrary(g) % 4 {
                random_term(g, depth - 1, out);
            }
            if bool::arbitrary(g) {
                out.push("|".into());
                random_term(g, depth - 1, out);
            }
            out.push("]".into());
        }
        6 => {
            out.push("{".into());
            if bool::arbitrary(g) {
                random_expr(g, depth - 1, out);
            } else {
                out.push(pick(g, &["wrap", "+"]).to_string());
                for _ in 0..1 + usize::arbitrary(g) % 2 {
                    random_expr(g, depth - 1, out);
                }
            }
            out.push("}".into());
        }
        _ => {
            out.push("(".into());
            out.push(pick(g, &["arith.addi", "llvm.add", "helper.with-a-long-name"]).to_string());
            for _ in 0..usize::arbitrary(g) % 5 {
                random_term(g, depth - 1, out);
            }
            out.push(")".into());
        }
    }
}

fn random_item(g: &mut Gen, out: &mut Vec<String>) {
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    match u8::arbitrary(g) % 4 {
        0 => out.extend(words(
            "decl op.name : source cost 2 ( Type Value ) -> Value",
        )),
        1 => out.extend(words("phase lower { iterations 10 partial }")),
        2 => {
            out.extend(words("in lower {"));
            for i in 0..usize::arbitrary(g) % 4 {
                out.extend(words(&format!("rule r{i} :")));
                random_term(g, 4, out);
                if bool::arbitrary(g) {
                    out.push("<=>".into());
                } else {
                    if bool::arbitrary(g) {
                        out.push("if".into());
                        for _ in 0..1 + usize::arbitrary(g) % 3 {
                            random_expr(g, 2, out);
                        }
                    }
                    out.push("=>".into());
                }
                random_term(g, 4, out);
            }
            out.push("}".into());
        }
        _ => {
            out.extend(words("test t {"));
            random_term(g, 4, out);
            out.push("=>".into());
            random_term(g, 4, out);
            out.push("}".into());
        }
    }
}

impl Arbitrary for RandomFile {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut tokens = Vec::new();
        for _ in 0..usize::arbitrary(g) % 6 {
            random_item(g, &mut tokens);
        }
        let mut text = String::new();
        for t in tokens {
            text.push_str(&t);
            let gap = pick(
                g,
                &[" ", " ", " ", "\n", "\n\n", " ; note\n", "\n;; why\n  "],
            );
            text.push_str(gap);
        }
        RandomFile(text)
    }
}

#[test]
fn random_files_format_to_a_fixpoint_with_the_same_tree() {
    fn prop(f: RandomFile) -> bool {
        let formatted = match format_rule_file(&f.0) {
            Ok(formatted) => formatted,
            Err(d) => {
                eprintln!("{d:?}\ninput: {:?}", f.0);
                return false;
            }
        };
        match check_formatting("random", &f.0, &formatted) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("{e}\ninput: {:?}", f.0);
                false
            }
        }
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(RandomFile) -> bool);
}

#[test]
fn check_fails_on_unformatted_files_and_fmt_rewrites_them() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("a.rules");
    let path_s = path.display().to_string();
    std::fs::write(&path, "decl  f :source(Value)->Value ; f\n").expect("written");
    let o = kiln(&["rules", "fmt", "--check", &path_s]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("a.rules: not formatted"),
        "{}",
        stdout(&o)
    );
    let o = kiln(&["rules", "fmt", &path_s]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&path).expect("read back");
    assert_eq!(text, "decl f: source (Value) -> Value ; f\n");
    let o = kiln(&["rules", "fmt", "--check", &path_s]);
    assert!(o.status.success(), "{}", stdout(&o));
}

#[test]
fn files_that_do_not_parse_are_reported_and_left_alone() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bad.rules");
    let path_s = path.display().to_string();
    let text = "in lower {\n  rule r: (f ?x =>\n}\n";
    std::fs::write(&path, text).expect("written");
    let o = kiln(&["rules", "fmt", &path_s]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("rules.syntax") && err.contains("bad.rules:2:17"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read back"), text);
    let o = kiln(&[
        "rules",
        "fmt",
        &root().join("no-such.rules").display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    let (o, _) = kiln_piped(&["rules", "fmt", "-"], b"phase p{iterations 3}");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "phase p { iterations 3 }\n");
    let (o, _) = kiln_piped(&["rules", "fmt", "--check", "-"], b"phase p{iterations 3}");
    assert_eq!(o.status.code(), Some(1));
    let (o, _) = kiln_piped(&["rules", "fmt", "-"], b"phase p {\xff}");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
}
