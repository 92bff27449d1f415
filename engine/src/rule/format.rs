//! Canonical formatting of rule files (`kiln rules fmt`).
//!
//! The layout is a function of the syntax tree alone, so formatting is idempotent and two
//! authors' files look alike: one item or rule per line when it fits in [`WIDTH`] columns;
//! otherwise a rule's right side goes on its own line and terms break one operand per line
//! after their leading atoms. Only what the tree cannot say is taken from the source: the
//! comments (which the parser never sees, so they come from the lexer) and whether a blank
//! line separated two items. A comment that stood inside an item moves to the line before it;
//! one that followed an item on its line stays there.

use crate::rule::ast::{
    Decl, Def, Direction, Expr, Group, Item, Phase, Rule, RuleFile, Term, Test,
};
use crate::rule::lexer::{tokens_and_comments, Spanned, Tok};
use crate::rule::parser::parse_rule_file;
use kiln_frontend::{Diagnostic, Span};

/// The column a formatted line should not pass (a single long atom may still pass it).
pub const WIDTH: usize = 100;

/// Formats a rule file. A file with syntax errors is refused with them: the formatter never
/// reprints what it could not parse (that would drop text).
///
/// ```
/// use kiln_engine::format_rule_file;
///
/// let text = "in lower{\n;; f is g\nrule f-g:(f   ?x)=>(g ?x) ; done\n}";
/// let out = format_rule_file(text).unwrap();
/// assert_eq!(out, "in lower {\n  ;; f is g\n  rule f-g: (f ?x) => (g ?x) ; done\n}\n");
/// assert_eq!(format_rule_file(&out).unwrap(), out);
/// ```
pub fn format_rule_file(text: &str) -> Result<String, Vec<Diagnostic>> {
    let (tree, diagnostics) = parse_rule_file(text);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    let (tokens, comments) = tokens_and_comments(text);
    let mut f = Formatter {
        text,
        tokens,
        comments,
        next_comment: 0,
        cursor: 0,
        out: String::new(),
    };
    f.file(&tree);
    Ok(f.out)
}

/// The printer's state: the source (for comments and blank lines) and the text so far.
struct Formatter<'a> {
    text: &'a str,
    tokens: Vec<Spanned<'a>>,
    comments: Vec<Span>,
    /// The first comment not printed yet.
    next_comment: usize,
    /// The source offset up to which everything has been printed.
    cursor: usize,
    out: String,
}

fn range(s: Span) -> std::ops::Range<usize> {
    s.start as usize..s.end as usize
}

fn spaces(n: usize) -> String {
    " ".repeat(n)
}

impl<'a> Formatter<'a> {
    fn file(&mut self, tree: &RuleFile) {
        for item in &tree.items {
            match item {
                Item::Decl(d) => self.simple(d.span, decl(d)),
                Item::Phase(p) => self.simple(p.span, phase(p)),
                Item::Test(t) => self.simple(t.span, test(t)),
                Item::Def(d) => self.simple(d.span, def(d)),
                Item::Group(g) => self.group(g),
            }
        }
        self.comments_before(self.text.len(), self.text.len(), 0, true);
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
    }

    /// An item printed from its own text: comments before it, it, a comment after it.
    fn simple(&mut self, span: Span, printed: String) {
        self.comments_before(span.start as usize, span.end as usize, 0, true);
        self.out.push_str(&printed);
        self.end_line(span.end as usize);
    }

    fn group(&mut self, g: &Group) {
        let name_start = g.phase.span.start as usize;
        let start = self.token_before(name_start).unwrap_or(name_start);
        let open_end = self
            .find(g.phase.span.end as usize, |t| t == Tok::LBrace)
            .map_or(g.phase.span.end as usize, |s| s.end as usize);
        let last = g.rules.last().map_or(open_end, |r| r.span.end as usize);
        let close = self
            .find(last, |t| t == Tok::RBrace)
            .unwrap_or(Span::new(last, last));
        self.comments_before(start, open_end, 0, true);
        self.out.push_str(&format!("in {} {{", g.phase.text));
        self.end_line(open_end);
        for r in &g.rules {
            self.comments_before(r.span.start as usize, r.span.end as usize, 2, true);
            self.out.push_str(&rule(r));
            self.end_line(r.span.end as usize);
        }
        self.comments_before(close.start as usize, close.start as usize, 2, false);
        self.out.push('}');
        self.end_line(close.end as usize);
    }

    /// Ends the line of something that ended at `end` in the source, with the comment that
    /// followed it on its line.
    fn end_line(&mut self, end: usize) {
        self.cursor = self.cursor.max(end);
        if let Some(c) = self.comments.get(self.next_comment).copied() {
            let start = c.start as usize;
            if start >= end && !self.text[end..start].contains('\n') {
                self.out.push(' ');
                self.out.push_str(self.comment(c));
                self.next_comment += 1;
                self.cursor = c.end as usize;
            }
        }
        self.out.push('\n');
    }

    /// Prints, each on its own line at `indent`, the comments before `start` (keeping a blank
    /// line where the source had one) and then those inside the item (up to `end`), which
    /// move before it. With `gap`, a blank line before the item is kept too.
    fn comments_before(&mut self, start: usize, end: usize, indent: usize, gap: bool) {
        while let Some(c) = self.comments.get(self.next_comment).copied() {
            if c.start as usize >= start {
                break;
            }
            self.blank_line_before(c.start as usize);
            self.out.push_str(&spaces(indent));
            self.out.push_str(self.comment(c));
            self.out.push('\n');
            self.next_comment += 1;
            self.cursor = c.end as usize;
        }
        if gap {
            self.blank_line_before(start);
        }
        while let Some(c) = self.comments.get(self.next_comment).copied() {
            if c.start as usize >= end {
                break;
            }
            self.out.push_str(&spaces(indent));
            self.out.push_str(self.comment(c));
            self.out.push('\n');
            self.next_comment += 1;
        }
        self.cursor = self.cursor.max(start);
    }

    /// A blank line if the source had one between what was printed last and `pos` (never
    /// at the start of the file or of a block).
    fn blank_line_before(&mut self, pos: usize) {
        let between = self.text.get(self.cursor..pos).unwrap_or("");
        let blank = between.matches('\n').count() >= 2;
        if blank
            && !self.out.is_empty()
            && !self.out.ends_with("{\n")
            && !self.out.ends_with("\n\n")
        {
            self.out.push('\n');
        }
    }

    fn comment(&self, c: Span) -> &'a str {
        self.text[range(c)].trim_end()
    }

    /// The start of the token just before the one at `pos`.
    fn token_before(&self, pos: usize) -> Option<usize> {
        let i = self.tokens.iter().position(|t| t.0 == pos)?;
        Some(self.tokens.get(i.checked_sub(1)?)?.0)
    }

    /// The first token at or after `pos` that `want` accepts.
    fn find(&self, pos: usize, want: impl Fn(Tok<'_>) -> bool) -> Option<Span> {
        self.tokens
            .iter()
            .find(|t| t.0 >= pos && want(t.1))
            .map(|t| Span::new(t.0, t.2))
    }
}

fn setting(name: &str, value: Option<&(String, Span)>) -> String {
    match value {
        Some((v, _)) => format!("{name} {v}"),
        None => name.to_string(),
    }
}

fn decl(d: &Decl) -> String {
    let mut s = format!("decl {}:", d.name.text);
    for (n, v) in &d.attrs {
        s.push(' ');
        s.push_str(&setting(&n.text, v.as_ref()));
    }
    let children: Vec<&str> = d.children.iter().map(|c| c.text.as_str()).collect();
    s.push_str(&format!(" ({}) -> {}", children.join(" "), d.result.text));
    s
}

/// A macro: on one line if it fits, else its body from the next line at indent 2.
fn def(d: &Def) -> String {
    let mut head = format!("def {}", d.name.text);
    for p in &d.params {
        head.push_str(&format!(" ?{}", p.text));
    }
    head.push(':');
    let one = format!("{head} {}", flat_term(&d.body));
    if width(&one) <= WIDTH {
        return one;
    }
    let mut out = head;
    out.push_str("\n  ");
    write_term(&mut out, &d.body, 2, 2);
    out
}

fn phase(p: &Phase) -> String {
    if p.settings.is_empty() {
        return format!("phase {} {{}}", p.name.text);
    }
    let settings: Vec<String> = p
        .settings
        .iter()
        .map(|(n, v)| setting(&n.text, v.as_ref()))
        .collect();
    format!("phase {} {{ {} }}", p.name.text, settings.join(" "))
}

/// A rule at indent 2: on one line if it fits; else with its right side on the next line;
/// else (a long left side and guards) with the guards and the right side on lines of their own.
fn rule(r: &Rule) -> String {
    let arrow = match r.direction {
        Direction::OneWay => "=>",
        Direction::TwoWay => "<=>",
    };
    let guards: Vec<String> = r.guards.iter().map(flat_expr).collect();
    let guards = guards.join(" ");
    let if_guards = if guards.is_empty() {
        String::new()
    } else {
        format!(" if {guards}")
    };
    let head = format!("  rule {}: ", r.name.text);
    let lhs = flat_term(&r.lhs);
    let one = format!("{head}{lhs}{if_guards} {arrow} {}", flat_term(&r.rhs));
    if width(&one) <= WIDTH {
        return one;
    }
    let mut out = head;
    let col = width(&out);
    write_term(&mut out, &r.lhs, col, 4);
    if width(&out) + if_guards.len() + 1 + arrow.len() <= WIDTH {
        out.push_str(&if_guards);
        out.push(' ');
        out.push_str(arrow);
        out.push_str("\n    ");
        write_term(&mut out, &r.rhs, 4, 4);
    } else {
        if !guards.is_empty() {
            out.push_str("\n    if ");
            out.push_str(&guards);
        }
        out.push_str("\n    ");
        out.push_str(arrow);
        out.push(' ');
        write_term(&mut out, &r.rhs, 5 + arrow.len(), 4);
    }
    out
}

/// A test: on one line if it fits, else its input and expected term on lines of their own.
fn test(t: &Test) -> String {
    let one = format!(
        "test {} {{ {} => {} }}",
        t.name.text,
        flat_term(&t.input),
        flat_term(&t.expected)
    );
    if width(&one) <= WIDTH {
        return one;
    }
    let mut out = format!("test {} {{\n  ", t.name.text);
    write_term(&mut out, &t.input, 2, 2);
    out.push_str("\n  => ");
    write_term(&mut out, &t.expected, 5, 4);
    out.push_str("\n}");
    out
}

fn width(s: &str) -> usize {
    s.rsplit('\n').next().unwrap_or("").chars().count()
}

/// Whether a term prints as one word (it stays on the line of its operation when that breaks).
fn is_atom(t: &Term) -> bool {
    match t {
        Term::Var(_) | Term::Int(..) | Term::Float(..) | Term::Str(..) | Term::Func(..) => true,
        Term::Op { children, .. } => children.is_empty(),
        Term::List { .. } | Term::Computed(..) => false,
    }
}

/// Writes `t` starting at column `col`; lines it breaks into start at column `indent` or
/// deeper.
fn write_term(out: &mut String, t: &Term, col: usize, indent: usize) {
    let flat = flat_term(t);
    if col + flat.chars().count() <= WIDTH {
        out.push_str(&flat);
        return;
    }
    match t {
        Term::Op {
            op,
            children,
            bare: false,
            ..
        } if !children.is_empty() => {
            out.push('(');
            out.push_str(&op.text);
            let mut rest = children.as_slice();
            while let Some((c, tail)) = rest.split_first() {
                let word = flat_term(c);
                if !is_atom(c) || width(out) + 1 + word.chars().count() > WIDTH {
                    break;
                }
                out.push(' ');
                out.push_str(&word);
                rest = tail;
            }
            for c in rest {
                out.push('\n');
                out.push_str(&spaces(indent + 2));
                write_term(out, c, indent + 2, indent + 2);
            }
            out.push(')');
        }
        Term::List { items, tail, .. } if !items.is_empty() => {
            out.push('[');
            for (i, c) in items.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                    out.push_str(&spaces(indent + 1));
                }
                let at = if i == 0 { col + 1 } else { indent + 1 };
                write_term(out, c, at, indent + 1);
            }
            if let Some(tail) = tail {
                out.push('\n');
                out.push_str(&spaces(indent + 1));
                out.push_str("| ");
                write_term(out, tail, indent + 3, indent + 3);
            }
            out.push(']');
        }
        _ => out.push_str(&flat),
    }
}

/// A term on one line.
pub fn flat_term(t: &Term) -> String {
    match t {
        Term::Var(n) => format!("?{}", n.text),
        Term::Int(s, _) | Term::Float(s, _) => s.clone(),
        Term::Str(s, _) => format!("\"{s}\""),
        Term::Func(s, _) => format!("@{s}"),
        Term::Op { op, bare: true, .. } => op.text.clone(),
        Term::Op { op, children, .. } => {
            let mut s = format!("({}", op.text);
            for c in children {
                s.push(' ');
                s.push_str(&flat_term(c));
            }
            s.push(')');
            s
        }
        Term::List { items, tail, .. } => {
            let mut parts: Vec<String> = items.iter().map(flat_term).collect();
            if let Some(tail) = tail {
                parts.push(format!("| {}", flat_term(tail)));
            }
            format!("[{}]", parts.join(" "))
        }
        // `{f a b}` is the sugar for `{(f a b)}`; a call with no argument keeps its parentheses.
        Term::Computed(Expr::Call { func, args, .. }, _) if !args.is_empty() => {
            let args: Vec<String> = args.iter().map(flat_expr).collect();
            format!("{{{} {}}}", func.text, args.join(" "))
        }
        Term::Computed(e, _) => format!("{{{}}}", flat_expr(e)),
    }
}

/// An expression on one line.
pub fn flat_expr(e: &Expr) -> String {
    match e {
        Expr::Var(n) => format!("?{}", n.text),
        Expr::Int(s, _) | Expr::Float(s, _) => s.clone(),
        Expr::Str(s, _) => format!("\"{s}\""),
        Expr::Atom(n) => n.text.clone(),
        Expr::Call { func, args, .. } => {
            let mut s = format!("({}", func.text);
            for a in args {
                s.push(' ');
                s.push_str(&flat_expr(a));
            }
            s.push(')');
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(s: &str) -> String {
        format_rule_file(s).unwrap()
    }

    #[test]
    fn items_are_laid_out_canonically() {
        let text = "decl  f :source(Value   Type)->Value\nphase lower{iterations 5}\n\n\n\
                    test t{(f ?x)=>x}\n";
        assert_eq!(
            fmt(text),
            "decl f: source (Value Type) -> Value\nphase lower { iterations 5 }\n\n\
             test t { (f ?x) => x }\n"
        );
    }

    #[test]
    fn long_rules_break_after_the_arrow_and_between_operands() {
        let long = format!("(g {})", "(h ?a ?b) ".repeat(12).trim_end());
        let text = format!("in p {{\n rule r: (f ?a ?b) if (const? ?a) => {long}\n}}\n");
        let out = fmt(&text);
        assert!(
            out.contains("  rule r: (f ?a ?b) if (const? ?a) =>\n    (g\n      (h ?a ?b)\n"),
            "{out}"
        );
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert_eq!(fmt(&out), out);
    }

    #[test]
    fn long_guards_go_on_a_line_of_their_own() {
        let guard = "(static? (stride (type ?m) ?d))";
        let text = format!("in p {{ rule r: (f ?m ?d) if {guard} {guard} {guard} => (g ?m) }}\n");
        let out = fmt(&text);
        assert_eq!(
            out,
            format!(
                "in p {{\n  rule r: (f ?m ?d)\n    if {guard} {guard} {guard}\n    => (g ?m)\n}}\n"
            )
        );
        assert_eq!(fmt(&out), out);
    }

    #[test]
    fn comments_inside_an_item_move_before_it() {
        let out = fmt("; head\n\n test t { (f ; inner\n ?x) => x } ; after\n; end\n");
        assert_eq!(
            out,
            "; head\n\n; inner\ntest t { (f ?x) => x } ; after\n; end\n"
        );
    }

    #[test]
    fn syntax_errors_are_refused() {
        let e = format_rule_file("in p { rule : }").unwrap_err();
        assert!(e.iter().any(|d| d.code == "rules.syntax"));
    }
}
