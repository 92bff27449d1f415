"""kiln's Python package against MLIR's own bindings, the same upstream-style code on both.

One function, `measure(mlir)`, is written against MLIR's Python API (`ir`, `passmanager`,
`execution_engine`, `runtime`) and run twice in one process: once with the real bindings
(the `torch_mlir` wheel on PyPI carries them, with `ExecutionEngine` and `mlir.runtime`),
once with `kiln` in their place. It prints, for each, the median time per call of
`add(f32, f32) -> f32` through `invoke("add", a_ptr, b_ptr, result_ptr)` (20 batches of
20,000 calls), the median time to parse, lower and JIT-compile a 30-operation function,
and the median time of a strided `axpy` over 2^20 floats at `opt_level=2` (40 runs of
each, interleaved on the same arrays), and the ratios kiln / MLIR.

usage:
  python3 -m venv /tmp/upvenv && /tmp/upvenv/bin/pip install numpy packaging torch-mlir
  PYTHONPATH=python /tmp/upvenv/bin/python scripts/bench-python-upstream.py
(with the extension built into python/kiln, e.g. by `maturin develop --release`)
"""

import ctypes
import importlib
import importlib.util
import statistics
import time
import types
from pathlib import Path

import numpy as np


def _load(name: str) -> types.ModuleType:
    """The script ``name`` beside this one, as a module (its name is no identifier)."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_")[:-3], Path(__file__).with_name(name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The programs and timing loops of kiln's own call benchmark, each function given the C
# interface upstream's `invoke` calls through.
_call = _load("bench-python-call.py")
ADD = _call.ADD
AXPY = _call.with_c_interface(_call.AXPY)
per_call = _call.per_call


def thirty_ops() -> str:
    return _call.with_c_interface(_call.thirty_ops())


PIPELINE = (
    "builtin.module(finalize-memref-to-llvm, convert-arith-to-llvm, convert-cf-to-llvm,"
    " convert-func-to-llvm, reconcile-unrealized-casts)"
)


def bindings(root: str) -> types.SimpleNamespace:
    """`root`'s `ir`, `passmanager`, `execution_engine` and `runtime`, as `mlir.*` gives them."""
    return types.SimpleNamespace(
        **{
            name: importlib.import_module(f"{root}.{name}")
            for name in ("ir", "passmanager", "execution_engine", "runtime")
        }
    )


def engine(mlir, text: str, opt_level: int):
    """Parses, lowers and JIT-compiles `text` the way upstream's tests do."""
    with mlir.ir.Context():
        module = mlir.ir.Module.parse(text)
        mlir.passmanager.PassManager.parse(PIPELINE).run(module.operation)
        return mlir.execution_engine.ExecutionEngine(module, opt_level=opt_level)


def median_time(f, runs=20) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(mlir) -> dict:
    add = engine(mlir, ADD, 2)
    a, b, r = (ctypes.c_float * 1)(1.5), (ctypes.c_float * 1)(2.0), (ctypes.c_float * 1)(0.0)
    call = lambda: add.invoke("add", a, b, r)  # noqa: E731
    call()
    assert r[0] == 3.5, r[0]
    out = {"call (us)": per_call(call) * 1e6}
    text = thirty_ops()
    out["compile 30 ops (ms)"] = median_time(lambda: engine(mlir, text, 0)) * 1e3

    return out


def axpy_times(all_bindings, runs=40) -> list:
    """The median time of each binding's strided `axpy` at `opt_level=2`, on the same arrays
    and interleaved, so that neither gets the better memory placement or the quieter
    moment."""
    x = np.arange(1 << 20, dtype=np.float32)
    y = np.ones(1 << 21, dtype=np.float32)[::2]
    calls = []
    for mlir in all_bindings:
        axpy = engine(mlir, AXPY, 2)
        rt = mlir.runtime
        args = [
            ctypes.pointer(ctypes.c_float(2.0)),
            ctypes.pointer(ctypes.pointer(rt.get_ranked_memref_descriptor(x))),
            ctypes.pointer(ctypes.pointer(rt.get_ranked_memref_descriptor(y))),
        ]
        before = float(y[3])
        axpy.invoke("axpy", *args)
        assert y[3] == before + 2.0 * 3.0, (y[3], before)
        calls.append(lambda axpy=axpy, args=args: axpy.invoke("axpy", *args))
    times = [[] for _ in calls]
    for _ in range(runs):
        for call, t in zip(calls, times):
            start = time.perf_counter()
            call()
            t.append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]
    return out


def main() -> None:
    upstream_bindings, kiln_bindings = bindings("torch_mlir"), bindings("kiln")
    upstream = measure(upstream_bindings)
    kiln = measure(kiln_bindings)
    theirs, ours = axpy_times([upstream_bindings, kiln_bindings])
    upstream["strided axpy 2^20 (ms)"], kiln["strided axpy 2^20 (ms)"] = theirs * 1e3, ours * 1e3
    print(f"{'':28} {'MLIR bindings':>14} {'kiln':>10} {'kiln / MLIR':>12}")
    for key, theirs in upstream.items():
        ours = kiln[key]
        print(f"{key:28} {theirs:14.3f} {ours:10.3f} {ours / theirs:12.3f}")


if __name__ == "__main__":
    main()
