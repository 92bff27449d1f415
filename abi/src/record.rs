//! IREE's V1 reflection record (`docs/book/src/reference/abi.md`):
//! `{"a": [...], "r": [...], "v": 1}`, one type record per user-level argument and result.
//!
//! kiln's raw signature is its source signature (scalars and memrefs), so a record maps onto
//! it by *leaves*: a primitive, `"unknown"`, `ndarray` or `py_homogeneous_list` consumes one
//! raw parameter (or result); `named`, `slist`, `stuple` and `sdict` group leaves (an
//! `sdict`'s slots in sorted-key order, as the V1 record's structure convention says); `null`
//! consumes none.
//!
//! ```
//! use kiln_abi::record::Record;
//! let r = Record::parse_json(r#"{"a": [["named", "x", "i32"]], "r": ["i32"], "v": 1}"#).unwrap();
//! assert_eq!(r.to_json(), r#"{"a":[["named","x","i32"]],"r":["i32"],"v":1}"#);
//! assert_eq!(r.text("f"), "f(x: i32) -> i32");
//! ```

use kiln_frontend::types::{FunctionType, Scalar, Type};
use serde_json::Value;

/// A primitive type name: `i[0-9]+`, `f[0-9]+` or `bf16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    /// `iN`: an integer of N bits (`index` is `i64`).
    Int(u32),
    /// `fN`: a float of N bits.
    Float(u32),
    /// `bf16`: bfloat16, which kiln's types do not have.
    BF16,
}

impl Prim {
    /// Reads a primitive name; `None` for anything else (and for a width of 0).
    pub fn parse(s: &str) -> Option<Prim> {
        if s == "bf16" {
            return Some(Prim::BF16);
        }
        let digits = |d: &str| -> Option<u32> {
            if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            d.parse().ok().filter(|b| *b > 0)
        };
        if let Some(d) = s.strip_prefix('i') {
            digits(d).map(Prim::Int)
        } else if let Some(d) = s.strip_prefix('f') {
            digits(d).map(Prim::Float)
        } else {
            None
        }
    }

    /// The name as records write it (`i32`, `f64`, `bf16`).
    pub fn name(self) -> String {
        match self {
            Prim::Int(b) => format!("i{b}"),
            Prim::Float(b) => format!("f{b}"),
            Prim::BF16 => "bf16".to_string(),
        }
    }

    /// The primitive a scalar type is described by (`index` is `i64`).
    pub fn of(s: Scalar) -> Prim {
        match s {
            Scalar::F16 => Prim::Float(16),
            Scalar::F32 => Prim::Float(32),
            Scalar::F64 => Prim::Float(64),
            Scalar::Index => Prim::Int(64),
            s => Prim::Int(s.bits()),
        }
    }

    /// Whether values of this primitive are what a parameter of type `s` takes.
    pub fn matches(self, s: Scalar) -> bool {
        self == Prim::of(s)
    }
}

/// A type record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rec {
    /// A primitive: one raw scalar of that type.
    Prim(Prim),
    /// JSON `null`: a null reference; an empty slot.
    Null,
    /// `"unknown"`: whatever the raw type is.
    Unknown,
    /// `["named", key, slot]`, only in the root `a` and `r` lists.
    Named(String, Box<Rec>),
    /// `["ndarray", elem, rank, dims...]`; `dims: None` is an unknown rank.
    NdArray {
        /// The element type.
        elem: Prim,
        /// One entry per dimension (`None`: a size not known), or `None` for an unknown
        /// rank.
        dims: Option<Vec<Option<i64>>>,
    },
    /// `["slist", slot...]`: a list of fixed length, its slots' leaves in order.
    SList(Vec<Rec>),
    /// `["stuple", slot...]`: a tuple, its slots' leaves in order.
    STuple(Vec<Rec>),
    /// Slots as written (the raw order is by sorted key, see [`Rec::leaves`]).
    SDict(Vec<(String, Rec)>),
    /// `["py_homogeneous_list", elem]`: a list of any length (kiln: a 1-d memref).
    PyList(Box<Rec>),
}

/// A record for one function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The arguments' records (`"a"`).
    pub a: Vec<Rec>,
    /// The results' records (`"r"`).
    pub r: Vec<Rec>,
}

/// A problem in a record: where (`a[1][2]`) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Where in the record: `a[1][2]`, `r[0].key`, a top-level key such as `v`, or empty
    /// for the whole record.
    pub path: String,
    /// What is wrong, without the path.
    pub message: String,
    /// For a JSON syntax error, the byte offset in the JSON text.
    pub offset: Option<usize>,
    /// Warnings do not make the record unusable.
    pub warning: bool,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

fn err(path: &str, message: impl Into<String>) -> RecordError {
    RecordError {
        path: path.to_string(),
        message: message.into(),
        offset: None,
        warning: false,
    }
}

/// A leaf of a record: where it is and which raw type it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecLeaf<'a> {
    /// The leaf's place in the record, as [`RecordError::path`] writes it.
    pub path: String,
    /// The leaf: a primitive, `"unknown"`, an `ndarray` or a `py_homogeneous_list`.
    pub rec: &'a Rec,
}

impl Rec {
    /// The record a raw parameter or result type derives.
    pub fn derive(t: &Type) -> Rec {
        match t {
            Type::Scalar(s) => Rec::Prim(Prim::of(*s)),
            // (No signature holds one: a function value lives within a function.)
            Type::Function(_) | Type::Ptr | Type::Aggregate(_) => Rec::Unknown,
            Type::MemRef(m) => Rec::NdArray {
                elem: Prim::of(m.elem),
                dims: Some(m.shape.clone()),
            },
            Type::UnrankedMemRef(e) => Rec::NdArray {
                elem: Prim::of(*e),
                dims: None,
            },
        }
    }

    /// The record as JSON, as [`Rec::from_json`] reads it.
    pub fn to_json(&self) -> Value {
        let s = |x: &str| Value::String(x.to_string());
        match self {
            Rec::Prim(p) => Value::String(p.name()),
            Rec::Null => Value::Null,
            Rec::Unknown => s("unknown"),
            Rec::Named(k, t) => Value::Array(vec![s("named"), s(k), t.to_json()]),
            Rec::NdArray { elem, dims } => {
                let mut v = vec![s("ndarray"), Value::String(elem.name())];
                match dims {
                    None => v.push(Value::Null),
                    Some(d) => {
                        v.push(Value::from(d.len()));
                        v.extend(d.iter().map(|x| x.map_or(Value::Null, Value::from)));
                    }
                }
                Value::Array(v)
            }
            Rec::SList(items) => Value::Array(
                std::iter::once(s("slist"))
                    .chain(items.iter().map(Rec::to_json))
                    .collect(),
            ),
            Rec::STuple(items) => Value::Array(
                std::iter::once(s("stuple"))
                    .chain(items.iter().map(Rec::to_json))
                    .collect(),
            ),
            Rec::SDict(items) => Value::Array(
                std::iter::once(s("sdict"))
                    .chain(
                        items
                            .iter()
                            .map(|(k, t)| Value::Array(vec![s(k), t.to_json()])),
                    )
                    .collect(),
            ),
            Rec::PyList(t) => Value::Array(vec![s("py_homogeneous_list"), t.to_json()]),
        }
    }

    /// Reads a type record; problems go to `errs` (all of them), and the result is `None`
    /// when this record (or one inside it) is unusable.
    pub fn from_json(
        v: &Value,
        path: &str,
        root: bool,
        errs: &mut Vec<RecordError>,
    ) -> Option<Rec> {
        match v {
            Value::Null => Some(Rec::Null),
            Value::String(x) if x == "unknown" => Some(Rec::Unknown),
            Value::String(x) => match Prim::parse(x) {
                Some(p) => Some(Rec::Prim(p)),
                None => {
                    errs.push(err(
                        path,
                        format!("unknown type `{x}` (expected i<N>, f<N>, bf16, \"unknown\", null or a compound [\"ndarray\", ...])"),
                    ));
                    None
                }
            },
            Value::Array(items) => {
                let Some(Value::String(tag)) = items.first() else {
                    errs.push(err(path, "a compound type record starts with its kind, a string (\"named\", \"ndarray\", \"slist\", \"stuple\", \"sdict\", \"py_homogeneous_list\")"));
                    return None;
                };
                let rest = &items[1..];
                let at = |i: usize| format!("{path}[{}]", i + 1);
                match tag.as_str() {
                    "named" => {
                        if !root {
                            errs.push(err(
                                path,
                                "`named` is only allowed in the root `a` and `r` lists",
                            ));
                        }
                        let (Some(Value::String(k)), Some(slot), 2) =
                            (rest.first(), rest.get(1), rest.len())
                        else {
                            errs.push(err(path, "expected [\"named\", KEY, TYPE]"));
                            return None;
                        };
                        let t = Rec::from_json(slot, &at(1), false, errs)?;
                        if !root {
                            return None;
                        }
                        Some(Rec::Named(k.clone(), Box::new(t)))
                    }
                    "ndarray" => {
                        let elem = match rest.first() {
                            Some(Value::String(e)) => match Prim::parse(e) {
                                Some(p) => Some(p),
                                None => {
                                    errs.push(err(&at(0), format!("an ndarray's element type is a primitive (i<N>, f<N>, bf16), got `{e}`")));
                                    None
                                }
                            },
                            Some(_) => {
                                errs.push(err(&at(0), "an ndarray's element type is a primitive (i<N>, f<N>, bf16); kiln has no ndarrays of reference types"));
                                None
                            }
                            None => {
                                errs.push(err(
                                    path,
                                    "expected [\"ndarray\", ELEMENT, RANK, DIM...]",
                                ));
                                return None;
                            }
                        };
                        let dims = match rest.get(1) {
                            Some(Value::Null) | None => {
                                if rest.len() > 2 {
                                    errs.push(err(
                                        path,
                                        "an ndarray of unknown rank (null) has no dims",
                                    ));
                                    return None;
                                }
                                None
                            }
                            Some(Value::Number(n)) => {
                                let Some(rank) = n.as_u64().filter(|r| *r <= 64) else {
                                    errs.push(err(
                                        &at(1),
                                        format!(
                                            "a rank is an integer from 0 to 64 or null, got {n}"
                                        ),
                                    ));
                                    return None;
                                };
                                let dims = &rest[2..];
                                if dims.len() as u64 != rank {
                                    errs.push(err(
                                        path,
                                        format!(
                                            "rank {rank} needs {rank} dim{}, got {}",
                                            if rank == 1 { "" } else { "s" },
                                            dims.len()
                                        ),
                                    ));
                                    return None;
                                }
                                let mut out = Vec::new();
                                let mut ok = true;
                                for (i, d) in dims.iter().enumerate() {
                                    match d {
                                        Value::Null => out.push(None),
                                        Value::Number(n) if n.as_i64().is_some_and(|x| x >= 0) => {
                                            out.push(n.as_i64())
                                        }
                                        other => {
                                            errs.push(err(&at(2 + i), format!("a dim is a non-negative integer or null, got {other}")));
                                            ok = false;
                                        }
                                    }
                                }
                                if !ok {
                                    return None;
                                }
                                Some(out)
                            }
                            Some(other) => {
                                errs.push(err(
                                    &at(1),
                                    format!("a rank is an integer or null, got {other}"),
                                ));
                                return None;
                            }
                        };
                        Some(Rec::NdArray { elem: elem?, dims })
                    }
                    "slist" | "stuple" => {
                        let mut out = Vec::new();
                        let mut ok = true;
                        for (i, x) in rest.iter().enumerate() {
                            match Rec::from_json(x, &at(i), false, errs) {
                                Some(t) => out.push(t),
                                None => ok = false,
                            }
                        }
                        ok.then(|| {
                            if tag == "slist" {
                                Rec::SList(out)
                            } else {
                                Rec::STuple(out)
                            }
                        })
                    }
                    "sdict" => {
                        let mut out: Vec<(String, Rec)> = Vec::new();
                        let mut ok = true;
                        for (i, x) in rest.iter().enumerate() {
                            let (Some(Value::String(k)), Some(t), Some(2)) =
                                (x.get(0), x.get(1), x.as_array().map(Vec::len))
                            else {
                                errs.push(err(&at(i), "an sdict slot is [KEY, TYPE]"));
                                ok = false;
                                continue;
                            };
                            if out.iter().any(|(o, _)| o == k) {
                                errs.push(err(&at(i), format!("duplicate sdict key `{k}`")));
                                ok = false;
                            }
                            match Rec::from_json(t, &format!("{}[1]", at(i)), false, errs) {
                                Some(t) => out.push((k.clone(), t)),
                                None => ok = false,
                            }
                        }
                        ok.then_some(Rec::SDict(out))
                    }
                    "py_homogeneous_list" => {
                        let (Some(t), 1) = (rest.first(), rest.len()) else {
                            errs.push(err(path, "expected [\"py_homogeneous_list\", ELEMENT]"));
                            return None;
                        };
                        Some(Rec::PyList(Box::new(Rec::from_json(
                            t,
                            &at(0),
                            false,
                            errs,
                        )?)))
                    }
                    other => {
                        errs.push(err(path, format!("unknown compound type `{other}` (expected named, ndarray, slist, stuple, sdict or py_homogeneous_list)")));
                        None
                    }
                }
            }
            other => {
                errs.push(err(
                    path,
                    format!("a type record is a string, null or an array, got {other}"),
                ));
                None
            }
        }
    }

    /// The leaves in raw order (an `sdict`'s slots by sorted key; `null` has none).
    pub fn leaves<'a>(&'a self, path: String, out: &mut Vec<RecLeaf<'a>>) {
        match self {
            Rec::Null => {}
            Rec::Prim(_) | Rec::Unknown | Rec::NdArray { .. } | Rec::PyList(_) => {
                out.push(RecLeaf { path, rec: self })
            }
            Rec::Named(_, t) => t.leaves(path, out),
            Rec::SList(items) | Rec::STuple(items) => {
                for (i, t) in items.iter().enumerate() {
                    t.leaves(format!("{path}[{i}]"), out);
                }
            }
            Rec::SDict(items) => {
                for (k, t) in sorted(items) {
                    t.leaves(format!("{path}.{k}"), out);
                }
            }
        }
    }

    /// Problems with this leaf describing a raw value of type `t`.
    pub fn check_leaf(&self, t: &Type) -> Option<String> {
        let bad = || {
            Some(format!(
                "the record says {}, the raw type is `{t}`",
                self.text()
            ))
        };
        match (self, t) {
            (Rec::Unknown, _) => None,
            (Rec::Prim(p), Type::Scalar(s)) => (!p.matches(*s)).then(bad).flatten(),
            (Rec::NdArray { elem, dims }, Type::MemRef(m)) => {
                if !elem.matches(m.elem) {
                    return bad();
                }
                let Some(d) = dims else { return None };
                if d.len() != m.rank() {
                    return Some(format!(
                        "the record's ndarray has rank {}, the raw type `{t}` rank {}",
                        d.len(),
                        m.rank()
                    ));
                }
                for (i, (want, got)) in d.iter().zip(&m.shape).enumerate() {
                    if let (Some(w), Some(g)) = (want, got) {
                        if w != g {
                            return Some(format!(
                                "dim {i} of the record's ndarray is {w}, of the raw type `{t}` {g}"
                            ));
                        }
                    }
                }
                None
            }
            (Rec::NdArray { elem, .. }, Type::UnrankedMemRef(e)) => {
                (!elem.matches(*e)).then(bad).flatten()
            }
            (Rec::PyList(e), Type::MemRef(m)) if m.rank() == 1 => match &**e {
                Rec::Prim(p) if p.matches(m.elem) => None,
                Rec::Prim(_) => bad(),
                _ => Some(
                    "kiln passes a py_homogeneous_list of primitives only (as a 1-d memref)"
                        .to_string(),
                ),
            },
            (Rec::PyList(_), _) => Some(format!(
                "a py_homogeneous_list is passed as a 1-d memref, the raw type is `{t}`"
            )),
            _ => bad(),
        }
    }

    /// Human type text: `ndarray<f32, 2x?>`, `{alpha: f32, n: i64}`, `(i32, f32)`.
    pub fn text(&self) -> String {
        let list = |items: &[Rec]| items.iter().map(Rec::text).collect::<Vec<_>>().join(", ");
        match self {
            Rec::Prim(p) => p.name(),
            Rec::Null => "null".to_string(),
            Rec::Unknown => "unknown".to_string(),
            Rec::Named(k, t) => format!("{}: {}", key_text(k), t.text()),
            Rec::NdArray { elem, dims } => match dims {
                None => format!("ndarray<{}, *>", elem.name()),
                Some(d) if d.is_empty() => format!("ndarray<{}>", elem.name()),
                Some(d) => format!(
                    "ndarray<{}, {}>",
                    elem.name(),
                    d.iter()
                        .map(|x| x.map_or("?".to_string(), |v| v.to_string()))
                        .collect::<Vec<_>>()
                        .join("x")
                ),
            },
            Rec::SList(items) => format!("[{}]", list(items)),
            Rec::STuple(items) if items.len() == 1 => format!("({},)", items[0].text()),
            Rec::STuple(items) => format!("({})", list(items)),
            Rec::SDict(items) => format!(
                "{{{}}}",
                items
                    .iter()
                    .map(|(k, t)| format!("{}: {}", key_text(k), t.text()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Rec::PyList(t) => format!("list<{}>", t.text()),
        }
    }
}

/// An sdict's slots in the raw (sorted-key, by bytes) order.
pub fn sorted(items: &[(String, Rec)]) -> Vec<&(String, Rec)> {
    let mut v: Vec<&(String, Rec)> = items.iter().collect();
    v.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    v
}

/// A key as written in text: bare when it is an identifier, else a JSON string.
pub fn key_text(k: &str) -> String {
    let ident = k
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_alphanumeric() || c == '_');
    if ident {
        k.to_string()
    } else {
        super::sip::json_string(k)
    }
}

impl Record {
    /// The record a signature derives: one leaf per parameter and result.
    pub fn derive(ty: &FunctionType) -> Record {
        Record {
            a: ty.inputs.iter().map(Rec::derive).collect(),
            r: ty.results.iter().map(Rec::derive).collect(),
        }
    }

    /// Parses the JSON text of a record; every problem found (a syntax error stops there).
    pub fn parse_json(text: &str) -> Result<Record, Vec<RecordError>> {
        let v: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let offset = line_col_offset(text, e.line(), e.column());
                let msg = e.to_string();
                // serde_json appends " at line L column C"; the diagnostic has the place.
                let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
                return Err(vec![RecordError {
                    path: String::new(),
                    message: format!("the reflection is not valid JSON: {msg}"),
                    offset: Some(offset),
                    warning: false,
                }]);
            }
        };
        let (record, errs) = Record::from_value(&v);
        match record {
            Some(r) if !errs.iter().any(|e| !e.warning) => Ok(r),
            _ => Err(errs),
        }
    }

    /// Reads a record object; returns it (if usable) and every problem (warnings too).
    pub fn from_value(v: &Value) -> (Option<Record>, Vec<RecordError>) {
        let mut errs = Vec::new();
        let Value::Object(m) = v else {
            errs.push(err(
                "",
                format!(
                    "the reflection is a JSON object {{\"a\": [...], \"r\": [...]}}, got {}",
                    super::bind::json_kind(v)
                ),
            ));
            return (None, errs);
        };
        for k in m.keys() {
            if !matches!(k.as_str(), "a" | "r" | "v") {
                errs.push(RecordError {
                    warning: true,
                    ..err(
                        k,
                        "unknown key in the reflection (kiln reads `a`, `r` and `v`); ignored",
                    )
                });
            }
        }
        if let Some(ver) = m.get("v") {
            if ver.as_u64() != Some(1) {
                errs.push(err(
                    "v",
                    format!("unsupported reflection version {ver} (kiln reads version 1)"),
                ));
            }
        }
        let mut list = |key: &str| -> Option<Vec<Rec>> {
            match m.get(key) {
                None => Some(Vec::new()),
                Some(Value::Array(items)) => {
                    let mut out = Vec::new();
                    let mut ok = true;
                    for (i, x) in items.iter().enumerate() {
                        match Rec::from_json(x, &format!("{key}[{i}]"), true, &mut errs) {
                            Some(t) => out.push(t),
                            None => ok = false,
                        }
                    }
                    let mut names: Vec<&str> = Vec::new();
                    for (i, t) in items.iter().enumerate() {
                        if let (Some("named"), Some(n)) = (
                            t.get(0).and_then(Value::as_str),
                            t.get(1).and_then(Value::as_str),
                        ) {
                            if names.contains(&n) {
                                errs.push(err(
                                    &format!("{key}[{i}]"),
                                    format!("duplicate name `{n}`"),
                                ));
                                ok = false;
                            }
                            names.push(n);
                        }
                    }
                    ok.then_some(out)
                }
                Some(other) => {
                    errs.push(err(
                        key,
                        format!(
                            "expected an array of type records, got {}",
                            super::bind::json_kind(other)
                        ),
                    ));
                    None
                }
            }
        };
        let a = list("a");
        let r = list("r");
        match (a, r) {
            (Some(a), Some(r)) if !errs.iter().any(|e| !e.warning) => (Some(Record { a, r }), errs),
            _ => (None, errs),
        }
    }

    /// The leaves of `a` (or `r`), in raw order.
    pub fn leaves<'a>(list: &'a [Rec], root: &str) -> Vec<RecLeaf<'a>> {
        let mut out = Vec::new();
        for (i, t) in list.iter().enumerate() {
            t.leaves(format!("{root}[{i}]"), &mut out);
        }
        out
    }

    /// Every disagreement between the record and the raw signature.
    pub fn check(&self, ty: &FunctionType) -> Vec<String> {
        let mut out = Vec::new();
        for (key, list, raw, what) in [
            ("a", &self.a, &ty.inputs, "parameter"),
            ("r", &self.r, &ty.results, "result"),
        ] {
            let leaves = Record::leaves(list, key);
            if leaves.len() != raw.len() {
                out.push(format!(
                    "`{key}` describes {} raw {what}{} ({}), the function has {} ({})",
                    leaves.len(),
                    if leaves.len() == 1 { "" } else { "s" },
                    leaves
                        .iter()
                        .map(|l| l.rec.text())
                        .collect::<Vec<_>>()
                        .join(", "),
                    raw.len(),
                    raw.iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            for (i, (l, t)) in leaves.iter().zip(raw).enumerate() {
                if let Some(m) = l.rec.check_leaf(t) {
                    out.push(format!("{} ({what} {i}): {m}", l.path));
                }
            }
        }
        out
    }

    /// The record as one JSON line: `{"a":[...],"r":[...],"v":1}`.
    pub fn to_json(&self) -> String {
        let list = |l: &[Rec]| Value::Array(l.iter().map(Rec::to_json).collect()).to_string();
        format!(
            "{{\"a\":{},\"r\":{},\"v\":1}}",
            list(&self.a),
            list(&self.r)
        )
    }

    /// `f(x: ndarray<f32, 2x?>, opts: {alpha: f32, n: i64}) -> (ndarray<f32, ?>, i32)`.
    pub fn text(&self, name: &str) -> String {
        let args: Vec<String> = self.a.iter().map(Rec::text).collect();
        let results = match self.r.as_slice() {
            [one] if !matches!(one, Rec::Named(..)) => one.text(),
            rs => format!(
                "({})",
                rs.iter().map(Rec::text).collect::<Vec<_>>().join(", ")
            ),
        };
        format!("{name}({}) -> {results}", args.join(", "))
    }
}

/// The byte offset of serde_json's 1-based line and column (a column counts bytes).
fn line_col_offset(text: &str, line: usize, column: usize) -> usize {
    let mut at = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (at + column.saturating_sub(1)).min(text.len());
        }
        at += l.len();
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiln_frontend::types::{Layout, MemRefType};
    use std::sync::Arc;

    fn memref(shape: Vec<Option<i64>>, elem: Scalar) -> Type {
        Type::MemRef(Arc::new(MemRefType {
            shape,
            elem,
            layout: Layout::Identity,
        }))
    }

    #[test]
    fn records_derive_from_signatures() {
        let ty = FunctionType {
            inputs: vec![
                Type::Scalar(Scalar::I32),
                memref(vec![Some(2), None], Scalar::F32),
                Type::UnrankedMemRef(Scalar::F64),
                Type::Scalar(Scalar::Index),
            ],
            results: vec![memref(vec![], Scalar::I8)],
        };
        let r = Record::derive(&ty);
        assert_eq!(
            r.to_json(),
            r#"{"a":["i32",["ndarray","f32",2,2,null],["ndarray","f64",null],"i64"],"r":[["ndarray","i8",0]],"v":1}"#
        );
        assert_eq!(
            r.text("f"),
            "f(i32, ndarray<f32, 2x?>, ndarray<f64, *>, i64) -> ndarray<i8>"
        );
        assert!(r.check(&ty).is_empty());
        assert_eq!(Record::parse_json(&r.to_json()), Ok(r));
    }

    #[test]
    fn every_record_form_round_trips() {
        let text = r#"{"a":[["named","x",["ndarray","f32",2,2,null]],["named","opts",["sdict",["n","i64"],["alpha","f32"]]],["slist","i8",null,["stuple","f16"]],["py_homogeneous_list","f64"],"unknown","bf16"],"r":[null],"v":1}"#;
        let r = Record::parse_json(text).expect("parses");
        assert_eq!(r.to_json(), text);
        assert_eq!(
            r.text("f"),
            "f(x: ndarray<f32, 2x?>, opts: {n: i64, alpha: f32}, [i8, null, (f16,)], list<f64>, unknown, bf16) -> null"
        );
        let leaves: Vec<String> = Record::leaves(&r.a, "a")
            .iter()
            .map(|l| l.path.clone())
            .collect();
        // sdict slots in sorted-key order; null consumes no raw value.
        assert_eq!(
            leaves,
            [
                "a[0]",
                "a[1].alpha",
                "a[1].n",
                "a[2][0]",
                "a[2][2][0]",
                "a[3]",
                "a[4]",
                "a[5]"
            ]
        );
    }

    #[test]
    fn every_problem_is_reported() {
        let errs = Record::parse_json(
            r#"{"a": [["named", "k", "i32"], ["named", "k", ["sdict", ["s", "i32"], ["s", ["named", "t", "i32"]]]]], "r": ["u8", ["ndarray", "f32", 2, 1], ["what"]], "v": 2, "x": 0}"#,
        )
        .expect_err("bad");
        let msgs: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "x: unknown key in the reflection (kiln reads `a`, `r` and `v`); ignored",
                "v: unsupported reflection version 2 (kiln reads version 1)",
                "a[1][2][2]: duplicate sdict key `s`",
                "a[1][2][2][1]: `named` is only allowed in the root `a` and `r` lists",
                "a[1]: duplicate name `k`",
                "r[0]: unknown type `u8` (expected i<N>, f<N>, bf16, \"unknown\", null or a compound [\"ndarray\", ...])",
                "r[1]: rank 2 needs 2 dims, got 1",
                "r[2]: unknown compound type `what` (expected named, ndarray, slist, stuple, sdict or py_homogeneous_list)",
            ]
        );
        assert!(errs[0].warning && !errs[1].warning);
    }

    #[test]
    fn json_syntax_errors_have_an_offset() {
        let e = Record::parse_json("{\"a\": [\"i32\"] \"r\": []}").expect_err("bad");
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].offset, Some(14));
        assert!(
            e[0].message
                .starts_with("the reflection is not valid JSON: expected `,` or `}`"),
            "{}",
            e[0].message
        );
        let e = Record::parse_json("[1]").expect_err("bad");
        assert_eq!(
            e[0].message,
            "the reflection is a JSON object {\"a\": [...], \"r\": [...]}, got an array"
        );
    }

    #[test]
    fn records_are_checked_against_the_raw_signature() {
        let ty = FunctionType {
            inputs: vec![
                Type::Scalar(Scalar::I32),
                memref(vec![Some(4), None], Scalar::F32),
                Type::UnrankedMemRef(Scalar::I8),
                memref(vec![Some(3)], Scalar::F32),
            ],
            results: vec![Type::Scalar(Scalar::F32)],
        };
        let r = Record::parse_json(
            r#"{"a": ["i64", ["ndarray", "f32", 2, 5, 7], ["ndarray", "f32", null], ["ndarray", "f32", 2, null, null]], "r": ["f32", "i32"]}"#,
        )
        .expect("well formed");
        assert_eq!(
            r.check(&ty),
            [
                "a[0] (parameter 0): the record says i64, the raw type is `i32`",
                "a[1] (parameter 1): dim 0 of the record's ndarray is 5, of the raw type `memref<4x?xf32>` 4",
                "a[2] (parameter 2): the record says ndarray<f32, *>, the raw type is `memref<*xi8>`",
                "a[3] (parameter 3): the record's ndarray has rank 2, the raw type `memref<3xf32>` rank 1",
                "`r` describes 2 raw results (f32, i32), the function has 1 (f32)",
            ]
        );
    }

    #[test]
    fn primitive_names() {
        assert_eq!(Prim::parse("i32"), Some(Prim::Int(32)));
        assert_eq!(Prim::parse("f16"), Some(Prim::Float(16)));
        assert_eq!(Prim::parse("bf16"), Some(Prim::BF16));
        for bad in ["i", "i0", "x32", "é", "i3x", "f-1", ""] {
            assert_eq!(Prim::parse(bad), None, "{bad}");
        }
    }
}
