"""Every view, event and command of random legal playouts fits the game's published JSON Schema.

For each game type, random games at its player counts and main options (GAMES per type, spread over the
configurations below): after setup and after every command, each seat's view and the spectator's, every
new event as recorded and as each audience is shown it (redact), and the arguments of every command legal
at that point (the one played among them), are checked
with `jsonschema` against the game's schema document (service/rules/schema.py, GameType.json_schema); so is
every audience's view of the state before setup. A view with a key its TypedDict does not declare, or an
event field whose type changed, fails here. PLAYLEDGER_SCHEMA_GAMES=200 runs the issue's figure.
"""

from __future__ import annotations

import math
import os
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.ledger import codec
from service.rules import schema
from service.rules.catalog import RULES
from service.rules.core import AnyRules, Rng, normalize_options
from service.rules.kit import wire_name
from tests.support.playout import Playout, start

GAMES = int(os.environ.get("PLAYLEDGER_SCHEMA_GAMES", "10"))  # per game type
PARTS = 2  # each type's games in this many tests, so that pytest -n spreads the long ones (Antics)
MAX_PLIES = 20000


def spread(counts: tuple[int, ...], variants: tuple[dict[str, Any], ...]) -> list[tuple[int, dict[str, Any]]]:
    """Every (player count, options) pair, in an order where any few games differ in both."""
    pairs = len(counts) * len(variants)
    assert math.gcd(len(counts), len(variants)) == 1, "coprime lengths: game i takes counts[i %], variants[i %]"
    return [(counts[i % len(counts)], variants[i % len(variants)]) for i in range(pairs)]


# Game i of a type plays CONFIGS[type][i % len]. Baba Yaga's max_turns (an engine safety bound) is
# lowered so that random games stay short; Antics' two-player variant is required with 2 players.
CONFIGS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "hare-and-tortoise": spread(
        (2, 3, 4, 5),
        ({}, {"variant": "turbo"}, {"series": True}, {"variant": "turbo", "series": True}, {"tie_policy": "rematch"}),
    ),
    "grasshopper-and-ant": spread(
        (2, 3, 4),
        (
            {"mode": "autumn"},
            {"mode": "winter", "powers": True},
            {"mode": "autumn", "autumn_open": True, "snake": True},
            {"mode": "winter"},
        ),
    ),
    "baba-yaga": spread(
        (2, 3, 4, 5),
        (
            {"mode": "T", "max_turns": 12},
            {"mode": "R", "max_turns": 8},
            {"mode": "T", "difficulty": "tough", "fearless": True, "handicap_mode": "record", "max_turns": 12},
            {"mode": "R", "difficulty": "walk", "fearless": True, "preview_seconds": 20, "max_turns": 8},
            {"mode": "T", "difficulty": "mixed", "tough_seats": "0", "max_turns": 12},
            {"mode": "R", "handicap_mode": "record", "max_turns": 8},
            {"mode": "T", "difficulty": "walk", "max_turns": 12},
        ),
    ),
    # Solo games take each challenge in turn (0: the plain solo goal); the others have no options.
    "atiwa": [(n, {"challenge": c} if n == 1 else {}) for c in range(9) for n in (1, 2, 3, 4)],
    "antics": [(2, {"two_player_variant": True}), (3, {}), (4, {})],
}


class Schemas:
    """A game's document, and a validator for each schema in it, made when first asked for."""

    def __init__(self, rules: AnyRules, document: dict[str, Any]) -> None:
        Draft202012Validator.check_schema(document)  # a well-formed draft 2020-12 document
        self.rules, self.document = rules, document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(document["$id"], resource)
        self._validators: dict[tuple[str, bool], Draft202012Validator] = {}

    def check(self, pointer: str, instance: Any, what: str, keys_only: bool = False) -> None:
        """`instance` against the schema at `pointer` ("$defs/CardsPlayed"); `keys_only`: its keys alone."""
        error = best_match(self._validator(pointer, keys_only).iter_errors(instance))
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path) or "(the top)"
            raise AssertionError(f"{self.rules.name}: {what} does not fit {pointer} at {where}: {error.message}")

    def _validator(self, pointer: str, keys_only: bool) -> Draft202012Validator:
        if (pointer, keys_only) not in self._validators:
            name = pointer.split("/")[1]
            assert name in self.document["$defs"], f"{self.rules.name}: no $defs/{name}"
            schema_: Any = {"$ref": f"{self.document['$id']}#/{pointer}"}
            if keys_only:  # required keys and no undeclared one; every value allowed (`true`)
                whole = self.document["$defs"][name]
                schema_ = {**whole, "properties": dict.fromkeys(whole["properties"], True)}
            self._validators[pointer, keys_only] = Draft202012Validator(schema_, registry=self._registry)
        return self._validators[pointer, keys_only]


@cache
def schemas_of(game: str) -> Schemas:
    return Schemas(RULES[game], schema.document(RULES[game]))


class Checker:
    """One game's messages against the schemas, as the game goes on.

    A view is checked as its keys (required, none undeclared) and each top-level value against its
    property's schema: for an object schema that is the same verdict as the whole view at once. A value
    unchanged since the same viewer's last view is not checked again: jsonschema takes ~10 us a node, and a
    command changes a few keys of a view, so this keeps 200 games per type within minutes.
    """

    def __init__(self, game: str, seats: int) -> None:
        self.s, self.seats = schemas_of(game), seats
        self._seen: dict[int | None, dict[str, str]] = {seat: {} for seat in (None, *range(seats))}
        self._commands: set[str] = set()  # the commands checked already, as canonical JSON

    def views(self, state: Any, when: str) -> None:
        for seat in (None, *range(self.seats)):
            audience = "spectator" if seat is None else "seat"
            name = self.s.rules.view_types[audience].__name__
            view, seen, what = self.s.rules.view(state, seat), self._seen[seat], f"{audience} {seat}'s view {when}"
            assert self.s.document["$defs"][name]["type"] == "object"
            self.s.check(f"$defs/{name}", view, what, keys_only=True)
            for key, value in view.items():
                text = codec.canonical_json(value)
                if seen.get(key) != text:
                    self.s.check(f"$defs/{name}/properties/{key}", value, f"{key} in {what}")
                    seen[key] = text

    def events(self, events: list[Any], when: str) -> None:
        for event in events:
            name, data = codec.encode(event)
            shown = {codec.canonical_json(data): data}  # each distinct copy once: most are public
            for seat in (None, *range(self.seats)):
                redacted = self.s.rules.redact(event, seat)
                if redacted is not None:
                    copy = codec.to_json(redacted)
                    shown.setdefault(codec.canonical_json(copy), copy)
            for copy in shown.values():
                self.s.check(f"$defs/{name}", copy, f"{name} {when} (as recorded or shown)")

    def commands(self, commands: list[Any], when: str) -> None:
        """Every command legal now (what ListLegalCommands offers, the one played among them)."""
        for command in commands:
            name, args = codec.encode(command)
            text = codec.canonical_json([name, args])
            if text not in self._commands:
                self.s.check(f"$defs/{wire_name(name)}", args, f"{name} {when}")
                self._commands.add(text)


def play_checked(game: str, index: int) -> Playout:
    """Game `index` of this type, from its seed to the end, every message checked on the way."""
    seats, options = CONFIGS[game][index % len(CONFIGS[game])]
    seed = f"schemas|{game}|{index}".encode()
    rules = RULES[game]
    check = Checker(game, seats)
    check.views(rules.initial_state(seats, normalize_options(rules.metadata, seats, options)), "before setup")
    p = start(rules, seats, seed, options)
    check.events(p.history, "at setup")
    check.views(p.state, "after setup")
    bot = Rng(seed + b"|bot", 0)
    for ply in range(MAX_PLIES):
        if rules.status(p.state).finished:
            break
        candidates = p.candidates()
        seat, command = candidates[bot.below(len(candidates))]
        when = f"at ply {ply} of game {index} ({seats} seats, {options})"
        check.commands([c for _, c in candidates], when)
        check.events(p.submit(seat, command), when)
        check.views(p.state, when)
        p.now_ms += 800 + bot.below(3000)  # a person's pace: Baba Yaga's Mode R clock sees real gaps
    assert rules.status(p.state).finished, f"{game} game {index} did not end within {MAX_PLIES} plies"
    return p


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_every_view_event_and_command_of_random_games_fits_the_schema(game: str, part: int) -> None:
    for index in range(part, GAMES, PARTS):
        play_checked(game, index)


def test_every_game_type_is_played() -> None:
    assert set(CONFIGS) == set(RULES)
