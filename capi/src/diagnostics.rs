//! `kiln_diagnostics`: what kiln found wrong (or worth a warning) in a program or the
//! rules, located by file, line and column, readable as structs, JSON lines or text.

use crate::buffer::kiln_buffer;
use crate::handle::{self, boundary, kiln_status, HandleKind};
use kiln_driver::{FileDiagnostics, Severity};
use std::ffi::{c_char, CString};

/// How serious a diagnostic is.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum kiln_severity {
    /// The program (or rule file) cannot be compiled as it is.
    KILN_SEVERITY_ERROR = 0,
    /// Worth a look; compilation goes on.
    KILN_SEVERITY_WARNING = 1,
}

/// One diagnostic. Its strings belong to the `kiln_diagnostics` it came from and stay
/// valid until that is freed. Lines and columns count from 1; columns count characters;
/// the end is the position just after the span.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kiln_diagnostic {
    /// Error or warning.
    pub severity: kiln_severity,
    /// The stable kind, `stage.kind` (`verify.type-mismatch`).
    pub code: *const c_char,
    /// The one-line description of the problem.
    pub message: *const c_char,
    /// The file: a source file of the session, or a rule file.
    pub file: *const c_char,
    /// Where the problem starts.
    pub line: u32,
    /// Where the problem starts.
    pub column: u32,
    /// Where the problem ends.
    pub end_line: u32,
    /// Where the problem ends.
    pub end_column: u32,
}

/// A list of diagnostics, in file order. It never changes: any thread may read it.
#[allow(non_camel_case_types)]
pub struct kiln_diagnostics {
    files: Vec<FileDiagnostics>,
    entries: Vec<Entry>,
}

/// One diagnostic's C view: the strings it points into are the entry's own.
struct Entry {
    severity: kiln_severity,
    code: CString,
    message: CString,
    file: CString,
    start: (u32, u32),
    end: (u32, u32),
}

// SAFETY: the entries' pointers are into `CString`s the value owns and never changes.
unsafe impl Send for kiln_diagnostics {}
unsafe impl Sync for kiln_diagnostics {}

impl kiln_diagnostics {
    pub(crate) fn new(files: Vec<FileDiagnostics>) -> kiln_diagnostics {
        let mut entries = Vec::new();
        for f in &files {
            let index = kiln_driver::frontend::LineIndex::new(&f.text);
            let path = handle::c_string(&f.path);
            for d in &f.diagnostics {
                let (s, e) = (index.line_col(d.span.start), index.line_col(d.span.end));
                entries.push(Entry {
                    severity: match d.severity {
                        Severity::Error => kiln_severity::KILN_SEVERITY_ERROR,
                        Severity::Warning => kiln_severity::KILN_SEVERITY_WARNING,
                    },
                    code: handle::c_string(d.code),
                    message: handle::c_string(&d.message),
                    file: path.clone(),
                    start: (s.line, s.column),
                    end: (e.line, e.column),
                });
            }
        }
        kiln_diagnostics { files, entries }
    }

    /// The first error as `file:line:column: message`, and how many more there are: the
    /// message of a call that failed with these diagnostics.
    pub(crate) fn summary(&self) -> String {
        let errors: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.severity == kiln_severity::KILN_SEVERITY_ERROR)
            .collect();
        let Some(first) = errors.first() else {
            return "the program has errors".to_string();
        };
        let mut text = format!(
            "{}:{}:{}: {}",
            first.file.to_string_lossy(),
            first.start.0,
            first.start.1,
            first.message.to_string_lossy()
        );
        if errors.len() > 1 {
            text.push_str(&format!(" (and {} more errors)", errors.len() - 1));
        }
        text
    }
}

impl HandleKind for kiln_diagnostics {
    const NAME: &'static str = "kiln_diagnostics";
}

/// The number of diagnostics in the list.
///
/// # Safety
/// `count` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_diagnostics_count(
    diagnostics: *const kiln_diagnostics,
    count: *mut usize,
) -> kiln_status {
    boundary(
        "kiln_diagnostics_count",
        |_| {},
        || {
            handle::required(count, "count")?;
            let d = handle::get(diagnostics, "kiln_diagnostics_count")?;
            *count = d.entries.len();
            Ok(())
        },
    )
}

/// The diagnostic at `index` (from 0) of the list. Fails with
/// `KILN_ERROR_INVALID_ARGUMENT` past the end.
///
/// # Safety
/// `diagnostic` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_diagnostics_get(
    diagnostics: *const kiln_diagnostics,
    index: usize,
    diagnostic: *mut kiln_diagnostic,
) -> kiln_status {
    boundary(
        "kiln_diagnostics_get",
        |_| {},
        || {
            handle::required(diagnostic, "diagnostic")?;
            let d = handle::get(diagnostics, "kiln_diagnostics_get")?;
            let Some(e) = d.entries.get(index) else {
                return Err(handle::Failure::argument(format!(
                    "index {index} is past the {} diagnostics",
                    d.entries.len()
                )));
            };
            *diagnostic = kiln_diagnostic {
                severity: e.severity,
                code: e.code.as_ptr(),
                message: e.message.as_ptr(),
                file: e.file.as_ptr(),
                line: e.start.0,
                column: e.start.1,
                end_line: e.end.0,
                end_column: e.end.1,
            };
            Ok(())
        },
    )
}

/// The diagnostics as JSON lines, one object per diagnostic, as `kiln check
/// --error-format json` writes them (severity, code, message, file, line, column,
/// end_line, end_column, labels, notes).
///
/// # Safety
/// `json` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_diagnostics_json(
    diagnostics: *const kiln_diagnostics,
    json: *mut *mut kiln_buffer,
) -> kiln_status {
    handle::clear(json);
    boundary(
        "kiln_diagnostics_json",
        |_| {},
        || {
            handle::required(json, "json")?;
            let d = handle::get(diagnostics, "kiln_diagnostics_json")?;
            let mut text = String::new();
            for f in &d.files {
                for diagnostic in &f.diagnostics {
                    text.push_str(&kiln_driver::report::to_json(diagnostic, &f.path, &f.text));
                    text.push('\n');
                }
            }
            handle::give(json, kiln_buffer::new(text.into_bytes()));
            Ok(())
        },
    )
}

/// The diagnostics as people read them, as `kiln check` prints them: each with its
/// location, the source line and a marker (no colour).
///
/// # Safety
/// `text` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_diagnostics_render(
    diagnostics: *const kiln_diagnostics,
    text: *mut *mut kiln_buffer,
) -> kiln_status {
    handle::clear(text);
    boundary(
        "kiln_diagnostics_render",
        |_| {},
        || {
            handle::required(text, "text")?;
            let d = handle::get(diagnostics, "kiln_diagnostics_render")?;
            let mut out = String::new();
            for f in &d.files {
                for diagnostic in &f.diagnostics {
                    out.push_str(&kiln_driver::report::to_human(
                        diagnostic, &f.path, &f.text, false,
                    ));
                }
            }
            handle::give(text, kiln_buffer::new(out.into_bytes()));
            Ok(())
        },
    )
}

/// Frees a list of diagnostics (and the strings of every `kiln_diagnostic` read from it).
///
/// # Safety
/// `diagnostics` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_diagnostics_free(diagnostics: *mut kiln_diagnostics) -> kiln_status {
    boundary(
        "kiln_diagnostics_free",
        |_| {},
        || handle::release(diagnostics, "kiln_diagnostics_free"),
    )
}
