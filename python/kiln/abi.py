"""The function-signature ABI (docs/book/src/reference/abi.md): V1 reflection records and
``sip`` signatures.

``records(module)`` lists each function's record as ``kiln abi --format json`` prints it
(``{"name", "a", "r", "v"}``, plus ``"abi"`` and ``"sip"`` for sip functions);
``signatures(module)`` the human text (``kiln abi``); ``parse_sip`` and ``mangle_sip``
read and write Structured Index Path strings (``kiln abi --parse-sip`` / ``--mangle-sip``).
A tree is a raw index (an ``int``), a list (a sequence keyed 0, 1, ...), a dict, or
``{"$seq": [[key, tree], ...]}`` for a sequence with other keys.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from . import _kiln

__all__ = ["records", "signatures", "parse_sip", "mangle_sip"]


def _records(module: Any) -> "list[tuple[str, str]]":
    from . import _text_of

    text, filename = _text_of(module)
    return _kiln.abi_records(text, filename)


def records(module: Any) -> List[Dict[str, Any]]:
    """Each function's reflection record (given by ``iree.abi``/``iree.reflection`` or
    derived from its signature), in source order."""
    return [json.loads(line) for line, _ in _records(module)]


def signatures(module: Any) -> List[str]:
    """Each function's signature as text, e.g. ``total(xs: list<f64>) -> (total: f64)``."""
    return [text for _, text in _records(module)]


def parse_sip(signature: str) -> Dict[str, Any]:
    """``{"inputs": tree, "results": tree, "canonical": str, "text": str}``; a malformed
    string raises ``ValueError`` naming the byte offset."""
    return json.loads(_kiln.parse_sip(signature))


def mangle_sip(inputs: Any, results: Any) -> str:
    """The ``I...R...`` string of the input and result trees."""
    return _kiln.mangle_sip(json.dumps(inputs), json.dumps(results))
