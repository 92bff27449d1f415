//! Prints IR in modern MLIR syntax (`func.func`, `arith.*`, `cf.*`, `memref.*`).
//!
//! The output parses back to the same IR (names, labels and attributes are kept) and is
//! accepted by `mlir-opt-19 --allow-unregistered-dialect`.

use crate::builder::float_value;
use crate::ir::{
    Attrs, Body, Function, Literal, Module, Op, OpKind, Successor, ValueId, Visibility,
};
use crate::ops::Shape;
use crate::types::{FunctionType, Scalar, Type};
use std::fmt::Write;

mod op;

use op::print_op;

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

/// `llvm.func @f(!llvm.ptr, ...) -> i32`, as MLIR prints a declaration (with its
/// parameter and result attributes: `(i32 {llvm.signext}) -> (i32 {llvm.noundef})`).
fn print_extern_into(out: &mut String, f: &crate::ir::LlvmFunc) {
    let with_attrs = |ty: String, attrs: Option<&Attrs>| match attrs {
        Some(a) if !a.is_empty() => format!("{ty} {}", attr_dict(a)),
        _ => ty,
    };
    let mut params: Vec<String> =
        f.ty.params
            .iter()
            .enumerate()
            .map(|(i, p)| with_attrs(p.to_string(), f.arg_attrs.get(i)))
            .collect();
    if f.ty.vararg {
        params.push("...".to_string());
    }
    let _ = write!(
        out,
        "  llvm.func @{}({})",
        symbol(&f.name),
        params.join(", ")
    );
    match &f.ty.result {
        Some(r) if !f.result_attrs.is_empty() => {
            let _ = write!(out, " -> ({r} {})", attr_dict(&f.result_attrs));
        }
        Some(r) => {
            let _ = write!(out, " -> {r}");
        }
        None => {}
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
        // The regions of `memref.alloca_scope` and `memref.generic_atomic_rmw` are printed
        // nested, one level deeper.
        let mut depth = 0usize;
        for (k, op) in block.ops.iter().enumerate() {
            match op.kind {
                OpKind::AllocaScope | OpKind::GenericAtomicRmw => {
                    let indent = "  ".repeat(depth + 2);
                    out.push_str(&indent);
                    print_region_start(out, body, &block.ops[k..], &indent);
                    depth += 1;
                }
                OpKind::AllocaScopeReturn | OpKind::AtomicYield => {
                    let values = &op.operands[1..];
                    let values = match op.kind {
                        OpKind::AtomicYield => &values[..1],
                        _ => values,
                    };
                    if !values.is_empty() {
                        let types: Vec<String> =
                            values.iter().map(|v| body.ty(*v).to_string()).collect();
                        out.push_str(&"  ".repeat(depth + 2));
                        let _ = writeln!(
                            out,
                            "{} {} : {}",
                            op.kind.name(),
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

/// `%r = memref.alloca_scope -> (T) {` or `%r = memref.generic_atomic_rmw %m[%i] : T {`
/// with its block's label: the results are those of the matching end, the first
/// [`OpKind::AllocaScopeReturn`] or [`OpKind::AtomicYield`] after `ops[0]` at the same
/// depth.
fn print_region_start(out: &mut String, body: &Body, ops: &[Op], indent: &str) {
    let mut depth = 0usize;
    let end = ops.iter().skip(1).find(|o| match o.kind {
        OpKind::AllocaScope | OpKind::GenericAtomicRmw => {
            depth += 1;
            false
        }
        OpKind::AllocaScopeReturn | OpKind::AtomicYield if depth == 0 => true,
        OpKind::AllocaScopeReturn | OpKind::AtomicYield => {
            depth -= 1;
            false
        }
        _ => false,
    });
    let results: &[ValueId] = end.map_or(&[], |e| &e.results);
    out.push_str(&result_defs(body, results));
    let start = &ops[0];
    if start.kind == OpKind::GenericAtomicRmw {
        let current = start.results[0];
        let _ = writeln!(
            out,
            "memref.generic_atomic_rmw {}[{}] : {} {{",
            self::values(body, &start.operands[..1]),
            self::values(body, &start.operands[1..]),
            body.ty(start.operands[0]),
        );
        // The region's label, at the depth of the operation's own line.
        let _ = writeln!(
            out,
            "{indent}^bb0({}: {}):",
            body.value(current).name,
            body.ty(current)
        );
        return;
    }
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
