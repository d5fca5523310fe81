"""service/rules/schema.py: each type maps as the codec encodes it, and every game's document holds together.

tests/property/test_schemas.py checks real games' messages against the documents; these check the mapping
one type at a time, the refusals, and that the committed schemas/ files are what the rules give now.
No `from __future__ import annotations`: the TypedDict below must see its NotRequired (as view_types.py).
"""

import json
from dataclasses import dataclass, make_dataclass
from enum import StrEnum
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any, NotRequired, TypedDict

import pytest
from jsonschema import Draft202012Validator

from service.ledger import codec
from service.rules import schema
from service.rules.catalog import RULES
from service.rules.kit import wire_name

ROOT = Path(__file__).resolve().parents[2]


class Colour(StrEnum):
    """A colour."""

    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Spot:
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Painted:
    """Cells painted."""

    seat: int
    colour: Colour
    cells: tuple[tuple[int, int], ...]
    spots: frozenset[Spot]
    by_name: dict[str, int]
    note: str | None = None


@dataclass(frozen=True, slots=True)
class PaintCell:
    cell: tuple[int, int]
    colour: Colour | None = None
    twice: bool = False


class View(TypedDict):
    """The board."""

    colour: Annotated[str, Colour]
    pairs: Annotated[list[list[int | str]], list[tuple[int, Colour]], "[seat, colour]"]
    counts: dict[Annotated[str, Colour], int]
    winner: NotRequired[int | None]


def view(state: Any, seat: int | None) -> View:
    return {"colour": "red", "pairs": [], "counts": {}}


def toy(**changes: Any) -> Any:
    """A rules surface with just what schema.document reads."""
    surface = {
        "name": "toy",
        "version": 3,
        "metadata": SimpleNamespace(title="Toy"),
        "view_types": {"seat": View, "spectator": View},
        "view": view,
        "event_types": {"Painted": Painted},
        "command_types": {"PaintCell": PaintCell},
    }
    return SimpleNamespace(**(surface | changes))


def test_types_map_as_the_codec_encodes_them() -> None:
    defs = schema.document(toy())["$defs"]
    assert defs["Colour"] == {"title": "Colour", "description": "A colour.", "type": "string", "enum": ["red", "blue"]}
    painted = defs["Painted"]
    assert painted["required"] == ["seat", "colour", "cells", "spots", "by_name", "note"]  # events: every field
    assert painted["additionalProperties"] is False and painted["description"] == "Cells painted."
    props = painted["properties"]
    assert props["colour"] == {"$ref": "#/$defs/Colour"}
    assert props["cells"]["items"] == {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "integer"}],
        "minItems": 2,
        "maxItems": 2,
    }
    assert props["spots"] == {"type": "array", "items": {"$ref": "#/$defs/Spot"}, "uniqueItems": True}
    assert props["by_name"] == {"type": "object", "additionalProperties": {"type": "integer"}}
    assert props["note"] == {"type": ["string", "null"], "default": None}
    assert "description" not in defs["Spot"]  # dataclasses' made-up "Spot(row: int, col: int)" is no description


def test_a_commands_defaulted_arguments_may_be_left_out() -> None:
    command = schema.document(toy())["$defs"]["paint_cell"]
    assert command["title"] == "PaintCell" and command["required"] == ["cell"]
    assert command["properties"]["colour"] == {"anyOf": [{"$ref": "#/$defs/Colour"}, {"type": "null"}], "default": None}
    assert command["properties"]["twice"] == {"type": "boolean", "default": False}


def test_a_views_annotations_say_what_python_cannot() -> None:
    props = schema.document(toy())["$defs"]["View"]["properties"]
    assert props["colour"] == {"$ref": "#/$defs/Colour"}
    assert props["pairs"]["description"] == "[seat, colour]"
    assert props["pairs"]["items"]["prefixItems"] == [{"type": "integer"}, {"$ref": "#/$defs/Colour"}]
    assert props["counts"]["propertyNames"] == {"$ref": "#/$defs/Colour"}
    assert schema.document(toy())["$defs"]["View"]["required"] == ["colour", "pairs", "counts"]  # winner: NotRequired


def test_the_root_indexes_views_events_and_commands_by_wire_name() -> None:
    document = schema.document(toy())
    Draft202012Validator.check_schema(document)
    index = document["properties"]
    assert index["views"]["properties"] == {"seat": {"$ref": "#/$defs/View"}, "spectator": {"$ref": "#/$defs/View"}}
    assert index["events"]["properties"] == {"Painted": {"$ref": "#/$defs/Painted"}}
    assert index["commands"]["properties"] == {"paint_cell": {"$ref": "#/$defs/paint_cell"}}
    assert document["$id"] == "urn:playledger:schema:toy:3"


def test_view_types_must_be_what_view_returns() -> None:
    class Other(TypedDict):
        x: int

    with pytest.raises(TypeError, match="is not what view"):
        schema.document(toy(view_types={"seat": Other, "spectator": View}))


def test_two_types_of_one_name_are_refused() -> None:
    other = make_dataclass("Colour", [("name", str)], frozen=True)  # not the enum the events name
    mixed = make_dataclass("Mixed", [("b", other)], frozen=True)
    with pytest.raises(TypeError, match="two types are called 'Colour'"):
        schema.document(toy(event_types={"Painted": Painted, "Mixed": mixed}))
    events = make_dataclass("Events", [("x", int)], frozen=True)  # a name the document's root takes
    with pytest.raises(TypeError, match="two types are called 'Events'"):
        schema.document(toy(event_types={"Events": events}))


def test_unsupported_types_are_refused() -> None:
    @dataclass(frozen=True)
    class Floaty:
        x: float

    with pytest.raises(TypeError, match="does not support"):
        schema.document(toy(event_types={"Floaty": Floaty}))


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_game_indexes_each_of_its_messages(game: str) -> None:
    rules = RULES[game]
    document = schema.document(rules)
    Draft202012Validator.check_schema(document)
    index = document["properties"]
    assert list(index["events"]["properties"]) == list(rules.event_types)
    assert list(index["commands"]["properties"]) == [wire_name(name) for name in rules.command_types]
    assert json.loads(schema.document_json(rules)) == document
    for name, cls in rules.command_types.items():  # the same fields as CommandSchema describes in words
        assert list(document["$defs"][wire_name(name)]["properties"]) == [f["name"] for f in codec.schema(cls)]


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_committed_schema_is_what_the_rules_give(game: str) -> None:
    rules = RULES[game]
    committed = ROOT / "schemas" / f"{rules.__name__.rsplit('.', 1)[1]}.schema.json"
    assert json.loads(committed.read_text(encoding="utf-8")) == schema.document(rules), (
        f"{committed.name} is stale: run python schemas/gen.py"
    )
