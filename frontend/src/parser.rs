//! Runs the lalrpop grammar and turns its errors into [`Diagnostic`]s.
//!
//! lalrpop's types never leave this module. The grammar recovers at the operation and the
//! function level, so one run reports several syntax errors; only the first error of each
//! source line is kept, because recovery inside a broken line tends to cascade.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::lexer::{Lexer, Tok};
use crate::span::{LineIndex, Span};
use lalrpop_util::{lalrpop_mod, ErrorRecovery, ParseError};

lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_parens, dead_code)]
    grammar
);

type Recovered<'a> = ErrorRecovery<usize, Tok<'a>, std::convert::Infallible>;

/// A syntax tree and the syntax errors found while building it (the tree is what could be
/// recovered; it is complete only when the list has no errors).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parsed<T> {
    /// The syntax tree.
    pub tree: T,
    /// The lexical and syntax errors, at most one per source line, in order of position.
    pub diagnostics: Vec<Diagnostic>,
    /// The type and attribute aliases the text defines, one definition per line
    /// ([`Lexer::prelude`]); empty for most texts.
    pub prelude: String,
}

/// Parses a whole file: a `module { ... }` or a sequence of top-level functions.
pub fn parse_module(text: &str) -> Parsed<ast::Module> {
    let mut parsed = run(Lexer::new(text), text, |errors, lexer| {
        grammar::ModuleParser::new()
            .parse(errors, lexer)
            .map(|m| *m)
    })
    .unwrap_or_else(|diagnostics| Parsed {
        tree: ast::Module {
            name: None,
            attrs: Vec::new(),
            funcs: Vec::new(),
            nested: Vec::new(),
            globals: Vec::new(),
            llvm_funcs: Vec::new(),
            llvm_globals: Vec::new(),
            span: Span::new(0, text.len()),
        },
        diagnostics,
        prelude: String::new(),
    });
    for (span, funcs) in &parsed.tree.nested {
        if *funcs > 0 {
            parsed.diagnostics.push(
                Diagnostic::error(
                    "parse.nested-module",
                    *span,
                    format!(
                        "a nested module with {funcs} function{} is not supported: kiln lowers one symbol table",
                        if *funcs == 1 { "" } else { "s" }
                    ),
                )
                .with_note("move the functions to the top-level module"),
            );
        }
    }
    parsed
}

/// Parses the text of exactly one function; used to give each function spans relative to
/// its own start.
pub fn parse_func(text: &str) -> Result<Parsed<ast::Func>, Vec<Diagnostic>> {
    parse_func_with_aliases("", text)
}

/// [`parse_func`] of a function whose file defines aliases: `prelude` holds their
/// definitions (its file's [`Parsed::prelude`]).
pub fn parse_func_with_aliases(
    prelude: &str,
    text: &str,
) -> Result<Parsed<ast::Func>, Vec<Diagnostic>> {
    // No slack is returned from the body's vectors: the one caller that keeps a tree
    // (`parse_function`, memoized) drops its body once the IR is built.
    run(Lexer::with_prelude(prelude, text), text, |errors, lexer| {
        grammar::FuncParser::new().parse(errors, lexer).map(|f| *f)
    })
}

fn run<'a, T>(
    mut lexer: Lexer<'a>,
    text: &'a str,
    parse: impl FnOnce(
        &mut Vec<Recovered<'a>>,
        &mut Lexer<'a>,
    ) -> Result<T, ParseError<usize, Tok<'a>, std::convert::Infallible>>,
) -> Result<Parsed<T>, Vec<Diagnostic>> {
    let mut recovered = Vec::new();
    let result = parse(&mut recovered, &mut lexer);
    if let Some(deep) = lexer.too_deep.take() {
        // The input was cut at the too-deep bracket: what the parser said after that is a
        // consequence of the cut, and the partial tree is not used.
        let mut diagnostics = std::mem::take(&mut lexer.diagnostics);
        diagnostics.push(deep);
        return Err(one_per_line(diagnostics, text));
    }
    let mut diagnostics = std::mem::take(&mut lexer.diagnostics);
    diagnostics.extend(recovered.into_iter().map(|e| convert(e.error, text)));
    let tree = match result {
        Ok(tree) => Some(tree),
        Err(e) => {
            diagnostics.push(convert(e, text));
            None
        }
    };
    let diagnostics = one_per_line(diagnostics, text);
    match tree {
        Some(tree) => Ok(Parsed {
            tree,
            diagnostics,
            prelude: lexer.prelude(),
        }),
        None => Err(diagnostics),
    }
}

/// Keeps the first diagnostic of each source line (sorted by position): error recovery inside
/// a broken line tends to cascade. Shared with the rule-file parser.
pub fn one_per_line(mut diags: Vec<Diagnostic>, text: &str) -> Vec<Diagnostic> {
    diags.sort_by_key(|d| d.span.start);
    let index = LineIndex::new(text);
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert(index.line_col(d.span.start).line));
    diags
}

fn convert(e: ParseError<usize, Tok<'_>, std::convert::Infallible>, text: &str) -> Diagnostic {
    // An operation of a dialect kiln reads, written where an operation may stand but not one
    // kiln knows (`arith.foo %x`, `llvm.add %a, %b`), is named as such rather than as an
    // unexpected word.
    if let ParseError::UnrecognizedToken {
        token: (l, Tok::Ident(word), r),
        expected,
    } = &e
    {
        let op_expected = expected.iter().any(|x| x.starts_with("OP_"));
        if let Some(message) = crate::ops::unknown_op_message(word).filter(|_| op_expected) {
            return Diagnostic::error("parse.unknown-op", Span::new(*l, *r), message);
        }
    }
    syntax_diagnostic(e, text, &MLIR_SYNTAX)
}

const MLIR_SYNTAX: SyntaxStyle = SyntaxStyle {
    invalid_code: "parse.invalid-token",
    eof_code: "parse.unexpected-eof",
    token_code: "parse.unexpected-token",
    eof: "unexpected end of input",
    extra: " after the end of the input",
    expectation,
};

/// How a language words lalrpop's errors: its diagnostic codes and phrases, and its prose for
/// the expected terminals.
pub struct SyntaxStyle {
    /// The code of an invalid-token error (`parse.invalid-token`).
    pub invalid_code: &'static str,
    /// The code of an error at the end of the input (`parse.unexpected-eof`).
    pub eof_code: &'static str,
    /// The code of an unexpected or extra token (`parse.unexpected-token`).
    pub token_code: &'static str,
    /// The message for an input that ends too early (`unexpected end of input`).
    pub eof: &'static str,
    /// Appended to "unexpected TOKEN" for a token after a complete input.
    pub extra: &'static str,
    /// Turns lalrpop's names of the expected terminals into the tail of the message
    /// (`, expected `:` or a type`), or an empty string.
    pub expectation: fn(&[String]) -> String,
}

/// One lalrpop error as a located diagnostic; shared by the MLIR and rule-file parsers, so
/// lalrpop's error type is handled in one place.
pub fn syntax_diagnostic<T: std::fmt::Display>(
    e: ParseError<usize, T, std::convert::Infallible>,
    text: &str,
    style: &SyntaxStyle,
) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => Diagnostic::error(
            style.invalid_code,
            Span::new(location, location + 1),
            "invalid token",
        ),
        ParseError::UnrecognizedEof { location, expected } => {
            let at = location.min(text.len());
            Diagnostic::error(
                style.eof_code,
                Span::new(at, at),
                format!("{}{}", style.eof, (style.expectation)(&expected)),
            )
        }
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => Diagnostic::error(
            style.token_code,
            Span::new(l, r),
            format!("unexpected {tok}{}", (style.expectation)(&expected)),
        ),
        ParseError::ExtraToken { token: (l, tok, r) } => Diagnostic::error(
            style.token_code,
            Span::new(l, r),
            format!("unexpected {tok}{}", style.extra),
        ),
        ParseError::User { error } => match error {},
    }
}

/// Renders lalrpop's expected-terminal list as prose: `, expected `:` or a type`.
fn expectation(expected: &[String]) -> String {
    expected_prose(
        expected.iter().map(|e| match e.as_str() {
            "VALUE" => "a value".to_string(),
            "SYMBOL" => "a symbol".to_string(),
            "BLOCK" => "a block label".to_string(),
            "INT" => "an integer".to_string(),
            "FLOAT" => "a float".to_string(),
            "STRING" => "a string".to_string(),
            "DIM" => "a dimension".to_string(),
            "IDENT" => "an identifier".to_string(),
            "VISIBILITY" => "a visibility".to_string(),
            "OP_GLOBAL" => "`memref.global`".to_string(),
            "OP_LLVM_FUNC" => "`llvm.func`".to_string(),
            "OP_LLVM_GLOBAL" => "`llvm.mlir.global`".to_string(),
            "DIALECT_TYPE" => "an LLVM type".to_string(),
            s if s.starts_with("OP_") => "an operation".to_string(),
            s => format!("`{}`", s.trim_matches('"').replace("\\\"", "\"")),
        }),
        8,
    )
}

/// `, expected A, B or C` from descriptions of the expected tokens (repeats dropped); empty
/// when there are none or more than `max` (a list that long does not help).
pub fn expected_prose(descriptions: impl IntoIterator<Item = String>, max: usize) -> String {
    let mut words: Vec<String> = Vec::new();
    for w in descriptions {
        if !words.contains(&w) {
            words.push(w);
        }
    }
    match words.split_last() {
        Some((only, [])) => format!(", expected {only}"),
        Some((last, init)) if words.len() <= max => {
            format!(", expected {} or {}", init.join(", "), last)
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_small_function() {
        let p = parse_module(
            "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  func.return %0 : i32\n}\n",
        );
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.tree.funcs.len(), 1);
        assert_eq!(p.tree.funcs[0].body.as_ref().unwrap()[0].ops.len(), 2);
    }

    #[test]
    fn reports_several_syntax_errors() {
        let p = parse_module(
            "func.func @f(%a: i32) {\n  %0 = arith.addi %a %a : i32\n  %1 = arith.muli %a, : i32\n  func.return\n}\n",
        );
        assert_eq!(p.diagnostics.len(), 2, "{:?}", p.diagnostics);
        assert!(p.diagnostics[0]
            .message
            .starts_with("unexpected value `%a`, expected `,`"));
    }
}
