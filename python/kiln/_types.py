"""MLIR's builtin types as ``mlir.ir`` has them, over kiln's generic type model
(``_kiln.Ty``: parsed, printed and compared exactly as ``mlir-opt`` does).

A dynamic size, stride or offset reads as ``ShapedType.get_dynamic_size()`` (upstream's
``INT64_MIN``); constructors take ``None`` for it too."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Type as PyType, Union

from . import _kiln
from ._context import Context, _context

DYNAMIC = -(2**63)

_CLASSES: Dict[str, "PyType[Type]"] = {}


def _dim(d: Optional[int]) -> Optional[int]:
    return None if d is None or d == DYNAMIC else int(d)


def _show(d: Optional[int]) -> int:
    return DYNAMIC if d is None else d


class TypeID:
    """What identifies a kind of type or attribute (upstream's ``TypeID``): equal for
    values of one class."""

    def __init__(self, key: str) -> None:
        self._key = key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TypeID) and other._key == self._key

    def __hash__(self) -> int:
        return hash(("typeid", self._key))

    def __repr__(self) -> str:
        return f"TypeID({self._key})"


class _StaticTypeID:
    """``Class.static_typeid``: the class's ``TypeID``."""

    def __get__(self, obj: Any, cls: type) -> TypeID:
        return TypeID(cls.__name__)


class Type:
    """A type. ``Type.parse`` and every traversal return the most specific class
    (``IntegerType``, ``MemRefType``, ...); a class's constructor casts
    (``MemRefType(t)`` raises ``ValueError`` if ``t`` is not a memref type)."""

    _kind: Optional[str] = None

    def __init__(self, cast_from: "Type") -> None:
        if not isinstance(cast_from, Type):
            raise TypeError(f"expected a Type, got {type(cast_from).__name__}")
        if not type(self).isinstance(cast_from):
            raise ValueError(f"Cannot cast type to {type(self).__name__} (from Type({cast_from._ty}))")
        self._ty = cast_from._ty
        self._ctx = cast_from._ctx

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a type of this class (``IntegerType.isinstance(t)``)."""
        return isinstance(other, Type) and cls._accepts(other._ty)

    @classmethod
    def _accepts(cls, ty: "_kiln.Ty") -> bool:
        return cls._kind is None or ty.kind == cls._kind

    @staticmethod
    def parse(text: str, context: Optional[Context] = None) -> "Type":
        """The type written as ``text`` (``memref<2x?xf32>``), as its most specific class."""
        return _wrap(_kiln.Ty.parse(text), _context(context))

    @property
    def context(self) -> Context:
        """The type's context."""
        return self._ctx

    static_typeid = _StaticTypeID()

    @property
    def typeid(self) -> TypeID:
        """What identifies the type's kind (its most specific class, as ``IntegerType``)."""
        return TypeID(type(_wrap(self._ty, self._ctx)).__name__)

    def maybe_downcast(self) -> "Type":
        """The type as its most specific class."""
        return _wrap(self._ty, self._ctx)

    def __str__(self) -> str:
        return str(self._ty)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._ty})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Type) and other._ty == self._ty

    def __hash__(self) -> int:
        return hash(self._ty)

    def dump(self) -> None:
        """Prints the type to standard output."""
        print(self)


def _wrap(ty: "_kiln.Ty", ctx: Optional[Context] = None) -> Type:
    cls = _CLASSES.get(ty.kind, Type)
    if ty.kind == "float":
        cls = _FLOATS.get(str(ty), FloatType)
    t = object.__new__(cls)
    t._ty = ty
    t._ctx = ctx if ctx is not None else _context(None)
    return t


def _native(t: Any) -> "_kiln.Ty":
    """The native type of a ``Type`` or of MLIR text."""
    if isinstance(t, Type):
        return t._ty
    if isinstance(t, _kiln.Ty):
        return t
    if isinstance(t, str):
        return _kiln.Ty.parse(t)
    raise TypeError(f"expected a Type, got {type(t).__name__}")


def _type(text: str) -> Type:
    """The typed view of a type's text (as kiln's IR reports it)."""
    return _wrap(_kiln.Ty.parse(text))


def _type_text(t: Union[Type, str]) -> str:
    return str(_native(t))


def _register(kind: str):
    def put(cls):
        _CLASSES[kind] = cls
        cls._kind = kind
        return cls

    return put


@_register("integer")
class IntegerType(Type):
    """``iN``, ``siN``, ``uiN``."""

    @staticmethod
    def get_signless(width: int, context: Optional[Context] = None) -> "IntegerType":
        """``iN``: a signless integer type of ``width`` bits."""
        return _wrap(_kiln.Ty.integer(int(width), "signless"), _context(context))  # type: ignore[return-value]

    @staticmethod
    def get_signed(width: int, context: Optional[Context] = None) -> "IntegerType":
        """``siN``: a signed integer type of ``width`` bits."""
        return _wrap(_kiln.Ty.integer(int(width), "signed"), _context(context))  # type: ignore[return-value]

    @staticmethod
    def get_unsigned(width: int, context: Optional[Context] = None) -> "IntegerType":
        """``uiN``: an unsigned integer type of ``width`` bits."""
        return _wrap(_kiln.Ty.integer(int(width), "unsigned"), _context(context))  # type: ignore[return-value]

    @property
    def width(self) -> int:
        """The width in bits."""
        return self._ty.width

    @property
    def is_signless(self) -> bool:
        """Whether the type is signless (``iN``)."""
        return self._ty.signedness == "signless"

    @property
    def is_signed(self) -> bool:
        """Whether the type is signed (``siN``)."""
        return self._ty.signedness == "signed"

    @property
    def is_unsigned(self) -> bool:
        """Whether the type is unsigned (``uiN``)."""
        return self._ty.signedness == "unsigned"


@_register("index")
class IndexType(Type):
    """``index`` (64 bits wide on every target kiln emits for)."""

    @staticmethod
    def get(context: Optional[Context] = None) -> "IndexType":
        """The ``index`` type."""
        return _wrap(_kiln.Ty.index(), _context(context))  # type: ignore[return-value]


@_register("float")
class FloatType(Type):
    """A float type (f16, bf16, tf32, f32, f64, f80, f128)."""

    @property
    def width(self) -> int:
        """The width in bits."""
        return self._ty.width


def _float_class(name: str, doc: str):
    class F(FloatType):
        @staticmethod
        def get(context: Optional[Context] = None):
            return _wrap(_kiln.Ty.float(name), _context(context))

    F.__doc__ = doc
    F.get.__doc__ = f"The ``{name}`` type."
    return F


F16Type = _float_class("f16", "``f16``")
F16Type.__name__ = F16Type.__qualname__ = "F16Type"
BF16Type = _float_class("bf16", "``bf16``")
BF16Type.__name__ = BF16Type.__qualname__ = "BF16Type"
FloatTF32Type = _float_class("tf32", "``tf32``")
FloatTF32Type.__name__ = FloatTF32Type.__qualname__ = "FloatTF32Type"
F32Type = _float_class("f32", "``f32``")
F32Type.__name__ = F32Type.__qualname__ = "F32Type"
F64Type = _float_class("f64", "``f64``")
F64Type.__name__ = F64Type.__qualname__ = "F64Type"
Float8E5M2Type = _float_class("f8E5M2", "``f8E5M2``")
Float8E4M3Type = _float_class("f8E4M3", "``f8E4M3``")
Float8E4M3FNType = _float_class("f8E4M3FN", "``f8E4M3FN``")
Float8E5M2FNUZType = _float_class("f8E5M2FNUZ", "``f8E5M2FNUZ``")
Float8E4M3FNUZType = _float_class("f8E4M3FNUZ", "``f8E4M3FNUZ``")
Float8E4M3B11FNUZType = _float_class("f8E4M3B11FNUZ", "``f8E4M3B11FNUZ``")
F80Type = _float_class("f80", "``f80``")
F128Type = _float_class("f128", "``f128``")
for _n, _c in list(locals().items()):
    if _n.startswith(("Float8", "F80", "F128")) and isinstance(_c, type):
        _c.__name__ = _c.__qualname__ = _n
_FLOATS = {
    "f16": F16Type,
    "bf16": BF16Type,
    "tf32": FloatTF32Type,
    "f32": F32Type,
    "f64": F64Type,
    "f80": F80Type,
    "f128": F128Type,
    "f8E5M2": Float8E5M2Type,
    "f8E4M3": Float8E4M3Type,
    "f8E4M3FN": Float8E4M3FNType,
    "f8E5M2FNUZ": Float8E5M2FNUZType,
    "f8E4M3FNUZ": Float8E4M3FNUZType,
    "f8E4M3B11FNUZ": Float8E4M3B11FNUZType,
}
for _name, _cls in _FLOATS.items():
    _cls._accepts = classmethod(lambda cls, ty, _n=_name: str(ty) == _n)  # type: ignore[assignment]


@_register("none")
class NoneType(Type):
    """``none``."""

    @staticmethod
    def get(context: Optional[Context] = None) -> "NoneType":
        """The ``none`` type."""
        return _wrap(_kiln.Ty.none(), _context(context))  # type: ignore[return-value]


class ShapedType(Type):
    """Types with an element type and, when ranked, a shape."""

    _SHAPED = ("memref", "unranked_memref", "tensor", "unranked_tensor", "vector")

    @classmethod
    def _accepts(cls, ty: "_kiln.Ty") -> bool:
        # A registered shaped class (`MemRefType` ...) takes its kind; the base, any.
        return ty.kind == cls._kind if cls._kind else ty.kind in cls._SHAPED

    @staticmethod
    def get_dynamic_size() -> int:
        """The value of a dynamic size (``INT64_MIN``)."""
        return DYNAMIC

    @staticmethod
    def is_dynamic_size(dim: Optional[int]) -> bool:
        """Whether ``dim`` is a dynamic size (``None`` or ``INT64_MIN``)."""
        return dim is None or dim == DYNAMIC

    @staticmethod
    def get_dynamic_stride_or_offset() -> int:
        """The value of a dynamic stride or offset (``INT64_MIN``)."""
        return DYNAMIC

    @staticmethod
    def is_dynamic_stride_or_offset(value: Optional[int]) -> bool:
        """Whether ``value`` is a dynamic stride or offset (``None`` or ``INT64_MIN``)."""
        return value is None or value == DYNAMIC

    @property
    def element_type(self) -> Type:
        """The element type."""
        return _wrap(self._ty.element, self._ctx)

    @property
    def has_rank(self) -> bool:
        """Whether the type is ranked."""
        return self._ty.shape is not None

    def _ranked(self) -> List[Optional[int]]:
        shape = self._ty.shape
        if shape is None:
            raise ValueError("calling this method requires that the type has a rank.")
        return shape

    @property
    def shape(self) -> List[int]:
        """The dimensions' sizes (a dynamic one as ``get_dynamic_size()``); ``ValueError`` if
        the type is unranked."""
        return [_show(d) for d in self._ranked()]

    @property
    def rank(self) -> int:
        """The number of dimensions; ``ValueError`` if the type is unranked."""
        return len(self._ranked())

    @property
    def has_static_shape(self) -> bool:
        """Whether the type is ranked and no dimension is dynamic."""
        return self._ty.shape is not None and all(d is not None for d in self._ty.shape)

    def get_dim_size(self, dim: int) -> int:
        """The size of dimension ``dim`` (``get_dynamic_size()`` if it is dynamic)."""
        return _show(self._ranked()[dim])

    def is_dynamic_dim(self, dim: int) -> bool:
        """Whether dimension ``dim`` is dynamic."""
        return self._ranked()[dim] is None

    @property
    def static_size_in_bits(self) -> int:
        """The size in bits of all the elements of a static shape."""
        # Only for static shapes of integer or float elements.
        if not self.has_static_shape:
            raise ValueError("the type's shape is not static")
        n = 1
        for d in self._ranked():
            n *= d  # type: ignore[operator]
        return n * self._ty.element.width


def _attr_native(a: Any):
    from ._attributes import Attribute

    if a is None or isinstance(a, _kiln.Attr):
        return a
    if isinstance(a, Attribute):
        return a._attr
    if isinstance(a, int):
        return _kiln.Attr.integer(_kiln.Ty.integer(64, "signless"), a)
    if isinstance(a, str):
        return _kiln.Attr.parse(a)
    raise TypeError(f"expected an Attribute, got {type(a).__name__}")


def _attr_view(a):
    from ._attributes import _wrap_attr

    return None if a is None else _wrap_attr(a)


@_register("memref")
class MemRefType(ShapedType):
    """``memref<...>``: the identity layout, a strided one, or an affine map."""

    @staticmethod
    def get(
        shape: Sequence[Optional[int]],
        element_type: Type,
        layout: Any = None,
        memory_space: Any = None,
        loc: Any = None,
        *,
        strides: Optional[Sequence[Optional[int]]] = None,
        offset: Optional[int] = 0,
        context: Optional[Context] = None,
    ) -> "MemRefType":
        """``MemRefType.get([2, None], F32Type.get())`` is ``memref<2x?xf32>``; with
        ``strides`` (``None`` entries dynamic) the layout is ``strided<[...], offset: ...>``."""
        if strides is not None and layout is None:
            layout = _kiln.Attr.strided_layout([_dim(s) for s in strides], _dim(offset))
        return _wrap(  # type: ignore[return-value]
            _kiln.Ty.memref(
                [_dim(d) for d in shape], _native(element_type), _attr_native(layout), _attr_native(memory_space)
            ),
            _context(context),
        )

    @property
    def layout(self) -> Any:
        """The layout as upstream gives it: the identity ``affine_map<(d0, d1) -> (d0,
        d1)>`` when none is written."""
        from ._attributes import Attribute

        written = self._ty.layout
        if written is not None:
            return _attr_view(written)
        dims = ", ".join(f"d{i}" for i in range(self.rank))
        return Attribute.parse(f"affine_map<({dims}) -> ({dims})>")

    @property
    def affine_map(self) -> Any:
        """The layout as an ``AffineMap`` (the identity, or the written ``affine_map``);
        ``ValueError`` for a strided layout."""
        from ._attributes import AffineMapAttr

        return AffineMapAttr(self.layout).value

    def get_strides_and_offset(self) -> Tuple[List[int], int]:
        """The strides and the offset (a dynamic one as ``INT64_MIN``; the identity
        layout's are row-major); ``ValueError`` for an ``affine_map`` layout."""
        strides, offset = self._strides_and_offset()
        return [_show(s) for s in strides], _show(offset)

    def _strides_and_offset(self) -> Tuple[List[Optional[int]], Optional[int]]:
        written = self._ty.layout
        if written is not None and written.strided is not None:
            return written.strided
        if written is not None:
            raise ValueError(f"the layout `{written}` is not strided")
        return self._identity(self._ranked())

    @property
    def strides(self) -> List[int]:
        """The strides as the type states them (the identity layout's are row-major)."""
        return self.get_strides_and_offset()[0]

    @property
    def offset(self) -> int:
        """The offset as the type states it (0 for the identity layout)."""
        return self.get_strides_and_offset()[1]

    @property
    def has_identity_layout(self) -> bool:
        """Whether the layout is the identity: none written, or row-major strides and
        offset 0."""
        written = self._ty.layout
        if written is None:
            return True
        strided = written.strided
        if strided is None:
            return False
        return strided == self._identity(self._ranked())

    @staticmethod
    def _identity(shape: List[Optional[int]]) -> Tuple[List[Optional[int]], Optional[int]]:
        strides: List[Optional[int]] = []
        acc: Optional[int] = 1
        for d in reversed(shape):
            strides.append(acc)
            acc = None if acc is None or d is None else acc * d
        return list(reversed(strides)), 0

    @property
    def memory_space(self) -> Any:
        """The memory space attribute, or None."""
        return _attr_view(self._ty.memory_space)


@_register("unranked_memref")
class UnrankedMemRefType(ShapedType):
    """``memref<*xT>``."""

    @staticmethod
    def get(element_type: Type, memory_space: Any = None, loc: Any = None, context: Optional[Context] = None) -> "UnrankedMemRefType":
        """``memref<*xT>`` of ``element_type``, in ``memory_space`` if one is given."""
        return _wrap(  # type: ignore[return-value]
            _kiln.Ty.unranked_memref(_native(element_type), _attr_native(memory_space)), _context(context)
        )

    @property
    def memory_space(self) -> Any:
        """The memory space attribute, or None."""
        return _attr_view(self._ty.memory_space)


@_register("tensor")
class RankedTensorType(ShapedType):
    """``tensor<2x?xf32>``."""

    @staticmethod
    def get(shape: Sequence[Optional[int]], element_type: Type, encoding: Any = None, loc: Any = None, context: Optional[Context] = None) -> "RankedTensorType":
        """``tensor<...>`` of ``shape`` (``None`` entries dynamic) and ``element_type``, with
        ``encoding`` if one is given."""
        return _wrap(  # type: ignore[return-value]
            _kiln.Ty.tensor([_dim(d) for d in shape], _native(element_type), _attr_native(encoding)),
            _context(context),
        )

    @property
    def encoding(self) -> Any:
        """The encoding attribute, or None."""
        return _attr_view(self._ty.encoding)


class TensorType(ShapedType):
    """A ranked or unranked tensor type."""

    @classmethod
    def _accepts(cls, ty: "_kiln.Ty") -> bool:
        return ty.kind in ("tensor", "unranked_tensor")


@_register("unranked_tensor")
class UnrankedTensorType(ShapedType):
    """``tensor<*xf32>``."""

    @staticmethod
    def get(element_type: Type, loc: Any = None, context: Optional[Context] = None) -> "UnrankedTensorType":
        """``tensor<*xT>`` of ``element_type``."""
        return _wrap(_kiln.Ty.unranked_tensor(_native(element_type)), _context(context))  # type: ignore[return-value]


@_register("vector")
class VectorType(ShapedType):
    """``vector<2x[4]xf32>``."""

    @staticmethod
    def get(
        shape: Sequence[int],
        element_type: Type,
        *,
        scalable: Optional[Sequence[bool]] = None,
        scalable_dims: Optional[Sequence[int]] = None,
        loc: Any = None,
        context: Optional[Context] = None,
    ) -> "VectorType":
        """``vector<...>`` of ``shape`` and ``element_type``; ``scalable`` (a flag per
        dimension) or ``scalable_dims`` (their positions) makes dimensions scalable."""
        if scalable is not None and scalable_dims is not None:
            raise ValueError("'scalable' and 'scalable_dims' kwargs are mutually exclusive.")
        flags = list(scalable) if scalable is not None else None
        if scalable_dims is not None:
            if any(not 0 <= i < len(shape) for i in scalable_dims):
                raise ValueError("Scalable dimension index out of bounds.")
            flags = [i in set(scalable_dims) for i in range(len(shape))]
        if flags is not None and len(flags) != len(shape):
            raise ValueError("Expected len(scalable) == len(shape).")
        return _wrap(_kiln.Ty.vector([int(d) for d in shape], _native(element_type), flags), _context(context))  # type: ignore[return-value]

    @property
    def scalable(self) -> bool:
        """Whether any dimension is scalable."""
        return any(self._ty.scalable)

    @property
    def scalable_dims(self) -> List[bool]:
        """For each dimension, whether it is scalable."""
        return list(self._ty.scalable)


@_register("complex")
class ComplexType(Type):
    """``complex<f32>``."""

    @staticmethod
    def get(element_type: Type) -> "ComplexType":
        """``complex<T>`` of an integer or float ``element_type``."""
        ty = _native(element_type)
        if ty.kind not in ("integer", "float"):
            raise ValueError(f"invalid 'Type({ty})' and expected floating point or integer type.")
        return _wrap(_kiln.Ty.complex(ty))  # type: ignore[return-value]

    @property
    def element_type(self) -> Type:
        """The element type."""
        return _wrap(self._ty.element, self._ctx)


@_register("tuple")
class TupleType(Type):
    """``tuple<i32, f32>``."""

    @staticmethod
    def get_tuple(elements: Sequence[Type], context: Optional[Context] = None) -> "TupleType":
        """``tuple<...>`` of ``elements``."""
        return _wrap(_kiln.Ty.tuple([_native(e) for e in elements]), _context(context))  # type: ignore[return-value]

    def get_type(self, pos: int) -> Type:
        """The element type at position ``pos``."""
        return _wrap(self._ty.inputs[pos], self._ctx)

    @property
    def num_types(self) -> int:
        """The number of element types."""
        return len(self._ty.inputs)


@_register("function")
class FunctionType(Type):
    """``(inputs) -> results``."""

    @staticmethod
    def get(
        inputs: Sequence[Union[Type, str]],
        results: Sequence[Union[Type, str]],
        context: Optional[Context] = None,
    ) -> "FunctionType":
        """``(inputs) -> results``, each type a ``Type`` or its text."""
        return _wrap(  # type: ignore[return-value]
            _kiln.Ty.function([_native(i) for i in inputs], [_native(r) for r in results]), _context(context)
        )

    @staticmethod
    def parse_text(text: str) -> "FunctionType":
        """The function type written as ``text``; ``ValueError`` if it is another type."""
        return FunctionType(Type.parse(text))

    @property
    def inputs(self) -> List[Type]:
        """The input types."""
        return [_wrap(t, self._ctx) for t in self._ty.inputs]

    @property
    def results(self) -> List[Type]:
        """The result types."""
        return [_wrap(t, self._ctx) for t in self._ty.results]


@_register("opaque")
class OpaqueType(Type):
    """A dialect type kept as written: ``!dialect.data``."""

    @staticmethod
    def get(dialect_namespace: str, buffer: str, context: Optional[Context] = None) -> "OpaqueType":
        """``!dialect_namespace.buffer``: a type of that dialect, kept as written."""
        return _wrap(_kiln.Ty.opaque_type(dialect_namespace, buffer), _context(context))  # type: ignore[return-value]

    @property
    def dialect_namespace(self) -> str:
        """The dialect's namespace (``dialect`` in ``!dialect.data``)."""
        return self._ty.opaque[0]

    @property
    def data(self) -> str:
        """The text after the namespace (``data`` in ``!dialect.data``)."""
        return self._ty.opaque[1]
