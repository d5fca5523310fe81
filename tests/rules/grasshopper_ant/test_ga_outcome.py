"""How a finished game ended, in words: the reason, each seat's place and the tie rule (GA-70, GA-75, GA-77, GA-92)."""

from __future__ import annotations

from dataclasses import replace

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.messages import EndReason, GameFinished
from service.rules.grasshopper_ant.state import Phase, State
from tests.rules.grasshopper_ant.ga_support import events_of, round_to_reveal, set_up
from tests.rules.grasshopper_ant.test_ga_autumn import with_pile, with_shelves


def _finished(state: State, reason: EndReason, winners: tuple[int, ...]) -> State:
    return replace(state, phase=Phase.FINISHED, end_reason=reason, winners=winners, final_scores=ga.scores(state))


def test_GA_70a_outcome_names_the_full_shelves_and_places_by_points() -> None:
    state = with_shelves(set_up(), 0, TC=3, WD=4)
    state = with_pile(with_shelves(state, 1, TL=4, ST=4), 1, "TC-09", "TL-09", "ST-09")
    assert ga.outcome(state) is None
    state, events = round_to_reveal(state, "TC", (0, 1))
    assert events_of(events, GameFinished)[0].reason is EndReason.TWO_FULL_SHELVES
    outcome = ga.outcome(state)
    assert outcome is not None
    assert "filled two shelves" in outcome.reason and "GA-70a" in outcome.reason
    assert outcome.placements == (2, 1) and outcome.tie_rule == ""


def test_GA_92_T13_the_tie_rule_says_insect_cards_decided_or_the_win_is_shared() -> None:
    base = with_shelves(with_shelves(set_up(), 0, TC=4, WD=4, ST=1), 1, TC=4, WD=4, ST=1)
    decided = _finished(
        with_pile(with_pile(base, 0, "TC-07", "TC-08", "TC-09"), 1, "TC-11", "TL-11"), EndReason.DECK_SHORT, (0,)
    )
    outcome = ga.outcome(decided)
    assert outcome is not None and outcome.placements == (1, 2)
    assert "more insect path cards" in outcome.tie_rule and "GA-92" in outcome.tie_rule
    shared = _finished(
        with_pile(with_pile(base, 0, "TC-07", "TL-07"), 1, "TC-11", "TL-11"), EndReason.DECK_SHORT, (0, 1)
    )
    outcome = ga.outcome(shared)
    assert outcome is not None and outcome.placements == (1, 1) and "share" in outcome.tie_rule


def test_GA_75_77_winter_reasons() -> None:
    winter = set_up(3, mode="winter")
    four = replace(winter, provisions=(("PV-WHEAT-1", "PV-WHEAT-2", "PV-HONEY-1"), (), ()))
    outcome = ga.outcome(_finished(four, EndReason.FOUR_VP, (0,)))
    assert outcome is not None and "4 victory points" in outcome.reason and outcome.placements == (1, 2, 2)
    assert outcome.tie_rule == ""
    stalled = replace(winter, provisions=(("PV-WHEAT-1",), ("PV-BERRY-1",), ()))
    outcome = ga.outcome(_finished(stalled, EndReason.MARKET_EMPTY, (1,)))
    assert outcome is not None and "GA-77" in outcome.reason and outcome.placements == (2, 1, 3)
    assert "more path cards in supply" in outcome.tie_rule
