"""Solo mode goal and the eight challenges (spec §8, AT-100, AT-C1..AT-C8)."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.atiwa.data.cards import Location

SOLO_GOAL = 120  # AT-100


@dataclass(frozen=True, slots=True)
class Challenge:
    number: int
    name: str
    min_points: int
    min_bats: int = 0  # AT-C1
    min_towns: int = 0  # AT-C2 ("3 Towns" read as at least 3, AT-G19)
    all_families: bool = False  # AT-C2, AT-C8: all 13 families on cards
    exact_locations: tuple[tuple[Location, int], ...] = ()  # AT-C3 (read as exactly these, AT-G19)
    min_gold: int = 0  # AT-C3, AT-C7
    no_pollution: bool = False  # AT-C6
    no_terrain: bool = False  # AT-C4 change: all terrain cards removed at setup
    migration: int = 0  # AT-C5 change: families removed from the supply board in each step 7
    no_training: bool = False  # AT-C8 change: training has no effect


PLAIN_SOLO = Challenge(0, "Solo", SOLO_GOAL)

CHALLENGES: dict[int, Challenge] = {
    1: Challenge(1, "Colony", 100, min_bats=40),
    2: Challenge(2, "Common Good", 100, min_towns=3, all_families=True),
    3: Challenge(
        3,
        "Investor",
        100,
        exact_locations=((Location.FARM, 1), (Location.SETTLEMENT, 1), (Location.VILLAGE, 2), (Location.TOWN, 1)),
        min_gold=20,
    ),
    4: Challenge(4, "Metropolis", 90, no_terrain=True),
    5: Challenge(5, "Migration", 90, migration=2),
    6: Challenge(6, "No Pollution", 100, no_pollution=True),
    7: Challenge(7, "Prosperity", 120, min_gold=30),
    8: Challenge(8, "No Education", 80, all_families=True, no_training=True),
}


def challenge_for(number: int) -> Challenge:
    return PLAIN_SOLO if number == 0 else CHALLENGES[number]
