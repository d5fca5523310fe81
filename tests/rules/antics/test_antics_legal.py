"""legal_commands is complete and exact: decide accepts every listed command and nothing else.

States come from random playouts (uniform and "eager" bots, so that every
phase and every action's sub-steps are visited). For each, a superset of
candidate commands built here, independently of the engine's own generator,
is run through decide: the accepted ones must be exactly the listed ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from service.rules import antics
from service.rules.antics.board import neighbours
from service.rules.antics.data import ACTIONS, HATCHERIES, SEGMENT_IDS, SITES, Action, Hatchery, Token
from service.rules.antics.messages import (
    BuildTile,
    DeliverToken,
    DeployAnt,
    EndTurn,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    HatchAnt,
    PassToken,
    PickUpToken,
    RecallAnt,
    ScoutTile,
    Steal,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.state import State
from service.rules.core import IllegalCommand, Rng
from tests.rules.antics.antics_support import acting, fresh, in_hatchery, on_turn, put_ant, set_player, with_cells
from tests.support.playout import start

PATHS = (*SEGMENT_IDS, "S00")
PLACES = (*SITES, "NEST")


def superset(state: State, seat: int) -> Iterator[Any]:
    yield FinishAction()
    yield EndTurn()
    for q in range(-4, 7):
        for r in range(-4, 7):
            yield UseHex(q, r)
    yield from (UseMagnificANT(a) for a in ACTIONS)
    for row in range(0, 5):
        for column in range(0, 8):
            yield ScoutTile(row, column)
    yield from (HatchAnt(h) for h in HATCHERIES)
    for path in PATHS:
        yield from (DeployAnt(h, path) for h in HATCHERIES)
        yield RecallAnt(path)
        yield DeliverToken(path)
        yield from (PickUpToken(site, path) for site in PLACES)
        yield from (PassToken(path, other) for other in PATHS)
        yield from (Steal(path, victim) for victim in range(-1, state.seats + 1))
    yield from (FeedPrey(site) for site in PLACES)
    yield from (FeedHatchery(h) for h in HATCHERIES)
    if state.pending is not None and state.pending.action.value == "BUILD":
        yield from build_superset(state, seat)


def build_superset(state: State, seat: int) -> Iterator[Any]:
    """Every ordered pair of cells within two steps of each other, around the base and the ant-hill."""
    player = state.players[seat]
    region = {(q, r) for q in range(-1, 4) for r in range(-1, 4)} | {(c.q, c.r) for c in player.cells}
    for _ in range(2):
        region |= {n for c in region for n in neighbours(c)}
    tiles = sorted({*player.tiles, *state.bag[:1], (seat + 1) % state.seats})
    for a in sorted(region):
        near = {n for m in neighbours(a) for n in (m, *neighbours(m))} - {a}
        for b in sorted(near & region):
            for tile in tiles:
                yield BuildTile(tile, a[0], a[1], b[0], b[1])


def accepted(state: State, seat: int, command: Any) -> bool:
    try:
        antics.decide(state, seat, command, Rng(b"legal", 1), 0)
    except IllegalCommand:
        return False
    return True


RICH = (Steal, PassToken, DeliverToken, PickUpToken, RecallAnt, FeedHatchery)


def sample_states(seats: int, seed: bytes, eager: bool, every: int) -> list[State]:
    """Every `every`-th state, the first of each phase/action, and up to 12 with steals, token moves or recalls."""
    p = start(antics, seats, seed, {"two_player_variant": seats == 2})
    bot = Rng(seed, 12345)
    out: list[State] = []
    seen: set[str] = set()
    rich = 0
    ply = 0
    while not antics.status(p.state).finished and ply < 3000:
        options = p.candidates()
        busy = [i for i, (_, c) in enumerate(options) if not isinstance(c, (EndTurn, FinishAction))]
        pick = busy[bot.below(len(busy))] if eager and busy and bot.below(10) < 8 else bot.below(len(options))
        key = p.state.phase.value + ("" if p.state.pending is None else p.state.pending.action.value)
        interesting = rich < 12 and any(isinstance(c, RICH) for _, c in options)
        if ply % every == 0 or key not in seen or interesting:
            seen.add(key)
            rich += interesting
            out.append(p.state)
        seat, command = options[pick]
        p.submit(seat, command)
        ply += 1
    out.append(p.state)
    return out


CASES = [
    (2, b"legal-2", True),
    (3, b"legal-3", False),
    (4, b"legal-4", True),
    (3, b"legal-3e", True),
    (4, b"legal-4u", False),
]


@pytest.mark.parametrize(("seats", "seed", "eager"), CASES)
def test_legal_commands_are_exactly_what_decide_accepts(seats: int, seed: bytes, eager: bool) -> None:
    states = sample_states(seats, seed, eager, every=30)
    kinds = set()
    for state in states:
        seat = state.current
        listed = antics.legal_commands(state, seat)
        assert len(listed) == len(set(listed)), "a command is listed twice"
        candidates = set(superset(state, seat))
        assert set(listed) <= candidates, f"the test's superset misses {set(listed) - candidates}"
        assert {c for c in candidates if accepted(state, seat, c)} == set(listed)
        for other in range(seats):
            if other != seat:
                assert antics.legal_commands(state, other) == []
                assert not any(accepted(state, other, c) for c in listed)
        assert antics.legal_commands(state, None) == []
        kinds.add(state.phase.value + ("" if state.pending is None else state.pending.action.value))
    if eager:
        assert {"actions", "actionSCOUT", "actionBUILD", "actionHATCH", "actionANTS"} <= kinds


def crowded_board() -> list[State]:
    """Hand-made states with many ants, carried tokens and soldiers (random bots rarely get there)."""
    state = fresh(4)
    for seg in ("S01", "S13", "S19", "S25", "S07", "S02"):
        state = put_ant(state, 0, seg)
    state = put_ant(state, 0, "X1", soldier=True)
    state = put_ant(put_ant(state, 1, "S01"), 1, "S13", carrying=Token.BEETLE)
    state = put_ant(put_ant(state, 2, "S02", carrying=Token.GREEN_LEAF), 2, "S14")
    state = put_ant(put_ant(state, 3, "S02", soldier=True), 3, "S07", carrying=Token.BROWN_LEAF)
    state = put_ant(state, 1, "S25", carrying=Token.DRAGONFLY)
    state = set_player(state, 0, prey=(Token.DRAGONFLY,), tiles=(4, 20, 44, 59))
    for h in (Hatchery.GRASS, Hatchery.MILITARY, Hatchery.PEBBLES, Hatchery.MOSS):
        state = in_hatchery(state, 0, h, 2)
    hill = with_cells(state, 0, (0, 0, 1, 24, 0), (1, 0, 1, 24, 1), (0, 1, 1, 25, 0), (1, 1, 1, 25, 1))
    drag = put_ant(acting(state, 0, Action.DRAG, 4), 0, "S20", carrying=Token.BUTTERFLY)
    drag = put_ant(drag, 0, "S06", carrying=Token.BROWN_LEAF)
    return [
        on_turn(state, 0),
        acting(state, 0, Action.ANTS, 5),
        drag,
        acting(hill, 0, Action.BUILD, 3),
        acting(hill, 0, Action.HATCH, 4),
        acting(hill, 0, Action.SCOUT, 5),
        on_turn(hill, 0, markers=2),
    ]


def test_legal_commands_exact_on_a_crowded_board() -> None:
    for state in crowded_board():
        listed = antics.legal_commands(state, 0)
        candidates = set(superset(state, 0))
        assert set(listed) <= candidates
        assert {c for c in candidates if accepted(state, 0, c)} == set(listed)
    kinds = {type(c).__name__ for s in crowded_board() for c in antics.legal_commands(s, 0)}
    assert {"Steal", "PassToken", "DeliverToken", "PickUpToken", "RecallAnt", "DeployAnt", "BuildTile"} <= kinds
