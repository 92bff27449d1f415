//! Which calling convention each function and each call uses, as markers in the encoding.
//!
//! MLIR lets a function choose how its memrefs cross its boundary: the default expands a
//! ranked memref into its descriptor's fields, while the *bare-pointer* convention
//! (`llvm.bareptr` on a function, or `use-bare-ptr-memref-call-conv` for a whole module)
//! passes only the aligned pointer. Rust does not know what a convention means: it only
//! names it. A function using a convention is encoded with the convention's name appended
//! to its boundary operations (`func.sig.bareptr`, `func.arg.bareptr`,
//! `func.return.bareptr`), and a call to such a function as `func.call.bareptr`; the rule
//! file of the convention (`rules/bare_ptr.rules`) declares those operations and says how
//! they lower. Without that file, lowering stops at the first of them with a located error.
//!
//! The one fact kept here besides the names is MLIR's precondition for the bare pointer
//! (a pointer alone can describe only a memref whose sizes, strides and offset are known
//! statically), so that a function outside it gets a diagnostic at the offending parameter
//! or result rather than a lowering that no rule finds.

use kiln_frontend::ir::Function;
use kiln_frontend::types::Type;
use kiln_frontend::{Diagnostic, Span};

/// The function attribute that selects the bare-pointer convention (MLIR's spelling).
pub const BARE_PTR_ATTR: &str = "llvm.bareptr";

/// The suffix of the boundary operations of a bare-pointer function.
pub const BARE_PTR: &str = "bareptr";

/// The conventions of one module: what every per-function lowering must know about the
/// others (a call site passes arguments the way its callee expects them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conventions {
    /// Every function uses the bare-pointer convention (`--bare-ptr-memref-call-conv`).
    pub bare_ptr: bool,
    /// The functions of the module with `llvm.bareptr`, sorted.
    pub bare_functions: Vec<String>,
    /// The `llvm.mlir.global`s of the module with the LLVM type each holds, sorted by name:
    /// `llvm.mlir.addressof` declares the global with its definition's type.
    pub llvm_globals: Vec<(String, kiln_frontend::llvm_types::LlvmType)>,
    /// The `llvm.func` declarations of the module with their signatures, sorted by name:
    /// `llvm.mlir.addressof` of one declares it with its signature.
    pub llvm_funcs: Vec<(String, kiln_frontend::llvm_types::LlvmFuncType)>,
    /// The attributes of the `llvm.func` declarations that have any, sorted by name: a
    /// function that calls one declares it with them (`signext` changes the ABI).
    pub llvm_func_attrs: Vec<(String, kiln_lowered::SignatureAttrs)>,
}

impl Conventions {
    /// The conventions of a module whose functions are `funcs`.
    pub fn of_module<'a>(funcs: impl IntoIterator<Item = &'a Function>, bare_ptr: bool) -> Self {
        Self::of_names(
            bare_ptr,
            funcs
                .into_iter()
                .filter(|f| !f.llvm && f.attrs.contains(BARE_PTR_ATTR))
                .map(|f| f.name.as_str()),
        )
    }

    /// The conventions of a module whose functions named `bare` carry the bare-pointer
    /// attribute.
    pub fn of_names<'a>(bare_ptr: bool, bare: impl IntoIterator<Item = &'a str>) -> Self {
        let mut bare_functions: Vec<String> = bare.into_iter().map(str::to_string).collect();
        bare_functions.sort();
        bare_functions.dedup();
        Conventions {
            bare_ptr,
            bare_functions,
            llvm_globals: Vec::new(),
            llvm_funcs: Vec::new(),
            llvm_func_attrs: Vec::new(),
        }
    }

    /// These conventions, with the LLVM types of the module's `llvm.mlir.global`s among
    /// `globals` and the signatures of its `llvm.func`s.
    pub fn with_globals(
        mut self,
        globals: &[kiln_frontend::ir::Global],
        externs: &[kiln_frontend::ir::LlvmFunc],
    ) -> Self {
        self.llvm_globals = globals
            .iter()
            .filter(|g| g.linkage.is_some())
            .map(|g| {
                (
                    g.name.clone(),
                    kiln_frontend::llvm_items::global_llvm_type(g),
                )
            })
            .collect();
        self.llvm_globals.sort_by(|a, b| a.0.cmp(&b.0));
        self.llvm_funcs = externs
            .iter()
            .map(|f| (f.name.clone(), f.ty.clone()))
            .collect();
        self.llvm_funcs.sort_by(|a, b| a.0.cmp(&b.0));
        self.llvm_func_attrs = externs
            .iter()
            .map(|f| (f.name.clone(), crate::egraph::attrs::declared(f)))
            .filter(|(_, a)| !a.params.is_empty() || !a.result.is_empty())
            .collect();
        self.llvm_func_attrs.sort_by(|a, b| a.0.cmp(&b.0));
        self
    }

    /// The attributes of the `llvm.func` declarations `f` calls, for its lowering to
    /// declare them with.
    pub fn declared_attrs_called_by(
        &self,
        f: &Function,
    ) -> Vec<(String, kiln_lowered::SignatureAttrs)> {
        let Some(body) = (!self.llvm_func_attrs.is_empty())
            .then_some(f.body.as_ref())
            .flatten()
        else {
            return Vec::new();
        };
        let mut out: Vec<(String, kiln_lowered::SignatureAttrs)> = Vec::new();
        for op in body.blocks.iter().flat_map(|b| &b.ops) {
            let kiln_frontend::ir::OpKind::LlvmCall { callee, .. } = &op.kind else {
                continue;
            };
            if out.iter().any(|(n, _)| n == callee) {
                continue;
            }
            if let Ok(i) = self
                .llvm_func_attrs
                .binary_search_by(|(n, _)| n.as_str().cmp(callee))
            {
                out.push(self.llvm_func_attrs[i].clone());
            }
        }
        out
    }

    /// The signature of the `llvm.func` named `name`, if the module declares it.
    pub fn llvm_func(&self, name: &str) -> Option<&kiln_frontend::llvm_types::LlvmFuncType> {
        self.llvm_funcs
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| &self.llvm_funcs[i].1)
    }

    /// The LLVM type the `llvm.mlir.global` named `name` holds, if the module has it.
    pub fn llvm_global(&self, name: &str) -> Option<&kiln_frontend::llvm_types::LlvmType> {
        self.llvm_globals
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| &self.llvm_globals[i].1)
    }

    /// The convention `f` is lowered with, when not the default. An `llvm.func` has its
    /// LLVM signature as written (MLIR's conversion keeps `llvm.bareptr` on the functions
    /// it converted), so it has none.
    pub fn of_function(&self, f: &Function) -> Option<&'static str> {
        let bare = self.bare_ptr || f.attrs.contains(BARE_PTR_ATTR);
        (bare && !f.llvm).then_some(BARE_PTR)
    }

    /// The convention a call to `callee` uses, when not the default. A callee the module
    /// does not define (an unknown operation's C function) uses the module's default.
    pub fn of_callee(&self, callee: &str) -> Option<&'static str> {
        (self.bare_ptr
            || self
                .bare_functions
                .binary_search_by(|n| n.as_str().cmp(callee))
                .is_ok())
        .then_some(BARE_PTR)
    }

    /// Diagnostics for a function its convention cannot describe: under the bare pointer,
    /// every memref parameter and result must be ranked with static sizes, strides and
    /// offset, the only memrefs whose descriptor the callee can rebuild from the pointer.
    pub fn check(&self, f: &Function) -> Vec<Diagnostic> {
        if self.of_function(f).is_none() {
            return Vec::new();
        }
        let why = if f.attrs.contains(BARE_PTR_ATTR) {
            format!("`@{}` has `{BARE_PTR_ATTR}`", f.name)
        } else {
            "the module uses the bare-pointer convention (`--bare-ptr-memref-call-conv`)"
                .to_string()
        };
        let param_span = |i: usize| -> Span {
            f.body
                .as_ref()
                .and_then(|b| b.blocks.first())
                .and_then(|b| b.args.get(i))
                .and_then(|v| f.body.as_ref().map(|b| b.values[v.index()].span))
                .unwrap_or(f.name_span)
        };
        let mut out = Vec::new();
        if f.attrs.contains("llvm.emit_c_interface") {
            out.push(
                Diagnostic::warning(
                    "lower.c-interface-ignored",
                    f.name_span,
                    format!(
                        "`@{}` gets no `_mlir_ciface_` wrapper: it uses the bare-pointer convention",
                        f.name
                    ),
                )
                .with_note(format!(
                    "{why}; MLIR 19 likewise emits no C wrapper for a bare-pointer function, which C can already call directly"
                )),
            );
        }
        let places =
            f.ty.inputs
                .iter()
                .enumerate()
                .map(|(i, t)| (format!("parameter {i}"), t, param_span(i)))
                .chain(
                    f.ty.results
                        .iter()
                        .enumerate()
                        .map(|(i, t)| (format!("result {i}"), t, f.name_span)),
                );
        for (place, ty, span) in places {
            if let Some(problem) = bare_ptr_problem(ty) {
                out.push(
                    Diagnostic::error(
                        "lower.bare-ptr",
                        span,
                        format!(
                            "{place} of `@{}` is `{ty}`, which a bare pointer cannot pass: {problem}",
                            f.name
                        ),
                    )
                    .with_note(format!(
                        "{why}; MLIR's bare-pointer convention takes only ranked memrefs of static shape, strides and offset"
                    )),
                );
            }
        }
        out
    }
}

/// Whether a bare pointer can pass every value of these types (a call whose types it
/// cannot pass is left to the default convention: its callee already has the error, and
/// the call would only repeat it).
pub fn bare_ptr_passes<'a>(mut types: impl Iterator<Item = &'a Type>) -> bool {
    types.all(|t| bare_ptr_problem(t).is_none())
}

/// Why a bare pointer cannot pass a value of type `ty`, if it cannot.
fn bare_ptr_problem(ty: &Type) -> Option<&'static str> {
    match ty {
        Type::Scalar(_) | Type::Function(_) | Type::Ptr | Type::Aggregate(_) => None,
        Type::UnrankedMemRef(_) => Some("its rank is not known statically"),
        Type::MemRef(m) if m.shape.iter().any(Option::is_none) => Some("its shape is not static"),
        Type::MemRef(m)
            if {
                let (strides, offset) = m.strides_and_offset();
                offset.is_none() || strides.iter().any(Option::is_none)
            } =>
        {
            Some("its strides or offset are not static")
        }
        Type::MemRef(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(src: &str) -> Function {
        let checked = kiln_frontend::check_module(src);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        checked
            .module
            .functions
            .into_iter()
            .next()
            .expect("one function")
    }

    #[test]
    fn attribute_selects_the_convention_for_the_function_and_its_callers() {
        let f =
            function("func.func @f(%a: memref<4xf32>) attributes {llvm.bareptr} {\n  return\n}\n");
        let c = Conventions::of_module([&f], false);
        assert_eq!(c.of_function(&f), Some(BARE_PTR));
        assert_eq!(c.of_callee("f"), Some(BARE_PTR));
        assert_eq!(c.of_callee("g"), None);
        assert!(c.check(&f).is_empty());
    }

    #[test]
    fn dynamic_shapes_strided_layouts_and_unranked_memrefs_are_refused() {
        let f = function(
            "func.func @f(%a: memref<?xf32>, %b: memref<4xf32, strided<[?], offset: 1>>, %c: memref<*xf32>, %d: i32, %e: memref<4xf32, strided<[2], offset: 1>>) {\n  return\n}\n",
        );
        let c = Conventions::of_module([&f], true);
        let d = c.check(&f);
        let messages: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(d.len(), 3, "{messages:?}");
        assert!(messages[0].contains("parameter 0") && messages[0].contains("not static"));
        assert!(messages[1].contains("parameter 1") && messages[1].contains("strides or offset"));
        assert!(messages[2].contains("parameter 2") && messages[2].contains("rank"));
        assert!(d.iter().all(|d| d.span != f.name_span));
    }

    #[test]
    fn a_c_wrapper_request_is_reported_not_dropped() {
        let f = function(
            "func.func @f(%a: i32) -> i32 attributes {llvm.bareptr, llvm.emit_c_interface} {\n  return %a : i32\n}\n",
        );
        let d = Conventions::of_module([&f], false).check(&f);
        assert_eq!(d.len(), 1);
        assert!(!d[0].is_error() && d[0].message.contains("_mlir_ciface_"));
    }
}
