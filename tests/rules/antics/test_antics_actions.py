"""Taking actions, Scout, Build, the ant-hill geometry and Hatch (AN-01..30, AN-T01..T04, AN-T16)."""

from __future__ import annotations

from service.rules import antics
from service.rules.antics.board import are_neighbours, neighbours
from service.rules.antics.data import MAX_HEIGHT, Action, Hatchery, Hex
from service.rules.antics.messages import (
    ActionFinished,
    ActionTaken,
    AntHatched,
    BuildTile,
    EndTurn,
    FinishAction,
    HatchAnt,
    ScoutTile,
    TileBuilt,
    TileScouted,
    TurnEnded,
    TurnStarted,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.scoring import heights, player_score
from service.rules.antics.state import Phase, State, anthill_height
from tests.rules.antics.antics_support import acting, fresh, names, on_turn, refused, run, set_player, with_cells

# Tile ids by kind (data.BAG_TILE_KINDS order): 4..7 SCOUT/BUILD, 8..11 SCOUT/HATCH, 20..23 BUILD/HATCH,
# 24..27 BUILD/ANTS, 28..31 BUILD/DRAG, 32..35 HATCH/ANTS, 44..46 FUNGUS/SCOUT, 59 FUNGUS/FUNGUS.
SB, BH, BH2, BA, BA2 = 4, 20, 21, 24, 25


def two_level_hill(state: State, seat: int = 0) -> State:
    """A level-2 BUILD/HATCH tile (20) on (0,0)/(1,0) straddling tiles 24 and 25 below."""
    return with_cells(state, seat, (0, 0, 2, BH, 0), (1, 0, 2, BH, 1), (0, 1, 1, BA, 1), (1, 1, 1, BA2, 1))


# --- AN-01..07 taking actions ------------------------------------------------------------------
def test_AN_01_marker_on_own_action_hex_starts_that_action() -> None:
    state = on_turn(two_level_hill(fresh()), 0)
    after, events = run(state, 0, UseHex(0, 0))
    assert events == [ActionTaken(seat=0, action=Action.BUILD, level=2, q=0, r=0)]
    assert after.phase is Phase.ACTION and after.pending is not None and after.pending.remaining == 2
    refused(state, 0, UseHex(5, 5), "NO_HEX")
    refused(on_turn(with_cells(fresh(), 0, (0, 0, 1, 59, 0), (1, 0, 1, 59, 1)), 0), 0, UseHex(0, 0), "NOT_AN_ACTION")


def test_AN_02_one_marker_per_hex_per_turn_same_action_through_another_hex() -> None:
    state = on_turn(two_level_hill(fresh()), 0)
    after, _ = run(state, 0, UseHex(1, 0), FinishAction())  # the level-2 HATCH hex
    refused(after, 0, UseHex(1, 0), "SPACE_USED")
    _, events = run(after, 0, UseHex(0, 1))  # another hex (ANTS, level 1) is still free
    assert events[0] == ActionTaken(seat=0, action=Action.ANTS, level=1, q=0, r=1)


def test_AN_02_same_action_twice_through_two_hexes() -> None:
    state = on_turn(with_cells(fresh(), 0, (0, 0, 1, BH, 0), (1, 0, 1, BH2, 0)), 0)
    _, events = run(state, 0, UseHex(0, 0), FinishAction(), UseHex(1, 0))
    assert [e.action for e in events if isinstance(e, ActionTaken)] == [Action.BUILD, Action.BUILD]


def test_AN_03_magnificant_any_action_at_level_1_once_a_turn() -> None:
    state = on_turn(fresh(), 1)
    for action in Action:
        _, events = run(state, 1, UseMagnificANT(action))
        assert events == [ActionTaken(seat=1, action=action, level=1, q=None, r=None)]
    after, _ = run(state, 1, UseMagnificANT(Action.HATCH), FinishAction())
    refused(after, 1, UseMagnificANT(Action.SCOUT), "SPACE_USED")


def test_AN_04_hex_built_this_turn_can_be_used() -> None:
    state = set_player(on_turn(fresh(), 0), 0, tiles=(BA,))
    after, events = run(state, 0, UseMagnificANT(Action.BUILD), BuildTile(BA, 0, 0, 1, 0))
    assert names(events) == ["ActionTaken", "TileBuilt", "ActionFinished"]
    _, events = run(after, 0, UseHex(1, 0))
    assert events == [ActionTaken(seat=0, action=Action.ANTS, level=1, q=1, r=0)]


def test_AN_05_pass_ends_the_turn_and_the_next_seat_plays() -> None:
    state = on_turn(fresh(), 2)
    after, events = run(state, 2, EndTurn())
    assert events[0] == TurnEnded(seat=2, markers=0)
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 3 and after.current == 3
    refused(acting(fresh(), 2, Action.HATCH, 2), 2, EndTurn(), "ACTION_UNDER_WAY")
    refused(state, 1, EndTurn(), "NOT_YOUR_TURN")


def test_AN_06_quantities_are_maxima() -> None:
    state = acting(fresh(), 0, Action.SCOUT, 3)
    after, events = run(state, 0, ScoutTile(1, 2), FinishAction())
    assert names(events) == ["TileScouted", "ActionFinished"]
    assert len(after.players[0].tiles) == 2
    _, events = run(acting(fresh(), 0, Action.BUILD, 2), 0, FinishAction())  # zero tiles is fine too
    assert names(events) == ["ActionFinished"]


def test_AN_07_a_hex_holding_a_marker_cannot_be_covered() -> None:
    hill = with_cells(fresh(), 0, (0, 0, 1, BH, 0), (0, 1, 1, BH, 1), (1, 0, 1, BH2, 0), (1, 1, 1, BH2, 1))
    state = set_player(on_turn(hill, 0), 0, tiles=(BA,))
    after, _ = run(state, 0, UseHex(0, 0))
    refused(after, 0, BuildTile(BA, 0, 0, 1, 0), "MARKER_IN_THE_WAY")
    _, events = run(after, 0, BuildTile(BA, 0, 1, 1, 1))
    assert events[0] == TileBuilt(0, BA, 0, 1, 1, 1, level=2)


def test_AN_07_markers_limit_the_turn() -> None:
    state = on_turn(fresh(), 0, actions=1)
    after, _ = run(state, 0, UseMagnificANT(Action.HATCH), FinishAction())
    refused(after, 0, UseHex(0, 0), "NO_ACTIONS_LEFT")
    assert antics.legal_commands(after, 0) == [EndTurn()]


# --- AN-10/11 Scout -------------------------------------------------------------------------------------
def test_AN_10_scout_one_tile_from_each_column_up_to_the_level() -> None:
    state = acting(fresh(), 0, Action.SCOUT, 3)
    tiles = [state.display[r - 1].tiles[c - 1] for r, c in ((2, 1), (1, 2), (3, 3))]
    after, events = run(state, 0, ScoutTile(2, 1), ScoutTile(1, 2), ScoutTile(3, 3))
    assert [e.tile for e in events if isinstance(e, TileScouted)] == tiles
    assert isinstance(events[-1], ActionFinished) and after.phase is Phase.ACTIONS
    assert sorted(after.players[0].tiles) == sorted([0, *tiles])
    assert after.display[1].tiles[0] is None and after.taken == ((1, 2), (2, 1), (3, 3))


def test_AN_T03_scout_strength_3_and_1() -> None:
    state = acting(fresh(), 0, Action.SCOUT, 3)
    refused(state, 0, ScoutTile(1, 4), "COLUMN_OUT_OF_REACH")
    after, _ = run(state, 0, ScoutTile(1, 1))
    refused(after, 0, ScoutTile(2, 1), "COLUMN_USED")
    listed = antics.legal_commands(after, 0)
    assert {(c.row, c.column) for c in listed if isinstance(c, ScoutTile)} == {
        (r, c) for r in (1, 2, 3) for c in (2, 3)
    }
    one = acting(fresh(), 0, Action.SCOUT, 1)
    assert {(c.row, c.column) for c in antics.legal_commands(one, 0) if isinstance(c, ScoutTile)} == {
        (1, 1),
        (2, 1),
        (3, 1),
    }
    _, events = run(one, 0, ScoutTile(3, 1))
    assert names(events) == ["TileScouted", "ActionFinished"]


def test_AN_G16_fewer_tiles_any_subset_of_columns() -> None:
    state = acting(fresh(), 0, Action.SCOUT, 3)
    after, _ = run(state, 0, ScoutTile(1, 3), ScoutTile(1, 2), FinishAction())
    assert after.taken == ((1, 2), (1, 3)) and all(row.tiles[0] is not None for row in after.display)


def test_AN_10_empty_slot_cannot_be_scouted() -> None:
    state = acting(fresh(), 0, Action.SCOUT, 2)
    after, _ = run(state, 0, ScoutTile(1, 1))
    after = acting(after, 0, Action.SCOUT, 2)
    refused(after, 0, ScoutTile(1, 1), "NO_TILE")


def test_AN_11_tile_supply_is_open_and_scores_nothing() -> None:
    state = set_player(fresh(), 1, tiles=(1, 59))
    assert antics.view(state, None)["players"][1]["tile_supply"] == [1, 59]
    assert antics.view(state, 0)["players"][1]["tile_supply"] == [1, 59]
    assert player_score(state.players[1]) == 0


# --- AN-15 Build and the geometry AN-20..25 -----------------------------------------------------
def test_AN_15_build_up_to_L_tiles_one_at_a_time() -> None:
    state = set_player(acting(fresh(), 0, Action.BUILD, 2), 0, tiles=(0, BA, BH))
    after, events = run(state, 0, BuildTile(0, 0, 0, 1, 0), BuildTile(BA, 0, 1, 1, 1))
    assert names(events) == ["TileBuilt", "TileBuilt", "ActionFinished"]
    assert after.players[0].tiles == (BH,) and after.players[0].built == (0, BA)


def test_AN_20_cells_are_axial_hexes_and_base_is_six_foundation_cells() -> None:
    assert set(neighbours((0, 0))) == {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert not are_neighbours((0, 0), (1, 1))
    state = set_player(acting(fresh(), 0, Action.BUILD, 1), 0, tiles=(BA,))
    refused(state, 0, BuildTile(BA, 0, 0, 1, 1), "CELLS_NOT_ADJACENT")
    for a, b in (((0, 0), (1, 0)), ((2, 0), (1, 1)), ((0, 1), (0, 2))):
        run(state, 0, BuildTile(BA, *a, *b))  # every pair of base cells works


def test_AN_21_player_chooses_which_hex_goes_where() -> None:
    state = set_player(acting(fresh(), 0, Action.BUILD, 1), 0, tiles=(BA,))
    one, _ = run(state, 0, BuildTile(BA, 0, 0, 1, 0))
    two, _ = run(state, 0, BuildTile(BA, 1, 0, 0, 0))
    hexes = {(c.q, c.r): c.hex for c in one.players[0].cells}
    assert hexes == {(0, 0): Hex.BUILD, (1, 0): Hex.ANTS}
    assert {(c.q, c.r): c.hex for c in two.players[0].cells} == {(0, 0): Hex.ANTS, (1, 0): Hex.BUILD}
    assert all(c.height == 1 for c in one.players[0].cells)


def test_AN_22_level_one_must_touch_base_or_hill() -> None:
    state = set_player(acting(fresh(), 0, Action.BUILD, 2), 0, tiles=(BA, BH))
    refused(state, 0, BuildTile(BA, 4, 0, 5, 0), "NOT_ATTACHED")
    refused(state, 0, BuildTile(BA, 3, 0, 4, 0), "NOT_ATTACHED")  # (3,0) is next to the bare base only
    after, _ = run(state, 0, BuildTile(BA, 1, 0, 2, 0))
    _, events = run(after, 0, BuildTile(BH, 3, 0, 4, 0))  # (3,0) touches the built (2,0)
    assert events[0] == TileBuilt(0, BH, 3, 0, 4, 0, level=1)
    _, events = run(state, 0, BuildTile(BA, 2, 0, 3, 0))  # one foundation cell is enough
    assert events[0].level == 1


def test_AN_23_upper_levels_straddle_two_tiles_of_equal_height() -> None:
    hill = with_cells(fresh(), 0, (0, 0, 1, BA, 0), (1, 0, 1, BA, 1), (0, 1, 1, BH, 0), (1, 1, 1, BH, 1))
    state = set_player(acting(hill, 0, Action.BUILD, 1), 0, tiles=(SB,))
    refused(state, 0, BuildTile(SB, 0, 0, 1, 0), "ON_ONE_TILE")
    refused(state, 0, BuildTile(SB, 1, 1, 2, 0), "UNEVEN")  # (2,0) is bare
    _, events = run(state, 0, BuildTile(SB, 1, 0, 0, 1))
    assert events[0] == TileBuilt(0, SB, 1, 0, 0, 1, level=2)


def test_AN_T16_build_heights() -> None:
    # Two level-1 tiles side by side, a third across one hex of each -> level 2.
    state = set_player(acting(fresh(), 0, Action.BUILD, 3), 0, tiles=(BA, BH, SB))
    after, _ = run(state, 0, BuildTile(BA, 0, 0, 1, 0), BuildTile(BH, 0, 1, 1, 1))
    after = acting(after, 0, Action.BUILD, 3)
    refused(after, 0, BuildTile(SB, 0, 0, 1, 0), "ON_ONE_TILE")
    after, events = run(after, 0, BuildTile(SB, 0, 0, 0, 1))
    assert events[0].level == 2 and anthill_height(after.players[0]) == 2
    # A sixth storey is illegal.
    tall = with_cells(fresh(), 0, (0, 0, MAX_HEIGHT, BA, 0), (1, 0, MAX_HEIGHT, BH, 0))
    refused(set_player(acting(tall, 0, Action.BUILD, 1), 0, tiles=(SB,)), 0, BuildTile(SB, 0, 0, 1, 0), "TOO_HIGH")


def test_AN_24_covered_hexes_count_no_more() -> None:
    hill = with_cells(fresh(), 0, (0, 0, 1, 59, 0), (1, 0, 1, 59, 1), (0, 1, 1, BH, 0), (1, 1, 1, BH, 1))
    assert player_score(set_player(hill, 0, brown=1).players[0]) == 1
    state = set_player(acting(hill, 0, Action.BUILD, 1), 0, tiles=(BA,), brown=1)
    after, _ = run(state, 0, BuildTile(BA, 0, 0, 0, 1))
    assert {(c.q, c.r): c.hex for c in after.players[0].cells}[(0, 0)] is Hex.BUILD
    assert player_score(after.players[0]) == 1  # the fungus on (1,0) is still visible; (0,0)'s is covered


def test_AN_25_anthill_height_is_the_highest_cell() -> None:
    state = with_cells(fresh(), 2, (0, 0, 3, BA, 0), (1, 0, 3, BA, 1), (0, 1, 1, BH, 0))
    assert anthill_height(state.players[2]) == 3 and heights(state) == (0, 0, 3, 0)


# --- AN-30 Hatch ------------------------------------------------------------------------------------------
def test_AN_30_hatch_moves_ants_from_supply_into_hatcheries() -> None:
    state = acting(fresh(), 1, Action.HATCH, 2)
    after, events = run(state, 1, HatchAnt(Hatchery.MILITARY), HatchAnt(Hatchery.MILITARY))
    assert events[:2] == [AntHatched(1, Hatchery.MILITARY)] * 2 and isinstance(events[2], ActionFinished)
    assert after.hatcheries[5] == (0, 2, 0, 0) and after.players[1].ants == 10
    empty = set_player(acting(fresh(), 1, Action.HATCH, 2), 1, ants=0)
    refused(empty, 1, HatchAnt(Hatchery.SAND), "NO_ANTS")


def test_AN_T04_hatch_at_strength_3() -> None:
    state = acting(fresh(), 0, Action.HATCH, 3)
    _, events = run(state, 0, HatchAnt(Hatchery.GRASS), HatchAnt(Hatchery.GRASS), HatchAnt(Hatchery.SAND))
    assert names(events) == ["AntHatched"] * 3 + ["ActionFinished"]
    after, _ = run(state, 0, HatchAnt(Hatchery.GRASS), HatchAnt(Hatchery.SAND))
    refused(after, 0, HatchAnt(Hatchery.MOSS), "HATCH_SPREAD")  # {GRASS, SAND, MOSS} is illegal
    refused(after, 0, FinishAction(), "HATCH_SPREAD")  # {GRASS, SAND} alone too
    _, events = run(after, 0, HatchAnt(Hatchery.SAND))
    assert isinstance(events[-1], ActionFinished)
    _, events = run(state, 0, HatchAnt(Hatchery.MOSS), FinishAction())  # a single ant is always legal
    assert names(events) == ["AntHatched", "ActionFinished"]


def test_AN_30_spread_refused_when_no_ant_could_repair_it() -> None:
    state = set_player(acting(fresh(), 0, Action.HATCH, 3), 0, ants=2)
    after, _ = run(state, 0, HatchAnt(Hatchery.GRASS))
    refused(after, 0, HatchAnt(Hatchery.SAND), "HATCH_SPREAD")  # the last ant could not pair up any more


# --- first round ------------------------------------------------------------------------------------------
def test_AN_T01_first_round_action_limits() -> None:
    state = fresh(4)
    actions = []
    for _ in range(6):
        actions.append(state.actions)  # (everyone passing would end the game by AN-72)
        state, _ = run(state, state.current, UseMagnificANT(Action.HATCH), FinishAction(), EndTurn())
    assert actions == [1, 2, 3, 3, 3, 3]


def test_AN_T01_two_players_take_one_then_two() -> None:
    state = fresh(2)
    first = state.actions
    state, _ = run(state, state.current, UseMagnificANT(Action.HATCH), FinishAction(), EndTurn())
    assert (first, state.actions) == (1, 2)


def test_AN_T02_opening() -> None:
    state = fresh(4)
    start = state.current
    after, events = run(state, start, UseMagnificANT(Action.BUILD), BuildTile(start, 0, 0, 1, 0))
    assert names(events) == ["ActionTaken", "TileBuilt", "ActionFinished"]
    assert antics.legal_commands(after, start) == [EndTurn()]  # no further action in round 1
    after, _ = run(after, start, EndTurn())
    second = after.current
    assert after.actions == 2
    after, events = run(after, second, UseMagnificANT(Action.BUILD), BuildTile(second, 0, 0, 1, 0))
    hatch_hex = next(c for c in after.players[second].cells if c.hex is Hex.HATCH)
    after, events = run(after, second, UseHex(hatch_hex.q, hatch_hex.r), HatchAnt(Hatchery.GRASS))
    assert events == [
        ActionTaken(second, Action.HATCH, 1, hatch_hex.q, hatch_hex.r),
        AntHatched(second, Hatchery.GRASS),
        ActionFinished(second, Action.HATCH),
    ]
    assert antics.legal_commands(after, second) == [EndTurn()]


def test_AN_G5_geometry_broaden_or_build_on_top() -> None:
    """Two-cell tiles; level 1 broadens (base or next to the hill), higher levels straddle two tiles."""
    state = set_player(acting(fresh(), 0, Action.BUILD, 5), 0, tiles=(BA, BH, SB, BA2, BH2))
    state, events = run(
        state,
        0,
        BuildTile(BA, 0, 0, 1, 0),
        BuildTile(BH, 0, 1, 1, 1),
        BuildTile(SB, 2, 0, 3, 0),  # broadens beyond the base
        BuildTile(BA2, 1, 0, 1, 1),  # level 2 across BA and BH
        BuildTile(BH2, 4, 0, 4, -1),  # next to the new tile, off the base
    )
    assert [e.level for e in events if isinstance(e, TileBuilt)] == [1, 1, 1, 2, 1]
    assert anthill_height(state.players[0]) == 2
