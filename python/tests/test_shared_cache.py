"""A session's shared cache of compiled code (Session(cache=URL))."""

import pytest

import kiln

TEXT = """func.func @inc(%x: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %y = arith.addi %x, %c1 : i64
  func.return %y : i64
}
"""


def test_a_second_session_compiles_from_the_cache(tmp_path):
    url = str(tmp_path / "cache")
    first = kiln.Session(cache=url)
    first.set_source("m.mlir", TEXT)
    a = first.compile("m.mlir", emit="obj")
    stats, warnings = first.cache_report()
    assert stats.hits == 0 and stats.stored >= 2 and warnings == []
    second = kiln.Session(cache=f"file://{url}")
    second.set_source("m.mlir", TEXT)
    b = second.compile("m.mlir", emit="obj")
    assert a == b
    assert second.last_work == kiln.Work(0, 0)
    stats, _ = second.cache_report()
    assert stats == kiln.CacheStats(hits=1, misses=0, stored=0, rejected=0)


def test_without_a_cache_there_is_no_report():
    assert kiln.Session().cache_report() is None


def test_a_url_that_names_no_cache_is_refused():
    with pytest.raises(ValueError, match="not a cache URL"):
        kiln.Session(cache="ftp://example.com/x")
