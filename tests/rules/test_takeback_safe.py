"""Take-backs (issue 35, service/ledger/takebacks.py) never go back over a secret shown or a random draw.

Each game lists in `takeback_safe` the events a take-back may go back over (views.py, beside VISIBILITY). Here,
for all five games: every name is one of the game's event types; none is an event some audience sees other than
whole (private, per viewer or hidden, by the game's VISIBILITY); and, over seeded random games, every decision a
seat made whose events are all listed and whose Rng drew nothing taught no seat anything it could not see before.
"Taught nothing" is checked two ways (`check_teaches_nothing`):

- no secret string (a card, bet, marker, ingredient or spell id in another seat's view or in the full state, and
  neither in the observer's view before nor public) is in the observer's view after;
- non-interference: for each seat, the game's own `resample` (a state that looks the same to that seat, its
  secrets dealt again) decides the same command into the same events, and looks the same to that seat after.

The hidden information each game's list protects, by rule ID: Hare & Tortoise hands and bets (HT-S1, HT-S3,
HT-15, HT-50); Grasshopper & Ant markers, the peek and face-down cards (GA-13, GA-14, GA-30, GA-P3, GA-P5) and
the decks (GA-50, GA-87); Baba Yaga's spell stacks, face-down ingredients and the clue under the House (BY-S3,
BY-11, BY-12, BY-16, §11.5, §12); Atiwa's terrain deck and bag (AT-10, AT-73, AT-88); Antics!'s bag (AN-63).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import reduce
from types import ModuleType
from typing import Any

import pytest

from service.ledger import codec
from service.ledger.takebacks import Points, safe_events
from service.rules import antics, atiwa, baba_yaga, grasshopper_ant, hare_tortoise
from service.rules.atiwa.messages import DrawTerrain, PlaceWorker
from service.rules.baba_yaga.messages import FlipDown, FlipUp, PlaceWitch, RevealSpell
from service.rules.catalog import RULES
from service.rules.core import RNG_VERSION, AnyRules, IllegalCommand, Rng
from service.rules.grasshopper_ant.data import CELLS, card_type
from service.rules.grasshopper_ant.messages import ChooseMarker, PlaceAnts, PlaceCicada
from service.rules.hare_tortoise.messages import ChooseSecondBet, MoveAnimal, PlayCards
from service.rules.kit import Visibility
from tests.support.playout import Playout, start

GAMES = sorted(RULES)
SEATS_AND_NONE = (None, 0, 1, 2, 3, 4)


PACKAGES: dict[str, ModuleType] = {m.name: m for m in (antics, atiwa, baba_yaga, grasshopper_ant, hare_tortoise)}


def visibility(game: str) -> Visibility[Any]:
    registry = PACKAGES[game].views.VISIBILITY
    assert isinstance(registry, Visibility)
    return registry


def shown_whole(registry: Visibility[Any], cls: type) -> bool:
    """Declared public: every audience gets the event itself. An empty instance tells, without building one: a
    private or per-viewer rule reads its fields (and fails on the empty one) or answers another object."""
    blank: Any = object.__new__(cls)
    try:
        return all(registry.redact(blank, seat) is blank for seat in SEATS_AND_NONE)
    except (AttributeError, TypeError):
        return False


# --- the list itself -----------------------------------------------------------------------------------
def test_every_game_lists_its_takeback_safe_events() -> None:
    assert sorted(PACKAGES) == GAMES
    for game in GAMES:
        safe = PACKAGES[game].takeback_safe
        assert isinstance(safe, frozenset) and safe, f"{game}: no takeback_safe"
        assert safe == safe_events(RULES[game])  # what the ledger reads


@pytest.mark.parametrize("game", GAMES)
def test_every_takeback_safe_name_is_an_event_type_of_the_game(game: str) -> None:
    """No typo: a name that is no event type would list nothing (and hide a missing one)."""
    rules = RULES[game]
    assert not safe_events(rules) - set(rules.event_types), sorted(safe_events(rules) - set(rules.event_types))


@pytest.mark.parametrize("game", GAMES)
def test_no_private_per_viewer_or_hidden_event_is_takeback_safe(game: str) -> None:
    """HT-S1/HT-S3 hands and bets, GA-13/GA-14/GA-P3 markers, GA-P5 face-down draws, BY-S1/BY-S3 layout and deal:
    an event some audience sees other than whole carries a secret, so a take-back never goes back over it."""
    rules, registry = RULES[game], visibility(game)
    assert set(rules.event_types.values()) <= registry.declared
    masked = {cls.__name__ for cls in registry.declared if not shown_whole(registry, cls)}
    assert not masked & safe_events(rules), sorted(masked & safe_events(rules))


def test_the_check_of_shown_whole_tells_private_and_per_viewer_from_public() -> None:
    ht = visibility("hare-and-tortoise")
    assert shown_whole(ht, hare_tortoise.event_types["TurnPassed"])
    assert not shown_whole(ht, hare_tortoise.event_types["CardsDrawn"])  # private (HT-15)
    assert not shown_whole(ht, hare_tortoise.event_types["RaceSetUp"])  # per viewer (HT-S1)
    assert not shown_whole(visibility("grasshopper-and-ant"), grasshopper_ant.event_types["MarkerChosen"])  # GA-13


# --- random games: a safe decision teaches nobody anything -----------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One command decided at stream version `version` (its Rng's), with the states around it."""

    before: Any
    seat: int | None
    command: Any
    events: list[Any]
    after: Any
    draws: int
    version: int
    now_ms: int


def names(decision: Decision) -> set[str]:
    return {type(e).__name__ for e in decision.events}


Chooser = Callable[[Any, list[tuple[int | None, Any]], Rng], int]


def uniform(state: Any, options: list[tuple[int | None, Any]], bot: Rng) -> int:
    return bot.below(len(options))


def finding_baba_yaga(state: Any, options: list[tuple[int | None, Any]], bot: Rng) -> int:
    """Flips right tiles and turns wrong ones back more often than not, so spells get cast and effects happen."""

    def weight(command: Any) -> int:
        if isinstance(command, FlipUp):
            return 30 if state.is_correct(command.cell) else 2
        if isinstance(command, FlipDown):
            return 30 if not state.is_correct(command.cell) else 1
        return 6

    weights = [weight(command) for _, command in options]
    x = bot.below(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError("unreachable")


class Table:
    """A game driven as the ledger drives it, its take-back targets folded as the aggregate folds them (Points)."""

    def __init__(self, rules: AnyRules, seats: int, options: Mapping[str, Any], seed: bytes) -> None:
        self.rules, self.seed = rules, seed
        self.playout: Playout = start(rules, seats, seed, options)
        self.points = Points(safe_events(rules))
        self.bot = Rng(seed + b"|bot", 0)

    @property
    def state(self) -> Any:
        return self.playout.state

    def submit(self, seat: int | None, command: Any) -> Decision:
        p = self.playout
        before, version, rng = p.state, 1 + len(p.history), p.rng()
        events = self.rules.decide(before, seat, command, rng, p.now_ms)
        name, args = codec.encode(command)
        for i, event in enumerate(events):  # Game.Recorded.apply: the stream version of each event
            self.points.before_event(
                version + 1 + i, type(event).__name__, seat, {"name": name, "args": args}, f"r{len(p.commands)}",
                p.now_ms, before, None,
            )  # fmt: skip
        p.commands.append((seat, command, p.now_ms))
        p.history += events
        p.state = reduce(self.rules.evolve, events, before)
        decision = Decision(before, seat, command, events, p.state, rng.draws, version, p.now_ms)
        p.now_ms += 1000
        return decision

    def play_until(self, wanted: Callable[[Any, int | None, Any], bool], max_plies: int = 3000) -> Any:
        """Random legal moves until a seat may send a command `wanted(state, seat, command)`; its (seat, command)."""
        for _ in range(max_plies):
            options = self.playout.candidates()
            found = [(seat, c) for seat, c in options if seat is not None and wanted(self.state, seat, c)]
            if found:
                return found[0]
            self.submit(*options[self.bot.below(len(options))])
        raise AssertionError("the command never came up")

    def play_to(self, event: str, max_plies: int = 3000) -> Decision:
        """Random legal moves until a seat's decision has an event of this type; that decision."""
        for _ in range(max_plies):
            options = self.playout.candidates()
            decision = self.submit(*options[self.bot.below(len(options))])
            if decision.seat is not None and event in names(decision):
                return decision
        raise AssertionError(f"no {event} came up")

    def targets(self) -> list[int]:
        return self.points.targets(self.rules, self.seed, RNG_VERSION)


def decisions(
    rules: AnyRules, seats: int, options: Mapping[str, Any], seed: bytes, choose: Chooser, max_plies: int
) -> Iterator[Decision]:
    """A game as the ledger plays it (tests/support/playout.py: Rng(seed, version), time jumping to deadlines)."""
    table = Table(rules, seats, options, seed)
    for _ in range(max_plies):
        if rules.status(table.state).finished:
            return
        candidates = table.playout.candidates()
        yield table.submit(*candidates[choose(table.state, candidates, table.bot)])
    raise AssertionError(f"{rules.name} did not end within {max_plies} plies")


def strings(value: Any) -> set[str]:
    """Every string in a view or a state, dict keys included (card, bet, marker, ingredient and spell ids)."""
    found: set[str] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            found.add(str(v))
        elif isinstance(v, Mapping):
            todo += [*v.keys(), *v.values()]
        elif isinstance(v, list | tuple | set | frozenset):
            todo += list(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            todo += [getattr(v, f.name) for f in dataclasses.fields(v)]
    return found


def check_teaches_nothing(rules: AnyRules, seats: range, seed: bytes, d: Decision) -> None:
    """The decision showed no seat, nor a spectator, anything hidden from it (raises AssertionError saying what)."""
    viewers: list[int | None] = [None, *seats]
    for event in d.events:  # shown whole to everyone: nobody sees more of it than anybody else
        assert all(rules.redact(event, v) is event for v in viewers), f"{type(event).__name__} is not public"
    # 1. No secret string reaches an observer: what another seat sees, or the state holds, and neither it nor the
    #    public saw. (What is public is no secret, though a handicap may keep it from one seat for a while: the
    #    Keyhole, §11.5, ends with its race.)
    before = {v: strings(rules.view(d.before, v)) for v in viewers}
    everything = strings(d.before).union(*before.values())
    for observer in viewers:
        known = before[observer] | before[None]
        learned = (everything - known) & strings(rules.view(d.after, observer))
        assert not learned, f"{d.command!r} showed seat {observer} {sorted(learned)}"
    # 2. Non-interference: in a state the observer cannot tell from this one, the same command decides the same
    #    events, which leave a state the observer cannot tell from this one's.
    for observer in seats:
        for n in range(2):
            twin = PACKAGES[rules.name].resample(d.before, observer, Rng(seed + b"|twin", 100 * d.version + n))
            if twin is d.before:
                break  # nothing hidden from this seat (Atiwa, Antics: their secrets are the order of draws)
            assert rules.view(twin, observer) == rules.view(d.before, observer), "resample shows another table"
            try:
                events = rules.decide(twin, d.seat, d.command, Rng(seed, d.version), d.now_ms)
            except IllegalCommand as exc:
                raise AssertionError(f"{d.command!r} is allowed by what seat {observer} cannot see: {exc}") from exc
            assert events == d.events, f"{d.command!r}: its events depend on what seat {observer} cannot see"
            after = reduce(rules.evolve, events, twin)
            assert rules.view(after, observer) == rules.view(d.after, observer), f"{d.command!r} told {observer}"


PLAYS = [  # (game, seats, options, at least this many safe decisions checked, check every n-th); id: what it protects
    pytest.param("hare-and-tortoise", 3, {"variant": "turbo"}, 10, 1, id="HT-turbo-3p:HT-S1,HT-15,HT-50"),
    pytest.param("hare-and-tortoise", 2, {"variant": "turbo", "series": True}, 10, 1, id="HT-turbo-2p-series:HT-V1.1"),
    pytest.param("hare-and-tortoise", 4, {}, 0, 1, id="HT-standard-4p:HT-S3,HT-10"),  # every turn plays cards
    pytest.param("grasshopper-and-ant", 3, {"mode": "autumn"}, 5, 1, id="GA-autumn-3p:GA-13,GA-30,GA-43,GA-50"),
    pytest.param(
        "grasshopper-and-ant", 4, {"mode": "winter", "powers": True}, 5, 1, id="GA-winter-4p:GA-14,GA-P3,GA-P5,GA-87"
    ),
    pytest.param(
        "baba-yaga", 3, {"mode": "T", "fearless": True, "max_turns": 12}, 30, 1, id="BY-T-3p-fearless:BY-12,BY-16"
    ),
    pytest.param(
        "baba-yaga", 4, {"mode": "T", "difficulty": "tough", "max_turns": 12}, 30, 1, id="BY-T-4p-tough:BY-S3,BY-E3"
    ),
    pytest.param(
        "baba-yaga",
        2,
        {"mode": "T", "difficulty": "walk", "max_turns": 8, "preview_seconds": 5},
        30,
        1,
        id="BY-T-2p-preview:BY-S5,BY-11",
    ),
    pytest.param("atiwa", 2, {}, 50, 1, id="AT-2p:AT-10,AT-73,AT-88"),
    pytest.param("atiwa", 1, {"challenge": 1}, 50, 1, id="AT-solo:AT-104,AT-R6"),
    pytest.param("antics", 3, {}, 50, 8, id="AN-3p:AN-63"),  # long: every 8th
]


@pytest.mark.parametrize(("game", "seats", "options", "at_least", "every"), PLAYS)
def test_a_takeback_safe_decision_teaches_no_seat_anything(
    game: str, seats: int, options: dict[str, Any], at_least: int, every: int
) -> None:
    """The secrets each game keeps (the rule IDs in the test's id; all of them in the module docstring) stay where
    they were over every decision a take-back may go back over: a seat's own (not seat None), every event in
    takeback_safe, and its Rng drew nothing."""
    rules = RULES[game]
    safe = safe_events(rules)
    choose = finding_baba_yaga if game == "baba-yaga" else uniform
    seed = f"takeback|{game}|{seats}".encode()
    safe_ones = checked = 0
    for d in decisions(rules, seats, options, seed, choose, max_plies=6000):
        if d.seat is not None and d.draws == 0 and names(d) <= safe:
            safe_ones += 1
            if safe_ones % every == 0:
                check_teaches_nothing(rules, range(seats), seed, d)
                checked += 1
    assert checked >= at_least, f"only {checked} safe decisions checked: the check hardly ran"


# --- one decision that shows a secret, per game: never a take-back target ------------------------------
def test_HT_S3_HT_10_a_secret_bet_or_a_card_from_the_hand_is_never_taken_back() -> None:
    """HT-S3: the second bet is secret; HT-10: cards played come out of a secret hand (spec §9)."""
    table = Table(hare_tortoise, 3, {}, b"takeback|ht|bet")
    chosen = table.submit(0, ChooseSecondBet(card=table.state.hands[0][0]))
    assert chosen.draws == 0 and names(chosen) == {"SecondBetChosen"}  # no draw: the list alone refuses it
    assert table.targets() == []
    with pytest.raises(AssertionError, match="not public"):
        check_teaches_nothing(hare_tortoise, range(3), table.seed, chosen)

    turbo = Table(hare_tortoise, 3, {"variant": "turbo"}, b"takeback|ht|turbo")
    picked = turbo.submit(*turbo.play_until(lambda s, seat, c: isinstance(c, MoveAnimal)))
    assert turbo.targets()[-1] == picked.version  # HT-V2.5: a pick among public animals may be taken back
    played = turbo.submit(*turbo.play_until(lambda s, seat, c: isinstance(c, PlayCards)))
    assert "CardsPlayed" in names(played) and "CardsPlayed" not in hare_tortoise.takeback_safe
    assert turbo.targets() == []  # nor anything before it


def test_GA_13_GA_30_the_secret_marker_and_its_reveal_are_never_taken_back() -> None:
    """GA-13/GA-14: the Ant's marker and the Red Ants' guesses are secret until GA-30 turns them over."""
    table = Table(grasshopper_ant, 4, {"mode": "winter"}, b"takeback|ga")
    ants = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, PlaceAnts)))
    assert table.targets() == [ants.version]  # GA-10: pawns on the face-up grid hide nothing
    marker = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, ChooseMarker)))
    assert marker.draws == 0 and names(marker) == {"MarkerChosen"}
    assert table.targets() == []
    # GA-30/31: a Cicada that guesses right collects at once: no card is drawn, and the markers are shown.
    right = table.play_until(
        lambda s, seat, c: isinstance(c, PlaceCicada) and card_type(s.grid[CELLS.index(c.cell)]) is s.markers[s.ant]
    )
    revealed = table.submit(*right)
    assert revealed.draws == 0 and "MarkersRevealed" in names(revealed)
    assert table.targets() == []
    with pytest.raises(AssertionError, match="cannot see"):  # the leak is real: the events name the markers
        check_teaches_nothing(grasshopper_ant, range(4), table.seed, revealed)


BY_NO_TIMERS = {"mode": "T", "placement_timeout_ms": 0, "reveal_timeout_ms": 0, "decision_timeout_ms": 0}


def test_BY_12_turning_up_a_face_down_ingredient_is_never_taken_back() -> None:
    """BY-12, §12: a face-down tile's ingredient is hidden from everyone; the flip shows it to all."""
    table = Table(baba_yaga, 3, BY_NO_TIMERS, b"takeback|by")
    placed = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, PlaceWitch)))
    assert table.targets() == [placed.version]  # BY-10: the witch on a public end
    assert "SpellRevealed" in names(table.submit(*table.play_until(lambda s, seat, c: isinstance(c, RevealSpell))))
    assert table.targets() == []  # BY-S3/BY-11: the top card of a stack nobody has seen

    def unseen(s: Any, seat: int | None, c: Any) -> bool:
        return isinstance(c, FlipUp) and s.clue(c.cell) not in s.revealed_clues and not s.is_correct(c.cell)

    flipped = table.submit(*table.play_until(unseen))
    assert flipped.draws == 0 and "TileFlippedUp" in names(flipped)
    assert table.targets() == []
    with pytest.raises(AssertionError, match="showed seat"):
        check_teaches_nothing(baba_yaga, range(3), table.seed, flipped)
    down = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, FlipDown)))
    assert table.targets() == [down.version]  # BY-14: turning it back down hides again, shows nothing new


def test_AT_10_a_terrain_card_drawn_from_the_deck_is_never_taken_back() -> None:
    """AT-10, AT-R6: the terrain deck's order is the only secret on Atiwa's table; a draw shows its top card."""
    table = Table(atiwa, 2, {}, b"takeback|at")
    worker = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, PlaceWorker) and c.space == "TD"))
    assert worker.version in table.targets()  # AT-01: a worker on a public space
    drawn = table.submit(*table.play_until(lambda s, seat, c: isinstance(c, DrawTerrain)))
    assert drawn.draws > 0 and "TerrainDrawn" in names(drawn) and "TerrainDrawn" not in atiwa.takeback_safe
    assert table.targets() == []


def test_AN_63_a_display_refilled_from_the_bag_is_never_taken_back() -> None:
    """AN-63, AN-R3: the bag's order is Antics!'s only secret; refilling the display draws from it."""
    table = Table(antics, 3, {}, b"takeback|an")
    table.play_to("TileScouted")  # AN-10: a tile taken from the display, to be replaced from the bag
    assert table.targets(), "scouting from the open display hides nothing"
    refilled = table.play_to("TilesDrawn")
    assert refilled.draws > 0 and "TilesDrawn" not in antics.takeback_safe
    assert table.targets() == []
