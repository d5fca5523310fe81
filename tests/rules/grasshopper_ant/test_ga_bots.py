"""Bot hooks (issue 20): `resample` redraws only what a seat cannot see (spec §10), `evaluate` rates a position.

Run with `-s` to see the measured greedy-vs-random share printed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from typing import Any

import pytest

from service.bots import Policy, choose
from service.rules import grasshopper_ant as ga
from service.rules.core import Rng
from service.rules.grasshopper_ant.data import PATH_TYPES, PathType, Power
from service.rules.grasshopper_ant.messages import PeekMarker
from service.rules.grasshopper_ant.state import Phase, State
from tests.rules.grasshopper_ant.ga_support import chosen, options, placed, play, set_up, with_powers
from tests.support.playout import play as playout
from tests.support.playout import random_chooser

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"autumn_open": True}),
    (2, {"mode": "winter"}),
    (3, {"mode": "winter"}),
    (4, {"mode": "winter", "powers": True}),
]


def _states(seats: int, opts: dict[str, Any], seed: bytes) -> list[State]:
    """Every state of one random playout (rebuilt from its events, so each is a live position)."""
    p = playout(ga, seats, seed, random_chooser(Rng(seed, 0)), opts)
    start = ga.initial_state(seats, options(seats, **opts))
    out, state = [], start
    for event in p.history:
        state = ga.evolve(state, event)
        out.append(state)
    return out


@pytest.mark.parametrize(("seats", "opts"), VARIANTS)
def test_GA_13_14_P3_P5_resample_keeps_every_seats_view_over_random_playouts(seats: int, opts: dict[str, Any]) -> None:
    """What a seat sees (spec §10: markers before GA-30, the GA-P3 peek, GA-P5 cards) is kept; the rest is redrawn."""
    for k, state in enumerate(_states(seats, opts, f"resample-{seats}-{sorted(opts)}".encode())):
        if k % 3:
            continue
        for seat in range(seats):
            world = ga.resample(state, seat, Rng(b"bot", k))
            assert ga.view(world, seat) == ga.view(state, seat), (k, seat)
            assert ga.status(world) == ga.status(state)
            assert sorted(world.deck + tuple(c for c in world.cocoons if c)) == sorted(
                state.deck + tuple(c for c in state.cocoons if c)
            ), "cards neither appear nor vanish"


@pytest.mark.parametrize(("seats", "opts"), VARIANTS[2:])
def test_GA_13_14_P5_any_two_positions_alike_to_a_seat_give_it_the_same_redraws(
    seats: int, opts: dict[str, Any]
) -> None:
    """A redraw is itself a position that looks the same to the seat: redrawing it again gives the same world."""
    differed = 0
    for k, state in enumerate(_states(seats, opts, f"alike-{seats}".encode())):
        for seat in range(seats):
            other = ga.resample(state, seat, Rng(b"other", k))
            differed += other != state
            assert ga.resample(other, seat, Rng(b"bot", k)) == ga.resample(state, seat, Rng(b"bot", k)), (k, seat)
    assert differed, "no hidden information was ever redrawn"


def _cicada_to_choose(marker: str) -> State:
    """3-player Winter with the Dragonfly held by the Cicada (seat 1): the Ant chose `marker`, the Red Ant ST."""
    state = with_powers(set_up(3, mode="winter", powers=True), {Power.DRAGONFLY: 1})
    state = chosen(placed(state), marker, {2: "ST"})
    assert state.phase is Phase.CICADA
    return state


def test_GA_13_the_ants_marker_is_redrawn_among_the_types_under_its_pawns_for_everyone_else() -> None:
    state = _cicada_to_choose("TC")  # the block covers TC, ST, WD and TL cards
    seen = {ga.resample(state, 1, Rng(b"bot", v)).markers[0] for v in range(40)}
    assert seen == {PathType(t) for t in ("TC", "ST", "WD", "TL")}
    assert {ga.resample(state, 0, Rng(b"bot", v)).markers[0] for v in range(10)} == {PathType.TC}  # its own


def test_GA_14_a_red_ants_guess_is_redrawn_for_others_and_kept_for_itself() -> None:
    state = _cicada_to_choose("TC")
    assert {ga.resample(state, 0, Rng(b"bot", v)).markers[2] for v in range(40)} == set(PATH_TYPES)
    assert {ga.resample(state, 2, Rng(b"bot", v)).markers[2] for v in range(10)} == {PathType.ST}


def test_GA_13_14_states_that_look_the_same_to_a_seat_give_the_same_redraws() -> None:
    """Two positions differing only in the Ant's and the Red Ant's secret markers look alike to the Cicada."""
    one, two = _cicada_to_choose("TC"), _cicada_to_choose("WD")
    two = replace(two, markers=(two.markers[0], None, PathType.TL))
    assert one != two and ga.view(one, 1) == ga.view(two, 1)
    for v in range(10):
        assert ga.resample(one, 1, Rng(b"bot", v)) == ga.resample(two, 1, Rng(b"bot", v))


def test_GA_P3_a_cicada_who_peeked_never_redraws_the_ant_onto_the_peeked_marker() -> None:
    state, _ = play(_cicada_to_choose("TC"), 1, PeekMarker(slot=0))
    peeked = state.peeked
    assert peeked is not None and peeked is not PathType.TC
    for v in range(30):
        world = ga.resample(state, 1, Rng(b"bot", v))
        assert world.peeked == peeked and world.markers[0] is not peeked
        assert ga.view(world, 1) == ga.view(state, 1)
        other = ga.resample(state, 2, Rng(b"bot", v))  # the Red Ant did not see the peek: redrawn, never the Ant's
        assert other.peeked is not None and other.peeked is not other.markers[0]


def test_evaluate_is_in_0_1_and_a_finished_game_scores_its_result() -> None:
    for seats, opts in VARIANTS:
        states = _states(seats, opts, f"evaluate-{seats}".encode())
        for state in states[::5]:
            for seat in range(seats):
                assert 0.0 <= ga.evaluate(state, seat) <= 1.0
        end = states[-1]
        assert end.phase is Phase.FINISHED
        for seat in range(seats):
            expected = 1.0 / len(end.winners) if seat in end.winners else 0.0
            assert ga.evaluate(end, seat) == expected
    won = replace(end, winners=(1,))
    assert ga.evaluate(won, 1) == 1.0 and ga.evaluate(won, 0) == 0.0


def test_GA_90_evaluate_prefers_the_seat_with_more_points() -> None:
    state = set_up(2)
    ahead = replace(state, shelves=((4, 0, 0, 0), (1, 0, 0, 0)))  # 10 points against 1
    assert ga.evaluate(ahead, 0) > 0.5 > ga.evaluate(ahead, 1)


def _bot_game(levels: list[str], seed: bytes, opts: dict[str, Any]) -> State:
    seats = len(levels)
    normal = options(seats, **opts)
    state = reduce(ga.evolve, ga.setup(normal, seats, Rng(seed, 1)), ga.initial_state(seats, normal))
    for version in range(2, 600):  # bounded: an Autumn game takes ~50 commands
        if state.finished:
            break
        seat = ga.status(state).to_act[0]
        command = choose(ga, state, seat, Policy(levels[seat]), Rng(seed + b"|bot", version), 0)
        assert command is not None
        state = reduce(ga.evolve, ga.decide(state, seat, command, Rng(seed, version), 0), state)
    assert state.finished, "the game ended by its own rules"
    return state


def test_greedy_beats_random_at_two_players() -> None:
    games, share = 12, 0.0
    for g in range(games):
        me = g % 2  # the greedy bot takes either seat
        levels = ["greedy", "random"] if me == 0 else ["random", "greedy"]
        end = _bot_game(levels, f"greedy-{g}".encode(), {})
        share += 1.0 / len(end.winners) if me in end.winners else 0.0
    print(f"greedy vs random, Autumn 2p: {share}/{games}")
    assert share >= 8, f"greedy won only {share} of {games} games against random"
