"""Modules as ``mlir.ir`` has them (``Module.parse``, ``Module.create``, ``body``,
``operation``), over the generic IR of their context, with kiln's own conveniences on top:
the text kiln compiles (``source_text``), its diagnostics and ``lower``."""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from . import _kiln
from ._context import Context, Location, _context

if TYPE_CHECKING:
    from ._operations import Block, Operation, OpView


class Module:
    """A module: ``Module.parse(text)`` or ``Module.create()``; ``str(module)`` prints it as
    ``mlir-opt`` does."""

    def __init__(
        self,
        context: Context,
        oid: Optional[int],
        filename: str = "-",
        source: Optional[str] = None,
        text_only: Optional[str] = None,
    ) -> None:
        self.context = context
        self._id = oid
        self._filename = filename
        self._source = source
        self._source_generation = context._graph.generation() if source is not None else -1
        # Why the module is held as text only (it holds operations the generic IR reads in
        # generic form only, such as LLVM-dialect bodies), or None.
        self._text_only = text_only
        if oid is not None:
            context.__dict__.setdefault("_modules", weakref.WeakValueDictionary())[oid] = self

    def _graph_id(self) -> int:
        if self._id is None:
            raise _kiln.Error(
                f"this module is held as text: {self._text_only}. kiln prints, lowers, compiles "
                "and runs it, but its operations cannot be inspected"
            )
        return self._id

    @staticmethod
    def parse(
        text: Any,
        context: Optional[Context] = None,
        *,
        filename: str = "-",
        verify: bool = True,
    ) -> "Module":
        """Parses ``text`` (``str`` or UTF-8 ``bytes``). Syntax errors raise
        ``kiln.ParseError`` (upstream's ``MLIRError``); verifier errors raise
        ``kiln.VerifyError`` unless ``verify=False``. A module in kiln's language is also
        checked by kiln's typed frontend."""
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8")
        ctx = _context(context)
        # kiln's typed frontend checks the text on another thread while the generic IR
        # reads it (both release the interpreter's lock): its verdict is needed for a module
        # of kiln's language and for text the generic reader cannot hold.
        typed = _TypedCheck(text, filename, verify)
        try:
            oid = ctx._graph.parse_module(text, filename)
        except _kiln.ParseError as e:
            upstream = _parse_error(ctx, e)
            # kiln's typed frontend reads all of kiln's language: what it reads is kept as
            # text, and its verdict (every diagnostic) is the richer one.
            failure = typed.failure()
            if isinstance(failure, _kiln.VerifyError):
                raise failure from None
            if failure is not None:
                raise upstream from None
            message = str(e).split(": error: ", 1)[-1]
            return Module(ctx, None, filename, text, text_only=message)
        m = Module(ctx, oid, filename, text)
        if verify:
            errors = ctx._graph.verify(oid)
            if errors:
                from ._operations import _location

                raise _verify_error(
                    ctx,
                    [(_location(ctx, ctx._graph.op(o)[6]), msg) for o, msg in errors],
                    [ctx._graph.print(o, True, False, False, True) for o, _ in errors],
                )
            if ctx._graph.in_language(oid):
                failure = typed.failure()
                if failure is not None:
                    raise failure
        else:
            typed.failure()
        return m

    @staticmethod
    def create(loc: Optional[Location] = None, *, name: Optional[str] = None) -> "Module":
        """An empty module (``module @name {}`` with ``name``) in the context of ``loc``."""
        ctx = _context(loc.context if loc is not None else None)
        attrs = []
        if name is not None:
            attrs.append(("sym_name", _kiln.Attr.string(name, None)))
        oid = ctx._graph.create("builtin.module", [], [], attrs, [], 1, loc._inner if loc is not None else "unknown")
        region = ctx._graph.op(oid)[4][0]
        ctx._graph.new_block(region, 0, [])
        return Module(ctx, oid, "<built>")

    @property
    def operation(self) -> "Operation":
        """The module's ``builtin.module`` operation (``.opview`` is its ``ModuleOp``)."""
        from ._operations import _plain

        return _plain(self.context, self._graph_id())

    @property
    def body(self) -> "Block":
        """The module's one block."""
        from ._operations import Block

        region = self.context._graph.op(self._graph_id())[4][0]
        return Block(self.context, self.context._graph.region(region)[0][0])

    @property
    def functions(self) -> List["OpView"]:
        """The module's ``func.func`` operations, in order."""
        return [op for op in self.body.operations if op.name == "func.func"]

    def function(self, name: str) -> "OpView":
        """The function ``@name``; ``KeyError`` if the module has none."""
        for f in self.functions:
            if f.sym_name.value == name:
                return f
        raise KeyError(name)

    @property
    def filename(self) -> str:
        """The file name the module was parsed as (``-`` by default; ``<built>`` if
        created)."""
        return self._filename

    @property
    def generation(self) -> int:
        """Counts changes to the IR of the module's context (every build, move or erase)."""
        return self.context._graph.generation()

    def source_text(self) -> str:
        """The text kiln compiles: the text parsed while the IR is unchanged, else the
        module as printed."""
        if self._id is None and self._source is not None:
            return self._source
        if self._source is not None and self.context._graph.generation() == self._source_generation:
            return self._source
        return str(self)

    def _replace(self, text: str) -> None:
        """Makes the module the parse of ``text`` (what a pass pipeline made of it); handles
        of its old operations become invalid."""
        new = Module.parse(text, self.context, filename=self._filename)
        if self._id is not None:
            self.context._graph.erase(self._id)
        self._id = new._id
        self._source = new._source
        self._source_generation = new._source_generation
        self._text_only = new._text_only
        if self._id is not None:
            self.context.__dict__.setdefault("_modules", weakref.WeakValueDictionary())[self._id] = self

    @property
    def diagnostics(self) -> List["_kiln.Diagnostic"]:
        """kiln's diagnostics of the module as it stands (``kiln.Diagnostic``s): its
        structural errors, and the typed frontend's for a module in kiln's language."""
        g = self.context._graph
        if self._id is None:
            return list(_kiln.NativeModule.parse(self.source_text(), self._filename, False).diagnostics())
        errors = g.verify(self._id)
        if errors:
            return [_diagnostic("verify.structure", m, g.op(o)[6]) for o, m in errors]
        if not g.in_language(self._id):
            return []
        return list(_kiln.NativeModule.parse(self.source_text(), self._filename, False).diagnostics())

    def dump(self) -> None:
        """Prints the module to standard output."""
        print(self)

    def lower(self, rules: Any = None) -> "LoweredModule":
        """Lowers with ``rules`` (a ``kiln.rules.RuleSet``; default: the shipped rules):
        the LLVM-level form as ``kiln lower`` prints it, and per-function statistics."""
        from .rules import RuleSet

        rs = rules if rules is not None else RuleSet.shipped()
        text, stats = _kiln.lower(self.source_text(), self._filename, rs._native)
        return LoweredModule(text, stats)

    def __str__(self) -> str:
        if self._id is None:
            return self._source or ""
        return str(self.operation)

    def __repr__(self) -> str:
        if self._id is None:
            return f"<kiln.ir.Module {self._filename!r} (held as text)>"
        return f"<kiln.ir.Module {self._filename!r}: {len(self.body.operations)} operations>"


class LoweredModule:
    """What ``Module.lower`` returns: ``text`` (also ``str()``) and ``stats``, a list of
    ``{"function": name, "phases": [{"phase", "iterations", "nodes", "classes",
    "seconds", "stop", "applied", "passes"}, ...]}``, where ``passes`` lists each pass as
    ``{"scope", "searched", "matches", "applied", "nodes", "classes", "seconds"}``."""

    def __init__(self, text: str, stats: list) -> None:
        self.text = text
        self.stats = stats

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<LoweredModule: {len(self.stats)} functions, {len(self.text)} chars>"


def _diagnostic(code: str, message: str, location: str) -> "_kiln.Diagnostic":
    """A ``kiln.Diagnostic`` at a location's text (``"file":line:col`` when it has one)."""
    import re

    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)', location)
    if m is None:
        return _kiln.Diagnostic("error", code, message)
    return _kiln.Diagnostic("error", code, message, m.group(1), int(m.group(2)), int(m.group(3)))


def _parse_error(ctx: Context, e: "_kiln.ParseError") -> "_kiln.ParseError":
    """Upstream's form of a parse error: ``Unable to parse module assembly:`` and the
    located error, with the diagnostics kept."""
    diags = list(getattr(e, "diagnostics", []))
    lines = ["Unable to parse module assembly:"]
    for d in diags:
        lines.append(f'error: "{d.file}":{d.line}:{d.column}: {d.message}')
    err = _kiln.ParseError("\n".join(lines))
    err.diagnostics = diags
    return err


def _verify_error(
    ctx: Context, errors: Sequence[Tuple[Location, str]], ops: Sequence[str] = ()
) -> "_kiln.VerifyError":
    """Upstream's form of a verifier error: ``Verification failed:``, each error at its
    location and a note showing the operation (generic form); the diagnostics are
    ``kiln.Diagnostic``s."""
    lines = ["Verification failed:"]
    for k, (loc, msg) in enumerate(errors):
        lines.append(f"error: {loc._inner}: {msg}")
        if k < len(ops):
            shown = ops[k].replace("\n", "\n   ")
            lines.append(f" note: {loc._inner}: see current operation: {shown}")
    err = _kiln.VerifyError("\n".join(lines))
    err.diagnostics = [_diagnostic("verify.structure", msg, loc._inner) for loc, msg in errors]
    return err


def _module_of(op: Any) -> Optional[Module]:
    """The ``Module`` whose operation ``op`` is, if one is alive."""
    modules = op._ctx.__dict__.get("_modules")
    return None if modules is None else modules.get(op._id)


class _TypedCheck:
    """kiln's typed frontend's check of a text, run on a thread of its own from the start."""

    def __init__(self, text: str, filename: str, verify: bool) -> None:
        self._error: Optional[BaseException] = None
        self._thread = threading.Thread(target=self._run, args=(text, filename, verify), daemon=True)
        self._thread.start()

    def _run(self, text: str, filename: str, verify: bool) -> None:
        try:
            _kiln.NativeModule.parse(text, filename, verify)
        except BaseException as e:  # noqa: BLE001 - handed to the caller by `failure`
            self._error = e

    def failure(self) -> Optional[BaseException]:
        """The check's error (None if the text checked), once it is done."""
        self._thread.join()
        return self._error


def _typed_check(op: Any, source: Optional[str], filename: str) -> None:
    """Runs kiln's typed frontend on the module (its source text when given, else its
    print); raises ``kiln.VerifyError`` (or ``ParseError``) with every diagnostic."""
    text = source if source is not None else str(op)
    _kiln.NativeModule.parse(text, filename, True)
