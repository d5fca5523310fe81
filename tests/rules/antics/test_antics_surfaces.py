"""What client apps show: outcome (AN-70..72, AN-82, AN-G13), label, catalog, and redaction (spec §8)."""

from __future__ import annotations

import json

from service.rules import antics
from service.rules.antics.data import SEGMENTS, SITES, TILE_HEXES, Action, Hatchery, Token
from service.rules.antics.messages import (
    BuildTile,
    DeployAnt,
    EndTurn,
    FeedHatchery,
    FeedPrey,
    PickUpToken,
    Steal,
    UseMagnificANT,
)
from service.rules.antics.reasons import Reason
from service.rules.antics.state import State
from tests.rules.antics.antics_support import fresh, names, on_turn, run, set_player, setup_events, with_cells

FUNGUS_SCOUT = 44


def stalemate(state: State) -> State:
    """Every seat ends its turn without an action: AN-72 ends the game."""
    state = on_turn(state, 0)
    for seat in range(state.seats):
        state, events = run(state, seat, EndTurn())
    assert names(events)[-1] == "GameFinished"
    return state


def test_outcome_is_none_while_the_game_is_on() -> None:
    assert antics.outcome(fresh(4)) is None


def test_AN_72_outcome_says_why_and_places_by_score() -> None:
    state = with_cells(fresh(3), 1, (0, 0, 2, FUNGUS_SCOUT, 0), (1, 0, 2, FUNGUS_SCOUT, 1))
    state = set_player(state, 1, green=1)  # 4 points
    state = set_player(state, 2, prey=(Token.BEETLE,))  # 1 point
    outcome = antics.outcome(stalemate(state))
    assert outcome is not None
    assert "AN-72" in outcome.reason
    assert outcome.placements == (3, 1, 2) and outcome.tie_rule == ""


def test_AN_82_equal_scores_the_higher_anthill_places_first() -> None:
    state = with_cells(fresh(3), 1, (0, 0, 2, FUNGUS_SCOUT, 0), (1, 0, 2, FUNGUS_SCOUT, 1))
    state = set_player(state, 1, green=1)  # 4 points, height 2
    state = set_player(state, 2, prey=(Token.BEETLE, Token.DRAGONFLY))  # 4 points, height 0
    state = stalemate(state)
    outcome = antics.outcome(state)
    assert outcome is not None and antics.winners(state) == (1,)
    assert outcome.placements == (3, 1, 2)
    assert "higher ant-hill" in outcome.tie_rule


def test_AN_G13_a_tie_beyond_the_height_is_shared_and_said() -> None:
    outcome = antics.outcome(stalemate(fresh(4)))  # nobody scored, nobody built
    assert outcome is not None
    assert outcome.placements == (1, 1, 1, 1) and "share the win" in outcome.tie_rule


def test_label_names_the_move_in_words() -> None:
    assert antics.label(UseMagnificANT(Action.SCOUT)) == "use your magnificANT for a level-1 Scout"
    assert antics.label(BuildTile(44, 0, 0, 1, 0)) == "build tile 44 (FUNGUS/SCOUT) on (0, 0) and (1, 0)"
    assert antics.label(DeployAnt(Hatchery.MILITARY, "X1")) == (
        "send a soldier from the military hatchery onto path X1 (I2-P2, bridge)"
    )
    assert antics.label(DeployAnt(Hatchery.GRASS, "S01")) == (
        "send an ant from the grass hatchery onto path S01 (NEST-I1, grass)"
    )
    assert antics.label(PickUpToken("P1", "S19")) == "pick up the beetle on P1 with your ant on S19"
    assert antics.label(Steal("S05", 2)) == "steal the token seat 2's ant carries on S05"
    assert antics.label(FeedPrey("LG1")) == "feed the anteater the green leaf on LG1"
    assert antics.label(FeedHatchery(Hatchery.SAND)) == "feed the anteater every ant in the sand hatchery"


def test_catalog_holds_the_board_graph_and_the_tiles() -> None:
    catalog = antics.catalog({"two_player_variant": False})
    assert json.loads(json.dumps(catalog)) == catalog
    paths = {p["id"]: p for p in catalog["paths"]}
    assert len(paths) == len(SEGMENTS) == 40
    assert paths["S01"] == {"id": "S01", "a": "NEST", "b": "I1", "terrain": "GRASS"}
    assert paths["X2"]["terrain"] is None  # a bridge
    assert set(catalog["sites"]) == set(SITES)
    assert catalog["sites"]["P1"] == {"token": "BEETLE", "start": 3}
    assert catalog["tiles"]["44"] == ["FUNGUS", "SCOUT"] and len(catalog["tiles"]) == len(TILE_HEXES)
    assert sum(kind["count"] for kind in catalog["tile_mix"]) == 56
    assert catalog["scoring"]["prey_points"]["3"] == 9


def test_AN_V1_catalog_stocks_the_two_player_sites() -> None:
    catalog = antics.catalog({"two_player_variant": True})
    assert catalog["sites"]["P1"]["start"] == 2
    assert catalog["sites"]["LB5"]["start"] == 0 and catalog["sites"]["LB4"]["start"] == 1


def test_every_event_is_shown_whole_to_every_seat_and_spectators() -> None:
    for event in setup_events(4):
        for seat in (None, 0, 3):
            assert antics.redact(event, seat) == event


def test_every_reason_is_described_in_words() -> None:
    assert Reason.HATCH_SPREAD == "HATCH_SPREAD" and "AN-30" in Reason.HATCH_SPREAD.description
    assert all(r.description and r.description != r.value.lower().replace("_", " ") for r in Reason)
