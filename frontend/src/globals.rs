//! `memref.global`: building a module's globals from their syntax, and checking each
//! `memref.get_global` against the global it names.
//!
//! A global is memory of a static shape that lives as long as the program, defined at the
//! top of a module; functions reach it only through `memref.get_global`, whose result type
//! must be the global's. The checks are MLIR 19's (`GlobalOp::verify`,
//! `GetGlobalOp::verifySymbolUses`), plus kiln's limits: the identity layout only.

use crate::ast;
use crate::builder::{resolve_literal, resolve_type};
use crate::diagnostic::Diagnostic;
use crate::ir::{Function, Global, GlobalInit, IntBits, Literal, OpKind, Visibility};
use crate::span::Spanned;
use crate::types::{Layout, MemRefType, Type};

/// The most elements a global defined in the module may have.
const MAX_ELEMENTS: u64 = 1 << 28;

/// Builds every global of a module; diagnostics use the same coordinates as the syntax.
/// A global with an error in it is left out.
pub fn build_globals(globals: &[ast::Global]) -> (Vec<Global>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut built = Vec::new();
    for g in globals {
        let before = diags.len();
        let global = build_global(g, &mut diags);
        if diags.len() == before {
            built.extend(global);
        }
    }
    (built, diags)
}

fn build_global(g: &ast::Global, diags: &mut Vec<Diagnostic>) -> Option<Global> {
    let visibility = match g.visibility.as_ref().map(|v| v.node.as_str()) {
        None | Some("public") => Visibility::Public,
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        Some(other) => {
            diags.push(Diagnostic::error(
                "verify.global",
                g.visibility.as_ref().map_or(g.span, |v| v.span),
                format!("unknown visibility `\"{other}\"`; expected `\"private\"`, `\"public\"` or `\"nested\"`"),
            ));
            Visibility::Public
        }
    };
    if let Some(word) = g.constant.as_ref().filter(|w| w.node != "constant") {
        diags.push(Diagnostic::error(
            "parse.unexpected-token",
            word.span,
            format!(
                "unexpected `{}` in `memref.global`; expected `constant` or the symbol name",
                word.node
            ),
        ));
    }
    let ty = match resolve_type(&g.ty, diags) {
        Type::MemRef(m) => std::sync::Arc::unwrap_or_clone(m),
        other => {
            diags.push(Diagnostic::error(
                "verify.global",
                g.ty.span(),
                format!("a global's type must be a memref, found `{other}`"),
            ));
            return None;
        }
    };
    if ty.shape.iter().any(Option::is_none) {
        diags.push(Diagnostic::error(
            "verify.global",
            g.ty.span(),
            format!(
                "a global's type must have a static shape, found `{}`",
                Type::MemRef(std::sync::Arc::new(ty))
            ),
        ));
        return None;
    }
    if ty.layout != Layout::Identity {
        diags.push(Diagnostic::error(
            "verify.unsupported",
            g.ty.span(),
            "kiln's globals have the identity layout; a global with a `strided` layout is not supported",
        ));
        return None;
    }
    // Contents are made element by element (by the backend, and by the interpreter for any
    // global it reads), so a defined global's size is bounded; a declaration's is not.
    let count = ty
        .shape
        .iter()
        .try_fold(1u64, |n, d| n.checked_mul(d.unwrap_or(0).max(0) as u64));
    if g.init.is_some() && count.is_none_or(|n| n > MAX_ELEMENTS) {
        diags.push(Diagnostic::error(
            "verify.unsupported",
            g.ty.span(),
            format!(
                "kiln defines globals of at most 2^28 elements; this one has {}",
                count.map_or("more than 2^64".to_string(), |n| n.to_string())
            ),
        ));
        return None;
    }
    let init = match &g.init {
        None => GlobalInit::External,
        Some(ast::GlobalInit::Word(w)) if w.node == "uninitialized" => GlobalInit::Uninitialized,
        Some(ast::GlobalInit::Word(w)) => {
            diags.push(Diagnostic::error(
                "verify.global",
                w.span,
                format!("unexpected `{}` as a global's initial value; expected `dense<...>` or `uninitialized`", w.node),
            ));
            return None;
        }
        Some(ast::GlobalInit::Dense(w, _) | ast::GlobalInit::DenseHex(w, _))
            if w.node != "dense" =>
        {
            diags.push(Diagnostic::error(
                "verify.global",
                w.span,
                format!(
                    "`{}<...>` is not an initial value kiln reads; expected `dense<...>`",
                    w.node
                ),
            ));
            return None;
        }
        Some(ast::GlobalInit::Dense(_, d)) => dense(d, &ty, diags)?,
        Some(ast::GlobalInit::DenseHex(_, h)) => dense_hex(h, &ty, diags)?,
    };
    let mut alignment = None;
    for a in &g.attrs {
        match (a.key.node.as_str(), a.value.as_ref().map(|v| &v.node)) {
            ("alignment", Some(ast::AttrValue::Int(text, _))) => {
                match crate::builder::parse_int(text) {
                    Some(v) if v > 0 && v <= 1 << 32 && (v as u64).is_power_of_two() => {
                        alignment = Some(v as u64)
                    }
                    _ => diags.push(Diagnostic::error(
                        "verify.global",
                        a.value.as_ref().map_or(a.key.span, |v| v.span),
                        format!("a global's alignment must be a power of two, found `{text}`"),
                    )),
                }
            }
            (key, _) => diags.push(Diagnostic::error(
                "verify.global",
                a.key.span,
                format!("unknown attribute `{key}` on `memref.global`; kiln reads `alignment = N`"),
            )),
        }
    }
    Some(Global {
        name: g.name.node.clone(),
        visibility,
        linkage: None,
        constant: g.constant.is_some(),
        ty,
        init,
        alignment,
        span: g.span,
        name_span: g.name.span,
    })
}

/// `dense<...>` for a global of type `ty`: one literal (every element), or nested lists
/// whose lengths are the dimensions.
pub(crate) fn dense(
    d: &Spanned<ast::Dense>,
    ty: &MemRefType,
    diags: &mut Vec<Diagnostic>,
) -> Option<GlobalInit> {
    let elem = Type::Scalar(ty.elem);
    if let ast::Dense::Literal(l) = &d.node {
        let v = resolve_literal(&Spanned::new(l.clone(), d.span), &elem, diags)?;
        return Some(GlobalInit::Splat(v));
    }
    let dims: Vec<i64> = ty.shape.iter().map(|e| e.unwrap_or(0)).collect();
    let mut out = Vec::new();
    let before = diags.len();
    elements(d, &dims, &elem, &mut out, diags);
    (diags.len() == before).then_some(GlobalInit::Elements(out))
}

fn elements(
    d: &Spanned<ast::Dense>,
    dims: &[i64],
    elem: &Type,
    out: &mut Vec<Literal>,
    diags: &mut Vec<Diagnostic>,
) {
    match (&d.node, dims.split_first()) {
        (ast::Dense::Literal(l), None) => {
            if let Some(v) = resolve_literal(&Spanned::new(l.clone(), d.span), elem, diags) {
                out.push(v);
            }
        }
        (ast::Dense::List(items), Some((n, rest))) if items.len() as i64 == *n => {
            for item in items {
                elements(item, rest, elem, out, diags);
            }
        }
        (ast::Dense::List(items), Some((n, _))) => diags.push(Diagnostic::error(
            "verify.global",
            d.span,
            format!("{} elements where the global's type has {n}", items.len()),
        )),
        (ast::Dense::List(_), None) => diags.push(Diagnostic::error(
            "verify.global",
            d.span,
            "a list where the global's type has an element",
        )),
        (ast::Dense::Literal(_), Some((n, _))) => diags.push(Diagnostic::error(
            "verify.global",
            d.span,
            format!("an element where the global's type has a dimension of {n}"),
        )),
    }
}

/// `dense<"0x...">`: the elements' bytes in hexadecimal, little-endian, each element in the
/// fewest whole bytes that hold it (`i1` in one); one element's bytes for a splat.
pub(crate) fn dense_hex(
    h: &ast::Name,
    ty: &MemRefType,
    diags: &mut Vec<Diagnostic>,
) -> Option<GlobalInit> {
    let text = &h.node;
    let digits = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"));
    let bytes: Option<Vec<u8>> = digits.filter(|d| d.len() % 2 == 0).and_then(|d| {
        (0..d.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(d.get(i..i + 2)?, 16).ok())
            .collect()
    });
    let Some(bytes) = bytes else {
        diags.push(Diagnostic::error(
            "verify.global",
            h.span,
            "malformed hexadecimal `dense` value: expected `0x` and an even number of hexadecimal digits",
        ));
        return None;
    };
    let bits = ty.elem.bits();
    let width = bits.div_ceil(8) as usize;
    let count: usize = ty.shape.iter().map(|e| e.unwrap_or(0) as usize).product();
    let mask = u128::MAX >> (128 - bits.clamp(1, 128));
    let value = |chunk: &[u8]| {
        let v = chunk
            .iter()
            .rev()
            .fold(0u128, |acc, b| (acc << 8) | u128::from(*b))
            & mask;
        if ty.elem.is_float() {
            Literal::Float(v as u64)
        } else {
            Literal::Int(IntBits::new(v))
        }
    };
    if bytes.len() == width {
        return Some(GlobalInit::Splat(value(&bytes)));
    }
    if bytes.len() != width * count {
        diags.push(Diagnostic::error(
            "verify.global",
            h.span,
            format!(
                "{} bytes where {count} elements of `{}` take {}",
                bytes.len(),
                ty.elem,
                width * count
            ),
        ));
        return None;
    }
    Some(GlobalInit::Elements(
        bytes.chunks(width).map(value).collect(),
    ))
}

/// Checks one function's `memref.get_global`s against the module's globals: each names a
/// global, of its result type. Diagnostics use the function's spans.
pub fn check_global_uses(function: &Function, globals: &[Global]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let Some(body) = &function.body else {
        return diags;
    };
    for op in body.blocks.iter().flat_map(|b| &b.ops) {
        let OpKind::GetGlobal { global } = &op.kind else {
            continue;
        };
        let Some(result) = op.results.first() else {
            continue;
        };
        let ty = body.ty(*result);
        // A result of a dynamic shape is the verifier's to report.
        if ty
            .memref()
            .is_none_or(|m| m.shape.iter().any(Option::is_none))
        {
            continue;
        }
        match globals.iter().find(|g| &g.name == global) {
            Some(g) if g.linkage.is_some() => diags.push(Diagnostic::error(
                "verify.undefined-global",
                op.span,
                format!("`memref.get_global` of `@{global}`, an `llvm.mlir.global`: its address is `llvm.mlir.addressof`"),
            )),
            None => diags.push(Diagnostic::error(
                "verify.undefined-global",
                op.span,
                format!("`memref.get_global` of `@{global}`, which is not a `memref.global` of this module"),
            )),
            Some(g) if *ty != Type::MemRef(std::sync::Arc::new(g.ty.clone())) => diags.push(Diagnostic::error(
                "verify.type-mismatch",
                op.span,
                format!(
                    "`memref.get_global` of `@{global}` has type `{ty}`, but the global's type is `{}`",
                    Type::MemRef(std::sync::Arc::new(g.ty.clone()))
                ),
            )),
            Some(_) => {}
        }
    }
    diags
}
