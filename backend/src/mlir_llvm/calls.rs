//! Calls in the LLVM dialect: direct, variadic and indirect.

use super::*;

impl Printer {
    pub(super) fn call(
        &self,
        lhs: &str,
        f: &str,
        ret: Option<String>,
        args: &Operand,
        declared: &mut Vec<String>,
        externs: &mut String,
    ) -> Result<String, PrintError> {
        let (vals, tys) = self.call_args(args)?;
        declare_once(declared, externs, f, || {
            let none = SignatureAttrs::default();
            let attrs = self
                .callee_attrs
                .iter()
                .find(|(n, _)| n == f)
                .map_or(&none, |(_, a)| a);
            let r = result_text(ret.as_ref(), attrs);
            format!("({}){r}", with_param_attrs(&tys, attrs).join(", "))
        });
        let r = ret.unwrap_or_else(|| "()".to_string());
        Ok(format!(
            "{lhs}llvm.call @{f}({}) : ({}) -> {r}",
            vals.join(", "),
            tys.join(", ")
        ))
    }
}

impl Printer {
    /// The result type (`None` for `void`) and the parameter types of a lowered
    /// `(llvm.sig R PARAMS)`.
    pub(super) fn signature_types(
        &self,
        sig: &Operand,
    ) -> Result<(Option<String>, Vec<String>), PrintError> {
        let Some((Op::Sig, [ret, params])) = sig.as_node() else {
            return self.err(format!("`{sig}` is not a lowered signature"));
        };
        let ret = if is_void(ret) {
            None
        } else {
            Some(self.ty(ret)?)
        };
        let params = params
            .as_list()
            .unwrap_or_default()
            .iter()
            .map(|p| self.ty(p))
            .collect::<Result<_, _>>()?;
        Ok((ret, params))
    }

    /// `llvm.call @f(args) vararg(!llvm.func<R (P, ...)>) : (T...) -> R`, declaring `@f`
    /// variadic.
    pub(super) fn call_vararg(
        &self,
        lhs: &str,
        f: &str,
        sig: &Operand,
        args: &Operand,
        declared: &mut Vec<String>,
        externs: &mut String,
    ) -> Result<String, PrintError> {
        let (ret, mut fixed) = self.signature_types(sig)?;
        fixed.push("...".to_string());
        declare_once(declared, externs, f, || {
            format!(
                "({}){}",
                fixed.join(", "),
                result_text(ret.as_ref(), &SignatureAttrs::default())
            )
        });
        // Inside `!llvm.func<...>` MLIR writes LLVM types without the `!llvm.` prefix.
        let bare = |t: &str| t.replace("!llvm.", "");
        let fty = format!(
            "!llvm.func<{} ({})>",
            ret.as_deref().map_or("void".to_string(), bare),
            fixed.iter().map(|t| bare(t)).collect::<Vec<_>>().join(", ")
        );
        let (vals, tys) = self.call_args(args)?;
        let r = ret.unwrap_or_else(|| "()".to_string());
        Ok(format!(
            "{lhs}llvm.call @{f}({}) vararg({fty}) : ({}) -> {r}",
            vals.join(", "),
            tys.join(", ")
        ))
    }

    /// `llvm.call %f(args) : !llvm.ptr, (T) -> U`, as MLIR 19 prints an indirect call.
    pub(super) fn call_indirect(
        &self,
        lhs: &str,
        f: &Operand,
        ret: Option<String>,
        args: &Operand,
    ) -> Result<String, PrintError> {
        let (vals, tys) = self.call_args(args)?;
        let r = ret.unwrap_or_else(|| "()".to_string());
        Ok(format!(
            "{lhs}llvm.call {}({}) : !llvm.ptr, ({}) -> {r}",
            self.val(f)?,
            vals.join(", "),
            tys.join(", ")
        ))
    }

    /// A call's arguments and their types, as text.
    pub(super) fn call_args(
        &self,
        args: &Operand,
    ) -> Result<(Vec<String>, Vec<String>), PrintError> {
        let list = args.as_list().unwrap_or_default();
        let vals = list.iter().map(|a| self.val(a)).collect::<Result<_, _>>()?;
        let tys = list.iter().map(|a| self.vty(a)).collect::<Result<_, _>>()?;
        Ok((vals, tys))
    }
}
