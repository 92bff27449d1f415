//! `_kiln.Graph`: the generic IR arena of a `kiln.ir.Context`, which `kiln.ir`'s operations,
//! blocks, regions and values are handles into (an id each). One arena per context lets
//! operations move between modules of the context as MLIR's do.

use std::sync::Mutex;

use kiln_frontend::generic::graph::{BlockId, Graph, OpId, RegionId, ValueRef};
use kiln_frontend::generic::{self, formats, print_operation, PrintOptions};
use pyo3::prelude::*;

use crate::generic::{Attr, TyObj};
use crate::{Diagnostic, Failure, Kind, NResult};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGraph>()?;
    m.add_function(wrap_pyfunction!(is_registered_operation, m)?)?;
    Ok(())
}

/// Whether operation `name` is one kiln knows (of func, arith, cf, memref, math, index or
/// ub, with its custom form).
#[pyfunction]
fn is_registered_operation(name: &str) -> bool {
    formats::is_registered(name)
}

/// A value as Python passes it: `(0, op, index)` for a result, `(1, block, index)` for a
/// block argument.
type Val = (u8, u32, u32);

/// `(name, operands, result count, successors, regions, parent block, location)`.
type OpInfo = (
    String,
    Vec<Val>,
    usize,
    Vec<u32>,
    Vec<u32>,
    Option<u32>,
    String,
);

/// `(arguments as (type, location), operations, parent region)`.
type BlockInfo = (Vec<(TyObj, String)>, Vec<u32>, Option<u32>);

fn to_ref(v: Val) -> ValueRef {
    if v.0 == 0 {
        ValueRef::Result(OpId(v.1), v.2)
    } else {
        ValueRef::Argument(BlockId(v.1), v.2)
    }
}

fn from_ref(v: ValueRef) -> Val {
    match v {
        ValueRef::Result(o, i) => (0, o.0, i),
        ValueRef::Argument(b, i) => (1, b.0, i),
    }
}

/// The generic IR of one context.
#[pyclass(module = "kiln._kiln", name = "Graph", frozen)]
pub struct NativeGraph {
    graph: Mutex<Graph>,
    generation: std::sync::atomic::AtomicU64,
}

impl NativeGraph {
    /// [`NativeGraph::with`] for a change to what exists (building something new and
    /// detached is none): the generation counts it.
    fn change<T>(&self, f: impl FnOnce(&mut Graph) -> NResult<T>) -> PyResult<T> {
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.with(f)
    }

    fn with<T>(&self, f: impl FnOnce(&mut Graph) -> NResult<T>) -> PyResult<T> {
        let mut g = self
            .graph
            .lock()
            .map_err(|_| Failure::new(Kind::Internal, "the IR's lock was poisoned"))?;
        crate::guard(|| f(&mut g)).map_err(PyErr::from)
    }
}

fn op_check(g: &Graph, op: u32) -> NResult<OpId> {
    let id = OpId(op);
    if !g.has_op(id) {
        return Err(Failure::new(Kind::Value, "no such operation"));
    }
    if g.op(id).erased {
        return Err(Failure::new(
            Kind::Runtime,
            "stale handle: the operation has been invalidated (it was erased)",
        ));
    }
    Ok(id)
}

fn block_check(g: &Graph, b: u32) -> NResult<BlockId> {
    let id = BlockId(b);
    if !g.has_block(id) {
        return Err(Failure::new(Kind::Value, "no such block"));
    }
    if g.block(id).erased {
        return Err(Failure::new(
            Kind::Runtime,
            "stale handle: the block was erased",
        ));
    }
    Ok(id)
}

fn region_check(g: &Graph, r: u32) -> NResult<RegionId> {
    let id = RegionId(r);
    if !g.has_region(id) {
        return Err(Failure::new(Kind::Value, "no such region"));
    }
    Ok(id)
}

fn value_check(g: &Graph, v: Val) -> NResult<ValueRef> {
    let r = to_ref(v);
    if !g.has_value(r) {
        return Err(Failure::new(Kind::Value, "no such value"));
    }
    match r {
        ValueRef::Result(o, _) => {
            op_check(g, o.0)?;
        }
        ValueRef::Argument(b, _) => {
            block_check(g, b.0)?;
        }
    }
    Ok(r)
}

fn syntax_failure(e: &generic::SyntaxError, file: &str, text: &str) -> Failure {
    let before = &text[..e.offset.min(text.len())];
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    let d = Diagnostic {
        severity: "error".into(),
        code: "parse.syntax".into(),
        message: e.message.clone(),
        file: file.to_string(),
        line,
        column,
        end_line: line,
        end_column: column,
        notes: Vec::new(),
    };
    Failure::with(
        Kind::Parse,
        format!("{file}:{line}:{column}: error: {}", e.message),
        vec![d],
    )
}

#[pymethods]
impl NativeGraph {
    #[new]
    fn new() -> NativeGraph {
        NativeGraph {
            graph: Mutex::new(Graph::new()),
            generation: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Reads a file's text: its `builtin.module` operation. The interpreter's lock is
    /// released meanwhile, so other threads (the typed frontend's check) run beside it.
    fn parse_module(&self, py: Python<'_>, text: &str, file: &str) -> PyResult<u32> {
        py.allow_threads(|| {
            self.with(|g| {
                generic::read_module(g, text, file)
                    .map(|o| o.0)
                    .map_err(|e| syntax_failure(&e, file, text))
            })
        })
    }

    /// Reads one operation, detached.
    fn parse_operation(&self, text: &str, file: &str) -> PyResult<u32> {
        self.with(|g| {
            generic::read_operation(g, text, file)
                .map(|o| o.0)
                .map_err(|e| syntax_failure(&e, file, text))
        })
    }

    /// A new detached operation; registered operations get their default properties.
    #[allow(clippy::too_many_arguments)]
    fn create(
        &self,
        name: &str,
        operands: Vec<Val>,
        results: Vec<PyRef<'_, TyObj>>,
        attributes: Vec<(String, PyRef<'_, Attr>)>,
        successors: Vec<u32>,
        regions: usize,
        location: &str,
    ) -> PyResult<u32> {
        let results: Vec<_> = results.iter().map(|t| t.0.clone()).collect();
        let mut attributes: Vec<_> = attributes
            .iter()
            .map(|(k, a)| (k.clone(), a.0.clone()))
            .collect();
        self.with(|g| {
            let operands = operands
                .into_iter()
                .map(|v| value_check(g, v))
                .collect::<NResult<Vec<_>>>()?;
            let successors = successors
                .into_iter()
                .map(|b| block_check(g, b))
                .collect::<NResult<Vec<_>>>()?;
            formats::complete(name, &mut attributes);
            let op = g.create(name, operands, results, attributes, successors, regions);
            g.op_mut(op).location = location.to_string();
            Ok(op.0)
        })
    }

    /// `(name, operands, result count, successors, regions, parent block, location)`.
    fn op(&self, op: u32) -> PyResult<OpInfo> {
        self.with(|g| {
            let id = op_check(g, op)?;
            let d = g.op(id);
            Ok((
                d.name.clone(),
                d.operands.iter().map(|v| from_ref(*v)).collect(),
                d.results.len(),
                d.successors.iter().map(|b| b.0).collect(),
                d.regions.iter().map(|r| r.0).collect(),
                d.parent.map(|b| b.0),
                d.location.clone(),
            ))
        })
    }

    /// Whether the operation is alive (not erased).
    fn op_alive(&self, op: u32) -> PyResult<bool> {
        self.with(|g| Ok(g.has_op(OpId(op)) && !g.op(OpId(op)).erased))
    }

    /// The operation holding `op`, through its block and region.
    fn parent_op(&self, op: u32) -> PyResult<Option<u32>> {
        self.with(|g| Ok(g.parent_op(op_check(g, op)?).map(|o| o.0)))
    }

    /// The operation's attributes, in the order set.
    fn attributes(&self, op: u32) -> PyResult<Vec<(String, Attr)>> {
        self.with(|g| {
            let id = op_check(g, op)?;
            Ok(g.op(id)
                .attributes
                .iter()
                .map(|(k, a)| (k.clone(), Attr(a.clone())))
                .collect())
        })
    }

    /// Sets an attribute (added at the end when new).
    fn set_attribute(&self, op: u32, name: &str, value: PyRef<'_, Attr>) -> PyResult<()> {
        let value = value.0.clone();
        self.change(|g| {
            let id = op_check(g, op)?;
            g.set_attribute(id, name, value);
            Ok(())
        })
    }

    /// Removes an attribute; whether it was there.
    fn remove_attribute(&self, op: u32, name: &str) -> PyResult<bool> {
        self.change(|g| {
            let id = op_check(g, op)?;
            Ok(g.remove_attribute(id, name))
        })
    }

    /// Sets the operation's location text (what `loc(...)` holds).
    fn set_location(&self, op: u32, location: &str) -> PyResult<()> {
        self.change(|g| {
            let id = op_check(g, op)?;
            g.op_mut(id).location = location.to_string();
            Ok(())
        })
    }

    /// Replaces operand `index`.
    fn set_operand(&self, op: u32, index: usize, value: Val) -> PyResult<()> {
        self.change(|g| {
            let id = op_check(g, op)?;
            let v = value_check(g, value)?;
            let n = g.op(id).operands.len();
            let slot = g.op_mut(id).operands.get_mut(index).ok_or_else(|| {
                Failure::new(
                    Kind::Value,
                    format!("operand {index} out of range (the operation has {n})"),
                )
            })?;
            *slot = v;
            Ok(())
        })
    }

    /// Replaces all operands.
    fn set_operands(&self, op: u32, values: Vec<Val>) -> PyResult<()> {
        self.change(|g| {
            let id = op_check(g, op)?;
            let vs = values
                .into_iter()
                .map(|v| value_check(g, v))
                .collect::<NResult<Vec<_>>>()?;
            g.op_mut(id).operands = vs;
            Ok(())
        })
    }

    /// Replaces successor `index`.
    fn set_successor(&self, op: u32, index: usize, block: u32) -> PyResult<()> {
        self.change(|g| {
            let id = op_check(g, op)?;
            let b = block_check(g, block)?;
            let slot = g.op_mut(id).successors.get_mut(index).ok_or_else(|| {
                Failure::new(Kind::Value, format!("successor {index} out of range"))
            })?;
            *slot = b;
            Ok(())
        })
    }

    /// `(arguments as (type, location), operations, parent region)`.
    fn block(&self, block: u32) -> PyResult<BlockInfo> {
        self.with(|g| {
            let b = block_check(g, block)?;
            let d = g.block(b);
            Ok((
                d.arguments
                    .iter()
                    .map(|(t, l)| (TyObj(t.clone()), l.clone()))
                    .collect(),
                d.operations.iter().map(|o| o.0).collect(),
                d.parent.map(|r| r.0),
            ))
        })
    }

    /// Whether the block is alive.
    fn block_alive(&self, block: u32) -> PyResult<bool> {
        self.with(|g| Ok(g.has_block(BlockId(block)) && !g.block(BlockId(block)).erased))
    }

    /// `(blocks, owning operation)`.
    fn region(&self, region: u32) -> PyResult<(Vec<u32>, Option<u32>)> {
        self.with(|g| {
            let r = region_check(g, region)?;
            let d = g.region(r);
            Ok((
                d.blocks.iter().map(|b| b.0).collect(),
                d.parent.map(|o| o.0),
            ))
        })
    }

    /// A new block with these arguments, placed in `region` at `index` (the end if past it)
    /// or detached when `region` is None.
    fn new_block(
        &self,
        region: Option<u32>,
        index: usize,
        arguments: Vec<(PyRef<'_, TyObj>, String)>,
    ) -> PyResult<u32> {
        let args: Vec<_> = arguments
            .iter()
            .map(|(t, l)| (t.0.clone(), l.clone()))
            .collect();
        self.change(|g| {
            let r = region.map(|r| region_check(g, r)).transpose()?;
            let b = g.new_block(args);
            if let Some(r) = r {
                g.attach_block(b, r, index);
            }
            Ok(b.0)
        })
    }

    /// Moves a block into `region` at `index`.
    fn move_block(&self, block: u32, region: u32, index: usize) -> PyResult<()> {
        self.change(|g| {
            let b = block_check(g, block)?;
            let r = region_check(g, region)?;
            g.attach_block(b, r, index);
            Ok(())
        })
    }

    /// Appends an argument to a block.
    fn add_argument(&self, block: u32, ty: PyRef<'_, TyObj>, location: &str) -> PyResult<Val> {
        let t = ty.0.clone();
        self.change(|g| {
            let b = block_check(g, block)?;
            Ok(from_ref(g.add_argument(b, t, location)))
        })
    }

    /// Removes argument `index` of a block (which must have no uses).
    fn erase_argument(&self, block: u32, index: u32) -> PyResult<()> {
        self.change(|g| {
            let b = block_check(g, block)?;
            if index as usize >= g.block(b).arguments.len() {
                return Err(Failure::new(
                    Kind::Value,
                    format!("argument {index} out of range"),
                ));
            }
            g.erase_argument(b, index)
                .map_err(|m| Failure::new(Kind::Value, m))
        })
    }

    /// Erases a block and its operations.
    fn erase_block(&self, block: u32) -> PyResult<()> {
        self.change(|g| {
            let b = block_check(g, block)?;
            g.erase_block(b);
            Ok(())
        })
    }

    /// The type of a value.
    fn value_type(&self, value: Val) -> PyResult<TyObj> {
        self.with(|g| Ok(TyObj(g.value_type(value_check(g, value)?).clone())))
    }

    /// The location of a block argument (an operation result's is its operation's).
    fn value_location(&self, value: Val) -> PyResult<String> {
        self.with(|g| {
            Ok(match value_check(g, value)? {
                ValueRef::Result(o, _) => g.op(o).location.clone(),
                ValueRef::Argument(b, i) => g.block(b).arguments[i as usize].1.clone(),
            })
        })
    }

    /// How many changes the IR has had.
    fn generation(&self) -> u64 {
        self.generation.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The name a value prints with (`%0`, `%arg1`).
    #[pyo3(signature = (value, local_scope = false))]
    fn value_name(&self, value: Val, local_scope: bool) -> PyResult<String> {
        self.with(|g| Ok(generic::value_name(g, value_check(g, value)?, local_scope)))
    }

    /// Changes the type of a value.
    fn set_value_type(&self, value: Val, ty: PyRef<'_, TyObj>) -> PyResult<()> {
        let t = ty.0.clone();
        self.change(|g| {
            let v = value_check(g, value)?;
            g.set_value_type(v, t);
            Ok(())
        })
    }

    /// Every use of a value: `(operation, operand index)`, in IR order.
    fn uses(&self, value: Val) -> PyResult<Vec<(u32, usize)>> {
        self.with(|g| {
            let v = value_check(g, value)?;
            Ok(g.uses(v).into_iter().map(|(o, i)| (o.0, i)).collect())
        })
    }

    /// Makes every use of `old` use `new`; with `except_in`, not those of that operation.
    #[pyo3(signature = (old, new, except_in = None))]
    fn replace_all_uses(&self, old: Val, new: Val, except_in: Option<Vec<u32>>) -> PyResult<()> {
        self.change(|g| {
            let o = value_check(g, old)?;
            let n = value_check(g, new)?;
            let keep: Vec<u32> = except_in.unwrap_or_default();
            for (op, i) in g.uses(o) {
                if !keep.contains(&op.0) {
                    g.op_mut(op).operands[i] = n;
                }
            }
            Ok(())
        })
    }

    /// Inserts a detached operation into `block` at `index` (the end if past it).
    fn insert(&self, op: u32, block: u32, index: usize) -> PyResult<()> {
        self.change(|g| {
            let o = op_check(g, op)?;
            let b = block_check(g, block)?;
            g.insert(o, b, index)
                .map_err(|m| Failure::new(Kind::Value, m))
        })
    }

    /// The position of an operation in its block.
    fn index_in_block(&self, op: u32) -> PyResult<Option<usize>> {
        self.with(|g| Ok(g.index_in_block(op_check(g, op)?)))
    }

    /// Takes an operation out of its block.
    fn detach(&self, op: u32) -> PyResult<()> {
        self.change(|g| {
            let o = op_check(g, op)?;
            g.detach(o);
            Ok(())
        })
    }

    /// Erases an operation and everything inside it; refused while a value it defines is
    /// used outside it.
    fn erase(&self, op: u32) -> PyResult<()> {
        self.change(|g| {
            let o = op_check(g, op)?;
            let inside: std::collections::HashSet<OpId> = g.walk(o, true).into_iter().collect();
            for d in &inside {
                for i in 0..g.op(*d).results.len() as u32 {
                    if g.uses(ValueRef::Result(*d, i))
                        .iter()
                        .any(|(u, _)| !inside.contains(u))
                    {
                        return Err(Failure::new(
                            Kind::Runtime,
                            format!(
                                "cannot erase `{}`: its results are still used",
                                g.op(o).name
                            ),
                        ));
                    }
                }
            }
            g.erase(o);
            Ok(())
        })
    }

    /// A detached deep copy.
    fn clone_op(&self, op: u32) -> PyResult<u32> {
        self.with(|g| {
            let o = op_check(g, op)?;
            Ok(g.clone_op(o).0)
        })
    }

    /// The operation and everything inside it, parents first (`pre`) or last.
    fn walk(&self, op: u32, pre: bool) -> PyResult<Vec<u32>> {
        self.with(|g| {
            let o = op_check(g, op)?;
            Ok(g.walk(o, pre).into_iter().map(|o| o.0).collect())
        })
    }

    /// The operation's text.
    #[pyo3(signature = (op, generic = false, debug_info = false, pretty_debug_info = false, local_scope = false))]
    fn print(
        &self,
        op: u32,
        generic: bool,
        debug_info: bool,
        pretty_debug_info: bool,
        local_scope: bool,
    ) -> PyResult<String> {
        self.with(|g| {
            let o = op_check(g, op)?;
            let options = PrintOptions {
                generic,
                debug_info,
                pretty_debug_info,
                local_scope,
            };
            Ok(print_operation(g, o, options))
        })
    }

    /// The structural errors of an operation and everything inside it:
    /// `(operation, message)` each, in walk order.
    fn verify(&self, op: u32) -> PyResult<Vec<(u32, String)>> {
        self.with(|g| {
            let o = op_check(g, op)?;
            Ok(generic::verify(g, o)
                .into_iter()
                .map(|(o, m)| (o.0, m))
                .collect())
        })
    }

    /// Whether kiln's lowering language holds everything inside the module (so its typed
    /// frontend can check and compile it).
    fn in_language(&self, op: u32) -> PyResult<bool> {
        self.with(|g| Ok(generic::in_language(g, op_check(g, op)?)))
    }
}
