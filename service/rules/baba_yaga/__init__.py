"""Baba Yaga (Purple Brain / IELLO, Tales & Games vol. 3): the Rules surface.

Spec: shared/rules/baba-yaga.md, with its networked adaptation (§11): Mode R
(real-time race on the server's clock) and Mode T (turn-based action budget),
for 2 to 5 players, three difficulty levels (and mixed), the English-edition
preview, the two-player and the fearless variants, enforced or recorded handicaps.
"""

from service.rules.baba_yaga.data import OPTIONS
from service.rules.baba_yaga.game import decide, evolve, initial_state, legal_commands, setup
from service.rules.baba_yaga.messages import COMMAND_TYPES, EVENT_TYPES
from service.rules.baba_yaga.scoring import scores, status, winners
from service.rules.baba_yaga.views import redact, view
from service.rules.core import Metadata

name = "baba-yaga"
version = 1
command_types = COMMAND_TYPES
event_types = EVENT_TYPES
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

__all__ = [
    "command_types",
    "decide",
    "event_types",
    "evolve",
    "initial_state",
    "legal_commands",
    "metadata",
    "name",
    "redact",
    "scores",
    "setup",
    "status",
    "version",
    "view",
    "winners",
]
