"""Pass pipelines, as ``mlir.passmanager`` has them, for the conversion kiln performs.

kiln lowers a whole module to the LLVM dialect in one step, by its rules. A
``PassManager`` takes the passes of MLIR 19's LLVM conversion by their names and options
(``convert-func-to-llvm``, ``finalize-memref-to-llvm``, ``convert-arith-to-llvm``,
``convert-cf-to-llvm``, ``reconcile-unrealized-casts`` ... the list ``kiln opt`` accepts)
and running it replaces the module's body with its LLVM-dialect form; any other pass is a
``ValueError`` naming it when the pipeline is parsed."""

from __future__ import annotations

from typing import Any, List, Optional

from . import _kiln
from ._context import Context

__all__ = ["PassManager"]


class PassManager:
    """``PassManager.parse("builtin.module(convert-func-to-llvm, ...)")``, then
    ``pm.run(module.operation)``."""

    def __init__(self, anchor_op: str = "any", context: Optional[Context] = None) -> None:
        self._anchor = anchor_op
        self._passes: List[str] = []
        self._bare_ptr = False
        self.rules: Any = None

    @staticmethod
    def parse(pipeline: str, context: Optional[Context] = None) -> "PassManager":
        """A pass manager of the passes of ``pipeline`` (``builtin.module(...)``);
        ``ValueError`` naming a pass kiln does not perform."""
        pm = PassManager(context=context)
        pm.add(pipeline)
        return pm

    def add(self, pipeline: str) -> None:
        """Appends passes (``"convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}"`` or a
        whole ``builtin.module(...)`` pipeline)."""
        self._bare_ptr = _kiln.check_pipeline(pipeline) or self._bare_ptr
        self._passes.append(pipeline)

    def enable_ir_printing(self, *args: Any, **kwargs: Any) -> None:
        """Accepted for compatibility: kiln's conversion is one step, with no IR between."""

    def enable_verifier(self, enable: bool) -> None:
        """Accepted for compatibility: kiln verifies its input and its output always."""

    def run(self, operation: Any) -> None:
        """Converts the module ``operation`` (a ``Module``, its ``ModuleOp``) to the LLVM
        dialect in place. Raises ``kiln.Error`` (upstream's ``MLIRError``) with the
        diagnostics of a module that does not lower."""
        from ._module import _module_of
        from .ir import Module, Operation

        module = operation
        if isinstance(operation, Operation):
            module = _module_of(operation)
            if module is None:
                raise TypeError(
                    f"a PassManager runs on a module: `{operation.name}` is not the operation of a live Module"
                )
        if not isinstance(module, Module):
            raise TypeError(f"a PassManager runs on a module, not {type(operation).__name__}")
        if not self._passes:
            return
        native_rules = self.rules._native if self.rules is not None else None
        text = _kiln.to_llvm_dialect(module.source_text(), module.filename, self._bare_ptr, native_rules)
        module._replace(text)

    def __str__(self) -> str:
        inner = ",".join(p for p in self._passes)
        return inner if inner.startswith(("builtin.module(", "any(")) else f"builtin.module({inner})"
