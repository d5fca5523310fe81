"""Whose turn began where (service/runtime/turns.py): the same versions whether the saves are folded one by one,
heard together, or read afresh from the whole stream (a restart), so a notice's delivery id never changes."""

from __future__ import annotations

from service.ledger import clocks
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.runtime.turns import Turns, start


def _played(plies: int) -> tuple[Ledger, Game, list[dict[int, int]]]:
    """A game of hare-and-tortoise played `plies` commands deep; its turns after each save, folded one by one."""
    ledger = Ledger({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    game = ledger.create_game("hare-and-tortoise", ["ann", "bob"], time_control=clocks.time_control(60)).game
    turns = start(ledger.stream(game.id))
    seen = [dict(turns.since)]
    for ply in range(plies):
        seat = min(game.status().to_act)
        game = ledger.submit(game.id, seat, game.legal_commands(seat)[0], f"r{ply}").game
        turns.advance(ledger.stream(game.id, turns.game.version))
        seen.append(dict(turns.since))
    return ledger, game, seen


def test_turns_begin_where_a_seat_becomes_to_act_or_a_phase_begins() -> None:
    *_, seen = _played(3)
    assert seen[0] == {0: 2, 1: 2}  # after the deal both choose a second bet
    assert seen[1] == {1: 2}  # ann chose: bob's turn goes on
    (first,) = seen[2]
    assert seen[2] == {first: 4}  # the race begins: a new turn for its first player, whoever was to act
    assert seen[3] == {1 - first: 7}


def test_saves_heard_together_or_a_whole_stream_give_the_same_versions() -> None:
    ledger, game, seen = _played(8)
    whole = start(ledger.stream(game.id))  # a restart: the game read afresh
    assert whole.since == seen[-1]
    partway = Turns(ledger.game_at(game.id, 2), {0: 2, 1: 2}, "second_bet")
    partway.advance(ledger.stream(game.id, 2))  # eight saves heard at once
    assert partway.since == seen[-1]


def test_a_turn_is_announced_once() -> None:
    ledger, game, _ = _played(2)
    turns = start(ledger.stream(game.id))
    ((seat, since),) = turns.unannounced()
    assert since == 4 and turns.unannounced() == [(seat, 4)]  # until it is marked announced
    turns.announced[seat] = since
    assert turns.unannounced() == []
