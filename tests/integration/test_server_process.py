"""A real `playledger-server` process on a real port, on SQLite and PostgreSQL, used only through
playledger_client and the `playledger` CLI — as a user would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from playledger_client import Client, args_of

from tests.integration.conftest import BIN, ServerProcess

pytestmark = pytest.mark.slow


def cli(server: ServerProcess, *args: str, home: Path) -> str:
    env = {**os.environ, "PLAYLEDGER_SERVER": server.target, "PLAYLEDGER_HOME": str(home)}
    done = subprocess.run([str(BIN / "playledger"), *args], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


VARIANTS = [[], ["--option", "series=true"], ["--option", "variant=turbo"]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_game_finishes_for_every_player_count_and_variant(server: ServerProcess, players: int, tmp_path) -> None:  # type: ignore[no-untyped-def]
    client = Client(server.target)
    for variant in VARIANTS:
        out = json.loads(
            cli(server, "bot-game", "hare-and-tortoise", "--players", str(players), "--json", *variant, home=tmp_path)
        )
        final = client.get_game(out["game"])
        assert final.status.finished
        assert out["scores"] == list(final.final_scores) and len(out["scores"]) == players
        assert out["winners"] and set(out["winners"]) <= set(range(players))


def test_cli_quickstart_plays_moves_by_hand(server: ServerProcess, tmp_path) -> None:  # type: ignore[no-untyped-def]
    created = json.loads(cli(server, "new", "hare-and-tortoise", "--players", "2", "--json", home=tmp_path))
    game = created["game"]["name"]
    assert json.loads((tmp_path / "tokens.json").read_text())[game]  # tokens kept for --as
    moves = json.loads(cli(server, "moves", game, "--as", "0", "--json", home=tmp_path))
    assert moves and all(m["command_type"] == "choose_second_bet" for m in moves)
    card = moves[0]["args"]["card"]
    out = cli(server, "do", game, "choose_second_bet", f"card={card}", "--as", "0", home=tmp_path)
    assert "SecondBetChosen" in out
    cli(server, "do", game, "--pick", "0", "--as", "1", home=tmp_path)
    shown = json.loads(cli(server, "show", game, "--as", "0", "--json", home=tmp_path))
    assert shown["status"]["phase"] == "play"
    assert card in shown["view"]["bets"]
    spectator = json.loads(cli(server, "show", game, "--json", home=tmp_path))
    assert "hand" not in spectator["view"]
    listed = cli(server, "games", home=tmp_path)
    assert game in listed


def test_sigterm_shuts_down_cleanly(server: ServerProcess) -> None:
    assert server.stop(signal.SIGTERM) == 0


def test_a_crash_loses_no_acknowledged_command(server: ServerProcess) -> None:
    """SIGKILL right after acknowledgements: every acknowledged command is there after a restart."""
    client = Client(server.target)
    game, tokens = client.create_game("hare-and-tortoise", ["a", "b", "c"])
    acknowledged = []
    for n in range(25):
        seat = client.get_game(game.name).status.to_act[0]
        me = client.as_token(tokens[seat].token)
        choice = me.legal_commands(game.name)[0]
        response = me.submit(game.name, choice.command_type, args_of(choice), request_id=f"ack-{n}")
        acknowledged.append((response.version, seat, choice, f"ack-{n}"))
    server.stop(signal.SIGKILL)
    server.start()
    client = Client(server.target)
    version, seat, choice, request_id = acknowledged[-1]
    assert client.get_game(game.name).version == version
    # Resubmitting an acknowledged request after the restart is recognised as a repeat.
    again = client.as_token(tokens[seat].token).submit(game.name, choice.command_type, args_of(choice), request_id)
    assert again.repeated and again.version == version
