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
//!             Inst { result: Some(0), op: TargetOp::Arg, operands: vec![i64t, Operand::Int(0)] },
//!             Inst { result: None, op: TargetOp::Return, operands: vec![Operand::Value(0)] },
//!         ],
//!     }],
//!     order: vec![0],
//!     linkage: Linkage::External,
//!     attrs: Default::default(),
//!     callee_attrs: Vec::new(),
//! };
//! assert!(f.to_string().contains("llvm.return %0"));
//! ```

#![deny(missing_docs)]

mod lowered;
mod target_op;

pub use lowered::{
    Inst, Linkage, Lowered, LoweredBlock, Operand, ParamAttr, SignatureAttrs, ValueRef,
};
pub use target_op::{intrinsic_overloads, TargetOp};
