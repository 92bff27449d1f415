"""Rule sets: ``RuleSet.shipped()``, ``RuleSet.load(dir)``, ``RuleSet.from_text(...)``.

Rule files that do not load raise ``kiln.RuleError`` whose ``diagnostics`` carry each
error's file, line and column.
"""

from __future__ import annotations

import os
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _kiln

__all__ = ["RuleSet"]

_shipped: Optional["RuleSet"] = None


class RuleSet:
    """A checked and compiled set of rule files."""

    def __init__(self, native: "_kiln.RuleSet") -> None:
        self._native = native

    @staticmethod
    def shipped() -> "RuleSet":
        """The rules kiln ships (loaded once per process)."""
        global _shipped
        if _shipped is None:
            _shipped = RuleSet(_kiln.RuleSet.shipped())
        return _shipped

    @staticmethod
    def load(directory: Union[str, "os.PathLike[str]"]) -> "RuleSet":
        """Every ``*.rules`` file of ``directory``."""
        return RuleSet(_kiln.RuleSet.load(os.fspath(directory)))

    @staticmethod
    def from_text(
        files: Union[str, Mapping[str, str], Sequence[Tuple[str, str]]],
        *,
        with_shipped: bool = False,
    ) -> "RuleSet":
        """Rule files from text: one text (named ``<text>.rules``), a ``{path: text}``
        mapping or (path, text) pairs. ``with_shipped`` loads them after the shipped
        files, so they may use the shipped declarations and phases."""
        if isinstance(files, str):
            pairs: List[Tuple[str, str]] = [("<text>.rules", files)]
        elif isinstance(files, Mapping):
            pairs = list(files.items())
        else:
            pairs = [(p, t) for p, t in files]
        return RuleSet(_kiln.RuleSet.from_text(pairs, with_shipped))

    @property
    def files(self) -> Dict[str, str]:
        return dict(self._native.files)

    @property
    def warnings(self) -> list:
        return self._native.warnings

    @property
    def rule_count(self) -> int:
        return self._native.rule_count

    def run_tests(self) -> Tuple[int, List[str]]:
        """Runs the inline ``test``s: (number passed, failure messages)."""
        return self._native.run_tests()

    def __repr__(self) -> str:
        return repr(self._native)
