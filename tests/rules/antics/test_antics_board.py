"""Ants on the board, chains, dragging, stealing and soldiers (AN-35..59, AN-T05..T08)."""

from __future__ import annotations

from service.rules import antics
from service.rules.antics.data import SEGMENT_INDEX, Action, Hatchery, Token
from service.rules.antics.messages import (
    ActionFinished,
    AntDeployed,
    AntRecalled,
    DeliverToken,
    DeployAnt,
    FinishAction,
    PassToken,
    PickUpToken,
    PreyExhausted,
    RecallAnt,
    ScoutTile,
    Steal,
    TokenDelivered,
    TokenPassed,
    TokenPickedUp,
    TokenStolen,
)
from service.rules.antics.state import Ant, State, ant_at
from tests.rules.antics.antics_support import (
    acting,
    fresh,
    in_hatchery,
    names,
    on_turn,
    put_ant,
    refused,
    run,
    set_player,
    set_site,
)

G, S, P, M, L, X = (
    Hatchery.GRASS,
    Hatchery.SAND,
    Hatchery.PEBBLES,
    Hatchery.MOSS,
    Hatchery.LITTER,
    Hatchery.MILITARY,
)


def ants_action(state: State, seat: int, level: int = 5, **hatched: int) -> State:
    state = acting(state, seat, Action.ANTS, level)
    for name, n in hatched.items():
        state = in_hatchery(state, seat, Hatchery[name], n)
    return state


def ant(state: State, segment: str, seat: int) -> Ant | None:
    return ant_at(state, SEGMENT_INDEX[segment], seat)


# --- AN-35..38 -------------------------------------------------------------------------------------
def test_AN_35_deploy_by_terrain_soldier_anywhere_recall_to_supply() -> None:
    state = ants_action(fresh(), 0, GRASS=1, MILITARY=1)
    after, events = run(state, 0, DeployAnt(G, "S01"), DeployAnt(X, "S03"))
    assert events == [AntDeployed(0, G, "S01", soldier=False), AntDeployed(0, X, "S03", soldier=True)]
    assert after.hatcheries[0][0] == 0 and after.hatcheries[5][0] == 0
    refused(after, 0, DeployAnt(S, "S02"), "NO_ANT_THERE")
    wrong = in_hatchery(after, 0, S, 1)
    refused(wrong, 0, DeployAnt(S, "S04"), "WRONG_TERRAIN")  # S04 is MOSS
    supply = after.players[0].ants
    after, events = run(after, 0, RecallAnt("S03"))
    assert events[0] == AntRecalled(0, "S03") and after.players[0].ants == supply + 1
    refused(after, 0, DeployAnt(G, "S99"), "NO_SUCH_PATH")


def test_AN_G11_recalled_ant_returns_to_the_supply_not_a_hatchery() -> None:
    state = put_ant(acting(fresh(), 2, Action.ANTS, 1), 2, "S05")
    after, events = run(state, 2, RecallAnt("S05"))
    assert after.players[2].ants == 12 and sum(h[2] for h in after.hatcheries) == 0
    assert isinstance(events[-1], ActionFinished)  # strength 1 used up


def test_AN_36_occupancy() -> None:
    state = put_ant(put_ant(fresh(), 1, "S02"), 2, "S02", soldier=True)
    state = ants_action(state, 0, SAND=2, MILITARY=2)
    after, _ = run(state, 0, DeployAnt(S, "S02"))  # a third colour is fine
    refused(after, 0, DeployAnt(S, "S02"), "PATH_TAKEN")  # one ant per colour
    refused(ants_action(fresh(), 0, SAND=1, MILITARY=1), 0, DeployAnt(S, "X1"), "BRIDGE_SOLDIERS_ONLY")
    refused(state, 0, DeployAnt(X, "S02"), "SOLDIER_THERE")  # one soldier per path


def test_AN_37_chain_from_the_nest() -> None:
    state = ants_action(fresh(), 0, GRASS=1, PEBBLES=1)
    refused(state, 0, DeployAnt(P, "S13"), "NOT_CONNECTED")
    after, _ = run(state, 0, DeployAnt(G, "S01"), DeployAnt(P, "S13"))
    refused(after, 0, RecallAnt("S01"), "BREAKS_CHAIN")
    after, _ = run(after, 0, RecallAnt("S13"), RecallAnt("S01"))
    assert all(ant(after, seg, 0) is None for seg in ("S01", "S13"))


def test_AN_37_other_colours_do_not_connect_a_chain() -> None:
    state = put_ant(fresh(), 1, "S01")
    refused(ants_action(state, 0, PEBBLES=1), 0, DeployAnt(P, "S13"), "NOT_CONNECTED")


def test_AN_38_soldiers_are_chain_members_and_carry() -> None:
    state = put_ant(fresh(), 0, "S02", soldier=True)  # a soldier on a SAND path
    state = ants_action(state, 0, MOSS=1)
    after, _ = run(state, 0, DeployAnt(M, "S14"))  # connected through the soldier
    after = acting(after, 0, Action.DRAG, 3)
    after = put_ant(after, 0, "X1", soldier=True)
    after, events = run(after, 0, PickUpToken("P2", "X1"), PassToken("X1", "S02"), DeliverToken("S02"))
    assert names(events) == ["TokenPickedUp", "TokenPassed", "TokenDelivered", "ActionFinished"]
    assert after.players[0].prey == (Token.BUTTERFLY,)


# --- AN-45..48 Drag ------------------------------------------------------------------------------------
def test_AN_45_pick_up_pass_deliver() -> None:
    state = put_ant(put_ant(fresh(), 3, "S01"), 3, "S25")  # S25: I1 - LB1
    state = acting(state, 3, Action.DRAG, 3)
    after, events = run(state, 3, PickUpToken("LB1", "S25"), PassToken("S25", "S01"), DeliverToken("S01"))
    assert events[:3] == [
        TokenPickedUp(3, "LB1", "S25", Token.BROWN_LEAF),
        TokenPassed(3, "S25", "S01", Token.BROWN_LEAF),
        TokenDelivered(3, "S01", Token.BROWN_LEAF),
    ]
    assert after.players[3].brown == 1 and after.sites[6] == 0
    refused(acting(state, 3, Action.DRAG, 1), 3, PickUpToken("LB2", "S25"), "NOT_AT_SITE")
    refused(acting(state, 3, Action.DRAG, 1), 3, DeliverToken("S25"), "NOTHING_TO_DELIVER")


def test_AN_45_pass_only_between_meeting_paths_and_deliver_only_at_the_nest() -> None:
    state = put_ant(put_ant(put_ant(fresh(), 0, "S01"), 0, "S13"), 0, "S19", carrying=Token.BEETLE)
    state = acting(state, 0, Action.DRAG, 2)
    refused(state, 0, PassToken("S19", "S01"), "NOT_ADJACENT")
    refused(state, 0, DeliverToken("S19"), "NOT_AT_NEST")
    refused(state, 0, PassToken("S13", "S01"), "NOTHING_TO_PASS")


def test_AN_46_an_ant_carries_one_token() -> None:
    state = put_ant(put_ant(fresh(), 0, "S01", carrying=Token.GREEN_LEAF), 0, "S25", carrying=Token.BROWN_LEAF)
    state = acting(state, 0, Action.DRAG, 2)
    refused(state, 0, PickUpToken("LB1", "S25"), "ANT_CARRIES")
    refused(state, 0, PassToken("S25", "S01"), "ANT_CARRIES")


def test_AN_47_no_two_prey_of_a_type_leaves_unlimited() -> None:
    state = put_ant(fresh(), 0, "S19")
    state = set_player(acting(state, 0, Action.DRAG, 1), 0, prey=(Token.BEETLE,), brown=3)
    refused(state, 0, PickUpToken("P1", "S19"), "DUPLICATE_PREY")
    carrying = put_ant(put_ant(fresh(), 0, "S13", carrying=Token.BEETLE), 0, "S19")
    refused(acting(carrying, 0, Action.DRAG, 1), 0, PickUpToken("P1", "S19"), "DUPLICATE_PREY")
    leaves = put_ant(set_player(fresh(), 0, brown=3), 0, "S25")
    _, events = run(acting(leaves, 0, Action.DRAG, 1), 0, PickUpToken("LB1", "S25"))
    assert isinstance(events[0], TokenPickedUp)


def test_AN_T08_duplicate_prey_cannot_be_picked_up_or_stolen() -> None:
    state = put_ant(put_ant(fresh(), 0, "S22"), 1, "S22", carrying=Token.LADYBIRD)
    state = set_player(state, 0, prey=(Token.LADYBIRD,))
    refused(acting(state, 0, Action.DRAG, 1), 0, PickUpToken("P4", "S22"), "DUPLICATE_PREY")
    refused(on_turn(state, 0), 0, Steal("S22", 1), "DUPLICATE_PREY")


def test_AN_48_AN_T05_chain_and_drag_to_P1() -> None:
    state = ants_action(fresh(), 0, level=3, GRASS=1, PEBBLES=1, SAND=1)
    refused(state, 0, DeployAnt(P, "S13"), "NOT_CONNECTED")  # S13 before S01
    state, events = run(state, 0, DeployAnt(G, "S01"), DeployAnt(P, "S13"), DeployAnt(S, "S19"))
    assert names(events)[-1] == "ActionFinished"
    # Dragging the BEETLE home takes 4 moves: a level-2 and a level-2 Drag.
    state, first = run(acting(state, 0, Action.DRAG, 2), 0, PickUpToken("P1", "S19"), PassToken("S19", "S13"))
    state, second = run(acting(state, 0, Action.DRAG, 2), 0, PassToken("S13", "S01"), DeliverToken("S01"))
    moves = [e for e in first + second if not isinstance(e, ActionFinished)]
    assert len(moves) == 4 and state.players[0].prey == (Token.BEETLE,) and state.sites[0] == 2


def test_AN_65_last_prey_token_off_its_site_exhausts_the_type() -> None:
    state = set_site(put_ant(fresh(), 0, "S19"), "P1", 1)
    after, events = run(acting(state, 0, Action.DRAG, 1), 0, PickUpToken("P1", "S19"))
    assert PreyExhausted(Token.BEETLE) in events and after.exhausted == (Token.BEETLE,)


# --- AN-T06 bridges --------------------------------------------------------------------------------------
def test_AN_T06_bridge() -> None:
    state = put_ant(fresh(), 0, "S02")
    state = ants_action(state, 0, SAND=1, MILITARY=1)
    refused(state, 0, DeployAnt(S, "X1"), "BRIDGE_SOLDIERS_ONLY")
    after, _ = run(state, 0, DeployAnt(X, "X1"))
    assert ant(after, "X1", 0) == Ant(0, soldier=True)
    _, events = run(acting(after, 0, Action.DRAG, 1), 0, PickUpToken("P2", "X1"))  # 2 ants reach P2
    assert events[0] == TokenPickedUp(0, "P2", "X1", Token.BUTTERFLY)
    rival = ants_action(put_ant(after, 1, "S02"), 1, MILITARY=1)
    refused(rival, 1, DeployAnt(X, "X1"), "SOLDIER_THERE")  # a second soldier (any colour)


# --- AN-55..59 stealing ----------------------------------------------------------------------------------
def red_blue(blue_soldier: bool = False, red_soldier: bool = False) -> State:
    """Red (0, empty) and Blue (1, carrying a leaf) on S13; both chains reach the nest over S01."""
    state = put_ant(put_ant(fresh(), 0, "S01"), 1, "S01")
    state = put_ant(state, 0, "S13", soldier=red_soldier)
    return put_ant(state, 1, "S13", soldier=blue_soldier, carrying=Token.GREEN_LEAF)


def test_AN_55_AN_T07_steal_for_free() -> None:
    state = on_turn(red_blue(), 0)
    after, events = run(state, 0, Steal("S13", 1))
    assert events == [TokenStolen(0, 1, "S13", Token.GREEN_LEAF)]
    assert after.markers == 0 and ant(after, "S13", 0) == Ant(0, False, Token.GREEN_LEAF)
    assert ant(after, "S13", 1) == Ant(1, False, None)
    refused(state, 0, Steal("S01", 1), "NOTHING_TO_STEAL")


def test_AN_T07_blue_soldier_protects() -> None:
    refused(on_turn(red_blue(blue_soldier=True), 0), 0, Steal("S13", 1), "GUARDED")


def test_AN_T07_red_soldier_lets_red_steal_and_blocks_blue() -> None:
    state = red_blue(red_soldier=True)
    after, events = run(on_turn(state, 0), 0, Steal("S13", 1))
    assert isinstance(events[0], TokenStolen)
    refused(on_turn(after, 1), 1, Steal("S13", 0), "GUARDED")


def test_AN_56_any_number_of_steals() -> None:
    state = put_ant(put_ant(red_blue(), 2, "S13", carrying=Token.BROWN_LEAF), 0, "S25")
    state = put_ant(state, 1, "S25", carrying=Token.BROWN_LEAF)
    after, events = run(on_turn(state, 0), 0, Steal("S13", 1), Steal("S25", 1))
    assert names(events) == ["TokenStolen", "TokenStolen"]
    refused(after, 0, Steal("S13", 2), "ANT_CARRIES")  # the ant there is now full


def test_AN_57_only_the_soldiers_owner_steals_on_its_path() -> None:
    state = put_ant(red_blue(), 2, "S13", soldier=True)
    refused(on_turn(state, 0), 0, Steal("S13", 1), "GUARDED")


def test_AN_58_one_soldier_per_path() -> None:
    state = ants_action(put_ant(fresh(), 1, "S01", soldier=True), 0, MILITARY=1)
    refused(state, 0, DeployAnt(X, "S01"), "SOLDIER_THERE")


def test_AN_59_steals_between_moves_of_ants_and_drag_only() -> None:
    state = red_blue()
    for action in (Action.ANTS, Action.DRAG):
        _, events = run(acting(state, 0, action, 2), 0, Steal("S13", 1), FinishAction())
        assert names(events) == ["TokenStolen", "ActionFinished"]
    for action in (Action.SCOUT, Action.BUILD, Action.HATCH):
        refused(acting(state, 0, action, 2), 0, Steal("S13", 1), "ACTION_UNDER_WAY")
    refused(on_turn(state, 1), 0, Steal("S13", 1), "NOT_YOUR_TURN")  # only the active player steals
    moved, events = run(ants_action(fresh(), 0, level=2, GRASS=2), 0, DeployAnt(G, "S01"))
    assert names(events) == ["AntDeployed"] and moved.pending is not None and moved.pending.remaining == 1


def test_AN_59_scout_is_its_own_subaction() -> None:
    _, events = run(acting(fresh(), 0, Action.SCOUT, 1), 0, ScoutTile(1, 1))
    assert names(events) == ["TileScouted", "ActionFinished"]


def test_AN_G8_next_to_means_the_same_path() -> None:
    state = put_ant(put_ant(put_ant(fresh(), 0, "S01"), 1, "S01"), 1, "S13", carrying=Token.GREEN_LEAF)
    refused(on_turn(state, 0), 0, Steal("S13", 1), "NO_ANT_THERE")
    assert not [c for c in antics.legal_commands(on_turn(state, 0), 0) if isinstance(c, Steal)]
