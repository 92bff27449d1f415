//! Checks a built function: operand and result types of every operation, branch arguments
//! against block parameters, returns against the signature, calls against the callee's type,
//! terminators, and that every use is dominated by its definition.

use crate::diagnostic::Diagnostic;
use crate::dominance::Dominators;
use crate::ir::{BlockId, Body, Function, Op, OpKind, ValueDef, ValueId};
use crate::llvm_types::LlvmType;
use crate::ops::{CastOp, OperandClass, PureOp, Shape};
use crate::types::{comma_list, FunctionType, Layout, Scalar, Type};

mod llvm;
mod views;

/// What the verifier needs to know about the rest of the module: callee signatures.
pub trait Signatures {
    /// The signature of the function named `name` (without `@`), if the module has one.
    fn signature(&self, name: &str) -> Option<&FunctionType>;

    /// Whether the function named `name` is an `llvm.func` (which `func.call` and
    /// `func.constant` do not name, as in MLIR).
    fn is_llvm_func(&self, _name: &str) -> bool {
        false
    }
}

impl Signatures for crate::ir::Module {
    fn signature(&self, name: &str) -> Option<&FunctionType> {
        self.function(name).map(|f| &f.ty)
    }

    fn is_llvm_func(&self, name: &str) -> bool {
        self.function(name).is_some_and(|f| f.llvm)
    }
}

impl<S: Signatures + ?Sized> Signatures for &S {
    fn signature(&self, name: &str) -> Option<&FunctionType> {
        (**self).signature(name)
    }

    fn is_llvm_func(&self, name: &str) -> bool {
        (**self).is_llvm_func(name)
    }
}

/// A signature table in declaration order, indexed by name (the first declaration of a
/// name wins; duplicates are reported separately).
#[derive(Clone, Debug, Default)]
pub struct SignatureTable {
    entries: Vec<(String, FunctionType)>,
    index: std::collections::HashMap<String, usize>,
    /// The names of the `llvm.func`s among them.
    llvm: std::collections::HashSet<String>,
}

impl SignatureTable {
    /// The table of `(name, signature)` entries, in declaration order.
    pub fn new(entries: Vec<(String, FunctionType)>) -> Self {
        let mut index = std::collections::HashMap::with_capacity(entries.len());
        for (i, (name, _)) in entries.iter().enumerate() {
            index.entry(name.clone()).or_insert(i);
        }
        SignatureTable {
            entries,
            index,
            llvm: Default::default(),
        }
    }

    /// The table, knowing which of its functions are `llvm.func`s.
    pub fn with_llvm_functions(mut self, names: impl IntoIterator<Item = String>) -> Self {
        self.llvm.extend(names);
        self
    }

    /// The entries, in declaration order (duplicates included).
    pub fn entries(&self) -> &[(String, FunctionType)] {
        &self.entries
    }
}

// Equality and hashing look at the entries only; the index is derived from them.
impl PartialEq for SignatureTable {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl Eq for SignatureTable {}

impl std::hash::Hash for SignatureTable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.entries.hash(state)
    }
}

impl Signatures for SignatureTable {
    fn signature(&self, name: &str) -> Option<&FunctionType> {
        self.index.get(name).map(|&i| &self.entries[i].1)
    }

    fn is_llvm_func(&self, name: &str) -> bool {
        self.llvm.contains(name)
    }
}

/// Verifies one function; diagnostics use the function's (relative) spans.
pub fn verify_function(func: &Function, sigs: &dyn Signatures) -> Vec<Diagnostic> {
    let Some(body) = &func.body else {
        return Vec::new();
    };
    let mut v = Verifier {
        func,
        body,
        sigs,
        diags: Vec::new(),
    };
    v.run();
    v.diags
}

struct Verifier<'a> {
    func: &'a Function,
    body: &'a Body,
    sigs: &'a dyn Signatures,
    diags: Vec<Diagnostic>,
}

/// Whether two ranked memrefs have one element type and shape, a `?` matching any size
/// (what `memref.cast` and `memref.copy` ask of their operands).
fn same_shape(a: &crate::types::MemRefType, b: &crate::types::MemRefType) -> bool {
    a.elem == b.elem
        && a.rank() == b.rank()
        && a.shape
            .iter()
            .zip(&b.shape)
            .all(|(x, y)| x.is_none() || y.is_none() || x == y)
}

/// Where operand `i` of `op` was written (the op itself if unknown).
/// The number of an `alignment = N : i64` attribute's value, if it is one.
fn alignment(value: Option<&str>) -> Option<u64> {
    value?.split(':').next()?.trim().parse().ok()
}

/// Whether the operation neither reads nor writes memory nor transfers control (what
/// MLIR's `memref.generic_atomic_rmw` allows in its region): of [`OpKind::meaning`].
fn is_effect_free(kind: &OpKind) -> bool {
    use OpKind as K;
    matches!(
        kind,
        K::Constant(_)
            | K::Binary(_)
            | K::Unary(_)
            | K::Pure(_)
            | K::Cast(_)
            | K::CmpI(_)
            | K::CmpF(_)
            | K::Select
            | K::Poison
            | K::FuncConstant { .. }
            | K::Dim
            | K::Rank
            | K::Transpose { .. }
            | K::ExpandShape { .. }
            | K::CollapseShape { .. }
            | K::Subview { .. }
            | K::ReinterpretCast
            | K::ExtractStridedMetadata
            | K::ExtractAlignedPointer
            | K::View
            | K::LlvmConstant(_)
            | K::Zero
            | K::Gep { .. }
            | K::Undef
            | K::InsertValue { .. }
            | K::ExtractValue { .. }
    )
}

fn at(op: &Op, i: usize) -> crate::span::Span {
    op.operand_spans.get(i).copied().unwrap_or(op.span)
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl Verifier<'_> {
    fn error(&mut self, code: &'static str, span: crate::span::Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, span, msg));
    }

    fn ty(&self, v: ValueId) -> &Type {
        self.body.ty(v)
    }

    fn name(&self, v: ValueId) -> String {
        self.body.value(v).name.to_string()
    }

    fn run(&mut self) {
        let body = self.body;
        if body.blocks.is_empty() {
            self.error(
                "verify.missing-terminator",
                self.func.span,
                format!("function `@{}` has an empty body", self.func.name),
            );
            return;
        }
        for (bi, block) in body.blocks.iter().enumerate() {
            match block.ops.last() {
                Some(last) if last.kind.is_terminator() => {}
                _ => self.error(
                    "verify.missing-terminator",
                    block.span,
                    format!(
                        "{} does not end with a terminator (`func.return`, `cf.br`, `cf.cond_br` or `cf.switch`)",
                        block.describe()
                    ),
                ),
            }
            // How many `memref.generic_atomic_rmw` regions enclose the operation.
            let mut atomic_depth = 0usize;
            for (oi, op) in block.ops.iter().enumerate() {
                match op.kind {
                    OpKind::AtomicYield => atomic_depth = atomic_depth.saturating_sub(1),
                    _ if atomic_depth > 0 && !is_effect_free(op.kind.meaning()) => {
                        self.error(
                            "verify.region",
                            op.span,
                            format!(
                                "`{}` has side effects: the region of `memref.generic_atomic_rmw` \
                                 holds operations without any (as MLIR requires)",
                                op.kind.name()
                            ),
                        );
                    }
                    _ => {}
                }
                if op.kind == OpKind::GenericAtomicRmw {
                    atomic_depth += 1;
                }
                if op.kind.is_terminator() && oi + 1 != block.ops.len() {
                    self.error(
                        "verify.terminator-not-last",
                        op.span,
                        format!(
                            "`{}` must be the last operation of {}",
                            op.kind.name(),
                            block.describe()
                        ),
                    );
                }
                self.check_op(BlockId(bi as u32), op);
            }
        }
        self.check_dominance();
    }

    fn expect_type(&mut self, v: ValueId, expected: &Type, span: crate::span::Span, what: &str) {
        let actual = self.ty(v).clone();
        if &actual != expected {
            let name = self.name(v);
            self.error(
                "verify.type-mismatch",
                span,
                format!("{what} `{name}` has type `{actual}`, expected `{expected}`"),
            );
        }
    }

    fn expect_class(&mut self, v: ValueId, class: OperandClass, op: &Op) {
        let t = self.ty(v).clone();
        let ok = match class {
            OperandClass::Integer => t.is_integer(),
            OperandClass::Float => t.is_float(),
        };
        if !ok {
            let want = match class {
                OperandClass::Integer => "an integer or index",
                OperandClass::Float => "a floating-point",
            };
            let name = self.name(v);
            self.error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`{}` needs {want} operand, but `{name}` has type `{t}`",
                    op.kind.name()
                ),
            );
        }
    }

    /// The operand and result types of an element-wise operation, by its shape.
    fn check_pure(&mut self, p: PureOp, op: &Op) {
        let results: Vec<Type> = op.results.iter().map(|r| self.ty(*r).clone()).collect();
        let Some(rt) = results.first().cloned() else {
            return;
        };
        match p.shape() {
            Shape::Index(_) => {
                for (i, &o) in op.operands.iter().enumerate() {
                    self.expect_type(o, &Type::INDEX, at(op, i), "operand");
                }
                return;
            }
            Shape::PowI => {
                self.expect_type(op.operands[0], &rt, at(op, 0), "base");
                self.expect_class(op.operands[0], OperandClass::Float, op);
                self.expect_class(op.operands[1], OperandClass::Integer, op);
            }
            Shape::Same(_) | Shape::AddExtended | Shape::MulExtended => {
                for (i, &o) in op.operands.iter().enumerate() {
                    self.expect_type(o, &rt, at(op, i), "operand");
                }
                if p.class() == OperandClass::Float {
                    self.expect_class(op.operands[0], OperandClass::Float, op);
                }
            }
        }
        let second = match p.shape() {
            Shape::AddExtended => Some(Type::I1),
            Shape::MulExtended => Some(rt.clone()),
            _ => None,
        };
        if let (Some(want), Some(got)) = (second, results.get(1)) {
            if *got != want {
                self.error(
                    "verify.type-mismatch",
                    op.span,
                    format!(
                        "the second result of `{}` has type `{got}`, expected `{want}`",
                        p.name()
                    ),
                );
            }
        }
        // bf16 arithmetic is computed in f32 (as MLIR's `arith-emulate-unsupported-floats`
        // makes it), which covers `arith` only: LLVM's intrinsics on `bfloat` would need the
        // C library's `__truncsfbf2`, which libgcc before GCC 13 lacks.
        if p.class() == OperandClass::Float
            && p.name().starts_with("math.")
            && rt == Type::Scalar(Scalar::BF16)
        {
            self.error(
                "verify.unsupported",
                op.span,
                format!(
                    "kiln does not lower `{}` on `bf16`; extend the operand to `f32` (`arith.extf`) first",
                    p.name()
                ),
            );
        }
        // `index` is not a signless integer to these operations (MLIR's `SignlessIntegerLike`).
        let t = self.ty(op.operands[0]).clone();
        if p.class() == OperandClass::Integer && (!t.is_integer() || t == Type::INDEX) {
            let name = self.name(op.operands[0]);
            self.error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`{}` needs a signless integer operand, but `{name}` has type `{t}`",
                    p.name()
                ),
            );
        }
    }

    fn check_successors(&mut self, op: &Op) {
        for s in &op.successors {
            let target = self.body.block(s.block);
            if s.block.index() == 0 {
                self.error(
                    "verify.entry-branch",
                    s.span,
                    format!(
                        "`{}` branches to the entry block {}, which may not have predecessors",
                        op.kind.name(),
                        target.describe()
                    ),
                );
                continue;
            }
            if s.args.len() != target.args.len() {
                self.error(
                    "verify.branch-arguments",
                    s.span,
                    format!(
                        "branch passes {} to {}, which takes {}",
                        plural(s.args.len(), "argument"),
                        target.describe(),
                        plural(target.args.len(), "argument")
                    ),
                );
                continue;
            }
            for (k, (a, p)) in s.args.iter().zip(&target.args).enumerate() {
                let (ta, tp) = (self.ty(*a).clone(), self.ty(*p).clone());
                if ta != tp {
                    let name = self.name(*a);
                    self.error(
                        "verify.branch-arguments",
                        s.span,
                        format!(
                            "branch argument {k} `{name}` has type `{ta}`, but {} expects `{tp}`",
                            target.describe()
                        ),
                    );
                }
            }
        }
    }

    /// The single result of `op` must have type `ty`.
    fn expect_result(&mut self, op: &Op, ty: &Type, what: &str) {
        let actual = self.ty(op.results[0]).clone();
        if &actual != ty {
            self.error(
                "verify.type-mismatch",
                op.span,
                format!("{what} gives `{ty}`, not `{actual}`"),
            );
        }
    }

    /// `llvm.getelementptr`: a pointer base, integer indices, a pointer result, and indices
    /// that step into the element type (a struct's field by a constant in range).
    fn check_gep(&mut self, op: &Op, indices: &[Option<i32>], elem: &LlvmType) {
        self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "base address");
        for (i, &v) in op.operands.iter().enumerate().skip(1) {
            let ty = self.ty(v).clone();
            if !matches!(ty, Type::Scalar(s) if s.is_integer() && s != Scalar::Index) {
                self.error(
                    "verify.type-mismatch",
                    at(op, i),
                    format!(
                        "an index of `llvm.getelementptr` is an integer (`i64`, `i32`), not `{ty}`"
                    ),
                );
            }
        }
        self.expect_result(op, &Type::Ptr, "`llvm.getelementptr`");
        if indices.is_empty() {
            self.error(
                "verify.operand-count",
                op.span,
                "`llvm.getelementptr` needs an index",
            );
            return;
        }
        let mut at_type = elem;
        for index in &indices[1..] {
            at_type = match (at_type, index) {
                (LlvmType::Array(_, t), _) => t,
                (LlvmType::Struct(fields), Some(k)) if (*k as usize) < fields.len() && *k >= 0 => {
                    &fields[*k as usize]
                }
                (LlvmType::Struct(fields), _) => {
                    self.error(
                        "verify.gep",
                        op.span,
                        format!(
                            "a struct of {} fields is indexed by a constant below {}",
                            fields.len(),
                            fields.len()
                        ),
                    );
                    return;
                }
                (other, _) => {
                    self.error(
                        "verify.gep",
                        op.span,
                        format!("`{other}` cannot be indexed into"),
                    );
                    return;
                }
            };
        }
    }

    /// An LLVM-dialect operation takes and gives LLVM types only: scalars other than
    /// `index`, and `!llvm.ptr`.
    fn check_llvm_types(&mut self, op: &Op) {
        let values = op
            .operands
            .iter()
            .chain(op.successors.iter().flat_map(|s| &s.args))
            .chain(&op.results);
        for (k, &v) in values.enumerate() {
            let t = self.ty(v).clone();
            if !t.is_llvm_value() {
                let at = op.operand_spans.get(k).copied().unwrap_or(op.span);
                self.error(
                    "verify.type-mismatch",
                    at,
                    format!(
                        "`{}` takes LLVM types (scalars other than `index`, `!llvm.ptr`, structs and arrays), not `{t}`",
                        op.kind.name()
                    ),
                );
                return;
            }
        }
    }

    fn check_op(&mut self, _block: BlockId, op: &Op) {
        use OpKind as K;
        let span = op.span;
        let res_ty = op.results.first().map(|r| self.ty(*r).clone());
        if let K::Llvm(_) = &op.kind {
            self.check_llvm_types(op);
        }
        match op.kind.meaning() {
            // `meaning` never is an `Llvm`.
            K::Constant(_) | K::Generic { .. } | K::Llvm(_) => {}
            K::Binary(b) => {
                let rt = res_ty.expect("binary ops have one result");
                for (i, &o) in op.operands.iter().enumerate() {
                    self.expect_type(o, &rt, at(op, i), "operand");
                }
                self.expect_class(op.operands[0], b.class(), op);
            }
            K::Pure(p) => self.check_pure(*p, op),
            K::Unary(u) => {
                let rt = res_ty.expect("unary ops have one result");
                self.expect_type(op.operands[0], &rt, at(op, 0), "operand");
                self.expect_class(op.operands[0], u.class(), op);
            }
            K::Cast(c) => self.check_cast(
                *c,
                op.operands[0],
                &res_ty.expect("casts have one result"),
                op,
            ),
            K::CmpI(_) | K::CmpF(_) => {
                let class = if matches!(op.kind.meaning(), K::CmpI(_)) {
                    OperandClass::Integer
                } else {
                    OperandClass::Float
                };
                let lt = self.ty(op.operands[0]).clone();
                self.expect_type(op.operands[1], &lt, at(op, 1), "operand");
                self.expect_class(op.operands[0], class, op);
            }
            K::Select => {
                let rt = res_ty.expect("select has one result");
                self.expect_type(op.operands[0], &Type::I1, at(op, 0), "condition");
                self.expect_type(op.operands[1], &rt, at(op, 1), "operand");
                self.expect_type(op.operands[2], &rt, at(op, 2), "operand");
            }
            K::Call { callee } => self.check_call(callee, op),
            K::FuncConstant { callee } => self.check_func_constant(callee, op),
            K::CallIndirect => self.check_call_indirect(op),
            K::Unreachable => {}
            K::Return => {
                let expected = self.func.ty.results.clone();
                if op.operands.len() != expected.len() {
                    self.error(
                        "verify.return-type",
                        span,
                        format!(
                            "`func.return` has {} but `@{}` returns {}",
                            plural(op.operands.len(), "operand"),
                            self.func.name,
                            if expected.is_empty() {
                                "nothing".to_string()
                            } else {
                                format!("({})", comma_list(&expected))
                            }
                        ),
                    );
                } else {
                    for (i, (o, t)) in op.operands.iter().zip(&expected).enumerate() {
                        self.expect_type(*o, t, at(op, i), "returned value");
                    }
                }
            }
            K::Br => self.check_successors(op),
            K::CondBr => {
                self.expect_type(op.operands[0], &Type::I1, at(op, 0), "condition");
                self.check_successors(op);
            }
            K::Switch { .. } => {
                let t = self.ty(op.operands[0]).clone();
                if !t.is_integer() || t == Type::INDEX {
                    let name = self.name(op.operands[0]);
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!("`cf.switch` needs an integer flag, but `{name}` has type `{t}`"),
                    );
                }
                self.check_successors(op);
            }
            K::Alloc | K::Alloca => {
                let rt = res_ty.expect("alloc has one result");
                let Some(m) = rt.memref() else {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!(
                            "`{}` must produce a ranked memref, not `{rt}`",
                            op.kind.name()
                        ),
                    );
                    return;
                };
                if m.layout != Layout::Identity {
                    self.error(
                        "verify.unsupported",
                        span,
                        format!(
                            "`{}` of a memref with a strided layout is not supported",
                            op.kind.name()
                        ),
                    );
                }
                let dynamic = m.shape.iter().filter(|d| d.is_none()).count();
                if op.operands.len() != dynamic {
                    self.error(
                        "verify.operand-count",
                        span,
                        format!(
                            "`{rt}` has {} but `{}` was given {}",
                            plural(dynamic, "dynamic dimension"),
                            op.kind.name(),
                            plural(op.operands.len(), "size")
                        ),
                    );
                }
                for (i, &o) in op.operands.iter().enumerate() {
                    self.expect_type(o, &Type::INDEX, at(op, i), "size");
                }
            }
            K::AssumeAlignment { alignment } => {
                if self.ty(op.operands[0]).memref().is_none() {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        "`memref.assume_alignment` needs a ranked memref",
                    );
                }
                // MLIR's attribute is a positive `i32`: the largest power of two is 2^30.
                if !alignment.is_power_of_two() || *alignment > 1 << 30 {
                    self.error(
                        "verify.invalid-literal",
                        span,
                        format!("the alignment of `memref.assume_alignment` must be a power of two of at most 2^30 (MLIR's `i32`), not {alignment}"),
                    );
                }
            }
            K::Transpose { permutation } => self.check_transpose(op, permutation),
            K::ExtractAlignedPointer => {
                if self.ty(op.operands[0]).memref().is_none() {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        "`memref.extract_aligned_pointer_as_index` needs a ranked memref",
                    );
                }
                if self.ty(op.results[0]) != &Type::INDEX {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        "`memref.extract_aligned_pointer_as_index` gives an `index`",
                    );
                }
            }
            K::AllocaScope => {}
            K::GenericAtomicRmw => {
                self.check_generic_atomic(op, 0, &[(op.results[0], "region argument")]);
            }
            K::AtomicYield => self.check_generic_atomic(
                op,
                2,
                &[(op.operands[1], "yielded value"), (op.results[0], "result")],
            ),
            K::AllocaScopeReturn => {
                for (i, (&v, &r)) in op.operands[1..].iter().zip(&op.results).enumerate() {
                    let want = self.ty(r).clone();
                    self.expect_type(v, &want, at(op, i + 1), "returned value");
                }
            }
            K::AddressOf { .. } => self.expect_result(op, &Type::Ptr, "`llvm.mlir.addressof`"),
            K::LlvmConstant(_) => {}
            K::Zero => {
                let ty = self.ty(op.results[0]).clone();
                if !ty.is_llvm_value() || matches!(ty, Type::Aggregate(_)) {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!(
                            "`llvm.mlir.zero` makes a pointer, an integer or a float, not `{ty}`"
                        ),
                    );
                }
            }
            K::Gep { indices, elem, .. } => self.check_gep(op, indices, elem),
            K::Undef
            | K::InsertValue { .. }
            | K::ExtractValue { .. }
            | K::LlvmAlloca { .. }
            | K::StackSave
            | K::StackRestore
            | K::Memcpy { .. }
            | K::LlvmAssume
            | K::UAddWithOverflow
            | K::LlvmCmpxchg
            | K::LlvmAtomicRmw { .. } => self.check_llvm_memory(op),
            K::LlvmCallIndirect => {
                self.expect_type(op.operands[0], &Type::Ptr, at(op, 0), "callee");
                for (i, &v) in op.operands.iter().enumerate().skip(1) {
                    let ty = self.ty(v).clone();
                    if !ty.is_llvm_value() {
                        self.error(
                            "verify.type-mismatch",
                            at(op, i),
                            format!(
                                "an `llvm.call` passes pointers, integers and floats, not `{ty}`"
                            ),
                        );
                    }
                }
                if op.results.len() > 1 {
                    self.error(
                        "verify.result-count",
                        span,
                        "an `llvm.call` has one result at most",
                    );
                }
            }
            K::LlvmCall { .. } => {
                if op.results.len() > 1 {
                    self.error(
                        "verify.result-count",
                        span,
                        "an `llvm.call` has one result at most",
                    );
                }
            }
            K::LlvmLoad | K::LlvmStore => {
                let (value_ty, ptr) = if op.kind == K::LlvmLoad {
                    (self.ty(op.results[0]).clone(), 0)
                } else {
                    (self.ty(op.operands[0]).clone(), 1)
                };
                let name = op.kind.name();
                self.expect_type(op.operands[ptr], &Type::Ptr, at(op, ptr), "address");
                if !value_ty.is_llvm_value() {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!(
                            "`{name}` moves a pointer, an integer or a float, not `{value_ty}`"
                        ),
                    );
                    return;
                }
                let natural = value_ty.llvm().map_or(8, |t| t.align());
                for (key, value) in op.attrs.0.iter() {
                    match (key.as_str(), alignment(value.as_deref())) {
                        ("alignment", Some(a)) if a >= natural && a.is_power_of_two() => {}
                        ("alignment", _) => self.error(
                            "verify.unsupported",
                            span,
                            format!("kiln's `{name}` of `{value_ty}` takes an alignment of at least {natural} bytes (a power of two)"),
                        ),
                        (other, _) => self.error(
                            "verify.unsupported",
                            span,
                            format!("attribute `{other}` of `{name}` is not supported (kiln reads `alignment`)"),
                        ),
                    }
                }
            }
            K::GetGlobal { .. } => {
                let ty = self.ty(op.results[0]);
                let fine = ty
                    .memref()
                    .is_some_and(|m| m.shape.iter().all(Option::is_some));
                if !fine {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!("`memref.get_global` gives a memref of a static shape, not `{ty}`"),
                    );
                }
            }
            K::Poison => {
                let ty = self.ty(op.results[0]);
                if matches!(ty, Type::Function(_)) {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!(
                            "`ub.poison` of `{ty}` is not supported: kiln makes poison scalars and memrefs"
                        ),
                    );
                }
            }
            K::Assert { .. } => {
                if self.ty(op.operands[0]) != &Type::I1 {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!(
                            "`cf.assert` needs an `i1` condition, not `{}`",
                            self.ty(op.operands[0])
                        ),
                    );
                }
            }
            K::Dealloc => {
                if self.ty(op.operands[0]).memref().is_none() {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        "`memref.dealloc` needs a ranked memref",
                    );
                }
            }
            K::Load | K::Store | K::AtomicRmw { .. } => {
                let (value, m_at) = if matches!(op.kind, K::Load) {
                    (op.results[0], 0)
                } else {
                    (op.operands[0], 1)
                };
                let Some(m) = self.element_access(op, m_at, op.kind.name()) else {
                    return;
                };
                let what = match op.kind {
                    K::Load => "result",
                    K::Store => "stored value",
                    _ => "value",
                };
                self.expect_type(value, &Type::Scalar(m.elem), span, what);
                if let K::AtomicRmw { kind } = op.kind {
                    self.check_atomic(op, kind, m.elem);
                }
            }
            K::Dim => {
                if !self.ty(op.operands[0]).is_memref() {
                    self.error("verify.type-mismatch", span, "`memref.dim` needs a memref");
                }
                self.expect_type(op.operands[1], &Type::INDEX, at(op, 1), "dimension index");
            }
            K::Rank => {
                if !self.ty(op.operands[0]).is_memref() {
                    self.error("verify.type-mismatch", span, "`memref.rank` needs a memref");
                }
            }
            K::ExtractStridedMetadata => self.check_metadata(op),
            K::ExpandShape { groups, sizes } => {
                self.expect_view_operands(op);
                self.check_reshape(op, |m| crate::reshape::expanded_type(m, groups, sizes));
            }
            K::View => self.check_view(op),
            K::Realloc => {
                let Some(result) = op.results.first().map(|r| self.ty(*r).clone()) else {
                    return;
                };
                let src = self.ty(op.operands[0]).clone();
                let sized = op.operands.len() > 1;
                if let Err(e) = crate::views::check_realloc(&src, &result, sized) {
                    self.error("verify.realloc", op.span, e);
                }
            }
            K::Reshape => self.check_shape_reshape(op),
            K::CollapseShape { groups } => {
                self.check_reshape(op, |m| crate::reshape::collapsed_type(m, groups));
            }
            K::Subview {
                offsets,
                sizes,
                strides,
            } => self.check_subview(op, offsets, sizes, strides),
            K::Copy => {
                let (from, to) = (
                    self.ty(op.operands[0]).clone(),
                    self.ty(op.operands[1]).clone(),
                );
                // An unranked side has a shape compatible with any (MLIR's
                // `SameOperandsShape` on unranked operands).
                let same = match (&from, &to) {
                    (Type::MemRef(a), Type::MemRef(b)) => same_shape(a, b),
                    (
                        Type::MemRef(_) | Type::UnrankedMemRef(_),
                        Type::MemRef(_) | Type::UnrankedMemRef(_),
                    ) => from.element() == to.element(),
                    _ => false,
                };
                if !same {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!("`memref.copy` from `{from}` to `{to}`: the two must be memrefs of one element type and shape"),
                    );
                }
            }
            K::ReinterpretCast => {
                let from = self.ty(op.operands[0]).clone();
                let to = res_ty.unwrap_or(Type::INDEX);
                let elem = |t: &Type| t.element();
                if elem(&from).is_none() || elem(&from) != elem(&to) {
                    self.error(
                        "verify.type-mismatch",
                        span,
                        format!("`memref.reinterpret_cast` from `{from}` to `{to}` changes the element type or takes no memref"),
                    );
                }
                self.expect_view_operands(op);
            }
        }
    }
}
