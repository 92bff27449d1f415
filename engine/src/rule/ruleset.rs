//! A checked rule set: the plain-data result of loading a rules directory. Holds no egg
//! object, so it can be compared, hashed and stored by salsa; `egraph/lower.rs` (`CompiledRules`) turns it into
//! egg rewrites when a function is lowered.

use crate::rule::expr::Expr;
use kiln_frontend::Span;
use std::fmt;

/// Index of a rule file in [`RuleSet::files`].
pub type FileId = usize;

/// The path of the one file of a position-free rule set (`slice::anonymize`).
pub const PLACES: &str = "\u{1}places";
/// Around a place's number in text derived from a position-free rule set.
pub const PLACE_MARK: char = '\u{1}';

/// Replaces each place number of `text` (see [`PLACES`]) by the place it stands for.
pub fn restore_places(text: &str, places: &[String]) -> String {
    if !text.contains(PLACE_MARK) {
        return text.to_string();
    }
    let mut out = String::new();
    let mut parts = text.split(PLACE_MARK);
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    // Marks come in pairs: number, then the text after the place.
    while let Some(number) = parts.next() {
        match number.parse::<usize>().ok().and_then(|k| places.get(k)) {
            Some(place) => out.push_str(place),
            None => out.push_str("<rules>"),
        }
        if let Some(rest) = parts.next() {
            out.push_str(rest);
        }
    }
    out
}

/// A position in one of the rule files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleLoc {
    /// The file, by its index in [`RuleSet::files`].
    pub file: FileId,
    /// Byte offsets in that file (in a position-free slice, `start` is a place's number).
    pub span: Span,
}

pub use kiln_lowered::Sort;

/// Source ops must be rewritten away (infinite cost); target ops are what the backend
/// understands; functions are evaluated when a right side is built and never become nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// `source`: an operation of the input that lowering must rewrite away.
    Source,
    /// `target`: an operation the backend emits (or structure it reads).
    Target,
    /// `function`: a helper of the rules, defined by the rules rooted at it (its clauses)
    /// and evaluated where a right side applies it; only its result enters the e-graph.
    Function,
}

/// `decl NAME: ATTRS (CHILDREN) -> RESULT`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpDecl {
    /// The operation's name (`arith.addi`, `llvm.add`, `i32`).
    pub name: String,
    /// `source`, `target` or `function`.
    pub level: Level,
    /// Its first child is a `State`: the op is part of the side-effecting skeleton.
    pub effect: bool,
    /// Its value is its `Lit` child (with its `Type` child as the type): constant folding
    /// and the `const` guard read it.
    pub constant: bool,
    /// Extraction cost of a target op (default 1; 0 for types, lists and structure).
    pub cost: u32,
    /// The bit width of a type declared `width N` (`index`, whose width is the target's,
    /// in `rules/source.rules`); the `width` guard builtin reads it. Types whose names
    /// state their width (`i32`, `f64`) need none.
    pub width: Option<u32>,
    /// The sort of each operand, in order.
    pub children: Vec<Sort>,
    /// Declared `flags`: a node may have one operand more, after `children`, a string of
    /// the LLVM flags its instruction carries (`"nsw nuw"`, `"fast"`). A pattern matches
    /// the flagged node only when it names that operand, so a rule written for the
    /// operation without flags never rewrites one with them (flags make a result poison
    /// where it was not, so such a rewrite would be unsound).
    pub flags: bool,
    /// The sort of the result (never `Any`).
    pub result: Sort,
    /// Where the name is declared (the default location for the built-in `nil` and `cons`).
    pub loc: RuleLoc,
}

impl OpDecl {
    /// Position of the child holding the value's type: the first `Type` child of a value op.
    pub fn type_child(&self) -> Option<usize> {
        if self.result != Sort::Value {
            return None;
        }
        self.children.iter().position(|s| *s == Sort::Type)
    }
}

/// A phase: rules that saturate together, with limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    /// The name groups of rules refer to it by.
    pub name: String,
    /// The most passes the phase makes, each searching for its rules' matches and
    /// applying them.
    pub iterations: usize,
    /// The phase stops when the e-graph has more than `nodes + growth × (its size when the
    /// phase started)` nodes, so a large function gets a proportionally larger budget.
    pub nodes: usize,
    /// The node budget's multiple of the e-graph's size when the phase starts (see
    /// `nodes`).
    pub growth: usize,
    /// The longest the phase may run, in milliseconds.
    pub time_ms: u64,
    /// Hitting a limit is a warning rather than an error (the result is still extracted).
    pub allow_partial: bool,
    /// Where the phase's name is declared.
    pub loc: RuleLoc,
}

/// A pattern or template, with lists desugared into `cons`/`nil`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pat {
    /// A variable, named without its `?`.
    Var(String),
    /// An integer literal.
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
    /// A string literal (the text between the quotes).
    Str(String),
    /// A function name (the text after the `@`).
    Func(String),
    /// A declared operation and its operands (none for a nullary one such as `i32`).
    Op(String, Vec<Pat>),
    /// Computed when the rule applies (templates only).
    Computed(Expr),
}

impl Pat {
    /// The variables of the pattern, in first-occurrence order.
    pub fn vars(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_vars(&mut out);
        out
    }

    fn collect_vars(&self, out: &mut Vec<String>) {
        match self {
            Pat::Var(v) if !out.contains(v) => out.push(v.clone()),
            Pat::Op(_, cs) => cs.iter().for_each(|c| c.collect_vars(out)),
            Pat::Computed(e) => e.collect_vars(out),
            _ => {}
        }
    }

    /// The operations of the pattern, in pre-order (its root first).
    pub fn ops(&self) -> Vec<&str> {
        fn walk<'a>(p: &'a Pat, out: &mut Vec<&'a str>) {
            if let Pat::Op(op, kids) = p {
                out.push(op);
                kids.iter().for_each(|k| walk(k, out));
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out);
        out
    }

    /// The root operation, if the pattern is an operation.
    pub fn root_op(&self) -> Option<&str> {
        match self {
            Pat::Op(op, _) => Some(op),
            _ => None,
        }
    }
}

impl fmt::Display for Pat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pat::Var(v) => write!(f, "?{v}"),
            Pat::Int(i) => write!(f, "{i}"),
            Pat::Float(b) => write!(f, "{:?}", f64::from_bits(*b)),
            Pat::Str(s) => write!(f, "\"{s}\""),
            Pat::Func(s) => write!(f, "@{s}"),
            Pat::Op(op, cs) if cs.is_empty() => write!(f, "{op}"),
            Pat::Op(op, cs) => {
                write!(f, "({op}")?;
                for c in cs {
                    write!(f, " {c}")?;
                }
                write!(f, ")")
            }
            Pat::Computed(e) => write!(f, "{{{e}}}"),
        }
    }
}

/// A checked rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The rule's name, unique in the set.
    pub name: String,
    /// Index into [`RuleSet::phases`].
    pub phase: usize,
    /// The pattern matched; its root is an operation.
    pub lhs: Pat,
    /// Conditions that must all hold for the rule to apply.
    pub guards: Vec<Expr>,
    /// The template the match is rewritten to (a pattern too, for a two-way rule).
    pub rhs: Pat,
    /// `<=>`: also rewrite `rhs` to `lhs`.
    pub two_way: bool,
    /// Where the rule's name is.
    pub loc: RuleLoc,
}

/// A checked inline test: after every phase runs on both terms, `input` and `expected`
/// must be in one e-class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleTest {
    /// The test's name, unique in the set.
    pub name: String,
    /// The ground term the rules run on.
    pub input: Pat,
    /// The ground term `input` must become equal to.
    pub expected: Pat,
    /// Where the test's name is.
    pub loc: RuleLoc,
}

/// A rule file as loaded: its path (for messages) and text (for snippets).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleSource {
    /// The file's path, as messages show it.
    pub path: String,
    /// The file's contents.
    pub text: String,
}

/// Every declaration, phase, rule and test of a rules directory, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The rule files, in the order loaded ([`FileId`] indexes this).
    pub files: Vec<RuleSource>,
    /// In declaration order (files sorted by name).
    pub decls: Vec<OpDecl>,
    /// In the order phases run.
    pub phases: Vec<Phase>,
    /// Every rule that checked, in file order.
    pub rules: Vec<Rule>,
    /// Every inline test that checked, in file order.
    pub tests: Vec<RuleTest>,
    /// Where each declaration is in `decls`, by name, when kept by [`RuleSet::push_decl`]
    /// (the checker's case: it looks a declaration up at every operation of every rule).
    pub decl_index: DeclIndex,
}

/// Declarations by name: derived from `RuleSet::decls`, so it takes no part in comparing
/// or hashing rule sets.
#[derive(Clone, Debug, Default)]
pub struct DeclIndex(std::collections::HashMap<String, usize>);

impl PartialEq for DeclIndex {
    fn eq(&self, _: &DeclIndex) -> bool {
        true
    }
}

impl Eq for DeclIndex {}

impl std::hash::Hash for DeclIndex {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl RuleSet {
    /// The declaration of `name`: by the index when it covers every declaration, else by
    /// a scan (a rule set put together without `push_decl`, such as a slice).
    pub fn decl(&self, name: &str) -> Option<&OpDecl> {
        if self.decl_index.0.len() == self.decls.len() {
            return self.decl_index.0.get(name).map(|i| &self.decls[*i]);
        }
        self.decls.iter().find(|d| d.name == name)
    }

    /// Adds a declaration, keeping the index; the first of a name is the one found.
    pub fn push_decl(&mut self, decl: OpDecl) {
        let at = self.decls.len();
        self.decl_index.0.entry(decl.name.clone()).or_insert(at);
        self.decls.push(decl);
    }

    /// `path:line:col` of a location, for messages that point into rule files.
    pub fn describe(&self, loc: RuleLoc) -> String {
        match self.files.get(loc.file) {
            // A position-free slice names places by number (see `slice::anonymize`).
            Some(f) if f.path == PLACES => format!("{PLACE_MARK}{}{PLACE_MARK}", loc.span.start),
            Some(f) => {
                let lc = kiln_frontend::LineIndex::new(&f.text).line_col(loc.span.start);
                format!("{}:{}:{}", f.path, lc.line, lc.column)
            }
            None => "<rules>".to_string(),
        }
    }

    /// The rewrites of phase `phase` (an index into [`RuleSet::phases`]), in order: its
    /// rules but the clauses of functions, which belong to no phase's search.
    pub fn rules_in(&self, phase: usize) -> impl Iterator<Item = &Rule> {
        self.rules
            .iter()
            .filter(move |r| r.phase == phase && !self.is_clause(r))
    }

    /// Whether `op` is declared a `function`.
    pub fn is_function(&self, op: &str) -> bool {
        self.decl(op).is_some_and(|d| d.level == Level::Function)
    }

    /// Whether a rule is a clause of a function (its left side is rooted at one).
    pub fn is_clause(&self, rule: &Rule) -> bool {
        rule.lhs.root_op().is_some_and(|op| self.is_function(op))
    }

    /// The clauses of every function, in rule order (the order they are tried in).
    pub fn clauses(&self) -> impl Iterator<Item = &Rule> {
        self.rules.iter().filter(move |r| self.is_clause(r))
    }
}
