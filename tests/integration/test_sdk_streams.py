"""Issue 36 for the Python SDK, over a real server process: a watch survives kill -9 and a restart with no code
in the app, and a client plays a whole game of every type from its stream alone (status and legal commands
ride on each WatchGame message), never calling GetGame or ListLegalCommands after it sat down."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from playledger_client import Client, PlayLedgerError, args_of

from tests.support.server import ServerProcess, free_port

pytestmark = pytest.mark.slow

# Every game type at a small table, with options that keep a random game short.
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "hare-and-tortoise": (2, {}),
    "grasshopper-and-ant": (2, {}),
    "baba-yaga": (3, {"mode": "R", "max_turns": 3, "first_step_delay_ms": 200, "witch_step_min_interval_ms": 200}),
    "atiwa": (2, {}),
    "antics": (3, {}),
}


def _play_seat(client: Client, game: str, seed: int, errors: list[BaseException]) -> None:
    """One seat, driven by its stream: on each settled update with legal commands, one of them at random; a
    refusal that says when to retry (TOO_SOON) is retried then, any other waits for the next update."""
    rng = random.Random(seed)
    try:
        for update in client.updates(game, timeout=600):
            if not (update.settled and update.legal_commands) or update.status.finished:
                continue
            move = rng.choice(list(update.legal_commands))
            for _ in range(50):
                try:
                    client.submit(game, move.command_type, args_of(move))
                    break
                except PlayLedgerError as refused:
                    retry_at = refused.metadata.get("retry_at_ms")
                    if refused.code != grpc.StatusCode.FAILED_PRECONDITION or retry_at is None:
                        break  # another seat or a timer moved first: the next update says what is legal now
                    time.sleep(max(0.0, int(retry_at) / 1000 - time.time()) + 0.01)
    except BaseException as exc:  # reported by the test
        errors.append(exc)


@pytest.mark.parametrize("rules", sorted(TABLES))
def test_a_whole_game_from_the_stream_alone(tmp_path: Path, rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    players, options = TABLES[rules]
    server = ServerProcess(f"sqlite:///{tmp_path / 'g.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    try:
        lobby = Client(server.target)
        game, tokens = lobby.create_game(rules, [f"p{i}" for i in range(players)], options)
        reads = {"get_game": 0, "legal": 0}
        real_get, real_legal = Client.get_game, Client.legal
        monkeypatch.setattr(Client, "get_game", lambda *a, **k: reads.__setitem__("get_game", 1) or real_get(*a, **k))
        monkeypatch.setattr(Client, "legal", lambda *a, **k: reads.__setitem__("legal", 1) or real_legal(*a, **k))
        errors: list[BaseException] = []
        seats = [
            threading.Thread(target=_play_seat, args=(lobby.join(t.token), game.name, n, errors))
            for n, t in enumerate(tokens)
        ]
        for seat in seats:
            seat.start()
        for seat in seats:
            seat.join(timeout=600)
        assert not errors, errors
        assert reads == {"get_game": 0, "legal": 0}, "a seat read the game outside its stream"
        monkeypatch.undo()
        assert lobby.get_game(game.name).status.finished
    finally:
        server.stop()


def test_a_watch_rides_out_kill_9_and_a_restart_with_every_event_once(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'k.db'}"
    port = free_port()
    server = ServerProcess(store, port, log=tmp_path / "server.log")
    server.start()
    lobby = Client(server.target)
    game, tokens = lobby.create_game("hare-and-tortoise", ["ann", "bob", "cy"])
    seats = [lobby.join(t.token) for t in tokens]
    seen: list[tuple[int, str]] = []
    failure: list[BaseException] = []

    def watch() -> None:
        try:
            seen.extend((e.version, e.type) for e in Client(server.target).watch(game.name, timeout=300))
        except BaseException as exc:
            failure.append(exc)

    watcher = threading.Thread(target=watch)
    watcher.start()
    rng = random.Random(3)

    def play(moves: int) -> None:
        for _ in range(moves):
            status = lobby.get_game(game.name).status
            if status.finished:
                return
            seat = rng.choice(list(status.to_act))
            legal = seats[seat].legal_commands(game.name)
            move = rng.choice(legal)
            seats[seat].submit(game.name, move.command_type, args_of(move))

    play(12)
    assert server.proc is not None
    server.proc.kill()  # SIGKILL: no drain, no goodbye to the stream
    server.proc.wait(timeout=30)
    time.sleep(2)
    server.start()
    play(5000)
    watcher.join(timeout=300)
    assert not failure, failure
    whole = [(e.version, e.type) for e in Client(server.target).watch(game.name, timeout=60)]
    assert lobby.get_game(game.name).status.finished
    assert seen == whole, "the resumed watch missed or repeated an event"
    server.stop()
