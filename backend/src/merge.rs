//! Joins relocatable ELF objects into one, as `ld -r` does for objects that define
//! different symbols: sections of the same name, type and flags are laid end to end,
//! every symbol keeps its place (shifted by where its section landed), a symbol one
//! object leaves undefined and another defines is bound to the definition, and every
//! relocation is carried over with its offset (and, against a section, its addend)
//! shifted. Nothing is resolved or relaxed: the result is still relocatable, and the
//! final link does what it would have done with the pieces.
//!
//! This is what lets code generation run on independent units ([`crate::units`]) while a
//! compile still produces one object. It handles what LLVM writes for kiln's modules on
//! 64-bit ELF targets with explicit addends (x86-64 and AArch64 Linux): code, read-only
//! data, `.eh_frame`, notes. Anything else (COMDAT groups, common symbols, implicit
//! addends) is refused with an error rather than joined wrongly.

use object::elf;
use object::read::elf::{ElfFile64, ElfSymbol64, FileHeader, SectionHeader, Sym};
use object::read::{
    Object as _, ObjectSection as _, ObjectSymbol as _, RelocationTarget, SymbolSection,
};
use object::write::{self, Object, SectionId, SymbolId};
use object::{Endianness, SectionFlags, SectionKind, SymbolFlags, SymbolKind, SymbolScope};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;

/// LLVM's table of address-significant symbols (`.llvm_addrsig`).
const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;

/// Why objects could not be joined.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot join the objects of the code units: {0}")]
pub struct MergeError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, MergeError> {
    Err(MergeError(message.into()))
}

/// Where a symbol of an input object went.
#[derive(Clone, Copy)]
enum Placed {
    /// A symbol of the output.
    Symbol(SymbolId),
    /// The section symbol of an input section: the output section and the input
    /// section's offset in it.
    Section(SectionId, u64),
    /// Undefined here: resolved by name once every object's definitions are known.
    Undefined,
    /// Not carried over (the file symbol, the null symbol).
    Dropped,
}

/// Joins relocatable 64-bit ELF objects (all of one architecture) into one, in order.
pub fn merge_objects(inputs: &[&[u8]]) -> Result<Vec<u8>, MergeError> {
    let files = inputs
        .iter()
        .map(|data| {
            ElfFile64::<Endianness>::parse(*data)
                .map_err(|e| MergeError(format!("not a 64-bit ELF object: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = files.first() else {
        return fail("no objects");
    };
    let mut out = Object::new(
        object::BinaryFormat::Elf,
        first.architecture(),
        first.endianness(),
    );
    out.flags = first.flags();
    for f in &files {
        if f.architecture() != first.architecture() || f.endianness() != first.endianness() {
            return fail("the objects are for different architectures");
        }
        if f.elf_header().e_type(f.endian()) != elf::ET_REL {
            return fail("an object is not relocatable");
        }
    }

    // Sections, in order of first appearance; the same (name, type, flags) shares one.
    let mut sections: HashMap<(&[u8], u32, u64), SectionId> = HashMap::default();
    // Per input: the output section and offset of each input section carried over, by index.
    let mut bases: Vec<Vec<Option<(SectionId, u64)>>> = Vec::with_capacity(files.len());
    for f in &files {
        let endian = f.endian();
        let mut base = vec![None; f.elf_section_table().len()];
        for section in f.sections() {
            let header = section.elf_section_header();
            let sh_type = header.sh_type(endian);
            let sh_flags = header.sh_flags(endian);
            match sh_type {
                elf::SHT_NULL | elf::SHT_SYMTAB | elf::SHT_STRTAB | elf::SHT_RELA => continue,
                // A table of address-significant symbols only serves identical code folding,
                // which a joined object can do without.
                SHT_LLVM_ADDRSIG => continue,
                elf::SHT_REL => return fail("relocations with implicit addends"),
                elf::SHT_GROUP => return fail("a COMDAT group"),
                _ => {}
            }
            if sh_flags & u64::from(elf::SHF_GROUP) != 0 {
                return fail("a section in a COMDAT group");
            }
            let name = section
                .name_bytes()
                .map_err(|e| MergeError(e.to_string()))?;
            let id = *sections
                .entry((name, sh_type, sh_flags))
                .or_insert_with(|| {
                    let (kind, flags) = output_kind(sh_type, sh_flags, header.sh_entsize(endian));
                    let id = out.add_section(Vec::new(), name.to_vec(), kind);
                    out.section_mut(id).flags = flags;
                    id
                });
            let align = header.sh_addralign(endian).max(1);
            let offset = if sh_type == elf::SHT_NOBITS {
                out.append_section_bss(id, header.sh_size(endian), align)
            } else {
                let data = section.data().map_err(|e| MergeError(e.to_string()))?;
                out.append_section_data(id, data, align)
            };
            base[section.index().0] = Some((id, offset));
        }
        bases.push(base);
    }

    // Symbols: every defined one is carried over; the file symbol once.
    let mut file_symbol = false;
    let mut defined: HashMap<&[u8], SymbolId> = HashMap::default();
    let mut placed: Vec<Vec<Placed>> = Vec::with_capacity(files.len());
    for (f, base) in files.iter().zip(&bases) {
        let endian = f.endian();
        let mut map = vec![Placed::Dropped; f.elf_symbol_table().len()];
        for symbol in f.symbols() {
            let elf_symbol = symbol.elf_symbol();
            let name = symbol.name_bytes().map_err(|e| MergeError(e.to_string()))?;
            let kind = symbol.kind();
            let here = match symbol.section() {
                SymbolSection::Section(index) => base.get(index.0).copied().flatten(),
                _ => None,
            };
            map[symbol.index().0] = match (kind, symbol.section()) {
                (SymbolKind::File, _) => {
                    if !file_symbol {
                        out.add_file_symbol(name.to_vec());
                        file_symbol = true;
                    }
                    Placed::Dropped
                }
                (SymbolKind::Section, _) => match here {
                    Some((id, offset)) => Placed::Section(id, offset),
                    None => Placed::Dropped,
                },
                (_, SymbolSection::Undefined) => Placed::Undefined,
                (_, SymbolSection::Common) => return fail("a common symbol"),
                (_, SymbolSection::Section(_)) => {
                    let Some((id, offset)) = here else {
                        return fail(format!(
                            "symbol `{}` is in a section that is not carried over",
                            String::from_utf8_lossy(name)
                        ));
                    };
                    let output = carried(&symbol, name, write::SymbolSection::Section(id), offset);
                    if output.is_local() {
                        Placed::Symbol(out.add_symbol(output))
                    } else {
                        match defined.entry(name) {
                            Entry::Occupied(_) => {
                                return fail(format!(
                                    "symbol `{}` is defined twice",
                                    String::from_utf8_lossy(name)
                                ))
                            }
                            Entry::Vacant(slot) => {
                                Placed::Symbol(*slot.insert(out.add_symbol(output)))
                            }
                        }
                    }
                }
                (_, SymbolSection::Absolute) => Placed::Symbol(out.add_symbol(carried(
                    &symbol,
                    name,
                    write::SymbolSection::Absolute,
                    0,
                ))),
                (_, SymbolSection::None) if elf_symbol.st_shndx(endian) == elf::SHN_UNDEF => {
                    Placed::Dropped
                }
                _ => {
                    return fail(format!(
                        "symbol `{}` has an unsupported section",
                        String::from_utf8_lossy(name)
                    ))
                }
            };
        }
        placed.push(map);
    }

    // Relocations, after every symbol exists; an undefined name binds to its definition,
    // else to one undefined symbol per name.
    let mut undefined: HashMap<&[u8], SymbolId> = HashMap::default();
    for ((f, base), map) in files.iter().zip(&bases).zip(&placed) {
        for section in f.sections() {
            let Some(&Some((id, offset))) = base.get(section.index().0) else {
                continue;
            };
            for (at, reloc) in section.relocations() {
                if reloc.has_implicit_addend() {
                    return fail("relocations with implicit addends");
                }
                let RelocationTarget::Symbol(index) = reloc.target() else {
                    return fail("a relocation not against a symbol");
                };
                let (symbol, addend) = match map.get(index.0).copied() {
                    Some(Placed::Symbol(s)) => (s, reloc.addend()),
                    Some(Placed::Section(target, shift)) => {
                        (out.section_symbol(target), reloc.addend() + shift as i64)
                    }
                    Some(Placed::Undefined) => {
                        let sym = f
                            .symbol_by_index(index)
                            .map_err(|e| MergeError(e.to_string()))?;
                        let name = sym.name_bytes().map_err(|e| MergeError(e.to_string()))?;
                        let s = match defined.get(name) {
                            Some(&s) => s,
                            None => *undefined.entry(name).or_insert_with(|| {
                                out.add_symbol(write::Symbol {
                                    value: 0,
                                    size: 0,
                                    scope: SymbolScope::Dynamic,
                                    ..carried(&sym, name, write::SymbolSection::Undefined, 0)
                                })
                            }),
                        };
                        (s, reloc.addend())
                    }
                    Some(Placed::Dropped) | None => {
                        return fail("a relocation against a symbol that is not carried over")
                    }
                };
                out.add_relocation(
                    id,
                    write::Relocation {
                        offset: at + offset,
                        symbol,
                        addend,
                        flags: reloc.flags(),
                    },
                )
                .map_err(|e| MergeError(e.to_string()))?;
            }
        }
    }
    out.write().map_err(|e| MergeError(e.to_string()))
}

/// An input symbol as an output symbol in `section`, `shift` bytes further on, with its
/// ELF binding, type and visibility.
fn carried(
    symbol: &ElfSymbol64<Endianness>,
    name: &[u8],
    section: write::SymbolSection,
    shift: u64,
) -> write::Symbol {
    let elf_symbol = symbol.elf_symbol();
    // The ELF flags below carry the symbol's type, so the writer never reads `kind` for
    // it. Any kind but a section, file, function, data or TLS one keeps the writer from
    // entering the name in its own SipHash map (which the merge does not use: it keeps
    // `defined`): that map took about a quarter of a merge's instructions.
    let kind = match symbol.kind() {
        SymbolKind::Text | SymbolKind::Data | SymbolKind::Tls => SymbolKind::Unknown,
        other => other,
    };
    write::Symbol {
        name: name.to_vec(),
        value: symbol.address() + shift,
        size: symbol.size(),
        kind,
        scope: symbol.scope(),
        weak: symbol.is_weak(),
        section,
        flags: SymbolFlags::Elf {
            st_info: elf_symbol.st_info(),
            st_other: elf_symbol.st_other(),
        },
    }
}

/// The output section kind and flags for an input section. A mergeable section of
/// fixed-size entries loses `SHF_MERGE`, as the writer records an entry size only for
/// strings: the linker then keeps duplicate constants instead of folding them.
fn output_kind(sh_type: u32, sh_flags: u64, entsize: u64) -> (SectionKind, SectionFlags) {
    let merge = u64::from(elf::SHF_MERGE);
    let strings = u64::from(elf::SHF_STRINGS);
    if sh_flags & merge != 0 {
        if sh_flags & strings != 0 && entsize == 1 && sh_type == elf::SHT_PROGBITS {
            return (SectionKind::ReadOnlyString, SectionFlags::Elf { sh_flags });
        }
        let sh_flags = sh_flags & !(merge | strings);
        return (SectionKind::Elf(sh_type), SectionFlags::Elf { sh_flags });
    }
    (SectionKind::Elf(sh_type), SectionFlags::Elf { sh_flags })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::{module_output, target_machine, CodegenOptions, Emit};
    use object::read::{Object, ObjectSection, ObjectSymbol};

    /// A module defining `name`, which adds a constant and calls `callee`.
    fn unit(name: &str, callee: &str, triple: &str) -> Result<Vec<u8>, String> {
        let opts = CodegenOptions::default().with_triple(triple);
        let tm = target_machine(&opts).map_err(|e| e.to_string())?;
        let text = format!(
            "target triple = \"{triple}\"\n\ndefine double @{name}(double %0) {{\n  %2 = fadd double %0, 1.250000e+00\n  %3 = call double @{callee}(double %2)\n  ret double %3\n}}\n\ndeclare double @{callee}(double)\n"
        );
        module_output(&text, Emit::Obj, &opts, &tm).map_err(|e| e.to_string())
    }

    fn check(triple: &str) -> Result<(), String> {
        let a = unit("a", "b", triple)?;
        let b = unit("b", "external", triple)?;
        let joined = merge_objects(&[&a, &b]).map_err(|e| e.to_string())?;
        let file = object::File::parse(joined.as_slice()).map_err(|e| e.to_string())?;
        let defined: Vec<String> = file
            .symbols()
            .filter(|s| s.is_definition() && s.is_global())
            .filter_map(|s| s.name().ok().map(str::to_string))
            .collect();
        let undefined: Vec<String> = file
            .symbols()
            .filter(|s| s.is_undefined() && !s.name().unwrap_or("").is_empty())
            .filter_map(|s| s.name().ok().map(str::to_string))
            .collect();
        // Each keeps its ELF type (the merge writes it through the symbol's flags).
        let functions = file
            .symbols()
            .filter(|s| s.is_definition() && s.is_global())
            .all(|s| s.kind() == SymbolKind::Text);
        if defined != ["a", "b"] || undefined != ["external"] || !functions {
            return Err(format!(
                "{triple}: defined {defined:?}, undefined {undefined:?}, all functions: {functions}"
            ));
        }
        // `b`'s function starts where `a`'s section ends (aligned), and every relocation of
        // both inputs is there, `a`'s call now bound to the definition of `b`.
        let count = |data: &[u8]| -> Result<usize, String> {
            let f = object::File::parse(data).map_err(|e| e.to_string())?;
            Ok(f.sections().map(|s| s.relocations().count()).sum())
        };
        let joined_relocations = count(&joined)?;
        if joined_relocations != count(&a)? + count(&b)? {
            return Err(format!("{triple}: {joined_relocations} relocations"));
        }
        let b_symbol = file.symbols().find(|s| s.name() == Ok("b")).ok_or("no b")?;
        let text = file.section_by_name(".text").ok_or("no .text")?;
        let call_to_b = text.relocations().any(
            |(_, r)| matches!(r.target(), RelocationTarget::Symbol(i) if i == b_symbol.index()),
        );
        if b_symbol.address() == 0 || !call_to_b {
            return Err(format!(
                "{triple}: b at {}, call bound: {call_to_b}",
                b_symbol.address()
            ));
        }
        Ok(())
    }

    #[test]
    fn joins_x86_64_objects() -> Result<(), String> {
        check("x86_64-unknown-linux-gnu")
    }

    #[test]
    fn joins_aarch64_objects() -> Result<(), String> {
        check("aarch64-unknown-linux-gnu")
    }

    #[test]
    fn refuses_what_is_not_an_object() {
        assert!(merge_objects(&[b"not an object"]).is_err());
        assert!(merge_objects(&[]).is_err());
    }
}
