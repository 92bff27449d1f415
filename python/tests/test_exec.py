"""The execution engine against numpy."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kiln
from kiln.execution_engine import ExecutionEngine
from kiln.ir import Module

from conftest import CORPUS

_engines = {}


def engine(name: str, opt_level: int = 2) -> ExecutionEngine:
    key = (name, opt_level)
    if key not in _engines:
        _engines[key] = ExecutionEngine(Module.parse((CORPUS / name).read_text()), opt_level=opt_level)
    return _engines[key]


@pytest.mark.parametrize("opt", [0, 2])
@pytest.mark.parametrize("seed", range(4))
def test_matmul_against_numpy(seed, opt):
    rng = np.random.default_rng(seed)
    m, k, n = rng.integers(1, 9, size=3)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    assert engine("matmul.mlir", opt)["matmul"](a, b, c) is None
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


def test_identity_layout_refuses_non_row_major_views():
    a = np.asfortranarray(np.ones((3, 4), np.float32))
    b = np.ones((4, 2), np.float32)
    c = np.zeros((3, 2), np.float32)
    with pytest.raises(ValueError, match="row-major"):
        engine("matmul.mlir")["matmul"](a, b, c)
    with pytest.raises(TypeError, match="dtype"):
        engine("matmul.mlir")["matmul"](a.astype(np.float64), b, c)
    with pytest.raises(ValueError, match="read-only"):
        ro = np.ones((3, 4), np.float32)
        ro.flags.writeable = False
        engine("matmul.mlir")["matmul"](ro, b, c)


def test_strided_4d_views():
    e = engine("strided_4d.mlir")
    base = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)
    views = [
        base,
        np.asfortranarray(base),
        base.transpose(3, 1, 0, 2),
        base[:, 1:, ::2, 1:4],
        base[::-1, :, :, ::-2],
    ]
    for v in views:
        for idx in np.ndindex(*v.shape):
            assert e["load4d"](v, *idx) == v[idx]
    # In place, through a sliced Fortran-order view: the caller's array changes.
    f = np.asfortranarray(np.zeros((2, 3, 4, 5), np.float32))
    view = f[1:, ::2, 1:3, :]
    e["bump4d"](view, 0, 1, 1, 2, np.float32(2.5))
    expected = np.zeros_like(f)
    expected[1, 2, 2, 2] = 2.5
    np.testing.assert_array_equal(f, expected)


def test_zero_d_and_strided_2d():
    e = engine("c_interface.mlir")
    cell = np.array(1.5)
    big = np.arange(16, dtype=np.float64).reshape(4, 4)
    view = big[1::2, ::2]  # 2x2 with strides (8, 2) elements, offset 4
    assert e["cell_plus"](cell, view) == 1.5 + view[1, 1]
    # Unranked: rank + first dimension.
    assert e["rank_plus_dim0"](np.zeros((7, 2), np.float32)) == 9
    assert e["rank_plus_dim0"](np.zeros((3, 1, 1, 1), np.float32)) == 7


def test_returned_memref_owns_its_buffer():
    e = engine("c_interface.mlir")
    arrays = [e["iota"](n) for n in (0, 1, 5, 1000)]
    for n, a in zip((0, 1, 5, 1000), arrays):
        assert a.dtype == np.int64 and a.shape == (n,)
        np.testing.assert_array_equal(a, np.arange(n))
    owner = arrays[2].base
    assert type(owner).__name__ == "OwnedBuffer"
    view = arrays[3][10:20]
    del arrays
    import gc

    gc.collect()
    np.testing.assert_array_equal(view, np.arange(10, 20))


def test_returned_argument_aliases_the_argument():
    e = engine("memref_2d.mlir")
    x = np.zeros((4, 8), np.float32)
    r = e["set"](x, 1, 2, 7.5)
    assert x[1, 2] == 7.5
    assert r.shape == (4, 8)
    r[0, 0] = 3.0
    assert x[0, 0] == 3.0  # the result views the argument's buffer


def test_scalars_results_and_range_checks():
    e = engine("loops.mlir")
    assert e.invoke("gcd_and_lcm", 12, 18) == (6, 36)
    assert e["factorial"](10) == 3628800
    ar = engine("arith.mlir")
    assert ar["compare_int"](3, 4) in (True, False)
    assert isinstance(ar["compare_int"](3, 4), bool)
    with pytest.raises(ValueError, match="does not fit in i32"):
        e["gcd"](2**32, 1)
    with pytest.raises(ValueError, match="does not fit"):
        e["gcd"](-(2**31) - 1, 1)
    assert e["gcd"](2**32 - 1, 1) == 1  # the signless range of i32 is -2^31 .. 2^32-1
    with pytest.raises(TypeError, match="expected i32, got 1.5"):
        e["gcd"](1.5, 1)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        e["gcd"](1)
    with pytest.raises(KeyError):
        e["nope"]
    with pytest.raises(ValueError, match="no function"):
        e.invoke("nope")
    assert "gcd" in e and repr(e["gcd"]).startswith("<kiln function @gcd")


def test_unresolved_external_is_an_error_not_a_crash():
    e = engine("c_interface.mlir")
    with pytest.raises(kiln.LoweringError):
        e["call_qux"](np.zeros((2, 2), np.float32))


@settings(max_examples=40, deadline=None)
@given(
    a=hnp.arrays(np.float32, hnp.array_shapes(min_dims=2, max_dims=2, max_side=6),
                 elements=st.floats(-100, 100, width=32)),
    k=st.integers(1, 6),
    transpose=st.booleans(),
)  # fmt: skip
def test_property_matmul_and_scalars(a, k, transpose):
    rng = np.random.default_rng(k)
    b = rng.standard_normal((a.shape[1], k)).astype(np.float32)
    c = np.zeros((a.shape[0], k), np.float32)
    engine("matmul.mlir")["matmul"](np.ascontiguousarray(a), b, c)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-4, atol=1e-3)
    view = a.T if transpose else a
    if view.shape[0] >= 2 and view.shape[1] >= 2:
        m2 = view[:2, :2].astype(np.float64)
        assert engine("c_interface.mlir")["cell_plus"](np.array(0.5), m2) == 0.5 + m2[1, 1]
    x, y = int(rng.integers(1, 10**6)), int(rng.integers(1, 10**6))
    g, _ = engine("loops.mlir")["gcd_and_lcm"](x, y)
    assert g == np.gcd(x, y)
    assert engine("loops.mlir")["gcd"](x, y) == np.gcd(x, y)


def test_float16_scalars_and_arrays():
    # corpus/f16.mlir: arithmetic rounded to f16 and a sum over a numpy float16 array,
    # which the call doubles in place.
    e = engine("f16.mlir", 0)
    s, d, p, q, m = e["arith"](np.float16(1.5), np.float16(0.1))
    assert s == float(np.float16(1.5) + np.float16(0.1))
    assert p == float(np.float16(1.5) * np.float16(0.1))
    x = np.array([0.1, 0.2, 0.3, 1000], np.float16)
    want = np.float16(0)
    for v in x:
        want = np.float16(want + v)
    doubled = x + x
    assert e["sum"](x) == float(want)
    np.testing.assert_array_equal(x, doubled)


@pytest.mark.parametrize("opt", [0, 2])
def test_odd_integer_widths_wrap_and_live_in_their_memory_size(opt):
    # corpus/odd_widths.mlir: i12 arithmetic wraps at 12 bits; an i12 memref is an int16
    # array holding each element zero-extended from 12 bits, as LLVM stores it.
    e = engine("odd_widths.mlir", opt)
    assert e["arith12"](2047, 2047)[:3] == (-2, 0, 1)
    assert e["bits3"](3, 1)[0] == -2
    with pytest.raises(Exception, match="i12"):
        e["arith12"](4096, 0)
    a = np.array([1, 2, 2047, -2048, 100], np.int16)
    with pytest.raises(Exception, match="zero-extended"):
        e["prefix"](a)
    a &= 0xFFF
    assert e["prefix"](a) == (102, -2046)
    assert a.tolist() == [1, 3, 4096 - 2046, 2, 102]
    w = np.array([2**39 - 1, 2**40 - 1, 7], np.int64)
    assert e["wide"](w, 1) == -2
    assert w.tolist() == [2**39 - 1, 2**40 - 2, 7]
    assert e["lookup"](3) == -2048


@pytest.mark.parametrize("opt", [0, 2])
def test_bfloat16_scalars_and_arrays_of_bits(opt):
    # corpus/bf16.mlir: bf16 scalars pass as floats, rounded to bf16; a bf16 memref is a
    # uint16 array of each element's bits (numpy has no bfloat16).
    e = engine("bf16.mlir", opt)
    s, d, p, q, mx, neg, mn = e["arith"](1.5, 0.1)
    assert (s, d, neg) == (1.6015625, 1.3984375, -1.5)
    # A double is rounded once: just above a tie, up (through f32 it would be a tie, down).
    assert e["conversions"](1.3, 1.0039062500009095, -7)[2] == 1.0078125
    bits = np.array([0x3F80, 0x4000, 0x4040], np.uint16)  # 1, 2, 3
    assert e["dot"](bits) == (-2.90625, -2.90625)
    assert bits.tolist() == [0x3F00, 0x4026, 0xC0C0]  # 0.5, 2.59375, -6


@pytest.mark.parametrize("opt", [0, 2])
def test_globals_keep_their_contents_and_state(opt):
    e = engine("memref_global.mlir", opt)
    assert e["lookup"](1, 2) == pytest.approx(6.0)
    assert e["table_row"](1) == pytest.approx(15.5)
    assert e["hex"](1) == 2
    # The counter is state of the engine's module: each call adds to what the last left.
    first = e["bump"](10)
    assert e["bump"](1) == first + 1


def test_llvm_dialect_and_alloca_scope_from_python(capfd):
    # printf through the LLVM dialect: C's output reaches the process's stdout before the
    # call returns (the JIT flushes C's streams after each call).
    e = engine("llvm_dialect.mlir")
    m = np.array([0.5, 1.5, 2.5, 3.5], np.float32)
    assert e["report"](3, m) == 5.0
    out = capfd.readouterr().out
    assert 'hello, "kiln"\n' in out and "n = 3, x[2] = 2.5\n" in out
    assert e["table"](1, 2) == 7
    assert e["through"](-42) == 42
    # A pointer parameter cannot come from Python.
    with pytest.raises((TypeError, ValueError), match="llvm.ptr"):
        e["apply"](0, 1)
    s = engine("memref_alloca_scope.mlir")
    assert s["sum"](1000) == 749250.0
    out = np.zeros(1, np.float32)
    assert s["twice"](2.5, out) == 5.0 and out[0] == 5.0
    # The printed module keeps the scope nested and the LLVM items.
    text = str(Module.parse((CORPUS / "memref_alloca_scope.mlir").read_text()))
    assert "memref.alloca_scope  -> (f32) {" in text and "memref.alloca_scope.return" in text
    text = str(Module.parse((CORPUS / "llvm_dialect.mlir").read_text()))
    assert "llvm.func @printf(!llvm.ptr, ...) -> i32" in text


WIDE = """
func.func @mix(%a: i128, %b: i100) -> (i128, i100, i8) {
  %w = arith.extsi %b : i100 to i128
  %s = arith.addi %a, %w : i128
  %t = arith.trunci %s : i128 to i100
  %c = arith.constant -3 : i8
  return %s, %t, %c : i128, i100, i8
}
"""


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-(2**127), 2**127 - 1),
    st.integers(-(2**99), 2**99 - 1),
)
def test_wide_integers_cross_the_call_whole(a, b):
    """Integers wider than 64 bits pass in and out as Python ints, wrapping at their width."""
    e = ExecutionEngine(Module.parse(WIDE)) if "wide" not in _engines else _engines["wide"]
    _engines["wide"] = e

    def wrap(x, bits):
        x &= (1 << bits) - 1
        return x - (1 << bits) if x >> (bits - 1) else x

    s = wrap(a + b, 128)
    assert e["mix"](a, b) == (s, wrap(s, 100), -3)


def test_wide_integers_out_of_range_are_refused():
    e = ExecutionEngine(Module.parse(WIDE))
    # An i128 takes its unsigned range as well: 2^128 - 1 is -1.
    assert e["mix"](2**128 - 1, 0)[0] == -1
    with pytest.raises(ValueError, match="does not fit in i100"):
        e["mix"](0, 2**100)
    with pytest.raises(ValueError, match="beyond the parameter's width"):
        e["mix"](2**128, 0)


def test_invoke_with_upstreams_ctypes_pointers():
    import ctypes

    from kiln.ir import Module as IRModule

    m = IRModule.parse(
        "func.func @add(%a: f32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {\n"
        "  %s = arith.addf %a, %b : f32\n"
        "  return %s : f32\n"
        "}\n"
        "func.func @divmod(%a: i32, %b: i32) -> (i32, i32) {\n"
        "  %q = arith.divsi %a, %b : i32\n"
        "  %r = arith.remsi %a, %b : i32\n"
        "  return %q, %r : i32, i32\n"
        "}\n"
    )
    e = ExecutionEngine(m)
    res = ctypes.c_float(-1.0)
    assert e.invoke("add", ctypes.pointer(ctypes.c_float(42.0)), ctypes.pointer(ctypes.c_float(2.0)), ctypes.pointer(res)) is None
    assert res.value == 44.0
    q, r = ctypes.c_int32(0), ctypes.c_int32(0)
    e.invoke("divmod", ctypes.pointer(ctypes.c_int32(17)), ctypes.pointer(ctypes.c_int32(5)), ctypes.pointer(q), ctypes.pointer(r))
    assert (q.value, r.value) == (3, 2)
    # kiln's own contract stays: values in, results out.
    assert e.invoke("add", 1.0, 2.0) == 3.0
