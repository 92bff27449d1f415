# Upstream-style MLIR Python: build a function with the dialect builders, walk the module,
# lower it with a pass pipeline and call it through the C interface with numpy buffers.
# Only the imports differ from code written for `mlir` (`from mlir.ir import ...`).
import ctypes

import numpy as np

from kiln.dialects import arith, cf, func, memref
from kiln.execution_engine import ExecutionEngine
from kiln.ir import (
    Context,
    F32Type,
    FunctionType,
    IndexType,
    InsertionPoint,
    Location,
    MemRefType,
    Module,
    ShapedType,
    UnitAttr,
)
from kiln.passmanager import PassManager
from kiln.runtime import get_ranked_memref_descriptor, ranked_memref_to_numpy

with Context(), Location.unknown():
    f32, index = F32Type.get(), IndexType.get()
    vec = MemRefType.get([ShapedType.get_dynamic_size()], f32)
    module = Module.create()
    with InsertionPoint(module.body):
        scale = func.FuncOp("scale", FunctionType.get([f32, vec], []))
    scale.attributes["llvm.emit_c_interface"] = UnitAttr.get()
    entry = scale.add_entry_block()
    loop = scale.body.blocks.append(index)
    body, done = scale.body.blocks.append(), scale.body.blocks.append()
    a, x = entry.arguments
    with InsertionPoint(entry):
        c0 = arith.ConstantOp(index, 0)
        c1 = arith.ConstantOp(index, 1)
        n = memref.DimOp(x, c0)
        cf.BranchOp([c0], loop)
    with InsertionPoint(loop):
        (i,) = loop.arguments
        cf.CondBranchOp(arith.CmpIOp(arith.CmpIPredicate.slt, i, n), [], [], body, done)
    with InsertionPoint(body):
        xi = memref.LoadOp(x, [i])
        memref.StoreOp(arith.MulFOp(a, xi), x, [i])
        cf.BranchOp([arith.AddIOp(i, c1)], loop)
    with InsertionPoint(done):
        func.ReturnOp([])

    # Walk: every operation of every block of the function, with its result types.
    for block in scale.regions[0].blocks:
        for op in block.operations:
            print(op.name, [str(r.type) for r in op.results])

    assert module.operation.verify()
    PassManager.parse("builtin.module(finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)").run(
        module.operation
    )
    engine = ExecutionEngine(module, opt_level=2)

    data = np.arange(6, dtype=np.float32)
    factor = (ctypes.c_float * 1)(2.5)
    engine.invoke("scale", factor, ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(data))))
    print(data)
    assert np.array_equal(data, np.arange(6, dtype=np.float32) * 2.5)
    print(ranked_memref_to_numpy(ctypes.pointer(get_ranked_memref_descriptor(data[::2]))))
