"""The tournament CLI's own pieces: CSV standings, and a clear refusal when the wallet lacks a round's tokens."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import click
import pytest
from playledger.v1 import leaderboards_pb2
from playledger_client import Token

from clients.cli import save_tokens
from clients.cli_tournaments import standings_csv, wallet_tokens


def test_standings_as_csv_have_a_header_and_one_row_per_player() -> None:
    rows = [
        leaderboards_pb2.Standing(rank=1, player_id="p2", player="Bo, Jr.", points=2.5, played=3, wins=2, buchholz=4.5),
        leaderboards_pb2.Standing(rank=2, player_id="p1", player="Al", points=0, played=3, disqualified=True),
    ]
    read = list(csv.DictReader(io.StringIO(standings_csv(rows))))
    assert [r["player_id"] for r in read] == ["p2", "p1"] and read[0]["player"] == "Bo, Jr."
    assert (read[0]["points"], read[0]["buchholz"], read[1]["disqualified"]) == ("2.5", "4.5", "yes")


def test_playing_a_round_needs_its_seat_tokens_in_the_wallet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path))
    save_tokens([Token("games/a", 0, "Al", "t0"), Token("games/a", 1, "Bo", "t1")])
    ((game, tokens),) = wallet_tokens(["games/a"])
    assert game == "games/a" and [(t.seat, t.token) for t in tokens] == [(0, "t0"), (1, "t1")]
    with pytest.raises(click.UsageError, match="no seat tokens for games/b"):
        wallet_tokens(["games/a", "games/b"])
