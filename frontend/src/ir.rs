//! The typed IR: module → functions → blocks → operations over SSA values.
//!
//! Each function owns an arena of values; blocks and operations refer to values by index.
//! Spans inside a [`Function`] are relative to the start of the function's text (see
//! [`crate::span::Span`]). The IR is plain data (`Eq + Hash`) so that salsa can store it and
//! compare it.

use crate::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, PureOp, UnaryOp};
use crate::span::Span;
use crate::types::{FunctionType, Scalar, Type};
use thin_vec::ThinVec;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

impl ValueId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl BlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The name a value was written with: `%x` is `{ base: "x", index: None }`, result 1 of
/// `%r:2` is `{ base: "r", index: Some(1) }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueName {
    pub base: String,
    pub index: Option<u32>,
}

impl std::fmt::Display for ValueName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            Some(i) => write!(f, "%{}#{i}", self.base),
            None => write!(f, "%{}", self.base),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// Argument `index` of block `block`.
    BlockArg { block: BlockId, index: u32 },
    /// Result `index` of operation `op` of block `block`.
    OpResult { block: BlockId, op: u32, index: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub name: ValueName,
    pub ty: Type,
    pub def: ValueDef,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor {
    pub block: BlockId,
    pub args: Vec<ValueId>,
    pub span: Span,
}

/// A constant's value: integer bits (truncated to the type's width, two's complement) or a
/// float's IEEE bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    Int(u64),
    Float(u64),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    Constant(Literal),
    Binary(BinaryOp),
    Unary(UnaryOp),
    /// An element-wise operation of `arith` (extended arithmetic), `math` or `index`.
    Pure(PureOp),
    Cast(CastOp),
    CmpI(CmpIPredicate),
    CmpF(CmpFPredicate),
    Select,
    Call {
        callee: String,
    },
    Return,
    Br,
    CondBr,
    /// Successor 0 is the default; successor `i + 1` goes with `cases[i]`.
    Switch {
        cases: Vec<i64>,
    },
    Alloc,
    Alloca,
    Dealloc,
    Load,
    Store,
    Dim,
    Rank,
    /// `memref.copy`: every element of operand 0 into operand 1 (same shape).
    Copy,
    /// `memref.subview`: a view of operand 0 at the offsets, with the sizes and strides
    /// (in elements of the source's strides) given; `None` entries are the operands after
    /// the source, in order (offsets, then sizes, then strides).
    /// (`ThinVec`s: an operation stays small, see the test below.)
    Subview {
        offsets: ThinVec<Option<i64>>,
        sizes: ThinVec<Option<i64>>,
        strides: ThinVec<Option<i64>>,
    },
    /// `memref.extract_strided_metadata`: the base buffer (a rank-0 memref), the offset,
    /// the sizes and the strides of its operand.
    ExtractStridedMetadata,
    /// `memref.reinterpret_cast`: a view of its source's buffer with the offset, sizes and
    /// strides of its result type, the dynamic ones (`?`) from its operands after the
    /// source, in that order.
    ReinterpretCast,
    /// An operation no dialect of kiln knows, kept by name (`"use"(%x)`).
    Generic {
        name: String,
    },
}

impl OpKind {
    /// The modern MLIR name of the operation.
    pub fn name(&self) -> &str {
        match self {
            OpKind::Constant(_) => "arith.constant",
            OpKind::Binary(b) => b.name(),
            OpKind::Unary(u) => u.name(),
            OpKind::Pure(p) => p.name(),
            OpKind::Cast(c) => c.name(),
            OpKind::CmpI(_) => "arith.cmpi",
            OpKind::CmpF(_) => "arith.cmpf",
            OpKind::Select => "arith.select",
            OpKind::Call { .. } => "func.call",
            OpKind::Return => "func.return",
            OpKind::Br => "cf.br",
            OpKind::CondBr => "cf.cond_br",
            OpKind::Switch { .. } => "cf.switch",
            OpKind::Alloc => "memref.alloc",
            OpKind::Alloca => "memref.alloca",
            OpKind::Dealloc => "memref.dealloc",
            OpKind::Load => "memref.load",
            OpKind::Store => "memref.store",
            OpKind::Dim => "memref.dim",
            OpKind::Rank => "memref.rank",
            OpKind::ExtractStridedMetadata => "memref.extract_strided_metadata",
            OpKind::Copy => "memref.copy",
            OpKind::Subview { .. } => "memref.subview",
            OpKind::ReinterpretCast => "memref.reinterpret_cast",
            OpKind::Generic { name } => name,
        }
    }

    pub fn is_terminator(&self) -> bool {
        match self {
            OpKind::Return | OpKind::Br | OpKind::CondBr | OpKind::Switch { .. } => true,
            OpKind::Generic { name } => {
                matches!(
                    name.as_str(),
                    "func.return" | "cf.br" | "cf.cond_br" | "cf.switch"
                )
            }
            _ => false,
        }
    }
}

/// Attributes kept from the source, in order (`{llvm.emit_c_interface}`, `fastmath<fast>`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attrs(pub ThinVec<(String, Option<String>)>);

impl Attrs {
    pub fn contains(&self, key: &str) -> bool {
        self.0.iter().any(|(k, _)| k == key)
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_deref())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Op {
    pub kind: OpKind,
    pub operands: Vec<ValueId>,
    /// Where each operand was written, for diagnostics (parallel to `operands`).
    pub operand_spans: ThinVec<Span>,
    // The lists most operations have few or none of are `ThinVec`s (one pointer, no
    // allocation when empty) instead of `Vec`s (three words): every function's IR is kept
    // while its file is open, and this makes an operation 96 bytes instead of 160.
    pub results: ThinVec<ValueId>,
    pub successors: ThinVec<Successor>,
    pub attrs: Attrs,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The label without `^`; empty for an unlabeled entry block.
    pub label: String,
    pub args: Vec<ValueId>,
    pub ops: Vec<Op>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Body {
    pub blocks: Vec<Block>,
    pub values: Vec<Value>,
}

impl Block {
    /// `^label`, or `the entry block` when it has none (for messages).
    pub fn describe(&self) -> String {
        if self.label.is_empty() {
            "the entry block".to_string()
        } else {
            format!("`^{}`", self.label)
        }
    }
}

impl Body {
    pub fn value(&self, v: ValueId) -> &Value {
        &self.values[v.index()]
    }

    pub fn ty(&self, v: ValueId) -> &Type {
        &self.values[v.index()].ty
    }

    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.index()]
    }

    /// Successor blocks of `b` (from its terminator), in order, with repeats.
    pub fn successors(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        self.block(b)
            .ops
            .last()
            .into_iter()
            .flat_map(|op| op.successors.iter().map(|s| s.block))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    pub name: String,
    pub visibility: Visibility,
    pub ty: FunctionType,
    pub attrs: Attrs,
    /// `None` for an external declaration.
    pub body: Option<Body>,
    pub span: Span,
    pub name_span: Span,
}

impl Function {
    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }

    /// The function with each span replaced by its ordinal in a fixed walk (the `k`th span
    /// becomes `k..k+1`), and the real spans in that order. Texts that differ only in
    /// layout (whitespace, comments) give equal shapes, so work computed from the shape
    /// (lowering) is reused after such an edit; its diagnostics are put back in place with
    /// [`SpanTable::locate`].
    pub fn shape(&self) -> (Function, SpanTable) {
        let mut f = self.clone();
        let mut table = Vec::new();
        let mut number = |s: &mut Span| {
            table.push(*s);
            let k = (table.len() - 1) as u32;
            *s = Span::new(k as usize, k as usize + 1);
        };
        number(&mut f.span);
        number(&mut f.name_span);
        if let Some(body) = &mut f.body {
            for v in &mut body.values {
                number(&mut v.span);
            }
            for b in &mut body.blocks {
                number(&mut b.span);
                for op in &mut b.ops {
                    number(&mut op.span);
                    for s in &mut op.operand_spans {
                        number(s);
                    }
                    for s in &mut op.successors {
                        number(&mut s.span);
                    }
                }
            }
        }
        (f, SpanTable(table))
    }

    /// Erases every span, so functions parsed from different texts compare by structure.
    pub fn without_spans(&self) -> Function {
        let mut f = self.clone();
        f.span = Span::default();
        f.name_span = Span::default();
        if let Some(body) = &mut f.body {
            for v in &mut body.values {
                v.span = Span::default();
            }
            for b in &mut body.blocks {
                b.span = Span::default();
                for op in &mut b.ops {
                    op.span = Span::default();
                    op.operand_spans.clear();
                    for s in &mut op.successors {
                        s.span = Span::default();
                    }
                }
            }
        }
        f
    }
}

/// The real spans of a function's [shape](Function::shape), by ordinal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpanTable(Vec<Span>);

impl SpanTable {
    /// The real span of a span of the shape: its start is where ordinal `start` starts and
    /// its end where ordinal `end - 1` ends (so a span joining two spans maps to the join).
    /// The empty span stays empty.
    pub fn locate(&self, s: Span) -> Span {
        if s == Span::default() {
            return s;
        }
        let start = self.0.get(s.start as usize).map_or(0, |x| x.start);
        let last = (s.end as usize).saturating_sub(1).max(s.start as usize);
        let end = self.0.get(last).map_or(start, |x| x.end).max(start);
        Span { start, end }
    }
}

/// A whole module: functions in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Module {
    pub name: Option<String>,
    pub functions: Vec<Function>,
}

impl Module {
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    pub fn without_spans(&self) -> Module {
        Module {
            name: self.name.clone(),
            functions: self.functions.iter().map(Function::without_spans).collect(),
        }
    }
}

/// Reads an integer literal's bits as a signed value of `ty`'s width.
pub fn signed_value(bits: u64, ty: Scalar) -> i64 {
    let w = ty.bits();
    if w >= 64 {
        bits as i64
    } else {
        let shift = 64 - w;
        ((bits << shift) as i64) >> shift
    }
}

#[cfg(test)]
mod tests {
    /// Every function's IR is kept while its file is open (BENCHMARKS.md, "session 7"): an
    /// operation grew to 160 bytes once, and this holds it at its size since.
    #[test]
    fn an_operation_stays_small() {
        assert!(std::mem::size_of::<super::Op>() <= 96);
        assert!(std::mem::size_of::<super::Value>() <= 72);
    }
}
