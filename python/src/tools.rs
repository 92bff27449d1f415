//! Rules, lowering, compilation and the incremental session.

use crate::{detached, guard, Diagnostic, Failure, Kind, NResult};
use kiln_driver::{
    check_source, lower_file, CompiledRules, Database, FileDiagnostics, LowerOptions,
};
use kiln_engine::{load_rules, RuleSource};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::sync::{Arc, Mutex, OnceLock};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RuleSet>()?;
    m.add_class::<NativeSession>()?;
    m.add_function(wrap_pyfunction!(lower, m)?)?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(check_pipeline, m)?)?;
    m.add_function(wrap_pyfunction!(to_llvm_dialect, m)?)?;
    Ok(())
}

/// A session with `sources` as its rules, or the shipped ones.
fn session_with(sources: Option<Vec<RuleSource>>) -> kiln_driver::Session {
    match sources {
        Some(s) => kiln_driver::Session::with_rules(s),
        None => kiln_driver::Session::new(),
    }
}

/// The shipped rules, loaded and compiled once per process.
pub fn shipped() -> NResult<Arc<CompiledRules>> {
    static SHIPPED: OnceLock<Result<Arc<CompiledRules>, String>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| {
            let loaded = kiln_driver::load_rules(kiln_driver::shipped::shipped_rules());
            if loaded.has_errors() {
                return Err("the shipped rules do not load".to_string());
            }
            Ok(Arc::new(CompiledRules::new(Arc::new(loaded.rules))))
        })
        .clone()
        .map_err(|e| Failure::new(Kind::Internal, e))
}

/// A shared cache's hits, misses, entries stored and entries rejected.
type CacheCounts = (usize, usize, usize, usize);

/// A checked, compiled set of rule files.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct RuleSet {
    pub sources: Vec<RuleSource>,
    pub compiled: Arc<CompiledRules>,
    pub warnings: Vec<Diagnostic>,
    pub origin: String,
    pub rule_count: usize,
}

impl RuleSet {
    pub(crate) fn build(sources: Vec<RuleSource>, origin: String) -> NResult<RuleSet> {
        let loaded = load_rules(sources.clone());
        let mut errors = Vec::new();
        let mut warnings = Vec::new();
        for d in &loaded.diagnostics {
            let (path, text) = match loaded.rules.files.get(d.file) {
                Some(f) => (f.path.as_str(), f.text.as_str()),
                None => ("<rules>", ""),
            };
            let located = Diagnostic::from_frontend(&d.diagnostic, path, text);
            if d.diagnostic.is_error() {
                errors.push(located);
            } else {
                warnings.push(located);
            }
        }
        if !errors.is_empty() {
            return Err(Failure::summarized(
                Kind::Rule,
                &format!("the rules of {origin} do not load"),
                errors,
            ));
        }
        let rule_count = loaded.rules.rules.len();
        let compiled = CompiledRules::new(Arc::new(loaded.rules));
        Ok(RuleSet {
            sources,
            compiled: Arc::new(compiled),
            warnings,
            origin,
            rule_count,
        })
    }
}

#[pymethods]
impl RuleSet {
    /// The rules shipped with kiln.
    #[staticmethod]
    fn shipped(py: Python<'_>) -> PyResult<RuleSet> {
        detached(py, || {
            RuleSet::build(
                kiln_driver::shipped::shipped_rules(),
                "<builtin>".to_string(),
            )
        })
    }

    /// Every `*.rules` file of a directory.
    #[staticmethod]
    fn load(py: Python<'_>, dir: std::path::PathBuf) -> PyResult<RuleSet> {
        detached(py, move || {
            let sources = kiln_driver::shipped::read_rule_dir(&dir).map_err(|e| {
                let msg = format!("cannot read rules from `{}`: {e}", dir.display());
                Failure::with(
                    Kind::Rule,
                    msg.clone(),
                    vec![Diagnostic::plain(
                        "rules.io",
                        msg,
                        &dir.display().to_string(),
                    )],
                )
            })?;
            RuleSet::build(sources, dir.display().to_string())
        })
    }

    /// Rule files given as `{path: text}` (or a list of pairs); with `with_shipped`, loaded
    /// after the shipped files (so they can use their declarations and phases).
    #[staticmethod]
    #[pyo3(signature = (files, with_shipped = false))]
    fn from_text(
        py: Python<'_>,
        files: Vec<(String, String)>,
        with_shipped: bool,
    ) -> PyResult<RuleSet> {
        detached(py, move || {
            let mut sources = if with_shipped {
                kiln_driver::shipped::shipped_rules()
            } else {
                Vec::new()
            };
            sources.extend(
                files
                    .into_iter()
                    .map(|(path, text)| RuleSource { path, text }),
            );
            RuleSet::build(sources, "<text>".to_string())
        })
    }

    /// (path, text) of each rule file.
    #[getter]
    fn files(&self) -> Vec<(String, String)> {
        self.sources
            .iter()
            .map(|s| (s.path.clone(), s.text.clone()))
            .collect()
    }

    #[getter]
    fn warnings(&self) -> Vec<Diagnostic> {
        self.warnings.clone()
    }

    #[getter]
    fn rule_count(&self) -> usize {
        self.rule_count
    }

    /// Runs the inline `test`s of the rule files: (passed, failure messages).
    fn run_tests(&self, py: Python<'_>) -> PyResult<(usize, Vec<String>)> {
        let compiled = self.compiled.clone();
        detached(py, move || {
            let outcomes = kiln_driver::run_inline_tests(&compiled);
            let mut passed = 0;
            let mut failures = Vec::new();
            for o in outcomes {
                match o.failure {
                    None => passed += 1,
                    Some(e) => failures.push(format!("{}: {e}", o.name)),
                }
            }
            Ok((passed, failures))
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "RuleSet({} files from {}, {} rules)",
            self.sources.len(),
            self.origin,
            self.rule_count
        )
    }
}

/// Every diagnostic of a failed session request, as a `kiln.Error` (a rule file's errors
/// are `RuleError`s, a source's parse and verifier errors `ParseError`/`VerifyError`,
/// anything later `LoweringError`).
pub fn session_failure(files: Vec<FileDiagnostics>, source: &str) -> Failure {
    let mut kind = Kind::Lowering;
    let mut diags = Vec::new();
    for f in &files {
        for d in &f.diagnostics {
            if f.path != source {
                kind = Kind::Rule;
            } else if kind == Kind::Lowering
                && (d.code.starts_with("parse") || d.code.starts_with("lex"))
            {
                kind = Kind::Parse;
            } else if kind == Kind::Lowering && d.code.starts_with("verify") {
                kind = Kind::Verify;
            }
            diags.push(Diagnostic::from_frontend(d, &f.path, &f.text));
        }
    }
    let what = match kind {
        Kind::Rule => "the rules do not load",
        Kind::Parse => "the module does not parse",
        Kind::Verify => "the module does not verify",
        _ => "the module does not lower",
    };
    Failure::summarized(kind, &format!("{source}: {what}"), diags)
}

/// Parse and verifier errors of `text`, if any, as a failure.
pub fn check_errors(db: &Database, filename: &str, text: &str) -> NResult<kiln_driver::SourceFile> {
    let (file, diags) = check_source(db, filename, text);
    let errors: Vec<_> = diags.into_iter().filter(|d| d.is_error()).collect();
    if errors.is_empty() {
        return Ok(file);
    }
    file_failure(filename, text, errors).into_err()
}

/// The failure of one file's `diagnostics`, raised as [`session_failure`] raises a
/// session's.
pub fn file_failure(
    filename: &str,
    text: &str,
    diagnostics: Vec<kiln_driver::Diagnostic>,
) -> Failure {
    session_failure(
        vec![FileDiagnostics {
            path: filename.to_string(),
            text: text.to_string(),
            diagnostics,
        }],
        filename,
    )
}

impl Failure {
    fn into_err<T>(self) -> NResult<T> {
        Err(self)
    }
}

struct PhaseRow {
    phase: String,
    iterations: usize,
    nodes: usize,
    classes: usize,
    seconds: f64,
    stop: String,
    applied: Vec<(String, usize)>,
    passes: Vec<kiln_engine::Pass>,
}

/// Lowers a module's text with `rules`: (lowered text, stats per function).
#[pyfunction]
#[pyo3(signature = (text, filename, rules))]
fn lower<'py>(
    py: Python<'py>,
    text: String,
    filename: String,
    rules: &RuleSet,
) -> PyResult<(String, Bound<'py, PyList>)> {
    let compiled = rules.compiled.clone();
    let (lowered, stats) = detached(py, move || {
        let db = Database::new();
        let file = check_errors(&db, &filename, &text)?;
        let result = lower_file(&db, file, &compiled, &LowerOptions::default(), None);
        let mut errors = Vec::new();
        let mut out = String::new();
        let mut stats = Vec::new();
        for f in result {
            errors.extend(
                f.outcome
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .cloned(),
            );
            if let Some(l) = &f.outcome.lowered {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&l.to_string());
            }
            let rows: Vec<PhaseRow> = f
                .outcome
                .stats
                .phases
                .iter()
                .map(|p| PhaseRow {
                    phase: p.phase.clone(),
                    iterations: p.iterations,
                    nodes: p.nodes,
                    classes: p.classes,
                    seconds: p.time.as_secs_f64(),
                    stop: p.stop.to_string(),
                    applied: p.applied.iter().map(|(r, n)| (r.to_string(), *n)).collect(),
                    passes: p.passes.clone(),
                })
                .collect();
            stats.push((f.name, rows));
        }
        if !errors.is_empty() {
            return Err(file_failure(&filename, &text, errors));
        }
        Ok((out, stats))
    })?;
    let list = PyList::empty(py);
    for (name, rows) in stats {
        let phases = PyList::empty(py);
        for r in rows {
            let d = PyDict::new(py);
            d.set_item("phase", r.phase)?;
            d.set_item("iterations", r.iterations)?;
            d.set_item("nodes", r.nodes)?;
            d.set_item("classes", r.classes)?;
            d.set_item("seconds", r.seconds)?;
            d.set_item("stop", r.stop)?;
            d.set_item("applied", r.applied)?;
            let passes = PyList::empty(py);
            for pass in &r.passes {
                let p = PyDict::new(py);
                p.set_item("scope", pass.scope.to_string())?;
                p.set_item("searched", pass.searched)?;
                p.set_item("matches", pass.matches)?;
                p.set_item("applied", pass.applied)?;
                p.set_item("nodes", pass.nodes)?;
                p.set_item("classes", pass.classes)?;
                p.set_item("seconds", pass.time.as_secs_f64())?;
                passes.append(p)?;
            }
            d.set_item("passes", passes)?;
            phases.append(d)?;
        }
        let d = PyDict::new(py);
        d.set_item("function", name)?;
        d.set_item("phases", phases)?;
        list.append(d)?;
    }
    Ok((lowered, list))
}

pub fn emit_of(emit: &str) -> NResult<kiln_backend::Emit> {
    match emit {
        "llvm-ir" => Ok(kiln_backend::Emit::LlvmIr),
        "asm" => Ok(kiln_backend::Emit::Asm),
        "obj" => Ok(kiln_backend::Emit::Obj),
        e => Err(Failure::new(
            Kind::Value,
            format!("emit must be \"llvm-ir\", \"asm\" or \"obj\", not {e:?}"),
        )),
    }
}

fn check_opt(opt_level: u8) -> NResult<()> {
    if opt_level > 3 {
        return Err(Failure::new(
            Kind::Value,
            format!("opt_level must be 0 to 3, not {opt_level}"),
        ));
    }
    Ok(())
}

fn check_target(target: &Option<String>) -> NResult<()> {
    if let Some(t) = target {
        kiln_backend::check_cpu(t, None).map_err(|e| Failure::new(Kind::Value, e.to_string()))?;
    }
    Ok(())
}

/// Compiles a module's text to LLVM IR (`str`), assembly (`str`) or an object (`bytes`).
#[pyfunction]
#[pyo3(signature = (text, filename, emit, opt_level, target, rules, debug))]
#[allow(clippy::too_many_arguments)]
fn compile(
    py: Python<'_>,
    text: String,
    filename: String,
    emit: String,
    opt_level: u8,
    target: Option<String>,
    rules: Option<&RuleSet>,
    debug: bool,
) -> PyResult<Py<PyAny>> {
    let sources = rules.map(|r| r.sources.clone());
    let kind = emit.clone();
    let bytes = detached(py, move || {
        let e = emit_of(&emit)?;
        check_opt(opt_level)?;
        check_target(&target)?;
        let mut session = session_with(sources);
        session.set_target(target, None);
        session.set_debug_info(debug);
        session.set_source(&filename, text);
        session
            .compile(&filename, e, opt_level)
            .into_result()
            .map_err(|f| session_failure(f, &filename))
    })?;
    if kind == "obj" {
        Ok(PyBytes::new(py, &bytes).into_any().unbind())
    } else {
        let s = String::from_utf8(bytes).map_err(|_| {
            PyErr::from(Failure::new(
                Kind::Internal,
                "LLVM produced text that is not UTF-8",
            ))
        })?;
        Ok(s.into_pyobject(py)?.into_any().unbind())
    }
}

/// Checks a textual pass pipeline against the LLVM conversion kiln performs: whether it
/// asks for bare-pointer memref calls, or `ValueError` naming the pass or option kiln does
/// not implement.
#[pyfunction]
fn check_pipeline(pipeline: &str) -> PyResult<bool> {
    kiln_driver::passes::parse_pipeline(pipeline)
        .map(|c| c.bare_ptr)
        .map_err(|e| PyErr::from(Failure::new(Kind::Value, e)))
}

/// A module's text lowered to the LLVM dialect (what `kiln opt` prints), with `rules`.
#[pyfunction]
#[pyo3(signature = (text, filename, bare_ptr, rules))]
fn to_llvm_dialect(
    py: Python<'_>,
    text: String,
    filename: String,
    bare_ptr: bool,
    rules: Option<&RuleSet>,
) -> PyResult<String> {
    let compiled = rules.map(|r| r.compiled.clone());
    detached(py, move || {
        // The checked rules are reused (the shipped ones are checked once per process): a
        // session would check its rules again on every call.
        let compiled = match compiled {
            Some(c) => c,
            None => shipped()?,
        };
        let db = Database::new();
        let file = check_errors(&db, &filename, &text)?;
        kiln_driver::mlir_llvm_text(&db, file, &compiled, bare_ptr)
            .map_err(|diagnostics| file_failure(&filename, &text, diagnostics))
    })
}

/// `kiln.Session`: an incremental compilation session.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct NativeSession {
    session: Mutex<kiln_driver::Session>,
}

impl NativeSession {
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut kiln_driver::Session) -> NResult<T> + Send,
    ) -> PyResult<T> {
        detached(py, || {
            let mut s = self
                .session
                .lock()
                .map_err(|_| Failure::new(Kind::Internal, "the session's lock is poisoned"))?;
            f(&mut s)
        })
    }
}

#[pymethods]
impl NativeSession {
    #[new]
    #[pyo3(signature = (rules = None, cache = None))]
    fn new(rules: Option<&RuleSet>, cache: Option<String>) -> PyResult<NativeSession> {
        let session = guard(|| {
            let mut session = session_with(rules.map(|r| r.sources.clone()));
            if let Some(url) = cache {
                let cache = kiln_driver::shared_cache::SharedCache::open(&url)
                    .map_err(|e| Failure::new(Kind::Value, e))?;
                session.set_shared_cache(Some(Arc::new(cache)));
            }
            Ok(session)
        })?;
        Ok(NativeSession {
            session: Mutex::new(session),
        })
    }

    /// What the shared cache did (`hits`, `misses`, `stored`, `rejected`) and its warnings
    /// since the last call, after waiting for its writes; `None` without a cache.
    fn cache_report(&self, py: Python<'_>) -> PyResult<Option<(CacheCounts, Vec<String>)>> {
        self.with(py, |s| {
            Ok(s.shared_cache().map(|c| {
                c.flush(std::time::Duration::from_secs(30));
                let st = c.stats();
                (
                    (st.hits, st.misses, st.stored, st.rejected),
                    c.take_warnings(),
                )
            }))
        })
    }

    fn set_source(&self, py: Python<'_>, path: String, text: String) -> PyResult<()> {
        self.with(py, move |s| {
            s.set_source(&path, text);
            Ok(())
        })
    }

    /// Replaces the characters `start..end` (Python string indices, `0 <= start <= end <=
    /// len(text)`) of an open file.
    fn edit_source(
        &self,
        py: Python<'_>,
        path: String,
        start: i64,
        end: i64,
        text: String,
    ) -> PyResult<()> {
        self.with(py, move |s| {
            let old = s
                .source_text(&path)
                .ok_or_else(|| Failure::new(Kind::Value, format!("no file `{path}` is open")))?;
            // A Python index counts code points; the session's range counts bytes. One walk
            // finds both ends.
            let bad = || {
                Failure::new(
                    Kind::Value,
                    format!("characters {start}..{end} are not a range of the text"),
                )
            };
            let (Ok(first), Ok(last)) = (usize::try_from(start), usize::try_from(end)) else {
                return Err(bad());
            };
            if first > last {
                return Err(bad());
            }
            let mut bytes = old.char_indices().map(|(b, _)| b).chain([old.len()]);
            let from = bytes.nth(first).ok_or_else(bad)?;
            let to = if first == last {
                from
            } else {
                bytes.nth(last - first - 1).ok_or_else(bad)?
            };
            s.edit_source(&path, from..to, &text)
                .map_err(|e| Failure::new(Kind::Value, e.to_string()))
        })
    }

    fn remove_source(&self, py: Python<'_>, path: String) -> PyResult<bool> {
        self.with(py, move |s| Ok(s.remove_source(&path)))
    }

    fn sources(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |s| Ok(s.sources()))
    }

    fn set_rules(&self, py: Python<'_>, rules: &RuleSet) -> PyResult<()> {
        let sources = rules.sources.clone();
        self.with(py, move |s| {
            s.set_rules(sources);
            Ok(())
        })
    }

    #[pyo3(signature = (triple = None, cpu = None))]
    fn set_target(
        &self,
        py: Python<'_>,
        triple: Option<String>,
        cpu: Option<String>,
    ) -> PyResult<()> {
        self.with(py, move |s| {
            check_target(&triple)?;
            s.set_target(triple, cpu);
            Ok(())
        })
    }

    fn diagnostics(&self, py: Python<'_>, path: String) -> PyResult<Vec<Diagnostic>> {
        self.with(py, move |s| {
            let text = s.text(&path).unwrap_or_default();
            Ok(s.diagnostics(&path)
                .iter()
                .map(|d| Diagnostic::from_frontend(d, &path, &text))
                .collect())
        })
    }

    /// (lowered text, (functions lowered, functions code-generated)).
    fn lowered_text(&self, py: Python<'_>, path: String) -> PyResult<(String, (usize, usize))> {
        self.with(py, move |s| {
            let (r, work) = s.counting(|s| s.lowered_text(&path, None).into_result());
            let text = r.map_err(|f| session_failure(f, &path))?;
            Ok((text, (work.lowered, work.generated)))
        })
    }

    /// (code, (functions lowered, functions code-generated)).
    fn compile(
        &self,
        py: Python<'_>,
        path: String,
        emit: String,
        opt_level: u8,
    ) -> PyResult<(Py<PyAny>, (usize, usize))> {
        let kind = emit.clone();
        let (bytes, work) = self.with(py, move |s| {
            let e = emit_of(&emit)?;
            check_opt(opt_level)?;
            let (r, work) = s.counting(|s| s.compile(&path, e, opt_level).into_result());
            let bytes = r.map_err(|f| session_failure(f, &path))?;
            Ok((bytes, (work.lowered, work.generated)))
        })?;
        let obj = if kind == "obj" {
            PyBytes::new(py, &bytes).into_any().unbind()
        } else {
            String::from_utf8_lossy(&bytes)
                .into_owned()
                .into_pyobject(py)?
                .into_any()
                .unbind()
        };
        Ok((obj, work))
    }
}
