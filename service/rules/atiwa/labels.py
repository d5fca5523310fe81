"""A command's words for a player (`label`) and the static catalog a client resolves a view's ids with.

The view names terrain cards (`T04`), location cards (`FARM`), action spaces (`FA_L`, `R3`) and tiles
(`TL_A`); `catalog(options)` explains every one of them offline: names, points, nature symbols, the
eight field types, location costs, what each space and tile does, the round track's printed actions,
the supply-board row values and the breeding conditions per round (§10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.atiwa.data.board import (
    BELOW,
    BREEDING,
    EXTENSION_FOR_SEATS,
    EXTENSIONS,
    MAIN_BOARD,
    ROUND_SPACE_ACTIONS,
    SOLO_COLOUR,
    TILES,
    Act,
    Action,
    describe,
)
from service.rules.atiwa.data.cards import FIELD_NAMES, LOCATIONS, TERRAINS, FieldType, Location
from service.rules.atiwa.data.pieces import BOARD_ROWS, FOOD_VALUE, ROW_VALUE
from service.rules.atiwa.messages import (
    ChooseAlternative,
    Command,
    DrawTerrain,
    FlyBat,
    Pass,
    PayCost,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TrainFamily,
)

FIELD_TYPE_NAMES: dict[FieldType, str] = {
    FieldType.H: "hut",
    FieldType.A: "abandoned hut",
    FieldType.W: "wild animal",
    FieldType.B: "fruit bat",
    FieldType.G: "goat",
    FieldType.T: "tree",
    FieldType.TW: "tree (with a wild animal or fruit)",
    FieldType.TB: "tree (with a bat or fruit)",
    FieldType.F: "fruit",
    FieldType.E: "empty (any piece already on this card)",
}
SPACE_NAMES: dict[str, str] = {
    "TD": "Terrain draw",
    "TT1": "Displayed terrain 1",
    "TT2": "Displayed terrain 2",
    "TT3": "Displayed terrain 3",
    "TT4": "Displayed terrain 4",
    "GN1": "Gold per nature",
    "GN2": "Gold per nature",
    "CH1": "Bats and gold",
    "CH2": "Bats and gold",
    "TF1": "Tree with fruit",
    "TF2": "Tree with fruit",
    "TR": "Training",
    "EG": "Goats",
    "EF": "Family",
    "WT": "Wild animal and training",
    "GB": "Goat and bat",
    "GD": "Gold",
    **{f"{kind[:2]}_{side[0].upper()}": f"{kind.title()} ({side})" for kind in Location for side in ("left", "right")},
}


def _piece(kind: str) -> str:
    return {"WILD": "wild animal", "FAMILY": "family", "GOLD": "gold"}.get(kind, kind.lower())


def _field(card: int, field: int | None) -> str:
    spot = f"field {FIELD_NAMES[field - 1]}" if field is not None and 1 <= field <= len(FIELD_NAMES) else "a field"
    return f"card {card + 1}, {spot}"


def _space(sid: str) -> str:
    if sid[0] == "R" and sid[1:].isdigit():
        return f"round space {sid[1:]}"
    name = SPACE_NAMES.get(sid, sid)
    location = next((a for s in MAIN_BOARD if s.sid == sid for a in s.actions if a.act is Act.LOCATION), None)
    if location is not None:
        return f"{name}: {_cost(location)}"
    return name


def _cost(action: Action) -> str:
    assert action.location is not None
    card = LOCATIONS[action.location]
    gold = card.cost_gold_right if action.right else card.cost_gold_left
    huts = card.fields.count(FieldType.H)
    return f"{card.points} points, {huts} hut{'s' * (huts != 1)}, for {card.cost_trees} trees + {gold} gold"


def label(command: Command) -> str:
    """A player's words for a command (card numbers count from 1, fields by position); refusals use them too."""
    if isinstance(command, PlaceWorker):
        return f"place a worker on {_space(command.space)}"
    if isinstance(command, StartAction):
        return f"do action {command.action + 1} of your space"
    if isinstance(command, Pass):
        return "pass (done here)"
    if isinstance(command, DrawTerrain):
        return "draw a terrain card"
    if isinstance(command, PlaceCard):
        return f"place the card at row {command.row}, column {command.col}"
    if isinstance(command, PlaceItem):
        trained = " trained" if command.trained else ""
        return f"put a{trained} {_piece(command.kind)} on {_field(command.card, command.field)}"
    if isinstance(command, TrainFamily):
        return f"train the family on {_field(command.card, command.field)}"
    if isinstance(command, PayCost):
        return "pay the gold"
    if isinstance(command, ChooseAlternative):
        return f"choose alternative {command.option + 1}"
    if isinstance(command, PayTree):
        return f"pay the tree on {_field(command.card, command.field)}"
    if isinstance(command, FlyBat):
        return f"fly the bat on {_field(command.card, command.field)} to the night card"
    if isinstance(command, PayFruit):
        return f"pay the fruit on {_field(command.card, command.field)}"
    if isinstance(command, PayFood):
        value = FOOD_VALUE.get(command.kind)
        food = "" if value is None else f" ({value} food)"  # no value: a refused command, never an option
        if command.card is None:
            return f"eat 1 gold{food}"
        return f"eat the {_piece(command.kind)} on {_field(command.card, command.field)}{food}"
    return type(command).__name__


def _actions(actions: tuple[Action, ...]) -> list[str]:
    return [describe(a) for a in actions]


def catalog(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every id a view names, explained (JSON; the same for every player count but the extension)."""
    return {
        "field_names": list(FIELD_NAMES),
        "field_types": {str(t): name for t, name in FIELD_TYPE_NAMES.items()},
        "terrain": {
            t.cid: {
                "name": t.name,
                "points": t.points,
                "nature": t.nature,
                "fields": [str(f) for f in t.fields],
            }
            for t in TERRAINS
        },
        "locations": {
            str(kind): {
                "name": kind.title(),
                "points": card.points,
                "huts": card.fields.count(FieldType.H),
                "fields": [str(f) for f in card.fields],
                "cost_trees": card.cost_trees,
                "cost_gold_left": card.cost_gold_left,
                "cost_gold_right": card.cost_gold_right,
                "count": card.count,
            }
            for kind, card in LOCATIONS.items()
        },
        "spaces": {
            s.sid: {"name": SPACE_NAMES.get(s.sid, s.sid), "actions": _actions(s.actions)}
            for s in (*MAIN_BOARD, *(x for side in EXTENSIONS.values() for x in side))
        },
        "extension_for_players": {str(n): side for n, side in EXTENSION_FOR_SEATS.items()},
        "round_space": _actions(ROUND_SPACE_ACTIONS),
        "below": {str(p): _actions(actions) for p, actions in BELOW.items()},
        "tiles": {tile: _actions(actions) for tile, actions in TILES.items()},
        "breeding": {str(r): [[str(kind), n] for kind, n in conditions] for r, conditions in BREEDING.items()},
        "solo_colour": {str(r): colour for r, colour in SOLO_COLOUR.items()},
        "supply_board": {str(kind): list(ROW_VALUE[kind][1:]) for kind in BOARD_ROWS},
        "food_value": {str(kind): value for kind, value in FOOD_VALUE.items()},
    }


__all__ = ["catalog", "label"]
