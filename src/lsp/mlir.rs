//! The language server's answers for `.mlir` files: the frontend's diagnostics (parse, build,
//! verify and ABI attributes, as `kiln check` reports them), from an incremental
//! [`Session`] holding the open documents, so an edit re-checks only the functions it touched.

use super::{lsp_diagnostic, LineMap};
use crate::Session;
use lsp_types::Uri;

/// The open `.mlir` documents.
pub struct MlirDocuments {
    session: Session,
    /// Per path, the document whose text the session holds there (two open documents can
    /// have one path: edits of one must not be applied to the other's text).
    holder: std::collections::BTreeMap<String, String>,
}

impl MlirDocuments {
    pub fn new() -> Self {
        MlirDocuments {
            session: Session::new(),
            holder: Default::default(),
        }
    }

    /// Sets the text of the document `uri` (at `path`) and returns its diagnostics.
    pub fn set(&mut self, path: &str, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        self.session.set_source(path, text);
        self.holder
            .insert(path.to_string(), uri.as_str().to_string());
        self.diagnostics(path, text, uri)
    }

    /// Applies edits of byte ranges (in order) to the document at `path`, whose text after
    /// them is `text`, and returns its diagnostics. The session takes the edits
    /// ([`Session::edit_source`]); if it holds another document's text at that path, or
    /// cannot take an edit, the whole text.
    pub fn edit(
        &mut self,
        path: &str,
        edits: &[(std::ops::Range<usize>, String)],
        text: &str,
        uri: &Uri,
    ) -> Vec<lsp_types::Diagnostic> {
        if self.holder.get(path).map(String::as_str) != Some(uri.as_str()) {
            return self.set(path, text, uri);
        }
        let applied = edits
            .iter()
            .all(|(range, new)| self.session.edit_source(path, range.clone(), new).is_ok());
        if !applied {
            self.session.set_source(path, text);
        }
        self.diagnostics(path, text, uri)
    }

    fn diagnostics(&self, path: &str, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        let lines = LineMap::new(text);
        self.session
            .diagnostics(path)
            .iter()
            .map(|d| lsp_diagnostic(d, &lines, uri))
            .collect()
    }

    /// Forgets a closed document (and what the session computed for it).
    pub fn close(&mut self, path: &str) {
        self.holder.remove(path);
        self.session.remove_source(path);
    }
}
