"""The Game aggregate and the Ledger application, on SQLite and on PostgreSQL."""

from __future__ import annotations

import hashlib
import threading
from functools import reduce
from typing import Any
from uuid import UUID

import pytest

from service.ledger import chain as links_of
from service.ledger import codec, seats
from service.ledger.app import Ledger, RequestReused, StaleVersion
from service.ledger.game import Game
from service.ledger.game_ids import shard_of
from service.ledger.shards import ShardedLedger
from service.ledger.store import persistence_env
from service.rules import hare_tortoise as ht
from service.rules.core import IllegalCommand, InvalidOptions, Rng
from service.rules.hare_tortoise.messages import ChooseSecondBet, PlayCards

PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture(params=[1, 2], ids=["one store", "two shards"])
def ledger(store_url: str, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """Each test runs on one store and on two shards (issue 34: the same behaviour whatever the placement)."""
    if request.param == 1:
        app = Ledger(persistence_env(store_url))
    else:
        app = ShardedLedger([persistence_env(u) for u in request.getfixturevalue("shard_urls")])
    yield app
    app.close()


def store_of(ledger: Ledger, game_id: UUID) -> dict[str, str]:
    """The settings of the store a game lives in (its shard's, on two shards)."""
    home = ledger.shards[shard_of(game_id)] if isinstance(ledger, ShardedLedger) else ledger
    return {k: v for k, v in home.env.items() if isinstance(v, str)}


def play_random(ledger: Ledger, game_id, seed: int = 1, limit: int = 2000) -> int:  # type: ignore[no-untyped-def]
    """Submit random legal commands until the end; returns how many were submitted."""
    bot = Rng(str(seed).encode(), 0)
    for n in range(limit):
        game = ledger.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return n
        seat = status.to_act[0]
        options = game.rules.legal_commands(game.state, seat)
        ledger.submit(game_id, seat, options[bot.below(len(options))], f"req-{n}")
    raise AssertionError("game did not finish")


def test_create_records_header_setup_and_seed_commitment(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, {}, seed=b"fixed seed")
    stored = ledger.stream(created.game_id)
    header, setup = stored[0], stored[1:]
    assert isinstance(header, Game.Created)
    assert header.rules_name == "hare-and-tortoise" and header.rules_version == ht.version
    assert header.rng_version == 1 and header.players == PLAYERS
    assert header.options["variant"] == "standard"  # options stored complete, defaults filled
    assert header.seed_commitment == hashlib.sha256(b"fixed seed").hexdigest()
    assert header.seed_source == "client"
    assert [e.name for e in setup] == ["RaceSetUp"]
    assert len(created.tokens) == 3 and len(set(created.tokens)) == 3
    assert header.token_hashes == [seats.digest(t) for t in created.tokens]  # only hashes are stored
    assert all(t not in str(header.__dict__) for t in created.tokens)


def test_a_server_seed_is_secret_and_random(ledger: Ledger) -> None:
    a = ledger.create_game("hare-and-tortoise", PLAYERS)
    b = ledger.create_game("hare-and-tortoise", PLAYERS)
    assert a.game.seed_source == "server"
    assert a.game.seed_hex != b.game.seed_hex and len(a.game.seed_hex) == 64


def test_bad_options_save_nothing(ledger: Ledger) -> None:
    with pytest.raises(InvalidOptions, match="2 to 5 players"):
        ledger.create_game("hare-and-tortoise", ["solo"])
    with pytest.raises(InvalidOptions, match="unknown option"):
        ledger.create_game("hare-and-tortoise", PLAYERS, {"colour": "red"})
    with pytest.raises(InvalidOptions, match="first_player"):
        ledger.create_game("hare-and-tortoise", PLAYERS, {"first_player": 4})
    assert ledger.list_created(0, 10) == []


def test_illegal_command_appends_nothing(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
    before = ledger.get_game(created.game_id).version
    with pytest.raises(IllegalCommand, match="do not hold"):
        ledger.submit(created.game_id, 0, ChooseSecondBet(card="R-NOPE-99"), "r1")
    with pytest.raises(IllegalCommand, match="second bet"):
        ledger.submit(created.game_id, 0, PlayCards(cards=("R-HARE-01",)), "r2")
    assert ledger.get_game(created.game_id).version == before
    assert len(ledger.stream(created.game_id)) == before


def test_repeated_request_id_returns_first_result_and_records_nothing(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
    game = ledger.get_game(created.game_id)
    card = game.state.hands[1][0]
    first = ledger.submit(created.game_id, 1, ChooseSecondBet(card=card), "same-id")
    again = ledger.submit(created.game_id, 1, ChooseSecondBet(card=card), "same-id")
    assert again.repeated and not first.repeated
    assert again.version == first.version
    assert [(r.version, r.event) for r in again.events] == [(r.version, r.event) for r in first.events]
    assert len(ledger.stream(created.game_id)) == first.version
    other = game.state.hands[1][1]
    with pytest.raises(RequestReused):
        ledger.submit(created.game_id, 1, ChooseSecondBet(card=other), "same-id")
    # the same id from another seat is another request
    ledger.submit(created.game_id, 2, ChooseSecondBet(card=game.state.hands[2][0]), "same-id")


def test_a_repeat_of_the_game_ending_command_names_the_version_its_first_answer_did(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
    n = play_random(ledger, created.game_id)  # ends with request f"req-{n-1}"
    game = ledger.get_game(created.game_id)
    assert game.revealed and isinstance(ledger.stream(created.game_id)[-1], Game.SeedRevealed)
    last = next(e for e in reversed(ledger.stream(created.game_id)) if isinstance(e, Game.EventRecorded))
    last_seat, command = last.seat, last.command or {}
    last_command = codec.decode(game.rules.command_types, command["name"], command["args"])
    again = ledger.submit(created.game_id, last_seat, last_command, f"req-{n - 1}")
    assert again.repeated and again.version == game.version  # the closing link's version, as first answered
    assert again.events and all(r.version < game.version for r in again.events)


def test_stale_expected_version_is_refused(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
    game = ledger.get_game(created.game_id)
    with pytest.raises(StaleVersion, match="version"):
        ledger.submit(created.game_id, 0, ChooseSecondBet(card=game.state.hands[0][0]), "r", expected_version=1)
    done = ledger.submit(created.game_id, 0, ChooseSecondBet(card=game.state.hands[0][0]), "r2", game.version)
    assert done.version == game.version + 1


def test_two_writers_racing_on_the_same_version_exactly_one_wins(store_url: str) -> None:
    """Two applications on one store (as two server processes): both decide at version v."""
    a, b = Ledger(persistence_env(store_url)), Ledger(persistence_env(store_url))
    try:
        created = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
        game = a.get_game(created.game_id)
        v = game.version
        b.get_game(created.game_id)  # warm b's cache at the same version
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def go(app: Ledger, seat: int) -> None:
            barrier.wait()
            try:
                app.submit(created.game_id, seat, ChooseSecondBet(card=game.state.hands[seat][0]), f"x{seat}", v)
                outcomes.append("won")
            except StaleVersion:
                outcomes.append("aborted")

        threads = [threading.Thread(target=go, args=(a, 0)), threading.Thread(target=go, args=(b, 1))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["aborted", "won"]
        assert a.get_game(created.game_id).version == v + 1
    finally:
        a.close()
        b.close()


def test_unpinned_writers_both_get_recorded_after_a_retry(store_url: str) -> None:
    a, b = Ledger(persistence_env(store_url)), Ledger(persistence_env(store_url))
    try:
        created = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
        game = a.get_game(created.game_id)
        b.get_game(created.game_id)
        barrier = threading.Barrier(3)

        def go(app: Ledger, seat: int) -> None:
            barrier.wait()
            app.submit(created.game_id, seat, ChooseSecondBet(card=game.state.hands[seat][0]), f"x{seat}")

        threads = [threading.Thread(target=go, args=(app, s)) for app, s in ((a, 0), (b, 1), (a, 2))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        final = Ledger(persistence_env(store_url)).get_game(created.game_id)
        assert final.version == game.version + 3
        assert all(final.state.second_bet_done)
    finally:
        a.close()
        b.close()


def test_a_whole_game_rederives_from_its_events_and_the_chain_holds(ledger: Ledger) -> None:
    created = ledger.create_game("hare-and-tortoise", ["a", "b", "c", "d"], {"series": True}, seed=b"chain")
    play_random(ledger, created.game_id)
    live = ledger.get_game(created.game_id)
    assert live.is_finished()

    fresh = Ledger(store_of(ledger, created.game_id))  # no cache: everything from the store
    stored = fresh.stream(created.game_id)
    header, *body = stored
    rules = ht
    state = reduce(
        rules.evolve,
        [codec.decode(rules.event_types, e.name, e.data) for e in body if isinstance(e, Game.EventRecorded)],
        rules.initial_state(4, header.options),
    )
    assert state == live.state == fresh.get_game(created.game_id).state

    chain = [e for e in body if isinstance(e, (Game.EventRecorded, Game.SeedRevealed))]
    expected_prev = links_of.Header.of_created(header).hash()
    hashing = links_of.Chain(header.chain_format, bytes.fromhex(header.seed_hex))
    assert hashing.format == links_of.NEWEST  # a new game is on the newest chain format
    for e in chain:
        assert e.prev_hash == expected_prev
        assert hashing.stored_link(e) == e.hash
        expected_prev = e.hash

    revealed = chain[-1]
    assert isinstance(revealed, Game.SeedRevealed)
    assert hashlib.sha256(bytes.fromhex(revealed.seed_hex)).hexdigest() == header.seed_commitment
    assert revealed.scores == list(rules.scores(live.state))
    assert revealed.winners == list(rules.winners(live.state))
    fresh.close()


def test_recorded_decisions_replay_identically_from_seed_and_commands(ledger: Ledger) -> None:
    """Re-deciding every recorded command at its version yields exactly the stored events."""
    created = ledger.create_game("hare-and-tortoise", PLAYERS, {"variant": "turbo"}, seed=b"replay")
    play_random(ledger, created.game_id, seed=7)
    header, *body = ledger.stream(created.game_id)
    seed = bytes.fromhex(header.seed_hex)
    recorded = [e for e in body if isinstance(e, Game.EventRecorded)]
    state = ht.initial_state(3, header.options)
    i = 0
    while i < len(recorded):
        first = recorded[i]
        rng = Rng(seed, first.originator_version - 1)  # the version before the decision, as the server drew
        if first.command is None:
            expected = ht.setup(header.options, 3, rng)
        else:
            command = codec.decode(ht.command_types, first.command["name"], first.command["args"])
            expected = ht.decide(state, first.seat, command, rng, first.at_ms)
        batch = recorded[i : i + len(expected)]
        assert [codec.encode(e) for e in expected] == [(e.name, e.data) for e in batch]
        assert {e.request_id for e in batch} == {first.request_id}
        state = reduce(ht.evolve, expected, state)
        i += len(expected)
    assert ht.status(state).finished


@pytest.mark.parametrize(
    ("rules_name", "players", "options"),
    [
        ("hare-and-tortoise", 3, {}),
        ("grasshopper-and-ant", 3, {"mode": "winter", "powers": True}),
        ("baba-yaga", 3, {"mode": "T"}),
        ("atiwa", 2, {}),
        ("antics", 3, {}),
    ],
)
def test_the_state_a_command_leaves_is_the_state_its_events_rebuild(
    rules_name: str, players: int, options: dict[str, Any]
) -> None:
    # Game.execute takes each event's state from the decider's Writer instead of evolving it again: the
    # cached game must still equal one rebuilt from the stored events alone.
    ledger = Ledger(persistence_env("sqlite:///:memory:"))
    try:
        created = ledger.create_game(rules_name, [f"p{i}" for i in range(players)], options, seed=b"states")
        bot, now = Rng(b"pick", 0), 0
        for n in range(60):
            game = ledger.get_game(created.game_id)
            status = game.rules.status(game.state)
            acting = [(s, c) for s in status.to_act for c in game.rules.legal_commands(game.state, s)]
            if not acting and status.wake_at_ms is not None:  # the service's automatic command, once due
                now = max(now, status.wake_at_ms)
                acting = [(None, c) for c in game.rules.legal_commands(game.state, None)]
            if status.finished or not acting:
                break
            seat, command = acting[bot.below(len(acting))]
            now += 1_000
            ledger.submit(created.game_id, seat, command, f"r{n}", clock=lambda now=now: now)
        live = ledger.peek(created.game_id)
        assert live is not None and live.version > 10
        rules = live.rules
        events = [e for e in ledger.stream(created.game_id) if isinstance(e, Game.EventRecorded)]
        rebuilt = reduce(
            rules.evolve,
            [codec.decode(rules.event_types, e.name, e.data) for e in events],
            rules.initial_state(players, live.options),
        )
        assert rebuilt == live.state
    finally:
        ledger.close()


def test_a_game_that_finished_here_is_known_finished_without_a_store_read(store_url: str) -> None:
    """The clocks and bots ask before reading a finished game (out of the cache) back from the store."""
    ledger = Ledger(persistence_env(store_url))
    created = ledger.create_game("hare-and-tortoise", PLAYERS, seed=b"s")
    assert not ledger.known_finished(created.game_id)
    play_random(ledger, created.game_id)
    assert ledger.known_finished(created.game_id) and ledger.peek(created.game_id) is None
    other = Ledger(persistence_env(store_url))  # another process: it learns so on its first read
    try:
        assert not other.known_finished(created.game_id)
        other.get_game(created.game_id)
        assert other.known_finished(created.game_id)
    finally:
        other.close()
        ledger.close()
