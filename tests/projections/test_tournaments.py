"""The tournament aggregate and service: what an organizer may do, and the clear refusals."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest

from service.ledger.app import Ledger
from service.ledger.game import Game, GameRuled
from service.ledger.store import persistence_env
from service.rules.core import InvalidOptions
from service.tournaments.aggregate import Tournament
from service.tournaments.app import TournamentRefused, Tournaments
from tests.projections.helpers import SHORT, play_to_end

PLAYERS = [(f"p{i}", f"Player {i}") for i in range(1, 7)]


@pytest.fixture
def ledger(tmp_path) -> Iterator[Ledger]:  # type: ignore[no-untyped-def]
    app = Ledger(persistence_env(f"sqlite:///{tmp_path / 't.db'}"))
    yield app
    app.close()


@pytest.fixture
def desk(ledger: Ledger) -> Tournaments:
    return Tournaments(ledger)


def test_create_refuses_what_cannot_be_played(desk: Tournaments) -> None:
    with pytest.raises(InvalidOptions, match="pairing"):
        desk.create("Cup", "hare-and-tortoise", PLAYERS, pairing="knockout")
    with pytest.raises(InvalidOptions, match="2 to"):
        desk.create("Cup", "hare-and-tortoise", PLAYERS[:1])
    with pytest.raises(InvalidOptions, match="different"):
        desk.create("Cup", "hare-and-tortoise", [("a", "A"), ("a", "B")])
    with pytest.raises(InvalidOptions, match="tables of 2 to 5"):
        desk.create("Cup", "hare-and-tortoise", PLAYERS, table_size=6)
    with pytest.raises(InvalidOptions, match="round-robin of 6"):
        desk.create("Cup", "hare-and-tortoise", PLAYERS, pairing="round-robin", table_size=2, rounds=2)


def test_swiss_rounds_wait_for_the_previous_round_and_stop_at_the_last(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 2)
    first = desk.pair_round(t.id)
    assert first.round == 1 and len(first.games) == 3 and not first.byes
    assert {p for g in first.games for p in g.players} == {p for p, _ in PLAYERS}
    for g in first.games:  # the games were saved with the tournament, seats bound to the player ids
        assert ledger.get_game(g.created.game_id).player_ids == g.players
    with pytest.raises(TournamentRefused, match="still being played"):
        desk.pair_round(t.id)
    for g in first.games:
        play_to_end(ledger, g.created.game_id, seed=str(g.created.game_id))
    second = desk.pair_round(t.id)
    met = {frozenset(g.players) for g in first.games}
    assert all(frozenset(g.players) not in met for g in second.games)  # no rematch while others are available
    for g in second.games:
        play_to_end(ledger, g.created.game_id, seed=str(g.created.game_id))
    with pytest.raises(TournamentRefused, match="all 2 rounds"):
        desk.pair_round(t.id)


def test_adding_games_checks_the_game_and_its_players(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 2)
    ok = ledger.create_game("hare-and-tortoise", ["One", "Two"], SHORT, player_ids=["p1", "p2"])
    play_to_end(ledger, ok.game_id, seed="added")
    assert desk.add_games(t.id, [ok.game_id])[0] == 1
    with pytest.raises(TournamentRefused, match="already in this tournament"):
        desk.add_games(t.id, [ok.game_id])
    stranger = ledger.create_game("hare-and-tortoise", ["One", "Zed"], SHORT, player_ids=["p1", "zed"])
    with pytest.raises(TournamentRefused, match="'zed', who is not a player"):
        desk.add_games(t.id, [stranger.game_id])
    other = ledger.create_game("atiwa", ["One", "Two"], player_ids=["p1", "p2"])
    with pytest.raises(TournamentRefused, match="a game of atiwa"):
        desk.add_games(t.id, [other.game_id])


def test_rulings_are_checked_and_recorded_with_reason_and_actor(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    paired = desk.pair_round(t.id)
    game = paired.games[0]
    gid = game.created.game_id
    with pytest.raises(InvalidOptions, match="reason"):
        desk.record_ruling(t.id, "annulment", " ", "Jo", game_id=gid)
    with pytest.raises(InvalidOptions, match="who records"):
        desk.record_ruling(t.id, "annulment", "why", " ", game_id=gid)
    with pytest.raises(InvalidOptions, match="who forfeits: one of"):
        desk.record_ruling(t.id, "forfeit", "no show", "Jo", game_id=gid, player="p9")
    with pytest.raises(TournamentRefused, match="not finished"):
        desk.record_ruling(t.id, "score_correction", "miscount", "Jo", game_id=gid, scores=[1, 2])
    with pytest.raises(TournamentRefused, match="not a game of this tournament"):
        desk.record_ruling(t.id, "annulment", "why", "Jo", game_id=UUID(int=7))

    ruling, _ = desk.record_ruling(t.id, "forfeit", "no show", "Jo", game_id=gid, player=game.players[0])
    assert (ruling["kind"], ruling["reason"], ruling["actor"]) == ("forfeit", "no show", "Jo")
    with pytest.raises(TournamentRefused, match="already forfeited"):
        desk.record_ruling(t.id, "forfeit", "again", "Jo", game_id=gid, player=game.players[0])

    # A disqualified player forfeits every game and is never paired again.
    out = game.players[1]
    desk.record_ruling(t.id, "disqualification", "abuse", "Jo", player=out)
    for g in paired.games[1:]:
        play_to_end(ledger, g.created.game_id, seed=str(g.created.game_id))
    tournament = desk.get(t.id)
    assert isinstance(tournament, Tournament) and out in tournament.disqualified
    standings = desk.standings(tournament)
    assert standings[-1].player == out and standings[-1].disqualified
    nxt = desk.pair_round(t.id)
    assert out not in {p for g in nxt.games for p in g.players} and len(nxt.byes) == 1


def test_a_forfeit_of_a_game_in_play_ends_it_in_its_own_stream(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    table = desk.pair_round(t.id).games[1]
    gid = table.created.game_id
    play_to_end(ledger, gid, seed="a few moves", stop_after=2)
    seat = ledger.get_game(gid).status().to_act[0]
    command = ledger.get_game(gid).legal_commands(seat)[0]
    ruling, _ = desk.record_ruling(t.id, "forfeit", "did not show up", "Jane", game_id=gid, player=table.players[1])
    assert ruling["ended"] == [str(gid)]
    last = ledger.stream(gid)[-1]
    assert isinstance(last, Game.EndedByRuling)
    assert (last.ruling, last.player, last.reason, last.actor, last.tournament) == (
        "forfeit",
        table.players[1],
        "did not show up",
        "Jane",
        str(t.id),
    )
    with pytest.raises(GameRuled, match="did not show up"):
        ledger.submit(gid, seat, command, "too late")
    # Never finished at the table: a point for the player present (+), none for the absent (-), and no
    # game played or won by either.
    rows = {s.player: s for s in desk.standings(desk.get(t.id))}
    present, absent = rows[table.players[0]], rows[table.players[1]]
    assert (present.points, present.played, present.wins, present.forfeits_won) == (1.0, 0, 0, 1)
    assert (absent.points, absent.played, absent.forfeits_lost) == (0.0, 0, 1)
    with pytest.raises(TournamentRefused, match="no score to correct"):
        desk.record_ruling(t.id, "score_correction", "why", "Jane", game_id=gid, scores=[1, 0])
    # The other player forfeiting too is the tournament's business only: the game is over already.
    again, _ = desk.record_ruling(t.id, "forfeit", "left early", "Jane", game_id=gid, player=table.players[0])
    assert again["ended"] == [] and ledger.stream(gid)[-1] == last


def test_a_disqualification_ends_the_players_games_in_play_only(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    first = desk.pair_round(t.id)
    for g in first.games:
        play_to_end(ledger, g.created.game_id, seed=str(g.created.game_id))
    out = first.games[0].players[0]
    second = desk.pair_round(t.id)
    mine = next(g for g in second.games if out in g.players)
    ruling, _ = desk.record_ruling(t.id, "disqualification", "abuse", "Jane", player=out)
    assert ruling["ended"] == [str(mine.created.game_id)]
    assert ledger.get_game(mine.created.game_id).ruling is not None
    played = ledger.get_game(first.games[0].created.game_id)
    assert played.ruling is None and played.result() is not None  # finished before: its stream is unchanged


def test_a_forfeit_found_out_after_the_game_leaves_its_stream_alone(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    table = desk.pair_round(t.id).games[0]
    gid = table.created.game_id
    play_to_end(ledger, gid, seed="done")
    version = ledger.get_game(gid).version
    ruling, _ = desk.record_ruling(t.id, "forfeit", "used a phone", "Jane", game_id=gid, player=table.players[0])
    assert ruling["ended"] == [] and ledger.get_game(gid).version == version


def test_swiss_round_one_pairs_top_half_against_bottom_half(desk: Tournaments, ledger: Ledger) -> None:
    t, _ = desk.create("Cup", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    paired = desk.pair_round(t.id)
    assert [g.players for g in paired.games] == [["p1", "p4"], ["p5", "p2"], ["p3", "p6"]]
    for g in paired.games:  # deterministic results: every second seat forfeits
        desk.record_ruling(t.id, "forfeit", "no show", "Jo", game_id=g.created.game_id, player=g.players[1])
    second = desk.pair_round(t.id)
    # p1 p3 p5 won: p1-p3, and p5 floats down, where it has met p2, so it meets p4; then p2-p6. Seats
    # alternate by table: no game was played, so nobody has a seat to balance yet.
    assert [g.players for g in second.games] == [["p1", "p3"], ["p4", "p5"], ["p2", "p6"]]
