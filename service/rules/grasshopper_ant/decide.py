"""decide: its guards, then one handler per command. The round's choices are here (ants, markers, the peek,
the Cicada and the reveal); what the collector does after (insect help, powers, buying) is in decide_winter.py.
"""

from __future__ import annotations

from service.rules.core import IllegalCommand, Rng
from service.rules.grasshopper_ant.data import ANT_PAWNS, CELLS, PATH_TYPES, Power, card_type, is_connected, is_snake
from service.rules.grasshopper_ant.decide_winter import WINTER_DECIDERS
from service.rules.grasshopper_ant.evolve import evolve
from service.rules.grasshopper_ant.guards import check_cell, expect
from service.rules.grasshopper_ant.messages import (
    AntsPlaced,
    CardsCollected,
    ChooseMarker,
    CicadaPlaced,
    Command,
    DrawReason,
    Event,
    MarkerChosen,
    MarkerPeeked,
    MarkersRevealed,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
)
from service.rules.grasshopper_ant.reasons import Reason
from service.rules.grasshopper_ant.rounds import advance_collection, draw_into_supply, end_round_autumn, fill_pantry
from service.rules.grasshopper_ant.state import Phase, State, card_at, choosers, holds, pawned_types, red_ants
from service.rules.kit import Deciders, Writer

DECIDERS: Deciders[State, Event, int] = Deciders("Grasshopper & Ant", evolve)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    if state.phase is Phase.SETUP:
        raise IllegalCommand("the game has not been set up yet", Reason.WRONG_PHASE)
    if state.finished:
        raise IllegalCommand("the game is over", Reason.GAME_OVER)
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand("only a player at the table can do that", Reason.NOT_A_SEAT)
    registry = WINTER_DECIDERS if WINTER_DECIDERS.handles(command) else DECIDERS
    return registry.decide(state, seat, command, rng, now_ms)


@DECIDERS.on(PlaceAnts)
def _place_ants(out: Writer[State, Event], seat: int, command: PlaceAnts, rng: Rng, now_ms: int) -> None:
    state, cells = out.state, command.cells
    expect(state, seat, Phase.ANT_PLACE, state.ant, "the Ant")
    for cell in sorted(cells):
        check_cell(cell)
        if card_at(state, cell) is None:
            raise IllegalCommand(f"cell {list(cell)} holds no card", Reason.NO_CARD)
    if len(cells) != ANT_PAWNS:
        raise IllegalCommand(
            f"place all {ANT_PAWNS} ants on {ANT_PAWNS} different cards, not {len(cells)}", Reason.PAWNS
        )
    if not is_connected(cells):
        raise IllegalCommand("your ants must form one unbroken chain, touching side to side", Reason.BROKEN_CHAIN)
    if state.snake and not is_snake(cells):
        raise IllegalCommand("your ants must walk in single file from an edge of the grid", Reason.NOT_A_SNAKE)
    out.emit(AntsPlaced(seat=seat, cells=cells))


@DECIDERS.on(ChooseMarker)
def _choose_marker(out: Writer[State, Event], seat: int, command: ChooseMarker, rng: Rng, now_ms: int) -> None:
    state, path_type = out.state, command.path_type
    expect(state, seat, Phase.CHOICES, state.ant if seat == state.ant else None, "the Ant")
    if state.markers[seat] is not None:
        raise IllegalCommand("you have already chosen your marker this round", Reason.ALREADY_CHOSEN)
    if path_type not in pawned_types(state):
        raise IllegalCommand(f"choose a path type under one of your ants; none is on {path_type.value}", Reason.NO_PAWN)
    out.emit(MarkerChosen(seat=seat, path_type=path_type))


@DECIDERS.on(RedAntGuess)
def _red_ant_guess(out: Writer[State, Event], seat: int, command: RedAntGuess, rng: Rng, now_ms: int) -> None:
    state = out.state
    expect(state, seat, Phase.CHOICES, seat if seat in red_ants(state) else None, "a Red Ant")
    if state.markers[seat] is not None:
        raise IllegalCommand("you have already chosen your marker this round", Reason.ALREADY_CHOSEN)
    out.emit(MarkerChosen(seat=seat, path_type=command.path_type))


@DECIDERS.on(PeekMarker)
def _peek(out: Writer[State, Event], seat: int, command: PeekMarker, rng: Rng, now_ms: int) -> None:
    state, slot = out.state, command.slot
    expect(state, seat, Phase.CICADA, state.cicada, "the Cicada")
    if not holds(state, seat, Power.DRAGONFLY):
        raise IllegalCommand("you need the Dragonfly power to peek at a marker", Reason.NO_POWER)
    if state.peek_slot is not None:
        raise IllegalCommand("you have already peeked at a marker this round", Reason.ALREADY_PEEKED)
    if not 0 <= slot < len(PATH_TYPES) - 1:
        raise IllegalCommand(
            f"pick one of the {len(PATH_TYPES) - 1} face-down markers: slot 0, 1 or 2", Reason.BAD_SLOT
        )
    chosen = state.markers[state.ant]
    # GA-P3: the 3 unchosen markers lie face down in a random order; the Cicada turns over one slot.
    slots = rng.shuffled([t for t in PATH_TYPES if t != chosen])
    out.emit(MarkerPeeked(seat=seat, slot=slot, path_type=slots[slot]))


@DECIDERS.on(PlaceCicada)
def _place_cicada(out: Writer[State, Event], seat: int, command: PlaceCicada, rng: Rng, now_ms: int) -> None:
    state, cell = out.state, command.cell
    expect(state, seat, Phase.CICADA, state.cicada, "the Cicada")
    check_cell(cell)
    if cell not in state.ant_cells:
        raise IllegalCommand(f"sit on a card that carries an ant; cell {list(cell)} has none", Reason.NO_ANT_THERE)
    out.emit(CicadaPlaced(seat=seat, cell=cell))
    # GA-30/31: reveal; S = the pawned cards of the Ant's type.
    x = state.markers[state.ant]
    assert x is not None
    haul = tuple(c for pos in CELLS if pos in state.ant_cells and (c := card_at(state, pos)) and card_type(c) is x)
    under = card_at(state, cell)
    right = under is not None and card_type(under) is x
    collector = state.cicada if right else state.ant
    guesses = tuple((s, t) for s in choosers(state)[1:] if (t := state.markers[s]) is not None)
    out.emit(MarkersRevealed(ant_marker=x, guesses=guesses, cicada_right=right, collector=collector, cards=haul))
    if not state.winter:
        fill_pantry(out)
        end_round_autumn(out, rng)
        return
    if right:
        out.emit(CardsCollected(seat=collector, cards=haul))  # GA-37: the Cicada takes exactly S
        return
    # GA-34: the Ant was not blocked; each Red Ant who guessed its type draws a card, clockwise from the Ant.
    for red, guess in guesses:
        if guess is x:
            draw_into_supply(out, rng, red, DrawReason.RED_ANT)
    advance_collection(out)
