"""Equivalence campaigns: ``kiln verify`` from Python, sliced into shards.

A campaign of ``cases`` random programs from ``seed`` checks case ``i`` with the program
and arguments of seed ``seed + i`` (as ``kiln verify`` does). :class:`Shard` ``i`` of ``n``
is a contiguous slice of those cases; the shards of a campaign are disjoint and together
are exactly the whole campaign, so any batch engine can fan one out (a Slurm array, a
Kubernetes indexed job, a CI matrix, or Ray through :mod:`kiln.cluster`).

>>> import kiln.campaign as campaign
>>> result = campaign.run_shard(cases=8, seed=1, shard=campaign.Shard(0, 2))
>>> result.cases, result.first_seed, result.failures
(4, 1, [])
"""

from __future__ import annotations

import dataclasses
import os
import socket
from pathlib import Path
from typing import Callable, Iterable, Sequence

from . import _kiln

__all__ = [
    "Shard",
    "ShardResult",
    "Failing",
    "Counterexample",
    "Group",
    "rule_texts",
    "run_shard",
    "counterexample",
    "group",
]


@dataclasses.dataclass(frozen=True)
class Shard:
    """Slice ``index`` (from 0) of ``count`` disjoint slices of a campaign."""

    index: int = 0
    count: int = 1

    def __post_init__(self) -> None:
        if self.count < 1 or not 0 <= self.index < self.count:
            raise ValueError(f"shard {self.index}/{self.count}: need 0 <= index < count")

    @staticmethod
    def parse(text: str) -> "Shard":
        """``"I/N"``, as ``kiln verify --shard`` takes it."""
        index, sep, count = text.partition("/")
        if not sep:
            raise ValueError(f"`{text}` is not a shard: expected I/N (e.g. 3/8)")
        return Shard(int(index), int(count))

    def cases(self, cases: int) -> range:
        """The case indices of this shard in a campaign of ``cases`` cases."""
        start, end = _kiln.verify_shard_range(cases, self.index, self.count)
        return range(start, end)

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclasses.dataclass(frozen=True)
class Failing:
    """A failing case as a shard found it, before shrinking."""

    seed: int
    kind: str
    statements: int


@dataclasses.dataclass(frozen=True)
class ShardResult:
    """What one shard ran and found."""

    shard: Shard
    cases: int
    first_seed: int
    seconds: float
    failures: list[Failing]
    worker: str

    @property
    def rate(self) -> float:
        """Cases per second."""
        return self.cases / self.seconds if self.seconds > 0 else 0.0


@dataclasses.dataclass(frozen=True)
class Counterexample:
    """A failing case shrunk, with the rules its blame ranks (most suspicious first)."""

    seed: int
    kind: str
    rule: str | None
    failure: str
    program: str
    entry: str
    args: list[str]
    statements: int
    blame: list[dict]

    @property
    def cause(self) -> tuple[str, str]:
        """What groups counterexamples: the rule ranked first and the kind of failure."""
        return (self.rule or "(no rule blamed)", self.kind)

    def reproduce(self, file: str, rules: str | None = None, max_size: int | None = None) -> str:
        """The commands that make the failure again: run the shrunk program written to
        ``file``, or generate the unshrunk case from its seed."""
        flag = f" --rules '{rules}'" if rules else ""
        args = " ".join(f"'{a}'" for a in self.args)
        size = f" --max-size {max_size}" if max_size else ""
        return (
            f"kiln run {file}{flag} --entry {self.entry} {args}\n"
            f"kiln verify --seed {self.seed} --cases 1{size} --rule-samples 0{flag}"
        )


@dataclasses.dataclass
class Group:
    """Counterexamples of one cause; ``smallest`` is the one with fewest statements."""

    cause: tuple[str, str]
    members: list[Counterexample]

    @property
    def smallest(self) -> Counterexample:
        return min(self.members, key=lambda c: (c.statements, c.seed))


def rule_texts(rules: str | os.PathLike | None) -> list[tuple[str, str]] | None:
    """The ``*.rules`` files of a directory as ``(path, text)`` pairs (``None``: the
    shipped rules). Shards take rules as text, so workers on other machines need no copy
    of the directory."""
    if rules is None:
        return None
    directory = Path(rules)
    files = sorted(p for p in directory.iterdir() if p.suffix == ".rules" and p.is_file())
    if not files:
        raise FileNotFoundError(f"no *.rules files in `{directory}`")
    return [(str(p), p.read_text(encoding="utf-8")) for p in files]


def _worker() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def run_shard(
    cases: int,
    seed: int = 0,
    shard: Shard = Shard(),
    *,
    rules: Sequence[tuple[str, str]] | None = None,
    max_size: int = 8,
    against_mlir: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ShardResult:
    """Runs shard ``shard`` of a campaign of ``cases`` cases from ``seed``, in this
    process on all its cores; keeps going past failures and returns every failing seed
    (unshrunk). ``rules``: rule files as ``(path, text)`` pairs (:func:`rule_texts`);
    ``None`` for the shipped rules. ``progress(done)`` is called about four times a second
    with the number of cases done."""
    raw = _kiln.verify_shard(
        cases,
        seed,
        shard.index,
        shard.count,
        max_size,
        list(rules) if rules else None,
        against_mlir,
        progress,
    )
    return ShardResult(
        shard=shard,
        cases=raw["cases"],
        first_seed=raw["first_seed"],
        seconds=raw["seconds"],
        failures=[Failing(f["seed"], f["kind"], f["statements"]) for f in raw["failures"]],
        worker=_worker(),
    )


def counterexample(
    seed: int,
    *,
    rules: Sequence[tuple[str, str]] | None = None,
    max_size: int = 8,
    against_mlir: bool = False,
) -> Counterexample | None:
    """The case of ``seed`` shrunk and blamed, or ``None`` when it passes."""
    raw = _kiln.verify_counterexample(
        seed, max_size, list(rules) if rules else None, against_mlir
    )
    if raw is None:
        return None
    return Counterexample(
        seed=raw["seed"],
        kind=raw["kind"],
        rule=raw["rule"],
        failure=raw["failure"],
        program=raw["program"],
        entry=raw["entry"],
        args=list(raw["args"]),
        statements=raw["statements"],
        blame=list(raw["blame"]),
    )


def group(counterexamples: Iterable[Counterexample]) -> list[Group]:
    """Counterexamples grouped by cause, the largest group first (then by cause)."""
    groups: dict[tuple[str, str], Group] = {}
    for c in counterexamples:
        groups.setdefault(c.cause, Group(c.cause, [])).members.append(c)
    return sorted(groups.values(), key=lambda g: (-len(g.members), g.cause))
