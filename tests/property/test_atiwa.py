"""Random legal playouts of Atiwa for 1..4 players and every solo challenge.

Beyond playout.play's generic checks: conservation of every component (personal pieces on cards vs the
supply board, terrain and location cards, pollution markers), what each field may hold, score
consistency, exact legal-command lists (decide accepts exactly what legal_commands lists, tested against
a superset of candidates), and the no-leak property (spec §9: the terrain deck order and the bag's
contents order are hidden; the state stores neither, and no view, event or refusal names an undrawn card).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.ledger import codec
from service.rules import atiwa as at
from service.rules.atiwa.data.cards import (
    CARD_FIELDS,
    LOCATION_ORDER,
    LOCATIONS,
    TERRAIN_CIDS,
    TERRAIN_NUMBERS,
    terrain_cid,
)
from service.rules.atiwa.data.challenges import CHALLENGES
from service.rules.atiwa.data.pieces import POLLUTION_BAG, SUPPLY_SIZE, Item
from service.rules.atiwa.messages import (
    ChooseAlternative,
    Command,
    DrawTerrain,
    FlyBat,
    Pass,
    PayCost,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TrainFamily,
)
from service.rules.atiwa.messages_maintenance import IncomeCollected
from service.rules.atiwa.scoring import result
from service.rules.atiwa.spaces import space_ids
from service.rules.atiwa.state import BAT, EMPTY, FAM, FRT, GOT, POL, TRE, TRN, WLD, Phase, State
from service.rules.core import IllegalCommand, Rng
from tests.support.playout import Chooser, Playout, play, start

# Field type -> the item codes it may hold, and the toppers an item there may carry (spec §1, AT-36..AT-47).
_HOLDS = {
    "H": {EMPTY, FAM, TRN, BAT, POL},
    "A": {EMPTY, BAT, POL},
    "W": {EMPTY, WLD, POL},
    "B": {EMPTY, BAT, POL},
    "G": {EMPTY, GOT, POL},
    "T": {EMPTY, TRE, POL},
    "TW": {EMPTY, TRE, POL},
    "TB": {EMPTY, TRE, POL},
    "F": {EMPTY, FRT, POL},
    "E": {EMPTY, WLD, TRE, FRT, GOT, BAT, POL},
}
_TOPS = {"T": {FRT}, "TW": {FRT, WLD}, "TB": {FRT, BAT}, "E": {FRT}, "H": {BAT}}


def eager(rng: Rng) -> Chooser:
    """A random bot that rarely passes, so the playouts reach deep into the rules."""

    def choose(options: list[tuple[int | None, Any]]) -> int:
        active = [i for i, (_, c) in enumerate(options) if not isinstance(c, Pass)]
        if active and rng.below(10):
            return active[rng.below(len(active))]
        return rng.below(len(options))

    return choose


# --- the game's own invariants ---------------------------------------------------------------------------


def check_components(s: State) -> None:
    no_terrain = s.seats == 1 and CHALLENGES.get(s.challenge) is not None and CHALLENGES[s.challenge].no_terrain
    terrain = [*s.deck, *s.discard, *(c for c in s.display if c is not None)]
    terrain += [int(c.cid[1:]) for p in s.players for c in p.cards if c.cid[0] == "T" and c.cid != "TOWN"]
    terrain += [int(p.task.card[1:]) for p in s.players if p.task.card in TERRAIN_CIDS]  # drawn, being placed
    assert sorted(terrain) == ([] if no_terrain else sorted(TERRAIN_NUMBERS))
    assert s.deck == tuple(sorted(s.deck))  # a composition: no order is stored (AT-R2)
    for i, kind in enumerate(LOCATION_ORDER):
        owned = sum(1 for p in s.players for c in p.cards if c.cid == kind)
        assert s.stacks[i] + owned == LOCATIONS[kind].count
    assert all(0 <= n <= POLLUTION_BAG[i] for i, n in enumerate(s.bag))
    occupied = [sp for sp, _, _ in s.occupied]
    assert len(occupied) == len(set(occupied)) and set(occupied) <= set(space_ids(s.seats))
    for p in s.players:
        counts = Counter(code for c in p.cards for code in (*c.items, *c.tops))
        on_cards = (
            counts[WLD],
            counts[TRE],
            counts[FRT],
            counts[FAM] + counts[TRN],
            counts[GOT],
        )
        assert p.taken == (*on_cards[:3], on_cards[3] + p.removed, on_cards[4])
        assert all(
            0 <= n <= SUPPLY_SIZE[k]
            for n, k in zip(p.taken, (Item.WILD, Item.TREE, Item.FRUIT, Item.FAMILY, Item.GOAT), strict=True)
        )
        assert p.gold >= 0 and p.night >= 0 and p.penalty >= 0 and p.penalty % 2 == 0
        positions = [(c.row, c.col) for c in p.cards]
        assert len(positions) == len(set(positions)) and all(r >= 1 and 1 <= col <= 4 for r, col in positions)
        for c in p.cards:
            for f, ftype in enumerate(CARD_FIELDS[c.cid]):
                it, top = c.items[f], c.tops[f]
                assert it in _HOLDS[ftype], (c.cid, f + 1, it)
                if top:
                    assert top in _TOPS.get(ftype, set()) and it in (TRE, TRN), (c.cid, f + 1, it, top)
                    assert (it == TRN) == (top == BAT and ftype == "H")


def check_scores(s: State) -> None:
    computed = tuple(result(p) for p in s.players)
    for r in computed:
        assert r.total == r.gold + r.cards + r.board + r.trained + r.bats + r.shortage
    assert at.scores(s) == tuple(r.total for r in computed)
    if s.phase is Phase.FINISHED:
        assert s.results == computed
        view = at.view(s, None)["final"]
        assert [x["total"] for x in view["scores"]] == list(at.scores(s))
        if s.seats > 1:
            best = max(r.total for r in computed)
            assert at.winners(s) and all(computed[w].total == best for w in at.winners(s))
        else:
            assert (at.winners(s) == (0,)) == bool(s.goal_met)
            assert at.status(s).phase.startswith("finished: goal")
    else:
        assert at.winners(s) == ()


# --- no leak ------------------------------------------------------------------------------------------------


def check_no_leak(s: State) -> None:
    """Nobody can see the deck's cards, let alone their order; every seat's view equals the spectator's."""
    undrawn = {terrain_cid(n) for n in s.deck}
    spectator = at.view(s, None)
    text = json.dumps(spectator)
    assert not [c for c in undrawn if f'"{c}"' in text], "a view names a card still in the deck"
    assert spectator["deck_size"] == len(s.deck) and "deck" not in spectator
    for seat in range(s.seats):
        assert {**at.view(s, seat), "you": None} == spectator
    assert len(s.bag) == 3  # the bag is its composition (public, §9), never an order


def check_redaction(p: Playout) -> None:
    """Every event is streamed to everyone unchanged, and names a terrain card only once it is revealed."""
    state = at.initial_state(p.seats, p.options)
    for event in p.history:
        for viewer in (None, *range(p.seats)):
            assert at.redact(event, viewer) == event
        state = at.evolve(state, event)
        named = set(_terrain_named(codec.encode(event)[1], type(event).__name__))
        assert not named & set(state.deck), f"{event!r} names a card still in the deck"


def _terrain_named(data: Any, name: str) -> Iterator[int]:
    """Terrain card numbers an encoded event carries (fields card/display/dealt/discarded of terrain events)."""
    if name in ("TerrainDrawn", "CardPlaced"):
        yield data["card"]
    elif name == "GameSetUp":
        yield from (c for c in data["display"] if c is not None)
    elif name == "DisplayRefreshed":
        yield from (c for c in (*data["dealt"], *data["discarded"]) if c is not None)


# --- exact legal lists ------------------------------------------------------------------------------------


def candidates(s: State, seat: int) -> Iterator[Command]:
    """A superset of everything a seat might send now (legal or not)."""
    p = s.players[seat]
    yield from (PlaceWorker(sp) for sp in (*space_ids(4), "WT", "R0", "R8", "XX"))
    yield from (StartAction(i) for i in range(-1, 6))
    yield from (Pass(), DrawTerrain(), PayCost())
    yield from (ChooseAlternative(i) for i in range(-1, 3))
    rows = max((c.row for c in p.cards), default=1) + 2
    yield from (PlaceCard(r, c) for r in range(0, rows + 1) for c in range(0, 6))
    for ci in range(-1, len(p.cards) + 1):
        for f in range(0, 10):
            for kind in Item:
                yield PlaceItem(kind, ci, f)
                yield PayFood(kind, ci, f)
            yield from (PlaceItem(Item.FAMILY, ci, f, True), TrainFamily(ci, f), PayTree(ci, f), FlyBat(ci, f))
            yield PayFruit(ci, f)
    yield from (PayFood(kind) for kind in Item)


def check_exact_legal(s: State) -> None:
    for seat in (None, *range(s.seats)):
        legal = at.legal_commands(s, seat)
        assert len(legal) == len(set(legal)), "legal_commands lists a command twice"
        if seat is None:
            assert legal == []
            continue
        listed = set(legal)
        for command in legal:
            at.decide(s, seat, command, Rng(b"legal", 1), 0)  # raises if a listed command is refused
        for command in candidates(s, seat):
            if command in listed:
                continue
            with pytest.raises(IllegalCommand) as caught:
                at.decide(s, seat, command, Rng(b"legal", 1), 0)
            reason = caught.value.reason
            assert not [c for c in s.deck if f"T{c:02d}" in reason]
            assert "you" in reason and "<" not in reason and "{" not in reason, reason


# --- the playouts -------------------------------------------------------------------------------------------


def replay_checking(p: Playout, exact_every: int = 0) -> None:
    q = start(at, p.seats, p.seed, p.options)
    for ply, (seat, command, now_ms) in enumerate(p.commands):
        check_components(q.state)
        check_scores(q.state)
        if ply % 7 == 0:
            check_no_leak(q.state)
        if exact_every and ply % exact_every == 0:
            check_exact_legal(q.state)
        q.now_ms = now_ms
        q.submit(seat, command)
    check_components(q.state)
    check_scores(q.state)
    check_no_leak(q.state)
    assert q.state == p.state


def playout_checked(seats: int, opts: dict[str, Any], seed: bytes, keen: bool) -> None:
    bot = Rng(seed + b"|bot", 0)
    chooser = eager(bot) if keen else (lambda options: bot.below(len(options)))
    p = play(at, seats, seed, chooser, opts, max_plies=5000)
    assert at.status(p.state).finished and p.state.round == 7
    check_redaction(p)
    replay_checking(p)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8), keen=st.booleans())
def test_random_playouts_keep_every_invariant(seats: int, seed: bytes, keen: bool) -> None:
    playout_checked(seats, {}, seed, keen)


@pytest.mark.parametrize("challenge", sorted(CHALLENGES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8), keen=st.booleans())
def test_solo_challenge_playouts_keep_every_invariant(challenge: int, seed: bytes, keen: bool) -> None:
    playout_checked(1, {"challenge": challenge}, seed, keen)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8))
def test_legal_commands_are_exactly_what_decide_accepts(seats: int, seed: bytes) -> None:
    p = play(at, seats, seed, eager(Rng(seed + b"|bot", 0)), {}, max_plies=5000)
    replay_checking(p, exact_every=29)


def test_AT_R5_AT_R6_random_play_reaches_the_whole_rulebook() -> None:
    """The bounded playouts above do reach the deep rules (a guard against a silently dead branch)."""
    seen: Counter[str] = Counter()
    for i in range(16):
        seed = f"reach-{i}".encode()
        p = play(at, 1 + i % 4, seed, eager(Rng(seed, 0)), {})
        seen.update(type(e).__name__ for e in p.history)
        seen.update(f"substitute:{e.substitutes > 0}" for e in p.history if isinstance(e, IncomeCollected))
    for name in (
        "LocationBought",
        "TerrainDrawn",
        "CardPlaced",
        "BatFlown",
        "FruitPaid",
        "FamilyTrained",
        "CostPaid",
        "AlternativeChosen",
        "TreePaid",
        "FoodPaid",
        "FoodShortage",
        "DisplayRefreshed",
        "WorkersReturned",
        "FruitDeclined",
        "ItemPlaced",
        "GameFinished",
    ):
        assert seen[name] > 0, name
