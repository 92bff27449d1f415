//! A small model of a ranked memref as the conventions see it, so that the rule-by-rule
//! check (`rules.rs`) can give a meaning to rules over descriptors: `memref.dim` and
//! `memref.rank` on one side, `llvm.extractvalue`/`llvm.insertvalue` of the descriptor
//! struct on the other.
//!
//! A memref value *is* its descriptor (the ranked descriptor convention of
//! `rules/memref_descriptor.rules`): `{allocated, aligned, offset, sizes[rank],
//! strides[rank]}`. The model is an aggregate (`Agg`) of those fields. Memory is flat: each
//! memref argument has its own buffer, 4 GiB apart, a pointer is a byte address (an `i64`),
//! and every element holds a value that depends only on its address, so the two sides of a
//! rule read the same memory. An identity layout has offset 0 and natural strides; a
//! strided one has the static strides and offset its type states and small random ones
//! where it says `?`. A field never written is undefined (`Agg::Undef`), as in LLVM's
//! `undef` struct; reading it is undefined behaviour in the model, so a left side that
//! reads one is not a sample and a right side that reads one is unsound.
//!
//! The meanings are written here from MLIR's definitions, independently of the rules:
//! `memref.dim m k` is `sizes[k]` (undefined for `k` out of range) and `memref.rank m` is
//! the number of sizes.

use super::program::Rng;
use crate::interp::V;
use kiln_engine::Term;
use kiln_frontend::types::Scalar;

/// A value of the descriptor model: a scalar (a pointer is its 64-bit address), a struct or
/// array of fields, or a field never written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Agg {
    Val(V),
    Fields(Vec<Agg>),
    Undef,
}

/// One input of an instantiated rule: a `(func.arg T I PS)` leaf.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Input {
    Scalar(V),
    Memref(Agg),
}

impl Input {
    /// The input as a rule author reads it: `8 : i32`, `memref sizes [4, 2]`.
    pub(crate) fn show(&self, scalar: impl Fn(&V) -> String) -> String {
        match self {
            Input::Scalar(v) => scalar(v),
            Input::Memref(d) => match sizes(d) {
                Some(s) => format!("memref with sizes {s:?}"),
                None => "memref".to_string(),
            },
        }
    }
}

/// A random identity-layout memref type of rank 0 to 3: `(memref [4 dyn] f32 identity)`.
pub fn random_type(rng: &mut Rng) -> Term {
    let rank = rng.below(4);
    let mut shape = Term::atom("nil");
    for _ in 0..rank {
        let extent = if rng.below(2) == 0 {
            Term::atom("dyn")
        } else {
            Term::Int(1 + rng.below(5) as i64)
        };
        shape = Term::op("cons", vec![extent, shape]);
    }
    let elems = &*super::program::EVALUATED_SCALARS;
    let elem = elems[rng.below(elems.len() as u64) as usize];
    // A third are strided: static or dynamic strides and offset.
    let layout = if rng.below(3) == 0 {
        let extent = |rng: &mut Rng, hi: u64, lo: i64| {
            if rng.below(3) == 0 {
                Term::atom("dyn")
            } else {
                Term::Int(lo + rng.below(hi) as i64)
            }
        };
        let strides = (0..rank).map(|_| extent(rng, 6, 1)).collect();
        let offset = extent(rng, 4, 0);
        Term::op("strided", vec![Term::list_of(strides), offset])
    } else {
        Term::atom("identity")
    };
    Term::op("memref", vec![shape, Term::of_scalar(elem), layout])
}

/// The LLVM struct of a rank-`rank` descriptor (`type-memref` in memref_descriptor.rules).
pub fn struct_type(rank: usize) -> Term {
    let ptr = Term::atom("ptr");
    let i64t = Term::atom("i64");
    let array = Term::op("llvm.array", vec![Term::Int(rank as i64), i64t.clone()]);
    let mut fields = vec![ptr.clone(), ptr, i64t];
    if rank > 0 {
        fields.push(array.clone());
        fields.push(array);
    }
    Term::op("llvm.struct", vec![Term::list_of(fields)])
}

/// A descriptor of a memref of type `ty` over buffer `buffer`: its static sizes as they
/// are, its dynamic ones random (0 to 6), natural strides, offset 0.
pub(crate) fn random_descriptor(rng: &mut Rng, ty: &Term, buffer: usize) -> Option<Agg> {
    let m = ty.memref()?;
    let sizes: Vec<i64> = m
        .shape
        .iter()
        .map(|e| e.unwrap_or_else(|| rng.below(7) as i64))
        .collect();
    let mut strides = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].wrapping_mul(sizes[d + 1]);
    }
    // A strided layout's static strides and offset are as the type says; its dynamic ones
    // are whatever the caller passed (here: small positive strides, a small offset).
    let mut offset = 0i64;
    if let kiln_frontend::types::Layout::Strided {
        strides: fixed,
        offset: off,
    } = &m.layout
    {
        for (s, f) in strides.iter_mut().zip(fixed) {
            *s = f.unwrap_or_else(|| 1 + rng.below(5) as i64);
        }
        offset = off.unwrap_or_else(|| rng.below(4) as i64);
    }
    let ints = |xs: &[i64]| {
        Agg::Fields(
            xs.iter()
                .map(|x| Agg::Val(V::Int(64, i128::from(*x))))
                .collect(),
        )
    };
    let base = Agg::Val(V::Int(64, i128::from(base_address(buffer))));
    let mut fields = vec![base.clone(), base, Agg::Val(V::Int(64, i128::from(offset)))];
    if !sizes.is_empty() {
        fields.push(ints(&sizes));
        fields.push(ints(&strides));
    }
    Some(Agg::Fields(fields))
}

/// The address of buffer `buffer`'s first byte: buffers are 4 GiB apart, so an address
/// names its buffer.
pub(crate) fn base_address(buffer: usize) -> i64 {
    ((buffer as i64) + 1) << 32
}

/// The bytes an element of `elem` takes (an `i1` takes one).
pub(crate) fn elem_bytes(elem: Scalar) -> i64 {
    i64::from(elem.bytes())
}

/// How many elements the buffer behind a descriptor holds: one past the furthest element
/// its offset, sizes and strides reach.
fn buffer_len(d: &Agg) -> Option<i64> {
    let sizes = sizes(d)?;
    let strides = strides(d)?;
    let mut last = offset(d)?;
    for (n, st) in sizes.iter().zip(&strides) {
        if *n == 0 {
            return Some(0);
        }
        last = last.checked_add((n - 1).checked_mul(*st)?)?;
    }
    last.checked_add(1)
}

fn offset(d: &Agg) -> Option<i64> {
    match extract(d, &[2])? {
        Agg::Val(V::Int(_, o)) => Some(*o as i64),
        _ => None,
    }
}

fn strides(d: &Agg) -> Option<Vec<i64>> {
    int_array(d, 4)
}

/// The address of element `idx` of a memref of `elem`s, or why reading it is undefined.
pub(crate) fn element_address(d: &Agg, elem: Scalar, idx: &[i64]) -> Option<Result<i64, String>> {
    let sizes = sizes(d)?;
    let strides = strides(d)?;
    let Some(&Agg::Val(V::Int(_, base))) = extract(d, &[1]) else {
        return None;
    };
    let base = base as i64;
    if idx.len() != sizes.len() {
        return None;
    }
    let mut linear = offset(d)?;
    for ((i, n), st) in idx.iter().zip(&sizes).zip(&strides) {
        if *i < 0 || i >= n {
            return Some(Err(format!(
                "index {i} out of bounds of a dimension of size {n}"
            )));
        }
        linear = linear.wrapping_add(i.wrapping_mul(*st));
    }
    Some(Ok(base.wrapping_add(linear.wrapping_mul(elem_bytes(elem)))))
}

/// Loads an `elem` at `addr` from the memref inputs' buffers: every element holds a value
/// that depends only on its address, so both sides of a rule read the same memory.
/// `Err` for an address outside every buffer or not on an element boundary.
pub(crate) fn load(descs: &[&Agg], elem: Scalar, addr: i64) -> Result<V, String> {
    for d in descs {
        let Some(&Agg::Val(V::Int(_, base))) = extract(d, &[1]) else {
            continue;
        };
        let base = base as i64;
        let len = buffer_len(d).unwrap_or(0);
        let off = addr.wrapping_sub(base);
        let size = elem_bytes(elem);
        if (addr >> 32) == (base >> 32) && off >= 0 && off % size == 0 && off / size < len {
            let bits = addr.wrapping_mul(0x9E37_79B9_7F4A_7C15u64 as i64) >> 7;
            return Ok(match elem {
                Scalar::F32 => V::F32((bits % 1000) as f32 / 8.0),
                Scalar::F64 => V::F64((bits % 1000) as f64 / 8.0),
                Scalar::F16 | Scalar::BF16 => return Err(format!("an {} element", elem.name())),
                s => {
                    let w = if s == Scalar::Index { 64 } else { s.bits() };
                    V::Int(w, crate::interp::sext(w, i128::from(bits)))
                }
            });
        }
    }
    Err(format!(
        "a load of {} bytes at {addr:#x}, outside every buffer",
        elem_bytes(elem)
    ))
}

/// A random field path of a rank-`rank` descriptor (`[2]`, `[3 d]`, `[4 d]`, now and then
/// one past the end, which the model refuses like LLVM's verifier would).
pub fn random_path(rng: &mut Rng, rank: usize) -> Term {
    let member = rng.below(5) as i64;
    let path = if member >= 3 && (rank > 0 || rng.below(4) == 0) {
        vec![member, rng.below(rank as u64 + 1) as i64]
    } else {
        vec![member]
    };
    Term::list_of(path.into_iter().map(Term::Int).collect())
}

/// The sizes a descriptor holds, if they are all known.
pub(crate) fn sizes(d: &Agg) -> Option<Vec<i64>> {
    int_array(d, 3)
}

/// Field `field` of a descriptor (3: sizes, 4: strides) as integers, if all are known; a
/// 0-d descriptor (three fields) has none.
fn int_array(d: &Agg, field: usize) -> Option<Vec<i64>> {
    let Agg::Fields(fields) = d else { return None };
    match fields.get(field) {
        None if fields.len() == 3 => Some(Vec::new()),
        Some(Agg::Fields(xs)) => xs
            .iter()
            .map(|x| match x {
                Agg::Val(V::Int(_, n)) => Some(*n as i64),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The integers of a ground field path `[3 1]`.
pub fn path_of(t: &Term) -> Option<Vec<usize>> {
    t.list()?
        .into_iter()
        .map(|x| match x {
            Term::Int(i) => usize::try_from(*i).ok(),
            _ => None,
        })
        .collect()
}

/// The field at `path`; `None` when the path leaves the aggregate.
pub(crate) fn extract<'a>(agg: &'a Agg, path: &[usize]) -> Option<&'a Agg> {
    match path.split_first() {
        None => Some(agg),
        Some((i, rest)) => match agg {
            Agg::Fields(fs) => extract(fs.get(*i)?, rest),
            _ => None,
        },
    }
}

/// `agg` with the field at `path` replaced by `v`; `None` when the path leaves it.
pub(crate) fn insert(agg: &Agg, path: &[usize], v: Agg) -> Option<Agg> {
    match path.split_first() {
        None => Some(v),
        Some((i, rest)) => match agg {
            Agg::Fields(fs) => {
                let mut fs = fs.clone();
                let slot = fs.get_mut(*i)?;
                *slot = insert(slot, rest, v)?;
                Some(Agg::Fields(fs))
            }
            _ => None,
        },
    }
}

/// `llvm.undef` of a type: a struct or array of undefined fields.
pub(crate) fn undef_of(ty: &Term) -> Option<Agg> {
    match ty {
        Term::Op(op, cs) if *op == "llvm.struct" && cs.len() == 1 => Some(Agg::Fields(
            cs[0]
                .list()?
                .into_iter()
                .map(undef_of)
                .collect::<Option<_>>()?,
        )),
        Term::Op(op, cs) if *op == "llvm.array" && cs.len() == 2 => {
            let Term::Int(n) = cs[0] else { return None };
            let n = usize::try_from(n).ok().filter(|n| *n <= 64)?;
            Some(Agg::Fields(vec![undef_of(&cs[1])?; n]))
        }
        t if t.scalar().is_some() || matches!(t, Term::Op(op, _) if *op == "ptr") => {
            Some(Agg::Undef)
        }
        _ => None,
    }
}

/// `memref.dim`: the size of dimension `k`, `Err` (undefined behaviour) out of range.
pub(crate) fn dim(d: &Agg, k: i64) -> Option<Result<V, String>> {
    let sizes = sizes(d)?;
    Some(
        usize::try_from(k)
            .ok()
            .and_then(|k| sizes.get(k))
            .map(|n| V::word(*n))
            .ok_or_else(|| format!("memref.dim {k} of a rank-{} memref", sizes.len())),
    )
}

/// `memref.rank`: the number of sizes.
pub(crate) fn rank(d: &Agg) -> Option<V> {
    Some(V::word(sizes(d)?.len() as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memref(text_shape: &[Option<i64>]) -> Term {
        let shape = Term::list_of(
            text_shape
                .iter()
                .map(|e| e.map_or_else(|| Term::atom("dyn"), Term::Int))
                .collect(),
        );
        Term::op(
            "memref",
            vec![shape, Term::atom("f32"), Term::atom("identity")],
        )
    }

    #[test]
    fn a_descriptor_has_natural_strides_and_reads_back_its_sizes() {
        let mut rng = Rng::new(3);
        let d = random_descriptor(&mut rng, &memref(&[Some(4), Some(3), Some(2)]), 0)
            .expect("a memref");
        assert_eq!(sizes(&d), Some(vec![4, 3, 2]));
        assert_eq!(extract(&d, &[4, 0]), Some(&Agg::Val(V::Int(64, 6))));
        assert_eq!(dim(&d, 1), Some(Ok(V::word(3))));
        assert!(matches!(dim(&d, 3), Some(Err(_))));
        assert_eq!(rank(&d), Some(V::Int(64, 3)));
    }

    /// The laws of `insertvalue`/`extractvalue` the descriptor rules rely on, on random
    /// descriptors and paths: reading the field just written gives the value written, and
    /// every other field is as before.
    #[test]
    fn extract_after_insert_reads_what_was_written_and_nothing_else() {
        fn prop(seed: u64, value: i64) -> bool {
            let mut rng = Rng::new(seed);
            let ty = random_type(&mut rng);
            let Some(d) = random_descriptor(&mut rng, &ty, 0) else {
                return false;
            };
            let rank = ty.memref().map_or(0, |m| m.shape.len());
            let (Some(p), Some(q)) = (
                path_of(&random_path(&mut rng, rank)),
                path_of(&random_path(&mut rng, rank)),
            ) else {
                return false;
            };
            let Some(written) = insert(&d, &p, Agg::Val(V::word(value))) else {
                // Only a path that leaves the descriptor cannot be written.
                return extract(&d, &p).is_none();
            };
            let same = extract(&written, &p) == Some(&Agg::Val(V::word(value)));
            let disjoint = !(p.starts_with(&q) || q.starts_with(&p));
            same && (!disjoint || extract(&written, &q) == extract(&d, &q))
        }
        quickcheck::QuickCheck::new()
            .tests(500)
            .quickcheck(prop as fn(u64, i64) -> bool);
    }

    #[test]
    fn insert_then_extract_gives_the_value_and_leaves_the_rest() {
        let undef = undef_of(&struct_type(2)).expect("a struct");
        let d = insert(&undef, &[3, 1], Agg::Val(V::Int(64, 9))).expect("in range");
        assert_eq!(extract(&d, &[3, 1]), Some(&Agg::Val(V::Int(64, 9))));
        assert_eq!(extract(&d, &[3, 0]), Some(&Agg::Undef));
        assert_eq!(insert(&d, &[5], Agg::Undef), None);
    }
}
