"""Setup (GA-S1..S7W), components and card data (GA-G*), options and modes (GA-V*)."""

from __future__ import annotations

from collections import Counter
from functools import reduce

import pytest

from service.rules import grasshopper_ant as ga
from service.rules.catalog import RULES
from service.rules.core import InvalidOptions, Rng, normalize_options
from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    CARD,
    INSECT_POINTS,
    INSECT_POWER,
    PATH_TYPES,
    POWER_INSECT,
    POWERS,
    PROVISION_KINDS,
    SHELF_POINTS,
    SHELF_POSITIONS,
    Insect,
    Mode,
    PathType,
    Power,
    provision_kind,
    provisions_for,
)
from service.rules.grasshopper_ant.messages import Event, GameSetUp, RoundStarted
from service.rules.grasshopper_ant.state import BOXED, CENTRE, Phase, State, red_ants
from tests.rules.grasshopper_ant.ga_support import options


def start(seats: int, seed: bytes = b"setup", **opts: object) -> tuple[State, list[Event]]:
    opt = options(seats, **opts)
    events = ga.setup(opt, seats, Rng(seed, 1))
    return reduce(ga.evolve, events, ga.initial_state(seats, opt)), events


def test_surface_and_registration() -> None:
    assert ga.name == "grasshopper-and-ant"
    assert ga.version == 1
    assert (ga.metadata.min_players, ga.metadata.max_players) == (2, 4)
    assert {o.name for o in ga.metadata.options} >= {"mode", "powers"}
    assert all(o.description for o in ga.metadata.options)
    assert RULES["grasshopper-and-ant"] is ga


def test_GA_S1_sixteen_cards_face_up_in_the_grid_the_rest_face_down() -> None:
    state, events = start(2)
    setup = events[0]
    assert isinstance(setup, GameSetUp)
    assert len(setup.grid) == 16 and len(set(setup.grid)) == 16
    assert state.grid == setup.grid
    assert len(state.deck) == 32
    assert sorted(state.deck + setup.grid) == sorted(ALL_PATH_IDS)
    # the same seed deals the same grid; another seed another one
    assert start(2)[1] == events
    assert start(2, seed=b"other")[1][0] != setup


def test_GA_S2_first_ant_is_the_youngest_by_option_or_random() -> None:
    for seat in range(3):
        state, _ = start(3, first_ant=seat)
        assert state.ant == seat
    firsts = {start(4, seed=bytes([i]))[0].ant for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    with pytest.raises(InvalidOptions):
        start(2, first_ant=2)


def test_GA_S3_first_cicada_sits_left_of_the_ant() -> None:
    for seats in (2, 3, 4):
        for ant in range(seats):
            state, events = start(seats, first_ant=ant)
            assert state.cicada == (ant + 1) % seats
            assert events[-1] == RoundStarted(round=1, ant=ant, cicada=(ant + 1) % seats)
            assert state.phase is Phase.ANT_PLACE


def test_GA_S4A_autumn_no_cube_on_any_shelf() -> None:
    state, _ = start(4, mode="autumn")
    assert state.shelves == ((0, 0, 0, 0),) * 4
    assert state.supplies == ((),) * 4 and state.market == () and state.power_owner == ()
    assert len(ga.view(state, 0)["pantry"]) == 4


def test_GA_S4W_winter_each_player_starts_a_supply_with_one_card() -> None:
    state, _events = start(3, mode="winter", first_ant=1)
    assert all(len(s) == 1 for s in state.supplies)
    assert len(state.deck) == 48 - 16 - 3
    dealt = [c for s in state.supplies for c in s] + [c for c in state.grid if c] + list(state.deck)
    assert sorted(dealt) == sorted(ALL_PATH_IDS)


@pytest.mark.parametrize(("seats", "in_play"), [(2, 8), (3, 12), (4, 14)])
def test_GA_S5W_provisions_filtered_by_player_count_three_in_the_market(seats: int, in_play: int) -> None:
    state, _ = start(seats, mode="winter")
    assert len(state.provisions_in_play) == in_play
    assert len(state.market) == 3
    assert len(state.provision_deck) == in_play - 3
    assert all(provision_kind(p).players <= seats for p in state.provisions_in_play)
    assert sorted(state.market + state.provision_deck) == sorted(state.provisions_in_play)


def test_GA_T20_provision_filter_8_12_14() -> None:
    assert [len(provisions_for(n)) for n in (2, 3, 4)] == [8, 12, 14]
    assert {provision_kind(p).id for p in provisions_for(2)} == {"PV-WHEAT", "PV-BERRY", "PV-HAZEL", "PV-APPLE"}


def test_GA_S6W_red_ants_are_everyone_else_in_winter_with_3_or_4() -> None:
    state, _ = start(4, mode="winter", first_ant=2)
    assert red_ants(state) == (0, 1)
    assert ga.view(state, None)["roles"] == ["red_ant", "red_ant", "ant", "cicada"]
    assert red_ants(start(2, mode="winter")[0]) == ()
    autumn, _ = start(4, mode="autumn", first_ant=2)
    assert red_ants(autumn) == ()
    assert ga.view(autumn, None)["roles"] == ["idle", "idle", "ant", "cicada"]


def test_GA_S7W_four_of_six_power_cards_in_the_centre() -> None:
    state, events = start(3, mode="winter", powers=True)
    setup = events[0]
    assert isinstance(setup, GameSetUp) and len(setup.powers_in_play) == 4
    assert Counter(state.power_owner) == {CENTRE: 4, BOXED: 2}
    picks = {start(3, seed=bytes([i]), mode="winter", powers=True)[0].power_owner for i in range(20)}
    assert len(picks) > 1
    host, _ = start(2, mode="winter", powers=True, power_cards="BEE, PW-BEETLE, butterfly, LADYBUG")
    assert [p for p, o in zip(POWERS, host.power_owner, strict=True) if o == CENTRE] == [
        Power.BEE,
        Power.BEETLE,
        Power.LADYBUG,
        Power.BUTTERFLY,
    ]
    for bad in ("BEE,BEETLE,LADYBUG", "BEE,BEE,BEETLE,LADYBUG", "BEE,BEETLE,LADYBUG,WASP"):
        with pytest.raises(InvalidOptions):
            start(2, mode="winter", powers=True, power_cards=bad)


def test_invalid_option_combinations() -> None:
    with pytest.raises(InvalidOptions):
        start(2, mode="autumn", powers=True)
    with pytest.raises(InvalidOptions):
        start(2, mode="winter", autumn_open=True)
    with pytest.raises(InvalidOptions):
        start(2, mode="winter", power_cards="BEE,BEETLE,LADYBUG,BUTTERFLY")
    with pytest.raises(InvalidOptions):
        normalize_options(ga.metadata, 2, {"mode": "spring"})
    with pytest.raises(InvalidOptions):
        normalize_options(ga.metadata, 5, {})
    with pytest.raises(InvalidOptions):
        ga.setup(options(2), 5, Rng(b"x", 1))


def test_GA_V1_autumn_is_the_default_mode() -> None:
    opts = normalize_options(ga.metadata, 2, {})
    assert opts["mode"] == "autumn" and opts["powers"] is False
    assert ga.initial_state(2, opts).mode is Mode.AUTUMN


def test_GA_V3_winter_mode_option() -> None:
    state, _ = start(2, mode="winter")
    assert state.mode is Mode.WINTER
    assert "supplies" in ga.view(state, 0) and "pantry" not in ga.view(state, 0)


def test_GA_V4_power_to_the_beetle_is_winter_only() -> None:
    spec = next(o for o in ga.metadata.options if o.name == "powers")
    assert spec.type is bool and spec.default is False and "Winter only" in spec.description
    assert start(2, mode="winter", powers=True)[0].powers


# --- components and card data (§2, §3, GA-G*) -------------------------------------------------------


def test_GA_G1_twelve_path_cards_of_each_of_the_four_types() -> None:
    assert len(ALL_PATH_IDS) == 48
    assert Counter(CARD[c].type for c in ALL_PATH_IDS) == {t: 12 for t in PATH_TYPES}


def test_GA_G2_one_card_of_each_insect_per_type_24_plain() -> None:
    insects = [CARD[c].insect for c in ALL_PATH_IDS]
    assert insects.count(None) == 24
    assert Counter(i for i in insects if i is not None) == {i: 4 for i in Insect}
    for t in PATH_TYPES:
        assert sorted(str(CARD[c].insect) for c in ALL_PATH_IDS if CARD[c].type is t and CARD[c].insect) == sorted(
            str(i) for i in Insect
        )


def test_GA_G3_insect_table_mirrors_the_shelf_table() -> None:
    assert INSECT_POINTS == (0, 1, 3, 6, 10)


def test_GA_G4_provision_prices_of_three_or_four_symbols() -> None:
    assert len(PROVISION_KINDS) == 7
    assert all(3 <= len(k.price) <= 4 for k in PROVISION_KINDS)
    assert next(k for k in PROVISION_KINDS if k.id == "PV-WHEAT").price == (PathType.TC, PathType.TC, PathType.ST)


def test_GA_G5_player_count_numbers_four_twos_two_threes_one_four() -> None:
    assert Counter(k.players for k in PROVISION_KINDS) == {2: 4, 3: 2, 4: 1}


def test_GA_G6_power_insect_pairing() -> None:
    assert len(POWERS) == 6
    assert set(POWER_INSECT.values()) == set(Insect)
    assert INSECT_POWER[Insect.BUTTERFLY] is Power.BUTTERFLY


def test_GA_G7_path_types_are_the_four_enums() -> None:
    assert [t.value for t in PATH_TYPES] == ["TC", "TL", "ST", "WD"]


def test_GA_G8_four_shelf_positions_five_values() -> None:
    assert SHELF_POSITIONS == 4 and SHELF_POINTS == (0, 1, 3, 6, 10)


def test_GA_G11_power_selection_random_unless_the_host_chooses() -> None:
    spec = next(o for o in ga.metadata.options if o.name == "power_cards")
    assert spec.default == "random"


def test_GA_G12_initial_supply_draws_in_seat_order_from_the_ant() -> None:
    # The draws are uniform over the deck, so the order has no strategic effect; it is still fixed by the seed.
    a, _ = start(4, mode="winter", first_ant=2)
    b, _ = start(4, mode="winter", first_ant=2)
    assert a.supplies == b.supplies
