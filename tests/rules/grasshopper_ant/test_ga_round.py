"""The round in both modes: ant chain (GA-10..12), secret markers (GA-13/14), the Cicada (GA-20), reveal (GA-30..33)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.data import CHAINS, SNAKES, PathType, is_connected, is_snake
from service.rules.grasshopper_ant.messages import (
    AntsPlaced,
    ChooseMarker,
    CicadaPlaced,
    MarkerChosen,
    MarkersRevealed,
    PantryFilled,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
    RoundStarted,
)
from service.rules.grasshopper_ant.state import Phase
from tests.rules.grasshopper_ant.ga_support import (
    BLOCK,
    GRID,
    chosen,
    events_of,
    placed,
    play,
    refused,
    round_to_reveal,
    set_up,
    when,
)


def cells(*pairs: tuple[int, int]) -> frozenset[tuple[int, int]]:
    return frozenset(pairs)


def test_GA_10_all_six_pawns_on_six_different_cards() -> None:
    state = set_up()
    assert when(state, 0, PlaceAnts(cells=BLOCK)) == [AntsPlaced(seat=0, cells=BLOCK)]
    five = cells((0, 0), (0, 1), (0, 2), (0, 3), (1, 3))
    refused(state, 0, PlaceAnts(cells=five), "PAWNS")
    seven = five | {(2, 3), (3, 3)}
    refused(state, 0, PlaceAnts(cells=seven), "PAWNS")
    refused(state, 1, PlaceAnts(cells=BLOCK), "NOT_YOUR_TURN")
    refused(state, 0, PlaceAnts(cells=cells((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (4, 3))), "BAD_CELL")


def test_GA_11_one_orthogonally_connected_group() -> None:
    state = set_up()
    line = cells((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))
    split = cells((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2))
    assert when(state, 0, PlaceAnts(cells=line))
    refused(state, 0, PlaceAnts(cells=split), "BROKEN_CHAIN")
    assert len(CHAINS) == 496 and all(is_connected(c) for c in CHAINS)


def test_GA_T07_diagonal_link_rejected_L_T_and_block_accepted() -> None:
    state = set_up()
    diagonal = cells((0, 0), (1, 1), (1, 2), (1, 3), (2, 3), (3, 3))  # (0,0) touches (1,1) by a corner only
    refused(state, 0, PlaceAnts(cells=diagonal), "BROKEN_CHAIN")
    l_shape = cells((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2))
    t_shape = cells((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (2, 1))
    for shape in (l_shape, t_shape, BLOCK):
        assert when(state, 0, PlaceAnts(cells=shape)) == [AntsPlaced(seat=0, cells=shape)]


def test_GA_OPT_SNAKE_single_file_from_an_edge() -> None:
    state = set_up(snake=True)
    assert state.snake
    refused(state, 0, PlaceAnts(cells=BLOCK), "NOT_A_SNAKE")
    t_shape = cells((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (2, 1))
    refused(state, 0, PlaceAnts(cells=t_shape), "NOT_A_SNAKE")
    s_shape = cells((0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3))
    assert when(state, 0, PlaceAnts(cells=s_shape))
    assert len(SNAKES) == 148 and all(is_snake(c) for c in SNAKES)
    assert set(ga.legal_commands(state, 0)) == {PlaceAnts(cells=c) for c in SNAKES}


def test_GA_A1_chain_is_any_connected_shape_by_default() -> None:
    state = set_up()
    assert not state.snake
    assert set(ga.legal_commands(state, 0)) == {PlaceAnts(cells=c) for c in CHAINS}
    assert PlaceAnts(cells=BLOCK) in ga.legal_commands(state, 0)


def test_GA_G10_placement_rule_is_the_connected_group() -> None:
    assert not is_connected(cells((0, 0), (1, 1)))
    assert is_connected(cells((0, 0), (0, 1), (1, 1)))


def test_GA_12_pawns_only_on_cells_holding_a_card() -> None:
    state = set_up(mode="winter")
    grid = list(state.grid)
    grid[0] = None  # (0, 0) left empty by an exhausted deck (GA-51)
    state = replace(state, grid=tuple(grid))
    refused(state, 0, PlaceAnts(cells=BLOCK), "NO_CARD")
    legal = ga.legal_commands(state, 0)
    assert legal and all((0, 0) not in cmd.cells for cmd in legal if isinstance(cmd, PlaceAnts))
    assert len(legal) == sum((0, 0) not in c for c in CHAINS)


def test_GA_13_ant_secretly_chooses_a_type_under_one_of_its_pawns() -> None:
    state = placed(set_up())
    assert state.phase is Phase.CHOICES
    assert ga.status(state).to_act == (0,)
    assert set(ga.legal_commands(state, 0)) == {ChooseMarker(path_type=t) for t in PathType}
    events = when(state, 0, ChooseMarker(path_type=PathType.TC))
    assert events == [MarkerChosen(seat=0, path_type=PathType.TC)]
    assert ga.redact(events[0], 1) == MarkerChosen(seat=0, path_type=None)
    assert ga.redact(events[0], None) == MarkerChosen(seat=0, path_type=None)
    assert ga.redact(events[0], 0) == events[0]


def test_GA_T06_choosing_a_type_without_a_pawn_is_rejected() -> None:
    line = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 1)})  # TC, ST, TC, WD, TC, ST: no TL
    state = placed(set_up(), line)
    refused(state, 0, ChooseMarker(path_type=PathType.TL), "NO_PAWN")
    assert ChooseMarker(path_type=PathType.TL) not in ga.legal_commands(state, 0)
    refused(state, 1, ChooseMarker(path_type=PathType.TC), "NOT_YOUR_TURN")


def test_GA_14_red_ants_guess_any_type_simultaneously_with_the_ant() -> None:
    state = placed(set_up(4, mode="winter"))
    assert ga.status(state).to_act == (0, 2, 3)  # the Ant and the two Red Ants, all at once
    assert set(ga.legal_commands(state, 2)) == {RedAntGuess(path_type=t) for t in PathType}
    assert ga.legal_commands(state, 1) == []  # the Cicada waits
    state, events = play(state, 3, RedAntGuess(path_type=PathType.WD))
    assert ga.redact(events[0], 0) == MarkerChosen(seat=3, path_type=None)
    assert ga.status(state).to_act == (0, 2)
    refused(state, 3, RedAntGuess(path_type=PathType.TC), "ALREADY_CHOSEN")
    refused(state, 0, RedAntGuess(path_type=PathType.TC), "NOT_YOUR_TURN")
    refused(state, 2, ChooseMarker(path_type=PathType.TC), "NOT_YOUR_TURN")
    state, _ = play(state, 0, ChooseMarker(path_type=PathType.TC))
    assert state.phase is Phase.CHOICES
    state, _ = play(state, 2, RedAntGuess(path_type=PathType.TC))
    assert state.phase is Phase.CICADA  # resolved by the last of the three
    assert ga.status(state).to_act == (1,)


def test_GA_A4_red_ants_choose_after_the_pawns_are_visible() -> None:
    state = set_up(3, mode="winter")
    assert ga.status(state).to_act == (0,)  # only the Ant places first
    refused(state, 2, RedAntGuess(path_type=PathType.TC), "WRONG_PHASE")
    assert ga.view(placed(state), 2)["grid"][0][0]["ant"] is True


def test_GA_20_cicada_sits_on_a_card_carrying_an_ant() -> None:
    state = chosen(placed(set_up()), "TC")
    assert state.phase is Phase.CICADA
    assert set(ga.legal_commands(state, 1)) == {PlaceCicada(cell=c) for c in BLOCK}
    refused(state, 1, PlaceCicada(cell=(3, 3)), "NO_ANT_THERE")
    refused(state, 1, PlaceCicada(cell=(9, 9)), "BAD_CELL")
    refused(state, 0, PlaceCicada(cell=(0, 0)), "NOT_YOUR_TURN")
    waiting = placed(set_up())
    refused(waiting, 1, PlaceCicada(cell=(0, 0)), "WRONG_PHASE")


def test_GA_30_reveal_names_the_type_and_the_matching_pawned_cards() -> None:
    _, events = round_to_reveal(set_up(), "TC", (0, 1))
    assert isinstance(events[0], CicadaPlaced)
    reveal = events_of(events, MarkersRevealed)[0]
    assert reveal.ant_marker is PathType.TC
    assert reveal.cards == ("TC-01", "TC-02", "TC-03")


def test_GA_T04_cicada_right_collects_the_three_cards() -> None:
    state, events = round_to_reveal(set_up(), "TC", (1, 1))  # TC-03 is a TC card
    reveal = events_of(events, MarkersRevealed)[0]
    assert reveal.cicada_right and reveal.collector == 1
    assert events_of(events, PantryFilled)[0].seat == 1
    assert state.shelves[1][0] == 3


def test_GA_T05_cicada_wrong_the_ant_collects_the_three_cards() -> None:
    state, events = round_to_reveal(set_up(), "TC", (0, 1))  # ST-01
    reveal = events_of(events, MarkersRevealed)[0]
    assert not reveal.cicada_right and reveal.collector == 0
    assert state.shelves[0][0] == 3 and state.shelves[1] == (0, 0, 0, 0)


def test_GA_31_the_cicada_collects_exactly_when_its_card_is_the_ants_type() -> None:
    for cell in sorted(BLOCK):
        _, events = round_to_reveal(set_up(), "ST", cell)
        reveal = events_of(events, MarkersRevealed)[0]
        assert reveal.cicada_right == (GRID[cell[0] * 4 + cell[1]].startswith("ST"))
        assert reveal.collector == (1 if reveal.cicada_right else 0)


def test_GA_32_only_the_pawned_cards_of_the_type_are_taken() -> None:
    state, events = round_to_reveal(set_up(), "ST", (0, 0))
    assert events_of(events, MarkersRevealed)[0].cards == ("ST-01",)  # ST-02 at (1,3) has no pawn: it stays
    collected = events_of(events, PantryFilled)[0]
    assert collected.cards == ("ST-01",)
    assert "ST-02" in state.grid and "TC-01" in state.grid


def test_GA_33_pawns_leave_the_grid_after_collection() -> None:
    state, events = round_to_reveal(set_up(), "TC", (0, 1))
    assert isinstance(events[-1], RoundStarted)
    assert state.ant_cells == frozenset() and state.cicada_cell is None
    view = ga.view(state, None)
    assert not any(cell and (cell["ant"] or cell["cicada"]) for row in view["grid"] for cell in row)


@pytest.mark.parametrize("mode", ["autumn", "winter"])
def test_commands_out_of_phase_and_from_spectators(mode: str) -> None:
    state = set_up(mode=mode)
    refused(state, None, PlaceAnts(cells=BLOCK), "NOT_A_SEAT")
    refused(state, 5, PlaceAnts(cells=BLOCK), "NOT_A_SEAT")
    refused(state, 0, ChooseMarker(path_type=PathType.TC), "WRONG_PHASE")
    assert ga.legal_commands(state, None) == []
    refused(ga.initial_state(2, {"mode": mode}), 0, PlaceAnts(cells=BLOCK), "WRONG_PHASE")
    with pytest.raises(TypeError):
        when(state, 0, "jump")  # type: ignore[arg-type]
