"""The decider kit (service/rules/kit.py) and the vocabulary it adds to core, on a toy game of its own."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from enum import StrEnum

import pytest

from service.rules.core import IllegalCommand, Outcome, ReasonCode, Rng
from service.rules.kit import (
    Deciders,
    Evolvers,
    Visibility,
    Writer,
    by_name,
    default_label,
    default_outcome,
    interim_reasons,
    placements,
)


# --- a toy game: seats draw numbered cards, the service may reveal one --------------------------------
@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: int


@dataclass(frozen=True, slots=True)
class Drawn:
    seat: int
    card: int | None  # None in a copy masked for the others


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Audited:
    deck: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Toy:
    hands: tuple[tuple[int, ...], ...] = ((), ())
    pile: tuple[int, ...] = ()


class Reason(ReasonCode):
    NOT_IN_HAND = "NOT_IN_HAND", "you do not hold that card"


EVOLVERS: Evolvers[Toy, object] = Evolvers("toy")


@EVOLVERS.on(Drawn)
def _drawn(state: Toy, event: Drawn) -> Toy:
    assert event.card is not None
    hands = list(state.hands)
    hands[event.seat] = (*hands[event.seat], event.card)
    return replace(state, hands=tuple(hands))


@EVOLVERS.on(Played)
def _played(state: Toy, event: Played) -> Toy:
    hands = list(state.hands)
    hands[event.seat] = tuple(c for c in hands[event.seat] if c != event.card)
    return replace(state, hands=tuple(hands), pile=(*state.pile, event.card))


DECIDERS: Deciders[Toy, object, int] = Deciders("toy", EVOLVERS.evolve)


@DECIDERS.on(Draw)
def _draw(out: Writer[Toy, object], seat: int, command: Draw, rng: Rng, now_ms: int) -> None:
    out.emit(Drawn(seat, 1 + rng.below(9)))
    out.emit(Drawn(seat, 10 + len(out.state.hands[seat])))  # reads the state its first event left


@DECIDERS.on(PlayCard)
def _play(out: Writer[Toy, object], seat: int, command: PlayCard, rng: Rng, now_ms: int) -> None:
    if command.card not in out.state.hands[seat]:
        raise IllegalCommand(f"you do not hold {command.card}", Reason.NOT_IN_HAND)
    out.emit(Played(seat, command.card))


# --- Writer, Deciders, Evolvers ------------------------------------------------------------------------
def test_writer_keeps_the_events_and_the_state_they_lead_to() -> None:
    out: Writer[Toy, object] = Writer(Toy(), EVOLVERS.evolve)
    out.emit(Drawn(0, 3), Drawn(1, 4))
    out.emit(Played(0, 3))
    assert out.events == [Drawn(0, 3), Drawn(1, 4), Played(0, 3)]
    assert out.state == Toy(hands=((), (4,)), pile=(3,))


def test_deciders_dispatch_by_command_class_and_handlers_see_their_own_events() -> None:
    events = DECIDERS.decide(Toy(), 1, Draw(), Rng(b"toy", 1), 0)
    assert [type(e) for e in events] == [Drawn, Drawn]
    assert events[1] == Drawn(1, 11)  # one card in hand after the first event
    assert DECIDERS.decide(Toy(hands=((5,), ())), 0, PlayCard(5), Rng(b"toy", 1), 0) == [Played(0, 5)]
    assert DECIDERS.classes == {Draw, PlayCard} and DECIDERS.handles(Draw()) and not DECIDERS.handles(Drawn(0, 1))


def test_run_adds_a_handlers_events_to_a_decision_under_way() -> None:
    out: Writer[Toy, object] = Writer(Toy(hands=((5,), ())), EVOLVERS.evolve)
    DECIDERS.run(out, 0, PlayCard(5), Rng(b"toy", 1), 0)
    out.emit(Drawn(0, len(out.state.pile)))  # e.g. an automatic step after every command, on the state so far
    assert out.events == [Played(0, 5), Drawn(0, 1)] and out.state.hands == ((1,), ())


def test_a_refusal_is_an_illegal_command_with_the_plain_string_code() -> None:
    with pytest.raises(IllegalCommand) as caught:
        DECIDERS.decide(Toy(), 0, PlayCard(5), Rng(b"toy", 1), 0)
    assert caught.value.code == "NOT_IN_HAND" and type(caught.value.code) is str
    assert caught.value.reason == "you do not hold 5"


def test_a_message_with_no_handler_is_a_bug_not_a_refusal() -> None:
    with pytest.raises(TypeError, match="not a toy command"):
        DECIDERS.decide(Toy(), 0, Played(0, 1), Rng(b"toy", 1), 0)
    with pytest.raises(TypeError, match="not a toy event"):
        EVOLVERS.evolve(Toy(), Draw())
    assert EVOLVERS.classes == {Drawn, Played}


def test_a_class_registered_twice_fails_at_import() -> None:
    with pytest.raises(ValueError, match="two command handlers"):
        DECIDERS.on(Draw)(_draw)
    with pytest.raises(ValueError, match="two event handlers"):
        EVOLVERS.on(Drawn)(_drawn)


# --- Visibility: redaction by declaration, hidden by default -------------------------------------------
def visibility() -> Visibility[object]:
    v: Visibility[object] = Visibility("toy")
    v.public(Played)
    v.private(Drawn, owner=lambda e: e.seat, mask=lambda e: replace(e, card=None))
    v.per_viewer(Dealt, lambda e, seat: Dealt(tuple(h if i == seat else () for i, h in enumerate(e.hands))))
    v.hidden(Audited)
    return v


class Secret:
    """An event type nobody declared (a new event someone forgot)."""


def test_an_undeclared_event_is_shown_to_nobody() -> None:
    v = visibility()
    for viewer in (None, 0, 1, 7):
        assert v.redact(Secret(), viewer) is None
    assert Secret not in v.declared


def test_public_private_per_viewer_and_hidden_events() -> None:
    v = visibility()
    played, drawn, dealt = Played(0, 5), Drawn(1, 7), Dealt(((1, 2), (3, 4)))
    for viewer in (None, 0, 1):
        assert v.redact(played, viewer) is played
        assert v.redact(Audited((1, 2, 3)), viewer) is None
        assert v.redact(drawn, viewer) == (drawn if viewer == 1 else Drawn(1, None))
    assert v.redact(dealt, 0) == Dealt(((1, 2), ())) and v.redact(dealt, None) == Dealt(((), ()))
    assert v.declared == {Played, Drawn, Dealt, Audited}


def test_an_event_declared_twice_fails_at_import() -> None:
    v = visibility()
    with pytest.raises(ValueError, match="declared twice"):
        v.public(Drawn)


# --- reasons, outcome, label ---------------------------------------------------------------------------
def test_reason_codes_are_their_wire_strings_with_a_description() -> None:
    assert Reason.NOT_IN_HAND == "NOT_IN_HAND" and str(Reason.NOT_IN_HAND) == "NOT_IN_HAND"
    assert json.dumps([Reason.NOT_IN_HAND]) == '["NOT_IN_HAND"]'
    assert Reason("NOT_IN_HAND") is Reason.NOT_IN_HAND
    assert Reason.NOT_IN_HAND.description == "you do not hold that card"


def test_interim_reasons_keep_every_code_string() -> None:
    reasons = interim_reasons(["WRONG_PHASE", "GAME_OVER", "WRONG_PHASE"])
    assert issubclass(reasons, ReasonCode) and issubclass(reasons, StrEnum)
    assert [r.value for r in reasons] == ["GAME_OVER", "WRONG_PHASE"]
    assert reasons("GAME_OVER").description == "game over"


def test_placements_share_a_place_on_a_tie_and_skip_the_next() -> None:
    assert placements((2,), (10, 7, 12, 7)) == (2, 3, 1, 3)
    assert placements((0, 1), (5, 5, 9)) == (1, 1, 3)  # the winners place first whatever the scores
    assert placements((1,), (7, 7)) == (2, 1)  # lost on a tie-break: second, not shared
    assert placements((), (-69,)) == (1,)  # no winner: by score alone


def test_default_outcome_is_none_until_the_game_is_finished() -> None:
    assert default_outcome(False, (3, 4), ()) is None
    assert default_outcome(True, (3, 4), (1,)) == Outcome("the game is over", (2, 1), "")


def test_default_label_spells_out_the_command() -> None:
    assert default_label(PlayCard(5)) == "play card: card 5"
    assert default_label(Draw()) == "draw"
    assert default_label(Dealt(((1, 2), ()))) == "dealt: hands 1, 2, none"


def test_by_name_lists_a_unions_classes_in_its_order_and_refuses_a_non_class() -> None:
    assert list(by_name(PlayCard | Draw).items()) == [("PlayCard", PlayCard), ("Draw", Draw)]
    assert by_name(Draw) == {"Draw": Draw}  # a union of one is the class itself
    with pytest.raises(TypeError):
        by_name(PlayCard | None)
    with pytest.raises(TypeError):
        by_name("PlayCard")
