"""What a JIT call and a JIT compile cost from Python (kiln.execution_engine).

Prints, for `add(f32, f32) -> f32`, the median time per call over 20 batches of 20,000
calls through `engine["add"](a, b)`, through `engine.invoke("add", a, b)` and through
upstream's contract (`invoke("add", a_ptr, b_ptr, result_ptr)` on its C interface, the
call MLIR's own `ExecutionEngine.invoke` makes); the time to
lower and JIT-compile a 30-operation function (median of 20); and how long a strided
`axpy` over 2^20 floats runs at opt_level 2 (median of 20).

usage: .venv/bin/python scripts/bench-python-call.py   (a release build of the extension
gives the figures BENCHMARKS.md records: maturin develop --release)
"""

import ctypes
import statistics
import time

import numpy as np

from kiln.execution_engine import ExecutionEngine

ADD = """func.func @add(%a: f32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {
  %c = arith.addf %a, %b : f32
  func.return %c : f32
}
"""


def with_c_interface(text: str) -> str:
    """``text``'s one function marked ``llvm.emit_c_interface`` (what upstream's
    ``ExecutionEngine.invoke`` calls through)."""
    head, rest = text.split(" {\n", 1)
    return f"{head} attributes {{llvm.emit_c_interface}} {{\n{rest}"


def thirty_ops() -> str:
    lines = ["func.func @f(%x: i64, %y: i64) -> i64 {"]
    prev = "%x"
    for i in range(30):
        op = ["arith.addi", "arith.muli", "arith.xori"][i % 3]
        lines.append(f"  %v{i} = {op} {prev}, %y : i64")
        prev = f"%v{i}"
    lines.append(f"  func.return {prev} : i64")
    lines.append("}")
    return "\n".join(lines) + "\n"


AXPY = """func.func @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %xi = memref.load %x[%i] : memref<?xf32>
  %yi = memref.load %y[%i] : memref<?xf32, strided<[?], offset: ?>>
  %ax = arith.mulf %a, %xi : f32
  %s = arith.addf %yi, %ax : f32
  memref.store %s, %y[%i] : memref<?xf32, strided<[?], offset: ?>>
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next : index)
^done:
  func.return
}
"""


def per_call(f, n=20_000, batches=20):
    times = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(n):
            f()
        times.append((time.perf_counter() - start) / n)
    return statistics.median(times)


def main() -> None:
    engine = ExecutionEngine(ADD, opt_level=2)
    add = engine["add"]
    assert add(1.5, 2.0) == 3.5
    print(f"engine['add'](a, b):        {per_call(lambda: add(1.5, 2.0)) * 1e6:6.2f} us per call")
    print(f"engine.invoke('add', a, b): {per_call(lambda: engine.invoke('add', 1.5, 2.0)) * 1e6:6.2f} us per call")
    a, b, r = (ctypes.c_float * 1)(1.5), (ctypes.c_float * 1)(2.0), (ctypes.c_float * 1)(0.0)
    engine.invoke("add", a, b, r)
    assert r[0] == 3.5
    upstream = per_call(lambda: engine.invoke("add", a, b, r))
    print(f"engine.invoke('add', a_ptr, b_ptr, r_ptr) (upstream's contract): {upstream * 1e6:6.2f} us per call")
    text = thirty_ops()
    compiles = []
    for _ in range(20):
        start = time.perf_counter()
        ExecutionEngine(text, opt_level=0)
        compiles.append(time.perf_counter() - start)
    print(f"compile a 30-operation function: {statistics.median(compiles) * 1e3:6.2f} ms")
    axpy = ExecutionEngine(AXPY, opt_level=2)["axpy"]
    x = np.arange(1 << 20, dtype=np.float32)
    y = np.ones(1 << 21, dtype=np.float32)[::2]
    runs = []
    for _ in range(20):
        start = time.perf_counter()
        axpy(2.0, x, y)
        runs.append(time.perf_counter() - start)
    print(f"strided axpy over 2^20 floats at opt_level 2: {statistics.median(runs) * 1e3:6.3f} ms")


if __name__ == "__main__":
    main()
