//! `_kiln.NativeModule`: a module's text as kiln's typed frontend checks it. `kiln.ir`'s
//! modules live in the generic IR (`graph.rs`); the typed frontend is what verifies a module
//! of kiln's language in full and what compiles it, so Python hands it the module's text.

use crate::{detached, Diagnostic, Failure, Kind};
use kiln_frontend::check_module;
use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeModule>()?;
    Ok(())
}

fn located(diags: &[kiln_frontend::Diagnostic], file: &str, text: &str) -> Vec<Diagnostic> {
    diags
        .iter()
        .map(|d| Diagnostic::from_frontend(d, file, text))
        .collect()
}

/// A module's text that kiln's typed frontend read.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct NativeModule {
    text: String,
    filename: String,
    diagnostics: Vec<Diagnostic>,
}

#[pymethods]
impl NativeModule {
    /// Checks `text`. Syntax errors raise `ParseError`; with `verify`, verifier errors
    /// raise `VerifyError` (without, they are kept as the module's diagnostics).
    #[staticmethod]
    #[pyo3(signature = (text, filename = "<string>".to_string(), verify = true))]
    fn parse(
        py: Python<'_>,
        text: String,
        filename: String,
        verify: bool,
    ) -> PyResult<NativeModule> {
        detached(py, move || {
            let checked = check_module(&text);
            let all = located(&checked.diagnostics, &filename, &text);
            let errors: Vec<Diagnostic> = all
                .iter()
                .filter(|d| d.severity == "error")
                .cloned()
                .collect();
            let syntax = errors
                .iter()
                .any(|d| d.code.starts_with("parse") || d.code.starts_with("lex"));
            if syntax {
                return Err(Failure::summarized(
                    Kind::Parse,
                    &format!("cannot parse {filename}"),
                    errors,
                ));
            }
            if verify && !errors.is_empty() {
                return Err(Failure::summarized(
                    Kind::Verify,
                    &format!("{filename} does not verify"),
                    errors,
                ));
            }
            Ok(NativeModule {
                text,
                filename,
                diagnostics: all,
            })
        })
    }

    /// The text checked.
    fn source_text(&self) -> String {
        self.text.clone()
    }

    /// The file name the text was checked as.
    #[getter]
    fn filename(&self) -> String {
        self.filename.clone()
    }

    /// Every diagnostic of the text (warnings included).
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.diagnostics.clone()
    }
}
