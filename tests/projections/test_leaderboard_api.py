"""ListGames from the summaries and LeaderboardService over a real port (in-process server on SQLite)."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from playledger_client import Client, PlayLedgerError

from clients import bots
from service.config import Settings
from service.server import Running, start

ORGANIZER = "organizer-secret"
SHORT = {"variant": "turbo"}


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 'boards.db'}", port=0, web_port=0, organizer_token=ORGANIZER)
    )
    yield running
    running.stop(0.5)


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}", retries=1) as c:
        yield c


def caught_up(server: Running) -> None:
    assert server.projections is not None and server.projections.wait_caught_up(timeout=30)


def test_list_games_filters_by_status_and_player_and_matches_get_game(server: Running, client: Client) -> None:
    done, tokens = client.create_game("hare-and-tortoise", ["Ann", "Bob"], SHORT, player_ids=["ann", "bob"])
    assert [t.player_id for t in tokens] == ["ann", "bob"]
    bots.play_to_end(client, tokens, seed="filters")
    playing, _ = client.create_game("hare-and-tortoise", ["Bob", "Cy"], SHORT, player_ids=["bob", "cy"])
    caught_up(server)

    assert [g.name for g in client.list_games(status="finished")] == [done.name]
    assert [g.name for g in client.list_games(status="active")] == [playing.name]
    assert [g.name for g in client.list_games(player_id="bob")] == [done.name, playing.name]
    assert [g.name for g in client.list_games(player_id="ann")] == [done.name]
    listed = {g.name: g for g in client.list_games()}
    for name in (done.name, playing.name):
        game = client.get_game(name)
        summary = listed[name]
        status = type(game.status)()
        status.CopyFrom(game.status)
        status.ClearField("outcome")  # a summary lists results; GetGame explains them
        assert (summary.version, summary.status, summary.last_hash) == (game.version, status, game.last_hash)
        assert list(summary.final_scores) == list(game.final_scores)
        assert list(summary.player_ids) == list(game.player_ids)
        assert summary.create_time == game.create_time and summary.update_time == game.update_time
    assert list(listed[done.name].final_scores) and not listed[playing.name].final_scores
    assert not listed[playing.name].seed_hex  # a seed in play is secret...
    organizer = client.as_token(ORGANIZER)
    assert next(g for g in organizer.list_games() if g.name == playing.name).seed_hex  # ...but to the organizer
    with pytest.raises(PlayLedgerError) as bad:
        list(client.list_games(status="paused"))
    assert bad.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_tournament_writes_need_the_organizer_and_reads_follow(server: Running, client: Client) -> None:
    players = [(f"p{i}", f"Player {i}") for i in range(1, 5)]
    with pytest.raises(PlayLedgerError) as denied:
        client.create_tournament("Cup", "hare-and-tortoise", players, SHORT)
    assert denied.value.code == grpc.StatusCode.PERMISSION_DENIED
    organizer = client.as_token(ORGANIZER)
    t = organizer.create_tournament("Cup", "hare-and-tortoise", players, SHORT, "round-robin", 2, actor="Jo")
    assert (t.pairing, t.table_size, t.rounds, len(t.players)) == ("round-robin", 2, 3, 4)
    assert client.standings(t.name).tournament.name == t.name  # readable at once: the write waited for it

    round_no, games, byes = organizer.pair_round(t.name, actor="Jo")
    assert round_no == 1 and len(games) == 2 and not byes
    for game, tokens in games:
        assert {tok.player_id for tok in tokens} <= {p for p, _ in players}
        bots.play_to_end(client, tokens, seed=game)
    caught_up(server)
    standings = client.standings(t.name)
    assert sum(s.points for s in standings.standings) == 2.0  # two games, one point each
    assert [g.state for g in standings.games] == ["finished", "finished"]

    with pytest.raises(PlayLedgerError) as refused:
        organizer.record_ruling(t.name, "forfeit", "no show", "Jo", game=games[0][0], player_id="p9")
    assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(PlayLedgerError) as unknown:
        client.standings("tournaments/00000000-0000-0000-0000-000000000000")
    assert unknown.value.code == grpc.StatusCode.NOT_FOUND

    winner = next(s for s in standings.standings if s.points == 1.0)
    game = next(g for g, toks in games if winner.player_id in {tok.player_id for tok in toks})
    ruling = organizer.record_ruling(t.name, "forfeit", "late arrival", "Jo", game=game, player_id=winner.player_id)
    assert (ruling.reason, ruling.actor) == ("late arrival", "Jo")
    after = {s.player_id: s for s in client.standings(t.name).standings}  # the write waited for the standings
    assert after[winner.player_id].points == 0.0
    assert [r.reason for r in client.standings(t.name).rulings] == ["late arrival"]

    board = list(client.leaderboard("hare-and-tortoise"))
    assert {e.player_id for e in board} == {p for p, _ in players}
    assert [e.rank for e in board] == sorted(e.rank for e in board) and board[0].rank == 1
    assert [tt.name for tt in client.tournaments()] == [t.name]


def test_a_forfeited_game_is_over_for_every_reader_over_the_wire(server: Running, client: Client) -> None:
    organizer = client.as_token(ORGANIZER)
    players = [(f"p{i}", f"Player {i}") for i in range(1, 5)]
    t = organizer.create_tournament("Cup", "hare-and-tortoise", players, SHORT, "swiss", 2, 2, actor="Jo")
    _, games, _ = organizer.pair_round(t.name, actor="Jo")
    (ruled, tokens), (other, _) = games
    # a seat reads the live game (a tournament table shows spectators the game two moves behind)
    to_act = client.as_token(tokens[0].token).get_game(ruled).status.to_act[0]
    seat = client.as_token(tokens[to_act].token)
    assert seat.legal_commands(ruled)  # playable until the ruling
    organizer.record_ruling(t.name, "forfeit", "did not show up", "arbiter Jane", ruled, tokens[1].player_id)

    game = client.get_game(ruled)
    assert (game.status.finished, game.status.phase, list(game.status.to_act)) == (True, "ruled", [])
    assert (game.ruling.kind, game.ruling.player_id, game.ruling.reason) == (
        "forfeit",
        tokens[1].player_id,
        "did not show up",
    )
    assert game.ruling.tournament == t.name and list(game.ruling.seats) == [1] and game.seed_hex
    assert not game.final_scores and not game.winners
    for acting in (seat, client.as_token(tokens[1].token)):
        assert acting.legal_commands(ruled) == []
        with pytest.raises(PlayLedgerError) as refused:
            acting.submit(ruled, "play_cards", {"cards": []})
        assert (refused.value.code, refused.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_RULED")
        assert "forfeit" in refused.value.message and "did not show up" in refused.value.message
    events = list(client.watch(ruled, timeout=10))
    assert events[-1].type == "EndedByRuling" and events[-1].version == game.version
    caught_up(server)
    assert [g.name for g in client.list_games(status="active")] == [other]
    finished = [g for g in client.list_games(status="finished") if g.name == ruled]
    assert finished and finished[0].status.phase == "ruled" and finished[0].last_hash == game.last_hash
