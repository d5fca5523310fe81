"""Labels in a player's words and the catalog that resolves every id a view names (spec §1, §3)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from service.rules import grasshopper_ant as ga
from service.rules.core import Rng
from service.rules.grasshopper_ant.data import PathType
from service.rules.grasshopper_ant.messages import (
    Buy,
    ChooseMarker,
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
from tests.rules.grasshopper_ant.ga_support import options
from tests.support.playout import play, random_chooser


def test_GA_10_20_cells_are_named_as_on_the_drawn_grid() -> None:
    cells = frozenset({(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)})
    assert ga.label(PlaceAnts(cells=cells)) == "ants on A1 B1 B2 B3 B4 C4"
    assert ga.label(PlaceCicada(cell=(2, 3))) == "Cicada on D3"


def test_every_command_has_a_readable_label() -> None:
    assert ga.label(ChooseMarker(path_type=PathType.ST)) == "collect Stone (ST)"
    assert ga.label(RedAntGuess(path_type=PathType.TL)) == "guess Tiled floor (TL)"
    assert ga.label(PeekMarker(slot=0)) == "peek at face-down marker 1"
    assert ga.label(ResolveInsect(card="TC-07", take="TC-07")) == "keep TC-07"
    assert ga.label(ResolveInsect(card="TC-07", take="ST-07")) == "take ST-07 instead of TC-07"
    assert ga.label(GainPower(discard="TC-08")) == "discard TC-08 for its power"
    assert ga.label(SkipPower()) == "no power this round"
    buy = Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-01", "TC-02", "ST-03"}))
    assert ga.label(buy) == "buy Wheat ear (PV-WHEAT-1) with ST-03, TC-01, TC-02"
    assert ga.label(UseSwap(mine="PV-WHEAT-1", theirs="PV-BERRY-2")) == (
        "swap your Wheat ear (PV-WHEAT-1) for Berries (PV-BERRY-2)"
    )
    assert ga.label(Pass()) == "end the round without buying"


IDS = re.compile(r"^(?:TC|TL|ST|WD)-\d\d$|^PV-[A-Z]+-\d$|^PW-[A-Z]+$")


def _ids(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if IDS.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(_ids(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ids(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize(("seats", "opts"), [(2, {}), (4, {"mode": "winter", "powers": True}), (3, {"mode": "winter"})])
def test_GA_S1_S5W_S7W_the_catalog_resolves_every_id_a_view_names(seats: int, opts: dict[str, Any]) -> None:
    catalog = ga.catalog(options(seats, **opts))
    assert json.loads(json.dumps(catalog)) == catalog
    assert len(catalog["path_cards"]) == 48 and len(catalog["provisions"]) == 14 and len(catalog["powers"]) == 6
    assert catalog["provisions"]["PV-HONEY-2"] == {
        "kind": "PV-HONEY",
        "name": "Honey drop",
        "price": ["TC", "TL", "ST", "WD"],
        "players": 3,
    }
    known = set(catalog["path_cards"]) | set(catalog["provisions"]) | set(catalog["powers"])
    p = play(ga, seats, b"catalog", random_chooser(Rng(b"catalog", 0)), opts)
    named = set().union(*(_ids(ga.view(p.state, s)) for s in (None, *range(seats))))
    assert named and named <= known
    for command in ga.legal_commands(p.state, 0):
        assert ga.label(command)
