"""kiln: an MLIR subset (func, arith, cf, memref) lowered by declarative rewrite rules on
an e-graph to native code through LLVM 19.

``kiln.ir`` parses, builds, inspects and prints modules; ``kiln.dialects`` has the op
classes; ``kiln.rules`` the rule sets; ``kiln.compile`` makes LLVM IR, assembly or
objects; ``kiln.execution_engine.ExecutionEngine`` JIT-compiles a module and calls it
with Python numbers and numpy arrays; ``kiln.Session`` compiles incrementally.
"""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Tuple, Union

from . import _kiln
from ._kiln import (
    ArgumentError,
    Diagnostic,
    Error,
    InternalError,
    LoweringError,
    ParseError,
    RuleError,
    VerifyError,
)

__all__ = [
    "Error",
    "ParseError",
    "VerifyError",
    "RuleError",
    "LoweringError",
    "InternalError",
    "ArgumentError",
    "Diagnostic",
    "compile",
    "Session",
    "Work",
    "CacheStats",
    "version",
    "llvm_version",
]

__version__, llvm_version, host_triple = _kiln.version_info()
version = __version__


def _text_of(module: Any) -> "tuple[str, str]":
    from .ir import Module

    if isinstance(module, Module):
        return module.source_text(), module.filename
    if isinstance(module, str):
        return module, "<string>"
    raise TypeError(f"expected a kiln.ir.Module or MLIR text, got {type(module).__name__}")


def compile(
    module: Any,
    emit: str = "llvm-ir",
    opt_level: int = 0,
    target: Optional[str] = None,
    rules: Any = None,
    debug: bool = False,
) -> Union[str, bytes]:
    """Compiles ``module`` (a ``kiln.ir.Module`` or MLIR text): ``emit="llvm-ir"`` or
    ``"asm"`` give ``str``, ``"obj"`` gives ``bytes``; ``opt_level`` 0-3; ``target`` a
    triple (default: the host, generic CPU, so the bytes are the same on every machine);
    ``debug``: DWARF line tables (``kiln compile -g``), each instruction at the line and
    column of the operation it comes from, or where its ``loc(...)`` says."""
    text, filename = _text_of(module)
    if not 0 <= int(opt_level) <= 3:
        raise ValueError(f"opt_level must be 0 to 3, not {opt_level}")
    native_rules = rules._native if rules is not None else None
    return _kiln.compile(
        text, filename, emit, int(opt_level), target, native_rules, bool(debug)
    )


class Work(NamedTuple):
    """What one session request redid: functions lowered and code-generated again."""

    lowered: int
    generated: int


class CacheStats(NamedTuple):
    """What a session's shared cache did: entries found intact, keys not found (or found
    damaged), entries written, damaged entries ignored."""

    hits: int
    misses: int
    stored: int
    rejected: int


class Session:
    """An incremental compilation session (salsa underneath): set sources and rules, ask
    for lowered text or code; after an edit only what depends on it is redone
    (``last_work`` says how much)."""

    def __init__(self, rules: Any = None, cache: Optional[str] = None) -> None:
        """``cache``: a shared cache of compiled code (a directory, ``http://`` WebDAV or
        ``s3://`` URL, as ``kiln compile --cache`` takes it); a URL that names none raises
        ``ValueError``."""
        self._native = _kiln.NativeSession(rules._native if rules is not None else None, cache)
        self.last_work = Work(0, 0)

    def cache_report(self) -> Optional[Tuple[CacheStats, List[str]]]:
        """What the shared cache did so far and its warnings since the last call (damaged
        entries, an unreachable store), after waiting for the entries being written;
        ``None`` without a cache."""
        report = self._native.cache_report()
        if report is None:
            return None
        stats, warnings = report
        return CacheStats(*stats), warnings

    def set_source(self, path: str, text: Any) -> None:
        t, _ = _text_of(text)
        self._native.set_source(path, t)

    def edit_source(self, path: str, start: int, end: int, text: str) -> None:
        """Replaces the characters ``start`` to ``end`` of an open file's text (``0 <= start
        <= end <= len(text)``; no negative indices) with ``text``, as an editor's incremental
        change does: the same as ``set_source`` with the edited text. A bad range or an
        unknown file raises ``ValueError`` and changes nothing."""
        self._native.edit_source(path, start, end, text)

    def remove_source(self, path: str) -> bool:
        return self._native.remove_source(path)

    @property
    def sources(self) -> list:
        return self._native.sources()

    def set_rules(self, rules: Any) -> None:
        self._native.set_rules(rules._native)

    def set_target(self, triple: Optional[str] = None, cpu: Optional[str] = None) -> None:
        self._native.set_target(triple, cpu)

    def diagnostics(self, path: str) -> list:
        return self._native.diagnostics(path)

    def lowered_text(self, path: str) -> str:
        text, work = self._native.lowered_text(path)
        self.last_work = Work(*work)
        return text

    def compile(self, path: str, emit: str = "llvm-ir", opt_level: int = 0) -> Union[str, bytes]:
        code, work = self._native.compile(path, emit, int(opt_level))
        self.last_work = Work(*work)
        return code

    def __repr__(self) -> str:
        return f"<kiln.Session {self.sources}>"


from . import abi, ir, rules, execution_engine  # noqa: E402
from .ir import Context, Location, Module  # noqa: E402,F401
