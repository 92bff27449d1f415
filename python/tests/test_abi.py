"""Structured arguments through the signature ABI (corpus/abi_reflection.mlir and
corpus/abi_sip.mlir; the expected values are worked out by hand from the functions)."""

import re

import numpy as np
import pytest

import kiln
from kiln.execution_engine import ExecutionEngine
from kiln.ir import Module

from conftest import CORPUS

_engines = {}


def engine(name: str) -> ExecutionEngine:
    if name not in _engines:
        _engines[name] = ExecutionEngine(Module.parse((CORPUS / name).read_text()))
    return _engines[name]


def refl() -> ExecutionEngine:
    return engine("abi_reflection.mlir")


def sip() -> ExecutionEngine:
    return engine("abi_sip.mlir")


X = [[1, 2, 3], [4, 5, 6]]


def x() -> np.ndarray:
    return np.array(X, np.float32)


def fails(message: str):
    """An ArgumentError whose whole message is `message`."""
    return pytest.raises(kiln.ArgumentError, match="^" + re.escape(message) + "$")


# ---- V1 records -------------------------------------------------------------------------


def test_named_arguments_and_sdict_by_keyword_position_or_both():
    f = refl()["scale"]
    # (x[0][0] + x[1][2]) * alpha + n = (1 + 6) * 0.5 + 10
    assert f(x=x(), opts={"alpha": 0.5, "n": 10}) == 13.5
    assert f(x(), {"n": 10, "alpha": 0.5}) == 13.5
    assert f(x(), opts={"n": -3, "alpha": 2.0}) == 11.0  # 7 * 2 - 3
    # Keyword order does not matter; numpy scalars are numbers.
    assert f(opts={"n": np.int64(1), "alpha": np.float32(0.25)}, x=x()) == 2.75


def test_ndarray_records_pass_arrays_without_copying_and_lists_by_copy():
    f = refl()["pair"]
    v = np.array([6, 7], np.int32)
    # prod = 3 * 4, sum = 3 + 4 + 5 + 6; the sdict result comes back as a dict (sorted keys)
    r = f(p=(3, 4), ys=[5, v])
    assert r == {"prod": 12, "sum": 18}
    assert list(r) == ["prod", "sum"]
    assert f((3, 4), [5, [100]]) == {"prod": 12, "sum": 112}  # a list for the 1-d ndarray
    assert f(p=[-2, 5], ys=(1, v[1:])) == {"prod": -10, "sum": 11}  # a view: ys[1][0] is 7


def test_py_homogeneous_list_and_named_result():
    f = refl()["total"]
    assert f(xs=[1.5, 2.5, 3]) == {"total": 7.0}
    assert f([0.25] * 8) == {"total": 2.0}
    assert f(xs=np.arange(5, dtype=np.float64)) == {"total": 10.0}
    assert f(xs=[]) == {"total": 0.0}


def test_derived_record_is_the_raw_signature():
    f = refl()["plain"]
    assert f(41, np.zeros((2, 7), np.float32)) == 42
    with fails("input: argument 0 of `@plain` has no name, so the arguments are passed by position"):
        f(k=41, m=np.zeros((2, 1), np.float32))
    with fails("[1]: expected ndarray<f32, 2x?> (dim 0 is 2), got 3 elements there"):
        f(1, np.zeros((3, 1), np.float32))


def test_structured_results():
    text = (
        'func.func @g(%a: f32, %b: i32) -> (i1, f32, i32, f32) attributes {iree.abi = "{\\"a\\": '
        '[\\"f32\\", \\"i32\\"], \\"r\\": [[\\"named\\", \\"ok\\", \\"i1\\"], [\\"named\\", \\"pair\\", '
        '[\\"stuple\\", \\"f32\\", \\"i32\\"]], [\\"named\\", \\"more\\", [\\"slist\\", \\"f32\\"]]]}"} {\n'
        "  %t = arith.constant true\n"
        "  %c = arith.addi %b, %b : i32\n"
        "  %d = arith.mulf %a, %a : f32\n"
        "  func.return %t, %a, %c, %d : i1, f32, i32, f32\n"
        "}\n"
    )
    e = ExecutionEngine(Module.parse(text))
    r = e["g"](1.5, -3)
    assert r == {"ok": True, "pair": (1.5, -6), "more": [2.25]}
    assert list(r) == ["ok", "pair", "more"]
    assert isinstance(r["pair"], tuple) and isinstance(r["more"], list)
    assert r["ok"] is True
    assert e.signature("g") == "g(f32, i32) -> (ok: i1, pair: (f32, i32), more: [f32])"


def test_null_slots_take_none():
    text = (
        'func.func @h(%a: i32) -> i32 attributes {iree.abi = "{\\"a\\": [null, \\"i32\\"], '
        '\\"r\\": [\\"i32\\"]}"} {\n  func.return %a : i32\n}\n'
    )
    e = ExecutionEngine(Module.parse(text))
    assert e["h"](None, 5) == 5
    with fails("[0]: expected None (an empty slot), got int"):
        e["h"](0, 5)


# ---- sip ----------------------------------------------------------------------------------


def test_sip_dict_by_keyword_and_results_in_the_r_tree():
    f = sip()["combine"]
    # sum = a + b0 + b1, diff = a - b0 - b1
    r = f(a=10, b=[3, 4])
    assert r == {"diff": 3, "sum": 17}
    assert list(r) == ["diff", "sum"]  # the R tree's order
    assert f(b=(0, -1), a=2**31 - 1) == {"diff": -(2**31), "sum": 2**31 - 2}  # i32 wraps


def test_sip_nested_dicts_and_sequence_result():
    x = np.array([1, 2, 3], np.float32)
    y = np.array([4, 5, 6], np.float32)
    # 1*4 + 2*5 + 3*6; results [_0] is a list of one
    assert sip()["dot3"](vecs={"x": x, "y": y}) == [32.0]
    assert sip()["dot3"](vecs={"y": [1, 1, 1], "x": [0.5, 0.25, 0.125]}) == [0.875]


# ---- errors -------------------------------------------------------------------------------


def test_errors_name_the_path_inside_the_input():
    f = refl()["scale"]
    with fails("opts.alpha: expected f32, got str") as e:
        f(x=x(), opts={"alpha": "half", "n": 1})
    assert isinstance(e.value, kiln.Error)
    assert isinstance(e.value, TypeError) and isinstance(e.value, ValueError)
    with fails("opts.n: 18446744073709551616 does not fit in i64"):
        f(x=x(), opts={"alpha": 1.0, "n": 2**64})
    with fails("opts.n: expected i64, got 1.5"):
        f(x=x(), opts={"alpha": 1.0, "n": 1.5})
    with fails("opts.n: expected i64, got nan"):
        f(x=x(), opts={"alpha": 1.0, "n": float("nan")})
    with fails("opts.alpha: 1e+39 does not fit in f32"):
        f(x=x(), opts={"alpha": 1e39, "n": 1})
    with fails("opts: missing key `n`"):
        f(x=x(), opts={"alpha": 1.0})
    with fails("opts.beta: unexpected key (expected {n: i64, alpha: f32})"):
        f(x=x(), opts={"alpha": 1.0, "n": 1, "beta": 2})
    with fails("opts: a dict key is int (keys are str)"):
        f(x=x(), opts={1: 2})
    with fails("opts: expected {n: i64, alpha: f32}, got list"):
        f(x=x(), opts=[1.0, 2])
    with fails("x: expected ndarray<f32, 2x3> (dim 0 is 2), got 3 elements there"):
        f(x=np.zeros((3, 2), np.float32), opts={"alpha": 1.0, "n": 1})
    with fails("x: expected ndarray<f32, 2x3> (rank 2), got rank 1"):
        f(x=np.zeros(6, np.float32), opts={"alpha": 1.0, "n": 1})
    with fails("x: the parameter's elements are f32, the array's dtype is float64"):
        f(x=np.zeros((2, 3)), opts={"alpha": 1.0, "n": 1})
    with fails("x: expected ndarray<f32, 2x3> (a numpy array or a list), got str"):
        f(x="no", opts={"alpha": 1.0, "n": 1})


def test_argument_list_errors():
    f = refl()["scale"]
    opts = {"alpha": 1.0, "n": 1}
    with fails("z: `@scale` has no argument named `z`"):
        f(x=x(), opts=opts, z=1)
    with fails("x: `@scale` got argument `x` both by position and by keyword"):
        f(x(), opts, x=x())
    with fails("input: missing argument `opts`"):
        f(x=x())
    with fails("input: `@scale` takes 2 arguments, got 1"):
        f(x())
    with fails("input: `@scale` takes 2 arguments, got 3 positional"):
        f(x(), opts, 3, n=1)


def test_structure_errors():
    p = refl()["pair"]
    v = np.array([6], np.int32)
    with fails("p: expected 2 elements ((i32, i32)), got 3"):
        p(p=(1, 2, 3), ys=[5, v])
    with fails("ys: expected [i64, ndarray<i32, ?>], got int"):
        p(p=(1, 2), ys=5)
    with fails("ys[1][0]: expected i32, got str"):
        p(p=(1, 2), ys=[5, ["a"]])
    with fails("ys[1][1]: 4294967296 does not fit in i32"):
        p(p=(1, 2), ys=[5, [1, 2**32]])
    with fails("ys[0]: expected i64, got NoneType"):
        p(p=(1, 2), ys=[None, v])
    with fails("xs[1]: expected f64, got str"):
        refl()["total"](xs=[1.0, "2"])
    c = sip()["combine"]
    with fails("input: `@combine` takes its arguments by keyword (a, b), got 2 positional"):
        c(1, [2, 3])
    with fails("b: expected 2 elements, got 1"):
        c(a=1, b=[2])
    with fails("b: expected a list or tuple of 2 elements, got dict"):
        c(a=1, b={"0": 2})
    with fails("input: missing key `b`"):
        c(a=1)
    with fails("vecs.z: unexpected key (expected x, y)"):
        z = np.zeros(3, np.float32)
        sip()["dot3"](vecs={"x": z, "y": z, "z": z})
    with fails("vecs.x: expected ndarray<f32, 3> (dim 0 is 3), got 2 elements there"):
        sip()["dot3"](vecs={"x": np.zeros(2, np.float32), "y": np.zeros(3, np.float32)})


# ---- signatures and kiln.abi --------------------------------------------------------------


def test_signatures_and_records():
    e = refl()
    assert e.signature("scale") == "scale(x: ndarray<f32, 2x3>, opts: {n: i64, alpha: f32}) -> f32"
    assert e["pair"].signature == "pair(p: (i32, i32), ys: [i64, ndarray<i32, ?>]) -> {sum: i32, prod: i32}"
    assert e.signature("total") == "total(xs: list<f64>) -> (total: f64)"
    assert e.record("plain") == {"name": "plain", "a": ["i32", ["ndarray", "f32", 2, 2, None]], "r": ["i32"], "v": 1}
    s = sip()
    assert s.record("combine")["sip"] == "I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0"
    assert s.signature("combine").splitlines()[1] == (
        '  sip I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0: '
        'inputs {"a": _0, "b": [_1, _2]} results {"diff": _1, "sum": _0}'
    )
    with pytest.raises(ValueError, match="no function `@nope`"):
        e.signature("nope")


def test_kiln_abi_helpers():
    text = (CORPUS / "abi_reflection.mlir").read_text()
    names = [r["name"] for r in kiln.abi.records(text)]
    assert names[:4] == ["scale", "pair", "total", "plain"]
    assert kiln.abi.signatures(Module.parse(text))[2] == "total(xs: list<f64>) -> (total: f64)"
    # the worked examples of docs/book/src/reference/abi.md
    assert kiln.abi.mangle_sip([0], 0) == "I8!S5!k0_0R3!_0"
    assert kiln.abi.mangle_sip({"a": [0, 1], "b": 2}, [0]) == "I26!D22!K2!aS9!k0_0k1_1K2!b_2R8!S5!k0_0"
    assert kiln.abi.mangle_sip({"é": 0, "日本": 1}, 0) == "I23!D19!K3!é_0K7!日本_1R3!_0"
    p = kiln.abi.parse_sip("I22!S18!k-1_0k12_1k345_10R3!_0")
    assert p["inputs"] == {"$seq": [[-1, 0], [12, 1], [345, 10]]}
    assert p["results"] == 0
    assert p["text"] == "inputs [-1: _0, 12: _1, 345: _10] results _0"
    with pytest.raises(ValueError, match="at byte"):
        kiln.abi.parse_sip("I0!")
    with pytest.raises(ValueError):
        kiln.abi.mangle_sip({"a": -1}, 0)
