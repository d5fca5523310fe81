"""Power to the Beetle! (GA-V4): gaining and stealing powers (GA-P0) and the six powers GA-P1..P6."""

from __future__ import annotations

from dataclasses import replace

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.data import PATH_TYPES, PathType, Power
from service.rules.grasshopper_ant.messages import (
    Buy,
    DrawReason,
    EndReason,
    GainPower,
    GameFinished,
    MarkerPeeked,
    Pass,
    PathCardDrawn,
    PeekMarker,
    PlaceCicada,
    PowerDeclined,
    PowerGained,
    ProvisionBought,
    ProvisionsSwapped,
    RoundStarted,
    SkipPower,
    UseSwap,
)
from service.rules.grasshopper_ant.scoring import victory_points
from service.rules.grasshopper_ant.state import CENTRE, Phase, State, power_holder
from tests.rules.grasshopper_ant.ga_support import (
    chosen,
    events_of,
    grid,
    placed,
    play,
    refused,
    round_to_reveal,
    set_up,
    when,
    with_powers,
)

# The Ant's block covers TC-08 (BEETLE), ST-01, TC-02 / WD-01, TC-10 (CATERPILLAR), TL-02; no other beetle or
# caterpillar lies in the grid, so a TC haul goes straight to the power choice.
POWER_GRID = grid(
    "TC-08 ST-01 TC-02 TL-01",
    "WD-01 TC-10 TL-02 ST-02",
    "TC-01 ST-03 WD-02 TL-03",
    "TC-03 ST-04 WD-03 TL-04",
)
WRONG, RIGHT = (0, 1), (0, 0)  # with marker TC


def powered(seats: int = 2, holders: dict[Power, int | None] | None = None, boxed: tuple[Power, ...] = ()) -> State:
    state = set_up(seats, cards=POWER_GRID, mode="winter", powers=True, powers_in_play=())
    return with_powers(state, holders or {}, boxed)


def guesses(state: State) -> dict[int, str]:
    return {s: "WD" for s in range(state.seats) if s not in (state.ant, state.cicada)}


def ant_collects(state: State) -> State:
    state, _ = round_to_reveal(state, "TC", WRONG, guesses=guesses(state))
    return state


# --- GA-P0 ---------------------------------------------------------------------------------------------


def test_GA_P0_the_ant_who_collects_may_discard_an_insect_card_for_its_power() -> None:
    state = ant_collects(powered())
    assert state.phase is Phase.POWER and ga.status(state).to_act == (0,)
    assert ga.legal_commands(state, 0) == [GainPower(discard="TC-08"), GainPower(discard="TC-10"), SkipPower()]
    after, events = play(state, 0, GainPower(discard="TC-08"))
    assert events[0] == PowerGained(seat=0, power=Power.BEETLE, discarded="TC-08", from_seat=None, lost_cocoon=None)
    assert power_holder(after, Power.BEETLE) == 0
    assert "TC-08" not in after.supplies[0] and after.discard == ("TC-08",)
    assert after.phase is Phase.ACQUIRE
    # only one power per round
    refused(after, 0, GainPower(discard="TC-10"), "WRONG_PHASE")
    declined, events = play(state, 0, SkipPower())
    assert events == [PowerDeclined(seat=0)] and declined.phase is Phase.ACQUIRE


def test_GA_P0_steal_from_another_player_but_not_a_power_you_hold() -> None:
    state = ant_collects(powered(3, holders={Power.BEETLE: 2, Power.CATERPILLAR: 0}))
    assert ga.legal_commands(state, 0) == [GainPower(discard="TC-08"), SkipPower()]
    refused(state, 0, GainPower(discard="TC-10"), "NO_POWER")
    after, events = play(state, 0, GainPower(discard="TC-08"))
    assert isinstance(events[0], PowerGained) and events[0].from_seat == 2
    assert power_holder(after, Power.BEETLE) == 0


def test_GA_G16_no_power_for_an_insect_whose_card_is_in_the_box() -> None:
    state = ant_collects(powered(boxed=(Power.BEETLE,)))
    assert ga.legal_commands(state, 0) == [GainPower(discard="TC-10"), SkipPower()]
    nothing = ant_collects(powered(boxed=(Power.BEETLE, Power.CATERPILLAR)))
    assert nothing.phase is Phase.ACQUIRE  # no choice to make


def test_GA_P0_only_the_ant_gains_powers() -> None:
    state, _ = round_to_reveal(powered(), "TC", RIGHT)  # the Cicada collects the insect cards
    assert state.collector == 1 and state.phase is Phase.ACQUIRE
    refused(state, 1, GainPower(discard="TC-08"), "WRONG_PHASE")


# --- GA-P1 Bee ---------------------------------------------------------------------------------------------


def buying(holders: dict[Power, int | None], supply: tuple[str, ...], seats: int = 2) -> State:
    state = ant_collects(powered(seats, holders=holders))
    if state.phase is Phase.POWER:
        state, _ = play(state, 0, SkipPower())
    return replace(
        state,
        supplies=(supply, *state.supplies[1:]),
        market=("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1") if seats == 2 else ("PV-WHEAT-1", "PV-HONEY-1", "PV-BERRY-1"),
        provision_deck=tuple(
            p for p in state.provisions_in_play if p not in ("PV-WHEAT-1", "PV-BERRY-1", "PV-HAZEL-1", "PV-HONEY-1")
        ),
    )


def test_GA_T16_with_the_bee_two_identical_cards_cover_a_symbol() -> None:
    supply = ("TC-04", "WD-04", "WD-05", "ST-05")
    pay = frozenset(supply)
    with_bee = buying({Power.BEE: 0}, supply)
    assert Buy(provision="PV-WHEAT-1", cards=pay) in ga.legal_commands(with_bee, 0)
    assert when(with_bee, 0, Buy(provision="PV-WHEAT-1", cards=pay))[0] == ProvisionBought(
        seat=0, provision="PV-WHEAT-1", paid=tuple(sorted(supply))
    )
    without = buying({}, supply)
    refused(without, 0, Buy(provision="PV-WHEAT-1", cards=pay), "BAD_PAYMENT")


def test_GA_P1_bee_wildcard_is_exactly_two() -> None:
    supply = ("TC-04", "WD-04", "WD-05", "WD-06", "ST-05")
    with_bee = buying({Power.BEE: 0}, supply)
    refused(with_bee, 0, Buy(provision="PV-WHEAT-1", cards=frozenset(supply)), "BAD_PAYMENT")


# --- GA-P2 Beetle -----------------------------------------------------------------------------------------


def test_GA_P2_beetle_adds_one_vp_while_held() -> None:
    state = powered(holders={Power.BEETLE: 1})
    assert victory_points(state, 1) == 1 and victory_points(state, 0) == 0
    assert ga.view(state, None)["vp"] == [0, 1]


def test_GA_T19_stealing_the_beetle_wins_at_once() -> None:
    state = powered(3, holders={Power.BEETLE: 2})
    state = replace(state, provisions=(("PV-BERRY-1", "PV-BERRY-2"), (), ("PV-WHEAT-1", "PV-HONEY-1")))
    assert [victory_points(state, s) for s in range(3)] == [3, 0, 3]
    state = ant_collects(state)
    state, events = play(state, 0, GainPower(discard="TC-08"))
    assert isinstance(events[0], PowerGained) and events[0].from_seat == 2
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is EndReason.FOUR_VP
    assert finished.scores == (4, 0, 2) and finished.winners == (0,)


# --- GA-P3 Dragonfly ---------------------------------------------------------------------------------------


def test_GA_P3_dragonfly_cicada_peeks_at_one_unchosen_marker_seen_by_it_alone() -> None:
    state = chosen(placed(powered(3, holders={Power.DRAGONFLY: 1})), "TC", {2: "ST"})
    assert state.phase is Phase.CICADA
    legal = ga.legal_commands(state, 1)
    assert legal[:3] == [PeekMarker(slot=0), PeekMarker(slot=1), PeekMarker(slot=2)]
    seen = set()
    for seed in range(12):
        event = when(state, 1, PeekMarker(slot=1), seed=bytes([seed]))[0]
        assert isinstance(event, MarkerPeeked) and event.path_type is not PathType.TC
        seen.add(event.path_type)
        for viewer in (None, 0, 2):
            assert ga.redact(event, viewer) == MarkerPeeked(seat=1, slot=1, path_type=None)
        assert ga.redact(event, 1) == event
    assert seen == set(PATH_TYPES) - {PathType.TC}
    after, events = play(state, 1, PeekMarker(slot=0))
    peeked = events[0]
    assert isinstance(peeked, MarkerPeeked) and peeked.path_type is not None
    assert ga.view(after, 1)["peek"] == {"seat": 1, "slot": 0, "marker": peeked.path_type.value}
    for viewer in (None, 0, 2):
        assert ga.view(after, viewer)["peek"] == {"seat": 1, "slot": 0, "marker": None}
    refused(after, 1, PeekMarker(slot=1), "ALREADY_PEEKED")
    assert all(not isinstance(c, PeekMarker) for c in ga.legal_commands(after, 1))
    refused(state, 1, PeekMarker(slot=3), "BAD_SLOT")


def test_GA_P3_no_peek_without_the_dragonfly() -> None:
    state = chosen(placed(powered(holders={Power.DRAGONFLY: 0})), "TC")
    refused(state, 1, PeekMarker(slot=0), "NO_POWER")
    assert all(isinstance(c, PlaceCicada) for c in ga.legal_commands(state, 1))


# --- GA-P4 Ladybug -----------------------------------------------------------------------------------------


def test_GA_P4_ladybug_the_ant_or_cicada_who_did_not_collect_draws() -> None:
    state = ant_collects(powered(3, holders={Power.LADYBUG: 1}))  # the Cicada holds it and was wrong
    state, _ = play(state, 0, SkipPower())
    after, events = play(state, 0, Pass())
    draws = events_of(events, PathCardDrawn)
    assert [(d.seat, d.reason, d.face_down) for d in draws] == [(1, DrawReason.LADYBUG, False)]
    assert draws[0].card in after.supplies[1]


def test_GA_P4_no_draw_for_the_collector_or_a_red_ant() -> None:
    for holder in (0, 2):
        state = ant_collects(powered(3, holders={Power.LADYBUG: holder}))
        state, _ = play(state, 0, SkipPower())
        _, events = play(state, 0, Pass())
        assert [d for d in events_of(events, PathCardDrawn) if d.reason is DrawReason.LADYBUG] == []


# --- GA-P5 Caterpillar -----------------------------------------------------------------------------------


def test_GA_T21_cocoon_card_face_down_for_its_holder_discarded_when_stolen() -> None:
    state = ant_collects(powered(3))
    after, events = play(state, 0, GainPower(discard="TC-10"))
    draw = events_of(events, PathCardDrawn)[0]
    assert (draw.seat, draw.reason, draw.face_down) == (0, DrawReason.COCOON, True)
    assert after.cocoons[0] == draw.card and draw.card not in after.supplies[0]
    assert ga.redact(draw, 1) == replace(draw, card=None) and ga.redact(draw, None) == replace(draw, card=None)
    assert ga.redact(draw, 0) == draw
    assert ga.view(after, 0)["cocoons"][0] == {"count": 1, "card": draw.card}
    assert ga.view(after, 1)["cocoons"][0] == {"count": 1, "card": None}
    # stolen: the old holder's face-down card goes face up to the discard pile, the thief draws its own
    victim = replace(ant_collects(powered(3, holders={Power.CATERPILLAR: 2})), cocoons=(None, None, "WD-12"))
    after, events = play(victim, 0, GainPower(discard="TC-10"))
    gained = events[0]
    assert isinstance(gained, PowerGained) and gained.from_seat == 2 and gained.lost_cocoon == "WD-12"
    assert after.cocoons[2] is None and "WD-12" in after.discard
    assert after.cocoons[0] is not None


def test_GA_P5_cocoon_card_pays_is_replaced_and_never_counts_for_exact_change() -> None:
    state = buying({Power.CATERPILLAR: 0}, ("TC-04", "ST-05"))
    state = replace(state, cocoons=("TC-05", None), deck=tuple(c for c in state.deck if c != "TC-05"))
    pay = frozenset({"TC-04", "TC-05", "ST-05"})
    assert Buy(provision="PV-WHEAT-1", cards=pay) in ga.legal_commands(state, 0)
    after, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=pay))
    draws = events_of(events, PathCardDrawn)
    assert [(d.reason, d.face_down) for d in draws] == [(DrawReason.COCOON, True), (DrawReason.EXACT_CHANGE, False)]
    assert after.cocoons[0] == draws[0].card and after.supplies[0] == (draws[1].card,)
    # keeping the face-down card: the face-up supply is empty all the same -> exact change
    keep = buying({Power.CATERPILLAR: 0}, ("TC-04", "TC-06", "ST-05"))
    keep = replace(keep, cocoons=("TC-05", None))
    _, events = play(keep, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-06", "ST-05"})))
    assert [d.reason for d in events_of(events, PathCardDrawn)] == [DrawReason.EXACT_CHANGE]


# --- GA-P6 Butterfly ----------------------------------------------------------------------------------------


def test_GA_P6_butterfly_swaps_with_an_opponent_or_the_market_then_returns() -> None:
    state = buying({Power.BUTTERFLY: 0}, ("WD-04",), seats=3)
    state = replace(state, provisions=(("PV-APPLE-1",), ("PV-HAZEL-1",), ()))
    swaps = [c for c in ga.legal_commands(state, 0) if isinstance(c, UseSwap)]
    assert swaps == [
        UseSwap(mine="PV-APPLE-1", theirs="PV-WHEAT-1"),
        UseSwap(mine="PV-APPLE-1", theirs="PV-HONEY-1"),
        UseSwap(mine="PV-APPLE-1", theirs="PV-BERRY-1"),
        UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-1"),
    ]
    after, events = play(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-1"))
    assert events == [ProvisionsSwapped(seat=0, given="PV-APPLE-1", received="PV-HAZEL-1", other_seat=1)]
    assert after.provisions[:2] == (("PV-HAZEL-1",), ("PV-APPLE-1",))
    assert power_holder(after, Power.BUTTERFLY) == CENTRE
    assert after.phase is Phase.ACQUIRE  # the purchase may still follow (GA-G15)
    market, _ = play(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HONEY-1"))
    assert market.market == ("PV-WHEAT-1", "PV-APPLE-1", "PV-BERRY-1") and market.provisions[0] == ("PV-HONEY-1",)
    refused(state, 0, UseSwap(mine="PV-HAZEL-1", theirs="PV-APPLE-1"), "NOT_YOURS")
    refused(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-APPLE-1"), "BAD_SWAP")
    refused(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-BREAD-1"), "BAD_SWAP")


def test_GA_G15_swap_before_or_after_the_purchase() -> None:
    state = buying({Power.BUTTERFLY: 0}, ("TC-04", "TC-05", "ST-05"))
    state = replace(state, provisions=(("PV-APPLE-1",), ("PV-HAZEL-2",)))
    bought, events = play(state, 0, Buy(provision="PV-WHEAT-1", cards=frozenset({"TC-04", "TC-05", "ST-05"})))
    assert bought.phase is Phase.ACQUIRE and not events_of(events, RoundStarted)  # the swap may still follow
    assert all(not isinstance(c, Buy) for c in ga.legal_commands(bought, 0))
    _after, events = play(bought, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-2"))
    assert events_of(events, RoundStarted)  # nothing left to do: the round ends
    swapped, _ = play(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-2"))
    assert any(isinstance(c, Buy) for c in ga.legal_commands(swapped, 0))


def test_GA_P6_only_the_collector_with_the_butterfly_swaps() -> None:
    state = buying({Power.BUTTERFLY: 1}, ("WD-04",))
    state = replace(state, provisions=(("PV-APPLE-1",), ("PV-HAZEL-2",)))
    refused(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-2"), "NO_POWER")
    refused(state, 1, UseSwap(mine="PV-HAZEL-2", theirs="PV-APPLE-1"), "NOT_YOUR_TURN")


def test_GA_A3_the_butterfly_is_the_single_use_power() -> None:
    state = buying({Power.BUTTERFLY: 0, Power.BEE: 0}, ("WD-04",))
    state = replace(state, provisions=(("PV-APPLE-1",), ("PV-HAZEL-2",)))
    after, _ = play(state, 0, UseSwap(mine="PV-APPLE-1", theirs="PV-HAZEL-2"))
    assert power_holder(after, Power.BUTTERFLY) == CENTRE and power_holder(after, Power.BEE) == 0
    assert ga.view(after, None)["power_cards"][-1]["holder"] == "centre"


def test_GA_75_a_swap_that_lifts_several_players_to_four_the_actor_wins() -> None:
    state = buying({Power.BUTTERFLY: 0}, ("WD-04",))
    # seat 0: APPLE, BERRY, WHEAT = 3 VP; seat 1: APPLE, BERRY, HAZEL = 3 VP
    state = replace(
        state, provisions=(("PV-APPLE-1", "PV-BERRY-1", "PV-WHEAT-2"), ("PV-APPLE-2", "PV-BERRY-2", "PV-HAZEL-1"))
    )
    assert [victory_points(state, s) for s in range(2)] == [3, 3]
    after, events = play(state, 0, UseSwap(mine="PV-BERRY-1", theirs="PV-APPLE-2"))
    assert [victory_points(after, s) for s in range(2)] == [4, 4]  # an APPLE pair and a BERRY pair
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is EndReason.FOUR_VP
    assert finished.winners == (0,) and finished.scores == (4, 4)


def test_GA_75_a_swap_that_lifts_only_the_opponent_makes_it_win() -> None:
    state = buying({Power.BUTTERFLY: 0}, ("WD-04",))
    state = replace(state, provisions=(("PV-APPLE-1", "PV-BERRY-1"), ("PV-APPLE-2", "PV-BERRY-2", "PV-HAZEL-1")))
    after, events = play(state, 0, UseSwap(mine="PV-BERRY-1", theirs="PV-APPLE-2"))
    assert [victory_points(after, s) for s in range(2)] == [3, 4]
    assert events[-1] == GameFinished(
        reason=EndReason.FOUR_VP, scores=(3, 4), winners=(1,), insect_piles=(), cocoons=(None, None)
    )
