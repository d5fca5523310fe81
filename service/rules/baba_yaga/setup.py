"""Before play: the initial state, the options checked, the forest laid and the spells dealt (BY-S1..S4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.baba_yaga.data import (
    CARDS_PER_PLAYER,
    CLUE_OF,
    FOREST_CELLS,
    INGREDIENT_IDS,
    SPELL_IDS,
)
from service.rules.baba_yaga.messages import (
    Event,
    FirstPlayerChosen,
    ForestLaid,
    ForestTile,
    SpellsDealt,
)
from service.rules.baba_yaga.state import (
    Config,
    State,
    parse_seats,
)
from service.rules.core import InvalidOptions, Rng

MIN_PLAYERS = 2
MAX_PLAYERS = 5


def initial_state(seats: int, options: Mapping[str, Any], rules_version: int = 2) -> State:
    """Before setup's events. Rules version 1 (v1.py) differs only at the turn limit (BY-31)."""
    return State(seats=seats, config=Config.of(options, seats, rules_version))


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    _check_options(options, seats)
    config = Config.of(options, seats)
    layout = rng.shuffled(INGREDIENT_IDS)  # BY-S1
    tiles = zip(FOREST_CELLS, layout, strict=True)
    forest = ForestLaid(tiles=tuple(ForestTile(cell=cell, clue=CLUE_OF[i], ingredient=i) for cell, i in tiles))
    deck = rng.shuffled(SPELL_IDS)  # BY-S3: the rest stays in the box, in no event at all
    stacks = tuple(deck[s * CARDS_PER_PLAYER : (s + 1) * CARDS_PER_PLAYER] for s in range(seats))
    first = config.first_active if config.first_active >= 0 else rng.below(seats)  # BY-S4
    return [
        forest,
        SpellsDealt(stacks=stacks, counts=tuple(len(s) for s in stacks)),
        FirstPlayerChosen(seat=first),
    ]


def _check_options(options: Mapping[str, Any], seats: int) -> None:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise InvalidOptions(f"Baba Yaga is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats}")
    tough = options.get("tough_seats", "")
    if options.get("difficulty", "run") == "mixed":
        parsed = parse_seats(tough)
        if parsed is None or any(s >= seats for s in parsed):
            raise InvalidOptions(
                f"tough_seats must list seats from 0 to {seats - 1} separated by commas, not {tough!r}"
            )
    elif tough.strip():
        raise InvalidOptions("tough_seats is only used with difficulty 'mixed'")
    if options.get("first_active", -1) >= seats:
        raise InvalidOptions(f"first_active must be a seat from 0 to {seats - 1} (or -1 for random)")
    if options.get("mode", "R") == "R":
        for name in ("placement_timeout_ms", "reveal_timeout_ms", "decision_timeout_ms"):
            if options.get(name, 1) == 0:
                raise InvalidOptions(f"{name} may be 0 (never) only in mode T: a real-time game must always move on")
