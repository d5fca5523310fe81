"""The view's shape: what view() returns to a seat and to a spectator, as TypedDicts.

mypy holds views.py to these; service/rules/schema.py publishes them as JSON Schema (GameType.json_schema),
from which the clients' types are generated. Every key of a view is declared here: a view is an allow-list.
No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations only.
"""

from typing import Annotated, Literal, NotRequired, TypedDict

from service.rules.hare_tortoise.data import Animal
from service.rules.hare_tortoise.state import Phase

AnimalName = Annotated[str, Animal]


class Placing(TypedDict):
    """An animal's place on the podium (1..3)."""

    animal: AnimalName
    place: int


class RaceResult(TypedDict):
    """A finished race of the series: its podium, every seat's bets (revealed) and the points they scored."""

    podium: list[Placing]
    bets: list[list[str]]
    scores: list[int]


class SpectatorView(TypedDict):
    """The public table (spec §9): track, pawns, podium, cards on the table, counts."""

    variant: Literal["standard", "turbo"]
    race: int
    races: int
    phase: Annotated[str, Phase]
    to_act: list[int]
    first_player: int
    streams: Annotated[list[int], "the track tiles with a stream"]
    turbo_tokens: Annotated[dict[str, AnimalName], "tile number -> the animal whose Turbo token lies there"]
    positions: dict[AnimalName, int]
    podium: list[Placing]
    played: Annotated[list[list[str]], "this round's cards, per seat in play order"]
    counts: dict[AnimalName, int]
    total: int
    howl: bool
    to_move: list[AnimalName]
    crossed: list[AnimalName]
    discard: list[str]
    deck_size: int
    hand_sizes: list[int]
    bet_counts: list[int]
    second_bet_chosen: list[bool] | None
    results: list[RaceResult]
    totals: list[int] | None
    winners: list[int] | None


class SeatView(SpectatorView):
    """A seat's view: the public table, and its own hand and bets (absent before the deal)."""

    seat: NotRequired[int]
    hand: NotRequired[list[str]]
    bets: NotRequired[list[str]]


View = SeatView | SpectatorView
VIEW_TYPES: dict[str, type] = {"seat": SeatView, "spectator": SpectatorView}
