"""What happens between turns: the display update after a turn (AN-60..66), the anteaters' meals (AN-61/62),
the refill of the display (AN-S6, AN-63), the next turn, and the end of the game (AN-70..72).

The helpers take the decision's Writer and emit into it; decide.py and setup.py call them.
"""

from __future__ import annotations

from service.rules.antics.checks import meal_choices
from service.rules.antics.data import (
    ACTIONS_PER_TURN,
    ANTEATER_START_COLUMN,
    DISPLAY_COLUMNS,
    DISPLAY_ROWS,
    EXHAUSTED_TYPES_TO_END,
    FIRST_ROUND_ACTIONS,
    GUIDE_CYCLE,
    MAX_ROUNDS,
    PREY,
    SITE_INDEX,
    SITE_TOKEN,
    EndReason,
    is_fungus_tile,
)
from service.rules.antics.messages import (
    AnteaterArrived,
    AnteaterReturned,
    DisplayCompacted,
    DisplayRow,
    EndTriggered,
    Event,
    GameFinished,
    PreyExhausted,
    TilePlaced,
    TilesDrawn,
    TurnStarted,
)
from service.rules.antics.scoring import current_scores, heights, rank_winners
from service.rules.antics.state import Coord, State
from service.rules.core import Rng
from service.rules.kit import Writer


def refill(state: State, rng: Rng) -> TilesDrawn | None:
    """AN-S6 / AN-63: draw one tile at a time; fungus tiles to the highest column with a gap, others to the lowest."""
    rows = [list(r.tiles) for r in state.display]
    bag = list(state.bag)
    placed: list[TilePlaced] = []
    while bag:
        gaps = [
            (column, row)
            for column in range(1, DISPLAY_COLUMNS + 1)
            for row in range(1, DISPLAY_ROWS + 1)
            if rows[row - 1][column - 1] is None and state.display[row - 1].anteater != column
        ]
        if not gaps:
            break
        tile = bag.pop(rng.below(len(bag)))
        if is_fungus_tile(tile):
            top = max(c for c, _ in gaps)
            column, row = min((c, r) for c, r in gaps if c == top)
        else:
            column, row = gaps[0]
        rows[row - 1][column - 1] = tile
        placed.append(TilePlaced(tile=tile, row=row, column=column))
    return TilesDrawn(placements=tuple(placed)) if placed else None


def start_turn(out: Writer[State, Event], seat: int, final_turns_left: int | None) -> None:
    s = out.state
    round_ = s.turn // s.seats + 1
    offset = s.turn % s.seats
    actions = FIRST_ROUND_ACTIONS[offset] if round_ == 1 and offset < len(FIRST_ROUND_ACTIONS) else ACTIONS_PER_TURN
    out.emit(TurnStarted(seat=seat, round=round_, actions=actions, final_turns_left=final_turns_left))


def note_exhausted(out: Writer[State, Event], site: str) -> None:
    """AN-65: the last prey token of a type left its site."""
    token = SITE_TOKEN[site]
    if token in PREY and out.state.sites[SITE_INDEX[site]] == 0 and token not in out.state.exhausted:
        out.emit(PreyExhausted(prey=token))


# --- the display update after a turn (AN-60..66) and the end of the game (AN-70..72) -------------------
def _compacted(row_index: int, row: DisplayRow, taken: tuple[Coord, ...]) -> DisplayRow:
    """AN-60: tiles close up; the anteater moves left by the tiles taken in front of it."""
    a = row.anteater
    front = [t for c, t in enumerate(row.tiles, start=1) if c < a and t is not None]
    back = [t for c, t in enumerate(row.tiles, start=1) if c > a and t is not None]
    moved = sum(1 for r, c in taken if r == row_index and c < a)
    new_a = a - moved
    slots: list[int | None] = [None] * DISPLAY_COLUMNS
    for c, t in enumerate(front):
        slots[c] = t
    for c, t in enumerate(back, start=new_a):
        slots[c] = t
    return DisplayRow(tiles=tuple(slots), anteater=new_a)


def display_update(out: Writer[State, Event], rng: Rng) -> None:
    s = out.state
    if s.taken:
        rows = tuple(_compacted(i, row, s.taken) for i, row in enumerate(s.display, start=1))
        out.emit(DisplayCompacted(rows=rows))
    continue_update(out, rng)


def continue_update(out: Writer[State, Event], rng: Rng) -> None:
    """AN-61..63: feed every anteater now in column 1 (top row first), refill, then end the turn."""
    while True:
        arrived = [i for i, row in enumerate(out.state.display, start=1) if row.anteater == 1]
        if not arrived:
            break
        counter = out.state.counter + 1
        out.emit(AnteaterArrived(row=arrived[0], counter=counter, meal=GUIDE_CYCLE[(counter - 1) % len(GUIDE_CYCLE)]))
        prey, hatch = meal_choices(out.state)
        if prey or hatch:
            return  # the seat whose turn ended chooses (FeedPrey / FeedHatchery)
        anteater_leaves(out)  # AN-61: nothing to eat, nothing happens
    drawn = refill(out.state, rng)
    if drawn is not None:
        out.emit(drawn)
    _end_of_turn(out)


def anteater_leaves(out: Writer[State, Event]) -> None:
    """AN-62: the anteater leaves its row, the tiles close up, and it goes to column 6."""
    feeding = out.state.feeding
    assert feeding is not None
    row = out.state.display[feeding.row - 1]
    tiles = [t for t in row.tiles if t is not None]
    slots = tuple(tiles + [None] * (DISPLAY_COLUMNS - len(tiles)))
    out.emit(AnteaterReturned(row=feeding.row, layout=DisplayRow(tiles=slots, anteater=ANTEATER_START_COLUMN)))


def _end_of_turn(out: Writer[State, Event]) -> None:
    s = out.state
    nxt = (s.current + 1) % s.seats
    if s.final_turns_left is not None:  # AN-71
        if s.final_turns_left <= 1:
            _finish(out, EndReason.FINAL_TURNS)
        else:
            start_turn(out, nxt, s.final_turns_left - 1)
        return
    if s.idle_turns >= s.seats:  # AN-72
        _finish(out, EndReason.STALEMATE)
        return
    if s.turn >= s.seats * MAX_ROUNDS:  # engine bound (data.MAX_ROUNDS)
        _finish(out, EndReason.TURN_LIMIT)
        return
    reason = None
    if not s.bag:
        reason = EndReason.TILES_OUT  # AN-70(a)
    elif len(s.exhausted) >= EXHAUSTED_TYPES_TO_END:
        reason = EndReason.PREY_EXHAUSTED  # AN-70(b)
    if reason is not None:
        out.emit(EndTriggered(seat=s.current, reason=reason))
        start_turn(out, nxt, s.seats)
        return
    start_turn(out, nxt, None)


def _finish(out: Writer[State, Event], reason: EndReason) -> None:
    points, tallest = current_scores(out.state), heights(out.state)
    out.emit(GameFinished(reason=reason, scores=points, heights=tallest, winners=rank_winners(points, tallest)))
