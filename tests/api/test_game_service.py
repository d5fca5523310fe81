"""GameService over a real port (in-process server on 127.0.0.1:0): status codes, auth, paging, streams."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of, to_dict

from service.config import Settings
from service.server import Running, start

ORGANIZER = "organizer-secret"


@pytest.fixture(params=["one store", "two shards"])
def server(tmp_path, request: pytest.FixtureRequest) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    """On one SQLite file, and on two as shards (issue 34: every call as with one store)."""
    shards = (f"sqlite:///{tmp_path / 'api-1.db'}",) if request.param == "two shards" else ()
    running = start(
        Settings(
            store=f"sqlite:///{tmp_path / 'api.db'}",
            shards=shards,
            port=0,
            web_port=0,
            organizer_token=ORGANIZER,
            max_watchers=2,
        )
    )
    yield running
    running.stop(0.5)


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}", retries=1) as c:
        yield c


def new_game(client: Client, players: int = 3, **options: object):  # type: ignore[no-untyped-def]
    return client.create_game("hare-and-tortoise", [f"p{i}" for i in range(players)], options, seed_hex="ab" * 8)


def expect(code: grpc.StatusCode, reason: str | None = None):  # type: ignore[no-untyped-def]
    class Check:
        def __enter__(self) -> Check:
            return self

        def __exit__(self, exc_type, exc, tb) -> bool:  # type: ignore[no-untyped-def]
            assert isinstance(exc, PlayLedgerError), f"expected {code.name}, got {exc!r}"
            assert exc.code == code, f"expected {code.name}, got {exc.code.name}: {exc.message}"
            if reason is not None:
                assert exc.reason == reason, exc
            self.error = exc
            return True

    return Check()


def test_list_game_types_describes_options_and_command_schemas(client: Client) -> None:
    types = {t.name: t for t in client.game_types()}
    ht = types["hare-and-tortoise"]
    assert (ht.min_players, ht.max_players) == (2, 5)
    options = {o.name: o for o in ht.options}
    assert {"variant", "series", "tie_policy"} <= set(options)
    assert [c.string_value for c in options["variant"].choices] == ["standard", "turbo"]
    commands = {c.type: c for c in ht.commands}
    assert [(f.name, f.type) for f in commands["play_cards"].fields] == [("cards", "list of string")]


def test_status_code_mapping(client: Client) -> None:
    game, tokens = new_game(client)
    seat0 = client.as_token(tokens[0].token)
    with expect(grpc.StatusCode.FAILED_PRECONDITION, "NOT_IN_HAND") as e:
        seat0.submit(game.name, "choose_second_bet", {"card": "R-HARE-99"})
    assert "you do not hold" in e.error.message
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_COMMAND"):
        seat0.submit(game.name, "jump", {})
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "BAD_ARGUMENTS") as e:
        seat0.submit(game.name, "play_cards", {"cards": [3]})
    assert "play_cards.cards[0]: expected text" in e.error.message
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "BAD_GAME_NAME"):
        seat0.get_game("tournaments/not-a-game")  # not a game's name at all
    for unknown in ("games/not-a-uuid", "games/00000000-0000-0000-0000-000000000000"):
        with expect(grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND"):  # a game's name this server never issued (AIP)
            seat0.get_game(unknown)
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"):
        client.create_game("hare-and-tortoise", ["solo"])
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_RULES"):
        client.create_game("chess", ["a", "b"])
    with expect(grpc.StatusCode.UNAUTHENTICATED, "TOKEN_NOT_OF_THIS_GAME"):
        client.as_token("not-a-token").get_game(game.name)
    with expect(grpc.StatusCode.PERMISSION_DENIED, "NOT_A_PLAYER"):
        client.submit(game.name, "choose_second_bet", {"card": "R-HARE-01"})  # spectator
    card = to_dict(seat0.get_game(game.name).view)["hand"][0]
    with expect(grpc.StatusCode.ABORTED, "STALE_VERSION"):
        seat0.submit(game.name, "choose_second_bet", {"card": card}, expected_version=1)
    # None of the refusals recorded anything.
    assert client.get_game(game.name).version == game.version


def test_numbers_in_struct_args_are_coerced_and_a_float_is_refused(client: Client) -> None:
    game, _ = new_game(client, first_player=0)
    assert client.get_game(game.name).status.to_act == [0, 1, 2]
    with expect(grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"):
        client.create_game("hare-and-tortoise", ["a", "b"], {"first_player": 0.5})


def test_illegal_move_appends_nothing_and_repeat_request_returns_first_result(client: Client) -> None:
    game, tokens = new_game(client)
    me = client.as_token(tokens[1].token)
    legal = me.legal_commands(game.name)
    first = me.submit(game.name, legal[0].command_type, args_of(legal[0]), request_id="req-1")
    again = me.submit(game.name, legal[0].command_type, args_of(legal[0]), request_id="req-1")
    assert again.repeated and not first.repeated
    assert again.version == first.version
    assert [json.dumps(to_dict(e.data)) for e in again.events] == [json.dumps(to_dict(e.data)) for e in first.events]
    assert client.get_game(game.name).version == first.version
    with expect(grpc.StatusCode.FAILED_PRECONDITION, "ALREADY_CHOSEN"):
        me.submit(game.name, legal[1].command_type, args_of(legal[1]))
    assert client.get_game(game.name).version == first.version


def test_two_clients_racing_on_one_expected_version(client: Client) -> None:
    game, tokens = new_game(client)
    v = client.get_game(game.name).version
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def go(seat: int) -> None:
        me = client.as_token(tokens[seat].token)
        choice = me.legal_commands(game.name)[0]
        barrier.wait()
        try:
            me.submit(game.name, choice.command_type, args_of(choice), expected_version=v)
            outcomes.append("ok")
        except PlayLedgerError as error:
            outcomes.append(error.code.name)

    threads = [threading.Thread(target=go, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ABORTED", "ok"]
    assert client.get_game(game.name).version == v + 1


def test_list_games_pages_and_filters(server: Running, client: Client) -> None:
    names = [new_game(client)[0].name for _ in range(7)]
    # ListGames reads the game summaries projection, a moment behind the events.
    assert server.projections is not None and server.projections.wait_caught_up(timeout=15)
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(client.target))
    page1 = stub.ListGames(games_pb2.ListGamesRequest(page_size=3))
    page2 = stub.ListGames(games_pb2.ListGamesRequest(page_size=3, page_token=page1.next_page_token))
    page3 = stub.ListGames(games_pb2.ListGamesRequest(page_size=3, page_token=page2.next_page_token))
    listed = [g.name for p in (page1, page2, page3) for g in p.games]
    assert listed == names
    assert not page3.next_page_token
    assert [g.name for g in client.list_games(rules="hare-and-tortoise", page_size=2)] == names
    assert all(not g.HasField("view") for g in page1.games)
    with pytest.raises(grpc.RpcError) as info:
        stub.ListGames(games_pb2.ListGamesRequest(page_token="xyz"))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_watch_streams_redacted_events_and_resumes_from_a_version(client: Client) -> None:
    game, tokens = new_game(client, players=2)
    seat0, seat1 = (client.as_token(t.token) for t in tokens)
    events = list(seat0.watch(game.name, 0, timeout=1.0))
    assert [e.type for e in events] == ["RaceSetUp"]
    setup = to_dict(events[0].data)
    assert all(c != "?" for c in setup["hands"][0]) and set(setup["hands"][1]) == {"?"}
    assert set(setup["boxed_bets"]) == {"?"}

    received: list[games_pb2.GameEvent] = []
    watcher = threading.Thread(target=lambda: received.extend(seat1.watch(game.name, events[-1].version, timeout=3)))
    watcher.start()
    for me in (seat0, seat1):
        c = me.legal_commands(game.name)[0]
        me.submit(game.name, c.command_type, args_of(c))
    watcher.join()
    assert [e.type for e in received] == ["SecondBetChosen", "SecondBetChosen"]
    assert to_dict(received[0].data)["card"] == "?"  # seat 0's bet, seen by seat 1
    assert to_dict(received[1].data)["card"] != "?"  # seat 1's own
    resumed = list(seat1.watch(game.name, received[0].version, timeout=1.0))
    assert [e.version for e in resumed] == [received[1].version]


def test_watch_streams_are_bounded(server: Running, client: Client) -> None:
    game, _ = new_game(client)
    streams = [client.watch(game.name, 0, timeout=2.0) for _ in range(2)]
    for s in streams:
        next(s)  # each now holds a worker
    with expect(grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_WATCHES"):
        next(client.watch(game.name, 0, timeout=2.0))


def test_organizer_sees_every_seat_and_the_seed(client: Client) -> None:
    game, tokens = new_game(client)
    organizer = client.as_token(ORGANIZER).get_game(game.name)
    view = to_dict(organizer.view)
    assert [v["hand"] for v in view["seats"]] == [
        to_dict(client.as_token(t.token).get_game(game.name).view)["hand"] for t in tokens
    ]
    assert organizer.seed_hex.endswith("ab" * 8) and len(organizer.seed_hex) == 2 * (32 + 8)  # server part first
    assert client.get_game(game.name).seed_hex == ""  # hidden from everyone else until the end


def test_health_and_reflection_are_served(server: Running) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    health = health_pb2_grpc.HealthStub(channel).Check(
        health_pb2.HealthCheckRequest(service="playledger.v1.GameService")
    )
    assert health.status == health_pb2.HealthCheckResponse.SERVING
    responses = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
        iter([reflection_pb2.ServerReflectionRequest(list_services="")])
    )
    services = {s.name for r in responses for s in r.list_services_response.service}
    assert {"playledger.v1.GameService", "grpc.health.v1.Health"} <= services
