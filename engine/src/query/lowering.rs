//! Lowering as salsa queries, per function: the rule files are an input (set with high
//! durability: they change far less often than sources), and each function's lowering
//! depends on its own IR and on its *slice* of the rules (`slice.rs`). Editing one body
//! lowers that function again; editing a rule file lowers again exactly the functions
//! whose slice changed (functions for which a rule of that file can fire); editing a rule
//! test changes no slice and lowers nothing.

use crate::db::Db;
use crate::egraph::conventions::Conventions;
use crate::egraph::lower::{lower_variant, variants, LowerOptions};
use crate::inputs::{Config, FunctionItem, RuleFiles, SourceFile};
use crate::lowered::Lowered;
use crate::query::check::{function_ir, verify_function};
use crate::rule::ruleset::{restore_places, OpDecl, RuleLoc};
use crate::rule::{load_rules, RuleDiagnostic, RuleSet};
use kiln_frontend::ir::Function;
use kiln_frontend::{has_errors, Diagnostic};
use std::sync::Arc;

/// A rule set as checked, with its diagnostics (complete only without errors).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CheckedRules {
    /// What checked (incomplete when a diagnostic is an error).
    pub rules: RuleSet,
    /// Every problem of every rule file, sorted by file and position.
    pub diagnostics: Vec<RuleDiagnostic>,
}

impl CheckedRules {
    /// Whether any diagnostic is an error (the rules are then not used for lowering).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.diagnostic.is_error())
    }
}

/// The rule files loaded and checked, once per version of the files.
#[salsa::tracked(returns(ref))]
pub fn checked_rules(db: &dyn salsa::Database, rules: RuleFiles) -> CheckedRules {
    let loaded = load_rules(rules.sources(db).clone());
    CheckedRules {
        rules: loaded.rules,
        diagnostics: loaded.diagnostics,
    }
}

/// Where each name of the rule files is defined and used (for the language server), once
/// per version of the rule files.
#[salsa::tracked(returns(ref))]
pub fn rule_symbols(
    db: &dyn salsa::Database,
    rules: RuleFiles,
) -> crate::rule::symbols::RuleSymbols {
    crate::rule::symbols::RuleSymbols::of_files(rules.sources(db))
}

/// Which operations each rule needs and adds (for slicing), once per rule set.
#[salsa::tracked(returns(ref))]
pub fn rule_index(db: &dyn salsa::Database, rules: RuleFiles) -> crate::egraph::slice::RuleIndex {
    crate::egraph::slice::index(&checked_rules(db, rules).rules)
}

/// What lowering reads of a verified function in a session that keeps lowerings: its
/// shape ([`Function::shape`]: spans replaced by ordinals), so that an edit of the
/// function's layout alone (whitespace, comments) leaves it equal and the function is not
/// lowered again; its calling conventions (those [`function_conventions`] gives a session
/// that keeps no lowering); and the operations its encoding holds, which pick its slice of
/// the rules (see [`encoded_ops`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct Shape<'db> {
    /// The function with its spans replaced by ordinals.
    pub function: Function,
    /// The calling conventions of the function and of the functions it calls.
    pub conventions: Conventions,
    /// `None` for a file that is only checked.
    pub ops: Option<OpSet<'db>>,
}

/// The [`Shape`] of a function; `None` when it does not build or verify (it is not
/// lowered). One memo for all three, not three: an edit that adds, removes or renames a
/// function has salsa check every memo of the file once, so each memo per function counts.
/// It reads the rules only through [`op_table`], whose declarations a rule edit rarely
/// changes.
#[salsa::tracked(returns(ref))]
pub fn function_shape<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<Shape<'db>> {
    let built = function_ir(db, item);
    let f = built.function.as_ref()?;
    if has_errors(&built.diagnostics) || has_errors(verify_function(db, item)) {
        return None;
    }
    let function = f.shape().0;
    let conventions = conventions_of_item(db, item);
    let ops = function_config(db, item).map(|config| ops_of(db, config, &function, &conventions));
    Some(Shape {
        function,
        conventions,
        ops,
    })
}

/// The function lowering reads and its calling conventions: its [shape](function_shape) in
/// a session that keeps lowerings, so that an edit of the function's layout alone lowers
/// nothing again; the IR as built (and verified) in one that does not
/// ([`crate::Options::keep_lowered`]): a one-shot command sees no edit, and a shape would
/// be a second copy of every function. `None` when the function does not build or verify
/// (it is not lowered).
pub fn lowering_input<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<(&'db Function, &'db Conventions)> {
    if keeps_lowered(db, item) {
        return function_shape(db, item)
            .as_ref()
            .map(|s| (&s.function, &s.conventions));
    }
    let built = function_ir(db, item);
    let f = built.function.as_ref()?;
    if has_errors(&built.diagnostics) || has_errors(verify_function(db, item)) {
        return None;
    }
    Some((f, function_conventions(db, item)))
}

/// Whether the function's session keeps lowerings (a file that is only checked: yes).
fn keeps_lowered(db: &dyn salsa::Database, item: FunctionItem<'_>) -> bool {
    function_config(db, item).is_none_or(|c| c.options(db).keep_lowered(db))
}

/// The operation declarations of the rules, without their positions: all that encoding a
/// function reads of them. Editing rules (or moving declarations) leaves it equal.
#[salsa::tracked(returns(ref))]
pub fn op_decls(db: &dyn salsa::Database, rules: RuleFiles) -> Vec<OpDecl> {
    let mut decls = checked_rules(db, rules).rules.decls.clone();
    for d in &mut decls {
        d.loc = RuleLoc::default();
    }
    decls
}

/// The operation table of the rules' declarations ([`op_decls`]), made once per set of
/// declarations instead of once per function. Not compared: it changes exactly when
/// `op_decls` does.
#[salsa::tracked(returns(ref), no_eq)]
pub fn op_table(db: &dyn salsa::Database, rules: RuleFiles) -> crate::egraph::analysis::OpTable {
    crate::egraph::analysis::OpTable::from_decls(op_decls(db, rules))
}

/// What the function's file is compiled with; `None` for a file that is only checked.
pub fn function_config(db: &dyn salsa::Database, item: FunctionItem<'_>) -> Option<Config> {
    item.file(db).config(db)
}

/// The operations of one function's encoding (see `slice::encoded_ops`), interned, so a
/// function holds an id and functions with the same operations share one set; `None` when
/// the function does not verify (it is not lowered) or its file is only checked. Made with
/// the function's [`Shape`] (read in a session that keeps lowerings), and depends on the
/// rules only through [`op_decls`], so a rule edit reuses it.
pub fn encoded_ops<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<OpSet<'db>> {
    function_shape(db, item).as_ref()?.ops
}

/// The interned operations of the encodings of `f` (its variants) under `config`'s rules.
fn ops_of<'db>(
    db: &'db dyn salsa::Database,
    config: Config,
    f: &Function,
    conventions: &Conventions,
) -> OpSet<'db> {
    let table = op_table(db, config.rules(db));
    let vs = variants(f, config.options(db).emit_c_interface(db), conventions);
    let ops = crate::egraph::slice::encoded_ops(table, f, &vs, conventions);
    OpSet::new(db, ops, config.rules(db))
}

/// The calling conventions of a file's functions (`egraph/conventions.rs`): a call site needs its
/// callee's. Every function's IR is read, but the result stays equal unless a convention
/// attribute changes, so an edit to a body invalidates no other function's lowering.
///
/// One query per convention family, each keyed by the file alone: a query of two arguments
/// has salsa intern the pair, and every function that read it then had that interned pair
/// checked again after each edit (two of the fourteen checks per function).
pub fn conventions(db: &dyn salsa::Database, file: SourceFile, bare_ptr: bool) -> &Conventions {
    if bare_ptr {
        bare_ptr_conventions(db, file)
    } else {
        plain_conventions(db, file)
    }
}

#[salsa::tracked(returns(ref))]
fn plain_conventions(db: &dyn salsa::Database, file: SourceFile) -> Conventions {
    conventions_of(db, file, false)
}

#[salsa::tracked(returns(ref))]
fn bare_ptr_conventions(db: &dyn salsa::Database, file: SourceFile) -> Conventions {
    conventions_of(db, file, true)
}

/// The calling conventions one function's lowering reads: the file's (or the bare pointer
/// for all) and, of the functions it calls, which use the bare pointer. Equal, for that
/// function, to [`conventions`] (a lowering asks only about its own callees), but read
/// callee by callee: an edit of another function's body changes none of this function's
/// dependencies' durability (`sources.rs`), unlike reading every function of the file.
/// Kept only for a session that keeps no lowering; one that does reads them with the
/// function's shape ([`function_shape`]).
#[salsa::tracked(returns(ref))]
pub fn function_conventions<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Conventions {
    conventions_of_item(db, item)
}

/// [`function_conventions`], made now.
fn conventions_of_item(db: &dyn salsa::Database, item: FunctionItem<'_>) -> Conventions {
    let bare_ptr = function_config(db, item).is_some_and(|c| c.options(db).bare_ptr(db));
    let mut bare = Vec::new();
    if let Some(body) = crate::query::check::function_ir(db, item)
        .function
        .as_ref()
        .and_then(|f| f.body.as_ref())
    {
        for op in body.blocks.iter().flat_map(|b| &b.ops) {
            if let kiln_frontend::ir::OpKind::Call { callee } = &op.kind {
                if crate::query::check::callee_of(db, item, callee)
                    .is_some_and(|c| crate::query::check::callee_interface(db, c).bare_ptr)
                {
                    bare.push(callee.as_str());
                }
            }
        }
    }
    let conventions = Conventions::of_names(bare_ptr, bare);
    // Only a function that takes a global's address, or calls an `llvm.func` (whose
    // declaration may carry attributes), depends on the file's globals and declarations.
    let takes_address = crate::query::check::function_ir(db, item)
        .function
        .as_ref()
        .and_then(|f| f.body.as_ref())
        .is_some_and(|b| {
            b.blocks.iter().flat_map(|b| &b.ops).any(|op| {
                matches!(
                    op.kind,
                    kiln_frontend::ir::OpKind::AddressOf { .. }
                        | kiln_frontend::ir::OpKind::LlvmCall { .. }
                )
            })
        });
    if takes_address {
        let globals = crate::query::check::file_globals(db, item.file(db));
        conventions.with_globals(&globals.globals, &globals.externs)
    } else {
        conventions
    }
}

fn conventions_of(db: &dyn salsa::Database, file: SourceFile, bare_ptr: bool) -> Conventions {
    let funcs: Vec<&Function> = crate::query::check::functions(db, file)
        .iter()
        .filter_map(|item| {
            crate::query::check::function_ir(db, *item)
                .function
                .as_ref()
        })
        .collect();
    let items = crate::query::check::file_globals(db, file);
    Conventions::of_module(funcs, bare_ptr).with_globals(&items.globals, &items.externs)
}

pub use interned::{OpSet, Slice};

// salsa's macro gives the functions it adds (`new`, `ingredient`) no docs.
#[allow(missing_docs)]
mod interned {
    use crate::inputs::RuleFiles;
    use crate::rule::RuleSet;
    use std::sync::Arc;

    /// A set of operations and the rules it is sliced from, interned: functions whose
    /// encodings have the same operations share a slice. Never collected: a session sees a
    /// few dozen sets, and a collectable value is a dependency that every function reading
    /// it would have checked again after each edit.
    #[salsa::interned(debug, revisions = usize::MAX)]
    pub struct OpSet<'db> {
        /// The operations' names, sorted.
        #[returns(ref)]
        pub ops: Vec<String>,
        /// The rule files the slice is cut from.
        #[returns(copy)]
        pub rules: RuleFiles,
    }

    /// A slice of the rules, interned: comparing two is comparing ids.
    #[salsa::interned(debug)]
    pub struct Slice<'db> {
        /// The slice's rules, without positions (`slice::anonymize`).
        #[returns(ref)]
        pub rules: Arc<RuleSet>,
    }
}

/// The slice for one set of operations, without positions (`slice::anonymize`), and the
/// places its numbers stand for: computed once per distinct set after a rule edit, not
/// once per function.
#[derive(Clone, Debug, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub struct SliceOf<'db> {
    /// The rules a function with these operations can use, without positions.
    pub slice: Slice<'db>,
    /// What each place number of the slice stands for (`path:line:col`), by number.
    pub places: Vec<String>,
}

/// The slice of the rules for the operations `ops`, once per distinct set.
#[salsa::tracked(returns(ref))]
pub fn slice_of<'db>(db: &'db dyn salsa::Database, ops: OpSet<'db>) -> SliceOf<'db> {
    let rules = ops.rules(db);
    let checked = checked_rules(db, rules);
    let rules_index = rule_index(db, rules);
    let slice = crate::egraph::slice::close(&checked.rules, rules_index, ops.ops(db));
    let (anonymous, places) = crate::egraph::slice::anonymize(&slice);
    SliceOf {
        slice: Slice::new(db, Arc::new(anonymous)),
        places,
    }
}

/// The rules one function's lowering can use; `None` when the rules have errors or the
/// function does not verify (it is not lowered). Not a query of its own: the slice is
/// memoized per set of operations (`slice_rules`), which is all a rule edit checks again,
/// and a per-function memo would be one more for every function to check after each edit.
pub fn rule_slice<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<Slice<'db>> {
    let rules = function_config(db, item)?.rules(db);
    if !rules_usable(db, rules) {
        return None;
    }
    Some(slice_rules(db, encoded_ops(db, item)?))
}

/// Whether the rules have no error: what a lowering reads of the checked rules beyond its
/// slice, so that a rule edit that leaves them without error changes nothing it read.
#[salsa::tracked]
pub fn rules_usable(db: &dyn salsa::Database, rules: RuleFiles) -> bool {
    !checked_rules(db, rules).has_errors()
}

/// The slice of one set of operations without the places it numbers: a rule edit that only
/// moves rules leaves it equal, and with it every lowering that reads it.
#[salsa::tracked(returns(copy))]
pub fn slice_rules<'db>(db: &'db dyn salsa::Database, ops: OpSet<'db>) -> Slice<'db> {
    slice_of(db, ops).slice
}

/// The whole rule set as one slice: what a session that keeps no lowering lowers every
/// function with. Slices serve rule edits, which such a session never sees, and finding a
/// function's slice costs an encoding of it. `None` when the rules have errors.
#[salsa::tracked(returns(copy))]
pub fn whole_rules<'db>(db: &'db dyn salsa::Database, rules: RuleFiles) -> Option<Slice<'db>> {
    let checked = checked_rules(db, rules);
    if checked.has_errors() {
        return None;
    }
    Some(Slice::new(db, Arc::new(checked.rules.clone())))
}

/// Makes ahead what lowering every function with the whole rule set (`whole_rules`)
/// reads of the rules: checked, and compiled once. A one-shot command does this on
/// another thread while its file is split and parsed, instead of the first function's
/// lowering doing it after them.
pub fn prepare_whole_rules(db: &dyn Db, rules: RuleFiles) {
    if let Some(slice) = whole_rules(db, rules) {
        db.compiled(slice.rules(db));
    }
}

/// One function's lowering: the functions it yields (itself, and its C wrapper or
/// forwarding body) and the diagnostics, located in the function's shape (see
/// [`lowered_diagnostics`] for them relative to the function's text).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LoweredItem {
    /// Each of the function's variants that lowered, in the order of [`variants`]: the
    /// function (for a declaration with a C interface, a body forwarding to its C wrapper),
    /// then a definition's C wrapper.
    pub functions: Vec<Lowered>,
    /// The diagnostics of every variant's lowering, not yet located (see
    /// [`locate_lowering`]).
    pub diagnostics: Vec<Diagnostic>,
}

/// Lowers one function with its slice of the rules (`whole_rules` in a session that keeps
/// no lowering) on any thread (elaboration walks terms with an explicit stack), each time
/// it is called: [`lowered_item`] is the memoized one.
pub fn lower_item<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> LoweredItem {
    db.executions()
        .lowered
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let Some(config) = function_config(db, item) else {
        return LoweredItem::default();
    };
    let slice = if keeps_lowered(db, item) {
        rule_slice(db, item)
    } else {
        whole_rules(db, config.rules(db))
    };
    let Some(slice) = slice else {
        return LoweredItem::default();
    };
    let compiled = db.compiled(slice.rules(db));
    let Some((f, conventions)) = lowering_input(db, item) else {
        return LoweredItem::default();
    };
    let mut out = LoweredItem::default();
    let opts = LowerOptions::default().with_conventions(conventions.clone());
    for v in variants(f, config.options(db).emit_c_interface(db), conventions) {
        let outcome = lower_variant(&compiled, f, v, &opts);
        out.functions.extend(outcome.lowered);
        out.diagnostics.extend(outcome.diagnostics);
    }
    out
}

/// One function's lowering, kept for the next request.
#[salsa::tracked(returns(ref))]
pub fn lowered_item<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> LoweredItem {
    lower_item(db, item)
}

/// Runs `f` on one function's lowering: the kept one ([`lowered_item`]) when the session
/// keeps lowerings ([`crate::Options::keep_lowered`]), else one made now and dropped when
/// `f` returns. The queries that turn a lowering into what a request asks for (its text,
/// its LLVM IR) read it through here, so a one-shot command holds only what they return.
pub fn with_lowering<'db, R>(
    db: &'db dyn Db,
    item: FunctionItem<'db>,
    f: impl FnOnce(&LoweredItem) -> R,
) -> R {
    if keeps_lowered(db, item) {
        f(lowered_item(db, item))
    } else {
        f(&lower_item(db, item))
    }
}

/// One function's lowering as `kiln lower` prints it, and its diagnostics (relative to the
/// function's text, see [`locate_lowering`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LoweredText {
    /// Each function the lowering yields, separated by a blank line (empty when it yields
    /// none). A file's text is the non-empty texts of its functions joined by blank lines,
    /// so an edit prints again only what it lowered again.
    pub text: String,
    /// The lowering's diagnostics, relative to the function's text.
    pub diagnostics: Vec<Diagnostic>,
}

/// One function's lowering as text ([`make_lowered_text`]), kept for the next request.
#[salsa::tracked(returns(ref))]
pub fn lowered_text<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> LoweredText {
    make_lowered_text(db, item)
}

/// [`lowered_text`] made now and not kept: a one-shot command writes each function's text
/// in turn and drops it, so it never holds the whole output.
pub fn make_lowered_text<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> LoweredText {
    with_lowering(db, item, |lowered| {
        let mut text = String::new();
        for f in &lowered.functions {
            if !text.is_empty() {
                text.push('\n');
            }
            f.write_text(&mut text);
        }
        LoweredText {
            text,
            diagnostics: locate_lowering(db, item, &lowered.diagnostics),
        }
    })
}

/// The diagnostics of one function's kept lowering, relative to the function's text.
pub fn lowered_diagnostics<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> Vec<Diagnostic> {
    locate_lowering(db, item, &lowered_item(db, item).diagnostics)
}

/// Diagnostics of one function's lowering (located in its shape, with the slice's numbered
/// places) put back in the function's text, relative to its start, with the places named.
/// Reads the function's spans only when there is something to locate.
pub fn locate_lowering<'db>(
    db: &'db dyn Db,
    item: FunctionItem<'db>,
    diagnostics: &[Diagnostic],
) -> Vec<Diagnostic> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let kept = keeps_lowered(db, item);
    // A slice numbers the places of its rules; the whole rule set names them.
    let places: &[String] = match kept.then(|| encoded_ops(db, item)).flatten() {
        Some(ops) => &slice_of(db, ops).places,
        None => &[],
    };
    // Spans of a shape are ordinals; a one-shot lowering's are already the text's.
    let table = kept.then(|| {
        function_ir(db, item)
            .function
            .as_ref()
            .map(|f| f.shape().1)
            .unwrap_or_default()
    });
    diagnostics
        .iter()
        .map(|d| {
            let mut d = match &table {
                Some(table) => d.map_spans(|s| table.locate(s)),
                None => d.clone(),
            };
            d.message = restore_places(&d.message, places);
            for n in &mut d.notes {
                *n = restore_places(n, places);
            }
            for l in &mut d.labels {
                l.message = restore_places(&l.message, places);
            }
            d
        })
        .collect()
}
