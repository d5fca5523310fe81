"""decide: its guard (whose turn, is the game on), then one handler per command (DECIDERS).

Each handler validates by the rules (checks.py, checks_paths.py: the same checks legal.py filters its
candidates with) and emits into the Writer. An action is taken in two steps (AN-59): a marker command
opens it, then one sub-step command per tile, ant or token until its strength is used up (the action then
ends by itself) or the player sends FinishAction. Ending the turn runs the display update (update.py).
"""

from __future__ import annotations

from service.rules.antics.checks import (
    build_refusal,
    feed_refusal,
    finish_refusal,
    free_phase_refusal,
    hatch_refusal,
    magnificant_refusal,
    scout_refusal,
    turn_refusal,
    use_hex_refusal,
)
from service.rules.antics.checks_paths import (
    deliver_refusal,
    deploy_refusal,
    pass_refusal,
    pick_up_refusal,
    recall_refusal,
    steal_refusal,
)
from service.rules.antics.data import HATCHERIES, MAGNIFICANT_LEVEL, SEGMENT_INDEX, SITE_TOKEN, Action, Hatchery
from service.rules.antics.evolve import evolve
from service.rules.antics.messages import (
    ActionFinished,
    ActionTaken,
    AntDeployed,
    AntHatched,
    AntRecalled,
    BuildTile,
    Command,
    DeliverToken,
    DeployAnt,
    EndTurn,
    Event,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    HatchAnt,
    HatcheryEaten,
    PassToken,
    PickUpToken,
    PreyEaten,
    RecallAnt,
    ScoutTile,
    Steal,
    TileBuilt,
    TileScouted,
    TokenDelivered,
    TokenPassed,
    TokenPickedUp,
    TokenStolen,
    TurnEnded,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.state import State, ant_at, cell_map
from service.rules.antics.update import anteater_leaves, continue_update, display_update, note_exhausted
from service.rules.core import IllegalCommand, Rng
from service.rules.kit import Deciders, Writer

DECIDERS: Deciders[State, Event, int] = Deciders("Antics!", evolve)
MILITARY = Hatchery.MILITARY


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    _check(turn_refusal(state, seat))  # the game is over, the service sent it, not set up, not your turn
    assert seat is not None
    return DECIDERS.decide(state, seat, command, rng, now_ms)


def _check(problem: IllegalCommand | None) -> None:
    if problem is not None:
        raise problem


def _moved(out: Writer[State, Event], seat: int) -> None:
    """AN-59: the action ends by itself after its L-th move."""
    pending = out.state.pending
    if pending is not None and pending.remaining == 0:
        out.emit(ActionFinished(seat=seat, action=pending.action))


# --- markers: open an action (AN-01..03) -------------------------------------------------------------------
@DECIDERS.on(UseHex)
def _use_hex(out: Writer[State, Event], seat: int, command: UseHex, rng: Rng, now_ms: int) -> None:
    q, r = command.q, command.r
    _check(use_hex_refusal(out.state, seat, q, r))
    cell = cell_map(out.state.players[seat])[(q, r)]
    out.emit(ActionTaken(seat=seat, action=Action(cell.hex.value), level=cell.height, q=q, r=r))


@DECIDERS.on(UseMagnificANT)
def _use_magnificant(out: Writer[State, Event], seat: int, command: UseMagnificANT, rng: Rng, now_ms: int) -> None:
    _check(magnificant_refusal(out.state))
    out.emit(ActionTaken(seat=seat, action=command.action, level=MAGNIFICANT_LEVEL, q=None, r=None))


@DECIDERS.on(FinishAction)
def _finish_action(out: Writer[State, Event], seat: int, command: FinishAction, rng: Rng, now_ms: int) -> None:
    _check(finish_refusal(out.state))
    assert out.state.pending is not None
    out.emit(ActionFinished(seat=seat, action=out.state.pending.action))


# --- the sub-steps of an action: each uses one move of its strength ---------------------------------------
@DECIDERS.on(ScoutTile)
def _scout_tile(out: Writer[State, Event], seat: int, command: ScoutTile, rng: Rng, now_ms: int) -> None:
    row, column = command.row, command.column
    _check(scout_refusal(out.state, row, column))
    tile = out.state.display[row - 1].tiles[column - 1]
    assert tile is not None
    out.emit(TileScouted(seat=seat, row=row, column=column, tile=tile))
    _moved(out, seat)


@DECIDERS.on(BuildTile)
def _build_tile(out: Writer[State, Event], seat: int, command: BuildTile, rng: Rng, now_ms: int) -> None:
    _check(build_refusal(out.state, seat, command))
    c = command
    below = cell_map(out.state.players[seat]).get((c.q1, c.r1))
    out.emit(TileBuilt(seat, c.tile, c.q1, c.r1, c.q2, c.r2, level=(below.height if below else 0) + 1))
    _moved(out, seat)


@DECIDERS.on(HatchAnt)
def _hatch_ant(out: Writer[State, Event], seat: int, command: HatchAnt, rng: Rng, now_ms: int) -> None:
    _check(hatch_refusal(out.state, seat, command.hatchery))
    out.emit(AntHatched(seat=seat, hatchery=command.hatchery))
    _moved(out, seat)


@DECIDERS.on(DeployAnt)
def _deploy_ant(out: Writer[State, Event], seat: int, command: DeployAnt, rng: Rng, now_ms: int) -> None:
    hatchery, segment = command.hatchery, command.segment
    _check(deploy_refusal(out.state, seat, hatchery, segment))
    out.emit(AntDeployed(seat=seat, hatchery=hatchery, segment=segment, soldier=hatchery is MILITARY))
    _moved(out, seat)


@DECIDERS.on(RecallAnt)
def _recall_ant(out: Writer[State, Event], seat: int, command: RecallAnt, rng: Rng, now_ms: int) -> None:
    _check(recall_refusal(out.state, seat, command.segment))
    out.emit(AntRecalled(seat=seat, segment=command.segment))
    _moved(out, seat)


@DECIDERS.on(PickUpToken)
def _pick_up(out: Writer[State, Event], seat: int, command: PickUpToken, rng: Rng, now_ms: int) -> None:
    site, segment = command.site, command.segment
    _check(pick_up_refusal(out.state, seat, site, segment))
    out.emit(TokenPickedUp(seat=seat, site=site, segment=segment, token=SITE_TOKEN[site]))
    note_exhausted(out, site)
    _moved(out, seat)


@DECIDERS.on(PassToken)
def _pass_token(out: Writer[State, Event], seat: int, command: PassToken, rng: Rng, now_ms: int) -> None:
    source, target = command.from_segment, command.to_segment
    _check(pass_refusal(out.state, seat, source, target))
    carried = ant_at(out.state, SEGMENT_INDEX[source], seat)
    assert carried is not None and carried.carrying is not None
    out.emit(TokenPassed(seat=seat, from_segment=source, to_segment=target, token=carried.carrying))
    _moved(out, seat)


@DECIDERS.on(DeliverToken)
def _deliver(out: Writer[State, Event], seat: int, command: DeliverToken, rng: Rng, now_ms: int) -> None:
    segment = command.segment
    _check(deliver_refusal(out.state, seat, segment))
    carried = ant_at(out.state, SEGMENT_INDEX[segment], seat)
    assert carried is not None and carried.carrying is not None
    out.emit(TokenDelivered(seat=seat, segment=segment, token=carried.carrying))
    _moved(out, seat)


# --- a steal (AN-55..57): between actions or during Ants and Drag, using no move --------------------------
@DECIDERS.on(Steal)
def _steal(out: Writer[State, Event], seat: int, command: Steal, rng: Rng, now_ms: int) -> None:
    segment, victim = command.segment, command.victim
    _check(steal_refusal(out.state, seat, segment, victim))
    theirs = ant_at(out.state, SEGMENT_INDEX[segment], victim)
    assert theirs is not None and theirs.carrying is not None
    out.emit(TokenStolen(seat=seat, victim=victim, segment=segment, token=theirs.carrying))


# --- the end of a turn and the anteaters' meals (AN-05, AN-60..63) ----------------------------------------
@DECIDERS.on(EndTurn)
def _end_turn(out: Writer[State, Event], seat: int, command: EndTurn, rng: Rng, now_ms: int) -> None:
    _check(free_phase_refusal(out.state))
    out.emit(TurnEnded(seat=seat, markers=out.state.markers))
    display_update(out, rng)


@DECIDERS.on(FeedPrey)
def _feed_prey(out: Writer[State, Event], seat: int, command: FeedPrey, rng: Rng, now_ms: int) -> None:
    site = command.site
    _check(feed_refusal(out.state, site, None))
    out.emit(PreyEaten(seat=seat, site=site, prey=SITE_TOKEN[site]))
    note_exhausted(out, site)
    anteater_leaves(out)
    continue_update(out, rng)


@DECIDERS.on(FeedHatchery)
def _feed_hatchery(out: Writer[State, Event], seat: int, command: FeedHatchery, rng: Rng, now_ms: int) -> None:
    hatchery = command.hatchery
    _check(feed_refusal(out.state, None, hatchery))
    eaten = out.state.hatcheries[HATCHERIES.index(hatchery)]
    out.emit(HatcheryEaten(seat=seat, hatchery=hatchery, ants=eaten))
    anteater_leaves(out)
    continue_update(out, rng)
