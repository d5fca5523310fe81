"""§6-7 end of game and scoring (HT-50, HT-60..64; HT-T01, T15, T16)."""

from __future__ import annotations

import pytest

import service.rules.hare_tortoise as ht
from service.rules.core import Rng
from service.rules.hare_tortoise.data import MAX_REMATCHES
from service.rules.hare_tortoise.messages import (
    ChooseSecondBet,
    Event,
    GameFinished,
    MoveAnimal,
    PlayCards,
    RaceFinished,
    RaceSetUp,
)
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.scoring import race_scores
from service.rules.hare_tortoise.state import Phase
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HT,
    TIED_SECOND,
    TIED_STARTING,
    TORTOISE,
    WOLF,
    F,
    H,
    L,
    T,
    W,
    race_end,
)
from tests.support.playout import play, random_chooser


def after_race(events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, RaceFinished | GameFinished | RaceSetUp)]


def test_HT_50_three_on_the_podium_ends_the_game_and_reveals_every_bet() -> None:
    state, _, events = race_end(2, {0: ["B-FOX", "B-HARE"], 1: ["B-TORT", "B-WOLF"]}, {0: W(9), 1: W(8)})
    end = HT.then(state, events)
    assert end.phase is Phase.FINISHED and ht.status(end).finished
    assert len(end.podium) == 3
    for viewer in (None, 0, 1):
        seen = ht.view(end, viewer)
        assert seen["results"][0]["bets"] == [["B-FOX", "B-HARE", W(9)], ["B-TORT", "B-WOLF", W(8)]]
        assert seen["winners"] == [0] and seen["totals"] == [7, 7]
    assert ht.legal_commands(end, 0) == [] and ht.legal_commands(end, 1) == []
    for command in (PlayCards((H(1),)), ChooseSecondBet(H(1)), MoveAnimal(FOX)):
        HT.refused(end, 0, command, Reason.GAME_OVER)


def test_HT_60_podium_points_are_5_3_2_and_0_off_the_podium() -> None:
    # five players, one starting bet each; second bets on the Hare, which is not on the podium
    starting = {0: ["B-HARE"], 1: ["B-TORT"], 2: ["B-WOLF"], 3: ["B-FOX"], 4: ["B-LAMB"]}
    _, _, events = race_end(5, starting, {s: H(9 - s) for s in range(5)})
    finished = after_race(events)[0]
    assert isinstance(finished, RaceFinished) and finished.scores == (0, 3, 2, 5, 0)


def test_HT_61_every_bet_card_scores_even_twice_on_one_animal() -> None:
    _, _, events = race_end(2, {0: ["B-FOX", "B-HARE"], 1: ["B-TORT", "B-WOLF"]}, {0: F(9), 1: T(9)})
    assert after_race(events) == [
        RaceFinished(race=1, bets=(("B-FOX", "B-HARE", F(9)), ("B-TORT", "B-WOLF", T(9))), scores=(10, 8)),
        GameFinished(totals=(10, 8), winners=(0,)),
    ]


def test_HT_62_highest_total_wins() -> None:
    # seat 0: HARE 0 + LAMB 0; seat 1: WOLF 2 + FOX 5; seat 2: TORTOISE 3 + WOLF 2
    _, _, events = race_end(3, {0: ["B-HARE"], 1: ["B-WOLF"], 2: ["B-TORT"]}, {0: L(9), 1: F(9), 2: W(9)})
    assert after_race(events)[-1] == GameFinished(totals=(0, 7, 5), winners=(1,))


def test_HT_63_tie_broken_by_the_best_placed_bet() -> None:
    # seat 1: FOX 5 + HARE 0, best place 1st; seat 2: WOLF 2 + TORTOISE 3, best place 2nd
    _, _, events = race_end(3, {0: ["B-HARE"], 1: ["B-FOX"], 2: ["B-WOLF"]}, {0: L(9), 1: H(9), 2: T(9)})
    assert after_race(events)[-1] == GameFinished(totals=(0, 5, 5), winners=(1,))
    # seat 1: TORTOISE 3 + WOLF 2; seat 2: WOLF 2 + TORTOISE 3: both best 2nd, second-best not compared
    _, _, events = race_end(3, {0: ["B-HARE"], 1: ["B-TORT"], 2: ["B-WOLF"]}, {0: L(9), 1: W(9), 2: T(9)})
    assert after_race(events)[-1] == GameFinished(totals=(0, 5, 5), winners=(1, 2))


def test_HT_64_a_surviving_tie_is_shared_by_default() -> None:
    _, _, events = race_end(2, TIED_STARTING, TIED_SECOND)
    assert after_race(events)[-1] == GameFinished(totals=(7, 7), winners=(0, 1))


def test_HT_64_rematch_policy_sets_up_another_race_for_a_surviving_tie() -> None:
    state, _, events = race_end(2, TIED_STARTING, TIED_SECOND, first=1, tie_policy="rematch")
    finished, rematch = after_race(events)
    assert finished == RaceFinished(race=1, bets=(("B-FOX", "B-LAMB", W(9)), ("B-HARE", "B-WOLF", F(9))), scores=(7, 7))
    assert isinstance(rematch, RaceSetUp) and rematch.race == 2 and rematch.first_player == 0
    after = HT.then(state, events)
    assert after.phase is Phase.SECOND_BET and after.winners is None and not ht.status(after).finished
    assert ht.scores(after) == (7, 7)


def test_HT_64_the_rematch_decides_between_the_tied_players_totals_unchanged() -> None:
    _, log, events = race_end(2, TIED_STARTING, TIED_SECOND, tie_policy="rematch")
    race_one = [*log, *events[: events.index(after_race(events)[1])]]  # up to the rematch's own set-up
    # the rematch: seat 1 bets on the Fox and the Tortoise and wins it 8 to 2
    _, _, rematch = race_end(
        2,
        {0: ["B-HARE", "B-WOLF"], 1: ["B-FOX", "B-LAMB"]},
        {0: H(9), 1: T(9)},
        race=2,
        earlier=race_one,
        first=1,
        tie_policy="rematch",
    )
    assert after_race(rematch) == [
        RaceFinished(race=2, bets=(("B-HARE", "B-WOLF", H(9)), ("B-FOX", "B-LAMB", T(9))), scores=(2, 8)),
        GameFinished(totals=(7, 7), winners=(1,)),
    ]


def test_HT_64_after_the_last_allowed_rematch_a_tie_is_shared() -> None:
    history: list[Event] = []
    for race in range(1, MAX_REMATCHES + 2):
        _, log, events = race_end(2, TIED_STARTING, TIED_SECOND, race=race, earlier=history, tie_policy="rematch")
        done = after_race(events)
        if race <= MAX_REMATCHES:
            assert isinstance(done[-1], RaceSetUp) and done[-1].race == race + 1
            history = [*log, *events[: events.index(done[-1])]]
    assert done[-1] == GameFinished(totals=(7, 7), winners=(0, 1))


# --- worked examples -----------------------------------------------------------------------
def test_HT_T01_seed_scoring_example_8_5_4_stefania_wins() -> None:
    stefania, stelios, fotis = 0, 1, 2
    _, _, events = race_end(
        3,
        {stefania: ["B-TORT"], stelios: ["B-FOX"], fotis: ["B-WOLF"]},
        {stefania: F(9), stelios: H(9), fotis: W(9)},
    )
    assert after_race(events) == [
        RaceFinished(race=1, bets=(("B-TORT", F(9)), ("B-FOX", H(9)), ("B-WOLF", W(9))), scores=(8, 5, 4)),
        GameFinished(totals=(8, 5, 4), winners=(stefania,)),
    ]
    podium = ((FOX, 1), (TORTOISE, 2), (WOLF, 3))
    assert race_scores(podium, (("B-TORT", F(1)), ("B-FOX", H(1)), ("B-WOLF", W(4)))) == (8, 5, 4)


def test_HT_T15_tie_at_seven_a_holds_the_first_place_animal_and_wins() -> None:
    a, b = 0, 1
    _, _, events = race_end(2, {a: ["B-FOX", "B-HARE"], b: ["B-TORT", "B-WOLF"]}, {a: W(9), b: W(8)})
    assert after_race(events) == [
        RaceFinished(race=1, bets=(("B-FOX", "B-HARE", W(9)), ("B-TORT", "B-WOLF", W(8))), scores=(7, 7)),
        GameFinished(totals=(7, 7), winners=(a,)),
    ]


def test_HT_T15_variant_both_hold_the_first_place_animal_stay_tied() -> None:
    _, _, events = race_end(2, TIED_STARTING, TIED_SECOND)
    assert after_race(events)[0] == RaceFinished(
        race=1, bets=(("B-FOX", "B-LAMB", W(9)), ("B-HARE", "B-WOLF", F(9))), scores=(7, 7)
    )
    assert after_race(events)[-1] == GameFinished(totals=(7, 7), winners=(0, 1))


@pytest.mark.parametrize("seed", [b"t16-a", b"t16-b", b"t16-c"])
def test_HT_T16_two_players_score_three_bets_each_and_one_starting_bet_stays_boxed(seed: bytes) -> None:
    p = play(ht, 2, seed, random_chooser(Rng(seed, 0)))
    set_up = p.history[0]
    assert isinstance(set_up, RaceSetUp) and len(set_up.boxed_bets) == 1
    boxed = set_up.boxed_bets[0]
    finished = [e for e in p.history if isinstance(e, RaceFinished)]
    assert [len(b) for b in finished[0].bets] == [3, 3]
    podium = tuple((a, place) for a, place in p.state.podium)
    assert finished[0].scores == race_scores(podium, finished[0].bets)
    for viewer in (None, 0, 1):
        assert boxed not in str(ht.view(p.state, viewer))
        assert all(boxed not in str(ht.redact(e, viewer)) for e in p.history)
