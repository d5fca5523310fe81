"""A command in a player's words (`label`) and the static catalog every id a view names resolves in (`catalog`).

Cells are named as on the drawn grid: columns A-D left to right, rows 1-4 top to bottom ((0, 0) is A1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.grasshopper_ant.data import (
    ANT_PAWNS,
    BEE_WILDCARD_SIZE,
    BEETLE_VP,
    CARD_VP,
    GRID_SIZE,
    INSECT_POINTS,
    MARKET_SIZE,
    PAIR_VP,
    PATH_CARDS,
    POWER_INSECT,
    POWER_NAMES,
    POWERS,
    PROVISION_CARDS,
    SHELF_POINTS,
    SHELF_POSITIONS,
    SINGLE_USE_POWER,
    VICTORY_VP,
    WILDCARD_SIZE,
    Insect,
    PathType,
    Power,
    provision_kind,
)
from service.rules.grasshopper_ant.messages import (
    Buy,
    Cell,
    ChooseMarker,
    Command,
    GainPower,
    Pass,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
    ResolveInsect,
    SkipPower,
    UseSwap,
)

PATH_NAMES: dict[PathType, str] = {
    PathType.TC: "Tablecloth",
    PathType.TL: "Tiled floor",
    PathType.ST: "Stone",
    PathType.WD: "Wood",
}
INSECT_NAMES: dict[Insect, str] = {insect: insect.value.capitalize() for insect in Insect}
POWER_EFFECTS: dict[Power, str] = {
    Power.BEE: f"when you buy, {BEE_WILDCARD_SIZE} identical path cards replace one price symbol",
    Power.BEETLE: f"+{BEETLE_VP} victory point while you hold it",
    Power.DRAGONFLY: "as the Cicada, look at one of the Ant's three unchosen markers first",
    Power.LADYBUG: "as Ant or Cicada, draw a path card at the end of a round in which you collected nothing",
    Power.CATERPILLAR: "hold a face-down path card that you may spend on a provision",
    Power.BUTTERFLY: "single use: after collecting, swap one of your provisions with an opponent's or the market's",
}


def cell_name(cell: Cell) -> str:
    row, col = cell
    return f"{'ABCD'[col]}{row + 1}" if 0 <= col < GRID_SIZE else str(list(cell))


def _type(path_type: PathType) -> str:
    return f"{PATH_NAMES[path_type]} ({path_type.value})"


def _provision(card: str) -> str:
    try:
        return f"{provision_kind(card).name} ({card})"
    except KeyError:
        return card


def label(command: Command) -> str:
    match command:
        case PlaceAnts(cells=cells):
            return "ants on " + " ".join(cell_name(c) for c in sorted(cells))
        case ChooseMarker(path_type=path_type):
            return f"collect {_type(path_type)}"
        case RedAntGuess(path_type=path_type):
            return f"guess {_type(path_type)}"
        case PeekMarker(slot=slot):
            return f"peek at face-down marker {slot + 1}"
        case PlaceCicada(cell=cell):
            return f"Cicada on {cell_name(cell)}"
        case ResolveInsect(card=card, take=take):
            return f"keep {card}" if take == card else f"take {take} instead of {card}"
        case GainPower(discard=discard):
            return f"discard {discard} for its power"
        case SkipPower():
            return "no power this round"
        case Buy(provision=provision, cards=cards):
            return f"buy {_provision(provision)} with {', '.join(sorted(cards))}"
        case UseSwap(mine=mine, theirs=theirs):
            return f"swap your {_provision(mine)} for {_provision(theirs)}"
        case Pass():
            return "end the round without buying"
    raise TypeError(f"not a Grasshopper & Ant command: {command!r}")


def catalog(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every id a view or event names (path cards, provisions, powers, types, insects) and the scoring tables."""
    return {
        "path_types": {t.value: PATH_NAMES[t] for t in PathType},
        "insects": {i.value: INSECT_NAMES[i] for i in Insect},
        "path_cards": {
            c.id: {"type": c.type.value, "insect": c.insect.value if c.insect is not None else None} for c in PATH_CARDS
        },
        "provisions": {
            p: {
                "kind": provision_kind(p).id,
                "name": provision_kind(p).name,
                "price": [t.value for t in provision_kind(p).price],
                "players": provision_kind(p).players,
            }
            for p in PROVISION_CARDS
        },
        "powers": {
            p.value: {
                "name": POWER_NAMES[p],
                "insect": POWER_INSECT[p].value,
                "effect": POWER_EFFECTS[p],
                "single_use": p is SINGLE_USE_POWER,
            }
            for p in POWERS
        },
        "grid": {"size": GRID_SIZE, "columns": "ABCD"[:GRID_SIZE], "ant_pawns": ANT_PAWNS},
        "shelf_points": list(SHELF_POINTS),  # by cube position 0..SHELF_POSITIONS (GA-90)
        "shelf_positions": SHELF_POSITIONS,
        "insect_points": list(INSECT_POINTS),  # per insect kind, by cards of it (GA-91)
        "provision_vp": {"card": CARD_VP, "pair": PAIR_VP, "beetle": BEETLE_VP, "to_win": VICTORY_VP},
        "wildcard": {"cards": WILDCARD_SIZE, "with_bee": BEE_WILDCARD_SIZE},
        "market_size": MARKET_SIZE,
    }
