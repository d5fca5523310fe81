"""§8.1 the series of three races (HT-V1.1..V1.3)."""

from __future__ import annotations

import service.rules.hare_tortoise as ht
from service.rules.hare_tortoise.data import BET_CARDS, FULL_DECK
from service.rules.hare_tortoise.messages import GameFinished, RaceFinished, RaceSetUp
from service.rules.hare_tortoise.state import Phase
from tests.rules.hare_tortoise.ht_support import A_WINS_TIE, HT, F, H, W, race_end, two_races


def test_HT_V1_1_each_race_of_a_series_gets_a_complete_new_setup() -> None:
    state, _, events = race_end(2, *A_WINS_TIE, series=True)
    finished, set_up = events[-2:]
    assert finished == RaceFinished(race=1, bets=(("B-FOX", "B-HARE", W(9)), ("B-TORT", "B-WOLF", W(8))), scores=(7, 7))
    assert isinstance(set_up, RaceSetUp) and set_up.race == 2
    assert [len(h) for h in set_up.hands] == [7, 7] and sum(set_up.streams) == 2
    assert sorted([*(b for bets in set_up.starting_bets for b in bets), *set_up.boxed_bets]) == sorted(BET_CARDS)
    after = HT.then(state, events)
    assert after.phase is Phase.SECOND_BET and after.race == 2 and after.winners is None
    assert after.positions == (0,) * 5 and after.podium == () and after.discard == () and after.played == ((), ())
    assert len(after.deck) == len(FULL_DECK) - 14
    assert [len(r.scores) for r in after.results] == [2]
    # race 1's bets are public now, in every view
    for viewer in (None, 0, 1):
        assert ht.view(after, viewer)["results"][0]["bets"] == [["B-FOX", "B-HARE", W(9)], ["B-TORT", "B-WOLF", W(8)]]


def test_HT_V1_2_scores_add_up_over_three_races_highest_total_wins() -> None:
    _, _, events = race_end(2, *A_WINS_TIE, race=3, earlier=two_races((5, 2), (0, 4)), series=True)
    assert events[-1] == GameFinished(totals=(12, 13), winners=(1,))


def test_HT_V1_2_a_tied_series_goes_to_the_tie_policy_not_to_the_bets() -> None:
    # race 3 alone would go to seat 0 by HT-63; the series total 12-12 is a tie for HT-64
    _, _, events = race_end(2, *A_WINS_TIE, race=3, earlier=two_races((5, 2), (0, 3)), series=True)
    assert events[-1] == GameFinished(totals=(12, 12), winners=(0, 1))
    _, _, events = race_end(
        2, *A_WINS_TIE, race=3, earlier=two_races((5, 2), (0, 3)), series=True, tie_policy="rematch"
    )
    assert isinstance(events[-1], RaceSetUp) and events[-1].race == 4


def test_HT_V1_3_the_marker_passes_left_after_races_one_and_two() -> None:
    bets = {0: ["B-HARE"], 1: ["B-TORT"], 2: ["B-WOLF"]}, {0: H(9), 1: F(9), 2: W(9)}
    _, log, events = race_end(3, *bets, first=2, series=True)
    assert isinstance(events[-1], RaceSetUp) and events[-1].first_player == 0
    _, log, events = race_end(3, *bets, race=2, first=1, earlier=[*log, *events[:-1]], series=True)
    assert isinstance(events[-1], RaceSetUp) and events[-1].first_player == 2
    _, _, events = race_end(3, *bets, race=3, first=0, earlier=[*log, *events[:-1]], series=True)
    assert isinstance(events[-1], GameFinished)
