"""evolve: one handler per event (EVOLVERS). Never fails, never draws: every outcome is in the event."""

from __future__ import annotations

from typing import Any

from service.rules.antics.data import (
    ANTEATER_START_COLUMN,
    BAG_TILES,
    DISPLAY_COLUMNS,
    DISPLAY_ROWS,
    HATCHERIES,
    SEGMENT_INDEX,
    SEGMENTS,
    SITE_INDEX,
    Token,
)
from service.rules.antics.messages import (
    ActionFinished,
    ActionTaken,
    AntDeployed,
    AnteaterArrived,
    AnteaterReturned,
    AntHatched,
    AntRecalled,
    DisplayCompacted,
    DisplayRow,
    EndTriggered,
    Event,
    GameFinished,
    GameStarted,
    HatcheryEaten,
    PreyEaten,
    PreyExhausted,
    TileBuilt,
    TileScouted,
    TilesDrawn,
    TokenDelivered,
    TokenPassed,
    TokenPickedUp,
    TokenStolen,
    TurnEnded,
    TurnStarted,
)
from service.rules.antics.state import Ant, Cell, Feeding, Pending, Phase, Player, State, ant_at, cell_map
from service.rules.core import replace, replaced
from service.rules.kit import Evolvers

EVOLVERS: Evolvers[State, Event] = Evolvers("Antics!")


def evolve(state: State, event: Event) -> State:
    return EVOLVERS.evolve(state, event)


@EVOLVERS.on(GameStarted)
def _game_started(state: State, event: GameStarted) -> State:
    return replace(
        state,
        seats=event.seats,
        two_player=event.two_player_variant,
        start_seat=event.start_seat,
        current=event.start_seat,
        players=tuple(Player(tiles=(t,)) for t in event.starting_tiles),
        hatcheries=tuple((0,) * event.seats for _ in HATCHERIES),
        paths=tuple(() for _ in SEGMENTS),
        sites=tuple(stock.count for stock in event.sites),
        bag=BAG_TILES,
        display=tuple(
            DisplayRow(tiles=(None,) * DISPLAY_COLUMNS, anteater=ANTEATER_START_COLUMN) for _ in range(DISPLAY_ROWS)
        ),
        phase=Phase.UPDATE,
    )


@EVOLVERS.on(TilesDrawn)
def _tiles_drawn(state: State, event: TilesDrawn) -> State:
    rows = [list(r.tiles) for r in state.display]
    for p in event.placements:
        rows[p.row - 1][p.column - 1] = p.tile
    drawn = {p.tile for p in event.placements}
    return replace(
        state,
        display=tuple(
            DisplayRow(tiles=tuple(t), anteater=r.anteater) for t, r in zip(rows, state.display, strict=True)
        ),
        bag=tuple(t for t in state.bag if t not in drawn),
    )


@EVOLVERS.on(TurnStarted)
def _turn_started(state: State, event: TurnStarted) -> State:
    return replace(
        state,
        phase=Phase.ACTIONS,
        current=event.seat,
        round=event.round,
        turn=state.turn + 1,
        actions=event.actions,
        markers=0,
        used_hexes=(),
        magnificant_used=False,
        pending=None,
        taken=(),
        feeding=None,
        final_turns_left=event.final_turns_left,
    )


@EVOLVERS.on(ActionTaken)
def _action_taken(state: State, event: ActionTaken) -> State:
    q, r = event.q, event.r
    used = state.used_hexes if q is None or r is None else tuple(sorted((*state.used_hexes, (q, r))))
    return replace(
        state,
        phase=Phase.ACTION,
        markers=state.markers + 1,
        used_hexes=used,
        magnificant_used=state.magnificant_used or q is None,
        pending=Pending(action=event.action, level=event.level, remaining=event.level),
    )


@EVOLVERS.on(TileScouted)
def _tile_scouted(state: State, event: TileScouted) -> State:
    row = state.display[event.row - 1]
    pending = state.pending
    assert pending is not None
    p = state.players[event.seat]
    return replace(
        state,
        pending=replace(pending, remaining=pending.remaining - 1, columns=(*pending.columns, event.column)),
        display=replaced(state.display, event.row - 1, replace(row, tiles=replaced(row.tiles, event.column - 1, None))),
        taken=tuple(sorted((*state.taken, (event.row, event.column)))),
        players=_player(state, event.seat, tiles=tuple(sorted((*p.tiles, event.tile)))),
    )


@EVOLVERS.on(TileBuilt)
def _tile_built(state: State, event: TileBuilt) -> State:
    return _step(state, players=_built(state, event))


@EVOLVERS.on(AntHatched)
def _ant_hatched(state: State, event: AntHatched) -> State:
    seat, h = event.seat, HATCHERIES.index(event.hatchery)
    pending = state.pending
    assert pending is not None
    return replace(
        state,
        pending=replace(pending, remaining=pending.remaining - 1, hatched=(*pending.hatched, event.hatchery)),
        players=_player(state, seat, ants=state.players[seat].ants - 1),
        hatcheries=replaced(state.hatcheries, h, replaced(state.hatcheries[h], seat, state.hatcheries[h][seat] + 1)),
    )


@EVOLVERS.on(AntDeployed)
def _ant_deployed(state: State, event: AntDeployed) -> State:
    seat, h = event.seat, HATCHERIES.index(event.hatchery)
    return _step(
        state,
        hatcheries=replaced(state.hatcheries, h, replaced(state.hatcheries[h], seat, state.hatcheries[h][seat] - 1)),
        paths=_set_ant(state, event.segment, seat, Ant(seat=seat, soldier=event.soldier)),
    )


@EVOLVERS.on(AntRecalled)
def _ant_recalled(state: State, event: AntRecalled) -> State:
    seat = event.seat
    return _step(
        state,
        paths=_set_ant(state, event.segment, seat, None),
        players=_player(state, seat, ants=state.players[seat].ants + 1),
    )


@EVOLVERS.on(TokenPickedUp)
def _token_picked_up(state: State, event: TokenPickedUp) -> State:
    return _step(
        state,
        sites=_add_site(state, event.site, -1),
        paths=_carry(state, event.segment, event.seat, event.token),
    )


@EVOLVERS.on(TokenPassed)
def _token_passed(state: State, event: TokenPassed) -> State:
    moved = replace(state, paths=_carry(state, event.from_segment, event.seat, None))
    return _step(state, paths=_carry(moved, event.to_segment, event.seat, event.token))


@EVOLVERS.on(TokenDelivered)
def _token_delivered(state: State, event: TokenDelivered) -> State:
    seat = event.seat
    return _step(
        state,
        paths=_carry(state, event.segment, seat, None),
        players=replaced(state.players, seat, _collect(state.players[seat], event.token)),
    )


@EVOLVERS.on(TokenStolen)
def _token_stolen(state: State, event: TokenStolen) -> State:
    robbed = replace(state, paths=_carry(state, event.segment, event.victim, None))
    return replace(state, paths=_carry(robbed, event.segment, event.seat, event.token))


@EVOLVERS.on(PreyExhausted)
def _prey_exhausted(state: State, event: PreyExhausted) -> State:
    return replace(state, exhausted=(*state.exhausted, event.prey))


@EVOLVERS.on(ActionFinished)
def _action_finished(state: State, event: ActionFinished) -> State:
    return replace(state, phase=Phase.ACTIONS, pending=None)


@EVOLVERS.on(TurnEnded)
def _turn_ended(state: State, event: TurnEnded) -> State:
    return replace(state, phase=Phase.UPDATE, idle_turns=0 if event.markers else state.idle_turns + 1)


@EVOLVERS.on(DisplayCompacted)
def _display_compacted(state: State, event: DisplayCompacted) -> State:
    return replace(state, display=event.rows, taken=())


@EVOLVERS.on(AnteaterArrived)
def _anteater_arrived(state: State, event: AnteaterArrived) -> State:
    return replace(state, phase=Phase.FEEDING, counter=event.counter, feeding=Feeding(row=event.row, meal=event.meal))


@EVOLVERS.on(PreyEaten)
def _prey_eaten(state: State, event: PreyEaten) -> State:
    return replace(state, sites=_add_site(state, event.site, -1))


@EVOLVERS.on(HatcheryEaten)
def _hatchery_eaten(state: State, event: HatcheryEaten) -> State:
    h = HATCHERIES.index(event.hatchery)
    players = tuple(replace(p, ants=p.ants + n) for p, n in zip(state.players, event.ants, strict=True))
    return replace(state, players=players, hatcheries=replaced(state.hatcheries, h, (0,) * state.seats))


@EVOLVERS.on(AnteaterReturned)
def _anteater_returned(state: State, event: AnteaterReturned) -> State:
    return replace(
        state, phase=Phase.UPDATE, feeding=None, display=replaced(state.display, event.row - 1, event.layout)
    )


@EVOLVERS.on(EndTriggered)
def _end_triggered(state: State, event: EndTriggered) -> State:
    return replace(state, trigger=event.reason)


@EVOLVERS.on(GameFinished)
def _game_finished(state: State, event: GameFinished) -> State:
    return replace(
        state, phase=Phase.FINISHED, end_reason=event.reason, final_scores=event.scores, winners=event.winners
    )


# --- helpers ---------------------------------------------------------------------------------------------
def _player(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    return replaced(state.players, seat, replace(state.players[seat], **changes))


def _set_ant(state: State, segment: str, seat: int, ant: Ant | None) -> tuple[tuple[Ant, ...], ...]:
    index = SEGMENT_INDEX[segment]
    others = [a for a in state.paths[index] if a.seat != seat]
    if ant is not None:
        others.append(ant)
    return replaced(state.paths, index, tuple(sorted(others, key=lambda a: a.seat)))


def _carry(state: State, segment: str, seat: int, token: Token | None) -> tuple[tuple[Ant, ...], ...]:
    ant = ant_at(state, SEGMENT_INDEX[segment], seat)
    assert ant is not None
    return _set_ant(state, segment, seat, replace(ant, carrying=token))


def _step(state: State, **changes: Any) -> State:
    """A sub-step of the action under way: one move of its strength used."""
    pending = state.pending
    assert pending is not None
    return replace(state, pending=replace(pending, remaining=pending.remaining - 1), **changes)


def _collect(player: Player, token: Token) -> Player:
    if token is Token.BROWN_LEAF:
        return replace(player, brown=player.brown + 1)
    if token is Token.GREEN_LEAF:
        return replace(player, green=player.green + 1)
    return replace(player, prey=tuple(sorted((*player.prey, token))))


def _add_site(state: State, site: str, delta: int) -> tuple[int, ...]:
    i = SITE_INDEX[site]
    return replaced(state.sites, i, state.sites[i] + delta)


def _built(state: State, event: TileBuilt) -> tuple[Player, ...]:
    p = state.players[event.seat]
    cells = cell_map(p)
    cells[(event.q1, event.r1)] = Cell(event.q1, event.r1, event.level, event.tile, 0)
    cells[(event.q2, event.r2)] = Cell(event.q2, event.r2, event.level, event.tile, 1)
    tiles = list(p.tiles)
    tiles.remove(event.tile)
    changed = replace(
        p,
        tiles=tuple(tiles),
        cells=tuple(cells[k] for k in sorted(cells)),
        built=tuple(sorted((*p.built, event.tile))),
    )
    return replaced(state.players, event.seat, changed)
