"""Short constructors of builtin types: ``T.i32()``, ``T.memref(2, 3, T.f32())``,
``T.tensor(S, 4, element_type=T.f64())``, ``T.vector(4, T.f32(), scalable=[True])``. A shape
is written as positional sizes before the element type; no sizes makes the unranked type."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..ir import (
    Attribute,
    BF16Type,
    ComplexType,
    F16Type,
    F32Type,
    F64Type,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)


def i(width: int) -> Type:
    return IntegerType.get_signless(width)


def si(width: int) -> Type:
    return IntegerType.get_signed(width)


def ui(width: int) -> Type:
    return IntegerType.get_unsigned(width)


def _sized(make, width):
    f = lambda: make(width)  # noqa: E731
    f.__doc__ = f"The {make.__name__}{width} type."
    return f


bool = _sized(i, 1)  # noqa: A001
i1, i8, i16, i32, i64 = (_sized(i, w) for w in (1, 8, 16, 32, 64))
si1, si8, si16, si32, si64 = (_sized(si, w) for w in (1, 8, 16, 32, 64))
ui1, ui8, ui16, ui32, ui64 = (_sized(ui, w) for w in (1, 8, 16, 32, 64))


def index() -> Type:
    return IndexType.get()


def f16() -> Type:
    return F16Type.get()


def bf16() -> Type:
    return BF16Type.get()


def f32() -> Type:
    return F32Type.get()


def f64() -> Type:
    return F64Type.get()


def none() -> Type:
    return NoneType.get()


def _shape_and_element(args: Sequence[Any], element_type: Optional[Type]):
    if element_type is None:
        if not args or not isinstance(args[-1], Type):
            raise ValueError("the element type is the last positional argument or `element_type=`")
        return list(args[:-1]), args[-1]
    return list(args), element_type


def _attribute(a: Any) -> Any:
    if a is None or isinstance(a, Attribute):
        return a
    if isinstance(a, str):
        from ..ir import StringAttr

        return StringAttr.get(a)
    return a


def tensor(*args: Any, element_type: Optional[Type] = None, encoding: Any = None) -> Type:
    shape, element = _shape_and_element(args, element_type)
    if not shape:
        return UnrankedTensorType.get(element)
    return RankedTensorType.get(shape, element, _attribute(encoding))


def memref(
    *args: Any, element_type: Optional[Type] = None, memory_space: Any = None, layout: Any = None
) -> Type:
    shape, element = _shape_and_element(args, element_type)
    if not shape:
        return UnrankedMemRefType.get(element, memory_space)
    return MemRefType.get(shape, element, layout, memory_space)


def vector(
    *args: Any,
    element_type: Optional[Type] = None,
    scalable: Optional[Sequence[bool]] = None,
    scalable_dims: Optional[Sequence[int]] = None,
) -> Type:
    shape, element = _shape_and_element(args, element_type)
    return VectorType.get(shape, element, scalable=scalable, scalable_dims=scalable_dims)


def complex(element_type: Type) -> Type:  # noqa: A001
    return ComplexType.get(element_type)


def tuple(*elements: Type) -> Type:  # noqa: A001
    return TupleType.get_tuple(list(elements))


def function(*, inputs: Sequence[Type], results: Sequence[Type]) -> Type:
    return FunctionType.get(list(inputs), list(results))


def opaque(dialect_namespace: str, type_data: str) -> Type:
    return OpaqueType.get(dialect_namespace, type_data)
