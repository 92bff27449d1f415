//! Renders diagnostics for people (ariadne snippets) and for tools (JSON lines).

use kiln_frontend::{Diagnostic, LineIndex, Severity};
use serde::Serialize;
use std::io::Write;

/// How diagnostics are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorFormat {
    /// `error[code]: message` with the source line and a marker.
    Human,
    /// One JSON object per line.
    Json,
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    severity: Severity,
    code: &'a str,
    message: &'a str,
    file: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    labels: Vec<JsonLabel<'a>>,
    notes: &'a [String],
}

/// The JSON form of one diagnostic (a single line, no trailing newline).
pub fn to_json(d: &Diagnostic, path: &str, text: &str) -> String {
    let index = LineIndex::new(text);
    serde_json::to_string(&json_diagnostic(d, path, &index))
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The same object as [`to_json`], as a value (for `kiln serve`'s responses).
pub fn to_json_value(d: &Diagnostic, path: &str, index: &LineIndex) -> serde_json::Value {
    serde_json::to_value(json_diagnostic(d, path, index)).unwrap_or_default()
}

fn json_diagnostic<'a>(d: &'a Diagnostic, path: &'a str, index: &LineIndex) -> JsonDiagnostic<'a> {
    let (s, e) = (index.line_col(d.span.start), index.line_col(d.span.end));
    JsonDiagnostic {
        severity: d.severity,
        code: d.code,
        message: &d.message,
        file: path,
        line: s.line,
        column: s.column,
        end_line: e.line,
        end_column: e.column,
        labels: d
            .labels
            .iter()
            .map(|l| {
                let (a, b) = (index.line_col(l.span.start), index.line_col(l.span.end));
                JsonLabel {
                    line: a.line,
                    column: a.column,
                    end_line: b.line,
                    end_column: b.column,
                    message: &l.message,
                }
            })
            .collect(),
        notes: &d.notes,
    }
}

/// The human form: a `file:line:col` header and an annotated snippet.
pub fn to_human(d: &Diagnostic, path: &str, text: &str, color: bool) -> String {
    use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
    let kind = match d.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    // Within the text and on character boundaries (ariadne panics on a span that splits a
    // character; found by `scripts/fuzz.sh frontend`, tests/fuzz/frontend/).
    let clamp = |s: kiln_frontend::Span| {
        let mut start = (s.start as usize).min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (s.end as usize).clamp(start, text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        start..end
    };
    let lc = LineIndex::new(text).line_col(d.span.start);
    let mut report = Report::build(kind, (path, clamp(d.span)))
        .with_config(
            Config::default()
                .with_color(color)
                .with_index_type(IndexType::Byte),
        )
        .with_code(d.code)
        .with_message(format!("{}:{}:{}: {}", path, lc.line, lc.column, d.message))
        .with_label(Label::new((path, clamp(d.span))).with_message("here"));
    for l in &d.labels {
        report = report.with_label(Label::new((path, clamp(l.span))).with_message(&l.message));
    }
    for n in &d.notes {
        report = report.with_note(n);
    }
    let mut out = Vec::new();
    let _ = report.finish().write((path, Source::from(text)), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The most diagnostics reported for one file at a time: one mistake can make a parser
/// recovering at every line say thousands of things, each quoting its line.
pub const MAX_DIAGNOSTICS: usize = 100;

/// The diagnostics to show, at most [`MAX_DIAGNOSTICS`], and when some are left out a
/// warning at the first of them saying how many.
pub fn capped(diags: &[Diagnostic]) -> Vec<Diagnostic> {
    if diags.len() <= MAX_DIAGNOSTICS {
        return diags.to_vec();
    }
    let left_out = diags.len() - MAX_DIAGNOSTICS;
    let mut out = diags[..MAX_DIAGNOSTICS].to_vec();
    out.push(Diagnostic::warning(
        "diagnostics.truncated",
        diags[MAX_DIAGNOSTICS].span,
        format!(
            "{left_out} more diagnostic{} left out (kiln reports at most {MAX_DIAGNOSTICS} per file)",
            if left_out == 1 { "" } else { "s" }
        ),
    ));
    out
}

/// Writes diagnostics to `w` in the chosen format (at most [`MAX_DIAGNOSTICS`], see
/// [`capped`]).
pub fn emit(
    w: &mut dyn Write,
    diags: &[Diagnostic],
    path: &str,
    text: &str,
    format: ErrorFormat,
    color: bool,
) {
    for d in &capped(diags) {
        let s = match format {
            ErrorFormat::Json => to_json(d, path, text) + "\n",
            ErrorFormat::Human => to_human(d, path, text, color),
        };
        let _ = w.write_all(s.as_bytes());
    }
}
