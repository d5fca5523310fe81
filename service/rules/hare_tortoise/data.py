"""Components and every table of the spec (shared/rules/hare-and-tortoise.md).

Values marked ASSUMED in the spec are kept here, in one place, so that a
correction never touches the logic.
"""

from __future__ import annotations

from enum import StrEnum


class Animal(StrEnum):
    """The five racers. Declaration order is the movement order (HT-30)."""

    HARE = "HARE"
    TORTOISE = "TORTOISE"
    WOLF = "WOLF"
    FOX = "FOX"
    LAMB = "LAMB"


ANIMALS: tuple[Animal, ...] = tuple(Animal)
CARD_PREFIX: dict[Animal, str] = {
    Animal.HARE: "R-HARE",
    Animal.TORTOISE: "R-TORT",
    Animal.WOLF: "R-WOLF",
    Animal.FOX: "R-FOX",
    Animal.LAMB: "R-LAMB",
}

# §2: Racing cards per animal (81 in all); R-WOLF-01..03 show the Howl symbol.
RACING_CARDS_PER_ANIMAL: dict[Animal, int] = {
    Animal.HARE: 18,
    Animal.TORTOISE: 17,
    Animal.WOLF: 16,
    Animal.FOX: 15,
    Animal.LAMB: 15,
}
HOWL_CARDS: frozenset[str] = frozenset({"R-WOLF-01", "R-WOLF-02", "R-WOLF-03"})
BET_CARDS: tuple[str, ...] = tuple(f"B-{CARD_PREFIX[a][2:]}" for a in ANIMALS)  # B-HARE, B-TORT, ...

TRACK_TILES = 11  # positions 1..11; 0 is the starting line; past 11 is the finish (HT-40)
STREAM_TILES = 2

HAND_SIZE = 6  # HT-15
DEAL_SIZE = 7  # HT-S3: 7 dealt, 1 kept as the second bet
MAX_CARDS_PER_TURN = 4  # HT-10
MAX_TOTAL_PER_ROUND = 8  # HT-13 / HT-20
MAX_PER_ANIMAL_PER_ROUND = 4  # HT-13 / HT-20

PODIUM_POINTS: tuple[int, ...] = (5, 3, 2)  # HT-60: 1st, 2nd, 3rd [SRC:MAGIER]

# HT-31: tiles moved by number of cards played this round (index 0..4).
# The Lamb's 0 with no card is ASSUMED (HT-G3); the Hare's nap is HT-32.
MOVEMENT: dict[Animal, tuple[int, int, int, int, int]] = {
    Animal.HARE: (0, 2, 2, 2, 2),
    Animal.TORTOISE: (1, 1, 1, 1, 2),
    Animal.WOLF: (0, 1, 1, 2, 3),
    Animal.FOX: (0, 1, 2, 3, 4),
    Animal.LAMB: (0, 2, 3, 4, 5),
}


def starting_bets_per_player(seats: int) -> int:
    """HT-S1: 2 Starting Bet cards each in a 2-player game, otherwise 1."""
    return 2 if seats == 2 else 1


# --- HT-V2 Turbo -------------------------------------------------------------------------
TURBO_CARDS_PER_ANIMAL = 13  # HT-V2.1: the three Howl cards are always among those removed
TURBO_TOKEN_TILES: tuple[int, ...] = (2, 4, 6, 8, 10)  # HT-V2.2, one token per animal (ASSUMED, HT-G6)
TURBO_BONUS = 2  # HT-V2.7
TURBO_DEAL_SIZE = 5  # HT-V2.3
TURBO_HAND_SIZE_DEFAULT = 5  # HT-V2.4, ASSUMED (HT-G8); the literal reading is 6

# --- HT-V1 series, HT-64 ties --------------------------------------------------------------
SERIES_RACES = 3
# HT-64 "play again": at most this many rematch races, then the still-tied share the win (ASSUMED).
MAX_REMATCHES = 2


def animal_of(card: str) -> Animal:
    """The animal a Racing or Starting Bet card shows."""
    for animal, prefix in CARD_PREFIX.items():
        if card.startswith(prefix + "-") or card == "B-" + prefix[2:]:
            return animal
    raise ValueError(f"not a Hare & Tortoise card: {card!r}")


def racing_deck(turbo: bool) -> tuple[str, ...]:
    """All Racing cards in play: 81, or 65 in Turbo (13 per animal, no Howl card)."""
    cards: list[str] = []
    for animal, count in RACING_CARDS_PER_ANIMAL.items():
        ids = [f"{CARD_PREFIX[animal]}-{i:02d}" for i in range(1, count + 1)]
        if turbo:
            ids = [c for c in ids if c not in HOWL_CARDS][:TURBO_CARDS_PER_ANIMAL]
        cards += ids
    return tuple(cards)


FULL_DECK = racing_deck(turbo=False)
TURBO_DECK = racing_deck(turbo=True)
CARD_ANIMAL: dict[str, Animal] = {card: animal_of(card) for card in (*FULL_DECK, *BET_CARDS)}
