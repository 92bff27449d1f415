//! Results back to JSON or text, in the function's structure.

use super::*;

pub(super) fn float_json(x: f64, shortest: String) -> Json {
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

pub(super) fn scalar_json(v: &Value) -> Json {
    match v {
        Value::Int { bits: 1, value } => Json::Bool(value & 1 == 1),
        Value::Int { value, .. } => Json::from(*value),
        // JSON numbers beyond 64 bits lose digits in most readers: a wide integer is its
        // decimal text.
        Value::Wide { value, .. } => Json::String(value.to_string()),
        Value::F16(b) => {
            let x = half::f16::from_bits(*b);
            float_json(x.to_f64(), format!("{x:?}"))
        }
        Value::BF16(b) => {
            let x = half::bf16::from_bits(*b);
            float_json(x.to_f64(), format!("{x:?}"))
        }
        Value::F32(x) => float_json(*x as f64, format!("{x:?}")),
        Value::F64(x) => float_json(*x, format!("{x:?}")),
        Value::Ptr(p) => Json::from(*p),
    }
}

pub(super) fn raw_json(elem: Scalar, raw: u128) -> Json {
    match elem {
        Scalar::F32 => {
            let x = f32::from_bits(raw as u32);
            float_json(x as f64, format!("{x:?}"))
        }
        Scalar::F64 => {
            let x = f64::from_bits(raw as u64);
            float_json(x, format!("{x:?}"))
        }
        Scalar::F16 | Scalar::BF16 => Json::from(raw as u64 & 0xffff),
        Scalar::I1 => Json::Bool(raw & 1 == 1),
        s => {
            let v = crate::run::sext(s.bits(), raw as i128);
            // JSON numbers beyond 64 bits lose digits in most readers: those are strings.
            match i64::try_from(v) {
                Ok(v) => Json::from(v),
                Err(_) => Json::from(v.to_string()),
            }
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
                fn nest(elem: Scalar, sizes: &[i64], e: &[u128], at: &mut usize) -> Json {
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

/// A structured result being built: what [`results_with`] makes of the raw results.
/// kiln implements it for JSON; the Python bindings for Python objects.
pub trait Output: Sized {
    /// A sequence: an `stuple` (`tuple`), or an `slist` or sip sequence.
    fn seq(items: Vec<Self>, tuple: bool) -> Result<Self, String>;
    /// An `sdict` or sip dict, in the order given (sorted keys for an `sdict`).
    fn map(entries: Vec<(String, Self)>) -> Result<Self, String>;
    /// A `null` record.
    fn null() -> Result<Self, String>;
}

impl Output for Json {
    fn seq(items: Vec<Json>, _tuple: bool) -> Result<Json, String> {
        Ok(Json::Array(items))
    }

    fn map(entries: Vec<(String, Json)>) -> Result<Json, String> {
        Ok(Json::Object(entries.into_iter().collect()))
    }

    fn null() -> Result<Json, String> {
        Ok(Json::Null)
    }
}

/// The top of a function's structured results.
#[derive(Debug)]
pub enum Structured<T> {
    /// V1, every result `named`: by name, in the record's order.
    Named(Vec<(String, T)>),
    /// V1 otherwise: the results in order.
    Positional(Vec<T>),
    /// sip: the `R` tree.
    Tree(T),
}

/// The results in the function's structure, each raw result `i` (at `path`) from `take`:
/// the `R` tree for sip functions; else the `r` list, by name when every result is named.
/// Also the path of each raw result, for text output.
pub fn results_with<T: Output>(
    f: &FunctionAbi,
    count: usize,
    take: &mut dyn FnMut(usize, &Path) -> Result<T, String>,
) -> Result<(Structured<T>, Vec<String>), String> {
    let mut paths = vec![String::new(); count];
    let mut take = |i: usize, path: &Path| -> Result<T, String> {
        if i >= count {
            return Err(format!(
                "`@{}` returned fewer results than its ABI maps",
                f.name
            ));
        }
        if let Some(p) = paths.get_mut(i) {
            *p = path.show("result");
        }
        take(i, path)
    };
    if let Some(sig) = &f.sip {
        fn walk<T: Output>(
            n: &Node,
            path: &Path,
            take: &mut dyn FnMut(usize, &Path) -> Result<T, String>,
        ) -> Result<T, String> {
            match n {
                Node::Leaf(i) => take(*i, path),
                Node::Seq(items) => {
                    let mut order: Vec<&(i64, Node)> = items.iter().collect();
                    order.sort_by_key(|(k, _)| *k);
                    let items = order
                        .into_iter()
                        .map(|(k, n)| walk(n, &path.index(*k), take))
                        .collect::<Result<_, _>>()?;
                    T::seq(items, false)
                }
                Node::Dict(items) => {
                    let mut m = Vec::new();
                    for (k, n) in items {
                        m.push((k.clone(), walk(n, &path.name(k), take)?));
                    }
                    T::map(m)
                }
            }
        }
        let v = walk(&sig.results, &Path::default(), &mut take)?;
        return Ok((Structured::Tree(v), paths));
    }
    let mut next = 0usize;
    fn rec<T: Output>(
        t: &Rec,
        path: &Path,
        next: &mut usize,
        take: &mut dyn FnMut(usize, &Path) -> Result<T, String>,
    ) -> Result<T, String> {
        match t {
            Rec::Named(_, t) => rec(t, path, next, take),
            Rec::Null => T::null(),
            Rec::SList(items) | Rec::STuple(items) => {
                let vs = items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| rec(t, &path.index(i as i64), next, take))
                    .collect::<Result<_, _>>()?;
                T::seq(vs, matches!(t, Rec::STuple(_)))
            }
            Rec::SDict(items) => {
                let mut m = Vec::new();
                for (k, t) in sorted(items) {
                    m.push((k.clone(), rec(t, &path.name(k), next, take)?));
                }
                T::map(m)
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
        let mut m = Vec::new();
        for t in r {
            if let Rec::Named(n, _) = t {
                m.push((n.clone(), rec(t, &root.name(n), &mut next, &mut take)?));
            }
        }
        Structured::Named(m)
    } else {
        Structured::Positional(
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

/// The results in the function's structure as JSON: the `R` tree for sip functions; else
/// the `r` list as an object when every result is named, as an array otherwise. Also the
/// path of each raw result, for text output.
pub fn results(f: &FunctionAbi, returned: &[Returned]) -> Result<(Json, Vec<String>), String> {
    let mut take = |i: usize, _: &Path| -> Result<Json, String> {
        returned
            .get(i)
            .map(returned_json)
            .ok_or_else(|| format!("`@{}` returned fewer results than its ABI maps", f.name))
    };
    let (v, paths) = results_with(f, returned.len(), &mut take)?;
    let v = match v {
        Structured::Named(m) => Json::Object(m.into_iter().collect()),
        Structured::Positional(items) => Json::Array(items),
        Structured::Tree(v) => v,
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
