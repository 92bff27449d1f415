"""``func`` operations as upstream's ``mlir.dialects.func`` has them: ``FuncOp`` (with
``from_py_func`` and ``body_builder``), ``ReturnOp``, ``CallOp``, ``ConstantOp``."""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, Optional, Sequence, Tuple, Union

from ..ir import (
    ArrayAttr,
    Attribute,
    FlatSymbolRefAttr,
    FunctionOperation,
    FunctionType,
    InsertionPoint,
    Location,
    Operation,
    OpView,
    StringAttr,
    Type,
    TypeAttr,
    Value,
    _create,
    _create_function,
    _insertion_point,
    _operand_value,
    register_op_class,
)
from ._ods_common import adopt

__all__ = ["FuncOp", "ReturnOp", "CallOp", "ConstantOp"]


@register_op_class
class FuncOp(FunctionOperation):
    """``func.func``: ``FuncOp(name, FunctionType.get(inputs, results))`` (or a pair
    ``(inputs, results)``), at the insertion point or detached. It has no body until
    ``add_entry_block()`` (or ``body_builder(func_op)``, called with the entry block as the
    insertion point)."""

    OPERATION_NAME = "func.func"

    def __init__(
        self,
        name: str,
        type: Union[FunctionType, Tuple[Sequence[Type], Sequence[Type]]],
        *,
        visibility: Optional[str] = None,
        body_builder: Optional[Callable[["FuncOp"], Any]] = None,
        attributes: Optional[Dict[str, Any]] = None,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        if isinstance(type, tuple):
            type = FunctionType.get(type[0], type[1])
        adopt(self, _create_function(name, type, visibility, attributes, ip, loc))
        if body_builder is not None:
            with InsertionPoint(self.add_entry_block()):
                body_builder(self)

    @property
    def name(self) -> StringAttr:  # type: ignore[override]
        """The function's name (its ``sym_name``), as upstream's ``FuncOp.name``."""
        return StringAttr(self.attributes["sym_name"])

    @property
    def sym_name(self) -> StringAttr:  # type: ignore[override]
        """The ``sym_name`` attribute."""
        return StringAttr(self.attributes["sym_name"])

    @sym_name.setter
    def sym_name(self, value: Any) -> None:
        self.attributes["sym_name"] = value if isinstance(value, Attribute) else StringAttr.get(str(value))

    @property
    def visibility(self) -> Optional[StringAttr]:  # type: ignore[override]
        """The ``sym_visibility`` attribute, or None (public)."""
        v = self.attributes.get("sym_visibility")
        return None if v is None else StringAttr(v)

    @property
    def sym_visibility(self) -> Optional[StringAttr]:
        """The ``sym_visibility`` attribute, or None (public)."""
        return self.visibility

    @sym_visibility.setter
    def sym_visibility(self, value: Any) -> None:
        self.attributes["sym_visibility"] = value if isinstance(value, Attribute) else StringAttr.get(str(value))

    @property
    def arg_attrs(self) -> Attribute:  # type: ignore[override]
        """The ``arg_attrs`` attribute (an array of dictionaries, one per argument)."""
        return self.attributes["arg_attrs"]

    @arg_attrs.setter
    def arg_attrs(self, value: Union[ArrayAttr, Sequence[Attribute]]) -> None:
        self.attributes["arg_attrs"] = value if isinstance(value, Attribute) else ArrayAttr.get(list(value))

    @property
    def result_attrs(self) -> Attribute:  # type: ignore[override]
        """The ``res_attrs`` attribute (an array of dictionaries, one per result)."""
        return self.attributes["res_attrs"]

    @result_attrs.setter
    def result_attrs(self, value: Union[ArrayAttr, Sequence[Attribute]]) -> None:
        self.attributes["res_attrs"] = value if isinstance(value, Attribute) else ArrayAttr.get(list(value))

    @staticmethod
    def from_py_func(
        *inputs: Type,
        results: Optional[Sequence[Type]] = None,
        name: Optional[str] = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Upstream's decorator: ``@FuncOp.from_py_func(f32, f32)`` over ``def add(a, b):
        return arith.AddFOp(a, b)`` makes ``func.func @add(f32, f32) -> f32`` at the
        insertion point, its body built by calling the function with the entry block's
        arguments (and ``func_op=`` when it takes that). What it returns (a value, an
        operation, a sequence of values, or None) is returned and gives the result types,
        unless ``results`` does (the function then returns None and builds its own return).
        The decorated name becomes a function that emits a call to it; ``.func_op`` is the
        ``FuncOp``."""

        def decorator(f: Callable[..., Any]) -> Callable[..., Any]:
            sig = inspect.signature(f)
            wants_op = any(
                p.kind == p.VAR_KEYWORD
                or (p.name == "func_op" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
                for p in sig.parameters.values()
            )
            explicit = results is not None
            func_op = FuncOp(name or f.__name__, FunctionType.get(list(inputs), list(results or [])))
            with InsertionPoint(func_op.add_entry_block()):
                kwargs = {"func_op": func_op} if wants_op else {}
                returned = f(*func_op.arguments, **kwargs)
                if explicit:
                    assert returned is None, (
                        "Capturing a python function with explicit `results=` requires that "
                        "the wrapped function returns None."
                    )
                else:
                    if returned is None:
                        values: list = []
                    elif isinstance(returned, (Value, Operation)):
                        values = [returned] if isinstance(returned, Value) else list(returned.results)
                    else:
                        values = [_operand_value(v) for v in returned]
                    ReturnOp(values)
                    ft = FunctionType.get(list(inputs), [v.type for v in values])
                    func_op.attributes["function_type"] = TypeAttr.get(ft)

            def emit_call_op(*call_args: Any) -> Any:
                call = CallOp(func_op, list(call_args))
                n = len(call.results)
                return None if n == 0 else call.result if n == 1 else call

            emit_call_op.__name__ = f.__name__
            emit_call_op.func_op = func_op  # type: ignore[attr-defined]
            return emit_call_op

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
    result types looked up in the module) or MLIR's ``CallOp([result_types], callee,
    [args])`` (``callee`` a name or a ``FlatSymbolRefAttr``)."""

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
            callee = callee.attributes["sym_name"]
        if isinstance(callee, Attribute):
            callee = StringAttr(callee).value if StringAttr.isinstance(callee) else FlatSymbolRefAttr(callee).value
        if results is None:
            results = list(_lookup_function(callee, ip).type.results)
        attrs = {"callee": FlatSymbolRefAttr.get(callee)}
        adopt(self, _create(self.OPERATION_NAME, list(operands), results, attrs, [], ip, loc))

    @property
    def callee(self) -> FlatSymbolRefAttr:
        """The called function's symbol (``.value`` is its name)."""
        return FlatSymbolRefAttr(self.attributes["callee"])


@register_op_class
class ConstantOp(OpView):
    """``func.constant``: ``ConstantOp(function_type, "name")``, a function as a value."""

    OPERATION_NAME = "func.constant"

    def __init__(
        self,
        result: Type,
        value: Union[str, Attribute],
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        sym = FlatSymbolRefAttr.get(value) if isinstance(value, str) else value
        adopt(self, _create(self.OPERATION_NAME, [], [result], {"value": sym}, [], ip, loc))

    @property
    def type(self) -> Type:
        """The function type of the value."""
        return self.result.type


def _lookup_function(name: str, ip: Optional[InsertionPoint]) -> FunctionOperation:
    """The ``func.func @name`` of the module holding the insertion point."""
    point = _insertion_point(ip)
    op = point.block.owner
    while op is not None and op.name != "builtin.module":
        op = op.parent
    if op is not None:
        for f in op.regions[0].blocks[0].operations:
            if isinstance(f, FunctionOperation) and f.attributes["sym_name"] == StringAttr.get(name):
                return f
    raise ValueError(f"no function @{name} in the module of the insertion point: pass the result types")
