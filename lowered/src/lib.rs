//! kiln's lowered form: what extraction and elaboration produce and the backend consumes.
//! Plain data with no dependency, so the backend sees the engine only through it.
//!
//! ```
//! use kiln_lowered::{Inst, Linkage, Lowered, LoweredBlock, Operand, TargetOp};
//!
//! let i64t = Operand::Node(TargetOp::I64, vec![]);
//! let f = Lowered {
//!     name: "id".into(),
//!     signature: Operand::Node(TargetOp::Sig, vec![i64t.clone(), Operand::List(vec![i64t.clone()])]),
//!     blocks: vec![LoweredBlock {
//!         label: String::new(),
//!         params: None,
//!         reachable: true,
//!         insts: vec![
//!             Inst::new(Some(0), TargetOp::Arg, vec![i64t, Operand::Int(0)]),
//!             Inst::new(None, TargetOp::Return, vec![Operand::Value(0)]),
//!         ],
//!     }],
//!     order: vec![0],
//!     linkage: Linkage::External,
//!     attrs: Default::default(),
//!     callee_attrs: Vec::new(),
//!     fn_attrs: Vec::new(),
//! };
//! assert!(f.to_string().contains("llvm.return %0"));
//! ```

#![deny(missing_docs)]

mod cut;
mod flags;
mod global;
mod lowered;
mod sort;
mod target_op;

pub use cut::{name_hash, Cuts};
pub use flags::Flags;
pub use global::{Global, GlobalElement, GlobalInit};

pub use lowered::{
    FunctionDebug, Inst, Linkage, Lowered, LoweredBlock, Operand, ParamAttr, SignatureAttrs,
    ValueRef,
};
pub use sort::{Signature, Sort};
pub use target_op::{intrinsic_overloads, TargetOp};

/// The text a string literal's contents (as written, between the quotes) stand for:
/// MLIR's escapes `\\`, `\"`, `\n`, `\t` and `\` with two hex digits decoded (any other
/// backslash is kept; the lexer has reported it).
pub fn unescape(written: &str) -> Vec<u8> {
    let b = written.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 == b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let hex = |c: u8| (c as char).to_digit(16);
        match (b[i + 1], b.get(i + 2).copied().and_then(hex)) {
            (b'n', _) => out.push(b'\n'),
            (b't', _) => out.push(b'\t'),
            (c @ (b'\\' | b'"'), _) => out.push(c),
            (c, Some(lo)) if hex(c).is_some() => {
                out.push((hex(c).unwrap_or(0) * 16 + lo) as u8);
                i += 1;
            }
            (c, _) => out.extend([b'\\', c]),
        }
        i += 2;
    }
    out
}
