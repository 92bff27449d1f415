//! The language server's answers for `.mlir` files, from an incremental [`Session`] holding
//! the open documents, so an edit re-checks and lowers again only the functions it touched.
//!
//! A document's diagnostics come in two steps. The frontend's (parse, build, verify and ABI
//! attributes, as `kiln check` reports them) are computed at once after each change and
//! published with it. The lowering's (`no rule lowers ...`, a rule's warnings) are computed
//! on a [`kiln_driver::Snapshot`] on a thread of its own, as rust-analyzer runs its checks
//! beside its `AnalysisHost`: the server keeps answering while a long lowering runs, and the
//! next change cancels it (the session's edit cancels the snapshot's queries). A lowering's
//! result is published only for the document's current revision and only when it adds to
//! what the frontend said, so the last diagnostics published for a revision are always its
//! whole set, [`diagnostics_of`] a fresh session.

use super::{lsp_diagnostic, LineMap};
use kiln_driver::Session;
use kiln_frontend::Diagnostic;
use lsp_types::Uri;
use std::collections::{BTreeMap, BTreeSet};

/// Every diagnostic of the `.mlir` document `uri` (text `text`) in `session`, as the language
/// server publishes them last for that text: the frontend's, then, if they hold no error, what
/// lowering adds.
pub fn diagnostics_of(session: &Session, uri: &Uri, text: &str) -> Vec<lsp_types::Diagnostic> {
    let frontend = session.diagnostics(uri.as_str());
    let lowering = if frontend.iter().any(Diagnostic::is_error) {
        Vec::new()
    } else {
        lowering_diagnostics(session, uri.as_str())
    };
    converted(&combined(&frontend, &lowering), text, uri)
}

/// What lowering the document `path` reports (warnings too), in file coordinates.
fn lowering_diagnostics(session: &Session, path: &str) -> Vec<Diagnostic> {
    let reported = session.lower(path);
    let mut diagnostics = reported.diagnostics;
    // A failure stops with its errors among the diagnostics; one that stopped before
    // lowering (the rules') is said where the rules are edited.
    if let Err(files) = reported.value {
        for d in files.into_iter().flat_map(|f| f.diagnostics) {
            if !diagnostics.contains(&d) {
                diagnostics.push(d);
            }
        }
    }
    diagnostics
}

/// The frontend's diagnostics, then the lowering's that the frontend did not give.
fn combined(frontend: &[Diagnostic], lowering: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut all = frontend.to_vec();
    all.extend(lowering.iter().filter(|d| !frontend.contains(d)).cloned());
    all
}

fn converted(diagnostics: &[Diagnostic], text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
    let lines = LineMap::new(text);
    diagnostics
        .iter()
        .map(|d| lsp_diagnostic(d, &lines, uri))
        .collect()
}

/// An open document's state in the session.
struct Open {
    /// Bumped by each change: a lowering's result for an older revision is dropped.
    revision: u64,
    /// The frontend's diagnostics of this revision.
    frontend: Vec<Diagnostic>,
}

/// What a lowering on a snapshot found: for each document it took, its revision and its
/// diagnostics, or `None` when a change cancelled it first.
pub struct Lowered {
    results: Vec<(String, u64, Option<Vec<Diagnostic>>)>,
    /// What a panic of the lowering carried: raised again on the server's loop, as
    /// `kiln serve` raises a compile's, rather than leaving the server waiting for a
    /// lowering that never ends.
    panic: Option<Box<dyn std::any::Any + Send>>,
}

/// The open `.mlir` documents, each a source of one session named by its URI: two open
/// documents can have one path (`m.mlir` and `m%2Emlir`), and each keeps its own text and
/// its own incremental state.
pub struct MlirDocuments {
    session: Session,
    open: BTreeMap<String, Open>,
    /// The documents whose frontend found no error and whose lowering is not known for their
    /// revision.
    unlowered: BTreeSet<String>,
    /// Whether a lowering runs on a snapshot (one at a time: each takes every unlowered
    /// document).
    lowering: bool,
    next_revision: u64,
}

impl MlirDocuments {
    pub fn new() -> Self {
        MlirDocuments {
            session: Session::new(),
            open: BTreeMap::new(),
            unlowered: BTreeSet::new(),
            lowering: false,
            next_revision: 0,
        }
    }

    /// Sets the text of the document `uri` and returns its frontend's diagnostics.
    pub fn set(&mut self, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        self.session.set_source(uri.as_str(), text);
        self.changed(text, uri)
    }

    /// Applies edits of byte ranges (in order) to the document `uri`, whose text after them
    /// is `text`, and returns its frontend's diagnostics. The session takes the edits
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
        self.changed(text, uri)
    }

    /// Records a new revision of `uri`: its frontend's diagnostics now, its lowering's later
    /// (unless the frontend found an error, which lowering would only repeat).
    fn changed(&mut self, text: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        let frontend = self.session.diagnostics(uri.as_str());
        let key = uri.as_str().to_string();
        if frontend.iter().any(Diagnostic::is_error) {
            self.unlowered.remove(&key);
        } else {
            self.unlowered.insert(key.clone());
        }
        self.next_revision += 1;
        let published = converted(&frontend, text, uri);
        self.open.insert(
            key,
            Open {
                revision: self.next_revision,
                frontend,
            },
        );
        published
    }

    /// Forgets a closed document (and what the session computed for it).
    pub fn close(&mut self, uri: &Uri) {
        self.session.remove_source(uri.as_str());
        self.open.remove(uri.as_str());
        self.unlowered.remove(uri.as_str());
    }

    /// Starts lowering the unlowered documents on a snapshot, on a thread of its own, unless
    /// a lowering runs already or none is unlowered; `done` receives the result. A change of
    /// the session meanwhile cancels it (the change waits until the thread has dropped the
    /// snapshot), and the documents it did not finish stay unlowered.
    pub fn start_lowering(&mut self, done: impl FnOnce(Lowered) + Send + 'static) {
        if self.lowering || self.unlowered.is_empty() {
            return;
        }
        self.lowering = true;
        let documents: Vec<(String, u64)> = self
            .unlowered
            .iter()
            .filter_map(|k| Some((k.clone(), self.open.get(k)?.revision)))
            .collect();
        let snapshot = self.session.snapshot();
        std::thread::spawn(move || {
            let mut results = Vec::new();
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                for (key, revision) in documents {
                    // Once cancelled, every later read is too: the change waits for the
                    // drop.
                    let read = snapshot.read(|s| lowering_diagnostics(s, &key)).ok();
                    let cancelled = read.is_none();
                    results.push((key, revision, read));
                    if cancelled {
                        break;
                    }
                }
            }));
            drop(snapshot);
            done(Lowered {
                results,
                panic: run.err(),
            });
        });
    }

    /// Takes a lowering's result: the diagnostics to publish, per document URI, of each
    /// document it lowered at its current revision where lowering adds to the frontend's
    /// diagnostics. `text` gives a document's current text.
    pub fn lowered<'t>(
        &mut self,
        lowered: Lowered,
        text: impl Fn(&str) -> Option<&'t str>,
    ) -> Vec<(String, Vec<lsp_types::Diagnostic>)> {
        self.lowering = false;
        if let Some(payload) = lowered.panic {
            std::panic::resume_unwind(payload);
        }
        let mut publish = Vec::new();
        for (key, revision, diagnostics) in lowered.results {
            let Some(open) = self.open.get(&key) else {
                continue;
            };
            let Some(diagnostics) = diagnostics else {
                continue;
            };
            if open.revision != revision {
                continue;
            }
            self.unlowered.remove(&key);
            if diagnostics.iter().all(|d| open.frontend.contains(d)) {
                continue;
            }
            let (Some(text), Ok(uri)) = (text(&key), key.parse::<Uri>()) else {
                continue;
            };
            let all = combined(&open.frontend, &diagnostics);
            publish.push((key, converted(&all, text, &uri)));
        }
        publish
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
