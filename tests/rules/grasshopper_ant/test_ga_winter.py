"""Winter: Red Ants (GA-34), supply (GA-35), insect help (GA-36/37), reshuffle (GA-51), acquisition (GA-80..87),
victory (GA-75, GA-93) and the stall rule (GA-77)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.data import PathType
from service.rules.grasshopper_ant.messages import (
    AcquisitionEnded,
    Buy,
    CardsCollected,
    DeckReshuffled,
    DrawReason,
    EndReason,
    GameFinished,
    GridRefilled,
    InsectResolved,
    MarkersRevealed,
    MarketRefilled,
    Pass,
    PathCardDrawn,
    ProvisionBought,
    ResolveInsect,
    RoundStarted,
)
from service.rules.grasshopper_ant.scoring import stall_winners, victory_points
from service.rules.grasshopper_ant.state import Phase, State, payments, red_ants
from tests.rules.grasshopper_ant.ga_support import (
    BLOCK,
    GRID,
    events_of,
    grid,
    play,
    refused,
    round_to_reveal,
    set_up,
    when,
)

RIGHT, WRONG = (0, 0), (0, 1)  # with marker TC: (0,0) is TC-01, (0,1) is ST-01
TWO_ST = frozenset({(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)})  # ST-02 and ST-07 (BEE) under pawns


def winter(seats: int = 2, **kw: Any) -> State:
    return set_up(seats, mode="winter", **kw)


def others_guess(state: State, guess: str = "WD") -> dict[int, str]:
    return {s: guess for s in red_ants(state)}


def acquiring(
    seats: int = 2,
    supply: tuple[str, ...] = (),
    provisions: tuple[str, ...] = (),
    market: tuple[str, ...] | None = None,
    **kw: Any,
) -> State:
    """Seat 0, the Ant, has collected TC-01..03 and is buying; its supply and provisions set by hand."""
    state = winter(seats, market=market, **kw)
    state, _ = round_to_reveal(state, "TC", WRONG, guesses=others_guess(state))
    assert state.phase is Phase.ACQUIRE and state.collector == 0
    in_play = set(state.provisions_in_play)
    assert set(provisions) <= in_play
    return replace(
        state,
        supplies=(supply, *state.supplies[1:]),
        provisions=(provisions, *state.provisions[1:]),
        deck=tuple(c for c in state.deck if c not in supply),
        provision_deck=tuple(p for p in state.provision_deck if p not in provisions),
    )


# --- collection -------------------------------------------------------------------------------------


def test_GA_34_red_ants_who_guessed_draw_when_the_ant_is_not_blocked() -> None:
    state = winter(3)
    _, events = round_to_reveal(state, "TC", WRONG, guesses={2: "TC"})
    draws = events_of(events, PathCardDrawn)
    assert [(d.seat, d.reason, d.face_down) for d in draws] == [(2, DrawReason.RED_ANT, False)]
    assert events_of(events, MarkersRevealed)[0].guesses == ((2, PathType.TC),)


def test_GA_T17_four_players_st_red_ant_draws_only_if_the_cicada_is_wrong() -> None:
    state = winter(4)  # Ant 0, Cicada 1, Red Ants 2 and 3
    after, events = round_to_reveal(state, "ST", (0, 0), guesses={2: "ST", 3: "WD"})  # Cicada on TC-01: wrong
    draws = events_of(events, PathCardDrawn)
    assert [d.seat for d in draws] == [2]
    assert draws[0].card in after.supplies[2] and draws[0].card not in after.deck
    _, events = round_to_reveal(state, "ST", (0, 1), guesses={2: "ST", 3: "WD"})  # on ST-01: right
    assert events_of(events, PathCardDrawn) == []


def test_GA_34_red_ants_draw_clockwise_from_the_ant() -> None:
    state = winter(4, ant=2, cicada=3)  # Red Ants 0 and 1; clockwise from 2: 0 then 1
    _, events = round_to_reveal(state, "TC", WRONG, guesses={1: "TC", 0: "TC"})
    assert [d.seat for d in events_of(events, PathCardDrawn)] == [0, 1]


def test_GA_35_collected_cards_go_face_up_into_the_public_supply() -> None:
    state, events = round_to_reveal(winter(), "TC", WRONG)
    assert events_of(events, CardsCollected) == [CardsCollected(seat=0, cards=("TC-01", "TC-02", "TC-03"))]
    assert state.supplies[0][-3:] == ("TC-01", "TC-02", "TC-03")
    assert ga.view(state, 1)["supplies"][0] == list(state.supplies[0])
    assert ga.view(state, None)["supplies"] == [list(s) for s in state.supplies]


def test_GA_T18_insect_help_take_another_bee_instead() -> None:
    state, events = round_to_reveal(winter(), "ST", (1, 1), cells=TWO_ST)  # Cicada on TC-03: wrong
    assert state.phase is Phase.INSECTS and events_of(events, CardsCollected) == []
    assert set(ga.legal_commands(state, 0)) == {
        ResolveInsect(card="ST-07", take=t) for t in ("ST-07", "TC-07", "WD-07", "TL-07")
    }
    assert ga.view(state, None)["insect_choices"] == [
        {"card": "ST-07", "options": ["ST-07", "TC-07", "TL-07", "WD-07"]}
    ]
    state, events = play(state, 0, ResolveInsect(card="ST-07", take="TC-07"))
    assert events[0] == InsectResolved(seat=0, card="ST-07", taken="TC-07")
    assert events_of(events, CardsCollected) == [CardsCollected(seat=0, cards=("ST-02", "TC-07"))]
    assert "ST-07" in state.grid  # the replaced card stays
    assert state.grid[4 * 1 + 3] is None and state.grid[4 * 2 + 0] is None
    state, events = play(state, 0, Pass())
    refill = events_of(events, GridRefilled)[0]
    assert [cell for cell, _ in refill.placements] == [(1, 3), (2, 0)]


def test_GA_36_constraints_no_card_of_the_haul_no_replacement_twice() -> None:
    # S = {TC-07 (BEE) at (0,0), TC-09 (BUTTERFLY) at (0,1), ST-01...}; one other BEE (ST-07) in the grid.
    cards = grid(
        "TC-07 TC-09 TC-01 ST-07",
        "WD-01 TL-01 ST-01 ST-02",
        "WD-09 TL-02 ST-03 WD-02",
        "TL-03 WD-03 ST-04 TL-04",
    )
    chain = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})
    state, _ = round_to_reveal(winter(cards=cards), "TC", (1, 0), cells=chain)
    legal = set(ga.legal_commands(state, 0))
    assert legal == {
        ResolveInsect(card="TC-07", take="TC-07"),
        ResolveInsect(card="TC-07", take="ST-07"),
        ResolveInsect(card="TC-09", take="TC-09"),
        ResolveInsect(card="TC-09", take="WD-09"),
    }
    refused(state, 0, ResolveInsect(card="TC-07", take="TC-09"), "BAD_INSECT")
    refused(state, 0, ResolveInsect(card="TC-01", take="TC-01"), "NO_CHOICE")
    state, events = play(state, 0, ResolveInsect(card="TC-09", take="TC-09"))
    assert not events_of(events, CardsCollected)
    refused(state, 0, ResolveInsect(card="TC-09", take="WD-09"), "NO_CHOICE")
    state, events = play(state, 0, ResolveInsect(card="TC-07", take="ST-07"))
    assert events_of(events, CardsCollected)[0].cards == ("ST-07", "TC-09", "TC-01")


def test_GA_G13_two_haul_bees_one_spare_bee_only_one_replacement() -> None:
    cards = grid(
        "TC-07 TL-07 TC-01 ST-07",
        "WD-01 TL-01 ST-01 ST-02",
        "WD-02 TL-02 ST-03 TC-02",
        "TL-03 WD-03 ST-04 TL-04",
    )
    chain = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})  # TC-07, TL-07, TC-01, WD-01, TL-01, ST-01
    state, _ = round_to_reveal(winter(cards=cards), "TL", (0, 0), cells=chain)  # S = TL-07 (BEE), TL-01
    assert set(ga.legal_commands(state, 0)) == {
        ResolveInsect(card="TL-07", take=t)
        for t in ("TL-07", "ST-07", "TC-07")  # TC-07 is pawned but not in S
    }


def test_GA_37_the_cicada_takes_exactly_S_without_insect_help() -> None:
    state, events = round_to_reveal(winter(), "ST", (1, 3), cells=TWO_ST)  # Cicada on ST-02: right
    assert events_of(events, CardsCollected) == [CardsCollected(seat=1, cards=("ST-02", "ST-07"))]
    assert state.phase is Phase.ACQUIRE and state.collector == 1
    assert ga.status(state).to_act == (1,)


# --- refill and reshuffle ----------------------------------------------------------------------------


def test_GA_51_empty_deck_reshuffles_the_discard_pile_mid_refill() -> None:
    state = acquiring()
    state = replace(state, deck=("WD-05",), discard=("WD-06", "TL-05"))
    state, events = play(state, 0, Pass())
    kinds = [type(e).__name__ for e in events]
    assert kinds[:4] == ["AcquisitionEnded", "GridRefilled", "DeckReshuffled", "GridRefilled"]
    assert events_of(events, GridRefilled)[0].placements == (((0, 0), "WD-05"),)
    assert events_of(events, DeckReshuffled)[0].cards == ("TL-05", "WD-06")
    assert state.discard == () and state.deck == ()
    assert all(c is not None for c in state.grid)


def test_GA_51_nothing_left_leaves_cells_empty_and_GA_77_ends_the_game() -> None:
    state = replace(acquiring(), deck=("WD-05",), discard=())
    state, events = play(state, 0, Pass())
    assert sum(c is None for c in state.grid) == 2
    assert events_of(events, GameFinished)[0].reason is EndReason.GRID_NOT_REFILLED


# --- acquisition ---------------------------------------------------------------------------------------


def test_GA_80_only_the_collector_buys_at_most_one_card_buying_is_optional() -> None:
    market = ("PV-WHEAT-1", "PV-BERRY-1", "PV-HONEY-1")
    state = acquiring(3, supply=("TC-04", "TC-05", "ST-04", "TC-06", "TC-09", "ST-05"), market=market)
    assert ga.status(state).to_act == (0,)
    wheat = "PV-WHEAT-1"
    assert wheat in state.market
    pay = frozenset({"TC-04", "TC-05", "ST-04"})
    refused(state, 1, Buy(provision=wheat, cards=pay), "NOT_YOUR_TURN")
    refused(state, 2, Buy(provision=wheat, cards=pay), "NOT_YOUR_TURN")  # a Red Ant never buys
    assert Pass() in ga.legal_commands(state, 0)
    state, events = play(state, 0, Buy(provision=wheat, cards=pay))
    # no swap power: the purchase ends the round
    assert isinstance(events[0], ProvisionBought) and events_of(events, RoundStarted)
    again = replace(acquiring(3, supply=("TC-04", "TC-05", "ST-04"), market=market), bought=True)
    refused(again, 0, Buy(provision=wheat, cards=pay), "ALREADY_BOUGHT")
    assert all(not isinstance(c, Buy) for c in ga.legal_commands(again, 0))
    passed, events = play(acquiring(), 0, Pass())
    assert events[0] == AcquisitionEnded(seat=0) and passed.provisions[0] == ()


def test_GA_81_pay_with_cards_from_your_own_supply() -> None:
    state = acquiring(supply=("TC-04", "TC-05"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    wheat = "PV-WHEAT-1"
    refused(state, 0, Buy(provision=wheat, cards=frozenset({"TC-04", "TC-05", "ST-09"})), "NOT_YOURS")
    refused(state, 0, Buy(provision="PV-BREAD-1", cards=frozenset()), "NOT_IN_MARKET")


def test_GA_82_three_identical_cards_replace_one_symbol_no_overpaying() -> None:
    supply = ("TC-04", "WD-04", "WD-05", "WD-06", "ST-04", "ST-05", "TL-04", "TL-05")
    state = acquiring(supply=supply, market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    ok = frozenset({"TC-04", "WD-04", "WD-05", "WD-06", "ST-04"})
    assert Buy(provision="PV-WHEAT-1", cards=ok) in ga.legal_commands(state, 0)
    over = ok | {"TL-04"}
    refused(state, 0, Buy(provision="PV-WHEAT-1", cards=over), "BAD_PAYMENT")
    two_wild = frozenset({"TC-04", "WD-04", "WD-05", "ST-04"})  # 2 for 1 needs the Bee
    refused(state, 0, Buy(provision="PV-WHEAT-1", cards=two_wild), "BAD_PAYMENT")
    short = frozenset({"TC-04", "ST-04"})
    refused(state, 0, Buy(provision="PV-WHEAT-1", cards=short), "BAD_PAYMENT")


def test_GA_G17_payment_is_one_card_per_symbol_or_a_wildcard_group() -> None:
    state = acquiring(supply=("ST-04", "ST-05", "ST-06", "TC-04"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    # HAZEL costs ST, ST, TC: two of the three ST cards and the TC card
    assert sorted(sorted(p) for p in payments(state, 0, "PV-HAZEL-1")) == [
        ["ST-04", "ST-05", "TC-04"],
        ["ST-04", "ST-06", "TC-04"],
        ["ST-05", "ST-06", "TC-04"],
    ]
    # WHEAT costs TC, TC, ST: TC-04 and ST x3 as the second TC would leave no ST for the ST symbol
    assert payments(state, 0, "PV-WHEAT-1") == []


def test_GA_T15_payment_with_a_wildcard_then_exact_change() -> None:
    supply = ("TC-04", "WD-04", "WD-05", "WD-06", "ST-04")
    state = acquiring(supply=supply, market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    state, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset(supply)))
    bought = events[0]
    assert bought == ProvisionBought(seat=0, provision="PV-WHEAT-1", paid=tuple(sorted(supply)))
    draws = events_of(events, PathCardDrawn)
    assert [(d.seat, d.reason, d.face_down) for d in draws] == [(0, DrawReason.EXACT_CHANGE, False)]
    assert state.supplies[0] == (draws[0].card,)


def test_GA_83_spent_cards_go_face_up_to_the_discard_pile() -> None:
    supply = ("TC-04", "TC-05", "ST-04", "WD-04")
    state = acquiring(supply=supply, market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    state, _ = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    assert state.discard[:3] == ("ST-04", "TC-04", "TC-05")
    assert ga.view(state, None)["discard"][:3] == ["ST-04", "TC-04", "TC-05"]
    assert state.supplies[0] == ("WD-04",)


def test_GA_84_the_provision_card_lies_face_up_before_the_buyer() -> None:
    state = acquiring(supply=("TC-04", "TC-05", "ST-04", "WD-04"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    state, _ = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    assert state.provisions[0] == ("PV-WHEAT-1",)
    assert ga.view(state, 1)["provisions"][0] == ["PV-WHEAT-1"]


def test_GA_85_one_vp_each_a_pair_three() -> None:
    state = acquiring(4, provisions=("PV-WHEAT-1",))
    assert victory_points(state, 0) == 1
    assert victory_points(replace(state, provisions=(("PV-WHEAT-1", "PV-WHEAT-2"), (), (), ())), 0) == 3
    assert victory_points(replace(state, provisions=(("PV-WHEAT-1", "PV-BERRY-2"), (), (), ())), 0) == 2


def test_GA_T14_wheat_1_pair_3_pair_and_honey_4_wins_at_once() -> None:
    state = acquiring(
        3,
        supply=("TC-04", "TL-04", "ST-04", "WD-04"),
        provisions=("PV-WHEAT-1", "PV-WHEAT-2"),
        market=("PV-HONEY-1", "PV-BERRY-1", "PV-HAZEL-1"),
    )
    assert victory_points(state, 0) == 3
    one = replace(state, provisions=(("PV-WHEAT-1",), (), ()))
    assert victory_points(one, 0) == 1
    state, events = play(state, 0, Buy(provision="PV-HONEY-1", cards=frozenset({"TC-04", "TL-04", "ST-04", "WD-04"})))
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is EndReason.FOUR_VP
    assert finished.winners == (0,) and finished.scores == (4, 0, 0)
    assert ga.winners(state) == (0,) and ga.scores(state) == (4, 0, 0)
    assert not events_of(events, GridRefilled)  # the game ends at once


def test_GA_93_winter_scores_are_victory_points() -> None:
    state = acquiring(provisions=("PV-APPLE-1", "PV-APPLE-2"))
    assert ga.scores(state) == (3, 0)
    assert ga.view(state, None)["vp"] == [3, 0]


def test_GA_86_exact_change_only_when_no_face_up_card_is_left() -> None:
    state = acquiring(supply=("TC-04", "TC-05", "ST-04", "WD-04"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    _, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    assert events_of(events, PathCardDrawn) == []


def test_GA_87_market_refilled_at_the_end_of_the_round_or_it_shrinks() -> None:
    state = acquiring(supply=("TC-04", "TC-05", "ST-04", "WD-04"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    after, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    refill = events_of(events, MarketRefilled)[0]
    assert len(refill.cards) == 1 and refill.cards[0] in state.provision_deck
    assert len(after.market) == 3 and len(after.provision_deck) == len(state.provision_deck) - 1
    empty = replace(state, provision_deck=())
    after, events = play(empty, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    assert events_of(events, MarketRefilled) == [] and len(after.market) == 2


def test_GA_77_market_and_provision_deck_empty_end_the_game() -> None:
    state = acquiring(supply=("TC-04", "TC-05", "ST-04", "WD-04"), market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    state = replace(state, market=("PV-WHEAT-1",), provision_deck=(), provisions=((), ("PV-APPLE-1",)))
    state, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-04"})))
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is EndReason.MARKET_EMPTY
    # 1 VP each; seat 0 has 1 card left in its supply (WD-04), seat 1 has its first card: tie on both
    assert finished.scores == (1, 1)
    assert finished.winners == stall_winners(state)


def test_GA_G14_stall_tie_break_most_supply_cards_then_shared() -> None:
    state = acquiring(provisions=("PV-WHEAT-1",))
    state = replace(state, provisions=(("PV-WHEAT-1",), ("PV-APPLE-1",)), supplies=(("TC-04", "TC-05"), ("WD-04",)))
    assert stall_winners(state) == (0,)
    assert stall_winners(replace(state, supplies=(("TC-04",), ("WD-04",)))) == (0, 1)
    assert stall_winners(replace(state, provisions=((), ("PV-APPLE-1",)))) == (1,)


def test_winter_legal_acquisition_lists_every_payment() -> None:
    supply = ("TC-04", "TC-05", "TC-06", "ST-04", "WD-04", "WD-05", "WD-06")
    state = acquiring(supply=supply, market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1"))
    buys = [c for c in ga.legal_commands(state, 0) if isinstance(c, Buy)]
    # WHEAT (TC,TC,ST): 3 ways to pick 2 TC + ST-04; or 1 TC + WD x3 + ST-04 (3 ways); or TC x3 for a TC + ... no.
    wheat = {c.cards for c in buys if c.provision == "PV-WHEAT-1"}
    assert frozenset({"TC-04", "TC-05", "ST-04"}) in wheat
    assert frozenset({"TC-04", "WD-04", "WD-05", "WD-06", "ST-04"}) in wheat
    assert len(wheat) == len(set(payments(state, 0, "PV-WHEAT-1")))
    for cmd in buys:
        assert when(state, 0, cmd)


def test_winter_round_without_insects_goes_straight_to_acquisition() -> None:
    state, events = round_to_reveal(winter(), "TC", WRONG)
    assert state.phase is Phase.ACQUIRE
    assert [type(e).__name__ for e in events] == ["CicadaPlaced", "MarkersRevealed", "CardsCollected"]
    assert state.ant_cells == BLOCK and state.grid[0] is None and GRID[0] == "TC-01"
