//! The front half of the pipeline as salsa queries: parse a file, split it into function
//! items, build and verify each function on its own, and gather diagnostics.
//!
//! Per-function queries ([`function_ir`], [`verify_function`]) read only their item's text
//! (and the module's signature table), so editing one function's body re-runs them for that
//! function alone.

use crate::ir::{FunctionItem, SourceFile};
use kiln_frontend::ast;
use kiln_frontend::ir::{Function, Module};
use kiln_frontend::{has_errors, Diagnostic, Parsed, SignatureTable};

/// The syntax tree of a whole file, with every syntax error.
#[salsa::tracked(returns(ref))]
pub fn parse_file(db: &dyn salsa::Database, file: SourceFile) -> Parsed<ast::Module> {
    kiln_frontend::parse_module(file.text(db))
}

/// The functions of a file, in source order, each with its own text.
#[salsa::tracked(returns(ref))]
pub fn functions<'db>(db: &'db dyn salsa::Database, file: SourceFile) -> Vec<FunctionItem<'db>> {
    let text = file.text(db);
    parse_file(db, file)
        .tree
        .funcs
        .iter()
        .map(|f| {
            let span = f.span;
            let own = text.get(span.range()).unwrap_or_default().to_string();
            FunctionItem::new(db, file, f.name.node.clone(), own, span.start)
        })
        .collect()
}

/// A function built from its own text: the IR (absent if the text has syntax errors, which
/// [`parse_file`] reports) and the builder's diagnostics, relative to the function's start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Built {
    pub function: Option<Function>,
    pub diagnostics: Vec<Diagnostic>,
}

#[salsa::tracked(returns(ref))]
pub fn function_ir<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> Built {
    match kiln_frontend::parse_func(item.text(db)) {
        Ok(parsed) if !has_errors(&parsed.diagnostics) => {
            let (function, diagnostics) = kiln_frontend::build_function(&parsed.tree);
            Built {
                function: Some(function),
                diagnostics,
            }
        }
        _ => Built {
            function: None,
            diagnostics: Vec::new(),
        },
    }
}

/// Every function's name and type, in order; `None` if some function has no IR (then
/// calls cannot be checked).
#[salsa::tracked(returns(ref))]
pub fn signatures(db: &dyn salsa::Database, file: SourceFile) -> Option<SignatureTable> {
    let mut table = Vec::new();
    for item in functions(db, file) {
        let f = function_ir(db, *item).function.as_ref()?;
        table.push((f.name.clone(), f.ty.clone()));
    }
    Some(SignatureTable::new(table))
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
    let mut out = parse_file(db, file).diagnostics.clone();
    let mut names = Vec::new();
    for item in functions(db, file) {
        let delta = item.offset(db) as i64;
        let built = function_ir(db, *item);
        out.extend(built.diagnostics.iter().map(|d| d.shifted(delta)));
        out.extend(verify_function(db, *item).iter().map(|d| d.shifted(delta)));
        if let Some(f) = &built.function {
            names.push((f.name.clone(), f.name_span.shifted(delta)));
        }
    }
    out.extend(kiln_frontend::check_symbols(
        names.iter().map(|(n, s)| (n.as_str(), *s)),
    ));
    kiln_frontend::sort_diagnostics(&mut out);
    out
}

/// The module's IR: every function that built, in order. Spans inside each function are
/// relative to that function's text.
#[salsa::tracked(returns(ref))]
pub fn module_ir(db: &dyn salsa::Database, file: SourceFile) -> Module {
    Module {
        name: parse_file(db, file)
            .tree
            .name
            .as_ref()
            .map(|n| n.node.clone()),
        functions: functions(db, file)
            .iter()
            .filter_map(|item| function_ir(db, *item).function.clone())
            .collect(),
    }
}
