//! The salsa structs: every input (source files, rule files, configuration) and the
//! tracked function item, together in one place, so the query modules depend on this file
//! and not on each other.

use crate::rule::RuleSource;
use kiln_frontend::Diagnostic;

/// A source file: its path (for messages), its text, and what it is compiled with (`None`
/// for a file that is only checked).
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(ref)]
    pub path: String,
    #[returns(ref)]
    pub text: String,
    #[returns(copy)]
    pub config: Option<Config>,
    /// The text before the last edit and its split into functions, when whoever set the
    /// text kept them (a session does): the split then lexes only around the edit
    /// (`kiln_frontend::split::split_module_edited`), with the same result.
    #[default]
    #[returns(ref)]
    pub previous: Option<std::sync::Arc<PreviousText>>,
}

/// A file's text before an edit and its split (see [`SourceFile::previous`]).
#[derive(Debug, PartialEq, Eq)]
pub struct PreviousText {
    pub text: String,
    pub spans: Vec<kiln_frontend::split::FunctionSpan>,
}

/// The rule files a lowering uses.
#[salsa::input(debug)]
pub struct RuleFiles {
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
    #[returns(copy)]
    pub rules: RuleFiles,
    #[returns(copy)]
    pub options: Options,
    #[returns(copy)]
    pub target: Target,
}

/// The machine code is generated for (`None`: the host triple; the target's generic CPU,
/// or `native`). Plain names: the engine never sees LLVM; the root crate's code generation
/// reads them. The data layout they imply is part of every function's IR, so changing the
/// target generates code again.
#[salsa::input(debug)]
pub struct Target {
    #[returns(ref)]
    pub triple: Option<String>,
    #[returns(ref)]
    pub cpu: Option<String>,
}

/// Compilation options that affect every function. Set once per session; stages added by
/// later issues (lowering, codegen) read them, so changing one invalidates exactly the
/// work that depends on it.
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

/// One function of a file, identified by its name.
///
/// `text` is the function's own source text, so spans derived from it are relative to the
/// function's start: an edit to another function (even one that shifts this function in
/// the file) leaves `text` equal and every per-function query reusable. `offset` is where
/// the text starts in the file, read only when diagnostics are reported.
#[salsa::tracked(debug)]
pub struct FunctionItem<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(ref)]
    pub name: String,
    /// Interned: functions of equal text share one (and its parse), and an item holds no
    /// copy of its own.
    #[tracked]
    #[returns(copy)]
    pub text: FunctionText<'db>,
    #[tracked]
    #[returns(copy)]
    pub offset: u32,
}

/// One function's text, interned so that its parse is shared by every item (and every
/// revision) with the same text.
#[salsa::interned(debug)]
pub struct FunctionText<'db> {
    #[returns(ref)]
    pub text: String,
}

/// Diagnostics of one stage, in the stage's own coordinates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Diagnostics(pub Vec<Diagnostic>);
