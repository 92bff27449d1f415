//! The target vocabulary as a type: one variant per `target` declaration of
//! `rules/llvm.rules`, the role ISLE's checked extern bindings play. The backend, the MLIR
//! printer and the JIT match on [`TargetOp`] instead of on operation-name strings, and
//! `tests/architecture.rs` checks that this enum and the declarations list the same
//! operations, so a declaration without a binding (or a binding without a declaration) is
//! caught by a test rather than by a "no such operation" at code generation.

use std::fmt;

macro_rules! target_ops {
    ($($variant:ident = $name:literal,)*) => {
        /// A target-level operation or structural term (a type, a successor, a signature).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TargetOp {
            $($variant,)*
        }

        impl TargetOp {
            /// Every target operation, in declaration order.
            pub const ALL: &'static [TargetOp] = &[$(TargetOp::$variant,)*];

            /// The name the rule files declare it under.
            pub fn name(self) -> &'static str {
                match self {
                    $(TargetOp::$variant => $name,)*
                }
            }

            /// The operation declared under `name`, if the backend binds one.
            pub fn from_name(name: &str) -> Option<TargetOp> {
                match name {
                    $($name => Some(TargetOp::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

target_ops! {
    I1 = "i1",
    I8 = "i8",
    I16 = "i16",
    I32 = "i32",
    I64 = "i64",
    I128 = "i128",
    F16 = "f16",
    F32 = "f32",
    F64 = "f64",
    Ptr = "ptr",
    Void = "void",
    Struct = "llvm.struct",
    Array = "llvm.array",
    BlockStart = "block.start",
    Succ = "succ",
    SuccVia = "succ.via",
    Case = "case",
    Sig = "llvm.sig",
    Params = "llvm.params",
    Arg = "llvm.arg",
    Blockarg = "llvm.blockarg",
    Constant = "llvm.constant",
    Undef = "llvm.undef",
    Add = "llvm.add",
    Sub = "llvm.sub",
    Mul = "llvm.mul",
    Sdiv = "llvm.sdiv",
    Udiv = "llvm.udiv",
    Srem = "llvm.srem",
    Urem = "llvm.urem",
    And = "llvm.and",
    Or = "llvm.or",
    Xor = "llvm.xor",
    Shl = "llvm.shl",
    Lshr = "llvm.lshr",
    Ashr = "llvm.ashr",
    Smax = "llvm.smax",
    Smin = "llvm.smin",
    Umax = "llvm.umax",
    Umin = "llvm.umin",
    Fadd = "llvm.fadd",
    Fsub = "llvm.fsub",
    Fmul = "llvm.fmul",
    Fdiv = "llvm.fdiv",
    Frem = "llvm.frem",
    Maximum = "llvm.maximum",
    Minimum = "llvm.minimum",
    Maxnum = "llvm.maxnum",
    Minnum = "llvm.minnum",
    Fneg = "llvm.fneg",
    Sext = "llvm.sext",
    Zext = "llvm.zext",
    Trunc = "llvm.trunc",
    Sitofp = "llvm.sitofp",
    Uitofp = "llvm.uitofp",
    Fptosi = "llvm.fptosi",
    Fptoui = "llvm.fptoui",
    Fpext = "llvm.fpext",
    Fptrunc = "llvm.fptrunc",
    Bitcast = "llvm.bitcast",
    Icmp = "llvm.icmp",
    Fcmp = "llvm.fcmp",
    Select = "llvm.select",
    Extractvalue = "llvm.extractvalue",
    Insertvalue = "llvm.insertvalue",
    Seq = "seq",
    Call = "llvm.call",
    CallVoid = "llvm.call.void",
    Return = "llvm.return",
    ReturnVoid = "llvm.return.void",
    Br = "llvm.br",
    CondBr = "llvm.cond_br",
    Switch = "llvm.switch",
    Gep = "llvm.gep",
    Load = "llvm.load",
    Store = "llvm.store",
    Alloca = "llvm.alloca",
    AllocaEntry = "llvm.alloca.entry",
    Stacksave = "llvm.stacksave",
    Stackrestore = "llvm.stackrestore",
    LoadInvariant = "llvm.load.invariant",
    Ptrtoint = "llvm.ptrtoint",
    Inttoptr = "llvm.inttoptr",
    Intr = "llvm.intr",
    Libm = "llvm.libm",
}

impl TargetOp {
    /// Integer arithmetic and bitwise operations: `(op TYPE A B)`, one LLVM instruction.
    pub fn is_int_binary(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Add | Sub | Mul | Sdiv | Udiv | Srem | Urem | And | Or | Xor | Shl | Lshr | Ashr
        )
    }

    /// Float arithmetic: `(op TYPE A B)`, one LLVM instruction.
    pub fn is_float_binary(self) -> bool {
        use TargetOp::*;
        matches!(self, Fadd | Fsub | Fmul | Fdiv | Frem)
    }

    /// Minimum and maximum: `(op TYPE A B)`, each an LLVM intrinsic of the same name.
    pub fn is_min_max(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Smax | Smin | Umax | Umin | Maximum | Minimum | Maxnum | Minnum
        )
    }

    /// Conversions: `(op TYPE X)`, one LLVM cast instruction.
    pub fn is_cast(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Sext | Zext | Trunc | Sitofp | Uitofp | Fptosi | Fptoui | Fpext | Fptrunc | Bitcast
        )
    }
}

/// The overloaded types of an LLVM intrinsic called through `llvm.intr`: the result type,
/// then each operand type that differs from it and is not an `i1` flag (`llvm.powi.f32.i32`,
/// `llvm.ctlz.i32` with its `i1` operand, `llvm.fma.f64`). The backend declares the intrinsic
/// with these, and the LLVM-dialect printer mangles its name from them, so both agree.
pub fn intrinsic_overloads<'t>(result: &'t str, operands: &[&'t str]) -> Vec<&'t str> {
    let mut types = vec![result];
    for t in operands {
        if *t != result && *t != "i1" && !types.contains(t) {
            types.push(t);
        }
    }
    types
}

impl fmt::Display for TargetOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::TargetOp;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for op in TargetOp::ALL {
            assert_eq!(TargetOp::from_name(op.name()), Some(*op));
            assert!(seen.insert(op.name()), "{op} twice");
        }
        assert_eq!(TargetOp::from_name("llvm.nope"), None);
    }

    #[test]
    fn intrinsic_overloads_skip_flags_and_repeats() {
        use super::intrinsic_overloads as o;
        assert_eq!(o("f32", &["f32", "i32"]), ["f32", "i32"]);
        assert_eq!(o("i32", &["i32", "i1"]), ["i32"]);
        assert_eq!(o("f64", &["f64", "f64", "f64"]), ["f64"]);
    }
}
