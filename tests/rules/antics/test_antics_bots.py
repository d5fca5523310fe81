"""The bot hooks of Antics! (service/rules/antics/bots.py) and the levels they enable (issue 20).

Rules covered: §8 (everything but the bag's order is public: a resample keeps every view), AN-82
(a won finished game is worth 1, a shared win its share), AN-80/81 (evaluate starts from the rules'
own score).
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce

from service.bots import Policy, choose, supported
from service.rules import antics
from service.rules.antics.data import Token
from service.rules.antics.state import Phase
from service.rules.core import Rng
from tests.rules.antics.antics_support import fresh, options, set_player


def _playout(seed: bytes, seats: int, plies: int) -> list[antics.State]:
    """A random playout: every state it passes through (bounded)."""
    state = fresh(seats, seed)
    seen = [state]
    rng = Rng(seed + b"|playout", 0)
    for version in range(2, plies + 2):
        st = antics.status(state)
        if st.finished:
            break
        seat = st.to_act[0]
        commands = antics.legal_commands(state, seat)
        command = commands[rng.below(len(commands))]
        state = reduce(antics.evolve, antics.decide(state, seat, command, Rng(seed, version), 0), state)
        seen.append(state)
    return seen


def test_S8_resample_keeps_every_view_over_random_playouts() -> None:
    for seats in (2, 3, 4):
        for state in _playout(b"resample-%d" % seats, seats, 400)[::7]:
            for seat in range(seats):
                world = antics.resample(state, seat, Rng(b"bot", seat))
                for viewer in (seat, None):
                    assert antics.view(world, viewer) == antics.view(state, viewer)
                # the one unseen thing, the bag, is exactly what the view's composition says
                assert len(world.bag) == antics.view(state, seat)["bag_size"]


def test_AN_82_evaluate_is_a_share_in_0_1_and_1_for_a_won_game() -> None:
    for state in _playout(b"evaluate", 3, 600)[::5]:
        for seat in range(3):
            assert 0.0 <= antics.evaluate(state, seat) <= 1.0
    done = replace(fresh(3), phase=Phase.FINISHED, winners=(1,), final_scores=(3, 9, 4))
    assert [antics.evaluate(done, s) for s in range(3)] == [0.0, 1.0, 0.0]
    shared = replace(done, winners=(0, 2))
    assert [antics.evaluate(shared, s) for s in range(3)] == [0.5, 0.0, 0.5]


def test_AN_81_evaluate_prefers_the_seat_that_holds_more_prey() -> None:
    state = fresh(3)
    ahead = set_player(state, 0, prey=(Token.BEETLE, Token.LADYBIRD))
    assert antics.evaluate(ahead, 0) > antics.evaluate(state, 0) > antics.evaluate(ahead, 1)
    assert antics.evaluate(state, 0) == antics.evaluate(state, 1)  # nothing yet tells the seats apart


def test_greedy_and_search_levels_are_available() -> None:
    assert supported(antics, "greedy") and supported(antics, "search")


def _game(levels: tuple[str, ...], seed: bytes, max_plies: int = 2500) -> antics.State:
    seats = len(levels)
    opts = options(seats)
    state = reduce(antics.evolve, antics.setup(opts, seats, Rng(seed, 1)), antics.initial_state(seats, opts))
    for version in range(2, max_plies + 2):
        st = antics.status(state)
        if st.finished:
            break
        seat = st.to_act[0]
        command = choose(antics, state, seat, Policy(levels[seat]), Rng(seed + b"|bot|%d" % seat, version), 0)
        state = reduce(antics.evolve, antics.decide(state, seat, command, Rng(seed, version), 0), state)
    return state


def test_greedy_beats_random_at_two_players() -> None:
    """6 games, seats alternating: greedy must win (its share of) at least 4. Random play wins about half."""
    share = 0.0
    for n in range(6):
        levels = ("greedy", "random") if n % 2 == 0 else ("random", "greedy")
        state = _game(levels, b"greedy-vs-random-%d" % n)
        assert antics.status(state).finished
        won = antics.winners(state)
        share += 1 / len(won) if levels.index("greedy") in won else 0.0
    assert share >= 4
