//! A session's snapshot: its files, rules and options at one revision, read on another
//! thread while the session itself takes the next edit (rust-analyzer's `Analysis` beside
//! its `AnalysisHost`).
//!
//! A snapshot holds a clone of the session's database. An edit of the session (any `&mut`
//! method that changes an input) first cancels every clone's queries: salsa makes each
//! unwind at its next query with `salsa::Cancelled`, and the edit waits until every
//! snapshot has been dropped. [`Snapshot::read`] catches that unwinding and answers
//! [`Cancelled`], so a thread that reads a snapshot returns, drops it, and the edit goes
//! on; a read never sees a revision half applied. Work outside salsa's queries (LLVM's
//! code generation of an object's units) is not interrupted: it finishes, and the read
//! unwinds at its next query, or returns its result if none follows.
//!
//! Because an edit waits for every snapshot to be dropped, a thread that edits the session
//! while it holds a snapshot itself (or while an idle snapshot is kept anywhere) waits
//! forever: a snapshot is for reading on another thread, and is dropped once read.

use super::*;

use salsa::Cancelled;

/// The session's state at one revision, to read on another thread ([`Session::snapshot`]).
pub struct Snapshot {
    /// A session over a clone of the database, with the session's files and options, and
    /// its object caches shared: only its `&self` reads are ever called.
    session: Session,
}

impl Session {
    /// A snapshot of the session as it is now, to read on another thread while this one
    /// goes on (see the module's documentation). Cheap: the database is shared, not
    /// copied, and the per-file object caches are shared too, so a compile on the
    /// snapshot keeps its `-O0` units for the session's next compile.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            session: Session {
                db: self.db.clone(),
                files: self.files.clone(),
                splits: BTreeMap::new(),
                config: self.config,
                objects: self.objects.clone(),
                shared: self.shared.clone(),
            },
        }
    }
}

impl Session {
    /// Cancels every read running on a snapshot of this session, and waits until each has
    /// given up and dropped its snapshot. Changes nothing: the next snapshot reads the
    /// same revision, and what the cancelled reads computed is kept.
    pub fn cancel_snapshots(&mut self) {
        salsa::Database::trigger_cancellation(&mut self.db);
    }
}

impl Snapshot {
    /// Runs `read` on the session as it was when the snapshot was taken: any of its
    /// `&self` methods (`diagnostics`, `lower`, `lowered_text`, `compile`, ...). `Err`
    /// when an edit of the session cancelled it; the snapshot should then be dropped (the
    /// edit waits for that), and a new one taken to read the new revision.
    pub fn read<T>(&self, read: impl FnOnce(&Session) -> T) -> Result<T, Cancelled> {
        Cancelled::catch(std::panic::AssertUnwindSafe(|| read(&self.session)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(n: usize) -> String {
        (0..n)
            .map(|i| {
                format!(
                    "func.func @f{i}(%x: i64) -> i64 {{\n  %y = arith.addi %x, %x : i64\n  func.return %y : i64\n}}\n"
                )
            })
            .collect()
    }

    /// A snapshot reads the revision it was taken at, whatever the session does after.
    #[test]
    fn a_snapshot_reads_its_own_revision() {
        let mut s = Session::new();
        s.set_source("a.mlir", module(3));
        let before = s.lowered_text("a.mlir", None).into_result().ok();
        let snap = s.snapshot();
        let read = std::thread::spawn(move || {
            snap.read(|s| s.lowered_text("a.mlir", None).into_result().ok())
        })
        .join()
        .ok()
        .and_then(Result::ok);
        assert_eq!(read, Some(before));
    }

    /// An edit of the session cancels a read running on its snapshot, waits for it to give
    /// up, and the next snapshot reads the edited text exactly as a fresh session does.
    #[test]
    fn an_edit_cancels_a_read_of_a_snapshot() {
        let mut s = Session::new();
        let text = module(3000);
        s.set_source("a.mlir", text.clone());
        let snap = s.snapshot();
        let (started, wait) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let _ = started.send(());
            snap.read(|s| {
                s.lowered_text("a.mlir", None)
                    .into_result()
                    .map(|t| t.len())
            })
        });
        let _ = wait.recv();
        let at = text.rfind("addi").unwrap_or(0);
        s.edit_source("a.mlir", at..at + 4, "muli")
            .expect("an edit on a character boundary");
        let outcome = reader.join().expect("the reader returns, not panics");
        // The read either finished before the edit (then it saw the old text whole) or was
        // cancelled; it never mixes revisions.
        if let Ok(Ok(len)) = outcome {
            assert!(len > 0);
        }
        let mut fresh = Session::new();
        let edited = s.source_text("a.mlir").map(str::to_string);
        fresh.set_source("a.mlir", edited.unwrap_or_default());
        let after = s
            .snapshot()
            .read(|s| s.lowered_text("a.mlir", None).into_result().ok());
        assert_eq!(
            after.ok().flatten(),
            fresh.lowered_text("a.mlir", None).into_result().ok()
        );
    }

    /// Cancellation is seen by the reader: the read of a large file started before an
    /// edit, held until the edit is under way, answers `Cancelled`.
    #[test]
    fn a_read_under_way_when_an_edit_comes_is_cancelled() {
        let mut s = Session::new();
        s.set_source("a.mlir", module(200));
        let snap = s.snapshot();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let reader = std::thread::spawn(move || {
            snap.read(|s| {
                // The edit is under way soon after the channel closes (its sender is moved
                // into the editing thread, which drops it just before editing); every
                // query asked after that unwinds. Five seconds of reads without one is a
                // failure.
                let _ = wait.recv();
                for _ in 0..500 {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    s.diagnostics("a.mlir");
                }
            })
        });
        let editor = std::thread::spawn(move || {
            drop(go);
            s.set_source("a.mlir", module(2));
            s
        });
        assert!(reader.join().expect("no panic").is_err());
        let s = editor.join().expect("no panic");
        assert_eq!(s.function_names("a.mlir").len(), 2);
    }
}
