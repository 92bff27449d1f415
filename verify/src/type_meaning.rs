//! The meaning of the rules over types and signatures, for the rule-by-rule check: what LLVM
//! type a source type lowers to, which LLVM parameters a parameter list becomes, and which
//! LLVM signature a function signature becomes. The rules `types.rules`, `func.rules`,
//! `memref_args.rules`, `unranked.rules` and `result_packing.rules` state these by cases;
//! [`meaning`] states them again, independently, from MLIR's LLVM type converter and calling
//! convention (result packing, memref descriptor expansion and unranked memrefs, as
//! `docs/book/src/reference/conventions.md` describes them):
//!
//! - `index` is `i64`, other scalars are themselves (`(llvm.int N)` for an odd width);
//! - a ranked memref is `{ptr, ptr, i64}` plus two `[rank x i64]` arrays when its rank is
//!   not 0; an unranked memref is `{i64, ptr}`;
//! - as parameters, a ranked memref is its 3 + 2 × rank fields, an unranked one its two;
//! - a signature returns `void`, its one result, or a struct of its results;
//! - parameter `i`'s first LLVM parameter comes after those of the parameters before it.
//!
//! A rule's left side is instantiated with random types (scalars, ranked and unranked
//! memrefs, lists of them), its right side is built with its functions applied (such as
//! `i64s`), and the two meanings must be the same term. A clause of a function (such as
//! `slot-after`) is checked the same way, against the function's meaning here.

use super::program::Rng;
use kiln_engine::CompiledRules;
use kiln_engine::Term;
use kiln_engine::{Pat, Rule, Sort};
use kiln_frontend::types::Scalar;
use std::collections::HashMap;

fn atom(name: &str) -> Term {
    Term::atom(name)
}

fn op(name: &str, kids: Vec<Term>) -> Term {
    Term::op(name, kids)
}

fn i64s(n: usize) -> Vec<Term> {
    vec![atom("i64"); n]
}

/// The LLVM type of a source type.
fn llvm_type(t: &Term) -> Option<Term> {
    if let Some(s) = t.scalar() {
        return Some(match s {
            Scalar::Index => atom("i64"),
            s => Term::of_scalar(s),
        });
    }
    let Term::Op(name, cs) = t else { return None };
    match *name {
        "memref" => {
            let rank = cs.first()?.list()?.len();
            let mut fields = vec![atom("ptr"), atom("ptr"), atom("i64")];
            if rank > 0 {
                let array = op("llvm.array", vec![Term::Int(rank as i64), atom("i64")]);
                fields.push(array.clone());
                fields.push(array);
            }
            Some(op("llvm.struct", vec![Term::list_of(fields)]))
        }
        "memref.unranked" => Some(op(
            "llvm.struct",
            vec![Term::list_of(vec![atom("i64"), atom("ptr")])],
        )),
        // The LLVM dialect's aggregates are LLVM types already.
        "llvm.struct" | "llvm.array" => Some(t.clone()),
        _ => None,
    }
}

/// The LLVM parameters a source parameter type becomes.
fn llvm_params(t: &Term) -> Option<Vec<Term>> {
    if t.scalar().is_some() {
        return Some(vec![llvm_type(t)?]);
    }
    match t {
        Term::Op(name, cs) if *name == "memref" => {
            let rank = cs.first()?.list()?.len();
            let mut out = vec![atom("ptr"), atom("ptr"), atom("i64")];
            out.extend(i64s(2 * rank));
            Some(out)
        }
        Term::Op(name, _) if *name == "memref.unranked" => Some(vec![atom("i64"), atom("ptr")]),
        _ => None,
    }
}

/// The meaning of a ground type-level term: the helpers of the type conventions replaced
/// by what they stand for, everything else kept, children first.
pub fn meaning(t: &Term) -> Option<Term> {
    let Term::Op(name, cs) = t else {
        return Some(t.clone());
    };
    let items =
        |l: &Term| -> Option<Vec<Term>> { l.list().map(|v| v.into_iter().cloned().collect()) };
    match (*name, &cs[..]) {
        // An integer type by its width is the integer of that width however it is spelled
        // (`(llvm.int 32)` is `i32`).
        ("llvm.int", [Term::Int(_)]) => Some(Term::of_scalar(t.scalar()?)),
        ("lower-type", [x]) => llvm_type(x),
        ("lower-types", [l]) => Some(Term::list_of(
            items(l)?.iter().map(llvm_type).collect::<Option<_>>()?,
        )),
        ("param-types", [l]) => {
            let mut out = Vec::new();
            for p in items(l)? {
                out.extend(llvm_params(&p)?);
            }
            Some(Term::list_of(out))
        }
        ("func.sig", [ps, rs]) => {
            let results = items(rs)?;
            let ret = match results.as_slice() {
                [] => atom("void"),
                [r] => llvm_type(r)?,
                _ => op(
                    "llvm.struct",
                    vec![Term::list_of(
                        results.iter().map(llvm_type).collect::<Option<_>>()?,
                    )],
                ),
            };
            let params = meaning(&op("param-types", vec![ps.clone()]))?;
            Some(op("llvm.sig", vec![ret, params]))
        }
        // The index of the first LLVM parameter of parameter `i`, counting from `n`.
        ("arg-slot", [ps, Term::Int(i), Term::Int(n)]) => {
            let ps = items(ps)?;
            let i = usize::try_from(*i).ok().filter(|i| *i <= ps.len())?;
            let mut slot = *n;
            for p in &ps[..i] {
                slot = slot.checked_add(llvm_params(p)?.len() as i64)?;
            }
            Some(Term::Int(slot))
        }
        // The LLVM parameter after those a parameter of type `t` takes from slot `s`.
        ("slot-after", [s, t]) => {
            let Term::Int(s) = meaning(s)? else {
                return None;
            };
            Some(Term::Int(s.checked_add(llvm_params(t)?.len() as i64)?))
        }
        // `n` times `i64`, then the list `tail`.
        ("i64s", [Term::Int(n), tail]) => {
            let n = usize::try_from(*n).ok().filter(|n| *n <= 64)?;
            let mut out = i64s(n);
            out.extend(items(&meaning(tail)?)?);
            Some(Term::list_of(out))
        }
        _ => Some(Term::Op(
            name,
            cs.iter().map(meaning).collect::<Option<_>>()?,
        )),
    }
}

/// Operations [`meaning`] knows: what a normal form may be built of.
fn meaningful(name: &str) -> bool {
    // The helpers [`covers`] names, and what their meanings are built of.
    covers(name)
        || matches!(
            name,
            "llvm.sig"
                | "void"
                | "llvm.struct"
                | "llvm.array"
                | "llvm.int"
                | "ptr"
                | "cons"
                | "nil"
                | "memref"
                | "memref.unranked"
                | "dyn"
                | "identity"
                | "strided"
        )
        || kiln_frontend::types::Scalar::from_name(name).is_some()
}

/// The root operations whose rules [`check`] can evaluate.
pub fn covers(root: &str) -> bool {
    matches!(
        root,
        "lower-type"
            | "lower-types"
            | "param-types"
            | "func.sig"
            | "arg-slot"
            | "slot-after"
            | "i64s"
    )
}

fn random_type(rng: &mut Rng) -> Term {
    match rng.below(10) {
        0..=5 => {
            let s = &*super::program::SCALARS;
            let all: Vec<Scalar> = s
                .iter()
                .copied()
                .chain([Scalar::Index, Scalar::F16])
                .collect();
            Term::of_scalar(all[rng.below(all.len() as u64) as usize])
        }
        6..=8 => super::descriptor::random_type(rng),
        _ => op("memref.unranked", vec![atom("f32")]),
    }
}

fn random_types(rng: &mut Rng) -> Term {
    Term::list_of((0..rng.below(4)).map(|_| random_type(rng)).collect())
}

/// Builds random left sides of a type-level rule.
struct Types<'r> {
    rules: &'r CompiledRules,
    rng: Rng,
    env: HashMap<String, Term>,
}

impl Types<'_> {
    fn pat(&mut self, p: &Pat, sort: Sort) -> Option<Term> {
        match p {
            Pat::Int(i) => Some(Term::Int(*i)),
            Pat::Var(v) => {
                if let Some(t) = self.env.get(v) {
                    return Some(t.clone());
                }
                let t = match sort {
                    Sort::List => random_types(&mut self.rng),
                    Sort::Node => atom("identity"),
                    Sort::Lit => Term::Int(self.rng.below(4) as i64),
                    Sort::Type | Sort::Any => random_type(&mut self.rng),
                    _ => return None,
                };
                self.env.insert(v.clone(), t.clone());
                Some(t)
            }
            Pat::Op(name, kids) => {
                let decl = self.rules.ops.named(name)?.clone();
                let kids = kids
                    .iter()
                    .zip(&decl.children)
                    .map(|(k, s)| self.pat(k, *s))
                    .collect::<Option<Vec<_>>>()?;
                Some(Term::op(name, kids))
            }
            _ => None,
        }
    }
}

/// Checks a type-level rule on `samples` instantiations: `Ok(n)` with how many matched its
/// guards, `Err` with the counterexample when the meanings differ. `None`: the rule is not
/// one [`covers`] knows, or no instantiation matched it.
pub fn check(
    rules: &CompiledRules,
    rule: &Rule,
    samples: usize,
    seed: u64,
) -> Option<Result<usize, String>> {
    if !rule.lhs.root_op().is_some_and(covers) {
        return None;
    }
    let mut rng = Rng::new(seed ^ rule.name.len() as u64 ^ 0x7E7E);
    let mut checked = 0;
    for _ in 0..samples * 10 {
        if checked >= samples {
            break;
        }
        let mut types = Types {
            rules,
            rng: Rng::new(rng.next_u64()),
            env: HashMap::new(),
        };
        let Some(lhs) = types.pat(&rule.lhs, Sort::Any) else {
            continue;
        };
        let Some(left) = meaning(&lhs) else { continue };
        for rhs in rules.rewrite_root(rule, &lhs, &covers) {
            // Functions are applied already, but those `meaning` states: what is left is a
            // type-level term.
            if !rhs_is_meaningful(&rhs) {
                continue;
            }
            let Some(right) = meaning(&rhs) else { continue };
            if right != left {
                return Some(Err(format!("{lhs} means {left} but {rhs} means {right}")));
            }
            checked += 1;
        }
    }
    (checked > 0).then_some(Ok(checked))
}

fn rhs_is_meaningful(t: &Term) -> bool {
    match t {
        Term::Op(name, cs) => meaningful(name) && cs.iter().all(rhs_is_meaningful),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memrefs_lower_to_their_descriptor_and_parameters() {
        let m = op(
            "memref",
            vec![
                Term::list_of(vec![Term::Int(4), atom("dyn")]),
                atom("f32"),
                atom("identity"),
            ],
        );
        let t = meaning(&op("lower-type", vec![m.clone()])).expect("a type");
        assert_eq!(
            t.to_string(),
            "(llvm.struct [ptr ptr i64 (llvm.array 2 i64) (llvm.array 2 i64)])"
        );
        let ps = meaning(&op(
            "param-types",
            vec![Term::list_of(vec![atom("index"), m])],
        ))
        .expect("params");
        assert_eq!(ps.to_string(), "[i64 ptr ptr i64 i64 i64 i64 i64]");
    }

    #[test]
    fn a_signature_returns_void_one_result_or_a_struct() {
        let sig = |rs: Vec<Term>| {
            meaning(&op(
                "func.sig",
                vec![Term::list_of(vec![]), Term::list_of(rs)],
            ))
            .expect("a signature")
            .to_string()
        };
        assert_eq!(sig(vec![]), "(llvm.sig void [])");
        assert_eq!(sig(vec![atom("index")]), "(llvm.sig i64 [])");
        assert_eq!(
            sig(vec![atom("i32"), atom("f32")]),
            "(llvm.sig (llvm.struct [i32 f32]) [])"
        );
    }
}
