//! The values: [`Ty`] (every builtin type, and a dialect type as its text) and
//! [`Attribute`] (every builtin attribute kiln reads, and a dialect attribute as its text).

/// An integer type's signedness: `i8` is signless, `si8` signed, `ui8` unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: the operations say how the bits are read.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// A builtin float type, by its MLIR name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `f8E5M2`.
    F8E5M2,
    /// `f8E4M3`.
    F8E4M3,
    /// `f8E4M3FN`.
    F8E4M3FN,
    /// `f8E5M2FNUZ`.
    F8E5M2FNUZ,
    /// `f8E4M3FNUZ`.
    F8E4M3FNUZ,
    /// `f8E4M3B11FNUZ`.
    F8E4M3B11FNUZ,
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `tf32`.
    TF32,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `f80`.
    F80,
    /// `f128`.
    F128,
}

impl FloatKind {
    /// The width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ => 8,
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }

    /// The MLIR spelling.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    /// The kind a name spells, if any.
    pub fn from_name(name: &str) -> Option<FloatKind> {
        Some(match name {
            "f8E5M2" => FloatKind::F8E5M2,
            "f8E4M3" => FloatKind::F8E4M3,
            "f8E4M3FN" => FloatKind::F8E4M3FN,
            "f8E5M2FNUZ" => FloatKind::F8E5M2FNUZ,
            "f8E4M3FNUZ" => FloatKind::F8E4M3FNUZ,
            "f8E4M3B11FNUZ" => FloatKind::F8E4M3B11FNUZ,
            "f16" => FloatKind::F16,
            "bf16" => FloatKind::BF16,
            "tf32" => FloatKind::TF32,
            "f32" => FloatKind::F32,
            "f64" => FloatKind::F64,
            "f80" => FloatKind::F80,
            "f128" => FloatKind::F128,
            _ => return None,
        })
    }
}

/// A builtin MLIR type, or a dialect type kept as written. A dimension `None` is dynamic
/// (`?`).
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `i32`, `si8`, `ui64`: widths 1 to 2^24 - 1 as MLIR allows.
    Integer {
        /// The width in bits.
        width: u32,
        /// How the type names its signedness.
        signedness: Signedness,
    },
    /// `index`.
    Index,
    /// `f32`, `bf16`, ...
    Float(FloatKind),
    /// `none`.
    None,
    /// `memref<4x?xf32, strided<[?, 1]>, 1>`.
    MemRef {
        /// The sizes, outermost first.
        shape: Vec<Option<i64>>,
        /// The element type.
        element: Box<Ty>,
        /// The layout attribute when written (`strided<...>` or an `affine_map`).
        layout: Option<Box<Attribute>>,
        /// The memory space when written.
        memory_space: Option<Box<Attribute>>,
    },
    /// `memref<*xf32>`.
    UnrankedMemRef {
        /// The element type.
        element: Box<Ty>,
        /// The memory space when written.
        memory_space: Option<Box<Attribute>>,
    },
    /// `tensor<2x?xf32>`.
    Tensor {
        /// The sizes, outermost first.
        shape: Vec<Option<i64>>,
        /// The element type.
        element: Box<Ty>,
        /// The encoding when written.
        encoding: Option<Box<Attribute>>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// The element type.
        element: Box<Ty>,
    },
    /// `vector<2x[4]xf32>`: static sizes, each possibly scalable.
    Vector {
        /// The sizes, outermost first.
        shape: Vec<i64>,
        /// Which sizes are scalable (`[4]`), one flag a size.
        scalable: Vec<bool>,
        /// The element type.
        element: Box<Ty>,
    },
    /// `complex<f32>`.
    Complex(Box<Ty>),
    /// `tuple<i32, f32>`.
    Tuple(Vec<Ty>),
    /// `(i32, f32) -> i64`.
    Function {
        /// The parameter types.
        inputs: Vec<Ty>,
        /// The result types.
        results: Vec<Ty>,
    },
    /// `!dialect.name<...>` or `!dialect<...>`, kept as written after the dialect's name.
    Opaque {
        /// The dialect's namespace (`llvm` of `!llvm.ptr`).
        dialect: String,
        /// What follows the namespace and its `.` (`ptr`), or the `<...>` body's contents.
        data: String,
    },
}

impl Ty {
    /// A signless integer type.
    pub fn int(width: u32) -> Ty {
        Ty::Integer {
            width,
            signedness: Signedness::Signless,
        }
    }

    /// Whether this is a float type.
    pub fn is_float(&self) -> bool {
        matches!(self, Ty::Float(_))
    }

    /// Whether values of this type are integers (an integer type or `index`).
    pub fn is_integer_like(&self) -> bool {
        matches!(self, Ty::Integer { .. } | Ty::Index)
    }

    /// The shape of a ranked shaped type (vector sizes as static sizes).
    pub fn shape(&self) -> Option<Vec<Option<i64>>> {
        match self {
            Ty::MemRef { shape, .. } | Ty::Tensor { shape, .. } => Some(shape.clone()),
            Ty::Vector { shape, .. } => Some(shape.iter().map(|&d| Some(d)).collect()),
            _ => None,
        }
    }

    /// The element type of a shaped or complex type.
    pub fn element(&self) -> Option<&Ty> {
        match self {
            Ty::MemRef { element, .. }
            | Ty::UnrankedMemRef { element, .. }
            | Ty::Tensor { element, .. }
            | Ty::UnrankedTensor { element }
            | Ty::Vector { element, .. }
            | Ty::Complex(element) => Some(element),
            _ => None,
        }
    }

    /// `memref<shape x element, layout, memory_space>`, its strided layout (if any) of one
    /// stride a dimension.
    pub fn memref(
        shape: Vec<Option<i64>>,
        element: Ty,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    ) -> Result<Ty, String> {
        if let Some(Attribute::StridedLayout { strides, .. }) = &layout {
            if strides.len() != shape.len() {
                return Err(format!(
                    "a strided layout of {} strides for a memref of rank {}",
                    strides.len(),
                    shape.len()
                ));
            }
        }
        Ok(Ty::MemRef {
            shape,
            element: Box::new(element),
            layout: layout.map(Box::new),
            memory_space: memory_space.map(Box::new),
        })
    }

    /// The element type of a type a dense attribute may have: a statically shaped tensor
    /// or vector.
    pub fn dense_element(&self) -> Result<&Ty, String> {
        match (self, self.element_count(), self.element()) {
            (Ty::Tensor { .. } | Ty::Vector { .. }, Some(_), Some(element)) => Ok(element),
            _ => Err(format!(
                "a dense attribute's type must be a statically shaped tensor or vector, not `{self}`"
            )),
        }
    }

    /// The number of elements of a statically shaped type.
    pub fn element_count(&self) -> Option<i64> {
        self.shape()?
            .into_iter()
            .try_fold(1i64, |n, d| d.and_then(|d| n.checked_mul(d)))
    }
}

/// The elements of a `dense<...>` attribute, row-major; a splat holds one. Floats compare
/// by their bits, so that a NaN equals itself, as MLIR's uniqued attributes do.
#[derive(Clone, Debug)]
pub enum Elements {
    /// Integers (and `index`), as signed values of the element type's width.
    Ints(Vec<i128>),
    /// Floats, rounded to the element type.
    Floats(Vec<f64>),
    /// `i1` elements written `true`/`false`.
    Bools(Vec<bool>),
}

impl Elements {
    /// The number of values held.
    pub fn len(&self) -> usize {
        match self {
            Elements::Ints(v) => v.len(),
            Elements::Floats(v) => v.len(),
            Elements::Bools(v) => v.len(),
        }
    }

    /// Whether no value is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One value when every value is the same (bitwise, for floats), as MLIR stores a
    /// dense attribute whose elements are all equal: a splat.
    pub fn uniform(self) -> Elements {
        fn one<T: Clone>(v: Vec<T>, same: impl Fn(&T, &T) -> bool) -> Vec<T> {
            match v.split_first() {
                Some((first, rest)) if !rest.is_empty() && rest.iter().all(|x| same(first, x)) => {
                    vec![first.clone()]
                }
                _ => v,
            }
        }
        match self {
            Elements::Ints(v) => Elements::Ints(one(v, |a, b| a == b)),
            Elements::Floats(v) => Elements::Floats(one(v, |a, b| a.to_bits() == b.to_bits())),
            Elements::Bools(v) => Elements::Bools(one(v, |a, b| a == b)),
        }
    }
}

/// An affine expression of a map's dimensions `d_i` and symbols `s_j`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// `d_i`.
    Dim(u32),
    /// `s_j`.
    Symbol(u32),
    /// A constant.
    Constant(i64),
    /// `a + b`.
    Add(Box<AffineExpr>, Box<AffineExpr>),
    /// `a * b`.
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    /// `a mod b`.
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    /// `a floordiv b`.
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// `a ceildiv b`.
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

/// `affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// The number of dimensions.
    pub dims: u32,
    /// The number of symbols.
    pub symbols: u32,
    /// The results.
    pub results: Vec<AffineExpr>,
}

/// A builtin MLIR attribute, or a dialect attribute kept as written. Floats compare by
/// their bits (a NaN equals itself, `0.0` and `-0.0` differ), as MLIR's uniqued attributes
/// do.
#[derive(Clone, Debug)]
pub enum Attribute {
    /// `unit` (a dictionary entry written without a value).
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32` (a bare integer is `i64`); the value is held sign-extended from its width.
    Integer {
        /// The value.
        value: i128,
        /// An integer type or `index`.
        ty: Ty,
    },
    /// `4.2e+01 : f32` (a bare float is `f64`); the value rounded to the type.
    Float {
        /// The value.
        value: f64,
        /// A float type.
        ty: Ty,
    },
    /// `"text"` or `"text" : i32`.
    String {
        /// The contents, unescaped.
        value: String,
        /// The type when written.
        ty: Option<Ty>,
    },
    /// A type used as an attribute.
    Type(Ty),
    /// `@a::@b`: the root symbol and the nested ones.
    SymbolRef(Vec<String>),
    /// `[a, b]`.
    Array(Vec<Attribute>),
    /// `{a = 1, b}`, sorted by name as MLIR keeps it.
    Dictionary(Vec<(String, Attribute)>),
    /// `dense<[1, 2]> : tensor<2xi32>`.
    DenseElements {
        /// The shaped type (tensor or vector).
        ty: Ty,
        /// The values; one value of a larger type is a splat.
        elements: Elements,
    },
    /// `array<i32: 1, 2>`.
    DenseArray {
        /// The element type (`i1`, `i8` ... `i64`, `f32`, `f64`).
        element: Ty,
        /// The values.
        elements: Elements,
    },
    /// `strided<[?, 1], offset: ?>`.
    StridedLayout {
        /// The strides; `None` is dynamic.
        strides: Vec<Option<i64>>,
        /// The offset; `None` is dynamic.
        offset: Option<i64>,
    },
    /// `affine_map<...>`.
    AffineMap(AffineMap),
    /// `#dialect.name<...>` or `#dialect<...>`, kept as written after the namespace.
    Opaque {
        /// The dialect's namespace.
        dialect: String,
        /// What follows the namespace and its `.`, or the `<...>` body's contents.
        data: String,
    },
}

impl Attribute {
    /// `dense<elements> : ty`: one value (a splat) or one an element of `ty` (see
    /// [`Ty::dense_element`]); elements all equal are kept as a splat, as MLIR keeps them.
    pub fn dense(ty: Ty, elements: Elements) -> Result<Attribute, String> {
        ty.dense_element()?;
        let count = ty.element_count().unwrap_or(0);
        if elements.len() != 1 && elements.len() as i64 != count {
            return Err(format!(
                "{} values for the {count} elements of `{ty}`",
                elements.len()
            ));
        }
        Ok(Attribute::DenseElements {
            elements: elements.uniform(),
            ty,
        })
    }

    /// `array<element: ...>`, of `i1`, `i8` ... `i64`, `f32` or `f64` elements.
    pub fn dense_array(element: Ty, elements: Elements) -> Result<Attribute, String> {
        let ok = matches!(
            element,
            Ty::Integer {
                width: 1 | 8 | 16 | 32 | 64,
                signedness: Signedness::Signless
            }
        ) || matches!(element, Ty::Float(FloatKind::F32 | FloatKind::F64));
        if !ok {
            return Err(format!(
                "a dense array's element type must be i1, i8, i16, i32, i64, f32 or f64, not `{element}`"
            ));
        }
        Ok(Attribute::DenseArray { element, elements })
    }

    /// A short name of the attribute's kind, as the Python API's classes are named.
    pub fn kind(&self) -> &'static str {
        match self {
            Attribute::Unit => "unit",
            Attribute::Bool(_) => "bool",
            Attribute::Integer { .. } => "integer",
            Attribute::Float { .. } => "float",
            Attribute::String { .. } => "string",
            Attribute::Type(_) => "type",
            Attribute::SymbolRef(s) if s.len() == 1 => "flat_symbol_ref",
            Attribute::SymbolRef(_) => "symbol_ref",
            Attribute::Array(_) => "array",
            Attribute::Dictionary(_) => "dictionary",
            Attribute::DenseElements { .. } => "dense_elements",
            Attribute::DenseArray { .. } => "dense_array",
            Attribute::StridedLayout { .. } => "strided_layout",
            Attribute::AffineMap(_) => "affine_map",
            Attribute::Opaque { .. } => "opaque",
        }
    }
}

impl PartialEq for Elements {
    fn eq(&self, other: &Elements) -> bool {
        match (self, other) {
            (Elements::Ints(a), Elements::Ints(b)) => a == b,
            (Elements::Bools(a), Elements::Bools(b)) => a == b,
            (Elements::Floats(a), Elements::Floats(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
            }
            _ => false,
        }
    }
}

impl PartialEq for Attribute {
    fn eq(&self, other: &Attribute) -> bool {
        use Attribute as A;
        match (self, other) {
            (A::Unit, A::Unit) => true,
            (A::Bool(a), A::Bool(b)) => a == b,
            (A::Integer { value: a, ty: t }, A::Integer { value: b, ty: u }) => a == b && t == u,
            (A::Float { value: a, ty: t }, A::Float { value: b, ty: u }) => {
                a.to_bits() == b.to_bits() && t == u
            }
            (A::String { value: a, ty: t }, A::String { value: b, ty: u }) => a == b && t == u,
            (A::Type(a), A::Type(b)) => a == b,
            (A::SymbolRef(a), A::SymbolRef(b)) => a == b,
            (A::Array(a), A::Array(b)) => a == b,
            (A::Dictionary(a), A::Dictionary(b)) => a == b,
            (A::DenseElements { ty: t, elements: a }, A::DenseElements { ty: u, elements: b }) => {
                t == u && a == b
            }
            (
                A::DenseArray {
                    element: t,
                    elements: a,
                },
                A::DenseArray {
                    element: u,
                    elements: b,
                },
            ) => t == u && a == b,
            (
                A::StridedLayout {
                    strides: a,
                    offset: o,
                },
                A::StridedLayout {
                    strides: b,
                    offset: p,
                },
            ) => a == b && o == p,
            (A::AffineMap(a), A::AffineMap(b)) => a == b,
            (
                A::Opaque {
                    dialect: d,
                    data: a,
                },
                A::Opaque {
                    dialect: e,
                    data: b,
                },
            ) => d == e && a == b,
            _ => false,
        }
    }
}
