//! The target vocabulary as a type: one variant per `target` declaration of
//! `rules/llvm.rules`, the role ISLE's checked extern bindings play. The backend, the MLIR
//! printer and the JIT match on [`TargetOp`] instead of on operation-name strings, and
//! `tests/architecture.rs` checks that this enum and the declarations list the same
//! operations, so a declaration without a binding (or a binding without a declaration) is
//! caught by a test rather than by a "no such operation" at code generation.

use std::fmt;

macro_rules! target_ops {
    ($($(#[$m:meta])* $variant:ident = $name:literal,)*) => {
        /// A target-level operation or structural term (a type, a successor, a signature).
        ///
        /// Each variant's documentation gives its term as the rule files write it; an
        /// effect's first operand is the `STATE` that orders it, which an [`Inst`](crate::Inst)
        /// leaves out of its operands.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TargetOp {
            $($(#[$m])* $variant,)*
        }

        impl TargetOp {
    /// Whether the operation ends a block.
    pub fn is_terminator(self) -> bool {
        use TargetOp::*;
        matches!(self, Br | CondBr | Switch | Return | ReturnVoid | Unreachable)
    }

    /// Whether the operation computes a value from its operands alone, without touching
    /// memory and without a case where it is undefined behaviour rather than poison: it
    /// may run where its operands are available even on paths that did not run it, so
    /// elaboration may place it outside a loop it was written in. Division and remainder
    /// (a zero divisor traps), loads, calls, allocations and block arguments are not.
    pub fn is_speculatable(self) -> bool {
        use TargetOp::*;
        matches!(
            self,
            Arg | Constant
                | Undef
                | Poison
                | Add
                | Sub
                | Mul
                | And
                | Or
                | Xor
                | Shl
                | Lshr
                | Ashr
                | Smax
                | Smin
                | Umax
                | Umin
                | Fadd
                | Fsub
                | Fmul
                | Fdiv
                | Frem
                | Maximum
                | Minimum
                | Maxnum
                | Minnum
                | Fneg
                | Sext
                | Zext
                | Trunc
                | Sitofp
                | Uitofp
                | Fptosi
                | Fptoui
                | Fpext
                | Fptrunc
                | Bitcast
                | Icmp
                | Fcmp
                | Select
                | Extractvalue
                | Insertvalue
                | Gep
                | Ptrtoint
                | Inttoptr
                | Addressof
                | AddressofFunc
                | Intr
        )
    }

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
    // Types.
    /// `i1`
    I1 = "i1",
    /// `i8`
    I8 = "i8",
    /// `i16`
    I16 = "i16",
    /// `i32`
    I32 = "i32",
    /// `i64`
    I64 = "i64",
    /// `i128`: the double width of 64-bit multiplication (`arith.mulsi_extended` on `i64`
    /// and `index`).
    I128 = "i128",
    /// `(llvm.wide HIGH LOW)`: an integer literal of more than 64 bits, its high and low
    /// 64 bits each a signed number (`(llvm.constant i128 (llvm.wide 1 0))` is 2^64).
    Wide = "llvm.wide",
    /// `(llvm.int N)`: the integer of `N` bits, for the widths without a name of their own
    /// (`i3`, `i12`, `i40`).
    Int = "llvm.int",
    /// `f16`
    F16 = "f16",
    /// `bf16`, LLVM's `bfloat`
    BF16 = "bf16",
    /// `f32`
    F32 = "f32",
    /// `f64`
    F64 = "f64",
    /// `ptr`, LLVM's opaque pointer.
    Ptr = "ptr",
    /// `void`, the result type of a function without results.
    Void = "void",
    /// `(llvm.struct [T...])`: a literal struct of the listed field types.
    Struct = "llvm.struct",
    /// `(llvm.array N T)`: an array of `N` elements of type `T`.
    Array = "llvm.array",
    // Structure shared with the source.
    /// `(block.start BLOCK)`: the state at the start of a block (no code).
    BlockStart = "block.start",
    /// `(succ BLOCK [ARGS...])`: a branch edge to block number `BLOCK`, passing `ARGS` to
    /// its parameters.
    Succ = "succ",
    /// `(succ.via BLOCK [ARGS...])`: an edge through a new block that branches to `BLOCK`
    /// with `ARGS` (how a terminator that names one block twice reaches it twice).
    SuccVia = "succ.via",
    /// `(case VALUE SUCC)`: one case of `llvm.switch`.
    Case = "case",
    /// `(llvm.sig RESULT-TYPE [PARAM-TYPES...])`: a function's lowered signature.
    Sig = "llvm.sig",
    /// `(llvm.params [TYPES...])`: the lowered parameter types of a block (its phis).
    Params = "llvm.params",
    // Values.
    /// `(llvm.arg T INDEX)`: parameter `INDEX` of the function.
    Arg = "llvm.arg",
    /// `(llvm.blockarg T BLOCK INDEX)`: parameter `INDEX` of block number `BLOCK`.
    Blockarg = "llvm.blockarg",
    /// `(llvm.constant T LIT)`: an integer or float constant of type `T`.
    Constant = "llvm.constant",
    /// `(llvm.undef T)`: an undefined value of type `T` (the start of a built aggregate).
    Undef = "llvm.undef",
    /// `(llvm.poison T)`: a poison value of type `T` (`ub.poison`).
    Poison = "llvm.poison",
    /// `(llvm.add T A B)`: integer addition, wrapping.
    Add = "llvm.add",
    /// `(llvm.sub T A B)`: integer subtraction, wrapping.
    Sub = "llvm.sub",
    /// `(llvm.mul T A B)`: integer multiplication, wrapping.
    Mul = "llvm.mul",
    /// `(llvm.sdiv T A B)`: signed division, rounding toward zero.
    Sdiv = "llvm.sdiv",
    /// `(llvm.udiv T A B)`: unsigned division.
    Udiv = "llvm.udiv",
    /// `(llvm.srem T A B)`: signed remainder (the sign of `A`).
    Srem = "llvm.srem",
    /// `(llvm.urem T A B)`: unsigned remainder.
    Urem = "llvm.urem",
    /// `(llvm.and T A B)`: bitwise and.
    And = "llvm.and",
    /// `(llvm.or T A B)`: bitwise or.
    Or = "llvm.or",
    /// `(llvm.xor T A B)`: bitwise exclusive or.
    Xor = "llvm.xor",
    /// `(llvm.shl T A B)`: shift left.
    Shl = "llvm.shl",
    /// `(llvm.lshr T A B)`: logical (zero-filling) shift right.
    Lshr = "llvm.lshr",
    /// `(llvm.ashr T A B)`: arithmetic (sign-filling) shift right.
    Ashr = "llvm.ashr",
    /// `(llvm.smax T A B)`: signed maximum (the `llvm.smax` intrinsic).
    Smax = "llvm.smax",
    /// `(llvm.smin T A B)`: signed minimum.
    Smin = "llvm.smin",
    /// `(llvm.umax T A B)`: unsigned maximum.
    Umax = "llvm.umax",
    /// `(llvm.umin T A B)`: unsigned minimum.
    Umin = "llvm.umin",
    /// `(llvm.fadd T A B)`: float addition.
    Fadd = "llvm.fadd",
    /// `(llvm.fsub T A B)`: float subtraction.
    Fsub = "llvm.fsub",
    /// `(llvm.fmul T A B)`: float multiplication.
    Fmul = "llvm.fmul",
    /// `(llvm.fdiv T A B)`: float division.
    Fdiv = "llvm.fdiv",
    /// `(llvm.frem T A B)`: float remainder (the sign of `A`, as C's `fmod`).
    Frem = "llvm.frem",
    /// `(llvm.maximum T A B)`: float maximum, NaN if either operand is NaN.
    Maximum = "llvm.maximum",
    /// `(llvm.minimum T A B)`: float minimum, NaN if either operand is NaN.
    Minimum = "llvm.minimum",
    /// `(llvm.maxnum T A B)`: float maximum, the other operand if one is NaN.
    Maxnum = "llvm.maxnum",
    /// `(llvm.minnum T A B)`: float minimum, the other operand if one is NaN.
    Minnum = "llvm.minnum",
    /// `(llvm.fneg T A)`: float negation (flips the sign bit).
    Fneg = "llvm.fneg",
    /// `(llvm.sext T X)`: sign extension to `T`.
    Sext = "llvm.sext",
    /// `(llvm.zext T X)`: zero extension to `T`.
    Zext = "llvm.zext",
    /// `(llvm.trunc T X)`: integer truncation to `T`.
    Trunc = "llvm.trunc",
    /// `(llvm.sitofp T X)`: signed integer to float.
    Sitofp = "llvm.sitofp",
    /// `(llvm.uitofp T X)`: unsigned integer to float.
    Uitofp = "llvm.uitofp",
    /// `(llvm.fptosi T X)`: float to signed integer, rounding toward zero.
    Fptosi = "llvm.fptosi",
    /// `(llvm.fptoui T X)`: float to unsigned integer, rounding toward zero.
    Fptoui = "llvm.fptoui",
    /// `(llvm.fpext T X)`: float widening.
    Fpext = "llvm.fpext",
    /// `(llvm.fptrunc T X)`: float narrowing.
    Fptrunc = "llvm.fptrunc",
    /// `(llvm.bitcast T X)`: the same bits as type `T`.
    Bitcast = "llvm.bitcast",
    /// `(llvm.icmp i1 "PREDICATE" A B)`: integer comparison (`"slt"`, ...).
    Icmp = "llvm.icmp",
    /// `(llvm.fcmp i1 "PREDICATE" A B)`: float comparison (`"olt"`, ...).
    Fcmp = "llvm.fcmp",
    /// `(llvm.select T COND A B)`: `A` if the `i1` `COND` is true, else `B`.
    Select = "llvm.select",
    /// `(llvm.extractvalue T AGGREGATE [INDEX...])`: a field of a struct or array.
    Extractvalue = "llvm.extractvalue",
    /// `(llvm.insertvalue T AGGREGATE VALUE [INDEX...])`: the aggregate with one field
    /// replaced.
    Insertvalue = "llvm.insertvalue",
    // Effects.
    /// `(seq STATE VALUE)`: `VALUE`, after the effects of `STATE` (no instruction).
    Seq = "seq",
    /// `(llvm.call STATE @f RESULT-TYPE [ARGS...])`: a call with a result.
    Call = "llvm.call",
    /// `(llvm.call.void STATE @f [ARGS...])`: a call without a result.
    CallVoid = "llvm.call.void",
    /// `(llvm.call.vararg STATE @f T (llvm.sig T [PARAMS...]) [ARGS...])`: a call of a
    /// variadic function whose fixed parameters are `PARAMS`, with a result of type `T`.
    CallVararg = "llvm.call.vararg",
    /// `(llvm.call.vararg.void STATE @f SIGNATURE [ARGS...])`: as `llvm.call.vararg`, of a
    /// function without a result.
    CallVarargVoid = "llvm.call.vararg.void",
    /// `(llvm.call.indirect STATE CALLEE RESULT-TYPE ARGS)`: a call of the function at the
    /// address `CALLEE`.
    CallIndirect = "llvm.call.indirect",
    /// `(llvm.call.indirect.void STATE CALLEE ARGS)`
    CallIndirectVoid = "llvm.call.indirect.void",
    /// `(llvm.addressof.func ptr SIGNATURE @f)`: the address of function `@f`, declared with
    /// `SIGNATURE` where the module does not define it.
    AddressofFunc = "llvm.addressof.func",
    /// `(llvm.assert STATE COND "MESSAGE")`: when `COND` is false, prints the message and
    /// aborts (a block of its own; the code after it continues in another).
    Assert = "llvm.assert",
    /// `(llvm.return STATE VALUE)`: returns one value (several results are packed into a
    /// struct).
    Return = "llvm.return",
    /// `(llvm.return.void STATE)`: returns nothing.
    ReturnVoid = "llvm.return.void",
    /// `(llvm.unreachable STATE)`: control never gets here.
    Unreachable = "llvm.unreachable",
    /// `(llvm.br STATE SUCC)`: an unconditional branch.
    Br = "llvm.br",
    /// `(llvm.cond_br STATE COND SUCC-TRUE SUCC-FALSE)`: a conditional branch on an `i1`.
    CondBr = "llvm.cond_br",
    /// `(llvm.switch STATE FLAG-TYPE FLAG DEFAULT-SUCC [CASES...])`: a multi-way branch,
    /// each case a [`TargetOp::Case`].
    Switch = "llvm.switch",
    // Memory.
    /// `(llvm.gep ptr ELEM-TYPE BASE [INDICES...])`: address arithmetic in units of
    /// `ELEM-TYPE`.
    Gep = "llvm.gep",
    /// `(llvm.load STATE T PTR)`: reads a `T`.
    Load = "llvm.load",
    /// `(llvm.store STATE VALUE PTR)`: writes `VALUE`.
    Store = "llvm.store",
    /// `(llvm.atomicrmw STATE T "OP" PTR VALUE)`: LLVM's `atomicrmw OP`, `acq_rel`, of a
    /// `T` at `PTR`; the value before.
    AtomicRmw = "llvm.atomicrmw",
    /// `(llvm.atomic.update STATE T "OP" PTR VALUE)`: `PTR`'s `T` replaced by `OP old VALUE`
    /// (an LLVM binary instruction: `mul`, `fmul`) by a compare-and-swap loop, as MLIR
    /// builds one for `generic_atomic_rmw`; the value before.
    AtomicUpdate = "llvm.atomic.update",
    /// `(llvm.atomic.loop STATE T PTR)`: a load of `PTR`'s `T`, then the head of a
    /// compare-and-swap loop that runs the code up to the matching
    /// [`TargetOp::AtomicCommit`]; the value the iteration starts from.
    AtomicLoop = "llvm.atomic.loop",
    /// `(llvm.atomic.commit STATE T PTR CURRENT NEW)`: `cmpxchg` of `NEW` for `CURRENT` (an
    /// `llvm.atomic.loop`'s value) at `PTR`, back to `CURRENT`'s loop unless it stored; the
    /// value seen.
    AtomicCommit = "llvm.atomic.commit",
    /// `(llvm.cmpxchg STATE T PTR EXPECTED NEW)`: LLVM's `cmpxchg` (`acq_rel`, `monotonic`
    /// on failure) of the value at `PTR`; `T` is the struct of the value seen and whether
    /// `NEW` was stored.
    Cmpxchg = "llvm.cmpxchg",
    /// `(llvm.alloca STATE ptr ELEM-TYPE COUNT)`: `COUNT` elements on the stack, allocated
    /// where the operation is (in a loop, once per iteration).
    Alloca = "llvm.alloca",
    /// `(llvm.alloca.entry STATE ptr ELEM-TYPE COUNT)`: a frame slot, allocated in the
    /// entry block (a loop reuses it); `COUNT` must fold to a constant.
    AllocaEntry = "llvm.alloca.entry",
    /// `(llvm.stacksave STATE ptr)`: the stack pointer, to restore later.
    Stacksave = "llvm.stacksave",
    /// `(llvm.stackrestore STATE SAVED)`: frees the stack allocated since `SAVED` was
    /// taken.
    Stackrestore = "llvm.stackrestore",
    /// `(llvm.load.invariant T PTR)`: a load from memory that never changes while it is
    /// reachable (a descriptor an unranked memref points to), placed like a pure value.
    LoadInvariant = "llvm.load.invariant",
    /// `(llvm.ptrtoint T PTR)`: a pointer's address as an integer of type `T`.
    Ptrtoint = "llvm.ptrtoint",
    /// `(llvm.inttoptr ptr X)`: an integer address as a pointer.
    Inttoptr = "llvm.inttoptr",
    /// `(llvm.addressof ptr VALUE-TYPE @NAME)`: the address of global `NAME`, whose value
    /// has type `VALUE-TYPE`.
    Addressof = "llvm.addressof",
    /// `(llvm.intr T "llvm.NAME" [ARGS...])`: a call of a pure LLVM intrinsic, overloaded
    /// as [`intrinsic_overloads`] says.
    Intr = "llvm.intr",
    /// `(llvm.libm T @NAME [ARGS...])`: a call of a C math library function without side
    /// effects (`tanhf`), declared in the module where first used.
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
