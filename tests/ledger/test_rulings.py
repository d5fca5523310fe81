"""A ruling that ends a game is a link of the game's own chain: afterwards the game is over for every reader."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest

from service.api.metrics import GameCensus
from service.ledger.app import Ledger
from service.ledger.game import RULED_PHASE, Game, GameRuled
from service.ledger.store import persistence_env
from service.projections import admin
from service.projections.read import ReadModels
from service.rules.core import IllegalCommand
from tests.projections.helpers import SHORT, play_to_end

PLAYERS = ["ann", "bob"]


@pytest.fixture
def url(store_url: str) -> str:
    return store_url


@pytest.fixture
def ledger(url: str) -> Iterator[Ledger]:
    app = Ledger(persistence_env(url))
    yield app
    app.close()


def start(ledger: Ledger, moves: int = 2) -> UUID:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, SHORT, player_ids=["p1", "p4"])
    play_to_end(ledger, created.game_id, seed="ruled", stop_after=moves)
    return created.game_id


def forfeit(ledger: Ledger, game_id: UUID, player: str = "p4") -> Game:
    game = ledger.get_game(game_id)
    game.end_by_ruling("forfeit", "did not show up", "arbiter Jane", 1_700_000_000_000, "t-1", player)
    ledger.save(game)
    return game


def test_a_forfeit_ends_the_game_in_its_own_chain_and_reveals_the_seed(ledger: Ledger) -> None:
    game_id = start(ledger)
    before = ledger.get_game(game_id)
    forfeit(ledger, game_id)
    stored = ledger.stream(game_id)
    last = stored[-1]
    assert isinstance(last, Game.EndedByRuling)
    assert (last.ruling, last.reason, last.actor, last.player, last.seats) == (
        "forfeit",
        "did not show up",
        "arbiter Jane",
        "p4",
        [1],
    )
    assert last.seed_hex == before.seed_hex and last.prev_hash == before.last_hash
    assert before.links().stored_link(last) == last.hash
    game = ledger.get_game(game_id)
    assert game.is_finished() and game.result() is None and game.legal_commands(0) == []
    status = game.status()
    assert (status.phase, status.to_act, status.finished) == (RULED_PHASE, (), True)
    assert game_id not in ledger.unfinished_game_ids()


def test_commands_to_a_ruled_game_are_refused_and_change_nothing(ledger: Ledger) -> None:
    game_id = start(ledger)
    playable = ledger.get_game(game_id)
    seat = playable.status().to_act[0]
    command = playable.legal_commands(seat)[0]
    forfeit(ledger, game_id)
    version = ledger.get_game(game_id).version
    with pytest.raises(GameRuled, match=r'forfeit of p4 \("did not show up"\), ruled by arbiter Jane') as refused:
        ledger.submit(game_id, seat, command, "after-the-ruling")
    assert refused.value.code == "GAME_RULED"
    assert ledger.get_game(game_id).version == version
    with pytest.raises(IllegalCommand, match="over already"):
        ledger.get_game(game_id).end_by_ruling("annulment", "again", "Jo", 1)
    with pytest.raises(ValueError, match="score_correction ruling does not end a game"):
        ledger.get_game(start(ledger)).end_by_ruling("score_correction", "why", "Jo", 1)


def test_a_finished_game_cannot_be_ended_by_a_ruling(ledger: Ledger) -> None:
    game_id = start(ledger, moves=10_000)
    with pytest.raises(IllegalCommand, match="over already"):
        ledger.get_game(game_id).end_by_ruling("forfeit", "late", "Jo", 1, None, "p1")


def test_watch_ends_with_the_ruling(ledger: Ledger) -> None:
    game_id = start(ledger)
    forfeit(ledger, game_id)
    watched = list(ledger.watch(game_id, 0, stop=lambda: False, poll=0.01))
    assert isinstance(watched[-1].event, Game.EndedByRuling) and len(watched) == ledger.get_game(game_id).version
    assert watched[-1].settled and watched[-1].game.status().finished  # the watch's game is at the end too


def test_the_census_and_the_read_models_count_a_ruled_game_as_finished(ledger: Ledger, url: str) -> None:
    census = GameCensus(ledger)
    open_game, ruled = start(ledger), start(ledger)
    assert census.refresh().get("hare-and-tortoise") == 2
    forfeit(ledger, ruled)
    assert census.refresh().get("hare-and-tortoise") == 1  # playledger_games_active
    env = persistence_env(url)
    admin.rebuild(env, ["games", "scores"], progress=False, grace=0)
    reads = ReadModels(env)
    try:
        finished, _ = reads.list_games(0, 50, "", "finished", "")
        active, _ = reads.list_games(0, 50, "", "active", "")
        assert [r["game"] for r in finished] == [str(ruled)]
        assert [r["game"] for r in active] == [str(open_game)]
        row = finished[0]
        assert (row["phase"], row["to_act"], row["scores"], row["seed_hex"]) == (
            RULED_PHASE,
            [],
            None,
            ledger.get_game(ruled).seed_hex,
        )
        assert row["version"] == ledger.get_game(ruled).version and row["last_hash"] == ledger.get_game(ruled).last_hash
        scores = admin.dump(env, ["scores"])["scores"]["scores"]
        assert {(r[0], r[7]) for r in scores if r[0] == str(ruled)} == {(str(ruled), 1)}  # finished, no score
    finally:
        reads.close()
