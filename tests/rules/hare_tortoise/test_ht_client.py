"""What client apps read besides views (issue 14): outcome, label and catalog, per rule (HT-62..64, §2, HT-V1/V2)."""

from __future__ import annotations

import json

import pytest

import service.rules.hare_tortoise as ht
from service.rules.core import Outcome, Rng
from service.rules.hare_tortoise.data import FULL_DECK, MOVEMENT, TURBO_DECK, Animal
from service.rules.hare_tortoise.messages import ChooseSecondBet, MoveAnimal, PlayCards
from tests.rules.hare_tortoise.ht_support import (
    A_WINS_TIE,
    HT,
    TIED_SECOND,
    TIED_STARTING,
    F,
    H,
    L,
    T,
    W,
    race_end,
    two_races,
)
from tests.support.playout import play, random_chooser

PODIUM = "the third animal reached the podium"


def said(outcome: Outcome | None) -> tuple[str, tuple[int, ...], str] | None:
    """The English words and places; the message keys have their own test (test_HT_62_outcome_keys)."""
    return None if outcome is None else (outcome.reason, outcome.placements, outcome.tie_rule)


def ended(*args: object, **kw: object) -> Outcome | None:
    state, _, events = race_end(*args, **kw)  # type: ignore[arg-type]
    assert ht.outcome(state) is None, "an outcome before the game ended"
    return ht.outcome(HT.then(state, events))


def test_HT_62_outcome_places_by_total_with_no_tie_rule() -> None:
    # totals 0, 7, 5 (test_HT_62_highest_total_wins)
    outcome = ended(3, {0: ["B-HARE"], 1: ["B-WOLF"], 2: ["B-TORT"]}, {0: L(9), 1: F(9), 2: W(9)})
    assert said(outcome) == said(Outcome(PODIUM, placements=(3, 1, 2), tie_rule=""))


def test_HT_63_outcome_names_the_best_placed_bet_and_places_the_loser_of_the_tie_second() -> None:
    outcome = ended(3, {0: ["B-HARE"], 1: ["B-FOX"], 2: ["B-WOLF"]}, {0: L(9), 1: H(9), 2: T(9)})
    assert said(outcome) == said(
        Outcome(PODIUM, (3, 1, 2), "equal totals: the player whose bet placed best wins (HT-63)")
    )


def test_HT_64_outcome_of_a_shared_win_shares_first_place() -> None:
    outcome = ended(3, {0: ["B-HARE"], 1: ["B-TORT"], 2: ["B-WOLF"]}, {0: L(9), 1: W(9), 2: T(9)})
    assert said(outcome) == said(
        Outcome(PODIUM, (3, 1, 1), "equal totals and equally placed bets: the tied players share the win (HT-64)")
    )


def test_HT_64_outcome_of_a_rematch_says_the_rematch_decided() -> None:
    _, log, events = race_end(2, TIED_STARTING, TIED_SECOND, tie_policy="rematch")
    race_one = [*log, *events[:-1]]  # up to the rematch's own set-up
    state, _, rematch = race_end(
        2,
        {0: ["B-HARE", "B-WOLF"], 1: ["B-FOX", "B-LAMB"]},
        {0: H(9), 1: T(9)},
        race=2,
        earlier=race_one,
        first=1,
        tie_policy="rematch",
    )
    assert said(ht.outcome(HT.then(state, rematch))) == said(
        Outcome(
            f"the first rematch race ended: {PODIUM}",
            (2, 1),
            "equal totals and equally placed bets: a rematch race decided (HT-64)",
        )
    )


def test_HT_V1_2_outcome_of_a_series_names_its_third_race() -> None:
    outcome = ended(2, *A_WINS_TIE, race=3, earlier=two_races((5, 2), (0, 4)), series=True)
    assert said(outcome) == said(Outcome(f"the third race of the series ended: {PODIUM}", (2, 1), ""))
    # a tied series goes to the tie policy, never to the bets (HT-63 is for a single race)
    outcome = ended(2, *A_WINS_TIE, race=3, earlier=two_races((5, 2), (0, 3)), series=True)
    assert said(outcome) == said(
        Outcome(
            f"the third race of the series ended: {PODIUM}",
            (1, 1),
            "equal totals: the tied players share the win (HT-64)",
        )
    )


@pytest.mark.parametrize("seed", [b"turbo-a", b"turbo-b"])
def test_HT_V2_8_outcome_of_a_turbo_race_is_the_first_crossing(seed: bytes) -> None:
    p = play(ht, 3, seed, random_chooser(Rng(seed, 0)), {"variant": "turbo"})
    outcome = ht.outcome(p.state)
    assert outcome is not None and outcome.reason == "an animal crossed the finish line"
    assert {s for s, place in enumerate(outcome.placements) if place == 1} == set(ht.winners(p.state))


def test_HT_10_label_lists_the_cards_played() -> None:
    assert ht.label(PlayCards(("R-HARE-02", "R-HARE-07"))) == "play R-HARE-02 + R-HARE-07"
    assert ht.label(PlayCards(("R-FOX-01",))) == "play R-FOX-01"


def test_HT_S3_label_of_a_second_bet_and_HT_V2_5_of_a_turbo_move() -> None:
    assert ht.label(ChooseSecondBet("R-FOX-03")) == "choose R-FOX-03 as your second bet"
    assert ht.label(MoveAnimal(Animal.TORTOISE)) == "move the Tortoise"


def test_components_catalog_resolves_every_card_id_a_game_can_name() -> None:
    catalog = ht.catalog(HT.options())
    assert json.loads(json.dumps(catalog)) == catalog  # JSON-native
    cards = catalog["cards"]
    assert set(cards) == {*FULL_DECK, "B-HARE", "B-TORT", "B-WOLF", "B-FOX", "B-LAMB"} and len(FULL_DECK) == 81
    assert cards["R-WOLF-01"] == {"kind": "racing", "animal": "WOLF", "howl": True}
    assert cards["R-WOLF-04"]["howl"] is False and cards["B-TORT"] == {"kind": "bet", "animal": "TORTOISE"}
    assert catalog["animals"] == ["HARE", "TORTOISE", "WOLF", "FOX", "LAMB"]  # HT-30 movement order
    assert catalog["podium_points"] == [5, 3, 2] and catalog["hidden_card"] == "?"


def test_HT_31_catalog_carries_the_movement_table() -> None:
    catalog = ht.catalog(HT.options())
    assert catalog["movement"] == {a.value: list(MOVEMENT[a]) for a in Animal}
    assert catalog["movement"]["LAMB"] == [0, 2, 3, 4, 5] and "turbo" not in catalog


def test_HT_V2_1_turbo_catalog_has_65_cards_no_howl_and_the_tokens() -> None:
    catalog = ht.catalog(HT.options(variant="turbo", turbo_hand_size=6))
    racing = {c for c, card in catalog["cards"].items() if card["kind"] == "racing"}
    assert racing == set(TURBO_DECK) and len(racing) == 65
    assert not any(card.get("howl") for card in catalog["cards"].values())
    assert catalog["turbo"] == {"token_tiles": [2, 4, 6, 8, 10], "bonus": 2} and "movement" not in catalog
    assert catalog["limits"]["hand_size"] == 6


def test_HT_62_outcome_keys_name_the_same_messages_for_other_languages() -> None:
    outcome = ended(3, {0: ["B-HARE"], 1: ["B-FOX"], 2: ["B-WOLF"]}, {0: L(9), 1: H(9), 2: T(9)})
    assert outcome is not None
    assert outcome.reason_key == "hare-and-tortoise.end.race_podium"
    assert outcome.tie_key.startswith("hare-and-tortoise.tie.") and outcome.tie_rule  # HT-63 decided it
    plain = ended(3, {0: ["B-HARE"], 1: ["B-WOLF"], 2: ["B-TORT"]}, {0: L(9), 1: F(9), 2: W(9)})
    assert plain is not None and plain.tie_key == "" and plain.tie_rule == ""
