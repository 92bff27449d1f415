//! Where a function's parameter and result attributes land once its signature is lowered.
//!
//! MLIR's func-to-LLVM conversion keeps a parameter's attributes when the parameter
//! becomes exactly one LLVM parameter (a scalar, a bare pointer, a C wrapper's descriptor
//! pointer) and drops them when it becomes several (a memref's descriptor fields); it
//! keeps a result's attributes when the function has one result and returns it (a
//! descriptor struct too), and drops them when results are packed or passed through an
//! out-pointer. kiln does the same, reading how many LLVM parameters each source
//! parameter became from the lowered terms the encoder added for it
//! ([`crate::egraph::encode::AttrSignature`]): the conventions stay in the rules.

use crate::lowered::{Operand, ParamAttr, SignatureAttrs, TargetOp};
use kiln_frontend::ir::{Attrs, Function};
use kiln_frontend::llvm_attrs::{self, AttrTypes};
use kiln_frontend::llvm_types::{self, LlvmType};
use kiln_frontend::{Diagnostic, Span};

/// What placing one signature's attributes found.
pub struct Placement {
    /// The attributes where they land.
    pub attrs: SignatureAttrs,
    /// Errors (an attribute on an LLVM type it cannot apply to) and warnings (attributes
    /// dropped because their parameter became several).
    pub diagnostics: Vec<Diagnostic>,
}

/// Places `f`'s attributes on the lowered signature `whole`, given each parameter's
/// signature lowered alone (`params`). `warn_dropped` reports attributes a parameter or
/// result loses (for the variant that is the function itself, when no C wrapper places
/// them).
pub fn place(
    f: &Function,
    whole: &Operand,
    params: &[Operand],
    warn_dropped: bool,
    span: Span,
) -> Placement {
    let mut out = Placement {
        attrs: SignatureAttrs::default(),
        diagnostics: Vec::new(),
    };
    let Some((ret, lowered)) = signature_parts(whole) else {
        out.diagnostics.push(internal(span, whole));
        return out;
    };
    let mut counts = Vec::with_capacity(params.len());
    for p in params {
        match signature_parts(p) {
            Some((_, list)) => counts.push(list.len()),
            None => {
                out.diagnostics.push(internal(span, p));
                return out;
            }
        }
    }
    // LLVM parameters no source parameter accounts for (a C wrapper's out-pointer for its
    // results) come first.
    let Some(mut at) = lowered.len().checked_sub(counts.iter().sum()) else {
        out.diagnostics.push(internal(span, whole));
        return out;
    };
    for (i, count) in counts.iter().enumerate() {
        let attrs = f.arg_attrs.get(i);
        if let Some(attrs) = attrs.filter(|a| !a.is_empty()) {
            let place = format!("parameter {i}");
            if *count == 1 {
                let landed = land(
                    f,
                    span,
                    &place,
                    attrs,
                    llvm_attrs::parameter_attr,
                    &lowered[at],
                    &mut out.diagnostics,
                );
                out.attrs
                    .params
                    .extend(landed.into_iter().map(|a| (at as u32, a)));
            } else if warn_dropped && known(attrs, llvm_attrs::parameter_attr).next().is_some() {
                out.diagnostics
                    .push(dropped(f, span, &place, attrs, *count));
            }
        }
        at += count;
    }
    let result = f.result_attrs.first().filter(|a| !a.is_empty());
    if let Some(attrs) = result {
        let returned = !matches!(ret.as_node(), Some((TargetOp::Void, _)));
        if f.ty.results.len() == 1 && returned {
            out.attrs.result = land(
                f,
                span,
                "result 0",
                attrs,
                llvm_attrs::result_attr,
                ret,
                &mut out.diagnostics,
            );
        }
    }
    if warn_dropped && f.ty.results.len() > 1 {
        for (i, attrs) in f.result_attrs.iter().enumerate() {
            if known(attrs, llvm_attrs::result_attr).next().is_some() {
                out.diagnostics.push(
                    Diagnostic::warning(
                        "lower.attribute-dropped",
                        span,
                        format!(
                            "the attributes of result {i} of `@{}` are dropped: its {} results are returned packed in one struct",
                            f.name,
                            f.ty.results.len()
                        ),
                    )
                    .with_note("MLIR 19 drops them the same way"),
                );
            }
        }
    }
    out
}

/// The attributes of an `llvm.func` declaration, on the parameters as written (its
/// signature is its LLVM signature). The frontend has checked them as a `func.func`'s.
pub fn declared(f: &kiln_frontend::ir::LlvmFunc) -> SignatureAttrs {
    let mut out = SignatureAttrs::default();
    for (i, (attrs, ty)) in f.arg_attrs.iter().zip(&f.ty.params).enumerate() {
        let ty = type_term(ty);
        let landed = fitting(attrs, llvm_attrs::parameter_attr, &ty);
        out.params.extend(landed.map(|a| (i as u32, a)));
    }
    if let Some(ret) = &f.ty.result {
        let ty = type_term(ret);
        out.result = fitting(&f.result_attrs, llvm_attrs::result_attr, &ty).collect();
    }
    out
}

/// The implemented attributes of `attrs` that apply to the LLVM type `ty`, those that do
/// not left out.
fn fitting<'a>(
    attrs: &'a Attrs,
    lookup: fn(&str) -> Option<&'static llvm_attrs::KnownAttr>,
    ty: &'a Operand,
) -> impl Iterator<Item = ParamAttr> + 'a {
    known(attrs, lookup)
        .filter(|(a, _, _)| fits(a.types, ty))
        .map(|(a, value, held)| ParamAttr {
            name: a.name,
            value,
            ty: held,
        })
}

/// The implemented attributes of `attrs` that apply to the LLVM type `ty` they land on;
/// an error in `diagnostics` for each other.
fn land(
    f: &Function,
    span: Span,
    place: &str,
    attrs: &Attrs,
    lookup: fn(&str) -> Option<&'static llvm_attrs::KnownAttr>,
    ty: &Operand,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ParamAttr> {
    for (a, _, _) in known(attrs, lookup).filter(|(a, _, _)| !fits(a.types, ty)) {
        diagnostics.push(mismatch(f, span, place, a.name, ty));
    }
    fitting(attrs, lookup, ty).collect()
}

/// The return type and parameter types of a lowered `(llvm.sig RET [PARAMS])`.
fn signature_parts(sig: &Operand) -> Option<(&Operand, &[Operand])> {
    match sig.as_node() {
        Some((TargetOp::Sig, [ret, params])) => Some((ret, params.as_list()?)),
        _ => None,
    }
}

/// The implemented attributes of `attrs` (the checker has refused every other `llvm.*`
/// one) with their values: an integer, or the term of the LLVM type a type attribute
/// holds.
fn known<'a>(
    attrs: &'a Attrs,
    lookup: fn(&str) -> Option<&'static llvm_attrs::KnownAttr>,
) -> impl Iterator<Item = (&'static llvm_attrs::KnownAttr, Option<u64>, Option<Operand>)> + 'a {
    attrs.0.iter().filter_map(move |(key, value)| {
        let a = lookup(key)?;
        if a.value == llvm_attrs::AttrValue::Type {
            // The checker has read the type; what it refused never gets here.
            let held = value.as_deref().and_then(|v| llvm_types::parse(v).ok());
            return Some((a, None, held.as_ref().map(type_term)));
        }
        let value = value.as_deref().and_then(|v| {
            let number = v.split(':').next().unwrap_or(v).trim();
            kiln_frontend::builder::parse_int(number).and_then(|n| u64::try_from(n).ok())
        });
        Some((a, value, None))
    })
}

/// The lowered type term of an LLVM type a source attribute holds.
fn type_term(t: &LlvmType) -> Operand {
    let leaf = |op| Operand::Node(op, Vec::new());
    match t {
        // Named as the encoder names a scalar type: `(llvm.int N)` for a width without a
        // name, else the type's own name (`index`, which the checker refuses in an LLVM
        // type, would be `i64`).
        LlvmType::Scalar(s) => match crate::egraph::term::unnamed_int_width(*s) {
            Some(n) => Operand::Node(TargetOp::Int, vec![Operand::Int(n)]),
            None => leaf(TargetOp::from_name(s.name()).unwrap_or(TargetOp::I64)),
        },
        LlvmType::Ptr => leaf(TargetOp::Ptr),
        LlvmType::Array(n, e) => {
            Operand::Node(TargetOp::Array, vec![Operand::Int(*n as i64), type_term(e)])
        }
        LlvmType::Struct(fields) => Operand::Node(
            TargetOp::Struct,
            vec![Operand::List(fields.iter().map(type_term).collect())],
        ),
    }
}

/// Whether an attribute for `types` applies to the LLVM type `ty`.
fn fits(types: AttrTypes, ty: &Operand) -> bool {
    let op = ty.as_node().map(|(op, _)| op);
    match types {
        AttrTypes::Any => true,
        AttrTypes::Pointer => op == Some(TargetOp::Ptr),
        AttrTypes::Integer => matches!(
            op,
            Some(
                TargetOp::I1
                    | TargetOp::I8
                    | TargetOp::I16
                    | TargetOp::I32
                    | TargetOp::I64
                    | TargetOp::I128
            )
        ),
    }
}

fn mismatch(f: &Function, span: Span, place: &str, name: &str, ty: &Operand) -> Diagnostic {
    Diagnostic::error(
        "verify.llvm-attribute",
        span,
        format!(
            "`llvm.{name}` on {place} of `@{}` lands on the LLVM type `{ty}`, which it cannot apply to",
            f.name
        ),
    )
    .with_note("MLIR 19 refuses it the same way (\"attribute attached to non-pointer LLVM type\")")
}

fn dropped(f: &Function, span: Span, place: &str, attrs: &Attrs, count: usize) -> Diagnostic {
    let names: Vec<String> = attrs
        .0
        .iter()
        .filter(|(k, _)| llvm_attrs::parameter_attr(k).is_some())
        .map(|(k, _)| format!("`{k}`"))
        .collect();
    Diagnostic::warning(
        "lower.attribute-dropped",
        span,
        format!(
            "{} on {place} of `@{}` {} dropped: the parameter is passed as {count} LLVM parameters",
            names.join(", "),
            f.name,
            if names.len() == 1 { "is" } else { "are" }
        ),
    )
    .with_note("MLIR 19 drops them the same way; a bare-pointer function (`llvm.bareptr`) or a C wrapper (`llvm.emit_c_interface`) passes a memref as one pointer, which keeps them")
}

fn internal(span: Span, term: &Operand) -> Diagnostic {
    Diagnostic::error(
        "lower.internal",
        span,
        format!("cannot place parameter attributes: `{term}` is not a lowered signature"),
    )
}
