//! AST → IR: resolves types, value names, block labels and operation families.
//!
//! Name resolution runs in two passes because a block may use a value defined in a block
//! written after it (dominance, not text order, decides visibility; the verifier checks it).
//! Every problem is collected; the IR is still built (with placeholder values) so later
//! errors in the same function are reported too.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    Attrs, Block, BlockId, Body, Function, IntBits, Literal, Op, OpKind, Successor, Value,
    ValueDef, ValueId, ValueName, Visibility,
};
use crate::names::NameHash;
use crate::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, PureOp, Shape, UnaryOp};
use crate::span::{Span, Spanned};
use crate::types::{Extent, FunctionType, Layout, MemRefType, Scalar, Type};
use rustc_hash::FxBuildHasher;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::Arc;
use thin_vec::ThinVec;

/// Builds the IR of one function. Diagnostics are relative to the same text as `func`'s spans.
pub(crate) fn build_function(func: &ast::Func) -> (Function, Vec<Diagnostic>) {
    let mut b = Builder::default();
    let mut f = b.function(func);
    // Functions are kept (memoized) for as long as their file is open, so the slack of
    // vectors grown by doubling is returned.
    if let Some(body) = &mut f.body {
        body.values.shrink_to_fit();
        body.blocks.shrink_to_fit();
        for block in &mut body.blocks {
            block.ops.shrink_to_fit();
        }
    }
    (f, b.diags)
}

/// Resolves a syntactic type, reporting unsupported ones.
pub fn resolve_type(ty: &ast::Type, diags: &mut Vec<Diagnostic>) -> Type {
    let mut b = Builder::default();
    let t = b.ty(ty);
    diags.append(&mut b.diags);
    t
}

/// The bits of a literal of type `ty` (as `arith.constant` reads it), reporting a literal
/// that does not fit.
pub(crate) fn resolve_literal(
    value: &Spanned<ast::Literal>,
    ty: &Type,
    diags: &mut Vec<Diagnostic>,
) -> Option<Literal> {
    let mut b = Builder::default();
    let v = b.literal(value, ty);
    diags.append(&mut b.diags);
    v
}

#[derive(Default)]
struct Builder<'a> {
    diags: Vec<Diagnostic>,
    values: Vec<Value>,
    /// Value groups by base name, borrowed from the syntax tree: `%r:2` → two ids, the
    /// first and how many (a group's ids are consecutive). (Hashed by [`NameHash`] rather
    /// than SipHash: names come from the file being compiled, and SipHash's resistance to
    /// chosen collisions costs 3% of parsing and building for nothing a compiler needs; and
    /// numbered names stay together in the table. Neither the name nor the ids are
    /// allocated per value, and there is one table to read: in a function of a million
    /// values, binding and resolving names grew 18–30 times for 10 times the values.)
    names: HashMap<&'a str, Group, NameHash>,
    /// The names bound inside the `memref.alloca_scope` regions being built, innermost
    /// last: a region's names go out of scope at its end, as in MLIR.
    scoped: Vec<&'a str>,
    /// Where each `memref.alloca_scope` region being built ends, innermost last.
    scope_ends: Vec<u32>,
    /// Function-level names a region's names hide: bound before the region is built (every
    /// block's names are), but written after it, so not yet in scope there in MLIR. Each
    /// comes back when its region ends.
    shadowed: Vec<(&'a str, Group)>,
    /// Block labels, borrowed from the syntax tree like `names`.
    labels: HashMap<&'a str, (BlockId, Span), NameHash>,
    /// Stand-ins for values that could not be resolved; never the subject of a further error.
    poisoned: std::collections::HashSet<ValueId, FxBuildHasher>,
    /// How many type errors were reported so far: a value whose type did not resolve gets
    /// the placeholder type, and is poisoned so that no check reports the placeholder.
    type_errors: usize,
    /// Which parameters' types did not resolve.
    unresolved_params: Vec<bool>,
    /// Whether the function being built is an `llvm.func` (whose blocks end with
    /// `llvm.return`, not `func.return`).
    in_llvm_func: bool,
}

/// The placeholder type given to values whose type could not be resolved.
const ERROR_TYPE: Type = Type::Scalar(Scalar::I64);

fn parse_extent(
    d: &Spanned<Option<String>>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<i64> {
    let text = d.node.as_ref()?;
    match text.parse::<i64>() {
        Ok(v) => Some(v),
        Err(_) => {
            diags.push(Diagnostic::error(
                "type.invalid",
                d.span,
                format!("{what} `{text}` does not fit in 64 bits"),
            ));
            Some(0)
        }
    }
}

/// A named group of values: its first id, how many, and where the name was defined.
#[derive(Clone, Copy)]
struct Group {
    first: ValueId,
    count: u32,
    span: Span,
}

impl<'a> Builder<'a> {
    fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, span, msg));
    }

    fn scalar(&mut self, ty: &ast::Type) -> Scalar {
        match self.ty(ty) {
            Type::Scalar(s) => s,
            other => {
                self.error(
                    "type.invalid",
                    ty.span(),
                    format!("expected a scalar element type, found `{other}`"),
                );
                Scalar::F32
            }
        }
    }

    /// Resolves a type; an error in it counts in `type_errors`.
    fn ty(&mut self, ty: &ast::Type) -> Type {
        let before = self.diags.len();
        let t = self.resolve(ty);
        if self.diags.len() > before {
            self.type_errors += 1;
        }
        t
    }

    fn resolve(&mut self, ty: &ast::Type) -> Type {
        match ty {
            ast::Type::Named(n) => match Scalar::from_name(&n.node) {
                Some(s) => Type::Scalar(s),
                None => {
                    let msg = if n.node.starts_with('i') && n.node[1..].parse::<u32>().is_ok() {
                        format!(
                            "unsupported integer width `{}`; kiln reads integers of 1 to {} bits",
                            n.node,
                            Scalar::MAX_INT_BITS
                        )
                    } else {
                        format!("unknown type `{}`", n.node)
                    };
                    self.error("type.unknown", n.span, msg);
                    ERROR_TYPE
                }
            },
            ast::Type::UnrankedMemRef { elem, .. } => Type::UnrankedMemRef(self.scalar(elem)),
            ast::Type::MemRef(m) => {
                let ast::MemRef {
                    dims, elem, layout, ..
                } = &**m;
                let elem = self.scalar(elem);
                let mut shape = Vec::new();
                for d in dims {
                    let e = parse_extent(d, "dimension", &mut self.diags);
                    if e.is_some_and(|v| v < 0) {
                        self.error(
                            "type.invalid",
                            d.span,
                            "memref dimensions cannot be negative",
                        );
                    }
                    shape.push(e);
                }
                let layout = match layout {
                    None => Layout::Identity,
                    Some(s) => {
                        let strides: Vec<_> = s
                            .strides
                            .iter()
                            .map(|d| parse_extent(d, "stride", &mut self.diags))
                            .collect();
                        let offset = match &s.offset {
                            Some(o) => parse_extent(o, "offset", &mut self.diags),
                            None => Some(0),
                        };
                        if strides.len() != shape.len() {
                            self.error(
                                "type.invalid",
                                s.span,
                                format!(
                                    "strided layout has {} strides but the memref has rank {}",
                                    strides.len(),
                                    shape.len()
                                ),
                            );
                        }
                        Layout::Strided { strides, offset }
                    }
                };
                Type::MemRef(Arc::new(MemRefType {
                    shape,
                    elem,
                    layout,
                }))
            }
            ast::Type::Dialect(d) => match crate::llvm_types::parse(&d.node) {
                Ok(crate::llvm_types::LlvmType::Ptr) => Type::Ptr,
                Ok(t) => {
                    self.error(
                        "type.invalid",
                        d.span,
                        format!("`{t}` is not the type of a value: kiln's values of the LLVM dialect are scalars and `!llvm.ptr`"),
                    );
                    ERROR_TYPE
                }
                Err(e) => {
                    self.error("type.unknown", d.span, format!("`{}`: {e}", d.node));
                    ERROR_TYPE
                }
            },
            // A function value (an address): what `func.constant` makes, a parameter,
            // result or block argument that carries one.
            ast::Type::Function(f) => {
                let inputs = f.inputs.iter().map(|t| self.resolve(t)).collect();
                let results = f.results.iter().map(|t| self.resolve(t)).collect();
                Type::Function(Arc::new(FunctionType { inputs, results }))
            }
        }
    }

    fn types(&mut self, tys: &[ast::Type]) -> Vec<Type> {
        tys.iter().map(|t| self.ty(t)).collect()
    }

    fn attrs(&mut self, attrs: &[ast::Attr]) -> Attrs {
        Attrs(
            attrs
                .iter()
                .map(|a| {
                    (
                        a.key.node.clone(),
                        a.value.as_ref().map(|v| render_attr(&v.node)),
                    )
                })
                .collect(),
        )
    }

    fn function(&mut self, func: &'a ast::Func) -> Function {
        let errors_before_signature = self.type_errors;
        let mut inputs = Vec::new();
        for p in &func.params {
            let before = self.type_errors;
            inputs.push(self.ty(&p.ty));
            self.unresolved_params.push(self.type_errors > before);
        }
        // `!llvm.void` is an `llvm.func`'s way to say it returns nothing.
        let written_results: Vec<ast::Type> = func
            .results
            .iter()
            .filter(|t| {
                !(func.is_llvm() && matches!(t, ast::Type::Dialect(d) if d.node == "!llvm.void"))
            })
            .cloned()
            .collect();
        let results = self.types(&written_results);
        let ty = FunctionType { inputs, results };
        if func.is_llvm() {
            self.llvm_signature(func, &ty);
        }
        let visibility = match func.visibility.as_ref().map(|v| v.node.as_str()) {
            Some("private") => Visibility::Private,
            Some("nested") => Visibility::Nested,
            Some(_) => Visibility::Public,
            // Legacy `func @f(...)` without a body was an external declaration.
            None if func.body.is_none() && func.is_legacy() => Visibility::Private,
            None => Visibility::Public,
        };
        // A signature with an unknown type (`-> vector<2xf32> {`) loses its body to the
        // parser's recovery: the type error is the one to report, not a missing body.
        let signature_failed = self.type_errors > errors_before_signature;
        if func.body.is_none() && visibility == Visibility::Public && !signature_failed {
            self.error(
                "verify.public-declaration",
                func.name.span,
                format!(
                    "external function `@{}` must be declared `private` (a public symbol needs a body)",
                    func.name.node
                ),
            );
        }
        let mut attrs = self.attrs(&func.attrs);
        // An `llvm.func`'s linkage word is the `llvm.linkage` a `func.func` states, which
        // the lowering reads.
        if let Some(w) = func.words.first() {
            attrs.0.push((
                "llvm.linkage".into(),
                Some(format!("#llvm.linkage<{}>", w.node)),
            ));
        }
        // Kept only when some parameter or result has attributes, so that the IR of the
        // many functions without any holds two empty lists.
        let (arg_attrs, result_attrs) = if func.params.iter().any(|p| !p.attrs.is_empty())
            || func.result_attrs.iter().any(|a| !a.is_empty())
        {
            let args = func.params.iter().map(|p| self.attrs(&p.attrs)).collect();
            let mut results: ThinVec<Attrs> =
                func.result_attrs.iter().map(|a| self.attrs(a)).collect();
            results.resize(ty.results.len(), Attrs::default());
            (args, results)
        } else {
            (ThinVec::new(), ThinVec::new())
        };
        let body = func
            .body
            .as_ref()
            .map(|blocks| self.body(func, blocks, &ty));
        Function {
            name: func.name.node.clone(),
            llvm: func.is_llvm(),
            visibility,
            ty,
            attrs,
            arg_attrs,
            result_attrs,
            body,
            span: func.span,
            name_span: func.name.span,
        }
    }

    /// Checks an `llvm.func` definition's signature as MLIR does: parameters and result of
    /// LLVM types (scalars and `!llvm.ptr`), fixed parameters, and at most one linkage word.
    fn llvm_signature(&mut self, func: &ast::Func, ty: &FunctionType) {
        self.in_llvm_func = true;
        if let Some(span) = func.vararg {
            self.error(
                "verify.unsupported",
                span,
                format!(
                    "kiln defines `llvm.func`s with fixed parameters; `@{}` is variadic",
                    func.name.node
                ),
            );
        }
        for (w, k) in func.words.iter().zip(0..) {
            if k > 0 || !crate::ops::LINKAGES.contains(&w.node.as_str()) {
                self.error(
                    "verify.unsupported",
                    w.span,
                    format!(
                        "`{}` before an `llvm.func`'s name: kiln reads one linkage there ({})",
                        w.node,
                        crate::ops::LINKAGES.join(", ")
                    ),
                );
            }
        }
        let llvm_type = |t: &Type| {
            matches!(t, Type::Scalar(s) if *s != Scalar::Index) || matches!(t, Type::Ptr)
        };
        let spans = func
            .params
            .iter()
            .map(|p| p.ty.span())
            .chain(func.results.iter().map(ast::Type::span));
        for (t, span) in ty.inputs.iter().chain(&ty.results).zip(spans) {
            if !llvm_type(t) {
                self.error(
                    "verify.type-mismatch",
                    span,
                    format!(
                        "`{t}` is not an LLVM type: an `llvm.func` takes and returns scalars and `!llvm.ptr` (a `func.func` takes `{t}`)"
                    ),
                );
            }
        }
        if ty.results.len() > 1 {
            self.error(
                "verify.type-mismatch",
                func.span,
                "an `llvm.func` returns at most one value",
            );
        }
    }

    fn define(&mut self, name: &ast::Name, index: Option<u32>, ty: Type, def: ValueDef) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(Value {
            name: ValueName {
                base: name.node.clone(),
                index,
            },
            ty,
            def,
            span: name.span,
        });
        id
    }

    /// Binds `name` to the `count` values from `first` (defined one after another).
    fn bind(&mut self, name: &'a ast::Name, first: ValueId, count: usize) {
        if name.node.contains('#') {
            self.error(
                "parse.invalid-name",
                name.span,
                format!(
                    "`%{}`: a defined value's name cannot have a `#` suffix",
                    name.node
                ),
            );
            return;
        }
        match self.names.entry(name.node.as_str()) {
            Entry::Occupied(mut e)
                if self
                    .scope_ends
                    .last()
                    .is_some_and(|end| e.get().span.start > *end) =>
            {
                let hidden = e.insert(Group {
                    first,
                    count: count as u32,
                    span: name.span,
                });
                self.shadowed.push((name.node.as_str(), hidden));
                self.scoped.push(name.node.as_str());
            }
            Entry::Occupied(e) => {
                let defined = e.get().span;
                self.diags.push(Diagnostic::redefinition(
                    format!("value `%{}`", name.node),
                    name.span,
                    defined,
                ));
            }
            Entry::Vacant(e) => {
                e.insert(Group {
                    first,
                    count: count as u32,
                    span: name.span,
                });
                if !self.scope_ends.is_empty() {
                    self.scoped.push(name.node.as_str());
                }
            }
        }
    }

    fn body(&mut self, func: &'a ast::Func, blocks: &'a [ast::Block], ty: &FunctionType) -> Body {
        // Every table sized once: a function of 10^6 blocks grew its tables of names 20
        // times, rehashing millions of entries each time. (Each operation is counted as one
        // name, which over-counts those without results.)
        let defined: usize = blocks.iter().map(|b| b.params.len() + b.ops.len()).sum();
        self.names.reserve(defined);
        self.values.reserve(defined);
        self.labels.reserve(blocks.len());
        // Labels first, so branches can refer forward.
        let mut ir_blocks = Vec::with_capacity(blocks.len());
        for (i, b) in blocks.iter().enumerate() {
            let id = BlockId(i as u32);
            let label = match &b.label {
                Some(l) => {
                    if let Some((_, first)) = self.labels.get(l.node.as_str()) {
                        let first = *first;
                        self.diags.push(Diagnostic::redefinition(
                            format!("block `^{}`", l.node),
                            l.span,
                            first,
                        ));
                    } else {
                        self.labels.insert(l.node.as_str(), (id, l.span));
                    }
                    l.node.clone()
                }
                None => String::new(),
            };
            ir_blocks.push(Block {
                label,
                args: Vec::new(),
                ops: Vec::new(),
                span: b.span,
            });
        }
        // Pass 1: every definition.
        let mut op_results: Vec<Vec<ThinVec<ValueId>>> = vec![Vec::new(); blocks.len()];
        for (i, b) in blocks.iter().enumerate() {
            op_results[i] = vec![ThinVec::new(); b.ops.len()];
            let block = BlockId(i as u32);
            if i == 0 {
                if let (Some(l), false) = (&b.label, func.params.is_empty()) {
                    self.error(
                        "parse.entry-label",
                        l.span,
                        "the entry block of a function with parameters cannot have a label (its arguments are the parameters)",
                    );
                }
                if !b.params.is_empty() {
                    self.error(
                        "verify.entry-arguments",
                        b.params[0].ty.span(),
                        "the entry block's arguments are the function's parameters; remove them from the label",
                    );
                }
                for (k, p) in func.params.iter().enumerate() {
                    let Some(name) = &p.name else {
                        self.error(
                            "parse.unnamed-parameter",
                            p.ty.span(),
                            "a function with a body must name its parameters (`%arg0: i32`)",
                        );
                        continue;
                    };
                    let id = self.define(
                        name,
                        None,
                        ty.inputs[k].clone(),
                        ValueDef::BlockArg {
                            block,
                            index: k as u32,
                        },
                    );
                    if self.unresolved_params.get(k).copied().unwrap_or(false) {
                        self.poisoned.insert(id);
                    }
                    ir_blocks[i].args.push(id);
                    self.bind(name, id, 1);
                }
            } else {
                for (k, p) in b.params.iter().enumerate() {
                    let before = self.type_errors;
                    let t = self.ty(&p.ty);
                    let unresolved = self.type_errors > before;
                    let Some(name) = &p.name else { continue };
                    let id = self.define(
                        name,
                        None,
                        t,
                        ValueDef::BlockArg {
                            block,
                            index: k as u32,
                        },
                    );
                    if unresolved {
                        self.poisoned.insert(id);
                    }
                    ir_blocks[i].args.push(id);
                    self.bind(name, id, 1);
                }
            }
            for (k, op) in b.ops.iter().enumerate() {
                if op.name.node.is_empty() {
                    continue; // recovered syntax error, already reported
                }
                op_results[i][k] = self.define_results(op, block, k);
            }
        }

        // Pass 2: operations with resolved operands.
        for (i, b) in blocks.iter().enumerate() {
            for (k, op) in b.ops.iter().enumerate() {
                if op.name.node.is_empty() {
                    continue;
                }
                let results = std::mem::take(&mut op_results[i][k]);
                if let ast::OpBody::AllocaScope(scope) = &op.body {
                    let block = BlockId(i as u32);
                    self.alloca_scope(op, scope, results, block, &mut ir_blocks[i].ops);
                    continue;
                }
                if let Some(ir_op) = self.op(op, results) {
                    ir_blocks[i].ops.push(ir_op);
                }
            }
        }
        // Operations were pushed in order, but a skipped op (recovered error) shifts indices:
        // re-number definitions to the final positions.
        for (bi, b) in ir_blocks.iter().enumerate() {
            for (oi, op) in b.ops.iter().enumerate() {
                for (ri, r) in op.results.iter().enumerate() {
                    self.values[r.index()].def = ValueDef::OpResult {
                        block: BlockId(bi as u32),
                        op: oi as u32,
                        index: ri as u32,
                    };
                }
            }
        }
        Body {
            blocks: ir_blocks,
            values: std::mem::take(&mut self.values),
        }
    }

    /// A `memref.alloca_scope`: a marker that saves the stack (its one result, the saved
    /// pointer), the operations of its region in place, and a marker that restores the
    /// stack and gives the region's returned values as the scope's `results`. The names the
    /// region defines go out of scope after it.
    fn alloca_scope(
        &mut self,
        op: &'a ast::Op,
        scope: &'a ast::AllocaScope,
        results: ThinVec<ValueId>,
        block: BlockId,
        out: &mut Vec<Op>,
    ) {
        let [region] = scope.body.as_slice() else {
            self.error(
                "verify.region",
                scope.span,
                "the region of `memref.alloca_scope` has one block (it cannot branch)",
            );
            return;
        };
        if let Some(l) = &region.label {
            self.error(
                "verify.region",
                l.span,
                "the region of `memref.alloca_scope` has one block, without a label",
            );
            return;
        }
        let hidden = Spanned::new(format!("_scope{}", self.values.len()), op.name.span);
        let def = ValueDef::OpResult {
            block,
            op: 0,
            index: 0,
        };
        let saved = self.define(&hidden, None, Type::Ptr, def);
        out.push(Op {
            kind: OpKind::AllocaScope,
            operands: Vec::new(),
            operand_spans: ThinVec::new(),
            results: thin_vec::thin_vec![saved],
            successors: ThinVec::new(),
            attrs: Attrs::default(),
            span: Span::new(op.span.start as usize, scope.span.start as usize),
        });
        let (mark, shadow_mark) = (self.scoped.len(), self.shadowed.len());
        self.scope_ends.push(scope.span.end);
        let mut returned = None;
        for (k, inner) in region.ops.iter().enumerate() {
            if inner.name.node.is_empty() {
                continue;
            }
            match &inner.body {
                ast::OpBody::AllocaScopeReturn { operands, types } => {
                    returned = Some((inner, operands, types));
                    continue;
                }
                ast::OpBody::Return { .. }
                | ast::OpBody::Br { .. }
                | ast::OpBody::CondBr { .. }
                | ast::OpBody::Switch { .. } => {
                    self.error(
                        "verify.region",
                        inner.span,
                        format!(
                            "`{}` cannot end the region of `memref.alloca_scope`, which ends in `memref.alloca_scope.return`",
                            inner.name.node
                        ),
                    );
                    continue;
                }
                _ => {}
            }
            let res = self.define_results(inner, block, k);
            if let ast::OpBody::AllocaScope(s) = &inner.body {
                self.alloca_scope(inner, s, res, block, out);
            } else if let Some(o) = self.op(inner, res) {
                out.push(o);
            }
        }
        let (values, spans, end) = match returned {
            Some((r, operands, types)) => {
                let ids = self.typed_uses(operands, types, r.span, |n, m| {
                    format!("`memref.alloca_scope.return` lists {n} values but {m} types")
                });
                (ids, operands.iter().map(|o| o.span).collect(), r.span)
            }
            None => (Vec::new(), Vec::new(), scope.span),
        };
        for name in self.scoped.drain(mark..) {
            self.names.remove(name);
        }
        for (name, group) in self.shadowed.drain(shadow_mark..) {
            self.names.insert(name, group);
        }
        self.scope_ends.pop();
        if values.len() != results.len() {
            self.error(
                "verify.result-count",
                end,
                format!(
                    "`memref.alloca_scope` gives {} value{}, and its region returns {}",
                    results.len(),
                    if results.len() == 1 { "" } else { "s" },
                    values.len()
                ),
            );
            return;
        }
        let mut operands = vec![saved];
        operands.extend(values);
        let mut operand_spans: ThinVec<Span> = thin_vec::thin_vec![op.name.span];
        operand_spans.extend(spans);
        out.push(Op {
            kind: OpKind::AllocaScopeReturn,
            operands,
            operand_spans,
            results,
            successors: ThinVec::new(),
            attrs: Attrs::default(),
            span: end,
        });
    }

    /// Defines and binds the results of `op`, operation `k` of `block` (its position is
    /// fixed once every block is built); none when their count is wrong (the names are
    /// bound, poisoned, so their uses add no errors).
    fn define_results(&mut self, op: &'a ast::Op, block: BlockId, k: usize) -> ThinVec<ValueId> {
        let before = self.type_errors;
        let result_types = self.result_types(op);
        let unresolved = self.type_errors > before;
        let written: u32 = op
            .results
            .iter()
            .map(|r| {
                r.count
                    .as_ref()
                    .map_or(1, |c| c.node.parse::<u32>().unwrap_or(0))
            })
            .sum();
        if written as usize != result_types.len() && !op.results.is_empty() {
            self.error(
                "verify.result-count",
                op.results[0]
                    .name
                    .span
                    .to(op.results.last().map_or(op.span, |r| r.name.span)),
                format!(
                    "`{}` produces {} result{} but {} {} named",
                    op.name.node,
                    result_types.len(),
                    if result_types.len() == 1 { "" } else { "s" },
                    written,
                    if written == 1 { "is" } else { "are" }
                ),
            );
            // Bind the names anyway so their uses do not cascade into more errors.
            for r in &op.results {
                let id = self.define(
                    &r.name,
                    None,
                    ERROR_TYPE,
                    ValueDef::OpResult {
                        block,
                        op: k as u32,
                        index: 0,
                    },
                );
                self.poisoned.insert(id);
                self.bind(&r.name, id, 1);
            }
            return ThinVec::new();
        }
        let mut ids_of_op = ThinVec::new();
        if op.results.is_empty() {
            // Unnamed results are legal MLIR; they get hidden names so the op keeps
            // its typed results.
            for (j, t) in result_types.iter().enumerate() {
                let hidden = Spanned::new(format!("_unnamed{}", self.values.len()), op.span);
                ids_of_op.push(self.define(
                    &hidden,
                    None,
                    t.clone(),
                    ValueDef::OpResult {
                        block,
                        op: k as u32,
                        index: j as u32,
                    },
                ));
            }
        }
        let mut next = 0usize;
        for r in &op.results {
            let count = r
                .count
                .as_ref()
                .map_or(1, |c| c.node.parse::<usize>().unwrap_or(0));
            if r.count
                .as_ref()
                .is_some_and(|c| c.node.parse::<usize>().map_or(true, |n| n == 0))
            {
                self.error(
                    "parse.invalid-name",
                    r.count.as_ref().map_or(r.name.span, |c| c.span),
                    "a result group must have a positive count",
                );
                continue;
            }
            let first = ValueId(self.values.len() as u32);
            let ids: Vec<ValueId> = (0..count)
                .map(|j| {
                    let index = r.count.as_ref().map(|_| j as u32);
                    self.define(
                        &r.name,
                        index,
                        result_types[next + j].clone(),
                        ValueDef::OpResult {
                            block,
                            op: k as u32,
                            index: (next + j) as u32,
                        },
                    )
                })
                .collect();
            next += count;
            if unresolved {
                self.poisoned.extend(ids.iter().copied());
            }
            ids_of_op.extend(ids.iter().copied());
            self.bind(&r.name, first, ids.len());
        }
        ids_of_op
    }

    /// The result types of an element-wise operation, from its shape and written type list.
    fn pure_result_types(&mut self, op: &ast::Op, types: &[ast::Type]) -> Vec<Type> {
        let name = op.name.node.as_str();
        let Some(p) = PureOp::from_name(name) else {
            return vec![ERROR_TYPE];
        };
        let written: Vec<Type> = types.iter().map(|t| self.ty(t)).collect();
        let results = match (p.shape(), written.as_slice()) {
            (Shape::Same(_), [t]) => vec![t.clone()],
            (Shape::Index(_), []) => vec![Type::INDEX],
            (Shape::PowI, [t, _]) => vec![t.clone()],
            (Shape::AddExtended, [t, c]) => {
                if *c != Type::I1 {
                    self.type_errors += 1;
                    self.error(
                        "verify.type-mismatch",
                        types[1].span(),
                        format!("the overflow flag of `{name}` is `i1`, not `{c}`"),
                    );
                }
                vec![t.clone(), Type::I1]
            }
            (Shape::MulExtended, [t]) => vec![t.clone(), t.clone()],
            (shape, _) => {
                let want = match shape {
                    Shape::Same(_) | Shape::MulExtended => "one type, `: T`",
                    Shape::Index(_) => "no type list (every operand and result is `index`)",
                    Shape::PowI => "two types, `: T, U` (the base's and the exponent's)",
                    Shape::AddExtended => "two types, `: T, i1`",
                };
                // The results are poisoned (no follow-on errors at their uses).
                self.type_errors += 1;
                self.error(
                    "parse.type-list",
                    op.span,
                    format!("`{name}` is written with {want}"),
                );
                let n = match shape {
                    Shape::AddExtended | Shape::MulExtended => 2,
                    _ => 1,
                };
                return vec![ERROR_TYPE; n];
            }
        };
        results
    }

    /// Checks a `memref.reinterpret_cast`'s offset, sizes and strides against its result
    /// type (MLIR's rule: a number where the type has that number, a value where it has `?`)
    /// and returns the values, in order; `None` after an error.
    fn reinterpret_lists(
        &mut self,
        to: &Type,
        written: &ast::Type,
        offset: &[ast::Mixed],
        sizes: &[ast::Mixed],
        strides: &[ast::Mixed],
        keywords: &(ast::Name, ast::Name),
    ) -> Option<Vec<ast::ValueRef>> {
        for (k, want) in [(&keywords.0, "sizes"), (&keywords.1, "strides")] {
            if k.node != want {
                self.error(
                    "parse.unexpected-token",
                    k.span,
                    format!("expected `{want}:`, found `{}`", k.node),
                );
                return None;
            }
        }
        let Type::MemRef(m) = to else {
            self.error(
                "verify.type-mismatch",
                written.span(),
                format!("`memref.reinterpret_cast` makes a ranked memref, not `{to}`"),
            );
            return None;
        };
        let (type_strides, type_offset) = m.strides_and_offset();
        let lists: [(&str, &[ast::Mixed], Vec<Extent>); 3] = [
            ("offset", offset, vec![type_offset]),
            ("sizes", sizes, m.shape.clone()),
            ("strides", strides, type_strides),
        ];
        let mut values = Vec::new();
        let mut ok = true;
        for (what, entries, want) in lists {
            if entries.len() != want.len() {
                self.error(
                    "verify.reinterpret-cast",
                    written.span(),
                    format!(
                        "`memref.reinterpret_cast` lists {} {what} for a result of rank {}",
                        entries.len(),
                        m.rank()
                    ),
                );
                ok = false;
                continue;
            }
            for (e, w) in entries.iter().zip(want) {
                match (e, w) {
                    (ast::Mixed::Value(v), None) => values.push(v.clone()),
                    (ast::Mixed::Static(n), Some(w)) if parse_int(&n.node) == Some(w as i128) => {}
                    (ast::Mixed::Value(v), Some(w)) => {
                        self.error(
                            "verify.reinterpret-cast",
                            v.span,
                            format!(
                                "the result type has {w} here, so it must be written as the number"
                            ),
                        );
                        ok = false;
                    }
                    (ast::Mixed::Static(n), w) => {
                        let expected = w.map_or("`?` (a value)".to_string(), |w| w.to_string());
                        self.error(
                            "verify.reinterpret-cast",
                            n.span,
                            format!(
                                "{} does not match the result type, which has {expected} here",
                                n.node
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        ok.then_some(values)
    }

    /// The values `refs` names, each checked against its written type in `types`; where
    /// the two lists differ in length, the error `mismatch(values, types)` at `span` instead.
    fn typed_uses(
        &mut self,
        refs: &[ast::ValueRef],
        types: &[ast::Type],
        span: Span,
        mismatch: impl FnOnce(usize, usize) -> String,
    ) -> Vec<ValueId> {
        let ids = self.uses(refs);
        if refs.len() == types.len() {
            self.check_written_types(&ids, types);
        } else {
            self.error(
                "verify.type-mismatch",
                span,
                mismatch(refs.len(), types.len()),
            );
        }
        ids
    }

    /// A call's arguments, checked against the inputs its written type lists.
    fn call_arguments(&mut self, args: &[ast::ValueRef], ty: &ast::FunctionType) -> Vec<ValueId> {
        self.typed_uses(args, &ty.inputs, ty.span, |n, m| {
            format!("call passes {n} operands but its type lists {m} inputs")
        })
    }

    /// The result types an operation declares through its syntax.
    fn result_types(&mut self, op: &ast::Op) -> Vec<Type> {
        use ast::OpBody as B;
        match &op.body {
            B::Binary { ty, .. } | B::Unary { ty, .. } | B::Select { ty, .. } => vec![self.ty(ty)],
            B::Cast { to, .. } => vec![self.ty(to)],
            B::Pure { types, .. } => self.pure_result_types(op, types),
            B::Cmp { .. } => vec![Type::I1],
            B::Constant { value, ty } => vec![match ty {
                Some(t) => self.ty(t),
                None => match value.node {
                    ast::Literal::Bool(_) => Type::I1,
                    ast::Literal::Int(_) => Type::Scalar(Scalar::I64),
                    ast::Literal::Float(_) => Type::Scalar(Scalar::F64),
                },
            }],
            B::Call { ty, .. } | B::CallIndirect { ty, .. } => self.types(&ty.results),
            B::FuncConstant { ty, .. } => {
                let inputs = self.types(&ty.inputs);
                let results = self.types(&ty.results);
                vec![Type::Function(Arc::new(FunctionType { inputs, results }))]
            }
            B::Alloc { ty, .. } => vec![self.ty(ty)],
            B::Load { ty, .. } => match self.ty(ty) {
                Type::MemRef(m) => vec![Type::Scalar(m.elem)],
                Type::UnrankedMemRef(e) => vec![Type::Scalar(e)],
                other => {
                    self.error(
                        "verify.type-mismatch",
                        ty.span(),
                        format!("`{}` needs a memref type, found `{other}`", op.name.node),
                    );
                    vec![ERROR_TYPE]
                }
            },
            B::Dim { .. } | B::Rank { .. } => vec![Type::INDEX],
            B::Metadata { results, .. } => self.types(results),
            B::Copy { .. } => Vec::new(),
            B::Poison { ty }
            | B::GetGlobal { ty, .. }
            | B::AddressOf { ty, .. }
            | B::Zero { ty } => vec![self.ty(ty)],
            B::LlvmConstant(c) => vec![self.ty(&c.1)],
            B::LlvmLoad(l) => vec![self.ty(&l.ty)],
            B::Gep(g) => self.types(&g.ty.results),
            B::LlvmCall(c) => self.types(&c.ty.results),
            B::LlvmCallIndirect(c) => self.types(&c.ty.results),
            B::LlvmStore { .. } | B::AllocaScopeReturn { .. } => Vec::new(),
            B::LlvmIntrinsic { ty, .. } => self.types(&ty.results),
            B::AllocaScope(a) => self.types(&a.results),
            B::AlignedPointer { result, .. } => vec![self.ty(result)],
            B::Transpose(t) => vec![self.ty(&t.to)],
            B::ReinterpretCast(r) => vec![self.ty(&r.to)],
            B::Subview(s) => vec![self.ty(&s.to)],
            B::Reshape(r) => vec![self.ty(&r.to)],
            B::View(v) => vec![self.ty(&v.to)],
            B::AtomicRmw(a) => self.types(&a.ty.results),
            B::Realloc(r) => vec![self.ty(&r.to)],
            B::ShapeReshape { ty, .. } => self.types(&ty.results),
            B::Generic { ty, .. } => self.types(&ty.results),
            B::Store { .. }
            | B::Assert { .. }
            | B::AssumeAlignment { .. }
            | B::Dealloc { .. }
            | B::Return { .. }
            | B::Br { .. }
            | B::CondBr { .. }
            | B::Switch { .. } => Vec::new(),
        }
    }

    fn use_value(&mut self, v: &ast::ValueRef) -> ValueId {
        let (base, index) = match v.node.split_once('#') {
            Some((b, i)) => (b, i.parse::<usize>().unwrap_or(usize::MAX)),
            None => (v.node.as_str(), 0),
        };
        match self.names.get(base) {
            Some(g) if index < g.count as usize => ValueId(g.first.0 + index as u32),
            Some(g) => {
                let n = g.count as usize;
                self.error(
                    "verify.undefined-value",
                    v.span,
                    format!(
                        "`%{}` has only {n} result{}; `%{}` is out of range",
                        base,
                        if n == 1 { "" } else { "s" },
                        v.node
                    ),
                );
                self.placeholder(v)
            }
            None => {
                self.error(
                    "verify.undefined-value",
                    v.span,
                    format!("use of undefined value `%{}`", v.node),
                );
                self.placeholder(v)
            }
        }
    }

    /// A stand-in for an unresolvable use, so checking can go on.
    fn placeholder(&mut self, v: &ast::ValueRef) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(Value {
            name: ValueName {
                base: format!("{}.undefined", v.node.replace('#', ".")),
                index: None,
            },
            ty: ERROR_TYPE,
            def: ValueDef::BlockArg {
                block: BlockId(u32::MAX),
                index: 0,
            },
            span: v.span,
        });
        self.poisoned.insert(id);
        id
    }

    fn uses(&mut self, vs: &[ast::ValueRef]) -> Vec<ValueId> {
        vs.iter().map(|v| self.use_value(v)).collect()
    }

    fn block_ref(&mut self, name: &ast::Name) -> BlockId {
        match self.labels.get(name.node.as_str()) {
            Some((id, _)) => *id,
            None => {
                self.error(
                    "verify.undefined-block",
                    name.span,
                    format!("reference to undefined block `^{}`", name.node),
                );
                BlockId(u32::MAX)
            }
        }
    }

    fn successor(&mut self, s: &ast::Successor) -> Successor {
        let block = self.block_ref(&s.block);
        let args = self.typed_uses(&s.args, &s.types, s.span, |n, m| {
            format!(
                "branch to `^{}` lists {n} operands but {m} types",
                s.block.node
            )
        });
        Successor {
            block,
            args,
            span: s.span,
        }
    }

    /// Custom syntax states operand types redundantly in some places (`cf.br ^b(%x : i32)`,
    /// `func.return %x : i32`): they must agree with the values' types.
    fn check_written_types(&mut self, vals: &[ValueId], tys: &[ast::Type]) {
        for (v, t) in vals.iter().zip(tys) {
            let before = self.type_errors;
            let written = self.ty(t);
            let unresolved = self.type_errors > before;
            let actual = self.values[v.index()].ty.clone();
            if written != actual && !self.poisoned.contains(v) && !unresolved {
                let name = self.values[v.index()].name.clone();
                self.error(
                    "verify.type-mismatch",
                    t.span(),
                    format!("type `{written}` does not match the type `{actual}` of `{name}`"),
                );
            }
        }
    }

    fn op(&mut self, op: &ast::Op, results: ThinVec<ValueId>) -> Option<Op> {
        use ast::OpBody as B;
        let attrs = self.attrs(&op.attrs);
        let mut successors = ThinVec::new();
        let written = op.name.node.as_str();
        // An LLVM-dialect spelling is built as the operation it means, then wrapped.
        let meaning = written
            .starts_with("llvm.")
            .then(|| crate::ops::llvm_meaning(written))
            .flatten();
        let name = meaning.unwrap_or(written);
        let (kind, operands) = match &op.body {
            B::Binary { lhs, rhs, .. } => (
                OpKind::Binary(BinaryOp::from_name(name)?),
                self.uses(&[lhs.clone(), rhs.clone()]),
            ),
            B::Unary { operand, .. } => (
                OpKind::Unary(UnaryOp::from_name(name)?),
                self.uses(std::slice::from_ref(operand)),
            ),
            B::Pure { operands, types } => {
                let p = PureOp::from_name(name)?;
                let ops = self.uses(operands);
                if ops.len() != p.arity() {
                    self.error(
                        "verify.operand-count",
                        op.span,
                        format!(
                            "`{name}` takes {} operand{}, found {}",
                            p.arity(),
                            if p.arity() == 1 { "" } else { "s" },
                            ops.len()
                        ),
                    );
                    return None;
                }
                // The written types of the operands: one type for all (`: T`), or the
                // base's and the exponent's (`math.fpowi`); the verifier checks the rest.
                match (p.shape(), types.as_slice()) {
                    (Shape::PowI, [t, u]) => {
                        self.check_written_types(&ops, &[t.clone(), u.clone()]);
                    }
                    (Shape::Same(_) | Shape::AddExtended | Shape::MulExtended, [t, ..]) => {
                        let all = vec![t.clone(); ops.len()];
                        self.check_written_types(&ops, &all);
                    }
                    _ => {}
                }
                (OpKind::Pure(p), ops)
            }
            B::Cast { operand, from, .. } => {
                let ops = self.uses(std::slice::from_ref(operand));
                self.check_written_types(&ops, std::slice::from_ref(from));
                (OpKind::Cast(CastOp::from_name(name)?), ops)
            }
            B::Cmp {
                predicate,
                lhs,
                rhs,
                ..
            } => {
                let is_f = name.ends_with('f');
                let kind = match (is_f, meaning.is_some()) {
                    (true, false) => CmpFPredicate::from_name(&predicate.node).map(OpKind::CmpF),
                    (true, true) => CmpFPredicate::ALL
                        .iter()
                        .find(|p| crate::ops::llvm_fcmp_keyword(**p) == predicate.node)
                        .map(|p| OpKind::CmpF(*p)),
                    (false, _) => CmpIPredicate::from_name(&predicate.node).map(OpKind::CmpI),
                };
                let Some(kind) = kind else {
                    let all: Vec<&str> = match (is_f, meaning.is_some()) {
                        (true, false) => CmpFPredicate::ALL.iter().map(|p| p.name()).collect(),
                        (true, true) => CmpFPredicate::ALL
                            .iter()
                            .map(|p| crate::ops::llvm_fcmp_keyword(*p))
                            .collect(),
                        (false, _) => CmpIPredicate::ALL.iter().map(|p| p.name()).collect(),
                    };
                    self.error(
                        "verify.invalid-predicate",
                        predicate.span,
                        format!(
                            "unknown predicate `{}` for `{written}`; expected one of {}",
                            predicate.node,
                            all.join(", ")
                        ),
                    );
                    return None;
                };
                (kind, self.uses(&[lhs.clone(), rhs.clone()]))
            }
            B::Select {
                cond,
                on_true,
                on_false,
                cond_ty,
                ..
            } => {
                let ops = self.uses(&[cond.clone(), on_true.clone(), on_false.clone()]);
                if let Some(t) = cond_ty {
                    self.check_written_types(&ops[..1], std::slice::from_ref(&**t));
                }
                (OpKind::Select, ops)
            }
            B::Constant { value, .. } => {
                // A constant whose type did not resolve was reported there; its literal
                // is not checked against the placeholder type.
                if results.first().is_some_and(|r| self.poisoned.contains(r)) {
                    return None;
                }
                let ty = results
                    .first()
                    .map(|r| self.values[r.index()].ty.clone())
                    .unwrap_or(ERROR_TYPE);
                (OpKind::Constant(self.literal(value, &ty)?), Vec::new())
            }
            B::FuncConstant { callee, .. } => (
                OpKind::FuncConstant {
                    callee: callee.node.clone(),
                },
                Vec::new(),
            ),
            B::CallIndirect { callee, args, ty } => {
                let mut ops = self.uses(std::slice::from_ref(callee));
                ops.extend(self.call_arguments(args, ty));
                (OpKind::CallIndirect, ops)
            }
            B::Call { callee, args, ty } => {
                let ops = self.call_arguments(args, ty);
                (
                    OpKind::Call {
                        callee: callee.node.clone(),
                    },
                    ops,
                )
            }
            B::Return { operands, types } => {
                if self.in_llvm_func && meaning.is_none() {
                    self.error(
                        "verify.return",
                        op.name.span,
                        format!("`{written}` ends a `func.func`; an `llvm.func`'s blocks end with `llvm.return`"),
                    );
                }
                let ops = self.uses(operands);
                self.check_written_types(&ops, types);
                if operands.len() != types.len() {
                    self.error(
                        "verify.type-mismatch",
                        op.span,
                        format!(
                            "return lists {} operands but {} types",
                            operands.len(),
                            types.len()
                        ),
                    );
                }
                (OpKind::Return, ops)
            }
            B::Br { dest } => {
                successors.push(self.successor(dest));
                (OpKind::Br, Vec::new())
            }
            B::CondBr {
                cond,
                on_true,
                on_false,
            } => {
                let c = self.uses(std::slice::from_ref(cond));
                successors.push(self.successor(on_true));
                successors.push(self.successor(on_false));
                (OpKind::CondBr, c)
            }
            B::Switch {
                flag,
                ty,
                default,
                cases,
            } => {
                let f = self.uses(std::slice::from_ref(flag));
                self.check_written_types(&f, std::slice::from_ref(ty));
                successors.push(self.successor(default));
                let mut values = Vec::new();
                // A case value is of the flag's width, signed or unsigned as written (`-1`
                // and `255` are one `i8`); values are compared at that width.
                let bits = match self.values.get(f[0].index()).map(|v| &v.ty) {
                    Some(Type::Scalar(s)) if s.is_integer() => s.bits(),
                    _ => 128,
                };
                let at_width = |n: i128| {
                    let shift = 128 - bits;
                    (n << shift) >> shift
                };
                for (v, s) in cases {
                    // Within the width's signed or unsigned range, read as its bits.
                    let fits = parse_wide_int(&v.node).and_then(|(neg, m)| {
                        let limit = if neg {
                            1u128 << (bits - 1)
                        } else {
                            u128::MAX >> (128 - bits)
                        };
                        (m <= limit).then(|| {
                            if neg {
                                (m as i128).wrapping_neg()
                            } else {
                                m as i128
                            }
                        })
                    });
                    match fits {
                        Some(n) => {
                            if values.iter().any(|w| at_width(*w) == at_width(n)) {
                                self.error(
                                    "verify.duplicate-case",
                                    v.span,
                                    format!("duplicate case value `{}`", v.node),
                                );
                            }
                            values.push(n)
                        }
                        None => self.error(
                            "verify.invalid-literal",
                            v.span,
                            format!("case value `{}` does not fit in i{bits}", v.node),
                        ),
                    }
                    successors.push(self.successor(s));
                }
                (OpKind::Switch { cases: values }, f)
            }
            B::Alloc { sizes, .. } => {
                let k = if name.ends_with("alloca") {
                    OpKind::Alloca
                } else {
                    OpKind::Alloc
                };
                (k, self.uses(sizes))
            }
            B::Dealloc { memref, .. } => (OpKind::Dealloc, self.memref_use(memref, op)),
            B::Load {
                memref, indices, ..
            } => {
                let mut ops = self.memref_use(memref, op);
                ops.extend(self.uses(indices));
                (OpKind::Load, ops)
            }
            B::Store {
                value,
                memref,
                indices,
                ..
            } => {
                let mut ops = self.uses(std::slice::from_ref(value));
                ops.extend(self.memref_use(memref, op));
                ops.extend(self.uses(indices));
                (OpKind::Store, ops)
            }
            B::Dim { memref, index, .. } => {
                let mut ops = self.memref_use(memref, op);
                ops.extend(self.uses(std::slice::from_ref(index)));
                (OpKind::Dim, ops)
            }
            B::Rank { memref, .. } => (OpKind::Rank, self.memref_use(memref, op)),
            B::Poison { .. } => (OpKind::Poison, Vec::new()),
            B::GetGlobal { global, .. } => (
                OpKind::GetGlobal {
                    global: global.node.clone(),
                },
                Vec::new(),
            ),
            // A scope is built by `alloca_scope`; its return only ends one.
            B::AllocaScope(_) => return None,
            B::AllocaScopeReturn { .. } => {
                self.error(
                    "verify.region",
                    op.span,
                    "`memref.alloca_scope.return` ends the region of a `memref.alloca_scope`",
                );
                return None;
            }
            B::AddressOf { global, .. } => (
                OpKind::AddressOf {
                    global: global.node.clone(),
                },
                Vec::new(),
            ),
            B::Zero { .. } => (OpKind::Zero, Vec::new()),
            B::LlvmConstant(c) => {
                let (value, ty) = &**c;
                let literal = match &value.node {
                    ast::AttrValue::Int(t, _) => ast::Literal::Int(t.clone()),
                    ast::AttrValue::Float(t, _) => ast::Literal::Float(t.clone()),
                    ast::AttrValue::Bool(b) => ast::Literal::Bool(*b),
                    _ => {
                        self.error(
                            "verify.invalid-literal",
                            value.span,
                            "kiln reads an `llvm.mlir.constant` of an integer, a float or a boolean",
                        );
                        return None;
                    }
                };
                let rty = self.ty(ty);
                if !matches!(rty, Type::Scalar(s) if s != Scalar::Index) {
                    self.error(
                        "verify.type-mismatch",
                        ty.span(),
                        format!("`llvm.mlir.constant` makes an integer or a float, not `{rty}`"),
                    );
                    return None;
                }
                let lit =
                    resolve_literal(&Spanned::new(literal, value.span), &rty, &mut self.diags)?;
                (OpKind::LlvmConstant(lit), Vec::new())
            }
            B::Gep(g) => {
                if let Some(f) = g.flag.as_ref().filter(|f| f.node != "inbounds") {
                    self.error(
                        "parse.unexpected-token",
                        f.span,
                        format!(
                            "unexpected `{}`; expected `inbounds` or the base address",
                            f.node
                        ),
                    );
                    return None;
                }
                let mut refs = vec![g.base.clone()];
                let mut indices = ThinVec::new();
                for i in &g.indices {
                    match i {
                        ast::Mixed::Value(v) => {
                            refs.push(v.clone());
                            indices.push(None);
                        }
                        ast::Mixed::Static(n) => {
                            match parse_int(&n.node).and_then(|v| i32::try_from(v).ok()) {
                                Some(v) => indices.push(Some(v)),
                                None => {
                                    self.error(
                                        "verify.invalid-literal",
                                        n.span,
                                        format!("`{}` is not a 32-bit index", n.node),
                                    );
                                    return None;
                                }
                            }
                        }
                    }
                }
                let ops = self.typed_uses(&refs, &g.ty.inputs, g.ty.span, |n, m| {
                    format!("`llvm.getelementptr` has {n} operands but its type lists {m} inputs")
                });
                let elem = match crate::llvm_types::llvm_type(&g.elem) {
                    Ok(t) => t,
                    Err(e) => {
                        self.error("type.unknown", g.elem.span(), e);
                        return None;
                    }
                };
                (
                    OpKind::Gep {
                        inbounds: g.flag.is_some(),
                        indices,
                        elem: Arc::new(elem),
                    },
                    ops,
                )
            }
            B::LlvmCall(c) => {
                let vararg = match &c.vararg {
                    None => None,
                    Some(ast::Type::Dialect(d)) => match crate::llvm_types::parse_func(&d.node) {
                        Ok(f) => Some(Arc::new(f)),
                        Err(e) => {
                            self.error("type.unknown", d.span, format!("`{}`: {e}", d.node));
                            return None;
                        }
                    },
                    Some(t) => {
                        self.error(
                            "type.invalid",
                            t.span(),
                            "`vararg` takes the callee's type, `!llvm.func<R (P, ...)>`",
                        );
                        return None;
                    }
                };
                if let Some(a) = op
                    .attrs
                    .iter()
                    .find(|a| a.value.is_none() && a.key.node != "vararg")
                {
                    self.error(
                        "parse.unexpected-token",
                        a.key.span,
                        format!("unexpected `{}`; expected `vararg(...)` or `:`", a.key.node),
                    );
                    return None;
                }
                let ops = self.call_arguments(&c.args, &c.ty);
                (
                    OpKind::LlvmCall {
                        callee: c.callee.node.clone(),
                        vararg,
                    },
                    ops,
                )
            }
            B::LlvmCallIndirect(c) => {
                let mut ops = self.uses(std::slice::from_ref(&c.pointer));
                self.check_written_types(&ops, std::slice::from_ref(&c.pointer_ty));
                ops.extend(self.call_arguments(&c.args, &c.ty));
                (OpKind::LlvmCallIndirect, ops)
            }
            B::LlvmLoad(l) => {
                let ops = self.uses(std::slice::from_ref(&l.ptr));
                self.check_written_types(&ops, std::slice::from_ref(&l.ptr_ty));
                (OpKind::LlvmLoad, ops)
            }
            B::LlvmIntrinsic { operands, ty } => {
                let ops = self.uses(operands);
                let kind = match (BinaryOp::from_name(name), PureOp::from_name(name)) {
                    (Some(b), _) => OpKind::Binary(b),
                    (None, Some(p)) => OpKind::Pure(p),
                    _ => return None,
                };
                let arity = match &kind {
                    OpKind::Pure(p) => p.arity(),
                    _ => 2,
                };
                if ops.len() != arity || ty.inputs.len() != arity || ty.results.len() != 1 {
                    self.error(
                        "verify.operand-count",
                        op.span,
                        format!(
                            "`{written}` takes {arity} operand{} and gives one result",
                            if arity == 1 { "" } else { "s" }
                        ),
                    );
                    return None;
                }
                self.check_written_types(&ops, &ty.inputs);
                (kind, ops)
            }
            B::LlvmStore(st) => {
                let ops = self.uses(&[st.value.clone(), st.ptr.clone()]);
                self.check_written_types(&ops, &[st.ty.clone(), st.ptr_ty.clone()]);
                (OpKind::LlvmStore, ops)
            }
            B::AssumeAlignment {
                memref,
                alignment,
                ty,
            } => {
                let ops = self.uses(std::slice::from_ref(memref));
                self.check_written_types(&ops, std::slice::from_ref(ty));
                let Some(a) = parse_int(&alignment.node).and_then(|a| u64::try_from(a).ok()) else {
                    self.error(
                        "verify.invalid-literal",
                        alignment.span,
                        format!("`{}` is not an alignment", alignment.node),
                    );
                    return None;
                };
                (OpKind::AssumeAlignment { alignment: a }, ops)
            }
            B::Transpose(t) => {
                let ast::Transpose {
                    source,
                    dims,
                    order,
                    from,
                    ..
                } = &**t;
                let ops = self.uses(std::slice::from_ref(source));
                self.check_written_types(&ops, std::slice::from_ref(from));
                let mut permutation = Vec::new();
                for name in order {
                    match dims.iter().position(|d| d.node == name.node) {
                        Some(i) if !permutation.contains(&(i as u32)) => permutation.push(i as u32),
                        _ => {
                            self.error(
                                "verify.invalid-permutation",
                                name.span,
                                format!(
                                    "`{}` is not a dimension the permutation binds, or comes twice",
                                    name.node
                                ),
                            );
                            return None;
                        }
                    }
                }
                let distinct = dims
                    .iter()
                    .enumerate()
                    .all(|(i, d)| dims[..i].iter().all(|e| e.node != d.node));
                if !distinct || permutation.len() != dims.len() {
                    self.error(
                        "verify.invalid-permutation",
                        op.span,
                        "the permutation of `memref.transpose` must name each of its dimensions once on each side",
                    );
                    return None;
                }
                (OpKind::Transpose { permutation }, ops)
            }
            B::AlignedPointer { memref, ty, .. } => {
                let ops = self.uses(std::slice::from_ref(memref));
                self.check_written_types(&ops, std::slice::from_ref(ty));
                (OpKind::ExtractAlignedPointer, ops)
            }
            B::Assert { cond, message } => (
                OpKind::Assert {
                    message: message.node.clone(),
                },
                self.uses(std::slice::from_ref(cond)),
            ),
            B::Copy {
                source,
                target,
                from,
                to,
            } => {
                let ops = self.uses(&[source.clone(), target.clone()]);
                self.check_written_types(&ops, &[from.clone(), to.clone()]);
                (OpKind::Copy, ops)
            }
            B::Metadata { memref, .. } => {
                (OpKind::ExtractStridedMetadata, self.memref_use(memref, op))
            }
            B::Reshape(rs) => self.reshape(op, rs)?,
            B::Realloc(r) => {
                let mut ops = self.uses(std::slice::from_ref(&r.source));
                self.check_written_types(&ops, std::slice::from_ref(&r.from));
                ops.extend(self.uses(r.size.as_slice()));
                (OpKind::Realloc, ops)
            }
            B::AtomicRmw(a) => {
                let Some(kind) = crate::ops::AtomicKind::from_name(&a.kind.node) else {
                    self.error(
                        "verify.atomic",
                        a.kind.span,
                        format!("unknown `memref.atomic_rmw` operation `{}`", a.kind.node),
                    );
                    return None;
                };
                let mut ops = self.uses(&[a.value.clone(), a.memref.clone()]);
                self.check_written_types(&ops, &a.ty.inputs);
                ops.extend(self.uses(&a.indices));
                (OpKind::AtomicRmw { kind }, ops)
            }
            B::View(v) => {
                let mut ops = self.uses(std::slice::from_ref(&v.source));
                self.check_written_types(&ops, std::slice::from_ref(&v.from));
                ops.extend(self.uses(std::slice::from_ref(&v.shift)));
                ops.extend(self.uses(&v.sizes));
                (OpKind::View, ops)
            }
            B::ShapeReshape { source, shape, ty } => {
                let ops = self.uses(&[source.clone(), shape.clone()]);
                self.check_written_types(&ops, &ty.inputs);
                (OpKind::Reshape, ops)
            }
            B::Subview(sv) => {
                let mut ops = self.uses(std::slice::from_ref(&sv.source));
                self.check_written_types(&ops, std::slice::from_ref(&sv.from));
                let mut dynamic = Vec::new();
                let mut lists = Vec::new();
                for entries in [&sv.offsets, &sv.sizes, &sv.strides] {
                    let mut list = Vec::new();
                    for e in entries {
                        match e {
                            ast::Mixed::Value(v) => {
                                dynamic.push(v.clone());
                                list.push(None);
                            }
                            ast::Mixed::Static(n) => match parse_int(&n.node) {
                                Some(x) if x >= i64::MIN as i128 && x <= i64::MAX as i128 => {
                                    list.push(Some(x as i64))
                                }
                                _ => {
                                    self.error(
                                        "verify.invalid-literal",
                                        n.span,
                                        format!("`{}` does not fit in 64 bits", n.node),
                                    );
                                    return None;
                                }
                            },
                        }
                    }
                    lists.push(list);
                }
                ops.extend(self.uses(&dynamic));
                let strides = lists.pop().unwrap_or_default();
                let sizes = lists.pop().unwrap_or_default();
                let offsets = lists.pop().unwrap_or_default();
                (
                    OpKind::Subview {
                        offsets: offsets.into(),
                        sizes: sizes.into(),
                        strides: strides.into(),
                    },
                    ops,
                )
            }
            B::ReinterpretCast(r) => {
                let ast::ReinterpretCast {
                    source,
                    offset,
                    sizes,
                    strides,
                    keywords,
                    from,
                    to,
                } = &**r;
                let mut ops = self.uses(std::slice::from_ref(source));
                self.check_written_types(&ops, std::slice::from_ref(from));
                let to_ty = self.ty(to);
                let dynamic =
                    self.reinterpret_lists(&to_ty, to, offset, sizes, strides, keywords)?;
                ops.extend(self.uses(&dynamic));
                (OpKind::ReinterpretCast, ops)
            }
            B::Generic {
                operands,
                successors: succ,
                ty,
            } => {
                let ops = self.typed_uses(operands, &ty.inputs, ty.span, |n, m| {
                    format!("`\"{name}\"` has {n} operands but its type lists {m} inputs")
                });
                let kind = self.generic_kind(op, &attrs)?;
                // The generic form of a known op must have that op's shape, or later stages
                // would index operands that are not there.
                let arity: Option<(std::ops::RangeInclusive<usize>, usize)> = match &kind {
                    OpKind::Binary(_) | OpKind::CmpI(_) | OpKind::CmpF(_) | OpKind::Dim => {
                        Some((2..=2, 1))
                    }
                    OpKind::Unary(_) | OpKind::Cast(_) | OpKind::Rank => Some((1..=1, 1)),
                    OpKind::Select => Some((3..=3, 1)),
                    OpKind::Pure(p) => {
                        let outs = match p.shape() {
                            Shape::AddExtended | Shape::MulExtended => 2,
                            _ => 1,
                        };
                        Some((p.arity()..=p.arity(), outs))
                    }
                    OpKind::Return | OpKind::Br => Some((0..=usize::MAX, 0)),
                    OpKind::Dealloc | OpKind::Assert { .. } => Some((1..=1, 0)),
                    OpKind::Poison => Some((0..=0, 1)),
                    OpKind::ExtractAlignedPointer => Some((1..=1, 1)),
                    OpKind::AssumeAlignment { .. } => Some((1..=1, 0)),
                    OpKind::Load => Some((1..=usize::MAX, 1)),
                    OpKind::Store => Some((2..=usize::MAX, 0)),
                    OpKind::FuncConstant { .. } => Some((0..=0, 1)),
                    // Any number of results: those of the callee's type.
                    OpKind::CallIndirect => Some((1..=usize::MAX, ty.results.len())),
                    _ => None,
                };
                if let Some((ins, outs)) = arity {
                    if !ins.contains(&operands.len())
                        || ty.results.len() != outs
                        || (kind == OpKind::Br && succ.len() != 1)
                    {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            format!("generic `\"{name}\"` does not have the operands, results or successors of `{name}`"),
                        );
                        return None;
                    }
                }
                for s in succ {
                    let block = self.block_ref(s);
                    successors.push(Successor {
                        block,
                        args: Vec::new(),
                        span: s.span,
                    });
                }
                if kind == OpKind::Br {
                    if let Some(s) = successors.first_mut() {
                        s.args = ops;
                        return Some(Op {
                            kind,
                            operands: Vec::new(),
                            operand_spans: ThinVec::new(),
                            results,
                            successors,
                            attrs: Attrs::default(),
                            span: op.span,
                        });
                    }
                }
                let attrs = if matches!(kind, OpKind::Generic { .. }) {
                    attrs
                } else {
                    Attrs::default()
                };
                return Some(Op {
                    kind,
                    operands: ops,
                    operand_spans: operands.iter().map(|o| o.span).collect(),
                    results,
                    successors,
                    attrs,
                    span: op.span,
                });
            }
        };
        let kind = match meaning {
            Some(_) => OpKind::Llvm(Box::new(kind)),
            None => kind,
        };
        Some(Op {
            kind,
            operands,
            operand_spans: operand_refs(&op.body).iter().map(|r| r.span).collect(),
            results,
            successors,
            attrs,
            span: op.span,
        })
    }

    /// The memref operand of a memory op, whose written type must be the value's type.
    fn memref_use(&mut self, memref: &ast::ValueRef, op: &ast::Op) -> Vec<ValueId> {
        let ops = self.uses(std::slice::from_ref(memref));
        use ast::OpBody as B;
        if let B::Dealloc { ty, .. }
        | B::Load { ty, .. }
        | B::Store { ty, .. }
        | B::Dim { ty, .. }
        | B::Rank { ty, .. } = &op.body
        {
            self.check_written_types(&ops, std::slice::from_ref(ty));
        }
        ops
    }

    /// Maps the generic form of a known operation onto its kind; unknown names stay generic.
    fn generic_kind(&mut self, op: &ast::Op, attrs: &Attrs) -> Option<OpKind> {
        let name = op.name.node.as_str();
        // The LLVM dialect numbers its comparison predicates as arith does.
        if let Some(meaning) = name
            .starts_with("llvm.")
            .then(|| crate::ops::llvm_meaning(name))
            .flatten()
        {
            return self
                .generic_kind_named(meaning, op, attrs)
                .map(|k| OpKind::Llvm(Box::new(k)));
        }
        self.generic_kind_named(name, op, attrs)
    }

    /// [`Builder::generic_kind`] of an operation read as `name`.
    fn generic_kind_named(&mut self, name: &str, op: &ast::Op, attrs: &Attrs) -> Option<OpKind> {
        if let Some(b) = BinaryOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Binary(b));
        }
        if let Some(u) = UnaryOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Unary(u));
        }
        if let Some(c) = CastOp::from_name(name).filter(|_| name.contains('.')) {
            return Some(OpKind::Cast(c));
        }
        if let Some(p) = PureOp::from_name(name) {
            return Some(OpKind::Pure(p));
        }
        let kind = match name {
            "arith.select" => OpKind::Select,
            "func.return" => OpKind::Return,
            "cf.br" => OpKind::Br,
            "memref.load" => OpKind::Load,
            "memref.store" => OpKind::Store,
            "memref.dim" => OpKind::Dim,
            "memref.rank" => OpKind::Rank,
            "memref.dealloc" => OpKind::Dealloc,
            "ub.poison" => OpKind::Poison,
            "memref.extract_aligned_pointer_as_index" => OpKind::ExtractAlignedPointer,
            "memref.assume_alignment" => {
                let a = attrs.get("alignment").unwrap_or("");
                match a.split(':').next().unwrap_or("").trim().parse::<u64>() {
                    Ok(alignment) => OpKind::AssumeAlignment { alignment },
                    Err(_) => {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            "generic `memref.assume_alignment` needs an `alignment = N : i32` attribute",
                        );
                        return None;
                    }
                }
            }
            "cf.assert" => match attrs.get("msg") {
                Some(m) if m.starts_with('"') && m.ends_with('"') && m.len() >= 2 => {
                    OpKind::Assert {
                        message: m[1..m.len() - 1].to_string(),
                    }
                }
                _ => {
                    self.error(
                        "parse.generic-form",
                        op.span,
                        "generic `cf.assert` needs a `msg = \"...\"` attribute",
                    );
                    return None;
                }
            },
            "func.call" => OpKind::Call {
                callee: self.symbol_attr(op, attrs, "func.call", "callee")?,
            },
            "func.call_indirect" => OpKind::CallIndirect,
            "func.constant" => OpKind::FuncConstant {
                callee: self.symbol_attr(op, attrs, "func.constant", "value")?,
            },
            "arith.cmpi" | "arith.cmpf" => {
                let p = attrs.get("predicate").unwrap_or("");
                let num = p.split(':').next().unwrap_or("").trim().parse::<i64>().ok();
                let k = if name == "arith.cmpi" {
                    num.and_then(CmpIPredicate::from_number).map(OpKind::CmpI)
                } else {
                    num.and_then(CmpFPredicate::from_number).map(OpKind::CmpF)
                };
                match k {
                    Some(k) => k,
                    None => {
                        self.error(
                            "parse.generic-form",
                            op.span,
                            format!("generic `{name}` needs an integer `predicate` attribute"),
                        );
                        return None;
                    }
                }
            }
            "arith.constant"
            | "cf.cond_br"
            | "cf.switch"
            | "memref.alloc"
            | "memref.alloca"
            | "memref.cast"
            | "memref.extract_strided_metadata"
            | "memref.reinterpret_cast"
            | "memref.copy"
            | "memref.subview"
            | "memref.expand_shape"
            | "memref.collapse_shape"
            | "memref.view"
            | "memref.reshape"
            | "memref.atomic_rmw"
            | "memref.realloc"
            | "memref.get_global" => {
                self.error(
                    "parse.generic-form",
                    op.name.span,
                    format!("the generic form of `{name}` is not supported; write its custom form"),
                );
                return None;
            }
            // In kiln's own dialects every operation it knows was matched above, so anything
            // else there is a typo or unsupported.
            _ if crate::ops::unknown_op_message(name).is_some() => {
                let message = crate::ops::unknown_op_message(name).unwrap_or_default();
                self.error("parse.unknown-op", op.name.span, message);
                return None;
            }
            _ if has_nul(name) => {
                // MLIR refuses it too; kiln's printer would otherwise pass it on verbatim.
                self.error(
                    "parse.op-name",
                    op.name.span,
                    "a null character is not allowed in an operation name",
                );
                return None;
            }
            _ => OpKind::Generic {
                name: name.to_string(),
            },
        };
        Some(kind)
    }

    /// The function a generic `func.call` or `func.constant` names in its attribute `key`
    /// (`callee = @f`, without the `@`), or a located error that it names none.
    fn symbol_attr(
        &mut self,
        op: &ast::Op,
        attrs: &Attrs,
        name: &str,
        key: &str,
    ) -> Option<String> {
        match attrs.get(key) {
            Some(c) if c.starts_with('@') => Some(c[1..].trim_matches('"').to_string()),
            _ => {
                self.error(
                    "parse.generic-form",
                    op.span,
                    format!("generic `{name}` needs a `{key} = @name` attribute"),
                );
                None
            }
        }
    }

    /// `memref.expand_shape` (with `output_shape`) or `memref.collapse_shape` (without).
    fn reshape(&mut self, op: &ast::Op, rs: &ast::Reshape) -> Option<(OpKind, Vec<ValueId>)> {
        let expand = op.name.node == "memref.expand_shape";
        if rs.into.node != "into" {
            self.error(
                "parse.unexpected-token",
                rs.into.span,
                format!("unexpected `{}`, expected `into`", rs.into.node),
            );
            return None;
        }
        let mut groups: ThinVec<ThinVec<u32>> = ThinVec::new();
        for g in &rs.groups {
            let mut group = ThinVec::new();
            for d in g {
                match d.node.parse::<u32>() {
                    Ok(d) => group.push(d),
                    Err(_) => {
                        self.error(
                            "verify.reshape",
                            d.span,
                            format!("`{}` is not a dimension", d.node),
                        );
                        return None;
                    }
                }
            }
            groups.push(group);
        }
        let mut ops = self.uses(std::slice::from_ref(&rs.source));
        self.check_written_types(&ops, std::slice::from_ref(&rs.from));
        match (&rs.output_shape, expand) {
            (Some((kw, entries)), true) if kw.node == "output_shape" => {
                let mut dynamic = Vec::new();
                let mut sizes = ThinVec::new();
                for e in entries {
                    match e {
                        ast::Mixed::Value(v) => {
                            dynamic.push(v.clone());
                            sizes.push(None);
                        }
                        ast::Mixed::Static(n) => match parse_int(&n.node) {
                            Some(x) if (0..=i64::MAX as i128).contains(&x) => {
                                sizes.push(Some(x as i64))
                            }
                            _ => {
                                self.error(
                                    "verify.invalid-literal",
                                    n.span,
                                    format!("`{}` is not a size", n.node),
                                );
                                return None;
                            }
                        },
                    }
                }
                ops.extend(self.uses(&dynamic));
                Some((OpKind::ExpandShape { groups, sizes }, ops))
            }
            (None, false) => Some((OpKind::CollapseShape { groups }, ops)),
            (Some((kw, _)), _) => {
                let msg = if expand {
                    format!("unexpected `{}`, expected `output_shape`", kw.node)
                } else {
                    "`memref.collapse_shape` takes no `output_shape`".to_string()
                };
                self.error("parse.unexpected-token", kw.span, msg);
                None
            }
            (None, true) => {
                self.error(
                    "verify.reshape",
                    op.span,
                    "`memref.expand_shape` needs its `output_shape [...]` (MLIR 19's form)",
                );
                None
            }
        }
    }

    fn literal(&mut self, value: &Spanned<ast::Literal>, ty: &Type) -> Option<Literal> {
        let Some(s) = ty.scalar() else {
            self.error(
                "verify.invalid-literal",
                value.span,
                format!("a constant cannot have type `{ty}`"),
            );
            return None;
        };
        let bad = |this: &mut Self, msg: String| {
            this.error("verify.invalid-literal", value.span, msg);
            None
        };
        match (&value.node, s.is_float()) {
            (ast::Literal::Bool(b), _) => {
                if s == Scalar::I1 {
                    Some(Literal::Int(IntBits::from(*b as u64)))
                } else {
                    bad(
                        self,
                        format!("boolean literal for type `{s}`; `true` and `false` are `i1`"),
                    )
                }
            }
            (ast::Literal::Int(text), false) => {
                let Some((negative, magnitude)) = parse_wide_int(text) else {
                    return bad(self, format!("integer literal `{text}` is too large"));
                };
                match int_bits(negative, magnitude, s.bits()) {
                    Some(bits) => Some(Literal::Int(bits)),
                    None => bad(
                        self,
                        format!("integer literal `{text}` does not fit in `{s}`"),
                    ),
                }
            }
            (ast::Literal::Int(text), true) => {
                let is_hex = text.trim_start_matches('-').starts_with("0x");
                if !is_hex || text.starts_with('-') {
                    return bad(self, format!("integer literal `{text}` for floating-point type `{s}`; write `{text}.0` (or the bits in hex)"));
                }
                match parse_int(text) {
                    Some(v) if s.bits() == 64 || v < (1i128 << s.bits()) => {
                        Some(Literal::Float(v as u64))
                    }
                    _ => bad(
                        self,
                        format!(
                            "hexadecimal literal `{text}` has more than {} bits",
                            s.bits()
                        ),
                    ),
                }
            }
            (ast::Literal::Float(text), true) => {
                // f32 is parsed directly (not through f64) so the value is rounded once.
                let parsed = match s {
                    Scalar::F32 => text.parse::<f32>().map(|x| (x as f64, x.to_bits() as u64)),
                    _ => text.parse::<f64>().map(|x| (x, float_bits(x, s))),
                };
                let Ok((v, bits)) = parsed else {
                    return bad(self, format!("malformed float literal `{text}`"));
                };
                if v.is_finite() && !bits_finite(bits, s) {
                    return bad(
                        self,
                        format!("float literal `{text}` is out of range for `{s}`"),
                    );
                }
                Some(Literal::Float(bits))
            }
            (ast::Literal::Float(text), false) => bad(
                self,
                format!("floating-point literal `{text}` for integer type `{s}`"),
            ),
        }
    }
}

/// The operand uses of a custom-form op, in the order of the IR's operand list.
fn operand_refs(body: &ast::OpBody) -> Vec<&ast::ValueRef> {
    use ast::OpBody as B;
    match body {
        B::Binary { lhs, rhs, .. } | B::Cmp { lhs, rhs, .. } => vec![lhs, rhs],
        B::Unary { operand, .. } | B::Cast { operand, .. } => vec![operand],
        B::Pure { operands, .. } => operands.iter().collect(),
        B::Select {
            cond,
            on_true,
            on_false,
            ..
        } => vec![cond, on_true, on_false],
        B::Constant { .. } | B::Br { .. } | B::FuncConstant { .. } => Vec::new(),
        B::Call { args, .. } => args.iter().collect(),
        B::CallIndirect { callee, args, .. } => std::iter::once(callee).chain(args).collect(),
        B::Return { operands, .. } | B::Generic { operands, .. } => operands.iter().collect(),
        B::CondBr { cond, .. } => vec![cond],
        B::Switch { flag, .. } => vec![flag],
        B::Alloc { sizes, .. } => sizes.iter().collect(),
        B::Dealloc { memref, .. } | B::Rank { memref, .. } => vec![memref],
        B::Assert { cond, .. } => vec![cond],
        B::Poison { .. }
        | B::GetGlobal { .. }
        | B::AddressOf { .. }
        | B::Zero { .. }
        | B::LlvmConstant(_) => Vec::new(),
        B::Gep(g) => std::iter::once(&g.base)
            .chain(g.indices.iter().filter_map(ast::Mixed::value))
            .collect(),
        B::LlvmCall(c) => c.args.iter().collect(),
        B::LlvmCallIndirect(c) => std::iter::once(&c.pointer).chain(&c.args).collect(),
        B::AllocaScope(_) => Vec::new(),
        B::AllocaScopeReturn { operands, .. } => operands.iter().collect(),
        B::LlvmLoad(l) => vec![&l.ptr],
        B::LlvmStore(st) => vec![&st.value, &st.ptr],
        B::LlvmIntrinsic { operands, .. } => operands.iter().collect(),
        B::AssumeAlignment { memref, .. } | B::AlignedPointer { memref, .. } => vec![memref],
        B::Transpose(t) => vec![&t.source],
        B::Load {
            memref, indices, ..
        } => std::iter::once(memref).chain(indices).collect(),
        B::Store {
            value,
            memref,
            indices,
            ..
        } => [value, memref].into_iter().chain(indices).collect(),
        B::Dim { memref, index, .. } => vec![memref, index],
        B::Metadata { memref, .. } => vec![memref],
        B::Copy { source, target, .. } => vec![source, target],
        B::Subview(s) => source_and_values(&s.source, [&s.offsets, &s.sizes, &s.strides]),
        B::Reshape(r) => {
            let sizes = r
                .output_shape
                .as_ref()
                .map_or(&[][..], |(_, s)| s.as_slice());
            source_and_values(&r.source, [sizes, &[], &[]])
        }
        B::ReinterpretCast(r) => source_and_values(&r.source, [&r.offset, &r.sizes, &r.strides]),
        B::View(v) => [&v.source, &v.shift].into_iter().chain(&v.sizes).collect(),
        B::ShapeReshape { source, shape, .. } => vec![source, shape],
        B::AtomicRmw(a) => [&a.value, &a.memref]
            .into_iter()
            .chain(&a.indices)
            .collect(),
        B::Realloc(r) => std::iter::once(&r.source).chain(&r.size).collect(),
    }
}

/// A view operation's source, then the values among its offsets, sizes and strides.
fn source_and_values<'a>(
    source: &'a ast::ValueRef,
    lists: [&'a [ast::Mixed]; 3],
) -> Vec<&'a ast::ValueRef> {
    std::iter::once(source)
        .chain(lists.into_iter().flatten().filter_map(ast::Mixed::value))
        .collect()
}

/// Parses a decimal or `0x` hexadecimal integer literal with optional sign, of up to 128
/// bits: whether it is negative, and its magnitude.
pub fn parse_wide_int(text: &str) -> Option<(bool, u128)> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let v = match digits.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok()?,
        None => digits.parse::<u128>().ok()?,
    };
    Some((neg, v))
}

/// The bits of the integer `-magnitude` (or `magnitude`) at width `w` (1 to 128), if it
/// fits as MLIR reads a literal: signed from -2^(w-1), or unsigned up to 2^w - 1.
pub fn int_bits(negative: bool, magnitude: u128, w: u32) -> Option<IntBits> {
    let w = w.clamp(1, 128);
    let mask = u128::MAX >> (128 - w);
    if negative {
        // Down to -2^(w-1): a magnitude up to 2^(w-1).
        (magnitude <= (1u128 << (w - 1))).then(|| IntBits::new(magnitude.wrapping_neg() & mask))
    } else {
        (magnitude <= mask).then_some(IntBits::new(magnitude))
    }
}

/// Parses a decimal or `0x` hexadecimal integer literal with optional sign, of a magnitude
/// of at most 64 bits.
pub fn parse_int(text: &str) -> Option<i128> {
    let (neg, v) = parse_wide_int(text)?;
    let v = i128::from(u64::try_from(v).ok()?);
    Some(if neg { -v } else { v })
}

/// IEEE bits of `v` rounded to the float type `s`.
pub fn float_bits(v: f64, s: Scalar) -> u64 {
    match s {
        Scalar::F16 => half::f16::from_f64(v).to_bits() as u64,
        Scalar::BF16 => bf16_bits(v) as u64,
        Scalar::F32 => (v as f32).to_bits() as u64,
        _ => v.to_bits(),
    }
}

/// The bits of `v` rounded once to bfloat16 (to nearest, ties to even; a NaN keeps its
/// sign and the top of its payload), as LLVM's `fptrunc double to bfloat` does. Through
/// `f32` rounded to odd (the nearest `f32`, moved a step away from zero when that is even
/// and inexact): rounding to `f32` first and then to nearest would round twice.
pub fn bf16_bits(v: f64) -> u16 {
    let near = v as f32;
    let mut bits = near.to_bits();
    if !v.is_nan() && f64::from(near) != v && bits & 1 == 0 {
        let away = (f64::from(near) < v) == (v > 0.0);
        bits = if away {
            bits.wrapping_add(1)
        } else {
            bits.wrapping_sub(1)
        };
    }
    half::bf16::from_f32(f32::from_bits(bits)).to_bits()
}

#[cfg(test)]
#[test]
fn bf16_rounds_a_double_once() {
    // Just above a tie: up, where rounding through `f32` would make it a tie and round to
    // even.
    assert_eq!(bf16_bits(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3f81);
    assert_eq!(bf16_bits(1.0 + 2f64.powi(-8)), 0x3f80);
    assert_eq!(bf16_bits(1.0 + 3.0 * 2f64.powi(-8)), 0x3f82);
    assert_eq!(
        (bf16_bits(1e-300), bf16_bits(-1e300), bf16_bits(1.3)),
        (0, 0xff80, 0x3fa6)
    );
    assert_eq!(bf16_bits(f64::NAN) & 0x7fc0, 0x7fc0);
}

/// The value of float bits of type `s`, widened to f64.
pub fn float_value(bits: u64, s: Scalar) -> f64 {
    match s {
        Scalar::F16 => half::f16::from_bits(bits as u16).to_f64(),
        Scalar::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        Scalar::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

fn bits_finite(bits: u64, s: Scalar) -> bool {
    float_value(bits, s).is_finite()
}

/// Canonical text of an attribute value, as the printer writes it back.
pub fn render_attr(v: &ast::AttrValue) -> String {
    use ast::AttrValue as A;
    let ty = |t: &Option<ast::Type>| {
        t.as_ref()
            .map(|t| format!(" : {}", render_type(t)))
            .unwrap_or_default()
    };
    match v {
        A::Int(s, t) => format!("{s}{}", ty(t)),
        A::Float(s, t) => format!("{s}{}", ty(t)),
        A::Str(s) => format!("\"{s}\""),
        A::Bool(b) => b.to_string(),
        A::Type(t) => render_type(t),
        A::Symbol(s) => format!("@{s}"),
        A::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|i| render_attr(&i.node))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        A::Dict(attrs) => format!(
            "{{{}}}",
            attrs
                .iter()
                .map(|a| match &a.value {
                    Some(v) => format!("{} = {}", a.key.node, render_attr(&v.node)),
                    None => a.key.node.clone(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        A::Enum(k, items) => format!("{k}<{}>", items.join(", ")),
        A::Dialect(text) => text.clone(),
    }
}

/// Text of a syntactic type as written (used for attribute values only).
fn render_type(t: &ast::Type) -> String {
    let mut diags = Vec::new();
    match t {
        ast::Type::Function(f) => {
            let ins: Vec<String> = f.inputs.iter().map(render_type).collect();
            let outs: Vec<String> = f.results.iter().map(render_type).collect();
            if outs.len() == 1 {
                format!("({}) -> {}", ins.join(", "), outs[0])
            } else {
                format!("({}) -> ({})", ins.join(", "), outs.join(", "))
            }
        }
        ast::Type::Named(n) => n.node.clone(),
        // A dialect type in an attribute (`{llvm.byval = !llvm.struct<(i64, i64)>}`) is kept
        // as written: it need not be a type a value can have.
        ast::Type::Dialect(d) => d.node.clone(),
        other => resolve_type(other, &mut diags).to_string(),
    }
}

/// Whether a string literal's text (escapes as written) holds a NUL, raw or as `\00`.
fn has_nul(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            0 => return true,
            b'\\' if b.get(i + 1..i + 3) == Some(b"00") => return true,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    false
}

#[cfg(test)]
mod wide_literal_tests {
    use super::{int_bits, parse_wide_int};

    #[test]
    fn literals_of_up_to_128_bits_fit_as_mlir_reads_them() {
        let bits = |t: &str, w| {
            let (n, m) = parse_wide_int(t)?;
            int_bits(n, m, w).map(|b| b.get())
        };
        assert_eq!(bits("-1", 128), Some(u128::MAX));
        assert_eq!(
            bits("340282366920938463463374607431768211455", 128),
            Some(u128::MAX)
        );
        assert_eq!(
            bits("-170141183460469231731687303715884105728", 128),
            Some(1 << 127)
        );
        assert_eq!(bits("-170141183460469231731687303715884105729", 128), None);
        assert_eq!(bits("340282366920938463463374607431768211456", 128), None);
        assert_eq!(bits("0xFFFFFFFFFFFFFFFFFFFF", 80), Some((1 << 80) - 1));
        assert_eq!(bits("-2", 3), Some(0b110));
        assert_eq!(bits("8", 3), None);
        assert_eq!(bits("-5", 3), None);
    }
}
