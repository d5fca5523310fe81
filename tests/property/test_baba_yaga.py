"""Random legal playouts of Baba Yaga (Mode T and Mode R), the game's invariants, exactness and no-leak.

The playouts go through tests/support/playout.play. A thin spy around the rules
module sees every live state play() asks the status of, so the game's own
invariants and the no-leak property are checked at every ply. A biased bot
(it peeks at the hidden layout, as a player with a perfect memory would) makes
spells actually get cast, so effects, the House and wins are exercised; the
uniform random bot of playout.py plays too.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.ledger import codec
from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import (
    ALL_CELLS,
    CLUE_OF,
    ENDS,
    EXCLUSIVE_EFFECTS,
    FOREST_CELLS,
    INGREDIENT_IDS,
    QUADRANT_CELLS,
    QUADRANTS,
    SPELL_IDS,
    Hand,
    HouseTiming,
)
from service.rules.baba_yaga.messages import (
    BeginGame,
    EndSearch,
    FinishReason,
    FlipDown,
    FlipUp,
    ForestLaid,
    LiftHouse,
    MoveLens,
    PlaceHouse,
    PlaceWitch,
    ReplaceHouse,
    RevealSpell,
    SpellsDealt,
    StepWitch,
    Timeout,
)
from service.rules.baba_yaga.messages_effects import Choice, ChooseHouseTiming, ChooseTarget, MoveHouse, SwapTiles
from service.rules.baba_yaga.state import Phase, State, cell_index
from service.rules.core import IllegalCommand, Rng, Rules
from tests.support.playout import Playout, play, random_chooser, start

DIFFICULTIES = ("walk", "run", "tough", "mixed")
HIDDEN_ID = re.compile(r"\b[IS]\d\d\b")


# --- the spy: sees each live state -------------------------------------------------------------
class Spy:
    """Delegates to the rules module; checks the game's invariants on every state status() is asked about."""

    def __init__(self, leak_every: int = 1) -> None:
        self.state: State | None = None
        self.dealt: frozenset[str] = frozenset()
        self.calls = 0
        self.leak_every = leak_every
        self.seen_phases: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        return getattr(by, name)

    def setup(self, options: dict[str, Any], seats: int, rng: Rng) -> list[Any]:
        events = by.setup(options, seats, rng)
        dealt = next(e for e in events if isinstance(e, SpellsDealt))
        self.dealt = frozenset(c for s in dealt.stacks for c in s)
        return events

    def status(self, state: State) -> Any:
        if state is not self.state:
            self.state = state
            self.calls += 1
            self.seen_phases[by.status(state).phase] += 1
            check_invariants(state, self.dealt)
            if self.calls % self.leak_every == 0:
                check_no_leak(state)
        return by.status(state)


def check_invariants(s: State, dealt: frozenset[str]) -> None:
    if s.phase is Phase.SETUP:
        return
    # the forest: 16 distinct ingredients on the Forest cells, each under its own clue
    forest = [s.ingredients[cell_index(c)] for c in FOREST_CELLS]
    assert sorted(forest) == sorted(INGREDIENT_IDS)
    assert all(s.clues[cell_index(c)] == CLUE_OF[s.ingredients[cell_index(c)]] for c in FOREST_CELLS)
    # conservation of spell cards: stacks + cast (+ the card in play during a race) = the deal
    in_play = [s.card] if s.phase is Phase.RACE and s.card is not None else []
    held = [c for stack in s.stacks for c in stack] + [c for ca in s.cast for c in ca] + in_play
    assert sorted(held) == sorted(dealt), "spell cards were created or lost"
    assert all(
        len(st) + len(ca) + (1 if s.phase is Phase.RACE and i == s.active else 0) == 3
        for i, (st, ca) in enumerate(zip(s.stacks, s.cast, strict=True))
    )
    # every cast card is in exactly one place: pending, applying, being resolved, or boxed
    places = [p.card for p in s.pending] + list(s.active_cards) + list(s.used)
    if s.resolving is not None and s.choice is not Choice.HOUSE_START:  # a deferred House is still pending
        places.append(s.resolving)
    assert len(places) == len(set(places))
    cast_cards = {c for ca in s.cast for c in ca}
    assert set(places) <= cast_cards
    if s.phase is not Phase.FINISHED:
        assert set(places) == cast_cards, "a cast card is nowhere"
    # effects: one pending card per effect and player, never E-BLIND and E-TINY together
    for seat in range(s.seats):
        effects = [p.effect for p in s.pending_for(seat)]
        assert len(effects) == len(set(effects))
        assert len(set(effects) & EXCLUSIVE_EFFECTS) <= 1
    # the board
    assert not (s.house is not None and s.house_holder is not None)
    if s.house is not None:
        assert s.house in FOREST_CELLS and s.house not in s.face_up
    assert s.face_up <= set(FOREST_CELLS)
    if s.phase is Phase.FINISHED:
        pass  # the board stays as the last race left it
    elif s.phase is not Phase.RACE:
        assert not s.face_up and s.lens is None
    else:
        assert sum(1 for c in s.face_up if not s.is_correct(c)) <= 1
        assert 0 <= s.steps < s.total_steps()
        assert s.budget_left() > 0 or not s.config.mode_t
        assert s.lens is None or (s.blind and s.config.enforce)
    # scores
    casts = by.scores(s)
    assert max(casts) <= 3 and casts == s.casts()
    assert s.turn <= s.config.max_turns
    if s.phase is Phase.FINISHED:
        if s.finish_reason is FinishReason.THIRD_SPELL:
            assert s.winners == (s.active,) and casts[s.active] == 3
        else:  # BY-31, rules version 2: the turn limit is a draw
            assert s.winners == () and max(casts) < 3
        assert by.outcome(s) is not None
    else:
        assert max(casts) < 3 and not by.winners(s)


# --- no leak -----------------------------------------------------------------------------------
def twin(s: State) -> State:
    """The same public situation, other secrets: other stack contents, face-down ingredients permuted."""
    in_stacks = [c for stack in s.stacks for c in stack]
    outside = {c for ca in s.cast for c in ca} | ({s.card} if s.card else set())
    pool = [c for c in reversed(SPELL_IDS) if c not in outside][: len(in_stacks)]
    stacks, i = [], 0
    for stack in s.stacks:
        stacks.append(tuple(pool[i : i + len(stack)]))
        i += len(stack)
    down = [c for c in FOREST_CELLS if c not in s.face_up]
    ingredients = list(s.ingredients)
    for cell, src in zip(down, down[1:] + down[:1], strict=True):
        ingredients[cell_index(cell)] = s.ingredients[cell_index(src)]
    return replace(s, stacks=tuple(stacks), ingredients=tuple(ingredients))


def check_no_leak(s: State) -> None:
    viewers = (None, *range(s.seats))
    if s.phase not in (Phase.PREVIEW, Phase.FINISHED, Phase.SETUP):
        other = twin(s)
        for viewer in viewers:
            mine = by.view(s, viewer)
            assert mine == by.view(other, viewer), f"view of {viewer} depends on a secret"
            assert "stacks" not in mine
            for tile in mine["forest"]:
                if tile.get("ingredient") is not None:
                    assert tuple(tile["cell"]) in s.face_up
    if s.phase is Phase.RACE and s.lens is not None:  # Keyhole: the target's own view only
        lens = QUADRANT_CELLS[s.lens]
        mine = by.view(s, s.active)
        for tile in mine["forest"]:
            if tuple(tile["cell"]) not in lens:
                assert tile == {"cell": tile["cell"], "in_sight": False}
        if s.house is not None and s.house not in lens:
            assert mine["house"]["cell"] is None
        for viewer in viewers:
            if viewer != s.active:
                assert all(t["in_sight"] for t in by.view(s, viewer)["forest"])


def check_redaction(history: list[Any], seats: int) -> None:
    for viewer in (None, *range(seats)):
        for event in history:
            shown = by.redact(event, viewer)
            if isinstance(event, ForestLaid):
                assert isinstance(shown, ForestLaid) and all(t.ingredient is None for t in shown.tiles)
            elif isinstance(event, SpellsDealt):
                assert isinstance(shown, SpellsDealt)
                assert not HIDDEN_ID.search(codec.canonical_json(codec.to_json(shown)))
            else:
                assert shown == event


# --- bots --------------------------------------------------------------------------------------
def biased_chooser(spy: Spy, rng: Rng) -> Any:
    """Weights that make casting likely (it reads the live state the spy saw), yet try everything."""

    def weight(seat: int | None, command: Any) -> int:
        s = spy.state
        assert s is not None
        if seat is None:
            return 30
        match command:
            case FlipUp(cell=cell):
                return 60 if s.is_correct(cell) else 3
            case FlipDown(cell=cell):
                return 60 if not s.is_correct(cell) else 2
            case EndSearch():
                good = sum(1 for c in s.face_up if s.is_correct(c))
                return 40 if good >= s.required and s.blocked_by() is None else 1
            case LiftHouse() | ReplaceHouse():
                return 15
            case MoveLens(quadrant=q):
                wanted = [c for c in QUADRANT_CELLS[q] if s.is_correct(c) and c not in s.face_up]
                return 25 if wanted else 2
            case StepWitch():
                return 20
        return 10

    def choose(options: list[tuple[int | None, Any]]) -> int:
        weights = [weight(seat, cmd) for seat, cmd in options]
        x = rng.below(sum(weights))
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable")

    return choose


def _play(seed: bytes, seats: int, options: dict[str, Any], biased: bool, leak_every: int = 1) -> tuple[Playout, Spy]:
    spy = Spy(leak_every=leak_every)
    bot = Rng(seed + b"|bot", 0)
    chooser = biased_chooser(spy, bot) if biased else random_chooser(bot)
    tick = (lambda: 1000) if options.get("mode") == "T" else (lambda: 800 + bot.below(3000))
    p = play(cast(Rules, spy), seats, seed, chooser, options, max_plies=20000, tick=tick)
    check_redaction(p.history, seats)
    return p, spy


# --- Mode T: every player count x every difficulty ---------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@settings(max_examples=10, deadline=None)
@given(
    seed=st.binary(min_size=4, max_size=8),
    fearless=st.booleans(),
    record=st.booleans(),
    biased=st.sampled_from([True, True, False]),
)
def test_mode_t_playouts(seats: int, difficulty: str, seed: bytes, fearless: bool, record: bool, biased: bool) -> None:
    options: dict[str, Any] = {
        "mode": "T",
        "difficulty": difficulty,
        "fearless": fearless,
        "handicap_mode": "record" if record else "enforce",
        "max_turns": 24,
    }
    if difficulty == "mixed":
        options["tough_seats"] = "0"
    p, _ = _play(seed, seats, options, biased, leak_every=3)
    assert by.status(p.state).finished


@settings(max_examples=25, deadline=None)
@given(
    seed=st.binary(min_size=4, max_size=8),
    seats=st.integers(2, 5),
    actions_per_step=st.integers(1, 3),
    tiny_factor=st.integers(1, 3),
    think=st.sampled_from([0, 3000]),
    preview=st.sampled_from([0, 20]),
)
def test_mode_t_playouts_with_tuned_parameters(
    seed: bytes, seats: int, actions_per_step: int, tiny_factor: int, think: int, preview: int
) -> None:
    options = {
        "mode": "T",
        "actions_per_step": actions_per_step,
        "tiny_factor": tiny_factor,
        "think_time_ms": think,
        "preview_seconds": preview,
        "max_turns": 20,
    }
    p, _ = _play(seed, seats, options, biased=True, leak_every=4)
    assert by.status(p.state).finished


# --- Mode R: the synthetic clock ---------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(
    seed=st.binary(min_size=4, max_size=8),
    seats=st.integers(2, 5),
    difficulty=st.sampled_from(DIFFICULTIES[:3]),
    fearless=st.booleans(),
    record=st.booleans(),
    biased=st.booleans(),
)
def test_mode_r_playouts(seed: bytes, seats: int, difficulty: str, fearless: bool, record: bool, biased: bool) -> None:
    options = {
        "mode": "R",
        "difficulty": difficulty,
        "fearless": fearless,
        "handicap_mode": "record" if record else "enforce",
        "max_turns": 16,
    }
    p, _ = _play(seed, seats, options, biased, leak_every=4)
    assert by.status(p.state).finished
    assert any(seat is None for seat, _, _ in p.commands)  # timeouts took part


@settings(max_examples=20, deadline=None)
@given(seed=st.binary(min_size=4, max_size=8), seats=st.integers(2, 5), fearless=st.booleans())
def test_mode_r_game_ends_when_the_players_do_nothing(seed: bytes, seats: int, fearless: bool) -> None:
    """Only the server acts (BeginGame, then every timeout as it falls due): the game still ends."""
    p = start(by, seats, seed, {"mode": "R", "max_turns": 6, "fearless": fearless, "preview_seconds": 5})
    for _ in range(500):
        st_ = by.status(p.state)
        if st_.finished:
            break
        assert st_.wake_at_ms is not None, f"Mode R stalls in {st_.phase}"
        p.now_ms = max(p.now_ms, st_.wake_at_ms)
        (command,) = by.legal_commands(p.state, None)
        p.submit(None, command)
    assert by.status(p.state).finished and p.state.turn == 6


# --- exactness of legal_commands ---------------------------------------------------------------
def every_command(seats: int) -> list[Any]:
    """A superset of every well-formed command (off-board cells and bad seats included)."""
    cells = [*ALL_CELLS, (5, 2), (-1, 0)]
    out: list[Any] = [PlaceWitch(end=e) for e in ENDS]
    out += [RevealSpell(), LiftHouse(), ReplaceHouse(), EndSearch(), BeginGame(), Timeout()]
    out += [FlipUp(cell=c) for c in cells] + [FlipDown(cell=c) for c in cells]
    out += [PlaceHouse(cell=c) for c in cells] + [MoveHouse(cell=c) for c in cells]
    out += [MoveLens(quadrant=q) for q in QUADRANTS]
    out += [StepWitch(hand=h) for h in (None, Hand.L, Hand.R)]
    out += [ChooseTarget(player=p) for p in range(-1, seats + 1)]
    out += [ChooseHouseTiming(timing=t) for t in HouseTiming]
    out += [SwapTiles(a=a, b=b) for a in FOREST_CELLS for b in FOREST_CELLS] + [SwapTiles(a=(2, 2), b=(0, 0))]
    return out


def check_exact(s: State) -> None:
    far = 10**15  # after every rate limit and deadline: time refuses nothing then
    for seat in (None, *range(s.seats)):
        listed = by.legal_commands(s, seat)
        assert len(listed) == len(set(listed))
        for command in every_command(s.seats):
            try:
                by.decide(s, seat, command, Rng(b"exact", 7), far)
                accepted = True
            except IllegalCommand as exc:
                accepted = False
                assert exc.code and exc.code.isupper()
                assert not HIDDEN_ID.search(exc.reason), f"refusal names a hidden id: {exc.reason}"
            assert accepted == (command in listed), f"seat {seat} {command}: decide {accepted}, listed {not accepted}"


@settings(max_examples=15, deadline=None)
@given(
    seed=st.binary(min_size=4, max_size=8),
    seats=st.integers(2, 5),
    mode=st.sampled_from(["T", "R"]),
    fearless=st.booleans(),
    record=st.booleans(),
)
def test_legal_commands_are_exactly_what_decide_accepts(
    seed: bytes, seats: int, mode: str, fearless: bool, record: bool
) -> None:
    options = {
        "mode": mode,
        "fearless": fearless,
        "handicap_mode": "record" if record else "enforce",
        "max_turns": 8,
    }
    p, _ = _play(seed, seats, options, biased=True, leak_every=10**9)
    # re-walk the game and check a sample of the states it went through
    q = start(by, seats, seed, p.options)
    sample = set(range(0, len(p.commands), max(1, len(p.commands) // 12)))
    check_exact(q.state)
    for n, (seat, command, now_ms) in enumerate(p.commands):
        q.now_ms = now_ms
        q.submit(seat, command)
        if n in sample:
            check_exact(q.state)


def test_biased_bots_cast_spells_and_win_and_every_phase_is_reached() -> None:
    """Coverage of the property runs: effects, choices and wins do happen."""
    phases: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for i in range(12):
        options = {"mode": "T", "fearless": i % 3 == 0, "max_turns": 40, "preview_seconds": 10 * (i % 2)}
        p, spy = _play(f"cover{i}".encode(), 2 + i % 4, options, biased=True, leak_every=5)
        phases += spy.seen_phases
        assert p.state.finish_reason is not None
        reasons[p.state.finish_reason.value] += 1
    assert reasons["third_spell"] >= 6
    for phase in (
        "preview",
        "place_witch",
        "ready",
        "race",
        "choose_target",
        "choose_house_timing",
        "swap_tiles",
        "place_house_now",
        "place_house_start",
        "move_house",
        "finished",
    ):
        assert phases[phase], f"no playout reached {phase}"
