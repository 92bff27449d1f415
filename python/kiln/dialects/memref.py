"""``memref`` operations: ``AllocOp``, ``AllocaOp``, ``DeallocOp``, ``LoadOp``,
``StoreOp``, ``DimOp``, ``RankOp``, ``CastOp``."""

from __future__ import annotations

from typing import Optional, Sequence

from ..ir import (
    DenseI32ArrayAttr,
    IndexType,
    InsertionPoint,
    Location,
    MemRefType,
    OpView,
    Type,
    Value,
    _create,
    _operand_value,
    register_op_class,
)
from ._ods_common import adopt

__all__ = ["AllocOp", "AllocaOp", "DeallocOp", "LoadOp", "StoreOp", "DimOp", "RankOp", "CastOp"]


class _Alloc(OpView):
    def __init__(
        self,
        memref: Type,
        dynamic_sizes: Sequence[Value] = (),
        symbol_operands: Sequence[Value] = (),
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        sizes = [len(dynamic_sizes), len(symbol_operands)]
        attrs = {"operandSegmentSizes": DenseI32ArrayAttr.get(sizes)}
        operands = list(dynamic_sizes) + list(symbol_operands)
        adopt(self, _create(self.OPERATION_NAME, operands, [memref], attrs, [], ip, loc))

    @property
    def memref(self) -> Value:
        return self.result


@register_op_class
class AllocOp(_Alloc):
    """``memref.alloc``: ``AllocOp(memref_type, [dynamic sizes])``."""

    OPERATION_NAME = "memref.alloc"


@register_op_class
class AllocaOp(_Alloc):
    """``memref.alloca``: ``AllocaOp(memref_type, [dynamic sizes])``."""

    OPERATION_NAME = "memref.alloca"


@register_op_class
class DeallocOp(OpView):
    """``memref.dealloc``: ``DeallocOp(memref)``."""

    OPERATION_NAME = "memref.dealloc"

    def __init__(self, memref: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        adopt(self, _create(self.OPERATION_NAME, [memref], [], {}, [], ip, loc))


@register_op_class
class LoadOp(OpView):
    """``memref.load``: ``LoadOp(memref, [indices])``; the result is an element."""

    OPERATION_NAME = "memref.load"

    def __init__(
        self,
        memref: Value,
        indices: Sequence[Value] = (),
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        memref = _operand_value(memref)
        elem = MemRefType(memref.type).element_type
        adopt(self, _create(self.OPERATION_NAME, [memref, *indices], [elem], {}, [], ip, loc))

    @property
    def memref(self) -> Value:
        return self.operands[0]

    @property
    def indices(self) -> list:
        return list(self.operands[1:])


@register_op_class
class StoreOp(OpView):
    """``memref.store``: ``StoreOp(value, memref, [indices])``."""

    OPERATION_NAME = "memref.store"

    def __init__(
        self,
        value: Value,
        memref: Value,
        indices: Sequence[Value] = (),
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        adopt(self, _create(self.OPERATION_NAME, [value, memref, *indices], [], {}, [], ip, loc))

    @property
    def value(self) -> Value:
        return self.operands[0]

    @property
    def memref(self) -> Value:
        return self.operands[1]

    @property
    def indices(self) -> list:
        return list(self.operands[2:])


@register_op_class
class DimOp(OpView):
    """``memref.dim``: ``DimOp(source, index)`` (an ``index`` value)."""

    OPERATION_NAME = "memref.dim"

    def __init__(self, source: Value, index: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        adopt(self, _create(self.OPERATION_NAME, [source, index], [IndexType.get()], {}, [], ip, loc))


@register_op_class
class RankOp(OpView):
    """``memref.rank``: ``RankOp(memref)``."""

    OPERATION_NAME = "memref.rank"

    def __init__(self, memref: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        adopt(self, _create(self.OPERATION_NAME, [memref], [IndexType.get()], {}, [], ip, loc))


@register_op_class
class CastOp(OpView):
    """``memref.cast``: ``CastOp(dest_type, source)``."""

    OPERATION_NAME = "memref.cast"

    def __init__(self, dest: Type, source: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        adopt(self, _create(self.OPERATION_NAME, [source], [dest], {}, [], ip, loc))
