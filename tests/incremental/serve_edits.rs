//! Random sequences of edits sent to `kiln serve` (in this process), each step's outputs
//! against a fresh session's: the protocol's edits, batches and rule changes keep the
//! session exactly what a compile from scratch sees.
//!
//! `KILN_EDIT_SEQUENCES=N` runs N sequences (default 12); with `KILN_EDIT_SEQUENCES=10000`
//! it is the reliability figure of `BENCHMARKS.md`, which also prints the process's peak
//! memory after each tenth of the sequences, to show it bounded.

use super::edit_sequences::{difference, sequence_done, sequences};
use super::random_edits::{Edit, State};
use super::*;
use serde_json::{json, Value};
use std::sync::atomic::AtomicU64;

/// The outputs a fresh session gives for the state: lowered text and LLVM IR.
fn fresh(st: &State) -> (Value, Value) {
    let mut s = Session::with_rules(st.rules());
    s.set_source("m.mlir", st.text());
    let lowered = s
        .lowered_text("m.mlir", None)
        .into_result()
        .ok()
        .map_or(Value::Null, Value::from);
    let ir = s
        .compile("m.mlir", Emit::LlvmIr, 0)
        .into_result()
        .ok()
        .map_or(Value::Null, |b| {
            Value::from(String::from_utf8_lossy(&b).into_owned())
        });
    (lowered, ir)
}

fn rules_request(id: u64, st: &State) -> Value {
    let files: Vec<Value> = st
        .rules()
        .into_iter()
        .map(|r| json!({"path": r.path, "text": r.text}))
        .collect();
    json!({"id": id, "method": "set_rules", "params": {"files": files}})
}

fn compiles(id: u64) -> [Value; 2] {
    [
        json!({"id": id, "method": "compile", "params": {"path": "m.mlir", "emit": "lowered"}}),
        json!({"id": id + 1, "method": "compile", "params": {"path": "m.mlir", "emit": "llvm-ir"}}),
    ]
}

/// Sends `edits` to one serve session; whether every step's outputs are a fresh session's.
fn through_serve(edits: &[Edit]) -> bool {
    let mut st = State::initial();
    let mut requests = vec![
        json!({"id": 1, "method": "open", "params": {"path": "m.mlir", "text": st.text()}}),
        rules_request(2, &st),
    ];
    requests.extend(compiles(3));
    let mut expected = vec![fresh(&st)];
    for (k, e) in edits.iter().take(6).enumerate() {
        let before = st.text();
        let old_rules = st.rules();
        st.apply(e);
        let id = 10 * (k as u64 + 1);
        let (range, text) = difference(&before, &st.text());
        // A change comes as a whole text, an editor's edit, or one step of a batch.
        requests.push(match k % 3 {
            0 => json!({"id": id, "method": "change", "params": {"path": "m.mlir", "text": st.text()}}),
            1 => json!({"id": id, "method": "edit", "params": {
                "path": "m.mlir", "start": range.start, "end": range.end, "text": text}}),
            _ => json!({"id": id, "method": "apply", "params": {"changes": [
                {"method": "edit", "path": "m.mlir", "start": range.start, "end": range.end, "text": text},
            ]}}),
        });
        if st.rules() != old_rules {
            requests.push(rules_request(id + 1, &st));
        }
        requests.extend(compiles(id + 2));
        expected.push(fresh(&st));
    }
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut out = Vec::new();
    if kiln::serve::serve(std::io::Cursor::new(input.into_bytes()), &mut out).is_err() {
        return false;
    }
    let answers: Vec<Value> = String::from_utf8_lossy(&out)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    if answers.len() != requests.len() || answers.iter().any(|a| a.get("error").is_some()) {
        return false;
    }
    // The compiles' answers, in order, two per state.
    let outputs: Vec<&Value> = requests
        .iter()
        .zip(&answers)
        .filter(|(r, _)| r["method"] == "compile")
        .map(|(_, a)| &a["result"]["output"])
        .collect();
    outputs.len() == 2 * expected.len()
        && expected
            .iter()
            .zip(outputs.chunks(2))
            .all(|((lowered, ir), got)| got[0] == lowered && got[1] == ir)
}

/// Sequences run so far, for the memory reports of a long run.
static DONE: AtomicU64 = AtomicU64::new(0);

#[test]
fn random_edit_sequences_through_serve_match_a_fresh_compile() {
    fn prop(edits: Vec<Edit>) -> bool {
        let ok = through_serve(&edits);
        sequence_done(&DONE);
        ok
    }
    QuickCheck::new()
        .tests(sequences())
        .max_tests(sequences())
        .quickcheck(prop as fn(Vec<Edit>) -> bool);
}
