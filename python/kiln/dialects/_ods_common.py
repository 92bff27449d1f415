"""Helpers shared by the dialect modules, under upstream's module name."""

from __future__ import annotations

from typing import Any

from .. import ir as _cext  # noqa: F401  (upstream's dialect modules import `_cext`)
from ..ir import OpView


def adopt(self: OpView, view: Any) -> None:
    """Makes ``self`` (being constructed) the view of the operation ``view`` names."""
    self._ctx = view._ctx
    self._id = view._id


def operand(self: OpView, i: int) -> Any:
    """Operand ``i`` of the operation."""
    return self.operands[i]


def get_default_loc_context(location: Any = None) -> Any:
    """The context of ``location``, else the current one (upstream's helper)."""
    from .._context import _context

    return location.context if location is not None else _context(None)
