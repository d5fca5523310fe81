"""§5.1-5.3 the work phase, the action symbols and the round track (AT-01..AT-29; AT-T09, T10, T16, T17, T18)."""

from __future__ import annotations

from dataclasses import replace

import service.rules.atiwa as at
from service.rules.atiwa.data.board import Act
from service.rules.atiwa.data.cards import Location
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import count
from service.rules.atiwa.messages import (
    ActionFinished,
    ActionStarted,
    AlternativeChosen,
    CardPlaced,
    ChooseAlternative,
    CostPaid,
    DrawTerrain,
    Event,
    FamilyTrained,
    FlyBat,
    FruitPaid,
    ItemPlaced,
    LocationBought,
    Pass,
    PayCost,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TerrainDrawn,
    TrainFamily,
    TreePaid,
    TurnEnded,
    WorkerActionEnded,
    WorkerPlaced,
)
from service.rules.atiwa.spaces import round_space, space_actions
from service.rules.atiwa.state import BAT, EMPTY, FAM, FRT, TRE, TRN, Phase, State, Step
from tests.rules.atiwa.at_support import (
    TILES,
    card,
    field,
    game,
    kinds,
    play,
    player,
    refused,
    task,
    village,
    when,
    with_area,
)

TREE, FRUIT, WILD, GOAT, FAMILY = Item.TREE, Item.FRUIT, Item.WILD, Item.GOAT, Item.FAMILY
BATK, GOLD = Item.BAT, Item.GOLD


def start(seats: int = 2, tiles: tuple[str, ...] = TILES, display: tuple[int | None, ...] | None = None) -> State:
    return game(seats=seats, start=0, tiles=tiles, display=display)


# --- AT-01..AT-09 the work phase ------------------------------------------------------------------------


def test_AT_01_place_a_worker_and_act_at_once() -> None:
    state = start()
    events = when(state, 0, PlaceWorker("CH1"))
    assert events[0] == WorkerPlaced(0, "CH1")
    assert task(then_state := at_then(state, events), 0).step is Step.CHOOSE_ACTION
    assert player(then_state, 1).gold == 0  # only you benefit
    refused(state, 1, PlaceWorker("TD"), "NOT_YOUR_TURN")


def at_then(state: State, events: list[Event]) -> State:
    for e in events:
        state = at.evolve(state, e)
    return state


def test_AT_02_one_worker_per_space() -> None:
    state, _ = play(start(), 0, PlaceWorker("TD"), Pass())
    assert state.players[1].task.step is Step.PLACE_WORKER
    refused(state, 1, PlaceWorker("TD"), "SPACE_OCCUPIED")
    refused(state, 1, PlaceWorker("NOPE"), "UNKNOWN_SPACE")
    assert PlaceWorker("TD") not in at.legal_commands(state, 1)


def test_AT_03_actions_of_a_space_in_any_order() -> None:
    state = start()
    state, events = play(state, 0, PlaceWorker("CH1"))
    assert sorted(c.action for c in kinds(at.legal_commands(state, 0), StartAction)) == [0, 1]
    state, events = play(state, 0, StartAction(1), ChooseAlternative(1))  # the choice first: 1 wild
    assert AlternativeChosen(0, 1, 0) in events
    state, events = play(state, 0, PlaceItem(WILD, 0, 3))
    # then the other action starts by itself (the only one left): 1 bat + 1 gold
    assert ActionStarted(0, 0, 1) in events and player(state, 0).gold == 1


def test_AT_04_take_fewer_pieces() -> None:
    state = start()  # round 1: position 2 holds TL_A (2 trees) + 1 bat + 1 wild (AT-T10)
    state = with_area(state, 0, [village({2: "tree", 8: "family"})])
    state, _ = play(state, 0, PlaceWorker("R2"))
    state, events = play(state, 0, PlaceItem(TREE, 0, 4), Pass())  # one tree (on the empty field), no more
    assert ActionFinished(0, True) in events and player(state, 0).taken[1] == 2
    assert player(state, 0).taken[0] == 0  # no wild animal taken


def test_AT_05_place_a_worker_and_do_nothing() -> None:
    state, events = play(start(), 0, PlaceWorker("CH1"), Pass())
    assert events[1:] == [WorkerActionEnded(0), TurnEnded(0)]
    assert player(state, 0) == replace(player(start(), 0), task=player(state, 0).task)


def test_AT_06_three_turns_each_then_maintenance() -> None:
    state = start()
    spaces = iter(["TT1", "TT2", "TT3", "FA_L", "FA_R", "SE_L"])
    turns = 0
    while state.phase is Phase.WORK:
        seat = at.status(state).to_act[0]
        state, _ = play(state, seat, PlaceWorker(next(spaces)))
        while (
            state.phase is Phase.WORK
            and task(state, seat).step is not Step.PLACE_WORKER
            and (at.status(state).to_act == (seat,))
        ):
            state, _ = play(state, seat, Pass())
        turns += 1
    assert turns == 6 and state.phase is Phase.MAINTENANCE


def test_AT_07_work_order_fixed_at_the_start_of_the_phase() -> None:
    state = game(seats=3, start=0)
    state = with_area(state, 1, [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree"})], gold=2)
    state, _ = play(state, 0, PlaceWorker("TD"), Pass())
    state, events = play(state, 1, PlaceWorker("FA_L"), PayTree(0, 2), PayTree(1, 1), PlaceCard(2, 3))
    assert any(isinstance(e, LocationBought) for e in events) and state.start_player == 1
    assert at.status(state).to_act == (2,)  # the order continues clockwise from seat 0's start


def test_AT_08_AT_T18_four_player_arrow_pair() -> None:
    state = game(seats=4, start=1)
    state = with_area(state, 1, [village({8: "family"}), card(5, 1, 2)])
    state, _ = play(state, 1, PlaceWorker("GN1"))  # 1 nature symbol: 1 gold, nothing to decide
    assert player(state, 1).gold == 1
    for seat in (2, 3, 0):
        state, _ = play(state, seat, PlaceWorker({2: "TT1", 3: "TT2", 0: "TT3"}[seat]), Pass())
    assert PlaceWorker("GN2") not in at.legal_commands(state, 1)
    refused(state, 1, PlaceWorker("GN2"), "ARROW_PAIR")
    state, _ = play(state, 1, PlaceWorker("TD"), Pass())
    assert PlaceWorker("GN2") in at.legal_commands(state, 2)  # another player may


def test_AT_08_arrows_only_with_four_players() -> None:
    state = game(seats=3, start=0)
    assert "GN2" not in {
        c.space for c in kinds(at.legal_commands(state, 0), PlaceWorker)
    }  # no GN2 on the 3-player side


def test_AT_09_fruit_bat_action_offered_after_the_worker_action() -> None:
    area = [village({1: "bat", 2: "tree+fruit", 8: "trained+bat"}), card(14, 1, 2, {1: "bat"})]
    state = with_area(start(), 0, area)
    state, events = play(state, 0, PlaceWorker("TT1"), Pass())
    assert task(state, 0).step is Step.FRUIT_BAT
    assert {type(c) for c in at.legal_commands(state, 0)} == {FlyBat, Pass}
    state, events = play(state, 0, Pass())
    assert events == [TurnEnded(0)]


# --- AT-10..AT-24 the action symbols --------------------------------------------------------------------


def test_AT_10_AT_G14_terrain_draw_must_be_placed() -> None:
    state = start()
    state, _ = play(state, 0, PlaceWorker("TD"))
    assert set(at.legal_commands(state, 0)) == {DrawTerrain(), Pass()}
    state, events = play(state, 0, DrawTerrain())
    (drawn,) = kinds(events, TerrainDrawn)
    assert drawn.card in range(1, 37) and drawn.card not in state.deck
    assert Pass() not in at.legal_commands(state, 0)  # once drawn it is added
    assert set(at.legal_commands(state, 0)) == {PlaceCard(1, 2), PlaceCard(1, 4), PlaceCard(2, 3)}
    state, events = play(state, 0, PlaceCard(2, 3))
    assert events[0] == CardPlaced(0, drawn.card, 2, 3, None)


def test_AT_10_empty_deck_uses_the_discard_pile() -> None:
    state = replace(start(), deck=(), discard=(9, 5))
    state, _ = play(state, 0, PlaceWorker("TD"))
    state, events = play(state, 0, DrawTerrain())
    (drawn,) = kinds(events, TerrainDrawn)
    assert drawn.card in (5, 9) and state.discard == () and state.deck == tuple({5, 9} - {drawn.card})
    empty = replace(start(), deck=(), discard=())
    empty, events = play(empty, 0, PlaceWorker("TD"))  # nothing happens at all
    assert WorkerActionEnded(0) in events


def test_AT_11_terrain_take_the_card_above_the_space() -> None:
    state = start(display=(7, 8, 9))
    state, _ = play(state, 0, PlaceWorker("TT2"))
    state, events = play(state, 0, PlaceCard(1, 4))
    assert events[0] == CardPlaced(0, 8, 1, 4, 2) and state.display == (7, None, 9)
    assert player(state, 0).cards[1].cid == "T08"
    empty = start(display=(7, None, 9))
    empty, events = play(empty, 0, PlaceWorker("TT2"))  # nothing above it: nothing happens
    assert WorkerActionEnded(0) in events


def test_AT_12_take_items_gold_and_pieces() -> None:
    state = start()
    state, events = play(state, 0, PlaceWorker("CH1"), StartAction(0))
    assert ActionStarted(0, 0, 1) in events and player(state, 0).gold == 1
    assert set(at.legal_commands(state, 0)) == {PlaceItem(BATK, 0, 1), Pass()}
    state, events = play(state, 0, PlaceItem(BATK, 0, 1))
    assert field(state, 0, 0, 1) == (BAT, EMPTY)


def test_AT_13_tree_with_fruit_fruit_only_on_that_tree() -> None:
    state = with_area(start(), 0, [village({2: "tree", 8: "family"})])
    state, _ = play(state, 0, PlaceWorker("TF1"))
    assert set(at.legal_commands(state, 0)) == {PlaceItem(TREE, 0, 4), Pass()}  # T is taken: the empty field
    state, _ = play(state, 0, PlaceItem(TREE, 0, 4))
    assert set(at.legal_commands(state, 0)) == {PlaceItem(FRUIT, 0, 4), Pass()}
    state, _ = play(state, 0, PlaceItem(FRUIT, 0, 4))
    assert field(state, 0, 0, 4) == (TRE, FRT)


def test_AT_13_no_room_for_the_tree_no_fruit() -> None:
    state = with_area(start(), 0, [village({2: "x", 4: "x", 8: "family"})])
    state, events = play(state, 0, PlaceWorker("TF1"))
    assert WorkerActionEnded(0) in events and player(state, 0).taken[2] == 0


def test_AT_14_choice_exactly_one_alternative() -> None:
    state, _ = play(start(), 0, PlaceWorker("CH1"), StartAction(1))
    assert set(at.legal_commands(state, 0)) == {ChooseAlternative(0), ChooseAlternative(1), Pass()}
    state, _ = play(state, 0, ChooseAlternative(0))
    assert task(state, 0).gains == (BATK, BATK)
    assert not kinds(at.legal_commands(state, 0), ChooseAlternative)


def test_AT_15_train_turns_one_family() -> None:
    state = with_area(start(), 0, [village({7: "family", 8: "family"})])
    state, _ = play(state, 0, PlaceWorker("R1"), StartAction(1))  # round space 1: family + training
    assert set(at.legal_commands(state, 0)) == {TrainFamily(0, 7), TrainFamily(0, 8), Pass()}
    state, events = play(state, 0, TrainFamily(0, 8))
    assert FamilyTrained(0, 0, 8) in events and field(state, 0, 0, 8) == (TRN, EMPTY)


def test_AT_16_paid_training_once_for_up_to_three() -> None:
    area = [village({6: "family", 7: "family", 8: "family"}), card("FARM", 1, 2, {8: "family"})]
    state = with_area(start(), 0, area, gold=3)
    state, events = play(state, 0, PlaceWorker("TR"), PayCost())
    assert CostPaid(0, 2) in events and player(state, 0).gold == 1
    state, _ = play(state, 0, TrainFamily(0, 6), TrainFamily(0, 7), TrainFamily(1, 8))
    assert at.status(state).to_act == (1,)  # three trainings used up the action; the turn passed
    assert field(state, 0, 0, 8) == (FAM, EMPTY)
    poor = with_area(start(), 0, area, gold=1)
    poor, events = play(poor, 0, PlaceWorker("TR"))  # cannot pay in full: nothing happens
    assert WorkerActionEnded(0) in events and player(poor, 0).gold == 1


def test_AT_17_exchange_pay_once_then_take() -> None:
    state = with_area(start(), 0, [village({8: "family"}), card(4, 1, 2)], gold=2)
    state, events = play(state, 0, PlaceWorker("EG"), PayCost())
    assert CostPaid(0, 2) in events and task(state, 0).gains == (GOAT, GOAT)
    state, _ = play(state, 0, PlaceItem(GOAT, 1, 3), PlaceItem(GOAT, 1, 6))
    assert player(state, 0).taken[4] == 2 and player(state, 0).gold == 0


def test_AT_18_AT_G12_gold_times_nature_symbols() -> None:
    area = [village({8: "family"}), card(27, 1, 2), card(5, 1, 4), card(7, 2, 3)]  # 2 + 1 + 0 symbols
    state, events = play(with_area(start(), 0, area), 0, PlaceWorker("GN1"))
    assert ActionStarted(0, 0, 3) in events and player(state, 0).gold == 3
    bare, events = play(start(), 0, PlaceWorker("GN1"))  # no terrain cards: nothing (AT-G12)
    assert player(bare, 0).gold == 0 and WorkerActionEnded(0) in events


def test_AT_19_terrain_bonus_after_the_main_action_with_four_terrain_cards() -> None:
    area = [village({8: "family"}), card(5, 1, 1), card(6, 1, 2), card(10, 1, 4)]
    state = with_area(start(), 0, area)
    state, _ = play(state, 0, PlaceWorker("TD"), DrawTerrain(), PlaceCard(2, 3))
    assert player(state, 0).gold == 1  # the fourth terrain card: the bonus gold follows by itself
    three = with_area(start(), 0, area[:3])
    three, _ = play(three, 0, PlaceWorker("TD"), DrawTerrain(), PlaceCard(2, 3))
    assert player(three, 0).gold == 0
    skipped = with_area(start(), 0, [*area, card(11, 2, 3)])
    skipped, events = play(skipped, 0, PlaceWorker("TD"), Pass())  # main action not performed: no bonus
    assert player(skipped, 0).gold == 0 and ActionFinished(0, False) in events


def test_AT_20_location_pay_trees_and_gold_take_card_and_marker() -> None:
    area = [village({2: "tree+fruit", 8: "family"}), card(2, 1, 2, {1: "tree", 2: "tree"})]
    state = with_area(game(seats=2, start=1), 0, area, gold=3)
    state, _ = play(state, 1, PlaceWorker("TT1"), Pass())
    state, _ = play(state, 0, PlaceWorker("FA_R"))
    assert set(at.legal_commands(state, 0)) == {PayTree(0, 2), PayTree(1, 1), PayTree(1, 2), Pass()}
    state, events = play(state, 0, PayTree(0, 2))
    assert TreePaid(0, 0, 2) in events and player(state, 0).taken[2] == 0  # its fruit went back too (AT-52)
    assert Pass() not in at.legal_commands(state, 0)
    state, events = play(state, 0, PayTree(1, 1), PlaceCard(2, 3))
    assert LocationBought(0, Location.FARM, 3, 2, 3) in events
    p = player(state, 0)
    assert p.gold == 0 and p.cards[-1].cid == "FARM" and state.start_player == 0 and state.stacks[0] == 9


def test_AT_20_AT_G10_location_not_allowed_without_full_payment_or_stack() -> None:
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree"})]
    poor = with_area(start(), 0, area, gold=2)
    poor, events = play(poor, 0, PlaceWorker("FA_R"))  # 3 gold needed
    assert WorkerActionEnded(0) in events and poor.start_player == 0 and len(player(poor, 0).cards) == 2
    empty = replace(with_area(start(), 0, area, gold=5), stacks=(0, 10, 10, 4))
    empty, events = play(empty, 0, PlaceWorker("FA_L"))
    assert WorkerActionEnded(0) in events


def test_AT_21_round_space_family() -> None:
    state, _ = play(start(), 0, PlaceWorker("R1"), StartAction(0))
    legal = set(at.legal_commands(state, 0))
    assert {PlaceItem(FAMILY, 0, 6), PlaceItem(FAMILY, 0, 7), PlaceItem(FAMILY, 0, 6, True)} <= legal
    state, _ = play(state, 0, PlaceItem(FAMILY, 0, 6))
    assert field(state, 0, 0, 6) == (FAM, EMPTY) and player(state, 0).taken[3] == 2


def test_AT_22_bats_into_empty_huts() -> None:
    # TL_B on position 3 in round 1
    state = with_area(
        start(tiles=("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")),
        0,
        [
            village({8: "family"}),
            card(16, 1, 2),
        ],
    )
    assert round_space(state.tiles, 1, 3)[1] == "TL_B"
    state, _ = play(state, 0, PlaceWorker("R3"), StartAction(0))
    legal = set(at.legal_commands(state, 0))
    assert legal == {PlaceItem(BATK, 0, 6), PlaceItem(BATK, 0, 7), PlaceItem(BATK, 1, 8), Pass()}


def test_AT_23_AT_T09_independent_actions_three_bats_and_a_gold() -> None:
    area = [village({2: "tree+fruit", 8: "trained"}), card(14, 1, 2)]
    state = with_area(start(), 0, area)
    state, _ = play(state, 0, PlaceWorker("CH1"), StartAction(0), PlaceItem(BATK, 1, 1))
    state, _ = play(state, 0, ChooseAlternative(0), PlaceItem(BATK, 1, 2), PlaceItem(BATK, 1, 3))
    p = player(state, 0)
    assert p.gold == 1 and count(p, BATK) == 3
    # AT-T09: the fruit bat action: 3 bats to the night card, the only fruit back, the tree on the only room
    assert task(state, 0).step is Step.FRUIT_BAT
    state, _ = play(state, 0, FlyBat(1, 1), FlyBat(1, 2), FlyBat(1, 3))
    assert at.legal_commands(state, 0) == [PayFruit(0, 2)]
    state, events = play(state, 0, PayFruit(0, 2))
    assert FruitPaid(0, 0, 2) in events
    assert at.legal_commands(state, 0) == [PlaceItem(TREE, 0, 4)]  # the Village's empty field
    state, events = play(state, 0, PlaceItem(TREE, 0, 4))
    p = player(state, 0)
    assert p.night == 3 and p.taken[2] == 0 and p.taken[1] == 2 and events[-1] == TurnEnded(0)


def test_AT_24_gold_must_be_owned_when_paying() -> None:
    state = with_area(start(), 0, [village({8: "family"})], gold=1)
    state, events = play(state, 0, PlaceWorker("EF"))
    assert WorkerActionEnded(0) in events and player(state, 0).gold == 1


# --- AT-25..AT-29 the round track ----------------------------------------------------------------------


def test_AT_25_AT_26_AT_T10_round_track_spaces() -> None:
    tiles = ("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")
    r1p1, tile = round_space(tiles, 1, 1)
    assert tile == "" and [a.act for a in r1p1] == [Act.TAKE, Act.TRAIN] and r1p1[0].items == ((FAMILY, 1),)
    r1p2, tile = round_space(tiles, 1, 2)
    assert tile == "TL_A" and r1p2[0].items == ((TREE, 2), (BATK, 1), (WILD, 1))
    r2p1, tile = round_space(tiles, 2, 1)
    assert tile == "TL_A" and [a.act for a in r2p1] == [Act.TAKE, Act.TRAIN] and r2p1[0].items == ((TREE, 2),)
    r2p2, tile = round_space(tiles, 2, 2)
    assert tile == "" and r2p2[0].items == ((FAMILY, 1), (BATK, 1), (WILD, 1))
    for rnd in range(1, 8):
        assert sorted(round_space(tiles, rnd, p)[1] for p in range(1, 8)) == sorted(["", *tiles])


def test_AT_27_AT_89_tile_slides_each_round() -> None:
    tiles = ("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")
    for rnd in range(1, 7):
        assert round_space(tiles, rnd, rnd + 1)[1] == round_space(tiles, rnd + 1, rnd)[1]
        assert round_space(tiles, rnd + 1, rnd + 1)[1] == ""


def test_AT_28_AT_T17_family_trained_at_once_keeps_a_hut_bat() -> None:
    area = [village({6: "bat", 8: "family"})]
    # round 1 round space: family + training
    state, _ = play(with_area(start(), 0, area), 0, PlaceWorker("R1"), StartAction(0))
    state, events = play(state, 0, PlaceItem(FAMILY, 0, 6, True))
    assert ItemPlaced(0, FAMILY, 0, 6, True, False) in events and field(state, 0, 0, 6) == (TRN, BAT)
    assert at.status(state).to_act == (1,)  # the training was used by the combination: nothing left
    # untrained, the bat goes back to the general supply
    state, _ = play(with_area(start(), 0, area), 0, PlaceWorker("R1"), StartAction(0))
    state, events = play(state, 0, PlaceItem(FAMILY, 0, 6))
    assert ItemPlaced(0, FAMILY, 0, 6, False, True) in events and field(state, 0, 0, 6) == (FAM, EMPTY)
    # round 4 round space: no training, so only untrained
    r4 = replace(with_area(start(), 0, area), round=4)
    r4, _ = play(r4, 0, PlaceWorker("R4"))
    assert PlaceItem(FAMILY, 0, 6) in at.legal_commands(r4, 0)
    assert PlaceItem(FAMILY, 0, 6, True) not in at.legal_commands(r4, 0)


def test_AT_29_known_tiles() -> None:
    tiles = ("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")
    assert round_space(tiles, 1, 2)[0][0].items[0] == (TREE, 2)
    assert round_space(tiles, 1, 3)[0][0].act is Act.BATS_INTO_HUTS


def test_AT_T16_start_marker_changes_hands_but_not_the_order() -> None:
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree", 2: "tree", 6: "tree"})]
    state = game(seats=3, start=0)
    for seat in (0, 2):
        state = with_area(state, seat, area, gold=6)
    state, _ = play(state, 0, PlaceWorker("TT1"), Pass())
    state, _ = play(state, 1, PlaceWorker("TT2"), Pass())
    state, _ = play(state, 2, PlaceWorker("FA_L"), PayTree(0, 2), PayTree(1, 1), PlaceCard(2, 3))
    assert state.start_player == 2
    state, _ = play(state, 0, PlaceWorker("VI_L"), PayTree(0, 2), PayTree(1, 1), PayTree(1, 2), PayTree(1, 6))
    state, _ = play(state, 0, PlaceCard(1, 4))
    assert state.start_player == 0 and at.status(state).to_act == (1,)
    assert space_actions(state, "VI_L")[0].location == "VILLAGE"
