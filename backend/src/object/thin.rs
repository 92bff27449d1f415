//! Optimized objects made in parts, each part optimized and code-generated on its own core.
//!
//! LLVM's `default<On>` pipeline works across functions mostly by inlining, and inlining
//! needs the callee's body, not the whole module. So a large program's optimized object is
//! made as LLVM's ThinLTO makes one: its functions are cut into parts by their names (as
//! `-O0` units are, [`super::units`], with about [`PART_TARGET`] functions in a part), each
//! part *imports* the small functions of other parts that it calls (their definitions,
//! marked `available_externally`: the optimizer may inline them and then drops them), and
//! every part is optimized and compiled alone, in parallel, and the objects joined
//! ([`super::merge`]). Which functions a part imports is decided before any part is
//! optimized, from the `-O0` code alone, so the bytes are the same for any number of
//! threads.
//!
//! A session keeps each part's object by the pieces it was made from (its functions' and
//! its imports' code, [`super::cache::ObjectCache`]): after an edit of one function only
//! its part and the parts that import it are optimized and compiled again, where a module
//! optimized whole is optimized whole again.
//!
//! Each part also declares the functions of other parts it calls as their definitions do
//! (with the parameter attributes that decide how a call passes its arguments), and
//! `nounwind` where nothing the function reaches can unwind: the one attribute LLVM infers
//! across a whole module that kiln infers from the `-O0` code too (without it every
//! caller of another part's function would need unwind tables). What a part does not see
//! it cannot use: a callee it does not import (one larger than [`IMPORT_INSTRUCTIONS`]) is
//! not inlined, and its other inferred attributes (`memory(none)`, `willreturn`) are not
//! known to its callers. A
//! program of fewer than [`MIN_FUNCTIONS`] functions is optimized whole, as is one with a
//! definition of other than `external` linkage (whose symbol may be local to its part).

use super::cache::ObjectCache;
use super::code::{Entity, FunctionCode};
use super::units::{compile_and_join, external_linkage_only, partition_by};
use crate::codegen::CodegenError;
use crate::target::CodegenOptions;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;

/// About one function name in this many ends a part. An edit optimizes its part (and the
/// parts importing the edited function) again, so a smaller part is a cheaper edit, but
/// each part optimizes its own copy of every function it imports.
pub const PART_TARGET: u64 = 64;
/// No part holds more pieces than this, whatever the names.
pub const PART_MAX: usize = 192;
/// A program of fewer functions than this is optimized as one module.
pub const MIN_FUNCTIONS: usize = 256;
/// A callee of at most this many instructions is imported by a part that calls it (the
/// limit of LLVM's ThinLTO, `-import-instr-limit`); a callee of an imported function, at
/// [`IMPORT_DECAY`] of its caller's limit.
pub const IMPORT_INSTRUCTIONS: usize = 100;
/// The factor of the import limit for each call further from the part's own functions
/// (ThinLTO's `-import-instr-evolution-factor`).
pub const IMPORT_DECAY: f64 = 0.7;
/// A constant global of at most this much text is imported by a part that refers to it, so
/// that its loads fold.
pub const IMPORT_DATA_BYTES: usize = 16 * 1024;

/// The optimized object of the pieces, made in parts; `Ok(None)` when the program is
/// optimized whole instead (see the module's documentation), or when the parts' objects
/// cannot be joined.
pub(crate) fn compile_in_parts(
    pieces: &[&FunctionCode],
    opts: &CodegenOptions,
    cache: Option<&ObjectCache>,
) -> Result<Option<Vec<u8>>, CodegenError> {
    let functions = pieces
        .iter()
        .filter(|p| p.definition.as_ref().is_some_and(|d| !d.is_variable()))
        .count();
    if functions < MIN_FUNCTIONS || !external_linkage_only(pieces) {
        return Ok(None);
    }
    let parts = partition_by(pieces, PART_TARGET, PART_MAX);
    let library = Library::new(pieces);
    let nounwind = library.cannot_unwind(pieces);
    let imports: Vec<Vec<FunctionCode>> = parts
        .par_iter()
        .map(|owned| library.imports(pieces, &nounwind, owned.clone()))
        .collect();
    let summaries: Vec<(FunctionCode, Vec<&FunctionCode>)> = parts
        .par_iter()
        .zip(&imports)
        .map(|(owned, imported)| library.summary(pieces, &nounwind, owned.clone(), imported))
        .collect();
    let groups: Vec<Vec<&FunctionCode>> = parts
        .iter()
        .zip(&imports)
        .zip(&summaries)
        .map(|((owned, imported), (summary, externals))| {
            std::iter::once(summary)
                .chain(pieces[owned.clone()].iter().copied())
                .chain(imported)
                .chain(externals.iter().copied())
                .collect()
        })
        .collect();
    let groups: Vec<&[&FunctionCode]> = groups.iter().map(Vec::as_slice).collect();
    compile_and_join(&groups, opts, cache)
}

/// What every part may import: each defined symbol's piece, its size, and whether it may be
/// imported at all.
struct Library<'a> {
    /// Each defined symbol, by name: the index of its piece.
    defined: FxHashMap<&'a str, usize>,
    /// Each piece's instructions (for a function) or text bytes (for data).
    size: Vec<usize>,
    /// Each external function some piece declares with parameter or result attributes (its
    /// own piece, as code generation makes it): the index of that piece.
    attributed_externals: FxHashMap<&'a str, usize>,
}

impl<'a> Library<'a> {
    fn new(pieces: &[&'a FunctionCode]) -> Library<'a> {
        let defined = pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.definition.as_ref().map(|d| (d.name.as_str(), i)))
            .collect();
        let size = pieces
            .par_iter()
            .map(|p| p.definition.as_ref().map_or(usize::MAX, size_of))
            .collect();
        let mut attributed_externals = FxHashMap::default();
        for (i, p) in pieces.iter().enumerate() {
            if p.definition.is_none() {
                for d in p.declarations.iter().filter(|d| d.attributed()) {
                    attributed_externals.entry(d.name.as_str()).or_insert(i);
                }
            }
        }
        Library {
            defined,
            size,
            attributed_externals,
        }
    }

    /// The definitions a part (the pieces `owned`) imports, in the order of the program,
    /// each made `available_externally`: every function reached by calls from the part's
    /// own functions through functions it imports, each within the limit of its distance
    /// from the part, and every small constant global they refer to. A function that
    /// cannot unwind is imported `nounwind`: LLVM infers nothing from a definition that is
    /// `available_externally` (another, less refined one may be linked), and a caller of
    /// the import would otherwise need unwind tables.
    fn imports(
        &self,
        pieces: &[&FunctionCode],
        nounwind: &[bool],
        owned: Range<usize>,
    ) -> Vec<FunctionCode> {
        // The largest limit each piece was reached with, so that a function found far
        // first and near later is imported (and its callees looked at) with the larger.
        let mut reached: FxHashMap<usize, usize> = FxHashMap::default();
        let mut frontier: Vec<(usize, usize)> =
            owned.clone().map(|i| (i, IMPORT_INSTRUCTIONS)).collect();
        while let Some((i, limit)) = frontier.pop() {
            let next = (limit as f64 * IMPORT_DECAY) as usize;
            for d in &pieces[i].declarations {
                let Some(&j) = self.defined.get(d.name.as_str()) else {
                    continue;
                };
                if owned.contains(&j) {
                    continue;
                }
                let fits = if d.is_variable() {
                    self.size[j] <= IMPORT_DATA_BYTES
                } else {
                    self.size[j] <= limit
                };
                if !fits || reached.get(&j).is_some_and(|&l| l >= limit) {
                    continue;
                }
                reached.insert(j, limit);
                if !d.is_variable() {
                    frontier.push((j, next));
                }
            }
        }
        let mut chosen: Vec<usize> = reached.into_keys().collect();
        chosen.sort_unstable();
        chosen
            .into_iter()
            .filter_map(|j| available_externally(pieces[j], nounwind[j]))
            .collect()
    }
}

impl<'a> Library<'a> {
    /// Which pieces define a function that cannot unwind, as LLVM's optimizer infers it for
    /// a whole module (`nounwind`): one that makes no indirect call and calls only
    /// functions that cannot unwind, the program's own (found together, as calls may
    /// form cycles) or declared so (an intrinsic, a declaration with `nounwind`, or one of
    /// the C library's allocation and memory functions, which LLVM marks itself).
    fn cannot_unwind(&self, pieces: &[&FunctionCode]) -> Vec<bool> {
        let mut nounwind: Vec<bool> = pieces
            .par_iter()
            .map(|p| match &p.definition {
                Some(d) if !d.is_variable() => {
                    !calls_indirectly(d.text())
                        && p.declarations.iter().all(|c| {
                            c.is_variable()
                                || self.defined.contains_key(c.name.as_str())
                                || declared_nounwind(p, c)
                        })
                }
                _ => false,
            })
            .collect();
        // Callers of each function of the program, to undo each caller of a function
        // that may unwind once.
        let mut callers: Vec<Vec<usize>> = vec![Vec::new(); pieces.len()];
        for (i, p) in pieces.iter().enumerate() {
            for c in &p.declarations {
                if let Some(&j) = self.defined.get(c.name.as_str()) {
                    callers[j].push(i);
                }
            }
        }
        let mut undone: Vec<usize> = (0..pieces.len()).filter(|&i| !nounwind[i]).collect();
        while let Some(j) = undone.pop() {
            for &i in &callers[j] {
                if nounwind[i] {
                    nounwind[i] = false;
                    undone.push(i);
                }
            }
        }
        nounwind
    }

    /// What a part's module declares before its own pieces, of the program's functions it
    /// calls but neither owns nor imports: the summary of each, declared as its definition
    /// says — with its parameters' and result's attributes (`signext`, `noalias`), which
    /// decide how a call passes them, and `nounwind` when it cannot unwind, as the whole
    /// module would know it (so that the part's own functions are found `nounwind` too and
    /// need no unwind tables) — and the pieces of the external functions it calls that
    /// declare them with such attributes.
    fn summary(
        &self,
        pieces: &[&'a FunctionCode],
        nounwind: &[bool],
        owned: Range<usize>,
        imported: &[FunctionCode],
    ) -> (FunctionCode, Vec<&'a FunctionCode>) {
        let imported_names: FxHashSet<&str> = imported
            .iter()
            .filter_map(|p| p.definition.as_ref().map(|d| d.name.as_str()))
            .collect();
        let mut declared: FxHashSet<usize> = FxHashSet::default();
        let mut externals: FxHashSet<usize> = FxHashSet::default();
        for p in pieces[owned.clone()].iter().copied().chain(imported) {
            for c in &p.declarations {
                if let Some(&j) = self.defined.get(c.name.as_str()) {
                    if !c.is_variable()
                        && !owned.contains(&j)
                        && !imported_names.contains(c.name.as_str())
                    {
                        declared.insert(j);
                    }
                } else if let Some(&j) = self.attributed_externals.get(c.name.as_str()) {
                    if !owned.contains(&j) {
                        externals.insert(j);
                    }
                }
            }
        }
        let mut declared: Vec<usize> = declared.into_iter().collect();
        declared.sort_unstable();
        let declarations = declared
            .into_iter()
            .filter_map(|j| {
                let d = pieces[j].definition.as_ref()?;
                let line = d.text().lines().find(|l| l.starts_with("define "))?;
                let head = line.strip_prefix("define ")?;
                let close = head.rfind(')')?;
                let attribute = if nounwind[j] { " #0" } else { "" };
                let text = format!(
                    "declare {}{attribute}\n",
                    drop_parameter_names(&head[..=close])
                );
                Some(Entity::new(d.name.clone(), d.signature.clone(), text))
            })
            .collect();
        let mut externals: Vec<usize> = externals.into_iter().collect();
        externals.sort_unstable();
        let summary = FunctionCode {
            definition: None,
            declarations,
            attributes: vec![(0, "{ nounwind }".to_string())],
            metadata: Default::default(),
        };
        (summary, externals.into_iter().map(|j| pieces[j]).collect())
    }
}

/// A `define` head's `ret @name(params)` with each parameter's value name dropped (`ptr
/// %0` → `ptr`), as a declaration writes it.
fn drop_parameter_names(head: &str) -> String {
    let mut out = String::with_capacity(head.len());
    let mut rest = head;
    while let Some(at) = rest.find(" %") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find([',', ')']).unwrap_or(after.len());
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Whether a function's text calls through a pointer: a call whose first symbol is a value
/// (`call void %5(ptr @g)`), not a global (`call i32 (ptr, ...) @printf(ptr %5)`), or an
/// `invoke`.
fn calls_indirectly(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        if line.starts_with("invoke ") || line.contains("= invoke ") {
            return true;
        }
        line.find("call ").is_some_and(|at| {
            let after = &line[at + "call ".len()..];
            after
                .find(['@', '%'])
                .is_some_and(|s| after.as_bytes()[s] == b'%')
        })
    })
}

/// The C library's functions LLVM itself marks `nounwind` wherever they are declared
/// (`inferLibFuncAttributes`), which kiln's lowering calls.
const LIBRARY_NOUNWIND: &[&str] = &[
    "malloc",
    "calloc",
    "realloc",
    "aligned_alloc",
    "free",
    "memcpy",
    "memmove",
    "memset",
];

/// Whether an external function a piece declares cannot unwind: an intrinsic, a C library
/// function LLVM marks, or one declared with `nounwind` in the piece's attribute groups.
fn declared_nounwind(piece: &FunctionCode, declaration: &Entity) -> bool {
    let name = declaration.name.as_str();
    name.starts_with("llvm.")
        || LIBRARY_NOUNWIND.contains(&name)
        || super::code::attribute_references(declaration.text()).any(|n| {
            piece
                .attributes
                .iter()
                .any(|(m, group)| *m == n && group.split(' ').any(|w| w == "nounwind"))
        })
}

/// A definition's size: a function's instructions (its lines indented in the body), a
/// constant global's text; `usize::MAX` (never imported) for a global that is not constant,
/// whose value another part may change.
fn size_of(definition: &Entity) -> usize {
    if definition.is_variable() {
        let constant = definition
            .text()
            .split_once(" = ")
            .is_some_and(|(_, rest)| rest.split(' ').take(4).any(|w| w == "constant"));
        return if constant {
            definition.text().len()
        } else {
            usize::MAX
        };
    }
    definition
        .text()
        .lines()
        .filter(|l| l.starts_with("  "))
        .count()
}

/// The piece with its definition marked `available_externally` (and `nounwind`, for a
/// function that cannot unwind; the declarations it needs kept), or `None` when its text is
/// not a definition this can mark.
fn available_externally(piece: &FunctionCode, nounwind: bool) -> Option<FunctionCode> {
    let d = piece.definition.as_ref()?;
    let text = d.text();
    let marked = if d.is_variable() {
        let (name, rest) = text.split_once(" = ")?;
        format!("{name} = available_externally {rest}")
    } else {
        let at = text.find("define ")? + "define ".len();
        let open = at + text[at..].find(" {\n")?;
        let attribute = if nounwind { " nounwind" } else { "" };
        format!(
            "{}available_externally {}{attribute}{}",
            &text[..at],
            &text[at..open],
            &text[open..]
        )
    };
    Some(FunctionCode {
        definition: Some(Entity::new(d.name.clone(), d.signature.clone(), marked)),
        declarations: piece.declarations.clone(),
        attributes: piece.attributes.clone(),
        metadata: Default::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str, calls: &[&str], instructions: usize) -> FunctionCode {
        let mut text = format!("define void @{name}() {{\nbb0:\n");
        for c in calls {
            text.push_str(&format!("  call void @{c}()\n"));
        }
        for _ in calls.len()..instructions.saturating_sub(1) {
            text.push_str("  %x = add i32 0, 0\n");
        }
        text.push_str("  ret void\n}\n");
        FunctionCode {
            definition: Some(Entity::new(name.into(), "void ()".into(), text)),
            declarations: calls
                .iter()
                .map(|c| {
                    Entity::new(
                        c.to_string(),
                        "void ()".into(),
                        format!("declare void @{c}()\n"),
                    )
                })
                .collect(),
            attributes: Vec::new(),
            metadata: Default::default(),
        }
    }

    fn names(imports: &[FunctionCode]) -> Vec<&str> {
        imports
            .iter()
            .filter_map(|p| p.definition.as_ref().map(|d| d.name.as_str()))
            .collect()
    }

    #[test]
    fn a_part_imports_the_small_callees_it_reaches_within_the_decaying_limit() {
        // a (owned) calls b (80 instructions), which calls c (60) and d (80); d is over
        // b's callees' limit of 70. e (150) is too large for anyone.
        let pieces = [
            function("a", &["b", "e"], 3),
            function("b", &["c", "d"], 80),
            function("c", &[], 60),
            function("d", &[], 80),
            function("e", &[], 150),
        ];
        let refs: Vec<&FunctionCode> = pieces.iter().collect();
        let library = Library::new(&refs);
        let nounwind = vec![false; refs.len()];
        let imports = library.imports(&refs, &nounwind, 0..1);
        assert_eq!(names(&imports), ["b", "c"]);
        let text = imports[0].definition.as_ref().map(Entity::text);
        assert!(text.is_some_and(|t| t.starts_with("define available_externally void @b()")));
        // A part's own functions are never imported.
        assert_eq!(names(&library.imports(&refs, &nounwind, 0..2)), ["c", "d"]);
    }

    #[test]
    fn constant_globals_are_imported_and_mutable_ones_never() {
        let global = |name: &str, kind: &str| FunctionCode {
            definition: Some(Entity::new(
                name.into(),
                "i32".into(),
                format!("@{name} = {kind} i32 7\n"),
            )),
            declarations: Vec::new(),
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let mut user = function("u", &[], 3);
        for g in ["k", "m"] {
            user.declarations.push(Entity::new(
                g.into(),
                "i32".into(),
                format!("@{g} = external global i32\n"),
            ));
        }
        let pieces = [user, global("k", "constant"), global("m", "global")];
        let refs: Vec<&FunctionCode> = pieces.iter().collect();
        let imports = Library::new(&refs).imports(&refs, &[false; 3], 0..1);
        assert_eq!(names(&imports), ["k"]);
        assert_eq!(
            imports[0].definition.as_ref().map(Entity::text),
            Some("@k = available_externally constant i32 7\n")
        );
    }

    #[test]
    fn a_function_cannot_unwind_when_nothing_it_reaches_can() {
        // p and q call each other and an intrinsic; r calls printf (may unwind); s calls r;
        // t calls through a pointer.
        let mut pieces = [
            function("p", &["q", "llvm.smax.i32"], 3),
            function("q", &["p", "malloc"], 3),
            function("r", &["printf"], 3),
            function("s", &["p", "r"], 3),
            function("t", &[], 3),
        ];
        if let Some(d) = pieces[4].definition.as_mut() {
            *d = Entity::new(
                "t".into(),
                "void (ptr)".into(),
                "define void @t(ptr %0) {\n  call void %0(ptr @g)\n  ret void\n}\n".into(),
            );
        }
        let refs: Vec<&FunctionCode> = pieces.iter().collect();
        let library = Library::new(&refs);
        assert_eq!(
            library.cannot_unwind(&refs),
            [true, true, false, false, false]
        );
        // A declaration with `nounwind` in its attribute group is believed.
        let mut declared = function("u", &["puts"], 3);
        declared.declarations[0] = Entity::new(
            "puts".into(),
            "void ()".into(),
            "declare void @puts() #1\n".into(),
        );
        declared
            .attributes
            .push((1, "{ nounwind willreturn }".into()));
        let refs = [&declared];
        assert_eq!(Library::new(&refs).cannot_unwind(&refs), [true]);
    }

    #[test]
    fn calls_through_pointers_are_told_from_calls_of_symbols() {
        assert!(calls_indirectly("  %3 = call i32 %2(ptr @g)\n"));
        assert!(calls_indirectly("  tail call void %f()\n"));
        assert!(!calls_indirectly(
            "  %1 = call i32 (ptr, ...) @printf(ptr %0)\n"
        ));
        assert!(!calls_indirectly(
            "  %5 = call { float, i64 } @h0(ptr %1)\n"
        ));
    }

    #[test]
    fn a_summary_declares_the_callees_outside_the_part_as_defined() {
        let mut pieces = [
            function("a", &["b", "c", "d", "e", "puts"], 3),
            function("b", &[], 3),
            function("c", &["printf"], 3),
            function("d", &[], 300),
            function("e", &["printf"], 300),
            // An external function's own piece, with its parameter's attribute.
            FunctionCode {
                definition: None,
                declarations: vec![Entity::new(
                    "puts".into(),
                    "void (i8)".into(),
                    "declare void @puts(i8 signext)\n".into(),
                )],
                attributes: Vec::new(),
                metadata: Default::default(),
            },
        ];
        if let Some(d) = pieces[3].definition.as_mut() {
            let text = d.text().replace("@d()", "@d(i8 signext %0, ptr %1)");
            *d = Entity::new("d".into(), "void (i8, ptr)".into(), text);
        }
        let refs: Vec<&FunctionCode> = pieces.iter().collect();
        let library = Library::new(&refs);
        let nounwind = library.cannot_unwind(&refs);
        let imported = library.imports(&refs, &nounwind, 0..1);
        assert_eq!(names(&imported), ["b", "c"]);
        assert!(imported[0].definition.as_ref().is_some_and(|d| d
            .text()
            .starts_with("define available_externally void @b() nounwind {")));
        let (summary, externals) = library.summary(&refs, &nounwind, 0..1, &imported);
        let texts: Vec<&str> = summary.declarations.iter().map(Entity::text).collect();
        assert_eq!(
            texts,
            [
                "declare void @d(i8 signext, ptr) #0\n",
                "declare void @e()\n"
            ]
        );
        assert_eq!(externals, [&pieces[5]]);
    }

    /// `n` functions as pieces: the first multiplies, each other calls `f{callee(i)}` and
    /// adds to the result.
    fn program(n: usize, callee: impl Fn(usize) -> usize) -> Vec<FunctionCode> {
        (0..n)
            .map(|i| {
                let text = if i == 0 {
                    "define i32 @f0(i32 %0) {\n  %2 = mul i32 %0, 3\n  ret i32 %2\n}\n".to_string()
                } else {
                    let c = callee(i);
                    format!(
                        "define i32 @f{i}(i32 %0) {{\n  %2 = call i32 @f{c}(i32 %0)\n  %3 = add i32 %2, {i}\n  ret i32 %3\n}}\n\ndeclare i32 @f{c}(i32)\n"
                    )
                };
                crate::object::code::split_module(&text).expect("a piece")
            })
            .collect()
    }

    fn options() -> CodegenOptions {
        CodegenOptions {
            opt_level: 2,
            ..CodegenOptions::default()
        }
    }

    #[test]
    fn a_large_program_is_optimized_in_parts_that_inline_across_them() {
        use object::{Object, ObjectSection, ObjectSymbol};
        // Every function calls the first, which one part owns and the others import.
        let pieces = program(MIN_FUNCTIONS + 50, |_| 0);
        let refs: Vec<&FunctionCode> = pieces.iter().collect();
        let object = compile_in_parts(&refs, &options(), None)
            .expect("compiled")
            .expect("in parts");
        let file = object::File::parse(object.as_slice()).expect("an object");
        let defined = file
            .symbols()
            .filter(|s| s.is_definition() && s.name().is_ok_and(|n| n.starts_with('f')))
            .count();
        assert_eq!(defined, pieces.len());
        // Every call was inlined, across parts too: no function calls another, and none
        // needs unwind tables.
        let relocations: usize = file.sections().map(|s| s.relocations().count()).sum();
        assert_eq!(relocations, 0);
        assert!(file.section_by_name(".eh_frame").is_none());
        // The same bytes again, and on one thread; a program too small is optimized whole.
        assert_eq!(
            compile_in_parts(&refs, &options(), None).ok().flatten(),
            Some(object.clone())
        );
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool of one thread");
        assert_eq!(
            one.install(|| compile_in_parts(&refs, &options(), None))
                .ok()
                .flatten(),
            Some(object)
        );
        assert!(
            compile_in_parts(&refs[..MIN_FUNCTIONS - 1], &options(), None)
                .is_ok_and(|o| o.is_none())
        );
    }

    /// With a cache, an edit of one function makes again its part and the parts that
    /// import it, and the object is the one a compile without a cache makes.
    #[test]
    fn an_edit_makes_again_only_the_parts_it_touches() {
        let cache = ObjectCache::new();
        let mut pieces = program(2 * MIN_FUNCTIONS, |i| i - 1);
        let compile = |pieces: &[FunctionCode], cache: Option<&ObjectCache>| {
            let refs: Vec<&FunctionCode> = pieces.iter().collect();
            compile_in_parts(&refs, &options(), cache).ok().flatten()
        };
        let cold = compile(&pieces, Some(&cache));
        let parts = cache.parts_compiled();
        assert!(parts > 4, "{parts}");
        assert_eq!(compile(&pieces, Some(&cache)), cold);
        assert_eq!(cache.parts_compiled(), parts);
        let text = "define i32 @f300(i32 %0) {\n  %2 = call i32 @f299(i32 %0)\n  %3 = sub i32 %2, 7\n  ret i32 %3\n}\n\ndeclare i32 @f299(i32)\n";
        pieces[300] = crate::object::code::split_module(text).expect("a piece");
        let edited = compile(&pieces, Some(&cache));
        let again = cache.parts_compiled() - parts;
        assert!((1..=2).contains(&again), "{again} parts made again");
        assert_ne!(edited, cold);
        assert_eq!(edited, compile(&pieces, None));
    }
}
