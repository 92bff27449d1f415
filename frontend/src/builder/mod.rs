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

mod flags;
mod literal;
mod llvm;
mod op;
mod reshape;
mod results;

pub use literal::{
    bf16_bits, float_bits, float_value, int_bits, parse_int, parse_wide_int, render_attr,
};

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
                Ok(t) => Type::of_llvm(&t),
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
        let spans = func
            .params
            .iter()
            .map(|p| p.ty.span())
            .chain(func.results.iter().map(ast::Type::span));
        for (t, span) in ty.inputs.iter().chain(&ty.results).zip(spans) {
            if !t.is_llvm_value() {
                self.error(
                    "verify.type-mismatch",
                    span,
                    format!(
                        "`{t}` is not an LLVM type: an `llvm.func` takes and returns scalars, `!llvm.ptr` and LLVM structs and arrays (a `func.func` takes `{t}`)"
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
                self.place(op, results, BlockId(i as u32), &mut ir_blocks[i].ops);
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
        const OWNER: &str = "memref.alloca_scope";
        let Some(region) = self.one_block(OWNER, &scope.body, scope.span) else {
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
        let scope_mark = self.begin_scope(scope.span.end);
        let returned = self.region_ops(region, OWNER, "memref.alloca_scope.return", block, out);
        let (values, spans, end) = match returned {
            Some(r) => {
                let ast::OpBody::AllocaScopeReturn { operands, types } = &r.body else {
                    unreachable!("region_ops returns the terminator it was asked for")
                };
                let ids = self.typed_uses(operands, types, r.span, |n, m| {
                    format!("`memref.alloca_scope.return` lists {n} values but {m} types")
                });
                (ids, operands.iter().map(|o| o.span).collect(), r.span)
            }
            None => (Vec::new(), Vec::new(), scope.span),
        };
        self.end_scope(scope_mark);
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

    /// A `memref.generic_atomic_rmw`: a marker that reads the element and starts the
    /// compare-and-swap loop (its one result is the region's argument), the operations of
    /// its region in place, and a marker that stores the yielded value if the element is
    /// unchanged (its result is the operation's). The names the region defines go out of
    /// scope after it.
    fn generic_atomic_rmw(
        &mut self,
        op: &'a ast::Op,
        g: &'a ast::GenericAtomicRmw,
        results: ThinVec<ValueId>,
        block: BlockId,
        out: &mut Vec<Op>,
    ) {
        const OWNER: &str = "memref.generic_atomic_rmw";
        let Some(region) = self.one_block(OWNER, &g.body, g.span) else {
            return;
        };
        let [param] = region.params.as_slice() else {
            self.error(
                "verify.region",
                region.label.as_ref().map_or(g.span, |l| l.span),
                "the region of `memref.generic_atomic_rmw` takes one argument, the element's \
                 current value (`^bb0(%current: T):`)",
            );
            return;
        };
        let mut place = self.uses(std::slice::from_ref(&g.memref));
        self.check_written_types(&place, std::slice::from_ref(&g.ty));
        place.extend(self.uses(&g.indices));
        let place_spans: ThinVec<Span> = std::iter::once(g.memref.span)
            .chain(g.indices.iter().map(|i| i.span))
            .collect();
        let scope_mark = self.begin_scope(g.span.end);
        let ty = self.ty(&param.ty);
        let def = ValueDef::OpResult {
            block,
            op: 0,
            index: 0,
        };
        let current = match &param.name {
            Some(name) => {
                let id = self.define(name, None, ty, def);
                self.bind(name, id, 1);
                id
            }
            None => {
                let hidden = Spanned::new(format!("_current{}", self.values.len()), op.name.span);
                self.define(&hidden, None, ty, def)
            }
        };
        out.push(Op {
            kind: OpKind::GenericAtomicRmw,
            operands: place.clone(),
            operand_spans: place_spans.clone(),
            results: thin_vec::thin_vec![current],
            successors: ThinVec::new(),
            attrs: Attrs::default(),
            span: Span::new(op.span.start as usize, g.span.start as usize),
        });
        let returned = self.region_ops(region, OWNER, "memref.atomic_yield", block, out);
        let yielded = returned.map(|r| {
            let ast::OpBody::AtomicYield { value, ty } = &r.body else {
                unreachable!("region_ops returns the terminator it was asked for")
            };
            let ids = self.typed_uses(
                std::slice::from_ref(value),
                std::slice::from_ref(ty),
                r.span,
                |n, m| format!("`memref.atomic_yield` lists {n} values but {m} types"),
            );
            (ids, value.span, r.span)
        });
        self.end_scope(scope_mark);
        let Some((values, value_span, end)) = yielded else {
            self.error(
                "verify.region",
                g.span,
                "the region of `memref.generic_atomic_rmw` ends in `memref.atomic_yield`",
            );
            return;
        };
        let mut operands = vec![current];
        operands.extend(values);
        operands.extend(place);
        let mut operand_spans: ThinVec<Span> = thin_vec::thin_vec![op.name.span, value_span];
        operand_spans.extend(place_spans);
        out.push(Op {
            kind: OpKind::AtomicYield,
            operands,
            operand_spans,
            results,
            successors: ThinVec::new(),
            attrs: Attrs::default(),
            span: end,
        });
    }

    /// The one block of a region built in place, or an error at `span`.
    fn one_block(
        &mut self,
        owner: &str,
        body: &'a [ast::Block],
        span: Span,
    ) -> Option<&'a ast::Block> {
        match body {
            [region] => Some(region),
            _ => {
                self.error(
                    "verify.region",
                    span,
                    format!("the region of `{owner}` has one block (it cannot branch)"),
                );
                None
            }
        }
    }

    /// Starts a region whose names go out of scope at `end`; returns what
    /// [`Builder::end_scope`] takes.
    fn begin_scope(&mut self, end: u32) -> (usize, usize) {
        self.scope_ends.push(end);
        (self.scoped.len(), self.shadowed.len())
    }

    /// Ends the region [`Builder::begin_scope`] started: its names are forgotten and the
    /// names they shadowed come back.
    fn end_scope(&mut self, (mark, shadow_mark): (usize, usize)) {
        for name in self.scoped.drain(mark..) {
            self.names.remove(name);
        }
        for (name, group) in self.shadowed.drain(shadow_mark..) {
            self.names.insert(name, group);
        }
        self.scope_ends.pop();
    }

    /// The operations of a region built in place into `out`, nested regions included. Its
    /// terminator `end` (`memref.alloca_scope.return`, `memref.atomic_yield`), where
    /// written, is returned unbuilt; any other terminator is an error.
    fn region_ops(
        &mut self,
        region: &'a ast::Block,
        owner: &str,
        end: &str,
        block: BlockId,
        out: &mut Vec<Op>,
    ) -> Option<&'a ast::Op> {
        use ast::OpBody as B;
        let mut returned = None;
        for (k, inner) in region.ops.iter().enumerate() {
            if inner.name.node.is_empty() {
                continue;
            }
            match &inner.body {
                B::AllocaScopeReturn { .. } | B::AtomicYield { .. } if inner.name.node == end => {
                    returned = Some(&**inner);
                    continue;
                }
                B::AllocaScopeReturn { .. }
                | B::AtomicYield { .. }
                | B::Return { .. }
                | B::Unreachable
                | B::Br { .. }
                | B::CondBr { .. }
                | B::Switch { .. } => {
                    self.error(
                        "verify.region",
                        inner.span,
                        format!(
                            "`{}` cannot end the region of `{owner}`, which ends in `{end}`",
                            inner.name.node
                        ),
                    );
                    continue;
                }
                _ => {}
            }
            let res = self.define_results(inner, block, k);
            self.place(inner, res, block, out);
        }
        returned
    }

    /// Builds `op` (whose results are `results`) onto the end of `out`: one operation, or
    /// the markers and operations of a region built in place.
    fn place(
        &mut self,
        op: &'a ast::Op,
        results: ThinVec<ValueId>,
        block: BlockId,
        out: &mut Vec<Op>,
    ) {
        match &op.body {
            ast::OpBody::AllocaScope(s) => self.alloca_scope(op, s, results, block, out),
            ast::OpBody::GenericAtomicRmw(g) => self.generic_atomic_rmw(op, g, results, block, out),
            _ => {
                if let Some(o) = self.op(op, results) {
                    out.push(o);
                }
            }
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
}
