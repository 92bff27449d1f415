"""kiln's IR, modelled on MLIR's ``mlir.ir``.

Parse or build modules, inspect them (operations, regions, blocks, values, types,
attributes), print and verify them. Objects are views: each keeps its module alive, and a
view of something erased raises ``RuntimeError`` (never a crash).

kiln's IR is a module of ``func.func`` operations; each function has one region of blocks.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _kiln

__all__ = [
    "Context",
    "Location",
    "InsertionPoint",
    "Module",
    "Operation",
    "OpView",
    "Region",
    "Block",
    "Value",
    "BlockArgument",
    "OpResult",
    "OpOperand",
    "MLIRError",
    "Type",
    "IntegerType",
    "IndexType",
    "FloatType",
    "F16Type",
    "BF16Type",
    "F32Type",
    "F64Type",
    "MemRefType",
    "UnrankedMemRefType",
    "FunctionType",
    "Attribute",
    "ShapedType",
    "NoneType",
    "FloatTF32Type",
    "RankedTensorType",
    "UnrankedTensorType",
    "TensorType",
    "VectorType",
    "ComplexType",
    "TupleType",
    "OpaqueType",
    "NamedAttribute",
    "UnitAttr",
    "IntegerAttr",
    "BoolAttr",
    "FloatAttr",
    "StringAttr",
    "TypeAttr",
    "SymbolRefAttr",
    "FlatSymbolRefAttr",
    "ArrayAttr",
    "DictAttr",
    "DenseElementsAttr",
    "DenseIntElementsAttr",
    "DenseFPElementsAttr",
    "DenseBoolArrayAttr",
    "DenseI8ArrayAttr",
    "DenseI16ArrayAttr",
    "DenseI32ArrayAttr",
    "DenseI64ArrayAttr",
    "DenseF32ArrayAttr",
    "DenseF64ArrayAttr",
    "StridedLayoutAttr",
    "AffineMapAttr",
    "OpaqueAttr",
    "OpAttributeMap",
    "Diagnostic",
    "DiagnosticHandler",
    "DiagnosticSeverity",
    "AffineExpr",
    "AffineDimExpr",
    "AffineSymbolExpr",
    "AffineConstantExpr",
    "AffineBinaryExpr",
    "AffineAddExpr",
    "AffineMulExpr",
    "AffineModExpr",
    "AffineFloorDivExpr",
    "AffineCeilDivExpr",
    "AffineMap",
    "Float8E5M2Type",
    "Float8E4M3Type",
    "Float8E4M3FNType",
    "Float8E5M2FNUZType",
    "Float8E4M3FNUZType",
    "Float8E4M3B11FNUZType",
    "F80Type",
    "F128Type",
    "IntegerSet",
    "IntegerSetConstraint",
]

from ._affine import *  # noqa: E402,F401,F403
from ._attributes import *  # noqa: E402,F401,F403
from ._attributes import Attribute, NamedAttribute, _wrap_attr  # noqa: E402
from ._context import (  # noqa: E402,F401
    Context,
    Diagnostic,
    DiagnosticHandler,
    DiagnosticSeverity,
    Location,
    _Current,
    _context,
    _pop,
    _push,
    _top,
)
from ._types import *  # noqa: E402,F401,F403
from ._types import FunctionType, Type, _type, _type_text  # noqa: E402,F401
from ._attributes import OpAttributeMap, _attr_text, _attribute  # noqa: E402,F401
from ._module import LoweredModule, Module, ModuleBody, ModuleOp, ModuleRegion, _Printable  # noqa: E402,F401


# ---------------------------------------------------------------------------------------
# Module, operations, regions, blocks, values


# Upstream's name for the errors of parsing and verifying: kiln's ``Error`` (``ParseError``
# and ``VerifyError`` derive from it), whose ``error_diagnostics`` are its diagnostics.
MLIRError = _kiln.Error


def _error_diagnostics(e: "_kiln.Error") -> List["_kiln.Diagnostic"]:
    """The error's diagnostics (``kiln.Diagnostic``s), as a list: empty if it has none."""
    return list(getattr(e, "diagnostics", []))


_kiln.Error.error_diagnostics = property(_error_diagnostics)


# Op classes by operation name (filled by kiln.dialects.*).
_op_classes: Dict[str, type] = {}


def register_op_class(cls: type) -> type:
    """Makes ``cls`` the view of operations named ``cls.OPERATION_NAME``; returns it
    (a class decorator)."""
    _op_classes[cls.OPERATION_NAME] = cls  # type: ignore[attr-defined]
    return cls


def _func_view(module: Module, fuid: int) -> "OpView":
    from .dialects import func as _func  # noqa: F401  (registers func.func)

    cls = _op_classes.get("func.func", FunctionOperation)
    v = object.__new__(cls)
    v._module = module
    v._fuid = fuid
    v._ouid = None
    return v


def _op_view(module: Module, fuid: int, ouid: int, name: Optional[str] = None) -> "OpView":
    if name is None:
        name = module._native.op(fuid, ouid)[0]
    _ensure_dialects()
    cls = _op_classes.get(name, OpView)
    v = object.__new__(cls)
    v._module = module
    v._fuid = fuid
    v._ouid = ouid
    return v


_dialects_loaded = False


def _ensure_dialects() -> None:
    global _dialects_loaded
    if not _dialects_loaded:
        _dialects_loaded = True
        from .dialects import arith, cf, func, memref  # noqa: F401


class Operation(_Printable):
    """A view of an operation inside a function. ``Operation.create`` builds any operation
    by name at the current insertion point; dialect classes (``kiln.dialects.arith.AddIOp``)
    build and view specific ones."""

    _module: Module
    _fuid: int
    _ouid: Optional[int]

    def _info(self) -> tuple:
        return self._module._native.op(self._fuid, self._ouid)

    @staticmethod
    def create(
        name: str,
        results: Optional[Sequence[Type]] = None,
        operands: Optional[Sequence["Value"]] = None,
        attributes: Optional[Dict[str, Any]] = None,
        successors: Optional[Sequence[Union["Block", Tuple["Block", Sequence["Value"]]]]] = None,
        regions: int = 0,
        loc: Optional[Location] = None,
        ip: Optional["InsertionPoint"] = None,
    ) -> "OpView":
        """Creates operation ``name`` at ``ip`` (or the current insertion point).
        ``successors`` are blocks, or (block, arguments) pairs. kiln operations have no
        regions other than a function's; ``regions`` must be 0."""
        if regions:
            raise ValueError("kiln operations inside functions have no regions")
        succ = []
        for s in successors or []:
            if isinstance(s, tuple):
                succ.append((s[0], list(s[1])))
            else:
                succ.append((s, []))
        return _create(name, list(operands or []), list(results or []), attributes or {}, succ, ip)

    @property
    def operation(self) -> "Operation":
        """The operation itself."""
        return self

    @property
    def opview(self) -> "OpView":
        """The operation as its dialect class (``OpView`` if it has none)."""
        return _op_view(self._module, self._fuid, self._ouid) if self._ouid is not None else self  # type: ignore[return-value]

    @property
    def name(self) -> str:
        """The operation's name (``arith.addi``)."""
        return self._info()[0]

    @property
    def context(self) -> Context:
        """The context of the operation's module."""
        return self._module.context

    @property
    def is_valid(self) -> bool:
        """Whether the operation still exists (it has not been erased)."""
        return self._module._native.op_alive(self._fuid, self._ouid)

    @property
    def operands(self) -> "ValueList":
        """The operation's operands (a list of values with ``types``)."""
        return ValueList([_value(self._module, self._fuid, v) for v in self._info()[1]])

    @property
    def results(self) -> "ValueList":
        """The operation's results (a list of values with ``types``)."""
        return ValueList([_value(self._module, self._fuid, v) for v in self._info()[2]])

    @property
    def result(self) -> "Value":
        """The operation's one result; ``ValueError`` unless it has exactly one."""
        rs = self._info()[2]
        if len(rs) != 1:
            raise ValueError(f"{self.name} has {len(rs)} results, not 1")
        return _value(self._module, self._fuid, rs[0])

    @property
    def successors(self) -> List["Block"]:
        """The blocks the operation branches to."""
        return [Block(self._module, self._fuid, b) for b, _ in self._info()[3]]

    @property
    def successor_operands(self) -> List["ValueList"]:
        """The arguments passed to each successor, a list per successor."""
        return [
            ValueList([_value(self._module, self._fuid, v) for v in args])
            for _, args in self._info()[3]
        ]

    @property
    def attributes(self) -> OpAttributeMap:
        """The operation's attributes by name; setting or deleting one changes the
        operation."""
        info = self._info()
        native, fuid, ouid = self._module._native, self._fuid, self._ouid
        return OpAttributeMap(list(info[4]), info[0], lambda items: native.set_attributes(fuid, ouid, items))

    @property
    def regions(self) -> List["Region"]:
        """An empty list: operations inside a function have no regions."""
        self._info()
        return []

    @property
    def parent(self) -> "Block":
        """The block that holds the operation."""
        return Block(self._module, self._fuid, self._info()[5])

    @property
    def block(self) -> "Block":
        """The block that holds the operation (``parent``)."""
        return self.parent

    @property
    def function(self) -> "OpView":
        """The ``func.func`` this operation is in."""
        return _func_view(self._module, self._fuid)

    @property
    def module(self) -> Module:
        """The module that holds the operation."""
        return self._module

    def erase(self) -> None:
        """Erases the operation (its results must be unused); views of it become stale."""
        self._module._native.erase_op(self._fuid, self._ouid)

    def verify(self) -> bool:
        """True, or raises ``kiln.VerifyError`` with the diagnostics of the operation's
        module (kiln verifies whole modules)."""
        return self._module.operation.verify()

    def __iter__(self) -> Iterator["Region"]:
        return iter(self.regions)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Operation)
            and other._module._native is self._module._native
            and (other._fuid, other._ouid) == (self._fuid, self._ouid)
        )

    def __hash__(self) -> int:
        return hash((id(self._module._native), self._fuid, self._ouid))

    def __str__(self) -> str:
        name, operands, results, succs, attrs, _, _ = self._info()
        v = lambda i: self._module._native.value(self._fuid, i)  # noqa: E731
        res = ", ".join(v(r)[0] for r in results)
        ops = ", ".join(v(o)[0] for o in operands)
        text = (f"{res} = " if res else "") + f'"{name}"({ops})'
        if succs:
            text += " [" + ", ".join(
                "^"
                + (self._module._native.block(self._fuid, b)[0] or "entry")
                + (f"({', '.join(v(a)[0] for a in args)})" if args else "")
                for b, args in succs
            ) + "]"
        if attrs:
            text += " " + repr(OpAttributeMap(list(attrs), name))
        ins = ", ".join(v(o)[1] for o in operands)
        outs = ", ".join(v(r)[1] for r in results)
        return text + f" : ({ins}) -> ({outs})"

    def __repr__(self) -> str:
        try:
            return f"<kiln.ir.{type(self).__name__} {self}>"
        except RuntimeError:
            return f"<kiln.ir.{type(self).__name__} (erased)>"


class OpView(Operation):
    """Base class of the dialects' operation classes (``OPERATION_NAME``)."""

    OPERATION_NAME: str = ""


class FunctionOperation(OpView):
    """A ``func.func``: the function is the operation; its body is ``regions[0]``. (The
    ``kiln.dialects.func.FuncOp`` class is this with a constructor.)"""

    OPERATION_NAME = "func.func"

    def _finfo(self) -> tuple:
        return self._module._native.function(self._fuid)

    @property
    def name(self) -> str:
        """The operation's name, ``func.func``."""
        self._finfo()
        return "func.func"

    @property
    def sym_name(self) -> str:
        """The function's name, without ``@``."""
        return self._finfo()[0]

    @property
    def visibility(self) -> str:
        """The function's visibility (``public``, ``private`` or ``nested``)."""
        return self._finfo()[1]

    @property
    def type(self) -> FunctionType:
        """The function's type, ``(inputs) -> results``."""
        f = self._finfo()
        return FunctionType.get(f[2], f[3])

    @property
    def function_type(self) -> FunctionType:
        """The function's type (``type``)."""
        return self.type

    @property
    def is_external(self) -> bool:
        """Whether the function has no body (a declaration)."""
        return not self._finfo()[5]

    @property
    def attributes(self) -> OpAttributeMap:
        """The function's attributes, ``sym_name``, ``function_type`` (and
        ``sym_visibility``) first; those are kept in the function and not set this way."""
        name, vis, ins, outs, attrs, _, _ = self._finfo()
        items: List[Tuple[str, Optional[str]]] = [
            ("sym_name", f'"{name}"'),
            ("function_type", str(FunctionType.get(ins, outs))),
        ]
        if vis != "public":
            items.append(("sym_visibility", f'"{vis}"'))
        native, fuid = self._module._native, self._fuid
        kept = {"sym_name", "function_type", "sym_visibility"}

        def store(new: List[Tuple[str, Optional[str]]]) -> None:
            changed = [k for k, v in new if k in kept and (k, v) not in items]
            if changed or any(k not in {n for n, _ in new} for k, _ in items):
                raise ValueError(
                    f"kiln keeps a function's `{(changed or [items[0][0]])[0]}` in the function itself; "
                    "it is not set as an attribute"
                )
            native.set_attributes(fuid, None, [(k, v) for k, v in new if k not in kept])

        return OpAttributeMap(items + list(attrs), "func.func", store)

    @property
    def operands(self) -> "ValueList":
        """An empty list: a function has no operands."""
        self._finfo()
        return ValueList([])

    @property
    def results(self) -> "ValueList":
        """An empty list: a function has no results."""
        self._finfo()
        return ValueList([])

    @property
    def successors(self) -> List["Block"]:
        """An empty list: a function has no successors."""
        return []

    @property
    def regions(self) -> List["Region"]:
        """The function's one region, its body."""
        self._finfo()
        return [Region(self._module, self._fuid)]

    @property
    def body(self) -> "Region":
        """The function's body, its one region."""
        return self.regions[0]

    @property
    def entry_block(self) -> "Block":
        """The function's first block; ``IndexError`` for a declaration."""
        blocks = self._finfo()[6]
        if not blocks:
            raise IndexError(f"@{self.sym_name} has no body (an external declaration)")
        return Block(self._module, self._fuid, blocks[0])

    @property
    def arguments(self) -> List["BlockArgument"]:
        """The entry block's arguments (the function's parameters)."""
        return self.entry_block.arguments

    @property
    def parent(self) -> ModuleBody:  # type: ignore[override]
        """The module's body, which holds the function."""
        self._finfo()
        return ModuleBody(self._module)

    @property
    def function(self) -> "OpView":
        """The function itself."""
        return self

    @property
    def is_valid(self) -> bool:
        """Whether the function still exists (it has not been erased)."""
        return self._fuid in self._module._native.functions()

    def add_entry_block(self) -> "Block":
        """Gives the function a body: an entry block whose arguments are its inputs."""
        f = self._finfo()
        if f[6]:
            raise RuntimeError(f"@{f[0]} already has a body")
        bid = self._module._native.add_block(self._fuid, list(f[2]))
        return Block(self._module, self._fuid, bid)

    def erase(self) -> None:
        """Erases the function from its module; views of it become stale."""
        self._module._native.erase_function(self._fuid)

    def __str__(self) -> str:
        """The function as the module prints it (its visibility, signature and body), as
        upstream prints an operation with its regions."""
        f = self._finfo()
        lines = self._module._native.print().split("\n")
        heads = (f"@{f[0]}(", f'@"{f[0]}"(')
        for i, line in enumerate(lines):
            words = line.split()
            if line.startswith("  ") and words[:1] in (["func.func"], ["llvm.func"]):
                if not any(h in line for h in heads):
                    continue
                if not line.rstrip().endswith("{"):
                    return line[2:]
                end = lines.index("  }", i)
                return "\n".join(x[2:] for x in lines[i : end + 1])
        return f"func.func @{f[0]}{FunctionType.get(f[2], f[3])}"


class ValueList(list):
    """A list of values with a ``types`` property."""

    @property
    def types(self) -> List[Type]:
        """The values' types."""
        return [v.type for v in self]


class Region:
    """A function's body."""

    def __init__(self, module: Module, fuid: int) -> None:
        self._module = module
        self._fuid = fuid

    @property
    def blocks(self) -> "BlockList":
        """The region's blocks, in order (``blocks.append(*arg_types)`` adds one)."""
        return BlockList(self)

    @property
    def owner(self) -> OpView:
        """The function whose body the region is."""
        return _func_view(self._module, self._fuid)

    def __iter__(self) -> Iterator["Block"]:
        return iter(self.blocks)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Region)
            and other._module._native is self._module._native
            and other._fuid == self._fuid
        )

    def __hash__(self) -> int:
        return hash((id(self._module._native), self._fuid))

    def __repr__(self) -> str:
        return f"<kiln.ir.Region of {self.owner}: {len(self.blocks)} blocks>"


class BlockList:
    """The blocks of a function's region: indexed, iterated, and added to with
    ``append``."""
    def __init__(self, region: Region) -> None:
        self._region = region

    def _ids(self) -> List[int]:
        r = self._region
        return list(r._module._native.function(r._fuid)[6])

    def __len__(self) -> int:
        return len(self._ids())

    def __getitem__(self, i: int) -> "Block":
        r = self._region
        return Block(r._module, r._fuid, self._ids()[i])

    def __iter__(self) -> Iterator["Block"]:
        r = self._region
        return iter([Block(r._module, r._fuid, b) for b in self._ids()])

    def append(self, *arg_types: Union[Type, str]) -> "Block":
        """Adds a block with arguments of these types at the end of the region (the first
        one becomes the entry block)."""
        r = self._region
        bid = r._module._native.add_block(r._fuid, [_type_text(t) for t in arg_types])
        return Block(r._module, r._fuid, bid)

    def __repr__(self) -> str:
        return f"<kiln.ir.BlockList {list(self)}>"


class Block:
    """A block of a function: ``operations``, ``arguments``, ``owner`` (the function)."""

    def __init__(self, module: Module, fuid: int, bid: int) -> None:
        self._module = module
        self._fuid = fuid
        self._bid = bid

    def _binfo(self) -> tuple:
        return self._module._native.block(self._fuid, self._bid)

    @staticmethod
    def create_at_end(region: Region, arg_types: Sequence[Union[Type, str]] = ()) -> "Block":
        """Adds a block with arguments of ``arg_types`` at the end of ``region``."""
        return region.blocks.append(*arg_types)

    @property
    def label(self) -> str:
        """The label without ``^`` (empty for an unlabeled entry block)."""
        return self._binfo()[0]

    @property
    def operations(self) -> List[OpView]:
        """The block's operations, in order."""
        return [_op_view(self._module, self._fuid, o) for o in self._binfo()[2]]

    @property
    def arguments(self) -> "ValueList":
        """The block's arguments (a list of values with ``types``)."""
        return ValueList([_value(self._module, self._fuid, a) for a in self._binfo()[1]])

    @property
    def owner(self) -> OpView:
        """The function the block belongs to."""
        return _func_view(self._module, self._fuid)

    @property
    def region(self) -> Region:
        """The region (the function's body) that holds the block."""
        return Region(self._module, self._fuid)

    @property
    def terminator(self) -> Optional[OpView]:
        """The block's last operation, or None if the block is empty."""
        ops = self.operations
        return ops[-1] if ops else None

    def __iter__(self) -> Iterator[OpView]:
        return iter(self.operations)

    def __len__(self) -> int:
        return len(self._binfo()[2])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Block)
            and other._module._native is self._module._native
            and (other._fuid, other._bid) == (self._fuid, self._bid)
        )

    def __hash__(self) -> int:
        return hash((id(self._module._native), self._fuid, self._bid))

    def __repr__(self) -> str:
        label, args, ops = self._binfo()
        return f"<kiln.ir.Block ^{label or 'entry'} ({len(args)} args, {len(ops)} ops)>"


class Value:
    """An SSA value: a block argument or an operation result. ``type``, ``owner`` (the
    operation, or the block of an argument), ``uses``."""

    def __init__(self, value: "Value") -> None:
        if not isinstance(value, Value):
            raise TypeError(f"expected a Value, got {type(value).__name__}")
        if type(self) is not Value and not isinstance(value, type(self)):
            raise ValueError(f"{value} is not a {type(self).__name__}")
        self._module, self._fuid, self._vid = value._module, value._fuid, value._vid

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is a value of this class (``BlockArgument.isinstance(v)``)."""
        return isinstance(other, cls)

    def _vinfo(self) -> tuple:
        return self._module._native.value(self._fuid, self._vid)

    @property
    def type(self) -> Type:
        """The value's type."""
        return _type(self._vinfo()[1])

    def get_name(self) -> str:
        """The name as printed (``%x``, ``%r#1``)."""
        return self._vinfo()[0]

    @property
    def name(self) -> str:
        """The name as printed (``%x``, ``%r#1``)."""
        return self._vinfo()[0]

    @property
    def owner(self) -> Union[OpView, Block]:
        """The operation that defines the value, or the block of a block argument."""
        kind, at, _ = self._vinfo()[2]
        if kind == "arg":
            return Block(self._module, self._fuid, at)
        return _op_view(self._module, self._fuid, at)

    @property
    def uses(self) -> List["OpOperand"]:
        """Each operand slot that holds the value, as upstream gives them (``.owner``, the
        operation; ``.operand_number``, counting a branch's successor operands after its
        own, as MLIR does)."""
        out = []
        # An operation using the value twice is listed once, and gives both its slots.
        for o in dict.fromkeys(self._module._native.uses(self._fuid, self._vid)):
            op = _op_view(self._module, self._fuid, o)
            slots = list(op.operands) + [a for args in op.successor_operands for a in args]
            out.extend(OpOperand(op, i) for i, v in enumerate(slots) if v == self)
        return out

    @property
    def context(self) -> Context:
        """The context of the value's module."""
        return self._module.context

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Value)
            and other._module._native is self._module._native
            and (other._fuid, other._vid) == (self._fuid, self._vid)
        )

    def __hash__(self) -> int:
        return hash((id(self._module._native), self._fuid, self._vid))

    def __str__(self) -> str:
        name, ty, _ = self._vinfo()
        return f"{name} : {ty}"

    def __repr__(self) -> str:
        try:
            return f"{type(self).__name__}({self})"
        except RuntimeError:
            return f"{type(self).__name__}(<stale>)"


class OpOperand:
    """One use of a value: the operation (``.owner``) and which of its operands it is
    (``.operand_number``)."""

    def __init__(self, owner: "OpView", operand_number: int) -> None:
        self.owner = owner
        self.operand_number = operand_number

    def __repr__(self) -> str:
        return f"<OpOperand {self.operand_number} of {self.owner.name}>"


class BlockArgument(Value):
    """An argument of a block: ``owner`` is the block, ``arg_number`` its position."""
    @property
    def arg_number(self) -> int:
        """The argument's position among its block's arguments."""
        return self._vinfo()[2][2]

    @property
    def owner(self) -> Block:  # type: ignore[override]
        """The block the value is an argument of."""
        return Block(self._module, self._fuid, self._vinfo()[2][1])


class OpResult(Value):
    """A result of an operation: ``owner`` is the operation, ``result_number`` its
    position."""
    @property
    def result_number(self) -> int:
        """The result's position among its operation's results."""
        return self._vinfo()[2][2]

    @property
    def owner(self) -> OpView:  # type: ignore[override]
        """The operation that defines the result."""
        return _op_view(self._module, self._fuid, self._vinfo()[2][1])


def _value(module: Module, fuid: int, vid: int) -> Value:
    kind = module._native.value(fuid, vid)[2][0]
    v = object.__new__(BlockArgument if kind == "arg" else OpResult)
    v._module, v._fuid, v._vid = module, fuid, vid
    return v


# ---------------------------------------------------------------------------------------
# Building


class InsertionPoint(metaclass=_Current):
    """Where new operations go: ``InsertionPoint(block)`` (its end),
    ``InsertionPoint.at_block_begin(block)``, ``InsertionPoint(op)`` (before ``op``), or
    ``InsertionPoint(module.body)`` for functions. A context manager, as in ``mlir.ir``."""

    def __init__(self, where: Union[Block, ModuleBody, Operation]) -> None:
        self._before: Optional[Operation] = None
        if isinstance(where, Operation) and not isinstance(where, FunctionOperation):
            self.block: Union[Block, ModuleBody] = where.parent
            self._before = where
        elif isinstance(where, FunctionOperation):
            self.block = ModuleBody(where._module)
            self._before = where
        elif isinstance(where, (Block, ModuleBody)):
            self.block = where
        else:
            raise TypeError(f"cannot insert into {type(where).__name__}")

    @staticmethod
    def at_block_begin(block: Union[Block, ModuleBody]) -> "InsertionPoint":
        """The point before the first operation of ``block`` (its end, if it is empty)."""
        ops = block.operations
        return InsertionPoint(ops[0]) if ops else InsertionPoint(block)

    @staticmethod
    def at_block_terminator(block: Block) -> "InsertionPoint":
        """The point before ``block``'s terminator; ``ValueError`` if it has none."""
        t = block.terminator
        if t is None:
            raise ValueError("the block has no terminator")
        return InsertionPoint(t)

    @property
    def ref_operation(self) -> Optional[Operation]:
        """The operation new ones go before, or None at the end of the block."""
        return self._before

    @staticmethod
    def _current() -> "InsertionPoint":
        ip = _top()[2]
        if ip is None:
            raise ValueError("No current InsertionPoint")
        return ip

    @property
    def context(self) -> Optional[Context]:
        """The context of the block's module."""
        module = getattr(self.block, "_module", None)
        return getattr(module, "context", None)

    def __enter__(self) -> "InsertionPoint":
        # The insertion point's context is entered with it; the location stays if it is of
        # the same context.
        context, location, _ = _top()
        own = self.context or context
        _push(own, location if location is not None and location.context is own else None, self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _pop()

    def __repr__(self) -> str:
        where = f"before {self._before!r}" if self._before is not None else "at the end"
        return f"<kiln.ir.InsertionPoint {where} of {self.block!r}>"


def _insertion_point(ip: Optional[InsertionPoint]) -> InsertionPoint:
    if ip is not None:
        return ip
    cur = _top()[2]
    if cur is None:
        raise RuntimeError(
            "no insertion point: use `with InsertionPoint(block):` or pass ip= "
            "(kiln does not create detached operations)"
        )
    return cur


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


def _create(
    name: str,
    operands: List[Value],
    results: List[Union[Type, str]],
    attributes: Dict[str, Any],
    successors: List[Tuple[Block, List[Value]]],
    ip: Optional[InsertionPoint],
) -> OpView:
    point = _insertion_point(ip)
    block = point.block
    if not isinstance(block, Block):
        raise ValueError(f"`{name}` must be created inside a function's block, not a module body")
    mod = block._module
    operands = [_operand_value(v) for v in operands]
    successors = [(b, [_operand_value(a) for a in args]) for b, args in successors]
    for v in operands + [a for _, args in successors for a in args]:
        if v._module._native is not mod._native or v._fuid != block._fuid:
            raise ValueError(f"{v!r} belongs to another function or module")
    for b, _ in successors:
        if not isinstance(b, Block) or b._module._native is not mod._native or b._fuid != block._fuid:
            raise ValueError("successors must be blocks of the same function")
    before = point._before._ouid if point._before is not None else None
    ouid = mod._native.insert_op(
        block._fuid,
        block._bid,
        name,
        [v._vid for v in operands],
        [_type_text(t) for t in results],
        [(k, _attr_text(v)) for k, v in attributes.items()],
        [(b._bid, [a._vid for a in args]) for b, args in successors],
        before,
        False,
    )
    return _op_view(mod, block._fuid, ouid, name)


def _create_function(
    name: str,
    type: FunctionType,
    visibility: Optional[str],
    attributes: Optional[Dict[str, Any]],
    ip: Optional[InsertionPoint],
) -> Tuple[Module, int]:
    point = _insertion_point(ip)
    body = point.block
    if not isinstance(body, ModuleBody):
        raise ValueError("a func.func must be created in a module body (InsertionPoint(module.body))")
    before = point._before._fuid if point._before is not None else None
    fuid = body._module._native.add_function(
        name,
        [str(t) for t in type.inputs],
        [str(t) for t in type.results],
        visibility or "public",
        [(k, _attr_text(v)) for k, v in (attributes or {}).items()],
        before,
    )
    return body._module, fuid
