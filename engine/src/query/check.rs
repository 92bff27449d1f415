//! The front half of the pipeline as salsa queries: parse a file, split it into function
//! items, build and verify each function on its own, and gather diagnostics.
//!
//! Per-function queries ([`parse_function`], which also builds the IR that [`function_ir`]
//! reads, and [`verify_function`]) read only their item's text
//! (and the module's signature table), so editing one function's body re-runs them for that
//! function alone.

use crate::inputs::{FunctionItem, SourceFile};
use kiln_frontend::ast;
use kiln_frontend::ir::{Function, Module};
use kiln_frontend::split::{split_module, split_module_edited, FunctionSpan};
use kiln_frontend::{has_errors, Diagnostic, Parsed, SignatureTable, Span};

/// The syntax tree of a whole file, with every syntax error.
#[salsa::tracked(returns(ref))]
pub fn parse_file(db: &dyn salsa::Database, file: SourceFile) -> Parsed<ast::Module> {
    kiln_frontend::parse_module(file.text(db))
}

pub use crate::inputs::FunctionText;

/// One function's text parsed and built on its own (spans relative to its start).
///
/// The syntax tree keeps only the signature: its body is dropped as soon as the IR is
/// built from it, since nothing reads it afterwards and it is most of a tree's memory
/// (about 24 KiB of a 1.6 KiB memref function, against 11 KiB for its IR).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParsedFunction {
    /// The function's syntax tree without its blocks (`body` is `Some(vec![])` for a
    /// definition, `None` for a declaration).
    pub signature: ast::Func,
    /// The parser's diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// The IR built from the tree (no IR when the parser reported an error).
    pub built: Built,
}

/// One function's text parsed and built on its own; `None` when the parser gave up.
#[salsa::tracked(returns(ref))]
pub fn parse_function<'db>(
    db: &'db dyn salsa::Database,
    text: FunctionText<'db>,
) -> Option<ParsedFunction> {
    let parsed = kiln_frontend::parse_func(text.text(db)).ok()?;
    let built = if has_errors(&parsed.diagnostics) {
        Built::default()
    } else {
        let (function, diagnostics) = kiln_frontend::build_function(&parsed.tree);
        Built {
            function: Some(function),
            diagnostics,
        }
    };
    let mut signature = parsed.tree;
    signature.body = signature.body.map(|_| Vec::new());
    // The IR was built while the tree was alive, its many small pieces among the tree's,
    // and is kept while the tree is freed: the allocator could then return none of the
    // pages they share. Copied now, into the room the tree left, it packs densely: peak
    // memory on 10,000 functions is 13% lower, for 3% more instructions in `kiln check`
    // and none in `kiln lower` (BENCHMARKS.md, "session 7").
    let built = Built {
        function: built.function.clone(),
        diagnostics: built.diagnostics,
    };
    Some(ParsedFunction {
        signature,
        diagnostics: parsed.diagnostics,
        built,
    })
}

/// Whether a file's functions are where [`function_spans`] found them from its tokens
/// alone: the file is of a plain shape and every function parses on its own without a
/// diagnostic. When it is not, [`functions`] and [`check_file`] read [`parse_file`], the
/// whole file's parse, so diagnostics of malformed files are exactly the parser's. After an
/// edit of a plain file, this lexes the file and parses again only the functions whose
/// text changed. A flag, not the spans: the spans' query is read for them, and a copy of
/// every function's span here cost an allocation per function after each edit.
#[salsa::tracked]
pub fn split_file(db: &dyn salsa::Database, file: SourceFile) -> bool {
    let (Some(spans), Some(texts)) = (function_spans(db, file), function_texts(db, file)) else {
        return false;
    };
    spans.iter().zip(texts).all(|(f, own)| {
        parse_function(db, *own).as_ref().is_some_and(|parsed| {
            parsed.diagnostics.is_empty() && parsed.signature.name.node == f.name
        })
    })
}

/// The text of each function [`function_spans`] found, interned. Interning hashes the whole
/// text, so it is done once per revision, here, for [`split_file`] and [`functions`] both.
#[salsa::tracked(returns(ref))]
pub fn function_texts<'db>(
    db: &'db dyn salsa::Database,
    file: SourceFile,
) -> Option<Vec<FunctionText<'db>>> {
    let text = file.text(db);
    function_spans(db, file)
        .as_ref()?
        .iter()
        .map(|f| Some(FunctionText::new(db, text.get(f.span.range())?)))
        .collect()
}

/// Where a file's functions are, from its tokens alone (see [`split_module`]), before any
/// is parsed; `None` when the file is not of a plain shape. Its own query so that a caller
/// can parse the functions in parallel ahead of [`split_file`] without lexing the file a
/// second time.
#[salsa::tracked(returns(ref))]
pub fn function_spans(db: &dyn salsa::Database, file: SourceFile) -> Option<Vec<FunctionSpan>> {
    match file.previous(db) {
        Some(previous) => split_module_edited(file.text(db), &previous.text, &previous.spans),
        None => split_module(file.text(db)),
    }
}

/// The functions of a file, in source order, each with its own text.
#[salsa::tracked(returns(ref))]
pub fn functions<'db>(db: &'db dyn salsa::Database, file: SourceFile) -> Vec<FunctionItem<'db>> {
    let text = file.text(db);
    let item = |name: &str, span: Span| {
        let own = FunctionText::new(db, text.get(span.range()).unwrap_or_default());
        FunctionItem::new(db, file, name.to_string(), own, span.start)
    };
    match (
        split_file(db, file),
        function_spans(db, file),
        function_texts(db, file),
    ) {
        (true, Some(spans), Some(texts)) => spans
            .iter()
            .zip(texts)
            .map(|(f, own)| FunctionItem::new(db, file, f.name.clone(), *own, f.span.start))
            .collect(),
        _ => parse_file(db, file)
            .tree
            .funcs
            .iter()
            .map(|f| item(&f.name.node, f.span))
            .collect(),
    }
}

/// A function built from its own text: the IR (absent if the text has syntax errors, which
/// [`parse_file`] reports) and the builder's diagnostics, relative to the function's start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Built {
    pub function: Option<Function>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A function's IR: what [`parse_function`] built from its text. Not a query of its own,
/// so the IR is held once, in the parse's memo (and shared by functions of equal text).
pub fn function_ir<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> &'db Built {
    static UNPARSED: Built = Built {
        function: None,
        diagnostics: Vec::new(),
    };
    match parse_function(db, item.text(db)) {
        Some(parsed) => &parsed.built,
        None => &UNPARSED,
    }
}

/// Every function's name and type, in order; `None` if some function has no IR (then
/// calls cannot be checked).
#[salsa::tracked(returns(ref))]
pub fn signatures(db: &dyn salsa::Database, file: SourceFile) -> Option<SignatureTable> {
    let mut table = Vec::new();
    for item in functions(db, file) {
        table.push(function_signature(db, *item).clone()?);
    }
    Some(SignatureTable::new(table))
}

/// One function's name and type: a firewall between a function's body and [`signatures`].
/// An edit of a body runs this again for that function alone, and its unchanged result
/// leaves the table, and every function's verification that reads it, as they were.
#[salsa::tracked(returns(ref))]
pub fn function_signature<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<(String, kiln_frontend::types::FunctionType)> {
    let f = function_ir(db, item).function.as_ref()?;
    Some((f.name.clone(), f.ty.clone()))
}

/// The verifier's diagnostics for one function (relative to the function's start). Runs
/// only on functions that built cleanly in a module whose signatures are all known.
#[salsa::tracked(returns(ref))]
pub fn verify_function<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Vec<Diagnostic> {
    let built = function_ir(db, item);
    let (Some(f), false) = (&built.function, has_errors(&built.diagnostics)) else {
        return Vec::new();
    };
    match signatures(db, item.file(db)) {
        Some(sigs) => kiln_frontend::verify_function(f, sigs),
        None => Vec::new(),
    }
}

/// All diagnostics of a file, in file coordinates, sorted by position.
#[salsa::tracked(returns(ref))]
pub fn check_file(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    // When every function parsed cleanly on its own, the file has no syntax errors.
    let mut out = if *split_file(db, file) {
        Vec::new()
    } else {
        parse_file(db, file).diagnostics.clone()
    };
    // A function's position is read only when it has something to report: most have
    // nothing, and an edit moves every function after it.
    let mut names = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut twice = false;
    for item in functions(db, file) {
        let built = function_ir(db, *item);
        let verified = verify_function(db, *item);
        if !built.diagnostics.is_empty() || !verified.is_empty() {
            let delta = item.offset(db) as i64;
            out.extend(built.diagnostics.iter().map(|d| d.shifted(delta)));
            out.extend(verified.iter().map(|d| d.shifted(delta)));
        }
        if let Some(f) = &built.function {
            twice |= !seen.insert(f.name.as_str());
            names.push((f.name.as_str(), *item, f.name_span));
        }
    }
    if twice {
        out.extend(kiln_frontend::check_symbols(names.iter().map(
            |(name, item, span)| (*name, span.shifted(item.offset(db) as i64)),
        )));
    }
    kiln_frontend::sort_diagnostics(&mut out);
    out
}

/// The module's IR: every function that built, in order. Spans inside each function are
/// relative to that function's text.
#[salsa::tracked(returns(ref))]
pub fn module_ir(db: &dyn salsa::Database, file: SourceFile) -> Module {
    let name = if *split_file(db, file) {
        kiln_frontend::split::module_name(file.text(db))
    } else {
        parse_file(db, file)
            .tree
            .name
            .as_ref()
            .map(|n| n.node.clone())
    };
    Module {
        name,
        functions: functions(db, file)
            .iter()
            .filter_map(|item| function_ir(db, *item).function.clone())
            .collect(),
    }
}
