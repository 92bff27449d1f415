//! Where a function and its operations are, for line tables (`kiln compile -g`).
//!
//! As MLIR's parser does, an operation is located where its name is written (after its
//! results), unless a `loc(...)` follows it: then where that says, through `#loc` aliases,
//! names (`"x"(loc)`), call sites (the callee's place) and fused locations (their common
//! line, or line 0 where they differ, as LLVM merges locations). `loc(unknown)` is line 0,
//! LLVM's "no line". The function is at the line of its name.

use kiln_engine::lowered::FunctionDebug;
use kiln_engine::{function_ir, function_text, item_offset, FunctionItem, SourceFile};
use std::cell::RefCell;
use std::collections::HashMap;

/// A file's line starts and its location aliases (`#loc3 = loc(...)`, `#named = loc(...)`),
/// read once per file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileLines {
    /// The offset of each line's first byte.
    starts: Vec<u32>,
    /// Each alias's name (`#loc3`) with the text inside its `loc(...)`.
    aliases: HashMap<String, String>,
}

impl FileLines {
    /// Reads `text`.
    pub fn of(text: &str) -> FileLines {
        let mut starts = vec![0u32];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        let aliases = text
            .lines()
            .filter_map(|line| {
                let line = line.trim();
                let (name, rest) = line.split_once('=')?;
                let name = name.trim();
                if !name.starts_with('#') {
                    return None;
                }
                let inner = rest.trim().strip_prefix("loc(")?;
                Some((
                    name.to_string(),
                    inner.get(..inner.rfind(')')?)?.to_string(),
                ))
            })
            .collect();
        FileLines { starts, aliases }
    }

    /// The 1-based line and column of byte `offset`.
    fn line_column(&self, offset: u32) -> (u32, u32) {
        let line = self.starts.partition_point(|s| *s <= offset).max(1);
        let column = offset - self.starts[line - 1] + 1;
        (line as u32, column)
    }
}

/// A file's [`FileLines`].
#[salsa::tracked(returns(ref))]
pub fn file_lines(db: &dyn salsa::Database, file: SourceFile) -> FileLines {
    FileLines::of(file.text(db))
}

/// Where `item` and each of its operations ([`kiln_engine::Inst::source`]) are; `None`
/// for a function that did not build. A query of its own, so that an edit that moves
/// other functions but leaves this one's places as they were generates its code again
/// only if they changed.
#[salsa::tracked(returns(ref))]
pub fn function_debug<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<FunctionDebug> {
    let f = function_ir(db, item).function.as_ref()?;
    let file = item.file(db);
    let lines = file_lines(db, file);
    let text = function_text(db, item);
    let offset = item_offset(db, item);
    let at = |relative: usize| lines.line_column(offset + relative as u32);
    let mut locations = Vec::new();
    for block in f.body.iter().flat_map(|b| &b.blocks) {
        for op in &block.ops {
            let written = explicit(text, op.span.end as usize, &lines.aliases);
            locations.push(match written {
                Some(Some(p)) => (p.line, p.column),
                Some(None) => (0, 0),
                None => at(name_start(text, op.span.start as usize)),
            });
        }
    }
    // The function's own `loc(...)`, after its closing brace (in its text, or in the file
    // after it), names its subprogram's file and line where it is a file location, as
    // MLIR's `ensure-debug-info-scope-on-llvm-func` reads it; any other (unknown, fused, a
    // call site) puts the subprogram at line 1 of the compile unit's file.
    let end = offset as usize + text.len();
    let own = text
        .rfind('}')
        .and_then(|brace| read_loc(text, brace + 1, &lines.aliases, Reading::Function))
        .or_else(|| read_loc(file.text(db), end, &lines.aliases, Reading::Function));
    let split = |path: &str| {
        let path = std::path::Path::new(path);
        (
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            path.parent()
                .map_or_else(String::new, |d| d.to_string_lossy().into_owned()),
        )
    };
    let (scope_file, line) = match own {
        Some(Some(Place {
            file: Some(named),
            line,
            ..
        })) => (Some(split(&named)), line),
        Some(_) => (None, 1),
        None => (None, at(f.name_span.start as usize).0),
    };
    let (name, directory) = split(file.path(db));
    Some(FunctionDebug {
        file: name,
        directory,
        scope_file,
        line,
        locations,
    })
}

/// Where an operation's name starts: after its results (`%a, %b = `), if it has any.
fn name_start(text: &str, start: usize) -> usize {
    let rest = text.get(start..).unwrap_or("");
    if !rest.starts_with('%') {
        return start;
    }
    match rest.find('=') {
        Some(eq) => {
            let after = &rest[eq + 1..];
            start + eq + 1 + (after.len() - after.trim_start().len())
        }
        None => start,
    }
}

/// The location a `loc(...)` right after `end` gives an operation: `None` when there is
/// none (or it is one kiln does not read), `Some(None)` for no line.
fn explicit(text: &str, end: usize, aliases: &HashMap<String, String>) -> Option<Option<Place>> {
    read_loc(text, end, aliases, Reading::Operation)
}

/// The `loc(...)` right after `end`, read for `what`.
fn read_loc(
    text: &str,
    end: usize,
    aliases: &HashMap<String, String>,
    what: Reading,
) -> Option<Option<Place>> {
    let rest = text.get(end..)?.trim_start();
    let inner = rest.strip_prefix("loc(")?;
    let memo = RefCell::new(HashMap::new());
    Location {
        aliases,
        depth: 0,
        what,
        memo: &memo,
    }
    .read(&mut Cursor(inner))
}

/// What a location is read for: MLIR 19 reads an operation's and a function's differently.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// An instruction's place, as `mlir-translate` translates it: a call site is its
    /// caller's place, a fused location its parts' common line.
    Operation,
    /// A subprogram's file and line, as `ensure-debug-info-scope-on-llvm-func` finds them:
    /// a file location, through names; anything else names none.
    Function,
}

/// A place a location names: the file as written (`None` for a merge of places), line and
/// column.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    file: Option<String>,
    line: u32,
    column: u32,
}

/// What reads a location's text, with the file's aliases.
struct Location<'a> {
    aliases: &'a HashMap<String, String>,
    /// How many aliases and nested locations deep it is: a location nested deeper than any
    /// tool writes stops at [`MAX_DEPTH`] (a hostile file must not exhaust the stack).
    depth: u32,
    what: Reading,
    /// Each alias read so far, with what it gave (`None` while it is being read, so that a
    /// cycle reads as no location): a chain of aliases each fusing the next twice is read
    /// once per alias, not once per path.
    memo: &'a RefCell<HashMap<String, Option<Option<Place>>>>,
}

const MAX_DEPTH: u32 = 64;

/// The text still to read.
struct Cursor<'t>(&'t str);

impl<'t> Cursor<'t> {
    fn skip_space(&mut self) {
        self.0 = self.0.trim_start();
    }

    fn eat(&mut self, prefix: &str) -> bool {
        self.skip_space();
        match self.0.strip_prefix(prefix) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => false,
        }
    }

    /// A string literal's body (escapes are kept as written).
    fn string(&mut self) -> Option<&'t str> {
        self.skip_space();
        let body = self.0.strip_prefix('"')?;
        let b = body.as_bytes();
        let mut i = 0;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        let s = body.get(..i)?;
        self.0 = body.get(i + 1..)?;
        Some(s)
    }

    fn number(&mut self) -> Option<u32> {
        self.skip_space();
        let digits = self.0.bytes().take_while(u8::is_ascii_digit).count();
        let n = self.0.get(..digits)?.parse().ok()?;
        self.0 = &self.0[digits..];
        Some(n)
    }

    /// An identifier (`#loc3`, `unknown`).
    fn word(&mut self) -> &'t str {
        self.skip_space();
        let n = self
            .0
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'#' | b'_' | b'.' | b'$'))
            .count();
        let w = &self.0[..n];
        self.0 = &self.0[n..];
        w
    }

    /// Skips a balanced `<...>` group whose `<` was eaten.
    fn skip_angles(&mut self) -> Option<()> {
        let mut depth = 1;
        while depth > 0 {
            let ch = self.0.chars().next()?;
            depth += match ch {
                '<' => 1,
                '>' => -1,
                _ => 0,
            };
            self.0 = &self.0[ch.len_utf8()..];
        }
        Some(())
    }
}

impl Location<'_> {
    /// One location: `Some(Some(place))`, `Some(None)` for none, `None` when it is not
    /// one kiln reads.
    fn read(&self, c: &mut Cursor<'_>) -> Option<Option<Place>> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        let inner = Location {
            depth: self.depth + 1,
            ..*self
        };
        inner.read_one(c)
    }

    /// [`Location::read`] one level down.
    fn read_one(&self, c: &mut Cursor<'_>) -> Option<Option<Place>> {
        c.skip_space();
        if c.0.starts_with('"') {
            let file = c.string()?;
            if c.eat(":") {
                let line = c.number()?;
                let column = if c.eat(":") { c.number()? } else { 0 };
                return Some(Some(Place {
                    file: Some(file.to_string()),
                    line,
                    column,
                }));
            }
            if c.eat("(") {
                let inner = self.read(c)?;
                c.eat(")");
                return Some(inner);
            }
            return Some(None);
        }
        match c.word() {
            "unknown" => Some(None),
            "callsite" => {
                c.eat("(");
                self.read(c)?;
                c.eat("at");
                let caller = self.read(c)?;
                c.eat(")");
                // `mlir-translate` gives the callee no scope of its own and falls back to
                // the caller's place.
                Some(caller.filter(|_| self.what == Reading::Operation))
            }
            "fused" => {
                // The metadata attribute (`<#di_subprogram>`) names no place.
                if c.eat("<") {
                    c.skip_angles()?;
                }
                if !c.eat("[") {
                    return None;
                }
                let mut merged: Option<Place> = None;
                loop {
                    // An unknown part is left out; places on one line merge to it (the
                    // column kept where they agree), any others to line 0, as LLVM
                    // merges locations (files are not compared).
                    if let Some(loc) = self.read(c)? {
                        merged = Some(match merged {
                            None => loc,
                            Some(p) if p.line == loc.line => Place {
                                column: if p.column == loc.column { p.column } else { 0 },
                                ..p
                            },
                            Some(_) => Place {
                                file: None,
                                line: 0,
                                column: 0,
                            },
                        });
                    }
                    if !c.eat(",") {
                        break;
                    }
                }
                c.eat("]");
                Some(merged.filter(|_| self.what == Reading::Operation))
            }
            alias if alias.starts_with('#') => {
                if let Some(known) = self.memo.borrow().get(alias) {
                    return known.clone();
                }
                self.memo.borrow_mut().insert(alias.to_string(), None);
                let text = self.aliases.get(alias)?;
                let read = self.read(&mut Cursor(text));
                self.memo
                    .borrow_mut()
                    .insert(alias.to_string(), read.clone());
                read
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, aliases: &[(&str, &str)]) -> Option<Option<(u32, u32)>> {
        let aliases = aliases
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        explicit(text, 0, &aliases).map(|p| p.map(|p| (p.line, p.column)))
    }

    #[test]
    fn locations_read_as_mlir_translates_them() {
        assert_eq!(read(r#" loc("a.mlir":3:7)"#, &[]), Some(Some((3, 7))));
        assert_eq!(read(" loc(unknown)", &[]), Some(None));
        assert_eq!(read(r#"loc("x"("b.c":9:2))"#, &[]), Some(Some((9, 2))));
        assert_eq!(read(r#"loc("only a name")"#, &[]), Some(None));
        assert_eq!(
            read(r#"loc(callsite("f.c":4:1 at "g.c":8:3))"#, &[]),
            Some(Some((8, 3)))
        );
        assert_eq!(
            read(r#"loc(fused["a":5:1, unknown])"#, &[]),
            Some(Some((5, 1)))
        );
        assert_eq!(
            read(r#"loc(fused["a":5:1, "a":5:9])"#, &[]),
            Some(Some((5, 0)))
        );
        assert_eq!(
            read(r#"loc(fused["a":5:1, "a":6:1])"#, &[]),
            Some(Some((0, 0)))
        );
        assert_eq!(
            read(r#"loc(fused<#di_subprogram>["a":2:4])"#, &[]),
            Some(Some((2, 4)))
        );
        assert_eq!(
            read(
                "loc(#loc2)",
                &[("#loc2", "#loc1"), ("#loc1", r#""k.mlir":12:5"#)]
            ),
            Some(Some((12, 5)))
        );
        // A cycle of aliases, a location nested too deep, and text that is no location are
        // read as none written.
        assert_eq!(read("loc(#loc1)", &[("#loc1", "#loc1")]), None);
        let deep = format!(
            "loc({}\"f\":1:1{})",
            "\"n\"(".repeat(100_000),
            ")".repeat(100_000)
        );
        assert_eq!(read(&deep, &[]), None);
        assert_eq!(read(" %x = arith.addi", &[]), None);
    }

    #[test]
    fn operations_are_at_their_names_and_files_have_line_starts() {
        let text = "  %a, %b = arith.addui_extended %x, %y : i32\n  return";
        assert_eq!(name_start(text, 2), 11);
        assert_eq!(name_start(text, 47), 47);
        let lines = FileLines::of("a\nbc\n#loc1 = loc(\"f\":1:2)\n");
        assert_eq!(lines.line_column(0), (1, 1));
        assert_eq!(lines.line_column(3), (2, 2));
        assert_eq!(
            lines.aliases.get("#loc1").map(String::as_str),
            Some("\"f\":1:2")
        );
    }
}
