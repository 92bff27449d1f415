//! MLIR's builtin attributes and types as Python values (`_kiln.Attr`, `_kiln.Ty`): the
//! frontend's generic model ([`kiln_frontend::generic`]) with its parser and printer, so
//! `kiln.ir`'s `Attribute` and `Type` classes print, compare and inspect exactly as
//! `mlir-opt` would.

use kiln_frontend::generic::{
    self, AffineExpr, AffineMap, AffineOp, Attribute, Elements, FloatKind, IntegerSet, Signedness,
    SyntaxError, Ty,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat};

use crate::ParseError;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Attr>()?;
    m.add_class::<TyObj>()?;
    m.add_class::<Affine>()?;
    m.add_class::<Mapping>()?;
    m.add_class::<Set>()?;
    Ok(())
}

fn parse_failure(what: &str, text: &str, e: SyntaxError) -> PyErr {
    let located = e.located(text);
    let err = ParseError::new_err(format!("Unable to parse {what}:\nerror: {located}"));
    Python::with_gil(|py| {
        let _ = err.value(py).setattr("diagnostics", Vec::<String>::new());
    });
    err
}

/// An invalid attribute built from Python, as MLIR's `MLIRError("Invalid attribute: ...")`.
fn invalid(message: &str) -> PyErr {
    ParseError::new_err(format!("Invalid attribute:\nerror: unknown: {message}"))
}

/// An invalid type built from Python, as MLIR's `MLIRError("Invalid type: ...")`.
fn invalid_type(message: &str) -> PyErr {
    ParseError::new_err(format!("Invalid type:\nerror: unknown: {message}"))
}

/// Whether MLIR takes `t` as the element of a vector (integers, `index`, floats).
fn vector_element(t: &Ty) -> bool {
    t.is_integer_like() || t.is_float()
}

/// Whether MLIR takes `t` as the element of a memref or a tensor: not `none`, not a
/// function type, not an unranked or tensor type inside a memref.
fn shaped_element(t: &Ty) -> bool {
    !matches!(t, Ty::None | Ty::Function { .. } | Ty::Tuple(_))
}

/// The hash of a value's printed text: values equal by value print the same.
fn text_hash(value: &impl std::fmt::Display) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.to_string().hash(&mut h);
    h.finish()
}

/// An attribute (frozen, compared and hashed by value).
#[pyclass(module = "kiln._kiln", name = "Attr", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Attr(pub Attribute);

/// A type (frozen, compared and hashed by value).
#[pyclass(module = "kiln._kiln", name = "Ty", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct TyObj(pub Ty);

fn ty(t: &Ty) -> TyObj {
    TyObj(t.clone())
}

fn elements_to_py(py: Python<'_>, e: &Elements) -> PyResult<Vec<PyObject>> {
    Ok(match e {
        Elements::Ints(v) => v
            .iter()
            .map(|x| x.into_pyobject(py).map(|o| o.into_any().unbind()))
            .collect::<Result<_, _>>()?,
        Elements::Floats(v) => v
            .iter()
            .map(|x| PyFloat::new(py, *x).into_any().unbind())
            .collect(),
        Elements::Bools(v) => v
            .iter()
            .map(|x| PyBool::new(py, *x).to_owned().into_any().unbind())
            .collect(),
    })
}

fn elements_from_py(values: &[Bound<'_, PyAny>], element: &Ty) -> PyResult<Elements> {
    if element.is_float() {
        let v = values
            .iter()
            .map(|x| {
                x.extract::<f64>()
                    .and_then(|f| generic::fit_float(f, element).map_err(PyValueError::new_err))
            })
            .collect::<PyResult<_>>()?;
        return Ok(Elements::Floats(v));
    }
    if *element == Ty::int(1) {
        return Ok(Elements::Bools(
            values
                .iter()
                .map(|x| x.is_truthy())
                .collect::<PyResult<_>>()?,
        ));
    }
    if element.is_integer_like() {
        let v = values
            .iter()
            .map(|x| {
                x.extract::<i128>()
                    .and_then(|i| generic::fit_int(i, element).map_err(PyValueError::new_err))
            })
            .collect::<PyResult<_>>()?;
        return Ok(Elements::Ints(v));
    }
    Err(PyValueError::new_err(format!(
        "elements of `{element}` are not supported"
    )))
}

#[pymethods]
impl Attr {
    /// Parses MLIR's syntax; raises `ParseError` ("Unable to parse attribute: ...").
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Attr> {
        generic::parse_attribute(text)
            .map(Attr)
            .map_err(|e| parse_failure("attribute", text, e))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Attr({})", self.0)
    }

    fn __hash__(&self) -> u64 {
        text_hash(&self.0)
    }

    /// `integer`, `float`, `bool`, `unit`, `string`, `type`, `flat_symbol_ref`,
    /// `symbol_ref`, `array`, `dictionary`, `dense_elements`, `dense_array`,
    /// `strided_layout`, `affine_map` or `opaque`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The value of an integer, float, bool or string attribute; the names of a symbol
    /// reference; the elements of a dense attribute.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(match &self.0 {
            Attribute::Integer { value, .. } => value.into_pyobject(py)?.into_any().unbind(),
            Attribute::Float { value, .. } => PyFloat::new(py, *value).into_any().unbind(),
            Attribute::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
            Attribute::String { value, .. } => value.into_pyobject(py)?.into_any().unbind(),
            Attribute::SymbolRef(names) => names.clone().into_pyobject(py)?.into_any().unbind(),
            Attribute::DenseElements { elements, .. } | Attribute::DenseArray { elements, .. } => {
                elements_to_py(py, elements)?
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
            Attribute::Type(t) => Py::new(py, ty(t))?.into_any(),
            Attribute::AffineMap(m) => Py::new(py, Mapping(m.clone()))?.into_any(),
            _ => py.None(),
        })
    }

    /// The type of an integer, float, bool (`i1`), typed string, dense or type attribute.
    #[getter]
    fn r#type(&self) -> Option<TyObj> {
        match &self.0 {
            Attribute::Integer { ty: t, .. } | Attribute::Float { ty: t, .. } => Some(ty(t)),
            Attribute::Bool(_) => Some(TyObj(Ty::int(1))),
            Attribute::String { ty: t, .. } => Some(t.as_ref().map_or(TyObj(Ty::None), ty)),
            Attribute::DenseElements { ty: t, .. } => Some(ty(t)),
            Attribute::DenseArray { element, elements } => Some(TyObj(Ty::Vector {
                shape: vec![elements.len() as i64],
                scalable: vec![false],
                element: Box::new(element.clone()),
            })),
            Attribute::Type(t) => Some(ty(t)),
            Attribute::Unit | Attribute::Array(_) | Attribute::Dictionary(_) => {
                Some(TyObj(Ty::None))
            }
            _ => Some(TyObj(Ty::None)),
        }
    }

    /// The element type of a dense array.
    #[getter]
    fn element_type(&self) -> Option<TyObj> {
        match &self.0 {
            Attribute::DenseArray { element, .. } => Some(ty(element)),
            Attribute::DenseElements { ty: t, .. } => t.element().map(ty),
            _ => None,
        }
    }

    /// Whether a dense attribute holds one value for every element.
    #[getter]
    fn is_splat(&self) -> bool {
        match &self.0 {
            Attribute::DenseElements { ty: t, elements } => {
                elements.len() == 1 && t.element_count() != Some(1) || t.element_count() == Some(1)
            }
            _ => false,
        }
    }

    /// The items of an array attribute.
    #[getter]
    fn items(&self) -> Vec<Attr> {
        match &self.0 {
            Attribute::Array(v) => v.iter().cloned().map(Attr).collect(),
            _ => Vec::new(),
        }
    }

    /// The entries of a dictionary attribute, sorted by name.
    #[getter]
    fn entries(&self) -> Vec<(String, Attr)> {
        match &self.0 {
            Attribute::Dictionary(v) => v
                .iter()
                .map(|(k, a)| (k.clone(), Attr(a.clone())))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The strides and offset of a strided layout (`None` dynamic).
    #[getter]
    fn strided(&self) -> Option<(Vec<Option<i64>>, Option<i64>)> {
        match &self.0 {
            Attribute::StridedLayout { strides, offset } => Some((strides.clone(), *offset)),
            _ => None,
        }
    }

    /// The dialect namespace and data of an opaque attribute.
    #[getter]
    fn opaque(&self) -> Option<(String, String)> {
        match &self.0 {
            Attribute::Opaque { dialect, data } => Some((dialect.clone(), data.clone())),
            _ => None,
        }
    }

    /// The number of dimensions, of symbols and the results (as text) of an affine map.
    #[getter]
    fn affine_map(&self) -> Option<(u32, u32, Vec<String>)> {
        match &self.0 {
            Attribute::AffineMap(AffineMap {
                dims,
                symbols,
                results,
            }) => Some((
                *dims,
                *symbols,
                results.iter().map(|r| r.to_string()).collect(),
            )),
            _ => None,
        }
    }

    #[staticmethod]
    fn unit() -> Attr {
        Attr(Attribute::Unit)
    }

    #[staticmethod]
    fn boolean(value: bool) -> Attr {
        Attr(Attribute::Bool(value))
    }

    /// `value : t` for an integer type or `index`; raises `ParseError` ("Invalid attribute")
    /// for another type.
    #[staticmethod]
    fn integer(t: &TyObj, value: &Bound<'_, PyAny>) -> PyResult<Attr> {
        if !t.0.is_integer_like() {
            return Err(invalid("expected integer or index type"));
        }
        let v: i128 = value.extract()?;
        let value = generic::fit_int(v, &t.0).map_err(|e| invalid(&e))?;
        if t.0 == Ty::int(1) {
            return Ok(Attr(Attribute::Bool(value != 0)));
        }
        Ok(Attr(Attribute::Integer {
            value,
            ty: t.0.clone(),
        }))
    }

    #[staticmethod]
    fn float(t: &TyObj, value: f64) -> PyResult<Attr> {
        if !t.0.is_float() {
            return Err(invalid("expected floating point type"));
        }
        let value = generic::fit_float(value, &t.0).map_err(|e| invalid(&e))?;
        Ok(Attr(Attribute::Float {
            value,
            ty: t.0.clone(),
        }))
    }

    #[staticmethod]
    #[pyo3(signature = (value, t = None))]
    fn string(value: String, t: Option<TyObj>) -> Attr {
        Attr(Attribute::String {
            value,
            ty: t.map(|t| t.0),
        })
    }

    #[staticmethod]
    fn type_attr(t: &TyObj) -> Attr {
        Attr(Attribute::Type(t.0.clone()))
    }

    #[staticmethod]
    fn symbol_ref(names: Vec<String>) -> PyResult<Attr> {
        if names.is_empty() {
            return Err(PyValueError::new_err(
                "a symbol reference names at least one symbol",
            ));
        }
        Ok(Attr(Attribute::SymbolRef(names)))
    }

    #[staticmethod]
    fn array(items: Vec<Attr>) -> Attr {
        Attr(Attribute::Array(items.into_iter().map(|a| a.0).collect()))
    }

    #[staticmethod]
    fn dictionary(entries: Vec<(String, Attr)>) -> Attr {
        let mut v: Vec<(String, Attribute)> = entries.into_iter().map(|(k, a)| (k, a.0)).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.dedup_by(|a, b| a.0 == b.0);
        Attr(Attribute::Dictionary(v))
    }

    /// `dense<values> : t`: `values` row-major, or one value for a splat.
    #[staticmethod]
    fn dense(t: &TyObj, values: Vec<Bound<'_, PyAny>>) -> PyResult<Attr> {
        let element = t.0.dense_element().map_err(PyValueError::new_err)?;
        let elements = elements_from_py(&values, element)?;
        Attribute::dense(t.0.clone(), elements)
            .map(Attr)
            .map_err(PyValueError::new_err)
    }

    #[staticmethod]
    fn dense_array(element: &TyObj, values: Vec<Bound<'_, PyAny>>) -> PyResult<Attr> {
        let elements = elements_from_py(&values, &element.0)?;
        Attribute::dense_array(element.0.clone(), elements)
            .map(Attr)
            .map_err(PyValueError::new_err)
    }

    #[staticmethod]
    #[pyo3(signature = (strides, offset = Some(0)))]
    fn strided_layout(strides: Vec<Option<i64>>, offset: Option<i64>) -> Attr {
        Attr(Attribute::StridedLayout { strides, offset })
    }

    #[staticmethod]
    fn opaque_attr(dialect: String, data: String) -> Attr {
        Attr(Attribute::Opaque { dialect, data })
    }
}

fn signedness(s: &str) -> PyResult<Signedness> {
    Ok(match s {
        "signless" => Signedness::Signless,
        "signed" => Signedness::Signed,
        "unsigned" => Signedness::Unsigned,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown signedness `{other}`"
            )))
        }
    })
}

fn shape_of(shape: Vec<Option<i64>>) -> PyResult<Vec<Option<i64>>> {
    if shape.iter().flatten().any(|&d| d < 0) {
        return Err(PyValueError::new_err("a dimension size is negative"));
    }
    Ok(shape)
}

#[pymethods]
impl TyObj {
    /// Parses MLIR's syntax; raises `ParseError` ("Unable to parse type: ...").
    #[staticmethod]
    fn parse(text: &str) -> PyResult<TyObj> {
        generic::parse_type(text)
            .map(TyObj)
            .map_err(|e| parse_failure("type", text, e))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Ty({})", self.0)
    }

    fn __hash__(&self) -> u64 {
        text_hash(&self.0)
    }

    /// `integer`, `index`, `float`, `none`, `memref`, `unranked_memref`, `tensor`,
    /// `unranked_tensor`, `vector`, `complex`, `tuple`, `function` or `opaque`.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.0 {
            Ty::Integer { .. } => "integer",
            Ty::Index => "index",
            Ty::Float(_) => "float",
            Ty::None => "none",
            Ty::MemRef { .. } => "memref",
            Ty::UnrankedMemRef { .. } => "unranked_memref",
            Ty::Tensor { .. } => "tensor",
            Ty::UnrankedTensor { .. } => "unranked_tensor",
            Ty::Vector { .. } => "vector",
            Ty::Complex(_) => "complex",
            Ty::Tuple(_) => "tuple",
            Ty::Function { .. } => "function",
            Ty::Opaque { .. } => "opaque",
        }
    }

    /// The width of an integer or float type (`index`: 64).
    #[getter]
    fn width(&self) -> Option<u32> {
        match &self.0 {
            Ty::Integer { width, .. } => Some(*width),
            Ty::Float(k) => Some(k.width()),
            Ty::Index => Some(64),
            _ => None,
        }
    }

    /// `signless`, `signed` or `unsigned` for an integer type.
    #[getter]
    fn signedness(&self) -> Option<&'static str> {
        match &self.0 {
            Ty::Integer { signedness, .. } => Some(match signedness {
                Signedness::Signless => "signless",
                Signedness::Signed => "signed",
                Signedness::Unsigned => "unsigned",
            }),
            _ => None,
        }
    }

    /// The sizes of a ranked shaped type (`None` dynamic).
    #[getter]
    fn shape(&self) -> Option<Vec<Option<i64>>> {
        self.0.shape()
    }

    /// The scalable flags of a vector type.
    #[getter]
    fn scalable(&self) -> Option<Vec<bool>> {
        match &self.0 {
            Ty::Vector { scalable, .. } => Some(scalable.clone()),
            _ => None,
        }
    }

    /// The element type of a shaped or complex type.
    #[getter]
    fn element(&self) -> Option<TyObj> {
        self.0.element().map(ty)
    }

    /// The layout of a memref type, when written.
    #[getter]
    fn layout(&self) -> Option<Attr> {
        match &self.0 {
            Ty::MemRef { layout, .. } => layout.as_deref().cloned().map(Attr),
            _ => None,
        }
    }

    /// The memory space of a memref type, when written.
    #[getter]
    fn memory_space(&self) -> Option<Attr> {
        match &self.0 {
            Ty::MemRef { memory_space, .. } | Ty::UnrankedMemRef { memory_space, .. } => {
                memory_space.as_deref().cloned().map(Attr)
            }
            _ => None,
        }
    }

    /// The encoding of a tensor type, when written.
    #[getter]
    fn encoding(&self) -> Option<Attr> {
        match &self.0 {
            Ty::Tensor { encoding, .. } => encoding.as_deref().cloned().map(Attr),
            _ => None,
        }
    }

    /// The inputs of a function type, the items of a tuple type.
    #[getter]
    fn inputs(&self) -> Vec<TyObj> {
        match &self.0 {
            Ty::Function { inputs, .. } => inputs.iter().map(ty).collect(),
            Ty::Tuple(items) => items.iter().map(ty).collect(),
            _ => Vec::new(),
        }
    }

    /// The results of a function type.
    #[getter]
    fn results(&self) -> Vec<TyObj> {
        match &self.0 {
            Ty::Function { results, .. } => results.iter().map(ty).collect(),
            _ => Vec::new(),
        }
    }

    /// The dialect namespace and data of a dialect type.
    #[getter]
    fn opaque(&self) -> Option<(String, String)> {
        match &self.0 {
            Ty::Opaque { dialect, data } => Some((dialect.clone(), data.clone())),
            _ => None,
        }
    }

    #[staticmethod]
    #[pyo3(signature = (width, signedness_name = "signless"))]
    fn integer(width: u32, signedness_name: &str) -> PyResult<TyObj> {
        if width == 0 || width >= 1 << 24 {
            return Err(PyValueError::new_err(format!(
                "integer width {width} is outside 1 to 2^24 - 1"
            )));
        }
        Ok(TyObj(Ty::Integer {
            width,
            signedness: signedness(signedness_name)?,
        }))
    }

    #[staticmethod]
    fn index() -> TyObj {
        TyObj(Ty::Index)
    }

    #[staticmethod]
    fn float(name: &str) -> PyResult<TyObj> {
        FloatKind::from_name(name)
            .map(|k| TyObj(Ty::Float(k)))
            .ok_or_else(|| PyValueError::new_err(format!("unknown float type `{name}`")))
    }

    #[staticmethod]
    fn none() -> TyObj {
        TyObj(Ty::None)
    }

    #[staticmethod]
    #[pyo3(signature = (shape, element, layout = None, memory_space = None))]
    fn memref(
        shape: Vec<Option<i64>>,
        element: &TyObj,
        layout: Option<Attr>,
        memory_space: Option<Attr>,
    ) -> PyResult<TyObj> {
        if !shaped_element(&element.0) {
            return Err(invalid_type("invalid memref element type"));
        }
        Ty::memref(
            shape_of(shape)?,
            element.0.clone(),
            layout.map(|a| a.0),
            memory_space.map(|a| a.0),
        )
        .map(TyObj)
        .map_err(PyValueError::new_err)
    }

    #[staticmethod]
    #[pyo3(signature = (element, memory_space = None))]
    fn unranked_memref(element: &TyObj, memory_space: Option<Attr>) -> PyResult<TyObj> {
        if !shaped_element(&element.0) {
            return Err(invalid_type("invalid memref element type"));
        }
        Ok(TyObj(Ty::UnrankedMemRef {
            element: Box::new(element.0.clone()),
            memory_space: memory_space.map(|a| Box::new(a.0)),
        }))
    }

    #[staticmethod]
    #[pyo3(signature = (shape, element, encoding = None))]
    fn tensor(shape: Vec<Option<i64>>, element: &TyObj, encoding: Option<Attr>) -> PyResult<TyObj> {
        if !shaped_element(&element.0) {
            return Err(invalid_type(&format!(
                "invalid tensor element type: '{}'",
                element.0
            )));
        }
        Ok(TyObj(Ty::Tensor {
            shape: shape_of(shape)?,
            element: Box::new(element.0.clone()),
            encoding: encoding.map(|a| Box::new(a.0)),
        }))
    }

    #[staticmethod]
    fn unranked_tensor(element: &TyObj) -> PyResult<TyObj> {
        if !shaped_element(&element.0) {
            return Err(invalid_type(&format!(
                "invalid tensor element type: '{}'",
                element.0
            )));
        }
        Ok(TyObj(Ty::UnrankedTensor {
            element: Box::new(element.0.clone()),
        }))
    }

    #[staticmethod]
    #[pyo3(signature = (shape, element, scalable = None))]
    fn vector(shape: Vec<i64>, element: &TyObj, scalable: Option<Vec<bool>>) -> PyResult<TyObj> {
        if !vector_element(&element.0) {
            return Err(invalid_type(&format!(
                "vector elements must be int/index/float type but got '{}'",
                element.0
            )));
        }
        if shape.iter().any(|&d| d <= 0) {
            return Err(PyValueError::new_err("a vector's sizes are positive"));
        }
        let scalable = scalable.unwrap_or_else(|| vec![false; shape.len()]);
        if scalable.len() != shape.len() {
            return Err(PyValueError::new_err("one scalable flag a dimension"));
        }
        Ok(TyObj(Ty::Vector {
            shape,
            scalable,
            element: Box::new(element.0.clone()),
        }))
    }

    #[staticmethod]
    fn complex(element: &TyObj) -> PyResult<TyObj> {
        if !(element.0.is_float() || matches!(element.0, Ty::Integer { .. })) {
            return Err(PyValueError::new_err(format!(
                "complex of `{}`: expected an integer or float type",
                element.0
            )));
        }
        Ok(TyObj(Ty::Complex(Box::new(element.0.clone()))))
    }

    #[staticmethod]
    fn tuple(items: Vec<TyObj>) -> TyObj {
        TyObj(Ty::Tuple(items.into_iter().map(|t| t.0).collect()))
    }

    #[staticmethod]
    fn function(inputs: Vec<TyObj>, results: Vec<TyObj>) -> TyObj {
        TyObj(Ty::Function {
            inputs: inputs.into_iter().map(|t| t.0).collect(),
            results: results.into_iter().map(|t| t.0).collect(),
        })
    }

    #[staticmethod]
    fn opaque_type(dialect: String, data: String) -> TyObj {
        TyObj(Ty::Opaque { dialect, data })
    }
}

/// An affine expression (frozen, compared and hashed by value).
#[pyclass(module = "kiln._kiln", name = "AffineExpr", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Affine(pub AffineExpr);

fn affine_of(e: &AffineExpr) -> Affine {
    Affine(e.clone())
}

#[pymethods]
impl Affine {
    #[staticmethod]
    fn dim(position: u32) -> Affine {
        Affine(AffineExpr::Dim(position))
    }

    #[staticmethod]
    fn symbol(position: u32) -> Affine {
        Affine(AffineExpr::Symbol(position))
    }

    #[staticmethod]
    fn constant(value: i64) -> Affine {
        Affine(AffineExpr::Constant(value))
    }

    /// `op` of two expressions (`add`, `mul`, `mod`, `floordiv`, `ceildiv`), simplified as
    /// MLIR simplifies it.
    #[staticmethod]
    fn binary(op: &str, lhs: &Affine, rhs: &Affine) -> PyResult<Affine> {
        let op = AffineOp::from_name(op)
            .ok_or_else(|| PyValueError::new_err(format!("unknown affine operation `{op}`")))?;
        Ok(Affine(AffineExpr::binary(op, lhs.0.clone(), rhs.0.clone())))
    }

    /// `dim`, `symbol`, `constant`, `add`, `mul`, `mod`, `floordiv` or `ceildiv`.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.0 {
            AffineExpr::Dim(_) => "dim",
            AffineExpr::Symbol(_) => "symbol",
            AffineExpr::Constant(_) => "constant",
            binary => binary.as_binary().map_or("", |(op, _, _)| op.name()),
        }
    }

    /// The position of a dimension or symbol, the value of a constant.
    #[getter]
    fn value(&self) -> Option<i64> {
        match &self.0 {
            AffineExpr::Dim(i) | AffineExpr::Symbol(i) => Some(*i as i64),
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    /// The operands of a binary expression.
    #[getter]
    fn operands(&self) -> Option<(Affine, Affine)> {
        self.0
            .as_binary()
            .map(|(_, a, b)| (affine_of(a), affine_of(b)))
    }

    /// The expression with the map's results for its dimensions and symbols.
    fn compose(&self, map: &Mapping) -> Affine {
        Affine(self.0.replace(&map.0.results, &[]))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// An affine map (frozen, compared and hashed by value).
#[pyclass(module = "kiln._kiln", name = "AffineMap", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mapping(pub AffineMap);

#[pymethods]
impl Mapping {
    /// `(d0..)[s0..] -> (results)`; every result's dimensions and symbols must exist.
    #[staticmethod]
    fn get(dims: u32, symbols: u32, results: Vec<Affine>) -> PyResult<Mapping> {
        let results: Vec<AffineExpr> = results.into_iter().map(|a| a.0).collect();
        if let Some(r) = results.iter().find(|r| {
            let (d, s) = r.extent();
            d > dims || s > symbols
        }) {
            return Err(PyValueError::new_err(format!(
                "`{r}` uses a dimension or symbol beyond the map's {dims} and {symbols}"
            )));
        }
        Ok(Mapping(AffineMap {
            dims,
            symbols,
            results,
        }))
    }

    #[staticmethod]
    fn identity(n: u32) -> Mapping {
        Mapping(AffineMap::identity(n))
    }

    #[staticmethod]
    fn minor_identity(dims: u32, results: u32) -> Option<Mapping> {
        AffineMap::minor_identity(dims, results).map(Mapping)
    }

    #[staticmethod]
    fn permutation(p: Vec<u32>) -> Option<Mapping> {
        AffineMap::permutation(&p).map(Mapping)
    }

    #[getter]
    fn dims(&self) -> u32 {
        self.0.dims
    }

    #[getter]
    fn symbols(&self) -> u32 {
        self.0.symbols
    }

    #[getter]
    fn results(&self) -> Vec<Affine> {
        self.0.results.iter().map(affine_of).collect()
    }

    fn submap(&self, positions: Vec<usize>) -> Option<Mapping> {
        self.0.submap(&positions).map(Mapping)
    }

    fn major_submap(&self, n: usize) -> Option<Mapping> {
        self.0.major_submap(n).map(Mapping)
    }

    fn minor_submap(&self, n: usize) -> Option<Mapping> {
        self.0.minor_submap(n).map(Mapping)
    }

    #[getter]
    fn is_permutation(&self) -> bool {
        self.0.is_permutation()
    }

    #[getter]
    fn is_projected_permutation(&self) -> bool {
        self.0.is_projected_permutation()
    }

    fn replace(&self, from: &Affine, to: &Affine, dims: u32, symbols: u32) -> Mapping {
        Mapping(self.0.replace(&from.0, &to.0, dims, symbols))
    }

    #[staticmethod]
    fn compress_unused_symbols(maps: Vec<Mapping>) -> Vec<Mapping> {
        let maps: Vec<AffineMap> = maps.into_iter().map(|m| m.0).collect();
        AffineMap::compress_unused_symbols(&maps)
            .into_iter()
            .map(Mapping)
            .collect()
    }

    /// The map as an attribute (`affine_map<...>`).
    fn attr(&self) -> Attr {
        Attr(Attribute::AffineMap(self.0.clone()))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// An integer set (frozen, compared and hashed by value).
#[pyclass(module = "kiln._kiln", name = "IntegerSet", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Set(pub IntegerSet);

#[pymethods]
impl Set {
    /// `(d0..)[s0..] : (constraints)`, each an expression `== 0` (`eq`) or `>= 0`.
    #[staticmethod]
    fn get(dims: u32, symbols: u32, constraints: Vec<(Affine, bool)>) -> PyResult<Set> {
        if let Some((e, _)) = constraints.iter().find(|(e, _)| {
            let (d, s) = e.0.extent();
            d > dims || s > symbols
        }) {
            return Err(PyValueError::new_err(format!(
                "`{}` uses a dimension or symbol beyond the set's {dims} and {symbols}",
                e.0
            )));
        }
        Ok(Set(IntegerSet {
            dims,
            symbols,
            constraints: constraints.into_iter().map(|(e, eq)| (e.0, eq)).collect(),
        }))
    }

    #[staticmethod]
    fn empty(dims: u32, symbols: u32) -> Set {
        Set(IntegerSet::empty(dims, symbols))
    }

    #[getter]
    fn dims(&self) -> u32 {
        self.0.dims
    }

    #[getter]
    fn symbols(&self) -> u32 {
        self.0.symbols
    }

    #[getter]
    fn constraints(&self) -> Vec<(Affine, bool)> {
        self.0
            .constraints
            .iter()
            .map(|(e, eq)| (affine_of(e), *eq))
            .collect()
    }

    fn replaced(
        &self,
        dim_exprs: Vec<Affine>,
        symbol_exprs: Vec<Affine>,
        dims: u32,
        symbols: u32,
    ) -> Set {
        let d: Vec<AffineExpr> = dim_exprs.into_iter().map(|a| a.0).collect();
        let s: Vec<AffineExpr> = symbol_exprs.into_iter().map(|a| a.0).collect();
        Set(self.0.replaced(&d, &s, dims, symbols))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}
