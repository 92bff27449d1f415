"""``func`` operations: ``FuncOp("f", FunctionType.get([...], [...]))``, ``ReturnOp``,
``CallOp``."""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Sequence, Tuple, Union

from ..ir import (
    Attribute,
    FlatSymbolRefAttr,
    FunctionOperation,
    TypeAttr,
    FunctionType,
    InsertionPoint,
    Location,
    OpView,
    Type,
    Value,
    _create,
    _create_function,
    _insertion_point,
    _operand_value,
    register_op_class,
)
from ._ods_common import adopt

__all__ = ["FuncOp", "ReturnOp", "CallOp"]


@register_op_class
class FuncOp(FunctionOperation):
    """``func.func``: ``FuncOp(name, FunctionType.get(inputs, results))`` (or a pair
    ``(inputs, results)``) in the module body the insertion point names. It has no body
    until ``add_entry_block()`` (a function without one is an external declaration, which
    must be ``visibility="private"``)."""

    OPERATION_NAME = "func.func"

    def __init__(
        self,
        name: str,
        type: Union[FunctionType, Tuple[Sequence[Type], Sequence[Type]]],
        *,
        visibility: Optional[str] = None,
        attributes: Optional[Dict[str, Any]] = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        if isinstance(type, tuple):
            type = FunctionType.get(type[0], type[1])
        adopt(self, _create_function(name, type, visibility, attributes, ip, loc))

    @staticmethod
    def from_py_func(
        *inputs: Type,
        results: Optional[Sequence[Type]] = None,
        name: Optional[str] = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Upstream's decorator: ``@FuncOp.from_py_func(f32, f32)`` over ``def add(a, b):
        return arith.AddFOp(a, b)`` makes ``func.func @add(f32, f32) -> f32`` in the module
        body of the current insertion point, its body built by calling the function with
        the entry block's arguments. What it returns (a value, an operation with one
        result, a sequence of those, or None) is returned, and gives the result types
        unless ``results`` does. The decorated function gets ``.func_op``."""

        def decorator(body: Callable[..., Any]) -> Callable[..., Any]:
            f = FuncOp(name or body.__name__, FunctionType.get(list(inputs), list(results or [])))
            entry = f.add_entry_block()
            with InsertionPoint(entry):
                returned = body(*entry.arguments)
                if returned is None:
                    values = []
                elif isinstance(returned, (list, tuple)):
                    values = [_operand_value(v) for v in returned]
                else:
                    values = [_operand_value(returned)]
                if results is None:
                    ft = FunctionType.get(list(inputs), [v.type for v in values])
                    f.attributes["function_type"] = TypeAttr.get(ft)
                ReturnOp(values)
            body.func_op = f  # type: ignore[attr-defined]
            return body

        return decorator


@register_op_class
class ReturnOp(OpView):
    """``func.return``: ``ReturnOp([values])``."""

    OPERATION_NAME = "func.return"

    def __init__(
        self,
        operands: Sequence[Value] = (),
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        adopt(self, _create(self.OPERATION_NAME, list(operands), [], {}, [], ip, loc))


@register_op_class
class CallOp(OpView):
    """``func.call``: ``CallOp(callee_func_op, [args])``, ``CallOp("name", [args])`` (the
    result types looked up in the module) or MLIR's ``CallOp([result_types], "name",
    [args])``."""

    OPERATION_NAME = "func.call"

    def __init__(self, *args: Any, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        if len(args) == 3:
            results, callee, operands = args
            results = list(results)
        elif len(args) in (1, 2):
            callee = args[0]
            operands = args[1] if len(args) == 2 else []
            results = None
        else:
            raise TypeError("CallOp(callee, operands) or CallOp(result_types, callee, operands)")
        if isinstance(callee, FunctionOperation):
            if results is None:
                results = list(callee.type.results)
            callee = callee.sym_name
        if isinstance(callee, Attribute):
            callee = FlatSymbolRefAttr(callee).value
        if results is None:
            results = list(_lookup_function(callee, ip).type.results)
        adopt(self, _create(self.OPERATION_NAME, list(operands), results, {"callee": FlatSymbolRefAttr.get(callee)}, [], ip, loc))

    @property
    def callee(self) -> str:
        """The called function's name (without ``@``)."""
        return FlatSymbolRefAttr(self.attributes["callee"]).value


def _lookup_function(name: str, ip: Optional[InsertionPoint]) -> FunctionOperation:
    """The ``func.func @name`` of the module holding the insertion point."""
    point = _insertion_point(ip)
    op = point.block.owner
    while op is not None and op.name != "builtin.module":
        op = op.parent
    if op is not None:
        for f in op.regions[0].blocks[0].operations:
            if isinstance(f, FunctionOperation) and f.sym_name == name:
                return f
    raise ValueError(f"no function @{name} in the module of the insertion point: pass the result types")
