"""Issue 35: spectator control. A private table (spectators: players) is watched only by its players (and the
organizer) while it is in play; a delayed table shows spectators the game that many decisions and seconds
behind (GetGame, WatchGame, ExportGame), so a live game cannot be relayed to a player. Once over, all is public."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from playledger.v1 import games_pb2, leaderboards_pb2
from playledger_client import Client, PlayLedgerError, args_of

from service.config import Settings
from service.server import Running, start

ORGANIZER = "org-spectators"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0,
                 organizer_token=ORGANIZER)
    )  # fmt: skip
    yield running
    running.stop(0.5)


def _table(client: Client, **policy: object) -> tuple[str, list[Client]]:
    request = games_pb2.CreateGameRequest(
        rules="hare-and-tortoise", players=["ann", "bob"], table=games_pb2.TablePolicy(**policy)
    )
    created = client._stub.CreateGame(request)
    return created.game.name, [client.join(t.token) for t in created.seat_tokens]


def _move(client: Client, seats: list[Client], game: str) -> int:
    status = client.as_token(ORGANIZER).get_game(game).status
    if status.finished:
        return -1
    seat = status.to_act[0]
    move = seats[seat].legal_commands(game)[0]
    return int(seats[seat].submit(game, move.command_type, args_of(move)).version)


def test_a_private_table_is_watched_by_its_players_only(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    game, seats = _table(client, spectators=games_pb2.SPECTATOR_POLICY_PLAYERS)
    for call in (
        lambda: client.get_game(game),
        lambda: next(client.watch(game)),
        lambda: list(client.export_game(game)),
    ):
        with pytest.raises(PlayLedgerError) as refused:
            call()
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SPECTATORS_NOT_ALLOWED",
        )
    assert seats[0].get_game(game).view  # a player sees the table
    assert client.as_token(ORGANIZER).get_game(game).view
    assert client.as_token(ORGANIZER).get_game(game).table.spectators == games_pb2.SPECTATOR_POLICY_PLAYERS
    while _move(client, seats, game) != -1:
        pass
    assert client.get_game(game).status.finished  # once over, all is public


def test_a_delayed_table_shows_spectators_the_game_behind(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    game, seats = _table(client, spectator_delay_moves=2, spectator_delay_seconds=1)
    delivered: list[tuple[int, float]] = []
    stop = threading.Event()

    def watch() -> None:
        for event in client.watch(game, timeout=60):
            delivered.append((event.version, time.time()))
            if stop.is_set():
                return

    watcher = threading.Thread(target=watch)
    watcher.start()
    versions = [_move(client, seats, game) for _ in range(6)]
    seen = client.get_game(game)
    current = client.as_token(ORGANIZER).get_game(game).version
    assert seen.spectator_version == seen.version < current, "a spectator sees the game behind it"
    time.sleep(1.5)
    stored = {e.version: e for e in client.as_token(ORGANIZER).watch(game, timeout=1)}
    assert delivered, "the spectator saw the delayed game move"
    for version, when in delivered:  # never before the delay: 1 s after it happened, 2 decisions back
        happened = stored[version].time.ToMilliseconds() / 1000
        assert when >= happened + 1.0 - 0.05, (version, when - happened)
        assert sum(v > version for v in versions) >= 2, (version, versions)
    exported = [line for line in client.export_game(game) if '"version"' in line]
    assert len(exported) < current
    stop.set()
    while _move(client, seats, game) != -1:
        pass
    watcher.join(timeout=60)
    assert client.get_game(game).spectator_version == 0  # over: everything public


def test_a_tournament_game_is_watched_two_moves_behind_unless_the_organizer_says(server: Running) -> None:
    organizer = Client(f"127.0.0.1:{server.port}", retries=1).as_token(ORGANIZER)
    players = [("p1", "Ann"), ("p2", "Bob"), ("p3", "Cy"), ("p4", "Di")]
    cup = organizer.create_tournament("Cup", "hare-and-tortoise", players, table_size=2, rounds=1)
    _, games, _ = organizer.pair_round(cup.name)
    table = organizer.get_game(games[0][0]).table
    assert (table.spectators, table.spectator_delay_moves, table.takebacks) == (
        games_pb2.SPECTATOR_POLICY_OPEN,
        2,
        False,
    )
    request = leaderboards_pb2.CreateTournamentRequest(
        display_name="Open", rules="hare-and-tortoise", table_size=2, rounds=1,
        players=[leaderboards_pb2.TournamentPlayer(id=i, name=n) for i, n in players],
        table=games_pb2.TablePolicy(spectator_delay_moves=0, takebacks=True),
    )  # fmt: skip
    open_cup = organizer._boards.CreateTournament(request, metadata=(("authorization", f"Bearer {ORGANIZER}"),))
    _, games, _ = organizer.pair_round(open_cup.tournament.name)
    table = organizer.get_game(games[0][0]).table
    assert (table.spectator_delay_moves, table.takebacks) == (0, True)
