"""Views keep their module alive; erased IR makes stale views raise, never crash."""

import gc

import pytest

from kiln.ir import Context, InsertionPoint, IntegerType, Module
from kiln.dialects import arith, func

from conftest import CORPUS


def test_op_outlives_dropped_module():
    m = Module.parse((CORPUS / "loops.mlir").read_text())
    op = m.body.operations[0].regions[0].blocks[0].operations[0]
    value = op.results[0] if op.results else op.operands[0]
    del m
    gc.collect()
    assert op.name
    assert str(value.type)
    assert op.parent.opview.sym_name.value == "factorial"
    assert "func.func @factorial" in str(op.parent.parent)


def test_use_after_erase_raises():
    i32 = IntegerType.get_signless(32)
    with Context():
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", ([i32], [i32]))
        entry = f.add_entry_block()
        with InsertionPoint(entry):
            c = arith.ConstantOp(i32, 3)
            s = arith.AddIOp(f.arguments[0], c.result)
            func.ReturnOp([f.arguments[0]])
        res = s.result
        with pytest.raises(RuntimeError, match="still used"):
            c.erase()
        s.erase()
        assert not s.is_valid
        for stale in (lambda: s.name, lambda: s.operands, lambda: res.type, lambda: res.owner):
            with pytest.raises(RuntimeError, match="stale"):
                stale()
        assert "erased" in repr(s)
        c.erase()
        assert [o.name for o in entry.operations] == ["func.return"]
        assert m.operation.verify()
        f.erase()
        with pytest.raises(RuntimeError):
            entry.operations
        with pytest.raises(RuntimeError):
            f.sym_name
        assert str(m) == "module {\n}\n"


def test_views_survive_insertions():
    i32 = IntegerType.get_signless(32)
    with Context():
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", ([i32], [i32]))
        entry = f.add_entry_block()
        with InsertionPoint(entry):
            ret = func.ReturnOp(f.arguments)
        gen = m.generation
        with InsertionPoint.at_block_begin(entry):
            for k in range(5):
                arith.ConstantOp(i32, k)
        assert m.generation == gen + 5
        assert ret.name == "func.return" and ret.operands[0] == f.arguments[0]
        assert entry.operations[-1] == ret
        assert [o.value for o in entry.operations[:-1]] == [0, 1, 2, 3, 4]
