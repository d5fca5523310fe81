"""The view's shape: what view() returns, as TypedDicts (a seat and a spectator see the same keys).

mypy holds views.py to these; service/rules/schema.py publishes them as JSON Schema (GameType.json_schema),
from which the clients' types are generated. Every key of a view is declared here: a view is an allow-list.
No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations only.
"""

from typing import Annotated, TypedDict

from service.rules.antics.data import Action, EndReason, Hatchery, Hex, Meal, Token
from service.rules.antics.state import Phase

HexName = Annotated[str, Hex]
TokenName = Annotated[str, Token]


class PendingAction(TypedDict):
    """The action under way (AN-59): its strength, the moves left, what a Scout or Hatch has used so far."""

    action: Annotated[str, Action]
    level: int
    remaining: int
    columns: list[int]
    hatched: list[Annotated[str, Hatchery]]


class AnteaterFeeding(TypedDict):
    """AN-61: the anteater of `row` is being fed `meal`."""

    row: int
    meal: Annotated[str, Meal]


class DisplayRowView(TypedDict):
    """A row of the display: `tiles[c-1]` is the tile in column c (None: empty or the anteater)."""

    tiles: list[int | None]
    anteater: int


class PathAnt(TypedDict):
    seat: int
    soldier: bool
    carrying: TokenName | None


class SiteView(TypedDict):
    token: TokenName
    count: int


class HillCell(TypedDict):
    """A built cell of an ant-hill (axial q, r): its level and the hex on top, half of tile `tile`."""

    q: int
    r: int
    level: int
    tile: int
    hex: HexName


class PlayerView(TypedDict):
    tile_supply: list[int]
    built_tiles: list[int]
    cells: list[HillCell]
    ants_in_supply: int
    prey: list[TokenName]
    brown_leaves: int
    green_leaves: int
    height: int
    leaf_points: int  # AN-80: leaves on the fungi, placed at best
    prey_points: int  # AN-81: different prey types, squared
    score: int  # AN-82: leaf_points + prey_points


class View(TypedDict):
    """The whole table: everything on it is public (spec §8); the bag shows as a size and a composition."""

    seat: int | None
    seats: int
    two_player_variant: bool
    phase: Annotated[str, Phase]
    to_act: list[int]
    start_seat: int
    current: int
    round: int
    turn: int
    actions: int
    markers: int
    used_hexes: list[Annotated[list[int], tuple[int, int], "[q, r]"]]
    magnificant_used: bool
    pending: PendingAction | None
    feeding: AnteaterFeeding | None
    display: list[DisplayRowView]
    tiles: Annotated[dict[str, list[HexName]], dict[str, tuple[Hex, Hex]], "every tile in sight: its two hexes"]
    bag_size: int
    bag_composition: Annotated[dict[str, int], "tiles left in the bag, by kind"]
    anteater_counter: int
    next_meal: Annotated[str, Meal]
    hatcheries: dict[Annotated[str, Hatchery], list[int]]
    paths: Annotated[dict[str, list[PathAnt]], "the ants on each path that has any"]
    sites: dict[str, SiteView]
    exhausted: list[TokenName]
    players: list[PlayerView]
    final_turns_left: int | None
    trigger: Annotated[str, EndReason] | None
    end_reason: Annotated[str, EndReason] | None
    final_scores: list[int] | None
    winners: list[int] | None


VIEW_TYPES: dict[str, type] = {"seat": View, "spectator": View}
