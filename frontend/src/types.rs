//! The resolved types of the IR.

use std::fmt;
use std::sync::Arc;

/// Scalar types: signless integers, `index`, and IEEE floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// `i1`, the type of conditions and comparison results.
    I1,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `index`, the type of sizes and subscripts (64 bits wide, see [`Scalar::bits`]).
    Index,
    /// `f16`, IEEE binary16.
    F16,
    /// `f32`, IEEE binary32.
    F32,
    /// `f64`, IEEE binary64.
    F64,
}

impl Scalar {
    /// Every scalar type, in declaration order.
    pub const ALL: [Scalar; 9] = [
        Scalar::I1,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::Index,
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
    ];

    /// The scalar type spelled `s` (`i32`, `index`, ...).
    pub fn from_name(s: &str) -> Option<Scalar> {
        Scalar::ALL.iter().copied().find(|t| t.name() == s)
    }

    /// The MLIR spelling.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::I1 => "i1",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            Scalar::Index => "index",
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }

    /// Bit width; `index` is 64 bits wide, as on every target kiln emits for.
    pub fn bits(self) -> u32 {
        match self {
            Scalar::I1 => 1,
            Scalar::I8 => 8,
            Scalar::I16 | Scalar::F16 => 16,
            Scalar::I32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::Index | Scalar::F64 => 64,
        }
    }

    /// The width the type's name states (`i32`, `f64`); none for `index`, whose width is
    /// the target's (the lowering rules declare it).
    pub fn stated_bits(self) -> Option<u32> {
        (self != Scalar::Index).then(|| self.bits())
    }

    /// Whether it is a signless integer (`i1` included) or `index`.
    pub fn is_integer(self) -> bool {
        !self.is_float()
    }

    /// Whether it is `f16`, `f32` or `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }
}

/// A static extent, or `None` for `?`.
pub type Extent = Option<i64>;

/// The layout of a ranked memref: the identity (row-major, offset 0) or explicit strides.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// No layout written: row-major and contiguous, offset 0.
    Identity,
    /// `strided<[...], offset: ...>`, kept as written even where it equals the identity.
    Strided {
        /// One stride per dimension in elements, outermost first; `None` where dynamic
        /// (`?`).
        strides: Vec<Extent>,
        /// The first element's distance from the buffer's start, in elements (0 when
        /// `offset:` is omitted); `None` where dynamic (`?`).
        offset: Extent,
    },
}

/// A ranked memref type, `memref<4x?xf32, strided<...>>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRefType {
    /// Each dimension's size, outermost first; `None` where dynamic (`?`).
    pub shape: Vec<Extent>,
    /// The element type.
    pub elem: Scalar,
    /// How indices map to the buffer.
    pub layout: Layout,
}

impl MemRefType {
    /// The number of dimensions (0 for `memref<f32>`).
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Strides and offset as far as the type knows them: an identity layout has the natural
    /// strides (products of the trailing sizes, innermost 1) and offset 0.
    pub fn strides_and_offset(&self) -> (Vec<Extent>, Extent) {
        match &self.layout {
            Layout::Strided { strides, offset } => (strides.clone(), *offset),
            Layout::Identity => {
                let mut strides = vec![Some(1); self.rank()];
                let mut acc: Extent = Some(1);
                for i in (0..self.rank()).rev() {
                    strides[i] = acc;
                    acc = match (acc, self.shape[i]) {
                        (Some(a), Some(s)) => a.checked_mul(s),
                        _ => None,
                    };
                }
                (strides, Some(0))
            }
        }
    }
}

/// The type of an IR value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A scalar.
    Scalar(Scalar),
    /// A ranked memref, shared: values and operations clone types often.
    MemRef(Arc<MemRefType>),
    /// `memref<*xT>`: a memref of element type `T` whose rank is known only at run time.
    UnrankedMemRef(Scalar),
}

impl Type {
    /// `i1`.
    pub const I1: Type = Type::Scalar(Scalar::I1);
    /// `index`.
    pub const INDEX: Type = Type::Scalar(Scalar::Index);

    /// The scalar type, if this is one.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// The ranked memref type, if this is one.
    pub fn memref(&self) -> Option<&MemRefType> {
        match self {
            Type::MemRef(m) => Some(m),
            _ => None,
        }
    }

    /// Whether this is a memref, ranked or unranked.
    pub fn is_memref(&self) -> bool {
        matches!(self, Type::MemRef(_) | Type::UnrankedMemRef(_))
    }

    /// Whether this is an integer scalar or `index`.
    pub fn is_integer(&self) -> bool {
        self.scalar().is_some_and(Scalar::is_integer)
    }

    /// Whether this is a float scalar.
    pub fn is_float(&self) -> bool {
        self.scalar().is_some_and(Scalar::is_float)
    }

    /// Element type of a memref (ranked or not).
    pub fn element(&self) -> Option<Scalar> {
        match self {
            Type::MemRef(m) => Some(m.elem),
            Type::UnrankedMemRef(e) => Some(*e),
            Type::Scalar(_) => None,
        }
    }
}

fn extent(f: &mut fmt::Formatter<'_>, e: Extent) -> fmt::Result {
    match e {
        Some(n) => write!(f, "{n}"),
        None => write!(f, "?"),
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Scalar(s) => write!(f, "{s}"),
            Type::UnrankedMemRef(e) => write!(f, "memref<*x{e}>"),
            Type::MemRef(m) => {
                write!(f, "memref<")?;
                for d in &m.shape {
                    extent(f, *d)?;
                    write!(f, "x")?;
                }
                write!(f, "{}", m.elem)?;
                if let Layout::Strided { strides, offset } = &m.layout {
                    write!(f, ", strided<[")?;
                    for (i, s) in strides.iter().enumerate() {
                        if i > 0 {
                            write!(f, ", ")?;
                        }
                        extent(f, *s)?;
                    }
                    write!(f, "]")?;
                    if *offset != Some(0) {
                        write!(f, ", offset: ")?;
                        extent(f, *offset)?;
                    }
                    write!(f, ">")?;
                }
                write!(f, ">")
            }
        }
    }
}

/// `(inputs) -> results`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FunctionType {
    /// The parameter types, in order.
    pub inputs: Vec<Type>,
    /// The result types, in order (empty for none).
    pub results: Vec<Type>,
}

/// Writes `a, b, c` for a list of displayable items.
pub fn comma_list<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for FunctionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}) -> ", comma_list(&self.inputs))?;
        if self.results.len() == 1 {
            write!(f, "{}", self.results[0])
        } else {
            write!(f, "({})", comma_list(&self.results))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_strides() {
        let m = MemRefType {
            shape: vec![Some(4), None, Some(8)],
            elem: Scalar::F32,
            layout: Layout::Identity,
        };
        assert_eq!(
            m.strides_and_offset(),
            (vec![None, Some(8), Some(1)], Some(0))
        );
        assert_eq!(Type::MemRef(Arc::new(m)).to_string(), "memref<4x?x8xf32>");
    }
}
