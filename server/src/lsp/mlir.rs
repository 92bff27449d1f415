//! The language server's answers for `.mlir` files: the frontend's diagnostics (parse, build,
//! verify and ABI attributes, as `kiln check` reports them), from an incremental
//! [`Session`] holding the open documents, so an edit re-checks only the functions it touched.

use super::{lsp_diagnostic, LineMap};
use kiln_driver::Session;
use lsp_types::Uri;

/// The open `.mlir` documents, each a source of one session named by its URI: two open
/// documents can have one path (`m.mlir` and `m%2Emlir`), and each keeps its own text and
/// its own incremental state.
pub struct MlirDocuments {
    session: Session,
}

impl MlirDocuments {
    pub fn new() -> Self {
        MlirDocuments {
            session: Session::new(),
        }
    }

    /// Sets the text of the document `uri` and returns its diagnostics.
    pub fn set(&mut self, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        self.session.set_source(uri.as_str(), text);
        self.diagnostics(text, uri)
    }

    /// Applies edits of byte ranges (in order) to the document `uri`, whose text after them
    /// is `text`, and returns its diagnostics. The session takes the edits
    /// ([`Session::edit_source`]); if it cannot take one, the whole text.
    pub fn edit(
        &mut self,
        edits: &[(std::ops::Range<usize>, String)],
        text: &str,
        uri: &Uri,
    ) -> Vec<lsp_types::Diagnostic> {
        let applied = edits.iter().all(|(range, new)| {
            self.session
                .edit_source(uri.as_str(), range.clone(), new)
                .is_ok()
        });
        if !applied {
            self.session.set_source(uri.as_str(), text);
        }
        self.diagnostics(text, uri)
    }

    fn diagnostics(&self, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        let lines = LineMap::new(text);
        self.session
            .diagnostics(uri.as_str())
            .iter()
            .map(|d| lsp_diagnostic(d, &lines, uri))
            .collect()
    }

    /// Forgets a closed document (and what the session computed for it).
    pub fn close(&mut self, uri: &Uri) {
        self.session.remove_source(uri.as_str());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn two_documents_of_one_path_keep_their_own_text() {
        let a = Uri::from_str("file:///x/m.mlir").expect("a URI");
        let b = Uri::from_str("file:///x/m%2Emlir").expect("a URI");
        let good = "func.func @f() {\n  %a = arith.constant 1 : i32\n  func.return\n}\n";
        let mut docs = MlirDocuments::new();
        assert!(docs.set(good, &a).is_empty());
        assert!(docs.set(good, &b).is_empty());
        // `%a` becomes `%b` in one, and the other redefines `%a`: each edit applies to its
        // own document's text.
        let renamed = good.replace("%a", "%b");
        assert!(docs.edit(&[(19..21, "%b".into())], &renamed, &a).is_empty());
        let redefined = good.replace(
            "  func.return",
            "  %a = arith.constant 2 : i32\n  func.return",
        );
        let at = good.find("  func.return").expect("a return");
        let diags = docs.edit(
            &[(at..at, "  %a = arith.constant 2 : i32\n".into())],
            &redefined,
            &b,
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        // Both stay in the session, each as an edit of its own text: the first's text still
        // has no error, and closing the second forgets only the second.
        assert_eq!(docs.session.source_text(a.as_str()), Some(renamed.as_str()));
        assert_eq!(
            docs.session.source_text(b.as_str()),
            Some(redefined.as_str())
        );
        docs.close(&b);
        assert_eq!(docs.session.source_text(b.as_str()), None);
        let back = renamed.replace("%b", "%c");
        assert!(docs.edit(&[(19..21, "%c".into())], &back, &a).is_empty());
        assert_eq!(docs.session.source_text(a.as_str()), Some(back.as_str()));
    }
}
