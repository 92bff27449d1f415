//! Attributes that would change the LLVM function MLIR emits, checked so that no attribute
//! changes the ABI silently.
//!
//! MLIR's func-to-LLVM conversion gives a meaning to `llvm.*` attributes: on a function
//! (`llvm.linkage`, `llvm.noinline`, ...), on a parameter (`llvm.noalias`, `llvm.align`,
//! `llvm.byval`, ...) and on a result (`llvm.zeroext`, ...); each changes the function
//! LLVM sees, and some change how it is called. kiln implements three function attributes
//! (`llvm.emit_c_interface`, `rules/c_interface.rules`; `llvm.bareptr`,
//! `rules/bare_ptr.rules`; `llvm.linkage`) and the parameter and result attributes of
//! [`PARAMETER`] and [`RESULT`], which the lowering places where MLIR does (on the LLVM
//! parameter a source parameter becomes, when it becomes one). Every other `llvm.*`
//! attribute is an error at the attribute, so a program never gets a different ABI from kiln
//! than from MLIR without being told. `func.varargs` (unless `false`) is refused the same
//! way: MLIR makes such a function variadic (`llvm.func @f(i32, ...)`), a different
//! signature from the one kiln would emit.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::types::FunctionType;
use crate::types::Type;

pub use crate::ops::LINKAGES;

/// The `llvm.*` function attributes kiln implements.
pub const IMPLEMENTED: &[&str] = &["llvm.emit_c_interface", "llvm.bareptr", "llvm.linkage"];

/// Attributes outside the `llvm.` namespace that MLIR's conversion still gives a meaning,
/// refused like the `llvm.*` ones: `func.varargs` (an ABI), and the attributes of MLIR 19's
/// `llvm.func` that `convert-func-to-llvm` carries over and kiln does not implement.
pub const REFUSED: &[&str] = &[
    "func.varargs",
    "frame_pointer",
    "target_cpu",
    "tune_cpu",
    "target_features",
    "memory",
    "vscale_range",
    "section",
    "personality",
    "garbageCollector",
    "comdat",
    "unsafe_fp_math",
    "no_infs_fp_math",
    "no_nans_fp_math",
    "approx_func_fp_math",
    "no_signed_zeros_fp_math",
    "denormal_fp_math",
    "denormal_fp_math_f32",
    "fp_contract",
    "visibility_",
    "unnamed_addr",
    "dso_local",
    "alignment",
];

/// The unit attributes of MLIR 19's `llvm.func` kiln implements on a function (carried over
/// by `convert-func-to-llvm` under the same name), with the LLVM function attribute each is.
pub const FUNCTION_UNIT: &[(&str, &str)] = &[
    ("no_inline", "noinline"),
    ("always_inline", "alwaysinline"),
    ("optimize_none", "optnone"),
    ("no_unwind", "nounwind"),
    ("will_return", "willreturn"),
    ("convergent", "convergent"),
];

/// The LLVM function attributes without a value that `passthrough` may name (LLVM 19's).
pub const PASSTHROUGH_ENUM: &[&str] = &[
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "disable_sanitizer_instrumentation",
    "hot",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nobuiltin",
    "nocallback",
    "noduplicate",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosync",
    "nounwind",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optnone",
    "optsize",
    "returns_twice",
    "safestack",
    "sanitize_address",
    "sanitize_hwaddress",
    "sanitize_memory",
    "sanitize_thread",
    "shadowcallstack",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "willreturn",
];

/// Whether text is safe inside a `passthrough` string as kiln keeps it (no quote or
/// escape to undo).
fn plain(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'+' | b','))
}

/// Checks a function's `passthrough` attribute: a list of LLVM attribute names and
/// `[key, value]` string pairs.
fn check_passthrough(attr: &ast::Attr, out: &mut Vec<Diagnostic>) {
    let err = |span, m: String, out: &mut Vec<Diagnostic>| {
        out.push(Diagnostic::error("verify.llvm-attribute", span, m));
    };
    let Some(v) = &attr.value else {
        err(attr.key.span, "`passthrough` is a list of LLVM attributes (`passthrough = [\"noinline\", [\"frame-pointer\", \"all\"]]`)".to_string(), out);
        return;
    };
    let ast::AttrValue::Array(items) = &v.node else {
        err(v.span, "`passthrough` is a list of LLVM attributes (`passthrough = [\"noinline\", [\"frame-pointer\", \"all\"]]`)".to_string(), out);
        return;
    };
    for item in items {
        match &item.node {
            ast::AttrValue::Str(s) if PASSTHROUGH_ENUM.contains(&s.as_str()) => {}
            ast::AttrValue::Str(s) => err(
                item.span,
                format!("`{s}` is not an LLVM function attribute kiln passes through without a value"),
                out,
            ),
            ast::AttrValue::Array(kv) => match kv.as_slice() {
                [k, v] if matches!((&k.node, &v.node), (ast::AttrValue::Str(a), ast::AttrValue::Str(b)) if plain(a) && plain(b)) => {}
                _ => err(
                    item.span,
                    "a `passthrough` pair is two strings, `[\"key\", \"value\"]`, of letters, digits and `_-.+,`".to_string(),
                    out,
                ),
            },
            _ => err(
                item.span,
                "a `passthrough` entry is an attribute name or a `[\"key\", \"value\"]` pair".to_string(),
                out,
            ),
        }
    }
}

/// The LLVM function attributes a checked function's attributes ask for, in order: each
/// name, with its value for a string attribute (`frame-pointer` = `all`).
pub fn function_attributes(attrs: &crate::ir::Attrs) -> Vec<(String, Option<String>)> {
    fn push(out: &mut Vec<(String, Option<String>)>, k: &str, v: Option<&str>) {
        if !out.iter().any(|(n, _)| n == k) {
            out.push((k.to_string(), v.map(str::to_string)));
        }
    }
    let mut out = Vec::new();
    for (key, value) in attrs.0.iter() {
        if let Some((_, llvm)) = FUNCTION_UNIT.iter().find(|(k, _)| k == key) {
            push(&mut out, llvm, None);
        }
        if key == "passthrough" {
            // The rendered list (`["noinline", ["frame-pointer", "all"]]`), whose strings
            // the check keeps free of quotes and escapes: a string at depth 1 is an
            // attribute, two strings in a list at depth 2 a pair.
            let text = value.as_deref().unwrap_or_default();
            let (mut depth, mut pair): (i32, Vec<&str>) = (0, Vec::new());
            let mut parts = text.split('"');
            let mut outside = parts.next();
            while let Some(o) = outside {
                for c in o.chars() {
                    match c {
                        '[' => depth += 1,
                        ']' => {
                            if depth == 2 {
                                if let [k, v] = pair.as_slice() {
                                    push(&mut out, k, Some(v));
                                }
                                pair.clear();
                            }
                            depth -= 1;
                        }
                        _ => {}
                    }
                }
                match parts.next() {
                    Some(word) if depth == 1 => push(&mut out, word, None),
                    Some(word) => pair.push(word),
                    None => break,
                }
                outside = parts.next();
            }
        }
    }
    out
}

/// What an implemented parameter or result attribute holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrValue {
    /// A unit attribute: `{llvm.noalias}`.
    Unit,
    /// An integer: `{llvm.align = 16 : i64}`.
    Int,
    /// An integer that is a power of two: alignments.
    PowerOfTwo,
    /// An LLVM type: `{llvm.byval = !llvm.struct<(i64, i64, i64)>}`, the type of the memory
    /// the pointer parameter stands for.
    Type,
}

/// Which LLVM types an attribute may be attached to, as LLVM's verifier has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrTypes {
    /// Pointers only (`noalias`, `align`, `nonnull`, ...).
    Pointer,
    /// Integers only (`signext`, `zeroext`).
    Integer,
    /// Any type (`noundef`, `inreg`).
    Any,
}

/// One parameter or result attribute kiln implements: its name without `llvm.`, its value
/// and the types it applies to. The LLVM attribute has the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownAttr {
    /// The name after `llvm.` (and LLVM's own name for the attribute).
    pub name: &'static str,
    /// What it holds.
    pub value: AttrValue,
    /// The LLVM types it applies to.
    pub types: AttrTypes,
}

const fn attr(name: &'static str, value: AttrValue, types: AttrTypes) -> KnownAttr {
    KnownAttr { name, value, types }
}

/// The parameter attributes kiln implements: MLIR 19's `LLVMDialect` argument attributes,
/// but `llvm.elementtype`, which LLVM allows on the arguments of intrinsics and inline
/// assembly only (its verifier refuses it on a function's parameter).
pub const PARAMETER: &[KnownAttr] = &[
    attr("align", AttrValue::PowerOfTwo, AttrTypes::Pointer),
    attr("alignstack", AttrValue::PowerOfTwo, AttrTypes::Any),
    attr("allocalign", AttrValue::Unit, AttrTypes::Integer),
    attr("allocptr", AttrValue::Unit, AttrTypes::Pointer),
    attr("byref", AttrValue::Type, AttrTypes::Pointer),
    attr("byval", AttrValue::Type, AttrTypes::Pointer),
    attr("dereferenceable", AttrValue::Int, AttrTypes::Pointer),
    attr(
        "dereferenceable_or_null",
        AttrValue::Int,
        AttrTypes::Pointer,
    ),
    attr("immarg", AttrValue::Unit, AttrTypes::Any),
    attr("inalloca", AttrValue::Type, AttrTypes::Pointer),
    attr("inreg", AttrValue::Unit, AttrTypes::Any),
    attr("nest", AttrValue::Unit, AttrTypes::Pointer),
    attr("noalias", AttrValue::Unit, AttrTypes::Pointer),
    attr("nocapture", AttrValue::Unit, AttrTypes::Pointer),
    attr("nofree", AttrValue::Unit, AttrTypes::Pointer),
    attr("nonnull", AttrValue::Unit, AttrTypes::Pointer),
    attr("noundef", AttrValue::Unit, AttrTypes::Any),
    attr("preallocated", AttrValue::Type, AttrTypes::Pointer),
    attr("readnone", AttrValue::Unit, AttrTypes::Pointer),
    attr("readonly", AttrValue::Unit, AttrTypes::Pointer),
    attr("returned", AttrValue::Unit, AttrTypes::Any),
    attr("signext", AttrValue::Unit, AttrTypes::Integer),
    attr("sret", AttrValue::Type, AttrTypes::Pointer),
    attr("swiftasync", AttrValue::Unit, AttrTypes::Pointer),
    attr("swifterror", AttrValue::Unit, AttrTypes::Pointer),
    attr("swiftself", AttrValue::Unit, AttrTypes::Pointer),
    attr("writeonly", AttrValue::Unit, AttrTypes::Pointer),
    attr("zeroext", AttrValue::Unit, AttrTypes::Integer),
];

/// The result attributes kiln implements: those LLVM allows on a return value.
pub const RESULT: &[&str] = &[
    "align",
    "dereferenceable",
    "dereferenceable_or_null",
    "inreg",
    "noalias",
    "nonnull",
    "noundef",
    "signext",
    "zeroext",
];

/// The implemented parameter attribute `key` names (`llvm.noalias`), if any.
pub fn parameter_attr(key: &str) -> Option<&'static KnownAttr> {
    let name = key.strip_prefix("llvm.")?;
    PARAMETER.iter().find(|a| a.name == name)
}

/// The implemented result attribute `key` names, if any.
pub fn result_attr(key: &str) -> Option<&'static KnownAttr> {
    parameter_attr(key).filter(|a| RESULT.contains(&a.name))
}

/// Whether a value of source type `ty` can carry an attribute for `types` once lowered:
/// scalars stay scalars (never pointers), and memrefs become pointers or descriptors
/// (never integers). Whether a memref's lowering is one pointer is the lowering's to
/// check.
fn may_apply(types: AttrTypes, ty: &Type) -> bool {
    match types {
        AttrTypes::Any => true,
        AttrTypes::Pointer => !matches!(ty, Type::Scalar(_)),
        AttrTypes::Integer => ty.is_integer(),
    }
}

/// The value an attribute of kind `value` holds, checked: `None` for a unit attribute.
fn attr_value(attr: &ast::Attr, value: AttrValue) -> Result<Option<u64>, String> {
    let key = &attr.key.node;
    let written = attr.value.as_ref().map(|v| &v.node);
    match (value, written) {
        (AttrValue::Unit, None) => Ok(None),
        (AttrValue::Unit, Some(ast::AttrValue::Bool(true))) => Ok(None),
        (AttrValue::Unit, Some(_)) => {
            Err(format!("`{key}` is a unit attribute and takes no value"))
        }
        (AttrValue::Type, Some(ast::AttrValue::Type(t))) => match crate::llvm_types::llvm_type(t) {
            Ok(_) => Ok(None),
            Err(e) => Err(format!(
                "`{key}` holds the LLVM type of the memory the pointer stands for: {e}"
            )),
        },
        (AttrValue::Type, _) => Err(format!(
            "`{key}` holds an LLVM type (`{key} = !llvm.struct<(i64, i64, i64)>`)"
        )),
        (_, Some(ast::AttrValue::Int(text, _))) => {
            let n = crate::builder::parse_int(text)
                .filter(|n| (0..=i128::from(u64::MAX)).contains(n))
                .map(|n| n as u64)
                .ok_or_else(|| format!("`{key}` must be a non-negative integer, not `{text}`"))?;
            if value == AttrValue::PowerOfTwo && !n.is_power_of_two() {
                return Err(format!("`{key}` must be a power of two, not {n}"));
            }
            Ok(Some(n))
        }
        _ => Err(format!("`{key}` must be an integer (`{key} = 16 : i64`)")),
    }
}

/// Errors for every `llvm.*` attribute (and every one in [`REFUSED`]) of `func` that kiln
/// does not implement, and for implemented parameter and result attributes with a wrong
/// value or on a type they cannot apply to.
pub fn check(func: &ast::Func, ty: &FunctionType) -> Vec<Diagnostic> {
    let name = &func.name.node;
    let mut out = Vec::new();
    let refuse = |attr: &ast::Attr, place: &str, out: &mut Vec<Diagnostic>| {
        let key = &attr.key.node;
        if !key.starts_with("llvm.") && !REFUSED.contains(&key.as_str()) {
            return;
        }
        // `"func.varargs" = false` asks for nothing MLIR would do differently.
        let is_false = matches!(
            attr.value.as_ref().map(|v| &v.node),
            Some(ast::AttrValue::Bool(false))
        );
        if key == "func.varargs" && is_false {
            return;
        }
        out.push(
            Diagnostic::error(
                "verify.llvm-attribute",
                attr.key.span,
                format!(
                    "`{key}` on {place} of `@{name}` would change the LLVM function MLIR emits, and kiln does not implement it"
                ),
            )
            .with_note(format!(
                "kiln implements the function attributes {}, the parameter attributes {} and the result attributes {}; any other `llvm.*` attribute (and `func.varargs` and the `llvm.func` attributes it does not implement) is refused rather than dropped",
                IMPLEMENTED
                    .iter()
                    .copied()
                    .chain(FUNCTION_UNIT.iter().map(|(k, _)| *k))
                    .chain(["passthrough"])
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                PARAMETER.iter().map(|a| format!("`llvm.{}`", a.name)).collect::<Vec<_>>().join(", "),
                RESULT.iter().map(|a| format!("`llvm.{a}`")).collect::<Vec<_>>().join(", "),
            )),
        );
    };
    let implemented = |attr: &ast::Attr,
                       known: &KnownAttr,
                       place: &str,
                       ty: Option<&Type>,
                       out: &mut Vec<Diagnostic>| {
        let key = &attr.key.node;
        if let Err(message) = attr_value(attr, known.value) {
            let span = attr.value.as_ref().map_or(attr.key.span, |v| v.span);
            out.push(Diagnostic::error("verify.llvm-attribute", span, message));
        }
        if let Some(ty) = ty.filter(|t| !may_apply(known.types, t)) {
            let what = match known.types {
                AttrTypes::Pointer => "a pointer",
                AttrTypes::Integer => "an integer",
                AttrTypes::Any => "a value",
            };
            out.push(Diagnostic::error(
                "verify.llvm-attribute",
                attr.key.span,
                format!("`{key}` on {place} of `@{name}` needs {what} in LLVM, and `{ty}` does not become one"),
            ));
        }
    };
    for attr in &func.attrs {
        let key = attr.key.node.as_str();
        if key == "passthrough" {
            check_passthrough(attr, &mut out);
        } else if FUNCTION_UNIT.iter().any(|(k, _)| *k == key) {
            if attr.value.is_some() {
                out.push(Diagnostic::error(
                    "verify.llvm-attribute",
                    attr.key.span,
                    format!("`{key}` is a unit attribute"),
                ));
            }
        } else if !IMPLEMENTED.contains(&key) {
            refuse(attr, "the function", &mut out);
        }
    }
    // As MLIR 19's verifier: LLVM's `optnone` needs `noinline` beside it.
    let mut rendered = crate::ir::Attrs::default();
    for a in &func.attrs {
        let v = a
            .value
            .as_ref()
            .map(|v| crate::builder::render_attr(&v.node));
        rendered.0.push((a.key.node.clone(), v));
    }
    let llvm = function_attributes(&rendered);
    let has = |n: &str| llvm.iter().any(|(k, _)| k == n);
    if has("optnone") && !has("noinline") {
        let at = func
            .attrs
            .iter()
            .find(|a| a.key.node == "optimize_none" || a.key.node == "passthrough")
            .map_or(func.name.span, |a| a.key.span);
        out.push(Diagnostic::error(
            "verify.llvm-attribute",
            at,
            format!("`@{name}` is `optnone` but not `noinline`: MLIR and LLVM require both (add `no_inline`)"),
        ));
    }
    for (i, p) in func
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.attrs.is_empty())
    {
        let place = format!("parameter {i}");
        for attr in &p.attrs {
            match parameter_attr(&attr.key.node) {
                Some(known) => implemented(attr, known, &place, ty.inputs.get(i), &mut out),
                // MLIR 19 translates it, and LLVM's verifier then refuses the module.
                None if attr.key.node == "llvm.elementtype" => out.push(Diagnostic::error(
                    "verify.llvm-attribute",
                    attr.key.span,
                    format!("`llvm.elementtype` on {place} of `@{name}`: LLVM allows it on the arguments of intrinsics and inline assembly only, not on a function's parameter"),
                )),
                None => refuse(attr, &place, &mut out),
            }
        }
    }
    for (i, attrs) in func
        .result_attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| !a.is_empty())
    {
        let place = format!("result {i}");
        for attr in attrs {
            match result_attr(&attr.key.node) {
                Some(known) => implemented(attr, known, &place, ty.results.get(i), &mut out),
                None => refuse(attr, &place, &mut out),
            }
        }
    }
    for attr in func.attrs.iter().filter(|a| a.key.node == "llvm.linkage") {
        let value = attr.value.as_ref();
        let named = value.and_then(|v| match &v.node {
            ast::AttrValue::Dialect(t) => t
                .strip_prefix("#llvm.linkage<")
                .and_then(|t| t.strip_suffix('>'))
                .map(str::trim),
            _ => None,
        });
        let span = value.map_or(attr.key.span, |v| v.span);
        match named {
            Some(l) if LINKAGES.contains(&l) && (func.body.is_some() || l == "external") => {}
            Some(l) if LINKAGES.contains(&l) => out.push(Diagnostic::error(
                "verify.llvm-attribute",
                span,
                format!("a declaration cannot have linkage `{l}`; `@{name}` has no body"),
            )),
            _ => out.push(
                Diagnostic::error(
                    "verify.llvm-attribute",
                    span,
                    format!("`llvm.linkage` of `@{name}` must be `#llvm.linkage<NAME>` with a function linkage"),
                )
                .with_note(format!("the linkages of a function: {}", LINKAGES.join(", "))),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::check_module;

    fn errors(src: &str) -> Vec<String> {
        check_module(src)
            .diagnostics
            .into_iter()
            .filter(|d| d.code == "verify.llvm-attribute")
            .map(|d| format!("{}: {}", d.span.start, d.message))
            .collect()
    }

    #[test]
    fn implemented_attributes_and_other_namespaces_pass() {
        let src = "func.func @f(%a: i32 {kiln.note}) -> i32 attributes {llvm.emit_c_interface, llvm.bareptr, other} {\n  return %a : i32\n}\n";
        assert_eq!(errors(src), Vec::<String>::new());
    }

    #[test]
    fn unimplemented_attributes_are_refused_where_written() {
        let src = "func.func @f(%a: !llvm.ptr {llvm.elementtype = f32}, %b: i32 {llvm.range}) -> (i32 {llvm.readonly}) attributes {llvm.noinline} {\n  return %b : i32\n}\n";
        let e = errors(src);
        assert_eq!(e.len(), 4, "{e:?}");
        // In source order.
        assert!(e[0].contains("`llvm.elementtype` on parameter 0"), "{e:?}");
        assert!(e[1].contains("`llvm.range` on parameter 1"), "{e:?}");
        assert!(e[2].contains("`llvm.readonly` on result 0"), "{e:?}");
        assert!(e[3].contains("`llvm.noinline` on the function"), "{e:?}");
    }

    #[test]
    fn implemented_parameter_and_result_attributes_pass_and_are_kept() {
        let src = "func.func @f(%a: memref<4xf32> {llvm.noalias, llvm.align = 16 : i64}, %b: i8 {llvm.signext, llvm.noundef}) -> (i8 {llvm.zeroext}) {\n  return %b : i8\n}\n";
        let checked = check_module(src);
        assert_eq!(errors(src), Vec::<String>::new());
        let f = &checked.module.functions[0];
        assert_eq!(f.arg_attrs.len(), 2);
        assert!(f.arg_attrs[0].contains("llvm.noalias"));
        assert_eq!(f.arg_attrs[0].get("llvm.align"), Some("16 : i64"));
        assert!(f.result_attrs[0].contains("llvm.zeroext"));
        // `kiln fmt` keeps them.
        let printed = crate::printer::print_function(f);
        assert!(
            printed.contains("%a: memref<4xf32> {llvm.noalias, llvm.align = 16 : i64}, %b: i8 {llvm.signext, llvm.noundef}) -> (i8 {llvm.zeroext})"),
            "{printed}"
        );
    }

    #[test]
    fn type_attributes_hold_an_llvm_type_on_a_pointer() {
        let src = "func.func private @f(!llvm.ptr {llvm.byval = !llvm.struct<(i64, array<2 x f32>)>}, !llvm.ptr {llvm.sret = i32, llvm.noalias}, !llvm.ptr {llvm.byref = !llvm.ptr})\n";
        assert_eq!(errors(src), Vec::<String>::new());
        let bad = "func.func private @f(i64 {llvm.byval = i64}, !llvm.ptr {llvm.sret}, !llvm.ptr {llvm.inalloca = index}, !llvm.ptr {llvm.preallocated = memref<2xf32>})\n";
        let e = errors(bad);
        assert_eq!(e.len(), 4, "{e:?}");
        assert!(e[0].contains("`llvm.byval` on parameter 0 of `@f` needs a pointer in LLVM, and `i64` does not become one"), "{e:?}");
        assert!(e[1].contains("`llvm.sret` holds an LLVM type"), "{e:?}");
        assert!(e[2].contains("`index` is not an LLVM type"), "{e:?}");
        assert!(e[3].contains("`llvm.preallocated` holds the LLVM type of the memory the pointer stands for: `a memref` is not an LLVM type"), "{e:?}");
    }

    #[test]
    fn attributes_on_types_they_cannot_apply_to_and_bad_values_are_errors() {
        // As MLIR 19: "llvm.noalias" attribute attached to non-pointer LLVM type.
        let src = "func.func @f(%a: i32 {llvm.noalias}, %b: f32 {llvm.zeroext}, %c: memref<2xf32> {llvm.signext}, %d: memref<2xf32> {llvm.align = 3 : i64}, %e: memref<2xf32> {llvm.nonnull = 1 : i64}) {\n  return\n}\n";
        let e = errors(src);
        assert_eq!(e.len(), 5, "{e:?}");
        assert!(e[0].contains("`llvm.noalias` on parameter 0 of `@f` needs a pointer in LLVM, and `i32` does not become one"), "{e:?}");
        assert!(
            e[1].contains("`llvm.zeroext` on parameter 1 of `@f` needs an integer"),
            "{e:?}"
        );
        assert!(e[2].contains("`llvm.signext` on parameter 2"), "{e:?}");
        assert!(
            e[3].contains("`llvm.align` must be a power of two, not 3"),
            "{e:?}"
        );
        assert!(e[4].contains("`llvm.nonnull` is a unit attribute"), "{e:?}");
    }

    #[test]
    fn function_attributes_become_llvm_attributes() {
        let src = "func.func @f() attributes {passthrough = [\"noinline\", [\"frame-pointer\", \"all\"], \"cold\"], will_return, optimize_none} {\n  return\n}\n";
        let alone = "func.func @f() attributes {optimize_none} {\n  return\n}\n";
        assert!(errors(alone)[0].contains("`optnone` but not `noinline`"));
        assert_eq!(errors(src), Vec::<String>::new());
        let checked = check_module(src);
        let attrs = super::function_attributes(&checked.module.functions[0].attrs);
        let names: Vec<String> = attrs
            .iter()
            .map(|(k, v)| match v {
                Some(v) => format!("{k}={v}"),
                None => k.clone(),
            })
            .collect();
        assert_eq!(
            names,
            [
                "noinline",
                "frame-pointer=all",
                "cold",
                "willreturn",
                "optnone"
            ]
        );
        let bad = "func.func @f() attributes {passthrough = [\"nope\", [\"a\"], 3], target_cpu = \"x\"} {\n  return\n}\n";
        let e = errors(bad);
        assert_eq!(e.len(), 4, "{e:?}");
        assert!(
            e[0].contains("`nope` is not an LLVM function attribute"),
            "{e:?}"
        );
        assert!(e[3].contains("`target_cpu` on the function"), "{e:?}");
    }

    #[test]
    fn varargs_is_refused_as_it_makes_the_function_variadic() {
        // MLIR's convert-funcs test: `func.varargs = true` gives `llvm.func @f(i32, ...)`.
        let src = "func.func @f(%a: i32) attributes { \"func.varargs\" = true } {\n  return\n}\n";
        let e = errors(src);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].contains("`func.varargs` on the function of `@f`"),
            "{e:?}"
        );
        let not_variadic =
            "func.func @f(%a: i32) attributes { \"func.varargs\" = false } {\n  return\n}\n";
        assert_eq!(errors(not_variadic), Vec::<String>::new());
    }
}
