"""Random legal playouts of the Hare & the Tortoise: invariants, exact legal commands, no leaks.

Every game goes through tests/support/playout.play (which checks the generic
invariants: codec, views are JSON, evolve rebuilds the live state, the game
ends). A thin spy around the rules module sees every live state: evolve() on
the live chain checks the per-event invariants (cards conserved, pawns never
go back, a valid podium, and that the redacted event shows each seat nothing
it must not see), status() checks the per-turn ones. After the game, the race
scores, totals and winners are recomputed from the events with tables of our
own, not the engine's.

Games per run (CI): 4 modes x 4 player counts x (INVARIANT_GAMES + LEAK_GAMES +
EXACT_GAMES) = 16 x (44 + 12 + 8) = 1,024 random legal games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import service.rules.hare_tortoise as ht
from service.rules.core import IllegalCommand, Rng
from service.rules.hare_tortoise.data import ANIMALS, BET_CARDS, FULL_DECK, MAX_REMATCHES, TURBO_DECK, Animal
from service.rules.hare_tortoise.decide import hand_size
from service.rules.hare_tortoise.messages import (
    AnimalFinished,
    ChooseSecondBet,
    Command,
    Event,
    GameFinished,
    MoveAnimal,
    PlayCards,
    RaceFinished,
    RaceSetUp,
    SecondBetChosen,
)
from service.rules.hare_tortoise.state import Phase, State
from tests.support.playout import Playout, play, random_chooser

INVARIANT_GAMES = 44  # per mode and player count
LEAK_GAMES = 12
EXACT_GAMES = 8

MODES = ("standard", "turbo", "series", "rematch")
SEATS = (2, 3, 4, 5)
FINISH = 12
POINTS = {1: 5, 2: 3, 3: 2}  # HT-60, written out again on purpose
ANIMAL_OF = {"HARE": Animal.HARE, "TORT": Animal.TORTOISE, "WOLF": Animal.WOLF, "FOX": Animal.FOX, "LAMB": Animal.LAMB}


def animal_of(card: str) -> Animal:
    return ANIMAL_OF[card.split("-")[1]]


def options_for(mode: str, draw: st.DataObject, seats: int) -> dict[str, Any]:
    """The mode's options, with the other options drawn at random."""
    opts: dict[str, Any] = {
        "first_player": draw.draw(st.sampled_from([-1, *range(seats)]), label="first_player"),
        "variant": draw.draw(st.sampled_from(["standard", "turbo"]), label="variant"),
    }
    if mode == "standard":
        opts["variant"] = "standard"
    elif mode == "turbo":
        opts["variant"] = "turbo"
        opts["turbo_hand_size"] = draw.draw(st.sampled_from([5, 6]), label="turbo_hand_size")
    elif mode == "series":
        opts["series"] = True
    elif mode == "rematch":
        opts["tie_policy"] = "rematch"
    return opts


def json_cards(obj: Any) -> set[str]:
    """Every string in obj (an event, a view, commands) that looks like a card id."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item[:2] in ("R-", "B-"):
                found.add(item)
        elif isinstance(item, dict):
            stack += item.values()
        elif isinstance(item, list | tuple | frozenset):
            stack += item
        elif hasattr(item, "__dataclass_fields__"):
            stack += [getattr(item, name) for name in item.__dataclass_fields__]
    return found


def secrets(state: State, seat: int | None) -> set[str]:
    """What `seat` must not see (spec §9): the deck, the box, others' hands, others' bets until the race ends."""
    hidden = set(state.deck) | set(state.boxed_bets)
    race_over = len(state.results) >= state.race
    for other in range(state.seats):
        if other != seat:
            hidden |= set(state.hands[other])
            if not race_over:
                hidden |= set(state.bets[other])
    return hidden


def key(command: Command) -> tuple[str, Any]:
    """Commands that decide treats alike: a play is a set of cards (legal_commands lists sorted tuples)."""
    match command:
        case PlayCards(cards=cards):
            return ("play", tuple(sorted(cards)))
        case ChooseSecondBet(card=card):
            return ("bet", card)
        case MoveAnimal(animal=animal):
            return ("move", animal)
    raise TypeError(command)


# --- the spy -----------------------------------------------------------------------------------
class Spy:
    """The rules module, with checks on every live state (play() sees no difference)."""

    def __init__(self, leaks_every: int = 0, exact_every: int = 0) -> None:
        self.live: State | None = None
        self.leaks_every = leaks_every  # views checked every n-th turn (and at the end); 0: no leak checks
        self.exact_every = exact_every  # legal_commands checked every n-th turn; 0: never
        self.boundaries = 0
        self.last_checked: State | None = None
        self.exact_checks = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(ht, name)

    def initial_state(self, seats: int, options: dict[str, Any]) -> State:
        state = ht.initial_state(seats, options)
        if self.live is None:
            self.live = state
        return state

    def evolve(self, state: State, event: Event) -> State:
        after = ht.evolve(state, event)
        if state is self.live:  # not the rebuilds of check_generic
            check_event(state, event, after)
            if self.leaks_every:
                check_redacted(event, after)
            self.live = after
        return after

    def status(self, state: State) -> Any:
        if state is self.live and state is not self.last_checked:
            self.last_checked = state
            self.boundaries += 1
            check_turn(state)
            if self.leaks_every and (self.boundaries % self.leaks_every == 0 or state.phase is Phase.FINISHED):
                check_views(state)
            if self.exact_every and self.boundaries % self.exact_every == 0:
                check_exact(state)
                self.exact_checks += 1
        return ht.status(state)


# --- per-event invariants ----------------------------------------------------------------------
def check_event(before: State, event: Event, state: State) -> None:
    deck = TURBO_DECK if state.config.turbo else FULL_DECK
    racing = [
        *state.deck,
        *state.discard,
        *(c for h in state.hands for c in h),
        *(c for cards in state.played for c in cards),
        *(c for b in state.bets for c in b if c.startswith("R-")),
    ]
    assert sorted(racing) == sorted(deck), f"racing cards not conserved after {event}"
    bet_cards = [*state.boxed_bets, *(c for b in state.bets for c in b if c.startswith("B-"))]
    assert sorted(bet_cards) == sorted(BET_CARDS), f"starting bets not conserved after {event}"
    assert state.total() <= 8 and max(state.counts()) <= 4
    assert all(0 <= p <= FINISH for p in state.positions)
    if not isinstance(event, RaceSetUp):
        assert all(a >= b for a, b in zip(state.positions, before.positions, strict=True)), f"a pawn went back: {event}"
    check_podium(state)


def check_redacted(event: Event, state: State) -> None:
    """Each seat's copy of the event shows nothing that seat cannot see once the event happened."""
    for viewer in (None, *range(state.seats)):
        seen = ht.redact(event, viewer)
        leaked = json_cards(seen) & secrets(state, viewer)
        assert not leaked, f"{type(event).__name__} shows {leaked} to seat {viewer}"


def check_podium(state: State) -> None:
    places = [place for _, place in state.podium]
    animals = [a for a, _ in state.podium]
    assert len(set(animals)) == len(animals) and all(1 <= p <= 3 for p in places)
    if not state.config.turbo:
        assert places == list(range(1, len(places) + 1)) and len(places) <= 3  # HT-40
        assert all(state.position(a) == FINISH for a in animals)
    else:
        # HT-V2.9: standard competition ranking
        assert places == sorted(places)
        assert all(p == 1 + sum(q < p for q in places) for p in places)


# --- per-turn invariants -----------------------------------------------------------------------
def check_turn(state: State) -> None:
    status = ht.status(state)
    if not state.config.turbo:  # HT-40: whoever crossed is on the podium (between decisions)
        assert {a for a in ANIMALS if state.position(a) == FINISH} == {a for a, _ in state.podium}
    if state.phase is Phase.PLAY:
        assert status.to_act == (state.turn,)
        assert state.total() <= 7 and max(state.counts()) <= 3  # else the phase would have started
        size = hand_size(state.config)
        assert all(len(h) == size or (state.config.turbo and len(h) == 5) for h in state.hands)
        singles = {c.cards for c in ht.legal_commands(state, state.turn) if isinstance(c, PlayCards)}
        assert {(c,) for c in state.hands[state.turn]} <= singles, "a player is stuck"
    elif state.phase is Phase.SECOND_BET:
        assert status.to_act == tuple(s for s in range(state.seats) if not state.second_bet_done[s])
    elif state.phase is Phase.TURBO_MOVE:
        assert state.config.turbo and state.to_move and status.to_act == (state.turn,)
    else:
        assert state.phase is Phase.FINISHED and status.finished


def check_views(state: State) -> None:
    for viewer in (None, *range(state.seats)):
        hidden = secrets(state, viewer)
        seen = ht.view(state, viewer)
        current = {k: v for k, v in seen.items() if k != "results"}  # results: earlier races, public
        assert not json_cards(current) & hidden, f"view leaks to seat {viewer}"
        assert [r["bets"] for r in seen["results"]] == [[list(b) for b in r.bets] for r in state.results]
        if viewer is None:
            assert "hand" not in seen and "bets" not in seen
        else:
            assert seen["hand"] == list(state.hands[viewer]) and seen["bets"] == list(state.bets[viewer])
        assert not json_cards(ht.legal_commands(state, viewer)) & hidden
        # the view is the same whatever the hidden cards are
        for twin in twins(state, viewer):
            assert ht.view(twin, viewer) == seen, f"seat {viewer}'s view depends on hidden cards"
        if viewer is not None:
            check_reasons(state, viewer, hidden)


def twins(state: State, viewer: int | None) -> list[State]:
    """States that differ from `state` only in what `viewer` cannot see."""
    out = []
    others = [s for s in range(state.seats) if s != viewer and state.hands[s]]
    if state.deck and others:
        other = others[-1]
        mine, theirs = state.hands[other][0], state.deck[-1]
        hands = list(state.hands)
        hands[other] = tuple(sorted((*hands[other][1:], theirs)))
        deck = tuple(sorted((*state.deck[:-1], mine)))
        out.append(replace(state, hands=tuple(hands), deck=deck))
    if state.boxed_bets and others and len(state.results) < state.race:
        other = others[0]
        bets = list(state.bets)
        bets[other] = (state.boxed_bets[0], *bets[other][1:])
        boxed = tuple(sorted((state.bets[other][0], *state.boxed_bets[1:])))
        out.append(replace(state, bets=tuple(bets), boxed_bets=boxed))
    return out


def check_reasons(state: State, seat: int, hidden: set[str]) -> None:
    """Refusals name no hidden card, and read the same whoever holds the card named."""
    samples = sorted(hidden)[:: max(1, len(hidden) // 6)]
    shapes = set()
    for card in samples:
        for command in (PlayCards((card,)), ChooseSecondBet(card)):
            try:
                ht.decide(state, seat, command, Rng(b"reasons", 1), 0)
            except IllegalCommand as exc:
                assert not {c for c in hidden if c in exc.reason} - {card}, exc.reason
                shapes.add((type(command).__name__, exc.code, exc.reason.replace(card, "<card>")))
            else:
                raise AssertionError(f"seat {seat} played a card it cannot see: {command}")
    assert len(shapes) <= 2, f"refusals differ by where the card is: {shapes}"


# --- legal_commands is exact -------------------------------------------------------------------
def candidates(state: State, seat: int) -> list[Command]:
    """A superset of what decide might accept from `seat`: every play of up to 4 own cards, plus intruders."""
    hand = state.hands[seat]
    plays = [PlayCards(c) for k in range(1, 5) for c in combinations(hand, k)]
    out: list[Command] = [*plays, *(PlayCards(tuple(reversed(c.cards))) for c in plays[len(hand) : len(hand) + 5])]
    strangers = [
        *state.deck[:1],
        *state.discard[:1],
        *(cards[0] for cards in state.played if cards),
        *(h[0] for s, h in enumerate(state.hands) if s != seat and h),
        *(b[-1] for b in state.bets if b),
        *state.boxed_bets[:1],
        "R-HARE-99",
    ]
    for card in strangers:
        out.append(PlayCards((card,)))
        out.append(ChooseSecondBet(card))
        if hand:
            out.append(PlayCards((hand[0], card)))
    if hand:
        out += [PlayCards(()), PlayCards((hand[0], hand[0])), PlayCards(tuple(hand[:5]))]
        out += [ChooseSecondBet(c) for c in hand]
    out += [MoveAnimal(a) for a in ANIMALS]
    return out


def check_exact(state: State) -> None:
    for seat in range(state.seats):
        legal = ht.legal_commands(state, seat)
        listed = {key(c) for c in legal}
        assert len(listed) == len(legal), "legal_commands lists a command twice"
        tried = set()
        for command in candidates(state, seat):
            tried.add(key(command))
            try:
                ht.decide(state, seat, command, Rng(b"exact", 1), 0)
                accepted = True
            except IllegalCommand:
                accepted = False
            assert accepted == (key(command) in listed), f"seat {seat} {command}: decide {accepted}, listed not"
        assert listed <= tried, "the candidates missed a listed command"


# --- after the game ----------------------------------------------------------------------------
@dataclass
class Race:
    """One race as the events tell it: bets from the set-up and the second bets, podium from AnimalFinished."""

    bets: list[list[str]]
    podium: dict[Animal, int] = field(default_factory=dict)
    done: RaceFinished | None = None

    def score(self, seat: int) -> int:
        return sum(POINTS.get(self.podium.get(animal_of(c), 0), 0) for c in self.bets[seat])

    def best(self, seat: int) -> int:
        return min(self.podium.get(animal_of(c), 4) for c in self.bets[seat])


def top(seats: list[int], points: Callable[[int], int]) -> list[int]:
    high = max(points(s) for s in seats)
    return [s for s in seats if points(s) == high]


def best_placed(seats: list[int], race: Race) -> list[int]:
    """HT-63: the seats whose best-placed bet is the best."""
    first = min(race.best(s) for s in seats)
    return [s for s in seats if race.best(s) == first]


def check_scores(p: Playout) -> None:
    """Race scores, totals and winners recomputed from the events with our own tables (HT-60..64, HT-V1.2)."""
    races: list[Race] = []
    final: GameFinished | None = None
    for e in p.history:
        match e:
            case RaceSetUp():
                races.append(Race(bets=[list(b) for b in e.starting_bets]))
            case SecondBetChosen(seat=seat, card=card):
                races[-1].bets[seat].append(card)
            case AnimalFinished(animal=animal, place=place):
                races[-1].podium[animal] = place
            case RaceFinished():
                races[-1].done = e
            case GameFinished():
                final = e
    assert final is not None
    turbo = p.options["variant"] == "turbo"
    for n, race in enumerate(races, start=1):
        assert race.done is not None and race.done.race == n
        assert [sorted(b) for b in race.done.bets] == [sorted(b) for b in race.bets]
        assert [len(b) for b in race.bets] == [(2 if p.seats == 2 else 1) + (0 if turbo else 1)] * p.seats
        assert race.done.scores == tuple(race.score(s) for s in range(p.seats))
        places = sorted(race.podium.values())
        if turbo:
            assert places[0] == 1 and len(places) >= 3
        else:
            assert places == [1, 2, 3]

    base = 3 if p.options["series"] else 1
    totals = [sum(race.score(s) for race in races[:base]) for s in range(p.seats)]
    assert final.totals == tuple(totals) == ht.scores(p.state)
    alive = top(list(range(p.seats)), totals.__getitem__)
    if base == 1:
        alive = best_placed(alive, races[0])  # HT-63, single race only
    rematches = races[base:]
    for i, race in enumerate(rematches):  # HT-64 rematch: a race only for a surviving tie
        assert p.options["tie_policy"] == "rematch" and len(alive) > 1 and i < MAX_REMATCHES
        alive = best_placed(top(alive, race.score), race)
    assert len(alive) == 1 or p.options["tie_policy"] == "shared" or len(rematches) == MAX_REMATCHES
    assert final.winners == tuple(alive) == ht.winners(p.state)


# --- the tests ---------------------------------------------------------------------------------
def run(seats: int, options: dict[str, Any], seed: bytes, spy: Spy) -> Playout:
    p = play(spy, seats, seed, random_chooser(Rng(seed, 0)), options, max_plies=3000)
    assert p.state.phase is Phase.FINISHED and spy.boundaries >= len(p.commands)
    check_scores(p)
    return p


PARAMS = pytest.mark.parametrize(("mode", "seats"), [(m, s) for m in MODES for s in SEATS])
SEED = st.binary(min_size=8, max_size=8)


@PARAMS
@settings(max_examples=INVARIANT_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEED, draw=st.data())
def test_HT_random_games_keep_the_invariants(mode: str, seats: int, seed: bytes, draw: st.DataObject) -> None:
    run(seats, options_for(mode, draw, seats), seed, Spy())


@PARAMS
@settings(max_examples=LEAK_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEED, draw=st.data())
def test_HT_no_view_event_or_refusal_leaks_hidden_cards(
    mode: str, seats: int, seed: bytes, draw: st.DataObject
) -> None:
    run(seats, options_for(mode, draw, seats), seed, Spy(leaks_every=3))


@PARAMS
@settings(max_examples=EXACT_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEED, draw=st.data())
def test_HT_legal_commands_are_exactly_what_decide_accepts(
    mode: str, seats: int, seed: bytes, draw: st.DataObject
) -> None:
    spy = Spy(exact_every=5)
    run(seats, options_for(mode, draw, seats), seed, spy)
    assert spy.exact_checks > 0
