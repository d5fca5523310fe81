"""Components, setup and options (AN-S1..S8, AN-R1, AN-R2, AN-V1, AN-T00, AN-T14, AN-T17)."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import replace

import pytest

from service.rules import antics
from service.rules.antics.data import (
    ACTIONS_PER_TURN,
    ANTS_PER_PLAYER,
    BAG_TILES,
    HATCHERIES,
    LEAVES,
    NEST,
    PREY,
    SEGMENTS,
    SITE_TOKEN,
    SITES,
    SPARE_LEAVES,
    STARTING_TILE,
    TILE_HEXES,
    Hex,
    Token,
    is_fungus_tile,
)
from service.rules.antics.messages import GameStarted, TilesDrawn, TurnStarted
from service.rules.antics.state import Phase
from service.rules.antics.update import refill
from service.rules.core import InvalidOptions, Rng, normalize_options
from tests.rules.antics.antics_support import ScriptedRng, fold, fresh, options, setup_events


def test_AN_T00_component_counts() -> None:
    assert ANTS_PER_PLAYER * 4 == 48
    prey_tokens = sum(3 for site in SITES if SITE_TOKEN[site] in PREY)
    assert (len(PREY), prey_tokens) == (6, 18)
    assert len(TILE_HEXES) == 60 and TILE_HEXES[:4] == (STARTING_TILE,) * 4 and len(BAG_TILES) == 56
    leaf_sites = sum(1 for site in SITES if SITE_TOKEN[site] in LEAVES)
    assert leaf_sites + 2 * SPARE_LEAVES == 12
    assert ACTIONS_PER_TURN * 4 == 12  # action markers


def test_AN_S1_board_starts_empty_of_ants() -> None:
    state = fresh(4)
    assert all(ants == () for ants in state.paths)
    assert all(row == (0, 0, 0, 0) for row in state.hatcheries) and len(state.hatcheries) == len(HATCHERIES)


def test_AN_S2_starting_tiles_out_and_56_tiles_in_bag_and_display() -> None:
    state = fresh(4)
    in_play = sorted([*state.bag, *(t for row in state.display for t in row.tiles if t is not None)])
    assert in_play == list(BAG_TILES)
    assert all(TILE_HEXES[t] == (Hex.HATCH, Hex.SCOUT) for t in range(4))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AN_S3_player_kits(seats: int) -> None:
    state = fresh(seats)
    assert len(state.players) == seats
    for seat, p in enumerate(state.players):
        assert p.tiles == (seat,) and p.cells == () and p.ants == ANTS_PER_PLAYER
        assert p.prey == () and p.brown == p.green == 0
    assert not state.magnificant_used


def test_AN_S4_no_prey_type_exhausted_at_start() -> None:
    assert fresh(4).exhausted == ()


def test_AN_S5_tokens_on_their_sites() -> None:
    state = fresh(3)
    for site, n in zip(SITES, state.sites, strict=True):
        assert n == (3 if SITE_TOKEN[site] in PREY else 1)
    started = setup_events(3)[0]
    assert isinstance(started, GameStarted)
    assert [(s.site, s.token, s.count) for s in started.sites][:2] == [
        ("P1", Token.BEETLE, 3),
        ("P2", Token.BUTTERFLY, 3),
    ]


def _check_display_rule(placements: tuple[tuple[int, int, int], ...]) -> None:
    """Replays the placements and checks each against AN-S6 on the slots still empty then."""
    empty = {(c, r) for c in range(1, 6) for r in range(1, 4)}
    for tile, row, column in placements:
        if is_fungus_tile(tile):
            top = max(c for c, _ in empty)
            expected = min((c, r) for c, r in empty if c == top)
        else:
            expected = min(empty)
        assert (column, row) == expected
        empty.remove((column, row))
    assert not empty


@pytest.mark.parametrize("seed", [b"a", b"b", b"c", b"d"])
def test_AN_S6_display_filled_by_the_fungus_rule(seed: bytes) -> None:
    drawn = setup_events(4, seed)[1]
    assert isinstance(drawn, TilesDrawn) and len(drawn.placements) == 15
    _check_display_rule(tuple((p.tile, p.row, p.column) for p in drawn.placements))
    state = fresh(4, seed)
    assert all(row.tiles[5] is None and all(t is not None for t in row.tiles[:5]) for row in state.display)


def test_AN_T14_setup_display_draw_order() -> None:
    # bag (4, 5, 6, 44, 45): 4, 5, 6 are normal tiles, 44 and 45 fungus tiles.
    state = fold(antics.initial_state(4, options(4)), setup_events(4)[:1])
    state = replace(state, bag=(4, 5, 6, 44, 45))
    drawn = refill(state, ScriptedRng([0, 2, 0, 0, 0]))
    assert drawn is not None
    assert [(p.tile, p.row, p.column) for p in drawn.placements] == [
        (4, 1, 1),  # 1st (normal): column 1, row 1
        (44, 1, 5),  # 2nd (fungus): column 5, row 1
        (5, 2, 1),  # 3rd: column 1, row 2
        (6, 3, 1),  # 4th: column 1, row 3
        (45, 2, 5),  # 5th (fungus): column 5, row 2
    ]


def test_AN_S7_anteaters_in_column_6_and_guide_at_zero() -> None:
    state = fresh(4)
    assert [row.anteater for row in state.display] == [6, 6, 6]
    assert state.counter == 0


def test_AN_S8_start_player_is_random_and_takes_the_first_turn() -> None:
    starts = set()
    for i in range(12):
        events = setup_events(4, f"start-{i}".encode())
        started, turn = events[0], events[-1]
        assert isinstance(started, GameStarted) and isinstance(turn, TurnStarted)
        assert turn.seat == started.start_seat and turn.round == 1 and turn.actions == 1
        starts.add(started.start_seat)
    assert len(starts) > 1


def test_AN_R1_display_draw_is_seeded_and_recorded_in_draw_order() -> None:
    a, b = setup_events(4, b"one"), setup_events(4, b"two")
    assert a == setup_events(4, b"one")
    assert a[1] != b[1]
    state = fresh(4, b"one")
    drawn = a[1]
    assert isinstance(drawn, TilesDrawn)
    assert set(state.bag).isdisjoint(p.tile for p in drawn.placements)


def test_AN_R2_start_seat_drawn_from_the_rng() -> None:
    seen = Counter(setup_events(3, f"r2-{i}".encode())[0].start_seat for i in range(30))
    assert set(seen) == {0, 1, 2}


def test_AN_V1_two_player_variant() -> None:
    state = fresh(2)
    assert state.two_player
    for site, n in zip(SITES, state.sites, strict=True):
        if SITE_TOKEN[site] in PREY:
            assert n == 2
        else:
            assert n == (0 if site in ("LB5", "LG5") else 1)
    assert setup_events(2)[-1].actions == 1
    assert state.phase is Phase.ACTIONS


def test_AN_V1_two_players_need_the_variant_option() -> None:
    opts = normalize_options(antics.metadata, 2, {})
    with pytest.raises(InvalidOptions, match="two_player_variant"):
        antics.setup(opts, 2, Rng(b"x", 1))


def test_AN_V1_variant_only_for_two_players() -> None:
    opts = normalize_options(antics.metadata, 3, {"two_player_variant": True})
    with pytest.raises(InvalidOptions, match="exactly 2"):
        antics.setup(opts, 3, Rng(b"x", 1))


def test_AN_G1_player_counts_in_metadata() -> None:
    assert (antics.metadata.min_players, antics.metadata.max_players) == (2, 4)
    assert antics.version == 1 and antics.name == "antics"
    (option,) = antics.metadata.options
    assert (option.name, option.type, option.default) == ("two_player_variant", bool, False)
    with pytest.raises(InvalidOptions):
        normalize_options(antics.metadata, 5, {})


def _distances(use_bridges: bool) -> dict[str, int]:
    dist = {NEST: 0}
    todo = deque([NEST])
    while todo:
        node = todo.popleft()
        for seg in SEGMENTS:
            if seg.terrain is None and not use_bridges:
                continue
            for a, b in ((seg.a, seg.b), (seg.b, seg.a)):
                if a == node and b not in dist:
                    dist[b] = dist[node] + 1
                    todo.append(b)
    return dist


def test_AN_T17_board_graph_checks() -> None:
    normal = [s for s in SEGMENTS if s.terrain is not None]
    assert len(normal) == 37 and len(SEGMENTS) - len(normal) == 3
    counts = Counter(s.terrain.value for s in normal if s.terrain is not None)
    assert counts == {"SAND": 8, "MOSS": 8, "GRASS": 7, "PEBBLES": 7, "LITTER": 7}
    plain = _distances(use_bridges=False)
    assert all(plain[f"LB{i}"] == 2 for i in range(1, 6))
    assert all(plain[f"P{i}"] == 3 for i in range(1, 7)) and all(plain[f"LG{i}"] == 3 for i in range(1, 6))
    bridged = _distances(use_bridges=True)
    assert [bridged[p] for p in ("P2", "P4", "P6")] == [2, 2, 2]
    assert all(any(NEST in (s.a, s.b) and s.terrain is t for s in SEGMENTS) for t in HATCHERIES[:5])


def test_AN_G3_AN_G4_data_tables() -> None:
    tiles = Counter(h for t in BAG_TILES for h in TILE_HEXES[t])
    assert tiles[Hex.FUNGUS] == 17
    assert all(tiles[h] == 19 for h in Hex if h is not Hex.FUNGUS)
