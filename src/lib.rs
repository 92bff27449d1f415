//! kiln: a declarative rewrite-rule engine with an e-graph optimizer that lowers a subset of
//! MLIR (func, arith, cf, memref) to native code through LLVM.
//!
//! This crate is the CLI and a thin facade over the workspace crates:
//! [`frontend`] (parse, verify, print), [`engine`] (the incremental database) and
//! [`backend`] (LLVM).
//!
//! ```
//! use kiln::{check_source, Database};
//!
//! let db = Database::new();
//! let (file, diagnostics) = check_source(&db, "m.mlir", "func.func @f() {\n  func.return\n}\n");
//! assert!(diagnostics.is_empty());
//! assert!(kiln::format_file(&db, file).starts_with("module {"));
//! ```
//!
//! Lowering with the shipped rules:
//!
//! ```
//! use kiln::{check_source, load_rules, lower_file, CompiledRules, Database, LowerOptions};
//! use std::sync::Arc;
//!
//! let loaded = load_rules(kiln::shipped::shipped_rules());
//! assert!(!loaded.has_errors());
//! let rules = CompiledRules::new(Arc::new(loaded.rules)).unwrap();
//! let db = Database::new();
//! let text = "func.func @inc(%x: index) -> index {\n  %c1 = arith.constant 1 : index\n  %y = arith.addi %x, %c1 : index\n  func.return %y : index\n}\n";
//! let (file, diagnostics) = check_source(&db, "inc.mlir", text);
//! assert!(diagnostics.is_empty());
//! let lowered = lower_file(&db, file, &rules, &LowerOptions::default(), None);
//! let text = lowered[0].outcome.lowered.as_ref().unwrap().to_string();
//! assert!(text.contains("llvm.add i64"), "{text}");
//! ```

pub mod abi;
pub mod interp;
pub mod reference;
pub mod report;
pub mod run;
pub mod verify;

pub use kiln_backend as backend;
pub use kiln_engine as engine;
pub use kiln_frontend as frontend;

pub use kiln_engine::{Database, SourceFile};
pub use kiln_frontend::{Diagnostic, Severity};

/// Registers `text` as a source file and returns it with its diagnostics (parse, build,
/// verify, and the function ABI attributes of [`abi`]), sorted by position.
pub fn check_source(db: &Database, path: &str, text: &str) -> (SourceFile, Vec<Diagnostic>) {
    let file = SourceFile::new(db, path.to_string(), text.to_string(), None);
    (file, file_diagnostics(db, file))
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

/// Compiles a lowered program of `file` like [`backend::emit`], with the reflection symbol
/// of each exported function (`__kiln_abi_<name>`, see [`abi`]) in the module.
pub fn emit_program(
    db: &dyn salsa::Database,
    file: SourceFile,
    program: &[Lowered],
    what: backend::Emit,
    opts: &backend::CodegenOptions,
) -> Result<Vec<u8>, backend::CodegenError> {
    let tm = backend::target_machine(opts)?;
    let mut parts = Vec::new();
    parts.extend(abi::symbols_code(&abi::file_abi(db, file)));
    for f in program {
        parts.push(backend::build_function_code(f, &tm)?);
    }
    backend::emit_code(&parts.iter().collect::<Vec<_>>(), what, opts)
}

/// The file printed in modern MLIR syntax.
pub fn format_file(db: &Database, file: SourceFile) -> String {
    kiln_frontend::print_module(kiln_engine::module_ir(db, file))
}

pub mod code;
pub mod serve;
pub mod session;
pub mod shipped;
pub mod watch;

pub use session::{FileDiagnostics, Session, Work};

pub use kiln_engine::{
    load_rules, lower_function, run_inline_tests, CompiledRules, LowerOptions, LowerOutcome,
    Lowered, RuleSet, RuleSource,
};

/// Lowers a checked file into the program the backend compiles: every function's lowered
/// form, or every diagnostic (file coordinates) when some function does not lower.
///
/// ```
/// use kiln::{check_source, load_rules, lower_program, CompiledRules, Database};
/// use kiln::backend::{call, Value};
/// use std::sync::Arc;
///
/// let rules = CompiledRules::new(Arc::new(load_rules(kiln::shipped::shipped_rules()).rules)).unwrap();
/// let db = Database::new();
/// let text = "func.func @twice(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n";
/// let (file, _) = check_source(&db, "t.mlir", text);
/// let program = lower_program(&db, file, &rules).unwrap();
/// let out = call(&program, "twice", &[Value::Int { bits: 32, value: 21 }]).unwrap();
/// assert_eq!(out, vec![Value::Int { bits: 32, value: 42 }]);
/// ```
pub fn lower_program(
    db: &Database,
    file: SourceFile,
    rules: &CompiledRules,
) -> Result<Vec<Lowered>, Vec<Diagnostic>> {
    let mut program = Vec::new();
    let mut errors = Vec::new();
    for f in lower_file(db, file, rules, &LowerOptions::default(), None) {
        errors.extend(f.outcome.diagnostics.into_iter().filter(|d| d.is_error()));
        program.extend(f.outcome.lowered);
    }
    if errors.is_empty() {
        Ok(program)
    } else {
        Err(errors)
    }
}

/// One function's lowering, with diagnostics in file coordinates.
pub struct FunctionLowering {
    pub name: String,
    pub outcome: LowerOutcome,
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
    use rayon::prelude::*;
    let mut work = Vec::new();
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
        for variant in kiln_engine::lower::variants(f, opts.c_interface) {
            work.push((f.clone(), variant, item.offset(db) as i64));
        }
    }
    // Elaboration recurses once per nested operand, so a long dependency chain needs a deep
    // stack; rayon's default (2 MiB) is too small for functions of many thousand ops.
    let lower_all = || -> Vec<FunctionLowering> {
        work.into_par_iter()
            .map(|(f, variant, delta)| {
                let mut outcome = kiln_engine::lower::lower_variant(rules, &f, variant, opts);
                outcome.diagnostics = outcome
                    .diagnostics
                    .iter()
                    .map(|d| d.shifted(delta))
                    .collect();
                let name = match &outcome.lowered {
                    Some(l) => l.name.clone(),
                    None => f.name,
                };
                FunctionLowering { name, outcome }
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new()
        .stack_size(LOWERING_STACK)
        .build()
    {
        Ok(pool) => pool.install(lower_all),
        // Creating threads failed (resource exhaustion): lower on the caller's thread.
        Err(_) => lower_all(),
    }
}

/// Stack size of the lowering threads (address space, committed only as used).
pub const LOWERING_STACK: usize = 1 << 30;

/// A path as messages name it (`-` is standard input).
pub fn display_path(path: &std::path::Path) -> String {
    if path == std::path::Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Writes `contents` to `path` through a temporary file in the same directory, so a reader
/// never sees a partial file and a failure leaves no file behind. `-` is standard output;
/// a device or a pipe (`/dev/null`) is written in place. A new file gets mode 0644 (an
/// existing one keeps its mode), not the temporary file's 0600.
pub fn write_atomically(path: &std::path::Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(contents)?;
        return out.flush();
    }
    // Renaming a temporary file over a device would replace it with a regular file.
    let existing = std::fs::metadata(path).ok();
    if existing
        .as_ref()
        .is_some_and(|m| !m.is_file() && !m.is_dir())
    {
        return std::fs::write(path, contents);
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(contents)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = existing.map_or(0o644, |m| m.permissions().mode() & 0o7777);
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
