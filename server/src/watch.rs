//! `kiln watch`: one [`Session`] kept across edits, rebuilt when a watched file changes.
//!
//! Changes are reported by the operating system through the `notify` crate (inotify on
//! Linux), watching the source's directory (editors often save by renaming a new file over
//! the old one, which a watch on the file itself would miss) and the rules directory;
//! where no native watcher can be had, `notify`'s polling watcher stands in. Events that
//! arrive together are handled as one rebuild. A rebuild reads every watched file, hands
//! it to the session (which keeps everything an edit did not touch) and writes an output
//! only when its bytes changed, so writing an output inside the watched directory does not
//! start another rebuild.

use kiln_driver::session::{FileDiagnostics, Session, Work};
use notify::RecursiveMode;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What `kiln watch` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchEmit {
    /// The lowered form (`--emit lowered`, `.lowered`).
    Lowered,
    /// LLVM IR (`--emit llvm-ir`, `.ll`).
    LlvmIr,
    /// Assembly (`--emit asm`, `.s`).
    Asm,
    /// An object file (`--emit obj`, `.o`).
    Obj,
}

impl WatchEmit {
    /// The extension of an output in a directory of outputs.
    pub fn extension(self) -> &'static str {
        match self {
            WatchEmit::Lowered => "lowered",
            WatchEmit::LlvmIr => "ll",
            WatchEmit::Asm => "s",
            WatchEmit::Obj => "o",
        }
    }
}

/// What became of one source file in a rebuild.
#[derive(Debug)]
pub enum Outcome {
    /// Compiled; the output was written (its bytes changed) or left (they did not).
    Built {
        /// The output file.
        output: PathBuf,
        /// Whether the output was written: false when its bytes were those last written.
        written: bool,
        /// What the session computed anew for this file (the rest came from its memos).
        work: Work,
    },
    /// The source (or the rules) has errors, per file; the output was left as it was.
    Errors {
        /// The output file, left as it was.
        output: PathBuf,
        /// The diagnostics, per file (the source's and the rule files').
        files: Vec<FileDiagnostics>,
    },
    /// The source or the output could not be read or written.
    Io {
        /// The file that could not be read or written.
        path: PathBuf,
        /// Why, naming the file.
        message: String,
    },
    /// The source is gone (a file of a watched directory); its output was left.
    Removed,
}

/// One rebuild: the files whose text (or whose rules) changed, and what became of them.
#[derive(Debug)]
pub struct Build {
    /// Each source rebuilt (as messages name it), with what became of it, in path order.
    pub files: Vec<(String, Outcome)>,
    /// A rules directory that could not be read.
    pub rule_error: Option<String>,
    /// The wall-clock time of the rebuild, reading the files included.
    pub elapsed: Duration,
}

impl Build {
    /// Whether every file was built (or is gone) and the rules could be read.
    pub fn ok(&self) -> bool {
        self.rule_error.is_none()
            && self
                .files
                .iter()
                .all(|(_, o)| matches!(o, Outcome::Built { .. } | Outcome::Removed))
    }
}

/// A watched source file or directory of them, its outputs and its session.
pub struct Watch {
    session: Session,
    source: PathBuf,
    output: PathBuf,
    emit: WatchEmit,
    rules_dir: Option<PathBuf>,
    /// The last bytes written per output, to write only what changed.
    written: BTreeMap<PathBuf, Vec<u8>>,
    rules: Option<Vec<kiln_driver::RuleSource>>,
    first: bool,
}

impl Watch {
    /// Watches `source` (a file, or a directory whose `*.mlir` files are each compiled);
    /// `output` is a file, or for a directory of sources a directory of outputs named
    /// after them (`name.ll`, `name.s`, `name.o`, `name.lowered`).
    pub fn new(source: &Path, output: &Path, emit: WatchEmit) -> Watch {
        Watch {
            session: Session::new(),
            source: source.to_path_buf(),
            output: output.to_path_buf(),
            emit,
            rules_dir: None,
            written: BTreeMap::new(),
            rules: None,
            first: true,
        }
    }

    /// Compiles with a shared cache of compiled code ([`Session::set_shared_cache`]).
    pub fn with_shared_cache(
        mut self,
        cache: Option<std::sync::Arc<kiln_driver::shared_cache::SharedCache>>,
    ) -> Watch {
        self.session.set_shared_cache(cache);
        self
    }

    /// Lowers with the rule files of `dir` (watched, and read again when they change)
    /// instead of the shipped rules; `None` keeps the shipped rules.
    pub fn with_rules_dir(mut self, dir: Option<&Path>) -> Watch {
        self.rules_dir = dir.map(Path::to_path_buf);
        self
    }

    /// Use the bare-pointer convention for every function.
    pub fn with_bare_ptr(mut self, all: bool) -> Watch {
        self.session.set_bare_ptr(all);
        self
    }

    /// Give every function a C-compatible wrapper (`--emit-c-interface`).
    pub fn with_c_interface(mut self, all: bool) -> Watch {
        self.session.set_c_interface(all);
        self
    }

    /// The source files now, with their outputs.
    fn sources(&self) -> Result<Vec<(PathBuf, PathBuf)>, String> {
        if !self.source.is_dir() {
            return Ok(vec![(self.source.clone(), self.output.clone())]);
        }
        let entries = std::fs::read_dir(&self.source)
            .map_err(|e| format!("cannot read `{}`: {e}", self.source.display()))?;
        let mut out: Vec<(PathBuf, PathBuf)> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mlir") && p.is_file())
            .map(|p| {
                let stem = p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                let o = self
                    .output
                    .join(format!("{stem}.{}", self.emit.extension()));
                (p, o)
            })
            .collect();
        out.sort();
        Ok(out)
    }

    /// Reads every watched file and compiles those that changed (all of them the first
    /// time, and after a change of the rules). `None` when nothing changed.
    pub fn rebuild(&mut self) -> Option<Build> {
        let start = Instant::now();
        let mut rule_error = None;
        let mut rules_changed = false;
        if let Some(dir) = &self.rules_dir {
            match kiln_driver::shipped::read_rule_dir(dir) {
                Ok(rules) => {
                    if self.rules.as_ref() != Some(&rules) {
                        self.session.set_rules(rules.clone());
                        self.rules = Some(rules);
                        rules_changed = true;
                    }
                }
                Err(e) => rule_error = Some(format!("cannot read `{}`: {e}", dir.display())),
            }
        }
        let mut files = Vec::new();
        let sources = match self.sources() {
            Ok(s) => s,
            Err(message) => {
                files.push((
                    kiln_driver::display_path(&self.source),
                    Outcome::Io {
                        path: self.source.clone(),
                        message,
                    },
                ));
                Vec::new()
            }
        };
        // Sources of a directory that are gone.
        let names: Vec<String> = sources
            .iter()
            .map(|(s, _)| kiln_driver::display_path(s))
            .collect();
        for gone in self.session.sources() {
            if !names.contains(&gone) {
                self.session.remove_source(&gone);
                files.push((gone, Outcome::Removed));
            }
        }
        for ((source, output), name) in sources.iter().zip(names) {
            let text = match std::fs::read_to_string(source) {
                Ok(t) => t,
                Err(e) => {
                    // Report a missing or unreadable file once, not at every event.
                    if self.first || self.session.remove_source(&name) {
                        files.push((
                            name.clone(),
                            Outcome::Io {
                                path: source.clone(),
                                message: format!("cannot read `{name}`: {e}"),
                            },
                        ));
                    }
                    continue;
                }
            };
            let changed = self.session.text(&name).as_deref() != Some(text.as_str());
            if !(changed || rules_changed || self.first) {
                continue;
            }
            self.session.set_source(&name, text);
            let (result, work) = self.session.counting(|s| match self.emit {
                WatchEmit::Lowered => s
                    .lowered_text(&name, None)
                    .into_result()
                    .map(String::into_bytes),
                other => {
                    let e = match other {
                        WatchEmit::Asm => kiln_backend::Emit::Asm,
                        WatchEmit::Obj => kiln_backend::Emit::Obj,
                        _ => kiln_backend::Emit::LlvmIr,
                    };
                    s.compile(&name, e, 0).into_result()
                }
            });
            let outcome = match result {
                Err(files) => Outcome::Errors {
                    output: output.clone(),
                    files,
                },
                Ok(bytes) if self.written.get(output) == Some(&bytes) => Outcome::Built {
                    output: output.clone(),
                    written: false,
                    work,
                },
                Ok(bytes) => {
                    let dir_ok = match output.parent() {
                        Some(p) if self.source.is_dir() => std::fs::create_dir_all(p),
                        _ => Ok(()),
                    };
                    match dir_ok.and_then(|()| kiln_driver::write_atomically(output, &bytes)) {
                        Ok(()) => {
                            self.written.insert(output.clone(), bytes);
                            Outcome::Built {
                                output: output.clone(),
                                written: true,
                                work,
                            }
                        }
                        Err(e) => Outcome::Io {
                            path: output.clone(),
                            message: format!("cannot write `{}`: {e}", output.display()),
                        },
                    }
                }
            };
            files.push((name, outcome));
        }
        let first = std::mem::replace(&mut self.first, false);
        if files.is_empty() && rule_error.is_none() && !first {
            return None;
        }
        Some(Build {
            files,
            rule_error,
            elapsed: start.elapsed(),
        })
    }

    /// Builds once, then again after every change, handing each build to `report`, which
    /// says whether to go on. Fails only when no watcher (native or polling) can be had.
    pub fn run(mut self, mut report: impl FnMut(&Build) -> bool) -> Result<(), String> {
        let (tx, rx) = channel();
        let handler = move |event: notify::Result<notify::Event>| {
            let _ = tx.send(event.is_ok());
        };
        let mut dirs = vec![match self.source.is_dir() {
            true => self.source.clone(),
            false => match self.source.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            },
        }];
        dirs.extend(self.rules_dir.clone());
        let mut watcher: Box<dyn notify::Watcher> =
            match notify::recommended_watcher(handler.clone()) {
                Ok(w) => Box::new(w),
                Err(_) => Box::new(
                    notify::PollWatcher::new(
                        handler,
                        notify::Config::default().with_poll_interval(Duration::from_millis(100)),
                    )
                    .map_err(|e| format!("cannot watch files: {e}"))?,
                ),
            };
        for d in &dirs {
            // A directory that is missing now is reported by the build; keep watching the
            // others.
            let _ = watcher.watch(d, RecursiveMode::NonRecursive);
        }
        if let Some(b) = self.rebuild() {
            if !report(&b) {
                return Ok(());
            }
        }
        loop {
            if !wait(&rx) {
                return Err("the file watcher stopped".to_string());
            }
            if let Some(b) = self.rebuild() {
                if !report(&b) {
                    return Ok(());
                }
            }
        }
    }
}

/// Waits for an event, then for the burst it starts to end (an editor's save is several
/// events). `false` when the watcher is gone.
fn wait(rx: &Receiver<bool>) -> bool {
    if rx.recv().is_err() {
        return false;
    }
    loop {
        match rx.recv_timeout(Duration::from_millis(30)) {
            Ok(_) => continue,
            Err(RecvTimeoutError::Timeout) => return true,
            Err(RecvTimeoutError::Disconnected) => return false,
        }
    }
}
