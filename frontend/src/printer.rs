//! Prints IR in modern MLIR syntax (`func.func`, `arith.*`, `cf.*`, `memref.*`).
//!
//! The output parses back to the same IR (names, labels and attributes are kept) and is
//! accepted by `mlir-opt-19 --allow-unregistered-dialect`.

use crate::builder::float_value;
use crate::ir::{
    Attrs, Body, Function, Literal, Module, Op, OpKind, Successor, ValueId, Visibility,
};
use crate::ops::Shape;
use crate::types::{comma_list, Scalar, Type};
use std::fmt::Write;

/// Prints a whole module as `module { ... }`.
pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    match &m.name {
        Some(n) => out.push_str(&format!("module @{n} {{\n")),
        None => out.push_str("module {\n"),
    }
    // A defined `llvm.func` prints with the functions.
    for f in m.externs.iter().filter(|f| !f.defined) {
        print_extern_into(&mut out, f);
    }
    for g in &m.globals {
        print_global_into(&mut out, g);
    }
    for f in &m.functions {
        print_function_into(&mut out, f);
    }
    out.push_str("}\n");
    out
}

/// `[[0, 1], [2]]`.
fn reassociation(groups: &[thin_vec::ThinVec<u32>]) -> String {
    let gs: Vec<String> = groups
        .iter()
        .map(|g| {
            let ds: Vec<String> = g.iter().map(u32::to_string).collect();
            format!("[{}]", ds.join(", "))
        })
        .collect();
    format!("[{}]", gs.join(", "))
}

/// The text of one element of a constant or global of scalar type `s`.
fn literal_text(lit: Literal, s: Scalar) -> String {
    match lit {
        Literal::Int(b) if s == Scalar::I1 => {
            (if b.get() != 0 { "true" } else { "false" }).to_string()
        }
        Literal::Int(b) => crate::ir::signed_value(b, s).to_string(),
        Literal::Float(b) => float_literal(b, s),
    }
}

/// `llvm.func @f(!llvm.ptr, ...) -> i32`, as MLIR prints a declaration.
fn print_extern_into(out: &mut String, f: &crate::ir::LlvmFunc) {
    let mut params: Vec<String> = f.ty.params.iter().map(|p| p.to_string()).collect();
    if f.ty.vararg {
        params.push("...".to_string());
    }
    let _ = write!(
        out,
        "  llvm.func @{}({})",
        symbol(&f.name),
        params.join(", ")
    );
    if let Some(r) = &f.ty.result {
        let _ = write!(out, " -> {r}");
    }
    out.push('\n');
}

/// Appends `bytes` as MLIR prints them in a string attribute (and LLVM IR in a string):
/// printable ASCII as itself, `"`, `\` and every other byte as `\` and two hex digits.
pub fn push_escaped(out: &mut String, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            out.push('\\');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
}

/// `llvm.mlir.global [linkage] [constant] @g(VALUE) {addr_space = 0 : i32} : T`, as MLIR
/// prints it (a byte array's value as a string, without the type).
fn print_llvm_global_into(out: &mut String, g: &crate::ir::Global, linkage: &str) {
    use crate::ir::GlobalInit;
    let _ = write!(out, "  llvm.mlir.global {linkage} ");
    if g.constant {
        out.push_str("constant ");
    }
    let _ = write!(out, "@{}(", symbol(&g.name));
    let ty = crate::llvm_items::global_llvm_type(g);
    let string = g.ty.elem == Scalar::I8 && g.ty.shape.len() == 1;
    match &g.init {
        GlobalInit::Elements(vs) if string => {
            let bytes: Vec<u8> = vs
                .iter()
                .map(|l| match l {
                    Literal::Int(b) => b.low() as u8,
                    Literal::Float(b) => *b as u8,
                })
                .collect();
            out.push('"');
            push_escaped(out, &bytes);
            out.push('"');
        }
        GlobalInit::Splat(v) if g.ty.shape.is_empty() => {
            let _ = write!(out, "{} : {}", literal_text(*v, g.ty.elem), g.ty.elem);
        }
        GlobalInit::Splat(_) | GlobalInit::Elements(_) => {
            let tensor: String =
                g.ty.shape
                    .iter()
                    .map(|d| format!("{}x", d.unwrap_or(0)))
                    .collect();
            out.push_str("dense<");
            match &g.init {
                GlobalInit::Splat(v) => out.push_str(&literal_text(*v, g.ty.elem)),
                GlobalInit::Elements(vs) => nest(out, &g.ty.shape, vs, g.ty.elem),
                _ => {}
            }
            let _ = write!(out, "> : tensor<{tensor}{}>", g.ty.elem);
        }
        GlobalInit::External | GlobalInit::Uninitialized => {}
    }
    out.push_str(") {addr_space = 0 : i32");
    if let Some(a) = g.alignment {
        let _ = write!(out, ", alignment = {a} : i64");
    }
    out.push('}');
    if !(string && matches!(g.init, GlobalInit::Elements(_))) {
        let _ = write!(out, " : {ty}");
    }
    out.push('\n');
}

/// A global's elements in nested brackets, one level per dimension, as MLIR prints them.
fn nest(out: &mut String, dims: &[Option<i64>], vs: &[Literal], s: Scalar) {
    let Some((n, rest)) = dims.split_first() else {
        if let Some(v) = vs.first() {
            out.push_str(&literal_text(*v, s));
        }
        return;
    };
    let inner = rest
        .iter()
        .map(|d| d.unwrap_or(0) as usize)
        .product::<usize>();
    out.push('[');
    for i in 0..n.unwrap_or(0) as usize {
        if i > 0 {
            out.push_str(", ");
        }
        let from = (i * inner).min(vs.len());
        nest(out, rest, &vs[from..(from + inner).min(vs.len())], s);
    }
    out.push(']');
}

fn print_global_into(out: &mut String, g: &crate::ir::Global) {
    use crate::ir::GlobalInit;
    if let Some(linkage) = &g.linkage {
        print_llvm_global_into(out, g, linkage);
        return;
    }
    out.push_str("  memref.global ");
    match g.visibility {
        Visibility::Public => {}
        Visibility::Private => out.push_str("\"private\" "),
        Visibility::Nested => out.push_str("\"nested\" "),
    }
    if g.constant {
        out.push_str("constant ");
    }
    let ty = Type::MemRef(std::sync::Arc::new(g.ty.clone()));
    let _ = write!(out, "@{} : {ty}", symbol(&g.name));
    match &g.init {
        GlobalInit::External => {}
        GlobalInit::Uninitialized => out.push_str(" = uninitialized"),
        GlobalInit::Splat(v) => {
            let _ = write!(out, " = dense<{}>", literal_text(*v, g.ty.elem));
        }
        GlobalInit::Elements(vs) => {
            out.push_str(" = dense<");
            nest(out, &g.ty.shape, vs, g.ty.elem);
            out.push('>');
        }
    }
    if let Some(a) = g.alignment {
        let _ = write!(out, " {{alignment = {a} : i64}}");
    }
    out.push('\n');
}

/// Prints one function (indented for a module body).
pub fn print_function(f: &Function) -> String {
    let mut out = String::new();
    print_function_into(&mut out, f);
    out
}

fn print_function_into(out: &mut String, f: &Function) {
    // An `llvm.func` writes its linkage before its name, where a `func.func` has the
    // `llvm.linkage` attribute.
    let mut fn_attrs = f.attrs.clone();
    if f.llvm {
        out.push_str("  llvm.func ");
        if let Some(i) = fn_attrs.0.iter().position(|(k, _)| k == "llvm.linkage") {
            let (_, v) = fn_attrs.0.remove(i);
            let v = v.unwrap_or_default();
            let word = v
                .strip_prefix("#llvm.linkage<")
                .and_then(|w| w.strip_suffix('>'))
                .unwrap_or(&v);
            let _ = write!(out, "{word} ");
        }
    } else {
        out.push_str("  func.func ");
    }
    match f.visibility {
        Visibility::Public => {}
        Visibility::Private => out.push_str("private "),
        Visibility::Nested => out.push_str("nested "),
    }
    let _ = write!(out, "@{}(", symbol(&f.name));
    // Parameter and result attributes follow their types: `%a: memref<4xf32> {llvm.noalias}`.
    let with_attrs = |ty: String, attrs: Option<&Attrs>| match attrs {
        Some(a) if !a.is_empty() => format!("{ty} {}", attr_dict(a)),
        _ => ty,
    };
    let params: Vec<String> = match &f.body {
        Some(body) => body.blocks[0]
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let ty = format!("{}: {}", body.value(*a).name, body.ty(*a));
                with_attrs(ty, f.arg_attrs.get(i))
            })
            .collect(),
        None => {
            f.ty.inputs
                .iter()
                .enumerate()
                .map(|(i, t)| with_attrs(t.to_string(), f.arg_attrs.get(i)))
                .collect()
        }
    };
    out.push_str(&params.join(", "));
    out.push(')');
    let results: Vec<String> =
        f.ty.results
            .iter()
            .enumerate()
            .map(|(i, t)| with_attrs(t.to_string(), f.result_attrs.get(i)))
            .collect();
    match results.len() {
        0 => {}
        // A function type as the one result is parenthesized, as MLIR prints it.
        1 if f.result_attrs.iter().all(Attrs::is_empty)
            && !matches!(f.ty.results[0], Type::Function(_)) =>
        {
            let _ = write!(out, " -> {}", results[0]);
        }
        _ => {
            let _ = write!(out, " -> ({})", results.join(", "));
        }
    }
    if !fn_attrs.is_empty() {
        let _ = write!(out, " attributes {}", attr_dict(&fn_attrs));
    }
    let Some(body) = &f.body else {
        out.push('\n');
        return;
    };
    out.push_str(" {\n");
    for (i, block) in body.blocks.iter().enumerate() {
        if i > 0 || !block.label.is_empty() {
            let _ = write!(out, "  ^{}", block.label);
            if !block.args.is_empty() {
                let args: Vec<String> = block
                    .args
                    .iter()
                    .map(|a| format!("{}: {}", body.value(*a).name, body.ty(*a)))
                    .collect();
                let _ = write!(out, "({})", args.join(", "));
            }
            out.push_str(":\n");
        }
        // A `memref.alloca_scope`'s region is printed nested, one level deeper.
        let mut depth = 0usize;
        for (k, op) in block.ops.iter().enumerate() {
            match op.kind {
                OpKind::AllocaScope => {
                    out.push_str(&"  ".repeat(depth + 2));
                    print_scope_start(out, body, &block.ops[k..]);
                    depth += 1;
                }
                OpKind::AllocaScopeReturn => {
                    let values = &op.operands[1..];
                    if !values.is_empty() {
                        let types: Vec<String> =
                            values.iter().map(|v| body.ty(*v).to_string()).collect();
                        out.push_str(&"  ".repeat(depth + 2));
                        let _ = writeln!(
                            out,
                            "memref.alloca_scope.return {} : {}",
                            self::values(body, values),
                            types.join(", ")
                        );
                    }
                    out.push_str(&"  ".repeat(depth + 1));
                    depth = depth.saturating_sub(1);
                    out.push_str("}\n");
                }
                _ => {
                    out.push_str(&"  ".repeat(depth + 2));
                    print_op(out, body, op);
                    out.push('\n');
                }
            }
        }
    }
    out.push_str("  }\n");
}

/// `%r = memref.alloca_scope -> (T) {`: the results are those of the matching end, the
/// first [`OpKind::AllocaScopeReturn`] after `ops[0]` at the same depth.
fn print_scope_start(out: &mut String, body: &Body, ops: &[Op]) {
    let mut depth = 0usize;
    let end = ops.iter().skip(1).find(|o| match o.kind {
        OpKind::AllocaScope => {
            depth += 1;
            false
        }
        OpKind::AllocaScopeReturn if depth == 0 => true,
        OpKind::AllocaScopeReturn => {
            depth -= 1;
            false
        }
        _ => false,
    });
    let results: &[ValueId] = end.map_or(&[], |e| &e.results);
    out.push_str(&result_defs(body, results));
    out.push_str("memref.alloca_scope");
    if !results.is_empty() {
        let types: Vec<String> = results.iter().map(|r| body.ty(*r).to_string()).collect();
        let _ = write!(out, " -> ({})", types.join(", "));
    }
    out.push_str(" {\n");
}

/// Symbol names that are not plain identifiers are quoted.
fn symbol(name: &str) -> String {
    let plain = name.bytes().enumerate().all(|(i, c)| {
        c.is_ascii_alphabetic()
            || c == b'_'
            || (i > 0 && (c.is_ascii_digit() || matches!(c, b'$' | b'.' | b'-')))
    });
    if plain && !name.is_empty() {
        name.to_string()
    } else {
        format!("\"{name}\"")
    }
}

fn attr_dict(attrs: &Attrs) -> String {
    let items: Vec<String> = attrs
        .0
        .iter()
        .map(|(k, v)| {
            let k = attr_name(k);
            match v {
                Some(v) => format!("{k} = {v}"),
                None => k,
            }
        })
        .collect();
    format!("{{{}}}", items.join(", "))
}

/// An attribute name as MLIR reads it back: bare when it is an identifier (letters, digits,
/// `_`, `$`, `.`, not starting with a digit), else quoted.
fn attr_name(k: &str) -> String {
    let bare = k
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c));
    if bare {
        k.to_string()
    } else {
        // A quoted name is kept as written, escapes included (the lexer keeps them), so it
        // prints back verbatim between quotes; Rust's `{:?}` escapes are not MLIR's.
        format!("\"{k}\"")
    }
}

fn values(body: &Body, vs: &[ValueId]) -> String {
    vs.iter()
        .map(|v| body.value(*v).name.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn types(body: &Body, vs: &[ValueId]) -> String {
    vs.iter()
        .map(|v| body.ty(*v).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn successor(body: &Body, s: &Successor) -> String {
    let label = &body.block(s.block).label;
    if s.args.is_empty() {
        format!("^{label}")
    } else {
        format!(
            "^{label}({} : {})",
            values(body, &s.args),
            types(body, &s.args)
        )
    }
}

/// `%a, %r:2 = ` for an op's results, grouping `%r#0, %r#1` back into `%r:2`.
fn result_defs(body: &Body, results: &[ValueId]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < results.len() {
        let name = &body.value(results[i]).name;
        match name.index {
            None => {
                parts.push(format!("%{}", name.base));
                i += 1;
            }
            Some(_) => {
                let mut n = 0;
                while i + n < results.len() {
                    let nm = &body.value(results[i + n]).name;
                    if nm.base != name.base || nm.index != Some(n as u32) {
                        break;
                    }
                    n += 1;
                }
                parts.push(format!("%{}:{n}", name.base));
                i += n.max(1);
            }
        }
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{} = ", parts.join(", "))
    }
}

/// A float literal MLIR reads back to the same bits: shortest decimal with a `.`, or hex
/// for NaN and infinities.
pub fn float_literal(bits: u64, s: Scalar) -> String {
    let v = float_value(bits, s);
    if !v.is_finite() {
        let digits = (s.bits() / 4) as usize;
        return format!("0x{bits:0digits$X}");
    }
    let text = match s {
        Scalar::F32 => format!("{:?}", f32::from_bits(bits as u32)),
        _ => format!("{v:?}"),
    };
    if text.contains('.') {
        text
    } else if let Some((m, e)) = text.split_once('e') {
        format!("{m}.0e{e}")
    } else {
        format!("{text}.0")
    }
}

fn flags_and_dict(attrs: &Attrs) -> String {
    let mut out = String::new();
    let mut rest = Attrs::default();
    for (k, v) in &attrs.0 {
        match (k.as_str(), v) {
            ("overflowFlags" | "fastmath", Some(v)) => {
                let _ = write!(out, " {v}");
            }
            _ => rest.0.push((k.clone(), v.clone())),
        }
    }
    if !rest.is_empty() {
        let _ = write!(out, " {}", attr_dict(&rest));
    }
    out
}

fn dict(attrs: &Attrs) -> String {
    if attrs.is_empty() {
        String::new()
    } else {
        format!(" {}", attr_dict(attrs))
    }
}

fn print_op(out: &mut String, body: &Body, op: &Op) {
    use OpKind as K;
    out.push_str(&result_defs(body, &op.results));
    let name = op.kind.name();
    let v = |i: usize| body.value(op.operands[i]).name.to_string();
    let t = |i: usize| body.ty(op.operands[i]).to_string();
    let rt = || {
        op.results
            .first()
            .map(|r| body.ty(*r).to_string())
            .unwrap_or_default()
    };
    // An LLVM-dialect spelling prints as the operation it means, under its own name, but
    // for the forms the LLVM dialect writes differently.
    let llvm = matches!(op.kind, K::Llvm(_));
    let _ = match op.kind.meaning() {
        K::Binary(_) | K::Pure(_) if name.starts_with("llvm.intr.") => {
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            write!(
                out,
                "{name}({}){} : ({}) -> {}",
                values(body, &op.operands),
                dict(&op.attrs),
                inputs.join(", "),
                rt()
            )
        }
        K::CmpI(p) if llvm => write!(
            out,
            "{name} \"{}\" {}, {}{} : {}",
            p.name(),
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            t(0)
        ),
        K::CmpF(p) if llvm => write!(
            out,
            "{name} \"{}\" {}, {}{} : {}",
            crate::ops::llvm_fcmp_keyword(*p),
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            t(0)
        ),
        K::Select if llvm => write!(
            out,
            "{name} {}, {}, {}{} : {}, {}",
            v(0),
            v(1),
            v(2),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Switch { cases } if llvm => {
            let items: Vec<String> = cases
                .iter()
                .zip(&op.successors[1..])
                .map(|(c, s)| format!("{c}: {}", successor(body, s)))
                .collect();
            write!(
                out,
                "{name} {} : {}, {} [{}]",
                v(0),
                t(0),
                successor(body, &op.successors[0]),
                items.join(", ")
            )
        }
        // `meaning` never is one.
        K::Llvm(_) => Ok(()),
        // Printed by the block's loop, which nests the region.
        K::AllocaScope | K::AllocaScopeReturn => Ok(()),
        K::Constant(lit) => {
            let ty = op.results.first().map(|r| body.ty(*r).clone());
            let text = match (lit, ty.as_ref().and_then(Type::scalar)) {
                (lit, Some(s)) => literal_text(*lit, s),
                (Literal::Int(b), None) => b.get().to_string(),
                (Literal::Float(b), None) => b.to_string(),
            };
            if ty == Some(Type::I1) {
                write!(out, "{name}{} {text}", dict(&op.attrs))
            } else {
                write!(out, "{name}{} {text} : {}", dict(&op.attrs), rt())
            }
        }
        K::Binary(_) => write!(
            out,
            "{name} {}, {}{} : {}",
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            rt()
        ),
        K::Pure(p) => {
            let operands: Vec<String> = (0..op.operands.len()).map(v).collect();
            let types = match p.shape() {
                Shape::Index(_) => String::new(),
                Shape::PowI => format!(" : {}, {}", rt(), t(1)),
                Shape::AddExtended => format!(" : {}, i1", rt()),
                Shape::Same(_) | Shape::MulExtended => format!(" : {}", rt()),
            };
            write!(
                out,
                "{name} {}{}{types}",
                operands.join(", "),
                flags_and_dict(&op.attrs)
            )
        }
        K::Unary(_) => write!(
            out,
            "{name} {}{} : {}",
            v(0),
            flags_and_dict(&op.attrs),
            rt()
        ),
        K::Cast(_) => write!(
            out,
            "{name} {}{} : {} to {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::CmpI(p) => write!(
            out,
            "{name} {}, {}, {}{} : {}",
            p.name(),
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            t(0)
        ),
        K::CmpF(p) => write!(
            out,
            "{name} {}, {}, {}{} : {}",
            p.name(),
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            t(0)
        ),
        K::Select => write!(
            out,
            "{name} {}, {}, {}{} : {}",
            v(0),
            v(1),
            v(2),
            dict(&op.attrs),
            rt()
        ),
        K::FuncConstant { callee } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(callee),
            dict(&op.attrs),
            rt()
        ),
        K::CallIndirect => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let fty = crate::types::FunctionType {
                inputs: op.operands[1..]
                    .iter()
                    .map(|o| body.ty(*o).clone())
                    .collect(),
                results,
            };
            write!(
                out,
                "{name} {}({}){} : {fty}",
                values(body, &op.operands[..1]),
                values(body, &op.operands[1..]),
                dict(&op.attrs)
            )
        }
        K::Call { callee } => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let fty = crate::types::FunctionType {
                inputs: op.operands.iter().map(|o| body.ty(*o).clone()).collect(),
                results,
            };
            write!(
                out,
                "{name} @{}({}){} : {fty}",
                symbol(callee),
                values(body, &op.operands),
                dict(&op.attrs)
            )
        }
        K::Return => {
            if op.operands.is_empty() {
                write!(out, "{name}")
            } else {
                write!(
                    out,
                    "{name} {} : {}",
                    values(body, &op.operands),
                    types(body, &op.operands)
                )
            }
        }
        K::Br => write!(out, "{name} {}", successor(body, &op.successors[0])),
        K::CondBr => write!(
            out,
            "{name} {}, {}, {}",
            v(0),
            successor(body, &op.successors[0]),
            successor(body, &op.successors[1])
        ),
        K::Switch { cases } => {
            let mut items = vec![format!("default: {}", successor(body, &op.successors[0]))];
            for (c, s) in cases.iter().zip(&op.successors[1..]) {
                items.push(format!("{c}: {}", successor(body, s)));
            }
            write!(out, "{name} {} : {}, [{}]", v(0), t(0), items.join(", "))
        }
        K::Alloc | K::Alloca => write!(
            out,
            "{name}({}){} : {}",
            values(body, &op.operands),
            dict(&op.attrs),
            rt()
        ),
        K::Dealloc => write!(out, "{name} {}{} : {}", v(0), dict(&op.attrs), t(0)),
        K::Poison => write!(out, "{name}{} : {}", dict(&op.attrs), rt()),
        K::AddressOf { global } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(global),
            dict(&op.attrs),
            rt()
        ),
        K::Zero => write!(out, "{name}{} : {}", dict(&op.attrs), rt()),
        K::LlvmConstant(lit) => {
            let s = op.results.first().and_then(|r| body.ty(*r).scalar());
            let text = match (lit, s) {
                (lit, Some(s)) => literal_text(*lit, s),
                (Literal::Int(b), None) => b.get().to_string(),
                (Literal::Float(b), None) => b.to_string(),
            };
            write!(
                out,
                "{name}({text} : {}){} : {}",
                rt(),
                dict(&op.attrs),
                rt()
            )
        }
        K::Gep {
            inbounds,
            indices,
            elem,
        } => {
            let mut dynamic = 1;
            let idx: Vec<String> = indices
                .iter()
                .map(|i| match i {
                    Some(c) => c.to_string(),
                    None => {
                        dynamic += 1;
                        v(dynamic - 1)
                    }
                })
                .collect();
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            write!(
                out,
                "{name} {}{}[{}]{} : ({}) -> {}, {elem}",
                if *inbounds { "inbounds " } else { "" },
                v(0),
                idx.join(", "),
                dict(&op.attrs),
                inputs.join(", "),
                rt()
            )
        }
        K::LlvmCall { callee, vararg } => {
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            let result = match op.results.first() {
                Some(r) => body.ty(*r).to_string(),
                None => "()".to_string(),
            };
            write!(
                out,
                "{name} @{}({}){}{} : ({}) -> {result}",
                symbol(callee),
                values(body, &op.operands),
                vararg
                    .as_ref()
                    .map(|f| format!(" vararg({f})"))
                    .unwrap_or_default(),
                dict(&op.attrs),
                inputs.join(", ")
            )
        }
        K::LlvmCallIndirect => {
            let inputs: Vec<String> = (1..op.operands.len()).map(t).collect();
            let result = match op.results.first() {
                Some(r) => body.ty(*r).to_string(),
                None => "()".to_string(),
            };
            write!(
                out,
                "{name} {}({}){} : {}, ({}) -> {result}",
                v(0),
                values(body, &op.operands[1..]),
                dict(&op.attrs),
                t(0),
                inputs.join(", ")
            )
        }
        K::LlvmLoad => write!(
            out,
            "{name} {}{} : {} -> {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::LlvmStore => write!(
            out,
            "{name} {}, {}{} : {}, {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1)
        ),
        K::GetGlobal { global } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(global),
            dict(&op.attrs),
            rt()
        ),
        K::AssumeAlignment { alignment } => write!(
            out,
            "{name} {}, {alignment}{} : {}",
            v(0),
            dict(&op.attrs),
            t(0)
        ),
        K::Transpose { permutation } => {
            let dims: Vec<String> = (0..permutation.len()).map(|d| format!("d{d}")).collect();
            let order: Vec<String> = permutation.iter().map(|d| format!("d{d}")).collect();
            write!(
                out,
                "{name} {} ({}) -> ({}){} : {} to {}",
                v(0),
                dims.join(", "),
                order.join(", "),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::ExtractAlignedPointer => write!(
            out,
            "{name} {}{} : {} -> {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Assert { message } => write!(out, "{name} {}, \"{message}\"{}", v(0), dict(&op.attrs)),
        K::Load => write!(
            out,
            "{name} {}[{}]{} : {}",
            v(0),
            values(body, &op.operands[1..]),
            dict(&op.attrs),
            t(0)
        ),
        K::Store => write!(
            out,
            "{name} {}, {}[{}]{} : {}",
            v(0),
            v(1),
            values(body, &op.operands[2..]),
            dict(&op.attrs),
            t(1)
        ),
        K::Dim => write!(
            out,
            "{name} {}, {}{} : {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0)
        ),
        K::Rank => write!(out, "{name} {}{} : {}", v(0), dict(&op.attrs), t(0)),
        K::ExpandShape { groups, sizes } => {
            let mut next = 0;
            let shape: Vec<String> = sizes
                .iter()
                .map(|e| match e {
                    Some(n) => n.to_string(),
                    None => {
                        next += 1;
                        op.operands
                            .get(next)
                            .map(|o| body.value(*o).name.to_string())
                            .unwrap_or_default()
                    }
                })
                .collect();
            write!(
                out,
                "{name} {} {} output_shape [{}]{} : {} into {}",
                v(0),
                reassociation(groups),
                shape.join(", "),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::AtomicRmw { kind } => {
            let ix = values(body, op.operands.get(2..).unwrap_or_default());
            write!(
                out,
                "{name} {} {}, {}[{ix}]{} : ({}, {}) -> {}",
                kind.name(),
                v(0),
                v(1),
                dict(&op.attrs),
                t(0),
                t(1),
                rt()
            )
        }
        K::Realloc => {
            let size = match op.operands.get(1) {
                Some(n) => format!("({})", body.value(*n).name),
                None => String::new(),
            };
            write!(
                out,
                "{name} {}{size}{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::View => write!(
            out,
            "{name} {}[{}][{}]{} : {} to {}",
            v(0),
            v(1),
            values(body, op.operands.get(2..).unwrap_or_default()),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Reshape => write!(
            out,
            "{name} {}({}){} : ({}, {}) -> {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1),
            rt()
        ),
        K::CollapseShape { groups } => write!(
            out,
            "{name} {} {}{} : {} into {}",
            v(0),
            reassociation(groups),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Subview {
            offsets,
            sizes,
            strides,
        } => {
            let mut next = 0;
            let mut list = |entries: &[Option<i64>]| {
                entries
                    .iter()
                    .map(|e| match e {
                        Some(n) => n.to_string(),
                        None => {
                            next += 1;
                            op.operands
                                .get(next)
                                .map(|o| body.value(*o).name.to_string())
                                .unwrap_or_default()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let (offs, lens, steps) = (list(offsets), list(sizes), list(strides));
            write!(
                out,
                "{name} {}[{offs}] [{lens}] [{steps}]{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::Copy => write!(
            out,
            "{name} {}, {}{} : {} to {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1)
        ),
        K::ExtractStridedMetadata => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            write!(
                out,
                "{name} {}{} : {} -> {}",
                v(0),
                dict(&op.attrs),
                t(0),
                crate::types::comma_list(&results)
            )
        }
        K::ReinterpretCast => {
            // The offset, sizes and strides as the result type has them: its numbers, and
            // the operands in order where it has `?`.
            let mut next = 1;
            let mut entry = |e: Option<i64>| match e {
                Some(n) => n.to_string(),
                None => {
                    next += 1;
                    op.operands
                        .get(next - 1)
                        .map(|o| body.value(*o).name.to_string())
                        .unwrap_or_default()
                }
            };
            let (offset, sizes, strides) = match op.results.first().map(|r| body.ty(*r)) {
                Some(Type::MemRef(m)) => {
                    let (strides, offset) = m.strides_and_offset();
                    let offset = entry(offset);
                    let sizes: Vec<String> = m.shape.iter().map(|s| entry(*s)).collect();
                    let strides: Vec<String> = strides.into_iter().map(&mut entry).collect();
                    (offset, sizes.join(", "), strides.join(", "))
                }
                _ => Default::default(),
            };
            write!(
                out,
                "{name} {} to offset: [{offset}], sizes: [{sizes}], strides: [{strides}]{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::Generic { name } => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let succ = if op.successors.is_empty() {
                String::new()
            } else {
                let labels: Vec<String> = op
                    .successors
                    .iter()
                    .map(|s| format!("^{}", body.block(s.block).label))
                    .collect();
                format!("[{}]", labels.join(", "))
            };
            let res = match results.len() {
                1 => results[0].to_string(),
                _ => format!("({})", comma_list(&results)),
            };
            write!(
                out,
                "\"{name}\"({}){succ}{} : ({}) -> {res}",
                values(body, &op.operands),
                dict(&op.attrs),
                types(body, &op.operands)
            )
        }
    };
}
