"""kiln's IR, modelled on MLIR's ``mlir.ir``.

Parse or build modules, inspect them (operations, regions, blocks, values, types,
attributes), print and verify them. Objects are views: each keeps its module alive, and a
view of something erased raises ``RuntimeError`` (never a crash).

Any operation, registered or not, may be built, placed, moved and printed; kiln compiles
the modules its language holds (functions of func, arith, cf and memref operations).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

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
    "AsmState",
    "BlockArgumentList",
    "BlockList",
    "OpOperandList",
    "OpResultList",
    "OpSuccessors",
    "OperationList",
    "RegionSequence",
    "SymbolTable",
    "WalkOrder",
    "WalkResult",
    "register_value_caster",
]

# Upstream's `mlir.ir` imports numpy as `np` at module level (for its elements-attribute
# builders) and has no `__all__`, so `from mlir.ir import *` gives code `np`, which
# upstream's own tests use.
try:
    import numpy as np  # noqa: F401

    __all__.append("np")
except ImportError:  # pragma: no cover - numpy is a dependency; without it there is no np
    pass

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
from ._module import LoweredModule, Module  # noqa: E402,F401
from ._operations import (  # noqa: E402,F401
    AsmState,
    Block,
    BlockArgument,
    BlockArgumentList,
    BlockList,
    InsertionPoint,
    OpAttributeMap,
    OpOperand,
    OpOperandList,
    OpResult,
    OpResultList,
    OpSuccessors,
    OpView,
    Operation,
    OperationList,
    Region,
    RegionSequence,
    Value,
    WalkOrder,
    WalkResult,
    _ensure_dialects,
    _operand_value,
    _view,
    register_op_class,
    register_value_caster,
)

from ._capsule import give_capsules as _give_capsules  # noqa: E402

for _cls, _name in (
    (Attribute, "Attribute"),
    (Type, "Type"),
    (AffineExpr, "AffineExpr"),
    (AffineMap, "AffineMap"),
    (IntegerSet, "IntegerSet"),
    (Location, "Location"),
    (Operation, "Operation"),
    (Value, "Value"),
    (Module, "Module"),
    (Context, "Context"),
):
    _give_capsules(_cls, _name)

# Upstream's name for the errors of parsing and verifying: kiln's ``Error`` (``ParseError``
# and ``VerifyError`` derive from it), whose ``error_diagnostics`` are its diagnostics.
MLIRError = _kiln.Error


def _error_diagnostics(e: "_kiln.Error") -> List["_kiln.Diagnostic"]:
    """The error's diagnostics (``kiln.Diagnostic``s), as a list: empty if it has none."""
    return list(getattr(e, "diagnostics", []))


_kiln.Error.error_diagnostics = property(_error_diagnostics)


# ---------------------------------------------------------------------------------------
# Symbol tables


class SymbolTable:
    """The symbols an operation's region defines (``sym_name``), as upstream's: look up,
    insert (renaming on a clash), erase, and the static helpers on any operation."""

    def __init__(self, operation: Operation) -> None:
        self._op = operation.operation

    def _symbols(self) -> Dict[str, "OpView"]:
        out: Dict[str, OpView] = {}
        for region in self._op.regions:
            for block in region.blocks:
                for op in block.operations:
                    if "sym_name" in op.attributes:
                        out.setdefault(StringAttr(op.attributes["sym_name"]).value, op)
        return out

    def __getitem__(self, name: str) -> "OpView":
        ops = self._symbols()
        if name not in ops:
            raise KeyError(f"Symbol '{name}' not in the symbol table.")
        return ops[name]

    def __contains__(self, name: object) -> bool:
        return name in self._symbols()

    def insert(self, operation: Operation) -> "StringAttr":
        """Inserts ``operation`` (detached or not) at the end of the table's block, renaming
        it if its name is taken; returns its name."""
        if "sym_name" not in operation.attributes:
            raise ValueError("Expected operation to have a symbol name.")
        taken = self._symbols()
        name = StringAttr(operation.attributes["sym_name"]).value
        if name in taken and taken[name] != operation:
            n = 0
            while f"{name}_{n}" in taken:
                n += 1
            name = f"{name}_{n}"
            operation.attributes["sym_name"] = StringAttr.get(name)
        block = self._op.regions[0].blocks[0]
        if operation.block is not None:
            operation.detach_from_parent()
        block.append(operation)
        return StringAttr.get(name)

    def erase(self, operation: Operation) -> None:
        """Erases ``operation`` from the table (and the IR)."""
        operation.erase()

    def __delitem__(self, name: str) -> None:
        self.erase(self[name])

    @staticmethod
    def get_symbol_name(symbol: Operation) -> "StringAttr":
        """The operation's ``sym_name``."""
        if "sym_name" not in symbol.attributes:
            raise ValueError("Expected operation to have a symbol name.")
        return StringAttr(symbol.attributes["sym_name"])

    @staticmethod
    def set_symbol_name(symbol: Operation, name: str) -> None:
        """Sets the operation's ``sym_name``."""
        symbol.attributes["sym_name"] = StringAttr.get(name)

    @staticmethod
    def get_visibility(symbol: Operation) -> "StringAttr":
        """The operation's ``sym_visibility`` (``public`` when it has none)."""
        return StringAttr(symbol.attributes["sym_visibility"]) if "sym_visibility" in symbol.attributes else StringAttr.get("public")

    @staticmethod
    def set_visibility(symbol: Operation, visibility: str) -> None:
        """Sets the operation's visibility: ``public``, ``private`` or ``nested``."""
        if visibility not in ("public", "private", "nested"):
            raise ValueError("Expected visibility to be 'public', 'private', or 'nested'")
        symbol.attributes["sym_visibility"] = StringAttr.get(visibility)

    @staticmethod
    def replace_all_symbol_uses(old_symbol: str, new_symbol: str, from_op: Operation) -> None:
        """Renames every reference to ``@old_symbol`` inside ``from_op``'s regions."""

        def rename(a: Attribute) -> Attribute:
            if FlatSymbolRefAttr.isinstance(a) and FlatSymbolRefAttr(a).value == old_symbol:
                return FlatSymbolRefAttr.get(new_symbol)
            if ArrayAttr.isinstance(a):
                return ArrayAttr.get([rename(x) for x in ArrayAttr(a)])
            return a

        def visit(op: "OpView") -> WalkResult:
            if op == from_op:
                return WalkResult.ADVANCE
            for named in list(op.attributes):
                new = rename(named.attr)
                if new != named.attr:
                    op.attributes[named.name] = new
            return WalkResult.ADVANCE

        from_op.walk(visit, WalkOrder.PRE_ORDER)

    @staticmethod
    def walk_symbol_tables(from_op: Operation, all_sym_uses_visible: bool, callback: Any) -> None:
        """Calls ``callback(op, all_uses_visible)`` on ``from_op`` and each operation inside
        it that holds a symbol table (a ``builtin.module``)."""

        def visit(op: "Operation") -> WalkResult:
            if op.name == "builtin.module" or op == from_op:
                callback(op, all_sym_uses_visible)
            return WalkResult.ADVANCE

        from_op.walk(visit, WalkOrder.POST_ORDER)


# ---------------------------------------------------------------------------------------
# Builders shared by kiln.dialects


def _attribute_of(key: str, value: Any, name: str, results: Sequence[Any]) -> Attribute:
    """An attribute given to a dialect builder: an ``Attribute``, a ``Type``, or MLIR text
    (a predicate's word, a constant's literal typed by the result)."""
    if isinstance(value, Attribute):
        return value
    if isinstance(value, Type):
        return TypeAttr.get(value)
    if value is None:
        return UnitAttr.get()
    text = str(value)
    if key == "predicate" and name in ("arith.cmpi", "arith.cmpf"):
        words = _PREDICATE_WORDS[name]
        number = words.index(text) if text in words else int(text)
        return IntegerAttr.get(IntegerType.get_signless(64), number)
    if key == "value" and name == "arith.constant" and " : " not in text and results:
        if text in ("true", "false"):
            return Attribute.parse(text)
        return Attribute.parse(f"{text} : {results[0]}")
    return Attribute.parse(text)


_PREDICATE_WORDS = {
    "arith.cmpi": "eq ne slt sle sgt sge ult ule ugt uge".split(),
    "arith.cmpf": "false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split(),
}


def _create(
    name: str,
    operands: List[Any],
    results: List[Any],
    attributes: Dict[str, Any],
    successors: List[Tuple[Block, List[Any]]],
    ip: Optional[InsertionPoint],
    loc: Optional[Location] = None,
) -> OpView:
    """Creates operation ``name`` for a dialect builder: successor operands follow the
    operation's own, with the segment sizes MLIR keeps for them."""
    ops = [_operand_value(v) for v in operands]
    succ_args = [[_operand_value(a) for a in args] for _, args in successors]
    types = [t if isinstance(t, Type) else Type.parse(str(t)) for t in results]
    attrs = {k: _attribute_of(k, v, name, types) for k, v in attributes.items()}
    if name == "cf.cond_br":
        attrs["operandSegmentSizes"] = DenseI32ArrayAttr.get([len(ops)] + [len(a) for a in succ_args])
    elif name == "cf.switch":
        flag_type = ops[0].type
        cases = [int(c) for c in str(attributes.get("case_values", "[]")).strip("[]").split(",") if c.strip()]
        attrs["case_values"] = Attribute.parse(
            f"dense<[{', '.join(map(str, cases))}]> : vector<{len(cases)}x{flag_type}>"
        ) if cases else Attribute.parse(f"dense<> : vector<0x{flag_type}>")
        attrs["case_operand_segments"] = DenseI32ArrayAttr.get([len(a) for a in succ_args[1:]])
        attrs["operandSegmentSizes"] = DenseI32ArrayAttr.get([1, len(succ_args[0]), sum(len(a) for a in succ_args[1:])])
    elif name in ("memref.alloc", "memref.alloca") and "operandSegmentSizes" not in attrs:
        attrs["operandSegmentSizes"] = DenseI32ArrayAttr.get([len(ops), 0])
    all_ops = ops + [a for args in succ_args for a in args]
    point = ip if ip is not None else _top()[2]
    op = Operation.create(name, types, all_ops, attrs, [b for b, _ in successors], 0, loc, point)
    return op.opview


class FunctionOperation(OpView):
    """The view of a ``func.func``: its symbol, type, visibility and body."""

    @property
    def sym_name(self) -> Any:
        """The ``sym_name`` attribute (a ``StringAttr``; ``.value`` is the name)."""
        return StringAttr(self.attributes["sym_name"])

    @property
    def visibility(self) -> Any:
        """The ``sym_visibility`` attribute (a ``StringAttr``), or None when public."""
        v = self.attributes.get("sym_visibility")
        return None if v is None else StringAttr(v)

    @property
    def type(self) -> FunctionType:
        """The function's type."""
        return FunctionType(TypeAttr(self.attributes["function_type"]).value)

    @property
    def function_type(self) -> TypeAttr:
        """The ``function_type`` attribute."""
        return TypeAttr(self.attributes["function_type"])

    @property
    def is_external(self) -> bool:
        """Whether the function is a declaration (no body)."""
        return len(self.regions[0].blocks) == 0

    @property
    def body(self) -> Region:
        """The function's region."""
        return self.regions[0]

    @property
    def entry_block(self) -> Block:
        """The first block; ``IndexError`` for a declaration."""
        blocks = self.regions[0].blocks
        if len(blocks) == 0:
            raise IndexError("External function does not have a body")
        return blocks[0]

    @property
    def arguments(self) -> BlockArgumentList:
        """The entry block's arguments."""
        return self.entry_block.arguments

    @property
    def arg_attrs(self) -> Attribute:
        """The ``arg_attrs`` attribute (an array of dictionaries)."""
        return self.attributes["arg_attrs"]

    @property
    def result_attrs(self) -> Attribute:
        """The ``res_attrs`` attribute (an array of dictionaries)."""
        return self.attributes["res_attrs"]

    def add_entry_block(self, arg_locs: Optional[Sequence[Location]] = None) -> Block:
        """Adds the entry block, its arguments of the function's input types."""
        if not self.is_external:
            raise IndexError("The function already has an entry block!")
        if arg_locs is None and _top()[1] is None:
            # Without a current location the arguments are located where the function is.
            arg_locs = [self.location] * len(self.type.inputs)
        return self.body.blocks.append(*self.type.inputs, arg_locs=arg_locs)


def _create_function(
    name: str,
    type: FunctionType,
    visibility: Optional[str],
    attributes: Optional[Dict[str, Any]],
    ip: Optional[InsertionPoint],
    loc: Optional[Location] = None,
) -> Operation:
    attrs: Dict[str, Attribute] = {"sym_name": StringAttr.get(name), "function_type": TypeAttr.get(type)}
    if visibility is not None:
        attrs["sym_visibility"] = StringAttr.get(visibility)
    for k, v in (attributes or {}).items():
        attrs[k] = _attribute_of(k, v, "func.func", [])
    point = ip if ip is not None else _top()[2]
    return Operation.create("func.func", [], [], attrs, [], 1, loc, point)


def _insertion_point(ip: Optional[InsertionPoint]) -> InsertionPoint:
    """``ip``, else the current insertion point; ``RuntimeError`` when there is none."""
    if ip is not None:
        return ip
    cur = _top()[2]
    if cur is None:
        raise RuntimeError("no insertion point: use `with InsertionPoint(block):` or pass ip=")
    return cur
