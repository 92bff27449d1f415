"""MLIR's builtin attributes as ``mlir.ir`` has them, over kiln's generic attribute model
(``_kiln.Attr``: parsed, printed and compared exactly as ``mlir-opt`` does). Every getter
returns the most specific class (``IntegerAttr``, ``ArrayAttr``, ...)."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _kiln
from ._context import Context, _context
from ._types import DYNAMIC, Type, _native, _wrap

_CLASSES: Dict[str, type] = {}


class Attribute:
    """An attribute. ``Attribute.parse`` and every getter return the most specific class;
    a class's constructor casts (``StringAttr(a)`` raises ``ValueError`` if ``a`` is not a
    string attribute)."""

    _kinds: tuple = ()

    @property
    def typeid(self) -> Any:
        """What identifies the attribute's kind (its most specific class)."""
        from ._types import TypeID

        return TypeID(type(_wrap_attr(self._attr, self._ctx)).__name__)

    def __init__(self, cast_from: Any) -> None:
        if isinstance(cast_from, str):
            # kiln's own shorthand: an attribute from its MLIR text.
            cast_from = Attribute.parse(cast_from)
        elif cast_from is None:
            cast_from = UnitAttr.get()
        if not isinstance(cast_from, Attribute):
            raise TypeError(f"expected an Attribute, got {type(cast_from).__name__}")
        if not type(self).isinstance(cast_from):
            raise ValueError(f"Cannot cast attribute to {type(self).__name__} (from Attribute({cast_from._attr}))")
        self._attr = cast_from._attr
        self._ctx = cast_from._ctx

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is an attribute of this class (``StringAttr.isinstance(a)``)."""
        return isinstance(other, Attribute) and (not cls._kinds or other._attr.kind in cls._kinds)

    @staticmethod
    def parse(text: str, context: Optional[Context] = None) -> "Attribute":
        """The attribute written as ``text`` (``42 : i32``), as its most specific class."""
        return _wrap_attr(_kiln.Attr.parse(text), _context(context))

    @property
    def context(self) -> Context:
        """The attribute's context."""
        return self._ctx

    @property
    def type(self) -> Type:
        """The attribute's type (``none`` for an untyped attribute)."""
        return _wrap(self._attr.type, self._ctx)

    @property
    def typeid(self) -> str:
        """What identifies the attribute's kind: its class's name (``IntegerAttr``)."""
        return type(self).__name__

    def get_named(self, name: str) -> "NamedAttribute":
        """The attribute with the name ``name``, a ``NamedAttribute``."""
        return NamedAttribute(name, self)

    def maybe_downcast(self) -> "Attribute":
        """The attribute as its most specific class."""
        return _wrap_attr(self._attr, self._ctx)

    @property
    def is_unit(self) -> bool:
        """Whether this is the unit attribute."""
        return self._attr.kind == "unit"

    def dump(self) -> None:
        """Prints the attribute to standard output."""
        print(self)

    def __str__(self) -> str:
        return str(self._attr)

    def __repr__(self) -> str:
        name = type(self).__name__ if type(self) is not Attribute else "Attribute"
        return f"{name}({self._attr})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Attribute):
            return other._attr == self._attr
        if isinstance(other, str):
            # kiln's shorthand: an attribute equals its printed text.
            return other == str(self)
        return False

    def __hash__(self) -> int:
        return hash(self._attr)


def _static_typeid() -> Any:
    from ._types import _StaticTypeID

    return _StaticTypeID()


Attribute.static_typeid = _static_typeid()  # type: ignore[attr-defined]


def _wrap_attr(attr: "_kiln.Attr", ctx: Optional[Context] = None) -> Attribute:
    cls = _CLASSES.get(attr.kind, Attribute)
    if attr.kind == "dense_elements":
        element = attr.element_type
        cls = DenseFPElementsAttr if element is not None and element.kind == "float" else DenseIntElementsAttr
    elif attr.kind == "dense_array":
        cls = _DENSE_ARRAYS.get(str(attr.element_type), Attribute)
    a = object.__new__(cls)
    a._attr = attr
    a._ctx = ctx if ctx is not None else _context(None)
    return a


def _attr(a: Any) -> "_kiln.Attr":
    if isinstance(a, Attribute):
        return a._attr
    raise TypeError(f"expected an Attribute, got {type(a).__name__}")


def _register(*kinds: str):
    """The kinds a class accepts; the first is the kind it is the view of."""

    def put(cls):
        cls._kinds = kinds
        _CLASSES[kinds[0]] = cls
        return cls

    return put


class NamedAttribute:
    """An attribute with its name, as an operation's attribute dictionary holds it."""

    def __init__(self, name: str, attr: Attribute) -> None:
        self.name = name
        self.attr = attr

    def __repr__(self) -> str:
        return f"NamedAttribute({self.name}={self.attr})"


@_register("unit")
class UnitAttr(Attribute):
    """The unit attribute: its presence is its meaning."""
    @staticmethod
    def get(context: Optional[Context] = None) -> "UnitAttr":
        """The unit attribute."""
        return _wrap_attr(_kiln.Attr.unit(), _context(context))  # type: ignore[return-value]


@_register("integer", "bool")
class IntegerAttr(Attribute):
    """``42 : i32``; a ``BoolAttr`` is one too (``i1``)."""

    @staticmethod
    def get(type: Type, value: int) -> "IntegerAttr":
        """``value : type``: an integer (or index) attribute."""
        return _wrap_attr(_kiln.Attr.integer(_native(type), int(value)))  # type: ignore[return-value]

    @property
    def value(self) -> int:
        """The integer value."""
        v = self._attr.value
        return int(v)

    def __int__(self) -> int:
        return self.value



@_register("bool")
class BoolAttr(IntegerAttr):
    """``true`` / ``false``."""

    @staticmethod
    def get(value: bool, context: Optional[Context] = None) -> "BoolAttr":
        """``true`` or ``false``."""
        return _wrap_attr(_kiln.Attr.boolean(bool(value)), _context(context))  # type: ignore[return-value]

    @property
    def value(self) -> bool:  # type: ignore[override]
        """The boolean value."""
        return bool(self._attr.value)

    def __bool__(self) -> bool:
        return self.value


@_register("float")
class FloatAttr(Attribute):
    """``4.2e+01 : f32``."""

    @staticmethod
    def get(type: Type, value: float, loc: Any = None) -> "FloatAttr":
        """``value : type``: a float attribute of the float type ``type``."""
        return _wrap_attr(_kiln.Attr.float(_native(type), float(value)))  # type: ignore[return-value]

    @staticmethod
    def get_f32(value: float, context: Optional[Context] = None) -> "FloatAttr":
        """``value : f32``."""
        return _wrap_attr(_kiln.Attr.float(_kiln.Ty.float("f32"), float(value)), _context(context))  # type: ignore[return-value]

    @staticmethod
    def get_f64(value: float, context: Optional[Context] = None) -> "FloatAttr":
        """``value : f64``."""
        return _wrap_attr(_kiln.Attr.float(_kiln.Ty.float("f64"), float(value)), _context(context))  # type: ignore[return-value]

    @property
    def value(self) -> float:
        """The float value."""
        return float(self._attr.value)

    def __float__(self) -> float:
        return self.value


@_register("string")
class StringAttr(Attribute):
    """``"text"``, optionally typed."""

    @staticmethod
    def get(value: Union[str, bytes], context: Optional[Context] = None) -> "StringAttr":
        """``"value"``: an untyped string attribute (``bytes`` are decoded as UTF-8)."""
        if isinstance(value, bytes):
            value = value.decode()
        return _wrap_attr(_kiln.Attr.string(value, None), _context(context))  # type: ignore[return-value]

    @staticmethod
    def get_typed(type: Type, value: str) -> "StringAttr":
        """``"value" : type``: a typed string attribute."""
        return _wrap_attr(_kiln.Attr.string(value, _native(type)))  # type: ignore[return-value]

    @property
    def value(self) -> str:
        """The string."""
        return self._attr.value

    @property
    def value_bytes(self) -> bytes:
        """The string, encoded as UTF-8."""
        return self._attr.value.encode()


@_register("type")
class TypeAttr(Attribute):
    """A type used as an attribute."""

    @staticmethod
    def get(value: Type, context: Optional[Context] = None) -> "TypeAttr":
        """The type ``value`` as an attribute."""
        return _wrap_attr(_kiln.Attr.type_attr(_native(value)), _context(context))  # type: ignore[return-value]

    @property
    def value(self) -> Type:
        """The type."""
        return _wrap(self._attr.value, self._ctx)


@_register("symbol_ref", "flat_symbol_ref")
class SymbolRefAttr(Attribute):
    """``@root::@nested``."""

    @staticmethod
    def get(symbols: Sequence[str], context: Optional[Context] = None) -> "SymbolRefAttr":
        """``@root::@nested...``: a reference to ``symbols``, the root first."""
        return _wrap_attr(_kiln.Attr.symbol_ref(list(symbols)), _context(context))  # type: ignore[return-value]

    @property
    def value(self) -> List[str]:
        """The symbols' names, the root first."""
        return list(self._attr.value)



@_register("flat_symbol_ref")
class FlatSymbolRefAttr(SymbolRefAttr):
    """``@name``."""

    @staticmethod
    def get(value: str, context: Optional[Context] = None) -> "FlatSymbolRefAttr":
        """``@value``: a reference to one symbol."""
        return _wrap_attr(_kiln.Attr.symbol_ref([value]), _context(context))  # type: ignore[return-value]

    @property
    def value(self) -> str:  # type: ignore[override]
        """The symbol's name, without ``@``."""
        return self._attr.value[0]


@_register("array")
class ArrayAttr(Attribute):
    """``[a, b, ...]``."""

    @staticmethod
    def get(attributes: Sequence[Attribute], context: Optional[Context] = None) -> "ArrayAttr":
        """``[a, b, ...]`` of ``attributes``; ``RuntimeError`` if one is not an attribute."""
        items = []
        for a in attributes:
            if a is None:
                raise RuntimeError("Invalid attribute (None?) when attempting to create an ArrayAttribute")
            if not isinstance(a, Attribute):
                raise RuntimeError("Invalid attribute when attempting to create an ArrayAttribute")
            items.append(a._attr)
        return _wrap_attr(_kiln.Attr.array(items), _context(context))  # type: ignore[return-value]

    def _items(self) -> list:
        return self._attr.items

    def __len__(self) -> int:
        return len(self._items())

    def __getitem__(self, i: int) -> Attribute:
        items = self._items()
        if not -len(items) <= i < len(items):
            raise IndexError("ArrayAttribute index out of range")
        return _wrap_attr(items[i], self._ctx)

    def __iter__(self) -> Iterator[Attribute]:
        return iter([_wrap_attr(a, self._ctx) for a in self._items()])

    def __add__(self, other: Sequence[Attribute]) -> "ArrayAttr":
        return ArrayAttr.get(list(self) + list(other), self._ctx)


@_register("dictionary")
class DictAttr(Attribute):
    """``{name = value, ...}``, sorted by name."""

    @staticmethod
    def get(value: Optional[Dict[str, Attribute]] = None, context: Optional[Context] = None) -> "DictAttr":
        """``{name = value, ...}`` of the dict ``value``, sorted by name."""
        entries = [(k, _attr(v)) for k, v in (value or {}).items()]
        return _wrap_attr(_kiln.Attr.dictionary(entries), _context(context))  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self._attr.entries)

    def __contains__(self, name: object) -> bool:
        return any(k == name for k, _ in self._attr.entries)

    def __getitem__(self, key: Union[str, int]) -> Any:
        entries = self._attr.entries
        if isinstance(key, int):
            if not -len(entries) <= key < len(entries):
                raise IndexError("attempt to access out of bounds attribute")
            k, v = entries[key]
            return NamedAttribute(k, _wrap_attr(v, self._ctx))
        for k, v in entries:
            if k == key:
                return _wrap_attr(v, self._ctx)
        raise KeyError(f"attempt to access a non-existent attribute: {key}")


class DenseElementsAttr(Attribute):
    """``dense<...> : tensor<...>`` (or a vector)."""

    _kinds = ("dense_elements",)

    @staticmethod
    def get(
        array: Any,
        signless: bool = True,
        type: Optional[Any] = None,
        shape: Optional[Sequence[int]] = None,
        context: Optional[Context] = None,
    ) -> "DenseElementsAttr":
        """From a numpy array (its dtype gives the element type), or from a list of
        attributes of one type. With ``type``, the array's bytes are that element type's
        (``i1`` packed eight to a byte, little-endian; one byte for a splat)."""
        import numpy as np

        if isinstance(array, list):
            # Upstream's other overload: `get(attributes, type=None, context=None)`.
            explicit = signless if isinstance(signless, Type) else type
            return DenseElementsAttr._from_attributes(array, explicit, context)
        arr = np.asarray(array)
        if type is not None and isinstance(type, Type) and type._ty.shape is not None:
            # A shaped type: the elements' type and the shape at once.
            shape = [d for d in type._ty.shape]
            type = _wrap(type._ty.element)
        if type is None:
            element = _dtype_type(arr.dtype, signless)
            values = arr.reshape(-1).tolist()
        else:
            element = _native(type)
            values = _reinterpret(arr, element, shape)
        dims = list(shape) if shape is not None else list(arr.shape)
        tensor = _kiln.Ty.tensor(dims, element, None)
        return _wrap_attr(_kiln.Attr.dense(tensor, values), _context(context))  # type: ignore[return-value]

    @staticmethod
    def _from_attributes(attrs: List[Any], type: Optional[Any], context: Optional[Context]) -> "DenseElementsAttr":
        if not attrs:
            raise ValueError("Attributes list must be non-empty")
        if not all(isinstance(a, Attribute) for a in attrs):
            raise RuntimeError("Invalid attribute when attempting to create an ArrayAttribute")
        element = attrs[0]._attr.type
        shaped = _native(type) if type is not None else _kiln.Ty.tensor([len(attrs)], element, None)
        if any(a._attr.type != element for a in attrs) or shaped.element != element:
            raise ValueError("All attributes must be of the same type and match the type parameter")
        return _wrap_attr(_kiln.Attr.dense(shaped, [a._attr.value for a in attrs]), _context(context))  # type: ignore[return-value]

    @staticmethod
    def get_splat(shaped_type: Type, element_attr: Attribute) -> "DenseElementsAttr":
        """``dense<v> : shaped_type``: every element ``element_attr``, whose type must be
        the static shaped type's element type."""
        ty = _native(shaped_type)
        if ty.shape is None or any(d is None for d in ty.shape):
            raise ValueError(f"Expected a static ShapedType for the shaped_type parameter: Type({ty})")
        if ty.element != element_attr._attr.type:
            raise ValueError(
                f"Shaped element type and attribute type must be equal: shaped=Type({ty}), "
                f"element=Attribute({element_attr._attr})"
            )
        return _wrap_attr(_kiln.Attr.dense(ty, [element_attr._attr.value]))  # type: ignore[return-value]

    @property
    def is_splat(self) -> bool:
        """Whether the attribute is a splat (one value for every element)."""
        return self._attr.is_splat

    def get_splat_value(self) -> Attribute:
        """The value of a splat's elements, as an attribute; ``ValueError`` if it is not a
        splat."""
        if not self.is_splat:
            raise ValueError("get_splat_value called on a non-splat attribute")
        element = self._attr.element_type
        v = self._attr.value[0]
        if element.kind == "float":
            return _wrap_attr(_kiln.Attr.float(element, v), self._ctx)
        return _wrap_attr(_kiln.Attr.integer(element, int(v)), self._ctx)

    def _values(self) -> list:
        values = self._attr.value
        n = 1
        for d in self._attr.type.shape:
            n *= d
        if len(values) == 1 and n != 1:
            values = values * n
        return values

    def __len__(self) -> int:
        return len(self._values())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values())

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        import numpy as np

        t = self._attr.type
        out = np.array(self._values(), dtype=_numpy_dtype(t.element)).reshape(t.shape)
        return out if dtype is None else out.astype(dtype)


_CLASSES["dense_elements"] = DenseElementsAttr


def _numpy_dtype(element: "_kiln.Ty") -> Any:
    import numpy as np

    if element.kind == "float":
        return {16: np.float16, 32: np.float32, 64: np.float64}.get(element.width, np.float64)
    if element.kind == "index":
        return np.int64
    if element.width == 1:
        return np.bool_
    signed = element.signedness != "unsigned"
    table = {8: (np.int8, np.uint8), 16: (np.int16, np.uint16), 32: (np.int32, np.uint32), 64: (np.int64, np.uint64)}
    if element.width not in table:
        raise TypeError("Unsupported integer type")
    return table[element.width][0 if signed else 1]


def _reinterpret(arr: Any, element: "_kiln.Ty", shape: Optional[Sequence[int]]) -> list:
    """The values of ``element`` type that ``arr``'s bytes hold, as upstream reads a buffer
    given an explicit type."""
    import numpy as np

    raw = np.ascontiguousarray(arr)
    if element.kind == "integer" and element.width == 1:
        count = int(np.prod(shape)) if shape is not None else raw.size
        data = raw.reshape(-1).view(np.uint8)
        if data.size == 1 and data[0] in (0, 0xFF):
            # One byte of all zeros or all ones stands for a splat.
            return [bool(data[0])]
        return [bool(b) for b in np.unpackbits(data, bitorder="little")[:count]]
    if element.kind == "float":
        data = raw.reshape(-1).view({16: np.uint16, 32: np.uint32, 64: np.uint64}[element.width])
        if str(element) == "bf16":
            return (data.astype(np.uint32) << 16).view(np.float32).astype(np.float64).tolist()
        return data.view({16: np.float16, 32: np.float32, 64: np.float64}[element.width]).astype(np.float64).tolist()
    width = 64 if element.kind == "index" else element.width
    if width in (8, 16, 32, 64):
        signed = element.kind == "index" or element.signedness != "unsigned"
        kind = {8: "i1", 16: "i2", 32: "i4", 64: "i8"}[width]
        return raw.reshape(-1).view(("<" + kind) if signed else ("<u" + kind[1:])).tolist()
    return raw.reshape(-1).tolist()


def _dtype_type(dtype: Any, signless: bool) -> "_kiln.Ty":
    import numpy as np

    if dtype == np.bool_:
        return _kiln.Ty.integer(1, "signless")
    if np.issubdtype(dtype, np.floating):
        name = {2: "f16", 4: "f32", 8: "f64"}.get(dtype.itemsize)
        if name:
            return _kiln.Ty.float(name)
    if np.issubdtype(dtype, np.integer):
        sign = "signless" if signless else ("unsigned" if np.issubdtype(dtype, np.unsignedinteger) else "signed")
        return _kiln.Ty.integer(dtype.itemsize * 8, sign)
    raise ValueError(f"unimplemented array format conversion from format: {dtype.str}")


class DenseIntElementsAttr(DenseElementsAttr):
    """Dense elements of an integer type (``i1`` elements read as 0/1)."""

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a dense elements attribute of an integer (or index) type."""
        return DenseElementsAttr.isinstance(other) and other._attr.element_type.kind != "float"

    def __getitem__(self, i: int) -> int:
        element = self._attr.element_type
        if element.kind == "integer" and element.width not in (1, 8, 16, 32, 64):
            raise TypeError("Unsupported integer type")
        return int(self._values()[i])

    def __iter__(self) -> Iterator[Any]:
        return iter(int(v) for v in self._values())


class DenseFPElementsAttr(DenseElementsAttr):
    """Dense elements of a float type."""

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a dense elements attribute of a float type."""
        return DenseElementsAttr.isinstance(other) and other._attr.element_type.kind == "float"

    def __getitem__(self, i: int) -> float:
        return float(self._values()[i])


class _DenseArray(Attribute):
    """``array<T: ...>``."""

    _kinds = ("dense_array",)
    _element = ""

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a dense array of this class's element type."""
        return (
            isinstance(other, Attribute)
            and other._attr.kind == "dense_array"
            and (not cls._element or str(other._attr.element_type) == cls._element)
        )

    @classmethod
    def get(cls, values: Sequence[Any], context: Optional[Context] = None) -> "_DenseArray":
        """``array<T: ...>`` of ``values`` (numbers or attributes) of this class's element
        type ``T``; ``TypeError`` if one does not fit it."""
        element = _kiln.Ty.parse(cls._element)
        converted = []
        for v in values:
            if isinstance(v, Attribute):
                v = v._attr.value
            if element.kind == "float":
                if isinstance(v, bool) or not isinstance(v, (int, float)):
                    raise TypeError("get(): incompatible function arguments")
                converted.append(float(v))
            elif element.width == 1:
                converted.append(bool(v))
            else:
                if isinstance(v, float) or not isinstance(v, int):
                    raise TypeError("get(): incompatible function arguments")
                lo, hi = -(2 ** (element.width - 1)), 2 ** (element.width - 1)
                if not lo <= v < hi:
                    raise TypeError("get(): incompatible function arguments")
                converted.append(int(v))
        return _wrap_attr(_kiln.Attr.dense_array(element, converted), _context(context))  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self._attr.value)

    def __getitem__(self, i: int) -> Any:
        values = self._attr.value
        if not -len(values) <= i < len(values):
            raise IndexError("DenseArray index out of range")
        return values[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._attr.value)

    def __add__(self, other: Sequence[Any]) -> "_DenseArray":
        return type(self).get(list(self) + list(other), self._ctx)


def _dense_array_class(name: str, element: str) -> type:
    cls = type(name, (_DenseArray,), {"_element": element, "__doc__": f"``array<{element}: ...>``."})
    return cls


DenseBoolArrayAttr = _dense_array_class("DenseBoolArrayAttr", "i1")
DenseI8ArrayAttr = _dense_array_class("DenseI8ArrayAttr", "i8")
DenseI16ArrayAttr = _dense_array_class("DenseI16ArrayAttr", "i16")
DenseI32ArrayAttr = _dense_array_class("DenseI32ArrayAttr", "i32")
DenseI64ArrayAttr = _dense_array_class("DenseI64ArrayAttr", "i64")
DenseF32ArrayAttr = _dense_array_class("DenseF32ArrayAttr", "f32")
DenseF64ArrayAttr = _dense_array_class("DenseF64ArrayAttr", "f64")
_DENSE_ARRAYS = {
    c._element: c  # type: ignore[attr-defined]
    for c in (
        DenseBoolArrayAttr,
        DenseI8ArrayAttr,
        DenseI16ArrayAttr,
        DenseI32ArrayAttr,
        DenseI64ArrayAttr,
        DenseF32ArrayAttr,
        DenseF64ArrayAttr,
    )
}


@_register("strided_layout")
class StridedLayoutAttr(Attribute):
    """``strided<[...], offset: ...>``; dynamic entries read as ``DYNAMIC`` (``INT64_MIN``)."""

    @staticmethod
    def get(offset: int, strides: Sequence[int], context: Optional[Context] = None) -> "StridedLayoutAttr":
        """``strided<[strides], offset: offset>``; ``None`` or ``DYNAMIC`` entries are dynamic."""
        dyn = lambda x: None if x is None or x == DYNAMIC else int(x)  # noqa: E731
        return _wrap_attr(  # type: ignore[return-value]
            _kiln.Attr.strided_layout([dyn(s) for s in strides], dyn(offset)), _context(context)
        )

    @staticmethod
    def get_fully_dynamic(rank: int, context: Optional[Context] = None) -> "StridedLayoutAttr":
        """The layout of ``rank`` dynamic strides and a dynamic offset."""
        return StridedLayoutAttr.get(DYNAMIC, [DYNAMIC] * rank, context)

    @property
    def offset(self) -> int:
        """The offset (``DYNAMIC`` if it is dynamic)."""
        o = self._attr.strided[1]
        return DYNAMIC if o is None else o

    @property
    def strides(self) -> List[int]:
        """The strides (``DYNAMIC`` for a dynamic one)."""
        return [DYNAMIC if s is None else s for s in self._attr.strided[0]]


@_register("affine_map")
class AffineMapAttr(Attribute):
    """``affine_map<...>``."""

    @staticmethod
    def get(affine_map: Any) -> "AffineMapAttr":
        """``affine_map<...>`` holding ``affine_map``."""
        return _wrap_attr(affine_map._m.attr(), affine_map._ctx)  # type: ignore[return-value]

    @property
    def value(self) -> Any:
        """The ``AffineMap`` the attribute holds."""
        from ._affine import _wrap_map

        return _wrap_map(self._attr.value, self._ctx)


@_register("opaque")
class OpaqueAttr(Attribute):
    """A dialect attribute kept as written: ``#dialect.data`` or ``#dialect<data>``."""

    @staticmethod
    def get(dialect_namespace: str, buffer: bytes, type: Optional[Type] = None, context: Optional[Context] = None) -> "OpaqueAttr":
        """``#dialect_namespace.buffer``: an attribute of that dialect, kept as written
        (``type`` is not kept)."""
        data = buffer.decode() if isinstance(buffer, bytes) else str(buffer)
        return _wrap_attr(_kiln.Attr.opaque_attr(dialect_namespace, data), _context(context))  # type: ignore[return-value]

    @property
    def dialect_namespace(self) -> str:
        """The dialect's namespace (``dialect`` in ``#dialect.data``)."""
        return self._attr.opaque[0]

    @property
    def data(self) -> bytes:
        """The text after the namespace (``data`` in ``#dialect.data``), as bytes."""
        return self._attr.opaque[1].encode()
