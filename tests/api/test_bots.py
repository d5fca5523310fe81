"""Server bots (issue 20): seats the server plays, moves recorded and tagged like a player's, re-derived on replay."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import replace
from functools import reduce
from uuid import UUID

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of

from replay.verify import verify_stream
from service.bots import Policy, choose
from service.config import Settings
from service.rules import hare_tortoise as ht
from service.rules.core import Rng, normalize_options
from service.server import Running, start


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(Settings(store=f"sqlite:///{tmp_path / 'b.db'}", port=0, web_port=0, metrics_port=0))
    yield running
    running.stop(0.5)


def create(server: Running, rules: str, players: int, bots: list[games_pb2.BotSeat]) -> games_pb2.CreateGameResponse:
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{server.port}"))
    request = games_pb2.CreateGameRequest(rules=rules, players=[f"p{i}" for i in range(players)], bots=bots)
    return stub.CreateGame(request, timeout=10)


def test_a_person_plays_a_whole_game_against_server_bots_and_it_verifies(server: Running) -> None:
    made = create(
        server,
        "hare-and-tortoise",
        3,
        [
            games_pb2.BotSeat(seat=1, level="greedy", think_ms=1),
            games_pb2.BotSeat(seat=2, level="search", budget=8, pace=games_pb2.BOT_PACE_FAST),
        ],
    )
    assert [t.seat for t in made.seat_tokens] == [0]  # nobody gets a bot's token
    assert [(b.seat, b.level) for b in made.game.bots] == [(1, "greedy"), (2, "search")]
    name = made.game.name
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        me = client.join(made.seat_tokens[0].token)
        for _ in range(3000):  # bounded: a game takes ~100 commands
            game = client.get_game(name)
            if game.status.finished:
                break
            if 0 in game.status.to_act and (moves := me.legal_commands(name)):
                move = moves[0]
                with contextlib.suppress(PlayLedgerError):  # the bots moved first: the next view says what is legal
                    me.submit(name, move.command_type, args_of(move))
            else:
                time.sleep(0.01)
        assert client.get_game(name).status.finished, "the bots did not play the game to its end"
    game_id = UUID(name.removeprefix("games/"))
    stored = server.ledger.stream(game_id)
    tags = [e.command.get("bot") for e in stored[1:] if getattr(e, "command", None) and e.seat in (1, 2)]
    assert tags and all(t and t["level"] in ("greedy", "search") for t in tags)
    verdict = verify_stream(game_id, stored)  # every bot move re-derives from its seat's information
    assert verdict.ok, verdict.findings


def test_a_bot_level_a_game_lacks_and_a_bad_seat_are_refused(server: Running) -> None:
    for bots, field in (
        ([games_pb2.BotSeat(seat=5, level="random")], "bots[0].seat"),
        ([games_pb2.BotSeat(seat=1, level="genius")], "bots[0].level"),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            create(server, "hare-and-tortoise", 2, bots)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT, field


def dealt(seats: int, seed: bytes) -> ht.State:
    options = normalize_options(ht.metadata, seats, {})
    return reduce(ht.evolve, ht.setup(options, seats, Rng(seed, 1)), ht.initial_state(seats, options))


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_a_bots_choice_is_a_function_of_its_information_alone(level: str) -> None:
    """Two deals that differ only in what seat 0 cannot see (the others' hands) give seat 0 the same choice."""
    state = dealt(3, b"info-set")
    one, two = state.hands[1], state.hands[2]
    swapped = replace(state, hands=(state.hands[0], two[:3] + one[3:], one[:3] + two[3:]))
    assert swapped != state and swapped.hands[0] == state.hands[0]
    for version in range(2, 6):
        first = choose(ht, state, 0, Policy(level, budget=12), Rng(b"bot", version), 0)
        second = choose(ht, swapped, 0, Policy(level, budget=12), Rng(b"bot", version), 0)
        assert first == second
