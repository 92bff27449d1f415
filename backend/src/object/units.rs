//! Code units: an object file made of independently compiled pieces.
//!
//! At `-O0` nothing crosses a function boundary, so the functions of a program can be
//! compiled to machine code in groups — *units* — on every core and the objects joined
//! ([`super::merge`]). Units are cut where a function's *name* says so (a fixed hash of the
//! name, so about one function in [`UNIT_TARGET`] ends a unit), never by position: editing
//! a body leaves every unit but its own as it was, and adding or removing a function
//! disturbs only the unit around it. An [`ObjectCache`] (`cache.rs`) keeps each unit's
//! object by its exact content, so an incremental session compiles only the units an edit
//! touched, and `kiln compile` makes the same units from the same text and so the same
//! bytes.

use super::cache::ObjectCache;
use super::code::{link, Entity, FunctionCode};
use super::compile::compile_module;
use super::merge::merge_objects;
use crate::codegen::CodegenError;
use crate::target::{target_machine, CodegenOptions, Emit};
use kiln_lowered::{name_hash, Cuts};
use rayon::prelude::*;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

/// About one function in this many ends a unit. An edit compiles its unit again, so a
/// smaller unit is a cheaper edit, but every unit is a module of its own (with its own copy
/// of the declarations it needs) and an input of the join: with 8 instead of 16, an edit at
/// 2,000 functions takes 51.5M instructions instead of 57.6M, and a cold `kiln compile` of
/// 10,000 functions 10% longer.
pub const UNIT_TARGET: u64 = 16;
/// No unit holds more functions than this, whatever the names.
pub const UNIT_MAX: usize = 64;
/// A piece with more text than this (such as a file's reflection symbols) is a unit of its
/// own, so an edit of a function beside it does not compile it again.
pub const UNIT_ALONE: usize = 32 * 1024;

/// The fixed hash of the piece's name (made once, with its entity).
fn part_name_hash(part: &FunctionCode) -> u64 {
    part.definition
        .as_ref()
        .or(part.declarations.first())
        .map_or_else(|| name_hash(""), |e| e.name_hash())
}

/// Whether a piece is data (a definition without a function type, such as a group's
/// reflection symbols) rather than code. Each piece of data is a unit of its own
/// ([`partition`]): a unit of functions and data compiled the data again at every edit of
/// one of its functions (the first function of a file shared a unit with a thousand
/// reflection symbols).
fn is_data(part: &FunctionCode) -> bool {
    part.definition
        .as_ref()
        .is_some_and(|d| d.signature.is_empty())
}

fn part_size(part: &FunctionCode) -> usize {
    part.definition.as_ref().map_or(0, |d| d.text().len())
        + part
            .declarations
            .iter()
            .map(|d| d.text().len())
            .sum::<usize>()
}

/// The units of a program's pieces, in order: a unit ends after a piece whose name's hash
/// is a multiple of [`UNIT_TARGET`], or when it holds [`UNIT_MAX`] pieces; a piece larger
/// than [`UNIT_ALONE`] is a unit of its own, and so is each piece of data (`is_data`).
pub fn partition(parts: &[&FunctionCode]) -> Vec<Range<usize>> {
    partition_by(parts, UNIT_TARGET, UNIT_MAX)
}

/// [`partition`] with other cuts: the units of `-O0` code and the parts of optimized code
/// ([`super::thin`]) are cut alike, and as the engine cuts a file's functions into groups
/// ([`Cuts`]).
pub(crate) fn partition_by(parts: &[&FunctionCode], target: u64, max: usize) -> Vec<Range<usize>> {
    let cuts = Cuts {
        every: target,
        least: 1,
        most: max,
    };
    let mut units = Vec::new();
    let mut start = 0;
    for (i, part) in parts.iter().enumerate() {
        // A piece of data (a group's reflection symbols, tens of them) is a unit of its own:
        // adding a function changes its group's piece, and a unit of a dozen such pieces
        // compiled a thousand symbols again.
        let alone = part_size(part) > UNIT_ALONE || is_data(part);
        if alone && start < i {
            units.push(start..i);
            start = i;
        }
        if alone || cuts.ends(i + 1 - start, part_name_hash(part)) {
            units.push(start..i + 1);
            start = i + 1;
        }
    }
    if start < parts.len() {
        units.push(start..parts.len());
    }
    units
}

fn unit_key(options: &CodegenOptions, parts: &[&FunctionCode]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    options.hash(&mut h);
    for p in parts {
        p.hash(&mut h);
    }
    h.finish()
}

/// Whether the pieces can be compiled apart and their objects joined: every definition
/// (of a function or a global) has `external` linkage ([`external_linkage_only`]), and no
/// function's parameters or result have attributes: a caller in another unit declares its
/// callee from the call's arguments, without the `signext` or `zeroext` that decides how
/// the call passes them. Such a program is compiled whole.
pub(crate) fn compiled_apart(parts: &[&FunctionCode]) -> bool {
    external_linkage_only(parts)
        && !parts.iter().any(|p| {
            p.definition.as_ref().is_some_and(Entity::attributed)
                || (p.definition.is_none() && p.declarations.iter().any(Entity::attributed))
        })
}

/// Whether every definition (of a function or a global) has `external` linkage: a
/// definition of another linkage may be local to its group's object (where the join cannot
/// bind another group's references to it) or weak.
pub(crate) fn external_linkage_only(parts: &[&FunctionCode]) -> bool {
    !parts.iter().any(|p| {
        p.definition.as_ref().is_some_and(|d| {
            // A function's text may begin with LLVM's `; Function Attrs:` comment.
            let linkage = if d.is_variable() {
                d.text().split_once(" = ").map(|(_, t)| t)
            } else {
                d.text().lines().find_map(|l| l.strip_prefix("define "))
            };
            linkage
                .and_then(|t| t.split_once(' '))
                .is_some_and(|(word, _)| kiln_lowered::Linkage::from_name(word).is_some())
        })
    })
}

/// Compiles the pieces unit by unit, in parallel, and joins the objects (a program of one
/// unit is that unit's object). With a cache, units found in it are not compiled again.
/// `Ok(None)` when the objects cannot be joined: the caller compiles the whole module.
pub fn compile_units(
    parts: &[&FunctionCode],
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Option<Vec<u8>>, CodegenError> {
    if !compiled_apart(parts) {
        return Ok(None);
    }
    let units: Vec<&[&FunctionCode]> = partition(parts).into_iter().map(|r| &parts[r]).collect();
    compile_and_join(&units, opts, cache)
}

/// Compiles each group of pieces to an object of its own (linked, optimized at the options'
/// level, code-generated), in parallel, and joins the objects in order. With a cache, a
/// group whose pieces it holds is not compiled again, and the cache then keeps only these
/// groups' objects for these options. `Ok(None)` when the objects cannot be joined.
pub(crate) fn compile_and_join(
    units: &[&[&FunctionCode]],
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Option<Vec<u8>>, CodegenError> {
    let keys: Vec<u64> = units.par_iter().map(|u| unit_key(opts, u)).collect();
    let objects = units
        .par_iter()
        .zip(&keys)
        .map_init(
            // Made on the first unit a worker compiles: after an edit, most find theirs
            // in the cache, and each split of rayon's work would otherwise make one.
            || None,
            |tm, (unit, key)| {
                if let Some(object) = cache.and_then(|c| c.get(*key, opts, unit)) {
                    return Ok(object);
                }
                let tm = tm
                    .get_or_insert_with(|| target_machine(opts))
                    .as_ref()
                    .map_err(|e| CodegenError::Target(e.to_string()))?;
                let text = link(unit, tm)?;
                let object = Arc::new(compile_module(&text, Emit::Obj, opts, tm)?);
                if let Some(c) = cache {
                    c.put(*key, opts, unit, object.clone());
                }
                Ok(object)
            },
        )
        .collect::<Result<Vec<_>, CodegenError>>()?;
    if let Some(c) = cache {
        c.keep_only(opts, &keys);
    }
    match objects.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.as_ref().clone())),
        many => {
            let inputs: Vec<&[u8]> = many.iter().map(|o| o.as_slice()).collect();
            Ok(merge_objects(&inputs).ok())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::code::Entity;

    fn part(name: &str) -> FunctionCode {
        FunctionCode {
            definition: Some(Entity::new(
                name.to_string(),
                "void ()".to_string(),
                format!("define void @{name}() {{\n  ret void\n}}\n"),
            )),
            declarations: Vec::new(),
            attributes: Vec::new(),
            metadata: Default::default(),
        }
    }

    #[test]
    fn units_cover_every_piece_in_order_and_are_bounded() {
        let parts: Vec<FunctionCode> = (0..1000).map(|i| part(&format!("f{i}"))).collect();
        let refs: Vec<&FunctionCode> = parts.iter().collect();
        let units = partition(&refs);
        assert_eq!(units.first().map(|r| r.start), Some(0));
        assert_eq!(units.last().map(|r| r.end), Some(1000));
        for w in units.windows(2) {
            assert_eq!(w[0].end, w[1].start);
        }
        assert!(units.iter().all(|r| !r.is_empty() && r.len() <= UNIT_MAX));
        // About one name in UNIT_TARGET ends a unit.
        let n = units.len() as u64;
        assert!(
            n > 1000 / UNIT_TARGET / 2 && n < 1000 / UNIT_TARGET * 2,
            "{n} units"
        );
    }

    #[test]
    fn each_piece_of_data_is_a_unit_of_its_own() {
        let data = |name: &str| FunctionCode {
            definition: Some(Entity::new(
                name.to_string(),
                String::new(),
                format!("@{name} = constant [1 x i8] c\"\\00\"\n"),
            )),
            declarations: Vec::new(),
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let mut parts: Vec<FunctionCode> = (0..40).map(|i| data(&format!("d{i}"))).collect();
        parts.extend((0..40).map(|i| part(&format!("c{i}"))));
        let refs: Vec<&FunctionCode> = parts.iter().collect();
        let units = partition(&refs);
        assert!((0..40).all(|i| units.contains(&(i..i + 1))), "{units:?}");
        assert!(units.iter().all(|u| u.end <= 40 || u.start >= 40));
    }

    #[test]
    fn a_large_piece_is_a_unit_of_its_own() {
        let mut parts: Vec<FunctionCode> = (0..40).map(|i| part(&format!("k{i}"))).collect();
        if let Some(d) = parts[20].definition.as_mut() {
            *d = Entity::new(
                d.name.clone(),
                d.signature.clone(),
                "x".repeat(UNIT_ALONE + 1),
            );
        }
        let refs: Vec<&FunctionCode> = parts.iter().collect();
        assert!(partition(&refs).contains(&(20..21)));
    }

    #[test]
    fn inserting_a_function_changes_at_most_two_units() {
        let parts: Vec<FunctionCode> = (0..300).map(|i| part(&format!("g{i}"))).collect();
        let refs: Vec<&FunctionCode> = parts.iter().collect();
        let before = partition(&refs);
        let mut inserted = parts.clone();
        inserted.insert(150, part("new_function"));
        let refs2: Vec<&FunctionCode> = inserted.iter().collect();
        let after = partition(&refs2);
        // Units before the new function are unchanged and units after it are the old ones
        // shifted by one, but for the unit that holds it and the rest of the old unit it
        // split (UNIT_MAX is far from these units' sizes).
        let changed = after
            .iter()
            .filter(|r| {
                if r.end <= 150 {
                    !before.contains(r)
                } else if r.start > 150 {
                    !before.contains(&(r.start - 1..r.end - 1))
                } else {
                    true
                }
            })
            .count();
        assert!(changed <= 2, "{before:?} / {after:?}");
    }
}
