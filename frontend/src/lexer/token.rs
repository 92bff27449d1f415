//! The tokens, and the classification of a word into its token: keywords and operation
//! names by syntax family.

use std::fmt;

/// A token of kiln's MLIR subset. Payloads borrow the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equals,
    /// `->`
    Arrow,
    /// `?` outside a shape (a dynamic stride or offset in `strided<...>`).
    Question,
    /// `%name` or `%name#3` (text without the `%`).
    Value(&'a str),
    /// `@name` or `@"name"` (text without the `@` and quotes).
    Symbol(&'a str),
    /// `^bb1` (text without the `^`).
    Block(&'a str),
    /// Integer literal text, with sign, decimal or `0x` hex.
    Int(&'a str),
    /// Float literal text.
    Float(&'a str),
    /// String literal contents, without quotes (escapes kept as written).
    Str(&'a str),
    /// A dialect attribute written in full, `#llvm.linkage<linkonce_odr>` (the whole text).
    DialectAttr(&'a str),
    /// A shape dimension `4x` / `?x` (text without the `x`); only lexed after `memref<`.
    Dim(&'a str),
    /// `*x`, the shape of an unranked memref.
    UnrankedDim,
    /// Any other bare identifier (a letter or `_`, then letters, digits, `_`, `$`, `.`):
    /// type names (`i32`), predicates (`slt`), attribute keys, flag words.
    Ident(&'a str),
    // Structural keywords.
    /// `module` or `builtin.module`.
    KwModule(&'a str),
    /// `func.func` or the legacy `func`.
    KwFunc(&'a str),
    /// `attributes`
    KwAttributes,
    /// `private`, `public` or `nested`.
    KwVisibility(&'a str),
    /// `to`
    KwTo,
    /// `memref`; a `<` right after it starts a shape.
    KwMemref,
    /// `strided`
    KwStrided,
    /// `offset`
    KwOffset,
    /// `default` (the default case of `cf.switch`).
    KwDefault,
    /// `true`
    KwTrue,
    /// `false`
    KwFalse,
    /// `overflow` (the `overflow<nsw, nuw>` flags).
    KwOverflow,
    /// `fastmath` (the `fastmath<...>` flags).
    KwFastmath,
    // Operation families (payload: the operation name as written).
    /// A [`crate::ops::BinaryOp`] name, modern or legacy: `arith.addi`, `addi`, `arith.mulf`, ...
    OpBinary(&'a str),
    /// A [`crate::ops::UnaryOp`] name: `arith.negf` or `negf`.
    OpUnary(&'a str),
    /// A [`crate::ops::CastOp`] name, modern or legacy: `arith.extsi`, `sexti`, `memref.cast`, ...
    OpCast(&'a str),
    /// `arith.cmpi`, `arith.cmpf`, `cmpi` or `cmpf`.
    OpCmp(&'a str),
    /// `arith.select` or `select`.
    OpSelect(&'a str),
    /// `arith.constant` or `constant`.
    OpConstant(&'a str),
    /// `func.call` or `call`.
    OpCall(&'a str),
    /// `func.call_indirect` or `call_indirect`.
    OpCallIndirect(&'a str),
    /// `func.constant`: a function's address as a value.
    OpFuncConstant(&'a str),
    /// `func.return` or `return`.
    OpReturn(&'a str),
    /// `llvm.unreachable`.
    OpUnreachable(&'a str),
    /// `cf.br` or `br`.
    OpBr(&'a str),
    /// `cf.cond_br` or `cond_br`.
    OpCondBr(&'a str),
    /// `cf.switch`.
    OpSwitch(&'a str),
    /// `memref.alloc`, `memref.alloca`, `alloc` or `alloca`.
    OpAlloc(&'a str),
    /// `memref.dealloc` or `dealloc`.
    OpDealloc(&'a str),
    /// `cf.assert` or `assert`.
    OpAssert(&'a str),
    /// `ub.poison`.
    OpPoison(&'a str),
    /// `memref.assume_alignment`.
    OpAssumeAlignment(&'a str),
    /// `memref.transpose`.
    OpTranspose(&'a str),
    /// `memref.extract_aligned_pointer_as_index`.
    OpAlignedPointer(&'a str),
    /// `memref.load` or `load`.
    OpLoad(&'a str),
    /// `memref.store` or `store`.
    OpStore(&'a str),
    /// `memref.dim` or `dim`.
    OpDim(&'a str),
    /// `memref.rank` or `rank`.
    OpRank(&'a str),
    /// An element-wise operation of [`crate::ops::PureOp`] (`math.sqrt`, `index.add`).
    OpPure(&'a str),
    /// `memref.extract_strided_metadata`.
    OpMetadata(&'a str),
    /// `memref.copy`.
    OpCopy(&'a str),
    /// `memref.subview`.
    OpSubview(&'a str),
    /// `memref.reinterpret_cast`.
    OpReinterpretCast(&'a str),
    /// `memref.global` (a module-level item).
    OpGlobal(&'a str),
    /// `memref.get_global`.
    OpGetGlobal(&'a str),
    /// `memref.expand_shape` or `memref.collapse_shape`.
    OpReshape(&'a str),
    /// `memref.view`.
    OpView(&'a str),
    /// `memref.reshape`.
    OpShapeReshape(&'a str),
    /// `memref.atomic_rmw`.
    OpAtomicRmw(&'a str),
    /// `memref.realloc`.
    OpRealloc(&'a str),
    /// A dialect type written in full, `!llvm.ptr` or `!llvm.array<4 x i8>` (the whole text).
    DialectType(&'a str),
    /// `...` (the variadic parameters of an `llvm.func`).
    Ellipsis,
    /// `llvm.func` (a module-level item).
    OpLlvmFunc(&'a str),
    /// `llvm.mlir.global` (a module-level item).
    OpLlvmGlobal(&'a str),
    /// `llvm.mlir.addressof`.
    OpAddressOf(&'a str),
    /// `llvm.mlir.constant`.
    OpLlvmConstant(&'a str),
    /// `llvm.mlir.zero`.
    OpZero(&'a str),
    /// `llvm.getelementptr`.
    OpGep(&'a str),
    /// `llvm.insertvalue`.
    OpInsertValue(&'a str),
    /// `llvm.extractvalue`.
    OpExtractValue(&'a str),
    /// `llvm.alloca`.
    OpLlvmAlloca(&'a str),
    /// `llvm.atomicrmw`.
    OpLlvmAtomicRmw(&'a str),
    /// `llvm.cmpxchg`.
    OpLlvmCmpxchg(&'a str),
    /// `llvm.call`.
    OpLlvmCall(&'a str),
    /// `llvm.load`.
    OpLlvmLoad(&'a str),
    /// `llvm.store`.
    OpLlvmStore(&'a str),
    /// An LLVM intrinsic kiln reads as an operation of its own (`llvm.intr.sqrt`).
    OpLlvmIntrinsic(&'a str),
    /// `memref.alloca_scope`.
    OpAllocaScope(&'a str),
    /// `memref.alloca_scope.return`.
    OpAllocaScopeReturn(&'a str),
    /// `memref.generic_atomic_rmw`.
    OpGenericAtomicRmw(&'a str),
    /// `memref.atomic_yield`.
    OpAtomicYield(&'a str),
}

impl Tok<'_> {
    /// The text this token stands for, for keywords that are also valid identifiers.
    pub fn keyword_text(&self) -> Option<&str> {
        use Tok::*;
        Some(match *self {
            KwModule(s)
            | KwFunc(s)
            | KwVisibility(s)
            | OpBinary(s)
            | OpUnary(s)
            | OpCast(s)
            | OpCmp(s)
            | OpSelect(s)
            | OpConstant(s)
            | OpCall(s)
            | OpReturn(s)
            | OpUnreachable(s)
            | OpBr(s)
            | OpCondBr(s)
            | OpSwitch(s)
            | OpAlloc(s)
            | OpDealloc(s)
            | OpLoad(s)
            | OpStore(s)
            | OpDim(s)
            | OpRank(s)
            | OpPure(s)
            | OpMetadata(s)
            | OpReinterpretCast(s)
            | OpCopy(s)
            | OpSubview(s)
            | OpAssert(s)
            | OpPoison(s)
            | OpAssumeAlignment(s)
            | OpAlignedPointer(s)
            | OpTranspose(s)
            | OpGlobal(s)
            | OpGetGlobal(s)
            | OpReshape(s)
            | OpCallIndirect(s)
            | OpFuncConstant(s)
            | OpLlvmFunc(s)
            | OpLlvmGlobal(s)
            | OpAddressOf(s)
            | OpLlvmConstant(s)
            | OpZero(s)
            | OpGep(s)
            | OpInsertValue(s)
            | OpExtractValue(s)
            | OpLlvmAlloca(s)
            | OpLlvmAtomicRmw(s)
            | OpLlvmCmpxchg(s)
            | OpLlvmCall(s)
            | OpLlvmLoad(s)
            | OpLlvmStore(s)
            | OpLlvmIntrinsic(s)
            | OpAllocaScope(s)
            | OpAllocaScopeReturn(s)
            | OpGenericAtomicRmw(s)
            | OpAtomicYield(s) => s,
            Ellipsis => "...",
            KwAttributes => "attributes",
            KwTo => "to",
            KwMemref => "memref",
            KwStrided => "strided",
            KwOffset => "offset",
            KwDefault => "default",
            KwTrue => "true",
            KwFalse => "false",
            KwOverflow => "overflow",
            KwFastmath => "fastmath",
            _ => return None,
        })
    }
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Tok::*;
        match self {
            LParen => write!(f, "`(`"),
            RParen => write!(f, "`)`"),
            LBrace => write!(f, "`{{`"),
            RBrace => write!(f, "`}}`"),
            LBracket => write!(f, "`[`"),
            RBracket => write!(f, "`]`"),
            Less => write!(f, "`<`"),
            Greater => write!(f, "`>`"),
            Comma => write!(f, "`,`"),
            Colon => write!(f, "`:`"),
            Equals => write!(f, "`=`"),
            Arrow => write!(f, "`->`"),
            Question => write!(f, "`?`"),
            Value(s) => write!(f, "value `%{s}`"),
            Symbol(s) => write!(f, "symbol `@{s}`"),
            Block(s) => write!(f, "block `^{s}`"),
            Int(s) => write!(f, "integer `{s}`"),
            Float(s) => write!(f, "float `{s}`"),
            Str(s) => write!(f, "string \"{s}\""),
            Dim(s) => write!(f, "dimension `{s}x`"),
            UnrankedDim => write!(f, "`*x`"),
            Ident(s) => write!(f, "identifier `{s}`"),
            DialectType(s) => write!(f, "type `{s}`"),
            other => write!(f, "`{}`", other.keyword_text().unwrap_or("?")),
        }
    }
}

pub(super) fn classify(word: &str) -> Tok<'_> {
    use Tok::*;
    match word {
        "module" | "builtin.module" => KwModule(word),
        "func.func" | "func" => KwFunc(word),
        "attributes" => KwAttributes,
        "private" | "public" | "nested" => KwVisibility(word),
        "to" => KwTo,
        "memref" => KwMemref,
        "strided" => KwStrided,
        "offset" => KwOffset,
        "default" => KwDefault,
        "true" => KwTrue,
        "false" => KwFalse,
        "overflow" => KwOverflow,
        "fastmath" => KwFastmath,
        "arith.constant" | "constant" => OpConstant(word),
        "arith.cmpi" | "arith.cmpf" | "cmpi" | "cmpf" => OpCmp(word),
        "arith.select" | "select" => OpSelect(word),
        "arith.negf" | "negf" => OpUnary(word),
        "func.call" | "call" => OpCall(word),
        "func.call_indirect" | "call_indirect" => OpCallIndirect(word),
        "func.constant" => OpFuncConstant(word),
        "func.return" | "return" => OpReturn(word),
        "cf.br" | "br" => OpBr(word),
        "cf.cond_br" | "cond_br" => OpCondBr(word),
        "cf.switch" => OpSwitch(word),
        "memref.alloc" | "alloc" | "memref.alloca" | "alloca" => OpAlloc(word),
        "memref.dealloc" | "dealloc" => OpDealloc(word),
        "cf.assert" | "assert" => OpAssert(word),
        "ub.poison" => OpPoison(word),
        "memref.assume_alignment" => OpAssumeAlignment(word),
        "memref.transpose" => OpTranspose(word),
        "memref.extract_aligned_pointer_as_index" => OpAlignedPointer(word),
        "memref.load" | "load" => OpLoad(word),
        "memref.store" | "store" => OpStore(word),
        "memref.dim" | "dim" => OpDim(word),
        "memref.rank" | "rank" => OpRank(word),
        "memref.extract_strided_metadata" => OpMetadata(word),
        "memref.copy" => OpCopy(word),
        "memref.subview" => OpSubview(word),
        "memref.reinterpret_cast" => OpReinterpretCast(word),
        "memref.global" => OpGlobal(word),
        "memref.get_global" => OpGetGlobal(word),
        "memref.expand_shape" | "memref.collapse_shape" => OpReshape(word),
        "memref.view" => OpView(word),
        "memref.reshape" => OpShapeReshape(word),
        "memref.atomic_rmw" => OpAtomicRmw(word),
        "memref.realloc" => OpRealloc(word),
        "memref.alloca_scope" => OpAllocaScope(word),
        "memref.alloca_scope.return" => OpAllocaScopeReturn(word),
        "memref.generic_atomic_rmw" => OpGenericAtomicRmw(word),
        "memref.atomic_yield" => OpAtomicYield(word),
        _ if word.starts_with("llvm.") => classify_llvm(word),
        _ if crate::ops::BinaryOp::from_name(word).is_some() => OpBinary(word),
        _ if crate::ops::CastOp::from_name(word).is_some() => OpCast(word),
        _ if crate::ops::PureOp::from_name(word).is_some() => OpPure(word),
        _ => Ident(word),
    }
}

/// [`classify`] of a word of the LLVM dialect (`llvm.` and more), apart so that other words
/// are not compared with these.
fn classify_llvm(word: &str) -> Tok<'_> {
    use Tok::*;
    match word {
        "llvm.func" => OpLlvmFunc(word),
        "llvm.mlir.global" => OpLlvmGlobal(word),
        "llvm.mlir.addressof" => OpAddressOf(word),
        "llvm.mlir.constant" => OpLlvmConstant(word),
        // Operations of `llvm.mlir.zero`'s and `memref.dealloc`'s syntax.
        "llvm.mlir.zero" | "llvm.mlir.undef" | "llvm.mlir.poison" | "llvm.intr.stacksave" => {
            OpZero(word)
        }
        "llvm.intr.stackrestore" => OpDealloc(word),
        "llvm.getelementptr" => OpGep(word),
        "llvm.insertvalue" => OpInsertValue(word),
        "llvm.extractvalue" => OpExtractValue(word),
        "llvm.alloca" => OpLlvmAlloca(word),
        "llvm.atomicrmw" => OpLlvmAtomicRmw(word),
        "llvm.cmpxchg" => OpLlvmCmpxchg(word),
        "llvm.call" => OpLlvmCall(word),
        "llvm.load" => OpLlvmLoad(word),
        "llvm.store" => OpLlvmStore(word),
        // The LLVM dialect's spellings of these operations share their custom syntax but
        // for a few details the grammar's own productions read.
        "llvm.icmp" | "llvm.fcmp" => OpCmp(word),
        "llvm.select" => OpSelect(word),
        "llvm.fneg" => OpUnary(word),
        "llvm.return" => OpReturn(word),
        "llvm.unreachable" => OpUnreachable(word),
        "llvm.br" => OpBr(word),
        "llvm.cond_br" => OpCondBr(word),
        "llvm.switch" => OpSwitch(word),
        _ if crate::ops::CastOp::from_name(word).is_some() => OpCast(word),
        // Written in generic form only, so the custom form is an unknown operation.
        _ if crate::ops::generic_intrinsic_property(word).is_some() => Ident(word),
        _ => match crate::ops::llvm_meaning(word) {
            Some(_) if word.starts_with("llvm.intr.") => OpLlvmIntrinsic(word),
            Some(m) if crate::ops::BinaryOp::from_name(m).is_some() => OpBinary(word),
            Some(m) if crate::ops::CastOp::from_name(m).is_some() => OpCast(word),
            _ => Ident(word),
        },
    }
}
