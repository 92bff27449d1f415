//! The resolved types of the IR.

use std::fmt;
use std::sync::Arc;

/// Scalar types: signless integers, `index`, IEEE floats and bfloat16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// A signless integer of 1 to [`Scalar::MAX_INT_BITS`] bits (`i1`, `i12`, `i64`),
    /// LLVM's `iN`.
    Int(u8),
    /// `index`, the type of sizes and subscripts (64 bits wide, see [`Scalar::bits`]).
    Index,
    /// `f16`, IEEE binary16.
    F16,
    /// `bf16`, bfloat16: binary32's exponent with 8 bits of precision.
    BF16,
    /// `f32`, IEEE binary32.
    F32,
    /// `f64`, IEEE binary64.
    F64,
}

/// The names of `i0` (unused) to `i128`, made once: [`Scalar::name`] hands out `&'static
/// str`s as the other scalars' names are.
fn int_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        (0..=Scalar::MAX_INT_BITS)
            .map(|b| format!("i{b}"))
            .collect()
    })
}

impl Scalar {
    /// `i1`, the type of conditions and comparison results.
    pub const I1: Scalar = Scalar::Int(1);
    /// `i8`
    pub const I8: Scalar = Scalar::Int(8);
    /// `i16`
    pub const I16: Scalar = Scalar::Int(16);
    /// `i32`
    pub const I32: Scalar = Scalar::Int(32);
    /// `i64`
    pub const I64: Scalar = Scalar::Int(64);

    /// The widest integer kiln reads (`i128`, which MLIR's tests and LLVM's 64-bit
    /// multiplications use): literals, the interpreter's values and memory cells, and
    /// argument passing hold 128 bits.
    pub const MAX_INT_BITS: u8 = 128;

    /// The scalar types with a name of their own and the integers of the usual widths, in
    /// declaration order: what tools that enumerate types (the fuzzer's inputs, the
    /// program generator) start from.
    pub const ALL: [Scalar; 10] = [
        Scalar::I1,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::Index,
        Scalar::F16,
        Scalar::BF16,
        Scalar::F32,
        Scalar::F64,
    ];

    /// The scalar type spelled `s` (`i32`, `i12`, `index`, ...).
    pub fn from_name(s: &str) -> Option<Scalar> {
        match s {
            "index" => Some(Scalar::Index),
            "f16" => Some(Scalar::F16),
            "bf16" => Some(Scalar::BF16),
            "f32" => Some(Scalar::F32),
            "f64" => Some(Scalar::F64),
            _ => {
                let digits = s.strip_prefix('i')?;
                // `i012` is not a type name: MLIR reads the width as written digits.
                if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Scalar::int(digits.parse().ok()?)
            }
        }
    }

    /// The integer of `bits` bits, if kiln reads that width (1 to [`Scalar::MAX_INT_BITS`]).
    pub fn int(bits: u64) -> Option<Scalar> {
        let bits = u8::try_from(bits).ok()?;
        (1..=Scalar::MAX_INT_BITS)
            .contains(&bits)
            .then_some(Scalar::Int(bits))
    }

    /// The MLIR spelling.
    pub fn name(self) -> &'static str {
        match self {
            // The usual widths without a lookup: the encoder names a type per use.
            Scalar::Int(1) => "i1",
            Scalar::Int(8) => "i8",
            Scalar::Int(16) => "i16",
            Scalar::Int(32) => "i32",
            Scalar::Int(64) => "i64",
            Scalar::Int(b) => int_names().get(usize::from(b)).map_or("i?", String::as_str),
            Scalar::Index => "index",
            Scalar::F16 => "f16",
            Scalar::BF16 => "bf16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }

    /// Bit width; `index` is 64 bits wide, as on every target kiln emits for.
    pub fn bits(self) -> u32 {
        match self {
            Scalar::Int(b) => u32::from(b),
            Scalar::F16 | Scalar::BF16 => 16,
            Scalar::F32 => 32,
            Scalar::Index | Scalar::F64 => 64,
        }
    }

    /// The bytes one element takes in memory, as LLVM's data layout allocates it on every
    /// target kiln emits for: an integer's bytes rounded up to a power of two (`i1` and
    /// `i3` take one, `i12` two, `i24` four, `i40` eight).
    pub fn bytes(self) -> u32 {
        bytes_of_width(self.bits())
    }

    /// Whether LLVM's atomic operations take a value of this type: 8, 16, 32 or 64 bits.
    pub fn is_atomic_width(self) -> bool {
        matches!(self.bits(), 8 | 16 | 32 | 64)
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

    /// Whether it is `f16`, `bf16`, `f32` or `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F64)
    }
}

/// The bytes a value of `bits` bits takes in memory as LLVM's data layout allocates it on
/// every target kiln emits for: its bytes rounded up to a power of two ([`Scalar::bytes`],
/// and the rules' `(bytes T)`, which reads `index`'s width from the rules).
pub fn bytes_of_width(bits: u32) -> u32 {
    bits.div_ceil(8).next_power_of_two()
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

    /// Whether the elements are one run of memory in row-major order, so that a copy is
    /// one `memcpy` from the first element: the identity layout, or (as MLIR's
    /// `isStaticShapeAndContiguousRowMajor` with at least one element) a static shape whose
    /// innermost dimensions have the row-major strides and whose outer ones have size 1.
    pub fn is_contiguous(&self) -> bool {
        let Layout::Strided { strides, .. } = &self.layout else {
            return true;
        };
        let Some(shape) = self.shape.iter().copied().collect::<Option<Vec<i64>>>() else {
            return false;
        };
        if shape.contains(&0) {
            return false;
        }
        let mut running = 1i64;
        let mut dim = shape.len();
        while dim > 0 && strides[dim - 1] == Some(running) {
            running = running.saturating_mul(shape[dim - 1]);
            dim -= 1;
        }
        shape[..dim].iter().all(|&s| s == 1)
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
    /// `(T) -> U`: a function, as `func.constant` makes one for `func.call_indirect`.
    Function(Arc<FunctionType>),
    /// `!llvm.ptr`: the LLVM dialect's opaque pointer (address space 0).
    Ptr,
    /// `!llvm.struct<(...)>` or `!llvm.array<N x T>`: an LLVM aggregate held in one value,
    /// as MLIR's LLVM conversions hold a memref's descriptor.
    Aggregate(Arc<LlvmType>),
}

impl Type {
    /// Whether a value of this type can be an LLVM-dialect operation's or an `llvm.func`'s:
    /// a pointer or a scalar other than `index`.
    pub fn is_llvm_value(&self) -> bool {
        matches!(self, Type::Ptr | Type::Aggregate(_))
            || matches!(self, Type::Scalar(s) if *s != Scalar::Index)
    }

    /// The value type of an LLVM type: a scalar, `!llvm.ptr` or an aggregate.
    pub fn of_llvm(t: &LlvmType) -> Type {
        use LlvmType as L;
        match t {
            L::Scalar(s) => Type::Scalar(*s),
            L::Ptr => Type::Ptr,
            L::Array(..) | L::Struct(_) => Type::Aggregate(Arc::new(t.clone())),
        }
    }

    /// The LLVM type of a value of the LLVM dialect ([`Type::is_llvm_value`]).
    pub fn llvm(&self) -> Option<LlvmType> {
        use LlvmType as L;
        match self {
            Type::Scalar(s) if *s != Scalar::Index => Some(L::Scalar(*s)),
            Type::Ptr => Some(L::Ptr),
            Type::Aggregate(t) => Some((**t).clone()),
            _ => None,
        }
    }

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
            Type::Scalar(_) | Type::Function(_) | Type::Ptr | Type::Aggregate(_) => None,
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
            Type::Function(t) => write!(f, "{t}"),
            Type::Ptr => write!(f, "!llvm.ptr"),
            Type::Aggregate(t) => write!(f, "{t}"),
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

/// A type of the LLVM dialect's memory: a scalar (not `index`), the opaque pointer, an
/// array or a literal struct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LlvmType {
    /// `i32`, `f64`, ... (LLVM's iN, half, bfloat, float, double).
    Scalar(Scalar),
    /// `!llvm.ptr`, the opaque pointer of address space 0.
    Ptr,
    /// `!llvm.array<N x T>`.
    Array(u64, Box<LlvmType>),
    /// `!llvm.struct<(T, ...)>`, a literal (unnamed, unpacked) struct.
    Struct(Vec<LlvmType>),
}

impl LlvmType {
    /// The element an `llvm.insertvalue`/`llvm.extractvalue` position reaches: each index
    /// steps into a struct's field or an array's element. `None` where an index is out of
    /// range or steps into a scalar.
    pub fn at(&self, position: &[u64]) -> Option<&LlvmType> {
        let mut t = self;
        for &i in position {
            t = match t {
                LlvmType::Struct(fields) => fields.get(usize::try_from(i).ok()?)?,
                LlvmType::Array(n, e) if i < *n => e,
                _ => return None,
            };
        }
        Some(t)
    }

    /// The alignment LLVM's data layout gives it on every target kiln emits for (a scalar
    /// its bytes, a pointer 8, an aggregate its widest member's).
    pub fn align(&self) -> u64 {
        match self {
            LlvmType::Scalar(s) => u64::from(s.bytes()),
            LlvmType::Ptr => 8,
            LlvmType::Array(_, e) => e.align(),
            LlvmType::Struct(fields) => fields.iter().map(LlvmType::align).max().unwrap_or(1),
        }
    }

    /// Writes the type, `prefix` (`!llvm.`) before a pointer, array or struct: MLIR writes
    /// the types nested inside another LLVM type without it.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, prefix: &str) -> fmt::Result {
        match self {
            LlvmType::Scalar(s) => write!(f, "{s}"),
            LlvmType::Ptr => write!(f, "{prefix}ptr"),
            LlvmType::Array(n, t) => {
                write!(f, "{prefix}array<{n} x ")?;
                t.write(f, "")?;
                write!(f, ">")
            }
            LlvmType::Struct(fields) => {
                write!(f, "{prefix}struct<(")?;
                for (i, t) in fields.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    t.write(f, "")?;
                }
                write!(f, ")>")
            }
        }
    }
}

impl fmt::Display for LlvmType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, "!llvm.")
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
        // A function result is parenthesized, as MLIR prints `() -> ((i32) -> i32)`.
        if self.results.len() == 1 && !matches!(self.results[0], Type::Function(_)) {
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

    #[test]
    fn contiguous_layouts_are_those_mlir_copies_with_memcpy() {
        let m = |shape: &[Extent], strides: Option<&[Extent]>| MemRefType {
            shape: shape.to_vec(),
            elem: Scalar::F32,
            layout: match strides {
                None => Layout::Identity,
                Some(s) => Layout::Strided {
                    strides: s.to_vec(),
                    offset: None,
                },
            },
        };
        // the identity layout, even of a dynamic shape
        assert!(m(&[None, Some(4)], None).is_contiguous());
        // row-major strides at a dynamic offset; outer dimensions of size 1 at any stride
        assert!(m(&[Some(2), Some(3)], Some(&[Some(3), Some(1)])).is_contiguous());
        assert!(m(&[Some(1), Some(4)], Some(&[Some(8), Some(1)])).is_contiguous());
        assert!(m(&[], Some(&[])).is_contiguous());
        // a row of a wider matrix, a column, a dynamic stride or size, no elements
        assert!(!m(&[Some(2), Some(3)], Some(&[Some(8), Some(1)])).is_contiguous());
        assert!(!m(&[Some(4)], Some(&[Some(2)])).is_contiguous());
        assert!(!m(&[Some(2), Some(3)], Some(&[None, Some(1)])).is_contiguous());
        assert!(!m(&[None], Some(&[Some(1)])).is_contiguous());
        assert!(!m(&[Some(0), Some(3)], Some(&[Some(3), Some(1)])).is_contiguous());
    }

    #[test]
    fn integers_of_every_width_up_to_128() {
        assert_eq!(Scalar::from_name("i12"), Some(Scalar::Int(12)));
        assert_eq!(Scalar::from_name("i64"), Some(Scalar::I64));
        assert_eq!(Scalar::from_name("i128"), Some(Scalar::Int(128)));
        assert_eq!(Scalar::Int(3).name(), "i3");
        assert_eq!(Scalar::Int(100).name(), "i100");
        for bad in ["i0", "i129", "i256", "i012", "i", "i1x", "i+1"] {
            assert_eq!(Scalar::from_name(bad), None, "{bad}");
        }
        let bytes: Vec<u32> = [1, 3, 8, 9, 12, 24, 33, 40, 64, 65, 100, 128]
            .map(|b| Scalar::Int(b).bytes())
            .to_vec();
        assert_eq!(bytes, [1, 1, 1, 2, 2, 4, 8, 8, 8, 16, 16, 16]);
        assert_eq!((Scalar::Index.bytes(), Scalar::F16.bytes()), (8, 2));
        assert_eq!(Scalar::from_name("bf16"), Some(Scalar::BF16));
        assert!(Scalar::BF16.is_float() && Scalar::BF16.bits() == 16);
    }
}
