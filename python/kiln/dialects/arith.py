"""``arith`` operations: ``arith.ConstantOp(IntegerType.get_signless(32), 42)``,
``arith.AddIOp(a, b)``, ``arith.CmpIOp("slt", a, b)``, ``arith.ExtSIOp(i64, x)`` ..."""

from __future__ import annotations

import enum
from typing import Any, Optional, Union

from ..ir import (
    Attribute,
    BoolAttr,
    DenseFPElementsAttr,
    DenseIntElementsAttr,
    F64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    ShapedType,
    InsertionPoint,
    IntegerType,
    Location,
    OpView,
    Type,
    Value,
    _create,
    _operand_value,
    register_op_class,
)
from ._ods_common import adopt

__all__ = [
    "ConstantOp",
    "CmpIOp",
    "CmpFOp",
    "SelectOp",
    "NegFOp",
    "CmpIPredicate",
    "CmpFPredicate",
    "FastMathFlags",
    "IntegerOverflowFlags",
]


class CmpIPredicate(enum.IntEnum):
    """``arith.cmpi``'s predicates, numbered as MLIR numbers them."""

    eq = 0
    ne = 1
    slt = 2
    sle = 3
    sgt = 4
    sge = 5
    ult = 6
    ule = 7
    ugt = 8
    uge = 9


class CmpFPredicate(enum.IntEnum):
    """``arith.cmpf``'s predicates, numbered as MLIR numbers them."""

    AlwaysFalse = 0
    OEQ = 1
    OGT = 2
    OGE = 3
    OLT = 4
    OLE = 5
    ONE = 6
    ORD = 7
    UEQ = 8
    UGT = 9
    UGE = 10
    ULT = 11
    ULE = 12
    UNE = 13
    UNO = 14
    AlwaysTrue = 15


@register_op_class
class ConstantOp(OpView):
    """``arith.constant``: ``ConstantOp(result_type, value)`` with an int, float or bool."""

    OPERATION_NAME = "arith.constant"

    def __init__(
        self,
        result: Type,
        value: Union[int, float, bool, Attribute],
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        is_float = isinstance(result, Type) and result._ty.kind == "float"
        if not isinstance(value, (Attribute, bool, int, float)) and hasattr(value, "__len__"):
            # An array of values (Python's `array`, numpy, a list): a dense constant of the
            # shaped result type.
            value = _dense(result, value)
        if isinstance(value, Attribute):
            text = str(value)
        elif isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            if isinstance(result, IntegerType) or IntegerType.isinstance(result):
                width = IntegerType(result).width
                if not -(1 << (width - 1)) <= value < (1 << width):
                    raise ValueError(f"{value} does not fit in {result}")
            text = str(value)
        elif isinstance(value, float):
            if not is_float:
                raise ValueError(f"{value} is not a constant of type {result} (an integer type)")
            text = repr(value)
        else:
            raise TypeError(f"a constant's value is an int, float or bool, not {type(value).__name__}")
        adopt(self, _create(self.OPERATION_NAME, [], [result], {"value": text}, [], ip, loc))

    @classmethod
    def create_index(cls, value: int, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> "ConstantOp":
        """An ``index`` constant."""
        return cls(IndexType.get(), value, loc=loc, ip=ip)

    @property
    def type(self) -> Type:
        """The constant's type."""
        return self.result.type

    @property
    def value(self) -> Any:
        """The constant as a Python number (``bool`` for ``i1``), or its attribute when it
        is no scalar."""
        a = self.attributes["value"]
        if BoolAttr.isinstance(a):
            return BoolAttr(a).value
        if IntegerAttr.isinstance(a):
            v = IntegerAttr(a).value
            return bool(v) if IntegerType.isinstance(a.type) and IntegerType(a.type).width == 1 else v
        if FloatAttr.isinstance(a):
            return FloatAttr(a).value
        return a

    @property
    def literal_value(self) -> Union[int, float, bool]:
        """The constant as a Python number; ``ValueError`` for a non-scalar constant."""
        v = self.value
        if isinstance(v, Attribute):
            raise ValueError("only integer and float constants have literal values")
        return v


def _dense(result: Type, values: Any) -> Attribute:
    """A dense attribute of ``result`` (a vector or tensor type) holding ``values``."""
    import numpy as np

    element = ShapedType(result).element_type
    if _is_float_type(element):
        return DenseFPElementsAttr.get(np.asarray(values, dtype=np.float64 if F64Type.isinstance(element) else np.float32), type=result)
    width = IntegerType(element).width if IntegerType.isinstance(element) else 64
    return DenseIntElementsAttr.get(np.asarray(values, dtype=np.int64 if width > 32 else np.int32), type=result)


def _is_float_type(t: Type) -> bool:
    """Whether ``t`` is a float type (upstream's helper)."""
    return isinstance(t, Type) and t._ty.kind == "float"


def _is_integer_like_type(t: Type) -> bool:
    """Whether ``t`` is an integer or ``index`` type (upstream's helper)."""
    return IntegerType.isinstance(t) or IndexType.isinstance(t)


def _is_index_type(t: Type) -> bool:
    """Whether ``t`` is ``index`` (upstream's helper)."""
    return IndexType.isinstance(t)


class FastMathFlags(enum.IntFlag):
    """arith's fast-math flags, combinable with ``|``, numbered as MLIR numbers them."""

    none = 0
    reassoc = 1
    nnan = 2
    ninf = 4
    nsz = 8
    arcp = 16
    contract = 32
    afn = 64
    fast = 127

    def __str__(self) -> str:
        if self == FastMathFlags.fast:
            return "fast"
        words = [f.name for f in FastMathFlags if f not in (FastMathFlags.none, FastMathFlags.fast) and f in self]
        return ",".join(w for w in words if w) or "none"


class IntegerOverflowFlags(enum.IntFlag):
    """arith's integer overflow flags, combinable with ``|``."""

    none = 0
    nsw = 1
    nuw = 2

    def __str__(self) -> str:
        words = [f.name for f in IntegerOverflowFlags if f != IntegerOverflowFlags.none and f in self]
        return ", ".join(w for w in words if w) or "none"


_OVERFLOW_OPS = ("arith.addi", "arith.subi", "arith.muli", "arith.shli")


def _flags(
    op_name: str,
    fastmath: Optional[Union[str, Attribute]],
    overflow_flags: Optional[Union[str, Attribute]],
) -> dict:
    """The flag attributes of an operation, as upstream's builders take them: an
    ``Attribute`` (``#arith.fastmath<fast>``, ``#arith.overflow<nsw>``) or the words
    (``"fast"``, ``"nsw,nuw"``)."""
    attrs = {}
    for key, value, dialect in (
        ("fastmath", fastmath, "#arith.fastmath"),
        ("overflowFlags", overflow_flags, "#arith.overflow"),
    ):
        if value is None:
            continue
        text = str(value)
        attrs[key] = text if text.startswith("#") else f"{dialect}<{text}>"
    if overflow_flags is not None and op_name not in _OVERFLOW_OPS:
        raise ValueError(f"`{op_name}` takes no overflow flags (addi, subi, muli and shli do)")
    # The float operations of `arith` are the ones whose names end in `f`.
    if fastmath is not None and not op_name.endswith("f"):
        raise ValueError(f"`{op_name}` takes no fast-math flags (the float operations do)")
    return attrs


def _binary(cls_name: str, op_name: str) -> type:
    def __init__(
        self: OpView,
        lhs: Value,
        rhs: Value,
        *,
        fastmath: Optional[Union[str, Attribute]] = None,
        overflowFlags: Optional[Union[str, Attribute]] = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        attrs = _flags(op_name, fastmath, overflowFlags)
        lhs, rhs = _operand_value(lhs), _operand_value(rhs)
        adopt(self, _create(op_name, [lhs, rhs], [lhs.type], attrs, [], ip, loc))

    cls = type(
        cls_name,
        (OpView,),
        {
            "OPERATION_NAME": op_name,
            "__init__": __init__,
            "__doc__": f"``{op_name}``: ``{cls_name}(lhs, rhs)``; the result has lhs's type.",
            "lhs": property(lambda self: self.operands[0]),
            "rhs": property(lambda self: self.operands[1]),
        },
    )
    return register_op_class(cls)


def _cast(cls_name: str, op_name: str) -> type:
    def __init__(
        self: OpView,
        out: Type,
        in_: Value,
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        adopt(self, _create(op_name, [in_], [out], {}, [], ip, loc))

    cls = type(
        cls_name,
        (OpView,),
        {
            "OPERATION_NAME": op_name,
            "__init__": __init__,
            "__doc__": f"``{op_name}``: ``{cls_name}(out_type, value)``.",
            "in_": property(lambda self: self.operands[0]),
            "out": property(lambda self: self.result),
        },
    )
    return register_op_class(cls)


_BINARY = {
    "AddIOp": "arith.addi", "SubIOp": "arith.subi", "MulIOp": "arith.muli",
    "DivSIOp": "arith.divsi", "DivUIOp": "arith.divui", "CeilDivSIOp": "arith.ceildivsi",
    "CeilDivUIOp": "arith.ceildivui", "FloorDivSIOp": "arith.floordivsi",
    "RemSIOp": "arith.remsi", "RemUIOp": "arith.remui", "AndIOp": "arith.andi",
    "OrIOp": "arith.ori", "XOrIOp": "arith.xori", "ShLIOp": "arith.shli",
    "ShRSIOp": "arith.shrsi", "ShRUIOp": "arith.shrui", "MaxSIOp": "arith.maxsi",
    "MaxUIOp": "arith.maxui", "MinSIOp": "arith.minsi", "MinUIOp": "arith.minui",
    "AddFOp": "arith.addf", "SubFOp": "arith.subf", "MulFOp": "arith.mulf",
    "DivFOp": "arith.divf", "RemFOp": "arith.remf", "MaximumFOp": "arith.maximumf",
    "MinimumFOp": "arith.minimumf", "MaxNumFOp": "arith.maxnumf", "MinNumFOp": "arith.minnumf",
}  # fmt: skip

_CAST = {
    "ExtSIOp": "arith.extsi", "ExtUIOp": "arith.extui", "TruncIOp": "arith.trunci",
    "SIToFPOp": "arith.sitofp", "UIToFPOp": "arith.uitofp", "FPToSIOp": "arith.fptosi",
    "FPToUIOp": "arith.fptoui", "ExtFOp": "arith.extf", "TruncFOp": "arith.truncf",
    "IndexCastOp": "arith.index_cast", "IndexCastUIOp": "arith.index_castui",
    "BitcastOp": "arith.bitcast",
}  # fmt: skip

for _n, _o in _BINARY.items():
    globals()[_n] = _binary(_n, _o)
    __all__.append(_n)
for _n, _o in _CAST.items():
    globals()[_n] = _cast(_n, _o)
    __all__.append(_n)


@register_op_class
class NegFOp(OpView):
    """``arith.negf``: ``NegFOp(operand)``."""

    OPERATION_NAME = "arith.negf"

    def __init__(
        self,
        operand: Value,
        *,
        fastmath: Optional[Union[str, Attribute]] = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        attrs = _flags(self.OPERATION_NAME, fastmath, None)
        operand = _operand_value(operand)
        adopt(self, _create(self.OPERATION_NAME, [operand], [operand.type], attrs, [], ip, loc))


class _Cmp(OpView):
    def __init__(
        self,
        predicate: Union[str, int, Attribute],
        lhs: Value,
        rhs: Value,
        *,
        fastmath: Optional[Union[str, Attribute]] = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        # An enum member is its number (`str` of one is its name before Python 3.11).
        p = str(int(predicate)) if isinstance(predicate, enum.IntEnum) else str(predicate).strip('"')
        i1 = IntegerType.get_signless(1)
        attrs = {"predicate": p, **_flags(self.OPERATION_NAME, fastmath, None)}
        adopt(self, _create(self.OPERATION_NAME, [lhs, rhs], [i1], attrs, [], ip, loc))

    @property
    def predicate(self) -> Attribute:
        """The predicate as upstream has it: an ``IntegerAttr`` of MLIR's number for it
        (``.value``; ``CmpIPredicate(op.predicate.value).name`` is its word)."""
        return self.attributes["predicate"]

    @property
    def lhs(self) -> Value:
        return self.operands[0]

    @property
    def rhs(self) -> Value:
        return self.operands[1]


@register_op_class
class CmpIOp(_Cmp):
    """``arith.cmpi``: ``CmpIOp("slt", a, b)`` (a predicate name or its number)."""

    OPERATION_NAME = "arith.cmpi"


@register_op_class
class CmpFOp(_Cmp):
    """``arith.cmpf``: ``CmpFOp("olt", a, b)``."""

    OPERATION_NAME = "arith.cmpf"


@register_op_class
class SelectOp(OpView):
    """``arith.select``: ``SelectOp(condition, true_value, false_value)``."""

    OPERATION_NAME = "arith.select"

    def __init__(
        self,
        condition: Value,
        true_value: Value,
        false_value: Value,
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        true_value = _operand_value(true_value)
        adopt(self, _create(self.OPERATION_NAME, [condition, true_value, false_value], [true_value.type], {}, [], ip, loc))


def constant(result: Type, value: Any, *, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> Value:
    """The value of a new ``arith.constant``."""
    return ConstantOp(result, value, loc=loc, ip=ip).result


def _lowercase(name: str) -> str:
    return name[len("arith."):]


def _value_builder(cls: type):
    def build(*args: Any, **kwargs: Any) -> Any:
        op = cls(*args, **kwargs)
        return op.result if len(op.results) == 1 else op

    build.__name__ = _lowercase(cls.OPERATION_NAME)
    build.__doc__ = f"The value of a new ``{cls.OPERATION_NAME}`` (``{cls.__name__}``'s arguments)."
    return build


# Upstream's functions, one per operation (`arith.addi(a, b)`), giving the result.
for _cls in [ConstantOp, NegFOp, CmpIOp, CmpFOp, SelectOp] + [globals()[n] for n in list(_BINARY) + list(_CAST)]:
    if _cls is not ConstantOp:
        globals()[_lowercase(_cls.OPERATION_NAME)] = _value_builder(_cls)
        __all__.append(_lowercase(_cls.OPERATION_NAME))
