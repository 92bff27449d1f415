"""Upstream's capsule interface (``obj._CAPIPtr``, ``Class._CAPICreate(capsule)``): a
Python capsule named as upstream names it (``"mlir.ir.Attribute._CAPIPtr"``) that gives
back the very object it was made from, while that object lives."""

from __future__ import annotations

import ctypes
import weakref
from typing import Any, Dict

_new = ctypes.pythonapi.PyCapsule_New
_new.restype = ctypes.py_object
_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_pointer.restype = ctypes.c_void_p
_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

# The capsules' names must outlive them: one bytes object per name, kept for the process.
_names: Dict[str, bytes] = {}
# What each capsule's pointer stands for: the object, held weakly where it can be.
_objects: Dict[int, Any] = {}


def _name(name: str) -> bytes:
    return _names.setdefault(name, name.encode())


def capsule(obj: Any, name: str) -> Any:
    """A capsule named ``name`` standing for ``obj``."""
    key = id(obj)
    try:
        _objects[key] = weakref.ref(obj)
    except TypeError:
        _objects[key] = lambda: obj
    return _new(key, _name(name), None)


def from_capsule(cap: Any, name: str) -> Any:
    """The object the capsule ``cap`` (named ``name``) stands for."""
    key = _pointer(cap, _name(name))
    ref = _objects.get(key or 0)
    obj = ref() if ref is not None else None
    if obj is None:
        raise ValueError(f"the capsule's object is gone ({name})")
    return obj


def give_capsules(cls: type, name: str) -> None:
    """Adds ``_CAPIPtr`` and ``_CAPICreate`` to ``cls``, under upstream's capsule name."""
    full = f"mlir.ir.{name}._CAPIPtr"
    cls._CAPIPtr = property(lambda self: capsule(self, full))  # type: ignore[attr-defined]
    cls._CAPICreate = staticmethod(lambda cap: from_capsule(cap, full))  # type: ignore[attr-defined]
