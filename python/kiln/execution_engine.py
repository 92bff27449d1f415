"""JIT execution: ``ExecutionEngine(module, opt_level=2, rules=None)``.

``engine.invoke("f", *args, **kwargs)`` or ``engine["f"](*args, **kwargs)``. Arguments
bind through the function's signature ABI (``kiln::abi::bind``, described in
docs/book/src/reference/abi.md): its
reflection record (``iree.abi``/``iree.reflection``, or derived from the signature, one
argument per parameter) or its ``sip`` signature. ``named`` arguments may be passed by
keyword, ``sdict`` records take dicts (bound in sorted-key order), ``slist``/``stuple``
lists or tuples, ``ndarray`` records numpy arrays (shape and dtype checked against the
record and the memref type) or nested lists (copied), ``py_homogeneous_list`` a list or a
1-d array; a sip function takes the structure of its ``I`` tree (a dict-shaped tree by
keyword, a sequence by position). Arguments that do not bind raise ``kiln.ArgumentError``
(a ``kiln.Error`` that is also a ``TypeError`` and a ``ValueError``) whose message starts
with the path inside the input: ``opts.alpha: expected f32, got str``; positional
arguments are ``[0]``, ``[1]``... Results come back in the function's structure: ``None``,
one value, a tuple, or a dict when every result is ``named`` (sdicts as dicts, stuples as
tuples, slists and sip sequences as lists). Scalars are Python numbers
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

import ctypes
import json
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

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._engine._native.invoke(self.name, *args, **kwargs)

    @property
    def signature(self) -> str:
        """The signature as text, e.g. ``scale(x: ndarray<f32, 2x3>, opts: {alpha: f32,
        n: i64}) -> f32`` (a second line for sip functions)."""
        return self._engine.signature(self.name)

    @property
    def record(self) -> Dict[str, Any]:
        """The reflection record: ``{"name", "a", "r", "v"}`` (and ``"abi"``, ``"sip"``)."""
        return self._engine.record(self.name)

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

    def invoke(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Calls ``@name`` with ``args`` and ``kwargs`` bound through its ABI; returns the
        results in the function's structure (None, one result, a tuple or a dict).

        Upstream's calling contract works too: ``ctypes`` pointers to each scalar argument,
        then one to each result, which receives it (``invoke("add", pointer(c_float(1.0)),
        pointer(c_float(2.0)), pointer(res))``); the call then returns None."""
        if args and not kwargs and all(isinstance(a, ctypes._Pointer) for a in args):
            ins, outs = self._functions.get(name, ([], []))
            scalars = all(isinstance(a.contents, ctypes._SimpleCData) for a in args)
            if scalars and len(args) == len(ins) + len(outs):
                results = self._native.invoke(name, *(a.contents.value for a in args[: len(ins)]))
                if len(outs) == 1:
                    results = (results,)
                for p, r in zip(args[len(ins) :], results or ()):
                    p.contents.value = r
                return None
        return self._native.invoke(name, *args, **kwargs)

    def signature(self, name: str) -> str:
        """The human text signature of ``@name`` (``kiln abi``'s text form)."""
        return self._native.signature(name)

    def record(self, name: str) -> Dict[str, Any]:
        """The reflection record of ``@name`` as a dict (``kiln abi --format json``)."""
        return json.loads(self._native.record(name))

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
