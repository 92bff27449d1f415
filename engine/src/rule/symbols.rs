//! Where each name of a set of rule files is defined and used: the index behind the language
//! server's hover, go-to-definition, references and completion (`server/src/lsp/rules.rs`).
//!
//! It is computed from the syntax trees alone, not from the checked rule set, so it is there
//! (for every item that parsed) while the file being edited still has errors. The salsa query
//! `rule_symbols` (in `query/lowering.rs`) memoizes it per rule-file input.

use crate::rule::ast::{Expr, Item, Name, Term};
use crate::rule::parser::parse_rule_file;
use crate::rule::ruleset::{FileId, RuleLoc, RuleSource};
use kiln_frontend::Span;

/// What a name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SymbolKind {
    /// An operation (including helpers and type constructors such as `i32`).
    Op,
    /// A phase (defined by `phase`, used by `in`).
    Phase,
    /// One of the fixed sorts (`Value`, `Type`, ...): used, never defined in a file.
    Sort,
    /// A rule (defined only: nothing refers to a rule by name).
    Rule,
    /// An inline test (defined only).
    Test,
}

/// One occurrence of a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occurrence {
    /// What the name names.
    pub kind: SymbolKind,
    /// The name as written.
    pub name: String,
    /// The file and span of the name itself.
    pub loc: RuleLoc,
    /// For the occurrence that defines the name, the span of the whole defining item (the
    /// `decl`, `phase`, `rule` or `test`); `None` for a use.
    pub item: Option<Span>,
}

/// Every occurrence of every name, sorted by file and position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleSymbols {
    /// The occurrences, sorted by file and position.
    pub occurrences: Vec<Occurrence>,
}

impl RuleSymbols {
    /// Indexes the files (in the order given: file ids are positions in `files`).
    pub fn of_files(files: &[RuleSource]) -> RuleSymbols {
        let mut walk = Walk {
            file: 0,
            out: Vec::new(),
        };
        for (i, f) in files.iter().enumerate() {
            walk.file = i;
            let (tree, _) = parse_rule_file(&f.text);
            for item in &tree.items {
                walk.item(item);
            }
        }
        walk.out
            .sort_by_key(|o| (o.loc.file, o.loc.span.start, o.loc.span.end));
        RuleSymbols {
            occurrences: walk.out,
        }
    }

    /// The name at byte `offset` of `file` (an offset just past a name counts, as editors put
    /// the cursor there after typing it).
    pub fn at(&self, file: FileId, offset: usize) -> Option<&Occurrence> {
        self.occurrences.iter().find(|o| {
            o.loc.file == file
                && o.loc.span.start as usize <= offset
                && offset <= o.loc.span.end as usize
        })
    }

    /// Where `name` is defined (the first definition, when it is defined twice).
    pub fn definition(&self, kind: SymbolKind, name: &str) -> Option<&Occurrence> {
        self.occurrences
            .iter()
            .find(|o| o.kind == kind && o.name == name && o.item.is_some())
    }

    /// Every occurrence of `name`, its definitions included.
    pub fn references<'a>(
        &'a self,
        kind: SymbolKind,
        name: &'a str,
    ) -> impl Iterator<Item = &'a Occurrence> + 'a {
        self.occurrences
            .iter()
            .filter(move |o| o.kind == kind && o.name == name)
    }

    /// The names defined of a kind, sorted, each once.
    pub fn defined(&self, kind: SymbolKind) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .occurrences
            .iter()
            .filter(|o| o.kind == kind && o.item.is_some())
            .map(|o| o.name.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// The walk over one file's tree. One method per syntactic category, one match arm per
/// variant, so a new kind of item or term is one more arm.
struct Walk {
    file: FileId,
    out: Vec<Occurrence>,
}

impl Walk {
    fn push(&mut self, kind: SymbolKind, name: &Name, item: Option<Span>) {
        self.out.push(Occurrence {
            kind,
            name: name.text.clone(),
            loc: RuleLoc {
                file: self.file,
                span: name.span,
            },
            item,
        });
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Decl(d) => {
                self.push(SymbolKind::Op, &d.name, Some(d.span));
                for c in &d.children {
                    self.push(SymbolKind::Sort, c, None);
                }
                self.push(SymbolKind::Sort, &d.result, None);
            }
            Item::Phase(p) => self.push(SymbolKind::Phase, &p.name, Some(p.span)),
            Item::Group(g) => {
                self.push(SymbolKind::Phase, &g.phase, None);
                for r in &g.rules {
                    self.push(SymbolKind::Rule, &r.name, Some(r.span));
                    self.term(&r.lhs);
                    for e in &r.guards {
                        self.expr(e);
                    }
                    self.term(&r.rhs);
                }
            }
            // A macro is used like an operation: `(desc-size ?d 0)`.
            Item::Def(d) => {
                self.push(SymbolKind::Op, &d.name, Some(d.span));
                self.term(&d.body);
            }
            Item::Test(t) => {
                self.push(SymbolKind::Test, &t.name, Some(t.span));
                self.term(&t.input);
                self.term(&t.expected);
            }
        }
    }

    fn term(&mut self, t: &Term) {
        match t {
            Term::Var(_) | Term::Int(..) | Term::Float(..) | Term::Str(..) | Term::Func(..) => {}
            Term::Op { op, children, .. } => {
                self.push(SymbolKind::Op, op, None);
                for c in children {
                    self.term(c);
                }
            }
            Term::List { items, tail, .. } => {
                for c in items {
                    self.term(c);
                }
                if let Some(t) = tail {
                    self.term(t);
                }
            }
            Term::Computed(e, _) => self.expr(e),
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Var(_) | Expr::Int(..) | Expr::Float(..) | Expr::Str(..) => {}
            // A ground nullary term such as `index`.
            Expr::Atom(n) => self.push(SymbolKind::Op, n, None),
            // The function is a builtin (`expr.rs`), not an operation.
            Expr::Call { args, .. } => {
                for a in args {
                    self.expr(a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str) -> Vec<RuleSource> {
        vec![RuleSource {
            path: "a.rules".into(),
            text: text.into(),
        }]
    }

    #[test]
    fn definitions_and_uses_are_found() {
        let text = "decl f: source (Value) -> Value\nphase p {}\n\
                    in p {\n  rule r: (f ?x) if (== (width i32) 32) => (f ?x)\n}\n";
        let s = RuleSymbols::of_files(&source(text));
        let def = s.definition(SymbolKind::Op, "f").unwrap();
        assert_eq!(def.loc.span, Span::new(5, 6));
        assert_eq!(s.references(SymbolKind::Op, "f").count(), 3);
        assert_eq!(s.references(SymbolKind::Phase, "p").count(), 2);
        assert_eq!(s.references(SymbolKind::Sort, "Value").count(), 2);
        // `i32` is an operation used in a guard; `width` and `==` are builtins.
        assert_eq!(s.references(SymbolKind::Op, "i32").count(), 1);
        assert!(s.references(SymbolKind::Op, "width").next().is_none());
        let use_of_f = text.rfind("(f ?x)").unwrap() + 1;
        assert_eq!(s.at(0, use_of_f + 1).unwrap().name, "f");
        assert_eq!(s.defined(SymbolKind::Rule), vec!["r"]);
    }
}
