//! The language server's answers for `.mlir` files: the frontend's diagnostics (parse, build,
//! verify and ABI attributes, as `kiln check` reports them), from an incremental
//! [`Session`] holding the open documents, so an edit re-checks only the functions it touched.

use super::{lsp_diagnostic, LineMap};
use crate::Session;
use lsp_types::Uri;

/// The open `.mlir` documents.
pub struct MlirDocuments {
    session: Session,
}

impl MlirDocuments {
    pub fn new() -> Self {
        MlirDocuments {
            session: Session::new(),
        }
    }

    /// Sets the text of the document `uri` (at `path`) and returns its diagnostics.
    pub fn set(&mut self, path: &str, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        self.session.set_source(path, text);
        let lines = LineMap::new(text);
        self.session
            .diagnostics(path)
            .iter()
            .map(|d| lsp_diagnostic(d, &lines, uri))
            .collect()
    }

    /// Forgets a closed document (and what the session computed for it).
    pub fn close(&mut self, path: &str) {
        self.session.remove_source(path);
    }
}
