"""Helpers shared by the dialect modules."""

from __future__ import annotations

from typing import Any

from ..ir import OpView


def adopt(self: OpView, view: OpView) -> None:
    """Makes ``self`` (being constructed) the view of the op ``view`` names."""
    self._module = view._module
    self._fuid = view._fuid
    self._ouid = view._ouid


def operand(self: OpView, i: int) -> Any:
    return self.operands[i]
