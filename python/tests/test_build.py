"""Building IR with InsertionPoint and the dialect classes."""

import platform
import subprocess
import sys

import pytest

import kiln
from kiln.ir import (
    Context,
    F32Type,
    FunctionType,
    IndexType,
    InsertionPoint,
    IntegerType,
    Location,
    MemRefType,
    Module,
    Operation,
)
from kiln.dialects import arith, cf, func, memref

SUM = """module {
  func.func @sum(%arg0: memref<?xf32>) -> f32 {
    %0 = arith.constant 0 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 0.0 : f32
    %3 = memref.dim %arg0, %0 : memref<?xf32>
    cf.br ^bb1(%0, %2 : index, f32)
  ^bb1(%arg1: index, %arg2: f32):
    %4 = arith.cmpi slt, %arg1, %3 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:
    %5 = memref.load %arg0[%arg1] : memref<?xf32>
    %6 = arith.addf %arg2, %5 : f32
    %7 = arith.addi %arg1, %1 : index
    cf.br ^bb1(%7, %6 : index, f32)
  ^bb3:
    func.return %arg2 : f32
  }
}
"""


def build_sum() -> Module:
    index, f32 = IndexType.get(), F32Type.get()
    vec = MemRefType.get([None], f32)
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("sum", FunctionType.get([vec], [f32]))
        entry = f.add_entry_block()
        loop = f.body.blocks.append(index, f32)
        body = f.body.blocks.append()
        done = f.body.blocks.append()
        (m,) = entry.arguments
        with InsertionPoint(entry):
            c0 = arith.ConstantOp(index, 0)
            c1 = arith.ConstantOp(index, 1)
            zero = arith.ConstantOp(f32, 0.0)
            n = memref.DimOp(m, c0.result)
            cf.BranchOp([c0.result, zero.result], loop)
        i, acc = loop.arguments
        with InsertionPoint(loop):
            more = arith.CmpIOp("slt", i, n.result)
            cf.CondBranchOp(more.result, [], [], body, done)
        with InsertionPoint(body):
            x = memref.LoadOp(m, [i])
            acc2 = arith.AddFOp(acc, x.result)
            i2 = arith.AddIOp(i, c1.result)
            cf.BranchOp([i2.result, acc2.result], loop)
        with InsertionPoint(done):
            func.ReturnOp([acc])
    return module


def test_built_ir_prints_and_verifies_like_parsed_ir():
    built = build_sum()
    assert built.operation.verify()
    parsed = Module.parse(SUM)
    assert str(built) == str(parsed)


def test_built_ir_runs():
    np = pytest.importorskip("numpy")
    from kiln.execution_engine import ExecutionEngine

    e = ExecutionEngine(build_sum())
    x = np.arange(10, dtype=np.float32)
    assert e["sum"](x) == pytest.approx(45.0)


def test_insertion_points_and_generic_create():
    i32 = IntegerType.get_signless(32)
    with Context():
        module = Module.create()
        with InsertionPoint(module.body):
            g = func.FuncOp("g", ([i32], [i32]))
            f = func.FuncOp("f", ([i32], [i32]))
        with InsertionPoint.at_block_begin(module.body):
            func.FuncOp("ext", ([i32], []), visibility="private")
        assert [o.sym_name.value for o in module.body.operations] == ["ext", "g", "f"]
        with InsertionPoint(g.add_entry_block()):
            func.ReturnOp(g.arguments)
        entry = f.add_entry_block()
        (a,) = entry.arguments
        with InsertionPoint(entry):
            ret = func.ReturnOp([a])
        with InsertionPoint(ret):  # before the return
            call = func.CallOp(g, [a])
            twice = arith.AddIOp(call.result, call.result)
        with InsertionPoint.at_block_begin(entry):
            c = arith.ConstantOp(i32, -7)
            c2 = arith.ConstantOp(i32, 5)
        gen = Operation.create(
            "test.op", results=[i32], operands=[c.result, c2.result], attributes={"k": "1 : i32"}, ip=InsertionPoint(ret)
        )
        assert gen.name == "test.op" and gen.attributes["k"] == "1 : i32"
        assert [o.name for o in entry.operations] == [
            "arith.constant", "arith.constant", "func.call", "arith.addi", "test.op", "func.return"
        ]  # fmt: skip
        ret.erase()
        with InsertionPoint(entry):
            func.ReturnOp([twice.result])
        gen.erase()
        text = str(module)
        assert "func.func private @ext(i32)" in text
        # Inside a function, func's operations print without their dialect, as MLIR prints them.
        assert f"{call.result.name} = call @g(%arg0) : (i32) -> i32" in text
        assert f"{c.result.name} = arith.constant -7 : i32" in text
        assert len({v.name for o in entry.operations for v in o.results}) == 4
        again = Module.parse(text)
        assert str(again) == text
        assert module.operation.verify()


def test_built_ir_that_does_not_verify():
    i32 = IntegerType.get_signless(32)
    f32 = F32Type.get()
    with Context():
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("bad", ([i32], [f32]))
        with InsertionPoint(f.add_entry_block()):
            func.ReturnOp(f.arguments)
        with pytest.raises(kiln.VerifyError) as e:
            module.operation.verify()
        assert any(
            "type of return operand 0 ('i32') doesn't match function result type ('f32')" in d.message
            for d in e.value.diagnostics
        )
        assert "Verification failed" in str(e.value)


def test_building_errors_are_python_errors():
    i32 = IntegerType.get_signless(32)
    with Context():
        module = Module.create()
        # Without an insertion point an operation is built detached, as upstream builds it.
        detached = func.FuncOp("d", ([], []))
        assert detached.parent is None and detached.block is None
        with InsertionPoint(module.body):
            f = func.FuncOp("f", ([i32], []))
            h = func.FuncOp("h", ([i32], []))
        with pytest.raises(ValueError, match="already attached"):
            InsertionPoint(module.body).insert(f)
        with pytest.raises(ValueError, match="its own region"):
            InsertionPoint(f.add_entry_block()).insert(module.operation)
        with InsertionPoint(f.entry_block):
            with pytest.raises(ValueError, match="not a constant"):
                arith.ConstantOp(i32, 1.5)
            with pytest.raises(ValueError, match="does not fit"):
                arith.ConstantOp(IntegerType.get_signless(8), 300)
            with pytest.raises(ValueError, match="another context"):
                with Context():
                    arith.AddIOp(Module.parse("func.func @z(%a: i32) {\n  return\n}").body.operations[0].arguments[0], f.arguments[0])
            with pytest.raises(ValueError):
                arith.CmpIOp("less", f.arguments[0], f.arguments[0])


def test_flags_as_upstreams_builders_take_them():
    i32, f32 = IntegerType.get_signless(32), F32Type.get()
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("f", FunctionType.get([i32, f32], [i32, f32]))
        entry = f.add_entry_block()
        x, a = entry.arguments
        with InsertionPoint(entry):
            s = arith.AddIOp(x, x, overflowFlags="nsw")
            p = arith.MulIOp(s.result, x, overflowFlags="#arith.overflow<nsw, nuw>")
            g = arith.AddFOp(a, a, fastmath="fast")
            n = arith.NegFOp(g.result, fastmath="nnan,ninf")
            lt = arith.CmpFOp("olt", n.result, a, fastmath="nsz")
            r = arith.SelectOp(lt.result, n.result, g.result)
            func.ReturnOp([p.result, r.result])
        with pytest.raises(ValueError, match="no overflow flags"):
            with InsertionPoint(entry):
                arith.AddFOp(a, a, overflowFlags="nsw")
        with pytest.raises(ValueError, match="no fast-math flags"):
            with InsertionPoint(entry):
                arith.AddIOp(x, x, fastmath="fast")
    text = str(module)
    assert "arith.addi %arg0, %arg0 overflow<nsw> : i32" in text, text
    assert "overflow<nsw, nuw>" in text and "fastmath<fast>" in text, text
    assert "fastmath<nnan,ninf>" in text and "fastmath<nsz>" in text, text
    ir = kiln.compile(module, emit="llvm-ir")
    for flagged in ("add nsw i32", "mul nuw nsw i32", "fadd fast float", "fneg nnan ninf float", "fcmp nsz olt"):
        assert flagged in ir, ir


def test_an_operation_with_one_result_stands_for_it():
    # Upstream's builders take a single-result operation where a Value goes.
    index, f32 = IndexType.get(), F32Type.get()
    vec = MemRefType.get([None], f32)
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("first", FunctionType.get([vec], [f32]))
        entry = f.add_entry_block()
        (m,) = entry.arguments
        with InsertionPoint(entry):
            c0 = arith.ConstantOp(index, 0)
            n = memref.DimOp(m, c0)
            last = arith.SubIOp(n, arith.ConstantOp(index, 1))
            x = memref.LoadOp(m, [last])
            y = arith.AddFOp(x, x)
            func.ReturnOp([y])
            with pytest.raises(TypeError, match="operands must be Values"):
                arith.AddFOp(1.0, y)
    assert module.operation.verify()
    assert "memref.load %arg0[%0] : memref<?xf32>" in str(module), str(module)
    assert "arith.subi %dim, %c1 : index" in str(module), str(module)


def test_predicates_as_upstreams_enums():
    i32, f32 = IntegerType.get_signless(32), F32Type.get()
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("cmp", FunctionType.get([i32, f32], [IntegerType.get_signless(1)]))
        entry = f.add_entry_block()
        x, a = entry.arguments
        with InsertionPoint(entry):
            lt = arith.CmpIOp(arith.CmpIPredicate.slt, x, x)
            uno = arith.CmpFOp(arith.CmpFPredicate.UNO, a, a)
            func.ReturnOp([arith.AndIOp(lt, uno)])
    text = str(module)
    assert "arith.cmpi slt, %arg0, %arg0 : i32" in text, text
    assert "arith.cmpf uno, %arg1, %arg1 : f32" in text, text


def test_from_py_func_as_upstream():
    f32 = F32Type.get()
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):

            @func.FuncOp.from_py_func(f32, f32)
            def add(a, b):
                return arith.AddFOp(a, b)

            @func.FuncOp.from_py_func(f32, name="twice")
            def both(x):
                return x, arith.MulFOp(x, x)

    assert add.func_op.sym_name.value == "add" and both.func_op.sym_name.value == "twice"
    text = str(module)
    assert "func.func @add(%arg0: f32, %arg1: f32) -> f32 {" in text, text
    assert "func.func @twice(%arg0: f32) -> (f32, f32) {" in text, text
    assert module.operation.verify()


def test_generic_atomic_rmw_as_upstream_builds_it():
    import numpy as np

    from kiln.execution_engine import ExecutionEngine

    with Context(), Location.unknown():
        i32, index = IntegerType.get_signless(32), IndexType.get()
        vec = MemRefType.get([4], i32)
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("bump", FunctionType.get([vec, index, i32], [i32]))
        entry = f.add_entry_block()
        m, i, x = entry.arguments
        with InsertionPoint(entry):
            rmw = memref.GenericAtomicRMWOp(i32, m, [i])
            body = rmw.atomic_body.blocks.append(i32)
            with InsertionPoint(body):
                memref.AtomicYieldOp(arith.addi(body.arguments[0], x))
            func.ReturnOp([rmw.result])
        text = str(module)
        assert "memref.generic_atomic_rmw %arg0[%arg1] : memref<4xi32> {" in text
        assert "^bb0(%arg3: i32):" in text and "memref.atomic_yield %1 : i32" in text
        assert module.operation.verify()
        data = np.array([1, 2, 3, 4], dtype=np.int32)
        old = ExecutionEngine(module)["bump"](data, 2, 10)
        assert old == 3 and data.tolist() == [1, 2, 13, 4]


@pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() != "x86_64",
    reason="kiln loads LLVM on first use on x86-64 Linux; elsewhere it is linked",
)
def test_only_generating_code_loads_llvm():
    # A fresh interpreter: this one has compiled already.
    script = f"""
import kiln
from kiln.ir import Module

def llvm_mapped():
    with open("/proc/self/maps") as maps:
        return "libLLVM" in maps.read()

module = Module.parse({SUM!r})
assert module.operation.verify()
str(module)
assert kiln.llvm_version[0] == 19, kiln.llvm_version
assert not llvm_mapped(), "importing, parsing and printing loaded LLVM"
assert "define float @sum" in kiln.compile(module)
assert llvm_mapped(), "compiling did not load LLVM"
"""
    subprocess.run([sys.executable, "-c", script], check=True)
