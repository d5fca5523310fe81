"""The action spaces at a player count and in a round (§10.4, AT-25..AT-27): what each one offers."""

from __future__ import annotations

from functools import cache

from service.rules.atiwa.data.board import (
    BELOW,
    EXTENSION_FOR_SEATS,
    EXTENSIONS,
    MAIN_BOARD,
    ROUND_POSITIONS,
    ROUND_SPACE_ACTIONS,
    TILES,
    Act,
    Action,
    Space,
)
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.state import (
    State,
    Task,
)

# --- spaces -----------------------------------------------------------------------------------------


def _merge_takes(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The plain takes of one space are one action: its pieces may be placed in any order (AT-03, AT-106)."""
    takes = [a for a in actions if a.act is Act.TAKE and not a.bonus]
    if len(takes) < 2:
        return actions
    merged: dict[Item, int] = {}
    for a in takes:
        for kind, n in a.items:
            merged[kind] = merged.get(kind, 0) + n
    combined = Action(Act.TAKE, items=tuple(merged.items()))
    out: list[Action] = []
    for a in actions:
        if a is takes[0]:
            out.append(combined)
        elif a not in takes:
            out.append(a)
    return tuple(out)


@cache
def round_space(tiles: tuple[str, ...], rnd: int, position: int) -> tuple[tuple[Action, ...], str]:
    """AT-26: the actions at round-track position p in round r, and the tile lying there ("" = round space)."""
    if position == rnd:
        tile, head = "", ROUND_SPACE_ACTIONS
    else:
        tile = tiles[position - 1] if position < rnd else tiles[position - 2]  # tiles[i] started on position i+2
        head = TILES[tile]
    return _merge_takes((*head, *BELOW[position])), tile


@cache
def _board_spaces(seats: int) -> tuple[Space, ...]:
    return (*MAIN_BOARD, *EXTENSIONS[EXTENSION_FOR_SEATS[seats]])


@cache
def space_ids(seats: int) -> tuple[str, ...]:
    return (*(f"R{p}" for p in range(1, ROUND_POSITIONS + 1)), *(s.sid for s in _board_spaces(seats)))


@cache
def _fixed(seats: int) -> dict[str, Space]:
    return {s.sid: Space(s.sid, _merge_takes(s.actions), s.arrow) for s in _board_spaces(seats)}


def space_actions(state: State, sid: str) -> tuple[Action, ...]:
    if sid[0] == "R":
        return round_space(state.tiles, state.round, int(sid[1:]))[0]
    return _fixed(state.seats)[sid].actions


def space_arrow(state: State, sid: str) -> str:
    space = _fixed(state.seats).get(sid)
    return space.arrow if space is not None and state.seats == 4 else ""


def action_of(state: State, task: Task) -> Action:
    return space_actions(state, task.space)[task.action]
