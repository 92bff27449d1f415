//! `kiln lsp`: a Language Server Protocol server for editors, on standard input and output.
//!
//! `server.rs` runs the protocol (lsp-server does the framing and the initialize and shutdown
//! handshakes), `rules.rs` answers for `.rules` files from the salsa rule-file input and
//! `mlir.rs` for `.mlir` files from a [`kiln_driver::Session`], lowering them on snapshots
//! while the server answers. This file holds what both need:
//! positions (LSP counts columns in UTF-16 code units, kiln's spans are byte offsets),
//! document URIs and the conversion of kiln's diagnostics.

mod mlir;
mod rules;
mod server;

pub use mlir::diagnostics_of;

use kiln_frontend::{Diagnostic, Severity, Span};
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Position, Range,
    Uri,
};
use std::path::PathBuf;
use std::str::FromStr;

/// Serves one client on standard input and output until it sends `shutdown` and `exit`. An
/// error is a broken stream or message (a malformed frame ends the reader, and its error is
/// the one reported), or `exit` without `shutdown` (which the protocol says fails).
pub fn run() -> Result<(), String> {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    let served = serve(&connection);
    drop(connection);
    let io = io_threads
        .join()
        .map_err(|e| format!("reading or writing a message: {e}"));
    match (served, io) {
        (Ok(true), Ok(())) => Ok(()),
        (Ok(false), Ok(())) => Err("the client ended the session without `shutdown`".into()),
        (_, Err(io)) => Err(io),
        (Err(e), Ok(())) => Err(e),
    }
}

/// Serves one client on `connection` (standard input and output, or an in-memory pair for a
/// client in the same process): the `initialize` handshake, then messages until `shutdown`
/// and `exit` (`true`), or `exit` alone or the end of the input (`false`).
pub fn serve(connection: &lsp_server::Connection) -> Result<bool, String> {
    let capabilities = serde_json::to_value(server::capabilities()).map_err(|e| e.to_string())?;
    connection
        .initialize(capabilities)
        .map_err(|e| format!("before the session was initialized: {e}"))?;
    server::Server::new().serve(connection)
}

/// Line starts of a text (the frontend's `LineIndex`), to convert byte offsets to LSP
/// positions, whose columns count UTF-16 units, and back.
pub struct LineMap<'a> {
    text: &'a str,
    lines: kiln_frontend::LineIndex<'a>,
}

impl<'a> LineMap<'a> {
    /// The line starts of `text`.
    pub fn new(text: &'a str) -> Self {
        LineMap {
            text,
            lines: kiln_frontend::LineIndex::new(text),
        }
    }

    /// The position of byte `offset` (clamped to the text, and back to a character start).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.line_of(offset);
        let start = self.lines.line_start(line).unwrap_or(0);
        let column = self.text[start..offset].encode_utf16().count();
        Position::new(line as u32, column as u32)
    }

    /// The byte offset of a position; past the end of its line is the end of the line, past
    /// the last line the end of the text.
    pub fn offset(&self, p: Position) -> usize {
        let Some(start) = self.lines.line_start(p.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The LSP range of a span (byte offsets), each end as [`LineMap::position`] gives it.
    pub fn range(&self, span: Span) -> Range {
        Range::new(
            self.position(span.start as usize),
            self.position(span.end as usize),
        )
    }
}

/// The file path a `file:` URI names (percent-decoded); `None` for other schemes.
pub fn uri_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().map(PathBuf::from)
}

/// The `file:` URI of a path (characters other than unreserved ones and `/` percent-encoded).
pub fn path_uri(path: &str) -> Option<Uri> {
    let mut s = String::from("file://");
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'.' | b'_' | b'~') {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&s).ok()
}

/// A kiln diagnostic as LSP shows it, in the document `uri`: its notes join the message, its
/// labels (same file) become related information, its code stays.
pub fn lsp_diagnostic(d: &Diagnostic, lines: &LineMap<'_>, uri: &Uri) -> lsp_types::Diagnostic {
    let mut message = d.message.clone();
    for n in &d.notes {
        message.push_str(&format!("\nnote: {n}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(l.span)),
            message: l.message.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: lines.range(d.span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("kiln".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn columns_count_utf16_units() {
        // `é` is 2 bytes and 1 unit, `𝄞` 4 bytes and 2 units.
        let text = "ab\n\u{e9}\u{1d11e}x\r\nz";
        let m = LineMap::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(m.position(x), Position::new(1, 3));
        assert_eq!(m.offset(Position::new(1, 3)), x);
        assert_eq!(m.offset(Position::new(1, 99)), x + 1);
        assert_eq!(m.offset(Position::new(7, 0)), text.len());
        assert_eq!(m.position(text.len()), Position::new(2, 1));
    }

    quickcheck! {
        /// Every character start survives offset → position → offset.
        fn positions_round_trip(text: String) -> bool {
            let m = LineMap::new(&text);
            text.char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .all(|i| m.offset(m.position(i)) == i || text[..i].ends_with('\r'))
        }
    }

    #[test]
    fn uris_and_paths_round_trip() {
        let uri = path_uri("/tmp/a b/\u{e9}.rules").unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A9.rules");
        assert_eq!(
            uri_path(&uri).unwrap(),
            PathBuf::from("/tmp/a b/\u{e9}.rules")
        );
        assert!(uri_path(&Uri::from_str("untitled:x").unwrap()).is_none());
    }
}
