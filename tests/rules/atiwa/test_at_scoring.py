"""§6-7 end of game and scoring (AT-90..AT-97; AT-T13, AT-T14, AT-T15, AT-T20)."""

from __future__ import annotations

from dataclasses import replace

import service.rules.atiwa as at
from service.rules.atiwa.messages_maintenance import GameFinished, Result
from service.rules.atiwa.scoring import board_points, ranking_winners, result
from service.rules.atiwa.state import Player, State
from tests.rules.atiwa.at_support import card, game, maintenance, settle, taken_for, village, with_area


def player_of(*cards: object, gold: int = 0, penalty: int = 0) -> Player:
    cs = tuple(cards)
    return Player(taken=taken_for(cs), cards=cs, gold=gold, penalty=penalty)  # type: ignore[arg-type]


def T20_player() -> Player:
    """AT-T20: Village, Settlement, Farm, #04 Savanna, #08 Palm Grove, #19 Waterfall; 9 gold; one shortage."""
    return player_of(
        village(
            {1: "bat", 2: "tree+fruit", 3: "wild", 5: "goat", 6: "trained+bat", 7: "trained+bat", 8: "trained+bat"}
        ),
        card("SETTLEMENT", 1, 2, {1: "tree+fruit", 2: "bat", 5: "wild", 6: "tree", 7: "trained+bat", 8: "trained+bat"}),
        card("FARM", 1, 4, {1: "goat", 2: "tree+fruit", 3: "wild", 5: "tree", 6: "goat", 8: "family"}),
        card(4, 2, 3, {1: "wild", 2: "wild"}),
        card(8, 2, 2, {1: "tree+fruit", 2: "tree", 3: "tree", 4: "bat", 5: "bat", 6: "tree", 7: "bat", 8: "bat"}),
        card(19, 2, 4, {1: "bat", 4: "bat", 7: "bat"}),
        gold=9,
        penalty=2,
    )


def test_AT_T20_full_score_example() -> None:
    p = T20_player()
    assert p.taken == (5, 9, 4, 6, 3)
    r = result(p)
    assert (r.gold, r.cards, r.board, r.trained, r.bats, r.shortage) == (9, 16, 17, 5, 4, -2)
    assert r.total == 49


def test_AT_90_game_ends_after_round_seven() -> None:
    state = maintenance(replace(game(), round=6))
    state, events = settle(state)
    assert state.round == 7 and not at.status(state).finished
    state = maintenance(replace(state, round=7))
    state, events = settle(state)
    assert isinstance(events[-1], GameFinished) and at.status(state).finished


def test_AT_91_gold() -> None:
    assert result(player_of(village(), gold=12)).gold == 12


def test_AT_92_card_points() -> None:
    assert result(player_of(village(), card(3, 1, 2), card("TOWN", 1, 4))).cards == 8 - 5 + 13


def test_AT_93_AT_T14_AT_G20_supply_board_maxima() -> None:
    full = replace(player_of(village()), taken=(8, 13, 8, 13, 7))
    assert board_points(full) == 2 + 6 + 3 + 25 + 7 == 43
    assert board_points(replace(full, taken=(0, 0, 0, 0, 0))) == 0


def test_AT_94_trained_families() -> None:
    assert result(player_of(village({6: "trained", 7: "trained+bat", 8: "family"}))).trained == 2


def test_AT_95_AT_T13_bats_beyond_ten() -> None:
    def bats(n: int) -> int:
        cards = [card(14, 1 + i // 4, 1 + i % 4, {1: "bat"}) for i in range(n)]
        return result(player_of(*cards)).bats

    assert (bats(14), bats(10), bats(7)) == (4, 0, 0)


def test_AT_96_shortage_penalties() -> None:
    assert result(player_of(village(), penalty=6)).shortage == -6


def test_AT_97_AT_T15_tie_break_fewer_pollution() -> None:
    a = Result(0, 0, 0, 0, 0, 0, 61, 3)
    b = Result(0, 0, 0, 0, 0, 0, 61, 5)
    c = Result(0, 0, 0, 0, 0, 0, 40, 0)
    assert ranking_winners((a, b, c)) == (0,)
    assert ranking_winners((a, replace(b, pollution=3), c)) == (0, 1)  # still tied: shared victory


def test_AT_97_winners_in_a_finished_game() -> None:
    state: State = with_area(game(), 1, [village({8: "family"})], gold=5)
    state = maintenance(replace(state, round=7))
    state, _ = settle(state)
    assert at.winners(state) == (1,) and at.scores(state)[1] == at.scores(state)[0] + 5
    final = at.view(state, None)["final"]
    assert final["winners"] == [1] and final["scores"][1]["gold"] == 5 and "total" in final["scores"][0]
    assert at.status(state).phase == "finished"


def test_scores_before_the_end_are_provisional() -> None:
    state = with_area(game(), 0, [village({8: "family"})], gold=3)
    assert at.scores(state)[0] == 3 + 8 + 1 and at.winners(state) == ()
