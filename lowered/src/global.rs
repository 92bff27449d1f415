//! Globals (`memref.global`) as the backend defines them: a name, an LLVM value type and
//! the contents, without anything of the source's types left.

use crate::{Linkage, TargetOp};

/// A module-level variable, lowered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    /// The symbol's name, without `@`.
    pub name: String,
    /// `private` for a private or nested `memref.global`, else `external` (as MLIR 19).
    pub linkage: Linkage,
    /// Whether the memory is read-only (`constant`).
    pub constant: bool,
    /// The value's type: `dims` nested arrays (outermost first) around `element`.
    pub dims: Vec<u64>,
    /// The element type (an integer or float type of [`TargetOp`]).
    pub element: GlobalElement,
    /// The contents.
    pub init: GlobalInit,
    /// The alignment in bytes, if one was asked for.
    pub alignment: Option<u64>,
}

/// The element type of a global: an integer of a width, or a float type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GlobalElement {
    /// An integer of this many bits (`index` is 64).
    Int(u32),
    /// `f16`, `f32` or `f64`, by their [`TargetOp`] types.
    Float(TargetOp),
}

/// A global's contents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalInit {
    /// Defined elsewhere: a declaration.
    External,
    /// Defined here, its contents undefined (`undef`).
    Undef,
    /// Every element the same bits (up to 128 of them, for `i128`).
    Splat(u128),
    /// Each element's bits, row-major.
    Elements(Vec<u128>),
}

impl Global {
    /// How many elements the global holds.
    pub fn len(&self) -> u64 {
        self.dims.iter().product()
    }

    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bits of element `i` (row-major), `None` where it has none.
    pub fn element_bits(&self, i: usize) -> Option<u128> {
        match &self.init {
            GlobalInit::External | GlobalInit::Undef => None,
            GlobalInit::Splat(b) => Some(*b),
            GlobalInit::Elements(bs) => bs.get(i).copied(),
        }
    }
}
