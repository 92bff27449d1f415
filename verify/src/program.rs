//! Random well-typed, terminating, UB-free programs (a Csmith-style generator for kiln's
//! input language) and random inputs for their entry function.
//!
//! A [`Program`] is a small tree: functions of statements whose operands are *choices* (a
//! number taken modulo the values of the wanted type in scope when printed). Removing a
//! statement therefore never leaves a dangling reference, which is what makes shrinking
//! simple: [`Program::shrink`] drops functions, statements and loop trips, and every
//! candidate still prints to a valid program.
//!
//! Safety by construction: divisors are made non-zero (and positive for signed division),
//! shift amounts are masked below the width, memref indices are `remui` by the dimension
//! (every input has non-empty dimensions), loops count to a small constant, calls go only
//! to earlier functions, floats never convert to integers.

use super::emit::Emitter;
use kiln_abi::run::Arg;
use kiln_frontend::ops::{CmpFPredicate, CmpIPredicate};
use kiln_frontend::types::Scalar;

pub use kiln_frontend::rng::Rng;

/// The scalar types programs use: every scalar but `f16` (whose arithmetic the generator
/// leaves out), and integers of odd widths (LLVM's `iN`: a byte, two, four and eight of
/// memory). `bf16` takes `arith`'s arithmetic only.
pub(crate) static SCALARS: std::sync::LazyLock<Vec<Scalar>> = std::sync::LazyLock::new(|| {
    Scalar::ALL
        .iter()
        .copied()
        .filter(|s| *s != Scalar::F16)
        .chain(ODD_WIDTHS.iter().map(|b| Scalar::Int(*b)))
        .collect()
});

/// The scalar types the rule-by-rule check evaluates values of: those of [`SCALARS`] but
/// `bf16`, whose values it does not model.
pub(crate) static EVALUATED_SCALARS: std::sync::LazyLock<Vec<Scalar>> =
    std::sync::LazyLock::new(|| {
        SCALARS
            .iter()
            .copied()
            .filter(|s| *s != Scalar::BF16)
            .collect()
    });

/// The odd integer widths programs use.
const ODD_WIDTHS: [u8; 4] = [3, 12, 24, 40];

/// The scalar types of the values a function computes, takes and returns: those of
/// [`SCALARS`] and integers wider than 64 bits (which a call passes in two slots; memory
/// keeps to [`SCALARS`], as the buffers passed to a call hold 8-byte words).
pub(crate) static INNER_SCALARS: std::sync::LazyLock<Vec<Scalar>> =
    std::sync::LazyLock::new(|| {
        SCALARS
            .iter()
            .copied()
            .chain(WIDE_WIDTHS.iter().map(|b| Scalar::Int(*b)))
            .collect()
    });

/// The integer widths over 64 bits programs compute at.
const WIDE_WIDTHS: [u8; 2] = [100, 128];

const ELEMS: &[Scalar] = &[
    Scalar::I32,
    Scalar::I64,
    Scalar::F32,
    Scalar::F64,
    Scalar::Int(12),
    Scalar::Int(40),
];

pub(crate) const INT_OPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "andi",
    "ori",
    "xori",
    "maxsi",
    "maxui",
    "minsi",
    "minui",
    "shli",
    "shrsi",
    "shrui",
    "divui",
    "remui",
    "divsi",
    "remsi",
    "ceildivsi",
    "ceildivui",
    "floordivsi",
    // Element-wise operations of other shapes (emit.rs writes each): one result of the
    // extended arithmetic, the bit counts of `math`. At `index` they are `addi` instead.
    "addui_extended",
    "mulsi_extended",
    "mului_extended",
    "math.absi",
    "math.ctlz",
    "math.cttz",
    "math.ctpop",
];
/// Float operations: arith's, and `math`'s that MLIR 19 lowers the way kiln does (not
/// `expm1` and `log1p`, where MLIR's `exp(x) - 1` loses digits kiln keeps).
pub(crate) const FLOAT_OPS: &[&str] = &[
    "addf",
    "subf",
    "mulf",
    "divf",
    "remf",
    "maximumf",
    "minimumf",
    "math.sqrt",
    "math.absf",
    "math.floor",
    "math.ceil",
    "math.round",
    "math.roundeven",
    "math.trunc",
    "math.sin",
    "math.cos",
    "math.exp",
    "math.log",
    "math.tanh",
    "math.atan",
    "math.powf",
    "math.copysign",
    "math.atan2",
    "math.fma",
];

/// A memref parameter type: element, sizes (`None`: dynamic) and layout.
#[derive(Clone, Debug, PartialEq)]
pub struct MemTy {
    /// The element type (`i32`, `i64`, `f32` or `f64`).
    pub elem: Scalar,
    /// One size per dimension (the rank is the length, 0 to 4); `None` is `?`.
    pub sizes: Vec<Option<i64>>,
    /// `None`: identity layout; else strides and offset (`None`: dynamic).
    pub strided: Option<(Vec<Option<i64>>, Option<i64>)>,
}

impl MemTy {
    /// The type as MLIR writes it: `memref<2x?xf32>`, or with
    /// `strided<[...], offset: ...>` when the layout is strided.
    pub fn text(&self) -> String {
        let dims: String = self
            .sizes
            .iter()
            .map(|s| match s {
                Some(n) => format!("{n}x"),
                None => "?x".to_string(),
            })
            .collect();
        let ext = |e: &Option<i64>| e.map_or("?".to_string(), |n| n.to_string());
        match &self.strided {
            None => format!("memref<{dims}{}>", self.elem.name()),
            Some((strides, offset)) => format!(
                "memref<{dims}{}, strided<[{}], offset: {}>>",
                self.elem.name(),
                strides.iter().map(ext).collect::<Vec<_>>().join(", "),
                ext(offset)
            ),
        }
    }
}

/// A parameter: a scalar or a memref.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// A scalar of this type.
    Scalar(Scalar),
    /// A memref of this type.
    MemRef(MemTy),
}

/// A statement; `u32` fields are choices among the values in scope (of the type the
/// statement wants, modulo their number; a constant when there is none), `usize` fields pick
/// an operation or predicate modulo the list's length.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `arith.constant` of the type, its value derived from the bits.
    Const(Scalar, u64),
    /// A two-operand operation of the type (an entry of `INT_OPS` or `FLOAT_OPS`), on two
    /// chosen operands; divisors and shift amounts are made safe when printed.
    Binary(usize, Scalar, u32, u32),
    /// `arith.cmpi` or `arith.cmpf` with the chosen predicate of two values of the type,
    /// defining an `i1`.
    Cmp(usize, Scalar, u32, u32),
    /// `arith.select` of the type: the `i1` condition, then the two values.
    Select(Scalar, u32, u32, u32),
    /// Integer or float conversion between two scalar types (never float to integer).
    Cast(Scalar, Scalar, u32),
    /// `memref.load` from the chosen memref (its higher bits choose to read it directly,
    /// through a subview of the whole memref, from a stack copy, through a collapse and an
    /// expansion back, or through a reinterpret_cast), at the chosen indices
    /// (each `remui` its dimension's size).
    Load(u32, Vec<u32>),
    /// `memref.store` of a chosen value of the element type into the chosen memref, at the
    /// chosen indices (each `remui` its dimension's size); the value's higher bits make
    /// some a `memref.atomic_rmw` of a kind they choose.
    Store(u32, u32, Vec<u32>),
    /// Call function `callee` (modulo the functions before this one), with the chosen
    /// arguments; omitted when a memref parameter has no memref of its type in scope.
    Call(u32, Vec<u32>),
    /// `cond_br` into two arms that merge with a value of the type; `same` sends both
    /// edges straight to the merge block with different arguments (a repeated successor).
    Branch {
        /// The type of the merged value.
        ty: Scalar,
        /// The `i1` condition.
        cond: u32,
        /// The statements of the true arm.
        then: Vec<Stmt>,
        /// The statements of the false arm.
        els: Vec<Stmt>,
        /// The value the true edge passes to the merge block.
        a: u32,
        /// The value the false edge passes to the merge block.
        b: u32,
        /// Both edges go straight to the merge block (the arms' statements are not printed).
        same: bool,
    },
    /// `cf.switch` on an `i32` whose cases reach one block with different arguments.
    Switch {
        /// The type of the merged value.
        ty: Scalar,
        /// The `i32` switched on.
        flag: u32,
        /// Case values (small, a repeated one printed once) and the value each passes.
        cases: Vec<(i32, u32)>,
        /// The value the default edge passes.
        default: u32,
    },
    /// A counted loop of `trips` iterations carrying an accumulator of the type.
    Loop {
        /// The type of the accumulator.
        ty: Scalar,
        /// The number of iterations (0 to 5 when generated).
        trips: u8,
        /// The accumulator's value on entry.
        init: u32,
        /// The statements of one iteration (the counter and accumulator in scope).
        body: Vec<Stmt>,
        /// The accumulator's value for the next iteration, chosen after the body.
        next: u32,
    },
    /// Cast a memref to unranked, read its rank (and size 0), cast back and load from it.
    Unranked(u32, Vec<u32>),
}

/// A generated function `@fN`: a single-entry body of statements, then `func.return`.
#[derive(Clone, Debug, PartialEq)]
pub struct Func {
    /// The parameters, `%a0`, `%a1`, ….
    pub params: Vec<Param>,
    /// The result types (one to three; scalars only).
    pub results: Vec<Scalar>,
    /// The statements.
    pub body: Vec<Stmt>,
    /// Choices of the returned values, reused cyclically when there are more results.
    pub returns: Vec<u32>,
}

/// A generated program: functions `@f0`…; the last one is the entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The functions in order; each calls only those before it.
    pub funcs: Vec<Func>,
    /// Constant globals (`memref.global "private" constant @tK`), which every function reads
    /// through `memref.get_global` and loads choose among as they choose among memrefs.
    pub tables: Vec<Table>,
}

/// A constant global of a generated program: a static shape with the identity layout, and
/// each element's value.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Its type (static sizes, identity layout).
    pub ty: MemTy,
    /// Each element as `dense` writes it, row-major.
    pub elements: Vec<String>,
}

impl Table {
    fn generate(r: &mut Rng) -> Table {
        let rank = r.pick(&[0usize, 1, 1, 2, 3]);
        let elem = r.pick(ELEMS);
        let sizes: Vec<Option<i64>> = (0..rank).map(|_| Some(1 + r.below(3) as i64)).collect();
        let count: i64 = sizes.iter().flatten().product();
        let elements = (0..count)
            .map(|_| {
                if elem.is_float() {
                    // Eighths: exact in both widths, printed with a decimal point.
                    format!("{:?}", (r.below(2001) as f64 - 1000.0) / 8.0)
                } else {
                    // Any value of the width, read as signed.
                    let shift = 64 - elem.bits();
                    (((r.next_u64() << shift) as i64) >> shift).to_string()
                }
            })
            .collect();
        Table {
            ty: MemTy {
                elem,
                sizes,
                strided: None,
            },
            elements,
        }
    }

    /// The `memref.global` line of table `k`.
    fn text(&self, k: usize) -> String {
        fn nest(out: &mut String, sizes: &[Option<i64>], elements: &[String]) {
            let Some((n, rest)) = sizes.split_first() else {
                out.push_str(elements.first().map_or("0", String::as_str));
                return;
            };
            let inner: usize = rest.iter().flatten().product::<i64>() as usize;
            out.push('[');
            for i in 0..n.unwrap_or(0) as usize {
                if i > 0 {
                    out.push_str(", ");
                }
                nest(out, rest, elements.get(i * inner..).unwrap_or_default());
            }
            out.push(']');
        }
        let mut dense = String::new();
        nest(&mut dense, &self.ty.sizes, &self.elements);
        format!(
            "memref.global \"private\" constant @t{k} : {} = dense<{dense}>\n",
            self.ty.text()
        )
    }
}

/// How big generated programs get.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    /// Statements per block, at most.
    pub stmts: usize,
    /// Functions, at most.
    pub funcs: usize,
    /// Nesting of branches and loops, at most.
    pub depth: usize,
}

impl Size {
    /// The size of scale `k`: at most `k` statements per block (at least 1), `k / 4`
    /// functions and `k / 6` levels of nesting (each at least 1; at most 4 and 3).
    pub fn of(k: usize) -> Size {
        Size {
            stmts: k.max(1),
            funcs: (k / 4).clamp(1, 4),
            depth: (k / 6).clamp(1, 3),
        }
    }
}

fn gen_memty(r: &mut Rng) -> MemTy {
    let rank = r.pick(&[0usize, 1, 1, 2, 2, 3, 4]);
    let elem = r.pick(ELEMS);
    let sizes: Vec<Option<i64>> = (0..rank)
        .map(|_| r.chance(50).then(|| 1 + r.below(3) as i64))
        .collect();
    let strided = r.chance(35).then(|| {
        let dynamic = r.chance(50);
        let strides = (0..rank)
            .map(|_| (!dynamic).then(|| 1 + r.below(7) as i64))
            .collect();
        let offset = (!dynamic || r.chance(30)).then(|| r.below(4) as i64);
        (strides, offset)
    });
    MemTy {
        elem,
        sizes,
        strided,
    }
}

/// The most statements a generated program may execute, as [`work`] counts them (far
/// below the interpreter's step budget, which counts operations).
pub const MAX_WORK: u64 = 200_000;

/// An upper bound of the statements a program executes: a loop runs its body `trips`
/// times, a branch takes its longer arm, a call costs as much as the costliest function
/// before the caller (calls only go to earlier functions).
pub fn work(funcs: &[Func]) -> u64 {
    fn stmts(body: &[Stmt], callee: u64) -> u64 {
        body.iter().fold(0u64, |acc, s| {
            let own = match s {
                Stmt::Branch { then, els, .. } => stmts(then, callee).max(stmts(els, callee)),
                Stmt::Loop { trips, body, .. } => {
                    (*trips as u64).saturating_mul(stmts(body, callee).saturating_add(1))
                }
                Stmt::Call(..) => callee,
                _ => 0,
            };
            acc.saturating_add(1).saturating_add(own)
        })
    }
    let mut costliest = 0u64;
    for f in funcs {
        costliest = costliest.max(stmts(&f.body, costliest));
    }
    costliest
}

/// The largest trip count of any loop in `body`.
fn longest_loop(body: &[Stmt]) -> u8 {
    body.iter()
        .map(|s| match s {
            Stmt::Branch { then, els, .. } => longest_loop(then).max(longest_loop(els)),
            Stmt::Loop { trips, body, .. } => (*trips).max(longest_loop(body)),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Replaces every call in `body` by a constant; whether there was one.
fn drop_calls(body: &mut [Stmt]) -> bool {
    let mut any = false;
    for s in body {
        match s {
            Stmt::Branch { then, els, .. } => {
                any |= drop_calls(then);
                any |= drop_calls(els);
            }
            Stmt::Loop { body, .. } => any |= drop_calls(body),
            Stmt::Call(choice, _) => {
                *s = Stmt::Const(Scalar::I32, u64::from(*choice));
                any = true;
            }
            _ => {}
        }
    }
    any
}

/// Halves the trip count of every loop of `body` that runs `trips` times.
fn halve_loops(body: &mut [Stmt], trips: u8) {
    for s in body {
        match s {
            Stmt::Branch { then, els, .. } => {
                halve_loops(then, trips);
                halve_loops(els, trips);
            }
            Stmt::Loop { trips: t, body, .. } => {
                if *t == trips {
                    *t /= 2;
                }
                halve_loops(body, trips);
            }
            _ => {}
        }
    }
}

fn gen_stmts(r: &mut Rng, size: Size, depth: usize, fidx: usize) -> Vec<Stmt> {
    let n = 1 + r.below(size.stmts as u64) as usize;
    (0..n).map(|_| gen_stmt(r, size, depth, fidx)).collect()
}

fn gen_stmt(r: &mut Rng, size: Size, depth: usize, fidx: usize) -> Stmt {
    let ch = |r: &mut Rng| r.next_u64() as u32;
    let nested = depth < size.depth;
    match r.below(if nested { 14 } else { 11 }) {
        0 => {
            let t = r.pick(&INNER_SCALARS);
            Stmt::Const(t, r.next_u64())
        }
        1..=3 => {
            let t = r.pick(&INNER_SCALARS);
            let ops = if t.is_float() { FLOAT_OPS } else { INT_OPS };
            Stmt::Binary(r.below(ops.len() as u64) as usize, t, ch(r), ch(r))
        }
        4 => {
            let t = r.pick(&INNER_SCALARS);
            let preds = if t.is_float() {
                CmpFPredicate::ALL.len()
            } else {
                CmpIPredicate::ALL.len()
            };
            Stmt::Cmp(r.below(preds as u64) as usize, t, ch(r), ch(r))
        }
        5 => Stmt::Select(r.pick(&INNER_SCALARS), ch(r), ch(r), ch(r)),
        6 => {
            let (from, to) = (r.pick(&INNER_SCALARS), r.pick(&INNER_SCALARS));
            Stmt::Cast(from, to, ch(r))
        }
        7 => Stmt::Load(ch(r), (0..4).map(|_| ch(r)).collect()),
        8 => Stmt::Store(ch(r), ch(r), (0..4).map(|_| ch(r)).collect()),
        9 if fidx > 0 => Stmt::Call(ch(r), (0..8).map(|_| ch(r)).collect()),
        9 | 10 => {
            if r.chance(50) {
                Stmt::Unranked(ch(r), (0..4).map(|_| ch(r)).collect())
            } else {
                Stmt::Switch {
                    ty: r.pick(&SCALARS),
                    flag: ch(r),
                    cases: (0..1 + r.below(3))
                        .map(|_| (r.below(4) as i32, ch(r)))
                        .collect(),
                    default: ch(r),
                }
            }
        }
        11 | 12 => Stmt::Branch {
            ty: r.pick(&INNER_SCALARS),
            cond: ch(r),
            then: gen_stmts(r, size, depth + 1, fidx),
            els: gen_stmts(r, size, depth + 1, fidx),
            a: ch(r),
            b: ch(r),
            same: r.chance(30),
        },
        _ => Stmt::Loop {
            ty: r.pick(&INNER_SCALARS),
            trips: r.below(6) as u8,
            init: ch(r),
            body: gen_stmts(r, size, depth + 1, fidx),
            next: ch(r),
        },
    }
}

impl Program {
    /// A random program of at most `size`, determined by `seed`.
    pub fn generate(seed: u64, size: Size) -> Program {
        let mut r = Rng::new(seed);
        let palette: Vec<MemTy> = (0..1 + r.below(2)).map(|_| gen_memty(&mut r)).collect();
        let nfuncs = 1 + r.below(size.funcs as u64) as usize;
        let mut funcs = Vec::new();
        for i in 0..nfuncs {
            let entry = i + 1 == nfuncs;
            let mut params = Vec::new();
            for _ in 0..r.below(4) {
                params.push(Param::Scalar(r.pick(&INNER_SCALARS)));
            }
            for m in &palette {
                if entry || r.chance(60) {
                    params.push(Param::MemRef(m.clone()));
                }
            }
            // Shuffle deterministically so memrefs are not always last.
            for k in (1..params.len()).rev() {
                let j = r.below(k as u64 + 1) as usize;
                params.swap(k, j);
            }
            let results = (0..1 + r.below(3))
                .map(|_| r.pick(&INNER_SCALARS))
                .collect();
            let body = gen_stmts(&mut r, size, 0, i);
            let returns = (0..3).map(|_| r.next_u64() as u32).collect();
            funcs.push(Func {
                params,
                results,
                body,
                returns,
            });
        }
        // Nested loops whose bodies call functions with nested loops multiply: at large
        // sizes a program could run for longer than the interpreter's step budget. The
        // longest loops are halved until the program's work fits.
        // Calls multiply too (a function of nested branches calling one that does the same):
        // without loops left to shorten, the calls of the last function that makes any
        // become constants.
        while work(&funcs) > MAX_WORK {
            let longest = funcs
                .iter()
                .map(|f| longest_loop(&f.body))
                .max()
                .unwrap_or(0);
            if longest > 0 {
                for f in &mut funcs {
                    halve_loops(&mut f.body, longest);
                }
            } else if !funcs.iter_mut().rev().any(|f| drop_calls(&mut f.body)) {
                break;
            }
        }
        // Drawn last, so that the functions of a seed are those it gave without tables.
        let tables = (0..r.below(3)).map(|_| Table::generate(&mut r)).collect();
        Program { funcs, tables }
    }

    /// Smaller variants, most aggressive first.
    pub fn shrink(&self) -> Vec<Program> {
        let mut out = Vec::new();
        // Drop a table (loads retarget by choice).
        for i in 0..self.tables.len() {
            let mut p = self.clone();
            p.tables.remove(i);
            out.push(p);
        }
        // Drop a function other than the entry (calls to it retarget by choice).
        for i in 0..self.funcs.len().saturating_sub(1) {
            let mut p = self.clone();
            p.funcs.remove(i);
            out.push(p);
        }
        for (fi, f) in self.funcs.iter().enumerate() {
            for cand in shrink_stmts(&f.body) {
                let mut p = self.clone();
                p.funcs[fi].body = cand;
                out.push(p);
            }
            if f.results.len() > 1 {
                let mut p = self.clone();
                p.funcs[fi].results.truncate(1);
                out.push(p);
            }
        }
        out
    }

    /// Number of statements, nested ones included.
    pub fn len(&self) -> usize {
        fn count(s: &[Stmt]) -> usize {
            s.iter()
                .map(|s| {
                    1 + match s {
                        Stmt::Branch { then, els, .. } => count(then) + count(els),
                        Stmt::Loop { body, .. } => count(body),
                        _ => 0,
                    }
                })
                .sum()
        }
        self.funcs.iter().map(|f| count(&f.body)).sum()
    }

    /// Whether the program has no statement at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry function's parameters.
    pub fn entry_params(&self) -> &[Param] {
        self.funcs.last().map_or(&[], |f| f.params.as_slice())
    }

    /// The program as MLIR text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (k, t) in self.tables.iter().enumerate() {
            out.push_str(&t.text(k));
        }
        for (i, f) in self.funcs.iter().enumerate() {
            Emitter::new(&self.funcs[..i], i, &self.tables).func(f, &mut out);
        }
        out
    }
}

fn shrink_stmts(body: &[Stmt]) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    // Remove halves, then single statements.
    if body.len() > 1 {
        out.push(body[..body.len() / 2].to_vec());
        out.push(body[body.len() / 2..].to_vec());
    }
    for i in 0..body.len() {
        let mut b = body.to_vec();
        b.remove(i);
        out.push(b);
    }
    // Flatten or shrink nested statements.
    for (i, s) in body.iter().enumerate() {
        let mut replace = |with: Vec<Stmt>| {
            let mut b = body.to_vec();
            b.splice(i..=i, with);
            out.push(b);
        };
        match s {
            Stmt::Branch {
                then, els, same, ..
            } => {
                replace(then.clone());
                replace(els.clone());
                for t in shrink_stmts(then) {
                    let mut s2 = s.clone();
                    if let Stmt::Branch { then, .. } = &mut s2 {
                        *then = t;
                    }
                    replace(vec![s2]);
                }
                for e in shrink_stmts(els) {
                    let mut s2 = s.clone();
                    if let Stmt::Branch { els, .. } = &mut s2 {
                        *els = e;
                    }
                    replace(vec![s2]);
                }
                if !same {
                    let mut s2 = s.clone();
                    if let Stmt::Branch { then, els, .. } = &mut s2 {
                        then.clear();
                        els.clear();
                    }
                    replace(vec![s2]);
                }
            }
            Stmt::Loop {
                body: lb, trips, ..
            } => {
                replace(lb.clone());
                for t in shrink_stmts(lb) {
                    let mut s2 = s.clone();
                    if let Stmt::Loop { body, .. } = &mut s2 {
                        *body = t;
                    }
                    replace(vec![s2]);
                }
                if *trips > 1 {
                    let mut s2 = s.clone();
                    if let Stmt::Loop { trips, .. } = &mut s2 {
                        *trips = 1;
                    }
                    replace(vec![s2]);
                }
            }
            _ => {}
        }
    }
    out
}

/// Random arguments for the entry's parameters (memrefs with non-empty dimensions that
/// match their type's static sizes, strides and offset).
pub fn arguments(params: &[Param], seed: u64) -> Vec<String> {
    let mut r = Rng::new(seed ^ 0xA5A5_5A5A_0F0F_F0F0);
    params
        .iter()
        .map(|p| match p {
            Param::Scalar(t) => scalar_arg(&mut r, *t),
            Param::MemRef(m) => memref_arg(&mut r, m),
        })
        .collect()
}

fn scalar_arg(r: &mut Rng, t: Scalar) -> String {
    match t {
        Scalar::I1 => if r.chance(50) { "true" } else { "false" }.to_string(),
        Scalar::F32 | Scalar::F64 | Scalar::BF16 => {
            let x = (r.next_u64() as i32 as f64) / 1024.0;
            let x = if t == Scalar::F32 { x as f32 as f64 } else { x };
            format!("{x:?}")
        }
        s => {
            let w = s.bits();
            // A second draw only for a wide type, so that other types' values stay those of
            // the same seed.
            let v = if w > 64 {
                (i128::from(r.next_u64()) << 64) | i128::from(r.next_u64())
            } else {
                i128::from(r.next_u64() as i64)
            };
            let v = if r.chance(70) { v % 50 } else { v };
            // Read at the width, as signed (a small number stays itself from `i7` on).
            let sh = 128 - w;
            ((v << sh) >> sh).to_string()
        }
    }
}

fn memref_arg(r: &mut Rng, m: &MemTy) -> String {
    let sizes: Vec<i64> = m
        .sizes
        .iter()
        .map(|s| s.unwrap_or_else(|| 1 + r.below(3) as i64))
        .collect();
    let (strides, offset) = match &m.strided {
        None => (kiln_abi::run::natural_strides(&sizes), 0),
        Some((st, off)) => (
            st.iter()
                .map(|s| s.unwrap_or_else(|| 1 + r.below(5) as i64))
                .collect(),
            off.unwrap_or_else(|| r.below(3) as i64),
        ),
    };
    let extent = offset
        + sizes
            .iter()
            .zip(&strides)
            .map(|(s, t)| (s - 1) * t)
            .sum::<i64>()
        + 1;
    let vals: Vec<String> = (0..extent)
        .map(|_| match m.elem {
            Scalar::F32 | Scalar::F64 => format!("{:?}", (r.below(2000) as f64 - 1000.0) / 8.0),
            _ => (r.below(200) as i64 - 100).to_string(),
        })
        .collect();
    let dims: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
    let view = if m.strided.is_some() {
        format!(
            "{};strides={};offset={offset}",
            dims.join(","),
            strides
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
    } else {
        dims.join(",")
    };
    format!("{}[{view}]={}", m.elem.name(), vals.join(","))
}

/// `quickcheck` integration: a program drawn from the generator's seed, shrunk by
/// [`Program::shrink`].
impl quickcheck::Arbitrary for Program {
    fn arbitrary(g: &mut quickcheck::Gen) -> Program {
        let seed = u64::arbitrary(g);
        Program::generate(seed, Size::of(g.size().min(12)))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Program>> {
        Box::new(Program::shrink(self).into_iter())
    }
}

/// Parses an argument list back into call arguments for a checked function type.
pub fn parse_arguments(
    ty: &kiln_frontend::types::FunctionType,
    args: &[String],
) -> Result<Vec<Arg>, String> {
    ty.inputs
        .iter()
        .zip(args)
        .map(|(t, a)| kiln_abi::run::parse_arg(t, a))
        .collect()
}
