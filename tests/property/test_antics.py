"""Random legal playouts of Antics! for 2 (variant), 3 and 4 players, with the game's own invariants.

Generic checks come from tests/support/playout.play (legal commands accepted,
codec round trips, evolve rebuilds the state, the game ends). On top: the
conservation of ants, tiles and tokens; the board rules (occupancy, chains,
one prey per type); the display invariant AN-64; score consistency; and the
no-leak property for the one hidden thing, the order of the bag.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import antics
from service.rules.antics.board import all_connected
from service.rules.antics.data import (
    ANTS_PER_PLAYER,
    BAG_TILES,
    LEAVES,
    MAX_HEIGHT,
    PREY,
    SEGMENTS,
    SITE_TOKEN,
    SITES,
    Action,
    initial_site_tokens,
)
from service.rules.antics.evolve import evolve
from service.rules.antics.messages import (
    BuildTile,
    EndTurn,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    GameFinished,
    PreyEaten,
    TileBuilt,
    TileScouted,
    TilesDrawn,
    TurnStarted,
    UseMagnificANT,
)
from service.rules.antics.scoring import current_scores, heights, rank_winners
from service.rules.antics.state import Phase, State, own_segments
from service.rules.core import IllegalCommand, Rng
from tests.support.playout import Chooser, Playout, play, start

MAX_PLIES = 6000  # data.MAX_ROUNDS bounds a game; random games here take 300-900 plies
VARIANTS = [(2, {"two_player_variant": True}), (3, {}), (4, {})]


def eager(rng: Rng) -> Chooser:
    """Mostly anything but FinishAction/EndTurn, so that actions run deep and boards fill up."""

    def choose(options: list[tuple[int | None, Any]]) -> int:
        busy = [i for i, (_, c) in enumerate(options) if not isinstance(c, (EndTurn, FinishAction))]
        if busy and rng.below(10) < 9:
            return busy[rng.below(len(busy))]
        return rng.below(len(options))

    return choose


def uniform(rng: Rng) -> Chooser:
    return lambda options: rng.below(len(options))


# --- invariants on one state ------------------------------------------------------------------------
def check_state(state: State, eaten: Counter[str]) -> None:
    seats = state.seats
    for seat in range(seats):  # ants
        on_board = sum(1 for ants in state.paths for a in ants if a.seat == seat)
        hatched = sum(h[seat] for h in state.hatcheries)
        assert state.players[seat].ants + hatched + on_board == ANTS_PER_PLAYER
        assert state.players[seat].ants >= 0 and all(h[seat] >= 0 for h in state.hatcheries)
    tiles = [t for row in state.display for t in row.tiles if t is not None]  # tiles
    tiles += list(state.bag)
    for p in state.players:
        tiles += [*p.tiles, *p.built]
    assert sorted(tiles) == [*range(seats), *BAG_TILES]
    carried = [a.carrying for ants in state.paths for a in ants if a.carrying is not None]  # tokens
    start = dict(zip(SITES, initial_site_tokens(seats), strict=True))
    for token in (*PREY, *LEAVES):
        on_sites = sum(n for site, n in zip(SITES, state.sites, strict=True) if SITE_TOKEN[site] is token)
        initial = sum(n for site, n in start.items() if SITE_TOKEN[site] is token)
        collected = sum(
            p.prey.count(token) if token in PREY else (p.brown if token.value == "BROWN_LEAF" else p.green)
            for p in state.players
        )
        assert on_sites + carried.count(token) + collected + eaten[token.value] == initial, token
    for seat in range(seats):  # AN-47
        held = [*state.players[seat].prey]
        held += [a.carrying for ants in state.paths for a in ants if a.seat == seat and a.carrying in PREY]
        assert len(held) == len(set(held))
    for seg, ants in zip(SEGMENTS, state.paths, strict=True):  # AN-36
        colours = [a.seat for a in ants]
        assert len(colours) == len(set(colours)) and sum(a.soldier for a in ants) <= 1
        assert seg.terrain is not None or all(a.soldier for a in ants)
    for seat in range(seats):  # AN-37
        assert all_connected(own_segments(state, seat))
    for p in state.players:  # AN-21..24
        assert all(1 <= c.height <= MAX_HEIGHT for c in p.cells)
    for token in state.exhausted:  # AN-65
        assert state.sites[SITES.index(next(s for s in SITES if SITE_TOKEN[s] is token))] == 0
    assert len(set(state.exhausted)) == len(state.exhausted)
    assert state.markers <= state.actions
    if state.phase is Phase.ACTIONS and state.markers == 0 and state.bag:  # AN-64 at the start of a turn
        for row in state.display:
            assert sum(t is not None for t in row.tiles) == 5 and row.tiles[row.anteater - 1] is None


# --- no leak: nothing identifies a tile still in the bag ----------------------------------------------------
def tile_ids_in_view(v: dict[str, Any]) -> set[int]:
    ids = {t for row in v["display"] for t in row["tiles"] if t is not None}
    ids |= {int(k) for k in v["tiles"]}
    for p in v["players"]:
        ids |= set(p["tile_supply"]) | set(p["built_tiles"]) | {c["tile"] for c in p["cells"]}
    return ids


def tile_ids_in_event(event: Any) -> set[int]:
    match event:
        case TilesDrawn(placements=placements):
            return {p.tile for p in placements}
        case TileScouted(tile=tile) | TileBuilt(tile=tile):
            return {tile}
    return set()


def check_views(state: State) -> None:
    views = {viewer: antics.view(state, viewer) for viewer in (None, *range(state.seats))}
    bag = set(state.bag)
    shuffled = replace(state, bag=tuple(reversed(state.bag)))
    for viewer, v in views.items():
        json.dumps(v)
        assert tile_ids_in_view(v).isdisjoint(bag)
        assert "bag" not in v and "seed" not in json.dumps(v)
        assert antics.view(shuffled, viewer) == v  # the view does not depend on the bag's order
        assert {**v, "seat": None} == {**views[None], "seat": None}  # everything else is public
    assert sum(views[None]["bag_composition"].values()) == len(state.bag)


def check_playout(p: Playout) -> None:
    state = antics.initial_state(p.seats, p.options)
    eaten: Counter[str] = Counter()
    for n, event in enumerate(p.history):
        state = evolve(state, event)
        if isinstance(event, PreyEaten):
            eaten[event.prey.value] += 1
        for viewer in (None, *range(p.seats)):
            assert antics.redact(event, viewer) == event
        assert tile_ids_in_event(event).isdisjoint(state.bag), "an event names a tile still in the bag"
        if isinstance(event, TurnStarted | GameFinished) or n % 25 == 0:
            check_state(state, eaten)
        if isinstance(event, TurnStarted) and state.turn % 7 == 1:
            check_views(state)
    assert state == p.state
    check_views(state)
    finished = p.history[-1]
    assert isinstance(finished, GameFinished)
    assert finished.scores == current_scores(state) == antics.scores(state)
    assert finished.heights == heights(state)
    assert finished.winners == rank_winners(finished.scores, finished.heights) == antics.winners(state)
    assert antics.view(state, None)["final_scores"] == list(finished.scores)
    assert [pl["score"] for pl in antics.view(state, 0)["players"]] == list(finished.scores)


@settings(max_examples=30, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), deep=st.booleans(), case=st.sampled_from(VARIANTS))
def test_random_playouts_keep_every_invariant(seed: bytes, deep: bool, case: tuple[int, dict[str, Any]]) -> None:
    seats, options = case
    bot = (eager if deep else uniform)(Rng(seed, 999))
    p = play(antics, seats, seed, bot, options, max_plies=MAX_PLIES, check_every=200)
    check_playout(p)


@settings(max_examples=6, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8))
def test_two_player_variant_playouts(seed: bytes) -> None:
    p = play(antics, 2, seed, eager(Rng(seed, 7)), {"two_player_variant": True}, max_plies=MAX_PLIES)
    check_playout(p)
    assert p.state.two_player and len(p.state.players) == 2


@settings(max_examples=6, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8))
def test_three_player_playouts(seed: bytes) -> None:
    check_playout(play(antics, 3, seed, eager(Rng(seed, 3)), {}, max_plies=MAX_PLIES))


@settings(max_examples=4, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8))
def test_four_player_playouts(seed: bytes) -> None:
    check_playout(play(antics, 4, seed, uniform(Rng(seed, 4)), {}, max_plies=MAX_PLIES))


@settings(max_examples=10, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), other=st.binary(min_size=8, max_size=8), plies=st.integers(0, 80))
def test_future_draws_are_hidden(seed: bytes, other: bytes, plies: int) -> None:
    """The only secret is which tile comes next. Commands that draw nothing decide the same whatever the
    future holds, and a refusal never tells whether a tile is in the bag."""
    p = play_prefix(seed, plies)
    state = p.state
    if antics.status(state).finished:
        return
    seat = antics.status(state).to_act[0]
    for command in antics.legal_commands(state, seat):
        one = antics.decide(state, seat, command, Rng(seed, 1), 0)
        two = antics.decide(state, seat, command, Rng(other, 2), 0)
        drew = [e for e in one if isinstance(e, TilesDrawn)]
        assert one == two or drew
        assert all(isinstance(c, EndTurn | FeedPrey | FeedHatchery) for c in ([command] if drew else []))
    if state.bag and state.phase is Phase.ACTIONS and state.markers < state.actions and not state.magnificant_used:
        building = evolve(state, antics.decide(state, seat, UseMagnificANT(Action.BUILD), Rng(seed, 3), 0)[0])
        others = [t for s, pl in enumerate(state.players) if s != seat for t in pl.tiles]
        for tile in (state.bag[0], *others[:1]):
            with pytest.raises(IllegalCommand) as err:
                antics.decide(building, seat, BuildTile(tile, 0, 0, 1, 0), Rng(seed, 4), 0)
            assert err.value.reason == f"tile {tile} is not in your tile supply"


def play_prefix(seed: bytes, plies: int) -> Playout:
    """The first `plies` commands of an eager 3-player game."""
    p = start(antics, 3, seed, {})
    choose = eager(Rng(seed, 5))
    for _ in range(plies):
        if antics.status(p.state).finished:
            break
        options = p.candidates()
        p.submit(*options[choose(options)])
    return p
