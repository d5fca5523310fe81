"""The flow of a turn after a command (BY-10..BY-26, BY-E0..E7, BY-30/31): the steps every handler shares.

Each takes the decision's Writer and its time (`now`, stamped on every event as `at_ms`).
"""

from __future__ import annotations

from service.rules.baba_yaga.data import (
    EXTEND_DELTA,
    NORMAL_PATH_LENGTH,
    OPPONENT_EFFECTS,
    QUADRANTS,
    REDUCE_BY,
    REQUIRED,
    SELF_EFFECTS,
    SHORTEN_DELTA,
    SPELLS_TO_WIN,
    Effect,
    Hand,
)
from service.rules.baba_yaga.messages import (
    Event,
    FinishReason,
    GameFinished,
    RoundEnd,
    RoundEnded,
    SpellRevealed,
    TilesReset,
    TurnEnded,
    TurnPrepared,
    TurnStarted,
    WitchStepped,
)
from service.rules.baba_yaga.messages_effects import Choice, ChoiceRequired, EffectLost, EffectTargeted, LossReason
from service.rules.baba_yaga.state import (
    State,
    card_effect,
)
from service.rules.core import Rng
from service.rules.kit import Writer

Out = Writer[State, Event]


def start_turn(out: Out, now: int, active: int) -> None:
    s = out.state
    out.emit(TurnStarted(turn=s.turn + 1, active=active, placer=(active + 1) % s.seats, at_ms=now))


def after_placement(out: Out, now: int) -> None:
    """BY-E0.5 (a): a deferred House first."""
    s = out.state
    house = next((p for p in s.pending_for(s.active) if p.effect is Effect.HOUSE), None)
    if house is not None:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_START, card=house.card, at_ms=now))
    else:
        prepare_turn(out, now)


def prepare_turn(out: Out, now: int) -> None:
    """BY-E0.5 (b) path length, (c) reduce and handicaps."""
    s = out.state
    cards = tuple(p for p in s.pending_for(s.active) if p.effect is not Effect.HOUSE)
    effects = {p.effect for p in cards}
    length = NORMAL_PATH_LENGTH
    length += SHORTEN_DELTA if Effect.SHORTEN in effects else 0
    length += EXTEND_DELTA if Effect.EXTEND in effects else 0
    required = REQUIRED[s.config.levels[s.active]] - (REDUCE_BY if Effect.REDUCE in effects else 0)
    out.emit(
        TurnPrepared(
            seat=s.active,
            activated=tuple(p.card for p in cards),
            path_length=length,
            required=required,
            blind=Effect.BLIND in effects,
            tiny=Effect.TINY in effects,
            at_ms=now,
        )
    )


def reveal_card(out: Out, now: int, rng: Rng, auto: bool) -> None:
    s = out.state
    lens = rng.choice(QUADRANTS) if s.blind and s.config.enforce else None  # §11.5: the first lens is random
    out.emit(SpellRevealed(seat=s.active, card=s.stacks[s.active][0], lens=lens, auto=auto, at_ms=now))


def after_search_action(out: Out, now: int) -> None:
    """Mode T (T3): every `actions_per_step` points spent, the witch advances one step."""
    cfg = out.state.config
    if not cfg.mode_t:
        return
    while out.state.points >= cfg.actions_per_step:
        if emit_step(out, now, hand=None, auto=True):
            end_round(out, now, RoundEnd.WITCH_RETURNED)
            return


def emit_step(out: Out, now: int, hand: Hand | None, auto: bool) -> bool:
    """One witch step by the due flyer; True when it brings her back to her start (BY-21)."""
    s = out.state
    step = s.steps + 1
    out.emit(WitchStepped(seat=s.due_flyer(), step=step, cell=s.cell_after(step), hand=hand, auto=auto, at_ms=now))
    return step >= s.total_steps()


def end_round(out: Out, now: int, why: RoundEnd) -> None:
    """BY-22..25 on the board as the last search command left it (§11.4)."""
    s = out.state
    assert s.card is not None
    up = sorted(s.face_up)
    correct = tuple(sorted(s.ingredient(c) for c in up if s.is_correct(c)))
    wrong = tuple(sorted(s.ingredient(c) for c in up if not s.is_correct(c)))
    cast = not wrong and len(correct) >= s.required
    out.emit(
        RoundEnded(
            seat=s.active,
            card=s.card,
            correct=correct,
            wrong=wrong,
            required=s.required,
            cast=cast,
            why=why,
            at_ms=now,
        )
    )
    if cast and out.state.casts()[s.active] >= SPELLS_TO_WIN:  # BY-30: no effect
        _finish(out, now, (s.active,), FinishReason.THIRD_SPELL)
        return
    lifted = s.lifted_from
    back = lifted if lifted is not None and not (lifted in s.face_up and s.is_correct(lifted)) else None
    out.emit(TilesReset(house_returned_to=back, at_ms=now))
    if s.turn >= s.config.max_turns:  # BY-31
        casts = out.state.casts()
        most = tuple(i for i, n in enumerate(casts) if n == max(casts))
        _finish(out, now, () if s.config.draw_at_turn_limit else most, FinishReason.TURN_LIMIT)
        return
    if cast:
        _apply_effect(out, now, s.card)
    else:
        after_effect(out, now)


def _finish(out: Out, now: int, winners: tuple[int, ...], reason: FinishReason) -> None:
    out.emit(GameFinished(winners=winners, casts=out.state.casts(), reason=reason, at_ms=now))


def _apply_effect(out: Out, now: int, card: str) -> None:
    """BY-23, BY-E0: the cast card's effect."""
    s = out.state
    effect = card_effect(card)
    if s.config.walk:
        _lose(out, now, card, LossReason.WALK_LEVEL)
    elif effect in SELF_EFFECTS:
        target(out, now, card, s.active)
    elif effect in OPPONENT_EFFECTS:
        if s.legal_targets(effect):
            out.emit(ChoiceRequired(seat=s.active, choice=Choice.TARGET, card=card, at_ms=now))
        else:
            _lose(out, now, card, LossReason.NO_TARGET)
    elif effect is Effect.SWAP:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.SWAP, card=card, at_ms=now))
    else:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_TIMING, card=card, at_ms=now))


def target(out: Out, now: int, card: str, target: int) -> None:
    s = out.state
    if not s.can_target(target, card_effect(card)):  # BY-G10; cannot happen to a fresh self effect
        _lose(out, now, card, LossReason.NO_TARGET)
        return
    out.emit(EffectTargeted(seat=s.active, card=card, effect=card_effect(card), target=target, at_ms=now))
    after_effect(out, now)


def _lose(out: Out, now: int, card: str, reason: LossReason) -> None:
    s = out.state
    out.emit(EffectLost(seat=s.active, card=card, effect=card_effect(card), reason=reason, at_ms=now))
    after_effect(out, now)


def after_effect(out: Out, now: int) -> None:
    """The rest of BY-25: path restored, applied cards boxed, witch removed; then the fearless move."""
    s = out.state
    out.emit(TurnEnded(seat=s.active, boxed=s.active_cards, at_ms=now))
    if s.config.fearless:  # BY-V4.1
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.FEARLESS, card=None, at_ms=now))
    else:
        next_turn(out, now)


def next_turn(out: Out, now: int) -> None:
    start_turn(out, now, (out.state.active + 1) % out.state.seats)  # BY-05, BY-26
