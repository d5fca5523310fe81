"""The display update after a turn: compaction, anteaters, refill (AN-60..66, AN-R3, AN-T09)."""

from __future__ import annotations

from dataclasses import replace

from service.rules import antics
from service.rules.antics.data import SITE_INDEX, SITES, Action, Hatchery, Meal, Token, is_fungus_tile
from service.rules.antics.evolve import evolve
from service.rules.antics.messages import (
    AnteaterArrived,
    AnteaterReturned,
    DisplayCompacted,
    DisplayRow,
    EndTurn,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    HatcheryEaten,
    PreyEaten,
    PreyExhausted,
    ScoutTile,
    TilesDrawn,
    TurnStarted,
    UseMagnificANT,
)
from service.rules.antics.state import Phase, State
from tests.rules.antics.antics_support import (
    acting,
    fresh,
    in_hatchery,
    names,
    on_turn,
    refused,
    run,
    set_row,
    set_site,
)


def anteater_at_2(state: State, row: int = 2) -> tuple[State, tuple[int, ...]]:
    """Row `row` reads [t, A, t, t, t, t] (its own five tiles)."""
    tiles = tuple(t for t in state.display[row - 1].tiles if t is not None)
    return set_row(state, row, (tiles[0], None, *tiles[1:]), anteater=2), tiles


def test_AN_T09_anteater_reaches_column_1_and_eats_prey() -> None:
    state, (_, b, c, d, e) = anteater_at_2(fresh(4))
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(2, 1))
    state, events = run(state, 0, EndTurn())
    assert names(events) == ["TurnEnded", "DisplayCompacted", "AnteaterArrived"]
    assert events[1].rows[1] == DisplayRow(tiles=(None, b, c, d, e, None), anteater=1)
    assert events[2] == AnteaterArrived(row=2, counter=1, meal=Meal.PREY)
    assert state.phase is Phase.FEEDING and antics.status(state).to_act == (0,)
    assert antics.legal_commands(state, 0) == [FeedPrey(site) for site in SITES[:6]]
    state, events = run(state, 0, FeedPrey("P3"))
    assert events[0] == PreyEaten(seat=0, site="P3", prey=Token.GRASSHOPPER)
    assert events[1] == AnteaterReturned(row=2, layout=DisplayRow(tiles=(b, c, d, e, None, None), anteater=6))
    drawn = events[2]
    assert isinstance(drawn, TilesDrawn) and [(p.row, p.column) for p in drawn.placements] == [(2, 5)]
    assert state.display[1].tiles[:4] == (b, c, d, e) and state.display[1].tiles[4] is not None
    assert state.sites[SITE_INDEX["P3"]] == 2 and isinstance(events[-1], TurnStarted)


def test_AN_60_tiles_close_up_and_the_anteater_moves_with_them() -> None:
    state = fresh(4)
    _, t2, _, t4, t5 = state.display[0].tiles[:5]
    state, _ = run(acting(state, 0, Action.SCOUT, 3), 0, ScoutTile(1, 1), ScoutTile(1, 3), FinishAction())
    state, events = run(state, 0, EndTurn())
    compacted = events[1]
    assert isinstance(compacted, DisplayCompacted)
    assert compacted.rows[0] == DisplayRow(tiles=(t2, t4, t5, None, None, None), anteater=4)
    assert compacted.rows[1] == state.display[1] and state.display[0].anteater == 4
    assert all(t is not None for t in state.display[0].tiles[:3] + state.display[0].tiles[4:])  # refilled


def test_AN_60_tiles_behind_the_anteater_follow_it() -> None:
    state, (a, _, c, d, e) = anteater_at_2(fresh(4))
    state, _ = run(acting(state, 0, Action.SCOUT, 3), 0, ScoutTile(2, 3), FinishAction())
    _, events = run(state, 0, EndTurn())
    assert events[1].rows[1] == DisplayRow(tiles=(a, None, c, d, e, None), anteater=2)


def test_AN_G18_after_the_bag_is_empty_an_anteater_does_not_slide_into_a_gap() -> None:
    state = replace(fresh(4), bag=())
    t = tuple(x for x in state.display[0].tiles if x is not None)
    state = set_row(state, 1, (t[0], t[1], t[2], t[3], None, None), anteater=6)
    state = on_turn(state, 0)
    _, events = run(state, 0, EndTurn())
    assert "DisplayCompacted" not in names(events)  # nothing taken: the anteater stays in column 6
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(1, 1))
    _, events = run(state, 0, EndTurn())
    assert events[1].rows[0] == DisplayRow(tiles=(t[1], t[2], t[3], None, None, None), anteater=5)


def test_AN_61_guide_cycle_prey_hatchery_choice() -> None:
    assert [replace_counter(n) for n in (1, 2, 3, 4, 5, 6)] == [Meal.PREY, Meal.HATCHERY, Meal.CHOICE] * 2


def replace_counter(counter: int) -> Meal:
    state, _ = anteater_at_2(replace(fresh(4), counter=counter - 1))
    state = in_hatchery(state, 1, Hatchery.MOSS, 2)
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(2, 1))
    _, events = run(state, 0, EndTurn())
    arrived = events[-1]
    assert isinstance(arrived, AnteaterArrived) and arrived.counter == counter
    return arrived.meal


def feeding(counter: int, hatch: bool = True, prey: bool = True) -> State:
    state, _ = anteater_at_2(replace(fresh(4), counter=counter - 1))
    if hatch:
        state = in_hatchery(in_hatchery(state, 1, Hatchery.MOSS, 2), 3, Hatchery.MOSS, 1)
    if not prey:
        for site in SITES[:6]:
            state = set_site(state, site, 0)
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(2, 1))
    state, _ = run(state, 0, EndTurn())
    return state


def test_AN_61_hatchery_meal_sends_every_ant_home() -> None:
    state = feeding(2)
    assert antics.legal_commands(state, 0) == [FeedHatchery(Hatchery.MOSS)]
    refused(state, 0, FeedPrey("P1"), "NOT_ON_MENU")
    refused(state, 1, FeedHatchery(Hatchery.MOSS), "NOT_YOUR_TURN")  # the seat whose turn ended chooses
    after, events = run(state, 0, FeedHatchery(Hatchery.MOSS))
    assert events[0] == HatcheryEaten(seat=0, hatchery=Hatchery.MOSS, ants=(0, 2, 0, 1))
    assert after.hatcheries[3] == (0, 0, 0, 0) and after.players[1].ants == 12 and after.players[3].ants == 12


def test_AN_61_choice_box_offers_both_menus() -> None:
    listed = antics.legal_commands(feeding(3), 0)
    assert listed == [*(FeedPrey(site) for site in SITES[:6]), FeedHatchery(Hatchery.MOSS)]


def test_AN_61_fallbacks() -> None:
    assert antics.legal_commands(feeding(1, prey=False), 0) == [FeedHatchery(Hatchery.MOSS)]
    assert antics.legal_commands(feeding(2, hatch=False), 0) == [FeedPrey(site) for site in SITES[:6]]
    state = feeding(1, hatch=False, prey=False)  # nothing to eat: nothing happens
    assert state.phase is Phase.ACTIONS and state.current == 1 and state.display[1].anteater == 6


def test_AN_G6_eaten_prey_leaves_the_game() -> None:
    state = set_site(feeding(1), "P6", 1)
    after, events = run(state, 0, FeedPrey("P6"))
    assert PreyExhausted(Token.DRAGONFLY) in events and after.sites[SITE_INDEX["P6"]] == 0
    assert all(Token.DRAGONFLY not in p.prey for p in after.players)


def test_AN_62_anteater_goes_back_to_column_6() -> None:
    state = feeding(1)
    after, events = run(state, 0, FeedPrey("P1"))
    returned = events[1]
    assert isinstance(returned, AnteaterReturned) and returned.layout.anteater == 6
    assert returned.layout.tiles[4:] == (None, None) and after.display[1].anteater == 6


def test_AN_G7_two_anteaters_in_one_update_are_fed_top_row_first() -> None:
    state, _ = anteater_at_2(fresh(4), row=1)
    state, _ = anteater_at_2(state, row=3)
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(1, 1))
    state, _ = run(state, 0, UseMagnificANT(Action.SCOUT), ScoutTile(3, 1))
    state, events = run(state, 0, EndTurn())
    assert events[-1] == AnteaterArrived(row=1, counter=1, meal=Meal.PREY)
    state = in_hatchery(state, 2, Hatchery.SAND, 1)
    state, events = run(state, 0, FeedPrey("P2"))
    assert events[-1] == AnteaterArrived(row=3, counter=2, meal=Meal.HATCHERY)
    state, events = run(state, 0, FeedHatchery(Hatchery.SAND))
    assert isinstance(events[-1], TurnStarted) and [r.anteater for r in state.display] == [6, 6, 6]


def check_refill(before: State, drawn: TilesDrawn) -> None:
    """Each placement is the AN-63 choice among the gaps still open at that draw (columns 1-6)."""
    gaps = {
        (c, r)
        for r, row in enumerate(before.display, start=1)
        for c in range(1, 7)
        if row.tiles[c - 1] is None and row.anteater != c
    }
    for p in drawn.placements:
        if is_fungus_tile(p.tile):
            top = max(c for c, _ in gaps)
            expected = min((c, r) for c, r in gaps if c == top)
        else:
            expected = min(gaps)
        assert (p.column, p.row) == expected
        gaps.remove(expected)
    assert not gaps or len(drawn.placements) == len(before.bag)


def test_AN_63_refill_fungus_to_the_highest_column_others_to_the_lowest() -> None:
    state, checked = fresh(4), 0
    for n in range(12):
        seat = state.current
        state = acting(state, seat, Action.SCOUT, 3)
        for column in (1, 2, 3):
            options = [c for c in antics.legal_commands(state, seat) if isinstance(c, ScoutTile) and c.column == column]
            if options:
                state, _ = run(state, seat, options[n % len(options)])
        if state.phase is Phase.ACTION:
            state, _ = run(state, seat, FinishAction())
        pre = state
        state, events = run(state, seat, EndTurn(), seed=bytes([n]))
        while state.phase is Phase.FEEDING:
            state, more = run(state, seat, antics.legal_commands(state, seat)[0])
            events += more
        for event in events:
            if isinstance(event, TilesDrawn):
                check_refill(pre, event)
                checked += 1
            pre = evolve(pre, event)
    assert checked >= 12


def test_AN_64_rows_hold_five_tiles_and_an_anteater_while_the_bag_lasts() -> None:
    state = fresh(3)
    for n in range(9):
        seat = state.current
        state = acting(state, seat, Action.SCOUT, 3)
        for column in (1, 2, 3):
            options = [c for c in antics.legal_commands(state, seat) if isinstance(c, ScoutTile) and c.column == column]
            if options:
                state, _ = run(state, seat, options[-1])
        if state.phase is Phase.ACTION:
            state, _ = run(state, seat, FinishAction())
        state, _ = run(state, seat, EndTurn(), seed=bytes([n]))
        while state.phase is Phase.FEEDING:
            state, _ = run(state, seat, antics.legal_commands(state, seat)[0])
        assert state.bag
        for row in state.display:
            assert sum(t is not None for t in row.tiles) == 5 and row.tiles[row.anteater - 1] is None


def test_AN_66_anteaters_keep_eating_after_the_bag_is_empty() -> None:
    state, _ = anteater_at_2(replace(fresh(4), bag=()))
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(2, 1))
    state, events = run(state, 0, EndTurn())
    assert isinstance(events[-1], AnteaterArrived)
    state, events = run(state, 0, FeedPrey("P1"))
    assert "TilesDrawn" not in names(events)


def test_AN_R3_refill_draws_are_seeded_and_recorded() -> None:
    state = fresh(4)
    state, _ = run(acting(state, 0, Action.SCOUT, 1), 0, ScoutTile(1, 1))
    _, one = run(state, 0, EndTurn(), seed=b"one")
    _, again = run(state, 0, EndTurn(), seed=b"one")
    draws = {
        tuple(e.placements)
        for seed in (b"a", b"b", b"c", b"d")
        for e in run(state, 0, EndTurn(), seed=seed)[1]
        if isinstance(e, TilesDrawn)
    }
    assert one == again and len(draws) > 1
    drawn = next(e for e in one if isinstance(e, TilesDrawn))
    assert all(p.tile in state.bag for p in drawn.placements)
