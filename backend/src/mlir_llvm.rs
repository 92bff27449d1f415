//! Prints lowered functions as LLVM-dialect MLIR (`--emit mlir-llvm`), the form MLIR's own
//! conversion produces, so the result can be diffed against MLIR 19 and translated by
//! `mlir-translate-19 --mlir-to-llvmir`. A text printer only: no LLVM object is involved.

use kiln_lowered::{
    Global, GlobalElement, GlobalInit, Inst, Lowered, Operand, ParamAttr, SignatureAttrs,
    TargetOp as Op,
};
use std::collections::HashMap;
use std::fmt::Write;

mod atomic;
mod calls;

/// Why a lowered program has no LLVM-dialect form.
#[derive(Debug, thiserror::Error)]
#[error("`@{function}`: {message}")]
pub struct PrintError {
    /// The function's name (without `@`).
    pub function: String,
    /// What has no LLVM-dialect form.
    pub message: String,
}

/// The LLVM-dialect spelling of a type term (`None` for `void`).
pub fn dialect_type(t: &Operand) -> Option<String> {
    let (op, args) = t.as_node()?;
    Some(match (op, args) {
        (
            Op::I1
            | Op::I8
            | Op::I16
            | Op::I32
            | Op::I64
            | Op::I128
            | Op::F16
            | Op::Bf16
            | Op::F32
            | Op::F64,
            [],
        ) => op.to_string(),
        (Op::Int, [Operand::Int(n)]) => format!("i{n}"),
        (Op::Ptr, []) => "!llvm.ptr".to_string(),
        (Op::Struct, [fields]) => {
            let fs: Option<Vec<String>> = fields
                .as_list()?
                .iter()
                .map(|f| dialect_type(f).map(|s| strip_bang(&s)))
                .collect();
            format!("!llvm.struct<({})>", fs?.join(", "))
        }
        (Op::Array, [Operand::Int(n), elem]) => {
            format!("!llvm.array<{n} x {}>", strip_bang(&dialect_type(elem)?))
        }
        _ => return None,
    })
}

/// Inside `!llvm.struct<(...)>` nested LLVM types drop their `!llvm.` prefix.
fn strip_bang(s: &str) -> String {
    s.strip_prefix("!llvm.")
        .map(str::to_string)
        .unwrap_or_else(|| s.to_string())
}

fn is_void(t: &Operand) -> bool {
    matches!(t.as_node(), Some((Op::Void, [])))
}

/// Prints a whole program as one `module { ... }`.
pub fn print_program(functions: &[Lowered], globals: &[Global]) -> Result<String, PrintError> {
    let mut out = String::from("module {\n");
    for g in globals {
        global(&mut out, g);
    }
    let mut declared: Vec<String> = functions.iter().map(|f| f.name.clone()).collect();
    let mut externs = String::new();
    for f in functions {
        let mut p = Printer {
            function: f.name.clone(),
            out: String::new(),
            types: HashMap::new(),
            names: HashMap::new(),
            constants: HashMap::new(),
            vias: Vec::new(),
            loops: 0,
            loop_heads: HashMap::new(),
            callee_attrs: f.callee_attrs.clone(),
        };
        p.function(&crate::stack::close_scopes(f), &mut declared, &mut externs)?;
        out.push_str(&p.out);
    }
    out.push_str(&externs);
    out.push_str("}\n");
    Ok(out)
}

struct Printer {
    function: String,
    out: String,
    /// The dialect type of every SSA value printed so far.
    types: HashMap<u32, String>,
    /// Values that are a function or block argument, printed by that argument's name.
    names: HashMap<u32, String>,
    /// The integer constants printed so far, by value: a `getelementptr` writes them as
    /// its constant indices, which the dialect requires where they index a struct.
    constants: HashMap<u32, i64>,
    /// Blocks that `(succ.via B ARGS)` edges go through: label and branch, printed last.
    vias: Vec<(String, String)>,
    /// How many compare-and-swap loops (`llvm.atomic.update`) were printed: their labels'
    /// numbers.
    loops: usize,
    /// The values `llvm.atomic.loop`s made, with their loop's number: the commit that ends
    /// one branches back to its label.
    loop_heads: HashMap<u32, usize>,
    /// The attributes of the functions this one declares, where it knows them.
    callee_attrs: Vec<(String, SignatureAttrs)>,
}

/// The MLIR name of a global's element type.
fn element_name(e: GlobalElement) -> String {
    match e {
        GlobalElement::Int(bits) => format!("i{bits}"),
        GlobalElement::Float(t) => t.name().to_string(),
    }
}

/// One element of a global as an attribute's text (a float's bits are its own format's).
fn element_text(e: GlobalElement, bits: u128) -> String {
    match e {
        GlobalElement::Int(1) => (if bits & 1 != 0 { "true" } else { "false" }).to_string(),
        GlobalElement::Int(w) => {
            let shift = 128 - w.min(128);
            (((bits << shift) as i128) >> shift).to_string()
        }
        GlobalElement::Float(t) => {
            let x = match t {
                Op::F16 => half::f16::from_bits(bits as u16).to_f64(),
                Op::Bf16 => half::bf16::from_bits(bits as u16).to_f64(),
                Op::F32 => f64::from(f32::from_bits(bits as u32)),
                _ => f64::from_bits(bits as u64),
            };
            float_attr(x, t.name())
        }
    }
}

/// `llvm.mlir.global`, as MLIR 19's `finalize-memref-to-llvm` makes it from a
/// `memref.global`: the contents as a `dense` attribute of a tensor of the global's shape
/// (a scalar at rank 0), `undef` from a region for an `uninitialized` one, none for an
/// external one.
fn global(out: &mut String, g: &Global) {
    let elem = element_name(g.element);
    let ty = g
        .dims
        .iter()
        .rev()
        .fold(elem.clone(), |t, d| format!("array<{d} x {t}>"));
    let ty = if g.dims.is_empty() {
        ty
    } else {
        format!("!llvm.{ty}")
    };
    let linkage = if g.init == GlobalInit::External {
        "external"
    } else {
        g.linkage.name()
    };
    let constant = if g.constant { " constant" } else { "" };
    let value = match &g.init {
        GlobalInit::External | GlobalInit::Undef => String::new(),
        _ if g.dims.is_empty() => {
            let v = element_text(g.element, g.element_bits(0).unwrap_or(0));
            if g.element == GlobalElement::Int(1) {
                v
            } else {
                format!("{v} : {elem}")
            }
        }
        init => {
            let shape: String = g.dims.iter().map(|d| format!("{d}x")).collect();
            let body = match init {
                GlobalInit::Splat(b) => element_text(g.element, *b),
                _ => dense_list(g, &g.dims, 0),
            };
            format!("dense<{body}> : tensor<{shape}{elem}>")
        }
    };
    let align = g
        .alignment
        .map(|a| format!(", alignment = {a} : i64"))
        .unwrap_or_default();
    let _ = write!(
        out,
        "  llvm.mlir.global {linkage}{constant} @{}({value}) {{addr_space = 0 : i32{align}}} : {ty}",
        g.name
    );
    if g.init == GlobalInit::Undef {
        let _ = write!(
            out,
            " {{\n    %0 = llvm.mlir.undef : {ty}\n    llvm.return %0 : {ty}\n  }}"
        );
    }
    out.push('\n');
}

/// The nested lists of a `dense` attribute of a global's elements from `first` on.
fn dense_list(g: &Global, dims: &[u64], first: usize) -> String {
    let Some((n, rest)) = dims.split_first() else {
        return element_text(g.element, g.element_bits(first).unwrap_or(0));
    };
    let inner: u64 = rest.iter().product();
    let items: Vec<String> = (0..*n)
        .map(|i| dense_list(g, rest, first + (i * inner) as usize))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Declares the external function `f` the first time the program calls it, with the
/// signature text `signature` makes (`(PARAMS) -> RESULT`).
fn declare_once(
    declared: &mut Vec<String>,
    externs: &mut String,
    f: &str,
    signature: impl FnOnce() -> String,
) {
    if !declared.iter().any(|d| d == f) {
        declared.push(f.to_string());
        let _ = writeln!(externs, "  llvm.func @{f}{}", signature());
    }
}

/// ` {llvm.noalias, llvm.align = 16 : i64}`, or nothing.
fn attr_dict<'a>(attrs: impl Iterator<Item = &'a ParamAttr>) -> String {
    let items: Vec<String> = attrs
        .map(|a| match (a.value, &a.ty) {
            (Some(v), _) => format!("llvm.{} = {v} : i64", a.name),
            (None, Some(t)) => format!(
                "llvm.{} = {}",
                a.name,
                dialect_type(t).unwrap_or_else(|| t.to_string())
            ),
            (None, None) => format!("llvm.{}", a.name),
        })
        .collect();
    if items.is_empty() {
        String::new()
    } else {
        format!(" {{{}}}", items.join(", "))
    }
}

/// Parameter types with their attributes (`i32 {llvm.signext}`).
fn with_param_attrs(params: &[String], attrs: &SignatureAttrs) -> Vec<String> {
    params
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let on = attrs.params.iter().filter(|(j, _)| *j as usize == i);
            format!("{t}{}", attr_dict(on.map(|(_, a)| a)))
        })
        .collect()
}

/// ` -> T`, or ` -> (T {attrs})` when the result has attributes.
fn result_text(ret: Option<&String>, attrs: &SignatureAttrs) -> String {
    match ret {
        None => String::new(),
        Some(r) if attrs.result.is_empty() => format!(" -> {r}"),
        Some(r) => format!(" -> ({r}{})", attr_dict(attrs.result.iter())),
    }
}

impl Printer {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, PrintError> {
        Err(PrintError {
            function: self.function.clone(),
            message: message.into(),
        })
    }

    fn ty(&self, t: &Operand) -> Result<String, PrintError> {
        match dialect_type(t) {
            Some(s) => Ok(s),
            None => self.err(format!("`{t}` has no LLVM-dialect type")),
        }
    }

    fn val(&self, o: &Operand) -> Result<String, PrintError> {
        match o {
            Operand::Value(v) => Ok(self
                .names
                .get(v)
                .cloned()
                .unwrap_or_else(|| format!("%v{v}"))),
            other => self.err(format!("`{other}` is not a value")),
        }
    }

    fn vty(&self, o: &Operand) -> Result<String, PrintError> {
        match o {
            Operand::Value(v) => match self.types.get(v) {
                Some(t) => Ok(t.clone()),
                None => self.err(format!("%{v} has no known type")),
            },
            other => self.err(format!("`{other}` is not a value")),
        }
    }

    fn function(
        &mut self,
        f: &Lowered,
        declared: &mut Vec<String>,
        externs: &mut String,
    ) -> Result<(), PrintError> {
        let Some((Op::Sig, [ret, params])) = f.signature.as_node() else {
            return self.err("no lowered signature");
        };
        let params: Vec<String> = params
            .as_list()
            .unwrap_or_default()
            .iter()
            .map(|t| self.ty(t))
            .collect::<Result<_, _>>()?;
        let ret = if is_void(ret) {
            None
        } else {
            Some(self.ty(ret)?)
        };
        let ret_s = result_text(ret.as_ref(), &f.attrs);
        let headed = with_param_attrs(&params, &f.attrs);
        if f.is_declaration() {
            let _ = writeln!(
                self.out,
                "  llvm.func @{}({}){ret_s}",
                f.name,
                headed.join(", ")
            );
            return Ok(());
        }
        let args: Vec<String> = headed
            .iter()
            .enumerate()
            .map(|(i, t)| format!("%arg{i}: {t}"))
            .collect();
        // The function's own LLVM attributes, as MLIR's `passthrough` (which LLVM reads
        // the same as the dedicated `no_inline`, ...).
        let fn_attrs = if f.fn_attrs.is_empty() {
            String::new()
        } else {
            let items: Vec<String> = f
                .fn_attrs
                .iter()
                .map(|(k, v)| match v {
                    Some(v) => format!("[\"{k}\", \"{v}\"]"),
                    None => format!("\"{k}\""),
                })
                .collect();
            format!(" attributes {{passthrough = [{}]}}", items.join(", "))
        };
        let _ = writeln!(
            self.out,
            "  llvm.func {}@{}({}){ret_s}{fn_attrs} {{",
            match f.linkage {
                kiln_lowered::Linkage::External => String::new(),
                l => format!("{} ", l.name()),
            },
            f.name,
            args.join(", ")
        );
        // Block parameter types, for block headers and `llvm.blockarg`.
        let mut block_params: Vec<Vec<String>> = Vec::new();
        for b in &f.blocks {
            let tys = match &b.params {
                Some(p) => match p.as_node() {
                    Some((Op::Params, [list])) => list
                        .as_list()
                        .unwrap_or_default()
                        .iter()
                        .map(|t| self.ty(t))
                        .collect::<Result<Vec<_>, _>>()?,
                    _ => return self.err("malformed block parameters"),
                },
                None => Vec::new(),
            };
            block_params.push(tys);
        }
        // Values are printed in elaboration order but blocks in source order, so number
        // types first.
        for &bi in &f.order {
            for inst in &f.blocks[bi].insts {
                if let Some(r) = inst.result {
                    let t = self.result_type(inst, &params, &block_params)?;
                    self.types.insert(r, t);
                }
            }
        }
        for (i, b) in f.blocks.iter().enumerate() {
            if i > 0 {
                let ps: Vec<String> = block_params[i]
                    .iter()
                    .enumerate()
                    .map(|(j, t)| format!("%b{i}_{j}: {t}"))
                    .collect();
                if ps.is_empty() {
                    let _ = writeln!(self.out, "  ^bb{i}:");
                } else {
                    let _ = writeln!(self.out, "  ^bb{i}({}):", ps.join(", "));
                }
            }
            if !b.reachable {
                let _ = writeln!(self.out, "    llvm.unreachable");
                continue;
            }
            for inst in &b.insts {
                self.inst(inst, &block_params, declared, externs)?;
            }
        }
        for (label, br) in std::mem::take(&mut self.vias) {
            let _ = writeln!(self.out, "  {label}:\n    {br}");
        }
        self.out.push_str("  }\n");
        Ok(())
    }

    fn result_type(
        &self,
        inst: &Inst,
        params: &[String],
        block_params: &[Vec<String>],
    ) -> Result<String, PrintError> {
        let ops = &inst.operands;
        match (inst.op, ops.as_slice()) {
            (Op::Arg, [_, Operand::Int(i)]) => match params.get(*i as usize) {
                Some(t) => Ok(t.clone()),
                None => self.err(format!("no parameter {i}")),
            },
            (Op::Blockarg, [_, Operand::Int(b), Operand::Int(i)]) => {
                match block_params
                    .get(*b as usize)
                    .and_then(|p| p.get(*i as usize))
                {
                    Some(t) => Ok(t.clone()),
                    None => self.err(format!("block {b} has no parameter {i}")),
                }
            }
            (Op::Icmp | Op::Fcmp, _) => Ok("i1".to_string()),
            (Op::Seq, [v]) => self.vty(v),
            (Op::Call | Op::CallIndirect, [_, t, _]) => self.ty(t),
            (Op::CallVararg, [_, t, _, _]) => self.ty(t),
            (_, [t, ..]) => self.ty(t),
            _ => self.err(format!("`{}` has no result type", inst.op)),
        }
    }

    fn succ(&mut self, s: &Operand, block_params: &[Vec<String>]) -> Result<String, PrintError> {
        let Some((kind @ (Op::Succ | Op::SuccVia), [Operand::Int(b), args])) = s.as_node() else {
            return self.err(format!("`{s}` is not a successor"));
        };
        let args = args.as_list().unwrap_or_default();
        let direct = if args.is_empty() {
            format!("^bb{b}")
        } else {
            let vals: Vec<String> = args.iter().map(|a| self.val(a)).collect::<Result<_, _>>()?;
            let tys = block_params.get(*b as usize).cloned().unwrap_or_default();
            format!("^bb{b}({} : {})", vals.join(", "), tys.join(", "))
        };
        if kind == Op::Succ {
            return Ok(direct);
        }
        let label = format!("^via{}", self.vias.len());
        self.vias.push((label.clone(), format!("llvm.br {direct}")));
        Ok(label)
    }

    /// `cf.assert` as the backend makes it: a branch to a block (printed after the others)
    /// that prints the message, flushes standard output and aborts; the code after it
    /// continues in a block of its own, labelled here.
    fn assert(
        &mut self,
        cond: &Operand,
        message: &str,
        declared: &mut Vec<String>,
        externs: &mut String,
    ) -> Result<String, PrintError> {
        let k = self.vias.len();
        let len = kiln_lowered::unescape(message).len() + 1;
        let array = format!("!llvm.array<{len} x i8>");
        for (f, ty) in [
            ("puts", "(!llvm.ptr) -> i32"),
            ("fflush", "(!llvm.ptr) -> i32"),
            ("abort", "()"),
        ] {
            declare_once(declared, externs, f, || ty.to_string());
        }
        let fail = [
            format!("%assert{k}_one = llvm.mlir.constant(1 : i64) : i64"),
            format!("%assert{k}_buf = llvm.alloca %assert{k}_one x {array} : (i64) -> !llvm.ptr"),
            format!("%assert{k}_text = llvm.mlir.constant(\"{message}\\00\") : {array}"),
            format!("llvm.store %assert{k}_text, %assert{k}_buf : {array}, !llvm.ptr"),
            format!("%assert{k}_put = llvm.call @puts(%assert{k}_buf) : (!llvm.ptr) -> i32"),
            format!("%assert{k}_null = llvm.mlir.zero : !llvm.ptr"),
            format!("%assert{k}_flush = llvm.call @fflush(%assert{k}_null) : (!llvm.ptr) -> i32"),
            "llvm.call @abort() : () -> ()".to_string(),
            "llvm.unreachable".to_string(),
        ];
        self.vias
            .push((format!("^assert{k}_fail"), fail.join("\n    ")));
        Ok(format!(
            "llvm.cond_br {}, ^assert{k}_ok, ^assert{k}_fail\n  ^assert{k}_ok:",
            self.val(cond)?
        ))
    }

    fn inst(
        &mut self,
        inst: &Inst,
        block_params: &[Vec<String>],
        declared: &mut Vec<String>,
        externs: &mut String,
    ) -> Result<(), PrintError> {
        if let Err(shape) = inst.check() {
            return self.err(shape);
        }
        let ops = &inst.operands;
        let lhs = inst.result.map(|r| format!("%v{r} = ")).unwrap_or_default();
        let op = inst.op;
        let line = match (op, ops.as_slice()) {
            // Arguments are not instructions: later uses print the argument's own name.
            (Op::Arg, [_, Operand::Int(i)]) => {
                if let Some(r) = inst.result {
                    self.names.insert(r, format!("%arg{i}"));
                }
                return Ok(());
            }
            (Op::Blockarg, [_, Operand::Int(b), Operand::Int(i)]) => {
                if let Some(r) = inst.result {
                    self.names.insert(r, format!("%b{b}_{i}"));
                }
                return Ok(());
            }
            // A value ordered after effects is that value under another number.
            (Op::Seq, [v]) => {
                if let Some(r) = inst.result {
                    let name = self.val(v)?;
                    self.names.insert(r, name);
                }
                return Ok(());
            }
            (Op::Constant, [t, lit]) => {
                let ty = self.ty(t)?;
                let value = match lit {
                    Operand::Int(i) if ty == "i1" => {
                        (if *i != 0 { "true" } else { "false" }).to_string()
                    }
                    Operand::Int(i) => format!("{i} : {ty}"),
                    wide @ Operand::Node(Op::Wide, _) => match wide.as_wide_int() {
                        Some(n) => format!("{n} : {ty}"),
                        None => return self.err(format!("constant `{lit}`")),
                    },
                    Operand::Float(b) => format!("{} : {ty}", float_attr(f64::from_bits(*b), &ty)),
                    other => return self.err(format!("constant `{other}`")),
                };
                if let (Some(r), Operand::Int(i)) = (inst.result, lit) {
                    self.constants.insert(r, *i);
                }
                format!("{lhs}llvm.mlir.constant({value}) : {ty}")
            }
            (Op::Undef, [t]) => format!("{lhs}llvm.mlir.undef : {}", self.ty(t)?),
            (Op::Poison, [t]) => format!("{lhs}llvm.mlir.poison : {}", self.ty(t)?),
            (op, [t, a, b]) if op.is_int_binary() || op.is_float_binary() => format!(
                "{lhs}{op} {}, {} : {}",
                self.val(a)?,
                self.val(b)?,
                self.ty(t)?
            ),
            (Op::Fneg, [t, a]) => format!("{lhs}llvm.fneg {} : {}", self.val(a)?, self.ty(t)?),
            (op, [t, a, b]) if op.is_min_max() => {
                let ty = self.ty(t)?;
                let name = op.name().trim_start_matches("llvm.");
                format!(
                    "{lhs}llvm.intr.{name}({}, {}) : ({ty}, {ty}) -> {ty}",
                    self.val(a)?,
                    self.val(b)?
                )
            }
            (Op::Intr, [t, Operand::Str(name), args]) => {
                let ty = self.ty(t)?;
                let list = args.as_list().unwrap_or_default();
                let vals: Vec<String> =
                    list.iter().map(|a| self.val(a)).collect::<Result<_, _>>()?;
                let tys: Vec<String> =
                    list.iter().map(|a| self.vty(a)).collect::<Result<_, _>>()?;
                let spelled: Vec<&str> = tys.iter().map(String::as_str).collect();
                let mangled: Vec<&str> = kiln_lowered::intrinsic_overloads(&ty, &spelled);
                format!(
                    "{lhs}llvm.call_intrinsic \"{name}.{}\"({}) : ({}) -> {ty}",
                    mangled.join("."),
                    vals.join(", "),
                    tys.join(", ")
                )
            }
            (Op::Libm, [t, Operand::Func(f), args]) => {
                let ret = Some(self.ty(t)?);
                self.call(&lhs, f, ret, args, declared, externs)?
            }
            (op, [t, a]) if op.is_cast() => format!(
                "{lhs}{op} {} : {} to {}",
                self.val(a)?,
                self.vty(a)?,
                self.ty(t)?
            ),
            (Op::Icmp | Op::Fcmp, [_, Operand::Str(p), a, b]) => {
                let p = match p.as_str() {
                    "false" => "_false",
                    "true" => "_true",
                    other => other,
                };
                format!(
                    "{lhs}{op} \"{p}\" {}, {} : {}",
                    self.val(a)?,
                    self.val(b)?,
                    self.vty(a)?
                )
            }
            (Op::Select, [t, c, a, b]) => format!(
                "{lhs}llvm.select {}, {}, {} : i1, {}",
                self.val(c)?,
                self.val(a)?,
                self.val(b)?,
                self.ty(t)?
            ),
            (Op::Extractvalue, [_, agg, idx]) => format!(
                "{lhs}llvm.extractvalue {}[{}] : {}",
                self.val(agg)?,
                indices(idx),
                self.vty(agg)?
            ),
            (Op::Insertvalue, [_, agg, v, idx]) => format!(
                "{lhs}llvm.insertvalue {}, {}[{}] : {}",
                self.val(v)?,
                self.val(agg)?,
                indices(idx),
                self.vty(agg)?
            ),
            (Op::Call, [Operand::Func(f), t, args]) => {
                let ret = Some(self.ty(t)?);
                self.call(&lhs, f, ret, args, declared, externs)?
            }
            (Op::CallVoid, [Operand::Func(f), args]) => {
                self.call(&lhs, f, None, args, declared, externs)?
            }
            (Op::CallIndirect, [f, t, args]) => {
                let ret = Some(self.ty(t)?);
                self.call_indirect(&lhs, f, ret, args)?
            }
            (Op::CallIndirectVoid, [f, args]) => self.call_indirect(&lhs, f, None, args)?,
            (Op::CallVararg, [Operand::Func(f), _, sig, args])
            | (Op::CallVarargVoid, [Operand::Func(f), sig, args]) => {
                self.call_vararg(&lhs, f, sig, args, declared, externs)?
            }
            (Op::Assert, [cond, Operand::Str(message)]) => {
                self.assert(cond, message, declared, externs)?
            }
            (Op::Gep, [_, elem, base, idx]) => {
                // An index into a struct is written in place (the dialect's
                // `rawConstantIndices`, 32-bit), as the dialect requires; the others are
                // operands with a type. The first index steps over `elem`, each next one
                // into the aggregate the previous reached.
                let (mut vals, mut tys) = (Vec::new(), vec!["!llvm.ptr".to_string()]);
                let mut within: Option<&Operand> = None;
                for a in idx.as_list().unwrap_or_default() {
                    let constant = match a {
                        Operand::Value(v) => self.constants.get(v).copied(),
                        _ => None,
                    };
                    let into_struct = within.and_then(|t| match t.as_node() {
                        Some((Op::Struct, [fields])) => Some(fields.as_list().unwrap_or_default()),
                        _ => None,
                    });
                    within = match (within, into_struct) {
                        (None, _) => Some(elem),
                        (Some(_), Some(fields)) => {
                            constant.and_then(|c| fields.get(usize::try_from(c).ok()?))
                        }
                        (Some(t), None) => match t.as_node() {
                            Some((Op::Array, [_, e])) => Some(e),
                            _ => None,
                        },
                    };
                    match constant
                        .filter(|_| into_struct.is_some())
                        .and_then(|c| i32::try_from(c).ok())
                    {
                        Some(c) => vals.push(c.to_string()),
                        None => {
                            vals.push(self.val(a)?);
                            tys.push(self.vty(a)?);
                        }
                    }
                }
                format!(
                    "{lhs}llvm.getelementptr {}[{}] : ({}) -> !llvm.ptr, {}",
                    self.val(base)?,
                    vals.join(", "),
                    tys.join(", "),
                    self.ty(elem)?
                )
            }
            (Op::Load | Op::LoadInvariant, [t, p]) => {
                format!(
                    "{lhs}llvm.load {} : !llvm.ptr -> {}",
                    self.val(p)?,
                    self.ty(t)?
                )
            }
            (Op::Atomicrmw, [t, Operand::Str(k), p, v]) => format!(
                "{lhs}llvm.atomicrmw {} {}, {} acq_rel : !llvm.ptr, {}",
                // The dialect's keywords for the bitwise operations (`and` is reserved).
                match k.as_str() {
                    "and" | "or" | "xor" => format!("_{k}"),
                    _ => k.clone(),
                },
                self.val(p)?,
                self.val(v)?,
                self.ty(t)?
            ),
            (Op::Cmpxchg, [_, p, c, n]) => format!(
                "{lhs}llvm.cmpxchg {}, {}, {} acq_rel monotonic : !llvm.ptr, {}",
                self.val(p)?,
                self.val(c)?,
                self.val(n)?,
                self.vty(c)?
            ),
            (Op::AtomicUpdate, [t, Operand::Str(k), p, v]) => {
                self.atomic_update(&lhs, t, k, p, v)?
            }
            (Op::AtomicLoop, [t, p]) => self.atomic_loop(&lhs, inst.result, t, p)?,
            (Op::AtomicCommit, [t, p, current, new]) => {
                let head = match current {
                    Operand::Value(v) => self.loop_heads.get(v).copied(),
                    _ => None,
                };
                let Some(k) = head else {
                    return self.err("`llvm.atomic.commit` of a value no `llvm.atomic.loop` made");
                };
                self.atomic_commit(&lhs, k, t, p, current, new)?
            }
            (Op::Store, [v, p]) => {
                format!(
                    "llvm.store {}, {} : {}, !llvm.ptr",
                    self.val(v)?,
                    self.val(p)?,
                    self.vty(v)?
                )
            }
            (Op::Alloca | Op::AllocaEntry, [_, elem, n]) => format!(
                "{lhs}llvm.alloca {} x {} : ({}) -> !llvm.ptr",
                self.val(n)?,
                self.ty(elem)?,
                self.vty(n)?
            ),
            (Op::Stacksave, [_]) => format!("{lhs}llvm.intr.stacksave : !llvm.ptr"),
            (Op::Stackrestore, [p]) => {
                format!("llvm.intr.stackrestore {} : !llvm.ptr", self.val(p)?)
            }
            (Op::Addressof, [_, _, Operand::Func(g)]) => {
                format!("{lhs}llvm.mlir.addressof @{g} : !llvm.ptr")
            }
            (Op::AddressofFunc, [_, sig, Operand::Func(f)]) => {
                let (ret, tys) = self.signature_types(sig)?;
                declare_once(declared, externs, f, || {
                    format!(
                        "({}){}",
                        tys.join(", "),
                        result_text(ret.as_ref(), &SignatureAttrs::default())
                    )
                });
                format!("{lhs}llvm.mlir.addressof @{f} : !llvm.ptr")
            }
            (Op::Ptrtoint | Op::Inttoptr, [t, a]) => {
                format!(
                    "{lhs}{op} {} : {} to {}",
                    self.val(a)?,
                    self.vty(a)?,
                    self.ty(t)?
                )
            }
            (Op::Return, [v]) => format!("llvm.return {} : {}", self.val(v)?, self.vty(v)?),
            (Op::ReturnVoid, []) => Op::Return.to_string(),
            (Op::Unreachable, []) => Op::Unreachable.to_string(),
            (Op::Br, [s]) => format!("llvm.br {}", self.succ(s, block_params)?),
            (Op::CondBr, [c, t, e]) => {
                let (t, e) = (self.succ(t, block_params)?, self.succ(e, block_params)?);
                format!("llvm.cond_br {}, {t}, {e}", self.val(c)?)
            }
            (Op::Switch, [t, flag, d, cases]) => {
                let mut cs = Vec::new();
                for c in cases.as_list().unwrap_or_default() {
                    let Some((Op::Case, [v, s])) = c.as_node() else {
                        return self.err(format!("`{c}` is not a case"));
                    };
                    let Some(v) = v.as_wide_int() else {
                        return self.err(format!("`{c}` is not a case"));
                    };
                    cs.push(format!("      {v}: {}", self.succ(s, block_params)?));
                }
                let d = self.succ(d, block_params)?;
                format!(
                    "llvm.switch {} : {}, {d} [\n{}\n    ]",
                    self.val(flag)?,
                    self.ty(t)?,
                    cs.join(",\n")
                )
            }
            _ => {
                return self.err(format!(
                    "no LLVM-dialect form for `{op}` with these operands"
                ))
            }
        };
        let line = with_flags(line, inst.flags);
        let _ = writeln!(self.out, "    {line}");
        Ok(())
    }
}

/// An instruction's line with its flags in the LLVM dialect's forms, before its type:
/// `llvm.add %a, %b overflow<nsw> : i32`, `llvm.fadd %a, %b {fastmathFlags =
/// #llvm.fastmath<fast>} : f32`, and on an intrinsic's call after its type.
fn with_flags(line: String, flags: kiln_lowered::Flags) -> String {
    if flags.is_empty() {
        return line;
    }
    let words = flags.words();
    let overflow: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| matches!(*w, "nsw" | "nuw"))
        .collect();
    let fast: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "nsw" | "nuw"))
        .collect();
    let mut text = String::new();
    if !overflow.is_empty() {
        let _ = write!(text, " overflow<{}>", overflow.join(", "));
    }
    if !fast.is_empty() {
        let _ = write!(
            text,
            " {{fastmathFlags = #llvm.fastmath<{}>}}",
            fast.join(", ")
        );
    }
    // `llvm.call_intrinsic` writes its attributes after its type.
    match line.find(" : ") {
        Some(_) if line.contains("llvm.call_intrinsic ") => format!("{line}{text}"),
        Some(at) => format!("{}{text}{}", &line[..at], &line[at..]),
        None => line,
    }
}

fn indices(list: &Operand) -> String {
    list.as_list()
        .unwrap_or_default()
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A float attribute MLIR reads back exactly: hexadecimal bits for values decimal cannot
/// round-trip briefly (NaN, infinities).
fn float_attr(x: f64, ty: &str) -> String {
    if x.is_finite() {
        // MLIR's float literals need a decimal point: `1e0` is read as an integer.
        let e = format!("{x:e}");
        match e.split_once('e') {
            Some((m, exp)) if !m.contains('.') => format!("{m}.0e{exp}"),
            _ => e,
        }
    } else {
        match ty {
            "f16" => format!("0x{:04X}", half_bits(x)),
            "f32" => format!("0x{:08X}", (x as f32).to_bits()),
            _ => format!("0x{:016X}", x.to_bits()),
        }
    }
}

fn half_bits(x: f64) -> u16 {
    if x.is_nan() {
        0x7E00
    } else if x > 0.0 {
        0x7C00
    } else {
        0xFC00
    }
}
