//! `kiln._kiln`: the native module behind the `kiln` Python package.
//!
//! It exposes the library crates (frontend, engine, backend, and the `kiln` facade) with
//! plain Python data at the boundary; the Python package (`python/kiln/`) builds the
//! MLIR-style object model (properties, context managers, op classes) on top. No compiler
//! logic lives here: parsing, verification, printing, lowering, code generation and the JIT
//! are the library's.
//!
//! Every entry point runs its Rust work under [`guard`] (a panic becomes
//! `kiln.InternalError`, never an abort) and, for anything that may take long (parsing,
//! verifying, lowering, compiling, native calls), with the GIL released.

mod exec;
mod generic;
mod graph;
mod module;
mod tools;
mod verify;

use kiln_frontend::{Diagnostic as FDiag, LineIndex, Severity};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyList;

create_exception!(
    kiln,
    Error,
    PyException,
    "Base class of every kiln error; `.diagnostics` lists the located diagnostics."
);
create_exception!(kiln, ParseError, Error, "The text does not parse or build.");
create_exception!(kiln, VerifyError, Error, "The IR does not verify.");
create_exception!(kiln, RuleError, Error, "Rule files do not load.");
create_exception!(
    kiln,
    LoweringError,
    Error,
    "Lowering, code generation or the JIT failed."
);
create_exception!(
    kiln,
    InternalError,
    Error,
    "A bug in kiln (a caught Rust panic)."
);

/// One located diagnostic.
#[pyclass(module = "kiln._kiln", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// `"error"` or `"warning"`.
    pub severity: String,
    /// Stable kind, e.g. `parse.unexpected-token`.
    pub code: String,
    pub message: String,
    /// The file (source or rule file) the position refers to.
    pub file: String,
    /// 1-based line and column (0 when the diagnostic has no location).
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub notes: Vec<String>,
}

#[pymethods]
impl Diagnostic {
    /// A diagnostic: `Diagnostic(severity, code, message, file, line, column)`.
    #[new]
    #[pyo3(signature = (severity, code, message, file = String::new(), line = 0, column = 0))]
    fn new(
        severity: String,
        code: String,
        message: String,
        file: String,
        line: u32,
        column: u32,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message,
            file,
            line,
            column,
            end_line: line,
            end_column: column,
            notes: Vec::new(),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic({:?}, {:?}, {:?}, file={:?}, line={}, column={})",
            self.severity, self.code, self.message, self.file, self.line, self.column
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}: {} [{}]",
            self.file, self.line, self.column, self.severity, self.message, self.code
        )
    }
}

impl Diagnostic {
    pub fn from_frontend(d: &FDiag, file: &str, text: &str) -> Diagnostic {
        let index = LineIndex::new(text);
        let located = d.span != kiln_frontend::Span::default() || !text.is_empty();
        let (start, end) = if located {
            (index.line_col(d.span.start), index.line_col(d.span.end))
        } else {
            (
                kiln_frontend::LineCol { line: 0, column: 0 },
                kiln_frontend::LineCol { line: 0, column: 0 },
            )
        };
        Diagnostic {
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }
            .to_string(),
            code: d.code.to_string(),
            message: d.message.clone(),
            file: file.to_string(),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            notes: d.notes.clone(),
        }
    }

    pub fn plain(code: &str, message: impl Into<String>, file: &str) -> Diagnostic {
        Diagnostic {
            severity: "error".to_string(),
            code: code.to_string(),
            message: message.into(),
            file: file.to_string(),
            line: 0,
            column: 0,
            end_line: 0,
            end_column: 0,
            notes: Vec::new(),
        }
    }
}

/// Which `kiln.Error` subclass a failure raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Parse,
    Verify,
    Rule,
    Lowering,
    Value,
    Runtime,
    Type,
    Internal,
}

/// A failure of native work, made into a Python exception once the GIL is held again.
#[derive(Debug)]
pub struct Failure {
    pub kind: Kind,
    pub message: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl Failure {
    pub fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            diagnostics: Vec::new(),
        }
    }

    pub fn with(kind: Kind, message: impl Into<String>, diagnostics: Vec<Diagnostic>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            diagnostics,
        }
    }

    /// `message` followed by the first diagnostics, one per line.
    pub fn summarized(kind: Kind, what: &str, diagnostics: Vec<Diagnostic>) -> Failure {
        let mut message = what.to_string();
        for d in diagnostics.iter().take(10) {
            message.push('\n');
            message.push_str(&d.__str__());
        }
        if diagnostics.len() > 10 {
            message.push_str(&format!("\n... and {} more", diagnostics.len() - 10));
        }
        Failure::with(kind, message, diagnostics)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        let err = match f.kind {
            Kind::Parse => ParseError::new_err(f.message),
            Kind::Verify => VerifyError::new_err(f.message),
            Kind::Rule => RuleError::new_err(f.message),
            Kind::Lowering => LoweringError::new_err(f.message),
            Kind::Internal => InternalError::new_err(f.message),
            Kind::Value => pyo3::exceptions::PyValueError::new_err(f.message),
            Kind::Runtime => pyo3::exceptions::PyRuntimeError::new_err(f.message),
            Kind::Type => pyo3::exceptions::PyTypeError::new_err(f.message),
        };
        if matches!(
            f.kind,
            Kind::Parse | Kind::Verify | Kind::Rule | Kind::Lowering | Kind::Internal
        ) {
            Python::with_gil(|py| {
                let list = PyList::empty(py);
                for d in f.diagnostics {
                    if let Ok(obj) = Py::new(py, d) {
                        let _ = list.append(obj);
                    }
                }
                let _ = err.value(py).setattr("diagnostics", list);
            });
        }
        err
    }
}

pub type NResult<T> = Result<T, Failure>;

/// Runs `work`, turning a panic into an `InternalError` failure.
pub fn guard<T>(work: impl FnOnce() -> NResult<T>) -> NResult<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Failure::new(
                Kind::Internal,
                format!("internal error in kiln (a Rust panic was caught): {what}"),
            ))
        }
    }
}

/// [`guard`] with the GIL released.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> NResult<T> + Send) -> PyResult<T> {
    py.allow_threads(|| guard(work)).map_err(PyErr::from)
}

/// Deliberately panics inside native code (tests check that it becomes `InternalError`).
#[pyfunction]
fn _panic_for_test(py: Python<'_>) -> PyResult<()> {
    detached(py, || -> NResult<()> {
        panic!("panic requested by _panic_for_test")
    })
}

/// The kiln version, and the version and default triple of the LLVM kiln was built against:
/// read at import, so known without loading LLVM's library.
#[pyfunction]
fn version_info() -> (String, (u32, u32, u32), String) {
    let mut parts = kiln_backend::BUILT_LLVM_VERSION
        .split(|c: char| !c.is_ascii_digit())
        .map(|p| p.parse().unwrap_or(0));
    let mut part = || parts.next().unwrap_or(0);
    (
        env!("CARGO_PKG_VERSION").to_string(),
        (part(), part(), part()),
        kiln_backend::BUILT_HOST_TRIPLE.to_string(),
    )
}

#[pymodule]
fn _kiln(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("LoweringError", py.get_type::<LoweringError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add_class::<Diagnostic>()?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    m.add_function(wrap_pyfunction!(version_info, m)?)?;
    module::register(m)?;
    generic::register(m)?;
    graph::register(m)?;
    tools::register(m)?;
    exec::register(m)?;
    verify::register(m)?;
    Ok(())
}
