"""Random legal playouts of The Grasshopper & the Ant: every player count, both modes, every variant.

Beyond playout.play's generic checks: conservation of every component, score
consistency, exact legal-command lists (decide accepts exactly what
legal_commands lists, tested against a superset of candidates), and the no-leak
property: for every seat and the spectator, a state that differs only in what
that viewer must not see looks, acts and answers exactly the same.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules import grasshopper_ant as ga
from service.rules.core import IllegalCommand, Rng
from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    CELLS,
    CHAINS,
    PATH_TYPES,
    POWERS,
    SHELF_POSITIONS,
    VICTORY_VP,
    Power,
    card_insect,
)
from service.rules.grasshopper_ant.messages import (
    Buy,
    ChooseMarker,
    Command,
    EndReason,
    GainPower,
    MarkerChosen,
    MarkerPeeked,
    MarkersRevealed,
    Pass,
    PathCardDrawn,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
    ResolveInsect,
    SkipPower,
    UseSwap,
)
from service.rules.grasshopper_ant.scoring import (
    autumn_score,
    autumn_winners,
    full_shelves,
    victory_points,
)
from service.rules.grasshopper_ant.state import (
    BOXED,
    CENTRE,
    Phase,
    State,
    holds,
    pawned_types,
    red_ants,
    spendable,
)
from tests.support.playout import Playout, play, random_chooser, start

MODES: list[dict[str, Any]] = [
    {"mode": "autumn"},
    {"mode": "autumn", "autumn_open": True, "snake": True},
    {"mode": "winter"},
    {"mode": "winter", "powers": True},
    {"mode": "winter", "powers": True, "snake": True},
]
CONFIGS = [(seats, opts) for opts in MODES for seats in (2, 3, 4)]
IDS = [f"{seats}p-" + "-".join(f"{k}={v}" for k, v in opts.items()) for seats, opts in CONFIGS]


# --- the game's own invariants ---------------------------------------------------------------------------


def check_components(s: State) -> None:
    """Every Path card, Provision card and Power card is in exactly one place."""
    path = [c for c in s.grid if c is not None]
    path += [*s.deck, *s.discard, *s.boxed]
    path += [c for sup in s.supplies for c in sup] + [c for pile in s.insect_piles for c in pile]
    path += [c for c in s.cocoons if c is not None]
    assert sorted(path) == sorted(ALL_PATH_IDS)
    assert s.deck == tuple(sorted(s.deck))
    assert s.ant != s.cicada and 0 <= s.ant < s.seats and 0 <= s.cicada < s.seats
    if s.winter:
        owned = [p for mine in s.provisions for p in mine]
        assert sorted([*s.market, *s.provision_deck, *owned]) == sorted(s.provisions_in_play)
        assert len(s.market) <= 3
        assert s.boxed == () and all(p == () for p in s.insect_piles)
    else:
        assert s.discard == () and all(sup == () for sup in s.supplies) and s.market == ()
        assert all(0 <= p <= SHELF_POSITIONS for shelf in s.shelves for p in shelf)
        assert all(card_insect(c) is not None for pile in s.insect_piles for c in pile)
        assert all(card_insect(c) is None for c in s.boxed)
    if s.powers:
        where = Counter(s.power_owner)
        assert where[BOXED] == 2 and sum(n for k, n in where.items() if k != BOXED) == 4
        assert all(o in (BOXED, CENTRE) or 0 <= o < s.seats for o in s.power_owner)
    for seat, card in enumerate(s.cocoons):
        if card is not None:
            assert holds(s, seat, Power.CATERPILLAR)


def check_scores(s: State) -> None:
    computed = tuple(victory_points(s, seat) if s.winter else autumn_score(s, seat) for seat in range(s.seats))
    assert ga.scores(s) == computed
    view = ga.view(s, None)
    if s.winter:
        assert view["vp"] == list(computed)
        if not s.finished:
            assert max(computed) < VICTORY_VP  # 4 VP ends the game at once
    else:
        assert view["shelf_points"] == [sum((0, 1, 3, 6, 10)[p] for p in sh) for sh in s.shelves]
    if s.finished:
        assert ga.winners(s) and set(ga.winners(s)) <= set(range(s.seats))
        assert view["scores"] == list(computed) and view["winners"] == list(s.winners)
        if s.end_reason is EndReason.FOUR_VP:
            assert all(victory_points(s, w) >= VICTORY_VP for w in s.winners)
        if s.end_reason is EndReason.TWO_FULL_SHELVES:
            assert any(full_shelves(s, seat) >= 2 for seat in range(s.seats))
        if not s.winter:
            assert s.winners == autumn_winners(s)
    else:
        assert ga.winners(s) == ()


# --- no leak ------------------------------------------------------------------------------------------------


def _set(items: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*items[:i], v, *items[i + 1 :])


def counterfactuals(s: State) -> list[tuple[State, tuple[int | None, ...]]]:
    """States that differ from `s` only in a secret, with the viewers who must not tell them apart."""
    everyone: tuple[int | None, ...] = (None, *range(s.seats))
    out: list[tuple[State, tuple[int | None, ...]]] = []
    if s.markers and not s.revealed and s.phase in (Phase.CHOICES, Phase.CICADA):
        x = s.markers[s.ant]
        if x is not None:
            for t in pawned_types(s):
                if t is not x and t is not s.peeked:  # a peeking Cicada knows the peeked type is not the one
                    alt = replace(s, markers=_set(s.markers, s.ant, t))
                    out.append((alt, tuple(v for v in everyone if v != s.ant)))
        for red in red_ants(s):
            m = s.markers[red]
            if m is not None:
                other = PATH_TYPES[(PATH_TYPES.index(m) + 1) % len(PATH_TYPES)]
                out.append((replace(s, markers=_set(s.markers, red, other)), tuple(v for v in everyone if v != red)))
        if s.peeked is not None:
            for t in PATH_TYPES:
                if t not in (s.peeked, x):
                    out.append((replace(s, peeked=t), tuple(v for v in everyone if v != s.cicada)))
    for seat, card in enumerate(s.cocoons):
        if card is not None and s.deck:
            spare = s.deck[0]
            alt = replace(s, cocoons=_set(s.cocoons, seat, spare), deck=tuple(sorted({*s.deck} - {spare} | {card})))
            out.append((alt, tuple(v for v in everyone if v != seat)))
    if not s.winter and not s.autumn_open and not s.finished:
        for seat, pile in enumerate(s.insect_piles):
            if pile:
                spare = next(c for c in ALL_PATH_IDS if card_insect(c) is not None and c not in pile)
                alt = replace(s, insect_piles=_set(s.insect_piles, seat, (spare, *pile[1:])))
                out.append((alt, tuple(v for v in everyone if v != seat)))
    return out


def _outcome(s: State, seat: int | None, command: Command) -> tuple[str, str]:
    """What a seat learns from sending a command: refused (code and words) or accepted.

    An accepted command's events are not compared: they may draw other cards from a
    counterfactual deck, reveal (PlaceCicada) or peek (PeekMarker) by design; what
    they show each seat is checked by check_redaction.
    """
    try:
        ga.decide(s, seat, command, Rng(b"probe", 1), 0)
    except IllegalCommand as exc:
        return (exc.code, exc.reason)
    return ("ACCEPTED", "")


def probes(s: State) -> list[Command]:
    out: list[Command] = [*(ChooseMarker(path_type=t) for t in PATH_TYPES)]
    out += [RedAntGuess(path_type=t) for t in PATH_TYPES]
    out += [PlaceCicada(cell=c) for c in sorted(s.ant_cells)] + [PeekMarker(slot=0), Pass(), SkipPower()]
    return out


def check_no_leak(s: State) -> None:
    for alt, viewers in counterfactuals(s):
        assert ga.status(alt) == ga.status(s)
        for v in viewers:
            assert ga.view(alt, v) == ga.view(s, v), f"viewer {v} sees a secret"
            assert ga.legal_commands(alt, v) == ga.legal_commands(s, v)
            if v is not None:
                for probe in probes(s):
                    assert _outcome(alt, v, probe) == _outcome(s, v, probe), (v, probe)


def check_redaction(p: Playout) -> None:
    for event in p.history:
        for viewer in (None, *range(p.seats)):
            shown = ga.redact(event, viewer)
            if isinstance(event, MarkerPeeked):
                reveal = next(e for e in p.history[p.history.index(event) :] if isinstance(e, MarkersRevealed))
                assert event.path_type != reveal.ant_marker  # GA-P3 shows an unchosen marker
            if isinstance(event, MarkerChosen | MarkerPeeked) and viewer != event.seat:
                assert shown == replace(event, path_type=None)
            elif isinstance(event, PathCardDrawn) and event.face_down and viewer != event.seat:
                assert shown == replace(event, card=None)
            else:
                assert shown == event


# --- exact legal lists ------------------------------------------------------------------------------------


def candidates(s: State, seat: int | None, rng: Rng) -> list[Command]:
    """A superset of everything a seat might send now (legal or not)."""
    out: list[Command] = []
    if s.phase is Phase.ANT_PLACE and seat == s.ant:
        out += [PlaceAnts(cells=c) for c in CHAINS]
    else:
        out += [PlaceAnts(cells=CHAINS[rng.below(len(CHAINS))]) for _ in range(3)]
    for size in (5, 6, 6, 6, 7):
        out.append(PlaceAnts(cells=frozenset(rng.shuffled(CELLS)[:size])))
    out.append(PlaceAnts(cells=frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (4, 0)})))
    out += [ChooseMarker(path_type=t) for t in PATH_TYPES] + [RedAntGuess(path_type=t) for t in PATH_TYPES]
    out += [PeekMarker(slot=k) for k in range(-1, 4)]
    out += [PlaceCicada(cell=c) for c in (*CELLS, (4, 0), (-1, 2))]
    grid_cards = [c for c in s.grid if c is not None]
    for a in {*s.haul, *grid_cards[:2]}:
        out += [ResolveInsect(card=a, take=b) for b in sorted({*grid_cards, *s.haul})]
    pool = sorted({c for sup in s.supplies for c in sup} | {*s.collected, *grid_cards[:1]})
    out += [GainPower(discard=c) for c in pool] + [SkipPower(), Pass()]
    all_provisions = sorted({*s.market, *(p for mine in s.provisions for p in mine), *s.provision_deck[:1]})
    out += [UseSwap(mine=m, theirs=t) for m in all_provisions for t in all_provisions]
    if s.winter and seat is not None:
        mine = sorted(spendable(s, seat))
        for p in {*s.market, *s.provision_deck[:1]}:
            if s.phase is Phase.ACQUIRE and seat == s.collector and len(mine) <= 8:
                subsets = [frozenset(c) for n in range(len(mine) + 1) for c in combinations(mine, n)]
            else:
                subsets = [frozenset(mine[: rng.below(len(mine) + 1)]) for _ in range(4)]
            out += [Buy(provision=p, cards=cards) for cards in subsets]
            foreign = sorted({c for other in s.supplies for c in other} - set(mine))[:1]
            out += [Buy(provision=p, cards=frozenset([*mine[:2], *foreign]))]
    return out


def check_exact_legal(s: State, rng: Rng) -> None:
    for seat in (None, *range(s.seats)):
        legal = ga.legal_commands(s, seat)
        assert len(legal) == len(set(legal)), "legal_commands lists a command twice"
        listed = set(legal)
        for command in legal:
            ga.decide(s, seat, command, Rng(b"legal", 1), 0)  # raises if a listed command is refused
        for command in candidates(s, seat, rng):
            try:
                ga.decide(s, seat, command, Rng(b"legal", 1), 0)
                accepted = True
            except IllegalCommand:
                accepted = False
            assert accepted == (command in listed), (
                f"seat {seat}: decide {'accepts' if accepted else 'refuses'} {command!r}"
            )


# --- the playouts -------------------------------------------------------------------------------------------


def replay_checking(p: Playout, exact: bool) -> None:
    q = start(ga, p.seats, p.seed, p.options)
    rng = Rng(p.seed + b"|candidates", 0)
    for seat, command, now_ms in p.commands:
        check_components(q.state)
        check_scores(q.state)
        check_no_leak(q.state)
        if exact:
            check_exact_legal(q.state, rng)
        q.now_ms = now_ms
        q.submit(seat, command)
    check_components(q.state)
    check_scores(q.state)
    if exact:
        check_exact_legal(q.state, rng)
    assert q.state == p.state


@pytest.mark.parametrize(("seats", "opts"), CONFIGS, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8))
def test_random_playouts_keep_every_invariant(seats: int, opts: dict[str, Any], seed: bytes) -> None:
    p = play(ga, seats, seed, random_chooser(Rng(seed + b"|bot", 0)), opts, max_plies=3000)
    assert ga.status(p.state).finished
    check_redaction(p)
    replay_checking(p, exact=False)


@pytest.mark.parametrize(("seats", "opts"), CONFIGS, ids=IDS)
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8))
def test_legal_commands_are_exactly_what_decide_accepts(seats: int, opts: dict[str, Any], seed: bytes) -> None:
    p = play(ga, seats, seed, random_chooser(Rng(seed + b"|bot", 0)), opts, max_plies=3000)
    replay_checking(p, exact=True)


def test_powers_get_used_in_random_play() -> None:
    """The bounded playouts above do reach the power rules (a guard against a silently dead branch)."""
    seen: Counter[str] = Counter()
    for i in range(12):
        seed = f"powers-{i}".encode()
        p = play(ga, 3 + i % 2, seed, random_chooser(Rng(seed, 0)), {"mode": "winter", "powers": True})
        seen.update(type(e).__name__ for e in p.history)
        seen.update(f"draw:{e.reason.value}" for e in p.history if isinstance(e, PathCardDrawn))
    for name in ("PowerGained", "PowerDeclined", "InsectResolved", "ProvisionBought", "DeckReshuffled"):
        assert seen[name] > 0, name
    assert seen["draw:cocoon"] + seen["draw:ladybug"] + seen["MarkerPeeked"] + seen["ProvisionsSwapped"] > 0
    assert {p.value for p in POWERS} >= {"PW-BEE"}
