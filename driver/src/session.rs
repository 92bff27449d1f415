//! An incremental compilation session for toolchains that embed kiln: set sources and rules,
//! ask for diagnostics, lowered functions or native code; after an edit, only the work that
//! depends on what changed runs again (salsa queries down to each function's LLVM IR, see
//! `kiln_engine`'s lowering queries and `kiln_driver::function_code`).
//!
//! ```
//! use kiln_driver::backend::Emit;
//! use kiln_driver::Session;
//!
//! let mut s = Session::new();
//! s.set_source("m.mlir", "func.func @f(%x: i32) -> i32 {\n  func.return %x : i32\n}\n");
//! assert!(s.diagnostics("m.mlir").is_empty());
//! let lowered = s.lower("m.mlir").into_result().unwrap();
//! assert_eq!(lowered[0].name, "f");
//! let ir = s.compile("m.mlir", Emit::LlvmIr, 0).into_result().unwrap();
//! assert!(String::from_utf8(ir).unwrap().contains("define i32 @f(i32 %0)"));
//! // Edit the body: only @f is parsed, lowered and code-generated again.
//! s.set_source("m.mlir", "func.func @f(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n");
//! let (ir, work) = s.counting(|s| s.compile("m.mlir", Emit::LlvmIr, 0).into_result());
//! assert!(String::from_utf8(ir.unwrap()).unwrap().contains("add i32 %0, %0"));
//! assert_eq!((work.lowered, work.generated), (1, 1));
//! // A comment changes nothing that lowering reads.
//! s.set_source("m.mlir", "// f doubles\nfunc.func @f(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n");
//! let (_, work) = s.counting(|s| s.compile("m.mlir", Emit::LlvmIr, 0));
//! assert_eq!((work.lowered, work.generated), (0, 0));
//! ```

use crate::function_code::{codegen_options, function_code, group_code, FunctionCodes};
use crate::shipped::shipped_rules;
use kiln_engine::function_groups;
use kiln_engine::{
    functions, lowered_diagnostics, lowered_item, lowered_text, make_lowered_text, Config,
    Database, Lowered, LoweredItem, Options, RuleFiles, RuleSource, SourceFile, Target,
};
use kiln_frontend::{Diagnostic, Span};
use salsa::{Durability, Setter};
use std::borrow::Cow;
use std::collections::BTreeMap;

mod change;
mod compile;
mod snapshot;

pub use change::{Change, ChangeError};
pub use snapshot::Snapshot;

/// What one request ran again, counted from salsa's executions of the per-function
/// queries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Functions lowered (again).
    pub lowered: usize,
    /// Functions whose LLVM IR was generated (again).
    pub generated: usize,
    /// Object units compiled to machine code (again): an object at `-O0` is made of
    /// units of about 16 functions (`kiln_backend::object::units`), and only the units an edit
    /// touched are compiled again.
    pub units: usize,
    /// Parts of an optimized object optimized and compiled to machine code (again): a
    /// large program's optimized object is made of parts of about 64 functions, each
    /// with the small functions it calls (`kiln_backend::object::thin`), and only the parts an
    /// edit touched are made again (a smaller program is optimized and compiled whole,
    /// with no parts).
    pub parts: usize,
}

/// Why [`Session::edit_source`] refused an edit (and changed nothing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The session has no source file of this path.
    #[error("no file `{0}` is open")]
    UnknownFile(String),
    /// The range is reversed, runs past the text's end, or splits a UTF-8 character.
    #[error("bytes {}..{} are not a range of the text ({len} bytes) between characters", range.start, range.end)]
    BadRange {
        /// The byte range the edit gave.
        range: std::ops::Range<usize>,
        /// The length of the file's text, in bytes.
        len: usize,
    },
}

/// An empty object cache that looks units up in `store` (and keeps them there).
fn object_cache(
    store: Option<std::sync::Arc<dyn kiln_backend::SharedObjects>>,
) -> kiln_backend::ObjectCache {
    let mut objects = kiln_backend::ObjectCache::new();
    objects.set_shared(store);
    objects
}

/// Whether `range` is a range of `text` between characters: `EditError::BadRange` if it is
/// reversed, runs past the end or splits a UTF-8 character.
fn check_range(text: &str, range: &std::ops::Range<usize>) -> Result<(), EditError> {
    // `is_char_boundary` is false past the end, so this also bounds the range.
    if range.start > range.end
        || !text.is_char_boundary(range.start)
        || !text.is_char_boundary(range.end)
    {
        return Err(EditError::BadRange {
            range: range.clone(),
            len: text.len(),
        });
    }
    Ok(())
}

/// The diagnostics of one file, with the text their spans refer to: a source file of the
/// session, or a rule file (errors in the rules stop every lowering, and are located in
/// the rule file, not in the source that was being compiled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDiagnostics {
    /// The file's path, as the session (or the rule set) names it.
    pub path: String,
    /// The file's text, which the spans index (byte offsets).
    pub text: String,
    /// The diagnostics, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// A compilation session: the database and its inputs.
///
/// Files are opened with [`Session::set_source`] and edited with
/// [`Session::edit_source`] (or given a whole new text); every request reads the files as
/// they are now and recomputes only what an edit changed. Paths are names in the session,
/// not read from disk.
///
/// ```
/// use kiln_driver::backend::{call, Emit, Value};
/// use kiln_driver::Session;
///
/// let mut s = Session::new();
/// s.set_source(
///     "calc.mlir",
///     "func.func @inc(%x: i64) -> i64 {\n  %c1 = arith.constant 1 : i64\n  %y = arith.addi %x, %c1 : i64\n  func.return %y : i64\n}\n\n\
///      func.func @twice(%x: i64) -> i64 {\n  %y = arith.addi %x, %x : i64\n  func.return %y : i64\n}\n",
/// );
/// assert!(s.diagnostics("calc.mlir").is_empty());
///
/// // Lower, and run the lowered program.
/// let program = s.lower("calc.mlir").into_result().unwrap();
/// let int = |value| Value::Int { bits: 64, value };
/// assert_eq!(call(&program, "twice", &[int(20)]).unwrap(), [int(40)]);
///
/// // An editor's change: `addi` becomes `muli` in @twice, by byte range.
/// let at = s.source_text("calc.mlir").unwrap().rfind("addi").unwrap();
/// s.edit_source("calc.mlir", at..at + 4, "muli").unwrap();
/// // Only the edited function is lowered again; @inc's lowering is reused.
/// let (program, work) = s.counting(|s| s.lower("calc.mlir").into_result());
/// assert_eq!(work.lowered, 1);
/// assert_eq!(call(&program.unwrap(), "twice", &[int(20)]).unwrap(), [int(400)]);
///
/// // Errors come back with the text their spans index.
/// let at = s.source_text("calc.mlir").unwrap().find(", %c1").unwrap() + 2;
/// s.edit_source("calc.mlir", at..at + 3, "%c2").unwrap();
/// // A request gives its value, or the errors that stopped it, with every diagnostic found.
/// let reported = s.lower("calc.mlir");
/// let errors = reported.value.unwrap_err();
/// assert_eq!(errors[0].path, "calc.mlir");
/// let d = &errors[0].diagnostics[0];
/// assert_eq!(&errors[0].text[d.span.start as usize..d.span.end as usize], "%c2");
///
/// // Fixed again, the file compiles to native code (here LLVM IR, at -O2).
/// s.edit_source("calc.mlir", at..at + 3, "%c1").unwrap();
/// let ir = String::from_utf8(s.compile("calc.mlir", Emit::LlvmIr, 2).into_result().unwrap()).unwrap();
/// assert!(ir.contains("@inc(i64") && ir.contains("@twice(i64"));
/// ```
pub struct Session {
    db: Database,
    files: BTreeMap<String, SourceFile>,
    /// Per file of a plain shape, its split into functions, for the next edit's
    /// (`kiln_engine::split_sources_edited`).
    splits: BTreeMap<String, Vec<kiln_frontend::split::FunctionSpan>>,
    /// The rules, options and target, as every file of the session reads them.
    config: Config,
    /// Per file, the objects of the units of its last `-O0` object, shared with the
    /// session's snapshots (the cache locks itself), so a compile on another thread keeps
    /// its units for the next.
    objects: BTreeMap<String, std::sync::Arc<kiln_backend::ObjectCache>>,
    /// The cache of compiled code shared beyond this process, if any.
    shared: Option<std::sync::Arc<crate::shared_cache::SharedCache>>,
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

    /// A session lowering with the rule files `sources` (see [`Session::set_rules`]).
    pub fn with_rules(sources: Vec<RuleSource>) -> Session {
        Session::with_database(Database::new(), sources)
    }

    /// A session whose database can log the queries it runs
    /// ([`Database::record_executions`]), to see (or test) what an edit runs again. The log
    /// costs time: salsa reports every memo it checks.
    pub fn with_query_log(sources: Vec<RuleSource>) -> Session {
        Session::with_database(Database::with_query_log(), sources)
    }

    /// A session on a database of the caller's (a one-shot command's, which made it with
    /// the options it was given).
    pub fn with_database(db: Database, sources: Vec<RuleSource>) -> Session {
        let rules = RuleFiles::builder(sources)
            .durability(Durability::HIGH)
            .new(&db);
        let options = Options::builder(false, false, true)
            .durability(Durability::HIGH)
            .new(&db);
        let target = Target::builder(None, None, false)
            .durability(Durability::HIGH)
            .new(&db);
        let config = Config::builder(rules, options, target)
            .durability(Durability::HIGH)
            .new(&db);
        Session {
            db,
            files: BTreeMap::new(),
            splits: BTreeMap::new(),
            config,
            objects: BTreeMap::new(),
            shared: None,
        }
    }

    /// Looks compiled code up in `cache` before compiling it, and stores there what it
    /// compiles (`None`: no shared cache, the default): whole outputs by the file's text,
    /// rules, options and target, and `-O0` units and optimized parts by what LLVM is
    /// given (`kiln_driver::shared_cache`). A session that keeps no lowering still uses it.
    pub fn set_shared_cache(
        &mut self,
        cache: Option<std::sync::Arc<crate::shared_cache::SharedCache>>,
    ) {
        let store = cache
            .clone()
            .map(|c| c as std::sync::Arc<dyn kiln_backend::SharedObjects>);
        for objects in self.objects.values_mut() {
            match std::sync::Arc::get_mut(objects) {
                Some(objects) => objects.set_shared(store.clone()),
                // A snapshot still holds the cache: this file's units start anew.
                None => *objects = std::sync::Arc::new(object_cache(store.clone())),
            }
        }
        self.shared = cache;
    }

    /// The shared cache, if one is set.
    pub fn shared_cache(&self) -> Option<&std::sync::Arc<crate::shared_cache::SharedCache>> {
        self.shared.as_ref()
    }

    /// The file's object cache, with the session's shared store.
    fn new_object_cache(&self) -> kiln_backend::ObjectCache {
        object_cache(
            self.shared
                .clone()
                .map(|c| c as std::sync::Arc<dyn kiln_backend::SharedObjects>),
        )
    }

    /// The shared cache's key of a whole output: everything that determines its bytes
    /// (the file's path and text, the rule files, the options, the resolved target, what
    /// is emitted; the kiln and LLVM versions come with every key).
    fn output_key(
        &self,
        path: &str,
        text: &str,
        emit: kiln_backend::Emit,
        options: &kiln_backend::CodegenOptions,
    ) -> kiln_backend::SharedKey {
        let mut key = kiln_backend::object::shared::KeyBuilder::new("output");
        let opts = self.config.options(&self.db);
        key.field(path.as_bytes())
            .field(text.as_bytes())
            .field(format!("{emit:?}").as_bytes())
            .field(kiln_backend::object::shared::resolved_target(options).as_bytes())
            .field(&[
                opts.emit_c_interface(&self.db) as u8,
                opts.bare_ptr(&self.db) as u8,
                self.config.target(&self.db).debug_info(&self.db) as u8,
            ]);
        for rule in self.config.rules(&self.db).sources(&self.db) {
            key.field(rule.path.as_bytes()).field(rule.text.as_bytes());
        }
        key.finish()
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
                let f = *f;
                if f.text(&self.db) != &text {
                    self.replace_text(path, f, text, None);
                }
            }
            None => {
                // Only the text changes after this; every function's queries read the
                // configuration through the file, as durable as the configuration.
                let f = SourceFile::builder(path.to_string(), text, Some(self.config))
                    .path_durability(Durability::HIGH)
                    .config_durability(Durability::HIGH)
                    .new(&self.db);
                self.files.insert(path.to_string(), f);
                if let Some(spans) = kiln_engine::split_sources_edited(
                    &mut self.db,
                    f,
                    None,
                    None,
                    Some(&crate::parse_items_in_parallel),
                ) {
                    self.splits.insert(path.to_string(), spans);
                }
                let objects = self.new_object_cache();
                self.objects
                    .insert(path.to_string(), std::sync::Arc::new(objects));
            }
        }
    }

    /// Replaces the bytes `range` of an open file's text with `text`, as an editor's
    /// incremental change does: a caller sends the edit instead of the whole file, and the
    /// session neither receives nor compares the rest (in `kiln serve`, on a 2,000-function
    /// module, comparing the whole text was a fifth of an edit's instructions). The result is
    /// the same as [`Session::set_source`] with the edited text.
    ///
    /// ```
    /// let mut s = kiln_driver::Session::new();
    /// s.set_source("a.mlir", "func.func @f(%a: i32) -> i32 {\n  func.return %a : i32\n}\n");
    /// s.edit_source("a.mlir", 11..12, "g").unwrap(); // `@f` becomes `@g`
    /// assert_eq!(s.function_names("a.mlir"), ["g"]);
    /// assert!(s.edit_source("a.mlir", 10..1000, "g").is_err());
    /// ```
    pub fn edit_source(
        &mut self,
        path: &str,
        range: std::ops::Range<usize>,
        text: &str,
    ) -> Result<(), EditError> {
        let Some(&f) = self.files.get(path) else {
            return Err(EditError::UnknownFile(path.to_string()));
        };
        let old = f.text(&self.db);
        check_range(old, &range)?;
        if &old[range.clone()] == text {
            return Ok(());
        }
        let mut edited = String::with_capacity(old.len() - range.len() + text.len());
        edited.push_str(&old[..range.start]);
        edited.push_str(text);
        edited.push_str(&old[range.end..]);
        let ends = (range.start, old.len() - range.end);
        self.replace_text(path, f, edited, Some(ends));
        Ok(())
    }

    /// Gives an open file a new text, and its function inputs to match
    /// (`kiln_engine::split_sources_edited`), splitting only around the edit (`ends`: what the edit left
    /// in place at the text's start and end, when the caller knows).
    fn replace_text(
        &mut self,
        path: &str,
        f: SourceFile,
        text: String,
        ends: Option<(usize, usize)>,
    ) {
        let old = f.set_text(&mut self.db).to(text);
        let split = self.splits.remove(path);
        let previous = split.as_deref().map(|spans| (old.as_str(), spans));
        if let Some(spans) = kiln_engine::split_sources_edited(
            &mut self.db,
            f,
            previous,
            ends,
            Some(&crate::parse_items_in_parallel),
        ) {
            self.splits.insert(path.to_string(), spans);
        }
    }

    /// Removes a source file; `false` if there was none. What the database kept for it is
    /// freed: its text is emptied and split again, so salsa deletes its functions and,
    /// with them, every result computed for them (a long session that opens and closes
    /// files stays as small as the files it has open).
    pub fn remove_source(&mut self, path: &str) -> bool {
        let Some(f) = self.files.remove(path) else {
            return false;
        };
        self.objects.remove(path);
        self.replace_text(path, f, String::new(), None);
        self.splits.remove(path);
        functions(&self.db, f);
        true
    }

    /// Runs `work` and counts the functions it lowered and code-generated (again): the
    /// executions of the per-function queries, as `kiln serve` and `kiln watch` report them.
    pub fn counting<T>(&self, work: impl FnOnce(&Self) -> T) -> (T, Work) {
        use kiln_engine::Db;
        use std::sync::atomic::Ordering::Relaxed;
        let executions = self.db.executions();
        let lowered = executions.lowered.load(Relaxed);
        let generated = executions.generated.load(Relaxed);
        use kiln_backend::ObjectCache;
        // Units or parts compiled so far, over every file's cache.
        let compiled = |s: &Self, count: fn(&ObjectCache) -> usize| {
            s.objects.values().map(|o| count(o)).sum::<usize>()
        };
        let units_before = compiled(self, ObjectCache::units_compiled);
        let parts_before = compiled(self, ObjectCache::parts_compiled);
        let out = work(self);
        let work = Work {
            lowered: executions.lowered.load(Relaxed) - lowered,
            generated: executions.generated.load(Relaxed) - generated,
            units: compiled(self, ObjectCache::units_compiled) - units_before,
            parts: compiled(self, ObjectCache::parts_compiled) - parts_before,
        };
        (out, work)
    }

    /// The text of a source file.
    pub fn text(&self, path: &str) -> Option<String> {
        self.source_text(path).map(str::to_string)
    }

    /// The text of a source file, borrowed (no copy).
    pub fn source_text(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(|f| f.text(&self.db).as_str())
    }

    /// The paths of the session's source files, sorted.
    pub fn sources(&self) -> Vec<String> {
        self.files.keys().cloned().collect()
    }

    /// Replaces the rule files (high durability: sources are expected to change more).
    pub fn set_rules(&mut self, sources: Vec<RuleSource>) {
        let rules = self.config.rules(&self.db);
        if rules.sources(&self.db) != &sources {
            rules
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

    /// The target triple and CPU code is generated for, as last set (`None`: the host
    /// triple; the target's generic CPU).
    pub fn target(&self) -> (Option<String>, Option<String>) {
        let target = self.config.target(&self.db);
        (
            target.triple(&self.db).clone(),
            target.cpu(&self.db).clone(),
        )
    }

    /// The target to generate code for (`None`: the host triple; the generic CPU, or
    /// `native`). Changing it generates every function's code again.
    pub fn set_target(&mut self, triple: Option<String>, cpu: Option<String>) {
        let target = self.config.target(&self.db);
        if target.triple(&self.db) != &triple {
            target
                .set_triple(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(triple);
        }
        if target.cpu(&self.db) != &cpu {
            target
                .set_cpu(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(cpu);
        }
    }

    /// Give code line tables (`kiln compile -g`): each instruction located at the line and
    /// column of the operation it comes from, or where its `loc(...)` says. Changing it
    /// generates every function's code again.
    pub fn set_debug_info(&mut self, on: bool) {
        let target = self.config.target(&self.db);
        if target.debug_info(&self.db) != on {
            target
                .set_debug_info(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(on);
        }
    }

    /// Give every function a C-compatible wrapper (`--emit-c-interface`).
    pub fn set_c_interface(&mut self, all: bool) {
        let options = self.config.options(&self.db);
        if options.emit_c_interface(&self.db) != all {
            options.set_emit_c_interface(&mut self.db).to(all);
        }
    }

    /// Use the bare-pointer convention for every function (`--bare-ptr-memref-call-conv`).
    pub fn set_bare_ptr(&mut self, all: bool) {
        let options = self.config.options(&self.db);
        if options.bare_ptr(&self.db) != all {
            options.set_bare_ptr(&mut self.db).to(all);
        }
    }

    /// The rule files' diagnostics (errors and warnings), per file, in file order.
    pub fn rule_diagnostics(&self) -> Vec<FileDiagnostics> {
        let checked = kiln_engine::checked_rules(&self.db, self.config.rules(&self.db));
        let mut out: Vec<FileDiagnostics> = Vec::new();
        for d in &checked.diagnostics {
            let (path, text) = match checked.rules.files.get(d.file) {
                Some(f) => (f.path.as_str(), f.text.as_str()),
                None => ("<rules>", ""),
            };
            match out.last_mut() {
                Some(last) if last.path == path => last.diagnostics.push(d.diagnostic.clone()),
                _ => out.push(FileDiagnostics {
                    path: path.to_string(),
                    text: text.to_string(),
                    diagnostics: vec![d.diagnostic.clone()],
                }),
            }
        }
        out
    }

    /// The rule files' errors, as `path:line:col: message` lines.
    pub fn rule_errors(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for f in self.rule_diagnostics() {
            let index = kiln_frontend::LineIndex::new(&f.text);
            for d in f.diagnostics.iter().filter(|d| d.is_error()) {
                let lc = index.line_col(d.span.start);
                lines.push(format!(
                    "{}:{}:{}: {}",
                    f.path, lc.line, lc.column, d.message
                ));
            }
        }
        lines
    }

    /// The rule files' errors alone, per file (empty when the rules can be used).
    fn rule_failure(&self) -> Vec<FileDiagnostics> {
        let mut files = self.rule_diagnostics();
        for f in &mut files {
            f.diagnostics.retain(Diagnostic::is_error);
        }
        files.retain(|f| !f.diagnostics.is_empty());
        files
    }

    /// `diagnostics` of the source file `path`, with its text.
    fn failure(&self, path: &str, diagnostics: Vec<Diagnostic>) -> Vec<FileDiagnostics> {
        vec![FileDiagnostics {
            path: path.to_string(),
            text: self.text(path).unwrap_or_default(),
            diagnostics,
        }]
    }

    fn file(&self, path: &str) -> Result<SourceFile, Vec<FileDiagnostics>> {
        self.files.get(path).copied().ok_or_else(|| {
            self.failure(
                path,
                vec![Diagnostic::error(
                    "session.unknown-file",
                    Span::default(),
                    format!("the session has no file `{path}`"),
                )],
            )
        })
    }

    /// Whether the session has a source file `path`.
    pub fn has_source(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    /// Parse and verifier diagnostics of a file, in file coordinates. A large file's
    /// functions are parsed in parallel first (as [`crate::check_source`] does).
    pub fn diagnostics(&self, path: &str) -> Vec<Diagnostic> {
        match self.file(path) {
            Ok(f) => {
                crate::parse_in_parallel(&self.db, f);
                crate::file_diagnostics(&self.db, f)
            }
            Err(e) => e.into_iter().flat_map(|f| f.diagnostics).collect(),
        }
    }

    /// [`Session::diagnostics`] of `path` and [`Session::rule_diagnostics`], with the rule
    /// files loaded and checked (and, in a session that keeps no lowering, compiled:
    /// [`kiln_engine::prepare_whole_rules`]) on another thread while this one splits the
    /// file and parses it: a one-shot command otherwise loaded them on one thread after
    /// the parse, with rayon's threads idle.
    pub fn diagnostics_with_rules(&self, path: &str) -> (Vec<Diagnostic>, Vec<FileDiagnostics>) {
        if rayon::current_num_threads() > 1 {
            let db = self.db.clone();
            let rules = self.config.rules(&self.db);
            let whole = !self.keeps_lowered();
            let diagnostics = std::thread::scope(|scope| {
                let rules = scope.spawn(move || {
                    if whole {
                        kiln_engine::prepare_whole_rules(&db, rules);
                    } else {
                        kiln_engine::checked_rules(&db, rules);
                    }
                });
                let diagnostics = self.diagnostics(path);
                if let Err(panic) = rules.join() {
                    std::panic::resume_unwind(panic);
                }
                diagnostics
            });
            return (diagnostics, self.rule_diagnostics());
        }
        (self.diagnostics(path), self.rule_diagnostics())
    }

    /// The source file `path` of the session's database, for the library's queries.
    pub fn source_file(&self, path: &str) -> Option<SourceFile> {
        self.files.get(path).copied()
    }

    /// A lowered program of the file at `path` for the JIT: `functions` (from
    /// [`Session::lower`]) with the file's globals.
    pub fn jit_program(&self, path: &str, functions: Vec<Lowered>) -> kiln_backend::jit::Program {
        match self.source_file(path) {
            Some(file) => crate::globals::jit_program(&self.db, file, functions),
            None => kiln_backend::jit::Program::Lowered(functions),
        }
    }

    /// Keep each function's lowering for the next request (the default), or make it where
    /// its text or LLVM IR is made and drop it there, as a one-shot command does: a
    /// session that will not see an edit then holds no lowered function, only what was
    /// asked for (`kiln_engine::with_lowering`).
    pub fn set_keep_lowered(&mut self, keep: bool) {
        let options = self.config.options(&self.db);
        if options.keep_lowered(&self.db) != keep {
            options.set_keep_lowered(&mut self.db).to(keep);
        }
    }

    fn keeps_lowered(&self) -> bool {
        self.config.options(&self.db).keep_lowered(&self.db)
    }

    /// The file `path`, when it can be lowered: the rule files have no error (else theirs,
    /// located in the rule files) and the file checks without one (else its errors).
    fn checked(&self, path: &str) -> Result<SourceFile, Vec<FileDiagnostics>> {
        let file = self.file(path)?;
        let rule_failure = self.rule_failure();
        if !rule_failure.is_empty() {
            return Err(rule_failure);
        }
        let errors: Vec<Diagnostic> = self
            .diagnostics(path)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
        if !errors.is_empty() {
            return Err(self.failure(path, errors));
        }
        Ok(file)
    }

    /// The functions of `file` named `only` (all, when `None`), in source order.
    fn items(&self, file: SourceFile, only: Option<&str>) -> Vec<kiln_engine::FunctionItem<'_>> {
        functions(&self.db, file)
            .iter()
            .filter(|item| only.is_none_or(|n| item.name(&self.db) == n))
            .copied()
            .collect()
    }

    /// The checked file `path` and its functions (only those named `only`, when given),
    /// after `query` ran on each in parallel, and each one's diagnostics (as `diagnostics`
    /// reads them off the function and the query's result) in file coordinates.
    #[allow(clippy::type_complexity)]
    fn run_per_function<'s, T: ?Sized + 's>(
        &'s self,
        path: &str,
        only: Option<&str>,
        query: impl for<'db> Fn(&'db Database, kiln_engine::FunctionItem<'db>) -> &'db T + Sync,
        diagnostics: impl Fn(kiln_engine::FunctionItem<'s>, &'s T) -> Cow<'s, [Diagnostic]>,
    ) -> Result<(SourceFile, Vec<&'s T>, Vec<Diagnostic>), Vec<FileDiagnostics>> {
        let file = self.checked(path)?;
        let items = self.items(file, only);
        crate::map_in_chunks(&self.db, &items, |db, item| {
            query(db, item);
        });
        let mut found = Vec::new();
        let mut results = Vec::new();
        for item in items {
            let result = query(&self.db, item);
            let located = diagnostics(item, result);
            if !located.is_empty() {
                let delta = kiln_engine::item_offset(&self.db, item) as i64;
                found.extend(located.iter().map(|d| d.shifted(delta)));
            }
            results.push(result);
        }
        Ok((file, results, found))
    }

    /// Lowers every function of a file (in parallel, reusing what nothing changed) and
    /// returns the functions in source order, with every diagnostic of their lowering.
    fn lowered_items(&self, path: &str) -> Reported<Vec<&LoweredItem>> {
        let run = self.run_per_function(
            path,
            None,
            |db, item| lowered_item(db, item),
            |item, lowered| match lowered.diagnostics.is_empty() {
                true => Cow::Borrowed(&[]),
                false => Cow::Owned(lowered_diagnostics(&self.db, item)),
            },
        );
        match run {
            Ok((_, items, diagnostics)) => self.reported(path, items, diagnostics),
            Err(e) => Reported::failed(e),
        }
    }

    /// `value`, unless `diagnostics` has an error (then the errors, as the failure).
    fn reported<T>(&self, path: &str, value: T, diagnostics: Vec<Diagnostic>) -> Reported<T> {
        let errors: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        let value = if errors.is_empty() {
            Ok(value)
        } else {
            Err(self.failure(path, errors))
        };
        Reported { value, diagnostics }
    }

    /// The lowered program of a file, or every error (file coordinates), with every
    /// diagnostic of the lowering (warnings too).
    pub fn lower(&self, path: &str) -> Reported<Vec<Lowered>> {
        let Reported { value, diagnostics } = self.lowered_items(path);
        Reported {
            value: value.map(|items| {
                items
                    .into_iter()
                    .flat_map(|item| item.functions.iter().cloned())
                    .collect()
            }),
            diagnostics,
        }
    }

    /// The lowered program as `kiln lower` prints it, of the functions named `only` (all,
    /// when `None`), with every diagnostic of their lowering (warnings too). Each function's
    /// text is kept, so after an edit only what was lowered again is printed again.
    pub fn lowered_text(&self, path: &str, only: Option<&str>) -> Reported<String> {
        let Reported { value, diagnostics } = self.lowered_pieces(path, only);
        Reported {
            value: value.map(|pieces| pieces.join("\n")),
            diagnostics,
        }
    }

    /// The pieces of [`Session::lowered_text`]'s text, in order: each function's
    /// text as the session keeps it (the text is these joined by newlines), so a caller can
    /// write them out without making the whole text.
    pub fn lowered_pieces(&self, path: &str, only: Option<&str>) -> Reported<Vec<&str>> {
        let run = self.run_per_function(
            path,
            only,
            |db, item| lowered_text(db, item),
            |_, t| Cow::Borrowed(&t.diagnostics),
        );
        let (_, texts, diagnostics) = match run {
            Ok(r) => r,
            Err(e) => return Reported::failed(e),
        };
        let pieces = texts
            .iter()
            .filter(|t| !t.text.is_empty())
            .map(|t| t.text.as_str())
            .collect();
        self.reported(path, pieces, diagnostics)
    }

    /// Writes [`Session::lowered_text`]'s text to `out`. A session that keeps
    /// lowerings writes the kept pieces; one that does not ([`Session::set_keep_lowered`])
    /// lowers a window of functions at a time, in parallel, writes their texts in order and
    /// drops them, so it never holds the whole output. Writing stops at the first error
    /// (the caller discards what was written: the value is then the failure), but every
    /// function is still lowered, so that every error is reported. The value's `Ok` is
    /// what writing gave.
    pub fn write_lowered_text(
        &self,
        path: &str,
        only: Option<&str>,
        out: &mut dyn std::io::Write,
    ) -> Reported<std::io::Result<()>> {
        if self.keeps_lowered() {
            let Reported { value, diagnostics } = self.lowered_pieces(path, only);
            let value = value.map(|pieces| write_lines(out, &pieces));
            return Reported { value, diagnostics };
        }
        let file = match self.checked(path) {
            Ok(f) => f,
            Err(e) => return Reported::failed(e),
        };
        let items = self.items(file, only);
        let mut diagnostics = Vec::new();
        let mut written = Ok(());
        let mut failed = false;
        let mut first = true;
        // The functions are lowered a window at a time, so that only a window's texts are
        // held; two windows are in flight, so that rayon's threads lower the next while
        // this thread writes one (writing a window here while they waited left a thread
        // idle for 5-8 ms per window).
        let window = rayon::current_num_threads() * 256;
        let mut parts = items.chunks(window);
        std::thread::scope(|scope| {
            let lower = |part| {
                let db = self.db.clone();
                let handle = scope.spawn(move || {
                    crate::map_in_chunks(&db, part, |db, item| make_lowered_text(db, item))
                });
                (part, handle)
            };
            let mut in_flight: std::collections::VecDeque<_> =
                parts.by_ref().take(2).map(lower).collect();
            while let Some((part, handle)) = in_flight.pop_front() {
                let texts = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                in_flight.extend(parts.next().map(lower));
                for (item, t) in part.iter().zip(texts) {
                    let delta = kiln_engine::item_offset(&self.db, *item) as i64;
                    diagnostics.extend(t.diagnostics.iter().map(|d| d.shifted(delta)));
                    failed |= kiln_frontend::has_errors(&t.diagnostics);
                    if !failed && written.is_ok() && !t.text.is_empty() {
                        let separator: &[u8] = if first { b"" } else { b"\n" };
                        written = out
                            .write_all(separator)
                            .and_then(|()| out.write_all(t.text.as_bytes()));
                        first = false;
                    }
                }
            }
        });
        self.reported(path, written, diagnostics)
    }

    /// The names of a file's functions, in source order.
    pub fn function_names(&self, path: &str) -> Vec<String> {
        match self.file(path) {
            Ok(f) => functions(&self.db, f)
                .iter()
                .map(|item| item.name(&self.db).clone())
                .collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// Writes `pieces` joined by newlines, as [`Session::lowered_text`] joins its pieces, without
/// joining them in memory first.
pub fn write_lines(out: &mut dyn std::io::Write, pieces: &[&str]) -> std::io::Result<()> {
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(piece.as_bytes())?;
    }
    Ok(())
}

/// What a request made, with every diagnostic found making it (file coordinates, in file
/// order; warnings too). `value` fails with the errors among them, or with what stopped
/// the request before (the rule files' errors, the source's, an unknown file).
#[derive(Debug)]
#[must_use = "a request's value is in `value` (or `into_result`), its warnings in `diagnostics`"]
pub struct Reported<T> {
    /// What was made, or the errors that stopped it, per file.
    pub value: Result<T, Vec<FileDiagnostics>>,
    /// The diagnostics found making it, warnings too; empty when the request stopped before
    /// lowering (an unknown file, errors in the rules or the source).
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Reported<T> {
    /// The value alone, for a caller that does not show warnings.
    pub fn into_result(self) -> Result<T, Vec<FileDiagnostics>> {
        self.value
    }

    fn failed(files: Vec<FileDiagnostics>) -> Reported<T> {
        Reported {
            value: Err(files),
            diagnostics: Vec::new(),
        }
    }
}
