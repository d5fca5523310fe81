"""Games spread over two stores (issue 34): ids that name their shard, every game call on its own shard, the
stores' numbers kept; on two SQLite files and on two PostgreSQL databases."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from typing import Any
from uuid import UUID

import pytest

from service.ledger.app import Ledger
from service.ledger.attempts import attempts_id
from service.ledger.cached import GameNotFound
from service.ledger.game import Game
from service.ledger.game_ids import MAX_SHARDS, new_game_id, shard_of
from service.ledger.rematch import link_id
from service.ledger.shards import ShardedLedger, ShardMismatch
from service.ledger.store import persistence_env
from service.rules.core import IllegalCommand
from service.rules.hare_tortoise.messages import ChooseSecondBet
from tests.projections.helpers import play_to_end

PLAYERS = ["ann", "bob"]


@pytest.fixture
def sharded(shard_urls: list[str]):  # type: ignore[no-untyped-def]
    ledger = ShardedLedger([persistence_env(u) for u in shard_urls])
    yield ledger
    ledger.close()


def stored_on(ledger: ShardedLedger, aggregate_id: UUID) -> list[int]:
    """The shards whose store holds events of `aggregate_id` (read through each store's own event store)."""
    return [n for n, shard in enumerate(ledger.shards) if list(shard.events.get(aggregate_id))]


def on_shard(ledger: ShardedLedger, shard: int, rules: str = "hare-and-tortoise") -> UUID:
    """A game made until one lands on `shard` (placement is random; 64 tries miss with odds 2^-64)."""
    for _ in range(64):
        created = ledger.create_game(rules, PLAYERS, seed=b"shards")
        if shard_of(created.game_id) == shard:
            return created.game_id
    raise AssertionError(f"no game placed on shard {shard}")


def test_an_id_names_its_shard_and_an_older_id_the_first() -> None:
    for shard in (0, 1, 2, 255, 256, MAX_SHARDS - 1):
        made = {new_game_id(shard) for _ in range(50)}
        assert len(made) == 50 and all(i.version == 8 and shard_of(i) == shard for i in made)
    assert shard_of(uuid.uuid4()) == 0 and shard_of(attempts_id(uuid.uuid4())) == 0
    with pytest.raises(ValueError, match="0 to 4095"):
        new_game_id(MAX_SHARDS)


def test_one_store_keeps_version_4_ids(store_url: str) -> None:
    ledger = Ledger(persistence_env(store_url))
    try:
        assert ledger.create_game("hare-and-tortoise", PLAYERS).game_id.version == 4
    finally:
        ledger.close()


def test_new_games_spread_over_the_shards_and_each_lives_in_its_own_store(sharded: ShardedLedger) -> None:
    made = [sharded.create_game("hare-and-tortoise", PLAYERS).game_id for _ in range(40)]
    placed = Counter(shard_of(g) for g in made)
    assert set(placed) == {0, 1}, placed  # all 40 on one shard: odds 2^-39
    for game_id in made:
        assert stored_on(sharded, game_id) == [shard_of(game_id)]
        assert sharded.get_game(game_id).id == game_id
    assert sorted(sharded.all_game_ids()) == sorted(made)
    assert sorted(sharded.unfinished_game_ids()) == sorted(made)


def test_every_call_about_a_game_goes_to_its_shard(sharded: ShardedLedger) -> None:
    game_id = on_shard(sharded, 1)
    game = sharded.get_game(game_id)
    card = game.state.hands[0][0]
    done = sharded.submit(game_id, 0, ChooseSecondBet(card=card), "r1")
    assert done.version == game.version + 1 and sharded.submit(game_id, 0, ChooseSecondBet(card=card), "r1").repeated
    assert sharded.read_game(game_id).version == done.version
    assert sharded.game_at(game_id, game.version).version == game.version
    assert [e.originator_version for e in sharded.stream(game_id, game.version)] == [done.version]
    with pytest.raises(IllegalCommand):
        sharded.submit(game_id, 0, ChooseSecondBet(card="R-NOPE-99"), "r2")
    sharded.record_refusal(
        game_id,
        request_id="r2",
        seat=0,
        command={"name": "choose_second_bet", "args": {"card": "R-NOPE-99"}},
        command_sha256="0" * 64,
        code="FAILED_PRECONDITION",
        reason="test",
        message="you do not hold it",
        at_ms=1,
        game_version=done.version,
    )
    assert [r["reason"] for r in sharded.refusals(game_id)] == ["test"]
    assert stored_on(sharded, attempts_id(game_id)) == [1]  # the refusals beside their game
    assert stored_on(sharded, game_id) == [1]


def test_a_watch_follows_a_game_on_another_shard(sharded: ShardedLedger) -> None:
    game_id = on_shard(sharded, 1)
    start = sharded.get_game(game_id)
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        for watched in sharded.watch(game_id, start.version, stop.is_set, poll=0.05):
            seen.append(watched.event.originator_version)
            stop.set()

    heard: list[tuple[UUID, int]] = []
    sharded.add_listener(lambda g, v: heard.append((g, v)))
    watcher = threading.Thread(target=watch)
    watcher.start()
    sharded.submit(game_id, 0, ChooseSecondBet(card=start.state.hands[0][0]), "w1")
    watcher.join(timeout=10)
    assert seen == [start.version + 1]
    assert heard == [(game_id, start.version + 1)]  # a listener set on the façade hears every shard


def test_a_rematch_is_made_on_the_finished_games_shard(sharded: ShardedLedger) -> None:
    game_id = on_shard(sharded, 1)
    play_to_end(sharded, game_id)
    rematch, made = sharded.rematch(game_id)
    assert made and shard_of(rematch.id) == 1 and stored_on(sharded, rematch.id) == [1]
    assert stored_on(sharded, link_id(game_id)) == [1]
    assert sharded.rematched_as(game_id) == rematch.id
    assert sharded.known_finished(game_id)


def test_a_game_of_another_shard_is_never_saved_on_the_first(sharded: ShardedLedger) -> None:
    stray = sharded.shards[1].new_game("hare-and-tortoise", PLAYERS).game
    with pytest.raises(ValueError, match="lives on shard 1"):
        sharded.save(stray)
    assert stored_on(sharded, stray.id) == []
    with pytest.raises(GameNotFound, match="names shard 7"):
        sharded.get_game(new_game_id(7))


def test_stores_keep_their_numbers(shard_urls: list[str]) -> None:
    envs = [persistence_env(u) for u in shard_urls]
    first = ShardedLedger(envs)
    on_one = on_shard(first, 1)
    first.close()
    with pytest.raises(ShardMismatch, match=r"is shard 1 .* not shard 0"):
        ShardedLedger(envs[::-1])
    again = ShardedLedger(envs)  # listed as first used: the games are where their ids say
    try:
        assert again.get_game(on_one).id == on_one
        on_zero = on_shard(again, 0)
    finally:
        again.close()
    for env, game_id in ((envs[0], on_zero), (envs[1], on_one)):  # each store is a whole store of its own
        alone = Ledger(env)
        try:
            assert alone.get_game(game_id).id == game_id
        finally:
            alone.close()


def test_a_store_with_games_from_before_shards_can_only_be_the_first(shard_urls: list[str]) -> None:
    envs = [persistence_env(u) for u in shard_urls]
    alone = Ledger(envs[1])
    old = alone.create_game("hare-and-tortoise", PLAYERS).game_id  # version 4: made without shards
    alone.close()
    with pytest.raises(ShardMismatch, match="can only be listed first"):
        ShardedLedger(envs)
    sharded = ShardedLedger(envs[::-1])
    try:
        assert shard_of(old) == 0 and sharded.get_game(old).id == old
        assert old in set(sharded.all_game_ids())
    finally:
        sharded.close()


def _games(ledger: ShardedLedger) -> dict[int, Any]:
    return {n: [g for g in s.all_game_ids()] for n, s in enumerate(ledger.shards) if s is not ledger}


def test_each_shard_records_only_its_own_created_games(sharded: ShardedLedger) -> None:
    made = [sharded.create_game("hare-and-tortoise", PLAYERS).game_id for _ in range(12)]
    on_first = [c.originator_id for _, c in sharded.list_created(0, 100) if isinstance(c, Game.Created)]
    assert all(shard_of(g) == 0 for g in on_first)
    assert all(shard_of(g) == 1 for g in _games(sharded)[1])
    assert sorted(on_first + _games(sharded)[1]) == sorted(made)
