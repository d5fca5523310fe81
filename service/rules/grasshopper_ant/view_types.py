"""The view's shape: what view() returns to a seat and to a spectator, as TypedDicts.

mypy holds views.py to these; service/rules/schema.py publishes them as JSON Schema (GameType.json_schema),
from which the clients' types are generated. Every key of a view is declared here: a view is an allow-list.
The Autumn keys and the Winter keys appear once the game is set up, in their mode only; the end keys once
it is finished. No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated
annotations only.
"""

from typing import Annotated, Literal, NotRequired, TypedDict

from service.rules.grasshopper_ant.data import Insect, Mode, PathType, Power
from service.rules.grasshopper_ant.messages import EndReason
from service.rules.grasshopper_ant.state import Phase

PathTypeName = Annotated[str, PathType]
Role = Literal["ant", "cicada", "red_ant", "idle"]


class GridCard(TypedDict):
    """The Path card on a grid cell, and the pawns on it."""

    card: str
    type: PathTypeName
    insect: Annotated[str, Insect] | None
    ant: bool
    cicada: bool


class Peek(TypedDict):
    """GA-P3: the slot the Cicada peeked at; the marker only in the Cicada's own view."""

    seat: int
    slot: int
    marker: PathTypeName | None


class Reveal(TypedDict):
    """GA-30/31: every marker turned over, who collects, and the pawned cards of the Ant's type."""

    ant_marker: PathTypeName | None
    guesses: Annotated[list[list[int | str]], list[tuple[int, PathType]], "[Red Ant seat, its guess]"]
    cicada_right: bool
    collector: int | None
    cards: list[str]


class Cocoon(TypedDict):
    """GA-P5: a seat's face-down card: counted for everyone, named for its holder (and at the end)."""

    count: int
    card: str | None


class PowerCard(TypedDict):
    power: Annotated[str, Power]
    name: str
    insect: Annotated[str, Insect]
    holder: Annotated[Literal["box", "centre"] | int, "a seat, the centre, or the box"]


class InsectChoice(TypedDict):
    """GA-36: an insect card of the haul, and the cards the Ant may take for it (itself first)."""

    card: str
    options: list[str]


class SpectatorView(TypedDict):
    """The public table, and each seat's secrets kept hidden (spec §10)."""

    mode: Annotated[str, Mode]
    powers: bool
    autumn_open: bool
    snake: bool
    seats: int
    you: int | None
    round: int
    phase: Annotated[str, Phase]
    to_act: list[int]
    finished: bool
    ant: int
    cicada: int
    roles: list[Role]
    grid: Annotated[list[list[GridCard | None]], "4 rows of 4 cells; None: an empty cell"]
    deck_count: int
    committed: list[bool]
    my_marker: PathTypeName | None
    peek: Peek | None
    reveal: Reveal | None
    # Autumn
    pantry: NotRequired[list[dict[PathTypeName, int]]]
    shelf_points: NotRequired[list[int]]
    insect_counts: NotRequired[list[int]]
    insect_cards: NotRequired[Annotated[list[list[str] | None], "None: face down to this viewer"]]
    insect_points: NotRequired[Annotated[list[int | None], "GA-91, per seat; None: face down to this viewer"]]
    boxed_count: NotRequired[int]
    # Winter
    supplies: NotRequired[list[list[str]]]
    cocoons: NotRequired[list[Cocoon]]
    discard: NotRequired[list[str]]
    market: NotRequired[list[str]]
    provision_deck_count: NotRequired[int]
    provisions_in_play: NotRequired[list[str]]
    provisions: NotRequired[list[list[str]]]
    vp: NotRequired[list[int]]
    bought: NotRequired[bool]
    power_cards: NotRequired[list[PowerCard]]
    insect_choices: NotRequired[list[InsectChoice]]
    power_options: NotRequired[list[str]]
    # the end
    end_reason: NotRequired[Annotated[str, EndReason] | None]
    scores: NotRequired[list[int]]
    winners: NotRequired[list[int]]


class SeatView(SpectatorView):
    """A seat's view: the public table, its own marker and (in Autumn) its own insect points and score."""

    my_insect_points: NotRequired[int]
    my_score: NotRequired[int]


View = SeatView | SpectatorView
VIEW_TYPES: dict[str, type] = {"seat": SeatView, "spectator": SpectatorView}
