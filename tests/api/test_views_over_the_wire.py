"""What a client app reads: time travel, integers that stay integers, and errors that name the field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import struct_pb2
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of, plain, to_dict

from service.config import Settings
from service.server import Running, start

ORGANIZER = "organizer-secret"


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 'v.db'}", port=0, web_port=0, metrics_port=0, organizer_token=ORGANIZER)
    )
    yield running
    running.stop(0.5)


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}", retries=1) as c:
        yield c


def floats_in(value: Any, path: str = "") -> list[str]:
    if isinstance(value, float):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in floats_in(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in floats_in(v, f"{path}[{i}]")]
    return []


def play_to_the_end(client: Client, game: str, tokens: list[str], limit: int = 2000) -> None:
    seats = [client.join(t) for t in tokens]
    for _ in range(limit):
        g = client.get_game(game)
        if g.status.finished:
            return
        seat = seats[g.status.to_act[0]]
        move = seat.legal_commands(game)[0]
        seat.submit(game, move.command_type, args_of(move))
    raise AssertionError("the game did not end")


def test_views_and_game_types_hold_integers_not_floats(client: Client) -> None:
    for t in client.game_types():
        assert floats_in(plain(t)) == [], t.name
    for rules, players in (("hare-and-tortoise", 3), ("atiwa", 1), ("antics", 3), ("baba-yaga", 2)):
        game, tokens = client.create_game(rules, [f"p{i}" for i in range(players)])
        seat = client.join(tokens[0].token).get_game(game.name)
        shown = plain(seat)
        assert floats_in(shown) == [], rules
        assert isinstance(shown["version"], int) and shown["viewer_seat"] == 0
        assert ".0," not in json.dumps(shown) and ".0}" not in json.dumps(shown)


def test_time_travel_shows_each_seat_its_own_past_and_everyone_everything_once_over(client: Client) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"], seed_hex="ee" * 16)
    ann, bob = client.join(tokens[0].token), client.join(tokens[1].token)
    dealt = ann.get_game(game.name)
    first_hand = to_dict(dealt.view)["hand"]
    move = ann.legal_commands(game.name)[0]
    ann.submit(game.name, move.command_type, args_of(move))
    back = ann.get_game(game.name, version=dealt.version)
    assert back.version == dealt.version and to_dict(back.view)["hand"] == first_hand
    assert client.get_game(game.name, version=1).version == 1  # a spectator's past: the public view
    with pytest.raises(PlayLedgerError) as private:
        bob.get_game(game.name, seat=0)
    assert private.value.code == grpc.StatusCode.PERMISSION_DENIED
    organizer = client.as_token(ORGANIZER).get_game(game.name, version=dealt.version, seat=0)
    assert to_dict(organizer.view)["hand"] == first_hand
    with pytest.raises(PlayLedgerError) as beyond:
        ann.get_game(game.name, version=10_000)
    assert (beyond.value.code, beyond.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_VERSION")
    play_to_the_end(client, game.name, [t.token for t in tokens])
    replay = bob.get_game(game.name, version=dealt.version, seat=0)  # over: anyone may replay any seat
    assert to_dict(replay.view)["hand"] == first_hand and replay.viewer_seat == 0


def violations(error: grpc.RpcError) -> list[tuple[str, str]]:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None
    out = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Unpack(bad):
            out += [(v.field, v.reason) for v in bad.field_violations]
    return out


def test_invalid_arguments_name_the_field(server: Running, client: Client) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{server.port}"))
    seat0 = (("authorization", f"Bearer {tokens[0].token}"),)

    def refused(call: Any, request: Any, metadata: Any = ()) -> list[tuple[str, str]]:
        with pytest.raises(grpc.RpcError) as error:
            call(request, metadata=metadata, timeout=10)
        assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        return violations(error.value)

    assert refused(stub.GetGame, games_pb2.GetGameRequest(name="x")) == [("name", "BAD_GAME_NAME")]
    bad_args = games_pb2.SubmitCommandRequest(game=game.name, command_type="play_cards", request_id="r")
    bad_args.args.update({"cards": ["R-HARE-01", 7]})
    assert refused(stub.SubmitCommand, bad_args, seat0) == [("args.cards[1]", "BAD_ARGUMENTS")]
    unknown = games_pb2.SubmitCommandRequest(game=game.name, command_type="fly", request_id="r")
    assert refused(stub.SubmitCommand, unknown, seat0) == [("command_type", "UNKNOWN_COMMAND")]
    assert refused(stub.ListGames, games_pb2.ListGamesRequest(page_token="99999999999999999999")) == [
        ("page_token", "BAD_PAGE_TOKEN")
    ]


@pytest.mark.parametrize("number", [float("nan"), float("inf"), float("-inf"), 2.0**60])
def test_numbers_no_json_can_carry_are_refused_not_crashed_on(server: Running, client: Client, number: float) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{server.port}"))
    request = games_pb2.SubmitCommandRequest(game=game.name, command_type="choose_second_bet", request_id="n")
    request.args.fields["card"].CopyFrom(struct_pb2.Value(number_value=number))
    with pytest.raises(grpc.RpcError) as error:
        stub.SubmitCommand(request, metadata=(("authorization", f"Bearer {tokens[0].token}"),), timeout=10)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violations(error.value) == [("args.card", "BAD_NUMBER")]
    create = games_pb2.CreateGameRequest(rules="atiwa", players=["solo"])
    create.options.fields["challenge"].CopyFrom(struct_pb2.Value(number_value=number))
    with pytest.raises(grpc.RpcError) as options:
        stub.CreateGame(create, timeout=10)
    assert options.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violations(options.value) == [("options.challenge", "BAD_NUMBER")]


def test_a_watch_from_the_last_version_of_a_finished_game_ends_at_once(server: Running, client: Client) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    play_to_the_end(client, game.name, [t.token for t in tokens])
    final = client.get_game(game.name)
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{server.port}"))
    stream = stub.WatchGame(games_pb2.WatchGameRequest(game=game.name, after_version=final.version), timeout=20)
    assert list(stream) == []  # ends OK; hanging would end in DEADLINE_EXCEEDED
    events = list(stub.WatchGame(games_pb2.WatchGameRequest(game=game.name, after_version=0), timeout=20))
    assert events[-1].event.type == "SeedRevealed"


def test_a_watch_cut_by_shutdown_says_unavailable_not_ok(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import threading

    running = start(Settings(store=f"sqlite:///{tmp_path / 'stop.db'}", port=0, web_port=0, metrics_port=0))
    try:
        with Client(f"127.0.0.1:{running.port}", retries=1) as c:
            game, _ = c.create_game("hare-and-tortoise", ["ann", "bob"])
        stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{running.port}"))
        stream = stub.WatchGame(games_pb2.WatchGameRequest(game=game.name), timeout=30)
        assert next(stream).event.type == "RaceSetUp"
        threading.Timer(0.5, running.stop, args=(5.0,)).start()
        with pytest.raises(grpc.RpcError) as cut:
            list(stream)
        assert cut.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        running.stop(0)


def test_legal_commands_carry_labels_and_finished_games_explain_themselves(client: Client) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    moves = client.join(tokens[0].token).legal_commands(game.name)
    assert moves and all(m.label for m in moves)
    assert len({m.label for m in moves}) == len(moves)  # a person can tell the choices apart
    play_to_the_end(client, game.name, [t.token for t in tokens])
    outcome = client.get_game(game.name).status.outcome
    assert outcome.reason and sorted(outcome.placements)[0] == 1 and len(outcome.placements) == 2
    hare = next(t for t in client.game_types() if t.name == "hare-and-tortoise")
    assert {"NOT_YOUR_TURN", "GAME_RULED"} <= {r.code for r in hare.reasons}
    assert all(r.description for r in hare.reasons)
    assert to_dict(hare.catalog)  # the static catalog: card faces and tables, keyed by id
