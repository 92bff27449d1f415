"""The ``builtin`` dialect's operation: ``ModuleOp``. kiln's IR has one module a
``Module``, so ``ModuleOp()`` makes a new top-level module; nesting one in another's body is
refused (kiln reads nested modules from text, but does not build them)."""

from __future__ import annotations

from typing import Any, Optional

from .._context import _top
from ..ir import InsertionPoint, Location, Module, ModuleBody
from ..ir import ModuleOp as _ModuleOp

__all__ = ["ModuleOp"]


class ModuleOp(_ModuleOp):
    """``builtin.module``: ``ModuleOp()``; ``.body`` is its block."""

    OPERATION_NAME = "builtin.module"

    def __init__(self, *, sym_name: Any = None, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        point = ip if ip is not None else _top()[2]
        if point is not None:
            raise ValueError("kiln does not build a builtin.module inside another one")
        name = None if sym_name is None else str(getattr(sym_name, "value", sym_name))
        _ModuleOp.__init__(self, Module.create(loc, name=name))

    @property
    def body(self) -> ModuleBody:
        return self._module.body
