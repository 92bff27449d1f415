//! quickcheck: mutated corpus programs never make the frontend panic. Whatever the input,
//! checking yields diagnostics or a module; a module that checks cleanly prints text that
//! checks cleanly too. The generic IR's reader is held to the same: it reads the text or
//! says where it stops, and what it reads prints (custom and generic form) to text that
//! reads back and prints the same.

use kiln_frontend::generic::{graph::Graph, print_operation, read_module, PrintOptions};
use kiln_frontend::{check_module, print_module};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::path::Path;

const PIECES: &[&str] = &[
    "%",
    "^",
    "@",
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "?",
    "x",
    "memref<",
    "*x",
    "i32",
    "f32",
    "index",
    "0x",
    "\"",
    "#",
    "loc(",
    "1.5",
    "-",
    "cf.br",
    "func.return",
    "arith.addi",
    "%0#5",
    "strided<[",
    "\n",
    "é",
    "\\",
    "\"arith.addi\"(",
    "[",
    "]",
];

fn corpus() -> &'static [String] {
    static FILES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FILES.get_or_init(read_corpus)
}

fn read_corpus() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("corpus exists").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(t) = std::fs::read_to_string(&p) {
                out.push(t);
            }
        }
    }
    out.sort();
    out
}

#[derive(Clone, Debug)]
struct Edits(Vec<(usize, u8, usize)>);

impl Arbitrary for Edits {
    fn arbitrary(g: &mut Gen) -> Edits {
        let n = 1 + usize::arbitrary(g) % 4;
        Edits(
            (0..n)
                .map(|_| (usize::arbitrary(g), u8::arbitrary(g), usize::arbitrary(g)))
                .collect(),
        )
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Edits>> {
        Box::new(self.0.shrink().map(Edits))
    }
}

fn mutate(base: &str, edits: &Edits) -> String {
    let mut t: Vec<char> = base.chars().collect();
    for &(pos, kind, arg) in &edits.0 {
        let p = pos % (t.len() + 1);
        match kind % 3 {
            0 => {
                let end = (p + 1 + arg % 8).min(t.len());
                t.drain(p..end);
            }
            1 => {
                let piece: Vec<char> = PIECES[arg % PIECES.len()].chars().collect();
                t.splice(p..p, piece);
            }
            _ => {
                let q = arg % (t.len() + 1);
                let chunk: Vec<char> = t[q..(q + 20).min(t.len())].to_vec();
                t.splice(p..p, chunk);
            }
        }
    }
    t.into_iter().collect()
}

fn prop(which: usize, edits: Edits) -> TestResult {
    let files = corpus();
    let text = mutate(&files[which % files.len()], &edits);
    let checked = check_module(&text);
    if checked.diagnostics.is_empty() {
        let again = check_module(&print_module(&checked.module));
        if !again.diagnostics.is_empty() {
            return TestResult::error(format!("clean input printed to text with errors:\n{text}"));
        }
    }
    generic_prop(&text)
}

fn generic_prop(text: &str) -> TestResult {
    let mut g = Graph::new();
    let Ok(m) = read_module(&mut g, text, "in.mlir") else {
        return TestResult::passed();
    };
    for generic in [false, true] {
        let options = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        let printed = print_operation(&g, m, options);
        let mut again = Graph::new();
        match read_module(&mut again, &printed, "printed.mlir") {
            Ok(m2) if print_operation(&again, m2, options) == printed => {}
            Ok(m2) => {
                return TestResult::error(format!(
                    "printed text prints differently when read back:\n{printed}\n---\n{}",
                    print_operation(&again, m2, options)
                ))
            }
            Err(e) => {
                return TestResult::error(format!(
                    "read input printed to unreadable text ({}):\n{text}\n---\n{printed}",
                    e.message
                ))
            }
        }
    }
    TestResult::passed()
}

#[test]
fn mutated_programs_never_panic() {
    assert!(corpus().len() > 20);
    QuickCheck::new()
        .tests(1000)
        .quickcheck(prop as fn(usize, Edits) -> TestResult);
}

/// A quoted attribute name that is not an identifier prints quoted (found by the property
/// above: it printed bare, which does not parse back).
#[test]
fn quoted_attribute_names_print_back() {
    let text = "func.func @f(%a: i32) -> i32 attributes {\"I12!x\", abi = \"sip\"} {\n  func.return %a : i32\n}\n";
    let checked = check_module(text);
    let printed = print_module(&checked.module);
    assert!(printed.contains("{\"I12!x\", abi = \"sip\"}"), "{printed}");
    assert!(check_module(&printed).diagnostics.is_empty(), "{printed}");
}
