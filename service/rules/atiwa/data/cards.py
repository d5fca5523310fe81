"""Cards: field types, the four location cards (§10.2) and the 36 terrain cards (§10.3).

Every card has 8 fields in the fixed order TM, TR, ML, MM, MR, BL, BM, BR (fields 1..8, spec §1),
which is also the pollution order (AT-76). Card ids: "T01".."T36" for terrain cards, the location
name ("FARM", "SETTLEMENT", "VILLAGE", "TOWN") for location cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class FieldType(StrEnum):
    """Spec §1 field types."""

    H = "H"  # hut: one family (a trained family also carries one bat), or a bat from AT-59
    A = "A"  # abandoned hut (#16, #28): only a bat from AT-59
    W = "W"  # wild animal
    B = "B"  # fruit bat
    G = "G"  # goat
    T = "T"  # tree (which then carries one fruit)
    TW = "TW"  # tree carrying a wild animal or a fruit (#01)
    TB = "TB"  # tree carrying a bat or a fruit (#03, #35)
    F = "F"  # fruit without a tree (#01, #09, #13, #35)
    E = "E"  # empty field: anything but a family, if the same kind is already on the card (AT-40)


H, A, W, B, G, T, TW, TB, F, E = FieldType  # short names for the tables below

FIELDS_PER_CARD = 8
FIELD_NAMES = ("TM", "TR", "ML", "MM", "MR", "BL", "BM", "BR")


class Location(StrEnum):
    """The four location stacks, left to right below the board (AT-S6)."""

    FARM = "FARM"
    SETTLEMENT = "SETTLEMENT"
    VILLAGE = "VILLAGE"
    TOWN = "TOWN"


@dataclass(frozen=True, slots=True)
class LocationCard:
    kind: Location
    count: int  # cards in the stack [SEED]
    points: int
    fields: tuple[FieldType, ...]
    cost_trees: int
    cost_gold_left: int  # the right space of each pair costs this + 1 [SEED]; values ASSUMED

    @property
    def cost_gold_right(self) -> int:
        return self.cost_gold_left + 1


# §10.2 Location cards. Counts [SEED]; huts 1/2/3/4, points, layouts and costs ASSUMED (AT-G2),
# except the Village: hut on field 8 (AT-S13), B, W and G fields (AT-S15), a tree and an empty field.
# Costs are those of the second review (2T+2G, 3T+3G, 4T+4G, 5T+6G; right space +1 gold); the older
# numbers still printed in the spec's §10.4 listing are superseded by this table.
LOCATIONS: dict[Location, LocationCard] = {
    Location.FARM: LocationCard(Location.FARM, 10, 3, (G, T, W, E, T, G, G, H), 2, 2),
    Location.SETTLEMENT: LocationCard(Location.SETTLEMENT, 10, 5, (T, B, G, E, W, T, H, H), 3, 3),
    Location.VILLAGE: LocationCard(Location.VILLAGE, 12, 8, (B, T, W, E, G, H, H, H), 4, 4),
    Location.TOWN: LocationCard(Location.TOWN, 4, 13, (B, E, T, G, H, H, H, H), 5, 6),
}
LOCATION_ORDER: tuple[Location, ...] = (Location.FARM, Location.SETTLEMENT, Location.VILLAGE, Location.TOWN)


@dataclass(frozen=True, slots=True)
class Terrain:
    number: int
    name: str
    points: int
    nature: int  # nature symbols (AT-18)
    fields: tuple[FieldType, ...]

    @property
    def cid(self) -> str:
        return terrain_cid(self.number)


def terrain_cid(number: int) -> str:
    return f"T{number:02d}"


# §10.3 Terrain cards (36, each unique). Fixed by the seed: #01 TW group + F field, #03 eight TB,
# #35 three TB + F, F only on #01/#09/#13/#35, A only on #16/#28, #27 two nature symbols.
# Everything else (names, points, symbols, fields) is ASSUMED (AT-G1).
TERRAINS: tuple[Terrain, ...] = (
    Terrain(1, "Fig Grove", -2, 1, (F, B, TW, TW, TW, W, E, B)),
    Terrain(2, "Forest Edge", 0, 1, (T, T, W, E, W, T, B, B)),
    Terrain(3, "Fruit Bat Forest", -5, 1, (TB, TB, TB, TB, TB, TB, TB, TB)),
    Terrain(4, "Savanna", 3, 1, (W, W, G, E, W, G, G, E)),
    Terrain(5, "Rocky Hillside", 1, 1, (G, E, G, B, E, G, E, B)),
    Terrain(6, "Riverbank", 0, 1, (T, E, B, E, T, B, E, W)),
    Terrain(7, "Farmstead Clearing", 2, 0, (T, G, E, B, T, W, E, H)),
    Terrain(8, "Palm Grove", -3, 1, (T, T, T, B, B, T, B, B)),
    Terrain(9, "Orange Orchard", 1, 1, (T, F, T, F, T, E, T, B)),
    Terrain(10, "Grassland", 3, 1, (G, G, W, G, E, W, G, E)),
    Terrain(11, "Swamp", 2, 1, (B, E, E, W, E, E, B, E)),
    Terrain(12, "Bamboo Thicket", -1, 1, (T, T, E, T, T, B, E, B)),
    Terrain(13, "Mango Grove", 0, 1, (T, F, T, B, T, F, T, B)),
    Terrain(14, "Cliff Caves", -1, 1, (B, B, B, E, B, B, B, E)),
    Terrain(15, "Bushland", 1, 1, (W, E, W, T, W, E, T, B)),
    Terrain(16, "Deserted Hamlet", 3, 0, (T, E, G, E, B, W, E, A)),
    Terrain(17, "Rainforest", -2, 1, (T, T, T, T, B, T, B, T)),
    Terrain(18, "Goat Pasture", 2, 1, (G, G, E, G, G, E, G, B)),
    Terrain(19, "Waterfall", 0, 1, (B, T, E, B, T, E, B, W)),
    Terrain(20, "Hill Meadow", 1, 1, (W, G, E, T, G, E, B, E)),
    Terrain(21, "Village Outskirts", 1, 0, (G, T, E, W, T, B, E, H)),
    Terrain(22, "Baobab Plain", 1, 1, (T, W, W, T, W, E, B, E)),
    Terrain(23, "Kapok Stand", -1, 1, (T, B, T, B, T, B, E, E)),
    Terrain(24, "Clearing", 3, 1, (E, T, E, E, W, E, E, G)),
    Terrain(25, "Riverside Forest", -1, 1, (T, T, B, W, T, B, E, T)),
    Terrain(26, "Termite Mounds", 2, 1, (W, E, W, E, W, B, E, E)),
    Terrain(27, "Nature Reserve", -4, 2, (T, B, W, B, T, W, B, T)),
    Terrain(28, "Ruined Farm", 3, 0, (G, E, T, E, W, E, B, A)),
    Terrain(29, "Stream Valley", 0, 1, (T, E, T, B, E, W, T, E)),
    Terrain(30, "Thorn Scrub", 2, 1, (W, W, E, G, E, W, E, B)),
    Terrain(31, "Avocado Grove", -1, 1, (T, T, E, T, B, T, E, B)),
    Terrain(32, "Mist Forest", -2, 1, (B, T, B, T, B, T, B, E)),
    Terrain(33, "Plantation Edge", 2, 0, (T, T, G, E, T, W, E, H)),
    Terrain(34, "Lakeshore", 1, 1, (B, E, B, E, G, E, W, T)),
    Terrain(35, "Bat Valley", -3, 1, (F, B, E, TB, TB, W, B, TB)),
    Terrain(36, "Highland Ridge", 1, 1, (G, B, E, W, E, G, B, E)),
)
TERRAIN_NUMBERS: tuple[int, ...] = tuple(t.number for t in TERRAINS)
TERRAIN_BY_NUMBER: dict[int, Terrain] = {t.number: t for t in TERRAINS}

# Lookup by card id, for every card that can lie in a play area.
CARD_FIELDS: dict[str, tuple[FieldType, ...]] = {
    **{t.cid: t.fields for t in TERRAINS},
    **{str(kind): card.fields for kind, card in LOCATIONS.items()},
}
CARD_POINTS: dict[str, int] = {
    **{t.cid: t.points for t in TERRAINS},
    **{str(kind): card.points for kind, card in LOCATIONS.items()},
}
CARD_NATURE: dict[str, int] = {**{t.cid: t.nature for t in TERRAINS}, **{str(kind): 0 for kind in LOCATIONS}}
CARD_NAME: dict[str, str] = {**{t.cid: t.name for t in TERRAINS}, **{str(kind): kind.title() for kind in LOCATIONS}}
TERRAIN_CIDS: frozenset[str] = frozenset(t.cid for t in TERRAINS)
