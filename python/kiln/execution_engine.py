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

import kiln

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
        """Calls the function: arguments bind through its signature ABI (as ``invoke``)."""
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


def _is_ctypes_ref(a: Any) -> bool:
    """Whether ``a`` is what upstream's ``invoke`` takes: a ctypes pointer or array (or a
    ``byref``)."""
    return isinstance(a, (ctypes._Pointer, ctypes.Array, ctypes.c_void_p)) or type(a).__name__ == "CArgObject"


class ExecutionEngine:
    """Lowers ``module`` (with ``rules``, default the shipped ones), JIT-compiles it at
    ``opt_level`` (0-3) for the host's CPU and calls its functions.

    Upstream's contract holds: ``shared_libs`` are loaded (their symbols serve the code's
    declarations), ``register_runtime(name, ctypes_callback)`` gives the code a callback,
    ``invoke(name, *ctypes_pointers)`` calls a ``llvm.emit_c_interface`` function through
    its packed wrapper (a pointer to each argument, then one to where the result goes),
    ``lookup``/``raw_lookup`` give the packed wrapper, ``dump_to_object_file`` writes an
    object. kiln's own calls stay: ``engine["f"](1.0, np_array)``."""

    def __init__(
        self,
        module: Module,
        opt_level: int = 2,
        shared_libs: Optional[List[str]] = None,
        enable_object_dump: bool = True,
        rules: Any = None,
    ) -> None:
        if not 0 <= int(opt_level) <= 3:
            raise ValueError(f"opt_level must be 0 to 3, not {opt_level}")
        # Libraries are loaded process-wide, as the JIT resolves declarations against the
        # process: their symbols serve the module's external functions.
        self._libraries = [ctypes.CDLL(str(path), mode=ctypes.RTLD_GLOBAL) for path in (shared_libs or [])]
        self._text = module.source_text() if isinstance(module, Module) else str(module)
        self._filename = module.filename if isinstance(module, Module) else "<string>"
        self._rules = rules._native if rules is not None else None
        self._symbols: Dict[str, int] = {}
        self._callbacks: List[Any] = []
        self.opt_level = int(opt_level)
        self._native = self._compile()
        self._functions: Dict[str, Tuple[List[str], List[str]]] = {
            n: (ins, outs) for n, ins, outs in self._native.functions()
        }
        self._packed: Dict[str, Any] = {}
        self._packed_calls: Dict[str, Tuple[Any, int, int]] = {}
        self._stubs = self._native.has_stubs()

    def _compile(self) -> Any:
        return _kiln.NativeEngine(
            self._text, self._filename, self.opt_level, self._rules, sorted(self._symbols.items())
        )

    def register_runtime(self, name: str, ctypes_callback: Any) -> None:
        """Makes ``ctypes_callback`` (a ``ctypes.CFUNCTYPE`` function, kept alive by the
        engine) the definition of the C interface of ``@name``, a function the module
        declares with ``llvm.emit_c_interface``."""
        address = ctypes.cast(ctypes_callback, ctypes.c_void_p).value
        if not address:
            raise TypeError("register_runtime takes a ctypes function (ctypes.CFUNCTYPE)")
        self.raw_register_runtime("_mlir_ciface_" + name, address)
        self._callbacks.append(ctypes_callback)

    def raw_register_runtime(self, name: str, address: int) -> None:
        """Defines the declared symbol ``name`` at ``address``. The module is compiled again
        with it (what it already returned stays valid while the engine lives)."""
        self._symbols[name] = int(address)
        self._retired = getattr(self, "_retired", []) + [self._native]
        self._native = self._compile()
        self._packed.clear()
        self._packed_calls.clear()
        self._stubs = self._native.has_stubs()

    def raw_lookup(self, name: str) -> Optional[int]:
        """The address of the packed wrapper of ``@name`` (``void _mlir_NAME(void **)``), or
        None."""
        return self._native.address("_mlir_" + name)

    def lookup(self, name: str) -> Any:
        """The packed C interface of ``@name`` (a ``llvm.emit_c_interface`` function) as a
        ctypes callable taking an array of argument pointers; ``RuntimeError`` if there is
        none."""
        fn = self._packed.get(name)
        if fn is None:
            address = self.raw_lookup("_mlir_ciface_" + name)
            ins, outs = self._functions.get(name, (None, None))
            if not address and ins is not None and not any("memref" in t for t in ins + outs):
                # Without a C interface, a function of scalars takes its arguments as they are.
                address = self.raw_lookup(name)
            if not address:
                raise RuntimeError("Unknown function " + name)
            fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(address)
            self._packed[name] = fn
        return fn

    def invoke(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Calls ``@name``.

        With ctypes pointers (or arrays) only — upstream's contract — it calls the C
        interface of a ``llvm.emit_c_interface`` function: one pointer to each argument
        (a memref's is a pointer to a pointer to its descriptor, see ``kiln.runtime``),
        then one to where the result goes; it returns None.

        Otherwise the arguments bind through the function's signature ABI, and the results
        come back in the function's structure (None, one result, a tuple or a dict)."""
        if not kwargs and all(_is_ctypes_ref(a) for a in args) and (args or self._has_c_interface(name)):
            self._invoke_packed(name, args)
            return None
        return self._native.invoke(name, *args, **kwargs)

    def _invoke_packed(self, name: str, args: Tuple[Any, ...]) -> None:
        """Upstream's call: one pointer to each argument, then one to where the result goes,
        handed to the packed wrapper of the function's C interface."""
        call = self._packed_calls.get(name)
        if call is None:
            fn = self.lookup(name)
            ins, outs = self._functions.get("_mlir_ciface_" + name) or self._functions.get(name, ([], []))
            call = (fn, len(ins), len(outs))
            self._packed_calls[name] = call
        fn, n_in, n_out = call
        if n_out > 1 and len(args) == n_in + n_out:
            self._invoke_spread(fn, n_in, args)
        else:
            want = n_in + (1 if n_out else 0)
            if len(args) != want:
                raise TypeError(
                    f"`@{name}` takes {want} pointer{'s' if want != 1 else ''} through its C interface (one to "
                    f"each of its {n_in} arguments{', then one to where its result goes' if n_out else ''}), "
                    f"got {len(args)}"
                )
            packed = (ctypes.c_void_p * max(want, 1))(*[ctypes.cast(a, ctypes.c_void_p) for a in args])
            fn(packed)
        if self._stubs:
            missing = self._native.reached_unresolved()
            if missing is not None:
                raise kiln.LoweringError(
                    f"the call reached `@{missing}`, which the module declares but does not define "
                    "and no loaded library provides"
                )

    @staticmethod
    def _invoke_spread(fn: Any, n_in: int, args: Tuple[Any, ...]) -> None:
        """A call of several results with one pointer each (kiln's extension of upstream's
        contract, whose single result pointer receives the results' struct)."""
        types = [type(a)._type_ for a in args[n_in:]]
        fields = [(f"r{i}", t) for i, t in enumerate(types)]
        results = type("Results", (ctypes.Structure,), {"_fields_": fields})()
        packed = (ctypes.c_void_p * (n_in + 1))()
        for i, a in enumerate(args[:n_in]):
            packed[i] = ctypes.cast(a, ctypes.c_void_p)
        packed[n_in] = ctypes.cast(ctypes.pointer(results), ctypes.c_void_p)
        fn(packed)
        for i, (a, t) in enumerate(zip(args[n_in:], types)):
            ctypes.cast(a, ctypes.POINTER(t))[0] = getattr(results, f"r{i}")

    def _has_c_interface(self, name: str) -> bool:
        return bool(self.raw_lookup("_mlir_ciface_" + name))

    def dump_to_object_file(self, file_name: str) -> None:
        """Writes the module's object code (for this engine's optimisation level and the
        host's generic CPU) to ``file_name``."""
        from . import compile as compile_module

        data = compile_module(self._text, emit="obj", opt_level=self.opt_level)
        with open(file_name, "wb") as f:
            f.write(data)

    def signature(self, name: str) -> str:
        """The human text signature of ``@name`` (``kiln abi``'s text form)."""
        return self._native.signature(name)

    def record(self, name: str) -> Dict[str, Any]:
        """The reflection record of ``@name`` as a dict (``kiln abi --format json``)."""
        return json.loads(self._native.record(name))

    def function(self, name: str) -> Function:
        """``@name`` as a kiln ``Function`` (also ``engine[name]``)."""
        if name not in self._functions:
            raise KeyError(name)
        ins, outs = self._functions[name]
        return Function(self, name, ins, outs)

    def __getitem__(self, name: str) -> Function:
        return self.function(name)

    def __contains__(self, name: object) -> bool:
        return name in self._functions

    @property
    def functions(self) -> List[str]:
        """The names of the compiled module's functions."""
        return list(self._functions)

    def __repr__(self) -> str:
        return f"<kiln.ExecutionEngine -O{self.opt_level}: {', '.join(self._functions)}>"
