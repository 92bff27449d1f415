//! The salsa structs: every input (source files, rule files, configuration) and the
//! tracked function item, together in one place, so the query modules depend on this file
//! and not on each other.

use crate::rule::RuleSource;

pub use salsa_structs::{
    Config, FunctionBody, FunctionItem, FunctionSource, FunctionText, Options, RuleFiles,
    SourceFile, Target,
};

// salsa's macros give the functions they add (`new`, `builder`, `ingredient`, the setters)
// no docs; the structs and their fields have theirs.
#[allow(missing_docs)]
mod salsa_structs {
    use super::*;

    /// A source file: its path (for messages), its text, and what it is compiled with (`None`
    /// for a file that is only checked).
    #[salsa::input(debug)]
    pub struct SourceFile {
        /// The file's path, as messages show it.
        #[returns(ref)]
        pub path: String,
        /// The file's whole text.
        #[returns(ref)]
        pub text: String,
        /// What the file is compiled with; `None` for a file that is only checked.
        #[returns(copy)]
        pub config: Option<Config>,
        /// The file's functions, each an input of its own, when whoever set the text split it
        /// (a session does: `Session::set_source` in `driver/src/session.rs`); `None` when the queries
        /// split the text themselves ([`crate::query::check::function_spans`]). Of low
        /// durability: only the file's and the groups' memos read it (see [`Calls`]).
        ///
        /// Why inputs of their own: salsa checks a memo without walking its dependencies when
        /// no input of its durability changed since it was last checked. A function's queries
        /// then read only its own input (of [`Durability::MEDIUM`](salsa::Durability)) and
        /// inputs of higher durability, so after an edit of one function's body (a write of
        /// low durability: [`SourceFile::bodies`]) every other function's memos are checked at
        /// a glance instead of each walking its dozen dependencies: on a 10,000-function module
        /// those walks would be most of an edit's cost.
        #[default]
        #[returns(ref)]
        pub sources: Option<Vec<FunctionSource>>,
        /// Where each of [`SourceFile::sources`] starts in the text (low durability: an edit
        /// that changes a function's length moves every function after it, and only
        /// diagnostics read where a function is).
        #[default]
        #[returns(ref)]
        pub offsets: Vec<u32>,
        /// The text each of [`SourceFile::sources`] has now, once it was edited (`None` before:
        /// its input's own text), in the same order. Of low durability, and read only by
        /// [`crate::query::check::functions`], which gives each function's item its body.
        ///
        /// Why inputs of their own: a field's first write of lower durability is a write of
        /// the durability it had, so writing an edited text into its function's input (of
        /// medium durability) would make salsa walk every memo of the file once, at the first
        /// edit of each function (0.7–1.1% of a cold compile at 10,000 functions, each time).
        /// A new body of low durability, listed here, writes nothing of medium durability,
        /// and every other function's memos stay valid at a glance.
        #[default]
        #[returns(ref)]
        pub bodies: Vec<Option<FunctionBody>>,
        /// Inputs of functions that left the file and still hold their text (low durability,
        /// read by no query). Emptying an input's text is a write of the durability the text
        /// had (medium, for a function the file had when it was opened), and salsa then walks
        /// every memo of the file; so the texts are emptied together, once they add up to
        /// [`crate::sources::RETIRED_TEXT`] or the file has no function left.
        #[default]
        #[returns(ref)]
        pub retired: Vec<FunctionSource>,
    }

    /// The text of a function edited since its file was split: made (of low durability) by
    /// the function's first edit, and written by each later one ([`SourceFile::bodies`]).
    #[salsa::input(debug)]
    pub struct FunctionBody {
        /// The function's text as last edited.
        #[returns(ref)]
        pub text: String,
        /// The function each name this text calls means ([`Calls`]), in place of its input's
        /// (`FunctionSource::calls`) once the function has a body.
        #[default]
        #[returns(ref)]
        pub calls: Calls,
    }

    /// One function of a file a session split: its name, its text as the split found it (an
    /// edit's text goes to a [`FunctionBody`]), and what its callers and the file's summaries
    /// read of it. Set only through [`crate::sources::split_sources`], which keeps `interface`
    /// and `header` in step with the function's current text.
    #[salsa::input(debug)]
    pub struct FunctionSource {
        /// The function's name (without the `@`).
        #[returns(ref)]
        pub name: String,
        /// The function's text as the split found it (an edit's goes to its body).
        #[returns(ref)]
        pub text: String,
        /// What the function's callers read of it ([`crate::query::check::interface_of`]):
        /// recorded for every function when its file is split, and written again (at medium
        /// durability) by an edit only when it changes. `None` only between a split and the
        /// recording.
        ///
        /// Why an input: callers find a function by name through the list of inputs, not
        /// through its item (which an edit replaces), and a caller's memos must read nothing
        /// an edit of another function's body writes. An edit that leaves the interface as it
        /// was leaves every caller's verification and lowering valid at a glance.
        #[default]
        #[returns(ref)]
        pub interface: Option<Interface>,
        /// What a file's summaries (each function's ABI and reflection symbol) read of the
        /// function ([`crate::query::check::header_of`]), recorded and kept like `interface`;
        /// `Some(None)` when the text has no IR. Without it, the first edit of any function's
        /// body would make the file's reflection symbols again (half of the edit's
        /// instructions on a 2,000-function module).
        #[default]
        #[returns(ref)]
        pub header: Option<Option<Header>>,
        /// The function each name the input's text calls means ([`Calls`]), recorded and kept
        /// like `interface`. Read only while the function has no body.
        #[default]
        #[returns(ref)]
        pub calls: Calls,
    }

    /// The rule files a lowering uses.
    #[salsa::input(debug)]
    pub struct RuleFiles {
        /// The files, in the order they load (callers sort them by path).
        #[returns(ref)]
        pub sources: Vec<RuleSource>,
    }

    /// What a session compiles its files with: the rules, the options and the target. The
    /// per-function queries (lowering, code generation) reach it through the function's file,
    /// so each is keyed by the function alone: its results live with the function and are
    /// freed when the function is (salsa interns the arguments of a query keyed by several
    /// values, and arguments interned outside a query are never reclaimed).
    #[salsa::input(debug)]
    pub struct Config {
        /// The rule files functions are lowered with.
        #[returns(copy)]
        pub rules: RuleFiles,
        /// The options of every function's lowering.
        #[returns(copy)]
        pub options: Options,
        /// The machine code is generated for.
        #[returns(copy)]
        pub target: Target,
    }

    /// The machine code is generated for (`None`: the host triple; the target's generic CPU,
    /// or `native`). Plain names: the engine never sees LLVM; the root crate's code generation
    /// reads them. The data layout they imply is part of every function's IR, so changing the
    /// target generates code again.
    #[salsa::input(debug)]
    pub struct Target {
        /// The target triple (`x86_64-unknown-linux-gnu`); `None`: the host's.
        #[returns(ref)]
        pub triple: Option<String>,
        /// The CPU (`skylake`, or `native` for the host's); `None`: the target's generic one.
        #[returns(ref)]
        pub cpu: Option<String>,
        /// Whether code carries line tables (`kiln compile -g`): each function's code then
        /// depends on where the function and its operations are in the file.
        #[returns(copy)]
        pub debug_info: bool,
    }

    /// Compilation options that affect every function. Set once per session; lowering and code
    /// generation read them, so changing one invalidates exactly the work that depends on it.
    #[salsa::input(debug)]
    pub struct Options {
        /// Emit `_mlir_ciface_` wrappers for every function, not only those marked
        /// `llvm.emit_c_interface`.
        #[returns(copy)]
        pub emit_c_interface: bool,
        /// Use the bare-pointer convention for every function (MLIR's
        /// `use-bare-ptr-memref-call-conv`; `rules/bare_ptr.rules`).
        #[returns(copy)]
        pub bare_ptr: bool,
        /// Keep each function's lowering for the next request (a session that expects edits),
        /// or make it where its text or LLVM IR is made and drop it there (a one-shot command,
        /// which then holds no lowered function; see `query::lowering::with_lowering`).
        #[returns(copy)]
        pub keep_lowered: bool,
    }

    /// One function of a file, identified by its name (and, in a file a session split, its
    /// input).
    ///
    /// The function's text is its own (its input's, or `text`), so spans derived from it are
    /// relative to the function's start: an edit to another function (even one that shifts
    /// this function in the file) leaves the text equal and every per-function query
    /// reusable. Where the text starts in the file ([`item_offset`]) is read only when
    /// diagnostics are reported.
    #[salsa::tracked(debug)]
    pub struct FunctionItem<'db> {
        /// The file the function is in.
        #[returns(copy)]
        pub file: SourceFile,
        /// The function's name (without the `@`).
        #[returns(ref)]
        pub name: String,
        /// The function's input, in a file a session split ([`SourceFile::sources`]). Part of
        /// the item's identity and read without a dependency, so a function's queries depend
        /// on its input alone, not on the query that listed the file's functions.
        #[returns(copy)]
        pub source: Option<FunctionSource>,
        /// The function's text since it was edited ([`SourceFile::bodies`]; `None`: its
        /// input's own text). Part of the identity, so an edit that gives a function its first
        /// body makes it a new item, read by no memo of any other function.
        #[returns(copy)]
        pub body: Option<FunctionBody>,
        /// The function's text, interned, in a file the queries split (`None` in one a session
        /// split): functions of equal text share one (and its parse), and an item holds no
        /// copy of its own.
        #[tracked]
        #[returns(copy)]
        pub text: Option<FunctionText<'db>>,
        /// Where the text starts in the file, in a file the queries split.
        #[tracked]
        #[returns(copy)]
        pub(super) offset: u32,
    }

    /// One function's text, interned so that its parse is shared by every item (and every
    /// revision) with the same text.
    #[salsa::interned(debug)]
    pub struct FunctionText<'db> {
        /// The text, from the function's first character.
        #[returns(ref)]
        pub text: String,
        /// The alias definitions of its file (`!t = memref<4xf32>`), one per line; empty
        /// for a file without aliases.
        #[returns(ref)]
        pub prelude: String,
    }
}

/// The function each name a function calls means, sorted by name (`None`: no function of
/// the file has that name): the first function of the file with the name, as the
/// verifier's signature table has it. Recorded on the caller's own input (or body) by
/// [`crate::sources::split_sources`], and written again only for the callers of a name
/// whose function changed.
///
/// Why on the caller: a function's verification and lowering read the functions it calls.
/// Found through the file's list of functions, every caller would read that list, which
/// adding or removing any function writes, and salsa would walk every memo of the file (43%
/// of the cost of adding a function). Each caller reading its own record, the list is of low
/// durability and read only by the file's and the groups' memos.
pub type Calls = Vec<(String, Option<FunctionSource>)>;

/// What a function's callers read of it: its name and type (`None` when it has no IR) and
/// whether it uses the bare-pointer convention.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interface {
    /// The function's name and type; `None` when it has no IR.
    pub signature: Option<(String, kiln_frontend::types::FunctionType)>,
    /// Whether it has `llvm.bareptr`, so its memrefs cross calls as bare pointers.
    pub bare_ptr: bool,
    /// Whether it is an `llvm.func`, called by `llvm.call` and not by `func.call`.
    pub llvm: bool,
}

/// What a file's summaries read of a function (its ABI record and reflection symbol, in
/// the `kiln` crate's `abi` module): what its text says outside its body. Spans are
/// relative to the function's start, and an edit of the body moves none of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Header {
    /// The function's name (without the `@`).
    pub name: String,
    /// Where the name is, relative to the function's start.
    pub name_span: kiln_frontend::Span,
    /// The function's type.
    pub ty: kiln_frontend::types::FunctionType,
    /// Whether its visibility is `public` (not `private` or `nested`).
    pub public: bool,
    /// Whether it is a declaration (no body).
    pub declaration: bool,
    /// The attributes after `attributes`, as written.
    pub attrs: Vec<kiln_frontend::ast::Attr>,
}

impl Header {
    /// The header borrowed.
    pub fn as_ref(&self) -> HeaderRef<'_> {
        HeaderRef {
            name: &self.name,
            name_span: self.name_span,
            ty: &self.ty,
            public: self.public,
            declaration: self.declaration,
            attrs: &self.attrs,
        }
    }
}

/// A [`Header`] borrowed, from an input or from a function's parse (which then needs no
/// copy).
#[derive(Clone, Copy, Debug)]
pub struct HeaderRef<'a> {
    /// [`Header::name`].
    pub name: &'a str,
    /// [`Header::name_span`].
    pub name_span: kiln_frontend::Span,
    /// [`Header::ty`].
    pub ty: &'a kiln_frontend::types::FunctionType,
    /// [`Header::public`].
    pub public: bool,
    /// [`Header::declaration`].
    pub declaration: bool,
    /// [`Header::attrs`].
    pub attrs: &'a [kiln_frontend::ast::Attr],
}

impl<'a> HeaderRef<'a> {
    /// The header of a function built from `func` (its syntax tree).
    pub fn of(func: &'a kiln_frontend::ast::Func, f: &'a kiln_frontend::ir::Function) -> Self {
        HeaderRef {
            name: &f.name,
            name_span: f.name_span,
            ty: &f.ty,
            public: f.visibility == kiln_frontend::ir::Visibility::Public,
            declaration: f.is_declaration(),
            attrs: &func.attrs,
        }
    }

    /// The header copied out.
    pub fn to_header(&self) -> Header {
        Header {
            name: self.name.to_string(),
            name_span: self.name_span,
            ty: self.ty.clone(),
            public: self.public,
            declaration: self.declaration,
            attrs: self.attrs.to_vec(),
        }
    }
}

/// Where a function's text starts in its file.
pub fn item_offset(db: &dyn salsa::Database, item: FunctionItem<'_>) -> u32 {
    match item.source(db) {
        Some(source) => source_offsets(db, item.file(db))
            .get(&source)
            .copied()
            .unwrap_or(0),
        None => item.offset(db),
    }
}

/// Where each function input of a file starts in its text, by input.
#[salsa::tracked(returns(ref))]
fn source_offsets(
    db: &dyn salsa::Database,
    file: SourceFile,
) -> rustc_hash::FxHashMap<FunctionSource, u32> {
    let sources = file.sources(db).as_deref().unwrap_or_default();
    sources
        .iter()
        .copied()
        .zip(file.offsets(db).iter().copied())
        .collect()
}
