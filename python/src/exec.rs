//! `kiln.execution_engine`: JIT-compiled modules called with Python numbers and numpy
//! arrays, through the calling conventions `kiln run` uses (`kiln_abi::run::call`): a ranked
//! memref parameter takes (allocated, aligned, offset, sizes..., strides...), an unranked
//! one (rank, pointer to such a descriptor); a returned memref comes back as those fields
//! and its allocation belongs to the caller.

use crate::tools::{check_errors, RuleSet};
use crate::{detached, Failure, Kind};
use kiln_abi::bind::{self, Input, Output, Path, ScalarIn, Slot, Structured};
use kiln_abi::FunctionAbi;
use kiln_backend::{Jit, Value};
use kiln_driver::{lower_program, Database};
use kiln_frontend::types::{FunctionType, Layout, MemRefType, Scalar, Type};
use numpy::npyffi::{self, npy_intp, NpyTypes, PY_ARRAY_API};
use numpy::{PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use std::collections::HashMap;
use std::sync::Mutex;

mod results;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeEngine>()?;
    m.add_class::<OwnedBuffer>()?;
    m.add("ArgumentError", argument_error(m.py())?)?;
    m.add_function(wrap_pyfunction!(parse_sip, m)?)?;
    m.add_function(wrap_pyfunction!(mangle_sip, m)?)?;
    m.add_function(wrap_pyfunction!(abi_records, m)?)?;
    Ok(())
}

/// `kiln.ArgumentError(kiln.Error, TypeError, ValueError)`: arguments that do not bind
/// (wrong structure, type, shape or range). Its message starts with the path inside the
/// input (`opts.alpha: expected f32, got str`); it is also a `TypeError` and a
/// `ValueError`, so code catching either, as for a Python function, catches it.
fn argument_error(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static CELL: GILOnceCell<Py<PyType>> = GILOnceCell::new();
    CELL.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let bases = PyTuple::new(
            py,
            [
                py.get_type::<crate::Error>(),
                py.get_type::<PyTypeError>(),
                py.get_type::<PyValueError>(),
            ],
        )?;
        let ns = PyDict::new(py);
        ns.set_item("__module__", "kiln")?;
        ns.set_item(
            "__doc__",
            "Arguments that do not bind to a function's signature (structure, type, shape or \
             range); the message starts with the path inside the input. Also a TypeError and \
             a ValueError.",
        )?;
        let t = py
            .get_type::<PyType>()
            .call1(("ArgumentError", bases, ns))?
            .downcast_into::<PyType>()?;
        Ok(t.unbind())
    })
    .map(|t| t.bind(py))
}

fn arg_err(py: Python<'_>, message: String) -> PyErr {
    match argument_error(py) {
        Ok(t) => {
            let err = PyErr::from_type(t.clone(), message);
            let _ = err.value(py).setattr("diagnostics", PyList::empty(py));
            err
        }
        Err(e) => e,
    }
}

/// `kiln.abi.records`: each function's record as a JSON line and its text signature.
#[pyfunction]
fn abi_records(py: Python<'_>, text: String, filename: String) -> PyResult<Vec<(String, String)>> {
    detached(py, move || {
        let db = Database::new();
        let file = check_errors(&db, &filename, &text)?;
        Ok(kiln_abi::file_abi(&db, file)
            .iter()
            .map(|f| {
                (
                    kiln_abi::json_line(f),
                    kiln_abi::text_lines(f).trim_end().to_string(),
                )
            })
            .collect())
    })
}

/// `kiln.abi.parse_sip`: a sip string as JSON `{"inputs", "results", "canonical", "text"}`.
#[pyfunction]
fn parse_sip(text: &str) -> PyResult<String> {
    let sig = kiln_abi::sip::parse(text).map_err(|e| {
        PyValueError::new_err(format!(
            "malformed sip signature at byte {}: {}",
            e.offset, e.message
        ))
    })?;
    Ok(serde_json::json!({
        "inputs": sig.inputs.to_json(),
        "results": sig.results.to_json(),
        "canonical": sig.canonical().mangle(),
        "text": sig.text(),
    })
    .to_string())
}

/// `kiln.abi.mangle_sip`: the sip string of input and result trees given as JSON.
#[pyfunction]
fn mangle_sip(inputs: &str, results: &str) -> PyResult<String> {
    let tree = |text: &str, what: &str| -> PyResult<kiln_abi::sip::Node> {
        let v: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
        kiln_abi::sip::Node::from_json(&v, what).map_err(PyValueError::new_err)
    };
    let sig = kiln_abi::sip::Signature {
        inputs: tree(inputs, "inputs")?,
        results: tree(results, "results")?,
    };
    Ok(sig.mangle())
}

extern "C" {
    fn free(p: *mut std::ffi::c_void);
}

/// A buffer a JIT-compiled function allocated with `malloc` and returned: the base object
/// of the numpy arrays that view it, freed when the last of them goes.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct OwnedBuffer {
    ptr: usize,
}

impl Drop for OwnedBuffer {
    fn drop(&mut self) {
        if self.ptr != 0 {
            // SAFETY: memory the program allocated with malloc and handed to its caller;
            // this object is its only owner.
            unsafe { free(self.ptr as *mut std::ffi::c_void) }
        }
    }
}

#[pymethods]
impl OwnedBuffer {
    fn __repr__(&self) -> String {
        format!("OwnedBuffer({:#x})", self.ptr)
    }
}

/// A JIT-compiled module.
#[pyclass(module = "kiln._kiln", frozen)]
pub struct NativeEngine {
    jit: Mutex<Jit>,
    /// The program's functions resolved for calls on the calling thread: a call skips the
    /// hop to the JIT's thread, most of a small call's cost (`Jit::direct`).
    direct: kiln_backend::jit::caller::Direct,
    signatures: HashMap<String, FunctionType>,
    /// Each callable function's ABI (its reflection record, given or derived, and sip).
    abis: HashMap<String, FunctionAbi>,
    order: Vec<String>,
    /// Functions whose memrefs cross the boundary as bare pointers (`llvm.bareptr`): the
    /// marshalling here passes descriptors, so calling them is refused rather than made
    /// with the wrong ABI.
    bare: Vec<String>,
}

fn lowering(message: String) -> Failure {
    let d = crate::Diagnostic::plain("jit", message.clone(), "<jit>");
    Failure::with(Kind::Lowering, message, vec![d])
}

fn descr<'py>(py: Python<'py>, elem: Scalar) -> PyResult<Bound<'py, PyArrayDescr>> {
    Ok(match elem {
        Scalar::I1 => numpy::dtype::<bool>(py),
        // Other widths are held in the integer of their memory size, zero-extended as LLVM
        // stores them: `i12` in an `int16` whose upper four bits are zero.
        Scalar::Int(_) | Scalar::Index => match elem.bytes() {
            1 => numpy::dtype::<i8>(py),
            2 => numpy::dtype::<i16>(py),
            4 => numpy::dtype::<i32>(py),
            _ => numpy::dtype::<i64>(py),
        },
        Scalar::F32 => numpy::dtype::<f32>(py),
        Scalar::F64 => numpy::dtype::<f64>(py),
        Scalar::F16 => numpy::dtype::<half::f16>(py),
        // numpy has no bfloat16: an array of `bf16` holds each element's bits.
        Scalar::BF16 => numpy::dtype::<u16>(py),
    })
}

fn elem_size(elem: Scalar) -> i64 {
    i64::from(elem.bytes())
}

/// One marshalled memref argument.
struct Passed {
    /// The allocated pointer passed, and the bytes the view spans (for aliasing results).
    alloc: u64,
    lo: u64,
    hi: u64,
    /// The array passed (the owner of a returned view of its buffer).
    array: Py<PyAny>,
}

/// The descriptor fields of a numpy array passed for a memref of element `elem` and
/// (for a ranked parameter) type `m`.
fn memref_fields(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    elem: Scalar,
    m: Option<&MemRefType>,
    at: &str,
) -> PyResult<(Vec<u64>, u64, u64)> {
    let arr = obj.downcast::<PyUntypedArray>().map_err(|_| {
        arg_err(
            py,
            format!(
                "{at}: a memref parameter takes a numpy array, not {}",
                obj.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ),
        )
    })?;
    let want = descr(py, elem)?;
    if !arr.dtype().is_equiv_to(&want) {
        return Err(arg_err(
            py,
            format!(
                "{at}: the parameter's elements are {}, the array's dtype is {}",
                elem.name(),
                arr.dtype()
            ),
        ));
    }
    if let Scalar::Int(b) = elem {
        // LLVM loads an integer of a width that is not a whole number of bytes assuming the
        // bits above it are zero, as its stores leave them: an array that breaks that would
        // read as other values.
        if !matches!(b, 1 | 8 | 16 | 32 | 64)
            && obj
                .call_method1("__rshift__", (b,))?
                .call_method0("any")?
                .is_truthy()?
        {
            return Err(arg_err(
                py,
                format!(
                    "{at}: an array of `{}` holds each element zero-extended from its {b} bits, as LLVM stores it (its loads assume the bits above are zero): pass `a & {:#x}`",
                    elem.name(),
                    (1u64 << b) - 1
                ),
            ));
        }
    }
    let raw = arr.as_array_ptr();
    // SAFETY: `raw` is a live array object (we hold a reference to it).
    let (data, flags) = unsafe { ((*raw).data as u64, (*raw).flags) };
    if flags & npyffi::NPY_ARRAY_WRITEABLE == 0 {
        return Err(arg_err(
            py,
            format!("{at}: the array is read-only, and a memref may be written (pass a copy)"),
        ));
    }
    let size = elem_size(elem);
    let shape: Vec<i64> = arr.shape().iter().map(|s| *s as i64).collect();
    let mut strides = Vec::new();
    for s in arr.strides() {
        let s = *s as i64;
        if s % size != 0 {
            return Err(arg_err(
                py,
                format!("{at}: a stride of {s} bytes is not a whole number of elements"),
            ));
        }
        strides.push(s / size);
    }
    let mut offset = 0i64;
    if let Some(m) = m {
        if m.rank() != shape.len() {
            return Err(arg_err(
                py,
                format!(
                    "{at}: the parameter has rank {}, the array {}",
                    m.rank(),
                    shape.len()
                ),
            ));
        }
        for (d, (want, got)) in m.shape.iter().zip(&shape).enumerate() {
            if let Some(w) = want {
                if w != got {
                    return Err(arg_err(
                        py,
                        format!("{at}: dimension {d} of the parameter is {w}, of the array {got}"),
                    ));
                }
            }
        }
        let (want_strides, want_offset) = match &m.layout {
            Layout::Identity => {
                // Row-major strides of the array's own shape (sizes of 1 may have any stride).
                let mut acc = 1i64;
                let mut ws = vec![Some(1); shape.len()];
                for d in (0..shape.len()).rev() {
                    ws[d] = Some(acc);
                    acc = acc.saturating_mul(shape[d]);
                }
                (ws, Some(0))
            }
            Layout::Strided { strides, offset } => (strides.clone(), *offset),
        };
        for (d, (w, got)) in want_strides.iter().zip(strides.iter_mut()).enumerate() {
            if let Some(w) = w {
                if *w != *got && shape[d] > 1 {
                    let what = if matches!(m.layout, Layout::Identity) {
                        "the parameter's type has the identity layout (row-major); pass a C-contiguous array (numpy.ascontiguousarray) or give the parameter a strided<[...]> layout"
                    } else {
                        "the strides the parameter's type states differ"
                    };
                    return Err(arg_err(
                        py,
                        format!("{at}: stride {d} of the array is {got} elements: {what}"),
                    ));
                }
                // A dimension of size 0 or 1 is never stepped: pass what the type states.
                *got = *w;
            }
        }
        if let Some(k) = want_offset {
            offset = k;
        }
    }
    let mut lo = data;
    let mut hi = data + size as u64;
    if shape.iter().all(|s| *s > 0) {
        for (s, st) in shape.iter().zip(&strides) {
            let span = (s - 1).wrapping_mul(*st).wrapping_mul(size);
            if span < 0 {
                lo = lo.wrapping_add(span as u64);
            } else {
                hi = hi.wrapping_add(span as u64);
            }
        }
    }
    // The type's static offset is applied to the aligned pointer: the view starts `offset`
    // elements after it.
    let aligned = data.wrapping_sub((offset * size) as u64);
    let fields: Vec<u64> = [aligned, aligned, offset as u64]
        .into_iter()
        .chain(shape.iter().map(|s| *s as u64))
        .chain(strides.iter().map(|s| *s as u64))
        .collect();
    Ok((fields, lo, hi))
}

unsafe fn make_array<'py>(
    py: Python<'py>,
    elem: Scalar,
    data: u64,
    shape: &[i64],
    strides: &[i64],
    base: Py<PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let d = descr(py, elem)?;
    let size = elem_size(elem);
    let mut dims: Vec<npy_intp> = shape.iter().map(|s| *s as npy_intp).collect();
    let mut st: Vec<npy_intp> = strides.iter().map(|s| (*s * size) as npy_intp).collect();
    let ptr = PY_ARRAY_API.PyArray_NewFromDescr(
        py,
        PY_ARRAY_API.get_type_object(py, NpyTypes::PyArray_Type),
        d.into_dtype_ptr(),
        dims.len() as std::os::raw::c_int,
        dims.as_mut_ptr(),
        st.as_mut_ptr(),
        data as *mut std::ffi::c_void,
        npyffi::NPY_ARRAY_WRITEABLE,
        std::ptr::null_mut(),
    );
    if ptr.is_null() {
        return Err(PyErr::fetch(py));
    }
    let array = Bound::from_owned_ptr(py, ptr);
    if PY_ARRAY_API.PyArray_SetBaseObject(py, ptr as *mut npyffi::PyArrayObject, base.into_ptr())
        < 0
    {
        return Err(PyErr::fetch(py));
    }
    Ok(array)
}

#[pymethods]
impl NativeEngine {
    /// Lowers the module's text with `rules` (default: the shipped ones) and JIT-compiles
    /// it at `opt_level`.
    #[new]
    #[pyo3(signature = (text, filename, opt_level = 2, rules = None, symbols = Vec::new()))]
    fn new(
        py: Python<'_>,
        text: String,
        filename: String,
        opt_level: u8,
        rules: Option<&RuleSet>,
        symbols: Vec<(String, usize)>,
    ) -> PyResult<NativeEngine> {
        let compiled = rules.map(|r| r.compiled.clone());
        detached(py, move || {
            if opt_level > 3 {
                return Err(Failure::new(
                    Kind::Value,
                    format!("opt_level must be 0 to 3, not {opt_level}"),
                ));
            }
            let compiled = match compiled {
                Some(c) => c,
                None => crate::tools::shipped()?,
            };
            let db = Database::new();
            let file = check_errors(&db, &filename, &text)?;
            let program = lower_program(&db, file, &compiled)
                .map_err(|diags| crate::tools::file_failure(&filename, &text, diags))?;
            let module = kiln_engine::module_ir(&db, file);
            let mut signatures = HashMap::new();
            let mut order = Vec::new();
            let mut bare = Vec::new();
            for f in &module.functions {
                let memrefs =
                    f.ty.inputs
                        .iter()
                        .chain(&f.ty.results)
                        .any(|t| t.scalar().is_none());
                if f.attrs.contains(kiln_engine::BARE_PTR_ATTR) && memrefs {
                    bare.push(f.name.clone());
                }
                if f.body.is_some() {
                    signatures.insert(f.name.clone(), f.ty.clone());
                    order.push(f.name.clone());
                }
            }
            let abis = kiln_abi::file_abi(&db, file)
                .into_iter()
                .filter(|a| signatures.contains_key(&a.name))
                .map(|a| (a.name.clone(), a))
                .collect();
            // MLIR's host interface (packed wrappers, the host's callbacks) for the calls
            // upstream's `ExecutionEngine.invoke` makes.
            let jit = Jit::compile_for_host(
                kiln_driver::globals::jit_program(&db, file, program),
                opt_level,
                symbols,
            )
            .map_err(|e| lowering(e.to_string()))?;
            let direct = jit.direct(0).map_err(|e| lowering(e.to_string()))?;
            Ok(NativeEngine {
                jit: Mutex::new(jit),
                direct,
                signatures,
                abis,
                order,
                bare,
            })
        })
    }

    /// The address of the machine code of `name` (a function the module defines, its C
    /// interface `_mlir_ciface_NAME`, or a packed wrapper `_mlir_NAME`), or None.
    fn address(&self, py: Python<'_>, name: String) -> PyResult<Option<usize>> {
        let jit = self
            .jit
            .lock()
            .map_err(|_| PyErr::from(lowering("the JIT is poisoned".to_string())))?;
        Ok(py.allow_threads(|| jit.address(0, &name).ok()))
    }

    /// Whether the program declares functions that neither it nor the process defines
    /// (whose stubs [`NativeEngine::reached_unresolved`] reports).
    fn has_stubs(&self) -> bool {
        self.direct.has_stubs()
    }

    /// The declared function a call made through an address reached without the process
    /// defining it (its stub ran), if any; asking clears the record.
    fn reached_unresolved(&self) -> Option<String> {
        // SAFETY: `direct` came from `self.jit`, which lives as long as `self`.
        unsafe { self.direct.reached_unresolved() }
    }

    /// (name, input types, result types) of each callable function, in source order.
    fn functions(&self) -> Vec<(String, Vec<String>, Vec<String>)> {
        self.order
            .iter()
            .filter_map(|n| {
                self.signatures.get(n).map(|t| {
                    (
                        n.clone(),
                        t.inputs.iter().map(|t| t.to_string()).collect(),
                        t.results.iter().map(|t| t.to_string()).collect(),
                    )
                })
            })
            .collect()
    }

    /// The function's signature as text: `scale(x: ndarray<f32, 2x3>, opts: {alpha: f32,
    /// n: i64}) -> f32`, and for sip functions a second line with the structure.
    fn signature(&self, name: &str) -> PyResult<String> {
        Ok(kiln_abi::text_lines(self.abi(name)?).trim_end().to_string())
    }

    /// The function's reflection record as one JSON line (what `kiln abi --format json`
    /// prints and the `__kiln_abi_<name>` symbol holds).
    fn record(&self, name: &str) -> PyResult<String> {
        Ok(kiln_abi::json_line(self.abi(name)?))
    }

    /// Calls function `name`, binding `args` and `kwargs` through its ABI (the reflection
    /// record, given or derived, or the sip signature; `kiln_abi::bind`): Python numbers
    /// for scalars (range-checked), numpy arrays for memrefs (passed without copying;
    /// writes are seen in the arrays; lists are copied into new arrays), lists or tuples
    /// for `slist`/`stuple`, dicts for `sdict`, keywords for `named` arguments. Results
    /// come back in the same structure: `None`, one result, a tuple of results, or a dict
    /// when every result is named; a returned memref is a numpy array that owns (and
    /// frees) the buffer, or views an argument's buffer if the function returned that.
    #[pyo3(signature = (name, *args, **kwargs))]
    fn invoke<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let abi = self.abi(name)?;
        let ty = &abi.ty;
        let positional: Vec<PyIn<'py>> = args.iter().map(PyIn).collect();
        let mut keywords = Vec::new();
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                keywords.push((k.extract::<String>()?, PyIn(v)));
            }
        }
        let mut leaf = |s: Slot<'_>, v: &PyIn<'py>, path: &Path| leaf_value(py, s, &v.0, path);
        let bound =
            bind::bind_args(abi, positional, keywords, &mut leaf).map_err(|e| arg_err(py, e))?;
        let mut flat = Vec::new();
        let mut passed: Vec<Passed> = Vec::new();
        // Unranked descriptors live here until the call returns.
        let mut descriptors: Vec<Vec<u64>> = Vec::new();
        for ((raw, path), t) in bound.into_iter().zip(&ty.inputs) {
            let array = match raw {
                RawIn::Scalar(v) => {
                    flat.push(v);
                    continue;
                }
                RawIn::Array(a) => a,
            };
            match t {
                Type::Scalar(_) | Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
                    return Err(arg_err(py, format!("{path}: expected `{t}`, got an array")))
                }
                Type::MemRef(m) => {
                    let (fields, lo, hi) = memref_fields(py, &array, m.elem, Some(m), &path)?;
                    passed.push(Passed {
                        alloc: fields[0],
                        lo,
                        hi,
                        array: array.unbind(),
                    });
                    flat.push(Value::Ptr(fields[0]));
                    flat.push(Value::Ptr(fields[1]));
                    for f in &fields[2..] {
                        flat.push(Value::Int {
                            bits: 64,
                            value: *f as i64,
                        });
                    }
                }
                Type::UnrankedMemRef(e) => {
                    let (fields, lo, hi) = memref_fields(py, &array, *e, None, &path)?;
                    passed.push(Passed {
                        alloc: fields[0],
                        lo,
                        hi,
                        array: array.unbind(),
                    });
                    let rank = (fields.len() - 3) / 2;
                    flat.push(Value::Int {
                        bits: 64,
                        value: rank as i64,
                    });
                    descriptors.push(fields);
                    let last = descriptors.len() - 1;
                    flat.push(Value::Ptr(descriptors[last].as_ptr() as u64));
                }
            }
        }
        let jit = &self.jit;
        let direct = &self.direct;
        let entry = name.to_string();
        let leaves = detached(py, move || {
            // SAFETY: the engine owns the JIT, which outlives this call.
            if let Some(result) = unsafe { direct.call(&entry, &flat) } {
                return result.map_err(|e| lowering(e.to_string()));
            }
            // Not callable: the JIT's own call says why.
            let j = jit
                .lock()
                .map_err(|_| Failure::new(Kind::Internal, "the engine's lock is poisoned"))?;
            j.call(&entry, &flat).map_err(|e| lowering(e.to_string()))
        })?;
        drop(descriptors);
        let out = self.results(py, name, ty, &leaves, &passed)?;
        let count = out.len();
        let mut out: Vec<Option<Bound<'py, PyAny>>> = out.into_iter().map(Some).collect();
        let mut take = |i: usize, _: &Path| -> Result<PyOut, String> {
            out.get_mut(i)
                .and_then(Option::take)
                .map(|b| PyOut(b.unbind()))
                .ok_or_else(|| format!("raw result {i} of `@{name}` is mapped twice"))
        };
        let (v, _) = bind::results_with(abi, count, &mut take).map_err(lowering)?;
        Ok(match v {
            Structured::Named(m) => {
                let d = PyDict::new(py);
                for (k, v) in m {
                    d.set_item(k, v.0)?;
                }
                d.into_any()
            }
            Structured::Positional(mut items) => match items.len() {
                0 => py.None().into_bound(py),
                1 => items.remove(0).0.into_bound(py),
                _ => PyTuple::new(py, items.into_iter().map(|v| v.0))?.into_any(),
            },
            Structured::Tree(v) => v.0.into_bound(py),
        })
    }

    fn __repr__(&self) -> String {
        format!("NativeEngine({})", self.order.join(", "))
    }
}

/// A Python value seen by `kiln_abi::bind`: lists and tuples are sequences, dicts
/// mappings (string keys), `None` the null record.
struct PyIn<'py>(Bound<'py, PyAny>);

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_string())
}

impl Input for PyIn<'_> {
    const SEQ: &'static str = "a list or tuple";
    const MAP: &'static str = "a dict";
    const NULL: &'static str = "None";
    const BY_POSITION: &'static str = "by position";

    fn kind(&self) -> String {
        type_name(&self.0)
    }

    fn is_null(&self) -> bool {
        self.0.is_none()
    }

    fn items(&self) -> Option<Vec<Self>> {
        if let Ok(l) = self.0.downcast::<PyList>() {
            Some(l.iter().map(PyIn).collect())
        } else if let Ok(t) = self.0.downcast::<PyTuple>() {
            Some(t.iter().map(PyIn).collect())
        } else {
            None
        }
    }

    fn entries(&self) -> Option<Result<Vec<(String, Self)>, String>> {
        let d = self.0.downcast::<PyDict>().ok()?;
        let mut out = Vec::new();
        for (k, v) in d.iter() {
            match k.downcast::<PyString>() {
                Ok(s) => out.push((s.to_string(), PyIn(v))),
                Err(_) => {
                    return Some(Err(format!(
                        "a dict key is {} (keys are str)",
                        type_name(&k)
                    )))
                }
            }
        }
        Some(Ok(out))
    }
}

/// A structured result being built from Python objects.
struct PyOut(Py<PyAny>);

impl Output for PyOut {
    fn seq(items: Vec<PyOut>, tuple: bool) -> Result<PyOut, String> {
        Python::with_gil(|py| {
            let items = items.into_iter().map(|v| v.0);
            let r = if tuple {
                PyTuple::new(py, items).map(|t| t.into_any().unbind())
            } else {
                PyList::new(py, items).map(|l| l.into_any().unbind())
            };
            r.map(PyOut).map_err(|e| e.to_string())
        })
    }

    fn map(entries: Vec<(String, PyOut)>) -> Result<PyOut, String> {
        Python::with_gil(|py| {
            let d = PyDict::new(py);
            for (k, v) in entries {
                d.set_item(k, v.0).map_err(|e| e.to_string())?;
            }
            Ok(PyOut(d.into_any().unbind()))
        })
    }

    fn null() -> Result<PyOut, String> {
        Python::with_gil(|py| Ok(PyOut(py.None())))
    }
}

/// A raw argument from a leaf of the input: a scalar, or an array to pass as a memref.
enum RawIn<'py> {
    Scalar(Value),
    Array(Bound<'py, PyAny>),
}

/// A numpy scalar (`numpy.float32(1)`, `numpy.int64(3)`) as the Python number it holds;
/// anything else as is.
fn numpy_item<'py>(py: Python<'py>, obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let generic = py.import("numpy")?.getattr("generic")?;
    if obj.is_instance(&generic)? {
        obj.call_method0("item")
    } else {
        Ok(obj.clone())
    }
}

/// The raw argument a leaf value binds (`kiln_abi::bind` checks scalars, shapes against
/// the record and lists; this only reads Python objects).
fn leaf_value<'py>(
    py: Python<'py>,
    s: Slot<'_>,
    obj: &Bound<'py, PyAny>,
    path: &Path,
) -> Result<RawIn<'py>, String> {
    let at = path.show("input");
    let py_err = |e: PyErr| format!("{at}: {e}");
    match s.ty {
        Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
            Err(format!("{at}: a `{}` value cannot be passed", s.ty))
        }
        Type::Scalar(sc) => {
            let obj = numpy_item(py, obj).map_err(py_err)?;
            let name = type_name(&obj);
            let x = if obj.is_instance_of::<PyBool>() {
                ScalarIn::Bool(obj.is_truthy().map_err(py_err)?)
            } else if obj.is_instance_of::<PyInt>() {
                match (obj.extract::<i128>(), obj.extract::<u128>()) {
                    (Ok(i), _) => ScalarIn::Int(i),
                    // An `i128` takes its unsigned range too (2^128 - 1 is -1), as every
                    // narrower width takes its own.
                    (Err(_), Ok(u)) if sc.bits() == 128 && sc.is_integer() => {
                        ScalarIn::Int(u as i128)
                    }
                    _ => ScalarIn::Other("an int beyond the parameter's width"),
                }
            } else if obj.is_instance_of::<PyFloat>() {
                ScalarIn::Float(obj.extract::<f64>().map_err(py_err)?)
            } else {
                ScalarIn::Other(&name)
            };
            bind::scalar_in(*sc, x, path).map(RawIn::Scalar)
        }
        Type::MemRef(_) | Type::UnrankedMemRef(_) => {
            if let Ok(arr) = obj.downcast::<PyUntypedArray>() {
                let sizes: Vec<i64> = arr.shape().iter().map(|d| *d as i64).collect();
                bind::check_dims(s.rec, &sizes, path)?;
                return Ok(RawIn::Array(obj.clone()));
            }
            let elem = s.ty.element().unwrap_or(Scalar::F32);
            if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
                let json = to_json(py, obj, elem, path)?;
                return match bind::json_leaf(s.ty, s.rec, &json, path)? {
                    kiln_abi::run::Arg::MemRef(m) => {
                        dense_array(py, &m).map(RawIn::Array).map_err(py_err)
                    }
                    kiln_abi::run::Arg::Scalar(_) => Err(format!("{at}: expected an array")),
                };
            }
            Err(format!(
                "{at}: expected {} (a numpy array or a list), got {}",
                s.rec.text(),
                type_name(obj)
            ))
        }
    }
}

/// A (nested) list of Python numbers as JSON, for `kiln_abi::bind::json_leaf`.
fn to_json(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    elem: Scalar,
    path: &Path,
) -> Result<serde_json::Value, String> {
    use serde_json::Value as Json;
    let at = || path.show("input");
    let items: Option<Vec<Bound<'_, PyAny>>> = if let Ok(l) = obj.downcast::<PyList>() {
        Some(l.iter().collect())
    } else if let Ok(t) = obj.downcast::<PyTuple>() {
        Some(t.iter().collect())
    } else {
        None
    };
    if let Some(items) = items {
        return items
            .iter()
            .enumerate()
            .map(|(i, x)| to_json(py, x, elem, &path.index(i as i64)))
            .collect::<Result<Vec<_>, _>>()
            .map(Json::Array);
    }
    let obj = numpy_item(py, obj).map_err(|e| format!("{}: {e}", at()))?;
    let prim = kiln_abi::Prim::of(elem).name();
    if obj.is_instance_of::<PyBool>() {
        return Ok(Json::Bool(
            obj.is_truthy().map_err(|e| format!("{}: {e}", at()))?,
        ));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Json::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Json::from(u));
        }
        return Err(format!("{}: {} does not fit in {prim}", at(), obj));
    }
    if obj.is_instance_of::<PyFloat>() {
        let x: f64 = obj.extract().map_err(|e| format!("{}: {e}", at()))?;
        return Ok(match serde_json::Number::from_f64(x) {
            Some(n) => Json::Number(n),
            None if x.is_nan() => Json::String("nan".into()),
            None if x > 0.0 => Json::String("inf".into()),
            None => Json::String("-inf".into()),
        });
    }
    Err(format!(
        "{}: expected {prim}, got {}",
        at(),
        type_name(&obj)
    ))
}

/// A new C-ordered numpy array holding a memref argument kiln bound from a list.
fn dense_array<'py>(py: Python<'py>, m: &kiln_abi::run::MemRefArg) -> PyResult<Bound<'py, PyAny>> {
    let words =
        numpy::PyArray1::<u64>::from_vec(py, m.elements().into_iter().map(|e| e as u64).collect());
    let narrow = match elem_size(m.elem) {
        1 => numpy::dtype::<u8>(py),
        2 => numpy::dtype::<u16>(py),
        4 => numpy::dtype::<u32>(py),
        _ => numpy::dtype::<u64>(py),
    };
    words
        .call_method1("astype", (narrow,))?
        .call_method1("view", (descr(py, m.elem)?,))?
        .call_method1("reshape", (PyTuple::new(py, &m.sizes)?,))
}
