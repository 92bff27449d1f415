//! The operation tables of the supported dialects: names (modern and legacy), operand
//! classes, and comparison predicates.

/// Which scalar types an arithmetic operation accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandClass {
    /// Signless integers and `index`.
    Integer,
    /// `f16`, `f32`, `f64`.
    Float,
}

macro_rules! op_table {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal $(| $legacy:literal)* : $class:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                #[doc = concat!("`", $text, "`" $(, ", legacy `", $legacy, "`")*, ".")]
                $variant
            ),*
        }

        impl $name {
            /// Every operation of the table, in the table's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The modern MLIR name, e.g. `arith.addi`.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            /// Looks up a modern or legacy spelling.
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $($text $(| $legacy)* => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// Which scalar types the operation's (first) operand may have.
            pub fn class(self) -> OperandClass {
                match self { $($name::$variant => OperandClass::$class),* }
            }
        }
    };
}

op_table! {
    /// Two operands and one result, all of the same type.
    BinaryOp {
        AddI = "arith.addi" | "addi": Integer,
        SubI = "arith.subi" | "subi": Integer,
        MulI = "arith.muli" | "muli": Integer,
        DivSI = "arith.divsi" | "divi_signed": Integer,
        DivUI = "arith.divui" | "divi_unsigned": Integer,
        CeilDivSI = "arith.ceildivsi": Integer,
        CeilDivUI = "arith.ceildivui": Integer,
        FloorDivSI = "arith.floordivsi": Integer,
        RemSI = "arith.remsi" | "remi_signed": Integer,
        RemUI = "arith.remui" | "remi_unsigned": Integer,
        AndI = "arith.andi" | "and": Integer,
        OrI = "arith.ori" | "or": Integer,
        XOrI = "arith.xori" | "xor": Integer,
        ShLI = "arith.shli" | "shift_left": Integer,
        ShRSI = "arith.shrsi" | "shift_right_signed": Integer,
        ShRUI = "arith.shrui" | "shift_right_unsigned": Integer,
        MaxSI = "arith.maxsi": Integer,
        MaxUI = "arith.maxui": Integer,
        MinSI = "arith.minsi": Integer,
        MinUI = "arith.minui": Integer,
        AddF = "arith.addf" | "addf": Float,
        SubF = "arith.subf" | "subf": Float,
        MulF = "arith.mulf" | "mulf": Float,
        DivF = "arith.divf" | "divf": Float,
        RemF = "arith.remf" | "remf": Float,
        MaximumF = "arith.maximumf": Float,
        MinimumF = "arith.minimumf": Float,
        MaxNumF = "arith.maxnumf": Float,
        MinNumF = "arith.minnumf": Float,
    }
}

op_table! {
    /// One operand and one result of the same type.
    UnaryOp {
        NegF = "arith.negf" | "negf": Float,
    }
}

op_table! {
    /// `op %x : T to U` conversions. The class is that of the operand.
    CastOp {
        ExtSI = "arith.extsi" | "sexti": Integer,
        ExtUI = "arith.extui" | "zexti": Integer,
        TruncI = "arith.trunci" | "trunci": Integer,
        SIToFP = "arith.sitofp" | "sitofp": Integer,
        UIToFP = "arith.uitofp" | "uitofp": Integer,
        FPToSI = "arith.fptosi" | "fptosi": Float,
        FPToUI = "arith.fptoui" | "fptoui": Float,
        ExtF = "arith.extf" | "fpext": Float,
        TruncF = "arith.truncf" | "fptrunc": Float,
        IndexCast = "arith.index_cast" | "index_cast": Integer,
        IndexCastUI = "arith.index_castui": Integer,
        Bitcast = "arith.bitcast": Integer,
        MemRefCast = "memref.cast" | "memref_cast": Integer,
        PtrToInt = "llvm.ptrtoint": Integer,
        IntToPtr = "llvm.inttoptr": Integer,
    }
}

op_table! {
    /// The operations of `memref.atomic_rmw`, by the keyword written before the value. The
    /// class is the element type's (`assign` takes any).
    AtomicKind {
        AddF = "addf": Float,
        AddI = "addi": Integer,
        Assign = "assign": Integer,
        MaximumF = "maximumf": Float,
        MaxS = "maxs": Integer,
        MaxU = "maxu": Integer,
        MinimumF = "minimumf": Float,
        MinS = "mins": Integer,
        MinU = "minu": Integer,
        MulF = "mulf": Float,
        MulI = "muli": Integer,
        OrI = "ori": Integer,
        AndI = "andi": Integer,
    }
}

/// The two families of LLVM instruction flags MLIR's operations carry, each the words of
/// its list in MLIR's order (which is also LLVM's spelling of each flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlagFamily {
    /// `overflow<nsw, nuw>` on `arith.addi`, `subi`, `muli`, `shli` (and their LLVM-dialect
    /// spellings): the result is poison where it wraps as a signed / unsigned number.
    Overflow,
    /// `fastmath<...>` on `arith`'s and `math`'s float operations (`{fastmathFlags =
    /// #llvm.fastmath<...>}` in the LLVM dialect): LLVM's fast-math flags.
    FastMath,
}

impl FlagFamily {
    /// The flags of the family; `fast` stands for all of the fast-math ones, `none` for
    /// no flag.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            FlagFamily::Overflow => &["nsw", "nuw"],
            FlagFamily::FastMath => &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"],
        }
    }

    /// The keyword of the family's list in `arith` and `math` (`overflow<...>`).
    pub fn keyword(self) -> &'static str {
        match self {
            FlagFamily::Overflow => "overflow",
            FlagFamily::FastMath => "fastmath",
        }
    }

    /// The attribute an operation keeps the family's flags under, and the start of its
    /// value in generic form: `overflowFlags` (`#arith.overflow<`, `#llvm.overflow<` in the
    /// LLVM dialect), `fastmath` (`#arith.fastmath<`), and in the LLVM dialect
    /// `fastmathFlags` (`#llvm.fastmath<`).
    pub fn attribute(self, llvm: bool) -> (&'static str, &'static str) {
        match (self, llvm) {
            (FlagFamily::Overflow, false) => ("overflowFlags", "#arith.overflow<"),
            (FlagFamily::Overflow, true) => ("overflowFlags", "#llvm.overflow<"),
            (FlagFamily::FastMath, false) => ("fastmath", "#arith.fastmath<"),
            (FlagFamily::FastMath, true) => ("fastmathFlags", "#llvm.fastmath<"),
        }
    }

    /// The words MLIR accepts in the list, for a diagnostic.
    pub fn accepted(self) -> String {
        let mut all = vec!["none"];
        all.extend(self.words());
        if self == FlagFamily::FastMath {
            all.push("fast");
        }
        all.join(", ")
    }

    /// The flags of a list's words in the family's order, as kiln keeps them for the
    /// lowering (`"nsw nuw"`, `"fast"` for every fast-math flag, `"nnan ninf"`); `None`
    /// when there are none. `Err` names a word the family does not have.
    pub fn canonical<'a>(
        self,
        written: impl IntoIterator<Item = &'a str>,
    ) -> Result<Option<String>, &'a str> {
        let words = self.words();
        let mut set = vec![false; words.len()];
        for w in written {
            match w {
                "none" => {}
                "fast" if self == FlagFamily::FastMath => set.iter_mut().for_each(|s| *s = true),
                w => match words.iter().position(|x| *x == w) {
                    Some(i) => set[i] = true,
                    None => return Err(w),
                },
            }
        }
        if self == FlagFamily::FastMath && set.iter().all(|s| *s) {
            return Ok(Some("fast".to_string()));
        }
        let on: Vec<&str> = words
            .iter()
            .zip(&set)
            .filter(|(_, s)| **s)
            .map(|(w, _)| *w)
            .collect();
        Ok((!on.is_empty()).then(|| on.join(" ")))
    }

    /// The words of a flag attribute's text (`overflow<nsw, nuw>`,
    /// `#llvm.fastmath<fast>`): those inside its angle brackets.
    pub fn written(text: &str) -> impl Iterator<Item = &str> {
        let inner = match (text.find('<'), text.rfind('>')) {
            (Some(a), Some(b)) if a < b => &text[a + 1..b],
            _ => "",
        };
        inner.split(',').map(str::trim).filter(|w| !w.is_empty())
    }
}

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

/// The LLVM-dialect operations that mean an operation of kiln's other dialects, by name:
/// (LLVM name, the operation it means). Input that a pass lowered part of (`llvm.add` beside
/// `memref.load`) and `llvm.func` bodies are read with these meanings, so one set of rules
/// lowers both spellings; the written one is kept for printing and diagnostics.
pub const LLVM_MEANINGS: &[(&str, &str)] = &[
    ("llvm.add", "arith.addi"),
    ("llvm.sub", "arith.subi"),
    ("llvm.mul", "arith.muli"),
    ("llvm.sdiv", "arith.divsi"),
    ("llvm.udiv", "arith.divui"),
    ("llvm.srem", "arith.remsi"),
    ("llvm.urem", "arith.remui"),
    ("llvm.and", "arith.andi"),
    ("llvm.or", "arith.ori"),
    ("llvm.xor", "arith.xori"),
    ("llvm.shl", "arith.shli"),
    ("llvm.ashr", "arith.shrsi"),
    ("llvm.lshr", "arith.shrui"),
    ("llvm.fadd", "arith.addf"),
    ("llvm.fsub", "arith.subf"),
    ("llvm.fmul", "arith.mulf"),
    ("llvm.fdiv", "arith.divf"),
    ("llvm.frem", "arith.remf"),
    ("llvm.fneg", "arith.negf"),
    ("llvm.sext", "arith.extsi"),
    ("llvm.zext", "arith.extui"),
    ("llvm.trunc", "arith.trunci"),
    ("llvm.sitofp", "arith.sitofp"),
    ("llvm.uitofp", "arith.uitofp"),
    ("llvm.fptosi", "arith.fptosi"),
    ("llvm.fptoui", "arith.fptoui"),
    ("llvm.fpext", "arith.extf"),
    ("llvm.fptrunc", "arith.truncf"),
    ("llvm.bitcast", "arith.bitcast"),
    ("llvm.icmp", "arith.cmpi"),
    ("llvm.fcmp", "arith.cmpf"),
    ("llvm.select", "arith.select"),
    ("llvm.br", "cf.br"),
    ("llvm.cond_br", "cf.cond_br"),
    ("llvm.switch", "cf.switch"),
    ("llvm.return", "func.return"),
    ("llvm.mlir.poison", "ub.poison"),
    ("llvm.intr.smax", "arith.maxsi"),
    ("llvm.intr.smin", "arith.minsi"),
    ("llvm.intr.umax", "arith.maxui"),
    ("llvm.intr.umin", "arith.minui"),
    ("llvm.intr.maxnum", "arith.maxnumf"),
    ("llvm.intr.minnum", "arith.minnumf"),
    ("llvm.intr.maximum", "arith.maximumf"),
    ("llvm.intr.minimum", "arith.minimumf"),
    ("llvm.intr.fabs", "math.absf"),
    ("llvm.intr.sqrt", "math.sqrt"),
    ("llvm.intr.fma", "math.fma"),
    ("llvm.intr.exp", "math.exp"),
    ("llvm.intr.exp2", "math.exp2"),
    ("llvm.intr.log", "math.log"),
    ("llvm.intr.log2", "math.log2"),
    ("llvm.intr.log10", "math.log10"),
    ("llvm.intr.sin", "math.sin"),
    ("llvm.intr.cos", "math.cos"),
    ("llvm.intr.pow", "math.powf"),
    ("llvm.intr.powi", "math.fpowi"),
    ("llvm.intr.floor", "math.floor"),
    ("llvm.intr.ceil", "math.ceil"),
    ("llvm.intr.round", "math.round"),
    ("llvm.intr.roundeven", "math.roundeven"),
    ("llvm.intr.trunc", "math.trunc"),
    ("llvm.intr.copysign", "math.copysign"),
    ("llvm.intr.ctpop", "math.ctpop"),
    ("llvm.intr.ctlz", "math.ctlz"),
    ("llvm.intr.cttz", "math.cttz"),
    ("llvm.intr.abs", "math.absi"),
];

/// The LLVM intrinsics the LLVM dialect writes in generic form only (it has no custom
/// form for them), each with the property that says whether the result is poison at its
/// edge case (a zero for `ctlz`/`cttz`, the smallest integer for `abs`). kiln reads them
/// with it `false`, as `convert-math-to-llvm` writes them: then they mean `math.ctlz`,
/// `math.cttz` and `math.absi`.
pub const LLVM_GENERIC_INTRINSICS: &[(&str, &str)] = &[
    ("llvm.intr.ctlz", "is_zero_poison"),
    ("llvm.intr.cttz", "is_zero_poison"),
    ("llvm.intr.abs", "is_int_min_poison"),
];

/// The property a generic-only intrinsic requires ([`LLVM_GENERIC_INTRINSICS`]).
pub fn generic_intrinsic_property(name: &str) -> Option<&'static str> {
    LLVM_GENERIC_INTRINSICS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| *p)
}

/// The operation an LLVM-dialect operation `name` means ([`LLVM_MEANINGS`]); other names
/// are told apart by their prefix, without a search.
pub fn llvm_meaning(name: &str) -> Option<&'static str> {
    if !name.starts_with("llvm.") {
        return None;
    }
    LLVM_MEANINGS
        .iter()
        .find(|(l, _)| *l == name)
        .map(|(_, m)| *m)
}

/// The LLVM-dialect spelling of the operation `meaning` ([`LLVM_MEANINGS`]).
pub fn llvm_spelling(meaning: &str) -> Option<&'static str> {
    LLVM_MEANINGS
        .iter()
        .find(|(_, m)| *m == meaning)
        .map(|(l, _)| *l)
}

/// The operations of `llvm.atomicrmw`, as the LLVM dialect writes them (`_and`, `_or`,
/// `_xor`: the bare words are keywords of its syntax), with LLVM's name of each.
pub const LLVM_ATOMIC_OPS: &[(&str, &str)] = &[
    ("xchg", "xchg"),
    ("add", "add"),
    ("sub", "sub"),
    ("_and", "and"),
    ("nand", "nand"),
    ("_or", "or"),
    ("_xor", "xor"),
    ("max", "max"),
    ("min", "min"),
    ("umax", "umax"),
    ("umin", "umin"),
    ("fadd", "fadd"),
    ("fsub", "fsub"),
    ("fmax", "fmax"),
    ("fmin", "fmin"),
    ("uinc_wrap", "uinc_wrap"),
    ("udec_wrap", "udec_wrap"),
];

/// The predicate keyword of `llvm.fcmp` for `arith.cmpf`'s `p`: the LLVM dialect writes the
/// two constant predicates `_false` and `_true`.
pub fn llvm_fcmp_keyword(p: CmpFPredicate) -> &'static str {
    match p {
        CmpFPredicate::False => "_false",
        CmpFPredicate::True => "_true",
        _ => p.name(),
    }
}

/// How the types of an element-wise operation relate: what its custom syntax's type list
/// says and which result types follow from it. One shape serves a family of operations, so
/// a new operation of a known shape is one line of [`PureOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `op %a, … : T`: N operands and one result, all of type T.
    Same(u8),
    /// `op %a, …` (no type list): N operands and one result, all `index`.
    Index(u8),
    /// `math.fpowi %a, %b : T, U`: a float base T, an integer exponent U, a result T.
    PowI,
    /// `arith.addui_extended %a, %b : T, i1`: operands T, results (T, i1).
    AddExtended,
    /// `arith.mulsi_extended %a, %b : T`: operands T, results (T, T).
    MulExtended,
}

/// An [`op_table!`] whose entries also name their [`Shape`].
macro_rules! pure_ops {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal : $shape:expr, $class:ident),* $(,)? }) => {
        op_table! { $(#[$m])* $name { $($variant = $text : $class),* } }

        impl $name {
            /// How the operation's operand and result types relate.
            pub fn shape(self) -> Shape {
                use Shape::*;
                match self { $($name::$variant => $shape),* }
            }
        }
    };
}

pure_ops! {
    /// Element-wise operations without side effects, encoded by name for the rules
    /// (`rules/arith.rules`, `rules/math.rules`, `rules/index.rules`) and evaluated by the
    /// interpreter: the extended arithmetic of `arith`, the `math` dialect, the arithmetic of
    /// the `index` dialect.
    PureOp {
        AddUIExtended = "arith.addui_extended": AddExtended, Integer,
        MulSIExtended = "arith.mulsi_extended": MulExtended, Integer,
        MulUIExtended = "arith.mului_extended": MulExtended, Integer,
        AbsF = "math.absf": Same(1), Float,
        AbsI = "math.absi": Same(1), Integer,
        Ceil = "math.ceil": Same(1), Float,
        Floor = "math.floor": Same(1), Float,
        Round = "math.round": Same(1), Float,
        RoundEven = "math.roundeven": Same(1), Float,
        Trunc = "math.trunc": Same(1), Float,
        Sqrt = "math.sqrt": Same(1), Float,
        Rsqrt = "math.rsqrt": Same(1), Float,
        Cbrt = "math.cbrt": Same(1), Float,
        Exp = "math.exp": Same(1), Float,
        Exp2 = "math.exp2": Same(1), Float,
        ExpM1 = "math.expm1": Same(1), Float,
        Log = "math.log": Same(1), Float,
        Log2 = "math.log2": Same(1), Float,
        Log10 = "math.log10": Same(1), Float,
        Log1p = "math.log1p": Same(1), Float,
        Sin = "math.sin": Same(1), Float,
        Cos = "math.cos": Same(1), Float,
        Tan = "math.tan": Same(1), Float,
        Asin = "math.asin": Same(1), Float,
        Acos = "math.acos": Same(1), Float,
        Atan = "math.atan": Same(1), Float,
        Sinh = "math.sinh": Same(1), Float,
        Cosh = "math.cosh": Same(1), Float,
        Tanh = "math.tanh": Same(1), Float,
        Asinh = "math.asinh": Same(1), Float,
        Acosh = "math.acosh": Same(1), Float,
        Atanh = "math.atanh": Same(1), Float,
        Erf = "math.erf": Same(1), Float,
        Atan2 = "math.atan2": Same(2), Float,
        PowF = "math.powf": Same(2), Float,
        CopySign = "math.copysign": Same(2), Float,
        Fma = "math.fma": Same(3), Float,
        FPowI = "math.fpowi": PowI, Float,
        Ctlz = "math.ctlz": Same(1), Integer,
        Cttz = "math.cttz": Same(1), Integer,
        Ctpop = "math.ctpop": Same(1), Integer,
        IndexAdd = "index.add": Index(2), Integer,
        IndexSub = "index.sub": Index(2), Integer,
        IndexMul = "index.mul": Index(2), Integer,
        IndexDivS = "index.divs": Index(2), Integer,
        IndexDivU = "index.divu": Index(2), Integer,
        IndexCeilDivS = "index.ceildivs": Index(2), Integer,
        IndexCeilDivU = "index.ceildivu": Index(2), Integer,
        IndexFloorDivS = "index.floordivs": Index(2), Integer,
        IndexRemS = "index.rems": Index(2), Integer,
        IndexRemU = "index.remu": Index(2), Integer,
        IndexMaxS = "index.maxs": Index(2), Integer,
        IndexMaxU = "index.maxu": Index(2), Integer,
        IndexMinS = "index.mins": Index(2), Integer,
        IndexMinU = "index.minu": Index(2), Integer,
        IndexShl = "index.shl": Index(2), Integer,
        IndexShrS = "index.shrs": Index(2), Integer,
        IndexShrU = "index.shru": Index(2), Integer,
        IndexAnd = "index.and": Index(2), Integer,
        IndexOr = "index.or": Index(2), Integer,
        IndexXor = "index.xor": Index(2), Integer,
    }
}

impl PureOp {
    /// Whether the operation is a call of the C math library (`tanf` at f32, `tan` at f64):
    /// LLVM has no intrinsic for it, so it takes no fast-math flags (`rules/math.rules`).
    pub fn c_library(self) -> bool {
        use PureOp as P;
        matches!(
            self,
            P::ExpM1
                | P::Log1p
                | P::Tan
                | P::Asin
                | P::Acos
                | P::Atan
                | P::Sinh
                | P::Cosh
                | P::Tanh
                | P::Asinh
                | P::Acosh
                | P::Atanh
                | P::Erf
                | P::Cbrt
                | P::Atan2
        )
    }

    /// How many operands the operation takes.
    pub fn arity(self) -> usize {
        match self.shape() {
            Shape::Same(n) | Shape::Index(n) => n as usize,
            Shape::PowI | Shape::AddExtended | Shape::MulExtended => 2,
        }
    }

    /// The `arith` operation an `index` operation is, at type `index`.
    pub fn index_arith(self) -> Option<BinaryOp> {
        use BinaryOp as B;
        use PureOp as P;
        Some(match self {
            P::IndexAdd => B::AddI,
            P::IndexSub => B::SubI,
            P::IndexMul => B::MulI,
            P::IndexDivS => B::DivSI,
            P::IndexDivU => B::DivUI,
            P::IndexCeilDivS => B::CeilDivSI,
            P::IndexCeilDivU => B::CeilDivUI,
            P::IndexFloorDivS => B::FloorDivSI,
            P::IndexRemS => B::RemSI,
            P::IndexRemU => B::RemUI,
            P::IndexMaxS => B::MaxSI,
            P::IndexMaxU => B::MaxUI,
            P::IndexMinS => B::MinSI,
            P::IndexMinU => B::MinUI,
            P::IndexShl => B::ShLI,
            P::IndexShrS => B::ShRSI,
            P::IndexShrU => B::ShRUI,
            P::IndexAnd => B::AndI,
            P::IndexOr => B::OrI,
            P::IndexXor => B::XOrI,
            _ => return None,
        })
    }
}

/// The dialects whose operations kiln reads. MLIR refuses an unknown operation of a
/// registered dialect (even with `--allow-unregistered-dialect`), and so does kiln for
/// these: an operation of one of them that kiln does not read is a typo or unsupported, in
/// custom or generic form.
pub const KNOWN_DIALECTS: &[&str] = &[
    "arith", "builtin", "cf", "func", "index", "llvm", "math", "memref", "ub",
];

/// The error for an operation `name` of a dialect in [`KNOWN_DIALECTS`] that kiln does
/// not read, if its dialect is one of those.
pub fn unknown_op_message(name: &str) -> Option<String> {
    if let Some(property) = generic_intrinsic_property(name) {
        return Some(format!(
            "`{name}` has no custom form: MLIR writes it in generic form, `\"{name}\"(%x) <{{{property} = false}}> : (i32) -> i32`"
        ));
    }
    let (dialect, _) = name.split_once('.')?;
    KNOWN_DIALECTS.contains(&dialect).then(|| {
        format!(
            "`{name}` is not an operation of the `{dialect}` dialect that kiln supports (MLIR refuses unknown operations of a registered dialect)"
        )
    })
}

/// The operations of kiln's own syntax families, beside the tables above: (name, what).
const STRUCTURAL: &[(&str, &str)] = &[
    (
        "builtin.module",
        "nested modules without functions are dropped",
    ),
    (
        "func.func",
        "public and private; declarations; `llvm.emit_c_interface`, `llvm.bareptr`, `llvm.linkage`; parameter and result attributes",
    ),
    ("func.call", "any number of results"),
    (
        "func.call_indirect",
        "of a `func.constant`'s value, in the function that makes it; any number of results",
    ),
    ("func.constant", "a function of the module"),
    ("func.return", "any number of results"),
    (
        "arith.constant",
        "integers, decimal and hexadecimal floats, booleans",
    ),
    ("arith.cmpi", "every predicate"),
    ("arith.cmpf", "every predicate"),
    ("arith.select", ""),
    ("cf.br", "block arguments"),
    (
        "cf.cond_br",
        "block arguments; a block named twice is reached through a new block",
    ),
    ("cf.switch", "block arguments"),
    (
        "cf.assert",
        "prints the message and aborts when false, as MLIR; `kiln interp` reports it",
    ),
    ("memref.alloc", "identity layouts, static and dynamic sizes"),
    (
        "memref.alloca",
        "identity layouts, static and dynamic sizes",
    ),
    ("memref.dealloc", ""),
    (
        "memref.alloca_scope",
        "results; nested; a stack save and restore around its region, as MLIR",
    ),
    ("memref.alloca_scope.return", ""),
    (
        "memref.generic_atomic_rmw",
        "a compare-and-swap loop around its region, as MLIR; floats compared by their bits (MLIR 19 fails on them)",
    ),
    ("memref.atomic_yield", ""),
    (
        "memref.load",
        "ranked with identity or strided layouts, and unranked",
    ),
    (
        "memref.store",
        "ranked with identity or strided layouts, and unranked",
    ),
    ("memref.dim", ""),
    ("memref.rank", ""),
    (
        "memref.copy",
        "contiguous layouts as one `memcpy`; other layouts and unranked memrefs by `memrefCopy` of MLIR's runtime, as MLIR",
    ),
    ("memref.extract_strided_metadata", "ranked memrefs"),
    ("memref.reinterpret_cast", "ranked sources"),
    ("memref.subview", "ranked sources; rank-reducing"),
    ("memref.assume_alignment", "ranked memrefs, as an `llvm.assume`"),
    (
        "memref.transpose",
        "ranked memrefs; a view with the sizes and strides permuted",
    ),
    ("memref.extract_aligned_pointer_as_index", "ranked memrefs"),
    (
        "memref.global",
        "static shapes, identity layout; `dense` (nested, splat or hexadecimal), `uninitialized` or external; `constant`; `alignment`",
    ),
    ("memref.get_global", ""),
    (
        "memref.expand_shape",
        "ranked memrefs, MLIR 19's form with `output_shape`; the layout MLIR infers",
    ),
    (
        "memref.atomic_rmw",
        "ranked memrefs of 8 to 64-bit elements; LLVM's `atomicrmw` as MLIR 19 picks it; `muli` and `mulf`, which MLIR 19 does not lower, a compare-and-swap loop",
    ),
    (
        "memref.realloc",
        "1-D, identity layout; between static sizes, growing copies to new memory, as `expand-realloc`; where a size is dynamic, C's `realloc`",
    ),
    (
        "memref.view",
        "a 1-D `i8` buffer viewed from a byte shift on, identity layout",
    ),
    (
        "memref.reshape",
        "identity layouts; dynamic sizes read from the shape operand",
    ),
    (
        "memref.collapse_shape",
        "ranked memrefs; contiguous groups; the layout MLIR infers",
    ),
    (
        "llvm.func",
        "definitions and declarations (variadic too) of scalar, `!llvm.ptr`, struct and array parameters, called by `llvm.call`; the arithmetic, comparison, cast and branch operations mean their arith and cf counterparts, in any function",
    ),
    (
        "llvm.mlir.global",
        "`external`, `internal` and `private`; `constant`; strings, `dense` arrays, scalars; `alignment`",
    ),
    (
        "llvm.mlir.addressof",
        "of an `llvm.mlir.global` or of an `llvm.func` with fixed parameters",
    ),
    ("llvm.mlir.constant", "integers and floats"),
    ("llvm.mlir.zero", "pointers and scalars"),
    (
        "llvm.mlir.undef",
        "any LLVM type (where MLIR builds a memref's descriptor from)",
    ),
    (
        "llvm.insertvalue",
        "structs and arrays, nested positions",
    ),
    (
        "llvm.extractvalue",
        "structs and arrays, nested positions",
    ),
    (
        "llvm.alloca",
        "any LLVM type; `alignment` up to the type's; in the entry block a slot of the frame",
    ),
    ("llvm.intr.stacksave", ""),
    ("llvm.intr.stackrestore", ""),
    (
        "llvm.intr.memcpy",
        "generic form with `isVolatile`, as MLIR writes it",
    ),
    ("llvm.intr.assume", "generic form, as MLIR writes it"),
    (
        "llvm.intr.uadd.with.overflow",
        "generic form, as MLIR writes it; lowered as `arith.addui_extended`",
    ),
    (
        "llvm.atomicrmw",
        "every operation of LLVM 19, `acq_rel`",
    ),
    (
        "llvm.cmpxchg",
        "integers and pointers, `acq_rel monotonic`",
    ),
    (
        "llvm.getelementptr",
        "constant and dynamic indices over scalars, pointers, arrays and structs",
    ),
    (
        "llvm.call",
        "of an `llvm.func`, with `vararg(...)`; indirect, of an `!llvm.ptr`",
    ),
    ("llvm.load", "scalars, pointers and aggregates; `alignment`"),
    ("llvm.store", "scalars, pointers and aggregates; `alignment`"),
    (
        "llvm.unreachable",
        "`kiln interp` reports reaching it as undefined behaviour",
    ),
    (
        "ub.poison",
        "scalars and memrefs (a poison descriptor); `kiln interp` reports an operation that reads one",
    ),
];

/// Every operation kiln accepts, by name, with a note: the table README.md shows
/// ([`language_table`]), generated from the op tables so that it cannot drift from them.
pub fn accepted() -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = STRUCTURAL.to_vec();
    out.extend(BinaryOp::ALL.iter().map(|o| (o.name(), "")));
    out.extend(UnaryOp::ALL.iter().map(|o| (o.name(), "")));
    out.extend(CastOp::ALL.iter().map(|o| (o.name(), "")));
    out.extend(LLVM_MEANINGS.iter().map(|(l, m)| {
        let note = match *m {
            "func.return" => "in `llvm.func` and `func.func`",
            _ => "",
        };
        (*l, note)
    }));
    out.extend(PureOp::ALL.iter().map(|o| {
        let note = match o {
            PureOp::FPowI => "an `i32` exponent",
            PureOp::ExpM1 | PureOp::Log1p => "f32 and f64, the C library's, exact near zero",
            _ if o.c_library() => "f32 and f64, the C library's",
            _ => "",
        };
        (o.name(), note)
    }));
    out.sort_by_key(|(n, _)| *n);
    out
}

/// The markdown table of [`accepted`]: one row per dialect, its operations in order.
pub fn language_table() -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for (name, note) in accepted() {
        let (dialect, op) = name.split_once('.').unwrap_or(("", name));
        let cell = if note.is_empty() {
            format!("`{op}`")
        } else {
            format!("`{op}` ({note})")
        };
        match rows.last_mut() {
            Some((d, ops)) if d == dialect => ops.push(cell),
            _ => rows.push((dialect.to_string(), vec![cell])),
        }
    }
    let mut out = String::from("| dialect | operations |\n|---|---|\n");
    for (d, ops) in rows {
        out.push_str(&format!("| `{d}` | {} |\n", ops.join(", ")));
    }
    out
}

macro_rules! predicates {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $text:literal = $num:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* $variant),* }

        impl $name {
            /// Every predicate, in the order of their numbers.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The keyword written in the custom form (`slt` in `arith.cmpi slt, %a, %b`).
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            /// Looks up a predicate keyword.
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)* _ => None }
            }

            /// The integer MLIR stores in the generic form's `predicate` attribute.
            pub fn from_number(n: i64) -> Option<$name> {
                match n { $($num => Some($name::$variant),)* _ => None }
            }
        }
    };
}

predicates! {
    /// `arith.cmpi` predicates.
    CmpIPredicate {
        /// `eq`: equal.
        Eq = "eq" = 0,
        /// `ne`: not equal.
        Ne = "ne" = 1,
        /// `slt`: signed less than.
        Slt = "slt" = 2,
        /// `sle`: signed less than or equal.
        Sle = "sle" = 3,
        /// `sgt`: signed greater than.
        Sgt = "sgt" = 4,
        /// `sge`: signed greater than or equal.
        Sge = "sge" = 5,
        /// `ult`: unsigned less than.
        Ult = "ult" = 6,
        /// `ule`: unsigned less than or equal.
        Ule = "ule" = 7,
        /// `ugt`: unsigned greater than.
        Ugt = "ugt" = 8,
        /// `uge`: unsigned greater than or equal.
        Uge = "uge" = 9,
    }
}

impl CmpIPredicate {
    /// Whether the predicate holds between `x` and `y`, integers of `width` bits (1 to 128)
    /// stored sign-extended: the one statement of `arith.cmpi`'s meaning, which the
    /// interpreter and the rules' `cmpi` builtin share.
    pub fn holds(self, width: u32, x: i128, y: i128) -> bool {
        use CmpIPredicate as P;
        let unsigned = |v: i128| (v as u128) & (u128::MAX >> (128 - width.clamp(1, 128)));
        let (ux, uy) = (unsigned(x), unsigned(y));
        match self {
            P::Eq => x == y,
            P::Ne => x != y,
            P::Slt => x < y,
            P::Sle => x <= y,
            P::Sgt => x > y,
            P::Sge => x >= y,
            P::Ult => ux < uy,
            P::Ule => ux <= uy,
            P::Ugt => ux > uy,
            P::Uge => ux >= uy,
        }
    }
}

predicates! {
    /// `arith.cmpf` predicates (ordered `o*`, unordered `u*`, and the constant ones).
    CmpFPredicate {
        /// `false`: always false.
        False = "false" = 0,
        /// `oeq`: neither operand is NaN and they are equal.
        Oeq = "oeq" = 1,
        /// `ogt`: neither operand is NaN and the first is greater.
        Ogt = "ogt" = 2,
        /// `oge`: neither operand is NaN and the first is greater or equal.
        Oge = "oge" = 3,
        /// `olt`: neither operand is NaN and the first is less.
        Olt = "olt" = 4,
        /// `ole`: neither operand is NaN and the first is less or equal.
        Ole = "ole" = 5,
        /// `one`: neither operand is NaN and they differ.
        One = "one" = 6,
        /// `ord`: neither operand is NaN.
        Ord = "ord" = 7,
        /// `ueq`: an operand is NaN or they are equal.
        Ueq = "ueq" = 8,
        /// `ugt`: an operand is NaN or the first is greater.
        Ugt = "ugt" = 9,
        /// `uge`: an operand is NaN or the first is greater or equal.
        Uge = "uge" = 10,
        /// `ult`: an operand is NaN or the first is less.
        Ult = "ult" = 11,
        /// `ule`: an operand is NaN or the first is less or equal.
        Ule = "ule" = 12,
        /// `une`: an operand is NaN or they differ.
        Une = "une" = 13,
        /// `uno`: an operand is NaN.
        Uno = "uno" = 14,
        /// `true`: always true.
        True = "true" = 15,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for op in BinaryOp::ALL {
            assert_eq!(BinaryOp::from_name(op.name()), Some(*op));
        }
        for op in CastOp::ALL {
            assert_eq!(CastOp::from_name(op.name()), Some(*op));
        }
        assert_eq!(BinaryOp::from_name("addi"), Some(BinaryOp::AddI));
        for op in PureOp::ALL {
            assert_eq!(PureOp::from_name(op.name()), Some(*op));
            assert_eq!(op.index_arith().is_some(), op.name().starts_with("index."));
        }
        assert_eq!(CmpFPredicate::from_number(15), Some(CmpFPredicate::True));
    }
}
