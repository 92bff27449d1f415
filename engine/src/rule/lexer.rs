//! The rule language's lexer.
//!
//! Hand-written for the same reason as the MLIR lexer: it never fails (a stray character
//! becomes a diagnostic and is skipped) and it can tell `->` from a negative number and an
//! operator name such as `<=` from the `<=>` of a two-way rule.

use kiln_frontend::{Diagnostic, Span};
use std::fmt;

/// A token of a rule file. The texts a variant holds borrow from the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `[`: starts a list.
    LBracket,
    /// `]`.
    RBracket,
    /// `{`: opens a computed leaf, or a phase's, group's or test's body.
    LBrace,
    /// `}`.
    RBrace,
    /// `|`: separates a list's items from its tail.
    Bar,
    /// `:`.
    Colon,
    /// `->`: before a declaration's result sort.
    Arrow,
    /// `=>`: a one-way rule, or a test's expected term.
    FatArrow,
    /// `<=>`: a two-way rule.
    TwoWay,
    /// `decl`.
    KwDecl,
    /// `phase`.
    KwPhase,
    /// `in`: starts a group of rules.
    KwIn,
    /// `rule`.
    KwRule,
    /// `test`.
    KwTest,
    /// `if`: starts a rule's guards.
    KwIf,
    /// `def`: a named term (a macro) expanded where it is used (`expand.rs`).
    KwDef,
    /// An operation, sort, attribute or function name: `arith.addi`, `Value`, `+`, `<=`.
    /// A letter or `_` then letters, digits and `_ . - ? !`; or a run of the operator
    /// characters `+ - * / % = < > !` other than `->`, `=>` and `<=>`. Keywords excepted.
    Ident(&'a str),
    /// `?x` (the text after `?`).
    Var(&'a str),
    /// An integer: decimal digits or `0x` and hex digits, optionally after a `-` (`-1`,
    /// `0xff`); the text as written.
    Int(&'a str),
    /// A number with a fraction or an exponent (`1.5`, `-2e10`); the text as written.
    Float(&'a str),
    /// `"slt"` (the text between the quotes).
    Str(&'a str),
    /// `@f` (the text after `@`).
    Func(&'a str),
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::LParen => write!(f, "`(`"),
            Tok::RParen => write!(f, "`)`"),
            Tok::LBracket => write!(f, "`[`"),
            Tok::RBracket => write!(f, "`]`"),
            Tok::LBrace => write!(f, "`{{`"),
            Tok::RBrace => write!(f, "`}}`"),
            Tok::Bar => write!(f, "`|`"),
            Tok::Colon => write!(f, "`:`"),
            Tok::Arrow => write!(f, "`->`"),
            Tok::FatArrow => write!(f, "`=>`"),
            Tok::TwoWay => write!(f, "`<=>`"),
            Tok::KwDecl => write!(f, "`decl`"),
            Tok::KwPhase => write!(f, "`phase`"),
            Tok::KwIn => write!(f, "`in`"),
            Tok::KwRule => write!(f, "`rule`"),
            Tok::KwTest => write!(f, "`test`"),
            Tok::KwIf => write!(f, "`if`"),
            Tok::KwDef => write!(f, "`def`"),
            Tok::Ident(s) => write!(f, "name `{s}`"),
            Tok::Var(s) => write!(f, "variable `?{s}`"),
            Tok::Int(s) => write!(f, "integer `{s}`"),
            Tok::Float(s) => write!(f, "float `{s}`"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Func(s) => write!(f, "function `@{s}`"),
        }
    }
}

/// A token and where it is: its start and end byte offsets in the file (lalrpop's form).
pub type Spanned<'a> = (usize, Tok<'a>, usize);

/// Splits a rule file into tokens ([`Spanned`]) as an iterator, for the grammar. Skips
/// whitespace and `;` comments; never fails: a stray character or an unterminated string
/// is a diagnostic, and the lexer goes on after it.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Open `(`, `[` and `{` (terms deeper than [`MAX_NESTING`] end the file with an error,
    /// so no later stage recurses without bound).
    depth: usize,
    /// The lexical errors found so far (`rules.lex`, `rules.too-deep`).
    pub diagnostics: Vec<Diagnostic>,
    /// The spans of the `;` comments skipped so far (the formatter puts them back).
    pub comments: Vec<Span>,
}

/// How deeply terms may nest.
pub const MAX_NESTING: usize = 200;

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-' | b'?' | b'!')
}

fn is_operator_char(c: u8) -> bool {
    matches!(
        c,
        b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b'<' | b'>' | b'!'
    )
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            depth: 0,
            diagnostics: Vec::new(),
            comments: Vec::new(),
        }
    }

    fn peek(&self, k: usize) -> Option<u8> {
        self.text.as_bytes().get(self.pos + k).copied()
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> &'a str {
        let start = self.pos;
        while self.peek(0).is_some_and(&f) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn skip_trivia(&mut self) {
        loop {
            match self.peek(0) {
                Some(c) if c.is_ascii_whitespace() => self.pos += 1,
                Some(b';') => {
                    let start = self.pos;
                    self.take_while(|c| c != b'\n');
                    self.comments.push(Span::new(start, self.pos));
                }
                _ => return,
            }
        }
    }

    fn number(&mut self, start: usize) -> Tok<'a> {
        if self.peek(0) == Some(b'-') {
            self.pos += 1;
        }
        if self.peek(0) == Some(b'0') && matches!(self.peek(1), Some(b'x' | b'X')) {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_hexdigit());
            return Tok::Int(&self.text[start..self.pos]);
        }
        self.take_while(|c| c.is_ascii_digit());
        let mut float = false;
        if self.peek(0) == Some(b'.') && self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
            float = true;
            self.pos += 1;
            self.take_while(|c| c.is_ascii_digit());
        }
        if matches!(self.peek(0), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(self.peek(1), Some(b'+' | b'-')));
            if self.peek(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                float = true;
                self.pos += 1 + sign;
                self.take_while(|c| c.is_ascii_digit());
            }
        }
        let s = &self.text[start..self.pos];
        if float {
            Tok::Float(s)
        } else {
            Tok::Int(s)
        }
    }

    fn next_token(&mut self) -> Option<Spanned<'a>> {
        loop {
            self.skip_trivia();
            let start = self.pos;
            let c = self.peek(0)?;
            let single = |lx: &mut Self, t: Tok<'a>| {
                lx.pos += 1;
                Some((start, t, start + 1))
            };
            let tok = match c {
                b'(' => return single(self, Tok::LParen),
                b')' => return single(self, Tok::RParen),
                b'[' => return single(self, Tok::LBracket),
                b']' => return single(self, Tok::RBracket),
                b'{' => return single(self, Tok::LBrace),
                b'}' => return single(self, Tok::RBrace),
                b'|' => return single(self, Tok::Bar),
                b':' => return single(self, Tok::Colon),
                b'?' if self.peek(1).is_some_and(is_name_start) => {
                    self.pos += 1;
                    Tok::Var(self.take_while(is_name_char))
                }
                b'@' if self.peek(1).is_some_and(is_name_start) => {
                    self.pos += 1;
                    Tok::Func(self.take_while(is_name_char))
                }
                b'"' => {
                    self.pos += 1;
                    let body = self.take_while(|c| c != b'"' && c != b'\n');
                    if self.peek(0) == Some(b'"') {
                        self.pos += 1;
                        Tok::Str(body)
                    } else {
                        self.diagnostics.push(Diagnostic::error(
                            "rules.lex",
                            Span::new(start, self.pos),
                            "unterminated string",
                        ));
                        continue;
                    }
                }
                b'0'..=b'9' => self.number(start),
                b'-' if self.peek(1).is_some_and(|c| c.is_ascii_digit()) => self.number(start),
                c if is_name_start(c) => {
                    let word = self.take_while(is_name_char);
                    match word {
                        "decl" => Tok::KwDecl,
                        "phase" => Tok::KwPhase,
                        "in" => Tok::KwIn,
                        "rule" => Tok::KwRule,
                        "test" => Tok::KwTest,
                        "if" => Tok::KwIf,
                        "def" => Tok::KwDef,
                        w => Tok::Ident(w),
                    }
                }
                c if is_operator_char(c) => {
                    let word = self.take_while(is_operator_char);
                    match word {
                        "->" => Tok::Arrow,
                        "=>" => Tok::FatArrow,
                        "<=>" => Tok::TwoWay,
                        w => Tok::Ident(w),
                    }
                }
                _ => {
                    let ch = self.text[start..].chars().next().unwrap_or('?');
                    self.pos += ch.len_utf8();
                    self.diagnostics.push(Diagnostic::error(
                        "rules.lex",
                        Span::new(start, self.pos),
                        format!("unexpected character `{ch}`"),
                    ));
                    continue;
                }
            };
            return Some((start, tok, self.pos));
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, std::convert::Infallible>;

    fn next(&mut self) -> Option<Self::Item> {
        let tok = self.next_token()?;
        match tok.1 {
            Tok::LParen | Tok::LBracket | Tok::LBrace => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    self.diagnostics.push(Diagnostic::error(
                        "rules.too-deep",
                        Span::new(tok.0, tok.2),
                        format!("terms nest more than {MAX_NESTING} deep; the rest of the file is ignored"),
                    ));
                    self.pos = self.text.len();
                    return None;
                }
            }
            Tok::RParen | Tok::RBracket | Tok::RBrace => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        Some(Ok(tok))
    }
}

/// Every token of `text` and the span of every comment, both in file order. Tools that
/// reprint a file (`format.rs`) or colour it need the comments the parser never sees.
pub fn tokens_and_comments(text: &str) -> (Vec<Spanned<'_>>, Vec<Span>) {
    let mut lexer = Lexer::new(text);
    let mut tokens = Vec::new();
    while let Some(Ok(t)) = lexer.next() {
        tokens.push(t);
    }
    (tokens, lexer.comments)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        Lexer::new(s)
            .map(|t| t.map(|(_, t, _)| t).unwrap())
            .collect()
    }

    #[test]
    fn arrows_numbers_and_operators() {
        assert_eq!(
            toks("(- ?x -1) -> => <=> <= ; comment\n@f \"slt\" 1.5"),
            vec![
                Tok::LParen,
                Tok::Ident("-"),
                Tok::Var("x"),
                Tok::Int("-1"),
                Tok::RParen,
                Tok::Arrow,
                Tok::FatArrow,
                Tok::TwoWay,
                Tok::Ident("<="),
                Tok::Func("f"),
                Tok::Str("slt"),
                Tok::Float("1.5"),
            ]
        );
    }

    #[test]
    fn comments_are_kept_with_their_spans() {
        let text = "; head\n(f ?x) ; tail\n";
        let (tokens, comments) = tokens_and_comments(text);
        assert_eq!(tokens.len(), 4);
        let texts: Vec<&str> = comments
            .iter()
            .map(|c| &text[c.start as usize..c.end as usize])
            .collect();
        assert_eq!(texts, vec!["; head", "; tail"]);
    }

    #[test]
    fn bad_characters_are_reported_and_skipped() {
        let mut lx = Lexer::new("a # b");
        let all: Vec<_> = lx.by_ref().collect();
        assert_eq!(all.len(), 2);
        assert_eq!(lx.diagnostics.len(), 1);
    }
}
