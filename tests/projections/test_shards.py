"""Read models over two shards (issue 34): one runner per shard's log, one view; the same results as on one store,
whatever order the shards' logs are read in."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.persistence import Tracking

from service.audit import records
from service.audit.certificates import game_certificate
from service.audit.verify import verify_stream
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.game_ids import shard_of
from service.ledger.shards import ShardedLedger
from service.ledger.store import persistence_env
from service.projections import sql
from service.projections.ratings import Ratings
from service.projections.read import ReadModels
from service.projections.runner import Projections, view_class
from service.projections.view import log_name
from tests.projections.helpers import SHORT, check_summaries_against_ledger, play_to_end

pytestmark = pytest.mark.timeout(300)

PLAYERS = ["ann", "bob", "cy", "di"]
# Who sits at each of the games played (in this order), each a fixed seed and fixed moves: the same games
# whatever store they land in.
TABLES = [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 2), (1, 3), (0, 1, 2, 3), (2, 1)]


def play_the_games(ledger: Ledger) -> list[Any]:
    made = []
    for i, table in enumerate(TABLES):
        ids = [PLAYERS[s] for s in table]
        created = ledger.create_game(
            "hare-and-tortoise", [p.title() for p in ids], SHORT, seed=f"table-{i}".encode(), player_ids=ids
        )
        play_to_end(ledger, created.game_id, seed=f"moves-{i}")
        made.append(created.game_id)
    return made


def results(env: dict[str, str]) -> dict[str, Any]:
    """What the read models say of the players: ratings (rounded past float noise) and their games."""
    reads = ReadModels(env)
    try:
        board = reads.leaderboard("hare-and-tortoise", 0, 50)[0]
        ratings = {
            r["player_id"]: (round(r["rating"], 9), round(r["mu"], 9), round(r["sigma"], 9), r["games"], r["wins"])
            for r in board
        }
        games = {p: len(reads.list_games(0, 50, player_id=p)[0]) for p in PLAYERS}
        return {"ratings": ratings, "games": games, "listed": len(reads.list_games(0, 50)[0])}
    finally:
        reads.close()


def run(ledger: Ledger, env: dict[str, str], others: list[dict[str, str]]) -> dict[str, Any]:
    projections = Projections(env, shard_envs=others).start()
    ledger.add_listener(lambda _g, _v: projections.wake())
    try:
        made = play_the_games(ledger)
        assert projections.wait_caught_up(timeout=60)
        reads = ReadModels(env)
        try:  # ListGames: oldest first, whichever store each game is on
            assert [g["game"] for g in reads.list_games(0, 50)[0]] == [str(g) for g in made]
        finally:
            reads.close()
        lag = projections.lag()
        assert all(entry.events == 0 for entry in lag.values()), lag
        assert check_summaries_against_ledger(env, ledger) == len(TABLES)  # every shard's games summarized
        return results(env)
    finally:
        projections.stop()


def test_the_same_games_on_one_store_and_on_two_shards_read_the_same(store_url: str, new_store: Any) -> None:
    env = persistence_env(store_url)
    ledger = Ledger(env)
    try:
        alone = run(ledger, env, [])
    finally:
        ledger.close()
    first, second = persistence_env(new_store()), persistence_env(new_store())
    sharded = ShardedLedger([first, second])
    try:
        spread = run(sharded, first, [second])
        on = {shard_of(g) for g in sharded.all_game_ids()}
    finally:
        sharded.close()
    assert on == {0, 1}, "the games landed on both shards"
    assert spread == alone
    assert len(alone["ratings"]) == 4 and alone["listed"] == len(TABLES)


def finished_games(ledger: Ledger) -> list[list[Any]]:
    """The Created and SeedRevealed events of every game played (the ratings' kinds), per game."""
    streams = []
    for game_id in play_the_games(ledger):
        streams.append([e for e in ledger.stream(game_id) if isinstance(e, (Game.Created, Game.SeedRevealed))])
    return streams


def test_ratings_do_not_depend_on_which_shard_is_read_first(tmp_path: Any) -> None:
    """Two runners read their shards' logs at their own pace: a game may reach the ratings after a game that
    ended later. Fed in the log order and with every second game's end held back, the ratings agree."""
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'games.db'}"))
    try:
        streams = finished_games(ledger)
    finally:
        ledger.close()

    recomputed: list[str] = []

    def rate(order: list[tuple[Any, Tracking]], restart_at: int | None = None) -> list[dict[str, Any]]:
        """Ratings after feeding `order`; `restart_at`: a new projection (nothing in memory) from that event on."""
        env = persistence_env(f"sqlite:///{tmp_path / f'views-{len(order)}-{id(order)}-{restart_at}.db'}")
        datastore = sql.datastore_for(env)
        view = view_class("ratings", "sqlite")(datastore)  # type: ignore[call-arg]
        view.create_table()
        projection = _counted(Ratings(view, sharded=True), recomputed)
        for n, (event, tracking) in enumerate(order):
            if n == restart_at:
                view.flush()
                projection = _counted(Ratings(view, sharded=True), recomputed)
            projection.process_event(event, tracking)
        view.flush()
        rows = view.select("ratings", rules="hare-and-tortoise")
        datastore.close()
        return rows

    # Game i "lives" on shard i % 2; each shard's log numbers its own events.
    positions = [0, 0]
    tagged: list[tuple[int, Any, Tracking]] = []
    for i, stream in enumerate(streams):
        for event in stream:
            positions[i % 2] += 1
            tagged.append((i, event, Tracking(log_name(i % 2), positions[i % 2])))
    in_order = [(e, t) for _, e, t in tagged]
    # Shard 1's runner behind: its events arrive after all of shard 0's (each log still in its own order).
    behind = [(e, t) for i, e, t in tagged if i % 2 == 0] + [(e, t) for i, e, t in tagged if i % 2 == 1]
    assert [e for e, _ in behind] != [e for e, _ in in_order]
    first = rate(in_order)
    assert recomputed == []
    second = rate(behind)
    assert recomputed == [], "late games are put in place from memory, not by recomputing every game"
    third = rate(behind, restart_at=len(behind) // 2)  # shard 1's events after a restart: nothing in memory
    assert recomputed, "after a restart a late game recomputes its type"
    assert len(first) == 4 and first == second == third


def _counted(projection: Ratings, calls: list[str]) -> Ratings:
    """The projection, its full recomputes noted in `calls`."""
    recompute = projection._recompute

    def counted(rules: str) -> None:
        calls.append(rules)
        recompute(rules)

    projection._recompute = counted  # type: ignore[method-assign]
    return projection


def test_the_same_games_on_two_shards_and_moved_to_one_store_certify_and_rate_the_same(tmp_path: Any) -> None:
    """Literally the same games (ids and events): played on two shards, then exported and imported into one store.
    Every game's certificate and every rating are the same read from either."""
    envs = [persistence_env(f"sqlite:///{tmp_path / f'shard-{n}.db'}") for n in range(2)]
    sharded = ShardedLedger(envs)
    alone_env = persistence_env(f"sqlite:///{tmp_path / 'one.db'}")
    alone = Ledger(alone_env)
    try:
        spread = run(sharded, envs[0], envs[1:])
        made = list(sharded.all_game_ids())
        assert {shard_of(g) for g in made} == {0, 1}
        exported = [records.export(sharded.stream(g), records.ORGANIZER) for g in made]
        for record in sorted(exported, key=lambda r: r.game_id.int):  # another order than they were played in
            alone.save(*records.to_events(record))
        projections = Projections(alone_env).start()
        try:
            assert projections.wait_caught_up(timeout=60)
        finally:
            projections.stop()
        assert results(alone_env) == spread

        def certificates(ledger: Ledger) -> list[dict[str, Any]]:
            return [game_certificate(verify_stream(g, ledger.stream(g)), issued_at="-") for g in made]

        from_shards, from_one = certificates(sharded), certificates(alone)
        assert from_shards == from_one and all(c["verdict"] == "holds" for c in from_one)
    finally:
        sharded.close()
        alone.close()
