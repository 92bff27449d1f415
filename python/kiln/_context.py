"""Contexts and locations, as in ``mlir.ir``: thread-local stacks entered with ``with``."""

from __future__ import annotations

import threading
import weakref
from typing import Any, Optional


_tls = threading.local()


def _stack(kind: str) -> list:
    s = getattr(_tls, kind, None)
    if s is None:
        s = []
        setattr(_tls, kind, s)
    return s


_live_contexts: "weakref.WeakSet[Context]" = weakref.WeakSet()


class Context:
    """A kiln context. kiln's types and attributes are plain values, so a context owns
    nothing; it exists so that code written for ``mlir.ir`` (``with Context():``) reads the
    same, and to carry defaults."""

    def __init__(self) -> None:
        self.allow_unregistered_dialects = True
        _live_contexts.add(self)

    @staticmethod
    def _get_live_count() -> int:
        """How many contexts are alive (upstream's tests check that none leak)."""
        return len(_live_contexts)

    def __enter__(self) -> "Context":
        _stack("context").append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _stack("context").pop()

    @staticmethod
    def current() -> Optional["Context"]:
        s = _stack("context")
        return s[-1] if s else None

    def __repr__(self) -> str:
        return "Context()"


def _context(context: Optional[Context]) -> Context:
    if context is not None:
        return context
    c = Context.current()
    if c is None:
        # kiln's context holds no state: an implicit one is as good as an explicit one.
        c = Context()
    return c


class Location:
    """A source location. Operations built in Python do not keep locations (kiln's IR
    locates operations by their span in the text); the class exists for API parity and
    as a context manager."""

    def __init__(self, text: str, context: Optional[Context] = None) -> None:
        self._text = text
        self.context = _context(context)

    @staticmethod
    def unknown(context: Optional[Context] = None) -> "Location":
        return Location("loc(unknown)", context)

    @staticmethod
    def file(filename: str, line: int, col: int, context: Optional[Context] = None) -> "Location":
        return Location(f'loc("{filename}":{line}:{col})', context)

    @staticmethod
    def name(name: str, context: Optional[Context] = None) -> "Location":
        return Location(f'loc("{name}")', context)

    @staticmethod
    def current() -> Optional["Location"]:
        s = _stack("location")
        return s[-1] if s else None

    def __enter__(self) -> "Location":
        _stack("location").append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _stack("location").pop()

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Location) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)


