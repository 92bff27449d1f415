"""Contexts and locations, as in ``mlir.ir``: thread-local stacks entered with ``with``."""

from __future__ import annotations

import threading
import weakref
from typing import Any, Optional


_tls = threading.local()


def _frames() -> list:
    """The thread's stack of (context, location, insertion point) frames, as upstream keeps
    it: entering a context keeps the location and insertion point of the same context and
    clears the others; entering a location enters its context too."""
    s = getattr(_tls, "frames", None)
    if s is None:
        s = []
        _tls.frames = s
    return s


def _top() -> tuple:
    s = _frames()
    return s[-1] if s else (None, None, None)


def _push(context: Any, location: Any, ip: Any) -> None:
    _frames().append((context, location, ip))


def _pop() -> None:
    _frames().pop()


class _Current(type):
    """Gives a class upstream's ``Class.current`` (a property of the class)."""

    @property
    def current(cls) -> Any:
        return cls._current()


_live_contexts: "weakref.WeakSet[Context]" = weakref.WeakSet()


class Context(metaclass=_Current):
    """A kiln context. kiln's types and attributes are plain values, so a context owns
    nothing; it exists so that code written for ``mlir.ir`` (``with Context():``) reads the
    same, and to carry defaults. ``Context.current`` is the innermost one, or None."""

    def __init__(self) -> None:
        self.allow_unregistered_dialects = True
        _live_contexts.add(self)

    @staticmethod
    def _get_live_count() -> int:
        """How many contexts are alive (upstream's tests check that none leak)."""
        return len(_live_contexts)

    def __enter__(self) -> "Context":
        _, location, ip = _top()
        same = lambda x: x if x is not None and getattr(x, "context", self) is self else None  # noqa: E731
        _push(self, same(location), same(ip))
        return self

    def __exit__(self, *exc: Any) -> None:
        _pop()

    @staticmethod
    def _current() -> Optional["Context"]:
        return _top()[0]

    def __repr__(self) -> str:
        return "Context()"


def _context(context: Optional[Context]) -> Context:
    if context is not None:
        return context
    c = Context._current()
    if c is None:
        # kiln's context holds no state: an implicit one is as good as an explicit one.
        c = Context()
    return c


class Location(metaclass=_Current):
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
    def _current() -> "Location":
        location = _top()[1]
        if location is None:
            raise ValueError("No current Location")
        return location

    def __enter__(self) -> "Location":
        context, _, ip = _top()
        _push(self.context, self, ip if context is self.context else None)
        return self

    def __exit__(self, *exc: Any) -> None:
        _pop()

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Location) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)


