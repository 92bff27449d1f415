"""Modules as ``mlir.ir`` has them: ``Module`` (parse, create, print, lower), its
``builtin.module`` operation, region and body. A module's functions are the operation
views of ``kiln.ir``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Union

from . import _kiln
from ._attributes import OpAttributeMap
from ._context import Context, Location, _context

if TYPE_CHECKING:
    from .ir import OpView


def _func_view(module: "Module", fuid: int) -> Any:
    from .ir import _func_view as view

    return view(module, fuid)


class Module:
    """A module: ``Module.parse(text)`` or ``Module.create()``; ``str(module)`` prints it in
    modern MLIR syntax (kiln's printer)."""

    def __init__(self, native: "_kiln.NativeModule", context: Optional[Context] = None) -> None:
        self._native = native
        self.context = _context(context)

    @staticmethod
    def parse(
        text: str,
        context: Optional[Context] = None,
        *,
        filename: str = "<string>",
        verify: bool = True,
    ) -> "Module":
        """Parses ``text``. Syntax errors raise ``kiln.ParseError``; verifier errors raise
        ``kiln.VerifyError`` unless ``verify=False``."""
        return Module(_kiln.NativeModule.parse(text, filename, verify), context)

    @staticmethod
    def create(loc: Optional[Location] = None, *, name: Optional[str] = None) -> "Module":
        """An empty module (``module @name {}`` with ``name``); ``loc`` gives its context."""
        ctx = loc.context if loc is not None else None
        return Module(_kiln.NativeModule.create(name), ctx)

    @property
    def operation(self) -> "ModuleOp":
        """The module's ``builtin.module`` operation."""
        return ModuleOp(self)

    @property
    def body(self) -> "ModuleBody":
        """The module's one block, whose operations are its functions."""
        return ModuleBody(self)

    @property
    def functions(self) -> List["OpView"]:
        """The module's functions (``func.func`` operations), in order."""
        return self.body.operations

    @property
    def filename(self) -> str:
        """The file name the module was parsed as (``<string>`` by default; ``<built>`` if
        created)."""
        return self._native.filename

    @property
    def generation(self) -> int:
        """Counts changes to the IR (every build or erase)."""
        return self._native.generation

    def function(self, name: str) -> "OpView":
        """The function ``@name``; ``KeyError`` if the module has none."""
        for f in self.functions:
            if f.sym_name == name:
                return f
        raise KeyError(name)

    def source_text(self) -> str:
        """The text parsed, while the module is unchanged; else its print."""
        return self._native.source_text()

    def _replace(self, text: str) -> None:
        """Makes the module the parse of ``text`` (what a pass pipeline made of it); views
        of its old operations become stale."""
        self._native = _kiln.NativeModule.parse(text, self.filename, True)

    def dump(self) -> None:
        """Prints the module to standard output."""
        print(self)

    @property
    def diagnostics(self) -> List["_kiln.Diagnostic"]:
        """kiln's diagnostics of the module as it stands (``kiln.Diagnostic``s)."""
        return self._native.diagnostics()

    def lower(self, rules: Any = None) -> "LoweredModule":
        """Lowers with ``rules`` (a ``kiln.rules.RuleSet``; default: the shipped rules):
        the LLVM-level form as ``kiln lower`` prints it, and per-function statistics."""
        from .rules import RuleSet

        rs = rules if rules is not None else RuleSet.shipped()
        text, stats = _kiln.lower(self.source_text(), self.filename, rs._native)
        return LoweredModule(text, stats)

    def __str__(self) -> str:
        return self._native.print()

    def __repr__(self) -> str:
        return f"<kiln.ir.Module {self.filename!r}: {len(self._native.functions())} functions>"


class LoweredModule:
    """What ``Module.lower`` returns: ``text`` (also ``str()``) and ``stats``, a list of
    ``{"function": name, "phases": [{"phase", "iterations", "nodes", "classes",
    "seconds", "stop", "applied"}, ...]}``."""

    def __init__(self, text: str, stats: list) -> None:
        self.text = text
        self.stats = stats

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<LoweredModule: {len(self.stats)} functions, {len(self.text)} chars>"


class _Printable:
    """Upstream's ``print`` and ``get_asm`` over ``str()``."""

    def get_asm(
        self,
        binary: bool = False,
        large_elements_limit: Optional[int] = None,
        enable_debug_info: bool = False,
        pretty_debug_info: bool = False,
        print_generic_op_form: bool = False,
        use_local_scope: bool = False,
        assume_verified: bool = False,
        skip_regions: bool = False,
    ) -> Union[str, bytes]:
        """The operation's text (``bytes`` with ``binary=True``). kiln prints a module as
        ``kiln fmt`` does; the options of upstream's printer that would change that are
        refused rather than ignored."""
        if print_generic_op_form and isinstance(self, ModuleOp):
            raise ValueError("kiln prints a module in its custom form only (print_generic_op_form)")
        if enable_debug_info or pretty_debug_info:
            raise ValueError("kiln's IR keeps no locations to print (enable_debug_info)")
        text = str(self)
        return text.encode() if binary else text

    def print(self, *args: Any, file: Any = None, binary: bool = False, **kwargs: Any) -> None:
        """Prints ``get_asm(...)`` to ``file`` (standard output by default)."""
        import sys

        text = self.get_asm(binary, *args, **kwargs)
        out = file if file is not None else sys.stdout
        if binary:
            out.write(text)
        else:
            print(text, file=out)


class ModuleOp(_Printable):
    """The ``builtin.module`` operation of a module."""

    def __init__(self, module: Module) -> None:
        self._module = module

    name = "builtin.module"

    @property
    def operation(self) -> "ModuleOp":
        """The operation itself."""
        return self

    @property
    def opview(self) -> "ModuleOp":
        """The operation itself (a module has no other view)."""
        return self

    @property
    def regions(self) -> List["ModuleRegion"]:
        """The module's one region."""
        return [ModuleRegion(self._module)]

    @property
    def attributes(self) -> OpAttributeMap:
        """The module's attributes: its ``sym_name``, if it has a name (read-only)."""
        n = self._module._native.name
        return OpAttributeMap([] if n is None else [("sym_name", f'"{n}"')])

    @property
    def operands(self) -> list:
        """An empty list: a module has no operands."""
        return []

    @property
    def results(self) -> list:
        """An empty list: a module has no results."""
        return []

    @property
    def parent(self) -> None:
        """None: a module has no parent."""
        return None

    @property
    def context(self) -> Context:
        """The module's context."""
        return self._module.context

    def verify(self) -> bool:
        """True, or raises ``kiln.VerifyError`` (``ParseError`` if the printed IR does not
        parse) with every diagnostic."""
        diags = [d for d in self._module._native.diagnostics() if d.severity == "error"]
        if not diags:
            return True
        parse = any(d.code.startswith(("parse", "lex")) for d in diags)
        cls = _kiln.ParseError if parse else _kiln.VerifyError
        msg = "the module does not verify:\n" + "\n".join(str(d) for d in diags[:10])
        err = cls(msg)
        err.diagnostics = diags
        raise err

    def __iter__(self) -> Iterator["ModuleRegion"]:
        return iter(self.regions)

    def __str__(self) -> str:
        return str(self._module)

    def __repr__(self) -> str:
        return f"<kiln.ir.ModuleOp {self._module.filename!r}>"


class ModuleRegion:
    """The one region of a ``builtin.module``: its one block is the module's body."""
    def __init__(self, module: Module) -> None:
        self._module = module

    @property
    def blocks(self) -> List["ModuleBody"]:
        """The region's one block, the module's body."""
        return [ModuleBody(self._module)]

    def __iter__(self) -> Iterator["ModuleBody"]:
        return iter(self.blocks)

    @property
    def owner(self) -> ModuleOp:
        """The ``builtin.module`` operation."""
        return ModuleOp(self._module)

    def __repr__(self) -> str:
        return "<kiln.ir.Region of builtin.module>"


class ModuleBody:
    """The single block of a module: its operations are the functions."""

    def __init__(self, module: Module) -> None:
        self._module = module

    @property
    def operations(self) -> List["OpView"]:
        """The module's functions, as operation views."""
        return [_func_view(self._module, f) for f in self._module._native.functions()]

    @property
    def arguments(self) -> list:
        """An empty list: a module's body has no arguments."""
        return []

    @property
    def owner(self) -> ModuleOp:
        """The ``builtin.module`` operation."""
        return ModuleOp(self._module)

    def __iter__(self) -> Iterator["OpView"]:
        return iter(self.operations)

    def __len__(self) -> int:
        return len(self._module._native.functions())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ModuleBody) and other._module._native is self._module._native

    def __hash__(self) -> int:
        return id(self._module._native)

    def __repr__(self) -> str:
        return f"<kiln.ir.Block body of module {self._module.filename!r}>"
