"""Operations, regions, blocks and values as ``mlir.ir`` has them: handles into the generic
IR of their context (``_kiln.Graph``), which holds any operation, registered or not,
detached or placed, with regions, successors and typed attributes.

A handle is its context and an id; the IR lives in the context, so operations move
between the blocks and modules of one context. A handle of something erased raises
``RuntimeError`` when used (never a crash)."""

from __future__ import annotations

import enum
import weakref
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _kiln
from ._attributes import Attribute, NamedAttribute, TypeAttr, _wrap_attr
from ._context import Context, Location, _Current, _context, _pop, _push, _top
from ._types import Type, _native, _wrap

_op_classes: Dict[str, type] = {}
_value_casters: Dict[str, Callable[[Any], Any]] = {}


def register_op_class(cls: type) -> type:
    """Makes ``cls`` the view of operations named ``cls.OPERATION_NAME``; returns it (a
    class decorator)."""
    _op_classes[cls.OPERATION_NAME] = cls  # type: ignore[attr-defined]
    return cls


def _graph(ctx: Context) -> "_kiln.Graph":
    return ctx._graph


_dialects_loaded = False


def _ensure_dialects() -> None:
    global _dialects_loaded
    if not _dialects_loaded:
        _dialects_loaded = True
        from .dialects import arith, builtin, cf, func, memref  # noqa: F401


def _view(ctx: Context, oid: int, name: Optional[str] = None) -> "OpView":
    """The most specific view of operation ``oid``: its registered class, else ``OpView``."""
    if name is None:
        name = ctx._graph.op(oid)[0]
    _ensure_dialects()
    cls = _op_classes.get(name, OpView)
    v = object.__new__(cls)
    v._ctx = ctx
    v._id = oid
    return v


def _plain(ctx: Context, oid: int) -> "Operation":
    """The context's one ``Operation`` object for ``oid`` (upstream's live operations)."""
    live = ctx.__dict__.setdefault("_live_operations", weakref.WeakValueDictionary())
    v = live.get(oid)
    if v is None:
        v = object.__new__(Operation)
        v._ctx = ctx
        v._id = oid
        live[oid] = v
    return v


def _location_text(loc: Optional[Location]) -> str:
    if loc is None:
        loc = _top()[1]
    return loc._inner if loc is not None else "unknown"


def _location(ctx: Context, inner: str) -> Location:
    return Location(f"loc({inner})", ctx)


def _operand_value(x: Any) -> "Value":
    """An operand as upstream's builders take it: a ``Value``, or an operation (or its view)
    with one result, which stands for that result."""
    if isinstance(x, Value):
        return x
    if isinstance(x, Operation):
        results = x.results
        if len(results) == 1:
            return results[0]
        raise ValueError(f"`{x.name}` has {len(results)} results: pass one of them, not the operation")
    raise TypeError(f"operands must be Values, got {type(x).__name__}")


def _attr_native(v: Any, ctx: Context) -> "_kiln.Attr":
    if isinstance(v, Attribute):
        return v._attr
    if isinstance(v, Type):
        return _kiln.Attr.type_attr(v._ty)
    if v is None or v is True:
        return _kiln.Attr.unit()
    if isinstance(v, str):
        return _kiln.Attr.parse(v)
    raise TypeError(f"an attribute's value is an Attribute, not {type(v).__name__}")


class _Printer:
    """Upstream's ``print`` and ``get_asm``."""

    def _print_target(self) -> Tuple["_kiln.Graph", int]:
        raise NotImplementedError

    def get_asm(
        self,
        binary: bool = False,
        large_elements_limit: Optional[int] = None,
        enable_debug_info: bool = False,
        pretty_debug_info: bool = False,
        print_generic_op_form: bool = False,
        use_local_scope: bool = False,
        assume_verified: bool = False,
        skip_regions: bool = False,
    ) -> Union[str, bytes]:
        """The operation's text as MLIR prints it (``bytes`` with ``binary=True``): custom
        forms for the operations kiln knows, generic form for the rest or with
        ``print_generic_op_form``; locations with ``enable_debug_info``."""
        graph, oid = self._print_target()
        text = graph.print(oid, print_generic_op_form, enable_debug_info, pretty_debug_info, use_local_scope)
        if graph.op(oid)[5] is None:
            text += "\n"
        return text.encode() if binary else text

    def print(self, *args: Any, file: Any = None, binary: bool = False, **kwargs: Any) -> None:
        """Prints ``get_asm(...)`` to ``file`` (standard output by default)."""
        import sys

        if args and isinstance(args[0], AsmState):
            args = args[1:]
        text = self.get_asm(binary, *args, **kwargs)
        out = file if file is not None else sys.stdout
        if binary:
            out.write(text)
        else:
            print(text, file=out)


class WalkOrder(enum.IntEnum):
    """The order ``Operation.walk`` visits operations in."""

    PRE_ORDER = 0
    POST_ORDER = 1


class WalkResult(enum.IntEnum):
    """What a walk's callback returns: go on, stop, or skip the operation's regions."""

    ADVANCE = 0
    INTERRUPT = 1
    SKIP = 2


class Operation(_Printer):
    """An operation of any name. ``Operation.create`` builds one (detached, or at the
    insertion point); ``Operation.parse`` reads one; dialect classes
    (``kiln.dialects.arith.AddIOp``) build and view specific ones."""

    _ctx: Context
    _id: int

    def _print_target(self) -> Tuple["_kiln.Graph", int]:
        return self._ctx._graph, self._id

    @property
    def _g(self) -> "_kiln.Graph":
        return self._ctx._graph

    def _info(self) -> tuple:
        return self._g.op(self._id)

    @staticmethod
    def create(
        name: str,
        results: Optional[Sequence[Type]] = None,
        operands: Optional[Sequence[Any]] = None,
        attributes: Optional[Dict[str, Any]] = None,
        successors: Optional[Sequence["Block"]] = None,
        regions: int = 0,
        loc: Optional[Location] = None,
        ip: Optional["InsertionPoint"] = None,
        infer_type: bool = False,
    ) -> "Operation":
        """Creates operation ``name`` with these results' types, operands, attributes,
        successor blocks and number of (empty) regions: at ``ip`` or the current insertion
        point, else detached."""
        if not isinstance(name, str):
            raise TypeError("an operation's name is a str")
        ctx = _context(loc.context if loc is not None else None)
        ops = [_operand_value(v) for v in (operands or [])]
        for v in ops:
            if v._ctx is not ctx:
                raise ValueError(f"{v} belongs to another context")
        attrs = []
        where = f'when attempting to create the operation "{name}"'
        for k, v in (attributes or {}).items():
            if not isinstance(k, str):
                raise TypeError(f"Invalid attribute key (not a string) {where}")
            if v is None:
                raise TypeError(f'Found an invalid (`None`?) attribute value for the key "{k}" {where}')
            if isinstance(v, str):
                # kiln's shorthand: an attribute as MLIR text.
                v = Attribute.parse(v)
            elif isinstance(v, Type):
                v = TypeAttr.get(v)
            if not isinstance(v, Attribute):
                raise TypeError(f'Invalid attribute value for the key "{k}" {where}')
            attrs.append((k, v._attr))
        succ = []
        for s in successors or []:
            if not isinstance(s, Block):
                raise TypeError(f"successors are Blocks, got {type(s).__name__}")
            succ.append(s._id)
        types = [_native(t) for t in (results or [])]
        oid = ctx._graph.create(name, [v._key for v in ops], types, attrs, succ, int(regions), _location_text(loc))
        op = _plain(ctx, oid)
        point = ip if ip is not None else _top()[2]
        if point is not None:
            point.insert(op)
        return op

    @staticmethod
    def parse(source: str, source_name: str = "", context: Optional[Context] = None) -> "OpView":
        """Reads one operation (detached) from ``source``."""
        ctx = _context(context)
        oid = _parse_call(ctx, lambda: ctx._graph.parse_operation(source, source_name or "-"))
        return _view(ctx, oid)

    @property
    def operation(self) -> "Operation":
        """The operation itself (an ``Operation``, whatever view this is)."""
        return _plain(self._ctx, self._id)

    @property
    def opview(self) -> "OpView":
        """The operation's most specific view (its dialect class, when registered)."""
        return _view(self._ctx, self._id)

    @property
    def name(self) -> str:
        """``dialect.name``."""
        return self._info()[0]

    @property
    def context(self) -> Context:
        """The operation's context."""
        return self._ctx

    @property
    def location(self) -> Location:
        """Where the operation is from."""
        return _location(self._ctx, self._info()[6])

    @location.setter
    def location(self, loc: Location) -> None:
        self._g.set_location(self._id, loc._inner)

    @property
    def is_valid(self) -> bool:
        """False once the operation is erased."""
        return self._g.op_alive(self._id)

    @property
    def operands(self) -> "OpOperandList":
        """The operands (assignable by index)."""
        return OpOperandList(self)

    @property
    def results(self) -> "OpResultList":
        """The results."""
        return OpResultList(self, list(range(self._info()[2])))

    @property
    def result(self) -> "OpResult":
        """The one result; ``ValueError`` unless there is exactly one."""
        n = self._info()[2]
        if n != 1:
            raise ValueError(f"Cannot call .result on operation {self.name} which has {n} results")
        return _value(self._ctx, (0, self._id, 0))

    @property
    def successors(self) -> "OpSuccessors":
        """The successor blocks (assignable by index)."""
        return OpSuccessors(self)

    @property
    def successor_operands(self) -> List[List["Value"]]:
        """The operands passed to each successor (kiln's: by the segment sizes of
        ``cf.br``, ``cf.cond_br`` and ``cf.switch``)."""
        ops = list(self.operands)
        n = len(self._info()[3])
        if n == 0:
            return []
        if self.name == "cf.br":
            return [ops]
        sizes = [int(x) for x in self.attributes["operandSegmentSizes"]] if "operandSegmentSizes" in self.attributes else []
        if self.name == "cf.cond_br" and len(sizes) == 3:
            return [ops[1 : 1 + sizes[1]], ops[1 + sizes[1] :]]
        if self.name == "cf.switch" and len(sizes) == 3:
            out = [ops[1 : 1 + sizes[1]]]
            at = 1 + sizes[1]
            for k in self.attributes["case_operand_segments"]:
                out.append(ops[at : at + int(k)])
                at += int(k)
            return out
        raise ValueError(f"kiln does not know how `{self.name}` passes operands to its successors")

    @property
    def attributes(self) -> "OpAttributeMap":
        """The attributes, inherent and discardable."""
        return OpAttributeMap(self)

    @property
    def regions(self) -> "RegionSequence":
        """The regions."""
        return RegionSequence(self._ctx, self._info()[4])

    @property
    def parent(self) -> Optional["Operation"]:
        """The operation holding this one (an ``Operation``; ``.opview`` is its view), or
        None."""
        p = self._g.parent_op(self._id)
        return None if p is None else _plain(self._ctx, p)

    @property
    def block(self) -> Optional["Block"]:
        """The block holding the operation, or None if it is detached."""
        b = self._info()[5]
        return None if b is None else Block(self._ctx, b)

    def verify(self) -> bool:
        """True, or raises ``MLIRError`` with MLIR's messages (for a module in kiln's
        language, the typed frontend's diagnostics too)."""
        errors = self._g.verify(self._id)
        if errors:
            from ._module import _verify_error

            located = [(_location(self._ctx, self._g.op(o)[6]), m) for o, m in errors]
            shown = [self._g.print(o, True, False, False, True) for o, _ in errors]
            if self._ctx.emit_error_diagnostics:
                # The errors go to the handlers, each with its note; the exception then
                # carries none, as upstream's.
                from ._context import Diagnostic, DiagnosticSeverity

                for (loc, message), op in zip(located, shown):
                    note = Diagnostic(DiagnosticSeverity.NOTE, loc, f"see current operation: {op}")
                    self._ctx._emit(DiagnosticSeverity.ERROR, loc, message, (note,))
                raise _verify_error(self._ctx, [], [])
            raise _verify_error(self._ctx, located, shown)
        if self.name == "builtin.module" and self._g.in_language(self._id):
            from ._module import _typed_check

            _typed_check(self, None, "-")
        return True

    def erase(self) -> None:
        """Erases the operation (and everything inside it); its handles become invalid."""
        self._g.erase(self._id)

    def clone(self, ip: Optional["InsertionPoint"] = None) -> "OpView":
        """A deep copy, inserted at ``ip`` or the current insertion point (else detached)."""
        c = _view(self._ctx, self._g.clone_op(self._id))
        point = ip if ip is not None else _top()[2]
        if point is not None:
            point.insert(c)
        return c

    def detach_from_parent(self) -> "OpView":
        """Takes the operation out of its block; it stays valid, detached."""
        if self._info()[5] is None:
            raise ValueError("Detached operation has no parent.")
        self._g.detach(self._id)
        return self.opview

    def move_before(self, other: "Operation") -> None:
        """Moves the operation just before ``other``."""
        b = other._info()[5]
        if b is None:
            raise ValueError("the reference operation is detached")
        self._g.detach(self._id)
        self._g.insert(self._id, b, self._g.index_in_block(other._id))

    def move_after(self, other: "Operation") -> None:
        """Moves the operation just after ``other``."""
        b = other._info()[5]
        if b is None:
            raise ValueError("the reference operation is detached")
        self._g.detach(self._id)
        self._g.insert(self._id, b, self._g.index_in_block(other._id) + 1)

    def walk(self, callback: Callable[["OpView"], Any], walk_order: WalkOrder = WalkOrder.POST_ORDER) -> None:
        """Calls ``callback`` on the operation and every one inside it (post-order by
        default); a ``WalkResult.INTERRUPT`` stops the walk, ``SKIP`` (pre-order) skips the
        operation's regions."""
        self._walk(callback, walk_order == WalkOrder.PRE_ORDER)

    def _call(self, callback: Callable[["Operation"], Any]) -> Any:
        try:
            return callback(self.operation)
        except Exception as e:
            # Upstream's walk reports a callback's failure as a RuntimeError.
            raise RuntimeError(f"Exception raised in callback: {type(e).__name__}: {e}") from e

    def _walk(self, callback: Callable[["OpView"], Any], pre: bool) -> bool:
        if pre:
            r = self._call(callback)
            if r == WalkResult.INTERRUPT:
                return False
            if r == WalkResult.SKIP:
                return True
        for rid in self._info()[4]:
            for bid in self._g.region(rid)[0]:
                for oid in self._g.block(bid)[1]:
                    if not _view(self._ctx, oid)._walk(callback, pre):
                        return False
        if not pre:
            return self._call(callback) != WalkResult.INTERRUPT
        return True

    def __iter__(self) -> Iterator["Region"]:
        return iter(self.regions)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Operation) and other._ctx is self._ctx and other._id == self._id

    def __hash__(self) -> int:
        return hash((id(self._ctx), self._id))

    def __str__(self) -> str:
        return self.get_asm()  # type: ignore[return-value]

    def __repr__(self) -> str:
        if not self.is_valid:
            return "<kiln.ir.Operation (erased)>"
        if type(self) is Operation:
            return str(self)
        return f"<{type(self).__module__}.{type(self).__name__} object of {self.name}>"


class OpView(Operation):
    """The view of an operation by its dialect class; ``OpView(op)`` views any operation.
    Dialect classes set ``OPERATION_NAME`` and build with ``build_generic``."""

    OPERATION_NAME: Optional[str] = None

    def __init__(self, operation: Any) -> None:
        if not isinstance(operation, Operation):
            raise TypeError(f"OpView wraps an Operation, got {type(operation).__name__}")
        self._ctx = operation._ctx
        self._id = operation._id

    @classmethod
    def build_generic(
        cls,
        results: Optional[Sequence[Type]] = None,
        operands: Optional[Sequence[Any]] = None,
        attributes: Optional[Dict[str, Any]] = None,
        successors: Optional[Sequence["Block"]] = None,
        regions: Optional[int] = None,
        loc: Optional[Location] = None,
        ip: Optional["InsertionPoint"] = None,
    ) -> "Operation":
        """Creates an operation named ``cls.OPERATION_NAME`` (what a dialect class's
        constructor passes to ``super().__init__``)."""
        if cls.OPERATION_NAME is None:
            raise TypeError(f"{cls.__name__} has no OPERATION_NAME")
        return Operation.create(
            cls.OPERATION_NAME, results, operands, attributes, successors, regions or 0, loc, ip
        )

    @classmethod
    def parse(cls, source: str, *, source_name: str = "", context: Optional[Context] = None) -> "OpView":  # type: ignore[override]
        """Reads one operation, which must be a ``cls.OPERATION_NAME``."""
        op = Operation.parse(source, source_name, context)
        if cls.OPERATION_NAME is not None and op.name != cls.OPERATION_NAME:
            raise ValueError(f"Expected a '{cls.OPERATION_NAME}' op, got: '{op.name}'")
        return op


def _parse_call(ctx: Context, read: Callable[[], int]) -> int:
    try:
        return read()
    except _kiln.ParseError as e:
        from ._module import _parse_error

        raise _parse_error(ctx, e) from None


class OpAttributeMap:
    """An operation's attributes: subscript by name or position, iterate
    ``NamedAttribute``s; ``attributes[name] = attr`` and ``del attributes[name]`` change the
    operation."""

    def __init__(self, op: Operation) -> None:
        op._info()  # a stale handle fails here, not at first use
        self._op = op

    def _items(self) -> List[Tuple[str, "_kiln.Attr"]]:
        return self._op._g.attributes(self._op._id)

    def __getitem__(self, key: Union[str, int]) -> Any:
        items = self._items()
        if isinstance(key, int):
            if not -len(items) <= key < len(items):
                raise IndexError("attribute index out of range")
            k, v = items[key]
            return NamedAttribute(k, _wrap_attr(v, self._op._ctx))
        for k, v in items:
            if k == key:
                return _wrap_attr(v, self._op._ctx)
        raise KeyError(f"attempt to access a non-existent attribute: {key}")

    def __setitem__(self, key: str, value: Any) -> None:
        if not isinstance(key, str):
            raise TypeError(f"an attribute's name is a str, not {type(key).__name__}")
        self._op._g.set_attribute(self._op._id, key, _attr_native(value, self._op._ctx))

    def __delitem__(self, key: str) -> None:
        if not self._op._g.remove_attribute(self._op._id, key):
            raise KeyError(f"attempt to delete a non-existent attribute: {key}")

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __iter__(self) -> Iterator[NamedAttribute]:
        return iter([NamedAttribute(k, _wrap_attr(v, self._op._ctx)) for k, v in self._items()])

    def keys(self) -> List[str]:
        """The attributes' names, in order."""
        return [k for k, _ in self._items()]

    def items(self) -> List[Tuple[str, Attribute]]:
        """The ``(name, attribute)`` pairs, in order."""
        return [(k, _wrap_attr(v, self._op._ctx)) for k, v in self._items()]

    def get(self, key: str, default: Any = None) -> Any:
        """The attribute named ``key``, or ``default`` if there is none."""
        return self[key] if key in self else default

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k} = {v}" for k, v in self.items()) + "}"


class _ValueSlice(list):
    """A slice of a value list: a list with the values' ``types``."""

    @property
    def types(self) -> List[Type]:
        """The values' types."""
        return [v.type for v in self]


class _Sequence:
    """A list-like sequence of handles computed when asked."""

    def _handles(self) -> list:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._handles())

    def __getitem__(self, i: Any) -> Any:
        h = self._handles()
        if isinstance(i, slice):
            return _ValueSlice(h[i]) if isinstance(self, (OpOperandList, BlockArgumentList)) else h[i]
        if not -len(h) <= i < len(h):
            raise IndexError(f"index {i} out of range")
        return h[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._handles())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (_Sequence, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class OpOperandList(_Sequence):
    """An operation's operands; ``operands[i] = value`` replaces one."""

    def __init__(self, op: Operation) -> None:
        op._info()  # a stale handle fails here, not at first use
        self._op = op

    def _handles(self) -> list:
        # Upstream gives operands as plain `Value`s.
        return [_value(self._op._ctx, k, Value) for k in self._op._info()[1]]

    def __setitem__(self, i: int, value: Any) -> None:
        v = _operand_value(value)
        n = len(self)
        if not -n <= i < n:
            raise IndexError(f"index {i} out of range")
        self._op._g.set_operand(self._op._id, i % n, v._key)

    @property
    def types(self) -> List[Type]:
        """The operands' types."""
        return [v.type for v in self]


class OpResultList(_Sequence):
    """An operation's results (slices are result lists too)."""

    def __init__(self, op: Operation, indices: List[int]) -> None:
        self._op = op
        self._indices = indices

    def _handles(self) -> list:
        return [_value(self._op._ctx, (0, self._op._id, i)) for i in self._indices]

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return OpResultList(self._op, self._indices[i])
        return super().__getitem__(i)

    @property
    def types(self) -> List[Type]:
        """The results' types."""
        return [v.type for v in self]

    @property
    def owner(self) -> "OpView":
        """The operation the results belong to."""
        return self._op.opview


class OpSuccessors(_Sequence):
    """An operation's successor blocks; ``successors[i] = block`` replaces one."""

    def __init__(self, op: Operation) -> None:
        self._op = op

    def _handles(self) -> list:
        return [Block(self._op._ctx, b) for b in self._op._info()[3]]

    def __setitem__(self, i: int, block: "Block") -> None:
        self._op._g.set_successor(self._op._id, i, block._id)


class RegionSequence(_Sequence):
    """An operation's regions."""

    def __init__(self, ctx: Context, ids: List[int]) -> None:
        self._ctx = ctx
        self._ids = ids

    def _handles(self) -> list:
        return [Region(self._ctx, r) for r in self._ids]


class Region:
    """A region: a list of blocks owned by an operation."""

    def __init__(self, ctx: Context, rid: int) -> None:
        self._ctx = ctx
        self._id = rid

    @property
    def blocks(self) -> "BlockList":
        """The blocks, in order (``append`` adds one)."""
        return BlockList(self)

    @property
    def owner(self) -> "OpView":
        """The operation owning the region."""
        return _view(self._ctx, self._ctx._graph.region(self._id)[1])

    @property
    def context(self) -> Context:
        """The region's context."""
        return self._ctx

    def __iter__(self) -> Iterator["Block"]:
        return iter(self.blocks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Region) and other._ctx is self._ctx and other._id == self._id

    def __hash__(self) -> int:
        return hash(("region", id(self._ctx), self._id))

    def __repr__(self) -> str:
        return f"<kiln.ir.Region of {self.owner.name}>"


def _arg_locations(ctx: Context, types: Sequence[Any], arg_locs: Optional[Sequence[Location]]) -> list:
    """Each argument's type and location: ``arg_locs``, else the current location (one is
    needed for arguments, as upstream requires)."""
    if arg_locs is not None and len(arg_locs) != len(types):
        raise ValueError(f"Expected {len(types)} locations, got: {len(arg_locs)}")
    if arg_locs is None and types and _top()[1] is None:
        raise RuntimeError("An MLIR function requires a Location but none was provided")
    locs = list(arg_locs) if arg_locs is not None else [None] * len(types)
    return [(_native(t), _location_text(l)) for t, l in zip(types, locs)]


class BlockList(_Sequence):
    """A region's blocks; ``append(*types)`` adds one at the end."""

    def __init__(self, region: Region) -> None:
        region._ctx._graph.region(region._id)
        self._region = region

    def _handles(self) -> list:
        ctx = self._region._ctx
        return [Block(ctx, b) for b in ctx._graph.region(self._region._id)[0]]

    def append(self, *types: Any, arg_locs: Optional[Sequence[Location]] = None) -> "Block":
        """A new block at the end of the region, with arguments of these types."""
        ctx = self._region._ctx
        args = _arg_locations(ctx, types, arg_locs)
        return Block(ctx, ctx._graph.new_block(self._region._id, 1 << 62, args))


class Block:
    """A block: its arguments and operations, in a region."""

    def __init__(self, ctx: Context, bid: int) -> None:
        self._ctx = ctx
        self._id = bid

    def _info(self) -> tuple:
        return self._ctx._graph.block(self._id)

    @staticmethod
    def create_at_start(
        parent: Region, arg_types: Sequence[Any] = (), arg_locs: Optional[Sequence[Location]] = None
    ) -> "Block":
        """A new block at the start of ``parent``."""
        ctx = parent._ctx
        return Block(ctx, ctx._graph.new_block(parent._id, 0, _arg_locations(ctx, arg_types, arg_locs)))

    @staticmethod
    def create_at_end(
        parent: Region, arg_types: Sequence[Any] = (), arg_locs: Optional[Sequence[Location]] = None
    ) -> "Block":
        """A new block at the end of ``parent``."""
        return parent.blocks.append(*arg_types, arg_locs=arg_locs)

    def _position(self) -> Tuple[int, int]:
        rid = self._info()[2]
        if rid is None:
            raise ValueError("the block is in no region")
        return rid, self._ctx._graph.region(rid)[0].index(self._id)

    def create_before(self, *arg_types: Any, arg_locs: Optional[Sequence[Location]] = None) -> "Block":
        """A new block just before this one."""
        rid, i = self._position()
        args = _arg_locations(self._ctx, arg_types, arg_locs)
        return Block(self._ctx, self._ctx._graph.new_block(rid, i, args))

    def create_after(self, *arg_types: Any, arg_locs: Optional[Sequence[Location]] = None) -> "Block":
        """A new block just after this one."""
        rid, i = self._position()
        args = _arg_locations(self._ctx, arg_types, arg_locs)
        return Block(self._ctx, self._ctx._graph.new_block(rid, i + 1, args))

    def append_to(self, region: Region) -> None:
        """Moves the block to the end of ``region``."""
        self._ctx._graph.move_block(self._id, region._id, 1 << 62)

    def append(self, operation: Operation) -> None:
        """Moves ``operation`` to the end of the block."""
        g = self._ctx._graph
        if operation._info()[5] is not None:
            g.detach(operation._id)
        g.insert(operation._id, self._id, 1 << 62)

    def add_argument(self, type: Any, loc: Optional[Location] = None) -> "BlockArgument":
        """Appends an argument."""
        return _value(self._ctx, tuple(self._ctx._graph.add_argument(self._id, _native(type), _location_text(loc))))  # type: ignore[return-value]

    def erase_argument(self, index: int) -> None:
        """Removes argument ``index`` (which must have no uses)."""
        self._ctx._graph.erase_argument(self._id, index)

    @property
    def arguments(self) -> "BlockArgumentList":
        """The arguments."""
        return BlockArgumentList(self)

    @property
    def operations(self) -> "OperationList":
        """The operations, in order."""
        return OperationList(self)

    @property
    def owner(self) -> Optional["OpView"]:
        """The operation whose region holds the block."""
        rid = self._info()[2]
        if rid is None:
            return None
        p = self._ctx._graph.region(rid)[1]
        return None if p is None else _view(self._ctx, p)

    @property
    def region(self) -> Region:
        """The region holding the block."""
        rid = self._info()[2]
        if rid is None:
            raise ValueError("the block is in no region")
        return Region(self._ctx, rid)

    @property
    def terminator(self) -> Optional["OpView"]:
        """The last operation, or None if the block is empty."""
        ops = self._info()[1]
        return _view(self._ctx, ops[-1]) if ops else None

    @property
    def context(self) -> Context:
        """The block's context."""
        return self._ctx

    def __iter__(self) -> Iterator["OpView"]:
        return iter(self.operations)

    def __len__(self) -> int:
        return len(self._info()[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Block) and other._ctx is self._ctx and other._id == self._id

    def __hash__(self) -> int:
        return hash(("block", id(self._ctx), self._id))

    def __str__(self) -> str:
        owner = self.owner
        if owner is None:
            return "<<detached block>>"
        text = owner.get_asm(use_local_scope=False)
        return str(text)

    def __repr__(self) -> str:
        return f"<kiln.ir.Block with {len(self)} operations>"


class OperationList(_Sequence):
    """A block's operations (views)."""

    def __init__(self, block: Block) -> None:
        block._info()  # a stale handle fails here, not at first use
        self._block = block

    def _handles(self) -> list:
        return [_view(self._block._ctx, o) for o in self._block._info()[1]]


class BlockArgumentList(_Sequence):
    """A block's arguments."""

    def __init__(self, block: Block) -> None:
        block._info()  # a stale handle fails here, not at first use
        self._block = block

    def _handles(self) -> list:
        n = len(self._block._info()[0])
        return [_value(self._block._ctx, (1, self._block._id, i)) for i in range(n)]

    @property
    def types(self) -> List[Type]:
        """The arguments' types."""
        return [_wrap(t) for t, _ in self._block._info()[0]]


class Value:
    """An SSA value: an operation's result (``OpResult``) or a block's argument
    (``BlockArgument``). ``Value(v)`` casts."""

    _ctx: Context
    _key: tuple

    def __init__(self, value: "Value") -> None:
        if not isinstance(value, Value):
            raise TypeError(f"expected a Value, got {type(value).__name__}")
        if not type(self).isinstance(value):
            raise ValueError(f"Cannot cast value to {type(self).__name__} (from {value})")
        self._ctx = value._ctx
        self._key = value._key

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a value of this class."""
        if not isinstance(other, Value):
            return False
        if cls is OpResult:
            return other._key[0] == 0
        if cls is BlockArgument:
            return other._key[0] == 1
        return True

    def maybe_downcast(self) -> "Value":
        """The value as its registered caster (``register_value_caster``) makes it, else
        itself."""
        caster = _value_casters.get(self.type.typeid)
        return caster(self) if caster is not None else self

    @property
    def type(self) -> Type:
        """The value's type."""
        return _wrap(self._ctx._graph.value_type(self._key), self._ctx)

    def set_type(self, type: Type) -> None:
        """Changes the value's type."""
        self._ctx._graph.set_value_type(self._key, _native(type))

    @property
    def context(self) -> Context:
        """The value's context."""
        return self._ctx

    @property
    def location(self) -> Location:
        """Where the value is defined."""
        return _location(self._ctx, self._ctx._graph.value_location(self._key))

    @property
    def owner(self) -> Union["OpView", Block]:
        """The operation defining the result, or the block owning the argument."""
        kind, owner, _ = self._key
        return _view(self._ctx, owner) if kind == 0 else Block(self._ctx, owner)

    @property
    def uses(self) -> Iterator["OpOperand"]:
        """The uses, as ``OpOperand``s (the using operation and the operand's number)."""
        return iter([OpOperand(_view(self._ctx, o), i) for o, i in self._ctx._graph.uses(self._key)])

    def replace_all_uses_with(self, other: Any) -> None:
        """Makes every use of this value use ``other``."""
        self._ctx._graph.replace_all_uses(self._key, _operand_value(other)._key)

    def replace_all_uses_except(self, with_: Any, exceptions: Any) -> None:
        """``replace_all_uses_with`` but for the uses in ``exceptions`` (operations)."""
        ex = exceptions if isinstance(exceptions, (list, tuple)) else [exceptions]
        self._ctx._graph.replace_all_uses(self._key, _operand_value(with_)._key, [o._id for o in ex])

    def get_name(self, state: Any = None, use_local_scope: bool = False, use_name_loc_as_prefix: bool = False) -> str:
        """The value's name as printed (``%0``, ``%arg1``), numbered from the outermost
        operation (or, with ``use_local_scope`` or an ``AsmState`` made so, the nearest)."""
        if isinstance(state, AsmState):
            use_local_scope = use_local_scope or state.use_local_scope
        elif isinstance(state, bool):
            use_local_scope = state
        return _value_name(self, use_local_scope)

    @property
    def name(self) -> str:
        """``get_name()``."""
        return self.get_name()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and other._ctx is self._ctx and other._key == self._key

    def __hash__(self) -> int:
        return hash(("value", id(self._ctx), self._key))

    def __str__(self) -> str:
        kind, owner, index = self._key
        if kind == 1:
            return f"Value(<block argument> of type '{self.type}' at index: {index})"
        return f"Value({self.owner.get_asm()})"

    def __repr__(self) -> str:
        return str(self)


def _value_name(v: Value, local: bool) -> str:
    return v._ctx._graph.value_name(v._key, local)


class OpResult(Value):
    """A result of an operation."""

    @property
    def result_number(self) -> int:
        """Which result it is."""
        return self._key[2]

    @property
    def owner(self) -> "OpView":  # type: ignore[override]
        """The operation defining it."""
        return _view(self._ctx, self._key[1])


class BlockArgument(Value):
    """An argument of a block."""

    @property
    def arg_number(self) -> int:
        """Which argument it is."""
        return self._key[2]

    @property
    def owner(self) -> Block:  # type: ignore[override]
        """The block owning it."""
        return Block(self._ctx, self._key[1])


def _value(ctx: Context, key: tuple, cls: Optional[type] = None) -> Value:
    """The value ``key`` as ``cls`` (by default ``OpResult`` or ``BlockArgument``), passed
    through the caster registered for its type, if any."""
    if cls is None:
        cls = OpResult if key[0] == 0 else BlockArgument
    v = object.__new__(cls)
    v._ctx = ctx
    v._key = tuple(key)
    if _value_casters:
        caster = _value_casters.get(v.type.typeid)
        if caster is not None:
            return caster(v)
    return v


class OpOperand:
    """A use of a value: the operation using it and which of its operands it is."""

    def __init__(self, owner: "OpView", operand_number: int) -> None:
        self.owner = owner
        self.operand_number = operand_number

    def __repr__(self) -> str:
        return f"<kiln.ir.OpOperand #{self.operand_number} of {self.owner.name}>"


class AsmState:
    """Upstream's printing state for naming values; kiln names values as it prints, so
    the state only remembers its operation and whether names are local."""

    def __init__(self, value_or_op: Any, use_local_scope: bool = False) -> None:
        self.op = value_or_op
        self.use_local_scope = use_local_scope


class InsertionPoint(metaclass=_Current):
    """Where new operations go: ``InsertionPoint(block)`` (its end),
    ``InsertionPoint.at_block_begin(block)``, ``InsertionPoint(op)`` (before ``op``),
    ``InsertionPoint.at_block_terminator(block)``. A context manager, as in ``mlir.ir``."""

    def __init__(self, where: Union[Block, Operation]) -> None:
        self._before: Optional[Operation] = None
        if isinstance(where, Operation):
            b = where.block
            if b is None:
                raise ValueError("Operation does not have a parent block")
            self.block = b
            self._before = where
        elif isinstance(where, Block):
            self.block = where
        else:
            raise TypeError(f"cannot insert into {type(where).__name__}")

    @staticmethod
    def at_block_begin(block: Block) -> "InsertionPoint":
        """The point before the first operation of ``block`` (its end, if it is empty)."""
        ops = block.operations
        return InsertionPoint(ops[0]) if len(ops) else InsertionPoint(block)

    @staticmethod
    def at_block_terminator(block: Block) -> "InsertionPoint":
        """The point before ``block``'s terminator; ``ValueError`` if it has none."""
        ops = block._info()[1]
        last = _view(block._ctx, ops[-1]) if ops else None
        if last is None or not _is_terminator(last.name):
            raise ValueError("Block has no terminator")
        return InsertionPoint(last)

    @property
    def ref_operation(self) -> Optional[Operation]:
        """The operation new ones go before, or None at the end of the block."""
        return self._before

    def insert(self, operation: Operation) -> None:
        """Inserts a detached operation here; ``IndexError`` at the end of a block that
        ends with a terminator."""
        if operation._info()[5] is not None:
            raise ValueError("Attempt to insert operation that is already attached")
        if self._before is None:
            ops = self.block._info()[1]
            if ops and _is_terminator(self.block._ctx._graph.op(ops[-1])[0]):
                raise IndexError(
                    "Cannot insert operation at the end of a block that already has a terminator. "
                    "Did you mean to use 'InsertionPoint.at_block_terminator(block)' versus "
                    "'InsertionPoint(block)'?"
                )
        if operation._ctx is not self.block._ctx:
            raise ValueError("the operation belongs to another context")
        g = self.block._ctx._graph
        if self._before is not None:
            g.insert(operation._id, self.block._id, g.index_in_block(self._before._id))
        else:
            g.insert(operation._id, self.block._id, 1 << 62)

    @staticmethod
    def _current() -> "InsertionPoint":
        ip = _top()[2]
        if ip is None:
            raise ValueError("No current InsertionPoint")
        return ip

    @property
    def context(self) -> Context:
        """The block's context."""
        return self.block._ctx

    def __enter__(self) -> "InsertionPoint":
        # The insertion point's context is entered with it; the location stays if it is of
        # the same context.
        _, location, _ = _top()
        own = self.context
        _push(own, location if location is not None and location.context is own else None, self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _pop()

    def __repr__(self) -> str:
        where = f"before {self._before.name}" if self._before is not None else "at the end"
        return f"<kiln.ir.InsertionPoint {where} of {self.block!r}>"


def _is_terminator(name: str) -> bool:
    return name in ("func.return", "cf.br", "cf.cond_br", "cf.switch", "memref.alloca_scope.return")


def register_value_caster(type_id: Any, replace: bool = False) -> Callable[[Callable], Callable]:
    """Registers a function turning values of a type into a Python class (upstream's
    ``register_value_caster(TypeID)``); ``maybe_downcast`` applies it."""

    def put(caster: Callable) -> Callable:
        key = type_id
        if key in _value_casters and not replace:
            raise RuntimeError(f"Value caster is already registered: {caster}")
        _value_casters[key] = caster
        return caster

    return put
