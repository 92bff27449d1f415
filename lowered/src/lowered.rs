//! The lowered form of a function: target-level operations in order, each block's
//! instructions placed by elaboration, with a readable text form (`--emit lowered`).

use crate::TargetOp;
use std::fmt::{self, Write};

/// An SSA value of the lowered function, numbered in order of definition.
pub type ValueRef = u32;

/// An operand of a lowered instruction: a value, a literal, or a structural term.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A value defined by an instruction (`%3`).
    Value(ValueRef),
    /// An integer literal: a constant, a parameter index, a block number, an array length.
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
    /// A string literal, without quotes: a comparison predicate (`"slt"`), an intrinsic's
    /// name (`"llvm.fma"`).
    Str(String),
    /// A function symbol, without `@`: a callee.
    Func(String),
    /// A cons-list, flattened.
    List(Vec<Operand>),
    /// A structural target term: a type (`i32`, `(llvm.struct [i32 i64])`), a successor
    /// (`(succ 1 [%3])`), a signature.
    Node(TargetOp, Vec<Operand>),
    /// What an operand naming an already emitted effect elaborates to: it orders, but is
    /// no LLVM operand.
    Effect,
}

impl Operand {
    /// The items, if this is a list.
    pub fn as_list(&self) -> Option<&[Operand]> {
        match self {
            Operand::List(l) => Some(l),
            _ => None,
        }
    }

    /// The operation and its arguments, if this is a structural term.
    pub fn as_node(&self) -> Option<(TargetOp, &[Operand])> {
        match self {
            Operand::Node(op, args) => Some((*op, args)),
            _ => None,
        }
    }

    /// The integer, if this is an integer literal.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Operand::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The integer of a literal of up to 128 bits: an integer, or `(llvm.wide HIGH LOW)`,
    /// the 64-bit halves of one beyond 64 bits.
    pub fn as_wide_int(&self) -> Option<i128> {
        match self {
            Operand::Int(i) => Some(i128::from(*i)),
            Operand::Node(TargetOp::Wide, parts) => match parts.as_slice() {
                [Operand::Int(high), Operand::Int(low)] => {
                    Some((i128::from(*high) << 64) | i128::from(*low as u64))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// One instruction: `%result = op operands...`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// Present when the operation's declared result is a `Value`.
    pub result: Option<ValueRef>,
    /// The target operation.
    pub op: TargetOp,
    /// The operands, without the `State` operand that orders effects.
    pub operands: Vec<Operand>,
    /// The source operation it comes from, by its place in the function (blocks in
    /// order, operations in order within each: see [`Inst::NO_SOURCE`]). An ordinal, not
    /// a position, so that moving a function in its file leaves its lowered form equal.
    pub source: u32,
    /// The instruction's LLVM flags (`nsw`, `fast`), empty for most.
    pub flags: crate::Flags,
}

impl Inst {
    /// The `source` of an instruction no one source operation gives (the signature's).
    pub const NO_SOURCE: u32 = u32::MAX;

    /// An instruction with no source operation.
    pub fn new(result: Option<ValueRef>, op: TargetOp, operands: Vec<Operand>) -> Inst {
        Inst {
            result,
            op,
            operands,
            source: Inst::NO_SOURCE,
            flags: crate::Flags::NONE,
        }
    }

    /// Whether the operands are what the operation's signature says, in number and each
    /// in its sort; else what differs. Elaboration builds instructions by the declared
    /// sorts and the rule checker holds a bound operation's declaration to its signature,
    /// so code generation checks this once per instruction and then reads operands by
    /// position.
    pub fn check(&self) -> Result<(), String> {
        let signature = self.op.signature();
        let mut sorts = signature.inst_operands();
        let expected = signature.inst_operands().count();
        if self.operands.len() != expected {
            return Err(format!(
                "`{}` takes {} operands {}, found {}",
                self.op,
                expected,
                signature,
                self.operands.len()
            ));
        }
        for (i, operand) in self.operands.iter().enumerate() {
            let sort = sorts.next().unwrap_or(crate::Sort::Any);
            if !sort.holds(operand) {
                return Err(format!(
                    "operand {} of `{}` is `{operand}`, not a {sort}",
                    i + 1,
                    self.op
                ));
            }
        }
        Ok(())
    }
}

/// Where a function and its source operations are, for debug information (`kiln compile
/// -g`): given to code generation beside the lowered function by whoever knows the file
/// (lowering does not, so the lowered form stays free of positions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionDebug {
    /// The source file's name (without directories): the compile unit's.
    pub file: String,
    /// The directory it is in, as given (empty for none).
    pub directory: String,
    /// The file the function's own `loc(...)` names (name and directory), where it names
    /// one: its subprogram is in that file.
    pub scope_file: Option<(String, String)>,
    /// The function's line (1-based).
    pub line: u32,
    /// Each source operation's line and column (1-based; line 0 for an operation whose
    /// `loc(unknown)` says it has none), indexed by [`Inst::source`].
    pub locations: Vec<(u32, u32)>,
}

/// One block of a lowered function, numbered as the source's blocks are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoweredBlock {
    /// The source label (empty for an unlabeled entry block), for readers.
    pub label: String,
    /// The lowered `(block.params ...)` root; `None` for the entry block.
    pub params: Option<Operand>,
    /// Blocks no path from the entry reaches are kept (so block numbers stay those of the
    /// source) but left empty.
    pub reachable: bool,
    /// The instructions in placed order, the terminator last; empty when unreachable.
    pub insts: Vec<Inst>,
}

/// One function lowered to target operations: what the backend turns into an LLVM
/// function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lowered {
    /// The symbol name, without `@`.
    pub name: String,
    /// The lowered `(func.sig ...)` root.
    pub signature: Operand,
    /// Empty for an external declaration.
    pub blocks: Vec<LoweredBlock>,
    /// Reachable blocks in the order elaboration visited them (dominator-tree preorder):
    /// every value is defined by a block earlier in this order than its uses.
    pub order: Vec<usize>,
    /// How the definition links: `external` unless the source says otherwise with
    /// `llvm.linkage`, and `private` for the body kiln gives an external declaration with a
    /// C interface (it forwards to its `_mlir_ciface_` function, as MLIR makes it; a
    /// runtime linked beside it may define the public symbol).
    pub linkage: Linkage,
    /// The LLVM attributes of its parameters and result (the source's `llvm.noalias`,
    /// `llvm.zeroext`, ... where MLIR places them).
    pub attrs: SignatureAttrs,
    /// The attributes of functions it calls and declares, where it knows them and the
    /// callee's own definition is not in the program (a forwarding body's C wrapper).
    pub callee_attrs: Vec<(String, SignatureAttrs)>,
    /// The LLVM attributes of the function itself (`noinline`; `frame-pointer` = `all`),
    /// from the source's `passthrough`, `no_inline`, ... in order.
    pub fn_attrs: Vec<(String, Option<String>)>,
}

/// One LLVM parameter or return attribute: `noalias`, `align 16`, `dereferenceable(8)`,
/// `byval({ i64, i64, i64 })`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamAttr {
    /// LLVM's name for it.
    pub name: &'static str,
    /// Its integer, for those that hold one (`align`, `dereferenceable`).
    pub value: Option<u64>,
    /// Its type term, for those that hold one (`byval`, `sret`, ...): the type of the
    /// memory the pointer parameter stands for.
    pub ty: Option<Operand>,
}

/// The LLVM attributes of a function's parameters and result.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SignatureAttrs {
    /// Each attribute with the index of the LLVM parameter it is on, in order.
    pub params: Vec<(u32, ParamAttr)>,
    /// The return value's attributes.
    pub result: Vec<ParamAttr>,
}

impl SignatureAttrs {
    /// Appends ` (param I NAME [VALUE])... (result NAME [VALUE])...` to `out`.
    pub fn write_text(&self, out: &mut String) {
        let attr = |out: &mut String, a: &ParamAttr| {
            out.push_str(a.name);
            if let Some(v) = a.value {
                let _ = write!(out, " {v}");
            }
            if let Some(t) = &a.ty {
                let _ = write!(out, " {t}");
            }
        };
        for (i, a) in &self.params {
            let _ = write!(out, " (param {i} ");
            attr(out, a);
            out.push(')');
        }
        for a in &self.result {
            out.push_str(" (result ");
            attr(out, a);
            out.push(')');
        }
    }
}

/// LLVM's linkage of a function definition, as `#llvm.linkage<...>` names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Linkage {
    /// `external` (the default): a global symbol, defined here once.
    #[default]
    External,
    /// `private`: visible only inside the module, not even as a local symbol.
    Private,
    /// `internal`: visible only inside the module (a local symbol).
    Internal,
    /// `linkonce`: merged with same-named definitions at link time, and dropped if unused.
    Linkonce,
    /// `linkonce_odr`: as `linkonce`, with every definition equivalent.
    LinkonceOdr,
    /// `weak`: merged with same-named definitions at link time, and kept if unused.
    Weak,
    /// `weak_odr`: as `weak`, with every definition equivalent.
    WeakOdr,
    /// `available_externally`: a copy for optimization only; the definition that is linked
    /// is elsewhere.
    AvailableExternally,
}

impl Linkage {
    /// Every linkage, `external` first.
    pub const ALL: [Linkage; 8] = [
        Linkage::External,
        Linkage::Private,
        Linkage::Internal,
        Linkage::Linkonce,
        Linkage::LinkonceOdr,
        Linkage::Weak,
        Linkage::WeakOdr,
        Linkage::AvailableExternally,
    ];

    /// The name in `#llvm.linkage<NAME>` and in LLVM IR.
    pub fn name(self) -> &'static str {
        match self {
            Linkage::External => "external",
            Linkage::Private => "private",
            Linkage::Internal => "internal",
            Linkage::Linkonce => "linkonce",
            Linkage::LinkonceOdr => "linkonce_odr",
            Linkage::Weak => "weak",
            Linkage::WeakOdr => "weak_odr",
            Linkage::AvailableExternally => "available_externally",
        }
    }

    /// The linkage named `name` (`linkonce_odr`).
    pub fn from_name(name: &str) -> Option<Linkage> {
        Linkage::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Reads `#llvm.linkage<NAME>`.
    pub fn from_attr(text: &str) -> Option<Linkage> {
        let inner = text.strip_prefix("#llvm.linkage<")?.strip_suffix('>')?;
        Linkage::from_name(inner.trim())
    }
}

impl Lowered {
    /// Whether this is an external declaration (no blocks).
    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }
}

/// Appends the decimal digits of `i` (with `-` when negative).
fn push_int(out: &mut String, i: i64) {
    let mut digits = [0u8; 20];
    let mut n = i.unsigned_abs();
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push('-');
    }
    for d in &digits[at..] {
        out.push(char::from(*d));
    }
}

impl Operand {
    /// Appends the text form (what `Display` prints) to `out`. Printing a lowering through
    /// the formatting machinery, one `write!` per operand, cost 2.4% of a memref-heavy
    /// lowering.
    pub fn write_text(&self, out: &mut String) {
        match self {
            Operand::Value(v) => {
                out.push('%');
                push_int(out, i64::from(*v));
            }
            Operand::Int(i) => push_int(out, *i),
            Operand::Float(b) => {
                let _ = write!(out, "{:?}", f64::from_bits(*b));
            }
            Operand::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            Operand::Func(s) => {
                out.push('@');
                out.push_str(s);
            }
            Operand::List(items) => {
                out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    x.write_text(out);
                }
                out.push(']');
            }
            Operand::Node(op, args) if args.is_empty() => out.push_str(op.name()),
            Operand::Effect => out.push_str("effect"),
            Operand::Node(op, args) => {
                out.push('(');
                out.push_str(op.name());
                for a in args {
                    out.push(' ');
                    a.write_text(out);
                }
                out.push(')');
            }
        }
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_text(&mut out);
        f.write_str(&out)
    }
}

impl Lowered {
    /// Appends the text form (what `Display` prints) to `out`.
    pub fn write_text(&self, out: &mut String) {
        if self.is_declaration() {
            out.push_str("declare @");
            out.push_str(&self.name);
            out.push(' ');
            self.signature.write_text(out);
            self.attrs.write_text(out);
            out.push('\n');
            return;
        }
        out.push_str("define ");
        if self.linkage != Linkage::External {
            out.push_str(self.linkage.name());
            out.push(' ');
        }
        out.push('@');
        out.push_str(&self.name);
        out.push(' ');
        self.signature.write_text(out);
        self.attrs.write_text(out);
        for (k, v) in &self.fn_attrs {
            out.push_str(" (fn ");
            out.push_str(k);
            if let Some(v) = v {
                out.push_str(" \"");
                out.push_str(v);
                out.push('"');
            }
            out.push(')');
        }
        out.push_str(" {\n");
        for (i, b) in self.blocks.iter().enumerate() {
            out.push_str("^bb");
            push_int(out, i as i64);
            if let Some(p) = &b.params {
                out.push(' ');
                p.write_text(out);
            }
            out.push(':');
            if !b.label.is_empty() {
                out.push_str("  ; ^");
                out.push_str(&b.label);
            }
            if !b.reachable {
                out.push_str("  ; unreachable");
            }
            out.push('\n');
            for inst in &b.insts {
                out.push_str("  ");
                if let Some(r) = inst.result {
                    out.push('%');
                    push_int(out, i64::from(r));
                    out.push_str(" = ");
                }
                out.push_str(inst.op.name());
                for o in &inst.operands {
                    out.push(' ');
                    o.write_text(out);
                }
                if !inst.flags.is_empty() {
                    let _ = write!(out, " \"{}\"", inst.flags);
                }
                out.push('\n');
            }
        }
        out.push_str("}\n");
    }
}

impl fmt::Display for Lowered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_text(&mut out);
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    /// A large function's lowered form holds millions of instructions: the place of each
    /// one's source operation fits in what was padding.
    #[test]
    fn an_instruction_stays_forty_bytes() {
        assert!(std::mem::size_of::<super::Inst>() <= 40);
    }
}
