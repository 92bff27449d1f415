//! kiln's frontend: the MLIR subset kiln lowers (func, arith, cf, memref), from text to
//! verified IR and back to text.
//!
//! Stages: [`lexer`] → [`parser`] (lalrpop grammar, spans, error recovery) → [`ast`] →
//! [`builder`] (names and types resolved into [`ir`]) → [`verifier`] → [`printer`]. Every
//! stage reports [`Diagnostic`]s instead of stopping at the first problem. This crate knows
//! nothing of egg or LLVM.
//!
//! ```
//! use kiln_frontend::{check_module, print_module};
//!
//! let text = "func.func @double(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  func.return %0 : i32\n}\n";
//! let checked = check_module(text);
//! assert!(checked.diagnostics.is_empty());
//! assert!(print_module(&checked.module).contains("arith.addi %x, %x : i32"));
//! ```

#![deny(missing_docs)]

pub mod ast;
pub mod builder;
pub mod diagnostic;
pub mod dominance;
pub mod generic;
pub mod globals;
pub mod ir;
pub mod lexer;
pub mod llvm_attrs;
pub mod llvm_items;
pub mod llvm_types;
pub mod names;
pub mod ops;
pub mod parser;
pub mod printer;
pub mod reshape;
pub mod rng;
pub mod span;
pub mod split;
pub mod types;
pub mod verifier;
pub mod views;
pub mod vocabulary;

pub use diagnostic::{has_errors, Diagnostic, Label, Severity};
pub use parser::{parse_func, parse_func_with_aliases, parse_module, Parsed};
pub use printer::{print_function, print_module};
pub use span::{LineCol, LineIndex, Span};
pub use verifier::{verify_function, SignatureTable, Signatures};

/// Builds the IR of one function, with the checks of its LLVM attributes (which read the
/// built signature). Diagnostics are relative to the same text as `func`'s spans.
pub fn build_function(func: &ast::Func) -> (ir::Function, Vec<Diagnostic>) {
    let (function, mut diagnostics) = builder::build_function(func);
    diagnostics.extend(llvm_attrs::check(func, &function.ty));
    (function, diagnostics)
}

/// A module after parsing, building and verification, with every diagnostic found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Every function of the file in source order, each built as far as its errors allow
    /// (the diagnostics say which have errors).
    pub module: ir::Module,
    /// Every diagnostic of every stage, sorted by position, with file offsets.
    pub diagnostics: Vec<Diagnostic>,
}

/// The whole pipeline in one call, without incrementality: parse, build every function
/// that parsed, check module-level rules, verify every function that built cleanly (when
/// every function parsed). Its diagnostics equal the engine's queries' (`check_file`), which
/// `tests/architecture.rs` checks on every corpus file. Spans in the
/// diagnostics are file offsets. (`kiln-engine`'s database runs the same stages as
/// incremental queries.)
pub fn check_module(text: &str) -> Checked {
    let parsed = parse_module(text);
    let syntax_ok = !has_errors(&parsed.diagnostics);
    let mut diagnostics = parsed.diagnostics;
    let mut functions = Vec::new();
    let mut clean = Vec::new();
    // As the engine's queries do: a function with a syntax error in it is neither built nor
    // verified (its recovered tree would only give follow-on errors), and while any function
    // is unreadable no call can be checked, so nothing is verified.
    let mut all_readable = true;
    let mut syntax_errors: Vec<u32> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.span.start)
        .collect();
    syntax_errors.sort_unstable();
    for f in &parsed.tree.funcs {
        let first = syntax_errors.partition_point(|s| *s < f.span.start);
        let unreadable = syntax_errors.get(first).is_some_and(|s| *s < f.span.end);
        let (func, diags) = build_function(f);
        if unreadable {
            all_readable = false;
            clean.push(false);
        } else {
            clean.push(!has_errors(&diags));
            diagnostics.extend(diags);
        }
        functions.push(func);
    }
    let (globals, externs, global_diags) = build_module_items(&parsed.tree);
    // While a global is missing or malformed, its uses are not checked (as the engine).
    let globals_complete = syntax_ok && !has_errors(&global_diags);
    diagnostics.extend(global_diags);
    let module = ir::Module {
        name: parsed.tree.name.as_ref().map(|n| n.node.clone()),
        functions,
        globals,
        externs,
    };
    diagnostics.extend(check_symbols(
        module
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f.name_span)),
    ));
    diagnostics.extend(check_item_names(
        &module.globals,
        &module.externs,
        module
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f.name_span)),
    ));
    let sigs = SignatureTable::new(
        module
            .functions
            .iter()
            .map(|f| (f.name.clone(), f.ty.clone()))
            .collect(),
    )
    .with_llvm_functions(
        module
            .functions
            .iter()
            .filter(|f| f.llvm)
            .map(|f| f.name.clone()),
    );
    for (f, ok) in module.functions.iter().zip(clean) {
        if ok && all_readable {
            diagnostics.extend(verify_function(f, &sigs));
            if globals_complete {
                diagnostics.extend(globals::check_global_uses(f, &module.globals));
                diagnostics.extend(llvm_items::check_llvm_uses(
                    f,
                    &module.globals,
                    &module.externs,
                ));
            }
        }
    }
    sort_diagnostics(&mut diagnostics);
    Checked {
        module,
        diagnostics,
    }
}

/// The module-level items other than functions, built: the globals (`memref.global` and
/// `llvm.mlir.global`, in that order) and the `llvm.func` declarations, with the diagnostics
/// of building them (the syntax's coordinates).
pub fn build_module_items(
    tree: &ast::Module,
) -> (Vec<ir::Global>, Vec<ir::LlvmFunc>, Vec<Diagnostic>) {
    let (mut globals, mut diags) = globals::build_globals(&tree.globals);
    let (llvm_globals, mut externs, llvm_diags) =
        llvm_items::build_llvm_items(&tree.llvm_funcs, &tree.llvm_globals);
    externs.extend(llvm_items::llvm_definitions(&tree.funcs));
    globals.extend(llvm_globals);
    diags.extend(llvm_diags);
    (globals, externs, diags)
}

/// Diagnostics for a global's or an `llvm.func`'s name that another symbol of the module
/// has (one symbol table holds them all), given each function's name and name span.
pub fn check_item_names<'a>(
    globals: &'a [ir::Global],
    externs: &'a [ir::LlvmFunc],
    functions: impl IntoIterator<Item = (&'a str, Span)>,
) -> Vec<Diagnostic> {
    let mut seen: indexmap::IndexMap<&str, Span> = functions.into_iter().collect();
    let items = globals
        .iter()
        .map(|g| (g.name.as_str(), g.name_span))
        .chain(
            externs
                .iter()
                .filter(|f| !f.defined)
                .map(|f| (f.name.as_str(), f.name_span)),
        );
    let mut diags = Vec::new();
    for (name, span) in items {
        match seen.get(name) {
            Some(first) => diags.push(Diagnostic::redefinition(
                format!("symbol `@{name}`"),
                span,
                *first,
            )),
            None => {
                seen.insert(name, span);
            }
        }
    }
    diags
}

/// Module-level rules: function names are unique. Takes each function's name and the span
/// of its name (in the coordinates the diagnostics should use).
pub fn check_symbols<'a>(functions: impl IntoIterator<Item = (&'a str, Span)>) -> Vec<Diagnostic> {
    let mut seen: indexmap::IndexMap<&str, Span> = indexmap::IndexMap::new();
    let mut diags = Vec::new();
    for (name, span) in functions {
        if let Some(first) = seen.get(name) {
            diags.push(Diagnostic::redefinition(
                format!("function `@{name}`"),
                span,
                *first,
            ));
        } else {
            seen.insert(name, span);
        }
    }
    diags
}

/// Orders diagnostics by position (so output is the same however they were collected) and
/// drops exact repeats (an op using one bad value twice reports it once).
pub fn sort_diagnostics(diags: &mut Vec<Diagnostic>) {
    diags.sort_by(|a, b| {
        (a.span.start, a.span.end, &a.message).cmp(&(b.span.start, b.span.end, &b.message))
    });
    diags.dedup();
}
