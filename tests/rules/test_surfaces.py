"""Every game's Rules surface holds the kit's promises (service/rules/README.md).

For a game converted to the kit: every command type has exactly one decider,
every event type one evolver, and every event type a declared visibility (an
undeclared one would be shown to nobody: declaring it is the decision). For
every game, converted or interim: every reason code its source raises is in
`reasons`, described; `label`, `catalog` and `outcome` answer for the states
of the v1 fixture games (tests/fixtures/records/v1).

A game counts as converted when its __init__.py no longer carries the interim
marker; CONVERTED must then name it, so the checks cannot be skipped by accident.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
from functools import reduce
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from replay import records
from service.ledger import codec
from service.ledger.game import Game
from service.rules.catalog import RULES
from service.rules.core import Outcome, ReasonCode, normalize_options
from service.rules.kit import Deciders, Evolvers, Visibility

INTERIM = "# interim until this game is converted to the kit"
CONVERTED = {"antics", "atiwa", "baba-yaga", "grasshopper-and-ant", "hare-and-tortoise"}
V1 = Path(__file__).parents[1] / "fixtures" / "records" / "v1"
GAMES = sorted(RULES)


def package(game: str) -> ModuleType:
    return importlib.import_module(RULES[game].__name__)


def modules(game: str) -> list[ModuleType]:
    pkg = package(game)
    found = [pkg]
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        found.append(importlib.import_module(info.name))
    return found


def registries(game: str, kind: type) -> list[Any]:
    """The kit registries of one kind defined at module level anywhere in the game's package."""
    seen: dict[int, Any] = {}
    for module in modules(game):
        for value in vars(module).values():
            if isinstance(value, kind):
                seen[id(value)] = value
    return list(seen.values())


def test_a_game_is_either_converted_or_marked_interim() -> None:
    for game in GAMES:
        source = Path(package(game).__file__ or "").read_text()
        assert (INTERIM in source) is (game not in CONVERTED), f"{game}: CONVERTED and the interim marker disagree"


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_every_command_type_has_exactly_one_decider(game: str) -> None:
    deciders: list[Deciders[Any, Any, Any]] = registries(game, Deciders)
    assert deciders, f"{game} has no Deciders"
    handled = [cls for d in deciders for cls in d.classes]
    assert len(handled) == len(set(handled)), f"{game}: a command type is in two Deciders"
    declared = set(RULES[game].command_types.values())
    assert set(handled) == declared, f"no decider: {declared - set(handled)}; not a command: {set(handled) - declared}"


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_every_event_type_has_an_evolver(game: str) -> None:
    (evolvers,) = registries(game, Evolvers)
    declared = set(RULES[game].event_types.values())
    assert evolvers.classes == declared, f"no evolver: {declared - evolvers.classes}"


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_every_event_type_has_a_declared_visibility(game: str) -> None:
    (visibility,) = registries(game, Visibility)
    declared = set(RULES[game].event_types.values())
    assert visibility.declared == declared, (
        f"visibility not declared: {sorted(c.__name__ for c in declared - visibility.declared)}"
    )


# --- reasons ---------------------------------------------------------------------------------------------
def raised_codes(game: str) -> tuple[set[str], set[str]]:
    """(string literals, Reason.X names) passed as the code of IllegalCommand (or antics' _refuse) in the source."""
    literals: set[str] = set()
    members: set[str] = set()
    for module in modules(game):
        tree = ast.parse(Path(module.__file__ or "").read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in ("IllegalCommand", "_refuse"):
                continue
            code = node.args[1]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                literals.add(code.value)
            elif isinstance(code, ast.Attribute) and isinstance(code.value, ast.Name) and code.value.id == "Reason":
                members.add(code.attr)
    return literals, members


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_code_raised_is_declared_and_described(game: str) -> None:
    reasons = RULES[game].reasons
    assert issubclass(reasons, ReasonCode)
    values = {r.value for r in reasons}
    for r in reasons:
        assert r.value == r.name, f"{game}: {r.name} goes on the wire as {r.value!r}"
        assert r.description and "\n" not in r.description, f"{game}: {r.name} has no one-line description"
    literals, members = raised_codes(game)
    assert literals | members, f"{game}: no refusal found in the source (has the scan gone blind?)"
    assert literals | members <= values, f"{game} raises undeclared codes: {(literals | members) - values}"
    if game in CONVERTED:
        assert not literals, f"{game} raises string codes; use its Reason enum: {literals}"


# --- label, catalog, outcome over the fixture games -------------------------------------------------------
def fixture_states(game: str) -> list[tuple[Any, bool, Game.Created]]:
    """(final state, finished, header) of every whole v1 record of the game."""
    rules = RULES[game]
    out = []
    for path in sorted(V1.glob(f"{game}-*.jsonl.gz")):
        record = records.read(path)
        if not record.complete:
            continue
        created, *rest = records.to_events(record)
        events = [codec.decode(rules.event_types, e.name, e.data) for e in rest if isinstance(e, Game.EventRecorded)]
        state = reduce(rules.evolve, events, rules.initial_state(len(created.players), created.options))
        out.append((state, record.finished, created))
    assert out, f"no whole v1 record of {game}"
    return out


@pytest.mark.parametrize("game", GAMES)
def test_outcome_is_none_until_the_end_then_places_every_seat(game: str) -> None:
    rules = RULES[game]
    for state, finished, created in fixture_states(game):
        outcome = rules.outcome(state)
        if not finished:
            assert outcome is None
            continue
        assert isinstance(outcome, Outcome) and outcome.reason
        places = outcome.placements
        assert len(places) == len(created.players)
        assert all(1 + sum(q < p for q in places) == p for p in places), f"not a competition ranking: {places}"
        if rules.winners(state):
            assert {s for s, p in enumerate(places) if p == 1} == set(rules.winners(state))


@pytest.mark.parametrize("game", GAMES)
def test_label_names_every_legal_command_and_catalog_is_json(game: str) -> None:
    rules = RULES[game]
    labelled = 0
    for state, _, created in fixture_states(game):
        catalog = rules.catalog(created.options)
        assert json.loads(json.dumps(catalog)) == catalog
        for seat in (None, *range(len(created.players))):
            for command in rules.legal_commands(state, seat)[:50]:
                text = rules.label(command)
                assert text and "\n" not in text and len(text) <= 200, f"{game}: label {text!r}"
                labelled += 1
    assert labelled, f"{game}: no legal command in the unfinished fixture game to label"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_shows_its_state_before_setup(game: str) -> None:
    """GetGame at version 1 (time travel to the header alone) shows the state before setup to everyone."""
    rules = RULES[game]
    seats = max(2, rules.metadata.min_players)
    options = normalize_options(rules.metadata, seats, {})
    state = rules.initial_state(seats, options)
    for seat in (None, 0, seats - 1):
        json.dumps(rules.view(state, seat))
