//! The language server's answers for `.rules` files.
//!
//! A rule file is checked with the other rule files of its directory (an operation may be
//! declared in one file and used in another, as `kiln rules check DIR` sees them): each
//! directory is one salsa [`RuleFiles`] input holding the files read from disk, with the text
//! of the documents open in the editor in place of theirs. An edit sets that input; the
//! checker's diagnostics (`checked_rules`) and the name index (`rule_symbols`) are salsa
//! queries over it, so they run once per edit however many requests follow.

use super::{lsp_diagnostic, LineMap};
use kiln_engine::RuleFiles;
use kiln_engine::{checked_rules, rule_symbols};
use kiln_engine::{Database, RuleSource};
use kiln_engine::{FileId, Level, OpDecl, Sort};
use kiln_engine::{Occurrence, RuleSymbols, SymbolKind};
use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, HoverContents, MarkupContent,
    MarkupKind, Position, Range, SymbolKind as LspSymbolKind, Uri,
};
use salsa::Setter;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The rule files of one directory.
struct Workspace {
    input: RuleFiles,
    /// Path → text, sorted by path: a file's id in the checked set is its position here.
    files: BTreeMap<String, String>,
    /// The paths whose text comes from the editor.
    open: BTreeSet<String>,
}

/// A place in a rule file, as results name it: the file's path and a range in it.
pub struct Place {
    pub path: String,
    pub range: Range,
}

/// Every directory with an open rule file, in one database.
pub struct RuleWorkspaces {
    db: Database,
    dirs: BTreeMap<String, Workspace>,
}

fn dir_of(path: &str) -> String {
    Path::new(path)
        .parent()
        .map(|p| p.display().to_string())
        .unwrap_or_default()
}

/// The `*.rules` files of a directory; an unreadable directory or file contributes nothing
/// (the open document is checked on its own then).
fn read_dir(dir: &str) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    if dir.is_empty() {
        return files;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rules") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.insert(path.display().to_string(), text);
            }
        }
    }
    files
}

/// What each sort stands for (as `ruleset.rs` documents it), for hovers.
fn sort_doc(sort: Sort) -> &'static str {
    match sort {
        Sort::Value => "an SSA value",
        Sort::Effect => "a side effect with no value (a store, a branch)",
        Sort::State => {
            "an operand that orders effects: accepts a `Value`, an `Effect` or a `State` token"
        }
        Sort::Type => "a type term such as `i32` or `(llvm.struct [i64 i64])`",
        Sort::Lit => "an integer or float literal",
        Sort::Sym => "a quoted string such as a predicate name",
        Sort::Func => "a function name `@f`",
        Sort::List => "a cons-list (`nil`, `(cons head tail)`, `[a b]`)",
        Sort::Any => "anything (the head of a cons cell)",
        Sort::Node => "structure that is neither a value nor a type (successors, signatures)",
    }
}

fn sources(files: &BTreeMap<String, String>) -> Vec<RuleSource> {
    files
        .iter()
        .map(|(path, text)| RuleSource {
            path: path.clone(),
            text: text.clone(),
        })
        .collect()
}

fn signature(d: &OpDecl) -> String {
    let children: Vec<&str> = d.children.iter().map(|s| s.name()).collect();
    format!("({}) -> {}", children.join(" "), d.result)
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '?' | '!')
}

impl RuleWorkspaces {
    pub fn new() -> Self {
        RuleWorkspaces {
            db: Database::new(),
            dirs: BTreeMap::new(),
        }
    }

    /// Sets the text of an open rule file. Returns the open files of its directory, whose
    /// diagnostics may have changed with it.
    pub fn set(&mut self, path: &str, text: String) -> Vec<String> {
        let dir = dir_of(path);
        let db = &mut self.db;
        let ws = self.dirs.entry(dir.clone()).or_insert_with(|| {
            let files = read_dir(&dir);
            Workspace {
                input: RuleFiles::new(&*db, Vec::new()),
                files,
                open: BTreeSet::new(),
            }
        });
        ws.open.insert(path.to_string());
        ws.files.insert(path.to_string(), text);
        let sources = sources(&ws.files);
        if ws.input.sources(&*db) != &sources {
            ws.input.set_sources(db).to(sources);
        }
        ws.open.iter().cloned().collect()
    }

    /// Closes a rule file: its directory goes back to the file on disk. Returns the files of
    /// the directory still open.
    pub fn close(&mut self, path: &str) -> Vec<String> {
        let dir = dir_of(path);
        let Some(ws) = self.dirs.get_mut(&dir) else {
            return Vec::new();
        };
        ws.open.remove(path);
        if ws.open.is_empty() {
            self.dirs.remove(&dir);
            return Vec::new();
        }
        match std::fs::read_to_string(path) {
            Ok(text) => ws.files.insert(path.to_string(), text),
            Err(_) => ws.files.remove(path),
        };
        ws.input.set_sources(&mut self.db).to(sources(&ws.files));
        ws.open.iter().cloned().collect()
    }

    /// The workspace of an open file and the file's id in it.
    fn locate(&self, path: &str) -> Option<(&Workspace, FileId)> {
        let ws = self.dirs.get(&dir_of(path))?;
        let id = ws.files.keys().position(|p| p == path)?;
        Some((ws, id))
    }

    fn text(&self, ws: &Workspace, file: FileId) -> Option<(String, String)> {
        ws.files
            .iter()
            .nth(file)
            .map(|(p, t)| (p.clone(), t.clone()))
    }

    fn symbols(&self, ws: &Workspace) -> &RuleSymbols {
        rule_symbols(&self.db, ws.input)
    }

    /// The checker's diagnostics of an open file (the document `uri`).
    pub fn diagnostics(&self, path: &str, uri: &Uri) -> Vec<lsp_types::Diagnostic> {
        let Some((ws, file)) = self.locate(path) else {
            return Vec::new();
        };
        let Some((_, text)) = self.text(ws, file) else {
            return Vec::new();
        };
        let lines = LineMap::new(&text);
        checked_rules(&self.db, ws.input)
            .diagnostics
            .iter()
            .filter(|d| d.file == file)
            .map(|d| lsp_diagnostic(&d.diagnostic, &lines, uri))
            .collect()
    }

    /// The name under the cursor, with its workspace.
    fn at(&self, path: &str, pos: Position) -> Option<(&Workspace, &Occurrence)> {
        let (ws, file) = self.locate(path)?;
        let (_, text) = self.text(ws, file)?;
        let offset = LineMap::new(&text).offset(pos);
        Some((ws, self.symbols(ws).at(file, offset)?))
    }

    fn place(&self, ws: &Workspace, o: &Occurrence) -> Option<Place> {
        let (path, text) = self.text(ws, o.loc.file)?;
        let range = LineMap::new(&text).range(o.loc.span);
        Some(Place { path, range })
    }

    /// The source text of the item that defines `o`'s name, with where it is.
    fn definition_text(&self, ws: &Workspace, o: &Occurrence) -> Option<(String, String)> {
        let def = self.symbols(ws).definition(o.kind, &o.name)?;
        let item = def.item?;
        let (path, text) = self.text(ws, def.loc.file)?;
        let body = text
            .get(item.start as usize..item.end as usize)?
            .to_string();
        let line = LineMap::new(&text).position(item.start as usize).line + 1;
        let file = Path::new(&path)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or(path);
        Some((body, format!("{file}:{line}")))
    }

    /// Hover: an operation's declaration and sorts, a sort's meaning, or the text of the
    /// phase, rule or test named.
    pub fn hover(&self, path: &str, pos: Position) -> Option<Hover> {
        let (ws, o) = self.at(path, pos)?;
        let mut parts = Vec::new();
        let defined = self.definition_text(ws, o);
        if let Some((body, _)) = &defined {
            parts.push(format!("```kiln-rules\n{body}\n```"));
        }
        match o.kind {
            SymbolKind::Op => match checked_rules(&self.db, ws.input).rules.decl(&o.name) {
                Some(d) => {
                    let level = match d.level {
                        Level::Source => "source",
                        Level::Target => "target",
                        Level::Function => "function",
                    };
                    parts.push(format!("{level} operation `{}`: {}", o.name, signature(d)));
                    if defined.is_none() {
                        parts.push("built into the rule language".to_string());
                    }
                }
                None if defined.is_none() => {
                    parts.push(format!("`{}` is not declared", o.name));
                }
                None => {}
            },
            SymbolKind::Sort => match Sort::from_name(&o.name) {
                Some(s) => parts.push(format!("sort `{}`: {}", o.name, sort_doc(s))),
                None => parts.push(format!("`{}` is not a sort", o.name)),
            },
            SymbolKind::Phase | SymbolKind::Rule | SymbolKind::Test => {}
        }
        if let Some((_, at)) = &defined {
            parts.push(format!("defined at {at}"));
        }
        let range = self.place(ws, o).map(|p| p.range);
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: parts.join("\n\n"),
            }),
            range,
        })
    }

    /// Where the operation, phase, rule or test under the cursor is defined.
    pub fn definition(&self, path: &str, pos: Position) -> Option<Place> {
        let (ws, o) = self.at(path, pos)?;
        let def = self.symbols(ws).definition(o.kind, &o.name)?;
        self.place(ws, def)
    }

    /// Every occurrence of the name under the cursor in the directory's rule files.
    pub fn references(&self, path: &str, pos: Position, declaration: bool) -> Vec<Place> {
        let Some((ws, o)) = self.at(path, pos) else {
            return Vec::new();
        };
        self.symbols(ws)
            .references(o.kind, &o.name)
            .filter(|r| declaration || r.item.is_none())
            .filter_map(|r| self.place(ws, r))
            .collect()
    }

    /// The outline of an open file: each operation, phase, rule and test it defines.
    pub fn outline(&self, path: &str) -> Vec<DocumentSymbol> {
        let Some((ws, file)) = self.locate(path) else {
            return Vec::new();
        };
        let Some((_, text)) = self.text(ws, file) else {
            return Vec::new();
        };
        let lines = LineMap::new(&text);
        self.symbols(ws)
            .occurrences
            .iter()
            .filter(|o| o.loc.file == file)
            .filter_map(|o| {
                let (kind, detail) = match o.kind {
                    SymbolKind::Op => (LspSymbolKind::FUNCTION, "operation"),
                    SymbolKind::Phase => (LspSymbolKind::MODULE, "phase"),
                    SymbolKind::Rule => (LspSymbolKind::METHOD, "rule"),
                    SymbolKind::Test => (LspSymbolKind::EVENT, "test"),
                    SymbolKind::Sort => return None,
                };
                #[allow(deprecated)] // `deprecated` is a field every literal must name.
                Some(DocumentSymbol {
                    name: o.name.clone(),
                    detail: Some(detail.to_string()),
                    kind,
                    tags: None,
                    deprecated: None,
                    range: lines.range(o.item?),
                    selection_range: lines.range(o.loc.span),
                    children: None,
                })
            })
            .collect()
    }

    /// Operation, sort and phase names that start with the word before the cursor.
    pub fn completion(&self, path: &str, pos: Position) -> Vec<CompletionItem> {
        let Some((ws, file)) = self.locate(path) else {
            return Vec::new();
        };
        let Some((_, text)) = self.text(ws, file) else {
            return Vec::new();
        };
        let offset = LineMap::new(&text).offset(pos);
        let before = &text[..offset];
        let word_start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_name_char(*c))
            .last()
            .map_or(offset, |(i, _)| i);
        let prefix = &text[word_start..offset];
        let checked = checked_rules(&self.db, ws.input);
        let symbols = self.symbols(ws);
        let mut ops: BTreeMap<&str, Option<String>> = BTreeMap::new();
        for name in symbols.defined(SymbolKind::Op) {
            ops.insert(name, None);
        }
        for d in &checked.rules.decls {
            ops.insert(&d.name, Some(signature(d)));
        }
        let mut items = Vec::new();
        let mut add = |label: &str, kind: CompletionItemKind, detail: Option<String>| {
            if label.starts_with(prefix) {
                items.push(CompletionItem {
                    label: label.to_string(),
                    kind: Some(kind),
                    detail,
                    ..CompletionItem::default()
                });
            }
        };
        for (name, sig) in ops {
            add(name, CompletionItemKind::FUNCTION, sig);
        }
        for (name, sort) in Sort::ALL {
            add(
                name,
                CompletionItemKind::CLASS,
                Some(sort_doc(sort).to_string()),
            );
        }
        for name in symbols.defined(SymbolKind::Phase) {
            add(name, CompletionItemKind::MODULE, Some("phase".to_string()));
        }
        // The builtins of guards and computed `{...}` values (rules/README.md).
        for (name, arity) in kiln_engine::Builtin::all() {
            let detail = match arity {
                Some(1) => "guard builtin, 1 argument".to_string(),
                Some(n) => format!("guard builtin, {n} arguments"),
                None => "guard builtin, 1 or more arguments".to_string(),
            };
            add(name, CompletionItemKind::KEYWORD, Some(detail));
        }
        items
    }
}
