"""GameType.json_schema: what ListGameTypes publishes, and what a client receives fits it.

A real server: every game type's document is the rules' (service/rules/schema.py); then one game played
through the Python SDK, where each view GetGame answers (as the seat to act, and as a spectator), each
legal command's arguments, and each event a spectator's watch streams are checked against the published
document, after the wire's Struct (numbers as doubles) and the SDK's to_dict.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from playledger_client import Client, args_of, to_dict
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.api import convert
from service.config import Settings
from service.rules import schema
from service.rules.catalog import RULES
from service.rules.kit import wire_name
from service.server import Running, start

LEDGER_EVENTS = {"SeedRevealed", "EndedByRuling"}  # the ledger's closing links, not the game's events


@pytest.fixture
def client(tmp_path) -> Iterator[Client]:  # type: ignore[no-untyped-def]
    running: Running = start(Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=0, metrics_port=0))
    try:
        with Client(f"127.0.0.1:{running.port}", retries=1) as c:
            yield c
    finally:
        running.stop(0.5)


def checker(document: dict[str, Any]) -> Any:
    registry: Registry[Any] = Registry().with_resource(
        document["$id"], Resource.from_contents(document, default_specification=DRAFT202012)
    )

    def check(name: str, instance: Any) -> None:
        validator = Draft202012Validator({"$ref": f"{document['$id']}#/$defs/{name}"}, registry=registry)
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(instance)]
        assert not errors, f"{name}: {errors[:3]}"

    return check


def test_the_schemas_command_names_are_the_apis() -> None:
    """The rules name commands in the schema as the API parses them (kit.wire_name beside convert.wire_name)."""
    for rules in RULES.values():
        for name in rules.command_types:
            assert wire_name(name) == convert.wire_name(name)


def test_list_game_types_publishes_each_games_schema(client: Client) -> None:
    published = {t.name: json.loads(t.json_schema) for t in client.game_types()}
    assert set(published) == set(RULES)
    for name, document in published.items():
        assert document == schema.document(RULES[name])


def test_what_a_client_receives_fits_the_published_schema(client: Client) -> None:
    (game_type,) = [t for t in client.game_types() if t.name == "hare-and-tortoise"]
    document = json.loads(game_type.json_schema)
    check, views = checker(document), document["properties"]["views"]["properties"]
    seat_view, spectator_view = (views[a]["$ref"].rsplit("/", 1)[1] for a in ("seat", "spectator"))
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"], seed_hex="5c" * 16)
    seats = [client.join(t.token) for t in tokens]
    for _ in range(2000):
        check(spectator_view, to_dict(client.get_game(game.name).view))
        status = client.get_game(game.name).status
        if status.finished:
            break
        player = seats[status.to_act[0]]
        check(seat_view, to_dict(player.get_game(game.name).view))
        moves = player.legal_commands(game.name)
        for move in moves:
            check(move.command_type, args_of(move))
        player.submit(game.name, moves[0].command_type, args_of(moves[0]))
    events = [e for e in client.watch(game.name, timeout=5) if e.type not in LEDGER_EVENTS]
    assert events and status.finished
    for event in events:
        check(event.type, to_dict(event.data))
