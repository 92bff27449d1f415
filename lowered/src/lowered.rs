//! The lowered form of a function: target-level operations in order, each block's
//! instructions placed by elaboration, with a readable text form (`--emit lowered`).

use crate::TargetOp;
use std::fmt::{self, Write};

/// An SSA value of the lowered function, numbered in order of definition.
pub type ValueRef = u32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Value(ValueRef),
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
    Str(String),
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
    pub fn as_list(&self) -> Option<&[Operand]> {
        match self {
            Operand::List(l) => Some(l),
            _ => None,
        }
    }

    pub fn as_node(&self) -> Option<(TargetOp, &[Operand])> {
        match self {
            Operand::Node(op, args) => Some((*op, args)),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Operand::Int(i) => Some(*i),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// Present when the operation's declared result is a `Value`.
    pub result: Option<ValueRef>,
    pub op: TargetOp,
    /// The operands, without the `State` operand that orders effects.
    pub operands: Vec<Operand>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoweredBlock {
    /// The source label (empty for an unlabeled entry block), for readers.
    pub label: String,
    /// The lowered `(block.params ...)` root; `None` for the entry block.
    pub params: Option<Operand>,
    /// Blocks no path from the entry reaches are kept (so block numbers stay those of the
    /// source) but left empty.
    pub reachable: bool,
    pub insts: Vec<Inst>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lowered {
    pub name: String,
    /// The lowered `(func.sig ...)` root.
    pub signature: Operand,
    /// Empty for an external declaration.
    pub blocks: Vec<LoweredBlock>,
    /// Reachable blocks in the order elaboration visited them (dominator-tree preorder):
    /// every value is defined by a block earlier in this order than its uses.
    pub order: Vec<usize>,
}

impl Lowered {
    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Value(v) => write!(f, "%{v}"),
            Operand::Int(i) => write!(f, "{i}"),
            Operand::Float(b) => write!(f, "{:?}", f64::from_bits(*b)),
            Operand::Str(s) => write!(f, "\"{s}\""),
            Operand::Func(s) => write!(f, "@{s}"),
            Operand::List(items) => {
                write!(f, "[")?;
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, " ")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, "]")
            }
            Operand::Node(op, args) if args.is_empty() => write!(f, "{op}"),
            Operand::Effect => write!(f, "effect"),
            Operand::Node(op, args) => {
                write!(f, "({op}")?;
                for a in args {
                    write!(f, " {a}")?;
                }
                write!(f, ")")
            }
        }
    }
}

impl fmt::Display for Lowered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_declaration() {
            return writeln!(f, "declare @{} {}", self.name, self.signature);
        }
        writeln!(f, "define @{} {} {{", self.name, self.signature)?;
        for (i, b) in self.blocks.iter().enumerate() {
            let mut head = format!("^bb{i}");
            if let Some(p) = &b.params {
                let _ = write!(head, " {p}");
            }
            head.push(':');
            if !b.label.is_empty() {
                let _ = write!(head, "  ; ^{}", b.label);
            }
            if !b.reachable {
                head.push_str("  ; unreachable");
            }
            writeln!(f, "{head}")?;
            for inst in &b.insts {
                write!(f, "  ")?;
                if let Some(r) = inst.result {
                    write!(f, "%{r} = ")?;
                }
                write!(f, "{}", inst.op)?;
                for o in &inst.operands {
                    write!(f, " {o}")?;
                }
                writeln!(f)?;
            }
        }
        writeln!(f, "}}")
    }
}
