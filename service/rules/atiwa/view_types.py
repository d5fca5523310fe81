"""The view's shape: what view() returns, as TypedDicts (a seat and a spectator see the same keys).

mypy holds views.py to these; service/rules/schema.py publishes them as JSON Schema (GameType.json_schema),
from which the clients' types are generated. Every key of a view is declared here: a view is an allow-list.
Before setup a view has the turn keys only; the table keys come with the setup, `final` with the end.
No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations only.
"""

from typing import Annotated, NotRequired, TypedDict

from service.rules.atiwa.data.board import Act
from service.rules.atiwa.data.cards import Location
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.state import Step

ItemName = Annotated[str, Item]


class Nothing(TypedDict):
    """Why a worker on a space would gain the seat to act nothing now (the first main action's reason).

    `why`: nature (no nature symbol), display (no card on that display place), deck (deck and discard pile
    empty), stack (no location card left), price (too few trees or too little gold: `trees`, `gold`,
    `have_trees`, `have_gold`), gold (the action's price: `gold`, `have`), room (no field takes the pieces, or
    none left on the supply board), training (no untrained family, or training has no effect).
    """

    why: str
    gold: NotRequired[int]
    have: NotRequired[int]
    trees: NotRequired[int]
    have_trees: NotRequired[int]
    have_gold: NotRequired[int]


class Pieces(TypedDict):
    kind: ItemName
    count: int


class ActionPart(TypedDict):
    """One action of a space as data, for a client to word in its own language (`actions` holds the English).

    `act`: what it does (AT-10..AT-22); `bonus`: only after the main action, with 4 terrain cards (AT-19);
    `items`: what take and exchange give, and per_nature gives per nature symbol; `options`: choice's two
    alternatives; `n`: terrain_take's display place, tree_with_fruit's count; `cost`: the gold paid_train
    and exchange cost; `location` and `side`: the location card a location space buys, left or right space.
    """

    act: Annotated[str, Act]
    bonus: bool
    items: NotRequired[list[Pieces]]
    options: NotRequired[list[list[Pieces]]]
    n: NotRequired[int]
    cost: NotRequired[int]
    location: NotRequired[Annotated[str, Location]]
    side: NotRequired[str]


class Space(TypedDict):
    """An action space: its actions in words and as data (`parts`, one per action, in the same order), the
    tile on it (round track) and the worker on it, if any.

    `gains_nothing` is there exactly on the spaces the seat to act may put a worker on now (its legal
    place_worker commands): true when no main action of the space could give that seat anything now, with
    `nothing` saying why.
    """

    id: str
    actions: list[str]
    parts: list[ActionPart]
    tile: NotRequired[str | None]
    worker: NotRequired[int]
    placed_in_round: NotRequired[int]
    gains_nothing: NotRequired[bool]
    nothing: NotRequired[Nothing]


class Bag(TypedDict):
    """The pollution markers left in the bag, by the gold they show (a public composition, AT-R5)."""

    no_gold: int
    one_gold: int
    two_gold: int


class SupplyRow(TypedDict):
    left: int
    value: int


class PlayedCard(TypedDict):
    """A card of a play area: `fields` 1..8 as "kind" or "kind:pieces" (e.g. "forest:tree+fruit")."""

    index: int
    card: str
    name: str
    points: int
    row: int
    col: int
    fields: list[str]


class TreeField(TypedDict):
    card: int
    field: int


class TaskView(TypedDict):
    """What the seat's turn or maintenance step waits for; the other keys depend on the step."""

    step: Annotated[str, Step]
    space: NotRequired[str]
    actions_left: NotRequired[list[int]]
    action: NotRequired[int]
    to_place: NotRequired[list[ItemName]]
    huts_only: NotRequired[bool]
    tree: NotRequired[TreeField]
    left: NotRequired[int]
    slot: NotRequired[int]
    card: NotRequired[str]
    need: NotRequired[int]
    paid: NotRequired[int]
    bats_may_be_eaten: NotRequired[int]
    shortage: NotRequired[bool]
    bred: NotRequired[list[ItemName]]


class ScoreSheet(TypedDict):
    """One seat's score by category as the final scoring counts it (§7, AT-91..AT-96; AT-97's markers)."""

    gold: int
    cards: int
    supply_board: int
    trained_families: int
    fruit_bats: int
    food_shortage: int
    total: int
    pollution_markers: int


class PlayerView(TypedDict):
    """A seat's side of the table; `score` is its running score, as the final scoring would count it now."""

    seat: int
    gold: int
    supply_board: dict[ItemName, SupplyRow]
    families_removed: int
    bats: int
    night_bats: int
    terrain_cards: int
    nature_symbols: int
    pollution: int
    shortage_penalty: int
    cards: list[PlayedCard]
    task: TaskView
    score: ScoreSheet


class Condition(TypedDict):
    """A goal condition: `key` (points, bats, towns, families, locations, gold, pollution) asks for `count`
    (for pollution: at most 0; for locations: exactly `cards`, `count` of them in all); `have` is the count now."""

    condition: str
    met: bool
    key: str
    count: int
    have: int
    cards: NotRequired[dict[Annotated[str, Location], int]]


class Goal(TypedDict):
    """The solo goal or challenge, condition by condition (AT-100, AT-C1..AT-C8)."""

    challenge: int
    name: str
    conditions: list[Condition]
    met: bool


class Solo(TypedDict):
    """The solo game's challenge (0: the plain solo goal), this round's colour (AT-100), and the goal's
    conditions as they stand now (`goal`, as the final scoring would judge them; absent before the setup)."""

    challenge: int
    name: str
    colour: str | None
    goal: NotRequired[Goal]


class Final(TypedDict):
    scores: list[ScoreSheet]
    winners: list[int]
    goal: NotRequired[Goal]


class View(TypedDict):
    """The whole table: everything on it is public (spec §9); the deck shows as a count."""

    you: int | None
    seats: int
    round: int
    phase: Annotated[str, "work, maintenance, finished (with the solo goal's verdict), or setup"]
    to_act: list[int]
    start_player: int
    turn: int | None
    work_order_start: int
    turns_taken: int
    solo: NotRequired[Solo]
    spaces: NotRequired[list[Space]]
    breeding: NotRequired[Annotated[list[list[str | int]], list[tuple[Item, int]], "[kind, count]"]]
    display: NotRequired[list[str | None]]
    deck_size: NotRequired[int]
    discard: NotRequired[list[str]]
    stacks: NotRequired[dict[Annotated[str, Location], int]]
    bag: NotRequired[Bag]
    players: NotRequired[list[PlayerView]]
    final: NotRequired[Final]


VIEW_TYPES: dict[str, type] = {"seat": View, "spectator": View}
