//! The hand-written lexer that feeds the lalrpop grammar.
//!
//! MLIR's surface syntax is context sensitive in two places that a regular-expression lexer
//! handles badly, which is why this lexer is written by hand:
//! - shapes: `memref<4x?x8xf32>` lexes as the dimension tokens `4x`, `?x`, `8x` and the bare
//!   identifier `f32`, but only right after `memref<`;
//! - locations: `loc(...)` (with nested parentheses) and `#loc = loc(...)` alias lines are
//!   accepted anywhere and dropped here, so the grammar never sees them.
//!
//! Operation names are classified here into keyword tokens by syntax family (binary ops,
//! casts, comparisons, ...), including the legacy spellings of MLIR's old standard dialect.
//! The lexer never fails: a character it cannot use is recorded as a diagnostic and skipped.

use crate::diagnostic::Diagnostic;
use crate::span::Span;
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
            | OpLlvmCall(s)
            | OpLlvmLoad(s)
            | OpLlvmStore(s)
            | OpLlvmIntrinsic(s)
            | OpAllocaScope(s)
            | OpAllocaScopeReturn(s) => s,
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

fn classify(word: &str) -> Tok<'_> {
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
        "llvm.mlir.zero" => OpZero(word),
        "llvm.getelementptr" => OpGep(word),
        "llvm.call" => OpLlvmCall(word),
        "llvm.load" => OpLlvmLoad(word),
        "llvm.store" => OpLlvmStore(word),
        // The LLVM dialect's spellings of these operations share their custom syntax but
        // for a few details the grammar's own productions read.
        "llvm.icmp" | "llvm.fcmp" => OpCmp(word),
        "llvm.select" => OpSelect(word),
        "llvm.fneg" => OpUnary(word),
        "llvm.return" => OpReturn(word),
        "llvm.br" => OpBr(word),
        "llvm.cond_br" => OpCondBr(word),
        "llvm.switch" => OpSwitch(word),
        _ if crate::ops::CastOp::from_name(word).is_some() => OpCast(word),
        _ => match crate::ops::llvm_meaning(word) {
            Some(_) if word.starts_with("llvm.intr.") => OpLlvmIntrinsic(word),
            Some(m) if crate::ops::BinaryOp::from_name(m).is_some() => OpBinary(word),
            Some(m) if crate::ops::CastOp::from_name(m).is_some() => OpCast(word),
            _ => Ident(word),
        },
    }
}

/// A token with the byte offsets of its start and end, the triple lalrpop consumes.
pub type Spanned<'a> = (usize, Tok<'a>, usize);

/// The lexer over one source text: an iterator of [`Spanned`] tokens that never fails.
#[derive(Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Set right after `memref <` and after each dimension: the next `4x` is a dimension.
    shape_mode: bool,
    /// The previous token, to detect `memref <`.
    prev: Option<Tok<'a>>,
    /// Lexical errors, in order: characters and unterminated literals it skipped, and names
    /// outside MLIR's grammar (whose tokens are kept).
    pub diagnostics: Vec<Diagnostic>,
    /// Open `(`, `[`, `{` and `<` around the current token.
    depth: usize,
    /// Set when the nesting went deeper than [`MAX_NESTING`]: the lexer then ends the input,
    /// and the parser's errors (which would follow from the cut) are replaced by this one.
    pub too_deep: Option<Diagnostic>,
    /// The type and attribute aliases defined so far (`!t = memref<4xf32>`,
    /// `#s = strided<[1]>`).
    aliases: Vec<Alias<'a>>,
    /// The tokens of an alias's value still to return, each spanning the alias's use.
    pending: std::collections::VecDeque<Spanned<'a>>,
    /// The text, while `pending` holds tokens and `text` is cut to nothing: the one test
    /// every token passes anyway (the end of the input) then finds them.
    held: Option<&'a str>,
    /// How many aliases' values this lexer is inside of (each value is lexed by a lexer of
    /// its own).
    alias_depth: usize,
    /// Whether the text defines an alias: its functions then cannot be read alone, as
    /// a function's text does not hold the definitions ([`crate::split`] gives up).
    pub has_aliases: bool,
}

/// The deepest aliases may refer to one another.
const MAX_ALIAS_DEPTH: usize = 32;

/// A type or attribute alias: `!t = memref<4xf32>`.
#[derive(Clone, Copy, Debug)]
struct Alias<'a> {
    /// The name with its sigil (`!t`).
    name: &'a str,
    /// The text the value is in, ending where the value ends.
    source: &'a str,
    /// Where the value starts in `source`.
    from: usize,
    /// Defined in a prelude ([`Lexer::with_prelude`]) rather than the text: errors in its
    /// value are the prelude's, reported where the file is read whole.
    foreign: bool,
}

/// The deepest nesting of brackets the frontend accepts. Deeper input is refused with one
/// located error before anything recursive (types, attributes, the printer) sees it, since
/// recursion that deep would overflow the stack; real programs nest a few levels.
pub const MAX_NESTING: usize = 256;

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            shape_mode: false,
            prev: None,
            diagnostics: Vec::new(),
            depth: 0,
            too_deep: None,
            aliases: Vec::new(),
            pending: std::collections::VecDeque::new(),
            held: None,
            alias_depth: 0,
            has_aliases: false,
        }
    }

    /// After `!name` or `#name` (just lexed from `start`): a definition `= VALUE` is
    /// recorded (`true`, nothing to return); a use of a defined alias queues its value's
    /// tokens (`true`); anything else leaves the position alone (`false`).
    fn alias(&mut self, start: usize) -> bool {
        let name = &self.text[start..self.pos];
        let save = self.pos;
        self.skip_trivia();
        if self.peek(0) == b'=' && self.depth == 0 {
            self.pos += 1;
            self.skip_trivia();
            let from = self.pos;
            let to = self.alias_value_end();
            if from == to {
                self.error(start, to, format!("the alias `{name}` has no value"));
            } else if self.aliases.iter().any(|a| a.name == name) {
                self.error(start, save, format!("the alias `{name}` is defined twice"));
            } else {
                self.aliases.push(Alias {
                    name,
                    source: &self.text[..to],
                    from,
                    foreign: false,
                });
            }
            self.has_aliases = true;
            self.pos = to;
            return true;
        }
        self.pos = save;
        let Some(alias) = self.aliases.iter().find(|a| a.name == name).copied() else {
            return false;
        };
        if self.alias_depth >= MAX_ALIAS_DEPTH {
            self.error(
                start,
                self.pos,
                format!("aliases nest more than {MAX_ALIAS_DEPTH} deep at `{name}`"),
            );
            return true;
        }
        // The value is lexed on its own, with the aliases defined before it, and its
        // errors are located in the definition; its tokens take the use's place.
        let mut value = Lexer::new(alias.source);
        value.pos = alias.from;
        value.alias_depth = self.alias_depth + 1;
        value.aliases = self
            .aliases
            .iter()
            .take_while(|a| a.name != name)
            .copied()
            .collect();
        while let Some(Ok(t)) = value.next() {
            self.pending.push_back((start, t.1, self.pos));
        }
        if !self.pending.is_empty() {
            self.held = Some(self.text);
            self.text = &self.text[..0];
        }
        if !alias.foreign {
            self.diagnostics.append(&mut value.diagnostics);
        }
        true
    }

    /// Reports the escape at the position (a backslash) unless MLIR knows it: `\\`, `\"`,
    /// `\n`, `\t` and two hex digits.
    #[cold]
    #[inline(never)]
    fn check_escape(&mut self) {
        let (a, b) = (self.peek(1), self.peek(2));
        let known = matches!(a, b'\\' | b'"' | b'n' | b't')
            || (a.is_ascii_hexdigit() && b.is_ascii_hexdigit());
        if !known && self.pos + 1 < self.text.len() {
            let next = self.text[self.pos + 1..].chars().next();
            let end = self.pos + 1 + next.map_or(1, char::len_utf8);
            self.error(
                self.pos,
                end.min(self.text.len()),
                "unknown escape in a string literal (MLIR knows `\\\\`, `\\\"`, `\\n`, `\\t` and `\\` with two hex digits)",
            );
        }
    }

    /// After `!name` or `#name` (from `start`): records a definition, queues the tokens of
    /// a use's value (the next tokens the lexer returns), or reports an error.
    #[cold]
    #[inline(never)]
    fn alias_token(&mut self, start: usize) {
        if !self.alias(start) {
            let word = &self.text[start..self.pos];
            let message = if word.starts_with('#') {
                format!("`{word}` is not a defined attribute alias (`{word} = ...` defines one)")
            } else if word[1..].contains('.') {
                format!("dialect types such as `{word}` are not supported")
            } else {
                format!("`{word}` is not a defined type alias (`{word} = ...` defines one)")
            };
            self.error(start, self.pos, message);
        }
    }

    /// The next token of an alias's value, if any is left.
    #[cold]
    #[inline(never)]
    fn next_pending(&mut self) -> Option<Spanned<'a>> {
        let t = self.pending.pop_front();
        if self.pending.is_empty() {
            if let Some(text) = self.held.take() {
                self.text = text;
            }
        }
        t
    }

    /// The end of an alias's value that starts here: the end of its line, past any brackets
    /// and strings it opens.
    fn alias_value_end(&self) -> usize {
        let b = self.bytes();
        let (mut i, mut depth) = (self.pos, 0usize);
        while i < b.len() {
            match b[i] {
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                // `->` in an affine map is no closing bracket.
                b'>' if i == 0 || b[i - 1] != b'-' => depth = depth.saturating_sub(1),
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'\n' if depth == 0 => break,
                b'/' if depth == 0 && b.get(i + 1) == Some(&b'/') => break,
                _ => {}
            }
            i += 1;
        }
        let mut end = i.min(b.len());
        while end > self.pos && b[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        end
    }

    /// The alias definitions lexed so far, one per line (`!t = memref<4xf32>`), in order:
    /// after the whole file, the prelude a function read alone needs
    /// ([`Lexer::with_prelude`]).
    pub fn prelude(&self) -> String {
        self.aliases
            .iter()
            .map(|a| format!("{} = {}\n", a.name, &a.source[a.from..]))
            .collect()
    }

    /// A lexer at the start of `text` that knows the aliases `prelude` defines (a file's
    /// [`Lexer::prelude`]): how a function is read apart from the file that defines them.
    pub fn with_prelude(prelude: &'a str, text: &'a str) -> Self {
        let mut lexer = Lexer::new(text);
        if !prelude.is_empty() {
            let mut defining = Lexer::new(prelude);
            while defining.next().is_some() {}
            lexer.aliases = defining.aliases;
            for a in &mut lexer.aliases {
                a.foreign = true;
            }
        }
        lexer
    }

    /// A lexer that starts at byte `pos` of `text` (a token's start) inside `depth` open
    /// brackets, as if it had lexed everything before: positions stay those of `text`. Only
    /// for a position where no earlier token changes how the next one is read (not right
    /// after `memref`).
    pub fn resume(text: &'a str, pos: usize, depth: usize) -> Self {
        Lexer {
            pos: pos.min(text.len()),
            depth,
            ..Lexer::new(text)
        }
    }

    /// The byte after the last token lexed.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many `(`, `[`, `{` and `<` are open after the last token returned.
    pub fn depth(&self) -> usize {
        self.depth
    }

    fn peek(&self, k: usize) -> u8 {
        *self.text.as_bytes().get(self.pos + k).unwrap_or(&0)
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> usize {
        while self.pos < self.text.len() && f(self.bytes()[self.pos]) {
            self.pos += 1;
        }
        self.pos
    }

    fn error(&mut self, start: usize, end: usize, msg: impl Into<String>) {
        // A backslash as the last byte makes the string loops step one past the end.
        let len = self.text.len();
        let span = Span::new(start.min(len), end.min(len));
        self.diagnostics
            .push(Diagnostic::error("lex.invalid", span, msg));
    }

    /// Skips whitespace and `//` comments.
    fn skip_trivia(&mut self) {
        loop {
            let c = self.peek(0);
            if c.is_ascii_whitespace() {
                self.pos += 1;
            } else if c == b'/' && self.peek(1) == b'/' {
                self.take_while(|c| c != b'\n');
            } else {
                return;
            }
        }
    }

    /// Skips a group from `open` (here) to its matching `close`, over nested groups and
    /// strings; false when it does not end (at the end of the text, or of the line when
    /// `one_line`).
    fn skip_bracketed(&mut self, open: u8, close: u8, one_line: bool) -> bool {
        let mut depth = 0usize;
        while self.pos < self.text.len() {
            match self.bytes()[self.pos] {
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return true;
                    }
                }
                b'"' => {
                    self.pos += 1;
                    while self.pos < self.text.len() && self.bytes()[self.pos] != b'"' {
                        if self.bytes()[self.pos] == b'\\' {
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos = self.pos.min(self.text.len());
                }
                b'\n' if one_line => return false,
                _ => {}
            }
            self.pos += 1;
        }
        false
    }

    /// Skips a dialect attribute's `<...>`, which ends on its line.
    fn skip_angles(&mut self) -> bool {
        self.skip_bracketed(b'<', b'>', true)
    }

    fn skip_group(&mut self, start: usize) {
        if !self.skip_bracketed(b'(', b')', false) {
            self.error(start, self.pos, "unterminated `loc(` location");
        }
    }

    /// Lexes a `[0-9]+x` / `?x` / `*x` dimension if one starts here.
    fn try_dim(&mut self) -> Option<Spanned<'a>> {
        let start = self.pos;
        let b = self.bytes();
        let mut i = start;
        if self.peek(0) == b'?' || self.peek(0) == b'*' {
            i += 1;
        } else {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
        }
        if i < b.len() && b[i] == b'x' {
            self.pos = i + 1;
            let tok = if b[start] == b'*' {
                Tok::UnrankedDim
            } else {
                Tok::Dim(&self.text[start..i])
            };
            Some((start, tok, self.pos))
        } else {
            None
        }
    }

    fn lex_number(&mut self, start: usize) -> Tok<'a> {
        if self.peek(0) == b'-' {
            self.pos += 1;
        }
        if self.peek(0) == b'0' && self.peek(1) == b'x' && self.peek(2).is_ascii_hexdigit() {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_hexdigit());
            return Tok::Int(&self.text[start..self.pos]);
        }
        self.take_while(|c| c.is_ascii_digit());
        if self.peek(0) != b'.' {
            return Tok::Int(&self.text[start..self.pos]);
        }
        self.pos += 1;
        self.take_while(|c| c.is_ascii_digit());
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_digit());
        }
        Tok::Float(&self.text[start..self.pos])
    }

    /// Lexes the name after a sigil (`%`, `@`, `^`): a suffix id or a quoted string.
    fn lex_name(&mut self, start: usize, what: &str) -> Option<&'a str> {
        let s = self.pos;
        if self.peek(0) == b'"' && what == "symbol" {
            self.pos += 1;
            self.take_while(|c| c != b'"' && c != b'\n');
            if self.peek(0) != b'"' {
                self.error(start, self.pos, "unterminated quoted symbol name");
                return None;
            }
            self.pos += 1;
            return Some(&self.text[s + 1..self.pos - 1]);
        }
        // MLIR's grammar: a value or block name (`suffix-id`) is all digits, or a letter or
        // one of `$._-` followed by letters, digits and `$._-`; a symbol name (`bare-id`)
        // starts with a letter or `_` and goes on with letters, digits and `_$.`. A name
        // outside it (`%0x`, `@1f`) is refused, since `mlir-opt` would refuse it too.
        self.take_while(is_suffix_char);
        if self.pos == s {
            self.error(
                start,
                start + 1,
                format!("expected a {what} name after the sigil"),
            );
            return None;
        }
        let name = &self.text[s..self.pos];
        let bytes = name.as_bytes();
        let valid = if what == "symbol" {
            is_id_start(bytes[0]) && bytes.iter().all(|c| is_id_char(*c))
        } else if bytes[0].is_ascii_digit() {
            bytes.iter().all(u8::is_ascii_digit)
        } else {
            true
        };
        if !valid {
            let rule = if what == "symbol" {
                "a symbol name starts with a letter or `_` and continues with letters, digits, `_`, `$` and `.`"
            } else {
                "a name that starts with a digit is all digits (`%0`, `^12`); others start with a letter or one of `$._-`"
            };
            self.error(
                start,
                self.pos,
                format!(
                    "invalid {what} name `{}`: {rule}",
                    &self.text[start..self.pos]
                ),
            );
            // The token is kept, so the error is this one and not a cascade of parse errors.
        }
        Some(name)
    }

    fn next_token(&mut self) -> Option<Spanned<'a>> {
        loop {
            self.skip_trivia();
            let start = self.pos;
            if start >= self.text.len() {
                if self.held.is_some() {
                    return self.next_pending();
                }
                return None;
            }
            if self.shape_mode {
                if let Some(t) = self.try_dim() {
                    return Some(t);
                }
                self.shape_mode = false;
            }
            let c = self.peek(0);
            let single = |t: Tok<'a>, this: &mut Self| {
                this.pos += 1;
                Some((start, t, start + 1))
            };
            let tok = match c {
                b'(' => return single(Tok::LParen, self),
                b')' => return single(Tok::RParen, self),
                b'{' => return single(Tok::LBrace, self),
                b'}' => return single(Tok::RBrace, self),
                b'[' => return single(Tok::LBracket, self),
                b']' => return single(Tok::RBracket, self),
                b'<' => {
                    if matches!(self.prev, Some(Tok::KwMemref | Tok::Ident("tensor"))) {
                        self.shape_mode = true;
                    }
                    return single(Tok::Less, self);
                }
                b'>' => return single(Tok::Greater, self),
                b',' => return single(Tok::Comma, self),
                b':' => return single(Tok::Colon, self),
                b'=' => return single(Tok::Equals, self),
                b'?' => return single(Tok::Question, self),
                b'-' if self.peek(1) == b'>' => {
                    self.pos += 2;
                    return Some((start, Tok::Arrow, self.pos));
                }
                b'-' if self.peek(1).is_ascii_digit() => self.lex_number(start),
                b'0'..=b'9' => self.lex_number(start),
                b'"' => {
                    self.pos += 1;
                    // MLIR ends a string at a newline, vertical tab or form feed (an error).
                    while self.pos < self.text.len()
                        && !matches!(self.peek(0), b'"' | b'\n' | b'\x0b' | b'\x0c')
                    {
                        if self.peek(0) == b'\\' {
                            self.check_escape();
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos = self.pos.min(self.text.len());
                    if self.peek(0) != b'"' {
                        self.error(
                            start,
                            self.pos,
                            "unterminated string literal (a string cannot hold a line break, vertical tab or form feed)",
                        );
                        continue;
                    }
                    self.pos += 1;
                    Tok::Str(&self.text[start + 1..self.pos - 1])
                }
                b'%' => {
                    self.pos += 1;
                    if self.lex_name(start, "value").is_none() {
                        continue;
                    }
                    // `%r#1` names result 1 of the group `%r`.
                    if self.peek(0) == b'#' && self.peek(1).is_ascii_digit() {
                        self.pos += 1;
                        self.take_while(|c| c.is_ascii_digit());
                    }
                    Tok::Value(&self.text[start + 1..self.pos])
                }
                b'@' => {
                    self.pos += 1;
                    let Some(name) = self.lex_name(start, "symbol") else {
                        continue;
                    };
                    Tok::Symbol(name)
                }
                b'^' => {
                    self.pos += 1;
                    let Some(name) = self.lex_name(start, "block") else {
                        continue;
                    };
                    Tok::Block(name)
                }
                b'#' => {
                    // `#loc3 = loc(...)` alias definitions carry only debug locations.
                    self.take_while(is_suffix_char_or_hash);
                    let word = &self.text[start..self.pos];
                    if word.starts_with("#loc") {
                        let save = self.pos;
                        self.skip_trivia();
                        if self.peek(0) == b'=' {
                            self.pos += 1;
                            self.skip_trivia();
                            if self.text[self.pos..].starts_with("loc") {
                                self.pos += 3;
                                self.skip_trivia();
                                if self.peek(0) == b'(' {
                                    let s = self.pos;
                                    self.skip_group(s);
                                    continue;
                                }
                            }
                        }
                        self.pos = save;
                    }
                    // `#dialect.name<...>` (or without a body): a dialect attribute in full.
                    if !word[1..].contains('.') || word.ends_with('.') {
                        self.alias_token(start);
                        continue;
                    }
                    if self.peek(0) == b'<' && !self.skip_angles() {
                        self.error(start, self.pos, format!("unterminated `{word}<`"));
                        continue;
                    }
                    Tok::DialectAttr(&self.text[start..self.pos])
                }
                c if is_id_start(c) => {
                    self.take_while(is_id_char);
                    let word = &self.text[start..self.pos];
                    if word == "loc" {
                        let save = self.pos;
                        self.skip_trivia();
                        if self.peek(0) == b'(' {
                            let s = self.pos;
                            self.skip_group(s);
                            continue;
                        }
                        self.pos = save;
                    }
                    classify(word)
                }
                _ => {
                    // A type alias (`!t`), rare enough to be looked for after every other
                    // token.
                    if self.peek(0) == b'!' && is_id_start(self.peek(1)) {
                        self.pos += 1;
                        self.take_while(is_suffix_char);
                        let word = &self.text[start..self.pos];
                        // `!llvm.ptr`, `!llvm.array<...>`: a dialect type in full.
                        if word.starts_with("!llvm.") && word.len() > 6 {
                            if self.peek(0) == b'<' && !self.skip_angles() {
                                self.error(start, self.pos, format!("unterminated `{word}<`"));
                                continue;
                            }
                            return Some((
                                start,
                                Tok::DialectType(&self.text[start..self.pos]),
                                self.pos,
                            ));
                        }
                        self.alias_token(start);
                        continue;
                    }
                    if self.text[start..].starts_with("...") {
                        self.pos += 3;
                        return Some((start, Tok::Ellipsis, self.pos));
                    }
                    let ch = self.text[start..].chars().next().unwrap_or('?');
                    self.pos += ch.len_utf8();
                    self.error(start, self.pos, format!("unexpected character `{ch}`"));
                    continue;
                }
            };
            return Some((start, tok, self.pos));
        }
    }
}

fn is_suffix_char_or_hash(c: u8) -> bool {
    is_suffix_char(c) || c == b'#'
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, std::convert::Infallible>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.too_deep.is_some() {
            return None;
        }
        let t = self.next_token()?;
        match t.1 {
            Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Less => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    self.too_deep = Some(Diagnostic::error(
                        "parse.too-deep",
                        Span::new(t.0, t.2),
                        format!(
                            "nesting too deep: more than {MAX_NESTING} levels of `(`, `[`, `{{` and `<`"
                        ),
                    ));
                    return None;
                }
            }
            Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Greater => {
                self.depth = self.depth.saturating_sub(1);
            }
            _ => {}
        }
        self.prev = Some(t.1);
        Some(Ok(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        Lexer::new(s).map(|t| t.unwrap().1).collect()
    }

    #[test]
    fn an_alias_reads_as_its_value_at_its_use() {
        let text = "!e = f32\n!m = memref<?x!e> // the rows\n%x: !m";
        let mut lexer = Lexer::new(text);
        let tokens: Vec<Spanned> = lexer.by_ref().map(|t| t.unwrap()).collect();
        assert!(lexer.diagnostics.is_empty(), "{:?}", lexer.diagnostics);
        assert!(lexer.has_aliases);
        let plain: Vec<Tok> = tokens.iter().map(|t| t.1).collect();
        assert_eq!(plain, toks("%x: memref<?xf32>"));
        // Each token of the value spans the use.
        let at = text.rfind("!m").unwrap();
        assert!(
            tokens[2..].iter().all(|t| (t.0, t.2) == (at, at + 2)),
            "{tokens:?}"
        );
        assert_eq!(lexer.prelude(), "!e = f32\n!m = memref<?x!e>\n");
    }

    #[test]
    fn a_function_read_alone_takes_its_files_aliases_from_a_prelude() {
        let prelude = "!m = memref<4x$f32>\n!i = i32\n";
        let mut lexer = Lexer::with_prelude(prelude, "%x: !i");
        let plain: Vec<Tok> = lexer.by_ref().map(|t| t.unwrap().1).collect();
        assert_eq!(plain, toks("%x: i32"));
        // Neither the prelude's own errors nor an alias defined there make the function's.
        assert!(lexer.diagnostics.is_empty(), "{:?}", lexer.diagnostics);
        assert!(!lexer.has_aliases);
    }

    #[test]
    fn undefined_and_self_referring_aliases_are_errors() {
        let mut lexer = Lexer::new("!a = !a\n%x: !a !b #c");
        while lexer.next().is_some() {}
        let messages: Vec<&str> = lexer
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "`!a` is not a defined type alias (`!a = ...` defines one)",
                "`!b` is not a defined type alias (`!b = ...` defines one)",
                "`#c` is not a defined attribute alias (`#c = ...` defines one)",
            ]
        );
    }

    #[test]
    fn shapes_lex_as_dimensions_only_after_memref() {
        use Tok::*;
        assert_eq!(
            toks("memref<0x?x8xf32> 4"),
            vec![
                KwMemref,
                Less,
                Dim("0"),
                Dim("?"),
                Dim("8"),
                Ident("f32"),
                Greater,
                Int("4")
            ]
        );
        assert_eq!(
            toks("memref<*xi8>"),
            vec![KwMemref, Less, UnrankedDim, Ident("i8"), Greater]
        );
    }

    #[test]
    fn locations_and_comments_vanish() {
        use Tok::*;
        assert_eq!(
            toks("#loc1 = loc(\"a\":1:2)\n%x // c\n loc(fused[#loc1, \"(\"]) ^bb0"),
            vec![Value("x"), Block("bb0")]
        );
    }

    #[test]
    fn numbers() {
        use Tok::*;
        assert_eq!(
            toks("-1 0x7F 1.5e-3 2. -> %r#1"),
            vec![
                Int("-1"),
                Int("0x7F"),
                Float("1.5e-3"),
                Float("2."),
                Arrow,
                Value("r#1")
            ]
        );
    }

    #[test]
    fn bad_characters_are_reported_and_skipped() {
        let mut lx = Lexer::new("%a ~ %b");
        let t: Vec<_> = lx.by_ref().map(|t| t.unwrap().1).collect();
        assert_eq!(t, vec![Tok::Value("a"), Tok::Value("b")]);
        assert_eq!(lx.diagnostics.len(), 1);
    }
}
