"""Memref descriptors for ``ctypes``, as ``mlir.runtime`` has them: numpy arrays passed to
and received from JIT-compiled code through the C interface (``llvm.emit_c_interface``).

A ranked descriptor is MLIR's: ``allocated`` and ``aligned`` pointers, an ``offset``, then
``shape`` and ``strides`` (in elements) of ``rank`` entries each; an unranked one is
``rank`` and a pointer to a ranked descriptor. Descriptors made from an array keep the
array alive and view its memory without copying."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Tuple

import numpy as np

# `from mlir.runtime import *` gives `ctypes` and `np` too, and upstream-style code relies
# on it.
__all__ = [
    "ctypes",
    "np",
    "C64",
    "C128",
    "F16",
    "UnrankedMemRefDescriptor",
    "as_ctype",
    "to_numpy",
    "make_nd_memref_descriptor",
    "make_zero_d_memref_descriptor",
    "get_ranked_memref_descriptor",
    "get_unranked_memref_descriptor",
    "ranked_memref_to_numpy",
    "unranked_memref_to_numpy",
    "move_aligned_ptr_by_offset",
]


class C128(ctypes.Structure):
    """A ``complex<f64>`` element."""

    _fields_ = [("real", ctypes.c_double), ("imag", ctypes.c_double)]


class C64(ctypes.Structure):
    """A ``complex<f32>`` element."""

    _fields_ = [("real", ctypes.c_float), ("imag", ctypes.c_float)]


class F16(ctypes.Structure):
    """An ``f16`` element (its 16 bits)."""

    _fields_ = [("f16", ctypes.c_int16)]


class UnrankedMemRefDescriptor(ctypes.Structure):
    """``memref<*xT>`` as the C interface passes it."""

    _fields_ = [("rank", ctypes.c_longlong), ("descriptor", ctypes.c_void_p)]


def as_ctype(dtp: Any) -> Any:
    """The ctypes type of a numpy element type (complex and ``float16`` included)."""
    dtp = np.dtype(dtp)
    if dtp == np.dtype(np.complex128):
        return C128
    if dtp == np.dtype(np.complex64):
        return C64
    if dtp == np.dtype(np.float16):
        return F16
    return np.ctypeslib.as_ctypes_type(dtp)


def to_numpy(array: np.ndarray) -> np.ndarray:
    """An array read through ``as_ctype``'s structures, as the numpy type they stand for."""
    names = array.dtype.names or ()
    if names == ("real", "imag"):
        return array.view(np.complex128 if array.dtype.itemsize == 16 else np.complex64).reshape(array.shape)
    if names == ("f16",):
        return array.view(np.float16).reshape(array.shape)
    return array


_DESCRIPTORS: Dict[Tuple[int, Any], Any] = {}


def make_nd_memref_descriptor(rank: int, dtype: Any) -> Any:
    """The ctypes structure of a rank-``rank`` descriptor over ctypes elements ``dtype``."""
    key = (rank, dtype)
    cls = _DESCRIPTORS.get(key)
    if cls is None:
        fields = [
            ("allocated", ctypes.c_longlong),
            ("aligned", ctypes.POINTER(dtype)),
            ("offset", ctypes.c_longlong),
        ]
        if rank > 0:
            fields += [("shape", ctypes.c_longlong * rank), ("strides", ctypes.c_longlong * rank)]
        cls = type(f"MemRefDescriptor{rank}D", (ctypes.Structure,), {"_fields_": fields})
        _DESCRIPTORS[key] = cls
    return cls


def make_zero_d_memref_descriptor(dtype: Any) -> Any:
    """The ctypes structure of a rank-0 descriptor."""
    return make_nd_memref_descriptor(0, dtype)


def get_ranked_memref_descriptor(nparray: np.ndarray) -> Any:
    """A descriptor viewing ``nparray``'s memory (its strides become the descriptor's)."""
    if not isinstance(nparray, np.ndarray):
        raise TypeError(f"expected a numpy array, got {type(nparray).__name__}")
    ctp = as_ctype(nparray.dtype)
    x = make_nd_memref_descriptor(nparray.ndim, ctp)()
    x.allocated = nparray.ctypes.data
    x.aligned = nparray.ctypes.data_as(ctypes.POINTER(ctp))
    x.offset = ctypes.c_longlong(0)
    if nparray.ndim > 0:
        x.shape = (ctypes.c_longlong * nparray.ndim)(*nparray.shape)
        strides = [s // nparray.itemsize for s in nparray.strides]
        x.strides = (ctypes.c_longlong * nparray.ndim)(*strides)
    # The descriptor views the array's memory: it keeps the array alive.
    x._array = nparray
    return x


def get_unranked_memref_descriptor(nparray: np.ndarray) -> UnrankedMemRefDescriptor:
    """An unranked descriptor viewing ``nparray``."""
    ranked = get_ranked_memref_descriptor(nparray)
    d = UnrankedMemRefDescriptor()
    d.rank = nparray.ndim
    d.descriptor = ctypes.cast(ctypes.pointer(ranked), ctypes.c_void_p)
    d._ranked = ranked
    return d


def move_aligned_ptr_by_offset(aligned_ptr: Any, offset: int) -> Any:
    """``aligned_ptr`` moved by ``offset`` elements."""
    elem = aligned_ptr._type_
    address = ctypes.cast(aligned_ptr, ctypes.c_void_p).value or 0
    return ctypes.cast(ctypes.c_void_p(address + offset * ctypes.sizeof(elem)), ctypes.POINTER(elem))


def _view(content: Any, rank: int) -> np.ndarray:
    elem = content.aligned._type_
    size = ctypes.sizeof(elem)
    start = move_aligned_ptr_by_offset(content.aligned, content.offset)
    if rank == 0:
        return to_numpy(np.ctypeslib.as_array(start, shape=(1,)).reshape(()))
    shape = tuple(content.shape)
    strides = tuple(s * size for s in content.strides)
    base = np.ctypeslib.as_array(start, shape=(1,))
    return to_numpy(np.lib.stride_tricks.as_strided(base, shape=shape, strides=strides))


def ranked_memref_to_numpy(ranked_memref: Any) -> np.ndarray:
    """A numpy view of the memory a ranked descriptor (or a pointer to one) describes."""
    content = ranked_memref[0] if isinstance(ranked_memref, ctypes._Pointer) else ranked_memref
    rank = len(content.shape) if hasattr(content, "shape") else 0
    return _view(content, rank)


def unranked_memref_to_numpy(unranked_memref: Any, np_dtype: Any) -> np.ndarray:
    """A numpy view of what an unranked descriptor (or a pointer to one) describes, its
    elements of numpy type ``np_dtype``."""
    content = unranked_memref[0] if isinstance(unranked_memref, ctypes._Pointer) else unranked_memref
    desc = make_nd_memref_descriptor(content.rank, as_ctype(np_dtype))
    ranked = ctypes.cast(content.descriptor, ctypes.POINTER(desc))
    return _view(ranked[0], content.rank)
