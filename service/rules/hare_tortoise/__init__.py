"""The Hare & the Tortoise (Purple Brain / IELLO, 2014): the Rules surface.

Spec: shared/rules/hare-and-tortoise.md. Standard race, the series of three
races (HT-V1) and the Turbo variant (HT-V2), for 2 to 5 players. The model of
the decider kit: service/rules/README.md walks through this package file by file.
"""

from service.rules.core import Metadata, OptionSpec
from service.rules.hare_tortoise.bots import evaluate, resample
from service.rules.hare_tortoise.data import TURBO_HAND_SIZE_DEFAULT
from service.rules.hare_tortoise.decide import decide
from service.rules.hare_tortoise.evolve import evolve
from service.rules.hare_tortoise.legal import legal_commands
from service.rules.hare_tortoise.messages import COMMAND_TYPES, EVENT_TYPES, Command, Event
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.scoring import outcome, scores, status, winners
from service.rules.hare_tortoise.setup import initial_state, setup
from service.rules.hare_tortoise.state import State
from service.rules.hare_tortoise.view_types import VIEW_TYPES, View
from service.rules.hare_tortoise.views import TAKEBACK_SAFE, catalog, label, redact, view

name = "hare-and-tortoise"
version = 1
command_types = COMMAND_TYPES
event_types = EVENT_TYPES
view_types = VIEW_TYPES
reasons = Reason
metadata = Metadata(
    title="The Hare & the Tortoise",
    min_players=2,
    max_players=5,
    summary=(
        "Bet secretly on the animals, then play cards to make them run; "
        "a Racing phase starts at 8 cards on the table or 4 of one animal."
    ),
    options=(
        OptionSpec(
            "variant",
            str,
            "standard",
            "standard: the full game; turbo: the first-game variant (HT-V2): 13 cards per animal, "
            "no Howl, players choose which animal moves, Turbo tokens give +2, the first crossing ends the race",
            choices=("standard", "turbo"),
        ),
        OptionSpec("series", bool, False, "play a series of three races and add up the scores (HT-V1)"),
        OptionSpec(
            "tie_policy",
            str,
            "shared",
            "a tie that survives the tie-break: shared = co-winners; rematch = play another race (HT-64)",
            choices=("shared", "rematch"),
        ),
        OptionSpec(
            "turbo_hand_size",
            int,
            TURBO_HAND_SIZE_DEFAULT,
            "Turbo only: cards in hand after each refill (HT-V2.4; the rulebook can be read as 5 or 6)",
            minimum=5,
            maximum=6,
        ),
        OptionSpec(
            "first_player",
            int,
            -1,
            "seat that starts the first race; -1 chooses at random (HT-S5)",
            minimum=-1,
            maximum=4,
        ),
    ),
)

takeback_safe = TAKEBACK_SAFE

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
