//! kiln's driver: what an embedding toolchain links to check, lower and compile MLIR with
//! kiln. It joins the workspace crates, [`frontend`] (parse, verify, print), [`engine`] (the
//! incremental database), [`abi`] (function ABIs and calls) and [`backend`] (LLVM), into
//! the queries that need all of them, the incremental [`Session`] (with its snapshots and
//! transactional changes), the shipped rules and the shared object cache. It knows nothing
//! of command lines, editors or long-running servers.
//!
//! ```
//! use kiln_driver::{check_source, Database};
//!
//! let db = Database::new();
//! let (file, diagnostics) = check_source(&db, "m.mlir", "func.func @f() {\n  func.return\n}\n");
//! assert!(diagnostics.is_empty());
//! assert!(kiln_driver::format_file(&db, file).starts_with("module {"));
//! ```
//!
//! Lowering with the shipped rules:
//!
//! ```
//! use kiln_driver::{check_source, load_rules, lower_file, CompiledRules, Database, LowerOptions};
//! use std::sync::Arc;
//!
//! let loaded = load_rules(kiln_driver::shipped::shipped_rules());
//! assert!(!loaded.has_errors());
//! let rules = CompiledRules::new(Arc::new(loaded.rules));
//! let db = Database::new();
//! let text = "func.func @inc(%x: index) -> index {\n  %c1 = arith.constant 1 : index\n  %y = arith.addi %x, %c1 : index\n  func.return %y : index\n}\n";
//! let (file, diagnostics) = check_source(&db, "inc.mlir", text);
//! assert!(diagnostics.is_empty());
//! let lowered = lower_file(&db, file, &rules, &LowerOptions::default(), None);
//! let text = lowered[0].outcome.lowered.as_ref().unwrap().to_string();
//! assert!(text.contains("llvm.add i64"), "{text}");
//! ```

#![deny(missing_docs)]

pub mod debug_info;
pub mod passes;
pub mod report;

pub use kiln_abi as abi;
pub use kiln_backend as backend;
pub use kiln_engine as engine;
pub use kiln_frontend as frontend;

pub use kiln_engine::{Database, SourceFile};
pub use kiln_frontend::{Diagnostic, Severity};
pub use salsa::Cancelled;

/// Registers `text` as a source file and returns it with its diagnostics (parse, build,
/// verify, and the function ABI attributes of [`abi`]), sorted by position.
pub fn check_source(db: &Database, path: &str, text: &str) -> (SourceFile, Vec<Diagnostic>) {
    let file = SourceFile::new(db, path.to_string(), text.to_string(), None);
    parse_in_parallel(db, file);
    (file, file_diagnostics(db, file))
}

/// Parses, then verifies, the functions of a file of plain shape on rayon's threads, each
/// with its own handle on `db`, so that the queries which check the file (on one thread)
/// find every function's parse and verification already made. After an edit in a session
/// this is where every function's memos are checked again, so that runs on every thread
/// too. Does nothing on one thread or for a few functions, and for a file that does not
/// split into functions (the whole-file parse then reports its errors).
pub(crate) fn parse_in_parallel(db: &Database, file: SourceFile) {
    use kiln_engine::{function_texts, functions, parse_function, verify_function};
    let threads = rayon::current_num_threads();
    if threads < 2 {
        return;
    }
    if file.sources(db).is_some() {
        // A file a session split: its groups of functions are checked (each function
        // parsed, built and verified), and after an edit all but the edited one's are
        // found valid at a glance.
        let groups = kiln_engine::function_groups(db, file);
        if groups.len() > 1 {
            // The ABIs too (read off each function's header): after an edit, their memos
            // are checked here on every thread rather than by the file's ABI check on one.
            map_in_chunks(db, groups, |db, group| {
                kiln_engine::check_group(db, group);
                abi::group_abis(db, group);
            });
        }
        return;
    }
    // The texts are interned once per revision by their query, so asking again after an
    // edit finds every parse but the edited function's in its memo.
    let Some(texts) = function_texts(db, file) else {
        return;
    };
    if texts.len() < 64 {
        return;
    }
    map_in_chunks(db, texts, |db, text| {
        parse_function(db, text);
    });
    // Verifying reads the callees' signatures, made by whichever thread needs one first.
    map_in_chunks(db, functions(db, file), |db, item| {
        verify_function(db, item);
    });
}

/// Parses every function of a file a session split, on every thread, before the split
/// records each function's interface and header off its parse (`kiln_engine::split_sources_edited`).
pub(crate) fn parse_items_in_parallel(db: &Database, file: SourceFile) {
    let items = kiln_engine::functions(db, file);
    if rayon::current_num_threads() < 2 || items.len() < 64 {
        return;
    }
    map_in_chunks(db, items, |db, item| {
        kiln_engine::parsed_function(db, item);
    });
}

/// `work` on each of `items`, in parallel on rayon's pool, one handle on `db` per chunk of
/// items, with the results in the items' order. Queries `work` runs are memoized, so the
/// caller then reads their results on its own handle without recomputing.
pub(crate) fn map_in_chunks<I: Copy + Sync, T: Send>(
    db: &Database,
    items: &[I],
    work: impl Fn(&Database, I) -> T + Sync,
) -> Vec<T> {
    use rayon::prelude::*;
    // Many more chunks than threads, so that rayon's threads share the work as they
    // finish (functions differ in cost, and a thread can be descheduled): two fixed
    // halves on two threads left one idle while the other finished.
    let chunks = (rayon::current_num_threads() * 16).clamp(1, items.len().max(1));
    let chunk = items.len().div_ceil(chunks).max(1);
    // Clones are made here, on the caller's thread: the database is `Send`, not `Sync`.
    let dbs: Vec<Database> = items.chunks(chunk).map(|_| db.clone()).collect();
    let parts: Vec<Vec<T>> = items
        .par_chunks(chunk)
        .zip(dbs.into_par_iter())
        .map(|(part, db)| part.iter().map(|item| work(&db, *item)).collect())
        .collect();
    parts.into_iter().flatten().collect()
}

/// Every diagnostic of a file: the frontend's and the ABI attributes' ([`abi::check_file`]).
pub fn file_diagnostics(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    let mut diags = kiln_engine::check_file(db, file).clone();
    let abi = abi::check_file(db, file);
    if !abi.is_empty() {
        diags.extend(abi);
        kiln_frontend::sort_diagnostics(&mut diags);
    }
    diags
}

/// Compiles a lowered program of `file` like [`backend::emit()`], with the reflection symbol
/// of each exported function (`__kiln_abi_<name>`, see [`abi`]) in the module.
pub fn emit_program(
    db: &dyn salsa::Database,
    file: SourceFile,
    program: &[Lowered],
    what: backend::Emit,
    opts: &backend::CodegenOptions,
) -> Result<Vec<u8>, backend::CodegenError> {
    let codes = program
        .iter()
        .map(|f| function_code::build_code(f, opts))
        .collect::<Result<Vec<_>, _>>()?;
    let globals = globals::globals_code(&globals::file_globals(db, file), opts)?;
    // The reflection symbols and the globals come first, as LLVM prints globals before
    // functions.
    let symbols = abi::file_symbols_code(db, file);
    let parts: Vec<&backend::FunctionCode> = symbols.iter().chain(&globals).chain(&codes).collect();
    backend::emit_code(&parts, what, opts)
}

/// A code generation problem as a diagnostic located at the name of the function it is
/// about (a C wrapper's at its function's), in file coordinates; at the file's start when no
/// function is named or found.
pub fn codegen_diagnostic(
    db: &dyn salsa::Database,
    file: SourceFile,
    function: Option<&str>,
    message: String,
) -> Diagnostic {
    let name = function.map(|f| f.strip_prefix(kiln_engine::C_WRAPPER_PREFIX).unwrap_or(f));
    let at = name
        .and_then(|name| {
            kiln_engine::functions(db, file).iter().find_map(|item| {
                let f = kiln_engine::function_ir(db, *item).function.as_ref()?;
                (f.name == name).then(|| {
                    f.name_span
                        .shifted(kiln_engine::item_offset(db, *item) as i64)
                })
            })
        })
        .unwrap_or_default();
    Diagnostic::error("codegen", at, message)
}

/// The file printed in modern MLIR syntax.
pub fn format_file(db: &Database, file: SourceFile) -> String {
    kiln_frontend::print_module(kiln_engine::module_ir(db, file))
}

pub mod function_code;
pub mod globals;
pub mod session;
pub mod shared_cache;
pub mod shipped;

pub use session::{
    Change, ChangeError, EditError, FileDiagnostics, Reported, Session, Snapshot, Work,
};

pub use kiln_engine::{
    load_rules, lower_function, run_inline_tests, CompiledRules, LowerOptions, LowerOutcome,
    Lowered, RuleSet, RuleSource,
};

/// Lowers a checked file into the program the backend compiles: every function's lowered
/// form, or every error (file coordinates) when some function does not lower. Functions
/// with parse or verifier errors are left out, not reported: check the file first
/// ([`check_source`] gives its diagnostics).
///
/// The lowered program runs through the JIT ([`backend::call`]) or compiles to native code
/// ([`emit_program`]):
///
/// ```
/// use kiln_driver::{check_source, load_rules, lower_program, CompiledRules, Database};
/// use kiln_driver::backend::{call, Value};
/// use std::sync::Arc;
///
/// let rules = CompiledRules::new(Arc::new(load_rules(kiln_driver::shipped::shipped_rules()).rules));
/// let db = Database::new();
/// let text = "func.func @twice(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n";
/// let (file, _) = check_source(&db, "t.mlir", text);
/// let program = lower_program(&db, file, &rules).unwrap();
/// let out = call(&program, "twice", &[Value::Int { bits: 32, value: 21 }]).unwrap();
/// assert_eq!(out, vec![Value::Int { bits: 32, value: 42 }]);
/// ```
///
/// An operation the rules cannot lower is an error located at it. Here the rules are the
/// shipped ones without `math.rules`, so none of them knows `math.sqrt`:
///
/// ```
/// use kiln_driver::{check_source, load_rules, lower_program, CompiledRules, Database};
/// use std::sync::Arc;
///
/// let mut sources = kiln_driver::shipped::shipped_rules();
/// sources.retain(|s| !s.path.ends_with("/math.rules"));
/// let loaded = load_rules(sources);
/// assert!(!loaded.has_errors());
/// let rules = CompiledRules::new(Arc::new(loaded.rules));
/// let db = Database::new();
/// let text = "func.func @root(%x: f64) -> f64 {\n  %y = math.sqrt %x : f64\n  func.return %y : f64\n}\n";
/// let (file, diagnostics) = check_source(&db, "root.mlir", text);
/// assert!(diagnostics.is_empty());
/// let errors = lower_program(&db, file, &rules).unwrap_err();
/// assert_eq!(errors[0].code, "lower.undeclared");
/// assert!(errors[0].message.contains("`math.sqrt`"), "{}", errors[0].message);
/// let at = &text[errors[0].span.start as usize..errors[0].span.end as usize];
/// assert!(at.contains("math.sqrt"), "{at}");
/// ```
pub fn lower_program(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
) -> Result<Vec<Lowered>, Vec<Diagnostic>> {
    lower_program_with(db, file, rules, &LowerOptions::default())
}

/// [`lower_program`] with `options`.
fn lower_program_with(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
    options: &LowerOptions,
) -> Result<Vec<Lowered>, Vec<Diagnostic>> {
    let mut program = Vec::new();
    let mut errors = Vec::new();
    for f in lower_file(db, file, rules, options, None) {
        errors.extend(f.outcome.diagnostics.into_iter().filter(|d| d.is_error()));
        program.extend(f.outcome.lowered);
    }
    if errors.is_empty() {
        Ok(program)
    } else {
        Err(errors)
    }
}

/// `file` lowered with `rules` and printed as LLVM-dialect MLIR, as [`Session::mlir_llvm`]
/// prints it, without a session's rule queries: what a caller that already holds checked
/// rules (Python's pass manager) runs. `bare_ptr` is `--bare-ptr-memref-call-conv`.
pub fn mlir_llvm_text(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
    bare_ptr: bool,
) -> Result<String, Vec<Diagnostic>> {
    let mut options = LowerOptions::default();
    options.conventions.bare_ptr = bare_ptr;
    let program = lower_program_with(db, file, rules, &options)?;
    print_mlir_llvm(db, file, &program).map_err(|d| vec![d])
}

/// `file`'s lowered `program` as LLVM-dialect MLIR, each function annotated with its ABI.
pub(crate) fn print_mlir_llvm(
    db: &Database,
    file: SourceFile,
    program: &[Lowered],
) -> Result<String, Diagnostic> {
    let globals = globals::file_globals(db, file);
    match kiln_backend::print_program(program, &globals) {
        Ok(text) => Ok(abi::annotate_mlir_llvm(&text, &abi::file_abi(db, file))),
        Err(e) => Err(codegen_diagnostic(
            db,
            file,
            Some(&e.function),
            e.to_string(),
        )),
    }
}

/// One function's lowering, with diagnostics in file coordinates.
pub struct FunctionLowering {
    /// The lowered function's name (a C wrapper's is its own), or the source function's
    /// when it did not lower.
    pub name: String,
    /// The lowered function, or why not, with the lowering's diagnostics.
    pub outcome: LowerOutcome,
}

/// `kiln explain --rule` / `--why-not`: where rule `rule` matched or nearly matched in the
/// verified function `func` of `file` (see `engine/src/egraph/why_not.rs`). `None` when the file
/// has no such verified function; `Err` when there is no such rule.
pub fn explain_rule(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
    func: &str,
    rule: &str,
    report: kiln_engine::WhyNotReport,
    bare_ptr: bool,
) -> Option<Result<String, String>> {
    let conventions = kiln_engine::conventions(db, file, bare_ptr);
    for item in kiln_engine::functions(db, file) {
        let built = kiln_engine::function_ir(db, *item);
        let Some(f) = &built.function else {
            continue;
        };
        if f.name != func
            || kiln_frontend::has_errors(&built.diagnostics)
            || kiln_frontend::has_errors(kiln_engine::verify_function(db, *item))
        {
            continue;
        }
        return Some(kiln_engine::why_not(rules, f, rule, report, conventions));
    }
    None
}

/// Lowers every function of a checked file (call [`check_source`] first: functions with
/// errors are skipped), in parallel on all cores; results come back in source order and do
/// not depend on the number of threads. Diagnostics are shifted to file offsets.
pub fn lower_file(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
    opts: &LowerOptions,
    only: Option<&str>,
) -> Vec<FunctionLowering> {
    lower_file_map(db, file, rules, opts, only, |f| f)
}

/// [`lower_file`], with `finish` applied to each function's lowering on the worker that
/// lowered it, in parallel: a caller that needs only the printed text or the LLVM IR of a
/// lowering makes it there, so no lowered function outlives its worker (a file's lowered
/// functions, held together, cost several times its IR).
pub fn lower_file_map<T: Send>(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
    opts: &LowerOptions,
    only: Option<&str>,
    finish: impl Fn(FunctionLowering) -> T + Sync,
) -> Vec<T> {
    use rayon::prelude::*;
    let mut work = Vec::new();
    // A call site passes its arguments the way the callee's convention asks.
    let conventions = kiln_engine::conventions(db, file, opts.conventions.bare_ptr);
    let opts = &opts.clone().with_conventions(conventions.clone());
    for item in kiln_engine::functions(db, file) {
        let built = kiln_engine::function_ir(db, *item);
        let Some(f) = &built.function else {
            continue;
        };
        // Only verified functions are lowered: the encoder relies on the verifier's facts.
        if kiln_frontend::has_errors(&built.diagnostics)
            || kiln_frontend::has_errors(kiln_engine::verify_function(db, *item))
        {
            continue;
        }
        if only.is_some_and(|n| n != f.name) {
            continue;
        }
        for variant in kiln_engine::variants(f, opts.c_interface, conventions) {
            // The IR stays in the database's memo; the workers borrow it.
            work.push((f, variant, kiln_engine::item_offset(db, *item) as i64));
        }
    }
    let lower_all = || -> Vec<T> {
        work.into_par_iter()
            .map(|(f, variant, delta)| {
                let mut outcome = kiln_engine::lower_variant(rules, f, variant, opts);
                outcome.diagnostics = outcome
                    .diagnostics
                    .iter()
                    .map(|d| d.shifted(delta))
                    .collect();
                let name = match &outcome.lowered {
                    Some(l) => l.name.clone(),
                    None => f.name.clone(),
                };
                finish(FunctionLowering { name, outcome })
            })
            .collect()
    };
    // Every stage after parsing works with explicit stacks (elaboration included), so rayon's
    // own threads and their default stacks do; `tests/architecture.rs` lowers a long chain on
    // a small stack to keep it so.
    lower_all()
}

/// A path as messages name it (`-` is standard input).
pub fn display_path(path: &std::path::Path) -> String {
    if path == std::path::Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Where an output file goes, decided before anything is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A regular file, or no file yet: written to a temporary file beside it and renamed
    /// over it, so a reader never sees a partial file. The path is the symlink's target
    /// when the output is a symbolic link (the link itself stays).
    Replace(std::path::PathBuf),
    /// A device, a FIFO or a socket (`/dev/null`, `/dev/stdout`): written in place, since
    /// renaming over it would replace the special file with a regular one.
    InPlace,
}

/// How `path` must be written (see [`Destination`]); a directory is an error.
pub fn destination(path: &std::path::Path) -> std::io::Result<Destination> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(Destination::Replace(path.to_path_buf()));
    };
    let (path, meta) = if meta.file_type().is_symlink() {
        match std::fs::canonicalize(path) {
            Ok(target) => {
                let m = std::fs::metadata(&target)?;
                (target, m)
            }
            // A dangling link: writing through it creates its target.
            Err(_) => return Ok(Destination::InPlace),
        }
    } else {
        (path.to_path_buf(), meta)
    };
    if meta.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    if meta.is_file() {
        Ok(Destination::Replace(path))
    } else {
        Ok(Destination::InPlace)
    }
}

/// The process's file mode creation mask (Linux reports it in `/proc/self/status`; 022,
/// the usual one, where it cannot be read).
pub fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
        })
        .unwrap_or(0o022)
}

/// Writes `contents` to `path` through a temporary file in the same directory, so a reader
/// never sees a partial file and a failure leaves no file behind. `-` is standard output;
/// a device or a pipe (`/dev/null`) is written in place. A new file gets mode 0666 under the
/// umask (0644 usually), as a file a shell redirection creates; an existing one keeps its
/// mode; the temporary file's 0600 never shows.
pub fn write_atomically(path: &std::path::Path, contents: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |out| out.write_all(contents))
}

/// [`write_atomically`] of what `write` writes (in pieces, so a caller need not join them
/// into one buffer first).
pub fn write_atomically_with(
    path: &std::path::Path,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::io::Write;
    if path.as_os_str() == "-" {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        write(&mut out)?;
        return out.flush();
    }
    let path = match destination(path)? {
        Destination::InPlace => {
            let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
            write(&mut out)?;
            return out.flush();
        }
        Destination::Replace(p) => p,
    };
    let existing = std::fs::metadata(&path).ok();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    {
        let mut out = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut out)?;
        out.flush()?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = existing.map_or(0o666 & !umask(), |m| m.permissions().mode() & 0o7777);
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    tmp.persist(&path).map_err(|e| e.error)?;
    Ok(())
}

/// The output kind a file name implies by its extension, as an `--emit` value (`f.o` is an
/// object, `f.ll` LLVM IR, `f.s` assembly, `f.so` a shared library, `f.lowered` the lowered
/// form); `None` for any other name, which implies nothing. `kiln compile`, `kiln watch`
/// and `kiln serve` take the kind from here when none is given, and refuse one that
/// contradicts it.
pub fn emit_of_extension(path: &std::path::Path) -> Option<&'static str> {
    match path.extension()?.to_str()? {
        "ll" => Some("llvm-ir"),
        "s" | "asm" => Some("asm"),
        "o" | "obj" => Some("obj"),
        "so" | "dylib" => Some("lib"),
        "lowered" => Some("lowered"),
        _ => None,
    }
}

/// The output kind to produce: `given` (an `--emit` value) or, when none is given, the kind
/// `output`'s extension implies, or `default`. A given kind that contradicts the extension,
/// or an implied kind not in `allowed`, is an error that says so.
pub fn resolve_emit<'a>(
    given: Option<&'a str>,
    output: Option<&std::path::Path>,
    allowed: &[&'a str],
    default: &'a str,
) -> Result<&'a str, String> {
    let implied = output.and_then(|o| emit_of_extension(o).map(|e| (o, e)));
    match (given, implied) {
        (Some(g), Some((o, i))) if g != i => Err(format!(
            "`--emit {g}` contradicts the output's name `{}`, which implies `--emit {i}`",
            display_path(o)
        )),
        (Some(g), _) => Ok(g),
        (None, Some((o, i))) => allowed.iter().find(|a| **a == i).copied().ok_or_else(|| {
            format!(
                "the output's name `{}` implies `--emit {i}`, which this command does not write (it writes {})",
                display_path(o),
                allowed.join(", ")
            )
        }),
        (None, None) => Ok(default),
    }
}
