//! An incremental compilation session for toolchains that embed kiln: set sources and rules,
//! ask for diagnostics, lowered functions or native code; after an edit, only the work that
//! depends on what changed runs again (salsa queries down to per-function lowering, see
//! `kiln_engine::incremental`).
//!
//! ```
//! use kiln::Session;
//!
//! let mut s = Session::new();
//! s.set_source("m.mlir", "func.func @f(%x: i32) -> i32 {\n  func.return %x : i32\n}\n");
//! assert!(s.diagnostics("m.mlir").is_empty());
//! let lowered = s.lower("m.mlir").unwrap();
//! assert_eq!(lowered[0].name, "f");
//! // Edit the body: only @f lowers again.
//! s.set_source("m.mlir", "func.func @f(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n");
//! assert!(s.lower("m.mlir").unwrap()[0].to_string().contains("llvm.add"));
//! ```

use crate::shipped::shipped_rules;
use kiln_engine::{
    check_file, functions, lowered_item, Database, Lowered, LoweredItem, Options, RuleFiles,
    RuleSource, SourceFile,
};
use kiln_frontend::{Diagnostic, Span};
use salsa::{Durability, Setter};
use std::collections::BTreeMap;

/// A compilation session: the database and its inputs.
pub struct Session {
    db: Database,
    files: BTreeMap<String, SourceFile>,
    rules: RuleFiles,
    options: Options,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with the rules shipped with kiln.
    pub fn new() -> Session {
        Session::with_rules(shipped_rules())
    }

    pub fn with_rules(sources: Vec<RuleSource>) -> Session {
        let db = Database::new();
        let rules = RuleFiles::builder(sources)
            .durability(Durability::HIGH)
            .new(&db);
        let options = Options::new(&db, false);
        Session {
            db,
            files: BTreeMap::new(),
            rules,
            options,
        }
    }

    /// The database (to count query executions, or run queries directly).
    pub fn database(&self) -> &Database {
        &self.db
    }

    /// Sets (or adds) a source file.
    pub fn set_source(&mut self, path: &str, text: impl Into<String>) {
        let text = text.into();
        match self.files.get(path) {
            Some(f) => {
                if f.text(&self.db) != &text {
                    f.set_text(&mut self.db).to(text);
                }
            }
            None => {
                let f = SourceFile::new(&self.db, path.to_string(), text);
                self.files.insert(path.to_string(), f);
            }
        }
    }

    /// Removes a source file; `false` if there was none.
    pub fn remove_source(&mut self, path: &str) -> bool {
        self.files.remove(path).is_some()
    }

    /// Runs `work` and counts how many functions it lowered (again): the executions of the
    /// per-function lowering query, as `kiln serve` and `kiln watch` report them.
    pub fn counting_lowerings<T>(&self, work: impl FnOnce(&Self) -> T) -> (T, usize) {
        self.db.record_executions();
        let _ = self.db.take_executions();
        let out = work(self);
        let n = self
            .db
            .take_executions()
            .iter()
            .filter(|e| e.starts_with("lowered_item("))
            .count();
        (out, n)
    }

    /// The text of a source file.
    pub fn text(&self, path: &str) -> Option<String> {
        self.files.get(path).map(|f| f.text(&self.db).clone())
    }

    /// The paths of the session's source files, sorted.
    pub fn sources(&self) -> Vec<String> {
        self.files.keys().cloned().collect()
    }

    /// Replaces the rule files (high durability: sources are expected to change more).
    pub fn set_rules(&mut self, sources: Vec<RuleSource>) {
        if self.rules.sources(&self.db) != &sources {
            self.rules
                .set_sources(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(sources);
        }
    }

    /// Loads every `*.rules` file of a directory as the rules.
    pub fn set_rules_dir(&mut self, dir: &std::path::Path) -> std::io::Result<()> {
        let sources = crate::shipped::read_rule_dir(dir)?;
        self.set_rules(sources);
        Ok(())
    }

    /// Give every function a C-compatible wrapper (`--emit-c-interface`).
    pub fn set_c_interface(&mut self, all: bool) {
        if self.options.emit_c_interface(&self.db) != all {
            self.options.set_emit_c_interface(&mut self.db).to(all);
        }
    }

    /// The rule files' diagnostics, as `path:line:col: message` lines.
    pub fn rule_errors(&self) -> Vec<String> {
        let checked = kiln_engine::checked_rules(&self.db, self.rules);
        checked
            .diagnostics
            .iter()
            .filter(|d| d.diagnostic.is_error())
            .map(|d| {
                let file = checked.rules.files.get(d.file);
                let (path, lc) = match file {
                    Some(f) => (
                        f.path.clone(),
                        kiln_frontend::LineIndex::new(&f.text).line_col(d.diagnostic.span.start),
                    ),
                    None => (
                        "<rules>".to_string(),
                        kiln_frontend::LineIndex::new("").line_col(0),
                    ),
                };
                format!("{path}:{}:{}: {}", lc.line, lc.column, d.diagnostic.message)
            })
            .collect()
    }

    fn file(&self, path: &str) -> Result<SourceFile, Vec<Diagnostic>> {
        self.files.get(path).copied().ok_or_else(|| {
            vec![Diagnostic::error(
                "session.unknown-file",
                Span::default(),
                format!("the session has no file `{path}`"),
            )]
        })
    }

    /// Parse and verifier diagnostics of a file, in file coordinates.
    pub fn diagnostics(&self, path: &str) -> Vec<Diagnostic> {
        match self.file(path) {
            Ok(f) => check_file(&self.db, f).clone(),
            Err(e) => e,
        }
    }

    /// Every function's lowering, in source order (one per function, computed in parallel,
    /// reused from earlier calls where nothing it depends on changed).
    fn lowered_items(&self, file: SourceFile) -> Vec<(LoweredItem, i64)> {
        let items: Vec<_> = functions(&self.db, file).clone();
        let (rules, options) = (self.rules, self.options);
        let threads = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .clamp(1, items.len().max(1));
        let chunk = items.len().div_ceil(threads).max(1);
        // One database clone per thread; large stacks, as elaboration recurses deeply.
        let lower_part = |db: &Database, part: &[kiln_engine::FunctionItem<'_>]| {
            part.iter()
                .map(|item| {
                    (
                        lowered_item(db, *item, rules, options).clone(),
                        item.offset(db) as i64,
                    )
                })
                .collect::<Vec<_>>()
        };
        let results: Vec<Vec<(LoweredItem, i64)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = items
                .chunks(chunk)
                .map(|part| {
                    let db = self.db.clone();
                    let spawned = std::thread::Builder::new()
                        .stack_size(crate::LOWERING_STACK)
                        .spawn_scoped(scope, move || lower_part(&db, part));
                    (part, spawned)
                })
                .collect();
            handles
                .into_iter()
                .map(|(part, h)| match h {
                    Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                    // No thread (resource exhaustion): lower on this one.
                    Err(_) => lower_part(&self.db, part),
                })
                .collect()
        });
        results.into_iter().flatten().collect()
    }

    /// The lowered program of a file, or every error (file coordinates).
    pub fn lower(&self, path: &str) -> Result<Vec<Lowered>, Vec<Diagnostic>> {
        let file = self.file(path)?;
        let rule_errors = self.rule_errors();
        if !rule_errors.is_empty() {
            return Err(rule_errors
                .into_iter()
                .map(|m| Diagnostic::error("rules", Span::default(), m))
                .collect());
        }
        let mut errors: Vec<Diagnostic> = check_file(&self.db, file)
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut program = Vec::new();
        for (item, delta) in self.lowered_items(file) {
            errors.extend(
                item.diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.shifted(delta)),
            );
            program.extend(item.functions);
        }
        if errors.is_empty() {
            Ok(program)
        } else {
            Err(errors)
        }
    }

    /// Native code for a file (LLVM IR, assembly or an object).
    pub fn compile(
        &self,
        path: &str,
        emit: kiln_backend::Emit,
        opts: &kiln_backend::CodegenOptions,
    ) -> Result<Vec<u8>, Vec<Diagnostic>> {
        let program = self.lower(path)?;
        kiln_backend::emit(&program, emit, opts)
            .map_err(|e| vec![Diagnostic::error("codegen", Span::default(), e.to_string())])
    }
}
