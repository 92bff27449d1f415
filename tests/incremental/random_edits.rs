//! Random sequences of edits against a compile from scratch.

use super::edit_sequences::difference;
use super::*;

/// One edit of a random sequence.
#[derive(Clone, Debug)]
pub(crate) enum Edit {
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

pub(crate) const BODIES: &[&str] = &[
    "%0 = arith.addi %x, %x : i32",
    "%0 = arith.muli %x, %x : i32",
    "%c = arith.constant 7 : i32\n  %0 = arith.divsi %x, %c : i32",
    "%0 = arith.xori %x, %x : i32",
];

pub(crate) struct State {
    bodies: [usize; 2],
    two_params: bool,
    extra: bool,
    whitespace: u8,
    rules: u8,
}

impl State {
    /// The module before any edit.
    pub(crate) fn initial() -> State {
        State {
            bodies: [0, 1],
            two_params: false,
            extra: false,
            whitespace: 0,
            rules: 0,
        }
    }

    /// The state after `edit`.
    pub(crate) fn apply(&mut self, edit: &Edit) {
        match edit {
            Edit::Body(i, v) => self.bodies[*i as usize % 2] = *v as usize % BODIES.len(),
            Edit::Signature => self.two_params = !self.two_params,
            Edit::Toggle => self.extra = !self.extra,
            Edit::Whitespace(w) => self.whitespace = *w,
            Edit::Rule(k) => self.rules = *k,
        }
    }

    pub(crate) fn text(&self) -> String {
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

    pub(crate) fn rules(&self) -> Vec<RuleSource> {
        let k = self.rules;
        with_rules(|path, text| match k % 3 {
            1 if path.ends_with("/linearize.rules") => format!("; edit\n{text}"),
            2 if path.ends_with("/arith.rules") => format!("; edit\n{text}"),
            _ => text.to_string(),
        })
    }
}

/// The lowered text, the LLVM IR and the object, or the errors.
pub(crate) fn render(s: &Session) -> String {
    let ir = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .map(|b| String::from_utf8_lossy(&b).into_owned());
    let obj = s.compile("m.mlir", Emit::Obj, 0).into_result();
    format!(
        "{:?}\n{ir:?}\n{obj:?}",
        s.lowered_text("m.mlir", None).into_result()
    )
}

#[test]
fn random_edit_sequences_match_a_fresh_compile() {
    fn prop(edits: Vec<Edit>) -> bool {
        let mut st = State::initial();
        let mut s = Session::new();
        s.set_source("m.mlir", st.text());
        let _ = render(&s);
        for (k, e) in edits.iter().take(6).enumerate() {
            let before = st.text();
            st.apply(e);
            // A change arrives as a whole text, as an editor's incremental edit, or as an
            // edit batched with the rules in one `Change`.
            let (range, text) = difference(&before, &st.text());
            match k % 3 {
                0 => {
                    s.set_source("m.mlir", st.text());
                    s.set_rules(st.rules());
                }
                1 => {
                    if s.edit_source("m.mlir", range, &text).is_err() {
                        return false;
                    }
                    s.set_rules(st.rules());
                }
                _ => {
                    let mut change = kiln::Change::default();
                    change
                        .edit_source("m.mlir", range, text)
                        .set_rules(st.rules());
                    if s.apply_change(change).is_err() {
                        return false;
                    }
                }
            }
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
