//! The bytes of each kind of output of a program: its functions' pieces of code linked, and
//! at `-O0` an object made of units, above it a large program's object made of parts, and
//! anything else made from the whole linked module ([`super::compile`]).

use super::cache::ObjectCache;
use super::code::{build_function_code, check_agreement, link, FunctionCode};
use super::compile::compile_module;
use super::units::compile_units;
use crate::error::CodegenError;
use crate::target::{joins_objects, target_machine, CodegenOptions, Emit};
use kiln_lowered::Lowered;

/// Compiles lowered functions to LLVM IR text, assembly or an object file: each function is
/// code-generated on its own ([`build_function_code`]) and the pieces are linked, exactly as
/// an incremental session does, so both give the same bytes.
pub fn emit(
    functions: &[Lowered],
    what: Emit,
    opts: &CodegenOptions,
) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(opts)?;
    let parts = functions
        .iter()
        .map(|f| build_function_code(f, None, &tm))
        .collect::<Result<Vec<_>, _>>()?;
    emit_code(&parts.iter().collect::<Vec<_>>(), what, opts)
}

/// Links per-function code ([`link`]) and produces the output: at `-O0` LLVM IR is the
/// linked text itself; otherwise the text is read back into one module, verified,
/// optimized with `default<On>` and printed or compiled to machine code. An object at `-O0`
/// is compiled in units on every core and joined ([`super::units`]); an optimized one of a
/// large program is optimized and compiled in parts on every core ([`super::thin`]), a
/// smaller one optimized and compiled whole.
pub fn emit_code(
    parts: &[&FunctionCode],
    what: Emit,
    opts: &CodegenOptions,
) -> Result<Vec<u8>, CodegenError> {
    emit_code_cached(parts, what, opts, None)
}

/// [`emit_code`] with the objects of units kept in (and taken from) a cache, so a session
/// compiles again only the units an edit touched. The bytes are those of [`emit_code`].
pub fn emit_code_cached(
    parts: &[&FunctionCode],
    what: Emit,
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(opts)?;
    // Line tables are made whole: the units' and parts' objects are joined without their
    // debug sections.
    let lines = parts.iter().any(|p| !p.metadata.is_empty());
    if what == Emit::Obj && joins_objects(&tm) && !lines {
        // Every piece must agree with every other on each function's type, across units
        // (or parts) as within one. The check walks every piece, as the join of the
        // objects does, so the two run side by side (after a one-function edit in a
        // session they are most of the work); a disagreement wins over whatever the units
        // gave.
        let (agreed, object) = rayon::join(
            || check_agreement(parts),
            || {
                if opts.opt_level == 0 {
                    compile_units(parts, opts, cache)
                } else {
                    super::thin::compile_in_parts(parts, opts, cache)
                }
            },
        );
        agreed?;
        if let Some(object) = object? {
            return Ok(object);
        }
    }
    let text = link(parts, &tm)?;
    if what == Emit::LlvmIr && opts.opt_level == 0 {
        return Ok(text.into_bytes());
    }
    compile_module(&text, what, opts, &tm)
}
