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
//! A function finds the functions it calls in its own record ([`Calls`]), not through the
//! file's list of functions, which is of low durability: adding or removing a function
//! writes nothing of medium durability either. When a function never edited calls its
//! name, that caller is given a body of its own text to hold its new record, as an edit
//! would give it one.
//!
//! ```
//! use kiln_engine::{functions, split_sources, Database, SourceFile};
//! use salsa::{plumbing::AsId, Setter};
//!
//! let mut db = Database::new();
//! let text = "func.func @a() {\n  func.return\n}\nfunc.func @b() {\n  func.return\n}\n";
//! let file = SourceFile::new(&db, "m.mlir".into(), text.into(), None);
//! let split = split_sources(&mut db, file, None).unwrap();
//! let list = file.sources(&db).clone();
//! let before: Vec<_> = functions(&db, file).iter().map(|f| f.as_id()).collect();
//! // Editing `@b`'s body keeps the list of inputs and `@a`'s item, and gives `@b` a body.
//! let edited = text.replace("@b() {", "@b() {\n  // edited");
//! let old = file.set_text(&mut db).to(edited);
//! split_sources(&mut db, file, Some((&old, &split))).unwrap();
//! let after: Vec<_> = functions(&db, file).iter().map(|f| f.as_id()).collect();
//! assert_eq!(*file.sources(&db), list);
//! assert_eq!(after[0], before[0]);
//! assert_ne!(after[1], before[1]);
//! let body = functions(&db, file)[1].body(&db).unwrap();
//! assert!(body.text(&db).contains("// edited"));
//! ```

use crate::db::Database;
use crate::inputs::{Calls, FunctionBody, FunctionSource, Header, Interface, SourceFile};
use crate::query::check::{function_ir, functions, header_from, interface_from};
use kiln_frontend::split::{split_module, split_module_around, unchanged_ends, FunctionSpan};
use rustc_hash::{FxHashMap, FxHashSet};
use salsa::{Durability, Setter};

/// Once the texts of the inputs of functions that left a file add up to this many bytes,
/// they are emptied together ([`SourceFile::retired`]): one walk of every memo for about
/// five hundred removals of a function.
pub const RETIRED_TEXT: usize = 1 << 20;

/// Splits a file's (new) text into functions and sets its function inputs to match:
/// an unchanged function keeps its input untouched (even when the edit moved it), an
/// edited one keeps its input and gets its new text as its body (a [`FunctionBody`] of low
/// durability, made by its first edit), a new or renamed one gets a new input, and an input
/// no function keeps is retired ([`SourceFile::retired`]). Each function's interface,
/// header and calls (`Calls`) are recorded on its input when the file is first split,
/// and written again only when an edit changes them; when a function comes or leaves,
/// the calls of the callers of its name are recorded again. `old` is the text before the edit and its split (the value
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
/// edit of a byte range tells (`Session::edit_source` in `driver/src/session.rs`). The texts are
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
            retire(db, file, &sources, &bodies, true);
            file.set_sources(db)
                .with_durability(Durability::LOW)
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
    // The names whose function may change: those of the functions that left and of the
    // new ones (callers of any other name keep their record of calls as it is). None after
    // a fresh split, which records every function's calls anyway.
    let mut touched: Vec<String> = match fresh {
        true => Vec::new(),
        false => plan.retired.iter().map(|s| s.name(db).clone()).collect(),
    };
    let mut middle = Vec::with_capacity(changed.len());
    // The bodies this edit made (a function's first edit): their record of calls is still
    // to be made, from the input's.
    let mut new_bodies = FxHashSet::default();
    // The places in the new list of the functions whose text is new.
    let mut edited = Vec::new();
    for (k, (name, own)) in changed.into_iter().enumerate() {
        match plan.reuse.get(k).copied().flatten() {
            Some(source) => {
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
                            new_bodies.insert(body);
                        }
                    }
                    edited.push(plan.middle.start + k);
                }
                middle.push(source);
            }
            // A new function (or one renamed) gets an input of its own. A file's first
            // functions are as durable as the rest of it; a function added later is likely
            // to be edited next, so its text has low durability from the start. What its
            // callers and the file's summaries read (interface, header, calls) is recorded
            // below at medium durability; those fields are made of low durability so that
            // the recording reports a write of low durability (salsa reports a write at the
            // durability the field had): no memo can have read an input made now, and so
            // no memo of medium durability needs checking.
            None => {
                if !fresh {
                    touched.push(name.clone());
                }
                let source = FunctionSource::builder(name, own)
                    .durability(Durability::MEDIUM)
                    .text_durability(if fresh {
                        Durability::MEDIUM
                    } else {
                        Durability::LOW
                    })
                    .interface_durability(Durability::LOW)
                    .header_durability(Durability::LOW)
                    .calls_durability(Durability::LOW)
                    .new(&*db);
                edited.push(plan.middle.start + k);
                middle.push(source);
            }
        }
    }
    let list: Vec<FunctionSource> = plan.keep[..plan.middle.start]
        .iter()
        .chain(&middle)
        .chain(&plan.keep[plan.middle.start..])
        .copied()
        .collect();
    // Who each touched name meant before the edit, read off the old list.
    let touched_before = match &plan.old_list {
        Some(old_list) if !touched.is_empty() => first_of(db, old_list, &touched),
        _ => FxHashMap::default(),
    };
    retire(db, file, &plan.retired, &bodies, list.is_empty());
    let mut listed: Vec<Option<FunctionBody>> =
        list.iter().map(|s| bodies.get(s).copied()).collect();
    while listed.last() == Some(&None) {
        listed.pop();
    }
    // The list is of low durability: only the file's and the groups' memos read it (each
    // function finds its callees in its own record of calls).
    if plan.old_list.as_ref() != Some(&list) {
        file.set_sources(db)
            .with_durability(Durability::LOW)
            .to(Some(list.clone()));
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
    // The names whose function changed, and the function each means now.
    let after = match touched.is_empty() {
        true => FxHashMap::default(),
        false => first_of(db, &list, &touched),
    };
    let moved: FxHashSet<&str> = touched
        .iter()
        .filter(|n| touched_before.get(n.as_str()) != after.get(n.as_str()))
        .map(String::as_str)
        .collect();
    let moved = Moved {
        names: moved,
        after: &after,
    };
    let mut names = Names::new(&list);
    let mut writes = record_edited(db, file, &edited, &new_bodies, &moved, &mut names);
    if !moved.names.is_empty() {
        record_callers(db, file, &moved, &edited, &mut writes);
    }
    write_records(db, file, writes);
    #[cfg(debug_assertions)]
    check_records(db, file);
    Some(spans)
}

/// In a debug build, checks that what the split recorded on the file's function inputs
/// (and bodies) is what recomputing it from each function's text now gives: its interface,
/// its header and its record of calls (each name it calls with the first function of that
/// name). The split writes these facts as inputs, so that an edit rechecks only what they
/// changed; this is the promise that they are always the derived values.
#[cfg(debug_assertions)]
fn check_records(db: &Database, file: SourceFile) {
    let Some(list) = file.sources(db) else {
        return;
    };
    let mut names = Names::new(list);
    for item in functions(db, file) {
        let Some(source) = item.source(db) else {
            continue;
        };
        let name = source.name(db);
        let built = function_ir(db, *item);
        assert_eq!(
            source.interface(db).as_ref(),
            Some(&interface_from(built)),
            "@{name}: the interface recorded is not the function's"
        );
        let header = header_from(db, *item).map(|h| h.to_header());
        assert_eq!(
            source.header(db).as_ref(),
            Some(&header),
            "@{name}: the header recorded is not the function's"
        );
        let record = match item.body(db) {
            Some(body) => Record::Body(body),
            None => Record::Source(source),
        };
        let calls: Calls = called_names(built)
            .into_iter()
            .map(|c| (c.to_string(), names.get(db, c)))
            .collect();
        assert!(
            *record_calls(db, record) == calls,
            "@{name}: the calls recorded are not the function's"
        );
    }
}

/// The first input of `list` with each of `names` (absent: none has it).
fn first_of(
    db: &Database,
    list: &[FunctionSource],
    names: &[String],
) -> FxHashMap<String, FunctionSource> {
    let wanted: FxHashSet<&str> = names.iter().map(String::as_str).collect();
    let mut found = FxHashMap::default();
    for s in list {
        let name = s.name(db);
        if wanted.contains(name.as_str()) && !found.contains_key(name) {
            found.insert(name.clone(), *s);
        }
    }
    found
}

/// The names whose function an edit changed (a function of the name came or left), and
/// the function each means after it.
struct Moved<'a> {
    names: FxHashSet<&'a str>,
    after: &'a FxHashMap<String, FunctionSource>,
}

impl Moved<'_> {
    fn get(&self, name: &str) -> Option<Option<FunctionSource>> {
        self.names
            .contains(name)
            .then(|| self.after.get(name).copied())
    }
}

/// The first function of a file with each name, made when first asked for (a body edit
/// that calls no new name needs none).
struct Names<'a> {
    list: &'a [FunctionSource],
    first: Option<FxHashMap<String, FunctionSource>>,
}

impl<'a> Names<'a> {
    fn new(list: &'a [FunctionSource]) -> Self {
        Names { list, first: None }
    }

    fn get(&mut self, db: &Database, name: &str) -> Option<FunctionSource> {
        let list = self.list;
        let first = self.first.get_or_insert_with(|| {
            let mut first = FxHashMap::with_capacity_and_hasher(list.len(), Default::default());
            for s in list {
                first.entry(s.name(db).clone()).or_insert(*s);
            }
            first
        });
        first.get(name).copied()
    }
}

/// The names a function's text calls, sorted, each once (none without IR).
fn called_names(built: &crate::query::check::Built) -> Vec<&str> {
    let mut names: Vec<&str> = built
        .function
        .iter()
        .flat_map(|f| f.body.iter())
        .flat_map(|b| &b.blocks)
        .flat_map(|b| &b.ops)
        .filter_map(|op| op.kind.function_named())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Where a function's record of calls is: its body's, once it has one, else its input's.
#[derive(Clone, Copy)]
enum Record {
    Body(FunctionBody),
    Source(FunctionSource),
}

fn record_calls(db: &Database, record: Record) -> &Calls {
    match record {
        Record::Body(b) => b.calls(db),
        Record::Source(s) => s.calls(db),
    }
}

/// What a split writes after it has read everything: new interfaces, headers and records
/// of calls.
#[derive(Default)]
struct Writes {
    interfaces: Vec<(FunctionSource, Option<Interface>, Option<Option<Header>>)>,
    calls: Vec<(Record, Calls)>,
    /// Unedited callers given a body for their new record (their place in the list).
    bodies: Vec<(usize, FunctionSource, Calls)>,
}

/// For each edited function (`edited`: their places in the file's list of functions;
/// every function, after a fresh split), the interface and the header its text has, where
/// they differ from the ones its input carries (see [`FunctionSource::interface`] and
/// [`FunctionSource::header`]: its callers then keep their verification and lowering, and
/// the file its reflection symbols, when the edit left them as they were), and its record
/// of calls ([`Calls`]) where it differs.
fn record_edited(
    db: &Database,
    file: SourceFile,
    edited: &[usize],
    new_bodies: &FxHashSet<FunctionBody>,
    moved: &Moved<'_>,
    names: &mut Names<'_>,
) -> Writes {
    let mut writes = Writes::default();
    if edited.is_empty() {
        return writes;
    }
    let items = functions(db, file);
    for &i in edited {
        let Some(item) = items.get(i) else { continue };
        let Some(source) = item.source(db) else {
            continue;
        };
        let built = function_ir(db, *item);
        let interface = interface_from(built);
        let header = header_from(db, *item).map(|h| h.to_header());
        let interface = (source.interface(db).as_ref() != Some(&interface)).then_some(interface);
        let header = (source.header(db).as_ref() != Some(&header)).then_some(header);
        if interface.is_some() || header.is_some() {
            writes.interfaces.push((source, interface, header));
        }
        // The record the function reads now, and the one it had (its input's, at the first
        // edit of its body): names it called before keep their function.
        let record = match item.body(db) {
            Some(body) => Record::Body(body),
            None => Record::Source(source),
        };
        let had = match record {
            Record::Body(body) if new_bodies.contains(&body) => source.calls(db),
            other => record_calls(db, other),
        };
        let called = called_names(built);
        let same = had.len() == called.len()
            && had.iter().zip(&called).all(|(h, c)| h.0 == *c)
            && !called.iter().any(|c| moved.names.contains(c));
        let calls: Calls = if same {
            had.clone()
        } else {
            called
                .iter()
                .map(|c| {
                    let known = || {
                        had.binary_search_by(|(n, _)| n.as_str().cmp(c))
                            .ok()
                            .map(|at| had[at].1)
                    };
                    let callee = moved
                        .get(c)
                        .or_else(known)
                        .unwrap_or_else(|| names.get(db, c));
                    (c.to_string(), callee)
                })
                .collect()
        };
        if *record_calls(db, record) != calls {
            writes.calls.push((record, calls));
        }
    }
    writes
}

/// Records again the calls of every function that calls a name whose function changed
/// (`moved`), but the edited ones, which `record_edited` did.
/// A function that has no body yet is given one, with its own text: the record goes on the
/// body (low durability), and the function becomes a new item, verified and lowered again
/// as it must be (the function it calls came or left). Written on its input instead, the
/// record would be a write of medium durability, and salsa would walk every memo of every
/// function to find the few that read it.
fn record_callers(
    db: &Database,
    file: SourceFile,
    moved: &Moved<'_>,
    edited: &[usize],
    writes: &mut Writes,
) {
    let Some(list) = file.sources(db) else { return };
    let bodies = file.bodies(db);
    let edited: FxHashSet<usize> = edited.iter().copied().collect();
    for (i, source) in list.iter().enumerate() {
        if edited.contains(&i) {
            continue;
        }
        let record = match bodies.get(i).copied().flatten() {
            Some(body) => Record::Body(body),
            None => Record::Source(*source),
        };
        let calls = record_calls(db, record);
        if !calls.iter().any(|(n, _)| moved.names.contains(n.as_str())) {
            continue;
        }
        let calls: Calls = calls
            .iter()
            .map(|(n, callee)| (n.clone(), moved.get(n).unwrap_or(*callee)))
            .collect();
        match record {
            Record::Body(_) => writes.calls.push((record, calls)),
            Record::Source(source) => writes.bodies.push((i, source, calls)),
        }
    }
}

fn write_records(db: &mut Database, file: SourceFile, writes: Writes) {
    if !writes.bodies.is_empty() {
        let mut listed = file.bodies(db).clone();
        for (i, source, calls) in writes.bodies {
            let body = FunctionBody::builder(source.text(db).clone())
                .calls(calls)
                .durability(Durability::LOW)
                .new(&*db);
            if listed.len() <= i {
                listed.resize(i + 1, None);
            }
            listed[i] = Some(body);
        }
        file.set_bodies(db)
            .with_durability(Durability::LOW)
            .to(listed);
    }
    for (source, interface, header) in writes.interfaces {
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
    for (record, calls) in writes.calls {
        match record {
            Record::Body(body) => {
                body.set_calls(db)
                    .with_durability(Durability::LOW)
                    .to(calls);
            }
            Record::Source(source) => {
                source
                    .set_calls(db)
                    .with_durability(Durability::MEDIUM)
                    .to(calls);
            }
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
    /// For each of them, the old input of its name it keeps, if any.
    reuse: Vec<Option<FunctionSource>>,
    /// Old inputs no function has any more.
    retired: Vec<FunctionSource>,
    /// The old list of inputs (`None`: there was none to match).
    old_list: Option<Vec<FunctionSource>>,
}

/// Matches the new split with the old one: functions wholly before the first changed byte
/// or wholly after the last are the old ones (their bytes are equal); each of those between
/// keeps the input of the old function of its name, else gets a new one.
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
    // bytes can end inside a function the edit did not touch); the others get new inputs.
    // A function renamed gets a new input too: the name and what callers read of the
    // input are of medium durability, and a new input's fields are read by no memo.
    let mut by_name: rustc_hash::FxHashMap<&str, Vec<usize>> = Default::default();
    for o in old_middle.clone().rev() {
        by_name.entry(old[o].name.as_str()).or_default().push(o);
    }
    let mut taken = vec![false; old.len()];
    let reuse: Vec<Option<FunctionSource>> = new[new_middle.clone()]
        .iter()
        .map(|n| {
            let o = by_name.get_mut(n.name.as_str())?.pop()?;
            taken[o] = true;
            Some(sources[o])
        })
        .collect();
    let retired = old_middle
        .clone()
        .filter(|&o| !taken[o])
        .map(|o| sources[o])
        .collect();
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

/// Empties the bodies of functions that left the file and lists their inputs as retired
/// ([`SourceFile::retired`]); empties the retired inputs' texts once they add up to
/// [`RETIRED_TEXT`] bytes, or when `all` (the file has no function left). Salsa frees no
/// input; its text, the bulk of it, goes.
fn retire(
    db: &mut Database,
    file: SourceFile,
    sources: &[FunctionSource],
    bodies: &FxHashMap<FunctionSource, FunctionBody>,
    all: bool,
) {
    for s in sources {
        if let Some(body) = bodies.get(s) {
            if !body.text(db).is_empty() {
                body.set_text(db)
                    .with_durability(Durability::LOW)
                    .to(String::new());
            }
        }
    }
    let mut retired = file.retired(db).clone();
    retired.extend(sources.iter().filter(|s| !s.text(db).is_empty()));
    let bytes: usize = retired.iter().map(|s| s.text(db).len()).sum();
    if all || bytes > RETIRED_TEXT {
        for s in retired.drain(..) {
            s.set_text(db)
                .with_durability(Durability::LOW)
                .to(String::new());
        }
    }
    if *file.retired(db) != retired {
        file.set_retired(db)
            .with_durability(Durability::LOW)
            .to(retired);
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
        // `@a` left: its input is retired, its text kept until the retired texts add up.
        assert!(open.sources().iter().all(|(_, s)| *s != ia));
        assert_eq!(*open.file.retired(&open.db), [ia]);
        assert_eq!(*ia.text(&open.db), a.trim_end());
        // A file with no function left empties every retired input.
        open.edit("");
        assert!(open.file.retired(&open.db).is_empty());
        assert!([ia, ib, ic].iter().all(|s| s.text(&open.db).is_empty()));
    }

    #[test]
    fn retired_texts_are_emptied_once_they_add_up() {
        let big = |name: &str| function(name, &"// padding\n  ".repeat(RETIRED_TEXT / 24));
        let (a, b, c, d) = (big("a"), big("b"), function("c", ""), function("d", ""));
        let mut open = Open::new(&format!("{a}{b}{c}{d}"));
        let (ia, ib) = (open.input("a"), open.input("b"));
        open.edit(&format!("{b}{c}{d}"));
        assert_eq!(*open.file.retired(&open.db), [ia]);
        assert!(!ia.text(&open.db).is_empty());
        // With `@b`'s, the retired texts pass `RETIRED_TEXT`: both are emptied.
        open.edit(&format!("{c}{d}"));
        assert!(open.file.retired(&open.db).is_empty());
        assert!(ia.text(&open.db).is_empty() && ib.text(&open.db).is_empty());
        assert_eq!(open.sources().len(), 2);
    }

    /// A function of the calls in a module, each caller's record of calls read as a
    /// function's queries read it (its body's record, once it has a body).
    fn callee(open: &Open, caller: &str, name: &str) -> Option<String> {
        let items = functions(&open.db, open.file);
        let item = items
            .iter()
            .find(|i| i.name(&open.db) == caller)
            .expect("the caller");
        let callee = crate::query::check::callee_of(&open.db, *item, name)?;
        let crate::query::check::Callee::Input(source) = callee else {
            panic!("a callee in a file a session split is an input")
        };
        // The callee is the input the file lists with that name now.
        let listed = open.input(source.name(&open.db));
        assert_eq!(listed, source);
        Some(source.name(&open.db).clone())
    }

    #[test]
    fn each_callers_record_follows_the_functions_that_come_and_go() {
        let call = |caller: &str, callee: &str| {
            format!(
                "func.func @{caller}() {{\n  func.call @{callee}() : () -> ()\n  func.return\n}}\n"
            )
        };
        let (a, c) = (call("a", "b"), function("c", ""));
        let mut open = Open::new(&format!("{a}{c}"));
        assert_eq!(callee(&open, "a", "b"), None);
        // `@b` comes: `@a`, never edited, is given a body with its own text, whose record
        // names it; its input (of medium durability) is not written.
        let b = function("b", "");
        open.edit(&format!("{a}{b}{c}"));
        assert_eq!(callee(&open, "a", "b").as_deref(), Some("b"));
        let ib = open.input("b");
        let ia = open.input("a");
        assert_eq!(*ia.calls(&open.db), [("b".to_string(), None)]);
        let body = |open: &Open| {
            let items = functions(&open.db, open.file);
            items
                .iter()
                .find(|i| i.name(&open.db) == "a")
                .and_then(|i| i.body(&open.db))
                .expect("`@a` has a body")
        };
        assert_eq!(body(&open).text(&open.db), ia.text(&open.db));
        assert_eq!(*body(&open).calls(&open.db), [("b".to_string(), Some(ib))]);
        // A second `@b` before it: the first of a name is the one a call means.
        let b2 = function("b", "// the second");
        open.edit(&format!("{b2}{a}{b}{c}"));
        let first = open.sources()[0].1;
        assert_eq!(
            *body(&open).calls(&open.db),
            [("b".to_string(), Some(first))]
        );
        open.edit(&format!("{a}{b}{c}"));
        assert_eq!(*body(&open).calls(&open.db), [("b".to_string(), Some(ib))]);
        assert_eq!(*ia.calls(&open.db), [("b".to_string(), None)]);
        // An edit of `@a` writes its body's text; the record the edit keeps follows.
        let a2 = call("a", "b").replace("func.return", "// edited\n  func.return");
        open.edit(&format!("{a2}{b}{c}"));
        assert_eq!(callee(&open, "a", "b").as_deref(), Some("b"));
        // `@b` leaves, then `@a` calls `@c` as well, then `@b` comes back renamed from `@c`.
        open.edit(&format!("{a2}{c}"));
        assert_eq!(callee(&open, "a", "b"), None);
        let a3 = a2.replace(
            "func.call @b() : () -> ()",
            "func.call @b() : () -> ()\n  func.call @c() : () -> ()",
        );
        open.edit(&format!("{a3}{c}"));
        assert_eq!(callee(&open, "a", "b"), None);
        assert_eq!(callee(&open, "a", "c").as_deref(), Some("c"));
        open.edit(&format!("{a3}{}", function("b", "")));
        assert_eq!(callee(&open, "a", "b").as_deref(), Some("b"));
        assert_eq!(callee(&open, "a", "c"), None);
        // An edit that adds a function and a call to it in one change.
        let d = function("d", "");
        let a4 = a3.replace("func.call @c()", "func.call @d()");
        open.edit(&format!("{a4}{}{d}", function("b", "")));
        assert_eq!(callee(&open, "a", "d").as_deref(), Some("d"));
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
        // The file has no function input left: every retired text is emptied.
        assert!(ia.text(&open.db).is_empty());
        open.edit(&format!("{a}{b}"));
        assert_eq!(open.sources().len(), 2);
        assert_eq!(*open.input("a").text(&open.db), a.trim_end());
    }

    #[test]
    fn a_renamed_function_gets_an_input_of_its_own() {
        let (a, b) = (function("a", ""), function("b", ""));
        let mut open = Open::new(&format!("{a}{b}"));
        let ib = open.input("b");
        open.edit(&format!("{a}{}", function("z", "")));
        // A new input: what callers read of the old one (of medium durability) is not
        // written, and the new one's fields are read by no memo yet.
        assert_ne!(open.input("z"), ib);
        assert_eq!(*open.file.retired(&open.db), [ib]);
        assert_eq!(open.sources().len(), 2);
    }
}
