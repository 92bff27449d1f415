//! The protocol loop of `kiln lsp`: documents opened, changed and closed by the editor, the
//! requests answered for them, and the diagnostics published after each change. The loop
//! waits for the editor's next message or for a lowering of `.mlir` documents to finish
//! (`mlir.rs`), whichever comes first: requests are answered while a lowering runs.
//!
//! Formatting a rule document is `kiln rules fmt` (`engine/src/rule/format.rs`).
//! Documents are synchronized by edits (`TextDocumentSyncKind::INCREMENTAL`): the editor
//! sends the range it changed, which is applied to the text held (a change without a range
//! replaces it whole), so a keystroke in a large file does not send the file. The server
//! still hands the whole new text to its session, which compares it with the old. A
//! request the server does not know gets `MethodNotFound`, one whose parameters do not
//! parse `InvalidParams`: a bad message never stops the server.

use super::mlir::{Lowered, MlirDocuments};
use super::rules::{Place, RuleWorkspaces};
use super::{path_uri, uri_path, LineMap};
use crossbeam_channel::{Receiver, Sender};
use kiln_engine::format_rule_file;
use kiln_frontend::Span;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse,
    HoverParams, HoverProviderCapability, Location, OneOf, PublishDiagnosticsParams,
    ReferenceParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextEdit, Uri,
};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// What the server offers, sent in its answer to `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["(".to_string(), ".".to_string()]),
            ..CompletionOptions::default()
        }),
        ..ServerCapabilities::default()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Language {
    Rules,
    Mlir,
    Other,
}

/// An open document.
struct Document {
    uri: Uri,
    language: Language,
    /// Its file path (for a URI that is not a file, the URI itself): rule files are grouped by
    /// directory, and results in other files are located by path.
    path: String,
    text: String,
    /// The version the editor gave its last change, published with its diagnostics.
    version: i32,
}

/// The server's state between messages.
pub struct Server {
    /// Open documents by URI.
    documents: BTreeMap<String, Document>,
    rules: RuleWorkspaces,
    mlir: MlirDocuments,
    /// Where lowerings of `.mlir` documents send their results, and where the loop reads
    /// them.
    lowered: (Sender<Lowered>, Receiver<Lowered>),
}

fn language(language_id: &str, path: &str) -> Language {
    if language_id == "kiln-rules" || path.ends_with(".rules") {
        Language::Rules
    } else if language_id == "mlir" || path.ends_with(".mlir") {
        Language::Mlir
    } else {
        Language::Other
    }
}

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Result<P, String> {
    serde_json::from_value(value).map_err(|e| format!("invalid parameters: {e}"))
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection
        .sender
        .send(message)
        .map_err(|_| "the client's connection is closed".to_string())
}

impl Server {
    pub fn new() -> Self {
        Server {
            documents: BTreeMap::new(),
            rules: RuleWorkspaces::new(),
            mlir: MlirDocuments::new(),
            lowered: crossbeam_channel::unbounded(),
        }
    }

    /// Handles messages until `shutdown` and `exit` (`true`), or `exit` alone or the end of
    /// the input (`false`).
    pub fn serve(&mut self, connection: &Connection) -> Result<bool, String> {
        loop {
            let done = self.lowered.0.clone();
            self.mlir.start_lowering(move |lowered| {
                // The loop is gone once the client ended the session.
                let _ = done.send(lowered);
            });
            let message = crossbeam_channel::select! {
                recv(connection.receiver) -> message => match message {
                    Ok(message) => message,
                    Err(_) => return Ok(false),
                },
                recv(self.lowered.1) -> lowered => {
                    if let Ok(lowered) = lowered {
                        for out in self.publish_lowered(lowered) {
                            send(connection, out.into())?;
                        }
                    }
                    continue;
                }
            };
            match message {
                Message::Request(req) => {
                    if connection
                        .handle_shutdown(&req)
                        .map_err(|e| format!("shutdown: {e}"))?
                    {
                        return Ok(true);
                    }
                    let response = self.request(req);
                    send(connection, response.into())?;
                }
                Message::Notification(n) if n.method == "exit" => return Ok(false),
                Message::Notification(n) => {
                    for out in self.notification(n) {
                        send(connection, out.into())?;
                    }
                }
                Message::Response(_) => {}
            }
        }
    }

    /// The diagnostics to publish for a lowering's result.
    fn publish_lowered(&mut self, lowered: Lowered) -> Vec<Notification> {
        let documents = &self.documents;
        self.mlir
            .lowered(lowered, |key| documents.get(key).map(|d| d.text.as_str()))
            .into_iter()
            .filter_map(|(key, diagnostics)| {
                let doc = self.documents.get(&key)?;
                Some(publish(doc.uri.clone(), diagnostics, Some(doc.version)))
            })
            .collect()
    }

    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            "textDocument/hover" => params::<HoverParams>(req.params).map(|p| {
                let at = p.text_document_position_params;
                let hover = self
                    .rule_document(&at.text_document.uri)
                    .and_then(|path| self.rules.hover(&path, at.position));
                serde_json::to_value(hover)
            }),
            "textDocument/definition" => params::<GotoDefinitionParams>(req.params).map(|p| {
                let at = p.text_document_position_params;
                let place = self
                    .rule_document(&at.text_document.uri)
                    .and_then(|path| self.rules.definition(&path, at.position))
                    .and_then(|place| self.location(place));
                serde_json::to_value(place.map(GotoDefinitionResponse::Scalar))
            }),
            "textDocument/references" => params::<ReferenceParams>(req.params).map(|p| {
                let at = p.text_document_position;
                let places = match self.rule_document(&at.text_document.uri) {
                    Some(path) => {
                        self.rules
                            .references(&path, at.position, p.context.include_declaration)
                    }
                    None => Vec::new(),
                };
                let locations: Vec<Location> = places
                    .into_iter()
                    .filter_map(|p| self.location(p))
                    .collect();
                serde_json::to_value(locations)
            }),
            "textDocument/completion" => params::<CompletionParams>(req.params).map(|p| {
                let at = p.text_document_position;
                let items = match self.rule_document(&at.text_document.uri) {
                    Some(path) => self.rules.completion(&path, at.position),
                    None => Vec::new(),
                };
                serde_json::to_value(CompletionResponse::Array(items))
            }),
            "textDocument/documentSymbol" => params::<DocumentSymbolParams>(req.params).map(|p| {
                let symbols = match self.rule_document(&p.text_document.uri) {
                    Some(path) => self.rules.outline(&path),
                    None => Vec::new(),
                };
                serde_json::to_value(DocumentSymbolResponse::Nested(symbols))
            }),
            "textDocument/formatting" => params::<DocumentFormattingParams>(req.params)
                .map(|p| serde_json::to_value(self.format(&p.text_document.uri))),
            method => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("kiln lsp does not implement `{method}`"),
                )
            }
        };
        match result {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err(e)) => Response::new_err(id, ErrorCode::InternalError as i32, e.to_string()),
            Err(e) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
        }
    }

    /// `kiln rules fmt` of an open rule document, as one edit of the whole text (none when it
    /// is formatted already); `None` for a document that does not parse, whose
    /// diagnostics say why.
    fn format(&self, uri: &Uri) -> Option<Vec<TextEdit>> {
        let doc = self.documents.get(uri.as_str())?;
        if doc.language != Language::Rules {
            return None;
        }
        let formatted = format_rule_file(&doc.text).ok()?;
        if formatted == doc.text {
            return Some(Vec::new());
        }
        let whole = LineMap::new(&doc.text).range(Span::new(0, doc.text.len()));
        Some(vec![TextEdit::new(whole, formatted)])
    }

    /// The path of an open rule document.
    fn rule_document(&self, uri: &Uri) -> Option<String> {
        let d = self.documents.get(uri.as_str())?;
        (d.language == Language::Rules).then(|| d.path.clone())
    }

    /// A place as a location: the URI of the open document at that path, else its file URI.
    fn location(&self, place: Place) -> Option<Location> {
        let uri = self
            .documents
            .values()
            .find(|d| d.path == place.path)
            .map(|d| d.uri.clone())
            .or_else(|| path_uri(&place.path))?;
        Some(Location::new(uri, place.range))
    }

    /// Handles a notification; returns the notifications to send (diagnostics).
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = params::<DidOpenTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let doc = p.text_document;
                let path = uri_path(&doc.uri)
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| doc.uri.as_str().to_string());
                let document = Document {
                    language: language(&doc.language_id, &path),
                    uri: doc.uri,
                    path,
                    text: doc.text,
                    version: doc.version,
                };
                let key = document.uri.as_str().to_string();
                self.documents.insert(key.clone(), document);
                self.changed(&key)
            }
            "textDocument/didChange" => {
                let Ok(p) = params::<DidChangeTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let key = p.text_document.uri.as_str().to_string();
                let Some(doc) = self.documents.get_mut(&key) else {
                    return Vec::new();
                };
                doc.version = p.text_document.version;
                // The byte ranges replaced, in order, unless a change replaced the whole
                // text: an `.mlir` document's session takes them as they are, so that it
                // neither receives nor compares the rest of the text.
                let mlir = doc.language == Language::Mlir;
                let mut edits = Some(Vec::new());
                for change in p.content_changes {
                    match change.range {
                        None => {
                            doc.text = change.text;
                            edits = None;
                        }
                        Some(r) => {
                            let lines = LineMap::new(&doc.text);
                            let (start, end) = (lines.offset(r.start), lines.offset(r.end));
                            if start <= end {
                                doc.text.replace_range(start..end, &change.text);
                                if let Some(e) = edits.as_mut() {
                                    e.push((start..end, change.text));
                                }
                            }
                        }
                    }
                }
                match edits {
                    Some(edits) if mlir => self.edited_mlir(&key, &edits),
                    _ => self.changed(&key),
                }
            }
            "textDocument/didClose" => {
                let Ok(p) = params::<DidCloseTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let Some(doc) = self.documents.remove(p.text_document.uri.as_str()) else {
                    return Vec::new();
                };
                let mut out = vec![publish(doc.uri.clone(), Vec::new(), None)];
                match doc.language {
                    Language::Rules => {
                        let open = self.rules.close(&doc.path);
                        out.extend(self.publish_rules(&open));
                    }
                    Language::Mlir => self.mlir.close(&doc.uri),
                    Language::Other => {}
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// The diagnostics to publish after the document `key` changed.
    fn changed(&mut self, key: &str) -> Vec<Notification> {
        let Some(doc) = self.documents.get(key) else {
            return Vec::new();
        };
        match doc.language {
            Language::Rules => {
                let open = self.rules.set(&doc.path, doc.text.clone());
                self.publish_rules(&open)
            }
            Language::Mlir => {
                let diagnostics = self.mlir.set(&doc.text, &doc.uri);
                vec![publish(doc.uri.clone(), diagnostics, Some(doc.version))]
            }
            Language::Other => Vec::new(),
        }
    }

    /// The diagnostics to publish after edits of byte ranges of the `.mlir` document `key`
    /// (its text already edited).
    fn edited_mlir(
        &mut self,
        key: &str,
        edits: &[(std::ops::Range<usize>, String)],
    ) -> Vec<Notification> {
        let Some(doc) = self.documents.get(key) else {
            return Vec::new();
        };
        let diagnostics = self.mlir.edit(edits, &doc.text, &doc.uri);
        vec![publish(doc.uri.clone(), diagnostics, Some(doc.version))]
    }

    /// Diagnostics of the open rule documents at `paths` (a rule file's edit can make or
    /// mend errors in the other files of its directory).
    fn publish_rules(&self, paths: &[String]) -> Vec<Notification> {
        self.documents
            .values()
            .filter(|d| d.language == Language::Rules && paths.contains(&d.path))
            .map(|d| {
                let diagnostics = self.rules.diagnostics(&d.path, &d.uri);
                publish(d.uri.clone(), diagnostics, Some(d.version))
            })
            .collect()
    }
}

/// The notification that sets a document's diagnostics; `version` is the document's version
/// they were computed for.
fn publish(
    uri: Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Notification {
    Notification::new(
        "textDocument/publishDiagnostics".to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}
