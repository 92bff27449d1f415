"""``memref`` operations: ``AllocOp``, ``AllocaOp``, ``DeallocOp``, ``LoadOp``,
``StoreOp``, ``DimOp``, ``RankOp``, ``CastOp``, ``GenericAtomicRMWOp``, ``AtomicYieldOp``."""

from __future__ import annotations

import operator
from itertools import accumulate
from typing import Any, Optional, Sequence, Tuple

from . import arith as _arith
from ..ir import (
    Attribute,
    DenseI32ArrayAttr,
    DenseI64ArrayAttr,
    IntegerAttr,
    IntegerType,
    Operation,
    ShapedType,
    StridedLayoutAttr,
    StringAttr,
    TypeAttr,
    UnitAttr,
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

__all__ = [
    "AllocOp", "AllocaOp", "DeallocOp", "LoadOp", "StoreOp", "DimOp", "RankOp", "CastOp",
    "GenericAtomicRMWOp", "AtomicYieldOp",
]


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


@register_op_class
class SubViewOp(OpView):
    """``memref.subview``: ``SubViewOp(result_type, source, offsets, sizes, strides,
    static_offsets, static_sizes, static_strides)`` (upstream's generated builder; the
    ``subview`` function infers the result type)."""

    OPERATION_NAME = "memref.subview"

    def __init__(
        self,
        result: Type,
        source: Value,
        offsets: Sequence[Value],
        sizes: Sequence[Value],
        strides: Sequence[Value],
        static_offsets: Sequence[int],
        static_sizes: Sequence[int],
        static_strides: Sequence[int],
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        attrs = {
            "operandSegmentSizes": DenseI32ArrayAttr.get([1, len(offsets), len(sizes), len(strides)]),
            "static_offsets": DenseI64ArrayAttr.get(list(static_offsets)),
            "static_sizes": DenseI64ArrayAttr.get(list(static_sizes)),
            "static_strides": DenseI64ArrayAttr.get(list(static_strides)),
        }
        operands = [source, *offsets, *sizes, *strides]
        adopt(self, _create(self.OPERATION_NAME, operands, [result], attrs, [], ip, loc))

    def _segment(self, k: int) -> list:
        sizes = [int(x) for x in self.attributes["operandSegmentSizes"]]
        start = sum(sizes[:k])
        return list(self.operands[start : start + sizes[k]])

    @property
    def source(self) -> Value:
        """The memref viewed."""
        return self.operands[0]

    @property
    def offsets(self) -> list:
        """The dynamic offsets."""
        return self._segment(1)

    @property
    def sizes(self) -> list:
        """The dynamic sizes."""
        return self._segment(2)

    @property
    def strides(self) -> list:
        """The dynamic strides."""
        return self._segment(3)


@register_op_class
class GlobalOp(OpView):
    """``memref.global``: ``GlobalOp(sym_name, type_, sym_visibility=, initial_value=,
    constant=, alignment=)``."""

    OPERATION_NAME = "memref.global"

    def __init__(
        self,
        sym_name: Any,
        type_: Any,
        *,
        sym_visibility: Any = None,
        initial_value: Any = None,
        constant: Any = None,
        alignment: Any = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        attrs: dict = {
            "sym_name": sym_name if isinstance(sym_name, Attribute) else StringAttr.get(str(sym_name)),
            "type": type_ if isinstance(type_, Attribute) else TypeAttr.get(type_),
        }
        if sym_visibility is not None:
            attrs["sym_visibility"] = (
                sym_visibility if isinstance(sym_visibility, Attribute) else StringAttr.get(str(sym_visibility))
            )
        if initial_value is not None:
            attrs["initial_value"] = initial_value
        if constant:
            attrs["constant"] = UnitAttr.get()
        if alignment is not None:
            attrs["alignment"] = (
                alignment if isinstance(alignment, Attribute) else IntegerAttr.get(IntegerType.get_signless(64), alignment)
            )
        adopt(self, _create(self.OPERATION_NAME, [], [], attrs, [], ip, loc))


@register_op_class
class GenericAtomicRMWOp(OpView):
    """``memref.generic_atomic_rmw``: ``GenericAtomicRMWOp(element_type, memref, indices)``.
    The element is replaced by what its region yields from the value it holds, retried
    until no other write came between; the result is the value before. The region's one
    block takes that value: ``op.atomic_body.blocks.append(element_type)``, ended by
    ``AtomicYieldOp``."""

    OPERATION_NAME = "memref.generic_atomic_rmw"

    def __init__(self, result: Type, memref: Value, indices: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        operands = [_operand_value(memref), *(_operand_value(i) for i in indices)]
        adopt(self, Operation.create(self.OPERATION_NAME, [result], operands, {}, [], 1, loc, ip))

    @property
    def memref(self) -> Value:
        """The memref."""
        return self.operation.operands[0]

    @property
    def indices(self) -> list:
        """One index per dimension."""
        return list(self.operation.operands)[1:]

    @property
    def atomic_body(self) -> Any:
        """The region computing the new value."""
        return self.regions[0]


@register_op_class
class AtomicYieldOp(OpView):
    """``memref.atomic_yield``: ``AtomicYieldOp(value)`` ends a ``GenericAtomicRMWOp``'s
    region with the value to store."""

    OPERATION_NAME = "memref.atomic_yield"

    def __init__(self, result: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        adopt(self, _create(self.OPERATION_NAME, [result], [], {}, [], ip, loc))

    @property
    def result(self) -> Value:  # type: ignore[override]
        """The value yielded."""
        return self.operation.operands[0]


def generic_atomic_rmw(result: Type, memref: Value, indices: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """``GenericAtomicRMWOp(result, memref, indices).result``: its region is still to fill."""
    return GenericAtomicRMWOp(result, memref, indices, loc=loc, ip=ip).result


def atomic_yield(result: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> AtomicYieldOp:
    """``AtomicYieldOp(result)``."""
    return AtomicYieldOp(result, loc=loc, ip=ip)


def _is_constant_int_like(i: Any) -> bool:
    return (
        isinstance(i, Value)
        and isinstance(i.owner, Operation)
        and isinstance(i.owner.opview, _arith.ConstantOp)
        and _arith._is_integer_like_type(i.type)
    )


def _is_static_int_like(i: Any) -> bool:
    return isinstance(i, int) and not ShapedType.is_dynamic_size(i)


def _infer_memref_subview_result_type(
    source_memref_type: Type, offsets: Sequence[Any], static_sizes: Sequence[Any], static_strides: Sequence[Any]
) -> Tuple[list, list, list, Type]:
    """Upstream's inference of a subview's type from static (or constant) offsets, sizes
    and strides: the offsets, sizes and strides with constants folded, and the type."""
    source = MemRefType(source_memref_type)
    source_strides, source_offset = source.get_strides_and_offset()
    offsets, static_sizes, static_strides = list(offsets), list(static_sizes), list(static_strides)
    for s in (static_sizes, static_strides):
        for idx, i in enumerate(s):
            if _is_constant_int_like(i):
                s[idx] = i.owner.opview.literal_value
    if not all(all(_is_static_int_like(i) for i in s) for s in (static_sizes, static_strides, source_strides)):
        raise ValueError("Only inferring from python or mlir integer constant is supported.")
    for idx, i in enumerate(offsets):
        if _is_constant_int_like(i):
            offsets[idx] = i.owner.opview.literal_value
    if any(not _is_static_int_like(i) for i in offsets + [source_offset]):
        target_offset = ShapedType.get_dynamic_size()
    else:
        target_offset = source_offset
        for offset, stride in zip(offsets, source_strides):
            target_offset += offset * stride
    target_strides = [a * b for a, b in zip(source_strides, static_strides)]
    default_strides = list(accumulate(static_sizes[1:][::-1], operator.mul))[::-1] + [1]
    layout = None
    if not (target_strides == default_strides and target_offset == 0):
        layout = StridedLayoutAttr.get(target_offset, target_strides)
    result = MemRefType.get(static_sizes, source.element_type, layout, source.memory_space)
    return offsets, static_sizes, static_strides, result


def _dispatch_mixed_values(values: Sequence[Any]) -> Tuple[list, list]:
    """The dynamic values and the static list (``ShapedType.get_dynamic_size()`` where a
    value stands)."""
    dynamic, static = [], []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            dynamic.append(_operand_value(v))
            static.append(ShapedType.get_dynamic_size())
    return dynamic, static


def subview(
    source: Any,
    offsets: Optional[Sequence[Any]],
    sizes: Optional[Sequence[Any]],
    strides: Optional[Sequence[Any]],
    *,
    result_type: Optional[Type] = None,
    loc: Optional[Location] = None,
    ip: Optional[InsertionPoint] = None,
) -> Value:
    """A ``memref.subview`` of ``source``: offsets, sizes and strides are ints or index
    values; the result type is inferred when sizes and strides are static (or constants),
    else ``result_type`` gives it."""
    source = _operand_value(source)
    offsets, sizes, strides = list(offsets or []), list(sizes or []), list(strides or [])
    source_strides, _ = MemRefType(source.type).get_strides_and_offset()
    if result_type is None and all(
        all(_is_static_int_like(i) or _is_constant_int_like(i) for i in s) for s in (sizes, strides, source_strides)
    ):
        offsets, sizes, strides, result_type = _infer_memref_subview_result_type(source.type, offsets, sizes, strides)
    elif result_type is None:
        raise ValueError("mixed static/dynamic offset/sizes/strides requires explicit result type.")
    offsets, static_offsets = _dispatch_mixed_values(offsets)
    sizes, static_sizes = _dispatch_mixed_values(sizes)
    strides, static_strides = _dispatch_mixed_values(strides)
    return SubViewOp(
        result_type, source, offsets, sizes, strides, static_offsets, static_sizes, static_strides, loc=loc, ip=ip
    ).result


def alloc(memref: Type, dynamic_sizes: Sequence[Value] = (), symbol_operands: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """The value of a new ``memref.alloc``."""
    return AllocOp(memref, dynamic_sizes, symbol_operands, loc=loc, ip=ip).result


def alloca(memref: Type, dynamic_sizes: Sequence[Value] = (), symbol_operands: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """The value of a new ``memref.alloca``."""
    return AllocaOp(memref, dynamic_sizes, symbol_operands, loc=loc, ip=ip).result


def load(memref: Value, indices: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """The value of a new ``memref.load``."""
    return LoadOp(memref, indices, loc=loc, ip=ip).result


def store(value: Value, memref: Value, indices: Sequence[Value] = (), *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> StoreOp:
    """A new ``memref.store``."""
    return StoreOp(value, memref, indices, loc=loc, ip=ip)


def dim(source: Value, index: Value, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """The value of a new ``memref.dim``."""
    return DimOp(source, index, loc=loc, ip=ip).result


def global_(sym_name: Any, type_: Any, **kwargs: Any) -> GlobalOp:
    """A new ``memref.global`` (upstream's name: ``global`` is Python's keyword)."""
    return GlobalOp(sym_name, type_, **kwargs)


__all__ += ["SubViewOp", "GlobalOp", "subview", "alloc", "alloca", "load", "store", "dim", "global_"]
