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
    pub name: String,
    pub span: Span,
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
    // Tokens are read one at a time (a file of 10,000 functions has millions of them).
    let mut lexer = Lexer::new(text);
    let mut tokens = lexer.by_ref().map_while(Result::ok).peekable();
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
    let mut out = Vec::new();
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
            Tok::KwFunc(_) => {}
            _ => return None,
        }
        if matches!(tokens.peek(), Some((_, Tok::KwVisibility(_), _))) {
            tokens.next();
        }
        let Some((_, Tok::Symbol(name), mut end)) = tokens.next() else {
            return None;
        };
        let mut depth = 0usize;
        while let Some((_, tok, e)) = tokens.peek() {
            match tok {
                Tok::LBrace | Tok::LParen | Tok::LBracket => depth += 1,
                Tok::RBrace | Tok::RParen | Tok::RBracket => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                Tok::KwFunc(_) if depth == 0 => break,
                _ => {}
            }
            end = *e;
            tokens.next();
        }
        if depth != 0 {
            return None;
        }
        out.push(FunctionSpan {
            name: name.to_string(),
            span: Span::new(start, end),
        });
    }
    drop(tokens);
    (lexer.diagnostics.is_empty() && lexer.too_deep.is_none() && closed == wrapped).then_some(out)
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

    #[test]
    fn agrees_with_the_parser_on_plain_files() {
        for text in [
            "func.func @a() {\n  func.return\n}\n// between\nfunc.func private @b(i32) -> i64\n",
            "module @m {\n  func.func @a(%x: i32) -> i32 attributes {llvm.emit_c_interface} {\n    func.return %x : i32\n  }\n}\n",
            "func @legacy() {\n  return\n}\n",
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
