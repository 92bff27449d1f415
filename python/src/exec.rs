//! `kiln.execution_engine`: JIT-compiled modules called with Python numbers and numpy
//! arrays, through the calling conventions `kiln run` uses (`kiln::run::call`): a ranked
//! memref parameter takes (allocated, aligned, offset, sizes..., strides...), an unranked
//! one (rank, pointer to such a descriptor); a returned memref comes back as those fields
//! and its allocation belongs to the caller.

use crate::tools::{check_errors, RuleSet};
use crate::{detached, Failure, Kind, NResult};
use kiln::{lower_program, CompiledRules, Database};
use kiln_backend::jit::Program;
use kiln_backend::{Jit, Value};
use kiln_frontend::types::{FunctionType, Layout, MemRefType, Scalar, Type};
use numpy::npyffi::{self, npy_intp, NpyTypes, PY_ARRAY_API};
use numpy::{PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyTuple};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeEngine>()?;
    m.add_class::<OwnedBuffer>()?;
    Ok(())
}

/// The shipped rules, loaded and compiled once per process.
pub fn shipped() -> NResult<Arc<CompiledRules>> {
    static SHIPPED: OnceLock<Result<Arc<CompiledRules>, String>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| {
            let loaded = kiln::load_rules(kiln::shipped::shipped_rules());
            if loaded.has_errors() {
                return Err("the shipped rules do not load".to_string());
            }
            CompiledRules::new(Arc::new(loaded.rules)).map(Arc::new)
        })
        .clone()
        .map_err(|e| Failure::new(Kind::Internal, e))
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
    signatures: HashMap<String, FunctionType>,
    order: Vec<String>,
}

fn lowering(message: String) -> Failure {
    let d = crate::Diagnostic::plain("jit", message.clone(), "<jit>");
    Failure::with(Kind::Lowering, message, vec![d])
}

fn descr<'py>(py: Python<'py>, elem: Scalar) -> PyResult<Bound<'py, PyArrayDescr>> {
    Ok(match elem {
        Scalar::I1 => numpy::dtype::<bool>(py),
        Scalar::I8 => numpy::dtype::<i8>(py),
        Scalar::I16 => numpy::dtype::<i16>(py),
        Scalar::I32 => numpy::dtype::<i32>(py),
        Scalar::I64 | Scalar::Index => numpy::dtype::<i64>(py),
        Scalar::F32 => numpy::dtype::<f32>(py),
        Scalar::F64 => numpy::dtype::<f64>(py),
        Scalar::F16 => {
            return Err(PyTypeError::new_err(
                "memrefs of f16 cannot be passed from Python yet",
            ))
        }
    })
}

fn elem_size(elem: Scalar) -> i64 {
    match elem {
        Scalar::I1 | Scalar::I8 => 1,
        Scalar::I16 | Scalar::F16 => 2,
        Scalar::I32 | Scalar::F32 => 4,
        _ => 8,
    }
}

/// One marshalled memref argument.
struct Passed {
    /// The allocated pointer passed, and the bytes the view spans (for aliasing results).
    alloc: u64,
    lo: u64,
    hi: u64,
    index: usize,
}

/// The descriptor fields of a numpy array passed for a memref of element `elem` and
/// (for a ranked parameter) type `m`.
fn memref_fields(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    elem: Scalar,
    m: Option<&MemRefType>,
    at: usize,
) -> PyResult<(Vec<u64>, u64, u64)> {
    let arr = obj.downcast::<PyUntypedArray>().map_err(|_| {
        PyTypeError::new_err(format!(
            "argument {at}: a memref parameter takes a numpy array, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let want = descr(py, elem)?;
    if !arr.dtype().is_equiv_to(&want) {
        return Err(PyTypeError::new_err(format!(
            "argument {at}: the parameter's elements are {}, the array's dtype is {}",
            elem.name(),
            arr.dtype()
        )));
    }
    let raw = arr.as_array_ptr();
    // SAFETY: `raw` is a live array object (we hold a reference to it).
    let (data, flags) = unsafe { ((*raw).data as u64, (*raw).flags) };
    if flags & npyffi::NPY_ARRAY_WRITEABLE == 0 {
        return Err(PyValueError::new_err(format!(
            "argument {at}: the array is read-only, and a memref may be written (pass a copy)"
        )));
    }
    let size = elem_size(elem);
    let shape: Vec<i64> = arr.shape().iter().map(|s| *s as i64).collect();
    let mut strides = Vec::new();
    for s in arr.strides() {
        let s = *s as i64;
        if s % size != 0 {
            return Err(PyValueError::new_err(format!(
                "argument {at}: a stride of {s} bytes is not a whole number of elements"
            )));
        }
        strides.push(s / size);
    }
    let mut offset = 0i64;
    if let Some(m) = m {
        if m.rank() != shape.len() {
            return Err(PyValueError::new_err(format!(
                "argument {at}: the parameter has rank {}, the array {}",
                m.rank(),
                shape.len()
            )));
        }
        for (d, (want, got)) in m.shape.iter().zip(&shape).enumerate() {
            if let Some(w) = want {
                if w != got {
                    return Err(PyValueError::new_err(format!(
                        "argument {at}: dimension {d} of the parameter is {w}, of the array {got}"
                    )));
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
                    return Err(PyValueError::new_err(format!(
                        "argument {at}: stride {d} of the array is {got} elements: {what}"
                    )));
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

/// A scalar argument with its range checked.
fn scalar(obj: &Bound<'_, PyAny>, s: Scalar, at: usize) -> PyResult<Value> {
    if s.is_float() {
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "argument {at}: a {} parameter takes a number, not a bool",
                s.name()
            )));
        }
        let x: f64 = obj.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "argument {at}: a {} parameter takes a number",
                s.name()
            ))
        })?;
        return match s {
            Scalar::F32 => Ok(Value::F32(x as f32)),
            Scalar::F64 => Ok(Value::F64(x)),
            _ => Err(PyTypeError::new_err(format!(
                "argument {at}: {} scalars cannot be passed from Python yet",
                s.name()
            ))),
        };
    }
    if obj.is_instance_of::<PyFloat>() {
        return Err(PyTypeError::new_err(format!(
            "argument {at}: a {} parameter takes an integer, not a float",
            s.name()
        )));
    }
    let v: i128 = obj.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "argument {at}: a {} parameter takes an integer",
            s.name()
        ))
    })?;
    let w = s.bits();
    let (lo, hi) = (-(1i128 << (w - 1)), (1i128 << w) - 1);
    if v < lo || v > hi {
        return Err(PyValueError::new_err(format!(
            "argument {at}: {v} does not fit in {} (range {lo} to {hi})",
            s.name()
        )));
    }
    let bits = v as u64;
    Ok(Value::Int {
        bits: w,
        value: kiln_frontend::ir::signed_value(bits, s),
    })
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
    #[pyo3(signature = (text, filename, opt_level = 2, rules = None))]
    fn new(
        py: Python<'_>,
        text: String,
        filename: String,
        opt_level: u8,
        rules: Option<&RuleSet>,
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
                None => shipped()?,
            };
            let db = Database::new();
            let file = check_errors(&db, &filename, &text)?;
            let program = lower_program(&db, file, &compiled).map_err(|diags| {
                crate::tools::session_failure(
                    vec![kiln::FileDiagnostics {
                        path: filename.clone(),
                        text: text.clone(),
                        diagnostics: diags,
                    }],
                    &filename,
                )
            })?;
            let module = kiln_engine::module_ir(&db, file);
            let mut signatures = HashMap::new();
            let mut order = Vec::new();
            for f in &module.functions {
                if f.body.is_some() {
                    signatures.insert(f.name.clone(), f.ty.clone());
                    order.push(f.name.clone());
                }
            }
            let jit = Jit::compile_at(Program::Lowered(program), opt_level)
                .map_err(|e| lowering(e.to_string()))?;
            Ok(NativeEngine {
                jit: Mutex::new(jit),
                signatures,
                order,
            })
        })
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

    /// Calls function `name` with `args` (Python numbers for scalars, numpy arrays for
    /// memrefs, passed without copying; writes are seen in the arrays). Returns `None`, one
    /// result, or a tuple of results; a returned memref is a numpy array that owns (and
    /// frees) the buffer, or views an argument's buffer if the function returned that.
    #[pyo3(signature = (name, *args))]
    fn invoke<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let ty = self.signatures.get(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the module has no function `@{name}` with a body (it has: {})",
                self.order.join(", ")
            ))
        })?;
        if args.len() != ty.inputs.len() {
            return Err(PyTypeError::new_err(format!(
                "`@{name}` takes {} argument{}, {} given",
                ty.inputs.len(),
                if ty.inputs.len() == 1 { "" } else { "s" },
                args.len()
            )));
        }
        let mut flat = Vec::new();
        let mut passed: Vec<Passed> = Vec::new();
        // Unranked descriptors live here until the call returns.
        let mut descriptors: Vec<Vec<u64>> = Vec::new();
        for (i, (a, t)) in args.iter().zip(&ty.inputs).enumerate() {
            match t {
                Type::Scalar(s) => flat.push(scalar(&a, *s, i)?),
                Type::MemRef(m) => {
                    let (fields, lo, hi) = memref_fields(py, &a, m.elem, Some(m), i)?;
                    passed.push(Passed {
                        alloc: fields[0],
                        lo,
                        hi,
                        index: i,
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
                    let (fields, lo, hi) = memref_fields(py, &a, *e, None, i)?;
                    passed.push(Passed {
                        alloc: fields[0],
                        lo,
                        hi,
                        index: i,
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
        let entry = name.to_string();
        let leaves = detached(py, move || {
            let j = jit
                .lock()
                .map_err(|_| Failure::new(Kind::Internal, "the engine's lock is poisoned"))?;
            j.call(&entry, &flat).map_err(|e| lowering(e.to_string()))
        })?;
        drop(descriptors);
        self.results(py, name, ty, &leaves, &passed, args)
    }

    fn __repr__(&self) -> String {
        format!("NativeEngine({})", self.order.join(", "))
    }
}

impl NativeEngine {
    fn results<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        ty: &FunctionType,
        leaves: &[Value],
        passed: &[Passed],
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let short = || {
            PyErr::from(lowering(format!(
                "`@{name}` returned fewer values than its type says"
            )))
        };
        let word = |i: usize| -> PyResult<u64> {
            match leaves.get(i) {
                Some(Value::Int { value, .. }) => Ok(*value as u64),
                Some(Value::Ptr(p)) => Ok(*p),
                Some(Value::F32(x)) => Ok(x.to_bits() as u64),
                Some(Value::F64(x)) => Ok(x.to_bits()),
                None => Err(short()),
            }
        };
        // One owner per allocation (two results may share one).
        let mut owners: HashMap<u64, Py<PyAny>> = HashMap::new();
        let mut owner_of = |alloc: u64, aligned: u64| -> PyResult<Py<PyAny>> {
            for p in passed {
                if alloc == p.alloc || (aligned >= p.lo && aligned < p.hi) {
                    return Ok(args.get_item(p.index)?.unbind());
                }
            }
            if let Some(o) = owners.get(&alloc) {
                return Ok(o.clone_ref(py));
            }
            let o = Py::new(
                py,
                OwnedBuffer {
                    ptr: alloc as usize,
                },
            )?
            .into_any();
            owners.insert(alloc, o.clone_ref(py));
            Ok(o)
        };
        let mut out: Vec<Bound<'py, PyAny>> = Vec::new();
        let mut at = 0;
        for t in &ty.results {
            match t {
                Type::Scalar(_) => {
                    let v = leaves.get(at).ok_or_else(short)?;
                    out.push(match v {
                        Value::Int { bits: 1, value } => {
                            PyBool::new(py, value & 1 == 1).to_owned().into_any()
                        }
                        Value::Int { value, .. } => value.into_pyobject(py)?.into_any(),
                        Value::F32(x) => (*x as f64).into_pyobject(py)?.into_any(),
                        Value::F64(x) => x.into_pyobject(py)?.into_any(),
                        Value::Ptr(p) => p.into_pyobject(py)?.into_any(),
                    });
                    at += 1;
                }
                Type::MemRef(m) => {
                    let n = m.rank();
                    let (alloc, aligned, offset) = (word(at)?, word(at + 1)?, word(at + 2)? as i64);
                    let sizes = (0..n)
                        .map(|d| word(at + 3 + d).map(|w| w as i64))
                        .collect::<PyResult<Vec<_>>>()?;
                    let strides = (0..n)
                        .map(|d| word(at + 3 + n + d).map(|w| w as i64))
                        .collect::<PyResult<Vec<_>>>()?;
                    out.push(self.array(
                        py,
                        m.elem,
                        alloc,
                        aligned,
                        offset,
                        &sizes,
                        &strides,
                        &mut owner_of,
                    )?);
                    at += 3 + 2 * n;
                }
                Type::UnrankedMemRef(elem) => {
                    let (rank, desc) = (word(at)? as i64, word(at + 1)?);
                    if !(0..=64).contains(&rank) || desc == 0 {
                        return Err(lowering(format!(
                            "`@{name}` returned an unranked memref of rank {rank}"
                        ))
                        .into());
                    }
                    let d = desc as *const u64;
                    let n = rank as usize;
                    // SAFETY: the convention hands the caller a heap copy of the descriptor
                    // with 3 + 2 * rank fields.
                    let field = |i: usize| unsafe { *d.add(i) };
                    let sizes: Vec<i64> = (0..n).map(|i| field(3 + i) as i64).collect();
                    let strides: Vec<i64> = (0..n).map(|i| field(3 + n + i) as i64).collect();
                    let (alloc, aligned, offset) = (field(0), field(1), field(2) as i64);
                    // SAFETY: the descriptor copy is the caller's to free, read above.
                    unsafe { free(desc as *mut std::ffi::c_void) };
                    out.push(self.array(
                        py,
                        *elem,
                        alloc,
                        aligned,
                        offset,
                        &sizes,
                        &strides,
                        &mut owner_of,
                    )?);
                    at += 2;
                }
            }
        }
        match out.len() {
            0 => Ok(py.None().into_bound(py)),
            1 => Ok(out.remove(0)),
            _ => Ok(PyTuple::new(py, out)?.into_any()),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn array<'py>(
        &self,
        py: Python<'py>,
        elem: Scalar,
        alloc: u64,
        aligned: u64,
        offset: i64,
        sizes: &[i64],
        strides: &[i64],
        owner_of: &mut dyn FnMut(u64, u64) -> PyResult<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if sizes.iter().any(|s| *s < 0) {
            return Err(lowering(format!("a returned memref has negative sizes {sizes:?}")).into());
        }
        let data = aligned.wrapping_add((offset * elem_size(elem)) as u64);
        let base = owner_of(alloc, data)?;
        // SAFETY: the descriptor describes memory the function returned; `base` keeps it
        // alive (an argument's array, or the allocation's owner).
        unsafe { make_array(py, elem, data, sizes, strides, base) }
    }
}
