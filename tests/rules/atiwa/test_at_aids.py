"""The player aids the view carries (issue 29): each seat's running score by category (§7) and, for each legal
place_worker command of the seat to act, whether it gains nothing (AT-01, AT-05, AT-10..AT-22)."""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from typing import Any

import service.rules.atiwa as at
from service.rules.atiwa.data.board import Act
from service.rules.atiwa.legal import startable
from service.rules.atiwa.messages import PlaceWorker, WorkerPlaced
from service.rules.atiwa.spaces import space_actions
from service.rules.atiwa.state import Phase, State, Step, current_seat
from service.rules.core import Rng, normalize_options
from tests.rules.atiwa.at_support import card, game, maintenance, play, settle, village, with_area
from tests.rules.atiwa.test_at_scoring import T20_player


def spaces(state: State, viewer: int | None = None) -> dict[str, Any]:
    return {s["id"]: s for s in at.view(state, viewer)["spaces"]}


def nothing(state: State, sid: str) -> dict[str, Any] | None:
    """The view's reason why the space gains the seat to act nothing (None: it may gain)."""
    space = spaces(state)[sid]
    assert "gains_nothing" in space, f"{sid} is not open to the seat to act"
    assert space["gains_nothing"] is ("nothing" in space)
    return space.get("nothing")


# --- the running score (§7) ---------------------------------------------------------------------------


def test_AT_T20_AT_91_to_AT_96_running_score_by_category_in_every_view() -> None:
    p = T20_player()
    state = replace(game(), players=(p, game().players[1]))
    expected = {
        "gold": 9,
        "cards": 16,
        "supply_board": 17,
        "trained_families": 5,
        "fruit_bats": 4,
        "food_shortage": -2,
        "total": 49,
        "pollution_markers": 0,
    }
    for viewer in (None, 0, 1):
        assert at.view(state, viewer)["players"][0]["score"] == expected
    assert at.view(state, None)["players"][1]["score"]["total"] == at.scores(state)[1]


def test_AT_90_AT_97_running_score_is_the_final_score_at_the_end() -> None:
    state = with_area(game(), 1, [village({8: "trained", 1: "bat"}), card(4, 1, 2, {1: "wild"})], gold=5, penalty=2)
    state, _ = settle(maintenance(replace(state, round=7)))
    view = at.view(state, 0)
    assert state.phase is Phase.FINISHED
    assert [p["score"] for p in view["players"]] == view["final"]["scores"]


def test_AT_93_running_supply_board_points_follow_the_pieces_taken() -> None:
    state = with_area(game(), 0, [village({2: "tree", 3: "wild", 5: "goat", 8: "family"})])
    score = at.view(state, None)["players"][0]["score"]
    assert score["supply_board"] == 1 + 1 + 0 + 1 + 1  # one wild, one tree, no fruit, one family, one goat


# --- the solo goal as it stands (AT-100, AT-C1..AT-C8) -----------------------------------------------


def test_AT_100_running_goal_in_the_solo_view() -> None:
    state = with_area(game(seats=1), 0, [village({8: "family"})], gold=30)
    goal = at.view(state, 0)["solo"]["goal"]
    assert goal == {
        "challenge": 0,
        "name": "Solo",
        "conditions": [
            {"condition": "at least 120 points", "met": False, "key": "points", "count": 120, "have": 30 + 8 + 1}
        ],
        "met": False,
    }


def test_AT_C1_running_goal_counts_the_bats_now() -> None:
    state = with_area(game(seats=1, challenge=1), 0, [village({1: "bat", 8: "trained+bat"})])
    bats = at.view(state, 0)["solo"]["goal"]["conditions"][1]
    assert bats == {"condition": "at least 40 bats", "met": False, "key": "bats", "count": 40, "have": 2}


def test_AT_C3_running_goal_names_the_location_cards_wanted() -> None:
    state = with_area(game(seats=1, challenge=3), 0, [village(), card("FARM", 1, 2)], gold=25)
    conditions = {c["key"]: c for c in at.view(state, 0)["solo"]["goal"]["conditions"]}
    assert conditions["locations"]["cards"] == {"FARM": 1, "SETTLEMENT": 1, "VILLAGE": 2, "TOWN": 1}
    assert (conditions["locations"]["count"], conditions["locations"]["have"]) == (5, 2)
    assert conditions["gold"]["met"] is True and conditions["gold"]["have"] == 25


def test_AT_C6_running_goal_counts_pollution() -> None:
    state = with_area(game(seats=1, challenge=6), 0, [village({1: "x", 8: "family"})])
    pollution = at.view(state, 0)["solo"]["goal"]["conditions"][1]
    assert (pollution["key"], pollution["met"], pollution["count"], pollution["have"]) == ("pollution", False, 0, 1)


# --- which worker placements gain nothing --------------------------------------------------------------


def test_AT_01_AT_02_gains_nothing_is_given_for_each_legal_place_worker_command_only() -> None:
    state, _ = play(game(), 0, PlaceWorker("TD"))
    state = _to_next_worker(state)
    seat = current_seat(state)
    legal = {c.space for c in at.legal_commands(state, seat) if isinstance(c, PlaceWorker)}
    marked = {sid for sid, s in spaces(state).items() if "gains_nothing" in s}
    assert marked == legal and "TD" not in marked  # the occupied space is not offered (AT-02)
    for viewer in (None, 0, 1):  # the same for every viewer: the table is public (§9)
        assert {sid for sid, s in spaces(state, viewer).items() if "gains_nothing" in s} == legal


def test_AT_70_no_placement_aid_outside_the_work_phase() -> None:
    state = maintenance(game(), {0: replace(game().players[0].task, step=Step.FEED)})
    assert not any("gains_nothing" in s for s in spaces(state).values())


def test_AT_18_AT_G12_gold_per_nature_symbol_gains_nothing_without_one() -> None:
    state = game()
    assert nothing(state, "GN1") == {"why": "nature"}
    assert nothing(with_area(state, 0, [village(), card(4, 1, 2)]), "GN1") is None


def test_AT_11_an_empty_display_place_gains_nothing() -> None:
    state = game(display=(1, None, 3))
    assert nothing(state, "TT2") == {"why": "display"}
    assert nothing(state, "TT1") is None


def test_AT_10_AT_19_an_empty_deck_gains_nothing_and_the_bonus_does_not_count() -> None:
    cards = [village(), *(card(n, 2, n) for n in (4, 5, 6, 10))]  # four terrain cards: the bonus would apply
    state = with_area(replace(game(), deck=(), discard=()), 0, cards)
    assert nothing(state, "TD") == {"why": "deck"}
    assert nothing(replace(state, discard=(9,)), "TD") is None  # AT-10: the discard pile becomes the deck


def test_AT_20_a_location_gains_nothing_without_a_card_or_its_price() -> None:
    state = game()
    assert nothing(state, "FA_R") == {"why": "price", "trees": 2, "gold": 3, "have_trees": 0, "have_gold": 0}
    rich = with_area(state, 0, [village({2: "tree", 4: "tree", 8: "family"})], gold=3)
    assert nothing(rich, "FA_L") is None and nothing(rich, "FA_R") is None
    assert nothing(replace(rich, stacks=(0, 10, 10, 4)), "FA_L") == {"why": "stack"}


def test_AT_16_paid_training_gains_nothing_without_the_gold_or_a_family_to_train() -> None:
    untrained = [village({8: "family"})]
    assert nothing(with_area(game(), 0, untrained, gold=1), "TR") == {"why": "gold", "gold": 2, "have": 1}
    assert nothing(with_area(game(), 0, untrained, gold=2), "TR") is None
    assert nothing(with_area(game(), 0, [village({8: "trained"})], gold=5), "TR") == {"why": "training"}


def test_AT_C8_training_has_no_effect_so_it_gains_nothing() -> None:
    state = with_area(game(seats=1, challenge=8), 0, [village({8: "family"})], gold=5)
    assert nothing(state, "TR") == {"why": "training"}


def test_AT_17_AT_37_an_exchange_gains_nothing_when_its_pieces_find_no_field() -> None:
    full = [village({4: "goat", 5: "goat", 8: "family"})]  # the G field and the E field beside it taken
    assert nothing(with_area(game(), 0, full, gold=2), "EG") == {"why": "room"}
    assert nothing(with_area(game(), 0, [village({8: "family"})], gold=2), "EG") is None
    assert nothing(with_area(game(), 0, full, gold=0), "EG") == {"why": "gold", "gold": 2, "have": 0}


def test_AT_12_AT_39_pieces_gain_nothing_without_room_but_gold_always_gains() -> None:
    # A village whose every field is polluted takes no piece; the bat + gold space still gives gold (AT-48).
    state = with_area(game(), 0, [village(dict.fromkeys(range(1, 9), "x"))])
    assert nothing(state, "CH1") is None
    assert nothing(state, "TF1") == {"why": "room"}
    assert nothing(state, "R2") == {"why": "room"}  # 2 trees + 1 bat + 1 wild: nowhere to put them


def test_AT_05_gains_nothing_agrees_with_what_the_engine_offers_after_the_worker() -> None:
    """Random playouts: a space marked as gaining nothing offers no action once the worker stands on it, and one
    marked as gaining offers one (paid training and exchanges aside: there the engine offers paying in vain)."""
    checked = 0
    for seed in (b"aid-1", b"aid-2", b"aid-3"):
        state, rng = _start(2, seed), Rng(seed + b"|bot", 0)
        for n in range(400):
            if state.phase is not Phase.WORK and state.phase is not Phase.MAINTENANCE:
                break
            seat = next(i for i, p in enumerate(state.players) if at.legal_commands(state, i))
            if state.phase is Phase.WORK and state.players[seat].task.step is Step.PLACE_WORKER:
                checked += _check_placements(state, seat)
            options = at.legal_commands(state, seat)
            state = reduce(at.evolve, at.decide(state, seat, options[rng.below(len(options))], Rng(seed, n), 0), state)
    assert checked > 100


def _check_placements(state: State, seat: int) -> int:
    n = 0
    for sid, space in spaces(state).items():
        if "gains_nothing" not in space or any(
            a.act in (Act.PAID_TRAIN, Act.EXCHANGE) for a in space_actions(state, sid)
        ):
            continue
        placed = at.evolve(state, WorkerPlaced(seat, sid))
        assert space["gains_nothing"] is (not startable(placed, seat)), sid
        n += 1
    return n


def _start(seats: int, seed: bytes) -> State:
    options = normalize_options(at.metadata, seats, {})
    return reduce(at.evolve, at.setup(options, seats, Rng(seed, 1)), at.initial_state(seats, options))


def _to_next_worker(state: State) -> State:
    """Pass through the rest of the turn until a seat must place a worker again."""
    for _ in range(20):
        seat = next(i for i in range(state.seats) if at.legal_commands(state, i))
        if state.players[seat].task.step is Step.PLACE_WORKER:
            return state
        state, _ = play(state, seat, at.legal_commands(state, seat)[-1])
    raise AssertionError("no worker to place")
