//! `kiln lsp` driven over its protocol by a test client: the binary is spawned with pipes,
//! messages are framed with `Content-Length` headers as an editor frames them, and every
//! answer is read back the same way. One session walks through what an editor does: open a
//! rule file with an error, fix it, hover, jump to a definition, list references, complete,
//! open an `.mlir` file with an error, and shut down.

mod common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// How long one answer may take (the first check of a rule directory included).
const WAIT: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications read while waiting for a response.
    pending: Vec<Value>,
    next_id: i64,
}

/// Reads one framed message; `None` at the end of the stream or on a malformed frame.
fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            length = v.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kiln lsp starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(m) = read_message(&mut r) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            messages: rx,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("written");
        self.stdin.flush().expect("flushed");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self
                .messages
                .recv_timeout(WAIT)
                .unwrap_or_else(|_| panic!("no answer to `{method}`"));
            if m["id"] == json!(id) {
                return m;
            }
            self.pending.push(m);
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let is_for = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        };
        if let Some(i) = self.pending.iter().position(is_for) {
            let m = self.pending.remove(i);
            return m["params"]["diagnostics"]
                .as_array()
                .cloned()
                .unwrap_or_default();
        }
        loop {
            let m = self
                .messages
                .recv_timeout(WAIT)
                .unwrap_or_else(|_| panic!("no diagnostics for {uri}"));
            if is_for(&m) {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            self.pending.push(m);
        }
    }
}

const OPS: &str = "decl f: source (Value) -> Value\n\
                   decl gen: target (Value) -> Value\n\
                   decl h: target (Sym Value) -> Value\n\
                   decl arg: target (Lit) -> Value\n\
                   phase lower { iterations 5 }\n";

/// `main.rules` with `gen` written as `text` in the rule's right side. The string before it has
/// characters of two and four UTF-8 bytes (one and two UTF-16 units).
fn main_rules(g: &str) -> String {
    format!(
        "in lower {{\n  ;; f is gen, tagged\n  rule f-g: (f ?x) => (h \"\u{e9}\u{1d11e}\" ({g} ?x))\n}}\n\
         test f-is-g {{ (f (arg 1)) => (h \"\u{e9}\u{1d11e}\" (gen (arg 1))) }}\n"
    )
}

fn position(text: &str, offset: usize) -> Value {
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": text[start..offset].encode_utf16().count()})
}

fn at(uri: &str, text: &str, offset: usize) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position(text, offset)})
}

#[test]
fn an_editor_session() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("ops.rules"), OPS).expect("written");
    let main_path = dir.path().join("main.rules");
    let broken = main_rules("gn");
    std::fs::write(&main_path, &broken).expect("written");
    let uri = format!("file://{}", main_path.display());
    let ops_uri = format!("file://{}", dir.path().join("ops.rules").display());

    let mut c = Client::start();
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true), "{init}");
    assert_eq!(caps["definitionProvider"], json!(true));
    // Changes arrive as edits of a range (2 is `TextDocumentSyncKind::INCREMENTAL`).
    assert_eq!(caps["textDocumentSync"], json!(2), "{init}");
    c.notify("initialized", json!({}));

    // An unknown operation is located, in UTF-16 columns.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "kiln-rules", "version": 1, "text": broken}}),
    );
    let diags = c.diagnostics(&uri);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let gn = broken.find("gn").expect("gn is in the text");
    let expected = position(&broken, gn);
    assert_eq!(diags[0]["range"]["start"], expected, "{diags:?}");
    let line_start = broken[..gn].rfind('\n').map_or(0, |i| i + 1);
    assert_ne!(
        expected["character"],
        json!(gn - line_start),
        "the line has multi-byte characters"
    );
    assert_eq!(diags[0]["severity"], json!(1));
    assert_eq!(diags[0]["code"], json!("rules.unknown-op"));
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("did you mean `gen`?"),
        "{diags:?}"
    );

    // Fixing it with an edit of `gn` alone clears the diagnostics. The range is in UTF-16
    // columns past `é𝄞` (three units, two code points, six bytes): read as code points or
    // bytes, it would miss `gn`.
    let fixed = main_rules("gen");
    let range = json!({"start": position(&broken, gn), "end": position(&broken, gn + 2)});
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": range, "text": "gen"}]}),
    );
    assert_eq!(c.diagnostics(&uri), Vec::<Value>::new());

    // Hover on the use of `f`: its declaration and sorts.
    let use_of_f = fixed.find("(f ?x)").expect("f is used") + 1;
    let hover = c.request("textDocument/hover", at(&uri, &fixed, use_of_f));
    let value = hover["result"]["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(value.contains("decl f: source (Value) -> Value"), "{hover}");
    assert!(
        value.contains("source operation `f`: (Value) -> Value"),
        "{hover}"
    );
    assert!(value.contains("ops.rules:1"), "{hover}");

    // Definition of `f`: its name in ops.rules.
    let def = c.request("textDocument/definition", at(&uri, &fixed, use_of_f));
    assert_eq!(def["result"]["uri"], json!(ops_uri), "{def}");
    assert_eq!(
        def["result"]["range"],
        json!({"start": {"line": 0, "character": 5}, "end": {"line": 0, "character": 6}})
    );
    // Definition of a phase.
    let lower = fixed.find("lower").expect("the group names its phase");
    let def = c.request("textDocument/definition", at(&uri, &fixed, lower));
    assert_eq!(
        def["result"]["range"]["start"],
        json!({"line": 4, "character": 6}),
        "{def}"
    );

    // References of `f`: the declaration and the two uses.
    let mut params = at(&uri, &fixed, use_of_f);
    params["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", params.clone());
    let refs = refs["result"].as_array().cloned().unwrap_or_default();
    assert_eq!(refs.len(), 3, "{refs:?}");
    assert_eq!(
        refs.iter().filter(|r| r["uri"] == json!(ops_uri)).count(),
        1
    );
    params["context"] = json!({"includeDeclaration": false});
    let refs = c.request("textDocument/references", params);
    assert_eq!(refs["result"].as_array().map(Vec::len), Some(2));

    // The outline: what the file defines.
    let outline = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = outline["result"]
        .as_array()
        .map(|a| a.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, vec!["f-g", "f-is-g"], "{outline}");

    // Opening the declarations too: both files are checked together, and a sort hovers.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": ops_uri, "languageId": "kiln-rules", "version": 1, "text": OPS}}),
    );
    assert_eq!(c.diagnostics(&ops_uri), Vec::<Value>::new());
    let value = OPS.find("Value").expect("a sort is used");
    let hover = c.request("textDocument/hover", at(&ops_uri, OPS, value + 2));
    let text = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(text.contains("sort `Value`: an SSA value"), "{hover}");

    // Completion: every operation, sort and phase where no word is begun; only the names
    // that continue a begun word.
    let rhs = fixed.find("=> ").expect("the rule has a right side") + 3;
    let all = c.request("textDocument/completion", at(&uri, &fixed, rhs));
    let labels: Vec<&str> = all["result"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    for want in [
        "f", "gen", "h", "arg", "cons", "Value", "Type", "lower", "const", "log2", "lit?",
    ] {
        assert!(labels.contains(&want), "{want} missing from {labels:?}");
    }
    let after_h = fixed.find("(h ").expect("h is used") + 2;
    let some = c.request("textDocument/completion", at(&uri, &fixed, after_h));
    let labels: Vec<&str> = some["result"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(labels, vec!["h"]);

    // An .mlir file: the frontend's diagnostics.
    let mlir_uri = format!("file://{}", dir.path().join("m.mlir").display());
    let mlir = "func.func @f() {\n  %a = arith.constant 1 : i32\n  %a = arith.constant 2 : i32\n  func.return\n}\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": mlir_uri, "languageId": "mlir", "version": 1, "text": mlir}}),
    );
    let diags = c.diagnostics(&mlir_uri);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], json!("verify.redefinition"));
    assert_eq!(
        diags[0]["range"]["start"],
        json!({"line": 2, "character": 2})
    );
    let related = &diags[0]["relatedInformation"][0];
    assert_eq!(related["message"], json!("first defined here"), "{diags:?}");
    assert_eq!(related["location"]["uri"], json!(mlir_uri));
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 1, "character": 2})
    );
    // An incremental change renames the second `%a`: the error is gone. Then a comment with
    // a character of two UTF-16 units goes at the end of that line, and the `x` after it
    // (at a UTF-16 column, so past the character's four bytes) becomes a line that
    // redefines `%a`.
    let changes = |c: &mut Client, version: i64, edits: &[((u32, u32, u32), &str)]| {
        let changes: Vec<Value> = edits
            .iter()
            .map(|((line, from, to), text)| {
                json!({"range": {"start": {"line": line, "character": from},
                                 "end": {"line": line, "character": to}},
                       "text": text})
            })
            .collect();
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": mlir_uri, "version": version}, "contentChanges": changes}),
        );
    };
    changes(&mut c, 2, &[((2, 2, 4), "%b")]);
    assert_eq!(c.diagnostics(&mlir_uri), Vec::<Value>::new());
    changes(&mut c, 3, &[((2, 29, 29), " // 𝄞 x")]);
    assert_eq!(c.diagnostics(&mlir_uri), Vec::<Value>::new());
    changes(
        &mut c,
        4,
        &[((2, 36, 37), "y\n  %a = arith.constant 3 : i32")],
    );
    let diags = c.diagnostics(&mlir_uri);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], json!("verify.redefinition"));
    assert_eq!(
        diags[0]["range"]["start"],
        json!({"line": 3, "character": 2})
    );
    // Several changes in one notification apply in order, each to the text the one before
    // left (the session takes them as edits of byte ranges): first `%a` and the third
    // become `%d` and `%c`, then the third `%d` too, and a line goes on top.
    changes(&mut c, 5, &[((1, 2, 4), "%d"), ((3, 2, 4), "%c")]);
    assert_eq!(c.diagnostics(&mlir_uri), Vec::<Value>::new());
    changes(&mut c, 6, &[((3, 2, 4), "%d"), ((0, 0, 0), "// top\n")]);
    let diags = c.diagnostics(&mlir_uri);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], json!("verify.redefinition"));
    assert_eq!(
        diags[0]["range"]["start"],
        json!({"line": 4, "character": 2})
    );

    // A second document of the same path (its URI spells the dot percent-encoded) keeps
    // its own text: closing it leaves the first one's incremental edits correct.
    let twin_uri = mlir_uri.replace("m.mlir", "m%2Emlir");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": twin_uri, "languageId": "mlir", "version": 1, "text": mlir}}),
    );
    assert_eq!(c.diagnostics(&twin_uri).len(), 1);
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": twin_uri}}),
    );
    assert_eq!(c.diagnostics(&twin_uri), Vec::<Value>::new());
    changes(&mut c, 7, &[((4, 2, 4), "%e")]);
    assert_eq!(c.diagnostics(&mlir_uri), Vec::<Value>::new());

    // A method the server does not implement is an error response, not the end of it.
    let unknown = c.request("textDocument/rename", json!({}));
    assert_eq!(unknown["error"]["code"], json!(-32601), "{unknown}");
    let bad = c.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad["error"]["code"], json!(-32602), "{bad}");

    let down = c.request("shutdown", Value::Null);
    assert_eq!(down["result"], Value::Null, "{down}");
    c.notify("exit", Value::Null);
    let status = c.child.wait().expect("kiln lsp exits");
    assert!(status.success(), "{status:?}");
}

fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

#[test]
fn a_malformed_message_or_a_missing_shutdown_is_a_located_failure() {
    let (o, _) = common::kiln_piped(&["lsp"], b"Content-Length: 5\r\n\r\n{oops");
    assert_eq!(o.status.code(), Some(1));
    let err = common::stderr(&o);
    assert!(
        err.contains("error[lsp]") && err.contains("malformed"),
        "{err}"
    );

    let mut input = frame(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"capabilities": {}}}));
    input.extend(frame(
        &json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    ));
    input.extend(frame(&json!({"jsonrpc": "2.0", "method": "exit"})));
    let (o, _) = common::kiln_piped(&["lsp"], &input);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("without `shutdown`"),
        "{}",
        common::stderr(&o)
    );
}
