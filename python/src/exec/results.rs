//! A call's results back to Python: scalars, tuples, dicts, and numpy arrays of returned
//! memrefs (owning their buffer, or viewing an argument's).

use super::*;

impl NativeEngine {
    pub(super) fn abi(&self, name: &str) -> PyResult<&FunctionAbi> {
        if self.bare.iter().any(|b| b == name) {
            return Err(PyValueError::new_err(format!(
                "`@{name}` passes its memrefs as bare pointers (`llvm.bareptr`), which the Python bindings do not call yet"
            )));
        }
        self.abis.get(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the module has no function `@{name}` with a body (it has: {})",
                self.order.join(", ")
            ))
        })
    }

    pub(super) fn results<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        ty: &FunctionType,
        leaves: &[Value],
        passed: &[Passed],
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let short = || {
            PyErr::from(lowering(format!(
                "`@{name}` returned fewer values than its type says"
            )))
        };
        let word = |i: usize| -> PyResult<u64> {
            match leaves.get(i) {
                Some(Value::Int { value, .. }) => Ok(*value as u64),
                Some(Value::Wide { value, .. }) => Ok(*value as u64),
                Some(Value::Ptr(p)) => Ok(*p),
                Some(Value::F16(b) | Value::BF16(b)) => Ok(*b as u64),
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
                    return Ok(p.array.clone_ref(py));
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
                // (No signature holds one: a function value lives within a function.)
                Type::Function(_) | Type::Ptr | Type::Aggregate(_) => {
                    return Err(lowering(format!(
                        "`@{name}` returns a `{t}`, which Python cannot take"
                    ))
                    .into())
                }
                Type::Scalar(_) => {
                    let v = leaves.get(at).ok_or_else(short)?;
                    out.push(match v {
                        Value::Int { bits: 1, value } => {
                            PyBool::new(py, value & 1 == 1).to_owned().into_any()
                        }
                        Value::Int { value, .. } => value.into_pyobject(py)?.into_any(),
                        Value::Wide { value, .. } => value.into_pyobject(py)?.into_any(),
                        Value::F16(b) => half::f16::from_bits(*b)
                            .to_f64()
                            .into_pyobject(py)?
                            .into_any(),
                        Value::BF16(b) => half::bf16::from_bits(*b)
                            .to_f64()
                            .into_pyobject(py)?
                            .into_any(),
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
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn array<'py>(
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
