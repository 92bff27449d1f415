//! A file's functions as inputs of their own ([`SourceFile::sources`]), kept in step with
//! its text by whoever sets the text (a session).
//!
//! Salsa checks a memo without walking its dependencies when no input of the memo's
//! durability changed since the memo was last checked. A function's queries read its own
//! input (of medium durability) and inputs of higher durability (the configuration, the
//! rules). An edit never writes the input's text: the function's new text goes to a body
//! of its own ([`crate::FunctionBody`], of low durability, made by its first edit), and
//! the function becomes a new item that carries it. Its callers read its interface off its
//! input, written only when the edit changes it. So an edit of a body writes nothing of
//! medium durability, and every other function's memos are checked at a glance.
//!
//! ```
//! use kiln_engine::{functions, sources, Database, SourceFile};
//! use salsa::{plumbing::AsId, Setter};
//!
//! let mut db = Database::new();
//! let text = "func.func @a() {\n  func.return\n}\nfunc.func @b() {\n  func.return\n}\n";
//! let file = SourceFile::new(&db, "m.mlir".into(), text.into(), None);
//! let split = sources::split_sources(&mut db, file, None).unwrap();
//! let list = file.sources(&db).clone();
//! let before: Vec<_> = functions(&db, file).iter().map(|f| f.as_id()).collect();
//! // Editing `@b`'s body keeps the list of inputs and `@a`'s item, and gives `@b` a body.
//! let edited = text.replace("@b() {", "@b() {\n  // edited");
//! let old = file.set_text(&mut db).to(edited);
//! sources::split_sources(&mut db, file, Some((&old, &split))).unwrap();
//! let after: Vec<_> = functions(&db, file).iter().map(|f| f.as_id()).collect();
//! assert_eq!(*file.sources(&db), list);
//! assert_eq!(after[0], before[0]);
//! assert_ne!(after[1], before[1]);
//! let body = functions(&db, file)[1].body(&db).unwrap();
//! assert!(body.text(&db).contains("// edited"));
//! ```

use crate::db::Database;
use crate::inputs::{FunctionBody, FunctionSource, Header, Interface, SourceFile};
use crate::query::check::{function_ir, functions, header_from, interface_from};
use kiln_frontend::split::{split_module, split_module_around, unchanged_ends, FunctionSpan};
use rustc_hash::FxHashMap;
use salsa::{Durability, Setter};

/// Splits a file's (new) text into functions and sets its function inputs to match:
/// an unchanged function keeps its input untouched (even when the edit moved it), an
/// edited one keeps its input and gets its new text as its body (a [`FunctionBody`] of low
/// durability, made by its first edit), a new one gets an input left by a removed function
/// or a new one, and an input no function keeps is emptied. Each function's interface and
/// header are recorded on its input when the file is first split, and written again only
/// when an edit changes them. `old` is the text before the edit and its split (the value
/// this returned then), if any: the split then lexes only around the edit, and functions
/// are matched to their inputs through it.
///
/// Returns the split (`None`: the file is not of a plain shape, and its functions are the
/// queries' to find, from the whole file's parse).
pub fn split_sources(
    db: &mut Database,
    file: SourceFile,
    old: Option<(&str, &[FunctionSpan])>,
) -> Option<Vec<FunctionSpan>> {
    split_sources_edited(db, file, old, None, None)
}

/// How a caller has every function of a file parsed before a split records their
/// interfaces (a session parses them on every thread); without one, they are parsed one
/// after the other as they are recorded.
pub type ParseAll<'a> = &'a dyn Fn(&Database, SourceFile);

/// [`split_sources`] when the caller knows what the edit left in place: the bytes the old
/// and the new text share at their start and then at their end (never overlapping), as an
/// edit of a byte range tells (`Session::edit_source` in `src/session.rs`). The texts are
/// then not compared to find them. Any pair of counts that holds (bytes both texts share
/// at their start, then at their end, not overlapping) is sound: shorter ends only leave
/// more functions to be matched by name. `parse_all`, if given, parses every function of
/// a file split afresh before their interfaces are recorded.
pub fn split_sources_edited(
    db: &mut Database,
    file: SourceFile,
    old: Option<(&str, &[FunctionSpan])>,
    known_ends: Option<(usize, usize)>,
    parse_all: Option<ParseAll<'_>>,
) -> Option<Vec<FunctionSpan>> {
    let text = file.text(db);
    // What the edit left in place, found once for the split and the matching.
    let ends =
        old.map(|(old_text, _)| known_ends.unwrap_or_else(|| unchanged_ends(text, old_text)));
    let spans = match (old, ends) {
        (Some((old_text, old_spans)), Some(ends)) => {
            split_module_around(text, old_text.len(), old_spans, ends)
        }
        _ => split_module(text),
    };
    let old_sources = file.sources(db).clone();
    // Each edited function's body, by its input.
    let mut bodies: FxHashMap<FunctionSource, FunctionBody> = old_sources
        .iter()
        .flatten()
        .zip(file.bodies(db))
        .filter_map(|(s, b)| Some((*s, (*b)?)))
        .collect();
    let Some(spans) = spans else {
        if let Some(sources) = old_sources {
            retire(db, &sources, &bodies);
            file.set_sources(db)
                .with_durability(Durability::MEDIUM)
                .to(None);
            file.set_offsets(db).to(Vec::new());
            file.set_bodies(db)
                .with_durability(Durability::LOW)
                .to(Vec::new());
        }
        return None;
    };
    let plan = match (old, old_sources) {
        (Some((old_text, old_spans)), Some(sources)) if sources.len() == old_spans.len() => {
            let ends = ends.unwrap_or_default();
            match_functions(
                (text.len(), old_text.len()),
                ends,
                old_spans,
                &spans,
                sources,
            )
        }
        (_, sources) => Plan {
            keep: Vec::new(),
            middle: 0..spans.len(),
            reuse: Vec::new(),
            retired: sources.unwrap_or_default(),
            old_list: None,
        },
    };
    // The texts of the functions that changed, copied out before the database is written.
    let changed: Vec<(String, String)> = plan
        .middle
        .clone()
        .map(|i| {
            let f = &spans[i];
            let own = text.get(f.span.range()).unwrap_or_default();
            (f.name.clone(), own.to_string())
        })
        .collect();
    let offsets: Vec<u32> = spans.iter().map(|f| f.span.start).collect();
    let fresh = plan.old_list.is_none();
    let mut middle = Vec::with_capacity(changed.len());
    // The places in the new list of the functions whose text is new.
    let mut edited = Vec::new();
    for (k, (name, own)) in changed.into_iter().enumerate() {
        match plan.reuse.get(k).copied().flatten() {
            Some(source) => {
                // A name stays of medium durability: the list of the file's functions reads
                // it, and every function reads that list (`function_index`).
                if *source.name(db) != name {
                    source
                        .set_name(db)
                        .with_durability(Durability::MEDIUM)
                        .to(name);
                }
                // The new text goes to the function's body, never to its input: the
                // input's text is of medium durability, and a write of it would have
                // salsa walk every memo of the file.
                let body = bodies.get(&source).copied();
                let now = body.map_or_else(|| source.text(db), |b| b.text(db));
                if *now != own {
                    match body {
                        Some(body) => {
                            body.set_text(db).with_durability(Durability::LOW).to(own);
                        }
                        None => {
                            let body = FunctionBody::builder(own)
                                .durability(Durability::LOW)
                                .new(&*db);
                            bodies.insert(source, body);
                        }
                    }
                    edited.push(plan.middle.start + k);
                }
                middle.push(source);
            }
            // A file's first functions are as durable as the rest of it; a function added
            // later is likely to be edited next, so its text has low durability from the
            // start. Its name and interface are of medium durability whatever the text's:
            // the list of functions, which every function reads, reads the name. Its
            // interface is written now, with the list (a write of medium durability
            // already), not by its first edit.
            None => {
                let source = FunctionSource::builder(name, own)
                    .durability(Durability::MEDIUM)
                    .text_durability(if fresh {
                        Durability::MEDIUM
                    } else {
                        Durability::LOW
                    })
                    .new(&*db);
                edited.push(plan.middle.start + k);
                middle.push(source);
            }
        }
    }
    retire(db, &plan.retired, &bodies);
    let list: Vec<FunctionSource> = plan.keep[..plan.middle.start]
        .iter()
        .chain(&middle)
        .chain(&plan.keep[plan.middle.start..])
        .copied()
        .collect();
    let mut listed: Vec<Option<FunctionBody>> =
        list.iter().map(|s| bodies.get(s).copied()).collect();
    while listed.last() == Some(&None) {
        listed.pop();
    }
    if plan.old_list.as_ref() != Some(&list) {
        file.set_sources(db)
            .with_durability(Durability::MEDIUM)
            .to(Some(list));
    }
    if *file.bodies(db) != listed {
        file.set_bodies(db)
            .with_durability(Durability::LOW)
            .to(listed);
    }
    if *file.offsets(db) != offsets {
        file.set_offsets(db).to(offsets);
    }
    if fresh && !edited.is_empty() {
        if let Some(parse_all) = parse_all {
            parse_all(db, file);
        }
    }
    set_interfaces(db, file, &edited);
    Some(spans)
}

/// Gives each edited function's input (`edited`: their places in the file's list of
/// functions; every function, after a fresh split) the interface and the header its text
/// has, where they differ from the ones it carries (see [`FunctionSource::interface`] and
/// [`FunctionSource::header`]: its callers then keep their verification and lowering, and
/// the file its reflection symbols, when the edit left them as they were).
fn set_interfaces(db: &mut Database, file: SourceFile, edited: &[usize]) {
    if edited.is_empty() {
        return;
    }
    type Changed = (FunctionSource, Option<Interface>, Option<Option<Header>>);
    let items = functions(db, file);
    let changed: Vec<Changed> = edited
        .iter()
        .filter_map(|&i| {
            let item = items.get(i)?;
            let source = item.source(db)?;
            let interface = interface_from(function_ir(db, *item));
            let header = header_from(db, *item).map(|h| h.to_header());
            let interface =
                (source.interface(db).as_ref() != Some(&interface)).then_some(interface);
            let header = (source.header(db).as_ref() != Some(&header)).then_some(header);
            (interface.is_some() || header.is_some()).then_some((source, interface, header))
        })
        .collect();
    for (source, interface, header) in changed {
        if let Some(interface) = interface {
            source
                .set_interface(db)
                .with_durability(Durability::MEDIUM)
                .to(Some(interface));
        }
        if let Some(header) = header {
            source
                .set_header(db)
                .with_durability(Durability::MEDIUM)
                .to(Some(header));
        }
    }
}

/// How the functions of a new split map to the inputs of the old one.
struct Plan {
    /// The inputs of the functions before and after the changed ones (unchanged, at most
    /// shifted), in order: the first `middle.start` are before.
    keep: Vec<FunctionSource>,
    /// The new split's changed functions.
    middle: std::ops::Range<usize>,
    /// For each of them, the old input it keeps, if any.
    reuse: Vec<Option<FunctionSource>>,
    /// Old inputs no function has any more.
    retired: Vec<FunctionSource>,
    /// The old list of inputs (`None`: there was none to match).
    old_list: Option<Vec<FunctionSource>>,
}

/// Matches the new split with the old one: functions wholly before the first changed byte
/// or wholly after the last are the old ones (their bytes are equal); each of those between
/// keeps the input of the old function of its name, else takes one left, in order.
fn match_functions(
    (len, old_len): (usize, usize),
    (prefix, suffix): (usize, usize),
    old: &[FunctionSpan],
    new: &[FunctionSpan],
    sources: Vec<FunctionSource>,
) -> Plan {
    let same = |o: &FunctionSpan, n: &FunctionSpan| {
        o.name == n.name && o.span.end - o.span.start == n.span.end - n.span.start
    };
    let mut head = 0;
    while head < old.len().min(new.len())
        && (new[head].span.end as usize) <= prefix
        && old[head].span == new[head].span
        && same(&old[head], &new[head])
    {
        head += 1;
    }
    let mut tail = 0;
    while tail < (old.len() - head).min(new.len() - head) {
        let (o, n) = (&old[old.len() - 1 - tail], &new[new.len() - 1 - tail]);
        if (o.span.start as usize) < old_len - suffix
            || (n.span.start as usize) < len - suffix
            || old_len - o.span.start as usize != len - n.span.start as usize
            || !same(o, n)
        {
            break;
        }
        tail += 1;
    }
    let old_middle = head..old.len() - tail;
    let new_middle = head..new.len() - tail;
    // Between them, a function keeps the input of the old function of its name (a diff of
    // bytes can end inside a function the edit did not touch); the others take the
    // inputs left, in order.
    let mut by_name: rustc_hash::FxHashMap<&str, Vec<usize>> = Default::default();
    for o in old_middle.clone().rev() {
        by_name.entry(old[o].name.as_str()).or_default().push(o);
    }
    let mut taken = vec![false; old.len()];
    let mut reuse: Vec<Option<FunctionSource>> = new[new_middle.clone()]
        .iter()
        .map(|n| {
            let o = by_name.get_mut(n.name.as_str())?.pop()?;
            taken[o] = true;
            Some(sources[o])
        })
        .collect();
    let left: Vec<Option<usize>> = old_middle
        .clone()
        .map(|o| (!taken[o]).then_some(o))
        .collect();
    let mut spare = left.into_iter().flatten().map(|o| sources[o]);
    for r in reuse.iter_mut().filter(|r| r.is_none()) {
        *r = spare.next();
    }
    let retired = spare.collect();
    let keep = sources[..head]
        .iter()
        .chain(&sources[old_middle.end..])
        .copied()
        .collect();
    Plan {
        keep,
        middle: new_middle,
        reuse,
        retired,
        old_list: Some(sources),
    }
}

/// Empties the inputs of functions that left the file, and their bodies (salsa frees no
/// input; its text, the bulk of it, goes).
fn retire(
    db: &mut Database,
    sources: &[FunctionSource],
    bodies: &FxHashMap<FunctionSource, FunctionBody>,
) {
    for s in sources {
        if !s.text(db).is_empty() {
            s.set_text(db)
                .with_durability(Durability::LOW)
                .to(String::new());
        }
        if let Some(body) = bodies.get(s) {
            if !body.text(db).is_empty() {
                body.set_text(db)
                    .with_durability(Durability::LOW)
                    .to(String::new());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use salsa::Setter;

    fn function(name: &str, body: &str) -> String {
        format!("func.func @{name}() {{\n  {body}\n  func.return\n}}\n")
    }

    /// A file of the given functions, split, and its inputs by name.
    struct Open {
        db: Database,
        file: SourceFile,
        split: Option<Vec<FunctionSpan>>,
    }

    impl Open {
        fn new(text: &str) -> Open {
            let mut db = Database::new();
            let file = SourceFile::new(&db, "m.mlir".into(), text.into(), None);
            let split = split_sources(&mut db, file, None);
            Open { db, file, split }
        }

        fn edit(&mut self, text: &str) {
            let old = self.file.set_text(&mut self.db).to(text.to_string());
            let previous = self.split.as_deref().map(|s| (old.as_str(), s));
            self.split = split_sources(&mut self.db, self.file, previous);
        }

        /// Each function's name and input, in order.
        fn sources(&self) -> Vec<(String, FunctionSource)> {
            self.file
                .sources(&self.db)
                .iter()
                .flatten()
                .map(|s| (s.name(&self.db).clone(), *s))
                .collect()
        }

        /// A function's text now: its body's, once it was edited, else its input's.
        fn text(&self, name: &str) -> String {
            let source = self.input(name);
            let list = self.file.sources(&self.db).clone().unwrap_or_default();
            let at = list.iter().position(|s| *s == source);
            match at.and_then(|i| self.file.bodies(&self.db).get(i).copied().flatten()) {
                Some(body) => body.text(&self.db).clone(),
                None => source.text(&self.db).clone(),
            }
        }

        fn input(&self, name: &str) -> FunctionSource {
            self.sources()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, s)| s)
                .expect("a function of that name")
        }
    }

    #[test]
    fn an_edit_keeps_every_input_and_gives_the_edited_one_its_text() {
        let (a, b, c) = (function("a", ""), function("b", ""), function("c", ""));
        let mut open = Open::new(&format!("{a}{b}{c}"));
        let before = open.sources();
        let interfaces: Vec<_> = before
            .iter()
            .map(|(_, s)| s.interface(&open.db).clone())
            .collect();
        // Every function's interface was recorded when the file was split.
        assert!(interfaces.iter().all(Option::is_some));
        let b2 = function("b", "// edited");
        open.edit(&format!("{a}{b2}{c}"));
        assert_eq!(open.sources(), before);
        // A function's text ends at its closing brace. The edited one's is its body's; its
        // input keeps the text the split found (a write of it would be of medium
        // durability, `SourceFile::bodies`).
        assert_eq!(open.text("b"), b2.trim_end());
        assert_eq!(*open.input("b").text(&open.db), b.trim_end());
        assert_eq!(open.text("c"), c.trim_end());
        assert_eq!(open.file.bodies(&open.db).len(), 2);
        assert!(open.file.bodies(&open.db)[0].is_none());
        let offsets = open.file.offsets(&open.db).clone();
        assert_eq!(offsets, [0, a.len() as u32, (a.len() + b2.len()) as u32]);
        // The edit left the interfaces as they were.
        let after: Vec<_> = before
            .iter()
            .map(|(_, s)| s.interface(&open.db).clone())
            .collect();
        assert_eq!(after, interfaces);
        // A second edit writes the same body; an edit of the signature writes the interface.
        let body = open.file.bodies(&open.db)[1];
        let b3 = "func.func @b(%x: i32) {\n  func.return\n}\n";
        open.edit(&format!("{a}{b3}{c}"));
        assert_eq!(open.file.bodies(&open.db)[1], body);
        assert_eq!(open.text("b"), b3.trim_end());
        assert_ne!(*open.input("b").interface(&open.db), interfaces[1]);
        // Removing the function empties its body.
        open.edit(&format!("{a}{c}"));
        assert!(body.is_some_and(|b| b.text(&open.db).is_empty()));
        assert!(open.file.bodies(&open.db).iter().all(Option::is_none));
    }

    #[test]
    fn adding_and_removing_functions_keeps_the_others_inputs() {
        let (a, b, c) = (function("a", ""), function("b", ""), function("c", ""));
        let mut open = Open::new(&format!("{a}{c}"));
        let (ia, ic) = (open.input("a"), open.input("c"));
        open.edit(&format!("{a}{b}{c}"));
        assert_eq!(open.sources().len(), 3);
        assert_eq!((open.input("a"), open.input("c")), (ia, ic));
        let ib = open.input("b");
        assert!(ib != ia && ib != ic);
        open.edit(&format!("{b}{c}"));
        assert_eq!(open.sources().len(), 2);
        assert_eq!(open.input("c"), ic);
        // `@a` left; its input (reused for `@b` or emptied) holds no text of `@a`.
        assert!(open
            .sources()
            .iter()
            .all(|(_, s)| s.text(&open.db).as_str() != a.trim_end()));
        assert!(ia.text(&open.db).is_empty());
    }

    #[test]
    fn a_text_that_does_not_split_has_no_inputs_until_it_does_again() {
        let (a, b) = (function("a", ""), function("b", ""));
        let mut open = Open::new(&format!("{a}{b}"));
        let ia = open.input("a");
        // An unclosed body: not of a plain shape.
        open.edit(&format!("{a}func.func @b() {{\n"));
        assert_eq!(open.split, None);
        assert_eq!(*open.file.sources(&open.db), None);
        assert!(ia.text(&open.db).is_empty());
        open.edit(&format!("{a}{b}"));
        assert_eq!(open.sources().len(), 2);
        assert_eq!(*open.input("a").text(&open.db), a.trim_end());
    }

    #[test]
    fn renaming_a_function_renames_its_input() {
        let (a, b) = (function("a", ""), function("b", ""));
        let mut open = Open::new(&format!("{a}{b}"));
        let ib = open.input("b");
        open.edit(&format!("{a}{}", function("z", "")));
        assert_eq!(open.input("z"), ib);
        assert_eq!(open.sources().len(), 2);
    }
}
