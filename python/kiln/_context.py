"""Contexts and locations, as in ``mlir.ir``: thread-local stacks entered with ``with``."""

from __future__ import annotations

import enum
import sys
import threading
import weakref
from typing import Any, Callable, List, Optional, Tuple


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
        """The innermost one entered with ``with`` on this thread (``Context.current`` is
        None when there is none; a location or insertion point raises ``ValueError``)."""
        return cls._current()


_live_contexts: "weakref.WeakSet[Context]" = weakref.WeakSet()


class Context(metaclass=_Current):
    """A kiln context: it owns the IR of its modules and operations (which may move between
    them); types and attributes are plain values. ``Context.current`` is the innermost one
    entered with ``with``, or None."""

    def __init__(self) -> None:
        from . import _kiln

        self.allow_unregistered_dialects = True
        # Whether verifier errors go to the diagnostic handlers (upstream's
        # `emit_error_diagnostics`) rather than only into the `MLIRError` raised.
        self.emit_error_diagnostics = False
        # The generic IR every module, operation and block of the context lives in.
        self._graph = _kiln.Graph()
        _live_contexts.add(self)

    @staticmethod
    def _get_live_count() -> int:
        """How many contexts are alive (upstream's tests check that none leak)."""
        return len(_live_contexts)

    def _get_live_module_count(self) -> int:
        """How many ``Module`` objects of this context are alive."""
        return len(self.__dict__.get("_modules", {}))

    def _get_live_operation_count(self) -> int:
        """How many ``Operation`` objects of this context are alive."""
        return len(self.__dict__.get("_live_operations", {}))

    def _get_live_operation_objects(self) -> list:
        """The ``Operation`` objects of this context that are alive."""
        return list(self.__dict__.get("_live_operations", {}).values())

    def _clear_live_operations(self) -> int:
        """Forgets the live ``Operation`` objects (new ones are made when asked); how many
        there were."""
        live = self.__dict__.get("_live_operations")
        n = len(live) if live is not None else 0
        if live is not None:
            live.clear()
        return n

    def get_dialect_descriptor(self, name: str) -> "DialectDescriptor":
        """The dialect ``name`` (one kiln knows); ``ValueError`` otherwise."""
        if name not in _DIALECTS:
            raise ValueError(f"Dialect '{name}' not found")
        return DialectDescriptor(name)

    @property
    def dialects(self) -> "Dialects":
        """The dialects, by attribute or index (``ctx.dialects.arith.AddFOp``)."""
        return Dialects(self)

    @property
    def d(self) -> "Dialects":
        """``dialects``."""
        return Dialects(self)

    def is_registered_operation(self, name: str) -> bool:
        """Whether operation ``name`` is one kiln knows."""
        from . import _kiln

        return _kiln.is_registered_operation(name)

    def attach_diagnostic_handler(self, callback: Callable[["Diagnostic"], bool]) -> "DiagnosticHandler":
        """Calls ``callback(diagnostic)`` for each diagnostic emitted in this context, the
        handler attached last first; one returning True handles the diagnostic, which then
        reaches no other handler."""
        handler = DiagnosticHandler(self, callback)
        self.__dict__.setdefault("_handlers", []).append(handler)
        return handler

    def _emit(self, severity: "DiagnosticSeverity", location: "Location", message: str, notes: Tuple = ()) -> None:
        for handler in reversed(list(self.__dict__.get("_handlers", []))):
            diagnostic = Diagnostic(severity, location, message, notes)
            try:
                handled = handler._callback(diagnostic)
            except Exception as e:  # noqa: BLE001 - a handler's failure is recorded, as upstream does
                handler.had_error = True
                print(f"error in diagnostic handler: {e!r}", file=sys.stderr)
                handled = False
            finally:
                diagnostic._valid = False
            if handled:
                return
        print(f"{location}: {severity.name.lower()}: {message}", file=sys.stderr)

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


# The dialects kiln knows, and the module of each one's operation classes.
_DIALECTS = {
    "builtin": "builtin",
    "func": "func",
    "arith": "arith",
    "cf": "cf",
    "memref": "memref",
    "math": None,
    "index": None,
    "ub": None,
    "llvm": None,
}


class DialectDescriptor:
    """A dialect kiln knows, by its namespace."""

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def __repr__(self) -> str:
        return f"<DialectDescriptor {self.namespace}>"


class Dialect:
    """A dialect and its operation classes (``Dialect.AddFOp``)."""

    def __init__(self, descriptor: DialectDescriptor) -> None:
        self.descriptor = descriptor
        module = _DIALECTS.get(descriptor.namespace)
        self._module = None
        if module is not None:
            import importlib

            self._module = importlib.import_module(f"kiln.dialects.{module}")

    def __getattr__(self, name: str) -> Any:
        if self._module is not None and hasattr(self._module, name):
            return getattr(self._module, name)
        raise AttributeError(f"dialect {self.descriptor.namespace} has no {name}")

    def __repr__(self) -> str:
        where = self._module.__name__ if self._module is not None else "kiln"
        return f"<Dialect {self.descriptor.namespace} (class {where}._Dialect)>"


class Dialects:
    """A context's dialects, by attribute (``AttributeError`` for an unknown one) or index
    (``IndexError``)."""

    def __init__(self, context: "Context") -> None:
        self._context = context

    def __getattr__(self, name: str) -> Dialect:
        if name.startswith("_") or name not in _DIALECTS:
            raise AttributeError(f"Dialect '{name}' not found")
        return Dialect(DialectDescriptor(name))

    def __getitem__(self, name: str) -> Dialect:
        if name not in _DIALECTS:
            raise IndexError(f"Dialect '{name}' not found")
        return Dialect(DialectDescriptor(name))


class DiagnosticSeverity(enum.IntEnum):
    """How severe a diagnostic is, numbered as MLIR numbers them."""

    ERROR = 0
    WARNING = 1
    NOTE = 2
    REMARK = 3

    def __str__(self) -> str:
        return f"DiagnosticSeverity.{self.name}"


class Diagnostic:
    """A diagnostic given to a handler; valid only while the handler runs (afterwards its
    fields raise ``ValueError``, as upstream's do)."""

    def __init__(self, severity: DiagnosticSeverity, location: "Location", message: str, notes: Tuple = ()) -> None:
        self._fields = (severity, location, message, tuple(notes))
        self._valid = True

    def _field(self, i: int) -> Any:
        if not self._valid:
            raise ValueError("Diagnostic is invalid (used outside of callback)")
        return self._fields[i]

    @property
    def severity(self) -> DiagnosticSeverity:
        """How severe the diagnostic is (a ``DiagnosticSeverity``)."""
        return self._field(0)

    @property
    def location(self) -> "Location":
        """Where the diagnostic was emitted."""
        return self._field(1)

    @property
    def message(self) -> str:
        """The diagnostic's message."""
        return self._field(2)

    @property
    def notes(self) -> Tuple["Diagnostic", ...]:
        """The notes attached to the diagnostic, as diagnostics."""
        return self._field(3)

    def __str__(self) -> str:
        return self._fields[2] if self._valid else "<Invalid Diagnostic>"


class DiagnosticHandler:
    """A callback attached to a context (``Context.attach_diagnostic_handler``); detached
    explicitly, at the end of a ``with``, or when its context goes."""

    def __init__(self, context: Context, callback: Callable[[Diagnostic], bool]) -> None:
        self._context = weakref.ref(context)
        self._callback = callback
        self.had_error = False

    @property
    def attached(self) -> bool:
        """Whether the handler is still attached to its context."""
        context = self._context()
        return context is not None and self in context.__dict__.get("_handlers", [])

    def detach(self) -> None:
        """Detaches the handler from its context (if it is still attached)."""
        context = self._context()
        if context is not None and self in context.__dict__.get("_handlers", []):
            context.__dict__["_handlers"].remove(self)

    def __enter__(self) -> "DiagnosticHandler":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.detach()


_default: List[Context] = []


def _context(context: Optional[Context]) -> Context:
    """``context``, else the current one, else the process's default context (kiln needs no
    ``with Context():``; upstream code always has one)."""
    if context is not None:
        return context
    c = Context._current()
    if c is None:
        if not _default:
            d = Context()
            # The default context lives as long as the process: it is not counted live.
            _live_contexts.discard(d)
            _default.append(d)
        c = _default[0]
    return c


def _quoted(s: str) -> str:
    from ._kiln import Attr

    return str(Attr.string(s, None))


class Location(metaclass=_Current):
    """A source location of any of MLIR's kinds, printed as MLIR prints it: unknown,
    ``file:line:col``, a name (with a child location), a call site, a fusion. Operations
    and block arguments keep theirs (``get_asm(enable_debug_info=True)`` prints them). A
    context manager, as upstream's."""

    def __init__(self, text: str, context: Optional[Context] = None) -> None:
        # `text` is the full form, `loc(...)`.
        self._text = text
        self.context = _context(context)

    @property
    def _inner(self) -> str:
        return self._text[4:-1]

    @staticmethod
    def unknown(context: Optional[Context] = None) -> "Location":
        """The unknown location, ``loc(unknown)``."""
        return Location("loc(unknown)", context)

    @staticmethod
    def file(filename: str, line: int, col: int, context: Optional[Context] = None) -> "Location":
        """A file location, ``loc("filename":line:col)``."""
        return Location(f"loc({_quoted(filename)}:{int(line)}:{int(col)})", context)

    @staticmethod
    def name(name: str, childLoc: Optional["Location"] = None, context: Optional[Context] = None) -> "Location":
        """A named location, ``loc("name")``, or ``loc("name"(child))`` with ``childLoc``."""
        child = f"({childLoc._inner})" if childLoc is not None and childLoc._inner != "unknown" else ""
        return Location(f"loc({_quoted(name)}{child})", context)

    @staticmethod
    def callsite(callee: "Location", frames: Any, context: Optional[Context] = None) -> "Location":
        """``callee`` called from ``frames[0]``, called from ``frames[1]`` ..."""
        frames = list(frames)
        if not frames:
            raise ValueError("No caller frames provided")
        caller = frames[-1]._inner
        for f in reversed(frames[:-1]):
            caller = f"callsite({f._inner} at {caller})"
        return Location(f"loc(callsite({callee._inner} at {caller}))", context)

    @staticmethod
    def fused(locations: Any, metadata: Any = None, context: Optional[Context] = None) -> "Location":
        """One location standing for several (``metadata`` an attribute, or None)."""
        locations = list(locations)
        if metadata is None:
            if not locations:
                return Location.unknown(context)
            if len(locations) == 1:
                return Location(locations[0]._text, context)
        inner = ", ".join(l._inner for l in locations) or "unknown"
        meta = f"<{metadata}>" if metadata is not None else ""
        return Location(f"loc(fused{meta}[{inner}])", context)

    def emit_error(self, message: str) -> None:
        """Emits an error at this location to its context's diagnostic handlers (to
        standard error when none handles it)."""
        self.context._emit(DiagnosticSeverity.ERROR, self, message)

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

    @property
    def attr(self) -> Any:
        """The location as an attribute (``Location.from_attr`` reads it back)."""
        from ._attributes import _wrap_attr
        from ._kiln import Attr

        a = _wrap_attr(Attr.parse(f"#builtin<{self._text}>"), self.context)
        a._location = self  # type: ignore[attr-defined]
        return a

    @staticmethod
    def from_attr(attribute: Any, context: Optional["Context"] = None) -> "Location":
        """The location an attribute from ``Location.attr`` holds."""
        loc = getattr(attribute, "_location", None)
        if loc is None:
            text = str(attribute)
            if not (text.startswith("#builtin<loc(") and text.endswith(">")):
                raise ValueError(f"{text} is not a location attribute")
            return Location(text[len("#builtin<") : -1], context or attribute.context)
        return loc

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Location) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)


