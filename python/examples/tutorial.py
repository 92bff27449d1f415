"""The python/README.md walkthrough: build a function in Python, lower it, JIT it and call
it with numpy."""

import numpy as np

import kiln
from kiln.dialects import arith, cf, func, memref
from kiln.execution_engine import ExecutionEngine
from kiln.ir import (
    Context, F32Type, FunctionType, IndexType, InsertionPoint, Location, MemRefType, Module,
)  # fmt: skip

with Context(), Location.unknown():
    f32, index = F32Type.get(), IndexType.get()
    vec = MemRefType.get([None], f32)
    # y may be any 1-d view: its stride and offset come from the array at the call.
    view = MemRefType.get([None], f32, strides=[None], offset=None)
    module = Module.create()
    with InsertionPoint(module.body):
        # y[i] += a * x[i] for every i
        axpy = func.FuncOp("axpy", FunctionType.get([f32, vec, view], []))
    entry = axpy.add_entry_block()
    loop = axpy.body.blocks.append(index)
    body = axpy.body.blocks.append()
    done = axpy.body.blocks.append()
    a, x, y = entry.arguments
    with InsertionPoint(entry):
        c0 = arith.ConstantOp(index, 0).result
        c1 = arith.ConstantOp(index, 1).result
        n = memref.DimOp(x, c0).result
        cf.BranchOp([c0], loop)
    (i,) = loop.arguments
    with InsertionPoint(loop):
        more = arith.CmpIOp("slt", i, n).result
        cf.CondBranchOp(more, [], [], body, done)
    with InsertionPoint(body):
        xi = memref.LoadOp(x, [i]).result
        yi = memref.LoadOp(y, [i]).result
        ax = arith.MulFOp(a, xi).result
        memref.StoreOp(arith.AddFOp(yi, ax).result, y, [i])
        cf.BranchOp([arith.AddIOp(i, c1).result], loop)
    with InsertionPoint(done):
        func.ReturnOp([])

module.operation.verify()
print(module)
print(module.lower().text.splitlines()[0], "...")
engine = ExecutionEngine(module, opt_level=2)
x = np.arange(8, dtype=np.float32)
y = np.ones(16, dtype=np.float32)[::2]  # a strided view, updated in place
engine["axpy"](2.0, x, y)
print("y =", y)
assert np.allclose(y, 1 + 2 * x)
print(kiln.compile(module, emit="asm", opt_level=2).count("\n"), "lines of assembly")
