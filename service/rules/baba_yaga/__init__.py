"""Baba Yaga (Purple Brain / IELLO, Tales & Games vol. 3): the Rules surface.

Spec: shared/rules/baba-yaga.md, with its networked adaptation (§11): Mode R
(real-time race on the server's clock) and Mode T (turn-based action budget),
for 2 to 5 players, three difficulty levels (and mixed), the English-edition
preview, the two-player and the fearless variants, enforced or recorded handicaps.
"""

from collections.abc import Mapping
from typing import Any

from service.rules.baba_yaga.bots import evaluate, pace_kind, ready_at_ms, realtime, resample
from service.rules.baba_yaga.data import (
    CLUE_OF,
    EFFECT_NAMES,
    EFFECT_RULES,
    END_CELL,
    INGREDIENTS,
    OPTIONS,
    SPELLS,
    SPELLS_TO_WIN,
    Effect,
    End,
)
from service.rules.baba_yaga.decide import decide
from service.rules.baba_yaga.evolve import evolve
from service.rules.baba_yaga.legal import legal_commands
from service.rules.baba_yaga.messages import COMMAND_TYPES, EVENT_TYPES, Command, Event
from service.rules.baba_yaga.reasons import Reason
from service.rules.baba_yaga.scoring import outcome, scores, status, winners
from service.rules.baba_yaga.setup import initial_state, setup
from service.rules.baba_yaga.state import State
from service.rules.baba_yaga.view_types import VIEW_TYPES, View
from service.rules.baba_yaga.views import TAKEBACK_SAFE, label, redact, view
from service.rules.core import Metadata

name = "baba-yaga"
version = 2  # 2: the turn limit ends the game with no winner (BY-31); version 1 stays loadable (v1.py)
command_types = COMMAND_TYPES
event_types = EVENT_TYPES
view_types = VIEW_TYPES
metadata = Metadata(
    title="Baba Yaga",
    min_players=2,
    max_players=5,
    summary=(
        "A race of memory: turn Forest tiles to find your spell's ingredients while the other players "
        "fly the witch out and back; cast three spells to escape."
    ),
    options=OPTIONS,
)

reasons = Reason
takeback_safe = TAKEBACK_SAFE


def catalog(options: Mapping[str, Any]) -> dict[str, Any]:
    """What the ids in views and events mean: ingredient names, clue art, spell cards, effects, ends.

    Never the clue -> ingredient table (§12): clues are listed by their art key alone, in order of
    that key, so a client can draw a clue without learning which ingredient it belongs to.
    """
    return {
        "ingredients": {i: name for i, (name, _, _) in INGREDIENTS.items()},
        "clues": {key: key.replace("-", " ") for key in sorted(CLUE_OF.values())},
        "spells": {s: {"ingredients": list(ing), "effect": e.value} for s, (ing, e) in SPELLS.items()},
        "effects": {e.value: {"name": EFFECT_NAMES[e], "rule": EFFECT_RULES[e]} for e in Effect},
        "ends": {e.value: list(END_CELL[e]) for e in End},
        "spells_to_win": SPELLS_TO_WIN,
    }


__all__ = [
    "Command",
    "Event",
    "State",
    "View",
    "catalog",
    "command_types",
    "decide",
    "evaluate",
    "event_types",
    "evolve",
    "initial_state",
    "label",
    "legal_commands",
    "metadata",
    "name",
    "outcome",
    "pace_kind",
    "ready_at_ms",
    "realtime",
    "reasons",
    "redact",
    "resample",
    "scores",
    "setup",
    "status",
    "takeback_safe",
    "version",
    "view",
    "view_types",
    "winners",
]
