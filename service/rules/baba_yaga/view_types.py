"""The view's shape: what view() returns, as TypedDicts (a seat and a spectator see the same keys).

mypy holds views.py to these; service/rules/schema.py publishes them as JSON Schema (GameType.json_schema),
from which the clients' types are generated. Every key of a view is declared here: a view is an allow-list.
No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations only.
"""

from typing import Annotated, Literal, NotRequired, TypedDict

from service.rules.baba_yaga.data import Effect, End, Hand, HouseTiming, Level, Quadrant
from service.rules.baba_yaga.messages import FinishReason
from service.rules.baba_yaga.messages_effects import Choice
from service.rules.baba_yaga.state import Phase

CellPair = Annotated[list[int], tuple[int, int], "[row, column]"]


class BoardTile(TypedDict):
    """A Forest tile in the viewer's sight: its clue (unless the House covers it), its ingredient if face up."""

    cell: CellPair
    in_sight: Literal[True]
    house: bool
    clue: str | None
    face_up: bool
    ingredient: str | None


class UnseenTile(TypedDict):
    """A tile outside the Keyhole lens (§11.5): its place only."""

    cell: CellPair
    in_sight: Literal[False]


class House(TypedDict):
    """Where the House is: on a tile (its cell None when out of the viewer's sight), with a player, or aside."""

    where: Literal["board", "player", "aside"]
    cell: CellPair | None
    holder: int | None


class Witch(TypedDict):
    end: Annotated[str, End]
    path: list[CellPair]
    path_length: int
    cell: CellPair | None
    steps: int
    total_steps: int


class SpellCard(TypedDict):
    card: str
    ingredients: list[str]
    effect: Annotated[str, Effect]
    effect_name: str
    effect_rule: str


class PendingCard(SpellCard):
    """A cast card lying in front of `target`, applying on his next active turn."""

    target: int
    caster: int


class Keyhole(TypedDict):
    lens: Annotated[str, Quadrant]


class Race(TypedDict):
    """The race under way; the budget keys in Mode T, the clock keys in Mode R."""

    due_flyer: int
    blocked: bool
    blocked_cell: CellPair | None
    must_flip: CellPair | None
    last_hand: Annotated[str, Hand] | None
    budget_left: NotRequired[int]
    cost_per_action: NotRequired[int]
    actions_per_step: NotRequired[int]
    next_step_at_ms: NotRequired[int]
    next_search_at_ms: NotRequired[int]


class PendingChoice(TypedDict):
    """The decision the active player owes (§11.2), with its options where they are a list."""

    kind: Annotated[str, Choice] | None
    card: str | None
    targets: NotRequired[list[int]]
    timings: NotRequired[list[Annotated[str, HouseTiming]]]


class LastRound(TypedDict):
    """The check of the last race; a failed card is counted, not named (§12)."""

    seat: int
    card: str | None
    correct: list[str]
    wrong: list[str]
    required: int
    cast: bool


class View(TypedDict):
    """The public table (spec §12); every stack is shown once the game is finished."""

    seat: int | None
    mode: Literal["T", "R"]
    levels: list[Annotated[str, Level]]
    fearless: bool
    handicap_mode: Literal["enforce", "record"]
    max_turns: int
    phase: Annotated[str, Phase | Choice, "a pending choice is named by its kind"]
    to_act: list[int]
    wake_at_ms: int | None
    preview_until_ms: int | None
    turn: int
    active: int | None
    placer: int | None
    flyers: list[int]
    forest: list[BoardTile | UnseenTile]
    house: House
    witch: Witch | None
    card: SpellCard | None
    required: int | None
    applying: list[SpellCard]
    keyhole: Keyhole | None
    slow_hand: bool
    stack_sizes: list[int]
    casts: list[int]
    cast_cards: list[list[str]]
    pending: list[PendingCard]
    race: Race | None
    choice: PendingChoice | None
    last_round: LastRound | None
    winners: list[int] | None
    finish_reason: Annotated[str, FinishReason] | None
    stacks: NotRequired[list[list[str]]]


VIEW_TYPES: dict[str, type] = {"seat": View, "spectator": View}
