//! Diagnostics: plain data produced by every stage, rendered by the CLI.

use crate::span::{LineIndex, Span};
use serde::Serialize;

/// How serious a diagnostic is; serialized as `error` / `warning`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input is wrong, or outside what kiln supports.
    Error,
    /// Worth a look; the input is still accepted.
    Warning,
}

/// A secondary location with a short message ("first defined here").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// Where the label points.
    pub span: Span,
    /// What is there, in a few words.
    pub message: String,
}

/// One problem found in a source text.
///
/// `code` is a stable, machine-readable kind (`parse.unexpected-token`,
/// `verify.type-mismatch`, ...) so tools can react to a class of error without parsing the
/// message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The stable kind, `stage.kind` (`verify.type-mismatch`).
    pub code: &'static str,
    /// The one-line description of the problem.
    pub message: String,
    /// Where the problem is: function-relative or file offsets, depending on the stage
    /// (see [`Span`]).
    pub span: Span,
    /// Secondary locations, in the same coordinates as `span`.
    pub labels: Vec<Label>,
    /// Extra lines shown after the message: hints and explanations.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error of kind `code` at `span`, without labels or notes.
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A warning of kind `code` at `span`, without labels or notes.
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, span, message)
        }
    }

    /// `redefinition of {what}` at `span`, pointing back at the first definition.
    pub fn redefinition(what: String, span: Span, first: Span) -> Self {
        Diagnostic::error(
            "verify.redefinition",
            span,
            format!("redefinition of {what}"),
        )
        .with_label(first, "first defined here")
    }

    /// The diagnostic with a secondary location added.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// The diagnostic with a note added.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The same diagnostic with every span moved by `delta` bytes (function-relative to
    /// file offsets).
    pub fn shifted(&self, delta: i64) -> Diagnostic {
        let mut d = self.clone();
        d.span = d.span.shifted(delta);
        for l in &mut d.labels {
            l.span = l.span.shifted(delta);
        }
        d
    }

    /// The diagnostic with every span passed through `f`.
    pub fn map_spans(&self, f: impl Fn(Span) -> Span) -> Diagnostic {
        let mut d = self.clone();
        d.span = f(d.span);
        for l in &mut d.labels {
            l.span = f(l.span);
        }
        d
    }

    /// Whether its severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `line:col: message`, the form used by the `fail/` corpus and by terse output.
    pub fn located(&self, text: &str) -> String {
        let lc = LineIndex::new(text).line_col(self.span.start);
        format!("{}:{}: {}", lc.line, lc.column, self.message)
    }
}

/// Whether any diagnostic in the list is an error.
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(Diagnostic::is_error)
}
