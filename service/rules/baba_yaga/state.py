"""The game state: frozen, rebuilt by evolve() alone, plus pure queries."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules.baba_yaga.data import (
    ACTIONS_PER_STEP,
    BOARD_SIZE,
    DECISION_TIMEOUT_MS,
    DEFAULT_MAX_TURNS,
    END_CELL,
    END_DIRECTION,
    EXCLUSIVE_EFFECTS,
    FIRST_STEP_DELAY_MS,
    NORMAL_PATH_LENGTH,
    PLACEMENT_TIMEOUT_MS,
    QUADRANT_CELLS,
    REVEAL_TIMEOUT_MS,
    SEARCH_ACTION_MIN_INTERVAL_MS,
    SPELLS,
    THINK_TIME_MS,
    TINY_FACTOR,
    WITCH_STEP_MIN_INTERVAL_MS,
    WITCH_STEP_TIMEOUT_MS,
    Cell,
    Effect,
    End,
    Hand,
    Level,
    Quadrant,
)
from service.rules.baba_yaga.messages import FinishReason
from service.rules.baba_yaga.messages_effects import Choice


class Phase(StrEnum):
    SETUP = "setup"  # before the setup events
    CLEANUP = "cleanup"  # between the events of one decision only (BY-25), never at rest
    START = "start"  # set up; waiting for the server to start the clock (BeginGame)
    PREVIEW = "preview"  # BY-S5: every Ingredient face shown to everyone
    PLACE_WITCH = "place_witch"  # BY-10
    CHOOSE = "choose"  # the active player owes a decision (State.choice)
    READY = "ready"  # BY-11: the active player is to reveal his card
    RACE = "race"  # BY-12..21
    FINISHED = "finished"


def parse_seats(text: str) -> tuple[int, ...] | None:
    """'1, 3' -> (1, 3); None when the text is not a comma-separated list of whole numbers."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        return None
    return tuple(sorted({int(p) for p in parts}))


@dataclass(frozen=True, slots=True)
class Config:
    """The options a game was created with, as the rules use them."""

    mode_t: bool = False
    levels: tuple[Level, ...] = ()
    preview_ms: int = 0
    fearless: bool = False
    enforce: bool = True
    first_active: int = -1
    max_turns: int = DEFAULT_MAX_TURNS
    first_step_delay_ms: int = FIRST_STEP_DELAY_MS
    witch_step_min_interval_ms: int = WITCH_STEP_MIN_INTERVAL_MS
    witch_step_timeout_ms: int = WITCH_STEP_TIMEOUT_MS
    search_action_min_interval_ms: int = SEARCH_ACTION_MIN_INTERVAL_MS
    tiny_factor: int = TINY_FACTOR
    actions_per_step: int = ACTIONS_PER_STEP
    think_time_ms: int = THINK_TIME_MS
    placement_timeout_ms: int = PLACEMENT_TIMEOUT_MS
    reveal_timeout_ms: int = REVEAL_TIMEOUT_MS
    decision_timeout_ms: int = DECISION_TIMEOUT_MS
    draw_at_turn_limit: bool = True  # BY-31 from rules version 2: the turn limit ends the game with no winner

    @property
    def walk(self) -> bool:
        """Level 1 is table-wide only (BY-V1), so one seat at WALK means all are."""
        return bool(self.levels) and self.levels[0] is Level.WALK

    @staticmethod
    def of(options: Mapping[str, Any], seats: int, rules_version: int = 2) -> Config:
        difficulty = options.get("difficulty", "run")
        if difficulty == "mixed":
            tough = parse_seats(options.get("tough_seats", "")) or ()
            levels = tuple(Level.TOUGH if s in tough else Level.RUN for s in range(seats))
        else:
            levels = (Level(difficulty),) * seats
        return Config(
            mode_t=options.get("mode", "R") == "T",
            levels=levels,
            preview_ms=options.get("preview_seconds", 0) * 1000,
            fearless=options.get("fearless", False),
            enforce=options.get("handicap_mode", "enforce") == "enforce",
            first_active=options.get("first_active", -1),
            max_turns=options.get("max_turns", DEFAULT_MAX_TURNS),
            first_step_delay_ms=options.get("first_step_delay_ms", FIRST_STEP_DELAY_MS),
            witch_step_min_interval_ms=options.get("witch_step_min_interval_ms", WITCH_STEP_MIN_INTERVAL_MS),
            witch_step_timeout_ms=options.get("witch_step_timeout_ms", WITCH_STEP_TIMEOUT_MS),
            search_action_min_interval_ms=options.get("search_action_min_interval_ms", SEARCH_ACTION_MIN_INTERVAL_MS),
            tiny_factor=options.get("tiny_factor", TINY_FACTOR),
            actions_per_step=options.get("actions_per_step", ACTIONS_PER_STEP),
            think_time_ms=options.get("think_time_ms", THINK_TIME_MS),
            placement_timeout_ms=options.get("placement_timeout_ms", PLACEMENT_TIMEOUT_MS),
            reveal_timeout_ms=options.get("reveal_timeout_ms", REVEAL_TIMEOUT_MS),
            decision_timeout_ms=options.get("decision_timeout_ms", DECISION_TIMEOUT_MS),
            draw_at_turn_limit=rules_version >= 2,
        )


@dataclass(frozen=True, slots=True)
class Pending:
    """A cast card lying in front of `target` until his next active turn (BY-E0.1)."""

    card: str
    effect: Effect
    target: int
    caster: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    seat: int
    card: str
    correct: tuple[str, ...]
    wrong: tuple[str, ...]
    required: int
    cast: bool


def cell_index(cell: Cell) -> int:
    return cell[0] * BOARD_SIZE + cell[1]


def card_ingredients(card: str) -> tuple[str, ...]:
    return SPELLS[card][0]


def card_effect(card: str) -> Effect:
    return SPELLS[card][1]


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    config: Config
    phase: Phase = Phase.SETUP
    # the board: ingredient and clue per cell index (r*5+c; "" on the flight path)
    ingredients: tuple[str, ...] = ()
    clues: tuple[str, ...] = ()
    face_up: frozenset[Cell] = frozenset()
    house: Cell | None = None  # on the board, covering this Forest tile
    house_holder: int | None = None  # off the board, in front of this player (None and house None: set aside)
    # the spell cards
    stacks: tuple[tuple[str, ...], ...] = ()  # secret, top card first
    cast: tuple[tuple[str, ...], ...] = ()  # public: each seat's cast spells, in order
    pending: tuple[Pending, ...] = ()  # public: cards in front of players
    used: tuple[str, ...] = ()  # cast cards whose effect is over (boxed)
    # the turn
    first_active: int = 0
    turn: int = 0
    active: int = 0
    choice: Choice | None = None
    resolving: str | None = None  # the cast card whose effect the active player is resolving
    witch_end: End | None = None
    path_length: int = NORMAL_PATH_LENGTH
    steps: int = 0
    active_cards: tuple[str, ...] = ()  # cards applying to the active player this turn (boxed at its end)
    required: int = 3
    blind: bool = False
    tiny: bool = False
    lens: Quadrant | None = None
    card: str | None = None  # the revealed card of this turn
    lifted_from: Cell | None = None  # BY-16: the House was lifted from this tile during this turn
    lifted_wrong: bool = False  # ... and the tile under it proved wrong
    must_flip: Cell | None = None  # ... and has not been turned yet
    points: int = 0  # Mode T: points spent since the witch's last step
    last_hand: Hand | None = None
    # the clock (server times stamped on the events)
    since_ms: int = 0  # when the current phase (or choice) began
    preview_until_ms: int | None = None
    race_start_ms: int = 0
    last_step_ms: int = 0
    last_search_ms: int = 0
    last_activity_ms: int = 0
    last_round: RoundResult | None = None
    winners: tuple[int, ...] | None = None
    finish_reason: FinishReason | None = None
    # what every seat has seen in the public record (a perfect memory of it), for the bots' information
    # sets (bots.py): never in a view (§12: a face-down tile's ingredient is memory, not view)
    revealed_clues: frozenset[str] = frozenset()  # clues whose tile's ingredient was shown face up
    revealed_cards: frozenset[str] = frozenset()  # spell cards turned over (a failed one goes back known)

    # --- roles -------------------------------------------------------------------------------
    @property
    def placer(self) -> int:
        """BY-10: the player on the active player's left."""
        return (self.active + 1) % self.seats

    def flyers(self) -> tuple[int, ...]:
        """BY-20: everyone but the active player, starting on his left, clockwise."""
        return tuple((self.active + k) % self.seats for k in range(1, self.seats))

    def due_flyer(self) -> int:
        flyers = self.flyers()
        return flyers[self.steps % len(flyers)]

    def casts(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.cast)

    # --- the witch ---------------------------------------------------------------------------
    def total_steps(self) -> int:
        """BY-21: the round lasts 2(L-1) steps."""
        return 2 * (self.path_length - 1)

    def path(self) -> tuple[Cell, ...]:
        """The current path from the starting end; with E-EXTEND its last cell is the spare tile, off the board."""
        if self.witch_end is None:
            return ()
        (r, c), (dr, dc) = END_CELL[self.witch_end], END_DIRECTION[self.witch_end]
        return tuple((r + k * dr, c + k * dc) for k in range(self.path_length))

    def witch_cell(self) -> Cell | None:
        path = self.path()
        if not path:
            return None
        half = self.path_length - 1
        k = self.steps if self.steps <= half else 2 * half - self.steps
        return path[k]

    def cell_after(self, step: int) -> Cell:
        half = self.path_length - 1
        return self.path()[step if step <= half else 2 * half - step]

    # --- the board ---------------------------------------------------------------------------
    def ingredient(self, cell: Cell) -> str:
        return self.ingredients[cell_index(cell)]

    def clue(self, cell: Cell) -> str:
        return self.clues[cell_index(cell)]

    def is_correct(self, cell: Cell) -> bool:
        return self.card is not None and self.ingredient(cell) in card_ingredients(self.card)

    def wrong_up(self) -> Cell | None:
        """BY-14: the wrong tile face up (there is at most one: nothing else may be turned meanwhile)."""
        return next((cell for cell in sorted(self.face_up) if not self.is_correct(cell)), None)

    def blocked_by(self) -> Cell | None:
        """§11.2 blocking condition: a wrong tile face up, or the House lifted from a wrong tile and not replaced."""
        wrong = self.wrong_up()
        if wrong is not None:
            return wrong
        if self.lifted_from is not None and self.lifted_wrong and self.lifted_from not in self.face_up:
            return self.lifted_from
        return None

    def in_sight(self, cell: Cell) -> bool:
        """§11.5 Keyhole: the searcher under E-BLIND sees only the lens quadrant."""
        return self.lens is None or cell in QUADRANT_CELLS[self.lens]

    # --- effects -----------------------------------------------------------------------------
    def pending_for(self, seat: int) -> tuple[Pending, ...]:
        return tuple(p for p in self.pending if p.target == seat)

    def can_target(self, seat: int, effect: Effect) -> bool:
        """BY-E0.4: one pending card per effect id per player; E-BLIND and E-TINY exclude each other."""
        held = {p.effect for p in self.pending_for(seat)}
        if effect in EXCLUSIVE_EFFECTS:
            return not held & EXCLUSIVE_EFFECTS
        return effect not in held

    def legal_targets(self, effect: Effect) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != self.active and self.can_target(s, effect))

    # --- rate limits and deadlines -----------------------------------------------------------
    def search_cost(self) -> int:
        """Mode T (T2): points per search action."""
        return self.config.tiny_factor if self.tiny and self.config.enforce else 1

    def search_gap_ms(self) -> int:
        """Mode R (R5): the minimal time between two search actions."""
        factor = self.config.tiny_factor if self.tiny and self.config.enforce else 1
        return self.config.search_action_min_interval_ms * factor

    def next_search_at_ms(self) -> int:
        return self.last_search_ms + self.search_gap_ms()

    def step_eligible_at_ms(self) -> int:
        """Mode R (R1, R3): when the due flyer may step."""
        if self.steps == 0:
            return self.race_start_ms + self.config.first_step_delay_ms
        return self.last_step_ms + self.config.witch_step_min_interval_ms

    def budget_left(self) -> int:
        """Mode T (T1): the action points the searcher still has."""
        return (self.total_steps() - self.steps) * self.config.actions_per_step - self.points

    def wake_at_ms(self) -> int | None:
        """The server time at which the pending automatic command falls due (None: nothing automatic)."""
        cfg = self.config
        match self.phase:
            case Phase.START:
                return 0
            case Phase.PREVIEW:
                return self.preview_until_ms
            case Phase.PLACE_WITCH:
                return self.since_ms + cfg.placement_timeout_ms if cfg.placement_timeout_ms else None
            case Phase.READY:
                return self.since_ms + cfg.reveal_timeout_ms if cfg.reveal_timeout_ms else None
            case Phase.CHOOSE:
                return self.since_ms + cfg.decision_timeout_ms if cfg.decision_timeout_ms else None
            case Phase.RACE:
                if not cfg.mode_t:
                    return self.step_eligible_at_ms() + cfg.witch_step_timeout_ms
                if cfg.think_time_ms:
                    return self.last_activity_ms + cfg.think_time_ms
        return None


_FIELDS: tuple[str, ...] = tuple(State.__dataclass_fields__)


def _copier() -> Callable[[State, dict[str, Any]], State]:
    """A copy of a State with some fields changed, written out field by field once at import.

    The way dataclasses writes its own __init__: straight-line code, no per-call introspection or loop
    (the hot path of evolve, which the bots' searches run at every ply: ~2x faster than a loop).
    """
    names: dict[str, Any] = {"_new": object.__new__, "State": State}
    lines = ["def copy(state, changes):", "    new = _new(State)"]
    for name in _FIELDS:
        names[f"_set_{name}"] = State.__dict__[name].__set__  # the slot itself: frozen only guards setattr
        lines.append(f"    _set_{name}(new, changes[{name!r}] if {name!r} in changes else state.{name})")
    lines.append("    return new")
    exec("\n".join(lines), names)  # code generated from the dataclass's own field names
    copy: Callable[[State, dict[str, Any]], State] = names["copy"]
    return copy


_COPY = _copier()


def updated(state: State, **changes: Any) -> State:
    """dataclasses.replace without its per-call introspection. Unknown field names fail loudly, as replace() would."""
    if not changes.keys() <= State.__dataclass_fields__.keys():
        raise TypeError(f"State has no field {sorted(changes.keys() - State.__dataclass_fields__.keys())}")
    return _COPY(state, changes)
