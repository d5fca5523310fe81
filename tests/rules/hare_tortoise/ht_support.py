"""The Hare & the Tortoise's side of the shared given/when/then harness (tests/support/given.py).

`HT` is the harness bound to the game: `HT.given(history)` builds a state by
`evolve` over hand-made events, `HT.when(state, seat, command)` asks `decide`,
`HT.refused(...)` checks a refusal (with `reads_well` below). The builders here
make the hand-made events, and keep the cards conserved: `on_table` draws the
cards from the deck before playing them, so every given state is one a real
game could reach card-wise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import service.rules.hare_tortoise as ht
from service.rules.core import IllegalCommand
from service.rules.hare_tortoise.data import (
    ANIMALS,
    BET_CARDS,
    CARD_ANIMAL,
    FULL_DECK,
    HAND_SIZE,
    TRACK_TILES,
    TURBO_DECK,
    Animal,
    starting_bets_per_player,
)
from service.rules.hare_tortoise.decide import racing_triggered
from service.rules.hare_tortoise.messages import (
    AnimalFinished,
    AnimalMoved,
    CardsDrawn,
    CardsPlayed,
    Command,
    Event,
    PlayCards,
    RaceFinished,
    RaceSetUp,
    RacingPhaseStarted,
    SecondBetChosen,
)
from service.rules.hare_tortoise.state import State
from tests.support.given import Harness, flatten

FINISH = TRACK_TILES + 1  # where the engine keeps an animal that crossed the finish line
HARE, TORTOISE, WOLF, FOX, LAMB = Animal.HARE, Animal.TORTOISE, Animal.WOLF, Animal.FOX, Animal.LAMB


def H(n: int) -> str:
    return f"R-HARE-{n:02d}"


def T(n: int) -> str:
    return f"R-TORT-{n:02d}"


def W(n: int) -> str:
    """R-WOLF-01..03 are the Howl cards."""
    return f"R-WOLF-{n:02d}"


def F(n: int) -> str:
    return f"R-FOX-{n:02d}"


def L(n: int) -> str:
    return f"R-LAMB-{n:02d}"


def streams_at(*tiles: int) -> tuple[bool, ...]:
    """The RaceSetUp.streams flags for a track whose streams lie on `tiles` (1..11)."""
    return tuple(tile in tiles for tile in range(1, TRACK_TILES + 1))


# Cards numbered 10 and up, mixed across the animals: enough to fill five hands of 7 (36 cards).
FILLERS: tuple[str, ...] = tuple(
    card for n in range(18, 9, -1) for card in (H(n), T(n), W(n), F(n), L(n)) if card in FULL_DECK
)


def race_set_up(
    seats: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    second_bets: Mapping[int, str] | None = None,
    starting_bets: Mapping[int, Sequence[str]] | None = None,
    streams: tuple[bool, ...] = streams_at(5, 9),
    first: int = 0,
    turbo: bool = False,
    tokens: tuple[Animal, ...] = (),
    race: int = 1,
) -> list[Event]:
    """A RaceSetUp with chosen cards, then (standard game) every seat's SecondBetChosen.

    `hands` are the hands after the second bet (6 cards; Turbo 5); missing cards
    are filled from FILLERS (numbered 10 and up; tests name cards 1..9). Seat i's
    `second_bets` card defaults to a filler. Starting bets default to BET_CARDS
    in order (2 each in a 2-player game); the rest are boxed.
    """
    hands = dict(hands or {})
    second_bets = dict(second_bets or {})
    deck = TURBO_DECK if turbo else FULL_DECK
    named = {c for cards in hands.values() for c in cards} | set(second_bets.values())
    spare = [*FILLERS, *(c for c in reversed(deck) if c not in FILLERS)]  # 5-seat Turbo needs more than FILLERS
    filler = iter(c for c in spare if c in deck and c not in named)
    size = 5 if turbo else HAND_SIZE
    dealt: list[tuple[str, ...]] = []
    for seat in range(seats):
        hand = list(hands.get(seat, ()))
        hand += [next(filler) for _ in range(size - len(hand))]
        if not turbo:
            second_bets.setdefault(seat, next(filler))
            hand.append(second_bets[seat])
        dealt.append(tuple(sorted(hand)))
    per = starting_bets_per_player(seats)
    if starting_bets is None:
        starting_bets = {s: BET_CARDS[s * per : (s + 1) * per] for s in range(seats)}
    bets = tuple(tuple(sorted(starting_bets[s])) for s in range(seats))
    boxed = tuple(sorted(b for b in BET_CARDS if all(b not in mine for mine in bets)))
    events: list[Event] = [
        RaceSetUp(
            race=race,
            streams=streams,
            turbo_tokens=tokens,
            starting_bets=bets,
            boxed_bets=boxed,
            hands=tuple(dealt),
            first_player=first,
        )
    ]
    if not turbo:
        events += [SecondBetChosen(seat=s, card=second_bets[s]) for s in range(seats)]
    return events


def on_table(seat: int, *cards: str) -> list[Event]:
    """Cards already played this round by `seat` (drawn from the deck first, so cards stay conserved)."""
    return [CardsDrawn(seat=seat, cards=tuple(sorted(cards))), CardsPlayed(seat=seat, cards=tuple(sorted(cards)))]


def at(animal: Animal, tile: int) -> AnimalMoved:
    """An earlier round left `animal` on `tile`."""
    return AnimalMoved(animal=animal, start=0, end=tile)


def on_podium(animal: Animal, place: int) -> list[Event]:
    """An earlier round put `animal` on the podium in `place`."""
    return [AnimalMoved(animal=animal, start=0, end=FINISH), AnimalFinished(animal=animal, place=place)]


def racing(events: Sequence[Event]) -> list[Event]:
    """The events from the Racing phase on (the refill before it draws at random)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, RacingPhaseStarted)]
    assert starts, f"no Racing phase in {events}"
    return list(events[starts[0] :])


def secrets(state: State, seat: int | None) -> set[str]:
    """Every card id `seat` must not see in `state` (spec §9)."""
    hidden = set(state.deck) | set(state.boxed_bets)
    race_over = len(state.results) >= state.race
    for other in range(state.seats):
        if other != seat:
            hidden |= set(state.hands[other])
            if not race_over:
                hidden |= set(state.bets[other])
    return hidden


SECOND_PERSON = re.compile(r"\byou(rs?)?\b|^play\b|\bchoose\b", re.IGNORECASE)  # "you ...", or an imperative


def reads_well(exc: IllegalCommand, state: State, seat: int | None, command: Command) -> None:
    """A refusal is written to the player and names no card the player cannot see."""
    reason = exc.reason
    if seat is not None and reason != "the game is over":
        assert SECOND_PERSON.search(reason), f"not written to the player: {reason}"
    named = set(getattr(command, "cards", ())) | {getattr(command, "card", "")}
    leaked = {c for c in secrets(state, seat) - named if c in reason}
    assert not leaked, f"reason {reason!r} names hidden cards {leaked}"


HT = Harness(ht, seats=2, seed=b"when", check_refusal=reads_well)


# --- a Racing phase on demand ------------------------------------------------------------------
CARD = {HARE: H, TORTOISE: T, WOLF: W, FOX: F, LAMB: L}


def cards_of(animal: Animal, n: int, howl: int = 0) -> list[str]:
    """n cards of `animal` numbered from 1; Wolf cards skip the Howl cards 01..03 unless `howl` asks for some."""
    if animal is WOLF:
        return [W(i) for i in range(1, howl + 1)] + [W(i) for i in range(4, 4 + n - howl)]
    return [CARD[animal](i) for i in range(1, n + 1)]


class Ready(NamedTuple):
    log: list[Event]  # the given events
    state: State  # after them
    play: PlayCards  # the play that starts the Racing phase


def about_to_race(
    counts: Mapping[Animal, int],
    *history: Event | Iterable[Event],
    streams: tuple[bool, ...] = streams_at(9, 10),
    howl: int = 0,
    seats: int = 2,
    first: int = 0,
    second_bets: Mapping[int, str] | None = None,
    starting_bets: Mapping[int, Sequence[str]] | None = None,
    race: int = 1,
    earlier: Sequence[Event] = (),
    tokens: tuple[Animal, ...] = (HARE, TORTOISE, WOLF, FOX, LAMB),
    **options: Any,
) -> Ready:
    """The history and state where seat `first`'s play completes a table of `counts` cards and starts a Racing phase.

    `earlier` are the events of previous races; `history` (positions, podium) comes after this
    race's set-up; the other cards on the table were played by the next seat. In Turbo
    (variant="turbo") the Turbo `tokens` lie on tiles 2, 4, 6, 8, 10.
    """
    turbo = options.get("variant") == "turbo"
    table = [c for a in ANIMALS for c in cards_of(a, counts.get(a, 0), howl if a is WOLF else 0)]
    full = [a for a in ANIMALS if counts.get(a) == 4]  # the trigger play completes the four, or the eight
    last = table.pop(max(i for i, c in enumerate(table) if not full or CARD_ANIMAL[c] is full[0]))
    set_up = race_set_up(
        seats=seats,
        first=first,
        hands={first: [last]},
        streams=streams,
        second_bets=second_bets,
        starting_bets=starting_bets,
        race=race,
        turbo=turbo,
        tokens=tokens if turbo else (),
    )
    log = flatten(earlier, set_up, *history, on_table((first + 1) % seats, *table) if table else [])
    state = HT.given(log, seats=seats, **options)
    assert not racing_triggered(state), "the given table already triggered"
    return Ready(log, state, PlayCards((last,)))


def phase_after(counts: Mapping[Animal, int], *history: Event | Iterable[Event], **kw: Any) -> list[Event]:
    """The events from the Racing phase on, after the play that completes `counts` (see about_to_race)."""
    ready = about_to_race(counts, *history, **kw)
    return racing(HT.when(ready.state, ready.state.turn, ready.play))


def moves(events: Iterable[Event]) -> dict[Animal, tuple[int, int, str | None]]:
    return {e.animal: (e.start, e.end, e.note) for e in events if isinstance(e, AnimalMoved)}


# Fox 1st, Tortoise 2nd, and the Wolf on tile 11 crosses third with the two Wolf cards of this table.
FOX_TORTOISE_WOLF = {WOLF: 2, HARE: 3, LAMB: 3}


def race_end(
    seats: int,
    starting_bets: Mapping[int, Sequence[str]],
    second_bets: Mapping[int, str],
    race: int = 1,
    earlier: Sequence[Event] = (),
    first: int = 0,
    **options: Any,
) -> tuple[State, list[Event], list[Event]]:
    """A race that ends with FOX, TORTOISE, WOLF on the podium.

    Returns the state before the last play, the game's history up to it, and the events of that play.
    """
    ready = about_to_race(
        FOX_TORTOISE_WOLF,
        on_podium(FOX, 1),
        on_podium(TORTOISE, 2),
        at(WOLF, 11),
        seats=seats,
        first=first,
        starting_bets=starting_bets,
        second_bets=second_bets,
        race=race,
        earlier=earlier,
        **options,
    )
    return ready.state, ready.log, HT.when(ready.state, first, ready.play)


# A tie that survives HT-63: both players hold a bet on the 1st-place Fox and score 7.
TIED_STARTING = {0: ["B-FOX", "B-LAMB"], 1: ["B-HARE", "B-WOLF"]}
TIED_SECOND = {0: W(9), 1: F(9)}

# T15's bets: both score 7 in a race with FOX, TORTOISE, WOLF on the podium; seat 0 holds the 1st-place Fox.
A_WINS_TIE = ({0: ["B-FOX", "B-HARE"], 1: ["B-TORT", "B-WOLF"]}, {0: W(9), 1: W(8)})


def two_races(scores_one: tuple[int, int], scores_two: tuple[int, int]) -> list[Event]:
    """Races 1 and 2 of a 2-player series, finished with these scores (seat 0 starts race 1, seat 1 race 2)."""
    history: list[Event] = []
    for race, first, scores in ((1, 0, scores_one), (2, 1, scores_two)):
        set_up = race_set_up(race=race, first=first, second_bets={0: H(9), 1: F(9)})
        bets = (("B-HARE", "B-TORT", H(9)), ("B-FOX", "B-WOLF", F(9)))
        history += flatten(set_up, RaceFinished(race=race, bets=bets, scores=scores))
    return history
