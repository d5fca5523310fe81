"""The TRF-16 export (clients/trf.py) from GetStandings: the fixed columns FIDE's format defines, forfeits as
+ and -, a bye as U, an annulled game as a known absence with a comment; larger tables refused."""

from __future__ import annotations

import pytest
from playledger.v1 import leaderboards_pb2 as pb

from clients.trf import TrfRefused, trf

MINUS = "\u2212"  # what GetStandings writes for the absent player of a game not played


def standings(table_size: int = 2) -> pb.GetStandingsResponse:
    found = pb.GetStandingsResponse(
        tournament=pb.Tournament(
            name="tournaments/t1",
            display_name="Cup",
            pairing="swiss",
            table_size=table_size,
            rounds=2,
            rounds_paired=2,
            status="finished",
            players=[pb.TournamentPlayer(id=p, name=n) for p, n in (("a", "Ann"), ("b", "Bob"), ("c", "Cy"))],
            tiebreaks=[pb.TieBreak(key="buchholz", title="Buchholz")],
        ),
        standings=[
            pb.Standing(rank=1, player_id="a", points=2.0),
            pb.Standing(rank=2, player_id="c", points=1.0),
            pb.Standing(rank=3, player_id="b", points=0.0),
        ],
        games=[
            pb.TournamentGame(
                game="games/g1", round=1, player_ids=["a", "b"], state="forfeit", results=["+", "\u2212"]
            ),
            pb.TournamentGame(game="games/g2", round=2, player_ids=["c", "a"], state="finished", results=["0", "1"]),
            pb.TournamentGame(game="games/g3", round=2, player_ids=["b", "c"], state="annulled"),
        ],
        byes=[pb.TournamentBye(round=1, player_id="c", points=1.0)],
    )
    found.tournament.create_time.FromSeconds(1_764_900_000)
    found.tournament.update_time.FromSeconds(1_765_000_000)
    return found


def test_players_rounds_and_results_sit_in_trf_16_columns() -> None:
    lines = trf(standings()).splitlines()
    assert lines[:6] == ["012 Cup", "042 2025/12/05", "052 2025/12/06", "062 3", "092 " + lines[4][4:], "142 2"]
    assert "### 0001 is PlayLedger player a" in lines
    assert "### round 2: games/g3 (b vs c) annulled: counts for nothing" in lines
    ann, bob, cy = (line for line in lines if line.startswith("001"))
    # 1-3 record, 5-8 starting rank, 15-47 name, 81-84 points, 86-89 rank; rounds of ten columns from 90.
    assert (ann[:3], ann[4:8], ann[14:47].rstrip(), ann[80:84], ann[85:89]) == ("001", "   1", "Ann", " 2.0", "   1")
    assert ann[89:] == "  0002 w +  0003 b 1"  # a forfeit win as white, then a win as black
    assert bob[89:] == "  0001 b -  0000 - Z"  # absent (forfeit loss), then an annulled game: counts for nothing
    assert cy[89:] == "  0000 - U  0001 w 0"  # the pairing-allocated bye, then a loss as white


def test_larger_tables_are_not_written_as_trf() -> None:
    with pytest.raises(TrfRefused, match="tables of 3: TRF describes games of two players"):
        trf(standings(table_size=3))
