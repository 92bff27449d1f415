//! A mutable module behind `kiln.ir.Module`: the frontend's IR plus stable handles.
//!
//! Python views name what they show by handle: a function by a uid, an operation by a uid,
//! a block by (function uid, block id), a value by (function uid, value id). Handles stay
//! valid while the IR around them changes (an insertion moves no handle) and fail with a
//! `RuntimeError` once what they name is erased. Values and blocks are never removed from a
//! function's arenas, so their ids are stable; the results of an erased operation are
//! detected by their definition no longer pointing at an operation that lists them.

use crate::{detached, guard, Diagnostic, Failure, Kind, NResult};
use kiln_frontend::ir::{
    Attrs, Block, BlockId, Body, Function, IntBits, Literal, Module, Op, OpKind, Successor, Value,
    ValueDef, ValueId, ValueName, Visibility,
};
use kiln_frontend::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, PureOp, UnaryOp};
use kiln_frontend::types::{FunctionType, Layout, Scalar, Type};
use kiln_frontend::{check_module, has_errors, print_module, Span};
use pyo3::prelude::*;
use std::sync::Mutex;

mod ops;

use ops::{op_attributes, op_kind, value_ids};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeModule>()?;
    m.add_class::<TypeInfo>()?;
    m.add_function(wrap_pyfunction!(type_info, m)?)?;
    m.add_function(wrap_pyfunction!(function_type_info, m)?)?;
    Ok(())
}

/// Parses a type with the frontend (as a parameter of a declaration).
pub fn parse_type(text: &str) -> NResult<Type> {
    let src = format!("func.func private @__kiln_type({text})\n");
    let checked = check_module(&src);
    let f = checked.module.functions.first();
    match f {
        Some(f) if !has_errors(&checked.diagnostics) && f.ty.inputs.len() == 1 => {
            Ok(f.ty.inputs[0].clone())
        }
        _ => Err(Failure::new(
            Kind::Value,
            format!("`{text}` is not a type kiln knows"),
        )),
    }
}

/// Parses each of a list of types, as [`parse_type`] does.
fn parse_types(texts: &[String]) -> NResult<Vec<Type>> {
    texts.iter().map(|t| parse_type(t)).collect()
}

/// Parses a function type `(inputs) -> results`.
pub fn parse_function_type(text: &str) -> NResult<FunctionType> {
    let src = format!("func.func private @__kiln_type{text}\n");
    let checked = check_module(&src);
    match checked.module.functions.first() {
        Some(f) if !has_errors(&checked.diagnostics) && checked.module.functions.len() == 1 => {
            Ok(f.ty.clone())
        }
        _ => Err(Failure::new(
            Kind::Value,
            format!("`{text}` is not a function type kiln knows"),
        )),
    }
}

/// The structure of a type, for the typed views of `kiln.ir`.
#[pyclass(module = "kiln._kiln", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct TypeInfo {
    /// `integer`, `index`, `float`, `memref`, `unranked_memref`.
    pub kind: String,
    /// The type printed as kiln prints it.
    pub text: String,
    /// Bit width of a scalar (`index`: 64).
    pub width: u32,
    pub shape: Vec<Option<i64>>,
    /// Element type of a memref.
    pub element: String,
    /// Strides and offset as the type states them (identity: row-major, offset 0).
    pub strides: Vec<Option<i64>>,
    pub offset: Option<i64>,
    /// Whether the memref has the identity layout.
    pub identity: bool,
}

pub fn info_of(t: &Type) -> TypeInfo {
    let mut info = TypeInfo {
        kind: String::new(),
        text: t.to_string(),
        width: 0,
        shape: Vec::new(),
        element: String::new(),
        strides: Vec::new(),
        offset: None,
        identity: false,
    };
    match t {
        Type::Scalar(s) => {
            info.kind = match s {
                Scalar::Index => "index",
                s if s.is_float() => "float",
                _ => "integer",
            }
            .to_string();
            info.width = s.bits();
        }
        Type::MemRef(m) => {
            info.kind = "memref".to_string();
            info.shape = m.shape.clone();
            info.element = m.elem.name().to_string();
            let (strides, offset) = m.strides_and_offset();
            info.strides = strides;
            info.offset = offset;
            info.identity = matches!(m.layout, Layout::Identity);
        }
        Type::UnrankedMemRef(e) => {
            info.kind = "unranked_memref".to_string();
            info.element = e.name().to_string();
        }
        Type::Function(_) => info.kind = "function".to_string(),
        Type::Ptr => info.kind = "pointer".to_string(),
        Type::Aggregate(_) => info.kind = "llvm_aggregate".to_string(),
    }
    info
}

#[pymethods]
impl TypeInfo {
    fn __repr__(&self) -> String {
        format!("TypeInfo({:?})", self.text)
    }
}

/// The structure of a type written as text.
#[pyfunction]
fn type_info(text: &str) -> PyResult<TypeInfo> {
    Ok(guard(|| parse_type(text).map(|t| info_of(&t)))?)
}

/// The inputs and results of a function type written as text, each printed.
#[pyfunction]
fn function_type_info(text: &str) -> PyResult<(Vec<String>, Vec<String>)> {
    Ok(guard(|| {
        parse_function_type(text).map(|ft| {
            (
                ft.inputs.iter().map(|t| t.to_string()).collect(),
                ft.results.iter().map(|t| t.to_string()).collect(),
            )
        })
    })?)
}

struct State {
    module: Module,
    /// Parallel to `module.functions`.
    func_uids: Vec<u64>,
    /// `[function][block][op]`, parallel to the blocks' op lists.
    op_uids: Vec<Vec<Vec<u64>>>,
    next_uid: u64,
    /// The text the module was parsed from, while the IR is unchanged since.
    source: Option<String>,
    filename: String,
    /// Bumped by every change to the IR.
    generation: u64,
}

impl State {
    fn new(module: Module, source: Option<String>, filename: String) -> State {
        let mut s = State {
            module,
            func_uids: Vec::new(),
            op_uids: Vec::new(),
            next_uid: 1,
            source,
            filename,
            generation: 0,
        };
        for i in 0..s.module.functions.len() {
            let uid = s.uid();
            s.func_uids.push(uid);
            let blocks: Vec<usize> = match &s.module.functions[i].body {
                Some(b) => b.blocks.iter().map(|b| b.ops.len()).collect(),
                None => Vec::new(),
            };
            let table = blocks
                .into_iter()
                .map(|n| (0..n).map(|_| s.uid()).collect())
                .collect();
            s.op_uids.push(table);
        }
        s
    }

    fn uid(&mut self) -> u64 {
        let u = self.next_uid;
        self.next_uid += 1;
        u
    }

    fn changed(&mut self) {
        self.source = None;
        self.generation += 1;
    }

    fn func_index(&self, fuid: u64) -> NResult<usize> {
        self.func_uids
            .iter()
            .position(|u| *u == fuid)
            .ok_or_else(|| stale("the function was erased"))
    }

    fn body(&self, fi: usize) -> NResult<&Body> {
        self.module.functions[fi]
            .body
            .as_ref()
            .ok_or_else(|| stale("the function has no body"))
    }

    fn block_check(&self, fi: usize, bid: u32) -> NResult<()> {
        let body = self.body(fi)?;
        if (bid as usize) < body.blocks.len() {
            Ok(())
        } else {
            Err(stale("the block no longer exists"))
        }
    }

    /// (block index, op index) of an op uid in function `fi`.
    fn locate_op(&self, fi: usize, ouid: u64) -> NResult<(usize, usize)> {
        for (b, ops) in self.op_uids[fi].iter().enumerate() {
            if let Some(i) = ops.iter().position(|u| *u == ouid) {
                return Ok((b, i));
            }
        }
        Err(stale("the operation was erased"))
    }

    fn value_check(&self, fi: usize, vid: u32) -> NResult<&Value> {
        let body = self.body(fi)?;
        let v = body
            .values
            .get(vid as usize)
            .ok_or_else(|| stale("the value no longer exists"))?;
        if let ValueDef::OpResult { block, op, index } = v.def {
            let alive = body
                .blocks
                .get(block.index())
                .and_then(|b| b.ops.get(op as usize))
                .and_then(|o| o.results.get(index as usize))
                == Some(&ValueId(vid));
            if !alive {
                return Err(stale("the operation defining the value was erased"));
            }
        }
        Ok(v)
    }

    /// Renumbers the result definitions of block `b` of function `fi` after a change.
    fn fix_defs(&mut self, fi: usize, b: usize) {
        if let Some(body) = &mut self.module.functions[fi].body {
            let mut defs = Vec::new();
            for (i, op) in body.blocks[b].ops.iter().enumerate() {
                for (k, r) in op.results.iter().enumerate() {
                    defs.push((*r, i as u32, k as u32));
                }
            }
            for (r, op, index) in defs {
                body.values[r.index()].def = ValueDef::OpResult {
                    block: BlockId(b as u32),
                    op,
                    index,
                };
            }
        }
    }

    fn text(&self) -> String {
        match &self.source {
            Some(s) => s.clone(),
            None => print_module(&self.module),
        }
    }
}

fn stale(what: &str) -> Failure {
    Failure::new(
        Kind::Runtime,
        format!("stale IR handle: {what} (the IR changed after this object was obtained)"),
    )
}

fn located(diags: &[kiln_frontend::Diagnostic], file: &str, text: &str) -> Vec<Diagnostic> {
    diags
        .iter()
        .map(|d| Diagnostic::from_frontend(d, file, text))
        .collect()
}

fn attr_list(attrs: &Attrs) -> Vec<(String, Option<String>)> {
    attrs.0.to_vec()
}

/// A module's IR, shared by every Python view of it.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct NativeModule {
    state: Mutex<State>,
}

impl NativeModule {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> NResult<T>) -> PyResult<T> {
        let result = guard(|| {
            let mut s = self
                .state
                .lock()
                .map_err(|_| Failure::new(Kind::Internal, "the module's lock is poisoned"))?;
            f(&mut s)
        });
        Ok(result?)
    }
}

type OpInfo = (
    String,
    Vec<u32>,
    Vec<u32>,
    Vec<(u32, Vec<u32>)>,
    Vec<(String, Option<String>)>,
    u32,
    u64,
);

#[pymethods]
impl NativeModule {
    /// Parses `text`. Syntax errors raise `ParseError`; with `verify`, verifier errors
    /// raise `VerifyError` (without, the module keeps whatever built).
    #[staticmethod]
    #[pyo3(signature = (text, filename = "<string>".to_string(), verify = true))]
    fn parse(
        py: Python<'_>,
        text: String,
        filename: String,
        verify: bool,
    ) -> PyResult<NativeModule> {
        let state = detached(py, move || {
            let checked = check_module(&text);
            let errors: Vec<_> = checked
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .cloned()
                .collect();
            let syntax = errors
                .iter()
                .any(|d| d.code.starts_with("parse") || d.code.starts_with("lex"));
            if syntax {
                return Err(Failure::summarized(
                    Kind::Parse,
                    &format!("cannot parse {filename}"),
                    located(&errors, &filename, &text),
                ));
            }
            if verify && !errors.is_empty() {
                return Err(Failure::summarized(
                    Kind::Verify,
                    &format!("{filename} does not verify"),
                    located(&errors, &filename, &text),
                ));
            }
            Ok(State::new(checked.module, Some(text), filename))
        })?;
        Ok(NativeModule {
            state: Mutex::new(state),
        })
    }

    /// An empty module.
    #[staticmethod]
    #[pyo3(signature = (name = None, filename = "<built>".to_string()))]
    fn create(name: Option<String>, filename: String) -> NativeModule {
        NativeModule {
            state: Mutex::new(State::new(
                Module {
                    name,
                    functions: Vec::new(),
                    globals: Vec::new(),
                    externs: Vec::new(),
                },
                None,
                filename,
            )),
        }
    }

    /// The module in modern MLIR syntax (the frontend's printer).
    fn print(&self, py: Python<'_>) -> PyResult<String> {
        let module = self.with(|s| Ok(s.module.clone()))?;
        detached(py, move || Ok(print_module(&module)))
    }

    /// The text the module was parsed from while unchanged, else its print.
    fn source_text(&self) -> PyResult<String> {
        self.with(|s| Ok(s.text()))
    }

    #[getter]
    fn filename(&self) -> PyResult<String> {
        self.with(|s| Ok(s.filename.clone()))
    }

    #[getter]
    fn generation(&self) -> PyResult<u64> {
        self.with(|s| Ok(s.generation))
    }

    #[getter]
    fn name(&self) -> PyResult<Option<String>> {
        self.with(|s| Ok(s.module.name.clone()))
    }

    /// Every diagnostic of the module as the frontend checks its text (the source while
    /// unchanged, else the printed IR, so built IR verifies exactly like parsed IR).
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Diagnostic>> {
        let (text, file) = self.with(|s| Ok((s.text(), s.filename.clone())))?;
        detached(py, move || {
            let checked = check_module(&text);
            Ok(located(&checked.diagnostics, &file, &text))
        })
    }

    fn functions(&self) -> PyResult<Vec<u64>> {
        self.with(|s| Ok(s.func_uids.clone()))
    }

    /// (name, visibility, inputs, results, attributes, has body, block ids).
    #[allow(clippy::type_complexity)]
    fn function(
        &self,
        fuid: u64,
    ) -> PyResult<(
        String,
        String,
        Vec<String>,
        Vec<String>,
        Vec<(String, Option<String>)>,
        bool,
        Vec<u32>,
    )> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let f = &s.module.functions[fi];
            let vis = match f.visibility {
                Visibility::Public => "public",
                Visibility::Private => "private",
                Visibility::Nested => "nested",
            };
            let blocks = f
                .body
                .as_ref()
                .map(|b| (0..b.blocks.len() as u32).collect())
                .unwrap_or_default();
            Ok((
                f.name.clone(),
                vis.to_string(),
                f.ty.inputs.iter().map(|t| t.to_string()).collect(),
                f.ty.results.iter().map(|t| t.to_string()).collect(),
                attr_list(&f.attrs),
                f.body.is_some(),
                blocks,
            ))
        })
    }

    /// (label, argument value ids, op uids).
    fn block(&self, fuid: u64, bid: u32) -> PyResult<(String, Vec<u32>, Vec<u64>)> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            s.block_check(fi, bid)?;
            let b = &s.body(fi)?.blocks[bid as usize];
            Ok((
                b.label.clone(),
                b.args.iter().map(|a| a.0).collect(),
                s.op_uids[fi][bid as usize].clone(),
            ))
        })
    }

    /// (name, operands, results, successors, attributes, block id, function uid).
    fn op(&self, fuid: u64, ouid: u64) -> PyResult<OpInfo> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let (b, i) = s.locate_op(fi, ouid)?;
            let body = s.body(fi)?;
            let op = &body.blocks[b].ops[i];
            Ok((
                op.kind.name().to_string(),
                op.operands.iter().map(|v| v.0).collect(),
                op.results.iter().map(|v| v.0).collect(),
                op.successors
                    .iter()
                    .map(|su| (su.block.0, su.args.iter().map(|v| v.0).collect()))
                    .collect(),
                op_attributes(body, op),
                b as u32,
                fuid,
            ))
        })
    }

    /// Whether an op handle is still valid.
    fn op_alive(&self, fuid: u64, ouid: u64) -> PyResult<bool> {
        self.with(|s| {
            Ok(s.func_index(fuid)
                .and_then(|fi| s.locate_op(fi, ouid))
                .is_ok())
        })
    }

    /// (name as printed, type, definition): `("arg", block, index)` or
    /// `("result", op uid, index)`.
    fn value(&self, fuid: u64, vid: u32) -> PyResult<(String, String, (String, u64, u32))> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let v = s.value_check(fi, vid)?;
            let def = match v.def {
                ValueDef::BlockArg { block, index } => ("arg".to_string(), block.0 as u64, index),
                ValueDef::OpResult { block, op, index } => (
                    "result".to_string(),
                    s.op_uids[fi][block.index()][op as usize],
                    index,
                ),
            };
            Ok((v.name.to_string(), v.ty.to_string(), def))
        })
    }

    /// Ops that use value `vid`, as (op uid, operand position or -1 for a successor arg).
    fn uses(&self, fuid: u64, vid: u32) -> PyResult<Vec<u64>> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            s.value_check(fi, vid)?;
            let body = s.body(fi)?;
            let mut out = Vec::new();
            for (b, block) in body.blocks.iter().enumerate() {
                for (i, op) in block.ops.iter().enumerate() {
                    let v = ValueId(vid);
                    if op.operands.contains(&v)
                        || op.successors.iter().any(|su| su.args.contains(&v))
                    {
                        out.push(s.op_uids[fi][b][i]);
                    }
                }
            }
            Ok(out)
        })
    }

    /// Adds a function (without a body) before function `before` or at the end.
    #[pyo3(signature = (name, inputs, results, visibility = "public".to_string(), attributes = Vec::new(), before = None))]
    fn add_function(
        &self,
        name: String,
        inputs: Vec<String>,
        results: Vec<String>,
        visibility: String,
        attributes: Vec<(String, Option<String>)>,
        before: Option<u64>,
    ) -> PyResult<u64> {
        self.with(|s| {
            let ty = FunctionType {
                inputs: parse_types(&inputs)?,
                results: parse_types(&results)?,
            };
            let visibility = match visibility.as_str() {
                "public" => Visibility::Public,
                "private" => Visibility::Private,
                "nested" => Visibility::Nested,
                v => {
                    return Err(Failure::new(
                        Kind::Value,
                        format!("visibility `{v}` is not public, private or nested"),
                    ))
                }
            };
            let at = match before {
                Some(b) => s.func_index(b)?,
                None => s.module.functions.len(),
            };
            let f = Function {
                name,
                llvm: false,
                visibility,
                ty,
                attrs: Attrs(attributes.into()),
                arg_attrs: Default::default(),
                result_attrs: Default::default(),
                body: None,
                span: Span::default(),
                name_span: Span::default(),
            };
            let uid = s.uid();
            s.module.functions.insert(at, f);
            s.func_uids.insert(at, uid);
            s.op_uids.insert(at, Vec::new());
            s.changed();
            Ok(uid)
        })
    }

    /// Appends a block with arguments of `arg_types` to a function (the first block gives
    /// the function its body); returns the block id.
    fn add_block(&self, fuid: u64, arg_types: Vec<String>) -> PyResult<u32> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let types = parse_types(&arg_types)?;
            let f = &mut s.module.functions[fi];
            let body = f.body.get_or_insert_with(|| Body {
                blocks: Vec::new(),
                values: Vec::new(),
            });
            let bid = body.blocks.len() as u32;
            let taken: std::collections::HashSet<String> =
                body.values.iter().map(|v| v.name.to_string()).collect();
            let mut n = body
                .values
                .iter()
                .filter(|v| matches!(v.def, ValueDef::BlockArg { .. }))
                .count();
            let mut args = Vec::new();
            for (k, t) in types.into_iter().enumerate() {
                let name = loop {
                    let cand = format!("arg{n}");
                    n += 1;
                    if !taken.contains(&format!("%{cand}")) {
                        break cand;
                    }
                };
                let id = ValueId(body.values.len() as u32);
                body.values.push(Value {
                    name: ValueName {
                        base: name,
                        index: None,
                    },
                    ty: t,
                    def: ValueDef::BlockArg {
                        block: BlockId(bid),
                        index: k as u32,
                    },
                    span: Span::default(),
                });
                args.push(id);
            }
            let labels: std::collections::HashSet<&str> =
                body.blocks.iter().map(|b| b.label.as_str()).collect();
            let label = if bid == 0 {
                String::new()
            } else {
                let mut k = bid;
                loop {
                    let l = format!("bb{k}");
                    if !labels.contains(l.as_str()) {
                        break l;
                    }
                    k += 1;
                }
            };
            body.blocks.push(Block {
                label,
                args,
                ops: Vec::new(),
                span: Span::default(),
            });
            s.op_uids[fi].push(Vec::new());
            s.changed();
            Ok(bid)
        })
    }

    /// Creates an op in block `bid` of a function, before op `before` (or at the end, or at
    /// the beginning with `at_begin`); returns its uid.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (fuid, bid, name, operands, result_types, attributes, successors, before = None, at_begin = false))]
    fn insert_op(
        &self,
        fuid: u64,
        bid: u32,
        name: String,
        operands: Vec<u32>,
        result_types: Vec<String>,
        attributes: Vec<(String, Option<String>)>,
        successors: Vec<(u32, Vec<u32>)>,
        before: Option<u64>,
        at_begin: bool,
    ) -> PyResult<u64> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            s.block_check(fi, bid)?;
            let types = parse_types(&result_types)?;
            let (kind, attrs) = op_kind(&name, &attributes, &types)?;
            let mut operands = value_ids(s, fi, &operands)?;
            let mut succs = Vec::new();
            for (b, args) in &successors {
                s.block_check(fi, *b)?;
                succs.push(Successor {
                    block: BlockId(*b),
                    args: value_ids(s, fi, args)?,
                    span: Span::default(),
                });
            }
            // The frontend keeps a `cf.br`'s operands as its successor's arguments.
            if kind == OpKind::Br && !operands.is_empty() {
                if let Some(first) = succs.first_mut() {
                    if first.args.is_empty() {
                        first.args = std::mem::take(&mut operands);
                    }
                }
            }
            let b = bid as usize;
            let pos = match before {
                Some(o) => {
                    let (ob, oi) = s.locate_op(fi, o)?;
                    if ob != b {
                        return Err(Failure::new(
                            Kind::Value,
                            "the insertion point's operation is in another block",
                        ));
                    }
                    oi
                }
                None if at_begin => 0,
                None => s.op_uids[fi][b].len(),
            };
            let body = s.module.functions[fi]
                .body
                .as_mut()
                .ok_or_else(|| stale("the function has no body"))?;
            let taken: std::collections::HashSet<String> =
                body.values.iter().map(|v| v.name.base.clone()).collect();
            // Results are numbered in creation order (%0, %1, ...), as MLIR numbers them in
            // print order: IR built front to back prints like its parsed counterpart.
            let mut n = body
                .values
                .iter()
                .filter(|v| matches!(v.def, ValueDef::OpResult { .. }))
                .map(|v| &v.name.base)
                .collect::<std::collections::HashSet<_>>()
                .len();
            let base = loop {
                let cand = n.to_string();
                if !taken.contains(&cand) {
                    break cand;
                }
                n += 1;
            };
            let multi = types.len() > 1;
            let mut results = Vec::new();
            for (k, t) in types.into_iter().enumerate() {
                let id = ValueId(body.values.len() as u32);
                body.values.push(Value {
                    name: ValueName {
                        base: base.clone(),
                        index: multi.then_some(k as u32),
                    },
                    ty: t,
                    def: ValueDef::OpResult {
                        block: BlockId(bid),
                        op: pos as u32,
                        index: k as u32,
                    },
                    span: Span::default(),
                });
                results.push(id);
            }
            let spans = vec![Span::default(); operands.len()];
            body.blocks[b].ops.insert(
                pos,
                Op {
                    kind,
                    operands,
                    operand_spans: spans.into(),
                    results: results.into(),
                    successors: succs.into(),
                    attrs,
                    span: Span::default(),
                },
            );
            let uid = s.uid();
            s.op_uids[fi][b].insert(pos, uid);
            s.fix_defs(fi, b);
            s.changed();
            Ok(uid)
        })
    }

    /// Erases an op whose results have no uses.
    fn erase_op(&self, fuid: u64, ouid: u64) -> PyResult<()> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let (b, i) = s.locate_op(fi, ouid)?;
            let body = s.body(fi)?;
            let results = body.blocks[b].ops[i].results.clone();
            let used = body.blocks.iter().flat_map(|bl| &bl.ops).any(|op| {
                op.operands.iter().any(|v| results.contains(v))
                    || op
                        .successors
                        .iter()
                        .any(|su| su.args.iter().any(|v| results.contains(v)))
            });
            if used {
                return Err(Failure::new(
                    Kind::Runtime,
                    "cannot erase an operation whose results are still used",
                ));
            }
            if let Some(body) = s.module.functions[fi].body.as_mut() {
                body.blocks[b].ops.remove(i);
            }
            s.op_uids[fi][b].remove(i);
            s.fix_defs(fi, b);
            s.changed();
            Ok(())
        })
    }

    /// Erases a function.
    fn erase_function(&self, fuid: u64) -> PyResult<()> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            s.module.functions.remove(fi);
            s.func_uids.remove(fi);
            s.op_uids.remove(fi);
            s.changed();
            Ok(())
        })
    }

    /// Sets a function's result types (upstream's `FuncOp.from_py_func` learns them from
    /// what the body returns, after the function exists).
    fn set_result_types(&self, fuid: u64, results: Vec<String>) -> PyResult<()> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let results = parse_types(&results)?;
            s.module.functions[fi].ty.results = results;
            s.changed();
            Ok(())
        })
    }

    /// Replaces the attributes of an op (all of them, as `op` lists them: its kind is
    /// derived from them again, as when it was created) or, with `ouid` None, the
    /// discardable attributes of a function.
    #[pyo3(signature = (fuid, ouid, attributes))]
    fn set_attributes(
        &self,
        fuid: u64,
        ouid: Option<u64>,
        attributes: Vec<(String, Option<String>)>,
    ) -> PyResult<()> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let Some(ouid) = ouid else {
                const KEPT: [&str; 5] = [
                    "sym_name",
                    "function_type",
                    "sym_visibility",
                    "arg_attrs",
                    "res_attrs",
                ];
                if let Some((k, _)) = attributes.iter().find(|(k, _)| KEPT.contains(&k.as_str()))
                {
                    return Err(Failure::new(
                        Kind::Value,
                        format!("kiln keeps a function's `{k}` in the function itself; it is not set as an attribute"),
                    ));
                }
                s.module.functions[fi].attrs = Attrs(attributes.into());
                s.changed();
                return Ok(());
            };
            let (b, i) = s.locate_op(fi, ouid)?;
            let body = s.body(fi)?;
            let op = &body.blocks[b].ops[i];
            let types: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let (kind, attrs) = op_kind(op.kind.name(), &attributes, &types)?;
            let body = s.module.functions[fi]
                .body
                .as_mut()
                .ok_or_else(|| stale("the function has no body"))?;
            let op = &mut body.blocks[b].ops[i];
            op.kind = kind;
            op.attrs = attrs;
            s.changed();
            Ok(())
        })
    }

    /// Replaces the operand `index` of an op.
    fn set_operand(&self, fuid: u64, ouid: u64, index: usize, vid: u32) -> PyResult<()> {
        self.with(|s| {
            let fi = s.func_index(fuid)?;
            let (b, i) = s.locate_op(fi, ouid)?;
            s.value_check(fi, vid)?;
            let body = s.module.functions[fi]
                .body
                .as_mut()
                .ok_or_else(|| stale("the function has no body"))?;
            let op = &mut body.blocks[b].ops[i];
            let slot = op.operands.get_mut(index).ok_or_else(|| {
                Failure::new(Kind::Value, format!("operand index {index} out of range"))
            })?;
            *slot = ValueId(vid);
            s.changed();
            Ok(())
        })
    }
}
