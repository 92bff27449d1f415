//! Attributes that would change the LLVM function MLIR emits, checked so that no attribute
//! changes the ABI silently.
//!
//! MLIR's func-to-LLVM conversion gives a meaning to `llvm.*` attributes: on a function
//! (`llvm.linkage`, `llvm.noinline`, ...), on a parameter (`llvm.noalias`, `llvm.align`,
//! `llvm.byval`, ...) and on a result (`llvm.zeroext`, ...); each changes the function
//! LLVM sees, and some change how it is called. kiln implements two function attributes
//! (`llvm.emit_c_interface`, `rules/c_interface.rules`; `llvm.bareptr`,
//! `rules/bare_ptr.rules`); every other `llvm.*` attribute is an error at the attribute, so
//! a program never gets a different ABI from kiln than from MLIR without being told.
//! `func.varargs` (unless `false`) is refused the same way: MLIR makes such a function variadic
//! (`llvm.func @f(i32, ...)`), a different signature from the one kiln would emit.

use crate::ast;
use crate::diagnostic::Diagnostic;

/// The linkages `#llvm.linkage<...>` may give a function definition (the backend's
/// `kiln_lowered::Linkage`; a test in the engine holds the two to the same names).
/// `common`, `appending` and `extern_weak` are for globals and declarations.
pub const LINKAGES: &[&str] = &[
    "external",
    "private",
    "internal",
    "linkonce",
    "linkonce_odr",
    "weak",
    "weak_odr",
    "available_externally",
];

/// The `llvm.*` function attributes kiln implements.
pub const IMPLEMENTED: &[&str] = &["llvm.emit_c_interface", "llvm.bareptr", "llvm.linkage"];

/// Attributes outside the `llvm.` namespace that MLIR's conversion still gives an ABI
/// meaning, refused like the `llvm.*` ones.
pub const REFUSED: &[&str] = &["func.varargs"];

/// Errors for every `llvm.*` attribute (and every one in [`REFUSED`]) of `func` that kiln
/// does not implement.
pub fn check(func: &ast::Func) -> Vec<Diagnostic> {
    let name = &func.name.node;
    let mut out = Vec::new();
    let mut report = |attr: &ast::Attr, place: String| {
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
                "kiln implements the function attributes {}; any other `llvm.*` attribute (and `func.varargs`) is refused rather than dropped",
                IMPLEMENTED
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            )),
        );
    };
    for attr in &func.attrs {
        if !IMPLEMENTED.contains(&attr.key.node.as_str()) {
            report(attr, "the function".to_string());
        }
    }
    for (i, p) in func.params.iter().enumerate() {
        for attr in &p.attrs {
            report(attr, format!("parameter {i}"));
        }
    }
    for (i, attrs) in func.result_attrs.iter().enumerate() {
        for attr in attrs {
            report(attr, format!("result {i}"));
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
    fn function_parameter_and_result_attributes_are_refused_where_written() {
        let src = "func.func @f(%a: memref<4xf32> {llvm.noalias}, %b: i32 {llvm.signext}) -> (i32 {llvm.zeroext}) attributes {llvm.noinline} {\n  return %b : i32\n}\n";
        let e = errors(src);
        assert_eq!(e.len(), 4, "{e:?}");
        // In source order.
        assert!(e[0].contains("`llvm.noalias` on parameter 0"), "{e:?}");
        assert!(e[1].contains("`llvm.signext` on parameter 1"), "{e:?}");
        assert!(e[2].contains("`llvm.zeroext` on result 0"), "{e:?}");
        assert!(e[3].contains("`llvm.noinline` on the function"), "{e:?}");
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
