//! Checking rules on random instances: instantiating a rule's sides with random values and
//! comparing what they evaluate to.

use super::*;

/// Builds random left sides of a rule.
struct Instantiator<'r> {
    rules: &'r CompiledRules,
    rng: Rng,
    env: HashMap<String, Term>,
    inputs: Vec<Input>,
    /// The memref type every memref operand of this instantiation has.
    memref: Term,
    /// Whether list variables stand for lists of `i64` values (the operand of `prod`).
    value_lists: bool,
    /// Whether list variables stand for an element's indices (`elem-addr`, `linear`).
    index_lists: bool,
    /// The integers the rule's guards and right side mention, and their neighbours.
    hints: Vec<i64>,
}

/// A scalar type the evaluation models.
fn random_scalar_type(rng: &mut Rng) -> Term {
    let scalars = &*crate::program::EVALUATED_SCALARS;
    Term::of_scalar(scalars[rng.below(scalars.len() as u64) as usize])
}

/// Random flags (never none) of the family `op` takes: overflow flags on the integer
/// operations, fast-math flags on the float ones.
fn random_flags(rng: &mut Rng, op: &str) -> String {
    let words: &[&str] = if flagged_integer_op(op) {
        &["nsw", "nuw"]
    } else {
        &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"]
    };
    let mut on: Vec<&str> = words
        .iter()
        .copied()
        .filter(|_| rng.below(3) == 0)
        .collect();
    if on.is_empty() {
        on.push(words[rng.below(words.len() as u64) as usize]);
    }
    on.join(" ")
}

/// A random value of type `s`: often an interesting one ([`interesting`]) or one of the
/// constants the rule mentions (`hints`), else anything.
fn random_value(rng: &mut Rng, s: Scalar, hints: &[i64]) -> V {
    match s {
        Scalar::F32 | Scalar::F64 => {
            let nice = [
                0.0,
                -0.0,
                1.0,
                -1.0,
                0.5,
                3.0,
                f64::INFINITY,
                f64::NAN,
                1e300,
                -2.5,
            ];
            let x = if rng.below(3) == 0 {
                (rng.next_u64() as i32 as f64) / 7.0
            } else {
                nice[rng.below(nice.len() as u64) as usize]
            };
            float_v(s, x).unwrap_or(V::F64(x))
        }
        s => {
            let bits = if s == Scalar::Index { 64 } else { s.bits() };
            let raw = match rng.below(4) {
                0 | 1 => interesting(bits, rng.next_u64()),
                2 if !hints.is_empty() => hints[rng.below(hints.len() as u64) as usize],
                _ => rng.next_u64() as i64,
            };
            V::Int(bits, sext(bits, i128::from(raw)))
        }
    }
}

const CAST_OPS: &[&str] = &[
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.extf",
    "arith.truncf",
    "arith.index_cast",
    "arith.index_castui",
    "arith.bitcast",
];

impl Instantiator<'_> {
    fn pat(&mut self, p: &Pat, sort: Sort, hint: Option<Term>, parent: &str) -> Option<Term> {
        match p {
            Pat::Int(i) => Some(Term::Int(*i)),
            Pat::Float(b) => Some(Term::Float(*b)),
            Pat::Str(s) => Some(Term::Str(s.clone())),
            Pat::Func(f) => Some(Term::Func(f.clone())),
            Pat::Computed(_) => None,
            Pat::Var(v) => {
                if let Some(t) = self.env.get(v) {
                    return Some(t.clone());
                }
                let t = match sort {
                    Sort::Type => hint.unwrap_or_else(|| random_scalar_type(&mut self.rng)),
                    Sort::Value => {
                        let ty = hint.unwrap_or_else(|| random_scalar_type(&mut self.rng));
                        if ty.memref().is_some() {
                            let d = descriptor::random_descriptor(
                                &mut self.rng,
                                &ty,
                                self.inputs.len(),
                            )?;
                            return Some(self.input(v, ty, Input::Memref(d)));
                        }
                        let s = ty.scalar()?;
                        let value = random_value(&mut self.rng, s, &self.hints);
                        if self.rng.below(2) == 0 {
                            // A constant, so guards about constants can hold.
                            let lit = match value {
                                V::Int(_, x) => Term::Int(i64::try_from(x).ok()?),
                                V::F32(x) => Term::Float((x as f64).to_bits()),
                                V::F64(x) => Term::Float(x.to_bits()),
                                V::F16(_) | V::BF16(_) | V::Mem(_) | V::Func(_) | V::Poison => {
                                    return None
                                }
                            };
                            Term::op("arith.constant", vec![ty, lit])
                        } else {
                            return Some(self.input(v, ty, Input::Scalar(value)));
                        }
                    }
                    Sort::Lit if !matches!(parent, "dim-select" | "linear" | "scaled") => {
                        let s = hint.as_ref().and_then(Term::scalar).unwrap_or(Scalar::I32);
                        match random_value(&mut self.rng, s, &self.hints) {
                            V::Int(_, x) => Term::Int(i64::try_from(x).ok()?),
                            V::F32(x) => Term::Float((x as f64).to_bits()),
                            V::F64(x) => Term::Float(x.to_bits()),
                            V::F16(_) | V::BF16(_) | V::Mem(_) | V::Func(_) | V::Poison => {
                                return None
                            }
                        }
                    }
                    // An element's indices (`elem-addr`, `linear`): small `index` inputs.
                    Sort::Any if self.index_lists => {
                        let i = V::word(self.rng.below(4) as i64);
                        return Some(self.input(v, Term::atom("index"), Input::Scalar(i)));
                    }
                    Sort::List if self.index_lists => {
                        let rank = self.memref.memref().map_or(0, |m| m.shape.len());
                        let n = self.rng.below(rank as u64 + 1) as usize;
                        self.indices(v, n)
                    }
                    // `prod`'s operand: a list of `i64` values.
                    Sort::Any if self.value_lists => {
                        return self.pat(p, Sort::Value, Some(Term::atom("i64")), parent);
                    }
                    Sort::List if self.value_lists => {
                        let n = self.rng.below(4);
                        let mut items = Vec::new();
                        for j in 0..n {
                            let fresh = Pat::Var(format!("{v}#{j}"));
                            items.push(self.pat(
                                &fresh,
                                Sort::Value,
                                Some(Term::atom("i64")),
                                parent,
                            )?);
                        }
                        Term::list_of(items)
                    }
                    // A dimension of the memref (`dim-any` makes `dim-select`'s range 0
                    // to rank - 1).
                    Sort::Lit if matches!(parent, "dim-select" | "linear" | "scaled") => {
                        let rank = self.memref.memref().map_or(0, |m| m.shape.len());
                        if rank == 0 {
                            return None;
                        }
                        Term::Int(self.rng.below(rank as u64) as i64)
                    }
                    // Indices of an element: one per dimension, sometimes out of bounds.
                    Sort::List
                        if matches!(
                            parent,
                            "memref.load" | "memref.store" | "elem-addr" | "linear"
                        ) =>
                    {
                        let rank = self.memref.memref().map_or(0, |m| m.shape.len());
                        let n = if parent == "linear" {
                            self.rng.below(rank as u64 + 1) as usize
                        } else {
                            rank
                        };
                        self.indices(v, n)
                    }
                    Sort::State => Term::op("block.start", vec![Term::Int(0)]),
                    Sort::List if parent.starts_with("llvm.") && parent.ends_with("value") => {
                        let rank = self.memref.memref().map_or(0, |m| m.shape.len());
                        descriptor::random_path(&mut self.rng, rank)
                    }
                    Sort::Sym => {
                        let preds: Vec<&str> = if parent.contains("cmpf") || parent.contains("fcmp")
                        {
                            CmpFPredicate::ALL.iter().map(|p| p.name()).collect()
                        } else {
                            CmpIPredicate::ALL.iter().map(|p| p.name()).collect()
                        };
                        Term::Str(preds[self.rng.below(preds.len() as u64) as usize].to_string())
                    }
                    _ => return None,
                };
                self.env.insert(v.clone(), t.clone());
                Some(t)
            }
            Pat::Op(op, kids) => {
                let decl = self.rules.ops.named(op)?.clone();
                let mut out = Vec::new();
                let mut op_type: Option<Term> = None;
                // Comparisons take operands of their own random type; casts of any type.
                let operand_type = if op.contains("cmp") {
                    Some(random_scalar_type(&mut self.rng))
                } else {
                    None
                };
                for (k, (kid, s)) in kids.iter().zip(&decl.children).enumerate() {
                    let hint = match self.descriptor_hint(op, k) {
                        Some(h) => Some(h),
                        None => match s {
                            Sort::Type => None,
                            // (Extended arithmetic takes operands of its own type.)
                            Sort::Value
                                if CAST_OPS.contains(&op.as_str())
                                    || (op.contains("ext") && !op.ends_with("_extended")) =>
                            {
                                None
                            }
                            Sort::Value if op.ends_with("select") && k == 1 => {
                                Some(Term::atom("i1"))
                            }
                            Sort::Value => operand_type.clone().or_else(|| op_type.clone()),
                            Sort::Lit => op_type.clone(),
                            _ => None,
                        },
                    };
                    let t = self.pat(kid, *s, hint, op)?;
                    if *s == Sort::Type && op_type.is_none() {
                        op_type = Some(t.clone());
                    }
                    out.push(t);
                }
                // A flagged operation's flags: some of its family's, at random.
                if decl.flags && kids.len() == decl.children.len() + 1 {
                    let t = match &kids[kids.len() - 1] {
                        Pat::Var(v) => match self.env.get(v) {
                            Some(t) => t.clone(),
                            None => {
                                let t = Term::Str(random_flags(&mut self.rng, op));
                                self.env.insert(v.clone(), t.clone());
                                t
                            }
                        },
                        Pat::Str(f) => Term::Str(f.clone()),
                        _ => return None,
                    };
                    out.push(t);
                }
                Some(Term::op(op, out))
            }
        }
    }
}

impl Instantiator<'_> {
    /// A list of `n` small `index` inputs (element indices, sometimes out of bounds).
    fn indices(&mut self, v: &str, n: usize) -> Term {
        let mut items = Vec::new();
        for j in 0..n {
            let i = V::word(self.rng.below(4) as i64);
            let fresh = format!("{v}#{j}");
            items.push(self.input(&fresh, Term::atom("index"), Input::Scalar(i)));
        }
        Term::list_of(items)
    }

    /// A new `(func.arg T I nil)` input, bound to the variable `v`.
    fn input(&mut self, v: &str, ty: Term, input: Input) -> Term {
        let i = self.inputs.len() as i64;
        self.inputs.push(input);
        let t = Term::op("func.arg", vec![ty, Term::Int(i), Term::atom("nil")]);
        self.env.insert(v.to_string(), t.clone());
        t
    }

    /// The operand types of the descriptor operations (`descriptor.rs`): a memref operand
    /// has this instantiation's memref type, a field is an `i64`, a dimension an `index`.
    fn descriptor_hint(&self, op: &str, k: usize) -> Option<Term> {
        let rank = || self.memref.memref().map_or(0, |m| m.shape.len());
        Some(match (op, k) {
            ("memref.dim" | "memref.rank", 0) | ("memref.dim", 2) => Term::atom("index"),
            ("memref.dim" | "memref.rank" | "llvm.extractvalue" | "llvm.insertvalue", 1) => {
                self.memref.clone()
            }
            ("llvm.extractvalue", 0) | ("llvm.insertvalue", 2) => Term::atom("i64"),
            ("dim-select" | "elem-addr" | "offset-base" | "linear" | "scaled", 0)
            | ("memref.load", 2) => self.memref.clone(),
            ("memref.load", 1) | ("memref.store", 1) => Term::of_scalar(self.memref.memref()?.elem),
            ("memref.store", 2) => self.memref.clone(),
            ("scaled", 1) => Term::atom("index"),
            ("linear", 3) => Term::atom("i64"),
            ("dim-select", 1) | ("desc-bytes", 0) => Term::atom("i64"),
            ("llvm.insertvalue", 0) => descriptor::struct_type(rank()),
            _ => return None,
        })
    }
}

/// Validates every forward rule of `rules` on `samples` random instantiations each.
pub fn check_rules(rules: &CompiledRules, samples: usize, seed: u64) -> RuleReport {
    use rayon::prelude::*;
    // Rules are independent and each has its own seed: check them in parallel, merge in
    // rule order (the report does not depend on the number of threads).
    let parts: Vec<RuleReport> = rules
        .rules
        .rules
        .par_iter()
        .map(|rule| {
            let mut part = RuleReport::default();
            check_rule(rules, rule, samples, seed, &mut part);
            part
        })
        .collect();
    let mut report = RuleReport::default();
    for p in parts {
        report.checked.extend(p.checked);
        report.unchecked.extend(p.unchecked);
        report.failures.extend(p.failures);
    }
    report
}

/// Validates one rule of `rules` (as [`check_rules`] does each).
pub fn check_one(rules: &CompiledRules, rule: &Rule, samples: usize, seed: u64) -> RuleReport {
    let mut report = RuleReport::default();
    check_rule(rules, rule, samples, seed, &mut report);
    report
}

fn check_rule(
    rules: &CompiledRules,
    rule: &Rule,
    samples: usize,
    seed: u64,
    report: &mut RuleReport,
) {
    let root_sort = match &rule.lhs {
        Pat::Op(op, _) => rules.ops.named(op).map(|d| (d.result, d.effect)),
        _ => None,
    };
    match crate::type_meaning::check(rules, rule, samples, seed) {
        Some(Ok(n)) => {
            report.checked.push((rule.name.clone(), n));
            return;
        }
        Some(Err(message)) => {
            report.failures.push(RuleFailure {
                rule: rule.name.clone(),
                loc: rule.loc,
                place: rules.rules.describe(rule.loc),
                message,
            });
            return;
        }
        None => {}
    }
    let load = matches!(rule.lhs.root_op(), Some("memref.load" | "memref.store"));
    if root_sort != Some((Sort::Value, false)) && !load {
        report.unchecked.push((
            rule.name.clone(),
            "its sides are not pure values (types, structure, effects or control flow)".to_string(),
        ));
        return;
    }
    let mut rng = Rng::new(seed ^ rule.name.len() as u64 ^ 0x5EED);
    let hints = mentioned(&format!("{:?} {:?}", rule.guards, rule.rhs));
    let mut evaluated = 0;
    let mut why_not = String::from("no instantiation matched the rule's guards");
    let fail = |report: &mut RuleReport, message: String| {
        report.failures.push(RuleFailure {
            rule: rule.name.clone(),
            loc: rule.loc,
            place: rules.rules.describe(rule.loc),
            message,
        });
    };
    for attempt in 0..samples * 20 {
        // A rule none of whose first attempts could be evaluated is most likely not
        // evaluable at all: stop early (`kiln rules check` runs after every edit).
        if evaluated >= samples || (evaluated == 0 && attempt >= samples * 5 + 60) {
            break;
        }
        let mut inst = Instantiator {
            rules,
            rng: Rng::new(rng.next_u64()),
            env: HashMap::new(),
            inputs: Vec::new(),
            memref: descriptor::random_type(&mut rng),
            value_lists: rule.lhs.root_op() == Some("prod"),
            index_lists: matches!(rule.lhs.root_op(), Some("elem-addr" | "linear")),
            hints: hints.clone(),
        };
        let Some(lhs) = inst.pat(&rule.lhs, Sort::Value, None, "") else {
            why_not = "its left side has operands that are not scalar values".to_string();
            // Some instantiations fail by chance (a rank-0 memref where a dimension is
            // needed); one that fails for want of a meaning fails every time, cheaply.
            continue;
        };
        let inputs = std::mem::take(&mut inst.inputs);
        let left = match eval_root(&lhs, &inputs) {
            Ok(v) => v,
            Err(Eval::Undefined(_)) => continue,
            Err(Eval::Unsupported(m)) => {
                why_not = format!("its left side uses {m}");
                continue;
            }
        };
        for rhs in rules.rewrite_root(rule, &lhs, &evaluable) {
            // Functions are applied already, but those with a meaning of their own here,
            // which are evaluated by it: each clause of theirs is checked alone.
            let right = eval_root(&rhs, &inputs);
            let rhs = rhs.to_string();
            match right {
                Ok(right) if left.same(&right) => evaluated += 1,
                Ok(right) => {
                    fail(
                        report,
                        format!(
                            "{lhs} = {} but {rhs} = {} for inputs {}",
                            left.show(),
                            right.show(),
                            show_all(&inputs)
                        ),
                    );
                    return;
                }
                Err(Eval::Undefined(m)) => {
                    fail(
                        report,
                        format!(
                            "{lhs} = {} but {rhs} is undefined ({m}) for inputs {}",
                            left.show(),
                            show_all(&inputs)
                        ),
                    );
                    return;
                }
                Err(Eval::Unsupported(m)) => why_not = format!("its right side uses {m}"),
            }
        }
    }
    if evaluated > 0 {
        report.checked.push((rule.name.clone(), evaluated));
    } else {
        report.unchecked.push((rule.name.clone(), why_not));
    }
}
