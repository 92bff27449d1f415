"""Affine expressions and maps as ``mlir.ir`` has them, over kiln's generic model
(``_kiln.AffineExpr``, ``_kiln.AffineMap``): built with MLIR's simplifications, printed as
MLIR prints them. Memref layouts and ``affine_map`` attributes hold these maps."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Union

from . import _kiln
from ._context import Context, _context

_EXPR_CLASSES: Dict[str, type] = {}


def _expr(x: Any) -> "_kiln.AffineExpr":
    if isinstance(x, AffineExpr):
        return x._e
    if isinstance(x, int) and not isinstance(x, bool):
        return _kiln.AffineExpr.constant(x)
    raise TypeError(f"expected an AffineExpr or an int, got {type(x).__name__}")


def _wrap_expr(e: "_kiln.AffineExpr", ctx: Optional[Context] = None) -> "AffineExpr":
    cls = _EXPR_CLASSES.get(e.kind, AffineExpr)
    x = object.__new__(cls)
    x._e = e
    x._ctx = ctx if ctx is not None else _context(None)
    return x


def _binary_expr(kind: str, lhs: Any, rhs: Any) -> "AffineExpr":
    """``lhs kind rhs`` built by the native simplifying constructor."""
    return _wrap_expr(_kiln.AffineExpr.binary(kind, _expr(lhs), _expr(rhs)))


class AffineExpr:
    """An affine expression of dimensions ``d_i``, symbols ``s_j`` and constants."""

    _kinds: tuple = ()

    def __init__(self, cast_from: "AffineExpr") -> None:
        if not type(self).isinstance(cast_from):
            raise ValueError(f"Cannot cast affine expression to {type(self).__name__}")
        self._e = cast_from._e
        self._ctx = cast_from._ctx

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        """Whether ``other`` is an expression of this class (``AffineDimExpr.isinstance(e)``)."""
        return isinstance(other, AffineExpr) and (not cls._kinds or other._e.kind in cls._kinds)

    @staticmethod
    def get_dim(position: int, context: Optional[Context] = None) -> "AffineExpr":
        """``dN``: the dimension at ``position``."""
        return _wrap_expr(_kiln.AffineExpr.dim(position), _context(context))

    @staticmethod
    def get_symbol(position: int, context: Optional[Context] = None) -> "AffineExpr":
        """``sN``: the symbol at ``position``."""
        return _wrap_expr(_kiln.AffineExpr.symbol(position), _context(context))

    @staticmethod
    def get_constant(value: int, context: Optional[Context] = None) -> "AffineExpr":
        """The constant ``value``."""
        return _wrap_expr(_kiln.AffineExpr.constant(value), _context(context))

    @staticmethod
    def get_add(lhs: Any, rhs: Any) -> "AffineExpr":
        """``lhs + rhs``, simplified as MLIR does (an ``int`` is a constant)."""
        return _binary_expr("add", lhs, rhs)

    @staticmethod
    def get_mul(lhs: Any, rhs: Any) -> "AffineExpr":
        """``lhs * rhs``, simplified as MLIR does (an ``int`` is a constant)."""
        return _binary_expr("mul", lhs, rhs)

    @staticmethod
    def get_mod(lhs: Any, rhs: Any) -> "AffineExpr":
        """``lhs mod rhs``, simplified as MLIR does (an ``int`` is a constant)."""
        return _binary_expr("mod", lhs, rhs)

    @staticmethod
    def get_floor_div(lhs: Any, rhs: Any) -> "AffineExpr":
        """``lhs floordiv rhs``, simplified as MLIR does (an ``int`` is a constant)."""
        return _binary_expr("floordiv", lhs, rhs)

    @staticmethod
    def get_ceil_div(lhs: Any, rhs: Any) -> "AffineExpr":
        """``lhs ceildiv rhs``, simplified as MLIR does (an ``int`` is a constant)."""
        return _binary_expr("ceildiv", lhs, rhs)

    def __add__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_add(self, other)

    def __radd__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_add(other, self)

    def __mul__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_mul(self, other)

    def __rmul__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_mul(other, self)

    def __mod__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_mod(self, other)

    def __rmod__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_mod(other, self)

    def __sub__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_add(self, AffineExpr.get_mul(other, -1))

    def __rsub__(self, other: Any) -> "AffineExpr":
        return AffineExpr.get_add(other, AffineExpr.get_mul(self, -1))

    def __neg__(self) -> "AffineExpr":
        return AffineExpr.get_mul(self, -1)

    def compose(self, map: "AffineMap") -> "AffineExpr":
        """The expression with each dimension replaced by the map's result at its position."""
        return _wrap_expr(self._e.compose(map._m), self._ctx)

    @property
    def context(self) -> Context:
        """The expression's context."""
        return self._ctx

    def dump(self) -> None:
        """Prints the expression to standard output."""
        print(self)

    def __str__(self) -> str:
        return str(self._e)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._e})"

    def __eq__(self, other: object) -> bool:
        # Expressions of different contexts differ, as MLIR's uniqued ones do.
        return isinstance(other, AffineExpr) and other._ctx is self._ctx and other._e == self._e

    def __hash__(self) -> int:
        return hash(self._e)


def _register(kind: str):
    def put(cls):
        cls._kinds = (kind,)
        _EXPR_CLASSES[kind] = cls
        return cls

    return put


@_register("dim")
class AffineDimExpr(AffineExpr):
    """A dimension, ``dN``."""
    @staticmethod
    def get(position: int, context: Optional[Context] = None) -> "AffineDimExpr":
        """``dN``: the dimension at ``position``."""
        return AffineExpr.get_dim(position, context)  # type: ignore[return-value]

    @property
    def position(self) -> int:
        """The dimension's position (``N`` in ``dN``)."""
        return self._e.value


@_register("symbol")
class AffineSymbolExpr(AffineExpr):
    """A symbol, ``sN``."""
    @staticmethod
    def get(position: int, context: Optional[Context] = None) -> "AffineSymbolExpr":
        """``sN``: the symbol at ``position``."""
        return AffineExpr.get_symbol(position, context)  # type: ignore[return-value]

    @property
    def position(self) -> int:
        """The symbol's position (``N`` in ``sN``)."""
        return self._e.value


@_register("constant")
class AffineConstantExpr(AffineExpr):
    """A constant."""
    @staticmethod
    def get(value: int, context: Optional[Context] = None) -> "AffineConstantExpr":
        """The constant ``value``."""
        return AffineExpr.get_constant(value, context)  # type: ignore[return-value]

    @property
    def value(self) -> int:
        """The constant's value."""
        return self._e.value


class AffineBinaryExpr(AffineExpr):
    """An expression of two operands."""

    _kinds = ("add", "mul", "mod", "floordiv", "ceildiv")

    @property
    def lhs(self) -> AffineExpr:
        """The left operand."""
        return _wrap_expr(self._e.operands[0], self._ctx)

    @property
    def rhs(self) -> AffineExpr:
        """The right operand."""
        return _wrap_expr(self._e.operands[1], self._ctx)


def _binary(kind: str, name: str) -> type:
    def get(lhs: Any, rhs: Any) -> AffineExpr:
        return _binary_expr(kind, lhs, rhs)

    get.__doc__ = f"``lhs {kind} rhs``, simplified as MLIR does (an ``int`` is a constant)."
    cls = type(name, (AffineBinaryExpr,), {"get": staticmethod(get), "__doc__": f"``lhs {kind} rhs``"})
    return _register(kind)(cls)


AffineAddExpr = _binary("add", "AffineAddExpr")
AffineMulExpr = _binary("mul", "AffineMulExpr")
AffineModExpr = _binary("mod", "AffineModExpr")
AffineFloorDivExpr = _binary("floordiv", "AffineFloorDivExpr")
AffineCeilDivExpr = _binary("ceildiv", "AffineCeilDivExpr")


def _wrap_map(m: "_kiln.AffineMap", ctx: Optional[Context] = None) -> "AffineMap":
    x = object.__new__(AffineMap)
    x._m = m
    x._ctx = ctx if ctx is not None else _context(None)
    return x


class AffineMap:
    """``(d0, ...)[s0, ...] -> (results)``."""

    @staticmethod
    def get(dim_count: int, symbol_count: int, exprs: Sequence[Any], context: Optional[Context] = None) -> "AffineMap":
        """``(d0, ...)[s0, ...] -> (exprs)`` of ``dim_count`` dimensions and ``symbol_count``
        symbols."""
        results = []
        for e in exprs:
            if e is None:
                raise RuntimeError("Invalid expression (None?) when attempting to create an AffineMap")
            if not isinstance(e, AffineExpr):
                raise RuntimeError("Invalid expression when attempting to create an AffineMap")
            results.append(e._e)
        return _wrap_map(_kiln.AffineMap.get(dim_count, symbol_count, results), _context(context))

    @staticmethod
    def get_empty(context: Optional[Context] = None) -> "AffineMap":
        """``() -> ()``: the map of no dimensions, symbols or results."""
        return _wrap_map(_kiln.AffineMap.get(0, 0, []), _context(context))

    @staticmethod
    def get_constant(value: int, context: Optional[Context] = None) -> "AffineMap":
        """``() -> (value)``."""
        return _wrap_map(_kiln.AffineMap.get(0, 0, [_kiln.AffineExpr.constant(value)]), _context(context))

    @staticmethod
    def get_identity(n_dims: int, context: Optional[Context] = None) -> "AffineMap":
        """``(d0, ..., dN-1) -> (d0, ..., dN-1)`` of ``n_dims`` dimensions."""
        return _wrap_map(_kiln.AffineMap.identity(n_dims), _context(context))

    @staticmethod
    def get_minor_identity(n_dims: int, n_results: int, context: Optional[Context] = None) -> "AffineMap":
        """The identity on the last ``n_results`` of ``n_dims`` dimensions; ``ValueError`` if
        ``n_results`` is greater."""
        m = _kiln.AffineMap.minor_identity(n_dims, n_results)
        if m is None:
            raise ValueError("more results than dimensions")
        return _wrap_map(m, _context(context))

    @staticmethod
    def get_permutation(permutation: Sequence[int], context: Optional[Context] = None) -> "AffineMap":
        """The map whose results are its dimensions in the order ``permutation`` gives;
        ``RuntimeError`` if it is not a permutation."""
        m = _kiln.AffineMap.permutation(list(permutation))
        if m is None:
            raise RuntimeError("Invalid permutation when attempting to create an AffineMap")
        return _wrap_map(m, _context(context))

    @staticmethod
    def compress_unused_symbols(maps: Sequence["AffineMap"], context: Optional[Context] = None) -> List["AffineMap"]:
        """The maps without the symbols none of them uses (the others renumbered)."""
        return [_wrap_map(m, _context(context)) for m in _kiln.AffineMap.compress_unused_symbols([m._m for m in maps])]

    def get_submap(self, result_positions: Sequence[int]) -> "AffineMap":
        """The map of the results at ``result_positions``; ``ValueError`` if one is out of
        bounds."""
        m = self._m.submap(list(result_positions))
        if m is None:
            raise ValueError("result position out of bounds")
        return _wrap_map(m, self._ctx)

    def get_major_submap(self, n_results: int) -> "AffineMap":
        """The map of the first ``n_results`` results."""
        m = self._m.major_submap(n_results)
        if m is None:
            raise ValueError("number of results out of bounds")
        return _wrap_map(m, self._ctx)

    def get_minor_submap(self, n_results: int) -> "AffineMap":
        """The map of the last ``n_results`` results."""
        m = self._m.minor_submap(n_results)
        if m is None:
            raise ValueError("number of results out of bounds")
        return _wrap_map(m, self._ctx)

    def replace(self, expr: AffineExpr, replacement: AffineExpr, n_result_dims: int, n_result_syms: int) -> "AffineMap":
        """The map with ``expr`` replaced by ``replacement`` in each result, of
        ``n_result_dims`` dimensions and ``n_result_syms`` symbols."""
        return _wrap_map(self._m.replace(expr._e, replacement._e, n_result_dims, n_result_syms), self._ctx)

    @property
    def is_permutation(self) -> bool:
        """Whether the results are the dimensions, each once, in some order."""
        return self._m.is_permutation

    @property
    def is_projected_permutation(self) -> bool:
        """Whether the results are distinct dimensions (some perhaps left out)."""
        return self._m.is_projected_permutation

    @property
    def n_dims(self) -> int:
        """The number of dimensions."""
        return self._m.dims

    @property
    def n_symbols(self) -> int:
        """The number of symbols."""
        return self._m.symbols

    @property
    def n_inputs(self) -> int:
        """The number of dimensions and symbols."""
        return self._m.dims + self._m.symbols

    @property
    def results(self) -> List[AffineExpr]:
        """The result expressions."""
        return [_wrap_expr(e, self._ctx) for e in self._m.results]

    @property
    def context(self) -> Context:
        """The map's context."""
        return self._ctx

    def dump(self) -> None:
        """Prints the map to standard output."""
        print(self)

    def __str__(self) -> str:
        return str(self._m)

    def __repr__(self) -> str:
        return f"AffineMap({self._m})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AffineMap) and other._m == self._m

    def __hash__(self) -> int:
        return hash(self._m)


class IntegerSetConstraint:
    """One constraint of an integer set: ``expr == 0`` (``is_eq``) or ``expr >= 0``."""

    def __init__(self, expr: AffineExpr, is_eq: bool) -> None:
        self.expr = expr
        self.is_eq = is_eq

    def __repr__(self) -> str:
        return f"IntegerSetConstraint({self.expr} {'==' if self.is_eq else '>='} 0)"


def _wrap_set(s: "_kiln.IntegerSet", ctx: Optional[Context] = None) -> "IntegerSet":
    x = object.__new__(IntegerSet)
    x._s = s
    x._ctx = ctx if ctx is not None else _context(None)
    return x


def _exprs(items: Sequence[Any], what: str) -> List["_kiln.AffineExpr"]:
    out = []
    for e in items:
        if e is None:
            raise RuntimeError(f"Invalid expression (None?) when attempting to create an IntegerSet{what}")
        if not isinstance(e, AffineExpr):
            raise RuntimeError(f"Invalid expression when attempting to create an IntegerSet{what}")
        out.append(e._e)
    return out


class IntegerSet:
    """``(d0, ...)[s0, ...] : (e0 == 0, e1 >= 0, ...)``: the points where every constraint
    holds."""

    @staticmethod
    def get(
        num_dims: int, num_symbols: int, exprs: Sequence[Any], eq_flags: Sequence[bool], context: Optional[Context] = None
    ) -> "IntegerSet":
        """The set of ``exprs``, each ``== 0`` where its flag is true and ``>= 0`` otherwise."""
        if not exprs:
            raise ValueError("Expected non-empty list of constraints")
        if len(exprs) != len(eq_flags):
            raise ValueError("Expected the number of constraints to match that of equality flags")
        constraints = list(zip(_exprs(exprs, ""), [bool(f) for f in eq_flags]))
        return _wrap_set(_kiln.IntegerSet.get(num_dims, num_symbols, constraints), _context(context))

    @staticmethod
    def get_empty(num_dims: int, num_symbols: int, context: Optional[Context] = None) -> "IntegerSet":
        """The canonical empty set (``1 == 0``)."""
        return _wrap_set(_kiln.IntegerSet.empty(num_dims, num_symbols), _context(context))

    def get_replaced(
        self, dim_exprs: Sequence[Any], symbol_exprs: Sequence[Any], num_result_dims: int, num_result_symbols: int
    ) -> "IntegerSet":
        """The set with its dimensions and symbols replaced by expressions."""
        if len(dim_exprs) != self.n_dims:
            raise ValueError("Expected the number of dimension replacement expressions to match that of dimensions")
        if len(symbol_exprs) != self.n_symbols:
            raise ValueError("Expected the number of symbol replacement expressions to match that of symbols")
        dims = _exprs(dim_exprs, " by replacing dimensions")
        syms = _exprs(symbol_exprs, " by replacing symbols")
        return _wrap_set(self._s.replaced(dims, syms, num_result_dims, num_result_symbols), self._ctx)

    @property
    def is_canonical_empty(self) -> bool:
        """Whether this is the canonical empty set (``1 == 0``)."""
        return [(str(e), eq) for e, eq in self._s.constraints] == [("1", True)]

    @property
    def n_dims(self) -> int:
        """The number of dimensions."""
        return self._s.dims

    @property
    def n_symbols(self) -> int:
        """The number of symbols."""
        return self._s.symbols

    @property
    def n_inputs(self) -> int:
        """Dimensions and symbols together."""
        return self._s.dims + self._s.symbols

    @property
    def n_equalities(self) -> int:
        """The number of ``== 0`` constraints."""
        return sum(1 for _, eq in self._s.constraints if eq)

    @property
    def n_inequalities(self) -> int:
        """The number of ``>= 0`` constraints."""
        return sum(1 for _, eq in self._s.constraints if not eq)

    @property
    def constraints(self) -> List[IntegerSetConstraint]:
        """The constraints, in order."""
        return [IntegerSetConstraint(_wrap_expr(e, self._ctx), eq) for e, eq in self._s.constraints]

    @property
    def context(self) -> Context:
        """The context the set was made in."""
        return self._ctx

    def dump(self) -> None:
        """Prints the set."""
        print(self)

    def __str__(self) -> str:
        return str(self._s)

    def __repr__(self) -> str:
        return f"IntegerSet({self._s})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IntegerSet) and other._s == self._s

    def __hash__(self) -> int:
        return hash(self._s)
