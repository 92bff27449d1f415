//! Random sequences of edits sent to the language server (in this process, over an in-memory
//! connection), each document's published diagnostics against a fresh session's: the
//! frontend's published with each change, the lowering's (computed on a snapshot while the
//! server goes on) only for the revision they were computed for, and the last diagnostics of
//! every document exactly [`diagnostics_of`] its text in a fresh session.
//!
//! Half the sequences send their edits a few milliseconds apart, so lowerings are cancelled
//! by the next change, or finish just before it; the other half wait for each change's
//! diagnostics to settle.
//! `KILN_EDIT_SEQUENCES=N` runs N sequences (default 12); with `KILN_EDIT_SEQUENCES=10000` it
//! is the reliability figure of `BENCHMARKS.md`, which also prints the process's peak memory
//! after each tenth of the sequences, to show it bounded.

#[path = "../../tests/support/edit_sequences.rs"]
mod edit_sequences;

use edit_sequences::{sequence_done, sequences};
use kiln_driver::Session;
use kiln_server::lsp::{diagnostics_of, lsp_diagnostic, serve, LineMap};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

/// How long a document's diagnostics may take to settle.
const WAIT: Duration = Duration::from_secs(20);

/// Function bodies: two that lower, one the frontend refuses, one no rule lowers.
const BODIES: &[&str] = &[
    "%0 = arith.addi %x, %x : i32",
    "%0 = arith.muli %x, %x : i32",
    "%0 = arith.addi %x, %nope : i32",
    "%m = memref.alloca() : memref<4xi32>\n  %c5 = arith.constant 5 : index\n  %d = memref.dim %m, %c5 : memref<4xi32>\n  %0 = arith.index_cast %d : index to i32",
];

/// One change of one of the two documents.
#[derive(Clone, Debug)]
enum Change {
    /// Replace function `i`'s body with variant `v`.
    Body(u8, u8),
    /// Add or remove a function that loads from a memref.
    Toggle,
    /// A comment between the functions, or none.
    Comment,
    /// Close the document and open it again.
    Reopen,
}

#[derive(Clone, Debug)]
struct Edit {
    document: bool,
    change: Change,
    /// Sent as the whole new text, not as the range that changed.
    whole: bool,
    /// Milliseconds to wait before the next edit, when edits are not each settled: long
    /// enough, at times, for a lowering to finish before the next change comes.
    pause: u8,
}

impl Arbitrary for Edit {
    fn arbitrary(g: &mut Gen) -> Edit {
        let change = match u8::arbitrary(g) % 8 {
            0..=3 => Change::Body(u8::arbitrary(g), u8::arbitrary(g)),
            4 | 5 => Change::Toggle,
            6 => Change::Comment,
            _ => Change::Reopen,
        };
        Edit {
            document: bool::arbitrary(g),
            change,
            whole: u8::arbitrary(g) % 4 == 0,
            pause: u8::arbitrary(g) % 4 * 5,
        }
    }
}

#[derive(Clone, Default)]
struct Document {
    bodies: [usize; 2],
    extra: bool,
    comment: bool,
}

impl Document {
    fn apply(&mut self, change: &Change) {
        match change {
            Change::Body(i, v) => self.bodies[*i as usize % 2] = *v as usize % BODIES.len(),
            Change::Toggle => self.extra = !self.extra,
            Change::Comment => self.comment = !self.comment,
            Change::Reopen => {}
        }
    }

    fn text(&self) -> String {
        let mut t = String::new();
        for (i, b) in self.bodies.iter().enumerate() {
            t.push_str(&format!(
                "func.func @f{i}(%x: i32) -> i32 {{\n  {}\n  func.return %0 : i32\n}}\n",
                BODIES[*b]
            ));
            if i == 0 && self.comment {
                t.push_str("\n// between\n\n");
            }
        }
        if self.extra {
            t.push_str("func.func @g(%m: memref<4xf32>) -> f32 {\n  %c1 = arith.constant 1 : index\n  %0 = memref.load %m[%c1] : memref<4xf32>\n  func.return %0 : f32\n}\n");
        }
        t
    }
}

/// The change an editor sends for `old` becoming `new`, as an LSP range (the texts are
/// ASCII, so columns are bytes) and what replaces it.
fn difference(old: &str, new: &str) -> Value {
    let (range, text) = edit_sequences::difference(old, new);
    let lines = LineMap::new(old);
    json!({
        "range": {"start": lines.position(range.start), "end": lines.position(range.end)},
        "text": text,
    })
}

/// What a fresh session says of a text: the frontend's diagnostics alone, and every one. The
/// documents take few texts, so each is computed once (a fresh session loads the rules).
fn fresh(uri: &str, text: &str) -> (Value, Value) {
    static SEEN: std::sync::Mutex<BTreeMap<(String, String), (Value, Value)>> =
        std::sync::Mutex::new(BTreeMap::new());
    let key = (uri.to_string(), text.to_string());
    if let Some(known) = SEEN.lock().ok().and_then(|seen| seen.get(&key).cloned()) {
        return known;
    }
    let said = fresh_session(uri, text);
    if let Ok(mut seen) = SEEN.lock() {
        seen.insert(key, said.clone());
    }
    said
}

fn fresh_session(uri: &str, text: &str) -> (Value, Value) {
    let uri = lsp_types::Uri::from_str(uri).expect("a URI");
    let mut s = Session::new();
    s.set_source(uri.as_str(), text);
    let lines = LineMap::new(text);
    let frontend: Vec<_> = s
        .diagnostics(uri.as_str())
        .iter()
        .map(|d| lsp_diagnostic(d, &lines, &uri))
        .collect();
    let all = diagnostics_of(&s, &uri, text);
    (json!(frontend), json!(all))
}

/// Each document's published diagnostics, in order, with their versions.
type Published = BTreeMap<String, Vec<(Option<i64>, Value)>>;

struct Client {
    connection: Connection,
    /// The server's thread, which answers whether it ended with `shutdown` and `exit`.
    serving: std::thread::JoinHandle<Result<bool, String>>,
    published: Published,
}

impl Client {
    /// A language server on a thread of this process, past the `initialize` handshake
    /// (request 1); `None` when the server did not answer it.
    fn start() -> Option<Client> {
        let (server, connection) = Connection::memory();
        let mut client = Client {
            connection,
            serving: std::thread::spawn(move || serve(&server)),
            published: BTreeMap::new(),
        };
        client.request(1, "initialize", json!({"capabilities": {}}));
        if !client.answer(1) {
            return None;
        }
        client.notify("initialized", json!({}));
        Some(client)
    }

    /// Sends `shutdown` (request `id`) and `exit`; what the server published, if it then
    /// ended cleanly.
    fn shut_down(mut self, id: i32) -> Option<Published> {
        self.request(id, "shutdown", Value::Null);
        if !self.answer(id) {
            return None;
        }
        self.notify("exit", Value::Null);
        if !matches!(self.serving.join(), Ok(Ok(true))) {
            eprintln!("the server did not end cleanly");
            return None;
        }
        Some(self.published)
    }

    fn request(&self, id: i32, method: &str, params: Value) {
        let r = Request::new(RequestId::from(id), method.to_string(), params);
        self.connection
            .sender
            .send(Message::Request(r))
            .expect("the server reads");
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.connection
            .sender
            .send(Message::Notification(n))
            .expect("the server reads");
    }

    /// Reads one message (a publication is recorded); the response's id, if it is one, and
    /// `Err` when none came before `deadline`.
    fn read(&mut self, deadline: Instant) -> Result<Option<RequestId>, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        Ok(match self.connection.receiver.recv_timeout(left) {
            Ok(Message::Notification(n)) if n.method == "textDocument/publishDiagnostics" => {
                let uri = n.params["uri"].as_str().unwrap_or_default().to_string();
                let version = n.params["version"].as_i64();
                let diagnostics = n.params["diagnostics"].clone();
                self.published
                    .entry(uri)
                    .or_default()
                    .push((version, diagnostics));
                None
            }
            Ok(Message::Response(r)) => Some(r.id),
            Ok(_) => None,
            Err(e) => return Err(format!("the server said nothing more: {e}")),
        })
    }

    /// Reads until the response to request `id`.
    fn answer(&mut self, id: i32) -> bool {
        let deadline = Instant::now() + WAIT;
        loop {
            match self.read(deadline) {
                Ok(Some(got)) if got == RequestId::from(id) => return true,
                Ok(_) => {}
                Err(e) => {
                    eprintln!("{e}");
                    return false;
                }
            }
        }
    }

    /// Reads until `uri`'s diagnostics `expected` are published for `version`.
    fn settle(&mut self, uri: &str, version: i64, expected: &Value) -> bool {
        let deadline = Instant::now() + WAIT;
        loop {
            let done = self
                .published
                .get(uri)
                .is_some_and(|p| p.iter().any(|(v, d)| *v == Some(version) && d == expected));
            if done {
                return true;
            }
            if self.read(deadline).is_err() {
                return false;
            }
        }
    }
}

/// Sends `edits` to one language server; whether every document's publications are right.
fn through_lsp(edits: &[Edit], settle_each: bool) -> bool {
    let Some(mut client) = Client::start() else {
        return false;
    };

    let uris = ["file:///w/a.mlir", "file:///w/b.mlir"];
    let mut documents = [Document::default(), Document::default()];
    let mut versions = [1i64, 1];
    // The frontend's diagnostics and every one, per document and version.
    let mut expected: [BTreeMap<i64, (Value, Value)>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for k in 0..2 {
        let text = documents[k].text();
        expected[k].insert(1, fresh(uris[k], &text));
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uris[k], "languageId": "mlir", "version": 1, "text": text}}),
        );
    }
    for e in edits.iter().take(8) {
        let k = usize::from(e.document);
        let old = documents[k].text();
        documents[k].apply(&e.change);
        let new = documents[k].text();
        versions[k] += 1;
        let version = versions[k];
        expected[k].insert(version, fresh(uris[k], &new));
        if let Change::Reopen = e.change {
            client.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": uris[k]}}),
            );
            client.notify(
                "textDocument/didOpen",
                json!({"textDocument": {"uri": uris[k], "languageId": "mlir", "version": version, "text": new}}),
            );
        } else {
            let change = if e.whole {
                json!({ "text": new })
            } else {
                difference(&old, &new)
            };
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uris[k], "version": version}, "contentChanges": [change]}),
            );
        }
        if settle_each {
            if !client.settle(uris[k], version, &expected[k][&version].1) {
                eprintln!("{} version {version} did not settle", uris[k]);
                return false;
            }
        } else {
            std::thread::sleep(Duration::from_millis(u64::from(e.pause)));
        }
    }
    for k in 0..2 {
        let last = versions[k];
        if !client.settle(uris[k], last, &expected[k][&last].1) {
            eprintln!("{} did not settle on its last version", uris[k]);
            return false;
        }
    }
    let Some(published) = client.shut_down(2) else {
        return false;
    };

    for k in 0..2 {
        let published = &published[uris[k]];
        let mut last = 0;
        for (i, (version, diagnostics)) in published.iter().enumerate() {
            // A close publishes no diagnostics, with no version.
            let Some(v) = *version else {
                if diagnostics != &json!([]) {
                    return false;
                }
                continue;
            };
            let Some((frontend, all)) = expected[k].get(&v) else {
                eprintln!("{} published for version {v}, never sent", uris[k]);
                return false;
            };
            // Versions never go back: a lowering of an older text is not published.
            if v < last {
                eprintln!("{}: version {v} published after {last}", uris[k]);
                return false;
            }
            // The first publication of a version is the frontend's, any other all of them.
            let first = v > last;
            let right = if first {
                diagnostics == frontend
            } else {
                diagnostics == all
            };
            if !right {
                eprintln!(
                    "{} publication {i} (version {v}) is {diagnostics}, not {}",
                    uris[k],
                    if first { frontend } else { all }
                );
                return false;
            }
            last = v;
        }
        // The last word is the whole set of the last text.
        let final_version = versions[k];
        if published.last() != Some(&(Some(final_version), expected[k][&final_version].1.clone())) {
            eprintln!("{}: the last publication is not the last text's", uris[k]);
            return false;
        }
    }
    true
}

/// Sequences run so far, for the memory reports of a long run.
static DONE: AtomicU64 = AtomicU64::new(0);

#[test]
fn random_edit_sequences_through_the_language_server_match_a_fresh_session() {
    fn prop(edits: Vec<Edit>, settle_each: bool) -> bool {
        let ok = through_lsp(&edits, settle_each);
        sequence_done(&DONE);
        ok
    }
    QuickCheck::new()
        .tests(sequences())
        .max_tests(sequences())
        .quickcheck(prop as fn(Vec<Edit>, bool) -> bool);
}

/// A document no rule lowers gets the lowering's error after the frontend's (none), for the
/// version it was computed for.
#[test]
fn a_lowering_error_is_published_after_the_frontends_diagnostics() {
    let mut d = Document::default();
    d.bodies[0] = 3;
    let text = d.text();
    let uri = "file:///w/a.mlir";
    let (frontend, all) = fresh(uri, &text);
    assert_eq!(frontend, json!([]));
    let all = all.as_array().cloned().unwrap_or_default();
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0]["code"], json!("lower.unlowered"));
    assert_eq!(all[0]["range"]["start"], json!({"line": 3, "character": 2}));
    assert!(through_lsp(
        &[Edit {
            document: false,
            change: Change::Body(0, 3),
            whole: false,
            pause: 0,
        }],
        true
    ));
}

/// While a large document is lowered, the server answers: a request sent after the document
/// is opened is answered before the lowering's diagnostics are published.
#[test]
fn the_server_answers_while_a_lowering_runs() {
    let mut client = Client::start().expect("the server answers `initialize`");
    // Two thousand functions that lower, then one no rule lowers.
    let mut text: String = (0..2000)
        .map(|i| {
            format!(
                "func.func @g{i}(%m: memref<?x4xf32>, %i: index) -> f32 {{\n  %c1 = arith.constant 1 : index\n  %0 = memref.load %m[%i, %c1] : memref<?x4xf32>\n  %1 = arith.addf %0, %0 : f32\n  func.return %1 : f32\n}}\n"
            )
        })
        .collect();
    let mut bad = Document::default();
    bad.bodies[0] = 3;
    text.push_str(&bad.text());
    let uri = "file:///w/large.mlir";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}}),
    );
    client.request(
        2,
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(client.answer(2));
    // Answered with the frontend's diagnostics published, and the lowering's not yet.
    assert_eq!(client.published[uri], vec![(Some(1), json!([]))]);
    let deadline = Instant::now() + WAIT * 3;
    while client.published[uri].len() < 2 {
        client.read(deadline).expect("the lowering's diagnostics");
    }
    let (version, diagnostics) = &client.published[uri][1];
    assert_eq!(*version, Some(1));
    assert_eq!(diagnostics[0]["code"], json!("lower.unlowered"));
    assert!(client.shut_down(3).is_some());
}
