//! Structured invoke: a JSON value bound to a function's raw arguments through its ABI, and
//! its raw results put back into the same structure.
//!
//! * V1 (the reflection record): the input is a JSON array (arguments by position) or, when
//!   every argument is `named`, an object (by keyword). `slist`/`stuple` take arrays of
//!   their arity, `sdict` an object with exactly its keys (bound in sorted-key order),
//!   `ndarray` nested arrays (shape checked against the record and the raw memref type),
//!   `py_homogeneous_list` an array of any length (a 1-d memref), `null` a JSON null.
//! * sip: the input is the structure of the `I` tree: a dict an object with exactly its
//!   keys, a sequence an array with one element per entry in ascending key order, a raw
//!   index the leaf value (typed by the record's leaf for that raw index).
//!
//! Scalars: integers are JSON integers in range (`true`/`false` also for `i1`), floats are
//! numbers (or `"nan"`, `"inf"`, `"-inf"`). Any mismatch is one error naming the path
//! inside the input, e.g. `opts.alpha: expected f32, got a string`; nothing is bound then.
//!
//! The walk over the structure is generic: [`bind_args`] binds any [`Input`] (JSON here,
//! Python objects in the `kiln-python` crate, given as positional and keyword arguments)
//! with the leaves bound by the caller (a numpy array is passed as it is; a scalar goes
//! through [`scalar_in`], a nested list through [`json_leaf`]), and [`results_with`] builds
//! any [`Output`] from the raw results. [`bind_input`] and [`results`] are the JSON
//! instances `kiln run --input-json` uses.

use super::record::{key_text, sorted, Prim, Rec, Record};
use super::sip::Node;
use super::FunctionAbi;
use crate::run::{dense_memref, Arg, Outcome, Returned};
use kiln_backend::jit::Value;
use kiln_frontend::types::{Scalar, Type};
use serde_json::Value as Json;

mod results;

pub use results::{results, results_text, results_with, returned_json, Output, Structured};

/// `a string`, `an array`... for messages.
pub fn json_kind(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// A place inside the input or the results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path(Vec<Seg>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Seg {
    Name(String),
    Index(i64),
}

impl Path {
    /// The path one key further in.
    pub fn name(&self, k: &str) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Name(k.to_string()));
        p
    }

    /// The path one index further in.
    pub fn index(&self, i: i64) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Index(i));
        p
    }

    /// `opts.alpha`, `[1][0]`, `b["é x"]`; `root` when empty.
    pub fn show(&self, root: &str) -> String {
        if self.0.is_empty() {
            return root.to_string();
        }
        let mut s = String::new();
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Index(k) => s.push_str(&format!("[{k}]")),
                Seg::Name(k) => {
                    let t = key_text(k);
                    if t.starts_with('"') {
                        s.push_str(&format!("[{t}]"));
                    } else {
                        if i > 0 {
                            s.push('.');
                        }
                        s.push_str(&t);
                    }
                }
            }
        }
        s
    }
}

/// Raw arguments bound from a JSON input, with where each came from.
#[derive(Debug)]
pub struct Bound {
    /// The raw arguments, one per parameter of the function, in order.
    pub args: Vec<Arg>,
    /// The path inside the input of each raw argument.
    pub paths: Vec<String>,
}

/// A value being bound: what the binder needs to see of its structure. kiln implements it
/// for JSON (`&serde_json::Value`); the Python bindings for Python objects. The leaves
/// (scalars and arrays) are the caller's, through the leaf function of [`bind_args`].
pub trait Input: Sized {
    /// How a sequence is called in messages (`an array` for JSON).
    const SEQ: &'static str;
    /// How a mapping is called in messages (`an object` for JSON).
    const MAP: &'static str;
    /// How the null value is called in messages (`null` for JSON).
    const NULL: &'static str;
    /// How positional arguments are passed, for messages (`as an array` for JSON).
    const BY_POSITION: &'static str;
    /// What the value is, for messages: `a string` (JSON), `str` (Python).
    fn kind(&self) -> String;
    /// Whether the value is the null value (JSON `null`, Python's `None`), which a `null`
    /// record takes.
    fn is_null(&self) -> bool;
    /// The elements, when the value is a sequence (a JSON array; a list or tuple).
    fn items(&self) -> Option<Vec<Self>>;
    /// The entries, when the value is a mapping; `Err(message)` when a key is not a string.
    fn entries(&self) -> Option<Result<Vec<(String, Self)>, String>>;
}

impl Input for &Json {
    const SEQ: &'static str = "an array";
    const MAP: &'static str = "an object";
    const NULL: &'static str = "null";
    const BY_POSITION: &'static str = "as an array";

    fn kind(&self) -> String {
        json_kind(self).to_string()
    }

    fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    fn items(&self) -> Option<Vec<Self>> {
        match self {
            Json::Array(v) => Some(v.iter().collect()),
            _ => None,
        }
    }

    fn entries(&self) -> Option<Result<Vec<(String, Self)>, String>> {
        match self {
            Json::Object(m) => Some(Ok(m.iter().map(|(k, v)| (k.clone(), v)).collect())),
            _ => None,
        }
    }
}

/// The raw parameter a leaf of the input binds: its index, type and record leaf.
#[derive(Clone, Copy, Debug)]
pub struct Slot<'a> {
    /// The raw parameter's position in the signature.
    pub index: usize,
    /// The raw parameter's type.
    pub ty: &'a Type,
    /// The record's leaf describing it (a primitive, `"unknown"`, an `ndarray` or a
    /// `py_homogeneous_list`).
    pub rec: &'a Rec,
}

/// Binds a leaf value to a raw parameter (or says why it cannot).
pub type LeafFn<'l, I, A> = dyn FnMut(Slot<'_>, &I, &Path) -> Result<A, String> + 'l;

struct Binder<'a, 'l, I, A> {
    f: &'a FunctionAbi,
    /// The record's leaf for each raw parameter.
    leaves: Vec<&'a Rec>,
    slots: Vec<Option<(A, String)>>,
    next: usize,
    leaf: &'l mut LeafFn<'l, I, A>,
}

fn fail<T>(path: &Path, message: impl std::fmt::Display) -> Result<T, String> {
    Err(format!("{}: {message}", path.show("input")))
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Binds `input` to `f`'s raw arguments.
pub fn bind_input(f: &FunctionAbi, input: &Json) -> Result<Bound, String> {
    let mut leaf = |s: Slot<'_>, v: &&Json, path: &Path| json_leaf(s.ty, s.rec, v, path);
    let mut b = Binder::new(f, &mut leaf)?;
    let root = Path::default();
    match (&f.sip, input) {
        (Some(sig), _) => b.node(&sig.inputs, &input, &root)?,
        (None, Json::Array(items)) => b.args(items.iter().collect(), Vec::new(), false)?,
        (None, Json::Object(m)) => b.args(
            Vec::new(),
            m.iter().map(|(k, v)| (k.clone(), v)).collect(),
            true,
        )?,
        (None, other) => {
            let a = &f.record.a;
            return fail(
                &root,
                format!(
                    "expected the arguments as an array{}, got {}",
                    if a.iter().all(|t| matches!(t, Rec::Named(..))) && !a.is_empty() {
                        " or an object"
                    } else {
                        ""
                    },
                    json_kind(other)
                ),
            );
        }
    }
    let (args, paths) = b.finish()?.into_iter().unzip();
    Ok(Bound { args, paths })
}

/// Binds arguments given by position and by keyword (a Python call's `*args, **kwargs`)
/// to `f`'s raw arguments, the leaves through `leaf`. Returns each raw argument with its
/// path inside the input.
///
/// V1: positional arguments fill the record's first arguments, keywords the `named` rest
/// (each exactly once). sip: a dict-shaped `I` tree takes keywords only, a sequence
/// positional arguments only (one per entry, in ascending key order), a single raw index
/// one positional argument.
pub fn bind_args<I: Input, A>(
    f: &FunctionAbi,
    positional: Vec<I>,
    keywords: Vec<(String, I)>,
    leaf: &mut LeafFn<'_, I, A>,
) -> Result<Vec<(A, String)>, String> {
    let mut b = Binder::new(f, leaf)?;
    let root = Path::default();
    match &f.sip {
        None => {
            let by_keyword = !keywords.is_empty();
            b.args(positional, keywords, by_keyword)?
        }
        Some(sig) => match &sig.inputs {
            Node::Dict(items) => {
                if !positional.is_empty() {
                    return fail(
                        &root,
                        format!(
                            "`@{}` takes its arguments by keyword ({}), got {} positional",
                            f.name,
                            keys(items),
                            positional.len()
                        ),
                    );
                }
                b.dict(items, keywords, &root)?
            }
            Node::Seq(items) => {
                if let Some((k, _)) = keywords.first() {
                    return fail(
                        &root.name(k),
                        format!("`@{}` takes its arguments by position", f.name),
                    );
                }
                b.seq(items, positional, &root)?
            }
            Node::Leaf(i) => {
                let mut positional = positional;
                if positional.len() != 1 || !keywords.is_empty() {
                    return fail(
                        &root,
                        format!(
                            "`@{}` takes 1 argument, got {}",
                            f.name,
                            positional.len() + keywords.len()
                        ),
                    );
                }
                if let Some(v) = positional.pop() {
                    b.leaf(*i, &v, &root)?
                }
            }
        },
    }
    b.finish()
}

impl<'a, 'l, I: Input, A> Binder<'a, 'l, I, A> {
    fn new(f: &'a FunctionAbi, leaf: &'l mut LeafFn<'l, I, A>) -> Result<Self, String> {
        let leaves: Vec<&Rec> = Record::leaves(&f.record.a, "a")
            .into_iter()
            .map(|l| l.rec)
            .collect();
        if leaves.len() != f.ty.inputs.len() {
            return Err(format!(
                "the reflection of `@{}` does not match its parameters (see `kiln check`)",
                f.name
            ));
        }
        let slots = (0..f.ty.inputs.len()).map(|_| None).collect();
        Ok(Binder {
            f,
            leaves,
            slots,
            next: 0,
            leaf,
        })
    }

    fn finish(self) -> Result<Vec<(A, String)>, String> {
        let name = &self.f.name;
        self.slots
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                s.ok_or_else(|| format!("raw argument {i} of `@{name}` is bound by nothing"))
            })
            .collect()
    }

    /// The root of a V1 record: arguments by position, then (`by_keyword`) the named rest.
    fn args(
        &mut self,
        positional: Vec<I>,
        keywords: Vec<(String, I)>,
        by_keyword: bool,
    ) -> Result<(), String> {
        let f = self.f;
        let a = &f.record.a;
        let root = Path::default();
        let arity = |n: usize| format!("{n} argument{}", plural(n));
        let p = positional.len();
        if !by_keyword && p != a.len() {
            return fail(
                &root,
                format!("`@{}` takes {}, got {}", f.name, arity(a.len()), p),
            );
        }
        if p > a.len() {
            return fail(
                &root,
                format!(
                    "`@{}` takes {}, got {} positional",
                    f.name,
                    arity(a.len()),
                    p
                ),
            );
        }
        if by_keyword {
            for (i, t) in a.iter().enumerate().skip(p) {
                if !matches!(t, Rec::Named(..)) {
                    return fail(
                        &root,
                        format!(
                            "argument {i} of `@{}` has no name, so the arguments are passed {}",
                            f.name,
                            I::BY_POSITION
                        ),
                    );
                }
            }
            for (k, _) in &keywords {
                match a
                    .iter()
                    .position(|t| matches!(t, Rec::Named(n, _) if n == k))
                {
                    None => {
                        return fail(
                            &root.name(k),
                            format!("`@{}` has no argument named `{k}`", f.name),
                        )
                    }
                    Some(i) if i < p => {
                        return fail(
                            &root.name(k),
                            format!(
                                "`@{}` got argument `{k}` both by position and by keyword",
                                f.name
                            ),
                        )
                    }
                    Some(_) => {}
                }
            }
        }
        let mut keywords = keywords;
        for (i, (t, v)) in a.iter().zip(positional).enumerate() {
            let path = match t {
                Rec::Named(n, _) => root.name(n),
                _ => root.index(i as i64),
            };
            self.rec(t, &v, &path)?;
        }
        for t in a.iter().skip(p) {
            if let Rec::Named(n, _) = t {
                let Some(at) = keywords.iter().position(|(k, _)| k == n) else {
                    return fail(&root, format!("missing argument `{n}`"));
                };
                let (_, v) = keywords.swap_remove(at);
                self.rec(t, &v, &root.name(n))?;
            }
        }
        Ok(())
    }

    fn rec(&mut self, t: &Rec, v: &I, path: &Path) -> Result<(), String> {
        match t {
            Rec::Named(_, t) => self.rec(t, v, path),
            Rec::Null => {
                if v.is_null() {
                    Ok(())
                } else {
                    fail(
                        path,
                        format!("expected {} (an empty slot), got {}", I::NULL, v.kind()),
                    )
                }
            }
            Rec::SList(items) | Rec::STuple(items) => {
                let Some(vs) = v.items() else {
                    return fail(path, format!("expected {}, got {}", t.text(), v.kind()));
                };
                if vs.len() != items.len() {
                    return fail(
                        path,
                        format!(
                            "expected {} element{} ({}), got {}",
                            items.len(),
                            plural(items.len()),
                            t.text(),
                            vs.len()
                        ),
                    );
                }
                for (i, (t, v)) in items.iter().zip(vs).enumerate() {
                    self.rec(t, &v, &path.index(i as i64))?;
                }
                Ok(())
            }
            Rec::SDict(items) => {
                let m = match v.entries() {
                    None => return fail(path, format!("expected {}, got {}", t.text(), v.kind())),
                    Some(Err(e)) => return fail(path, e),
                    Some(Ok(m)) => m,
                };
                for (k, _) in &m {
                    if !items.iter().any(|(n, _)| n == k) {
                        return fail(
                            &path.name(k),
                            format!("unexpected key (expected {})", t.text()),
                        );
                    }
                }
                for (k, t) in sorted(items) {
                    let Some((_, v)) = m.iter().find(|(n, _)| n == k) else {
                        return fail(path, format!("missing key `{k}`"));
                    };
                    self.rec(t, v, &path.name(k))?;
                }
                Ok(())
            }
            _ => {
                let i = self.next;
                self.next += 1;
                self.leaf(i, v, path)
            }
        }
    }

    fn node(&mut self, n: &Node, v: &I, path: &Path) -> Result<(), String> {
        match n {
            Node::Leaf(i) => self.leaf(*i, v, path),
            Node::Seq(items) => {
                let Some(vs) = v.items() else {
                    return fail(
                        path,
                        format!(
                            "expected {} of {} element{}, got {}",
                            I::SEQ,
                            items.len(),
                            plural(items.len()),
                            v.kind()
                        ),
                    );
                };
                self.seq(items, vs, path)
            }
            Node::Dict(items) => match v.entries() {
                None => fail(
                    path,
                    format!(
                        "expected {} with keys {}, got {}",
                        I::MAP,
                        keys(items),
                        v.kind()
                    ),
                ),
                Some(Err(e)) => fail(path, e),
                Some(Ok(m)) => self.dict(items, m, path),
            },
        }
    }

    fn seq(&mut self, items: &[(i64, Node)], vs: Vec<I>, path: &Path) -> Result<(), String> {
        if vs.len() != items.len() {
            return fail(
                path,
                format!(
                    "expected {} element{}, got {}",
                    items.len(),
                    plural(items.len()),
                    vs.len()
                ),
            );
        }
        let mut order: Vec<&(i64, Node)> = items.iter().collect();
        order.sort_by_key(|(k, _)| *k);
        for ((k, n), v) in order.into_iter().zip(vs) {
            self.node(n, &v, &path.index(*k))?;
        }
        Ok(())
    }

    fn dict(
        &mut self,
        items: &[(String, Node)],
        m: Vec<(String, I)>,
        path: &Path,
    ) -> Result<(), String> {
        for (k, _) in &m {
            if !items.iter().any(|(n, _)| n == k) {
                return fail(
                    &path.name(k),
                    format!("unexpected key (expected {})", keys(items)),
                );
            }
        }
        for (k, n) in items {
            let Some((_, v)) = m.iter().find(|(name, _)| name == k) else {
                return fail(path, format!("missing key `{k}`"));
            };
            self.node(n, v, &path.name(k))?;
        }
        Ok(())
    }

    /// Raw parameter `i` from `v`.
    fn leaf(&mut self, i: usize, v: &I, path: &Path) -> Result<(), String> {
        let f = self.f;
        let (Some(ty), Some(rec)) = (f.ty.inputs.get(i), self.leaves.get(i).copied()) else {
            return fail(path, format!("raw index {i} is out of range"));
        };
        if self.slots.get(i).is_some_and(Option::is_some) {
            return fail(path, format!("raw argument {i} is bound twice"));
        }
        let arg = (self.leaf)(Slot { index: i, ty, rec }, v, path)?;
        self.slots[i] = Some((arg, path.show("input")));
        Ok(())
    }
}

/// Checks an array's sizes against the dims of an `ndarray` record (`None` dims and other
/// records accept any).
pub fn check_dims(rec: &Rec, sizes: &[i64], path: &Path) -> Result<(), String> {
    if let Rec::NdArray { dims: Some(d), .. } = rec {
        if d.len() != sizes.len() {
            return fail(
                path,
                format!(
                    "expected {} (rank {}), got rank {}",
                    rec.text(),
                    d.len(),
                    sizes.len()
                ),
            );
        }
        for (k, (want, got)) in d.iter().zip(sizes).enumerate() {
            if want.is_some_and(|w| w != *got) {
                return fail(
                    path,
                    format!(
                        "expected {} (dim {k} is {}), got {} elements there",
                        rec.text(),
                        want.unwrap_or_default(),
                        got
                    ),
                );
            }
        }
    }
    Ok(())
}

/// A raw argument of type `t` (record leaf `rec`) from a JSON leaf value: a scalar, or
/// nested arrays as a dense memref.
pub fn json_leaf(t: &Type, rec: &Rec, v: &Json, path: &Path) -> Result<Arg, String> {
    Ok(match t {
        Type::Scalar(s) => Arg::Scalar(scalar(*s, v, path)?),
        Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
            return fail(path, format!("a `{t}` value cannot be passed"))
        }
        Type::MemRef(_) | Type::UnrankedMemRef(_) => {
            let elem = t.element().unwrap_or(Scalar::F32);
            let rank = match (t, rec) {
                (Type::MemRef(m), _) => Some(m.rank()),
                (_, Rec::NdArray { dims: Some(d), .. }) => Some(d.len()),
                (_, Rec::PyList(_)) => Some(1),
                _ => None,
            };
            let rank = rank.unwrap_or_else(|| depth(v));
            let mut sizes = Vec::new();
            shape(v, rank, &mut sizes, path)?;
            check_dims(rec, &sizes, path)?;
            let mut values = Vec::new();
            elements(elem, v, rank, &sizes, path, &mut values)?;
            dense_memref(t, sizes, &values).or_else(|e| fail(path, e))?
        }
    })
}

fn keys(items: &[(String, Node)]) -> String {
    items
        .iter()
        .map(|(k, _)| key_text(k))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How deep the first elements of nested arrays go (the rank of an unranked argument).
fn depth(v: &Json) -> usize {
    match v {
        Json::Array(items) => 1 + items.first().map_or(0, depth),
        _ => 0,
    }
}

/// The sizes of a rectangular nest of arrays of depth `rank`.
fn shape(v: &Json, rank: usize, sizes: &mut Vec<i64>, path: &Path) -> Result<(), String> {
    if rank == 0 {
        return Ok(());
    }
    let Json::Array(items) = v else {
        return fail(
            path,
            format!(
                "expected an array (a rank-{rank} ndarray), got {}",
                json_kind(v)
            ),
        );
    };
    sizes.push(items.len() as i64);
    match items.first() {
        Some(first) => shape(first, rank - 1, sizes, &path.index(0)),
        None => {
            // An empty dimension: the inner sizes are 0 too.
            sizes.extend(std::iter::repeat_n(0, rank - 1));
            Ok(())
        }
    }
}

fn elements(
    elem: Scalar,
    v: &Json,
    rank: usize,
    sizes: &[i64],
    path: &Path,
    out: &mut Vec<Value>,
) -> Result<(), String> {
    if rank == 0 {
        out.push(scalar(elem, v, path)?);
        return Ok(());
    }
    let want = sizes.len() - rank;
    let Json::Array(items) = v else {
        return fail(
            path,
            format!(
                "expected an array of {} (the ndarray is not rectangular), got {}",
                sizes[want],
                json_kind(v)
            ),
        );
    };
    if items.len() as i64 != sizes[want] {
        return fail(
            path,
            format!(
                "expected {} elements like its neighbours (the ndarray is not rectangular), got {}",
                sizes[want],
                items.len()
            ),
        );
    }
    for (i, x) in items.iter().enumerate() {
        elements(elem, x, rank - 1, sizes, &path.index(i as i64), out)?;
    }
    Ok(())
}

/// A scalar input, whatever it came from: what [`scalar_in`] checks and converts.
#[derive(Clone, Copy, Debug)]
pub enum ScalarIn<'a> {
    /// An integer (wide enough for any `i64` or `u64`).
    Int(i128),
    /// A floating-point number (a JSON number that is not an integer, a Python `float`).
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// Text: `"nan"`, `"inf"`, `"-inf"` are floats (JSON has no other way to say them).
    Text(&'a str),
    /// Anything else; what it is, for the message (`a string`, `str`).
    Other(&'a str),
}

/// A scalar of type `s` from JSON, range-checked.
pub fn scalar(s: Scalar, v: &Json, path: &Path) -> Result<Value, String> {
    let kind = json_kind(v);
    let x = match v {
        Json::Bool(b) => ScalarIn::Bool(*b),
        Json::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => ScalarIn::Int(i.into()),
            (_, Some(u), _) => ScalarIn::Int(u.into()),
            (_, _, Some(f)) => ScalarIn::Float(f),
            _ => ScalarIn::Other(kind),
        },
        Json::String(t) => ScalarIn::Text(t),
        _ => ScalarIn::Other(kind),
    };
    scalar_in(s, x, path)
}

/// A scalar of type `s`, range-checked: integers in the type's signed or unsigned range
/// (booleans only for `i1`), floats from numbers (an `f32` within its range).
pub fn scalar_in(s: Scalar, v: ScalarIn<'_>, path: &Path) -> Result<Value, String> {
    let name = Prim::of(s).name();
    let got = || match v {
        ScalarIn::Int(x) => x.to_string(),
        // As JSON writes numbers (`1e+39`, `1.5`; Python's repr agrees), non-finite as
        // Python does.
        ScalarIn::Float(x) => match serde_json::Number::from_f64(x) {
            Some(n) => n.to_string(),
            None if x.is_nan() => "nan".to_string(),
            None => if x > 0.0 { "inf" } else { "-inf" }.to_string(),
        },
        ScalarIn::Bool(_) => "a boolean".to_string(),
        ScalarIn::Text(_) => "a string".to_string(),
        ScalarIn::Other(k) => k.to_string(),
    };
    match s {
        Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F64 => {
            let x = match v {
                ScalarIn::Int(i) => Some(i as f64),
                ScalarIn::Float(x) => Some(x),
                ScalarIn::Text(t) => match t {
                    "nan" => Some(f64::NAN),
                    "inf" => Some(f64::INFINITY),
                    "-inf" => Some(f64::NEG_INFINITY),
                    _ => None,
                },
                _ => None,
            };
            let Some(x) = x else {
                return fail(path, format!("expected {name}, got {}", got()));
            };
            if s == Scalar::F16 {
                let h = half::f16::from_f64(x);
                if x.is_finite() && h.is_infinite() {
                    return fail(path, format!("{} does not fit in f16", got()));
                }
                Ok(Value::F16(h.to_bits()))
            } else if s == Scalar::BF16 {
                let h = half::bf16::from_bits(kiln_frontend::builder::bf16_bits(x));
                if x.is_finite() && h.is_infinite() {
                    return fail(path, format!("{} does not fit in bf16", got()));
                }
                Ok(Value::BF16(h.to_bits()))
            } else if s == Scalar::F32 {
                if x.is_finite() && x.abs() > f32::MAX as f64 {
                    return fail(path, format!("{} does not fit in f32", got()));
                }
                Ok(Value::F32(x as f32))
            } else {
                Ok(Value::F64(x))
            }
        }
        _ => {
            let bits = s.bits();
            let x: Option<i128> = match v {
                ScalarIn::Bool(b) if bits == 1 => Some(b as i128),
                ScalarIn::Int(i) => Some(i),
                // JSON numbers beyond 64 bits lose digits in most writers and readers, so
                // an integer wider than 64 bits may come as its decimal text, as results
                // of one are printed.
                ScalarIn::Text(t) if bits > 64 => crate::run::parse_integer(bits, t),
                _ => None,
            };
            let Some(x) = x else {
                let hint = if bits > 64 && matches!(v, ScalarIn::Float(_)) {
                    " (an integer beyond 64 bits is written as its decimal text, `\"-18446744073709551616\"`, so that no reader rounds it)"
                } else {
                    ""
                };
                return fail(path, format!("expected {name}, got {}{hint}", got()));
            };
            match crate::run::int_value(bits, x) {
                Some(v) => Ok(v),
                None => fail(path, format!("{x} does not fit in {name}")),
            }
        }
    }
}

#[cfg(test)]
mod tests;
