"""Campaigns in shards (kiln.campaign) and on a real local Ray cluster (kiln.cluster)."""

import os
import signal
from pathlib import Path

import pytest

import kiln.campaign as campaign
from kiln.campaign import Shard

RULES = Path(__file__).resolve().parents[2] / "rules"
RIGHT = "(llvm.constant i64 {stride (type ?m) ?d})"
WRONG = "(llvm.constant i64 {+ (stride (type ?m) ?d) 1})"


@pytest.fixture(scope="module")
def broken_rules(tmp_path_factory):
    """The shipped rules with one static stride off by one (as tests/verify.rs breaks it)."""
    d = tmp_path_factory.mktemp("broken-rules")
    found = False
    for f in sorted(RULES.glob("*.rules")):
        text = f.read_text(encoding="utf-8")
        found |= RIGHT in text
        (d / f.name).write_text(text.replace(RIGHT, WRONG), encoding="utf-8")
    assert found, "the stride rule moved"
    return d


@pytest.mark.parametrize("cases", [0, 1, 7, 100, 1001, 2**40 + 3])
@pytest.mark.parametrize("count", [1, 2, 3, 8, 13])
def test_shards_are_disjoint_and_cover_the_campaign(cases, count):
    ranges = [Shard(i, count).cases(cases) for i in range(count)]
    assert ranges[0].start == 0 and ranges[-1].stop == cases
    for a, b in zip(ranges, ranges[1:]):
        assert a.stop == b.start
    assert sum(len(r) for r in ranges) == cases


def test_bad_shards_are_refused():
    for index, count in [(2, 2), (0, 0), (-1, 3)]:
        with pytest.raises(ValueError):
            Shard(index, count)
    with pytest.raises(ValueError, match="not a shard"):
        Shard.parse("3")
    assert Shard.parse("3/8") == Shard(3, 8)


def test_the_shards_of_a_campaign_find_what_the_whole_campaign_finds(broken_rules):
    rules = campaign.rule_texts(broken_rules)
    whole = campaign.run_shard(60, 1, rules=rules)
    parts = [campaign.run_shard(60, 1, Shard(i, 3), rules=rules) for i in range(3)]
    assert sum(p.cases for p in parts) == whole.cases == 60
    assert [p.first_seed for p in parts] == [1, 21, 41]
    assert [f.seed for p in parts for f in p.failures] == [f.seed for f in whole.failures]
    assert whole.failures, "the broken stride went unnoticed in 60 cases"


def test_a_failing_case_shrinks_to_the_rule_that_broke(broken_rules):
    rules = campaign.rule_texts(broken_rules)
    found = campaign.run_shard(40, 1, rules=rules).failures
    c = campaign.counterexample(min(found, key=lambda f: f.statements).seed, rules=rules)
    assert c is not None and c.cause == ("scaled-static", "mismatch")
    assert c.statements <= 6, c.program
    assert campaign.counterexample(2) is None  # the shipped rules pass it


def test_a_ray_campaign_groups_the_unsound_rule_and_survives_a_killed_worker(broken_rules):
    if os.environ.get("KILN_REQUIRE_CLUSTER") == "1":
        import ray  # the test command installs Ray: its absence is a failure there
    else:
        ray = pytest.importorskip("ray")
    import kiln.cluster as cluster

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address="127.0.0.1",
        runtime_env={"env_vars": {"RAYON_NUM_THREADS": "1"}},
    )
    try:
        killed = []

        def kill_the_first_worker(worker, shard, done):
            pid = int(worker.rsplit(":", 1)[1])
            if not killed and pid != os.getpid():
                killed.append(pid)
                os.kill(pid, signal.SIGKILL)

        report = cluster.verify(
            160,
            1,
            rules=broken_rules,
            shards=8,
            quiet=True,
            on_progress=kill_the_first_worker,
        )
    finally:
        ray.shutdown()
    assert killed, "no worker reported progress"
    assert report.lost_shards == []
    assert report.cases == 160
    assert report.retried_shards >= 1
    assert report.failing and all(f.kind == "mismatch" for f in report.failing)
    assert [g.cause for g in report.groups] == [("scaled-static", "mismatch")]
    smallest = report.groups[0].smallest
    assert smallest.statements <= 6
    out = []
    cluster.print_report(report, Path(os.environ.get("TMPDIR", "/tmp")) / "kiln-campaign-test",
                         str(broken_rules), 8, file=_Lines(out))
    text = "".join(out)
    assert "group 1: mismatch, rule scaled-static" in text
    assert f"kiln verify --seed {smallest.seed} --cases 1" in text


class _Lines:
    def __init__(self, out):
        self.out = out

    def write(self, s):
        self.out.append(s)

    def flush(self):
        pass
