//! Byte spans into a source text, and the line index that turns them into `line:col`.

use serde::Serialize;

/// A half-open byte range `[start, end)` into a source text.
///
/// Spans inside a function's AST and IR are relative to the start of that function's text, so
/// that an edit elsewhere in the file leaves the function's data equal (and salsa reuses the
/// work derived from it). [`Span::shifted`] turns them back into file offsets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    /// The byte offset of the first byte.
    pub start: u32,
    /// The byte offset one past the last byte (equal to `start` for an empty span).
    pub end: u32,
}

impl Span {
    /// The span `[start, end)`; offsets are stored as `u32` (texts up to 4 GiB).
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// This span moved by `delta` bytes (negative deltas saturate at zero).
    pub fn shifted(self, delta: i64) -> Span {
        let mv = |x: u32| (x as i64 + delta).max(0) as u32;
        Span {
            start: mv(self.start),
            end: mv(self.end),
        }
    }

    /// The span as a `usize` range, for slicing the text it points into.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A value together with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it is written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs `node` with its span.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// 1-based line and column (column counted in characters) of a byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineCol {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, counted in characters (not bytes).
    pub column: u32,
}

/// Start offsets of every line of a text, for offset → `line:col` conversion.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Finds the start of every line of `text`.
    pub fn new(text: &'a str) -> Self {
        LineIndex {
            text,
            starts: line_starts(text.as_bytes()),
        }
    }

    /// The byte offset where 0-based line `line` starts.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.starts.partition_point(|s| *s <= offset) - 1
    }

    /// The 1-based line and column of byte `offset` (clamped to the text).
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = (offset as usize).min(self.text.len());
        let line = match self.starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.starts[line];
        let column = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        LineCol {
            line: line as u32 + 1,
            column: column as u32,
        }
    }

    /// The text of 1-based line `line`, without its newline.
    pub fn line_text(&self, line: u32) -> &'a str {
        let i = (line as usize).saturating_sub(1).min(self.starts.len() - 1);
        let start = self.starts[i];
        let end = self.starts.get(i + 1).copied().unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

/// The offset of every line's start: 0, then one past each `\n`. A server answers every
/// edit with diagnostics located in the whole text, so this runs once per keystroke on a
/// file of any size: memchr's vector search (`line_starts_are_where_each_line_begins`
/// holds it to `str`'s own search).
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let idx = LineIndex::new("ab\ncd\n\nx");
        assert_eq!(idx.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(idx.line_col(4), LineCol { line: 2, column: 2 });
        assert_eq!(idx.line_col(7), LineCol { line: 4, column: 1 });
        assert_eq!(idx.line_text(2), "cd");
    }

    quickcheck::quickcheck! {
        /// The same starts as `str`'s search for each newline, in texts of long and short
        /// lines (up to 69 bytes, so over and under memchr's vector width).
        fn line_starts_are_where_each_line_begins(pieces: Vec<(u8, bool)>) -> bool {
            let text: String = pieces
                .iter()
                .map(|(n, newline)| {
                    let mut piece = "x".repeat(*n as usize % 70);
                    if *newline {
                        piece.push('\n');
                    }
                    piece
                })
                .collect();
            let expected: Vec<usize> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            line_starts(text.as_bytes()) == expected
        }
    }
}
