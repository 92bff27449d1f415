"""The ``builtin`` dialect's operation: ``ModuleOp`` (a ``builtin.module``, top-level or
nested at the insertion point)."""

from __future__ import annotations

from typing import Any, Optional

from ..ir import (
    Block,
    InsertionPoint,
    Location,
    OpView,
    StringAttr,
    _create,
    register_op_class,
)
from ._ods_common import adopt

__all__ = ["ModuleOp"]


@register_op_class
class ModuleOp(OpView):
    """``builtin.module``: ``ModuleOp()``; ``.body`` is its block."""

    OPERATION_NAME = "builtin.module"

    def __init__(self, *, sym_name: Any = None, loc: Optional[Location] = None, ip: Optional[InsertionPoint] = None) -> None:
        from ..ir import Operation

        attrs = {} if sym_name is None else {"sym_name": StringAttr.get(str(getattr(sym_name, "value", sym_name)))}
        op = Operation.create(self.OPERATION_NAME, [], [], attrs, [], 1, loc, ip)
        op.regions[0].blocks.append()
        adopt(self, op)

    @property
    def body(self) -> Block:
        """The module's one block."""
        return self.regions[0].blocks[0]

    @property
    def sym_name(self) -> Optional[StringAttr]:
        """The module's name, if it has one."""
        a = self.attributes.get("sym_name")
        return None if a is None else StringAttr(a)
