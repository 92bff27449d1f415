//! Runs the rule grammar and turns its errors into [`Diagnostic`]s; lalrpop's types never
//! leave this file.

use crate::rule::ast::RuleFile;
use crate::rule::lexer::{Lexer, Tok};
use kiln_frontend::parser::{expected_prose, one_per_line, syntax_diagnostic, SyntaxStyle};
use kiln_frontend::Diagnostic;
use lalrpop_util::{lalrpop_mod, ParseError};

lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_parens, dead_code)]
    grammar,
    "/rule/grammar.rs"
);

/// Parses a rule file. The tree holds every item that parsed; the diagnostics list every
/// syntax error (at most one per line, since recovery inside a line tends to cascade).
pub fn parse_rule_file(text: &str) -> (RuleFile, Vec<Diagnostic>) {
    let mut lexer = Lexer::new(text);
    let mut recovered = Vec::new();
    let result = grammar::FileParser::new().parse(&mut recovered, &mut lexer);
    let mut diags = std::mem::take(&mut lexer.diagnostics);
    diags.extend(recovered.into_iter().map(|e| convert(e.error, text)));
    let tree = match result {
        Ok(t) => t,
        Err(e) => {
            diags.push(convert(e, text));
            RuleFile::default()
        }
    };
    // A file cut short for nesting too deeply ends early; the syntax errors that follows
    // from that are noise.
    if diags.iter().any(|d| d.code == "rules.too-deep") {
        diags.retain(|d| {
            d.code == "rules.too-deep" || !d.message.starts_with("unexpected end of file")
        });
    }
    (tree, one_per_line(diags, text))
}

fn convert(e: ParseError<usize, Tok<'_>, std::convert::Infallible>, text: &str) -> Diagnostic {
    syntax_diagnostic(e, text, &RULE_SYNTAX)
}

const RULE_SYNTAX: SyntaxStyle = SyntaxStyle {
    invalid_code: "rules.syntax",
    eof_code: "rules.syntax",
    token_code: "rules.syntax",
    eof: "unexpected end of file",
    extra: "",
    expectation,
};

fn expectation(expected: &[String]) -> String {
    expected_prose(
        expected.iter().map(|e| match e.as_str() {
            "IDENT" => "a name".to_string(),
            "VAR" => "a variable".to_string(),
            "INT" => "an integer".to_string(),
            "FLOAT" => "a float".to_string(),
            "STRING" => "a string".to_string(),
            "FUNC" => "a function name".to_string(),
            s => format!("`{}`", s.trim_matches('"')),
        }),
        6,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::ast::Item;

    #[test]
    fn parses_every_item_kind() {
        let (f, d) = parse_rule_file(
            "decl arith.addi: source (Type Value Value) -> Value\n\
             phase lower { iterations 10 nodes 1000 }\n\
             in lower {\n  ;; x + 0 = x\n  rule addi-zero: (arith.addi ?t ?x (arith.constant ?t 0)) => ?x\n\
               rule comm: (f ?a ?b) <=> (f ?b ?a)\n\
               rule fold: (g ?a) if (const? ?a) => {(+ (const ?a) 1)}\n}\n\
             test t { (f [1 2 | nil] @g \"s\") => x }\n",
        );
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(f.items.len(), 4);
        let Item::Group(g) = &f.items[2] else {
            panic!("expected a group")
        };
        assert_eq!(g.rules.len(), 3);
        assert_eq!(g.rules[2].guards.len(), 1);
    }

    #[test]
    fn recovers_and_reports_several_errors() {
        let (f, d) = parse_rule_file(
            "in lower {\n  rule a: (f ?x => ?x\n  rule b: (g ?x) => ?x\n}\ndecl : source () -> Value\ndecl ok: target () -> Type\n",
        );
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(f.items.len(), 2);
    }
}
