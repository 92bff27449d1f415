"""Equivalence campaigns on a Ray cluster.

``python -m kiln.cluster verify --address ADDR --cases N --seed S [--rules DIR]`` splits a
campaign of ``kiln verify`` into shards (:mod:`kiln.campaign`), runs them as Ray tasks on
every worker of the cluster through this package, streams progress (cases/s in total and
per worker) in a progress bar, and gathers every failing case. It then shrinks and blames
the smallest failing cases of each kind of failure (as Ray tasks too), groups the
counterexamples by cause — the rule the blame ranks first and the kind of failure — and
prints one report: per group, its smallest program (also written to ``--output``) and the
commands that reproduce it.

A worker that dies loses no shard: Ray runs the shard's task again on another worker
(``--retries`` times), and the report counts the shards that ran more than once.

``--address local`` starts a Ray instance on this machine (loopback only) for the run.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

from . import campaign
from .campaign import Counterexample, Failing, Group, Shard, ShardResult

__all__ = ["Report", "verify", "main"]


@dataclasses.dataclass
class Report:
    """What a campaign ran and found."""

    cases: int
    seed: int
    seconds: float
    shards: int
    retried_shards: int
    lost_shards: list[int]
    failing: list[Failing]
    groups: list[Group]
    per_worker: dict[str, tuple[int, float]]
    shard_overhead: float

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds > 0 else 0.0


def _ray():
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "kiln.cluster needs Ray: pip install 'ray>=2.40' (or pip install 'kiln[cluster]')"
        ) from e
    return ray


def _remote_functions(ray):
    """The Ray task and actor definitions (made once Ray is imported)."""

    @ray.remote(num_cpus=0)
    class Progress:
        """Where running shards report how far they are."""

        def __init__(self) -> None:
            self.events: list[tuple[str, int, int, float]] = []

        def report(self, worker: str, shard: int, done: int) -> None:
            self.events.append((worker, shard, done, time.time()))

        def drain(self) -> list[tuple[str, int, int, float]]:
            events, self.events = self.events, []
            return events

    @ray.remote
    def run_shard(cases, seed, index, count, rules, max_size, against_mlir, progress):
        worker = campaign._worker()
        progress.report.remote(worker, index, 0)

        def report(done: int) -> None:
            progress.report.remote(worker, index, done)

        return campaign.run_shard(
            cases,
            seed,
            Shard(index, count),
            rules=rules,
            max_size=max_size,
            against_mlir=against_mlir,
            progress=report,
        )

    @ray.remote
    def shrink(seed, rules, max_size, against_mlir):
        return campaign.counterexample(
            seed, rules=rules, max_size=max_size, against_mlir=against_mlir
        )

    return Progress, run_shard, shrink


class _Bar:
    """tqdm when it is installed and standard error is a terminal; else nothing."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.bar = None
        if not quiet and sys.stderr.isatty():
            try:
                from tqdm import tqdm

                self.bar = tqdm(total=total, unit="case", dynamic_ncols=True)
            except ImportError:
                pass

    def update(self, position: int, workers: dict[str, tuple[int, float]]) -> None:
        if self.bar is None:
            return
        self.bar.n = position
        self.bar.set_postfix_str(
            " ".join(f"{w}: {n / s:.0f}/s" for w, (n, s) in sorted(workers.items()) if s > 0),
            refresh=False,
        )
        self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def verify(
    cases: int,
    seed: int = 0,
    *,
    rules: str | os.PathLike | None = None,
    max_size: int = 8,
    against_mlir: bool = False,
    shards: int | None = None,
    retries: int = 3,
    shrink_limit: int = 4,
    quiet: bool = False,
    on_progress: Callable[[str, int, int], None] | None = None,
) -> Report:
    """Runs a campaign on the Ray cluster this process is connected to (``ray.init``
    first). ``shards``: how many slices (default: eight per CPU of the cluster, so that
    progress is fine-grained and a lost worker costs little). ``shrink_limit``: how many
    failing cases of each kind are shrunk and blamed. ``on_progress(worker, shard, done)``
    is called for every progress report a shard sends."""
    ray = _ray()
    Progress, run_shard, shrink = _remote_functions(ray)
    texts = campaign.rule_texts(rules)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    count = max(1, min(cases, shards if shards else 8 * cpus)) if cases > 0 else 1
    rules_ref = ray.put(texts)
    progress = Progress.remote()
    started = time.time()
    pending = {
        run_shard.options(max_retries=retries, retry_exceptions=False).remote(
            cases, seed, i, count, rules_ref, max_size, against_mlir, progress
        ): i
        for i in range(count)
    }
    sizes = {i: len(Shard(i, count).cases(cases)) for i in range(count)}
    done_by_shard: dict[int, int] = {}
    workers_of: dict[int, set[str]] = {}
    results: list[ShardResult] = []
    lost: list[int] = []
    bar = _Bar(cases, quiet)
    per_worker: dict[str, tuple[int, float]] = {}

    def drain() -> None:
        for worker, shard, done, _ in ray.get(progress.drain.remote()):
            workers_of.setdefault(shard, set()).add(worker)
            done_by_shard[shard] = done
            if on_progress is not None:
                on_progress(worker, shard, done)

    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.25)
        for ref in ready:
            shard = pending.pop(ref)
            try:
                result: ShardResult = ray.get(ref)
            except Exception as e:  # the task failed more than `retries` times
                print(f"kiln.cluster: shard {shard}/{count} lost: {e}", file=sys.stderr)
                lost.append(shard)
                continue
            results.append(result)
            n, s = per_worker.get(result.worker, (0, 0.0))
            per_worker[result.worker] = (n + result.cases, s + result.seconds)
            done_by_shard[shard] = sizes[shard]
        drain()
        bar.update(sum(min(d, sizes[s]) for s, d in done_by_shard.items()), per_worker)
    drain()
    bar.close()
    ran = time.time() - started

    failing = sorted((f for r in results for f in r.failures), key=lambda f: f.seed)
    # The smallest few of each kind are shrunk and blamed: an unsound rule can make a large
    # share of a campaign fail, and the smallest cases shrink fastest.
    by_kind: dict[str, list[Failing]] = {}
    for f in sorted(failing, key=lambda f: (f.statements, f.seed)):
        by_kind.setdefault(f.kind, []).append(f)
    chosen = [f for fs in by_kind.values() for f in fs[:shrink_limit]]
    shrunk = ray.get([shrink.remote(f.seed, rules_ref, max_size, against_mlir) for f in chosen])
    groups = campaign.group(c for c in shrunk if c is not None)
    busy = sum(r.seconds for r in results)
    return Report(
        cases=sum(r.cases for r in results),
        seed=seed,
        seconds=ran,
        shards=count,
        retried_shards=sum(1 for ws in workers_of.values() if len(ws) > 1),
        lost_shards=sorted(lost),
        failing=failing,
        groups=groups,
        per_worker=per_worker,
        # What a shard costs beyond its cases: the wall time of the campaign times its
        # workers, less the time the shards ran, per shard.
        shard_overhead=max(0.0, ran * max(1, len(per_worker)) - busy) / max(1, len(results)),
    )


def print_report(
    report: Report,
    output: Path,
    rules: str | None,
    max_size: int,
    file=sys.stdout,
) -> None:
    """The campaign's report: totals, then each group with its smallest program."""
    p = lambda *a: print(*a, file=file)  # noqa: E731
    p(
        f"{report.cases} cases (seeds {report.seed}..) in {report.seconds:.1f} s, "
        f"{report.rate:.1f} cases/s on {len(report.per_worker)} workers; "
        f"{report.shards} shards, {report.retried_shards} run again after a lost worker; "
        f"driver overhead {report.shard_overhead * 1e3:.0f} ms per shard"
    )
    for worker, (n, s) in sorted(report.per_worker.items()):
        p(f"  {worker}: {n} cases, {n / s if s else 0:.1f} cases/s")
    if report.lost_shards:
        p(f"incomplete: shards {report.lost_shards} failed on every try")
    if not report.failing:
        p("no counterexample")
        return
    kinds: dict[str, int] = {}
    for f in report.failing:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    p(
        f"{len(report.failing)} failing cases ("
        + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        + f"); {sum(len(g.members) for g in report.groups)} shrunk and blamed, "
        f"in {len(report.groups)} group{'s' if len(report.groups) != 1 else ''}:"
    )
    output.mkdir(parents=True, exist_ok=True)
    for i, g in enumerate(report.groups, 1):
        c = g.smallest
        path = output / f"group-{i}.mlir"
        path.write_text(c.program, encoding="utf-8")
        rule, kind = g.cause
        p(f"\n=== group {i}: {kind}, rule {rule} ({len(g.members)} counterexamples, seeds "
          f"{', '.join(str(m.seed) for m in sorted(g.members, key=lambda m: m.seed))})")
        p(f"smallest (seed {c.seed}, {c.statements} statement{'s' if c.statements != 1 else ''}):")
        p(c.failure.rstrip())
        p(f"--- program ({path}):")
        p(c.program.rstrip())
        p("--- reproduce:")
        p(c.reproduce(str(path), rules, max_size))


def _connect(ray, address: str, cpus: int | None) -> None:
    if address == "local":
        ray.init(
            num_cpus=cpus,
            include_dashboard=False,
            log_to_driver=False,
            _node_ip_address="127.0.0.1",
            runtime_env={"env_vars": {"RAYON_NUM_THREADS": "1"}},
        )
    else:
        ray.init(address=address, log_to_driver=False,
                 runtime_env={"env_vars": {"RAYON_NUM_THREADS": "1"}})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiln.cluster", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify", help="an equivalence campaign on the cluster")
    v.add_argument("--address", required=True,
                   help="the Ray cluster (`auto`, `HOST:PORT`, `ray://HOST:PORT`), or `local`")
    v.add_argument("--cases", type=int, required=True)
    v.add_argument("--seed", type=int, default=0)
    v.add_argument("--rules", help="a directory of *.rules files (default: the shipped rules)")
    v.add_argument("--max-size", type=int, default=8)
    v.add_argument("--against-mlir", action="store_true",
                   help="also compare with MLIR 19's pipeline (needs mlir-19-tools on every worker)")
    v.add_argument("--shards", type=int, help="slices of the campaign (default: 8 per CPU)")
    v.add_argument("--retries", type=int, default=3, help="runs of a shard after its worker dies")
    v.add_argument("--shrink-limit", type=int, default=4,
                   help="failing cases of each kind to shrink and blame")
    v.add_argument("--cpus", type=int, help="with --address local: the CPUs Ray may use")
    v.add_argument("-o", "--output", type=Path,
                   help="directory for each group's smallest program (default: a new temporary one)")
    v.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.cases < 0:
        parser.error("--cases must be at least 0")
    ray = _ray()
    _connect(ray, args.address, args.cpus)
    try:
        report = verify(
            args.cases,
            args.seed,
            rules=args.rules,
            max_size=args.max_size,
            against_mlir=args.against_mlir,
            shards=args.shards,
            retries=args.retries,
            shrink_limit=args.shrink_limit,
            quiet=args.quiet,
        )
    finally:
        ray.shutdown()
    output = args.output or Path(tempfile.mkdtemp(prefix="kiln-campaign-"))
    print_report(report, output, args.rules, args.max_size)
    if report.lost_shards:
        return 2
    return 1 if report.failing else 0


if __name__ == "__main__":
    sys.exit(main())
