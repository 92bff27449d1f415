#!/usr/bin/env python3
"""Times kiln.ir's everyday work on memref-heavy code, median of repeated runs: parsing a
module and printing it, walking it, building functions with the dialect classes, and
compiling a parsed module with ExecutionEngine. Run it with each build to compare (the
numbers are for side-by-side runs on one machine, not absolute).

usage: bench-python-ir.py [FUNCTIONS]   (default 200 functions of scripts/gen_memref_module.py)
"""
import os
import statistics
import subprocess
import sys
import time

from kiln.dialects import arith, func, memref
from kiln.ir import Context, F32Type, IndexType, InsertionPoint, Location, MemRefType, Module

HERE = os.path.dirname(os.path.abspath(__file__))
n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
text = subprocess.run(
    [sys.executable, os.path.join(HERE, "gen_memref_module.py"), str(n)], capture_output=True, text=True, check=True
).stdout


def median(work, rounds=7):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        work()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def parse_and_print():
    with Context():
        str(Module.parse(text))


def walk():
    with Context():
        m = Module.parse(text)
        count = 0
        for f in m.body.operations:
            for block in f.regions[0].blocks:
                for op in block.operations:
                    count += len(op.operands) + len(op.results)
        assert count > 0


def build():
    f32, index = F32Type.get(), IndexType.get()
    vec = MemRefType.get([None, None], f32)
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            for k in range(n):
                f = func.FuncOp(f"f{k}", ([vec, index], [f32]))
                with InsertionPoint(f.add_entry_block()):
                    a, i = f.arguments
                    c0 = arith.ConstantOp(index, 0)
                    d = memref.DimOp(a, c0)
                    j = arith.RemUIOp(i, d)
                    x = memref.LoadOp(a, [j, c0])
                    y = arith.MulFOp(x, x)
                    memref.StoreOp(y, a, [j, c0])
                    func.ReturnOp([y])
        str(m)


def compile_module():
    from kiln.execution_engine import ExecutionEngine

    with Context():
        ExecutionEngine(Module.parse(text), opt_level=0)


for name, work, rounds in (
    ("parse+print", parse_and_print, 7),
    ("parse+walk", walk, 7),
    ("build+print", build, 7),
    ("compile (O0)", compile_module, 3),
):
    print(f"{name:14} {median(work, rounds) * 1000:9.1f} ms  ({n} functions)")
