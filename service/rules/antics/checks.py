"""The checks of the rules, one per command: each returns the IllegalCommand that stands in the way, or None.

decide.py raises what they return; legal.py keeps the candidates they pass, so what is offered and what is
accepted come from the same rule. This file: whose turn and which phase, the markers (AN-01..07), Scout
(AN-10), Build (AN-15, AN-20..24), Hatch (AN-30), finishing an action and the anteater's meal (AN-61).
The board's paths (Ants, Drag, Steal) are in checks_paths.py.
"""

from __future__ import annotations

from service.rules.antics.board import BASE, are_neighbours, neighbours
from service.rules.antics.data import (
    DISPLAY_ROWS,
    HATCHERIES,
    MAX_HEIGHT,
    PREY,
    SITE_INDEX,
    SITE_TOKEN,
    SITES,
    Action,
    Hatchery,
    Hex,
    Meal,
)
from service.rules.antics.messages import BuildTile
from service.rules.antics.reasons import Reason
from service.rules.antics.state import Cell, Coord, Phase, State, cell_map
from service.rules.core import IllegalCommand


def turn_refusal(state: State, seat: int | None) -> IllegalCommand | None:
    if state.phase is Phase.FINISHED:
        return IllegalCommand("the game is over", Reason.GAME_OVER)
    if seat is None:
        return IllegalCommand("Antics! has no automatic moves", Reason.NO_AUTOMATIC_MOVES)
    if state.phase in (Phase.SETUP, Phase.UPDATE):
        return IllegalCommand("the game is not ready for moves", Reason.WRONG_PHASE)
    if seat != state.current:
        return IllegalCommand(f"it is seat {state.current}'s turn, not yours", Reason.NOT_YOUR_TURN)
    return None


def free_phase_refusal(state: State) -> IllegalCommand | None:
    """Commands that need no action under way (markers, ending the turn)."""
    if state.phase is Phase.FEEDING:
        return IllegalCommand("first choose what the anteater eats", Reason.WRONG_PHASE)
    if state.phase is Phase.ACTION:
        return IllegalCommand("finish your current action first", Reason.ACTION_UNDER_WAY)
    return None


def pending_refusal(state: State, action: Action) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return IllegalCommand("first choose what the anteater eats", Reason.WRONG_PHASE)
    if state.pending is None or state.pending.action is not action:
        return IllegalCommand(f"you are not taking a {action.value} action now", Reason.WRONG_ACTION)
    return None


def marker_refusal(state: State) -> IllegalCommand | None:
    if (problem := free_phase_refusal(state)) is not None:
        return problem
    if state.markers >= state.actions:
        return IllegalCommand(f"you have taken all {state.actions} actions of this turn", Reason.NO_ACTIONS_LEFT)
    return None


def use_hex_refusal(state: State, seat: int, q: int, r: int) -> IllegalCommand | None:
    if (problem := marker_refusal(state)) is not None:
        return problem
    cell = cell_map(state.players[seat]).get((q, r))
    if cell is None:
        return IllegalCommand(f"there is no tile on your ant-hill at ({q}, {r})", Reason.NO_HEX)
    if cell.hex is Hex.FUNGUS:
        return IllegalCommand("a fungus hex offers no action", Reason.NOT_AN_ACTION)
    if (q, r) in state.used_hexes:
        return IllegalCommand("that hex already holds one of your markers this turn", Reason.SPACE_USED)  # AN-02
    return None


def magnificant_refusal(state: State) -> IllegalCommand | None:
    if (problem := marker_refusal(state)) is not None:
        return problem
    if state.magnificant_used:
        return IllegalCommand("your magnificANT already holds a marker this turn", Reason.SPACE_USED)  # AN-02
    return None


def scout_refusal(state: State, row: int, column: int) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.SCOUT)) is not None:
        return problem
    assert state.pending is not None
    level = state.pending.level
    if not 1 <= row <= DISPLAY_ROWS:
        return IllegalCommand(f"the display has rows 1 to {DISPLAY_ROWS}", Reason.NO_SUCH_SLOT)
    if not 1 <= column <= level:  # AN-10
        return IllegalCommand(
            f"a level-{level} Scout takes tiles from columns 1 to {level} only", Reason.COLUMN_OUT_OF_REACH
        )
    if column in state.pending.columns:
        return IllegalCommand(f"you already took a tile from column {column} in this action", Reason.COLUMN_USED)
    if state.display[row - 1].tiles[column - 1] is None:
        return IllegalCommand(f"there is no tile at row {row}, column {column}", Reason.NO_TILE)
    return None


def attachable(cells: dict[Coord, Cell]) -> set[Coord]:
    """AN-22: the cells a level-1 tile may start from - the base and every cell next to a built one."""
    return set(BASE).union(*(neighbours(c) for c in cells))


def placement_refusal(
    state: State,
    seat: int,
    a: Coord,
    b: Coord,
    cells: dict[Coord, Cell] | None = None,
    touching: set[Coord] | None = None,
) -> IllegalCommand | None:
    """AN-20..24 and AN-07 for a tile laid on cells a and b (the tile itself is checked apart)."""
    if not are_neighbours(a, b):
        return IllegalCommand("a tile covers two neighbouring cells", Reason.CELLS_NOT_ADJACENT)  # AN-21
    if cells is None:
        cells = cell_map(state.players[seat])
    ca, cb = cells.get(a), cells.get(b)
    ha = ca.height if ca else 0
    hb = cb.height if cb else 0
    if ha != hb:
        return IllegalCommand("both cells under a tile must be at the same height", Reason.UNEVEN)  # AN-21/23
    if ha + 1 > MAX_HEIGHT:
        return IllegalCommand(f"an ant-hill has at most {MAX_HEIGHT} levels", Reason.TOO_HIGH)  # AN-24
    if a in state.used_hexes or b in state.used_hexes:
        return IllegalCommand(
            "you cannot cover a hex that holds one of your markers", Reason.MARKER_IN_THE_WAY
        )  # AN-07
    if ha == 0:  # AN-22
        if touching is None:
            touching = attachable(cells)
        if a not in touching and b not in touching:
            return IllegalCommand("a level-1 tile must touch your base or your ant-hill", Reason.NOT_ATTACHED)
        return None
    assert ca is not None and cb is not None
    if ca.tile == cb.tile:  # AN-23
        return IllegalCommand("a tile must straddle two different tiles below it", Reason.ON_ONE_TILE)
    return None


def build_refusal(state: State, seat: int, cmd: BuildTile) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.BUILD)) is not None:
        return problem
    if cmd.tile not in state.players[seat].tiles:
        return IllegalCommand(f"tile {cmd.tile} is not in your tile supply", Reason.NOT_IN_SUPPLY)
    return placement_refusal(state, seat, (cmd.q1, cmd.r1), (cmd.q2, cmd.r2))


def hatch_valid(hatched: tuple[Hatchery, ...]) -> bool:
    """AN-30: one ant alone, or at least two of them in the same hatchery."""
    return len(hatched) <= 1 or len(set(hatched)) < len(hatched)


def hatch_refusal(state: State, seat: int, hatchery: Hatchery) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.HATCH)) is not None:
        return problem
    assert state.pending is not None
    if state.players[seat].ants < 1:
        return IllegalCommand("you have no ant left in your supply", Reason.NO_ANTS)
    after = (*state.pending.hatched, hatchery)
    # AN-30: the ants of one Hatch must still be able to end with two in one hatchery.
    if not hatch_valid(after) and (state.pending.remaining < 2 or state.players[seat].ants < 2):
        return IllegalCommand(
            "when you hatch several ants, at least two must go into the same hatchery", Reason.HATCH_SPREAD
        )
    return None


def finish_refusal(state: State) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return IllegalCommand("first choose what the anteater eats", Reason.WRONG_PHASE)
    if state.pending is None:
        return IllegalCommand("you are not taking an action now", Reason.NO_ACTION_UNDER_WAY)
    if state.pending.action is Action.HATCH and not hatch_valid(state.pending.hatched):  # AN-30
        return IllegalCommand("at least two of the ants you hatch must go into the same hatchery", Reason.HATCH_SPREAD)
    return None


def meal_choices(state: State) -> tuple[list[str], list[Hatchery]]:
    """AN-61: the prey sites and hatcheries the arriving anteater may eat from (with the fallbacks)."""
    if state.feeding is None:
        return [], []
    prey = [site for site in SITES if SITE_TOKEN[site] in PREY and state.sites[SITE_INDEX[site]] > 0]
    hatch = [h for i, h in enumerate(HATCHERIES) if sum(state.hatcheries[i]) > 0]
    match state.feeding.meal:
        case Meal.PREY:
            return (prey, []) if prey else ([], hatch)
        case Meal.HATCHERY:
            return ([], hatch) if hatch else (prey, [])
    return prey, hatch


def feed_refusal(state: State, site: str | None, hatchery: Hatchery | None) -> IllegalCommand | None:
    if state.phase is not Phase.FEEDING:
        return IllegalCommand("no anteater is waiting for a meal", Reason.WRONG_PHASE)
    prey, hatch = meal_choices(state)
    if site is not None and site not in prey:
        return IllegalCommand(f"the anteater cannot eat a prey token from {site!r} now", Reason.NOT_ON_MENU)
    if hatchery is not None and hatchery not in hatch:
        return IllegalCommand(f"the anteater cannot eat the {hatchery.value} hatchery now", Reason.NOT_ON_MENU)
    return None
