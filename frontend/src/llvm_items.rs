//! The LLVM dialect at a module's top level: `llvm.func` declarations (the C library's
//! `printf`, a runtime's functions) and `llvm.mlir.global`s (format strings, counters), and
//! the checks of the operations that name them (`llvm.mlir.addressof`, `llvm.call`).
//!
//! An `llvm.mlir.global` becomes an [`ir::Global`](crate::ir::Global) as a `memref.global`
//! does: its array type is the global's shape (`!llvm.array<4 x array<2 x i32>>` is 4x2 of
//! `i32`, a scalar type is rank 0), so the backend and the interpreter hold both kinds alike.
//! The checks are MLIR 19's (`GlobalOp::verify`, `CallOp::verifySymbolUses`,
//! `AddressOfOp::verifySymbolUses`), within kiln's limits: globals of scalars and arrays of
//! scalars, linkages `external`, `internal` and `private`, address space 0.

use crate::ast;
use crate::builder::{render_attr, resolve_literal};
use crate::diagnostic::Diagnostic;
use crate::ir::{Attrs, Function, Global, GlobalInit, Literal, LlvmFunc, OpKind, Visibility};
use crate::llvm_types::{llvm_type, LlvmFuncType, LlvmType};
use crate::span::{Span, Spanned};
use crate::types::{FunctionType, Layout, MemRefType, Scalar, Type};

/// The most bytes a global defined by `llvm.mlir.global` may hold (as `memref.global`'s
/// limit of elements).
const MAX_ELEMENTS: u64 = 1 << 28;

/// Builds a module's `llvm.func` declarations and `llvm.mlir.global`s; an item with an error
/// in it is left out. Diagnostics use the syntax's coordinates.
pub fn build_llvm_items(
    funcs: &[ast::LlvmFunc],
    globals: &[ast::LlvmGlobal],
) -> (Vec<Global>, Vec<LlvmFunc>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut built_funcs = Vec::new();
    for f in funcs {
        let before = diags.len();
        let func = build_func(f, &mut diags);
        if diags.len() == before {
            built_funcs.extend(func);
        }
    }
    let mut built_globals = Vec::new();
    for g in globals {
        let before = diags.len();
        let global = build_global(g, &mut diags);
        if diags.len() == before {
            built_globals.extend(global);
        }
    }
    (built_globals, built_funcs, diags)
}

fn unsupported(span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error("verify.unsupported", span, message)
}

/// A parameter or result type of an `llvm.func`: a scalar or `!llvm.ptr`.
fn signature_type(ty: &ast::Type, diags: &mut Vec<Diagnostic>) -> Option<LlvmType> {
    match llvm_type(ty) {
        Ok(t) => Some(t),
        Err(e) => {
            diags.push(Diagnostic::error("type.unknown", ty.span(), e));
            None
        }
    }
}

fn build_func(f: &ast::LlvmFunc, diags: &mut Vec<Diagnostic>) -> Option<LlvmFunc> {
    for w in &f.words {
        if w.node != "external" {
            diags.push(Diagnostic::error(
                "verify.linkage",
                w.span,
                format!(
                    "a declaration's linkage is `external`, not `{}`; `@{}` has no body",
                    w.node, f.name.node
                ),
            ));
        }
    }
    let mut params = Vec::new();
    for p in &f.params {
        params.extend(signature_type(&p.ty, diags));
    }
    if let Some((t, _)) = f.results.get(1) {
        diags.push(unsupported(
            t.span(),
            "an `llvm.func` returns one value at most",
        ));
    }
    let result = match f.results.first().map(|(t, _)| t) {
        Some(ast::Type::Dialect(d)) if d.node == "!llvm.void" => None,
        Some(t) => Some(signature_type(t, diags)?),
        None => None,
    };
    for a in &f.attrs {
        // `llvm.emit_c_interface` asks `convert-func-to-llvm` for a wrapper; on an
        // `llvm.func` (which that pass leaves it on) it means nothing more, as in MLIR.
        // `memory` (what MLIR's conversion makes of `llvm.readnone`) only lets LLVM
        // optimize calls more: kiln's declaration goes without it.
        let ok = (a.key.node == "llvm.emit_c_interface" && a.value.is_none())
            || a.key.node == "memory"
            || a.key.node == "sym_visibility"
                && matches!(
                    a.value.as_ref().map(|v| &v.node),
                    Some(ast::AttrValue::Str(s)) if s == "private" || s == "public"
                );
        if !ok {
            diags.push(unsupported(
                a.key.span,
                format!(
                    "attribute `{}` of an `llvm.func` is not supported (kiln reads `sym_visibility`, `memory` and `llvm.emit_c_interface`)",
                    a.key.node
                ),
            ));
        }
    }
    // The parameter and result attributes, checked as a `func.func` declaration's.
    let rendered = |attrs: &[ast::Attr]| {
        Attrs(
            attrs
                .iter()
                .map(|a| {
                    let value = a.value.as_ref().map(|v| render_attr(&v.node));
                    (a.key.node.clone(), value)
                })
                .collect(),
        )
    };
    if params.len() == f.params.len() {
        let as_func = ast::Func {
            keyword: f.keyword.clone(),
            visibility: None,
            words: Vec::new(),
            vararg: f.vararg,
            name: f.name.clone(),
            params: f.params.clone(),
            results: f.results.iter().map(|(t, _)| t.clone()).collect(),
            result_attrs: f.results.iter().map(|(_, a)| a.clone()).collect(),
            attrs: Vec::new(),
            body: None,
            span: f.span,
        };
        let ty = FunctionType {
            inputs: params.iter().map(Type::of_llvm).collect(),
            results: result.iter().map(Type::of_llvm).collect(),
        };
        diags.extend(crate::llvm_attrs::check(&as_func, &ty));
    }
    let arg_attrs = f.params.iter().map(|p| rendered(&p.attrs)).collect();
    let result_attrs = f
        .results
        .first()
        .map_or_else(Attrs::default, |(_, a)| rendered(a));
    Some(LlvmFunc {
        name: f.name.node.clone(),
        ty: LlvmFuncType {
            result,
            params,
            vararg: f.vararg.is_some(),
        },
        span: f.span,
        name_span: f.name.span,
        defined: false,
        arg_attrs,
        result_attrs,
    })
}

/// The signatures of a module's `llvm.func` definitions, as the declarations of them that
/// `llvm.call`s are checked against; one whose signature has an error (which building the
/// function reports) is left out.
pub fn llvm_definitions(funcs: &[ast::Func]) -> Vec<LlvmFunc> {
    funcs
        .iter()
        .filter(|f| f.is_llvm() && f.vararg.is_none())
        .filter_map(|f| {
            let mut ignored = Vec::new();
            let params = f
                .params
                .iter()
                .map(|p| signature_type(&p.ty, &mut ignored))
                .collect::<Option<Vec<_>>>()?;
            let result = match f.results.as_slice() {
                [] => None,
                [ast::Type::Dialect(d)] if d.node == "!llvm.void" => None,
                [t] => Some(signature_type(t, &mut ignored)?),
                _ => return None,
            };
            Some(LlvmFunc {
                name: f.name.node.clone(),
                ty: LlvmFuncType {
                    result,
                    params,
                    vararg: false,
                },
                span: f.span,
                name_span: f.name.span,
                defined: true,
                arg_attrs: Vec::new(),
                result_attrs: Attrs::default(),
            })
        })
        .collect()
}

/// The shape and element of a global's type: nested arrays around a scalar.
fn global_shape(t: &LlvmType) -> Option<(Vec<Option<i64>>, Scalar)> {
    match t {
        LlvmType::Scalar(s) => Some((Vec::new(), *s)),
        LlvmType::Array(n, inner) => {
            let (mut shape, s) = global_shape(inner)?;
            // Beyond `i64` is beyond the elements kiln defines, which the caller reports.
            shape.insert(0, Some(i64::try_from(*n).unwrap_or(i64::MAX)));
            Some((shape, s))
        }
        LlvmType::Ptr | LlvmType::Struct(_) => None,
    }
}

/// The bytes of a string attribute's contents, its escapes (`\0A`, `\\`, `\"`, `\n`, `\t`)
/// decoded.
pub fn string_bytes(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'\\' => out.push(b'\\'),
                b'"' => out.push(b'"'),
                _ => {
                    let hex = text
                        .get(i + 1..i + 3)
                        .and_then(|h| u8::from_str_radix(h, 16).ok());
                    match hex {
                        Some(v) => {
                            out.push(v);
                            i += 3;
                            continue;
                        }
                        None => out.push(b'\\'),
                    }
                    i += 1;
                    continue;
                }
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn build_global(g: &ast::LlvmGlobal, diags: &mut Vec<Diagnostic>) -> Option<Global> {
    let mut linkage = "external";
    let mut constant = false;
    for w in &g.words {
        match w.node.as_str() {
            "external" | "internal" | "private" => linkage = linkage_name(&w.node),
            "constant" => constant = true,
            other => {
                diags.push(unsupported(
                    w.span,
                    format!(
                        "`{other}` on an `llvm.mlir.global` is not supported (kiln reads the linkages `external`, `internal` and `private`, and `constant`)"
                    ),
                ));
                return None;
            }
        }
    }
    if let Some(r) = g.region {
        diags.push(unsupported(
            r,
            "an `llvm.mlir.global` with an initializer region is not supported; give its value in the parentheses",
        ));
        return None;
    }
    let mut alignment = None;
    for a in &g.attrs {
        let value = a.value.as_ref().map(|v| &v.node);
        match (a.key.node.as_str(), value) {
            ("addr_space", Some(ast::AttrValue::Int(v, _))) if v == "0" => {}
            ("dso_local", None) => {}
            ("alignment", Some(ast::AttrValue::Int(v, _))) => match crate::builder::parse_int(v) {
                Some(n) if n > 0 && n <= 1 << 32 && (n as u64).is_power_of_two() => {
                    alignment = Some(n as u64)
                }
                _ => {
                    diags.push(Diagnostic::error(
                        "verify.global",
                        a.key.span,
                        format!("a global's alignment must be a power of two, found `{v}`"),
                    ));
                    return None;
                }
            },
            (key, _) => {
                diags.push(unsupported(
                    a.key.span,
                    format!(
                        "attribute `{key}` of an `llvm.mlir.global` is not supported (kiln reads `addr_space = 0`, `alignment` and `dso_local`)"
                    ),
                ));
                return None;
            }
        }
    }
    // The type: written, or a string's `!llvm.array<N x i8>`.
    let written = match &g.ty {
        Some(t) => match llvm_type(t) {
            Ok(t) => Some(t),
            Err(e) => {
                diags.push(Diagnostic::error("type.unknown", t.span(), e));
                return None;
            }
        },
        None => None,
    };
    let bytes = match g.value.as_ref().map(|v| &v.node) {
        Some(ast::AttrValue::Str(s)) => Some(string_bytes(s)),
        _ => None,
    };
    let ty = match (written, &bytes) {
        (Some(t), _) => t,
        (None, Some(b)) => LlvmType::Array(b.len() as u64, Box::new(LlvmType::Scalar(Scalar::I8))),
        (None, None) => {
            diags.push(Diagnostic::error(
                "verify.global",
                g.name.span,
                format!("`@{}` needs a type (`: T` after the value)", g.name.node),
            ));
            return None;
        }
    };
    let type_span = g.ty.as_ref().map_or(g.name.span, ast::Type::span);
    let Some((shape, elem)) = global_shape(&ty) else {
        diags.push(unsupported(
            type_span,
            format!("kiln's `llvm.mlir.global`s hold scalars and arrays of scalars, not `{ty}`"),
        ));
        return None;
    };
    let count = shape
        .iter()
        .try_fold(1u64, |n, d| n.checked_mul(d.unwrap_or(0) as u64));
    if count.is_none_or(|n| n > MAX_ELEMENTS) {
        diags.push(unsupported(
            type_span,
            "kiln defines globals of at most 2^28 elements",
        ));
        return None;
    }
    let memref = MemRefType {
        shape: shape.clone(),
        elem,
        layout: Layout::Identity,
    };
    let dense_init = match &g.dense {
        None => None,
        Some(d) => {
            if g.ty.is_none() {
                diags.push(Diagnostic::error(
                    "verify.global",
                    d.span,
                    format!(
                        "`@{}` needs its type (`: !llvm.array<...>`) after the value",
                        g.name.node
                    ),
                ));
                return None;
            }
            let dims: Option<Vec<Option<i64>>> = d
                .dims
                .iter()
                .map(|x| {
                    x.node
                        .as_ref()
                        .and_then(|n| n.parse::<i64>().ok())
                        .map(Some)
                })
                .collect();
            let tensor_elem = llvm_type(&d.elem).ok();
            if d.tensor.node != "tensor"
                || dims.as_ref() != Some(&shape)
                || tensor_elem != Some(LlvmType::Scalar(elem))
            {
                diags.push(Diagnostic::error(
                    "verify.type-mismatch",
                    d.span,
                    format!(
                        "the value of `@{}` is a `tensor<{}{elem}>`, the shape of `{ty}`",
                        g.name.node,
                        shape
                            .iter()
                            .map(|n| format!("{}x", n.unwrap_or(0)))
                            .collect::<String>()
                    ),
                ));
                return None;
            }
            let init = match &d.init {
                ast::GlobalInit::Dense(w, v) if w.node == "dense" => {
                    crate::globals::dense(v, &memref, diags)?
                }
                ast::GlobalInit::DenseHex(w, h) if w.node == "dense" => {
                    crate::globals::dense_hex(h, &memref, diags)?
                }
                ast::GlobalInit::Dense(w, _)
                | ast::GlobalInit::DenseHex(w, _)
                | ast::GlobalInit::Word(w) => {
                    diags.push(unsupported(
                        w.span,
                        format!(
                            "`{}<...>` is not a value kiln reads; expected `dense<...>`",
                            w.node
                        ),
                    ));
                    return None;
                }
            };
            Some(init)
        }
    };
    let init = match (dense_init, &g.value, bytes) {
        (Some(init), _, _) => init,
        (None, None, _) if linkage == "external" => GlobalInit::External,
        (None, None, _) => {
            diags.push(Diagnostic::error(
                "verify.global",
                g.name.span,
                format!("`@{}` has `{linkage}` linkage but no value", g.name.node),
            ));
            return None;
        }
        (None, Some(v), Some(bytes)) => {
            if ty != LlvmType::Array(bytes.len() as u64, Box::new(LlvmType::Scalar(Scalar::I8))) {
                diags.push(Diagnostic::error(
                    "verify.type-mismatch",
                    v.span,
                    format!(
                        "a string of {} bytes initializes `!llvm.array<{} x i8>`, not `{ty}`",
                        bytes.len(),
                        bytes.len()
                    ),
                ));
                return None;
            }
            GlobalInit::Elements(
                bytes
                    .iter()
                    .map(|b| Literal::Int(crate::ir::IntBits::from(u64::from(*b))))
                    .collect(),
            )
        }
        (None, Some(v), None) if !shape.is_empty() => {
            diags.push(unsupported(
                v.span,
                format!("an array global (`{ty}`) is initialized by a string or `dense<...> : tensor<...>`; a number initializes a global of scalar type"),
            ));
            return None;
        }
        (None, Some(v), None) => {
            let literal = match &v.node {
                ast::AttrValue::Int(t, _) => ast::Literal::Int(t.clone()),
                ast::AttrValue::Float(t, _) => ast::Literal::Float(t.clone()),
                ast::AttrValue::Bool(b) => ast::Literal::Bool(*b),
                _ => {
                    diags.push(unsupported(
                        v.span,
                        "kiln reads an `llvm.mlir.global`'s value as a string, an integer, a float or a boolean",
                    ));
                    return None;
                }
            };
            if let ast::AttrValue::Int(_, Some(t)) | ast::AttrValue::Float(_, Some(t)) = &v.node {
                if llvm_type(t).ok() != Some(LlvmType::Scalar(elem)) {
                    diags.push(Diagnostic::error(
                        "verify.type-mismatch",
                        t.span(),
                        format!("the value's type must be the global's element type `{elem}`"),
                    ));
                    return None;
                }
            }
            let lit = resolve_literal(&Spanned::new(literal, v.span), &Type::Scalar(elem), diags)?;
            GlobalInit::Splat(lit)
        }
    };
    Some(Global {
        name: g.name.node.clone(),
        visibility: if linkage == "external" {
            Visibility::Public
        } else {
            Visibility::Private
        },
        linkage: Some(linkage.to_string()),
        constant,
        ty: memref,
        init,
        alignment,
        span: g.span,
        name_span: g.name.span,
    })
}

fn linkage_name(w: &str) -> &'static str {
    match w {
        "internal" => "internal",
        "private" => "private",
        _ => "external",
    }
}

/// The LLVM type an `llvm.mlir.global` holds (`!llvm.array<14 x i8>`, `i32`).
pub fn global_llvm_type(g: &Global) -> LlvmType {
    g.ty.shape
        .iter()
        .rev()
        .fold(LlvmType::Scalar(g.ty.elem), |t, d| {
            LlvmType::Array(d.unwrap_or(0) as u64, Box::new(t))
        })
}

/// Whether an operation names something of the module's LLVM items (its checks depend on
/// them).
pub fn uses_llvm_items(kind: &OpKind) -> bool {
    matches!(kind, OpKind::AddressOf { .. } | OpKind::LlvmCall { .. })
}

/// Checks one function's `llvm.mlir.addressof`s and `llvm.call`s against the module's
/// globals and `llvm.func`s: each names one, and a call's arguments and result have the
/// callee's types. Diagnostics use the function's spans.
pub fn check_llvm_uses(
    function: &Function,
    globals: &[Global],
    externs: &[LlvmFunc],
) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let Some(body) = &function.body else {
        return diags;
    };
    for op in body.blocks.iter().flat_map(|b| &b.ops) {
        match &op.kind {
            OpKind::AddressOf { global } => match globals.iter().find(|g| &g.name == global) {
                Some(g) if g.linkage.is_some() => {}
                Some(_) => diags.push(Diagnostic::error(
                    "verify.undefined-global",
                    op.span,
                    format!("`llvm.mlir.addressof` of `@{global}`, a `memref.global`: its memory is reached with `memref.get_global`"),
                )),
                None if externs.iter().any(|f| &f.name == global && !f.ty.vararg) => {}
                None if externs.iter().any(|f| &f.name == global) => diags.push(unsupported(
                    op.span,
                    format!("`llvm.mlir.addressof` of the variadic `@{global}` is not supported; kiln takes the address of `llvm.mlir.global`s and of `llvm.func`s with fixed parameters"),
                )),
                None => diags.push(Diagnostic::error(
                    "verify.undefined-global",
                    op.span,
                    format!("`llvm.mlir.addressof` of `@{global}`, which is not an `llvm.mlir.global` or `llvm.func` of this module"),
                )),
            },
            OpKind::LlvmCall { callee, vararg } => {
                let Some(f) = externs.iter().find(|f| &f.name == callee) else {
                    diags.push(Diagnostic::error(
                        "verify.undefined-function",
                        op.span,
                        format!("`llvm.call` of `@{callee}`, which is not an `llvm.func` of this module (a `func.func` is called with `func.call`)"),
                    ));
                    continue;
                };
                let args: Vec<&Type> = op.operands.iter().map(|v| body.ty(*v)).collect();
                let results: Vec<&Type> = op.results.iter().map(|v| body.ty(*v)).collect();
                if f.ty.vararg && vararg.as_deref() != Some(&f.ty) {
                    diags.push(Diagnostic::error(
                        "verify.call",
                        op.span,
                        format!(
                            "`@{callee}` is variadic: its call states `vararg({})`",
                            f.ty
                        ),
                    ));
                    continue;
                }
                if !f.ty.vararg && vararg.is_some() {
                    diags.push(Diagnostic::error(
                        "verify.call",
                        op.span,
                        format!("`@{callee}` is not variadic, but its call states `vararg(...)`"),
                    ));
                    continue;
                }
                let count_ok = if f.ty.vararg {
                    args.len() >= f.ty.params.len()
                } else {
                    args.len() == f.ty.params.len()
                };
                if !count_ok {
                    diags.push(Diagnostic::error(
                        "verify.call",
                        op.span,
                        format!(
                            "`@{callee}` takes {}{} argument{}, the call passes {}",
                            if f.ty.vararg { "at least " } else { "" },
                            f.ty.params.len(),
                            if f.ty.params.len() == 1 { "" } else { "s" },
                            args.len()
                        ),
                    ));
                    continue;
                }
                for (i, (p, a)) in f.ty.params.iter().zip(&args).enumerate() {
                    if &Type::of_llvm(p) != *a {
                        diags.push(Diagnostic::error(
                            "verify.type-mismatch",
                            op.operand_spans.get(i).copied().unwrap_or(op.span),
                            format!("argument {i} of `@{callee}` has type `{p}`, not `{a}`"),
                        ));
                    }
                }
                let expected: Vec<Type> = f.ty.result.iter().map(Type::of_llvm).collect();
                if results.len() != expected.len() || results.iter().zip(&expected).any(|(r, e)| *r != e) {
                    diags.push(Diagnostic::error(
                        "verify.type-mismatch",
                        op.span,
                        format!(
                            "`@{callee}` returns {}, the call's result is {}",
                            f.ty.result.as_ref().map_or("nothing".to_string(), |t| format!("`{t}`")),
                            match results.as_slice() {
                                [] => "nothing".to_string(),
                                rs => format!("`{}`", crate::types::comma_list(rs)),
                            }
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    diags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_decode_mlir_escapes() {
        assert_eq!(string_bytes("a\\0A\\00"), b"a\n\0");
        assert_eq!(string_bytes("\\\\ \\\" \\n\\t"), b"\\ \" \n\t");
    }
}
