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

use super::record::{key_text, sorted, Prim, Rec, Record};
use super::sip::Node;
use super::FunctionAbi;
use crate::run::{dense_memref, Arg, Outcome, Returned};
use kiln_backend::jit::Value;
use kiln_frontend::types::{Scalar, Type};
use serde_json::Value as Json;

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
    fn name(&self, k: &str) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Name(k.to_string()));
        p
    }

    fn index(&self, i: i64) -> Path {
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
    pub args: Vec<Arg>,
    /// The path inside the input of each raw argument.
    pub paths: Vec<String>,
}

struct Binder<'a> {
    f: &'a FunctionAbi,
    /// The record's leaf for each raw parameter.
    leaves: Vec<&'a Rec>,
    slots: Vec<Option<(Arg, String)>>,
    next: usize,
}

fn fail<T>(path: &Path, message: impl std::fmt::Display) -> Result<T, String> {
    Err(format!("{}: {message}", path.show("input")))
}

/// Binds `input` to `f`'s raw arguments.
pub fn bind_input(f: &FunctionAbi, input: &Json) -> Result<Bound, String> {
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
    let mut b = Binder {
        f,
        leaves,
        slots: vec![None; f.ty.inputs.len()],
        next: 0,
    };
    let root = Path::default();
    match &f.sip {
        Some(sig) => b.node(&sig.inputs, input, &root)?,
        None => b.root(input)?,
    }
    let mut args = Vec::new();
    let mut paths = Vec::new();
    for (i, s) in b.slots.into_iter().enumerate() {
        let Some((a, p)) = s else {
            return Err(format!(
                "raw argument {i} of `@{}` is bound by nothing",
                f.name
            ));
        };
        args.push(a);
        paths.push(p);
    }
    Ok(Bound { args, paths })
}

impl Binder<'_> {
    fn root(&mut self, input: &Json) -> Result<(), String> {
        let a = &self.f.record.a;
        let root = Path::default();
        let arity = |n: usize| format!("{n} argument{}", if n == 1 { "" } else { "s" });
        match input {
            Json::Array(items) => {
                if items.len() != a.len() {
                    return fail(
                        &root,
                        format!(
                            "`@{}` takes {}, got {}",
                            self.f.name,
                            arity(a.len()),
                            items.len()
                        ),
                    );
                }
                for (i, (t, v)) in a.iter().zip(items).enumerate() {
                    let p = match t {
                        Rec::Named(n, _) => root.name(n),
                        _ => root.index(i as i64),
                    };
                    self.rec(t, v, &p)?;
                }
                Ok(())
            }
            Json::Object(m) => {
                for (i, t) in a.iter().enumerate() {
                    if !matches!(t, Rec::Named(..)) {
                        return fail(&root, format!("argument {i} of `@{}` has no name, so the arguments are passed as an array", self.f.name));
                    }
                }
                for k in m.keys() {
                    if !a.iter().any(|t| matches!(t, Rec::Named(n, _) if n == k)) {
                        return fail(
                            &root.name(k),
                            format!("`@{}` has no argument named `{k}`", self.f.name),
                        );
                    }
                }
                for t in a {
                    if let Rec::Named(n, _) = t {
                        let Some(v) = m.get(n) else {
                            return fail(&root, format!("missing argument `{n}`"));
                        };
                        self.rec(t, v, &root.name(n))?;
                    }
                }
                Ok(())
            }
            other => fail(
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
            ),
        }
    }

    fn rec(&mut self, t: &Rec, v: &Json, path: &Path) -> Result<(), String> {
        match t {
            Rec::Named(_, t) => self.rec(t, v, path),
            Rec::Null => match v {
                Json::Null => Ok(()),
                other => fail(
                    path,
                    format!("expected null (an empty slot), got {}", json_kind(other)),
                ),
            },
            Rec::SList(items) | Rec::STuple(items) => {
                let Json::Array(vs) = v else {
                    return fail(path, format!("expected {}, got {}", t.text(), json_kind(v)));
                };
                if vs.len() != items.len() {
                    return fail(
                        path,
                        format!(
                            "expected {} element{} ({}), got {}",
                            items.len(),
                            if items.len() == 1 { "" } else { "s" },
                            t.text(),
                            vs.len()
                        ),
                    );
                }
                for (i, (t, v)) in items.iter().zip(vs).enumerate() {
                    self.rec(t, v, &path.index(i as i64))?;
                }
                Ok(())
            }
            Rec::SDict(items) => {
                let Json::Object(m) = v else {
                    return fail(path, format!("expected {}, got {}", t.text(), json_kind(v)));
                };
                for k in m.keys() {
                    if !items.iter().any(|(n, _)| n == k) {
                        return fail(
                            &path.name(k),
                            format!("unexpected key (expected {})", t.text()),
                        );
                    }
                }
                for (k, t) in sorted(items) {
                    let Some(v) = m.get(k) else {
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

    fn node(&mut self, n: &Node, v: &Json, path: &Path) -> Result<(), String> {
        match n {
            Node::Leaf(i) => self.leaf(*i, v, path),
            Node::Seq(items) => {
                let Json::Array(vs) = v else {
                    return fail(
                        path,
                        format!(
                            "expected an array of {} element{}, got {}",
                            items.len(),
                            if items.len() == 1 { "" } else { "s" },
                            json_kind(v)
                        ),
                    );
                };
                if vs.len() != items.len() {
                    return fail(
                        path,
                        format!(
                            "expected {} element{}, got {}",
                            items.len(),
                            if items.len() == 1 { "" } else { "s" },
                            vs.len()
                        ),
                    );
                }
                let mut order: Vec<&(i64, Node)> = items.iter().collect();
                order.sort_by_key(|(k, _)| *k);
                for ((k, n), v) in order.into_iter().zip(vs) {
                    self.node(n, v, &path.index(*k))?;
                }
                Ok(())
            }
            Node::Dict(items) => {
                let Json::Object(m) = v else {
                    return fail(
                        path,
                        format!(
                            "expected an object with keys {}, got {}",
                            keys(items),
                            json_kind(v)
                        ),
                    );
                };
                for k in m.keys() {
                    if !items.iter().any(|(n, _)| n == k) {
                        return fail(
                            &path.name(k),
                            format!("unexpected key (expected {})", keys(items)),
                        );
                    }
                }
                for (k, n) in items {
                    let Some(v) = m.get(k) else {
                        return fail(path, format!("missing key `{k}`"));
                    };
                    self.node(n, v, &path.name(k))?;
                }
                Ok(())
            }
        }
    }

    /// Raw parameter `i` from `v`.
    fn leaf(&mut self, i: usize, v: &Json, path: &Path) -> Result<(), String> {
        let (Some(t), Some(rec)) = (self.f.ty.inputs.get(i), self.leaves.get(i).copied()) else {
            return fail(path, format!("raw index {i} is out of range"));
        };
        let arg = match t {
            Type::Scalar(s) => Arg::Scalar(scalar(*s, v, path)?),
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
                if let Rec::NdArray { dims: Some(d), .. } = rec {
                    for (k, (want, got)) in d.iter().zip(&sizes).enumerate() {
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
                let mut values = Vec::new();
                elements(elem, v, rank, &sizes, path, &mut values)?;
                dense_memref(t, sizes, &values).or_else(|e| fail(path, e))?
            }
        };
        if self.slots[i].is_some() {
            return fail(path, format!("raw argument {i} is bound twice"));
        }
        self.slots[i] = Some((arg, path.show("input")));
        Ok(())
    }
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

/// A scalar of type `s` from JSON, range-checked.
pub fn scalar(s: Scalar, v: &Json, path: &Path) -> Result<Value, String> {
    let name = Prim::of(s).name();
    let got = || match v {
        Json::Number(n) => n.to_string(),
        other => json_kind(other).to_string(),
    };
    match s {
        Scalar::F16 => fail(path, "f16 values are not supported by `kiln run`"),
        Scalar::F32 | Scalar::F64 => {
            let x = match v {
                Json::Number(n) => n.as_f64(),
                Json::String(t) => match t.as_str() {
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
            if s == Scalar::F32 {
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
                Json::Bool(b) if bits == 1 => Some(*b as i128),
                Json::Number(n) => n
                    .as_i64()
                    .map(i128::from)
                    .or_else(|| n.as_u64().map(i128::from)),
                _ => None,
            };
            let Some(x) = x else {
                return fail(path, format!("expected {name}, got {}", got()));
            };
            let (min, max) = if bits == 64 {
                (i64::MIN as i128, u64::MAX as i128)
            } else {
                (-(1i128 << (bits - 1)), (1i128 << bits) - 1)
            };
            if x < min || x > max {
                return fail(path, format!("{x} does not fit in {name}"));
            }
            let shift = 64 - bits;
            Ok(Value::Int {
                bits,
                value: ((x as i64) << shift) >> shift,
            })
        }
    }
}

fn float_json(x: f64, shortest: String) -> Json {
    if x.is_nan() {
        Json::String("nan".into())
    } else if x.is_infinite() {
        Json::String(if x > 0.0 { "inf" } else { "-inf" }.into())
    } else {
        // The shortest text that reads back as the value (an f32 is not widened to
        // 0.10000000149011612).
        shortest
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or(Json::Null, Json::Number)
    }
}

fn scalar_json(v: &Value) -> Json {
    match v {
        Value::Int { bits: 1, value } => Json::Bool(value & 1 == 1),
        Value::Int { value, .. } => Json::from(*value),
        Value::F32(x) => float_json(*x as f64, format!("{x:?}")),
        Value::F64(x) => float_json(*x, format!("{x:?}")),
        Value::Ptr(p) => Json::from(*p),
    }
}

fn raw_json(elem: Scalar, raw: u64) -> Json {
    match elem {
        Scalar::F32 => {
            let x = f32::from_bits(raw as u32);
            float_json(x as f64, format!("{x:?}"))
        }
        Scalar::F64 => {
            let x = f64::from_bits(raw);
            float_json(x, format!("{x:?}"))
        }
        Scalar::F16 => Json::from(raw & 0xffff),
        Scalar::I1 => Json::Bool(raw & 1 == 1),
        s => {
            let shift = 64 - s.bits();
            Json::from(((raw << shift) as i64) >> shift)
        }
    }
}

/// A result as JSON: a scalar, or a memref as nested arrays (`null` when null or too large).
pub fn returned_json(r: &Returned) -> Json {
    match r {
        Returned::Scalar(v) => scalar_json(v),
        Returned::MemRef {
            elem,
            sizes,
            elements,
        } => match elements {
            None => Json::Null,
            Some(e) => {
                fn nest(elem: Scalar, sizes: &[i64], e: &[u64], at: &mut usize) -> Json {
                    match sizes.split_first() {
                        None => {
                            let v = raw_json(elem, e.get(*at).copied().unwrap_or(0));
                            *at += 1;
                            v
                        }
                        Some((n, rest)) => {
                            Json::Array((0..*n).map(|_| nest(elem, rest, e, at)).collect())
                        }
                    }
                }
                nest(*elem, sizes, e, &mut 0)
            }
        },
    }
}

/// The results in the function's structure: the `R` tree for sip functions; else the `r`
/// list as an object when every result is named, as an array otherwise. Also the path of
/// each raw result, for text output.
pub fn results(f: &FunctionAbi, returned: &[Returned]) -> Result<(Json, Vec<String>), String> {
    let mut paths = vec![String::new(); returned.len()];
    let mut take = |i: usize, path: &Path| -> Result<Json, String> {
        let r = returned
            .get(i)
            .ok_or_else(|| format!("`@{}` returned fewer results than its ABI maps", f.name))?;
        if let Some(p) = paths.get_mut(i) {
            *p = path.show("result");
        }
        Ok(returned_json(r))
    };
    if let Some(sig) = &f.sip {
        fn walk(
            n: &Node,
            path: &Path,
            take: &mut dyn FnMut(usize, &Path) -> Result<Json, String>,
        ) -> Result<Json, String> {
            match n {
                Node::Leaf(i) => take(*i, path),
                Node::Seq(items) => {
                    let mut order: Vec<&(i64, Node)> = items.iter().collect();
                    order.sort_by_key(|(k, _)| *k);
                    Ok(Json::Array(
                        order
                            .into_iter()
                            .map(|(k, n)| walk(n, &path.index(*k), take))
                            .collect::<Result<_, _>>()?,
                    ))
                }
                Node::Dict(items) => {
                    let mut m = serde_json::Map::new();
                    for (k, n) in items {
                        m.insert(k.clone(), walk(n, &path.name(k), take)?);
                    }
                    Ok(Json::Object(m))
                }
            }
        }
        let v = walk(&sig.results, &Path::default(), &mut take)?;
        return Ok((v, paths));
    }
    let mut next = 0usize;
    fn rec(
        t: &Rec,
        path: &Path,
        next: &mut usize,
        take: &mut dyn FnMut(usize, &Path) -> Result<Json, String>,
    ) -> Result<Json, String> {
        match t {
            Rec::Named(_, t) => rec(t, path, next, take),
            Rec::Null => Ok(Json::Null),
            Rec::SList(items) | Rec::STuple(items) => Ok(Json::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| rec(t, &path.index(i as i64), next, take))
                    .collect::<Result<_, _>>()?,
            )),
            Rec::SDict(items) => {
                let mut m = serde_json::Map::new();
                for (k, t) in sorted(items) {
                    m.insert(k.clone(), rec(t, &path.name(k), next, take)?);
                }
                Ok(Json::Object(m))
            }
            _ => {
                let i = *next;
                *next += 1;
                take(i, path)
            }
        }
    }
    let r = &f.record.r;
    let named = !r.is_empty() && r.iter().all(|t| matches!(t, Rec::Named(..)));
    let root = Path::default();
    let v = if named {
        let mut m = serde_json::Map::new();
        for t in r {
            if let Rec::Named(n, _) = t {
                m.insert(n.clone(), rec(t, &root.name(n), &mut next, &mut take)?);
            }
        }
        Json::Object(m)
    } else {
        Json::Array(
            r.iter()
                .enumerate()
                .map(|(i, t)| {
                    let p = match t {
                        Rec::Named(n, _) => root.name(n),
                        _ => root.index(i as i64),
                    };
                    rec(t, &p, &mut next, &mut take)
                })
                .collect::<Result<_, _>>()?,
        )
    };
    Ok((v, paths))
}

/// Human output of a structured call: `PATH: VALUE` per raw result (in raw order), then each
/// memref argument as the call left it, named by its path in the input.
pub fn results_text(paths: &[String], outcome: &Outcome, bound: &Bound) -> String {
    let mut s = String::new();
    for (p, r) in paths.iter().zip(&outcome.results) {
        s.push_str(&format!("{p}: {r}\n"));
    }
    for (i, m) in &outcome.memref_args {
        let p = bound
            .paths
            .get(*i)
            .cloned()
            .unwrap_or_else(|| format!("{}", i + 1));
        s.push_str(&format!("argument {p}: {m}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::source::function_abi;

    /// The ABI of the one function of `text`.
    fn abi_of(text: &str) -> FunctionAbi {
        let checked = kiln_frontend::check_module(text);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        let parsed = kiln_frontend::parse_module(text);
        let f = function_abi(&parsed.tree.funcs[0], &checked.module.functions[0]);
        assert!(f.diagnostics.is_empty(), "{:?}", f.diagnostics);
        f
    }

    const DICT: &str = "func.func @f(%a: f32, %n: i64, %m: memref<2xi8>) attributes {iree.abi = \"{\\\"a\\\": [[\\\"named\\\", \\\"opts\\\", [\\\"sdict\\\", [\\\"n\\\", \\\"i64\\\"], [\\\"alpha\\\", \\\"f32\\\"]]], [\\\"named\\\", \\\"m\\\", [\\\"ndarray\\\", \\\"i8\\\", 1, 2]]], \\\"r\\\": []}\"} {\n  func.return\n}\n";

    #[test]
    fn sdict_slots_bind_in_sorted_key_order() {
        let f = abi_of(DICT);
        let input = serde_json::json!({"opts": {"n": 7, "alpha": 0.25}, "m": [-128, 255]});
        let b = bind_input(&f, &input).expect("binds");
        assert_eq!(b.paths, ["opts.alpha", "opts.n", "m"]);
        assert_eq!(b.args[0], Arg::Scalar(Value::F32(0.25)));
        assert_eq!(b.args[1], Arg::Scalar(Value::Int { bits: 64, value: 7 }));
        let Arg::MemRef(m) = &b.args[2] else {
            panic!("a memref")
        };
        // -128 and 255 are the same byte pattern as i8 values -128 and -1.
        assert_eq!((m.sizes.clone(), m.elements()), (vec![2], vec![0x80, 0xff]));
    }

    #[test]
    fn one_error_names_the_path() {
        let f = abi_of(DICT);
        let e = |v: serde_json::Value| bind_input(&f, &v).expect_err("refused");
        assert_eq!(
            e(serde_json::json!({"opts": {"n": 7, "alpha": true}, "m": [1, 2]})),
            "opts.alpha: expected f32, got a boolean"
        );
        assert_eq!(
            e(serde_json::json!({"opts": {"n": 7, "alpha": 1}, "m": [1, 256]})),
            "m[1]: 256 does not fit in i8"
        );
        assert_eq!(
            e(serde_json::json!([{"n": 7, "alpha": 1}])),
            "input: `@f` takes 2 arguments, got 1"
        );
    }

    #[test]
    fn results_come_back_in_structure() {
        let f = abi_of("func.func @g() -> (i1, f32, i32) attributes {iree.abi = \"{\\\"a\\\": [], \\\"r\\\": [[\\\"named\\\", \\\"ok\\\", \\\"i1\\\"], [\\\"named\\\", \\\"pair\\\", [\\\"stuple\\\", \\\"f32\\\", \\\"i32\\\"]]]}\"} {\n  %t = arith.constant true\n  %x = arith.constant 0.1 : f32\n  %n = arith.constant -3 : i32\n  func.return %t, %x, %n : i1, f32, i32\n}\n");
        let returned = [
            Returned::Scalar(Value::Int { bits: 1, value: -1 }),
            Returned::Scalar(Value::F32(0.1)),
            Returned::Scalar(Value::Int {
                bits: 32,
                value: -3,
            }),
        ];
        let (json, paths) = results(&f, &returned).expect("maps");
        assert_eq!(json.to_string(), r#"{"ok":true,"pair":[0.1,-3]}"#);
        assert_eq!(paths, ["ok", "pair[0]", "pair[1]"]);
        let nan = Returned::MemRef {
            elem: Scalar::F32,
            sizes: vec![2, 1],
            elements: Some(vec![f32::NAN.to_bits() as u64, 2.5f32.to_bits() as u64]),
        };
        assert_eq!(returned_json(&nan).to_string(), r#"[["nan"],[2.5]]"#);
    }
}
