"""The game state: frozen, rebuilt by evolve() alone, and plain reads of it (cells, ants on the paths).

The geometry and the connection rules the checks and the bots share are in board.py."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.antics.data import (
    ANTS_PER_PLAYER,
    TILE_HEXES,
    Action,
    EndReason,
    Hatchery,
    Hex,
    Meal,
    Token,
)
from service.rules.antics.messages import DisplayRow

Coord = tuple[int, int]


class Phase(StrEnum):
    SETUP = "setup"  # before GameStarted
    ACTIONS = "actions"  # the current seat may take an action, steal or end the turn
    ACTION = "action"  # an action is under way: its sub-steps (AN-59)
    UPDATE = "update"  # the display update after a turn (transient inside one decide)
    FEEDING = "feeding"  # the seat whose turn ended chooses an anteater's meal (AN-61)
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Cell:
    """A built cell of an ant-hill: its height (= level) and the top hex, half `half` of tile `tile`."""

    q: int
    r: int
    height: int
    tile: int
    half: int

    @property
    def hex(self) -> Hex:
        return TILE_HEXES[self.tile][self.half]


@dataclass(frozen=True, slots=True)
class Player:
    tiles: tuple[int, ...] = ()  # tile supply (AN-11), sorted
    cells: tuple[Cell, ...] = ()  # built cells, sorted by (q, r); bare base cells are absent
    built: tuple[int, ...] = ()  # every tile built so far (covered ones too), sorted
    ants: int = ANTS_PER_PLAYER  # ant supply
    prey: tuple[Token, ...] = ()  # collected prey types, sorted (AN-47: one per type)
    brown: int = 0
    green: int = 0


@dataclass(frozen=True, slots=True)
class Ant:
    seat: int
    soldier: bool
    carrying: Token | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """The action under way: its strength, the moves left, and what a Scout/Hatch has done so far."""

    action: Action
    level: int
    remaining: int
    columns: tuple[int, ...] = ()  # Scout: columns already taken from (AN-10)
    hatched: tuple[Hatchery, ...] = ()  # Hatch: hatcheries used so far (AN-30)


@dataclass(frozen=True, slots=True)
class Feeding:
    row: int
    meal: Meal


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    two_player: bool = False
    phase: Phase = Phase.SETUP
    start_seat: int = 0
    current: int = 0
    turn: int = 0  # turns started so far
    round: int = 0
    actions: int = 0  # marker limit of this turn
    markers: int = 0  # markers placed this turn
    used_hexes: tuple[Coord, ...] = ()  # hexes holding a marker this turn, sorted
    magnificant_used: bool = False
    pending: Pending | None = None
    display: tuple[DisplayRow, ...] = ()
    taken: tuple[Coord, ...] = ()  # (row, column) scouted this turn, for AN-60
    bag: tuple[int, ...] = ()  # kept sorted: tiles are drawn at random when drawn, so order is never state
    counter: int = 0  # anteater guide counter (§9.6)
    feeding: Feeding | None = None
    players: tuple[Player, ...] = ()
    hatcheries: tuple[tuple[int, ...], ...] = ()  # [hatchery index][seat]
    paths: tuple[tuple[Ant, ...], ...] = ()  # aligned with SEGMENTS, ants sorted by seat
    sites: tuple[int, ...] = ()  # tokens lying on each site, aligned with SITES
    exhausted: tuple[Token, ...] = ()  # in the order they ran out
    idle_turns: int = 0  # consecutive turns without a marker (AN-72)
    final_turns_left: int | None = None  # AN-71, counting the turn under way
    trigger: EndReason | None = None
    end_reason: EndReason | None = None
    final_scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None


# --- ant-hills: cells, height (AN-25), fungi (AN-80) -----------------------------------------------
def cell_map(player: Player) -> dict[Coord, Cell]:
    return {(c.q, c.r): c for c in player.cells}


def anthill_height(player: Player) -> int:
    """AN-25: the greatest cell height."""
    return max((c.height for c in player.cells), default=0)


def fungus_levels(player: Player) -> list[int]:
    """AN-80: the levels of the visible fungus hexes."""
    return [c.height for c in player.cells if c.hex is Hex.FUNGUS]


# --- ants on the paths and in the hatcheries -------------------------------------------------------
def ant_at(state: State, segment: int, seat: int) -> Ant | None:
    for ant in state.paths[segment]:
        if ant.seat == seat:
            return ant
    return None


def soldier_at(state: State, segment: int) -> Ant | None:
    for ant in state.paths[segment]:
        if ant.soldier:
            return ant
    return None


def own_segments(state: State, seat: int) -> list[int]:
    return [i for i, ants in enumerate(state.paths) if any(a.seat == seat for a in ants)]


def ants_on_board(state: State, seat: int) -> int:
    return sum(1 for ants in state.paths for a in ants if a.seat == seat)


def ants_in_hatcheries(state: State, seat: int) -> int:
    return sum(h[seat] for h in state.hatcheries)
