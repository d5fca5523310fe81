"""Issue 35: play again. RematchGame makes one rematch of a finished game (the same rules, options, seats, bots,
clock and table, a new seed); every seat that asks gets the same one and plays it with the token it holds; the
rematch names the old game and the old game names it; both verify."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from uuid import UUID

import grpc
import pytest
from click.testing import CliRunner
from google.protobuf import struct_pb2
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of

from clients import cli
from service.config import Settings
from service.server import Running, start
from tests.projections.helpers import SHORT, play_to_end

ORGANIZER = "org-rematch"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0,
                 organizer_token=ORGANIZER)
    )  # fmt: skip
    yield running
    running.stop(0.5)


def _stub(server: Running, token: str | None) -> games_pb2_grpc.GameServiceStub:
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    stub = games_pb2_grpc.GameServiceStub(channel)
    if token is None:
        return stub

    class Authorized:
        def __getattr__(self, name: str) -> object:
            method = getattr(stub, name)
            return lambda request: method(request, metadata=(("authorization", f"Bearer {token}"),))

    return Authorized()  # type: ignore[return-value]


def _finished_game(server: Running, client: Client) -> tuple[str, list[str]]:
    created = client._stub.CreateGame(
        games_pb2.CreateGameRequest(
            rules="hare-and-tortoise",
            players=["ann", "bob"],
            player_ids=["p-ann", "p-bob"],
            options=_struct(SHORT),
            table=games_pb2.TablePolicy(spectators=games_pb2.SPECTATOR_POLICY_PLAYERS, spectator_delay_moves=2),
        )
    )
    play_to_end(server.ledger, UUID(created.game.name.removeprefix("games/")))
    return created.game.name, [t.token for t in created.seat_tokens]


def _struct(values: dict[str, str]) -> struct_pb2.Struct:
    s = struct_pb2.Struct()
    s.update(values)
    return s


def test_a_rematch_is_the_same_table_with_a_new_seed_and_the_same_tokens(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    old, tokens = _finished_game(server, client)
    ann, bob = (_stub(server, t) for t in tokens)

    first = ann.RematchGame(games_pb2.RematchGameRequest(game=old))
    again = bob.RematchGame(games_pb2.RematchGameRequest(game=old))
    assert first.created and not again.created
    new = first.game
    assert again.game.name == new.name != old
    assert new.rematch_of == old
    assert (new.rules, list(new.players), list(new.player_ids)) == (
        "hare-and-tortoise",
        ["ann", "bob"],
        ["p-ann", "p-bob"],
    )
    old_game = client.as_token(ORGANIZER).get_game(old)
    assert new.options == old_game.options and new.options["variant"] == "turbo"
    assert new.table.spectators == games_pb2.SPECTATOR_POLICY_PLAYERS and new.table.spectator_delay_moves == 2
    assert not new.status.finished

    # The old game names its rematch; the seed differs (a new deal).
    old_game = client.as_token(ORGANIZER).get_game(old)
    assert old_game.rematched_as == new.name
    organizer = server.ledger
    assert organizer.get_game(UUID(new.name[6:])).seed_hex != organizer.get_game(UUID(old[6:])).seed_hex

    # Each player plays the rematch with the token it already holds.
    seats = [client.join(t) for t in tokens]
    status = client.as_token(ORGANIZER).get_game(new.name).status
    mover = seats[status.to_act[0]]
    move = mover.legal_commands(new.name)[0]
    assert mover.submit(new.name, move.command_type, args_of(move)).version > 1

    # And both records verify on their own.
    for name in (old, new.name):
        assert client.as_token(ORGANIZER).verify_game(name).ok


def test_asks_at_the_same_moment_get_one_rematch(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    old, tokens = _finished_game(server, client)
    stubs = [_stub(server, tokens[i % 2]) for i in range(8)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda s: s.RematchGame(games_pb2.RematchGameRequest(game=old)), stubs))
    assert len({a.game.name for a in answers}) == 1
    assert sum(a.created for a in answers) == 1


def test_only_a_finished_game_by_its_players_is_played_again(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    created = client._stub.CreateGame(games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["ann", "bob"]))
    in_play = created.game.name
    with pytest.raises(grpc.RpcError) as refused:
        _stub(server, created.seat_tokens[0].token).RematchGame(games_pb2.RematchGameRequest(game=in_play))
    error = PlayLedgerError.from_rpc(refused.value)
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED")
    assert server.ledger.rematched_as(UUID(in_play[6:])) is None  # nothing was made

    old, _ = _finished_game(server, client)
    with pytest.raises(grpc.RpcError) as refused:
        _stub(server, None).RematchGame(games_pb2.RematchGameRequest(game=old))  # a spectator
    error = PlayLedgerError.from_rpc(refused.value)
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_PLAYER")
    with pytest.raises(grpc.RpcError) as refused:
        _stub(server, created.seat_tokens[0].token).RematchGame(games_pb2.RematchGameRequest(game=old))
    assert PlayLedgerError.from_rpc(refused.value).reason == "TOKEN_NOT_OF_THIS_GAME"
    # The organizer may ask too (a tournament's table played again).
    assert _stub(server, ORGANIZER).RematchGame(games_pb2.RematchGameRequest(game=old)).created


def test_the_cli_plays_again_with_the_wallets_tokens(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    address = f"127.0.0.1:{server.port}"
    made = CliRunner().invoke(
        cli.main, ["new", "hare-and-tortoise", "--player", "ann", "--player", "bob", "--option", "variant=turbo",
                   "--server", address, "--json"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    old = json.loads(made.output)["game"]["name"]
    play_to_end(server.ledger, UUID(old[6:]))

    asked = CliRunner().invoke(cli.main, ["rematch", old, "--as", "1", "--server", address])
    assert asked.exit_code == 0, asked.output
    new = asked.output.split()[0]
    assert new.startswith("games/") and f"a rematch of {old}" in asked.output
    wallet = json.loads((tmp_path / "home" / "tokens.json").read_text())
    assert wallet[new] == wallet[old]  # both seats play on with their tokens
    shown = CliRunner().invoke(cli.main, ["moves", new, "--as", "0", "--server", address])
    assert shown.exit_code == 0, shown.output
