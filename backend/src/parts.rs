//! Machine code of an optimized module, made in parts on every core.
//!
//! At `-O1` and above a module is optimized whole (LLVM's inliner works across functions),
//! but code generation works one function at a time. So once the module is optimized, its
//! functions are compiled in parts, each part on its own thread, and the objects are joined
//! ([`crate::merge`]), as LLVM's LTO does with its `SplitModule`. Each part reads the
//! optimized module from bitcode into a context of its own (an LLVM context is not shared
//! between threads) and makes every function and every piece of data it does not own a
//! declaration; the join binds each part's references to the owner's definition.
//!
//! Parts are cut where a function's name says so (a fixed hash of the name, as code units
//! are, [`crate::units`]), never by the machine's cores, so the object is the same on
//! every machine; and never by position or size, so an edit of a body leaves every other
//! part's functions where they were. A session keeps each part's object by the bitcode of
//! the part's module ([`ObjectCache`]): after an edit the module is optimized whole again,
//! but only the parts whose optimized code changed (the edited function's, and those of
//! functions the edit's effects reached through inlining or inferred attributes) are
//! compiled again. A module that holds anything a part could not refer to by name (a
//! definition of local or other than external linkage, an alias, an ifunc), or too few
//! functions, is compiled whole, as is one whose objects the join refuses.
//!
//! Why: code generation is two fifths of a `-O2` compile, on one core. In
//! parts, a 2,000-function module compiles at `-O2` in 7.2 s instead of 10.3 s on two
//! cores, with the same time on one; with the parts kept, an edit of one function compiles
//! one or two parts again.

use crate::cache::ObjectCache;
use crate::codegen::CodegenError;
use crate::emit::{target_machine, CodegenOptions};
use crate::merge::merge_objects;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::FileType;
use inkwell::values::{AsValueRef, FunctionValue};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;

/// About how many functions a part holds (one name in this many ends a part): a module of
/// fewer than twice as many is compiled whole. Every part reads the header of every
/// function of the module, so a part much smaller than this would spend more on reading
/// than it saves.
pub const PART_FUNCTIONS: usize = 128;
/// No module is cut into more parts than this: a larger module's parts end at one name in
/// a multiple of [`PART_FUNCTIONS`] (doubled until they are few enough).
pub const MAX_PARTS: usize = 64;

/// The object of an optimized module, compiled in parts and joined; `None` when the module
/// is compiled whole (see the module's documentation). With a cache, a part whose module
/// is one the cache holds is not compiled again.
pub(crate) fn object_in_parts(
    module: &Module<'_>,
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Option<Result<Vec<u8>, CodegenError>> {
    let names = definition_names(module)?;
    let parts = cut(&names);
    if parts.len() < 2 {
        return None;
    }
    let bitcode = module.write_bitcode_to_memory();
    let bitcode = bitcode.as_slice();
    let objects: Result<Vec<Compiled>, CodegenError> = parts
        .par_iter()
        .enumerate()
        .map(|(k, owned)| compile_part(bitcode, owned.clone(), k == 0, opts, cache))
        .collect();
    let objects = match objects {
        Ok(objects) => objects,
        Err(e) => return Some(Err(e)),
    };
    if let Some(cache) = cache {
        let kept: Vec<u64> = objects.iter().filter_map(|(_, key)| *key).collect();
        cache.keep_parts(opts, &kept);
    }
    let inputs: Vec<&[u8]> = objects.iter().map(|(o, _)| o.as_slice()).collect();
    // A section or symbol the join does not handle: the module is compiled whole instead.
    merge_objects(&inputs).ok().map(Ok)
}

/// The fixed hash of the name of each function the module defines, in order; `None` when
/// a part could not refer to every definition by name.
fn definition_names(module: &Module<'_>) -> Option<Vec<u64>> {
    // SAFETY: the module is alive for the calls, which only read it.
    let (alias, ifunc) = unsafe {
        let m = module.as_mut_ptr();
        (
            inkwell::llvm_sys::core::LLVMGetFirstGlobalAlias(m),
            inkwell::llvm_sys::core::LLVMGetFirstGlobalIFunc(m),
        )
    };
    if !alias.is_null() || !ifunc.is_null() {
        return None;
    }
    let external = |linkage: Linkage| linkage == Linkage::External;
    if module
        .get_globals()
        .any(|g| !is_declaration(g.as_value_ref()) && !external(g.get_linkage()))
    {
        return None;
    }
    let mut names = Vec::new();
    for f in module.get_functions() {
        if is_declaration(f.as_value_ref()) {
            continue;
        }
        if !external(f.get_linkage()) {
            return None;
        }
        names.push(crate::units::name_hash(&f.get_name().to_string_lossy()));
    }
    Some(names)
}

/// Consecutive runs of definitions, one per part: a part ends after a function whose name's
/// hash is a multiple of the target (about one in [`PART_FUNCTIONS`], the target doubled
/// until there are at most [`MAX_PARTS`] parts), or once it holds four times the target.
/// A module of fewer than twice [`PART_FUNCTIONS`] functions is one part.
fn cut(names: &[u64]) -> Vec<Range<usize>> {
    if names.len() < 2 * PART_FUNCTIONS {
        return std::iter::once(0..names.len()).collect();
    }
    let mut target = PART_FUNCTIONS;
    loop {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, h) in names.iter().enumerate() {
            if h % target as u64 == 0 || i + 1 - start == 4 * target {
                out.push(start..i + 1);
                start = i + 1;
            }
        }
        if start < names.len() {
            out.push(start..names.len());
        }
        if out.len() <= MAX_PARTS {
            return out;
        }
        target *= 2;
    }
}

/// A part's object, and the key a cache keeps it by ([`crate::cache::part_key`]).
type Compiled = (Arc<Vec<u8>>, Option<u64>);

/// One part's object: the module read from `bitcode`, every definition but the `owned`
/// ones (and the data, but in the first part) made a declaration, compiled; with a cache,
/// also the key of the part's module, by which the cache keeps the object.
///
/// The module is read lazily (each function's body stays in the bitcode until asked for),
/// the definitions the part does not own are made declarations before any body is read,
/// and the rest is linked into an empty module, which reads the bodies left: a part holds
/// and reads its own functions' bodies alone, not the whole module's.
fn compile_part(
    bitcode: &[u8],
    owned: Range<usize>,
    data: bool,
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Compiled, CodegenError> {
    let ctx = Context::create();
    let lazy = read_lazily(&ctx, bitcode)?;
    let definitions: Vec<FunctionValue> = lazy
        .get_functions()
        .filter(|f| !is_declaration(f.as_value_ref()))
        .collect();
    for (i, f) in definitions.into_iter().enumerate() {
        if !owned.contains(&i) {
            declare(&lazy, f);
        }
    }
    if !data {
        for g in lazy.get_globals() {
            if !is_declaration(g.as_value_ref()) {
                // SAFETY: a global variable of this module; a null initializer makes it a
                // declaration, which LLVM's C API allows.
                unsafe {
                    inkwell::llvm_sys::core::LLVMSetInitializer(
                        g.as_value_ref(),
                        std::ptr::null_mut(),
                    );
                }
            }
        }
    }
    let module = ctx.create_module("kiln");
    crate::codegen::link_into(&ctx, &module, lazy)
        .map_err(|e| CodegenError::Target(format!("LLVM cannot make a part's module: {e}")))?;
    // The part's module is all its object depends on (with the options): an edit that left
    // it as it was finds its object kept.
    let kept = cache.map(|cache| {
        let bitcode = module.write_bitcode_to_memory().as_slice().to_vec();
        (cache, crate::cache::part_key(opts, &bitcode), bitcode)
    });
    if let Some((cache, key, bitcode)) = &kept {
        if let Some(object) = cache.get_part(*key, opts, bitcode) {
            return Ok((object, Some(*key)));
        }
    }
    let tm = target_machine(opts)?;
    let buf = tm
        .write_to_memory_buffer(&module, FileType::Object)
        .map_err(|e| CodegenError::Target(format!("code generation failed: {e}")))?;
    let object = Arc::new(buf.as_slice().to_vec());
    let key = kept.map(|(cache, key, bitcode)| {
        cache.put_part(key, opts, bitcode, object.clone());
        key
    });
    Ok((object, key))
}

/// Whether a global is a declaration (a function whose body is still in the bitcode is
/// not): one test for the module and for each part's lazily read copy, so both count the
/// same definitions in the same order.
fn is_declaration(value: inkwell::llvm_sys::prelude::LLVMValueRef) -> bool {
    // SAFETY: a global value of a live module.
    unsafe { inkwell::llvm_sys::core::LLVMIsDeclaration(value) != 0 }
}

/// The module of `bitcode`, read lazily into `ctx` (see [`compile_part`]).
fn read_lazily<'ctx>(ctx: &'ctx Context, bitcode: &[u8]) -> Result<Module<'ctx>, CodegenError> {
    use inkwell::llvm_sys::{bit_reader, core};
    // SAFETY: the buffer is a copy, which the module owns from here on (LLVM frees it with
    // the module, or on failure); the module lives in `ctx`, as its lifetime says.
    unsafe {
        let buffer = core::LLVMCreateMemoryBufferWithMemoryRangeCopy(
            bitcode.as_ptr().cast(),
            bitcode.len(),
            c"kiln".as_ptr(),
        );
        let mut raw = std::ptr::null_mut();
        if bit_reader::LLVMGetBitcodeModuleInContext2(ctx.raw(), buffer, &mut raw) != 0
            || raw.is_null()
        {
            return Err(CodegenError::Target(
                "LLVM cannot read a part's module".to_string(),
            ));
        }
        Ok(Module::new(raw))
    }
}

/// Replaces a function's definition with a declaration of the same name, type, attributes,
/// calling convention and visibility (LLVM's C API has no way to drop a body alone).
fn declare<'ctx>(module: &Module<'ctx>, f: FunctionValue<'ctx>) {
    use inkwell::attributes::AttributeLoc;
    let name = f.get_name().to_string_lossy().into_owned();
    let decl = module.add_function(
        &format!("{name}.kiln.declared"),
        f.get_type(),
        Some(Linkage::External),
    );
    let locs = [AttributeLoc::Function, AttributeLoc::Return]
        .into_iter()
        .chain((0..f.count_params()).map(AttributeLoc::Param));
    for loc in locs {
        for attribute in f.attributes(loc) {
            decl.add_attribute(loc, attribute);
        }
    }
    decl.set_call_conventions(f.get_call_conventions());
    decl.as_global_value()
        .set_visibility(f.as_global_value().get_visibility());
    f.replace_all_uses_with(decl);
    // SAFETY: every use of `f` now refers to `decl`, and nothing else holds `f`.
    unsafe { f.delete() };
    decl.as_global_value().set_name(&name);
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::memory_buffer::MemoryBuffer;
    use object::{Object, ObjectSymbol};

    /// A module of `n` functions, each calling the one before (kept from inlining), the
    /// first with `linkage`.
    fn chain(n: usize, linkage: &str) -> String {
        let mut text = format!("define {linkage} i32 @f0(i32 %x) #0 {{\n  ret i32 %x\n}}\n");
        for i in 1..n {
            text.push_str(&format!(
                "define i32 @f{i}(i32 %x) #0 {{\n  %y = call i32 @f{}(i32 %x)\n  %z = add i32 %y, {i}\n  ret i32 %z\n}}\n",
                i - 1
            ));
        }
        text + "attributes #0 = { noinline }\n"
    }

    fn module<'ctx>(ctx: &'ctx Context, text: &str) -> Module<'ctx> {
        let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "test");
        ctx.create_module_from_ir(buffer)
            .expect("the test's IR parses")
    }

    fn options() -> CodegenOptions {
        CodegenOptions {
            opt_level: 2,
            ..CodegenOptions::default()
        }
    }

    #[test]
    fn a_module_compiled_in_parts_defines_each_function_once_and_needs_nothing_else() {
        let n = 2 * PART_FUNCTIONS + 7;
        let ctx = Context::create();
        let m = module(&ctx, &chain(n, ""));
        let object = object_in_parts(&m, &options(), None)
            .expect("two parts")
            .expect("compiled");
        let file = object::File::parse(object.as_slice()).expect("an object");
        let defined = file
            .symbols()
            .filter(|s| s.is_definition() && s.name().is_ok_and(|n| n.starts_with('f')))
            .count();
        let undefined: Vec<_> = file
            .symbols()
            .filter(|s| s.is_undefined() && s.name().is_ok_and(|n| !n.is_empty()))
            .filter_map(|s| s.name().ok().map(str::to_string))
            .collect();
        assert_eq!(defined, n);
        assert!(undefined.is_empty(), "{undefined:?}");
        // The same module on another run: the same bytes.
        let again = object_in_parts(&m, &options(), None).and_then(Result::ok);
        assert_eq!(again, Some(object));
    }

    #[test]
    fn a_module_with_a_local_definition_or_few_functions_is_compiled_whole() {
        let ctx = Context::create();
        let local = module(&ctx, &chain(2 * PART_FUNCTIONS + 7, "internal"));
        assert!(object_in_parts(&local, &options(), None).is_none());
        let small = module(&ctx, &chain(PART_FUNCTIONS, ""));
        assert!(object_in_parts(&small, &options(), None).is_none());
    }

    #[test]
    fn parts_cover_every_definition_in_order_and_are_cut_by_names() {
        let names: Vec<u64> = (0..5000)
            .map(|i| crate::units::name_hash(&format!("f{i}")))
            .collect();
        let parts = cut(&names);
        assert_eq!(parts.first().map(|r| r.start), Some(0));
        assert_eq!(parts.last().map(|r| r.end), Some(5000));
        for w in parts.windows(2) {
            assert_eq!(w[0].end, w[1].start);
        }
        let n = parts.len();
        assert!(
            n > 5000 / PART_FUNCTIONS / 2 && n < 5000 / PART_FUNCTIONS * 2,
            "{n}"
        );
        assert!(parts
            .iter()
            .all(|r| !r.is_empty() && r.len() <= 4 * PART_FUNCTIONS));
        // A function added in the middle changes its own part alone: the others hold the
        // same functions.
        let mut added = names.clone();
        added.insert(2500, crate::units::name_hash("added"));
        let after = cut(&added);
        let by_name = |names: &[u64], parts: &[Range<usize>]| -> Vec<Vec<u64>> {
            parts.iter().map(|r| names[r.clone()].to_vec()).collect()
        };
        let (before, after) = (by_name(&names, &parts), by_name(&added, &after));
        let changed = after.iter().filter(|p| !before.contains(p)).count();
        assert_eq!(changed, 1);
        // A small module is one part; a huge one at most MAX_PARTS.
        assert_eq!(cut(&names[..2 * PART_FUNCTIONS - 1]).len(), 1);
        let huge: Vec<u64> = (0..PART_FUNCTIONS * 1000).map(|i| i as u64).collect();
        assert!(cut(&huge).len() <= MAX_PARTS);
    }

    /// With a cache, an edit of one function's body compiles again only the part that
    /// holds it (the functions here are kept from inlining), and the object is the one a
    /// compile without a cache makes.
    #[test]
    fn a_kept_part_is_not_compiled_again() {
        let n = 4 * PART_FUNCTIONS;
        let ctx = Context::create();
        let cache = ObjectCache::new();
        let text = chain(n, "");
        let m = module(&ctx, &text);
        let cold = object_in_parts(&m, &options(), Some(&cache))
            .expect("parts")
            .expect("compiled");
        let parts = cache.parts_compiled();
        assert!(parts >= 2, "{parts}");
        assert_eq!(
            Some(&cold),
            object_in_parts(&m, &options(), None)
                .and_then(Result::ok)
                .as_ref()
        );
        // The same module again: nothing compiled.
        let again = object_in_parts(&m, &options(), Some(&cache)).and_then(Result::ok);
        assert_eq!(again.as_ref(), Some(&cold));
        assert_eq!(cache.parts_compiled(), parts);
        // One body edited: its part alone, and the bytes of a compile without a cache.
        let edited = text.replace("%z = add i32 %y, 300\n", "%z = mul i32 %y, 300\n");
        assert_ne!(edited, text);
        let m = module(&ctx, &edited);
        let object = object_in_parts(&m, &options(), Some(&cache)).and_then(Result::ok);
        assert_eq!(cache.parts_compiled(), parts + 1);
        assert_eq!(
            object,
            object_in_parts(&m, &options(), None).and_then(Result::ok)
        );
        assert_ne!(object.as_ref(), Some(&cold));
        // A compile at another level keeps this level's parts for the next compile at it.
        let o3 = CodegenOptions {
            opt_level: 3,
            ..CodegenOptions::default()
        };
        let compiled = cache.parts_compiled();
        assert!(object_in_parts(&m, &o3, Some(&cache)).is_some());
        assert!(cache.parts_compiled() > compiled);
        let compiled = cache.parts_compiled();
        let again = object_in_parts(&m, &options(), Some(&cache)).and_then(Result::ok);
        assert_eq!(again, object);
        assert_eq!(cache.parts_compiled(), compiled);
    }
}
