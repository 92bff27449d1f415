//! The hand-written lexer that feeds the lalrpop grammar.
//!
//! MLIR's surface syntax is context sensitive in two places that a regular-expression lexer
//! handles badly, which is why this lexer is written by hand:
//! - shapes: `memref<4x?x8xf32>` lexes as the dimension tokens `4x`, `?x`, `8x` and the bare
//!   identifier `f32`, but only right after `memref<`;
//! - locations: `loc(...)` (with nested parentheses) and `#loc = loc(...)` alias lines are
//!   accepted anywhere and dropped here, so the grammar never sees them.
//!
//! Operation names are classified here into keyword tokens by syntax family (binary ops,
//! casts, comparisons, ...), including the legacy spellings of MLIR's old standard dialect.
//! The lexer never fails: a character it cannot use is recorded as a diagnostic and skipped.

use crate::diagnostic::Diagnostic;
use crate::span::Span;

mod token;

use token::classify;
pub use token::Tok;

/// A token with the byte offsets of its start and end, the triple lalrpop consumes.
pub type Spanned<'a> = (usize, Tok<'a>, usize);

/// The lexer over one source text: an iterator of [`Spanned`] tokens that never fails.
#[derive(Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Set right after `memref <` and after each dimension: the next `4x` is a dimension.
    shape_mode: bool,
    /// The previous token, to detect `memref <`.
    prev: Option<Tok<'a>>,
    /// Lexical errors, in order: characters and unterminated literals it skipped, and names
    /// outside MLIR's grammar (whose tokens are kept).
    pub diagnostics: Vec<Diagnostic>,
    /// Open `(`, `[`, `{` and `<` around the current token.
    depth: usize,
    /// Set when the nesting went deeper than [`MAX_NESTING`]: the lexer then ends the input,
    /// and the parser's errors (which would follow from the cut) are replaced by this one.
    pub too_deep: Option<Diagnostic>,
    /// The type and attribute aliases defined so far (`!t = memref<4xf32>`,
    /// `#s = strided<[1]>`).
    aliases: Vec<Alias<'a>>,
    /// The tokens of an alias's value still to return, each spanning the alias's use.
    pending: std::collections::VecDeque<Spanned<'a>>,
    /// The text, while `pending` holds tokens and `text` is cut to nothing: the one test
    /// every token passes anyway (the end of the input) then finds them.
    held: Option<&'a str>,
    /// How many aliases' values this lexer is inside of (each value is lexed by a lexer of
    /// its own).
    alias_depth: usize,
    /// Whether the text defines an alias: its functions then cannot be read alone, as
    /// a function's text does not hold the definitions ([`crate::split`] gives up).
    pub has_aliases: bool,
}

/// The deepest aliases may refer to one another.
const MAX_ALIAS_DEPTH: usize = 32;

/// A type or attribute alias: `!t = memref<4xf32>`.
#[derive(Clone, Copy, Debug)]
struct Alias<'a> {
    /// The name with its sigil (`!t`).
    name: &'a str,
    /// The text the value is in, ending where the value ends.
    source: &'a str,
    /// Where the value starts in `source`.
    from: usize,
    /// Defined in a prelude ([`Lexer::with_prelude`]) rather than the text: errors in its
    /// value are the prelude's, reported where the file is read whole.
    foreign: bool,
}

/// The deepest nesting of brackets the frontend accepts. Deeper input is refused with one
/// located error before anything recursive (types, attributes, the printer) sees it, since
/// recursion that deep would overflow the stack; real programs nest a few levels.
pub const MAX_NESTING: usize = 256;

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            shape_mode: false,
            prev: None,
            diagnostics: Vec::new(),
            depth: 0,
            too_deep: None,
            aliases: Vec::new(),
            pending: std::collections::VecDeque::new(),
            held: None,
            alias_depth: 0,
            has_aliases: false,
        }
    }

    /// After `!name` or `#name` (just lexed from `start`): a definition `= VALUE` is
    /// recorded (`true`, nothing to return); a use of a defined alias queues its value's
    /// tokens (`true`); anything else leaves the position alone (`false`).
    fn alias(&mut self, start: usize) -> bool {
        let name = &self.text[start..self.pos];
        let save = self.pos;
        self.skip_trivia();
        if self.peek(0) == b'=' && self.depth == 0 {
            self.pos += 1;
            self.skip_trivia();
            let from = self.pos;
            let to = self.alias_value_end();
            if from == to {
                self.error(start, to, format!("the alias `{name}` has no value"));
            } else if self.aliases.iter().any(|a| a.name == name) {
                self.error(start, save, format!("the alias `{name}` is defined twice"));
            } else {
                self.aliases.push(Alias {
                    name,
                    source: &self.text[..to],
                    from,
                    foreign: false,
                });
            }
            self.has_aliases = true;
            self.pos = to;
            return true;
        }
        self.pos = save;
        let Some(alias) = self.aliases.iter().find(|a| a.name == name).copied() else {
            return false;
        };
        if self.alias_depth >= MAX_ALIAS_DEPTH {
            self.error(
                start,
                self.pos,
                format!("aliases nest more than {MAX_ALIAS_DEPTH} deep at `{name}`"),
            );
            return true;
        }
        // The value is lexed on its own, with the aliases defined before it, and its
        // errors are located in the definition; its tokens take the use's place.
        let mut value = Lexer::new(alias.source);
        value.pos = alias.from;
        value.alias_depth = self.alias_depth + 1;
        value.aliases = self
            .aliases
            .iter()
            .take_while(|a| a.name != name)
            .copied()
            .collect();
        while let Some(Ok(t)) = value.next() {
            self.pending.push_back((start, t.1, self.pos));
        }
        if !self.pending.is_empty() {
            self.held = Some(self.text);
            self.text = &self.text[..0];
        }
        if !alias.foreign {
            self.diagnostics.append(&mut value.diagnostics);
        }
        true
    }

    /// Reports the escape at the position (a backslash) unless MLIR knows it: `\\`, `\"`,
    /// `\n`, `\t` and two hex digits.
    #[cold]
    #[inline(never)]
    fn check_escape(&mut self) {
        let (a, b) = (self.peek(1), self.peek(2));
        let known = matches!(a, b'\\' | b'"' | b'n' | b't')
            || (a.is_ascii_hexdigit() && b.is_ascii_hexdigit());
        if !known && self.pos + 1 < self.text.len() {
            let next = self.text[self.pos + 1..].chars().next();
            let end = self.pos + 1 + next.map_or(1, char::len_utf8);
            self.error(
                self.pos,
                end.min(self.text.len()),
                "unknown escape in a string literal (MLIR knows `\\\\`, `\\\"`, `\\n`, `\\t` and `\\` with two hex digits)",
            );
        }
    }

    /// After `!name` or `#name` (from `start`): records a definition, queues the tokens of
    /// a use's value (the next tokens the lexer returns), or reports an error.
    #[cold]
    #[inline(never)]
    fn alias_token(&mut self, start: usize) {
        if !self.alias(start) {
            let word = &self.text[start..self.pos];
            let message = if word.starts_with('#') {
                format!("`{word}` is not a defined attribute alias (`{word} = ...` defines one)")
            } else if word[1..].contains('.') {
                format!("dialect types such as `{word}` are not supported")
            } else {
                format!("`{word}` is not a defined type alias (`{word} = ...` defines one)")
            };
            self.error(start, self.pos, message);
        }
    }

    /// The next token of an alias's value, if any is left.
    #[cold]
    #[inline(never)]
    fn next_pending(&mut self) -> Option<Spanned<'a>> {
        let t = self.pending.pop_front();
        if self.pending.is_empty() {
            if let Some(text) = self.held.take() {
                self.text = text;
            }
        }
        t
    }

    /// The end of an alias's value that starts here: the end of its line, past any brackets
    /// and strings it opens.
    fn alias_value_end(&self) -> usize {
        let b = self.bytes();
        let (mut i, mut depth) = (self.pos, 0usize);
        while i < b.len() {
            match b[i] {
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                // `->` in an affine map is no closing bracket.
                b'>' if i == 0 || b[i - 1] != b'-' => depth = depth.saturating_sub(1),
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'\n' if depth == 0 => break,
                b'/' if depth == 0 && b.get(i + 1) == Some(&b'/') => break,
                _ => {}
            }
            i += 1;
        }
        let mut end = i.min(b.len());
        while end > self.pos && b[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        end
    }

    /// The alias definitions lexed so far, one per line (`!t = memref<4xf32>`), in order:
    /// after the whole file, the prelude a function read alone needs
    /// ([`Lexer::with_prelude`]).
    pub fn prelude(&self) -> String {
        self.aliases
            .iter()
            .map(|a| format!("{} = {}\n", a.name, &a.source[a.from..]))
            .collect()
    }

    /// A lexer at the start of `text` that knows the aliases `prelude` defines (a file's
    /// [`Lexer::prelude`]): how a function is read apart from the file that defines them.
    pub fn with_prelude(prelude: &'a str, text: &'a str) -> Self {
        let mut lexer = Lexer::new(text);
        if !prelude.is_empty() {
            let mut defining = Lexer::new(prelude);
            while defining.next().is_some() {}
            lexer.aliases = defining.aliases;
            for a in &mut lexer.aliases {
                a.foreign = true;
            }
        }
        lexer
    }

    /// A lexer that starts at byte `pos` of `text` (a token's start) inside `depth` open
    /// brackets, as if it had lexed everything before: positions stay those of `text`. Only
    /// for a position where no earlier token changes how the next one is read (not right
    /// after `memref`).
    pub fn resume(text: &'a str, pos: usize, depth: usize) -> Self {
        Lexer {
            pos: pos.min(text.len()),
            depth,
            ..Lexer::new(text)
        }
    }

    /// The byte after the last token lexed.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many `(`, `[`, `{` and `<` are open after the last token returned.
    pub fn depth(&self) -> usize {
        self.depth
    }

    fn peek(&self, k: usize) -> u8 {
        *self.text.as_bytes().get(self.pos + k).unwrap_or(&0)
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> usize {
        while self.pos < self.text.len() && f(self.bytes()[self.pos]) {
            self.pos += 1;
        }
        self.pos
    }

    fn error(&mut self, start: usize, end: usize, msg: impl Into<String>) {
        // A backslash as the last byte makes the string loops step one past the end.
        let len = self.text.len();
        let span = Span::new(start.min(len), end.min(len));
        self.diagnostics
            .push(Diagnostic::error("lex.invalid", span, msg));
    }

    /// Skips whitespace and `//` comments.
    fn skip_trivia(&mut self) {
        loop {
            let c = self.peek(0);
            if c.is_ascii_whitespace() {
                self.pos += 1;
            } else if c == b'/' && self.peek(1) == b'/' {
                self.take_while(|c| c != b'\n');
            } else {
                return;
            }
        }
    }

    /// Skips a group from `open` (here) to its matching `close`, over nested groups and
    /// strings; false when it does not end (at the end of the text, or of the line when
    /// `one_line`).
    fn skip_bracketed(&mut self, open: u8, close: u8, one_line: bool) -> bool {
        let mut depth = 0usize;
        while self.pos < self.text.len() {
            match self.bytes()[self.pos] {
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return true;
                    }
                }
                b'"' => {
                    self.pos += 1;
                    while self.pos < self.text.len() && self.bytes()[self.pos] != b'"' {
                        if self.bytes()[self.pos] == b'\\' {
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos = self.pos.min(self.text.len());
                }
                b'\n' if one_line => return false,
                _ => {}
            }
            self.pos += 1;
        }
        false
    }

    /// Skips a dialect attribute's `<...>`, which ends on its line.
    fn skip_angles(&mut self) -> bool {
        self.skip_bracketed(b'<', b'>', true)
    }

    fn skip_group(&mut self, start: usize) {
        if !self.skip_bracketed(b'(', b')', false) {
            self.error(start, self.pos, "unterminated `loc(` location");
        }
    }

    /// Lexes a `[0-9]+x` / `?x` / `*x` dimension if one starts here.
    fn try_dim(&mut self) -> Option<Spanned<'a>> {
        let start = self.pos;
        let b = self.bytes();
        let mut i = start;
        if self.peek(0) == b'?' || self.peek(0) == b'*' {
            i += 1;
        } else {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
        }
        if i < b.len() && b[i] == b'x' {
            self.pos = i + 1;
            let tok = if b[start] == b'*' {
                Tok::UnrankedDim
            } else {
                Tok::Dim(&self.text[start..i])
            };
            Some((start, tok, self.pos))
        } else {
            None
        }
    }

    fn lex_number(&mut self, start: usize) -> Tok<'a> {
        if self.peek(0) == b'-' {
            self.pos += 1;
        }
        if self.peek(0) == b'0' && self.peek(1) == b'x' && self.peek(2).is_ascii_hexdigit() {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_hexdigit());
            return Tok::Int(&self.text[start..self.pos]);
        }
        self.take_while(|c| c.is_ascii_digit());
        if self.peek(0) != b'.' {
            return Tok::Int(&self.text[start..self.pos]);
        }
        self.pos += 1;
        self.take_while(|c| c.is_ascii_digit());
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_digit());
        }
        Tok::Float(&self.text[start..self.pos])
    }

    /// Lexes the name after a sigil (`%`, `@`, `^`): a suffix id or a quoted string.
    fn lex_name(&mut self, start: usize, what: &str) -> Option<&'a str> {
        let s = self.pos;
        if self.peek(0) == b'"' && what == "symbol" {
            self.pos += 1;
            self.take_while(|c| c != b'"' && c != b'\n');
            if self.peek(0) != b'"' {
                self.error(start, self.pos, "unterminated quoted symbol name");
                return None;
            }
            self.pos += 1;
            return Some(&self.text[s + 1..self.pos - 1]);
        }
        // MLIR's grammar: a value or block name (`suffix-id`) is all digits, or a letter or
        // one of `$._-` followed by letters, digits and `$._-`; a symbol name (`bare-id`)
        // starts with a letter or `_` and goes on with letters, digits and `_$.`. A name
        // outside it (`%0x`, `@1f`) is refused, since `mlir-opt` would refuse it too.
        self.take_while(is_suffix_char);
        if self.pos == s {
            self.error(
                start,
                start + 1,
                format!("expected a {what} name after the sigil"),
            );
            return None;
        }
        let name = &self.text[s..self.pos];
        let bytes = name.as_bytes();
        let valid = if what == "symbol" {
            is_id_start(bytes[0]) && bytes.iter().all(|c| is_id_char(*c))
        } else if bytes[0].is_ascii_digit() {
            bytes.iter().all(u8::is_ascii_digit)
        } else {
            true
        };
        if !valid {
            let rule = if what == "symbol" {
                "a symbol name starts with a letter or `_` and continues with letters, digits, `_`, `$` and `.`"
            } else {
                "a name that starts with a digit is all digits (`%0`, `^12`); others start with a letter or one of `$._-`"
            };
            self.error(
                start,
                self.pos,
                format!(
                    "invalid {what} name `{}`: {rule}",
                    &self.text[start..self.pos]
                ),
            );
            // The token is kept, so the error is this one and not a cascade of parse errors.
        }
        Some(name)
    }

    fn next_token(&mut self) -> Option<Spanned<'a>> {
        loop {
            self.skip_trivia();
            let start = self.pos;
            if start >= self.text.len() {
                if self.held.is_some() {
                    return self.next_pending();
                }
                return None;
            }
            if self.shape_mode {
                if let Some(t) = self.try_dim() {
                    return Some(t);
                }
                self.shape_mode = false;
            }
            let c = self.peek(0);
            let single = |t: Tok<'a>, this: &mut Self| {
                this.pos += 1;
                Some((start, t, start + 1))
            };
            let tok = match c {
                b'(' => return single(Tok::LParen, self),
                b')' => return single(Tok::RParen, self),
                b'{' => return single(Tok::LBrace, self),
                b'}' => return single(Tok::RBrace, self),
                b'[' => return single(Tok::LBracket, self),
                b']' => return single(Tok::RBracket, self),
                b'<' => {
                    if matches!(self.prev, Some(Tok::KwMemref | Tok::Ident("tensor"))) {
                        self.shape_mode = true;
                    }
                    return single(Tok::Less, self);
                }
                b'>' => return single(Tok::Greater, self),
                b',' => return single(Tok::Comma, self),
                b':' => return single(Tok::Colon, self),
                b'=' => return single(Tok::Equals, self),
                b'?' => return single(Tok::Question, self),
                b'-' if self.peek(1) == b'>' => {
                    self.pos += 2;
                    return Some((start, Tok::Arrow, self.pos));
                }
                b'-' if self.peek(1).is_ascii_digit() => self.lex_number(start),
                b'0'..=b'9' => self.lex_number(start),
                b'"' => {
                    self.pos += 1;
                    // MLIR ends a string at a newline, vertical tab or form feed (an error).
                    while self.pos < self.text.len()
                        && !matches!(self.peek(0), b'"' | b'\n' | b'\x0b' | b'\x0c')
                    {
                        if self.peek(0) == b'\\' {
                            self.check_escape();
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos = self.pos.min(self.text.len());
                    if self.peek(0) != b'"' {
                        self.error(
                            start,
                            self.pos,
                            "unterminated string literal (a string cannot hold a line break, vertical tab or form feed)",
                        );
                        continue;
                    }
                    self.pos += 1;
                    Tok::Str(&self.text[start + 1..self.pos - 1])
                }
                b'%' => {
                    self.pos += 1;
                    if self.lex_name(start, "value").is_none() {
                        continue;
                    }
                    // `%r#1` names result 1 of the group `%r`.
                    if self.peek(0) == b'#' && self.peek(1).is_ascii_digit() {
                        self.pos += 1;
                        self.take_while(|c| c.is_ascii_digit());
                    }
                    Tok::Value(&self.text[start + 1..self.pos])
                }
                b'@' => {
                    self.pos += 1;
                    let Some(name) = self.lex_name(start, "symbol") else {
                        continue;
                    };
                    Tok::Symbol(name)
                }
                b'^' => {
                    self.pos += 1;
                    let Some(name) = self.lex_name(start, "block") else {
                        continue;
                    };
                    Tok::Block(name)
                }
                b'#' => {
                    // `#loc3 = loc(...)` alias definitions carry only debug locations.
                    self.take_while(is_suffix_char_or_hash);
                    let word = &self.text[start..self.pos];
                    if word.starts_with("#loc") {
                        let save = self.pos;
                        self.skip_trivia();
                        if self.peek(0) == b'=' {
                            self.pos += 1;
                            self.skip_trivia();
                            if self.text[self.pos..].starts_with("loc") {
                                self.pos += 3;
                                self.skip_trivia();
                                if self.peek(0) == b'(' {
                                    let s = self.pos;
                                    self.skip_group(s);
                                    continue;
                                }
                            }
                        }
                        self.pos = save;
                    }
                    // `#dialect.name<...>` (or without a body): a dialect attribute in full.
                    if !word[1..].contains('.') || word.ends_with('.') {
                        self.alias_token(start);
                        continue;
                    }
                    if self.peek(0) == b'<' && !self.skip_angles() {
                        self.error(start, self.pos, format!("unterminated `{word}<`"));
                        continue;
                    }
                    Tok::DialectAttr(&self.text[start..self.pos])
                }
                c if is_id_start(c) => {
                    self.take_while(is_id_char);
                    let word = &self.text[start..self.pos];
                    if word == "loc" {
                        let save = self.pos;
                        self.skip_trivia();
                        if self.peek(0) == b'(' {
                            let s = self.pos;
                            self.skip_group(s);
                            continue;
                        }
                        self.pos = save;
                    }
                    classify(word)
                }
                _ => {
                    // A type alias (`!t`), rare enough to be looked for after every other
                    // token.
                    if self.peek(0) == b'!' && is_id_start(self.peek(1)) {
                        self.pos += 1;
                        self.take_while(is_suffix_char);
                        let word = &self.text[start..self.pos];
                        // `!llvm.ptr`, `!llvm.array<...>`: a dialect type in full.
                        if word.starts_with("!llvm.") && word.len() > 6 {
                            if self.peek(0) == b'<' && !self.skip_angles() {
                                self.error(start, self.pos, format!("unterminated `{word}<`"));
                                continue;
                            }
                            return Some((
                                start,
                                Tok::DialectType(&self.text[start..self.pos]),
                                self.pos,
                            ));
                        }
                        self.alias_token(start);
                        continue;
                    }
                    if self.text[start..].starts_with("...") {
                        self.pos += 3;
                        return Some((start, Tok::Ellipsis, self.pos));
                    }
                    let ch = self.text[start..].chars().next().unwrap_or('?');
                    self.pos += ch.len_utf8();
                    self.error(start, self.pos, format!("unexpected character `{ch}`"));
                    continue;
                }
            };
            return Some((start, tok, self.pos));
        }
    }
}

fn is_suffix_char_or_hash(c: u8) -> bool {
    is_suffix_char(c) || c == b'#'
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, std::convert::Infallible>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.too_deep.is_some() {
            return None;
        }
        let t = self.next_token()?;
        match t.1 {
            Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Less => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    self.too_deep = Some(Diagnostic::error(
                        "parse.too-deep",
                        Span::new(t.0, t.2),
                        format!(
                            "nesting too deep: more than {MAX_NESTING} levels of `(`, `[`, `{{` and `<`"
                        ),
                    ));
                    return None;
                }
            }
            Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Greater => {
                self.depth = self.depth.saturating_sub(1);
            }
            _ => {}
        }
        self.prev = Some(t.1);
        Some(Ok(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        Lexer::new(s).map(|t| t.unwrap().1).collect()
    }

    #[test]
    fn an_alias_reads_as_its_value_at_its_use() {
        let text = "!e = f32\n!m = memref<?x!e> // the rows\n%x: !m";
        let mut lexer = Lexer::new(text);
        let tokens: Vec<Spanned> = lexer.by_ref().map(|t| t.unwrap()).collect();
        assert!(lexer.diagnostics.is_empty(), "{:?}", lexer.diagnostics);
        assert!(lexer.has_aliases);
        let plain: Vec<Tok> = tokens.iter().map(|t| t.1).collect();
        assert_eq!(plain, toks("%x: memref<?xf32>"));
        // Each token of the value spans the use.
        let at = text.rfind("!m").unwrap();
        assert!(
            tokens[2..].iter().all(|t| (t.0, t.2) == (at, at + 2)),
            "{tokens:?}"
        );
        assert_eq!(lexer.prelude(), "!e = f32\n!m = memref<?x!e>\n");
    }

    #[test]
    fn a_function_read_alone_takes_its_files_aliases_from_a_prelude() {
        let prelude = "!m = memref<4x$f32>\n!i = i32\n";
        let mut lexer = Lexer::with_prelude(prelude, "%x: !i");
        let plain: Vec<Tok> = lexer.by_ref().map(|t| t.unwrap().1).collect();
        assert_eq!(plain, toks("%x: i32"));
        // Neither the prelude's own errors nor an alias defined there make the function's.
        assert!(lexer.diagnostics.is_empty(), "{:?}", lexer.diagnostics);
        assert!(!lexer.has_aliases);
    }

    #[test]
    fn undefined_and_self_referring_aliases_are_errors() {
        let mut lexer = Lexer::new("!a = !a\n%x: !a !b #c");
        while lexer.next().is_some() {}
        let messages: Vec<&str> = lexer
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "`!a` is not a defined type alias (`!a = ...` defines one)",
                "`!b` is not a defined type alias (`!b = ...` defines one)",
                "`#c` is not a defined attribute alias (`#c = ...` defines one)",
            ]
        );
    }

    #[test]
    fn shapes_lex_as_dimensions_only_after_memref() {
        use Tok::*;
        assert_eq!(
            toks("memref<0x?x8xf32> 4"),
            vec![
                KwMemref,
                Less,
                Dim("0"),
                Dim("?"),
                Dim("8"),
                Ident("f32"),
                Greater,
                Int("4")
            ]
        );
        assert_eq!(
            toks("memref<*xi8>"),
            vec![KwMemref, Less, UnrankedDim, Ident("i8"), Greater]
        );
    }

    #[test]
    fn locations_and_comments_vanish() {
        use Tok::*;
        assert_eq!(
            toks("#loc1 = loc(\"a\":1:2)\n%x // c\n loc(fused[#loc1, \"(\"]) ^bb0"),
            vec![Value("x"), Block("bb0")]
        );
    }

    #[test]
    fn numbers() {
        use Tok::*;
        assert_eq!(
            toks("-1 0x7F 1.5e-3 2. -> %r#1"),
            vec![
                Int("-1"),
                Int("0x7F"),
                Float("1.5e-3"),
                Float("2."),
                Arrow,
                Value("r#1")
            ]
        );
    }

    #[test]
    fn bad_characters_are_reported_and_skipped() {
        let mut lx = Lexer::new("%a ~ %b");
        let t: Vec<_> = lx.by_ref().map(|t| t.unwrap().1).collect();
        assert_eq!(t, vec![Tok::Value("a"), Tok::Value("b")]);
        assert_eq!(lx.diagnostics.len(), 1);
    }
}
