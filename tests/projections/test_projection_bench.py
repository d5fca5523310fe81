"""The rebuild benchmark's own check, short: every projection rebuilt from scratch equals what followed live."""

from __future__ import annotations

from bench.projection_bench import bench_store, differences
from service.ledger.store import persistence_env
from service.projections import admin


def test_a_rebuild_equals_the_incremental_read_models(store_url: str) -> None:
    result = bench_store("store", store_url, games=11, seed="rebuild test")  # one game of each setup in the mix
    assert result.equal, result.differences
    assert result.applied >= result.events  # the games projection alone applies every event
    again = admin.dump(persistence_env(store_url))
    assert len(again["games"]["games"]) == 11


def test_a_second_rebuild_equals_the_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Rebuilt twice over the same store: the second generation equals the first (nothing doubled)."""
    url = f"sqlite:///{tmp_path / 'twice.db'}"
    first = bench_store("store", url, games=3, seed="twice")
    assert first.equal
    env = persistence_env(url)
    before = admin.dump(env)
    admin.rebuild(env, progress=False, grace=0)
    assert not differences(before, admin.dump(env))


def test_differences_names_the_table_and_the_first_row_that_differ() -> None:
    same = {"games": {"games": [("a", 1), ("b", 2)]}}
    other = {"games": {"games": [("a", 1), ("b", 3)]}}
    assert differences(same, same) == []
    assert differences(same, other) == ["games.games: 2 rows incremental, 2 rebuilt, first difference at 1"]
