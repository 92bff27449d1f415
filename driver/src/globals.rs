//! A file's `memref.global`s for the backend: each lowered to its LLVM value type and
//! contents ([`kiln_engine::lowered::Global`]) and code-generated as a piece of its own, which a
//! compile links before the functions (LLVM prints globals first).
//!
//! The functions reach a global through `llvm.addressof`, which the rules make from
//! `memref.get_global` with the same value type this module gives the definition
//! (`global-type` in `rules/memref_descriptor.rules`: nested arrays around the lowered
//! element); linking checks that the two agree.

use kiln_backend::{CodegenError, CodegenOptions, FunctionCode};
use kiln_engine::lowered::{Global, GlobalElement, GlobalInit, Linkage, TargetOp};
use kiln_frontend::ir::{self, Visibility};
use kiln_frontend::types::Scalar;

/// The element type of a global of scalar type `s` (`index` is 64 bits wide, as
/// `rules/types.rules` lowers it).
fn element(s: Scalar) -> GlobalElement {
    match s {
        Scalar::F16 => GlobalElement::Float(TargetOp::F16),
        Scalar::BF16 => GlobalElement::Float(TargetOp::Bf16),
        Scalar::F32 => GlobalElement::Float(TargetOp::F32),
        Scalar::F64 => GlobalElement::Float(TargetOp::F64),
        other => GlobalElement::Int(other.bits()),
    }
}

/// A global as the backend defines it. A private or nested global is `private` and any
/// other `external`, as MLIR 19's `finalize-memref-to-llvm` makes them.
pub fn lower_global(g: &ir::Global) -> Global {
    let bits = |l: &ir::Literal| match l {
        ir::Literal::Int(b) => b.get(),
        ir::Literal::Float(b) => u128::from(*b),
    };
    Global {
        name: g.name.clone(),
        linkage: match (&g.linkage, g.visibility) {
            (Some(l), _) => Linkage::from_name(l).unwrap_or(Linkage::Private),
            (None, Visibility::Public) => Linkage::External,
            (None, Visibility::Private | Visibility::Nested) => Linkage::Private,
        },
        constant: g.constant,
        dims: g
            .ty
            .shape
            .iter()
            .map(|d| d.unwrap_or(0).max(0) as u64)
            .collect(),
        element: element(g.ty.elem),
        init: match &g.init {
            ir::GlobalInit::External => GlobalInit::External,
            ir::GlobalInit::Uninitialized => GlobalInit::Undef,
            ir::GlobalInit::Splat(v) => GlobalInit::Splat(bits(v)),
            ir::GlobalInit::Elements(vs) => GlobalInit::Elements(vs.iter().map(bits).collect()),
        },
        alignment: g.alignment,
    }
}

/// Every global of a file, lowered.
pub fn file_globals(db: &dyn salsa::Database, file: kiln_engine::SourceFile) -> Vec<Global> {
    kiln_engine::file_globals(db, file)
        .globals
        .iter()
        .map(lower_global)
        .collect()
}

/// The pieces of code of some globals, one each, for a target.
pub fn globals_code(
    globals: &[Global],
    opts: &CodegenOptions,
) -> Result<Vec<FunctionCode>, CodegenError> {
    globals
        .iter()
        .map(|g| {
            crate::function_code::with_machine(&opts.triple, &opts.cpu, |tm| {
                kiln_backend::object::code::build_global_code(g, tm)
            })
        })
        .collect()
}

/// The pieces of code of a file's globals ([`globals_code`]) for its configuration's
/// target, memoized: a compile after an edit that leaves the globals as they were does not
/// generate them again (a table of a million elements takes a second). The error is the
/// code generation's message.
#[salsa::tracked(returns(ref))]
pub fn file_globals_code(
    db: &dyn salsa::Database,
    file: kiln_engine::SourceFile,
) -> Result<Vec<FunctionCode>, String> {
    let globals = file_globals(db, file);
    if globals.is_empty() {
        return Ok(Vec::new());
    }
    let Some(config) = file.config(db) else {
        return Err("the file has no target to generate its globals for".to_string());
    };
    let opts = crate::function_code::codegen_options(db, config.target(db), 0);
    globals_code(&globals, &opts).map_err(|e| e.to_string())
}

/// A lowered program of `file` for the JIT, with the file's globals.
pub fn jit_program(
    db: &dyn salsa::Database,
    file: kiln_engine::SourceFile,
    functions: Vec<kiln_engine::Lowered>,
) -> kiln_backend::jit::Program {
    kiln_backend::jit::Program::WithGlobals(functions, file_globals(db, file))
}
