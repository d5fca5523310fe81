"""Role rotation (GA-60..62) with the rulebook's cases GA-T08..T10."""

from __future__ import annotations

from dataclasses import replace

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.messages import Pass, RoundStarted
from service.rules.grasshopper_ant.state import State, red_ants
from tests.rules.grasshopper_ant.ga_support import GRID, events_of, play, round_to_reveal, set_up

RIGHT, WRONG = (0, 0), (0, 1)  # with marker TC: (0,0) is TC-01, (0,1) is ST-01


def next_round(state: State, cicada_cell: tuple[int, int], guesses: dict[int, str] | None = None) -> State:
    state = replace(state, grid=GRID)  # the same layout every round, so the markers below stay meaningful
    state, events = round_to_reveal(state, "TC", cicada_cell, guesses=guesses)
    if state.winter:
        state, events = play(state, state.collector, Pass())
    assert events_of(events, RoundStarted)
    return state


def test_GA_60_ant_passes_left_after_collecting_cicada_always_passes_left() -> None:
    state = set_up(4)  # Ant 0, Cicada 1
    state = next_round(state, WRONG)  # the Ant collects
    assert (state.ant, state.cicada) == (1, 2)
    state = next_round(state, RIGHT)  # the Cicada collects: the Ant keeps the role
    assert (state.ant, state.cicada) == (1, 3)


def test_GA_60_the_ant_keeps_the_role_until_it_collects() -> None:
    state = set_up(3)
    for expected_cicada in (2, 1, 2):
        state = next_round(state, RIGHT)
        assert state.ant == 0 and state.cicada == expected_cicada
    state = next_round(state, WRONG)
    assert state.ant == 1


def test_GA_61_the_new_roles_and_red_ants() -> None:
    state = next_round(set_up(4, mode="winter"), WRONG, guesses={2: "TC", 3: "WD"})
    assert (state.ant, state.cicada) == (1, 2)
    assert red_ants(state) == (0, 3)
    assert ga.view(state, None)["roles"] == ["red_ant", "ant", "cicada", "red_ant"]


def test_GA_62_two_players_success_swaps_failure_keeps_both() -> None:
    state = next_round(set_up(2), WRONG)
    assert (state.ant, state.cicada) == (1, 0)
    state = next_round(state, RIGHT)
    assert (state.ant, state.cicada) == (1, 0)


def test_GA_T08_roles_2p() -> None:
    a, b = 0, 1
    state = set_up(2, ant=a, cicada=b)
    state = next_round(state, WRONG)  # A collects
    assert (state.ant, state.cicada) == (b, a)
    state = next_round(state, RIGHT)  # the Cicada (A) guesses right
    assert (state.ant, state.cicada) == (b, a)


def test_GA_T09_roles_3p_cicada_cannot_be_the_ant() -> None:
    a, b, c = 0, 1, 2
    state = set_up(3, ant=a, cicada=b)
    state = next_round(state, RIGHT)
    assert (state.ant, state.cicada) == (a, c)
    state = next_round(state, RIGHT)  # left(C) = A is the Ant: the Cicada goes to B
    assert (state.ant, state.cicada) == (a, b)


def test_GA_T10_roles_4p_winter_red_ants() -> None:
    a, b, c, d = 0, 1, 2, 3
    state = set_up(4, ant=a, cicada=d, mode="winter")
    assert red_ants(state) == (b, c)
    state = next_round(state, WRONG, guesses={b: "ST", c: "TL"})  # the Ant collects
    assert (state.ant, state.cicada) == (b, a)
    assert red_ants(state) == (c, d)


def test_GA_A6_one_ant_role_whatever_the_greek_name_the_cicada_is_the_grasshopper() -> None:
    state = set_up(3)
    assert ga.view(state, None)["roles"] == ["ant", "cicada", "idle"]
    assert "Grasshopper" in ga.metadata.title and "Cicada" in ga.metadata.summary
