//! The front half of the pipeline as salsa queries: parse a file, split it into function
//! items, build and verify each function on its own, and gather diagnostics.
//!
//! Per-function queries ([`parse_function`] or [`parsed_function`], which also build the IR
//! that [`function_ir`] reads, and [`verify_function`]) read only their item's text (and
//! their callees' interfaces), so editing one function's body re-runs them for that
//! function alone.

use crate::inputs::{item_offset, FunctionItem, Header, HeaderRef, Interface, SourceFile};
use kiln_frontend::ast;
use kiln_frontend::ir::{Function, Module};
use kiln_frontend::split::{split_module, FunctionSpan};
use kiln_frontend::{has_errors, Diagnostic, Parsed, Span};
use kiln_lowered::{name_hash, Cuts};
use rustc_hash::FxHashMap;

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
    parse_text_with(text.prelude(db), text.text(db))
}

/// [`parse_function`] of a function's text in a file a session split: its body's, once it
/// was edited, else its input's. Keyed by the item, not the input, so that the parse is
/// freed with the item when the function leaves the file or is edited for the first time
/// (an input is never freed).
#[salsa::tracked(returns(ref))]
fn parse_item<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<ParsedFunction> {
    parse_text(item_text(db, item))
}

/// A function's text in a file a session split (its body's, once it was edited).
fn item_text<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> &'db str {
    match (item.body(db), item.source(db)) {
        (Some(body), _) => body.text(db),
        (None, Some(source)) => source.text(db),
        (None, None) => "",
    }
}

/// A function's own text (its body's, once a session's edit gave it one).
pub fn function_text<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> &'db str {
    if item.source(db).is_some() {
        return item_text(db, item);
    }
    item.text(db).map_or("", |t| t.text(db))
}

/// One function's parse, from its input or its interned text; `None` when the parser gave
/// up.
pub fn parsed_function<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<&'db ParsedFunction> {
    // The input is read first: reading `text` would add a dependency for nothing.
    if item.source(db).is_some() {
        return parse_item(db, item).as_ref();
    }
    parse_function(db, item.text(db)?).as_ref()
}

fn parse_text(text: &str) -> Option<ParsedFunction> {
    parse_text_with("", text)
}

/// [`parse_text`] with the alias definitions of the function's file.
fn parse_text_with(prelude: &str, text: &str) -> Option<ParsedFunction> {
    let parsed = kiln_frontend::parse_func_with_aliases(prelude, text).ok()?;
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
    // and none in `kiln lower`.
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

/// Whether a file's functions are where its split found them from its tokens alone
/// ([`function_spans`], or the session's, `crate::sources`): the file is of a plain shape
/// and every function parses on its own without a diagnostic. When it is not,
/// [`check_file`] reads [`parse_file`], the whole file's parse, so the syntax errors of a
/// malformed file are exactly the parser's; [`functions`] does too in a file the queries
/// split, while in one a session split it keeps the split's functions (reading this flag
/// would make every function's memos as little durable as the file's text). A flag, not
/// the spans: a copy of every function's span here cost an allocation per function after
/// each edit.
#[salsa::tracked]
pub fn split_file(db: &dyn salsa::Database, file: SourceFile) -> bool {
    if file.sources(db).is_some() {
        return function_groups(db, file)
            .iter()
            .all(|g| check_group(db, *g).clean);
    }
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
        .map(|f| {
            Some(FunctionText::new(
                db,
                text.get(f.span.range())?,
                String::new(),
            ))
        })
        .collect()
}

/// Where a file's functions are, from its tokens alone (see [`split_module`]), before any
/// is parsed; `None` when the file is not of a plain shape. Its own query so that a caller
/// can parse the functions in parallel ahead of [`split_file`] without lexing the file a
/// second time.
#[salsa::tracked(returns(ref))]
pub fn function_spans(db: &dyn salsa::Database, file: SourceFile) -> Option<Vec<FunctionSpan>> {
    split_module(file.text(db))
}

/// The functions of a file, in source order, each with its own text. In a file a session
/// split, one per function input, with its body once it was edited, read from the inputs
/// alone (not the text). The bodies are of low durability, and so is this query: nothing
/// keyed by a function reads it (a function's queries read its item's fields, which are
/// its identity), and the memos that do are the file's and the groups' lists.
#[salsa::tracked(returns(ref))]
pub fn functions<'db>(db: &'db dyn salsa::Database, file: SourceFile) -> Vec<FunctionItem<'db>> {
    if let Some(sources) = file.sources(db) {
        let bodies = file.bodies(db);
        return sources
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let body = bodies.get(i).copied().flatten();
                FunctionItem::new(db, file, s.name(db).clone(), Some(*s), body, None, 0)
            })
            .collect();
    }
    let text = file.text(db);
    let item = |name: &str, span: Span, prelude: &String| {
        let own = FunctionText::new(
            db,
            text.get(span.range()).unwrap_or_default(),
            prelude.clone(),
        );
        FunctionItem::new(
            db,
            file,
            name.to_string(),
            None,
            None,
            Some(own),
            span.start,
        )
    };
    match (
        split_file(db, file),
        function_spans(db, file),
        function_texts(db, file),
    ) {
        (true, Some(spans), Some(texts)) => spans
            .iter()
            .zip(texts)
            .map(|(f, own)| {
                FunctionItem::new(
                    db,
                    file,
                    f.name.clone(),
                    None,
                    None,
                    Some(*own),
                    f.span.start,
                )
            })
            .collect(),
        _ => {
            // Read whole, a file may define aliases its functions use: each function is
            // parsed with their definitions, which the file's parse collected.
            let parsed = parse_file(db, file);
            parsed
                .tree
                .funcs
                .iter()
                .map(|f| item(&f.name.node, f.span, &parsed.prelude))
                .collect()
        }
    }
}

/// A function built from its own text: the IR (absent if the text has syntax errors, which
/// [`parse_file`] reports) and the builder's diagnostics, relative to the function's start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Built {
    /// The function's IR; `None` when its text has syntax errors.
    pub function: Option<Function>,
    /// The builder's diagnostics (unknown operations and types, undefined values and
    /// blocks, ...).
    pub diagnostics: Vec<Diagnostic>,
}

/// A function's IR: what [`parse_function`] built from its text. Not a query of its own,
/// so the IR is held once, in the parse's memo (and shared by functions of equal text).
pub fn function_ir<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> &'db Built {
    static UNPARSED: Built = Built {
        function: None,
        diagnostics: Vec::new(),
    };
    match parsed_function(db, item) {
        Some(parsed) => &parsed.built,
        None => &UNPARSED,
    }
}

/// The first function of a file with each name (the one a call to the name means, as
/// the verifier's signature table has it). Reads the names alone, so it changes only when
/// the list of functions does. In a file a session split it lists the function inputs,
/// not the items (an edit gives a function a new item), and only [`check_file`] reads it:
/// a function finds its callees in its own record ([`callee_of`]).
#[salsa::tracked(returns(ref))]
pub fn function_index<'db>(
    db: &'db dyn salsa::Database,
    file: SourceFile,
) -> FxHashMap<String, Callee<'db>> {
    let callees: Vec<(&String, Callee)> = match file.sources(db) {
        Some(sources) => sources
            .iter()
            .map(|s| (s.name(db), Callee::Input(*s)))
            .collect(),
        None => functions(db, file)
            .iter()
            .map(|item| (item.name(db), Callee::Item(*item)))
            .collect(),
    };
    let mut index = FxHashMap::with_capacity_and_hasher(callees.len(), Default::default());
    for (name, callee) in callees {
        index.entry(name.clone()).or_insert(callee);
    }
    index
}

pub use call_name::CallName;

// salsa's macro gives the functions it adds (`new`, `ingredient`) no docs.
#[allow(missing_docs)]
mod call_name {
    /// A name a call uses (see [`callee_named`](super::callee_named)).
    #[salsa::interned(debug)]
    pub struct CallName<'db> {
        /// The name called (without the `@`).
        #[returns(ref)]
        pub text: String,
    }
}

/// The function a call to `name` in `file` means ([`function_index`]), in a file the
/// queries split, read name by name: adding, removing or renaming a function changes the
/// index, and this runs again for every name called, but its result is the same for every
/// name but the changed one, so the verification and lowering of the functions that call
/// the others stay as they were.
#[salsa::tracked(returns(copy))]
pub fn callee_named<'db>(
    db: &'db dyn salsa::Database,
    file: SourceFile,
    name: CallName<'db>,
) -> Option<Callee<'db>> {
    function_index(db, file).get(name.text(db)).copied()
}

/// The function a call to `name` in `item` means: in a file a session split, off the
/// record of its calls on its own body or input ([`crate::inputs::Calls`]), so a caller
/// reads nothing that adding or removing another function writes; else through
/// [`callee_named`].
pub fn callee_of<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
    name: &str,
) -> Option<Callee<'db>> {
    let Some(source) = item.source(db) else {
        return callee_named(db, item.file(db), CallName::new(db, name));
    };
    let calls = match item.body(db) {
        Some(body) => body.calls(db),
        None => source.calls(db),
    };
    let at = calls
        .binary_search_by(|(called, _)| called.as_str().cmp(name))
        .ok()?;
    calls[at].1.map(Callee::Input)
}

/// A function a call can name ([`function_index`]): a function input, in a file a session
/// split, else the function's item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, salsa::SalsaValue)]
pub enum Callee<'db> {
    /// The function's input, in a file a session split.
    Input(crate::FunctionSource),
    /// The function's item, in a file the queries split.
    Item(FunctionItem<'db>),
}

/// What a caller reads of a function it calls (see [`interface_of`]).
pub fn callee_interface<'db>(
    db: &'db dyn salsa::Database,
    callee: Callee<'db>,
) -> InterfaceRef<'db> {
    match callee {
        Callee::Item(item) => interface_of(db, item),
        // Recorded for every function when its file is split (`crate::sources`); a
        // function whose interface is not known is taken as one without IR, whose
        // callers are not verified.
        Callee::Input(source) => match source.interface(db) {
            Some(interface) => interface.into(),
            None => InterfaceRef::of(None),
        },
    }
}

/// The signatures a function's calls are checked against, read callee by callee: a
/// function's verification depends on the signatures of the functions it calls, not on
/// every function of the file (so an edit of one function leaves the others' as durable
/// as their own inputs). `incomplete` is set when a callee has no IR.
struct CalleeSignatures<'db> {
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
    incomplete: std::cell::Cell<bool>,
}

impl kiln_frontend::Signatures for CalleeSignatures<'_> {
    fn is_llvm_func(&self, name: &str) -> bool {
        callee_of(self.db, self.item, name)
            .is_some_and(|callee| callee_interface(self.db, callee).llvm)
    }

    fn signature(&self, name: &str) -> Option<&kiln_frontend::types::FunctionType> {
        let callee = callee_of(self.db, self.item, name)?;
        match callee_interface(self.db, callee).ty {
            Some(ty) => Some(ty),
            None => {
                self.incomplete.set(true);
                None
            }
        }
    }
}

/// What callers read of a function (its signature, its convention), off its parse: a
/// firewall between a function's body and its callers. An edit of a body runs this again
/// for that function alone, and its unchanged result leaves the callers' verification and
/// lowering as they were. Read only in files the queries split ([`interface_of`]).
#[salsa::tracked(returns(ref))]
pub fn function_interface<'db>(db: &'db dyn salsa::Database, item: FunctionItem<'db>) -> Interface {
    interface_from(function_ir(db, item))
}

/// The interface of a built function.
pub fn interface_from(built: &Built) -> Interface {
    let f = built.function.as_ref();
    Interface {
        signature: f.map(|f| (f.name.clone(), f.ty.clone())),
        bare_ptr: InterfaceRef::of(f).bare_ptr,
        llvm: f.is_some_and(|f| f.llvm),
    }
}

/// The header of a function, off its parse (`None` when it has no IR).
pub fn header_from<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<HeaderRef<'db>> {
    let f = function_ir(db, item).function.as_ref()?;
    Some(HeaderRef::of(&parsed_function(db, item)?.signature, f))
}

/// A function's header as the file's summaries read it (`None` when it has no IR): the one
/// its input carries ([`crate::FunctionSource::header`], in a file a session split), else
/// off its parse. A firewall between a function's body and the file's reflection symbols, as
/// `interface_of` is between its body and its callers.
pub fn header_of<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<HeaderRef<'db>> {
    match item.source(db).map(|s| s.header(db)) {
        Some(Some(header)) => header.as_ref().map(Header::as_ref),
        _ => header_from(db, item),
    }
}

/// What a caller reads of a function: its type (`None` when it has no IR) and whether it
/// uses the bare-pointer convention ([`Interface`], borrowed).
#[derive(Clone, Copy, Debug)]
pub struct InterfaceRef<'db> {
    /// The function's type; `None` when it has no IR.
    pub ty: Option<&'db kiln_frontend::types::FunctionType>,
    /// Whether it has `llvm.bareptr`, so its memrefs cross calls as bare pointers.
    pub bare_ptr: bool,
    /// Whether it is an `llvm.func`.
    pub llvm: bool,
}

impl<'db> InterfaceRef<'db> {
    /// The interface of a function as built (`None`: it has no IR), borrowed from it.
    pub fn of(f: Option<&'db Function>) -> Self {
        InterfaceRef {
            ty: f.map(|f| &f.ty),
            bare_ptr: f
                .is_some_and(|f| f.attrs.contains(crate::egraph::conventions::BARE_PTR_ATTR)),
            llvm: f.is_some_and(|f| f.llvm),
        }
    }
}

impl<'db> From<&'db Interface> for InterfaceRef<'db> {
    fn from(i: &'db Interface) -> Self {
        InterfaceRef {
            ty: i.signature.as_ref().map(|(_, ty)| ty),
            bare_ptr: i.bare_ptr,
            llvm: i.llvm,
        }
    }
}

/// A function's interface as its callers read it: the one its input carries, in a file a
/// session split ([`crate::FunctionSource::interface`]; off the function's parse if it
/// is not recorded yet); in a file the queries split, [`function_interface`] (the file's
/// text changes at every edit, and that memo is what keeps a body edit from reaching the
/// callers).
pub fn interface_of<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> InterfaceRef<'db> {
    match item.source(db).map(|s| s.interface(db)) {
        Some(Some(interface)) => interface.into(),
        Some(None) => InterfaceRef::of(function_ir(db, item).function.as_ref()),
        None => function_interface(db, item).into(),
    }
}

/// The verifier's diagnostics for one function (relative to the function's start). Runs
/// only on functions that built cleanly; none when a function it calls has no IR (its
/// calls cannot be checked). [`check_file`] reports them only when every function built.
#[salsa::tracked(returns(ref))]
pub fn verify_function<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Vec<Diagnostic> {
    let built = function_ir(db, item);
    let (Some(f), false) = (&built.function, has_errors(&built.diagnostics)) else {
        return Vec::new();
    };
    let sigs = CalleeSignatures {
        db,
        item,
        incomplete: std::cell::Cell::new(false),
    };
    let mut diagnostics = kiln_frontend::verify_function(f, &sigs);
    if sigs.incomplete.get() {
        return Vec::new();
    }
    // Only a function that reads a global depends on the file's globals, so the others'
    // checks stay as durable as their own text.
    let reads_global = f.body.as_ref().is_some_and(|b| {
        b.blocks.iter().flat_map(|b| &b.ops).any(|op| {
            matches!(op.kind, kiln_frontend::ir::OpKind::GetGlobal { .. })
                || kiln_frontend::llvm_items::uses_llvm_items(&op.kind)
        })
    });
    // While a global is missing or malformed, its uses are not checked: the first error
    // reported is the cause, not a follow-on.
    let globals = reads_global.then(|| file_globals(db, item.file(db)));
    if let Some(globals) = globals.filter(|g| g.complete) {
        diagnostics.extend(kiln_frontend::globals::check_global_uses(
            f,
            &globals.globals,
        ));
        diagnostics.extend(kiln_frontend::llvm_items::check_llvm_uses(
            f,
            &globals.globals,
            &globals.externs,
        ));
    }
    diagnostics
}

/// A file's `memref.global`s, built, with the diagnostics of building them (file
/// coordinates).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileGlobals {
    /// The globals that built, in source order (`memref.global`s, then
    /// `llvm.mlir.global`s).
    pub globals: Vec<kiln_frontend::ir::Global>,
    /// The `llvm.func` declarations that built, in source order, then the signatures of the
    /// `llvm.func` definitions.
    pub externs: Vec<kiln_frontend::ir::LlvmFunc>,
    /// What building them found.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether every global of the file is there: the file has no syntax error and every
    /// global built.
    pub complete: bool,
}

/// The globals and `llvm.func`s of a file. A file with one is never split into functions (the
/// split knows only functions), so a split file has none and its text is not parsed here.
#[salsa::tracked(returns(ref))]
pub fn file_globals(db: &dyn salsa::Database, file: SourceFile) -> FileGlobals {
    if file.sources(db).is_some() || function_spans(db, file).is_some() {
        return FileGlobals {
            complete: true,
            ..FileGlobals::default()
        };
    }
    let parsed = parse_file(db, file);
    let (globals, externs, diagnostics) = kiln_frontend::build_module_items(&parsed.tree);
    FileGlobals {
        complete: !has_errors(&parsed.diagnostics) && !has_errors(&diagnostics),
        globals,
        externs,
        diagnostics,
    }
}

pub use function_group::FunctionGroup;

// salsa's macro gives the functions it adds (`new`, `ingredient`) no docs.
#[allow(missing_docs)]
mod function_group {
    use crate::inputs::FunctionItem;

    /// A run of consecutive functions of a file a session split (`sources.rs`), checked
    /// together: after an edit of one function, [`check_file`](super::check_file) reads one
    /// group's check again and finds every other group's memo valid at a glance (a group of
    /// functions whose inputs did not change is as durable as they are), instead of reading
    /// every function's.
    #[salsa::tracked(debug)]
    pub struct FunctionGroup<'db> {
        /// The group's functions, in file order.
        #[returns(ref)]
        pub items: Vec<FunctionItem<'db>>,
    }
}

/// About how many functions a [`FunctionGroup`] holds: at least half as many (but the last
/// group), at most twice as many.
pub const GROUP: usize = 64;

/// How a file's functions are cut into groups ([`kiln_lowered::Cuts`]): by their names, with
/// no seed, so every run of a build cuts the same groups. They decide which memos an edit
/// reads again, and the pieces of a file's reflection symbols (one per group, so an
/// object's units), which a session and `kiln compile` cut alike.
const GROUP_CUTS: Cuts = Cuts {
    every: GROUP as u64,
    least: GROUP / 2,
    most: 2 * GROUP,
};

/// The groups of a file a session split (none for a file the queries split). Groups are
/// cut by the functions' names, not by position: a group ends after a function whose name
/// ends one once it holds `GROUP / 2` functions, or at `2 * GROUP` ([`GROUP_CUTS`]). Adding
/// or removing a function then changes its own group (and at most the next one), where
/// groups cut by position changed every group after it: each was checked again, a sixth
/// of the cost of adding a function to a module of 10,000.
#[salsa::tracked(returns(ref))]
pub fn function_groups<'db>(
    db: &'db dyn salsa::Database,
    file: SourceFile,
) -> Vec<FunctionGroup<'db>> {
    if file.sources(db).is_none() {
        return Vec::new();
    }
    let items = functions(db, file);
    GROUP_CUTS
        .runs(items.iter().map(|item| name_hash(item.name(db))))
        .into_iter()
        .map(|run| FunctionGroup::new(db, items[run].to_vec()))
        .collect()
}

/// What checking some functions found, each function's diagnostics relative to its text
/// and numbered by its place among them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ItemsCheck {
    /// Every function parsed on its own without a diagnostic, under the name the split
    /// gave it (what [`split_file`] asks).
    pub clean: bool,
    /// Every function built (has IR).
    pub all_built: bool,
    /// The builder's diagnostics, per function that has any.
    pub built: Vec<(u32, Vec<Diagnostic>)>,
    /// The verifier's diagnostics, per function that has any.
    pub verified: Vec<(u32, Vec<Diagnostic>)>,
}

/// [`check_items`] of a group, kept.
#[salsa::tracked(returns(ref))]
pub fn check_group<'db>(db: &'db dyn salsa::Database, group: FunctionGroup<'db>) -> ItemsCheck {
    check_items(db, group.items(db))
}

/// Parses, builds and verifies some functions.
pub fn check_items(db: &dyn salsa::Database, items: &[FunctionItem<'_>]) -> ItemsCheck {
    let mut check = ItemsCheck {
        clean: true,
        all_built: true,
        ..ItemsCheck::default()
    };
    for (i, item) in items.iter().enumerate() {
        check.clean &= parsed_function(db, *item).is_some_and(|parsed| {
            parsed.diagnostics.is_empty() && parsed.signature.name.node == *item.name(db)
        });
        let built = function_ir(db, *item);
        if !built.diagnostics.is_empty() {
            check.built.push((i as u32, built.diagnostics.clone()));
        }
        if built.function.is_none() {
            check.all_built = false;
            continue;
        }
        let verified = verify_function(db, *item);
        if !verified.is_empty() {
            check.verified.push((i as u32, verified.clone()));
        }
    }
    check
}

/// Appends to `out`, in file coordinates, the diagnostics `found` for some of `items`
/// (each numbered by its place among them, relative to its function's text). A
/// function's position is read only when it has something to report: most have nothing,
/// and an edit moves every function after it.
pub fn locate_found(
    db: &dyn salsa::Database,
    items: &[FunctionItem<'_>],
    found: &[(u32, Vec<Diagnostic>)],
    out: &mut Vec<Diagnostic>,
) {
    for (i, diagnostics) in found {
        if let Some(item) = items.get(*i as usize) {
            let delta = item_offset(db, *item) as i64;
            out.extend(diagnostics.iter().map(|d| d.shifted(delta)));
        }
    }
}

/// All diagnostics of a file, in file coordinates, sorted by position.
#[salsa::tracked(returns(ref))]
pub fn check_file(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    // When every function parsed cleanly on its own, the file has no syntax errors.
    let split = *split_file(db, file);
    let mut out = if split {
        Vec::new()
    } else {
        parse_file(db, file).diagnostics.clone()
    };
    if !split && file.sources(db).is_some() && !has_errors(&out) {
        // A session split the file, a function of it did not parse on its own, and yet the
        // whole file parses: the split is wrong. Never seen; reported rather than lowering
        // the functions the split found.
        out.push(Diagnostic::error(
            "split",
            Span::new(0, 0),
            "kiln could not split this file into its functions (please report this file)"
                .to_string(),
        ));
    }
    let items = functions(db, file);
    let whole;
    let checks: Vec<(&[FunctionItem], &ItemsCheck)> = if file.sources(db).is_some() {
        function_groups(db, file)
            .iter()
            .map(|g| (g.items(db).as_slice(), check_group(db, *g)))
            .collect()
    } else {
        whole = check_items(db, items);
        vec![(items.as_slice(), &whole)]
    };
    for (items, check) in &checks {
        locate_found(db, items, &check.built, &mut out);
    }
    // Calls are checked only when every function's signature is known.
    if checks.iter().all(|(_, c)| c.all_built) {
        for (items, check) in &checks {
            locate_found(db, items, &check.verified, &mut out);
        }
    }
    let globals = file_globals(db, file);
    if !globals.globals.is_empty() || !globals.externs.is_empty() || !globals.diagnostics.is_empty()
    {
        out.extend(globals.diagnostics.iter().cloned());
        let names = items.iter().filter_map(|item| {
            let f = function_ir(db, *item).function.as_ref()?;
            Some((
                f.name.as_str(),
                f.name_span.shifted(item_offset(db, *item) as i64),
            ))
        });
        out.extend(kiln_frontend::check_item_names(
            &globals.globals,
            &globals.externs,
            names,
        ));
    }
    // Names are compared only when two functions share one.
    if function_index(db, file).len() != items.len() {
        let names = items.iter().filter_map(|item| {
            let f = function_ir(db, *item).function.as_ref()?;
            Some((
                f.name.as_str(),
                f.name_span.shifted(item_offset(db, *item) as i64),
            ))
        });
        out.extend(kiln_frontend::check_symbols(names));
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
        globals: file_globals(db, file).globals.clone(),
        externs: file_globals(db, file).externs.clone(),
    }
}
