"""The parts of upstream's ``mlir`` API kiln provides beyond its own: typed attributes and
types, ``kiln.runtime``, ``kiln.passmanager`` and the ``ExecutionEngine`` contract."""

import ctypes
import os

import numpy as np
import pytest

import kiln
from kiln.execution_engine import ExecutionEngine
from kiln.ir import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    Context,
    DenseElementsAttr,
    DenseI32ArrayAttr,
    DenseIntElementsAttr,
    DictAttr,
    F32Type,
    FlatSymbolRefAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Module,
    RankedTensorType,
    ShapedType,
    StridedLayoutAttr,
    StringAttr,
    Type,
    TypeAttr,
    VectorType,
)
from kiln.passmanager import PassManager
from kiln.runtime import (
    get_ranked_memref_descriptor,
    get_unranked_memref_descriptor,
    make_nd_memref_descriptor,
    ranked_memref_to_numpy,
    unranked_memref_to_numpy,
)


def test_attributes_are_typed_and_print_as_mlir_does():
    with Context():
        a = Attribute.parse("dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>")
        assert isinstance(a, DenseIntElementsAttr) and list(a) == [0, 1, 2, 3, 4, 5]
        assert str(ShapedType(a.type).element_type) == "i32"
        assert np.array_equal(np.array(a), np.arange(6, dtype=np.int32).reshape(2, 3))
        assert repr(Attribute.parse("[42, true, vector<4xf32>]")) == "ArrayAttr([42, true, vector<4xf32>])"
        assert str(FloatAttr.get(F32Type.get(), 42.0)) == "4.200000e+01 : f32"
        assert str(IntegerAttr.get(IntegerType.get_signless(8), 255)) == "-1 : i8"
        assert IntegerAttr(Attribute.parse("255 : ui8")).value == 255
        assert BoolAttr.get(True).value is True
        d = DictAttr.get({"b": StringAttr.get("x"), "a": IntegerAttr.get(IntegerType.get_signless(32), 1)})
        assert str(d) == '{a = 1 : i32, b = "x"}' and d["b"].value == "x"
        assert str(DenseI32ArrayAttr.get([1, 2])) == "array<i32: 1, 2>"
        assert str(StridedLayoutAttr.get(ShapedType.get_dynamic_stride_or_offset(), [4, 1])) == "strided<[4, 1], offset: ?>"
        assert FlatSymbolRefAttr.get("f").value == "f"
        assert TypeAttr.get(F32Type.get()).value == F32Type.get()
        dense = DenseElementsAttr.get(np.array([[1.5, 2.5]], dtype=np.float32))
        assert str(dense) == "dense<[[1.500000e+00, 2.500000e+00]]> : tensor<1x2xf32>"
        with pytest.raises(ValueError, match="Cannot cast attribute to StringAttr"):
            StringAttr(Attribute.parse("1.0"))
        with pytest.raises(kiln.Error, match="expected floating point type"):
            FloatAttr.get(IntegerType.get_signless(32), 1.0)
        with pytest.raises(kiln.Error, match='"dense<\\[1, 2, 3\\]> : tensor<2xi32>":1:1'):
            Attribute.parse("dense<[1, 2, 3]> : tensor<2xi32>")
        assert ArrayAttr.get([StringAttr.get("a")]) + [StringAttr.get("b")] == Attribute.parse('["a", "b"]')


def test_types_cover_the_builtin_dialect():
    with Context():
        assert str(RankedTensorType.get([2, ShapedType.get_dynamic_size()], F32Type.get())) == "tensor<2x?xf32>"
        assert str(VectorType.get([2, 3], F32Type.get(), scalable=[False, True])) == "vector<2x[3]xf32>"
        assert Type.parse("si8").is_signed and Type.parse("ui8").is_unsigned
        m = MemRefType.get([4, 8], F32Type.get(), memory_space=Attribute.parse("1"))
        assert str(m) == "memref<4x8xf32, 1>" and str(m.layout) == "affine_map<(d0, d1) -> (d0, d1)>"
        assert m.get_strides_and_offset() == ([8, 1], 0)
        with pytest.raises(kiln.Error, match="vector elements must be int/index/float type but got 'none'"):
            VectorType.get([2], Type.parse("none"))


def test_descriptors_view_arrays_without_copying():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)[:, ::2]
    d = get_ranked_memref_descriptor(a)
    assert list(d.shape) == [3, 2] and list(d.strides) == [4, 2] and d.offset == 0
    back = ranked_memref_to_numpy(ctypes.pointer(d))
    assert np.array_equal(back, a)
    back[0, 0] = 100.0
    assert a[0, 0] == 100.0
    u = get_unranked_memref_descriptor(a)
    assert u.rank == 2 and np.array_equal(unranked_memref_to_numpy(ctypes.pointer(u), np.float32), a)
    assert make_nd_memref_descriptor(2, ctypes.c_float) is make_nd_memref_descriptor(2, ctypes.c_float)


ADD = """
func.func @add(%a: memref<2xf32>, %b: memref<2xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c0] : memref<2xf32>
  %y = memref.load %a[%c1] : memref<2xf32>
  %s = arith.addf %x, %y : f32
  memref.store %s, %b[%c0] : memref<2xf32>
  return
}
func.func @callback(%x: f32) -> f32 attributes {llvm.emit_c_interface} {
  %r = call @twice(%x) : (f32) -> f32
  return %r : f32
}
func.func private @twice(f32) -> f32 attributes {llvm.emit_c_interface}
"""


def test_pass_manager_lowers_to_the_llvm_dialect_and_names_unknown_passes():
    m = Module.parse(ADD)
    pm = PassManager.parse("builtin.module(finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)")
    assert str(pm).startswith("builtin.module(")
    pm.run(m.operation)
    assert "llvm.func @_mlir_ciface_add" in m.source_text()
    with pytest.raises(ValueError, match="kiln does not implement the pass `convert-scf-to-cf`"):
        PassManager.parse("builtin.module(convert-scf-to-cf)")


@pytest.mark.parametrize("lowered", [False, True])
def test_invoke_packed_with_descriptors_and_a_callback(lowered, tmp_path):
    m = Module.parse(ADD)
    if lowered:
        PassManager.parse("builtin.module(convert-func-to-llvm)").run(m)
    e = ExecutionEngine(m, opt_level=2)
    seen = []

    @ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_float)
    def twice(x):
        seen.append(x)
        return 2 * x

    e.register_runtime("twice", twice)
    a = np.array([1.5, 2.0], dtype=np.float32)
    b = np.zeros(2, dtype=np.float32)
    pa = ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(a)))
    pb = ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(b)))
    assert e.invoke("add", pa, pb) is None
    assert b[0] == 3.5
    res = (ctypes.c_float * 1)(0.0)
    e.invoke("callback", (ctypes.c_float * 1)(21.0), res)
    assert res[0] == 42.0 and seen == [21.0]
    assert e.raw_lookup("_mlir_ciface_add") and e.raw_lookup("no_such_function") is None
    with pytest.raises(RuntimeError, match="Unknown function nope"):
        e.invoke("nope", ctypes.pointer(ctypes.c_int(1)))
    obj = tmp_path / "m.o"
    e.dump_to_object_file(str(obj))
    assert obj.read_bytes()[:4] == b"\x7fELF"


def test_shared_libs_serve_the_modules_declarations():
    lib = "/usr/lib/llvm-19/lib/libmlir_runner_utils.so.19.1"
    if not os.path.exists(lib):
        pytest.skip("MLIR's C runtime is not installed")
    m = Module.parse(
        "func.func @now() -> i64 attributes {llvm.emit_c_interface} {\n"
        "  %t = call @nanoTime() : () -> i64\n"
        "  return %t : i64\n"
        "}\n"
        "func.func private @nanoTime() -> i64 attributes {llvm.emit_c_interface}\n"
    )
    t = ctypes.c_int64(0)
    # Without the library, the call reaches a declaration nothing defines: an error.
    with pytest.raises(kiln.LoweringError, match="_mlir_ciface_nanoTime"):
        ExecutionEngine(m).invoke("now", ctypes.pointer(t))
    e = ExecutionEngine(m, shared_libs=[lib])
    with pytest.raises(TypeError, match="takes 1 pointer through its C interface"):
        e.invoke("now")
    e.invoke("now", ctypes.pointer(t))
    assert t.value > 0


def test_the_native_modules_stubs_name_everything_it_exports():
    import ast
    import pathlib

    import kiln._kiln as native

    stub = ast.parse((pathlib.Path(kiln.__file__).parent / "_kiln.pyi").read_text())
    declared = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    exported = {n for n in dir(native) if not n.startswith("__")}
    assert exported - declared == set()
    for cls in (native.Attr, native.Ty, native.NativeEngine, native.AffineExpr, native.AffineMap, native.IntegerSet):
        node = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
        methods = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
        public = {m for m in dir(cls) if not m.startswith("_")}
        assert public - methods == set(), cls.__name__


@pytest.mark.parametrize("script", ["tutorial.py", "upstream_style.py"])
def test_the_examples_run(script):
    import pathlib
    import subprocess
    import sys

    # The examples beside the tests (the package may be installed from a wheel elsewhere).
    path = pathlib.Path(__file__).resolve().parents[1] / "examples" / script
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_attributes_are_set_and_removed():
    m = Module.parse(
        "func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a, %a : i32\n  return %r : i32\n}\n"
    )
    f = m.body.operations[0]
    f.attributes["llvm.emit_c_interface"] = kiln.ir.UnitAttr.get()
    assert "attributes {llvm.emit_c_interface}" in str(m)
    add = f.regions[0].blocks[0].operations[0]
    add.attributes["overflowFlags"] = Attribute.parse("#arith.overflow<nsw>")
    assert "arith.addi %arg0, %arg0 overflow<nsw> : i32" in str(m)
    del f.attributes["llvm.emit_c_interface"]
    assert "llvm.emit_c_interface" not in str(m)
    # Inherent attributes are attributes like the others: setting `sym_name` renames.
    f.attributes["sym_name"] = StringAttr.get("g")
    assert "func.func @g(" in str(m)


def test_affine_expressions_simplify_as_mlir_builds_them():
    from kiln.ir import AffineConstantExpr, AffineDimExpr, AffineMap, AffineMapAttr, AffineSymbolExpr

    with Context():
        d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
        assert str(2 + d1) == "d1 + 2" and str(42 - d1) == "-d1 + 42" and str(d0 - d1) == "d0 - d1"
        assert str((d0 + 1) + 2) == "d0 + 3" and str(AffineConstantExpr.get(7) % 3) == "1"
        m = AffineMap.get(2, 1, [d0 + s0, d1 * 4])
        assert str(m) == "(d0, d1)[s0] -> (d0 + s0, d1 * 4)" and m.n_inputs == 3
        attr = AffineMapAttr.get(m)
        assert attr == Attribute.parse("affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 4)>") and attr.value == m
        assert AffineMap.get_permutation([1, 0]).is_permutation
        with pytest.raises(RuntimeError, match="Invalid permutation"):
            AffineMap.get_permutation([0, 0])
        layout = MemRefType.get([4, 4], F32Type.get(), layout=AffineMapAttr.get(AffineMap.get_permutation([1, 0])))
        assert str(layout) == "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"


def test_printing_and_value_classes_as_upstream():
    import io

    from kiln.ir import BlockArgument, Float8E4M3FNType, FloatType, OpResult

    with Context():
        assert isinstance(Type.parse("f8E4M3FN"), FloatType) and str(Float8E4M3FNType.get()) == "f8E4M3FN"
        with pytest.raises(kiln.Error, match="float values of `f8E5M2` are not supported"):
            Attribute.parse("1.0 : f8E5M2")
    m = Module.parse("func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a, %a : i32\n  return %r : i32\n}\n")
    out = io.StringIO()
    m.operation.print(file=out)
    assert out.getvalue() == str(m) + "\n" and m.operation.get_asm(binary=True) == str(m).encode()
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert '%0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32' in generic
    block = m.body.operations[0].regions[0].blocks[0]
    assert BlockArgument.isinstance(block.arguments[0]) and not OpResult.isinstance(block.arguments[0])
    assert OpResult.isinstance(block.operations[0].results[0])


def test_every_public_member_is_documented():
    import inspect

    import kiln.execution_engine as ee
    import kiln.ir as ir
    import kiln.passmanager as pm

    missing = []
    classes = [getattr(ir, n) for n in ir.__all__ if inspect.isclass(getattr(ir, n))]
    for c in classes + [ee.ExecutionEngine, ee.Function, pm.PassManager]:
        if not c.__doc__:
            missing.append(c.__name__)
        for name, m in c.__dict__.items():
            if name.startswith("_"):
                continue
            obj = m.fget if isinstance(m, property) else getattr(m, "__func__", m)
            if (callable(obj) or isinstance(m, property)) and not getattr(obj, "__doc__", None):
                missing.append(f"{c.__name__}.{name}")
    assert missing == []


def test_integer_sets():
    from kiln.ir import AffineDimExpr, AffineSymbolExpr, IntegerSet

    with Context():
        d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
        s = IntegerSet.get(2, 1, [d0 - d1, s0 - d0], [True, False])
        assert str(s) == "(d0, d1)[s0] : (d0 - d1 == 0, -d0 + s0 >= 0)"
        assert (s.n_equalities, s.n_inequalities, s.n_inputs) == (1, 1, 3)
        assert IntegerSet.get_empty(1, 0).is_canonical_empty
        with pytest.raises(ValueError, match="number of constraints to match"):
            IntegerSet.get(2, 1, [d0], [True, False])


def test_verifier_errors_go_to_handlers_when_asked_and_speak_mlirs_words():
    from kiln.ir import Context, Location, MLIRError, Operation

    ctx = Context()
    seen = []
    ctx.attach_diagnostic_handler(lambda d: seen.append((d.message, [str(n) for n in d.notes])) or True)
    with Location.unknown(ctx):
        op = Operation.create("arith.addi")
        with pytest.raises(MLIRError) as e:
            op.verify()
        assert "'arith.addi' op requires one result" in str(e.value) and seen == []
        ctx.emit_error_diagnostics = True
        with pytest.raises(MLIRError) as e:
            op.verify()
        assert e.value.error_diagnostics == []
        [(message, notes)] = seen
        assert message == "'arith.addi' op requires one result"
        assert notes[0].startswith('see current operation: "arith.addi"()')
        with pytest.raises(MLIRError):
            Operation.create("arith.select", results=[], operands=[]).verify()
        assert seen[-1][0] == "'arith.select' op requires one result"
