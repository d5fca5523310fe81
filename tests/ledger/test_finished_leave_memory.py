"""Issue 33: memory follows the games in play, not the games ever played. A finished game never moves again,
so it leaves the ledger's cache when it ends (and when it is read again); games in play stay warm."""

from __future__ import annotations

import random

from service.ledger.app import Ledger
from service.ledger.store import persistence_env


def _play_to_end(ledger: Ledger, game_id, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    for _ in range(2000):
        game = ledger.get_game(game_id)
        if game.is_finished():
            return
        seat = game.status().to_act[0]
        ledger.submit(game_id, seat, rng.choice(game.legal_commands(seat)), None)
    raise AssertionError("the game did not end")


def test_a_finished_game_leaves_the_cache_and_a_game_in_play_stays(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'm.db'}"), cache_size=100)
    rng = random.Random(5)
    finished = [ledger.create_game("hare-and-tortoise", ["ann", "bob"]).game_id for _ in range(5)]
    playing = ledger.create_game("hare-and-tortoise", ["ann", "bob"]).game_id
    for game_id in finished:
        _play_to_end(ledger, game_id, rng)
    assert all(ledger.peek(g) is None for g in finished)  # not kept once over
    assert ledger.peek(playing) is not None  # in play: warm
    assert ledger.get_game(finished[0]).is_finished()  # still readable, from the store
    assert ledger.peek(finished[0]) is None  # and reading it does not bring it back
    cache = ledger.repository.cache
    assert cache is not None and set(cache.cache) == {playing}
