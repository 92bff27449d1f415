//! Per-function LLVM IR as plain data, and the module built from it.
//!
//! Each lowered function is code-generated in a module of its own (its own `Context`, which
//! is dropped at once) and kept as the text LLVM printed: its definition and the
//! declarations it needs. [`link`] puts the pieces of a whole program together into the
//! text LLVM would print for one module holding them all, so an incremental compiler can
//! cache one [`FunctionCode`] per function and, after an edit, generate code for the edited
//! functions alone. No LLVM object outlives [`build_function_code`].

use crate::codegen::build_module;
use crate::error::CodegenError;
use inkwell::context::Context;
use inkwell::targets::TargetMachine;
use kiln_lowered::{name_hash, FunctionDebug, Global, Lowered};
use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::fmt::Write;

/// One function's LLVM IR, as LLVM printed it in a module of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionCode {
    /// The `define` block, or `None` for an external function.
    pub definition: Option<Entity>,
    /// Every function the definition refers to (or the external function itself), as
    /// `declare` lines.
    pub declarations: Vec<Entity>,
    /// The module's attribute groups, by the number the entities use.
    pub attributes: Vec<(u32, String)>,
    /// The module's metadata (line tables), by the numbers the entities use.
    pub metadata: Metadata,
}

/// The metadata of a piece's module, as LLVM printed it: what `-g`'s line tables add.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Metadata {
    /// Each node (`!3 = distinct !DISubprogram(...)`) by its number, with its text after
    /// ` = `.
    pub nodes: Vec<(u32, String)>,
    /// Each named node (`!llvm.dbg.cu = !{!0}`) with the numbers it lists.
    pub named: Vec<(String, Vec<u32>)>,
}

impl Metadata {
    /// Whether the piece has none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.named.is_empty()
    }
}

/// A top-level function entity of the printed module.
///
/// Its text is shared and carries a fingerprint made once: a session's unit cache
/// ([`super::cache::ObjectCache`]) keeps every piece of the last compile and, after an
/// edit, finds each unit again by hashing and comparing its pieces. With a fingerprint of
/// the name, signature and text, and a shared copy of the text, hashing a piece is hashing
/// a number and comparing an unchanged one a pointer comparison, instead of a pass over
/// every function's strings (at 10,000 functions, most of a unit lookup's time).
#[derive(Clone, Debug, Eq)]
pub struct Entity {
    /// The symbol's name, without `@`.
    pub name: String,
    /// The type, as `ret (params)`: what a declaration and the definition must agree on.
    pub signature: String,
    /// The printed text, ending in a newline, with attribute references local to the
    /// function's own module.
    text: std::sync::Arc<str>,
    /// A hash of the name, signature and text (equal entities, equal fingerprints; all
    /// that `Hash` reads).
    fingerprint: u64,
    /// [`super::units`]'s fixed hash of the name, which decides where units end.
    name_hash: u64,
    /// Whether its `define` or `declare` line gives parameters or the result attributes
    /// (`zeroext i8`, `ptr noalias`), which a caller compiled apart must see.
    attributed: bool,
}

impl Entity {
    /// The entity of `name`, with its signature (`ret (params)`) and printed text (ending
    /// in a newline), fingerprinted.
    pub fn new(name: String, signature: String, text: String) -> Entity {
        let attributed = text
            .lines()
            .find(|l| l.starts_with("define ") || l.starts_with("declare "))
            .is_some_and(|l| head_of(l).is_ok_and(|h| h.attributed));
        Entity::with_attributes(name, signature, text, attributed)
    }

    /// [`Entity::new`], knowing whether its line gives parameters or the result attributes.
    fn with_attributes(name: String, signature: String, text: String, attributed: bool) -> Entity {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        name.hash(&mut h);
        signature.hash(&mut h);
        text.hash(&mut h);
        Entity {
            name_hash: name_hash(&name),
            attributed,
            name,
            signature,
            text: text.into(),
            fingerprint: h.finish(),
        }
    }

    /// The printed text, ending in a newline.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The fixed hash of the name that cuts units (`units::partition`).
    pub fn name_hash(&self) -> u64 {
        self.name_hash
    }

    /// Whether its parameters or result have attributes.
    pub fn attributed(&self) -> bool {
        self.attributed
    }

    /// Whether it is a global variable (`@g = ...`) rather than a function.
    pub fn is_variable(&self) -> bool {
        self.text.starts_with('@')
    }
}

impl std::hash::Hash for Entity {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.fingerprint.hash(h);
    }
}

impl PartialEq for Entity {
    fn eq(&self, other: &Entity) -> bool {
        self.fingerprint == other.fingerprint
            && self.name == other.name
            && self.signature == other.signature
            && (std::sync::Arc::ptr_eq(&self.text, &other.text) || self.text == other.text)
    }
}

/// Code-generates one lowered function in a module of its own for a target machine, with
/// line tables where `lines` says where its operations are.
pub fn build_function_code(
    function: &Lowered,
    lines: Option<&FunctionDebug>,
    tm: &TargetMachine,
) -> Result<FunctionCode, CodegenError> {
    let ctx = Context::create();
    let module = build_module(&ctx, "kiln", std::slice::from_ref(function), &[], lines, tm)?;
    module.verify().map_err(|e| CodegenError::Invalid {
        function: function.name.clone(),
        message: e.to_string(),
    })?;
    let text = module.print_to_string().to_string();
    split_module(&text).map_err(|message| CodegenError::Invalid {
        function: function.name.clone(),
        message,
    })
}

/// One global as a piece of code for [`link`]: its definition (or, for a global defined
/// elsewhere, its declaration), printed by LLVM.
pub fn build_global_code(g: &Global, tm: &TargetMachine) -> Result<FunctionCode, CodegenError> {
    let ctx = Context::create();
    let module = ctx.create_module("kiln");
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    crate::globals::define_globals(&ctx, &module, std::slice::from_ref(g))?;
    let text = module.print_to_string().to_string();
    split_module(&text).map_err(|message| CodegenError::Invalid {
        function: g.name.clone(),
        message,
    })
}

/// Splits a printed one-function (or one-global) module into its entities.
pub(crate) fn split_module(text: &str) -> Result<FunctionCode, String> {
    let mut code = FunctionCode {
        definition: None,
        declarations: Vec::new(),
        attributes: Vec::new(),
        metadata: Default::default(),
    };
    let mut lines = text.lines().peekable();
    let mut comment = String::new();
    while let Some(line) = lines.next() {
        if line.is_empty()
            || line.starts_with("; ModuleID")
            || line.starts_with("source_filename")
            || line.starts_with("target ")
        {
            continue;
        }
        if line.starts_with("; Function Attrs:") {
            comment = format!("{line}\n");
        } else if line.starts_with("define ") {
            let mut body = format!("{line}\n");
            loop {
                match lines.next() {
                    Some(l) => {
                        body.push_str(l);
                        body.push('\n');
                        if l == "}" {
                            break;
                        }
                    }
                    None => return Err("LLVM printed a function without its end".into()),
                }
            }
            if code.definition.is_some() {
                return Err("LLVM printed two definitions for one function".into());
            }
            let h = head_of(line)?;
            code.definition = Some(Entity::with_attributes(
                h.name,
                h.signature,
                std::mem::take(&mut comment) + &body,
                h.attributed,
            ));
        } else if line.starts_with("declare ") {
            let h = head_of(line)?;
            code.declarations.push(Entity::with_attributes(
                h.name,
                h.signature,
                std::mem::take(&mut comment) + line + "\n",
                h.attributed,
            ));
        } else if line.starts_with('@') {
            let (name, signature, declared) = variable_head(line)?;
            let entity = Entity::with_attributes(name, signature, format!("{line}\n"), false);
            if declared {
                code.declarations.push(entity);
            } else if code.definition.replace(entity).is_some() {
                return Err("LLVM printed two definitions in one piece".into());
            }
        } else if let Some(rest) = line.strip_prefix('!') {
            let (name, node) = rest
                .split_once(" = ")
                .ok_or_else(|| format!("unexpected metadata line `{line}`"))?;
            match name.parse::<u32>() {
                Ok(n) => code.metadata.nodes.push((n, node.to_string())),
                Err(_) => code
                    .metadata
                    .named
                    .push((name.to_string(), metadata_references(node).collect())),
            }
        } else if let Some(rest) = line.strip_prefix("attributes #") {
            let (n, group) = rest
                .split_once(" = ")
                .ok_or_else(|| format!("unexpected attribute line `{line}`"))?;
            let n = n
                .parse()
                .map_err(|_| format!("unexpected attribute line `{line}`"))?;
            code.attributes.push((n, group.to_string()));
        } else {
            return Err(format!("unexpected top-level line `{line}`"));
        }
    }
    Ok(code)
}

/// The name, the value type and whether it is a declaration (`external` without a value) of
/// a global variable's line: `@g = private constant [2 x float] [...], align 16` or
/// `@g = external global [2 x float]`.
fn variable_head(line: &str) -> Result<(String, String, bool), String> {
    let bad = || format!("unexpected global line `{line}`");
    let (name, rest) = line[1..].split_once(" = ").ok_or_else(bad)?;
    let name = name.trim_matches('"').to_string();
    let mut words = rest.split(' ');
    let mut external = false;
    let mut at = 0;
    for w in words.by_ref() {
        at += w.len() + 1;
        match w {
            "global" | "constant" => break,
            "external" => external = true,
            _ => {}
        }
    }
    let ty_text = rest.get(at..).ok_or_else(bad)?;
    let ty = leading_type(ty_text).trim_end_matches(',');
    let after = ty_text.trim_start()[ty.len()..].trim_start();
    let declared = external && (after.is_empty() || after.starts_with(','));
    Ok((name, ty.to_string(), declared))
}

/// The name and the type (`ret (params)`, without parameter names, parameter and return
/// attributes, or attribute references) of a `define` or `declare` line: what every
/// declaration of a function and its definition must agree on.
#[cfg(test)]
fn head(line: &str) -> Result<(String, String), String> {
    head_of(line).map(|h| (h.name, h.signature))
}

/// What a `define` or `declare` line says of the function: its name, its type (as
/// [`head`] gives it) and whether its parameters or result have attributes.
struct Head {
    name: String,
    signature: String,
    attributed: bool,
}

/// Reads a `define` or `declare` line in one pass, each parameter's type being what it
/// begins with and its result's what the return part ends with.
fn head_of(line: &str) -> Result<Head, String> {
    let bad = || format!("cannot read the function line `{line}`");
    let rest = line
        .strip_prefix("define ")
        .or_else(|| line.strip_prefix("declare "))
        .ok_or_else(bad)?;
    // A definition's linkage is not part of its signature.
    let rest = match rest.split_once(' ') {
        Some((word, tail)) if kiln_lowered::Linkage::from_name(word).is_some() => tail,
        _ => rest,
    };
    let at = rest.find(" @").ok_or_else(bad)?;
    let ret = rest[..at].trim();
    let after = &rest[at + 2..];
    let open = after.find('(').ok_or_else(bad)?;
    let close = after.rfind(')').ok_or_else(bad)?;
    let name = after[..open].trim_matches('"').to_string();
    let ret_type = trailing_type(ret);
    let mut attributed = ret_type.len() != ret.len();
    let mut signature = String::with_capacity(close - open + ret_type.len() + 2);
    signature.push_str(ret_type);
    signature.push_str(" (");
    for (i, param) in Params(&after[open + 1..close]).enumerate() {
        let ty = leading_type(param);
        // After the type: nothing (a declaration), a value name, or attributes first.
        let tail = param[ty.len()..].trim_start();
        attributed |= !tail.is_empty() && !tail.starts_with('%');
        if i > 0 {
            signature.push_str(", ");
        }
        signature.push_str(ty);
    }
    signature.push(')');
    Ok(Head {
        name,
        signature,
        attributed,
    })
}

/// The top-level comma-separated items of a parameter list, trimmed.
struct Params<'a>(&'a str);

impl<'a> Iterator for Params<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let text = self.0;
        if text.trim().is_empty() {
            return None;
        }
        let mut depth = 0i32;
        for (i, c) in text.bytes().enumerate() {
            match c {
                b'{' | b'[' | b'(' | b'<' => depth += 1,
                b'}' | b']' | b')' | b'>' => depth -= 1,
                b',' if depth == 0 => {
                    self.0 = &text[i + 1..];
                    return Some(text[..i].trim());
                }
                _ => {}
            }
        }
        self.0 = "";
        Some(text.trim())
    }
}

/// The type a parameter begins with (`ptr noalias %0` → `ptr`; `{ i32, i64 } %1` →
/// `{ i32, i64 }`).
fn leading_type(param: &str) -> &str {
    let p = param.trim();
    match group_end(p.bytes().enumerate(), b"{[<", b"}]>") {
        Some(end) => &p[..=end],
        None => p.split(' ').next().unwrap_or(p),
    }
}

/// The type a return part ends with (`noundef zeroext i8` → `i8`; `noalias { ptr, ptr }`
/// → `{ ptr, ptr }`).
fn trailing_type(ret: &str) -> &str {
    let r = ret.trim();
    match group_end(r.bytes().enumerate().rev(), b"}]>", b"{[<") {
        Some(start) => &r[start..],
        None => r.rsplit(' ').next().unwrap_or(r),
    }
}

/// Walking `bytes` (each with its index) in their order: where the bracket group the first
/// byte opens closes again (the last index walked if it never does), or `None` when the
/// first byte is no bracket of `opens`. `closes` pairs with `opens` by position.
fn group_end(
    mut bytes: impl Iterator<Item = (usize, u8)>,
    opens: &[u8],
    closes: &[u8],
) -> Option<usize> {
    let (first_at, first) = bytes.next()?;
    let close = closes[opens.iter().position(|o| *o == first)?];
    let (mut depth, mut last) = (1i32, first_at);
    for (i, c) in bytes {
        last = i;
        if opens.contains(&c) {
            depth += 1;
        } else if closes.contains(&c) {
            depth -= 1;
            if depth == 0 && c == close {
                return Some(i);
            }
        }
    }
    Some(last)
}

/// The attribute references (` #N`) of `text`, in order.
fn references(text: &str) -> Vec<u32> {
    attribute_references(text).collect()
}

/// The attribute groups a text refers to (` #N`), in order.
pub(crate) fn attribute_references(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.match_indices(" #").filter_map(|(i, _)| {
        let rest = &text[i + 2..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        rest[..digits].parse().ok()
    })
}

/// Rewrites attribute references (` #N`) of `text` through `map`.
fn renumber(text: &str, map: &HashMap<u32, u32>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(" #") {
        out.push_str(&rest[..i + 2]);
        rest = &rest[i + 2..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if let Some(g) = rest[..digits].parse::<u32>().ok().and_then(|n| map.get(&n)) {
            let _ = write!(out, "{g}");
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// Checks that every piece agrees with every other on the type of each function it uses
/// or defines.
pub fn check_agreement(parts: &[&FunctionCode]) -> Result<(), CodegenError> {
    entities(parts).map(drop)
}

/// The entities of a module holding every piece, in the order [`link`] prints them:
/// definitions first, then each function declared but not defined, in order of first use.
fn entities<'a>(
    parts: &[&'a FunctionCode],
) -> Result<Vec<(&'a FunctionCode, &'a Entity)>, CodegenError> {
    // Every compile of a session walks all of a module's pieces here, so the maps hash
    // names with Fx rather than SipHash (lookups only: the order is the pieces').
    let mut defined: FxHashMap<&str, &Entity> = FxHashMap::default();
    defined.reserve(parts.len());
    defined.extend(
        parts
            .iter()
            .filter_map(|p| p.definition.as_ref())
            .map(|d| (d.name.as_str(), d)),
    );
    let mut declared: FxHashMap<&str, &Entity> = FxHashMap::default();
    let mut entities: Vec<(&FunctionCode, &Entity)> = Vec::with_capacity(parts.len());
    let mut external: Vec<(&FunctionCode, &Entity)> = Vec::new();
    for p in parts {
        if let Some(d) = &p.definition {
            entities.push((p, d));
        }
        for d in &p.declarations {
            let earlier = defined
                .get(d.name.as_str())
                .or_else(|| declared.get(d.name.as_str()));
            match earlier {
                Some(e) if e.signature != d.signature => {
                    return Err(CodegenError::Target(format!(
                        "`@{}` is used as `{}` and as `{}`",
                        d.name, d.signature, e.signature
                    )))
                }
                // A declaration with the function's parameter attributes (an external
                // function's own, or one its forwarding body knows) stands for the
                // function: callers declare it from their arguments alone.
                Some(e) if d.attributed && !e.attributed => {
                    if let Some(slot) = external.iter_mut().find(|(_, x)| x.name == d.name) {
                        *slot = (p, d);
                    }
                    declared.insert(&d.name, d);
                }
                Some(_) => {}
                None => {
                    declared.insert(&d.name, d);
                    external.push((p, d));
                }
            }
        }
    }
    entities.extend(external);
    Ok(entities)
}

/// The text LLVM prints for one module holding every piece, in order: the global
/// variables (one block, as LLVM prints them first), the function definitions in the order
/// given, then each function declared but not defined, in order of first use, then the
/// attribute groups (numbered in order of first use, as LLVM numbers them). Fails when two
/// pieces disagree on a function's or a global's type.
pub fn link(parts: &[&FunctionCode], tm: &TargetMachine) -> Result<String, CodegenError> {
    let mut entities = entities(parts)?;
    // Pieces of data come first already unless a function declares a global defined
    // nowhere (a check of every entity, where a sort would move them all).
    if !entities.is_sorted_by_key(|(_, e)| !e.is_variable()) {
        entities.sort_by_key(|(_, e)| !e.is_variable());
    }

    let mut out = String::new();
    let _ = write!(
        out,
        "; ModuleID = 'kiln'\nsource_filename = \"kiln\"\ntarget datalayout = \"{}\"\ntarget triple = \"{}\"\n",
        tm.get_target_data().get_data_layout().as_str().to_string_lossy(),
        tm.get_triple().as_str().to_string_lossy()
    );
    let mut groups: Vec<&str> = Vec::new();
    let mut after_variable = false;
    let mut metadata = LinkedMetadata::default();
    // Each piece's metadata is numbered once, when its first entity is printed.
    let mut numbered_parts: FxHashMap<*const FunctionCode, HashMap<u32, u32>> =
        FxHashMap::default();
    for (part, entity) in entities {
        if !(after_variable && entity.is_variable()) {
            out.push('\n');
        }
        after_variable = entity.is_variable();
        let numbered;
        let entity_text = if part.metadata.is_empty() {
            entity.text()
        } else {
            let map = numbered_parts
                .entry(std::ptr::from_ref(part))
                .or_insert_with(|| metadata.add(&part.metadata));
            numbered = renumber_metadata(&entity.text, map);
            &numbered
        };
        if part.attributes.is_empty() {
            out.push_str(entity_text);
            continue;
        }
        let mut map: HashMap<u32, u32> = HashMap::new();
        for n in references(entity_text) {
            let Some((_, group)) = part.attributes.iter().find(|(m, _)| *m == n) else {
                continue;
            };
            let g = match groups.iter().position(|x| x == group) {
                Some(g) => g,
                None => {
                    groups.push(group);
                    groups.len() - 1
                }
            };
            map.entry(n).or_insert(g as u32);
        }
        out.push_str(&renumber(entity_text, &map));
    }
    if !groups.is_empty() {
        out.push('\n');
        for (g, group) in groups.iter().enumerate() {
            let _ = writeln!(out, "attributes #{g} = {group}");
        }
    }
    metadata.write(&mut out);
    Ok(out)
}

/// The metadata of a linked module: every piece's nodes, numbered anew in order of first
/// use, a node whose text (with its references renumbered) another piece already gave
/// being that node (the compile unit, its file and the module flags every piece of a
/// program repeats).
#[derive(Default)]
struct LinkedMetadata {
    nodes: Vec<String>,
    numbers: FxHashMap<String, u32>,
    named: Vec<(String, Vec<u32>)>,
}

impl LinkedMetadata {
    /// Takes in a piece's metadata; returns its numbers' numbers in the linked module.
    fn add(&mut self, piece: &Metadata) -> HashMap<u32, u32> {
        let mut map = HashMap::new();
        let texts: HashMap<u32, &str> = piece.nodes.iter().map(|(n, t)| (*n, t.as_str())).collect();
        for (n, _) in &piece.nodes {
            self.number(*n, &texts, &mut map, &mut Vec::new());
        }
        for (name, refs) in &piece.named {
            let refs: Vec<u32> = refs.iter().filter_map(|r| map.get(r).copied()).collect();
            match self.named.iter_mut().find(|(n, _)| n == name) {
                Some((_, all)) => {
                    for r in refs {
                        if !all.contains(&r) {
                            all.push(r);
                        }
                    }
                }
                None => self.named.push((name.clone(), refs)),
            }
        }
        map
    }

    /// The linked number of the piece's node `n`, its references numbered first. A node on
    /// a cycle of references (line tables make none) is numbered without being shared.
    fn number(
        &mut self,
        n: u32,
        texts: &HashMap<u32, &str>,
        map: &mut HashMap<u32, u32>,
        path: &mut Vec<u32>,
    ) -> u32 {
        if let Some(m) = map.get(&n) {
            return *m;
        }
        let Some(text) = texts.get(&n) else {
            return n;
        };
        if path.contains(&n) {
            let m = self.nodes.len() as u32;
            self.nodes.push(String::new());
            map.insert(n, m);
            return m;
        }
        path.push(n);
        for r in metadata_references(text).collect::<Vec<_>>() {
            self.number(r, texts, map, path);
        }
        path.pop();
        let renumbered = renumber_metadata(text, map);
        if let Some(&m) = map.get(&n) {
            // Numbered while its references were (a cycle): its place is kept.
            self.nodes[m as usize] = renumbered;
            return m;
        }
        let m = match self.numbers.get(&renumbered) {
            Some(&m) => m,
            None => {
                let m = self.nodes.len() as u32;
                self.numbers.insert(renumbered.clone(), m);
                self.nodes.push(renumbered);
                m
            }
        };
        map.insert(n, m);
        m
    }

    /// Appends the named nodes and then the numbered ones, as LLVM prints them.
    fn write(&self, out: &mut String) {
        if self.nodes.is_empty() && self.named.is_empty() {
            return;
        }
        out.push('\n');
        for (name, refs) in &self.named {
            let list: Vec<String> = refs.iter().map(|r| format!("!{r}")).collect();
            let _ = writeln!(out, "!{name} = !{{{}}}", list.join(", "));
        }
        if !self.named.is_empty() {
            out.push('\n');
        }
        for (m, text) in self.nodes.iter().enumerate() {
            let _ = writeln!(out, "!{m} = {text}");
        }
    }
}

/// The metadata references (`!N`) of `text`, outside its strings, in order.
fn metadata_references(text: &str) -> impl Iterator<Item = u32> + '_ {
    let mut refs = Vec::new();
    scan_metadata(text, |n| {
        refs.push(n);
        None
    });
    refs.into_iter()
}

/// Rewrites the metadata references (`!N`) of `text` outside its strings through `map`
/// (a number it lacks is kept).
fn renumber_metadata(text: &str, map: &HashMap<u32, u32>) -> String {
    scan_metadata(text, |n| map.get(&n).copied())
}

/// Walks `text`'s metadata references (`!` and digits, outside `"..."`), giving each
/// number to `replace`, and returns the text with each replaced where it says.
fn scan_metadata(text: &str, mut replace: impl FnMut(u32) -> Option<u32>) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut copied, mut quoted) = (0, 0, false);
    while i < b.len() {
        match b[i] {
            b'"' => quoted = !quoted,
            b'!' if !quoted => {
                let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                if digits > 0 {
                    if let Ok(n) = text[i + 1..i + 1 + digits].parse::<u32>() {
                        if let Some(m) = replace(n) {
                            out.push_str(&text[copied..=i]);
                            let _ = write!(out, "{m}");
                            copied = i + 1 + digits;
                        }
                    }
                    i += digits;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_drop_value_names_and_attribute_references() {
        assert_eq!(
            head("define { i32, i32 } @f(i32 %0, ptr %1) {").unwrap(),
            ("f".to_string(), "{ i32, i32 } (i32, ptr)".to_string())
        );
        assert_eq!(
            head("declare i32 @llvm.smax.i32(i32, i32) #0").unwrap(),
            ("llvm.smax.i32".to_string(), "i32 (i32, i32)".to_string())
        );
        assert_eq!(head("define void @g() {").unwrap().1, "void ()".to_string());
    }

    fn entity(line: &str) -> Entity {
        let (name, signature) = head(line).expect("a function line");
        Entity::new(name, signature, format!("{line}\n"))
    }

    #[test]
    fn signatures_are_types_without_attributes() {
        let (name, sig) = head("define private noundef zeroext i8 @f(ptr noalias align 16 %0, { ptr, [2 x i64] } %1, i16 signext %2) #0 {").expect("reads");
        assert_eq!(name, "f");
        assert_eq!(sig, "i8 (ptr, { ptr, [2 x i64] }, i16)");
        let (_, sig) =
            head("declare noalias { ptr, ptr } @g(ptr dereferenceable(8), i32)").expect("reads");
        assert_eq!(sig, "{ ptr, ptr } (ptr, i32)");
        let attributed = |l: &str| head_of(l).map(|h| h.attributed);
        assert_eq!(attributed("declare i8 @g(ptr, i32)"), Ok(false));
        assert_eq!(
            attributed("define i8 @g(ptr %0, { i32, i64 } %1) {"),
            Ok(false)
        );
        assert_eq!(attributed("declare zeroext i8 @g(ptr, i32)"), Ok(true));
        assert_eq!(attributed("define i8 @g(ptr noalias %0) {"), Ok(true));
        assert_eq!(attributed("define void @g() #0 {"), Ok(false));
    }

    #[test]
    fn an_attributed_declaration_stands_for_the_function() {
        let tm = crate::target::target_machine(&crate::target::CodegenOptions::default())
            .expect("host target");
        // A caller declares its callee from the call's arguments; the external function's
        // own declaration has the attributes that decide how a call passes them.
        let caller = FunctionCode {
            definition: None,
            declarations: vec![entity("declare i8 @ext(i8)")],
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let own = FunctionCode {
            definition: None,
            declarations: vec![entity("declare zeroext i8 @ext(i8 zeroext)")],
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        assert!(!caller.declarations[0].attributed());
        assert!(own.declarations[0].attributed());
        for parts in [[&caller, &own], [&own, &caller]] {
            let linked = link(&parts, &tm).expect("agree");
            assert!(
                linked.contains("declare zeroext i8 @ext(i8 zeroext)\n"),
                "{linked}"
            );
            assert_eq!(linked.matches("@ext(").count(), 1, "{linked}");
        }
        // Objects at -O0 are then made from the whole module, not in units whose callers
        // would only see their own declarations.
        let opts = crate::target::CodegenOptions::default();
        assert_eq!(
            crate::object::units::compile_units(&[&caller, &own], &opts, None).ok(),
            Some(None)
        );
    }

    #[test]
    fn linking_checks_that_uses_agree_with_the_definition() {
        let tm = crate::target::target_machine(&crate::target::CodegenOptions::default())
            .expect("host target");
        let def = FunctionCode {
            definition: Some(Entity::new(
                "f".to_string(),
                "i32 (i32)".to_string(),
                "define i32 @f(i32 %0) {\nbb0:\n  ret i32 %0\n}\n".to_string(),
            )),
            declarations: Vec::new(),
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let good_use = FunctionCode {
            definition: None,
            declarations: vec![entity("declare i32 @f(i32)")],
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let bad_use = FunctionCode {
            definition: None,
            declarations: vec![entity("declare i64 @f(i64)")],
            attributes: Vec::new(),
            metadata: Default::default(),
        };
        let linked = link(&[&def, &good_use], &tm).expect("agree");
        assert_eq!(linked.matches("@f(").count(), 1, "{linked}");
        let e = link(&[&bad_use, &def], &tm).expect_err("disagree");
        assert!(e.to_string().contains("`@f` is used as"), "{e}");
        // An object at -O0 is compiled in units, beside the same check: its error wins.
        let opts = crate::target::CodegenOptions::default();
        let e = crate::object::emit::emit_code(&[&bad_use, &def], crate::target::Emit::Obj, &opts)
            .expect_err("disagree");
        assert!(e.to_string().contains("`@f` is used as"), "{e}");
        assert!(crate::object::emit::emit_code(
            &[&def, &good_use],
            crate::target::Emit::Obj,
            &opts
        )
        .is_ok());
    }

    #[test]
    fn attribute_groups_are_numbered_in_order_of_first_use() {
        let tm = crate::target::target_machine(&crate::target::CodegenOptions::default())
            .expect("host target");
        let part = |line: &str, n: u32, group: &str| FunctionCode {
            definition: None,
            declarations: vec![entity(line)],
            attributes: vec![(n, group.to_string())],
            metadata: Default::default(),
        };
        let a = part("declare i32 @a(i32) #3", 3, "{ nounwind }");
        let b = part("declare i32 @b(i32) #0", 0, "{ cold }");
        let c = part("declare i32 @c(i32) #7", 7, "{ nounwind }");
        let linked = link(&[&a, &b, &c], &tm).expect("links");
        assert!(linked.contains("@a(i32) #0\n"), "{linked}");
        assert!(linked.contains("@b(i32) #1\n"), "{linked}");
        assert!(linked.contains("@c(i32) #0\n"), "{linked}");
        assert!(
            linked.ends_with("\nattributes #0 = { nounwind }\nattributes #1 = { cold }\n"),
            "{linked}"
        );
    }

    #[test]
    fn renumbering_touches_only_mapped_references() {
        let map = HashMap::from([(0, 3)]);
        assert_eq!(
            renumber("declare i32 @a(i32) #0\n; x #1\n", &map),
            "declare i32 @a(i32) #3\n; x #1\n"
        );
    }

    /// `@NAME(i64) -> i64` returning its argument plus one, each instruction from an
    /// operation of its own.
    fn located(name: &str) -> Lowered {
        use kiln_lowered::{Inst, LoweredBlock, Operand, TargetOp as Op};
        let i64t = || Operand::Node(Op::I64, vec![]);
        let at = |source, inst: Inst| Inst { source, ..inst };
        Lowered {
            name: name.to_string(),
            signature: Operand::Node(Op::Sig, vec![i64t(), Operand::List(vec![i64t()])]),
            blocks: vec![LoweredBlock {
                label: String::new(),
                params: None,
                reachable: true,
                insts: vec![
                    Inst::new(Some(0), Op::Arg, vec![i64t(), Operand::Int(0)]),
                    at(
                        0,
                        Inst::new(Some(1), Op::Constant, vec![i64t(), Operand::Int(1)]),
                    ),
                    at(
                        1,
                        Inst::new(
                            Some(2),
                            Op::Add,
                            vec![i64t(), Operand::Value(0), Operand::Value(1)],
                        ),
                    ),
                    at(2, Inst::new(None, Op::Return, vec![Operand::Value(2)])),
                ],
            }],
            order: vec![0],
            linkage: kiln_lowered::Linkage::External,
            attrs: Default::default(),
            callee_attrs: Vec::new(),
            fn_attrs: Vec::new(),
        }
    }

    /// Where [`located`]'s operations are, the function at `line`.
    fn places(line: u32) -> FunctionDebug {
        FunctionDebug {
            file: "k.mlir".to_string(),
            directory: "/src".to_string(),
            scope_file: None,
            line,
            locations: vec![(line + 1, 3), (line + 2, 8), (line + 3, 3)],
        }
    }

    #[test]
    fn linked_line_tables_share_one_compile_unit_and_keep_each_function_s_lines() {
        let tm = crate::target::target_machine(&crate::target::CodegenOptions::default())
            .expect("host target");
        let f = build_function_code(&located("f"), Some(&places(1)), &tm).expect("builds");
        let g = build_function_code(&located("g"), Some(&places(10)), &tm).expect("builds");
        assert!(!f.metadata.is_empty());
        let linked = link(&[&f, &g], &tm).expect("links");
        assert_eq!(linked.matches("!DICompileUnit(").count(), 1, "{linked}");
        assert_eq!(linked.matches("!DIFile(").count(), 1, "{linked}");
        assert_eq!(linked.matches("!llvm.dbg.cu = !{").count(), 1, "{linked}");
        assert_eq!(
            linked.matches("\"Debug Info Version\"").count(),
            1,
            "{linked}"
        );
        assert!(
            linked.contains("!DILocation(line: 3, column: 8,"),
            "{linked}"
        );
        assert!(
            linked.contains("!DILocation(line: 12, column: 8,"),
            "{linked}"
        );
        // LLVM reads the linked module back and its verifier, which checks each location's
        // scope against its function's subprogram, accepts it.
        let ctx = Context::create();
        let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
            linked.as_bytes(),
            "linked",
        );
        let module = ctx.create_module_from_ir(buffer).expect("LLVM reads it");
        module.verify().expect("verifies");
        // Linking the pieces the other way round numbers the nodes in that order instead.
        let swapped = link(&[&g, &f], &tm).expect("links");
        assert_eq!(swapped.matches("!DICompileUnit(").count(), 1, "{swapped}");
    }

    #[test]
    fn metadata_references_outside_strings_are_renumbered() {
        let map = HashMap::from([(3, 0), (5, 1)]);
        assert_eq!(
            renumber_metadata("!{!3, !\"!3\", !5, !7} !dbg !5", &map),
            "!{!0, !\"!3\", !1, !7} !dbg !1"
        );
        assert_eq!(
            metadata_references("!DILocation(line: 2, scope: !12)").collect::<Vec<_>>(),
            vec![12]
        );
    }
}
