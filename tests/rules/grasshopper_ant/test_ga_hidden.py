"""Hidden information (spec §10): secret markers, the peeked marker, face-down cards, Autumn insect piles."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.rules import grasshopper_ant as ga
from service.rules.core import IllegalCommand, Rng
from service.rules.grasshopper_ant.data import PATH_TYPES, PathType, Power
from service.rules.grasshopper_ant.messages import (
    Buy,
    ChooseMarker,
    Command,
    MarkerChosen,
    Pass,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
)
from service.rules.grasshopper_ant.state import State
from tests.rules.grasshopper_ant.ga_support import BLOCK, chosen, placed, play, round_to_reveal, set_up, with_powers


def outcome(state: State, seat: int | None, command: Command) -> tuple[str, str]:
    """What a seat learns from sending a command it cannot play: the code and the words."""
    try:
        ga.decide(state, seat, command, Rng(b"x", 1), 0)
    except IllegalCommand as exc:
        return exc.code, exc.reason
    return "ACCEPTED", ""


PROBES: list[Command] = [
    *(ChooseMarker(path_type=t) for t in PATH_TYPES),
    *(RedAntGuess(path_type=t) for t in PATH_TYPES),
    *(PlaceCicada(cell=c) for c in sorted(BLOCK)),
    PlaceCicada(cell=(3, 3)),
    PeekMarker(slot=0),
    PlaceAnts(cells=BLOCK),
    Pass(),
]


def same_for(states: list[State], viewers: list[int | None]) -> None:
    """Two states that differ only in a secret look, act and answer the same for these viewers."""
    first, *others = states
    for other in others:
        assert ga.status(first) == ga.status(other)
        for viewer in viewers:
            assert ga.view(first, viewer) == ga.view(other, viewer), viewer
            assert ga.legal_commands(first, viewer) == ga.legal_commands(other, viewer)
            for probe in PROBES:
                if isinstance(probe, PlaceCicada) and viewer == first.cicada and first.phase.value == "cicada":
                    continue  # accepted: its events reveal the markers, which is the reveal itself
                assert outcome(first, viewer, probe) == outcome(other, viewer, probe), (viewer, probe)


def test_ant_marker_secret_from_everyone_until_the_reveal() -> None:
    base = placed(set_up(4, mode="winter"))  # Ant 0, Cicada 1, Red Ants 2 and 3
    waiting = [chosen(base, t.value) for t in PATH_TYPES]  # the Red Ants have not chosen yet
    same_for(waiting, [None, 1, 2, 3])
    ready = [chosen(base, t.value, {2: "TL", 3: "WD"}) for t in PATH_TYPES]  # now the Cicada is to act
    same_for(ready, [None, 1, 2, 3])
    assert ga.view(ready[0], 0)["my_marker"] == "TC" and ga.view(ready[1], 0)["my_marker"] == "TL"


def test_red_ant_markers_secret_from_everyone_but_their_owner() -> None:
    base = placed(set_up(4, mode="winter"))
    states = [chosen(base, "TC", {2: t.value}) for t in PATH_TYPES]  # seat 3 is still choosing
    same_for(states, [None, 0, 1, 3])
    assert ga.view(states[2], 2)["my_marker"] == "ST"


def test_red_ant_marker_events_are_redacted_for_others() -> None:
    event = MarkerChosen(seat=2, path_type=PathType.ST)
    for viewer in (None, 0, 1, 3):
        assert ga.redact(event, viewer) == MarkerChosen(seat=2, path_type=None)
    assert ga.redact(event, 2) == event


def test_committed_flags_are_public() -> None:
    state = chosen(placed(set_up(3, mode="winter")), "TC")
    assert ga.view(state, None)["committed"] == [True, False, False]
    assert ga.status(state).to_act == (2,)


def test_markers_shown_to_all_at_the_reveal() -> None:
    state, _ = round_to_reveal(set_up(3, mode="winter"), "TC", (0, 1), guesses={2: "WD"})
    reveal = ga.view(state, None)["reveal"]
    assert reveal == {
        "ant_marker": "TC",
        "guesses": [[2, "WD"]],
        "cicada_right": False,
        "collector": 0,
        "cards": ["TC-01", "TC-02", "TC-03"],
    }


def test_peeked_marker_secret_from_everyone_but_the_cicada() -> None:
    base = chosen(placed(with_powers(set_up(3, mode="winter", powers=True), {Power.DRAGONFLY: 1})), "TC", {2: "TC"})
    peeks = [replace(play(base, 1, PeekMarker(slot=0))[0], peeked=t) for t in (PathType.TL, PathType.ST)]
    same_for(peeks, [None, 0, 2])


def test_cocoon_card_secret_from_everyone_but_its_holder() -> None:
    base = with_powers(set_up(3, mode="winter", powers=True), {Power.CATERPILLAR: 2})
    pool = set(base.deck) | {"WD-12", "TL-05"}  # the face-down card came from the deck: the count is the same
    states = [
        replace(base, cocoons=(None, None, card), deck=tuple(sorted(pool - {card}))) for card in ("WD-12", "TL-05")
    ]
    same_for(states, [None, 0, 1])
    assert ga.view(states[0], 2)["cocoons"][2] == {"count": 1, "card": "WD-12"}


def test_autumn_insect_pile_shows_only_a_count_to_others() -> None:
    base = set_up(3)
    states = [replace(base, insect_piles=(pile, (), ())) for pile in (("TC-07", "TL-07"), ("WD-09", "ST-11"))]
    for viewer in (None, 1, 2):
        views = [ga.view(s, viewer) for s in states]
        assert views[0] == views[1]
        assert views[0]["insect_counts"] == [2, 0, 0] and views[0]["insect_cards"][0] is None
    assert ga.view(states[0], 0)["insect_cards"][0] == ["TC-07", "TL-07"]


def test_deck_order_is_never_stored_only_the_count_is_shown() -> None:
    state = set_up()
    assert state.deck == tuple(sorted(state.deck))  # contents only: draws are made at decide time
    view: dict[str, Any] = ga.view(state, None)
    assert view["deck_count"] == 32
    assert not any(card in str(view) for card in state.deck)


def test_error_reasons_do_not_depend_on_your_own_unseen_payment_cards_of_others() -> None:
    # a Buy from a non-collector gets the same answer whatever the collector holds
    state, _ = round_to_reveal(set_up(mode="winter"), "TC", (0, 1))
    richer = replace(state, supplies=(state.supplies[0] + ("WD-09",), state.supplies[1]))
    for probe in (Buy(provision=state.market[0], cards=frozenset()), Pass()):
        assert outcome(state, 1, probe) == outcome(richer, 1, probe)
