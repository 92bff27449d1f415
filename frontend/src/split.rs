//! Finding the functions of a file from its tokens alone, without parsing it.
//!
//! An incremental compiler that parsed the whole file after every keystroke would pay for
//! every function to re-check one. [`split_module`] lexes the file and cuts it into one
//! piece per top-level function by matching brackets, so each function can be parsed on
//! its own (and its parse reused while its text is unchanged). It recognizes only the plain
//! shapes — top-level functions, or a `module [@name] { ... }` around them — and answers
//! `None` for anything else (module attributes, stray tokens, unbalanced brackets, lexical
//! errors), where the caller parses the whole file instead, so every diagnostic stays the
//! parser's.

use crate::lexer::{Lexer, Tok};
use crate::span::Span;

/// One top-level function found by [`split_module`]: its name and where its text is (from
/// `func.func` to the end of its last token: exactly the parser's span for it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionSpan {
    /// The function's symbol name, without `@`.
    pub name: String,
    /// The function's text in the file, as file offsets.
    pub span: Span,
    /// The lexer's bracket nesting at the function's start (1 inside `module { ... }`), so a
    /// later split can resume there ([`split_module_edited`]).
    pub depth: u32,
}

/// The top-level functions of a file, or `None` when the file is not of a plain shape.
///
/// ```
/// use kiln_frontend::split::split_module;
///
/// let text = "module {\n  func.func @f() {\n    func.return\n  }\n  func.func private @g(i32)\n}\n";
/// let fs = split_module(text).unwrap();
/// assert_eq!(fs.len(), 2);
/// assert_eq!(&text[fs[1].span.range()], "func.func private @g(i32)");
/// ```
pub fn split_module(text: &str) -> Option<Vec<FunctionSpan>> {
    split_module_with(text, true)
}

/// [`split_module`], in pieces on rayon's threads (when the file is large) or not.
fn split_module_with(text: &str, in_pieces: bool) -> Option<Vec<FunctionSpan>> {
    let mut tokens = Tokens::new(Lexer::new(text));
    let wrapped = matches!(tokens.peek(), Some((_, Tok::KwModule(_), _)));
    if wrapped {
        tokens.next();
        if matches!(tokens.peek(), Some((_, Tok::Symbol(_), _))) {
            tokens.next();
        }
        if !matches!(tokens.next(), Some((_, Tok::LBrace, _))) {
            return None;
        }
    }
    if text.len() >= PARALLEL_FROM && rayon::current_num_threads() > 1 && in_pieces {
        if let Some(found) = split_in_pieces(text, &tokens, wrapped) {
            return found;
        }
    }
    split_functions(tokens, wrapped, Vec::new(), None)
}

/// Files from this size on are split in pieces on rayon's threads ([`split_in_pieces`]).
const PARALLEL_FROM: usize = 1 << 20;

/// Pieces per thread, so that threads that finish early take more.
const PIECES_PER_THREAD: usize = 4;

/// [`split_module`] of a large file on several threads: the file is cut before lines that
/// begin with `func.func` (after indentation), and each piece is lexed from there with the
/// nesting a top-level function starts at, as the lexer resumes after an edit
/// ([`split_module_edited`]). A piece is what the whole file's split would find there only
/// if the lexer really is at a top-level function there, which the piece before shows: it
/// must end exactly at the cut, on a `func.func` token at that nesting, and without lexical
/// errors. By induction from the first piece (lexed from the file's start), every piece is
/// then exact. `None` when a cut is not such a place (the keyword inside a string, say), and
/// the caller splits the file on one thread; `Some` of the split otherwise. `tokens` is the
/// lexer after the module's header.
fn split_in_pieces(
    text: &str,
    tokens: &Tokens,
    wrapped: bool,
) -> Option<Option<Vec<FunctionSpan>>> {
    let from = tokens.lexer.position();
    let depth = tokens.lexer.depth();
    let pieces = rayon::current_num_threads() * PIECES_PER_THREAD;
    let mut cuts = vec![from];
    for k in 1..pieces {
        let at = (text.len() * k / pieces).max(*cuts.last()? + 1);
        match function_line_at_or_after(text, at) {
            Some(cut) if cut > *cuts.last()? => cuts.push(cut),
            _ => break,
        }
    }
    if cuts.len() < 2 {
        return None;
    }
    let ends: Vec<Option<usize>> = cuts[1..].iter().map(|c| Some(*c)).chain([None]).collect();
    let found: Vec<Piece> = {
        use rayon::prelude::*;
        cuts.par_iter()
            .zip(ends.par_iter())
            .enumerate()
            .map(|(i, (start, end))| {
                let tokens = if i == 0 {
                    tokens.clone()
                } else {
                    Tokens::new(Lexer::resume(text, *start, depth))
                };
                split_piece(tokens, wrapped, *end, depth)
            })
            .collect()
    };
    let mut out = Vec::new();
    for piece in found {
        match piece {
            Piece::Exact(spans) => out.extend(spans),
            Piece::Failed => return Some(None),
            Piece::Misaligned => return None,
        }
    }
    Some(Some(out))
}

/// What one piece of [`split_in_pieces`] found.
enum Piece {
    /// Its functions, up to the next cut, which is a top-level `func.func`.
    Exact(Vec<FunctionSpan>),
    /// The piece shows the file is not of a plain shape: the whole split is `None`.
    Failed,
    /// The next cut is not a place where a top-level function starts.
    Misaligned,
}

/// The functions from the lexer's position up to `end` (a cut: the piece must end there,
/// on a top-level `func.func` at nesting `depth`), or to the end of the file.
fn split_piece(mut tokens: Tokens, wrapped: bool, end: Option<usize>, depth: usize) -> Piece {
    let Some(end) = end else {
        return match split_functions(tokens, wrapped, Vec::new(), None) {
            Some(spans) => Piece::Exact(spans),
            None => Piece::Failed,
        };
    };
    let mut out = Vec::new();
    loop {
        let clean = tokens.lexer.diagnostics.is_empty()
            && tokens.lexer.too_deep.is_none()
            && !tokens.lexer.has_aliases;
        match tokens.peek() {
            Some((start, Tok::KwFunc(_), _)) if *start == end => {
                let at_top = tokens.lexer.depth() == depth;
                return if clean && at_top {
                    Piece::Exact(out)
                } else {
                    Piece::Misaligned
                };
            }
            Some((start, _, _)) if *start >= end => return Piece::Misaligned,
            None => return Piece::Misaligned,
            Some(_) => {}
        }
        // Anything but a function before the cut (the module's closing brace, a shape
        // that is not plain) is left to the split of the whole file, which finds it from
        // where it really is.
        let Some((start, Tok::KwFunc(_), _)) = tokens.next() else {
            return Piece::Misaligned;
        };
        let at = tokens.lexer.depth();
        match function_after_keyword(&mut tokens, start, at) {
            Some(f) => out.push(f),
            None => return Piece::Misaligned,
        }
    }
}

/// The first place at or after `at` where a line starts with `func.func` after spaces or
/// tabs: the place of the keyword.
fn function_line_at_or_after(text: &str, at: usize) -> Option<usize> {
    const KEYWORD: &[u8] = b"func.func";
    let bytes = text.as_bytes();
    let mut line = at;
    while line < bytes.len() {
        let newline = line + bytes.get(line..)?.iter().position(|b| *b == b'\n')?;
        let mut k = newline + 1;
        while matches!(bytes.get(k), Some(b' ' | b'\t')) {
            k += 1;
        }
        if bytes.get(k..k + KEYWORD.len()) == Some(KEYWORD) {
            return Some(k);
        }
        line = newline + 1;
    }
    None
}

/// [`split_module`] of `text`, an edit of `old_text` whose split was `old`, lexing only
/// around the edit: from the last function that starts well before the first changed byte
/// to the first function after the last changed byte where the lexer's state is the one
/// the old split had there. Every function before and after is the old one (shifted by the
/// change in length). The result is exactly `split_module(text)`.
///
/// ```
/// use kiln_frontend::split::{split_module, split_module_edited};
///
/// let old = "func.func @a() {\n  func.return\n}\nfunc.func @b() {\n  func.return\n}\n";
/// let new = old.replace("@b() {", "@b() {\n  // edited");
/// let spans = split_module(old).unwrap();
/// assert_eq!(split_module_edited(&new, old, &spans), split_module(&new));
/// ```
pub fn split_module_edited(
    text: &str,
    old_text: &str,
    old: &[FunctionSpan],
) -> Option<Vec<FunctionSpan>> {
    split_module_around(text, old_text.len(), old, unchanged_ends(text, old_text))
}

/// How many bytes two texts share at their start, and then at their end (never
/// overlapping the start): what an edit left in place.
pub fn unchanged_ends(text: &str, old_text: &str) -> (usize, usize) {
    let (a, b) = (text.as_bytes(), old_text.as_bytes());
    let prefix = common_prefix(a, b);
    let room = a.len().min(b.len()) - prefix;
    (prefix, common_suffix(a, b).min(room))
}

/// [`split_module_edited`] with the old text's length and the edit's [`unchanged_ends`]
/// already known.
pub fn split_module_around(
    text: &str,
    old_len: usize,
    old: &[FunctionSpan],
    (prefix, suffix): (usize, usize),
) -> Option<Vec<FunctionSpan>> {
    // A function is resumed at only if its keyword and what the lexer might look at after
    // it are before the edit.
    const MARGIN: usize = 64;
    let a = text.as_bytes();
    let first = old.partition_point(|f| (f.span.start as usize) + MARGIN <= prefix);
    let Some(restart) = first.checked_sub(1) else {
        return split_module(text);
    };
    // The text before `restart` is unchanged, so its first token is the old one.
    let wrapped = matches!(Lexer::new(text).next(), Some(Ok((_, Tok::KwModule(_), _))));
    let resume = &old[restart];
    let tokens = Tokens::new(Lexer::resume(
        text,
        resume.span.start as usize,
        resume.depth as usize,
    ));
    let sync = Sync {
        old,
        from: a.len() - suffix,
        delta: a.len() as i64 - old_len as i64,
    };
    split_functions(tokens, wrapped, old[..restart].to_vec(), Some(&sync))
}

/// Where a resumed split may fall back in step with the old one.
struct Sync<'o> {
    old: &'o [FunctionSpan],
    /// The first byte of the new text in the unchanged suffix.
    from: usize,
    /// New length minus old length.
    delta: i64,
}

impl Sync<'_> {
    /// The old functions from the one starting at `start` (new coordinates) on, shifted,
    /// when the lexer there is in the state the old split had.
    fn rest(&self, start: usize, depth: usize) -> Option<Vec<FunctionSpan>> {
        if start < self.from {
            return None;
        }
        let old_start = u32::try_from(start as i64 - self.delta).ok()?;
        let m = self
            .old
            .binary_search_by_key(&old_start, |f| f.span.start)
            .ok()?;
        if self.old[m].depth as usize != depth {
            return None;
        }
        let shift = |at: u32| (i64::from(at) + self.delta) as usize;
        Some(
            self.old[m..]
                .iter()
                .map(|f| FunctionSpan {
                    name: f.name.clone(),
                    span: Span::new(shift(f.span.start), shift(f.span.end)),
                    depth: f.depth,
                })
                .collect(),
        )
    }
}

/// How many bytes `a` and `b` share at their start.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    // Blocks first (compared with memcmp), then bytes.
    const BLOCK: usize = 4096;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// How many bytes `a` and `b` share at their end.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let n = a.len().min(b.len());
    let (la, lb) = (a.len(), b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[la - i - BLOCK..la - i] == b[lb - i - BLOCK..lb - i] {
        i += BLOCK;
    }
    while i < n && a[la - i - 1] == b[lb - i - 1] {
        i += 1;
    }
    i
}

/// The lexer with one token of lookahead, its state still reachable.
#[derive(Clone)]
struct Tokens<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Option<(usize, Tok<'a>, usize)>>,
}

impl<'a> Tokens<'a> {
    fn new(lexer: Lexer<'a>) -> Self {
        Tokens {
            lexer,
            peeked: None,
        }
    }

    fn peek(&mut self) -> Option<&(usize, Tok<'a>, usize)> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next().and_then(Result::ok));
        }
        self.peeked.as_ref().and_then(Option::as_ref)
    }

    fn next(&mut self) -> Option<(usize, Tok<'a>, usize)> {
        match self.peeked.take() {
            Some(t) => t,
            None => self.lexer.next().and_then(Result::ok),
        }
    }
}

/// The functions from the lexer's position on (after the module's `{` when `wrapped`),
/// after those already found; with `sync`, the old functions from the first one the split
/// falls in step with.
fn split_functions(
    mut tokens: Tokens,
    wrapped: bool,
    mut out: Vec<FunctionSpan>,
    sync: Option<&Sync>,
) -> Option<Vec<FunctionSpan>> {
    let mut closed = false;
    while let Some((start, tok, _)) = tokens.next() {
        if closed {
            // Something after the module's closing brace.
            return None;
        }
        match tok {
            Tok::RBrace if wrapped => {
                closed = true;
                continue;
            }
            Tok::KwModule(_) if wrapped => {
                skip_empty_module(&mut tokens)?;
                continue;
            }
            Tok::KwFunc(_) => {}
            _ => return None,
        }
        // The keyword changes no nesting: this is the depth at the function's start.
        let depth = tokens.lexer.depth();
        if let Some(rest) = sync.and_then(|s| {
            let clean = tokens.lexer.diagnostics.is_empty()
                && tokens.lexer.too_deep.is_none()
                && !tokens.lexer.has_aliases;
            clean.then(|| s.rest(start, depth)).flatten()
        }) {
            out.extend(rest);
            return Some(out);
        }
        out.push(function_after_keyword(&mut tokens, start, depth)?);
    }
    let lexer = &tokens.lexer;
    // A file that defines aliases is read whole: a function's own text would not hold them.
    (lexer.diagnostics.is_empty()
        && lexer.too_deep.is_none()
        && !lexer.has_aliases
        && closed == wrapped)
        .then_some(out)
}

/// Skips a nested module without functions (upstream passes leave empty ones), whose
/// `module` keyword was just read; `None` when it holds a function, which the parser
/// reports, or its brackets do not match.
fn skip_empty_module(tokens: &mut Tokens) -> Option<()> {
    if matches!(tokens.peek(), Some((_, Tok::Symbol(_), _))) {
        tokens.next();
    }
    if matches!(tokens.peek(), Some((_, Tok::KwAttributes, _))) {
        tokens.next();
        skip_balanced(tokens)?;
    }
    skip_balanced(tokens)
}

/// Skips one bracketed group (the next token must open it); `None` when it holds a
/// function or its brackets do not match.
fn skip_balanced(tokens: &mut Tokens) -> Option<()> {
    let mut nesting = 0usize;
    while let Some((_, tok, _)) = tokens.next() {
        match tok {
            Tok::LBrace | Tok::LParen | Tok::LBracket => nesting += 1,
            Tok::RBrace | Tok::RParen | Tok::RBracket => {
                nesting = nesting.checked_sub(1)?;
                if nesting == 0 {
                    return Some(());
                }
            }
            Tok::KwFunc(_) => return None,
            _ if nesting == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The rest of a top-level function whose keyword, at `start` and nesting `depth`, was
/// just read: its span ends at its last token, before the next top-level `func.func` or
/// the module's closing brace. `None` when it has no name or its brackets do not match.
fn function_after_keyword(tokens: &mut Tokens, start: usize, depth: usize) -> Option<FunctionSpan> {
    if matches!(tokens.peek(), Some((_, Tok::KwVisibility(_), _))) {
        tokens.next();
    }
    let Some((_, Tok::Symbol(name), mut end)) = tokens.next() else {
        return None;
    };
    let mut nesting = 0usize;
    while let Some((_, tok, e)) = tokens.peek() {
        let e = *e;
        match tok {
            Tok::LBrace | Tok::LParen | Tok::LBracket => nesting += 1,
            Tok::RBrace | Tok::RParen | Tok::RBracket => {
                if nesting == 0 {
                    break;
                }
                nesting -= 1;
            }
            // The next top-level item: a function's span never takes in a global after it.
            Tok::KwFunc(_)
            | Tok::KwModule(_)
            | Tok::OpGlobal(_)
            | Tok::OpLlvmFunc(_)
            | Tok::OpLlvmGlobal(_)
                if nesting == 0 =>
            {
                break
            }
            _ => {}
        }
        end = e;
        tokens.next();
    }
    if nesting != 0 {
        return None;
    }
    Some(FunctionSpan {
        name: name.to_string(),
        span: Span::new(start, end),
        depth: depth as u32,
    })
}

/// The name of a file's `module @name { ... }`, read from its first two tokens.
pub fn module_name(text: &str) -> Option<String> {
    let mut tokens = Lexer::new(text).map_while(Result::ok);
    match (tokens.next(), tokens.next()) {
        (Some((_, Tok::KwModule(_), _)), Some((_, Tok::Symbol(name), _))) => Some(name.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str) -> Option<Vec<(String, String)>> {
        split_module(text).map(|fs| {
            fs.into_iter()
                .map(|f| (f.name, text[f.span.range()].to_string()))
                .collect()
        })
    }

    /// A module of `n` functions with `body` as each one's body, over a MiB when `n` is large.
    fn many(n: usize, wrapped: bool, body: &str) -> String {
        let mut text = String::from(if wrapped { "module {\n" } else { "" });
        for i in 0..n {
            text.push_str(&format!(
                "  func.func @f{i}(%a: memref<?x4xf32>) -> i32 {{\n{body}  }}\n"
            ));
        }
        if wrapped {
            text.push_str("}\n");
        }
        text
    }

    #[test]
    fn a_file_with_aliases_is_read_whole() {
        let text = "!i = i32\nfunc.func @f(%x: !i) -> !i {\n  return %x : !i\n}\n";
        assert_eq!(split_module(text), None);
        let plain = "func.func @f(%x: i32) -> i32 {\n  return %x : i32\n}\n";
        assert!(split_module(plain).is_some());
        // An edit that adds an alias gives up the split as well.
        let old = split_module(plain).expect("splits");
        assert_eq!(
            split_module_edited(&format!("!i = i32\n{plain}"), plain, &old),
            None
        );
    }

    #[test]
    fn a_global_after_a_function_is_not_taken_into_it() {
        // A global anywhere makes the file one to read whole, never part of a function.
        let text = "func.func @f() {\n  return\n}\nmemref.global @g : memref<2xi32>\n";
        assert_eq!(split_module(text), None);
        let declaration = "func.func private @f()\nmemref.global @g : memref<2xi32>\n";
        assert_eq!(split_module(declaration), None);
    }

    #[test]
    fn pieces_join_into_the_split_of_the_whole_file() {
        let body =
            "    %c = arith.constant 1 : i32 // func.func @not_a_cut\n    func.return %c : i32\n";
        for wrapped in [true, false] {
            let text = many(12_000, wrapped, body);
            assert!(text.len() >= PARALLEL_FROM);
            let whole = split_module_with(&text, false);
            assert_eq!(whole.as_ref().map(Vec::len), Some(12_000));
            assert_eq!(split_module(&text), whole);
        }
    }

    #[test]
    fn pieces_agree_where_a_cut_is_not_a_function() {
        let body = "    %c = arith.constant 1 : i32\n    func.return %c : i32\n";
        let mut text = many(6_000, true, body);
        // A string broken across lines (a lexical error) whose second line looks like a
        // function, halfway through the file; then a stray character, then unbalanced
        // brackets, each in its own copy.
        let half = text.len() / 2;
        let at = half + text[half..].find("  func.func").unwrap_or(0);
        let mut stringy = text.clone();
        stringy.insert_str(at, "  func.func @s() attributes {s = \"a\n  func.func @fake() {\"} {\n    func.return\n  }\n");
        let mut bad = text.clone();
        bad.insert_str(
            at,
            "  func.func @bad() {\n    %x = arith.constant 1 : i32 ` \n  }\n",
        );
        text.insert_str(at, "  func.func @open() {\n    func.return\n  \n");
        for t in [&stringy, &bad, &text] {
            assert_eq!(split_module(t), split_module_with(t, false));
        }
    }

    /// The header's lexer of `text` (a module wrapped in `module {`), as `split_module`
    /// leaves it before splitting.
    fn after_header(text: &str) -> Tokens<'_> {
        let mut tokens = Tokens::new(Lexer::new(text));
        tokens.next();
        tokens.next();
        tokens
    }

    #[test]
    fn a_cut_inside_a_function_is_refused_and_the_file_split_whole() {
        // A line cannot start inside a string (a string holds no line break) or a comment
        // (which runs to the end of its line), but it can inside a function: every
        // function here holds a line starting with `func.func` (the parser refuses it;
        // the split keeps it inside the function). Some cut lands there, where the piece
        // before it ends nested, and the file is split whole.
        let body = "    %c = arith.constant 1 : i32\n    func.return %c : i32\n";
        let plain = many(6_000, true, body);
        let nested = plain.replace(body, &format!("    func.func @inner() {{\n    }}\n{body}"));
        assert!(split_in_pieces(&nested, &after_header(&nested), true).is_none());
        assert_eq!(split_module(&nested), split_module_with(&nested, false));
        assert_eq!(split_module(&nested).map(|s| s.len()), Some(6_000));
        assert!(split_in_pieces(&plain, &after_header(&plain), true).is_some());
    }

    #[test]
    fn agrees_with_the_parser_on_plain_files() {
        for text in [
            "func.func @a() {\n  func.return\n}\n// between\nfunc.func private @b(i32) -> i64\n",
            "module @m {\n  func.func @a(%x: i32) -> i32 attributes {llvm.emit_c_interface} {\n    func.return %x : i32\n  }\n}\n",
            "func @legacy() {\n  return\n}\n",
            "module {\n  func.func @a() {\n    func.return\n  }\n  module {\n  }\n  module @e attributes {x = 1} {}\n  func.func private @b()\n}\n",
            "",
        ] {
            let parsed = crate::parse_module(text);
            assert!(parsed.diagnostics.is_empty(), "{text}");
            let want: Vec<_> = parsed
                .tree
                .funcs
                .iter()
                .map(|f| (f.name.node.clone(), text[f.span.range()].to_string()))
                .collect();
            assert_eq!(spans(text), Some(want), "{text}");
            assert_eq!(
                module_name(text),
                parsed.tree.name.as_ref().map(|n| n.node.clone()),
                "{text}"
            );
        }
    }

    /// The corpus programs, and a module of many small functions.
    fn texts() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        let mut out: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| {
                d.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
                    .filter_map(|p| std::fs::read_to_string(p).ok())
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        let many: String = (0..200)
            .map(|i| format!("func.func @f{i}(%x: memref<4xf32>) -> i32 {{\n  // {i}\n  %c = arith.constant {i} : i32\n  func.return %c : i32\n}}\n"))
            .collect();
        out.push(format!("module @m {{\n{many}}}\n"));
        out.push(many);
        assert!(out.len() > 10, "the corpus is read");
        out
    }

    fn edit(text: &str, rng: &mut crate::rng::Rng) -> String {
        const SNIPPETS: &[&str] = &[
            "}",
            "{",
            "(",
            ")",
            "\n",
            " ",
            "x",
            "\"",
            "// note\n",
            "func.func @z() {\n}\n",
            "func.func",
            "module {",
            "<",
            ">",
            "memref<4xf32>",
            "%v = arith.addi %x, %x : i32\n",
            "@",
            "$",
            "loc(",
            "func.func private @d(i32)\n",
        ];
        // Often next to a function's keyword, where the split is most sensitive.
        let at = if rng.index(2) == 0 {
            let starts: Vec<usize> = text.match_indices("func.func").map(|(i, _)| i).collect();
            match starts.len() {
                0 => rng.index(text.len() + 1),
                n => (starts[rng.index(n)] + rng.index(20)).min(text.len()),
            }
        } else {
            rng.index(text.len() + 1)
        };
        let mut at = at;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + rng.index(12)).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let insert = if rng.index(3) == 0 {
            ""
        } else {
            rng.pick(SNIPPETS)
        };
        let delete = if rng.index(2) == 0 { at } else { end };
        format!("{}{insert}{}", &text[..at], &text[delete..])
    }

    #[test]
    fn an_edited_split_is_the_split_of_the_edited_text() {
        let mut rng = crate::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut resumed = 0;
        for text in texts() {
            for _ in 0..60 {
                // A chain of edits, each split from the last one's result.
                let mut old = text.clone();
                let Some(mut spans) = split_module(&old) else {
                    break;
                };
                for _ in 0..4 {
                    let new = edit(&old, &mut rng);
                    let want = split_module(&new);
                    let got = split_module_edited(&new, &old, &spans);
                    assert_eq!(got, want, "edit of\n{old}\ninto\n{new}");
                    match got {
                        Some(s) => {
                            resumed += 1;
                            spans = s;
                            old = new;
                        }
                        None => break,
                    }
                }
            }
        }
        assert!(resumed > 500, "{resumed} edits kept the file splittable");
    }

    #[test]
    fn declines_what_it_does_not_recognize() {
        for text in [
            "module attributes {x} {\n}\n",
            "func.func @a() {\n",
            "func.func @a() {\n}\n}\n",
            "%x = arith.constant 1 : i32\n",
            "module {\n  func.func @a() {\n  }\n",
            "func.func @a() { \"unterminated }\n",
        ] {
            assert_eq!(spans(text), None, "{text}");
        }
    }
}
