"""JIT execution: ``ExecutionEngine(module, opt_level=2, rules=None)``.

``engine.invoke("f", *args)`` or ``engine["f"](*args)``. Scalars are Python numbers
(range-checked against the parameter type); memrefs are numpy arrays passed without
copying (their strides and offset become the descriptor's; C- and Fortran-order arrays
and sliced views work where the parameter's layout allows them: an identity-layout memref
needs a row-major array, a ``strided<[?, ?], offset: ?>`` one takes any view); writes
through a memref are seen in the array. Results come back as Python numbers and numpy
arrays; a returned memref that the function allocated becomes an array that owns its
buffer (freed with the last array viewing it).

Native code runs with the GIL released, on kiln's JIT thread (a 64 MiB stack;
overflowing it ends the process with a diagnostic, as ``kiln run`` does).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import _kiln
from .ir import Module

__all__ = ["ExecutionEngine", "Function"]


class Function:
    """A callable function of an engine (``engine["f"]``)."""

    def __init__(self, engine: "ExecutionEngine", name: str, inputs: List[str], results: List[str]) -> None:
        self._engine = engine
        self.name = name
        self.inputs = inputs
        self.results = results

    def __call__(self, *args: Any) -> Any:
        return self._engine._native.invoke(self.name, *args)

    def __repr__(self) -> str:
        outs = ", ".join(self.results)
        return f"<kiln function @{self.name}({', '.join(self.inputs)}) -> ({outs})>"


class ExecutionEngine:
    """Lowers ``module`` (with ``rules``, default the shipped ones), JIT-compiles it at
    ``opt_level`` (0-3) and calls its functions."""

    def __init__(self, module: Module, opt_level: int = 2, rules: Any = None) -> None:
        if not 0 <= int(opt_level) <= 3:
            raise ValueError(f"opt_level must be 0 to 3, not {opt_level}")
        text = module.source_text() if isinstance(module, Module) else str(module)
        filename = module.filename if isinstance(module, Module) else "<string>"
        native_rules = rules._native if rules is not None else None
        self._native = _kiln.NativeEngine(text, filename, int(opt_level), native_rules)
        self._functions: Dict[str, Tuple[List[str], List[str]]] = {
            n: (ins, outs) for n, ins, outs in self._native.functions()
        }
        self.opt_level = int(opt_level)

    def invoke(self, name: str, *args: Any) -> Any:
        """Calls ``@name`` with ``args``; returns None, one result or a tuple."""
        return self._native.invoke(name, *args)

    def lookup(self, name: str) -> Function:
        if name not in self._functions:
            raise KeyError(name)
        ins, outs = self._functions[name]
        return Function(self, name, ins, outs)

    def __getitem__(self, name: str) -> Function:
        return self.lookup(name)

    def __contains__(self, name: object) -> bool:
        return name in self._functions

    @property
    def functions(self) -> List[str]:
        return list(self._functions)

    def __repr__(self) -> str:
        return f"<kiln.ExecutionEngine -O{self.opt_level}: {', '.join(self._functions)}>"
