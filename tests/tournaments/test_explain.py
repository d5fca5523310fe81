"""Why a round was paired so (score groups, floaters, rematches avoided, the bye), and the pairing re-derived
from the tournament's history exactly as the server made it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.tournaments import rederive
from service.tournaments.aggregate import Tournament
from service.tournaments.app import Paired, Tournaments
from service.tournaments.dutch import Field, pair_round
from service.tournaments.explain import Meeting, explain, lines
from service.tournaments.pairing import pair
from service.tournaments.standings import GameRulings, TableGame
from tests.projections.helpers import SHORT

PLAYERS = [(f"p{i}", f"Player {i}") for i in range(1, 7)]


@pytest.fixture
def desk(tmp_path) -> Iterator[Tournaments]:  # type: ignore[no-untyped-def]
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 't.db'}"))
    yield Tournaments(ledger)
    ledger.close()


def forfeited_first_round(desk: Tournaments) -> tuple[Tournament, Paired]:
    """Six players; every second seat of round 1 does not show up (deterministic results); round 2 paired."""
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    for g in desk.pair_round(t.id).games:
        desk.record_ruling(t.id, "forfeit", "no show", "Jo", game_id=g.created.game_id, player=g.players[1])
    return t, desk.pair_round(t.id)


def test_pairing_explains_score_groups_floaters_and_the_rematch_avoided(desk: Tournaments) -> None:
    _, second = forfeited_first_round(desk)
    x = second.explanation
    assert x is not None and x.method == "dutch" and x.rematch_limit == 0 and not x.rematches
    assert [(g.points, g.players, g.moved_in, g.moved_out) for g in x.groups] == [
        (1.0, ["p1", "p3", "p5"], [], ["p5"]),  # three winners: p5 floats down
        (0.0, ["p2", "p4", "p6"], ["p5"], []),
    ]
    assert [g.tables for g in x.groups] == [[["p1", "p3"]], [["p4", "p5"], ["p2", "p6"]]]
    # The floater would have met the top resident, p2, whom it met in round 1: it meets p4 instead.
    assert x.groups[1].rematches_avoided == [Meeting(("p5", "p2"), (1,))]
    assert lines(x) == [
        "Round 2: the Dutch system at tables of two: score groups from the top, top half against bottom half.",
        "Pairing order (points, then seed): Player 1 1, Player 3 1, Player 5 1, Player 2 0, Player 4 0, Player 6 0.",
        "1 point: Player 1, Player 3, Player 5",
        "  table: Player 1 vs Player 3",
        "  floaters out: Player 5",
        "0 points: Player 2, Player 4, Player 6",
        "  floaters in: Player 5",
        "  table: Player 4 vs Player 5",
        "  table: Player 2 vs Player 6",
        "  rematches avoided: Player 5 vs Player 2 (met in round 1)",
    ]


def test_the_bye_goes_to_the_lowest_ranked_who_may_have_it() -> None:
    seeds = ["p1", "p2", "p3", "p4", "p5"]
    met = {frozenset(("p1", "p3")): 1, frozenset(("p2", "p4")): 1}
    field = Field(seeds, {"p1": 1.0, "p2": 1.0}, met, frozenset({"p5"}), {})
    games = [
        TableGame("g1", 1, ("p1", "p3"), None, GameRulings()),
        TableGame("g2", 1, ("p2", "p4"), None, GameRulings()),
    ]
    x = explain("swiss", 2, field, 2, pair_round(field, 2), games, {p: p.upper() for p in seeds})
    assert (x.byes, x.bye_had_one, x.bye_blocked) == (["p4"], ["p5"], [])
    assert lines(x)[-1] == "Bye: P4, the lowest-ranked who could have it (P5 had one already)."


def test_each_round_rederives_from_its_history_and_a_changed_table_is_named(desk: Tournaments) -> None:
    t, _ = forfeited_first_round(desk)
    tournament = desk.get(t.id)
    history = rederive.History.of(tournament)
    results = {g.game: g.result for g in desk._results(tournament)}
    for round_no, kept in tournament.pairings.items():
        record = rederive.PairingRecord.from_json(round_no, kept["games"], kept["byes"], kept)
        assert record.version == 1
        assert rederive.first_difference(history, record, rederive.rederived(history, record, results)) is None
    kept = tournament.pairings[2]
    record = rederive.PairingRecord.from_json(2, kept["games"], kept["byes"], kept)
    swapped = replace(record, games=[record.games[1], record.games[0], *record.games[2:]])
    assert rederive.first_difference(history, swapped, rederive.rederived(history, swapped, results)) == (
        "round 2, table 1: the standings before it give Player 1 vs Player 3, "
        "the tournament recorded Player 4 vs Player 5"
    )


def test_larger_tables_explain_the_players_passed_over_for_a_seat() -> None:
    seeds = [f"p{i}" for i in range(1, 9)]
    points = {p: 3.0 - i // 4 for i, p in enumerate(seeds)}  # p1-p4: 3 points, p5-p8: 2
    first = [("p1", "p2", "p3", "p4"), ("p5", "p6", "p7", "p8")]
    games = [TableGame(f"g{n}", 1, table, None, GameRulings()) for n, table in enumerate(first)]
    met = {frozenset((a, b)): 1 for t in first for a in t for b in t if a < b}
    field = Field(seeds, points, met, frozenset(), {})
    paired = pair("swiss", 2, field, 4, 2)
    x = explain("swiss", 2, field, 4, paired, games, {p: p.upper() for p in seeds})
    assert x.method == "score-groups" and [g.points for g in x.groups] == [3.0, 2.0]
    top, below = x.groups
    assert [sorted(t) for t in top.tables] == [["p1", "p2", "p5", "p6"], ["p3", "p4", "p7", "p8"]]
    assert top.moved_in == ["p5", "p6", "p7", "p8"] and below.moved_out == ["p5", "p6", "p7", "p8"]
    # p2 was the best-ranked left for table 1's second seat, but had met p1: p5 sat there instead.
    assert top.rematches_avoided[0] == Meeting(("p2", "p1"), (1,))
    assert "  rematches avoided: P2 vs P1 (met in round 1); P3 vs P1 (met in round 1)" in "\n".join(lines(x))
