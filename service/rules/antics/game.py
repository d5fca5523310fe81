"""The decider: setup, decide, evolve, legal_commands (rule IDs from shared/rules/antics.md).

Every command is checked by one `_refusal` function that both `decide` and
`legal_commands` use: `legal_commands` lists a complete set of candidates (each
generator says why nothing outside it can be legal) and keeps those without a
refusal, so the list is exactly what `decide` accepts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from service.rules.antics.data import (
    ACTIONS,
    ACTIONS_PER_TURN,
    ANTEATER_START_COLUMN,
    BAG_TILES,
    DISPLAY_COLUMNS,
    DISPLAY_ROWS,
    EXHAUSTED_TYPES_TO_END,
    FIRST_ROUND_ACTIONS,
    GUIDE_CYCLE,
    HATCHERIES,
    MAGNIFICANT_LEVEL,
    MAX_HEIGHT,
    MAX_ROUNDS,
    NEST,
    PREY,
    SEGMENT_INDEX,
    SEGMENTS,
    SITE_INDEX,
    SITE_TOKEN,
    SITES,
    Action,
    EndReason,
    Hatchery,
    Hex,
    Meal,
    Token,
    initial_site_tokens,
    is_fungus_tile,
)
from service.rules.antics.messages import (
    ActionFinished,
    ActionTaken,
    AntDeployed,
    AnteaterArrived,
    AnteaterReturned,
    AntHatched,
    AntRecalled,
    BuildTile,
    Command,
    DeliverToken,
    DeployAnt,
    DisplayCompacted,
    DisplayRow,
    EndTriggered,
    EndTurn,
    Event,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    GameFinished,
    GameStarted,
    HatchAnt,
    HatcheryEaten,
    PassToken,
    PickUpToken,
    PreyEaten,
    PreyExhausted,
    RecallAnt,
    ScoutTile,
    SiteStock,
    Steal,
    TileBuilt,
    TilePlaced,
    TileScouted,
    TilesDrawn,
    TokenDelivered,
    TokenPassed,
    TokenPickedUp,
    TokenStolen,
    TurnEnded,
    TurnStarted,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.scoring import current_scores, heights, rank_winners
from service.rules.antics.state import (
    BASE,
    Ant,
    Cell,
    Coord,
    Feeding,
    Pending,
    Phase,
    Player,
    State,
    all_connected,
    ant_at,
    are_neighbours,
    cell_map,
    held_prey,
    neighbours,
    own_segments,
    soldier_at,
)
from service.rules.core import IllegalCommand, InvalidOptions, Rng, replaced

OPTION_TWO_PLAYER = "two_player_variant"
MILITARY = Hatchery.MILITARY


def initial_state(seats: int, options: dict[str, Any]) -> State:
    return State(seats=seats, two_player=bool(options.get(OPTION_TWO_PLAYER, False)))


# --- a small event writer: decide applies its own events to keep computing on the new state ------
class _Out:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


# --- setup -------------------------------------------------------------------------------------------
def setup(options: dict[str, Any], seats: int, rng: Rng) -> list[Event]:
    variant = bool(options.get(OPTION_TWO_PLAYER, False))
    if seats == 2 and not variant:
        raise InvalidOptions(
            "Antics! is for 3 or 4 players; a 2-player game needs the option two_player_variant (AN-V1)"
        )
    if variant and seats != 2:
        raise InvalidOptions(f"the two-player variant (AN-V1) is for exactly 2 players, not {seats}")
    if not 2 <= seats <= 4:
        raise InvalidOptions(f"Antics! is for 3 or 4 players (2 with the variant), not {seats}")
    out = _Out(initial_state(seats, options))
    stock = initial_site_tokens(seats)
    out.emit(
        GameStarted(
            seats=seats,
            two_player_variant=variant,
            start_seat=rng.below(seats),  # AN-S8 / AN-R2
            sites=tuple(SiteStock(site, SITE_TOKEN[site], n) for site, n in zip(SITES, stock, strict=True)),
            starting_tiles=tuple(range(seats)),  # AN-S3: tile i is seat i's starting tile
            bag_size=len(BAG_TILES),
        )
    )
    drawn = _refill(out.state, rng)  # AN-S6 / AN-R1
    if drawn is not None:
        out.emit(drawn)
    _start_turn(out, out.state.start_seat, None)
    return out.events


def _refill(state: State, rng: Rng) -> TilesDrawn | None:
    """AN-S6 / AN-63: draw one tile at a time; fungus tiles to the highest column with a gap, others to the lowest."""
    rows = [list(r.tiles) for r in state.display]
    bag = list(state.bag)
    placed: list[TilePlaced] = []
    while bag:
        gaps = [
            (column, row)
            for column in range(1, DISPLAY_COLUMNS + 1)
            for row in range(1, DISPLAY_ROWS + 1)
            if rows[row - 1][column - 1] is None and state.display[row - 1].anteater != column
        ]
        if not gaps:
            break
        tile = bag.pop(rng.below(len(bag)))
        if is_fungus_tile(tile):
            top = max(c for c, _ in gaps)
            column, row = min((c, r) for c, r in gaps if c == top)
        else:
            column, row = gaps[0]
        rows[row - 1][column - 1] = tile
        placed.append(TilePlaced(tile=tile, row=row, column=column))
    return TilesDrawn(placements=tuple(placed)) if placed else None


def _start_turn(out: _Out, seat: int, final_turns_left: int | None) -> None:
    s = out.state
    round_ = s.turn // s.seats + 1
    offset = s.turn % s.seats
    actions = FIRST_ROUND_ACTIONS[offset] if round_ == 1 and offset < len(FIRST_ROUND_ACTIONS) else ACTIONS_PER_TURN
    out.emit(TurnStarted(seat=seat, round=round_, actions=actions, final_turns_left=final_turns_left))


# --- refusals: one per command, shared by decide and legal_commands ----------------------------------
def _refuse(reason: str, code: str) -> IllegalCommand:
    return IllegalCommand(reason, code)


def _turn_refusal(state: State, seat: int | None) -> IllegalCommand | None:
    if state.phase is Phase.FINISHED:
        return _refuse("the game is over", "GAME_OVER")
    if seat is None:
        return _refuse("Antics! has no automatic moves", "NO_AUTOMATIC_MOVES")
    if state.phase in (Phase.SETUP, Phase.UPDATE):
        return _refuse("the game is not ready for moves", "WRONG_PHASE")
    if seat != state.current:
        return _refuse(f"it is seat {state.current}'s turn, not yours", "NOT_YOUR_TURN")
    return None


def _free_phase_refusal(state: State) -> IllegalCommand | None:
    """Commands that need no action under way (markers, ending the turn)."""
    if state.phase is Phase.FEEDING:
        return _refuse("first choose what the anteater eats", "WRONG_PHASE")
    if state.phase is Phase.ACTION:
        return _refuse("finish your current action first", "ACTION_UNDER_WAY")
    return None


def _pending_refusal(state: State, action: Action) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return _refuse("first choose what the anteater eats", "WRONG_PHASE")
    if state.pending is None or state.pending.action is not action:
        return _refuse(f"you are not taking a {action.value} action now", "WRONG_ACTION")
    return None


def _marker_refusal(state: State) -> IllegalCommand | None:
    if (problem := _free_phase_refusal(state)) is not None:
        return problem
    if state.markers >= state.actions:
        return _refuse(f"you have taken all {state.actions} actions of this turn", "NO_ACTIONS_LEFT")
    return None


def _use_hex_refusal(state: State, seat: int, q: int, r: int) -> IllegalCommand | None:
    if (problem := _marker_refusal(state)) is not None:
        return problem
    cell = cell_map(state.players[seat]).get((q, r))
    if cell is None:
        return _refuse(f"there is no tile on your ant-hill at ({q}, {r})", "NO_HEX")
    if cell.hex is Hex.FUNGUS:
        return _refuse("a fungus hex offers no action", "NOT_AN_ACTION")
    if (q, r) in state.used_hexes:
        return _refuse("that hex already holds one of your markers this turn", "SPACE_USED")  # AN-02
    return None


def _magnificant_refusal(state: State) -> IllegalCommand | None:
    if (problem := _marker_refusal(state)) is not None:
        return problem
    if state.magnificant_used:
        return _refuse("your magnificANT already holds a marker this turn", "SPACE_USED")  # AN-02
    return None


def _scout_refusal(state: State, row: int, column: int) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.SCOUT)) is not None:
        return problem
    assert state.pending is not None
    level = state.pending.level
    if not 1 <= row <= DISPLAY_ROWS:
        return _refuse(f"the display has rows 1 to {DISPLAY_ROWS}", "NO_SUCH_SLOT")
    if not 1 <= column <= level:  # AN-10
        return _refuse(f"a level-{level} Scout takes tiles from columns 1 to {level} only", "COLUMN_OUT_OF_REACH")
    if column in state.pending.columns:
        return _refuse(f"you already took a tile from column {column} in this action", "COLUMN_USED")
    if state.display[row - 1].tiles[column - 1] is None:
        return _refuse(f"there is no tile at row {row}, column {column}", "NO_TILE")
    return None


def _attachable(cells: dict[Coord, Cell]) -> set[Coord]:
    """AN-22: the cells a level-1 tile may start from - the base and every cell next to a built one."""
    return set(BASE).union(*(neighbours(c) for c in cells))


def _placement_refusal(
    state: State,
    seat: int,
    a: Coord,
    b: Coord,
    cells: dict[Coord, Cell] | None = None,
    touching: set[Coord] | None = None,
) -> IllegalCommand | None:
    """AN-20..24 and AN-07 for a tile laid on cells a and b (the tile itself is checked apart)."""
    if not are_neighbours(a, b):
        return _refuse("a tile covers two neighbouring cells", "CELLS_NOT_ADJACENT")  # AN-21
    if cells is None:
        cells = cell_map(state.players[seat])
    ca, cb = cells.get(a), cells.get(b)
    ha = ca.height if ca else 0
    hb = cb.height if cb else 0
    if ha != hb:
        return _refuse("both cells under a tile must be at the same height", "UNEVEN")  # AN-21/23
    if ha + 1 > MAX_HEIGHT:
        return _refuse(f"an ant-hill has at most {MAX_HEIGHT} levels", "TOO_HIGH")  # AN-24
    if a in state.used_hexes or b in state.used_hexes:
        return _refuse("you cannot cover a hex that holds one of your markers", "MARKER_IN_THE_WAY")  # AN-07
    if ha == 0:  # AN-22
        if touching is None:
            touching = _attachable(cells)
        if a not in touching and b not in touching:
            return _refuse("a level-1 tile must touch your base or your ant-hill", "NOT_ATTACHED")
        return None
    assert ca is not None and cb is not None
    if ca.tile == cb.tile:  # AN-23
        return _refuse("a tile must straddle two different tiles below it", "ON_ONE_TILE")
    return None


def _build_refusal(state: State, seat: int, cmd: BuildTile) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.BUILD)) is not None:
        return problem
    if cmd.tile not in state.players[seat].tiles:
        return _refuse(f"tile {cmd.tile} is not in your tile supply", "NOT_IN_SUPPLY")
    return _placement_refusal(state, seat, (cmd.q1, cmd.r1), (cmd.q2, cmd.r2))


def _hatch_valid(hatched: tuple[Hatchery, ...]) -> bool:
    """AN-30: one ant alone, or at least two of them in the same hatchery."""
    return len(hatched) <= 1 or len(set(hatched)) < len(hatched)


def _hatch_refusal(state: State, seat: int, hatchery: Hatchery) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.HATCH)) is not None:
        return problem
    assert state.pending is not None
    if state.players[seat].ants < 1:
        return _refuse("you have no ant left in your supply", "NO_ANTS")
    after = (*state.pending.hatched, hatchery)
    # AN-30: the ants of one Hatch must still be able to end with two in one hatchery.
    if not _hatch_valid(after) and (state.pending.remaining < 2 or state.players[seat].ants < 2):
        return _refuse("when you hatch several ants, at least two must go into the same hatchery", "HATCH_SPREAD")
    return None


def _segment(segment: str) -> int | IllegalCommand:
    index = SEGMENT_INDEX.get(segment)
    return _refuse(f"there is no path {segment!r}", "NO_SUCH_PATH") if index is None else index


def _deploy_refusal(state: State, seat: int, hatchery: Hatchery, segment: str) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.ANTS)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if state.hatcheries[HATCHERIES.index(hatchery)][seat] < 1:
        return _refuse(f"you have no ant in the {hatchery.value} hatchery", "NO_ANT_THERE")
    seg = SEGMENTS[index]
    soldier = hatchery is MILITARY
    if seg.terrain is None and not soldier:
        return _refuse("only soldiers may stand on a bridge", "BRIDGE_SOLDIERS_ONLY")  # AN-36
    if not soldier and seg.terrain is not hatchery:
        terrain = seg.terrain.value if seg.terrain else "bridge"
        return _refuse(f"{segment} is {terrain}; ants from {hatchery.value} go onto {hatchery.value}", "WRONG_TERRAIN")
    if ant_at(state, index, seat) is not None:
        return _refuse(f"you already have an ant on {segment}", "PATH_TAKEN")  # AN-36
    if soldier and soldier_at(state, index) is not None:
        return _refuse(f"a soldier already stands on {segment}", "SOLDIER_THERE")  # AN-36/58
    mine = own_segments(state, seat)
    if not all_connected([*mine, index]):  # AN-37
        return _refuse(f"an ant on {segment} would not be connected to the nest by your ants", "NOT_CONNECTED")
    return None


def _recall_refusal(state: State, seat: int, segment: str) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.ANTS)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    ant = ant_at(state, index, seat)
    if ant is None:
        return _refuse(f"you have no ant on {segment}", "NO_ANT_THERE")
    if ant.carrying is not None:
        return _refuse("an ant carrying a token cannot be recalled", "ANT_CARRIES")  # AN-35
    if not all_connected([i for i in own_segments(state, seat) if i != index]):  # AN-37
        return _refuse(f"recalling the ant on {segment} would break your chain", "BREAKS_CHAIN")
    return None


def _prey_refusal(state: State, seat: int, token: Token) -> IllegalCommand | None:
    if token in PREY and token in held_prey(state, seat):  # AN-47
        return _refuse(f"you already have a {token.value}", "DUPLICATE_PREY")
    return None


def _pick_up_refusal(state: State, seat: int, site: str, segment: str) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.DRAG)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if site not in SITE_INDEX:
        return _refuse(f"there is no site {site!r}", "NO_SUCH_SITE")
    seg = SEGMENTS[index]
    if site not in (seg.a, seg.b):
        return _refuse(f"{segment} does not touch {site}", "NOT_AT_SITE")
    if state.sites[SITE_INDEX[site]] < 1:
        return _refuse(f"no token lies on {site}", "SITE_EMPTY")
    ant = ant_at(state, index, seat)
    if ant is None:
        return _refuse(f"you have no ant on {segment}", "NO_ANT_THERE")
    if ant.carrying is not None:
        return _refuse("an ant carries at most one token", "ANT_CARRIES")  # AN-46
    return _prey_refusal(state, seat, SITE_TOKEN[site])


def _pass_refusal(state: State, seat: int, source: str, target: str) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.DRAG)) is not None:
        return problem
    a = _segment(source)
    if isinstance(a, IllegalCommand):
        return a
    b = _segment(target)
    if isinstance(b, IllegalCommand):
        return b
    giver, taker = ant_at(state, a, seat), ant_at(state, b, seat)
    if giver is None or giver.carrying is None:
        return _refuse(f"you have no ant carrying a token on {source}", "NOTHING_TO_PASS")
    if taker is None:
        return _refuse(f"you have no ant on {target}", "NO_ANT_THERE")
    if taker.carrying is not None:
        return _refuse("an ant carries at most one token", "ANT_CARRIES")  # AN-46
    sa, sb = SEGMENTS[a], SEGMENTS[b]
    if a == b or not {sa.a, sa.b} & {sb.a, sb.b}:
        return _refuse(f"{source} and {target} do not meet", "NOT_ADJACENT")  # AN-45
    return None


def _deliver_refusal(state: State, seat: int, segment: str) -> IllegalCommand | None:
    if (problem := _pending_refusal(state, Action.DRAG)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    ant = ant_at(state, index, seat)
    if ant is None or ant.carrying is None:
        return _refuse(f"you have no ant carrying a token on {segment}", "NOTHING_TO_DELIVER")
    seg = SEGMENTS[index]
    if NEST not in (seg.a, seg.b):
        return _refuse(f"{segment} does not touch the nest", "NOT_AT_NEST")
    if ant.carrying in PREY and ant.carrying in state.players[seat].prey:  # AN-47
        return _refuse(f"you already have a {ant.carrying.value}", "DUPLICATE_PREY")
    return None


def _finish_refusal(state: State) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return _refuse("first choose what the anteater eats", "WRONG_PHASE")
    if state.pending is None:
        return _refuse("you are not taking an action now", "NO_ACTION_UNDER_WAY")
    if state.pending.action is Action.HATCH and not _hatch_valid(state.pending.hatched):  # AN-30
        return _refuse("at least two of the ants you hatch must go into the same hatchery", "HATCH_SPREAD")
    return None


def _steal_refusal(state: State, seat: int, segment: str, victim: int) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return _refuse("first choose what the anteater eats", "WRONG_PHASE")
    if state.pending is not None and state.pending.action not in (Action.ANTS, Action.DRAG):  # AN-59
        return _refuse(f"a {state.pending.action.value} action cannot be interrupted", "ACTION_UNDER_WAY")
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if victim == seat or not 0 <= victim < state.seats:
        return _refuse("steal from another player's ant", "BAD_VICTIM")
    mine, theirs = ant_at(state, index, seat), ant_at(state, index, victim)
    if mine is None:
        return _refuse(f"you have no ant on {segment}", "NO_ANT_THERE")
    if mine.carrying is not None:
        return _refuse("your ant there already carries a token", "ANT_CARRIES")  # AN-55
    if theirs is None or theirs.carrying is None:
        return _refuse(f"seat {victim} has no ant carrying a token on {segment}", "NOTHING_TO_STEAL")
    guard = soldier_at(state, index)
    if guard is not None and guard.seat != seat:  # AN-57
        return _refuse(f"a soldier of seat {guard.seat} guards {segment}", "GUARDED")
    return _prey_refusal(state, seat, theirs.carrying)


def _meal_choices(state: State) -> tuple[list[str], list[Hatchery]]:
    """AN-61: the prey sites and hatcheries the arriving anteater may eat from (with the fallbacks)."""
    if state.feeding is None:
        return [], []
    prey = [site for site in SITES if SITE_TOKEN[site] in PREY and state.sites[SITE_INDEX[site]] > 0]
    hatch = [h for i, h in enumerate(HATCHERIES) if sum(state.hatcheries[i]) > 0]
    match state.feeding.meal:
        case Meal.PREY:
            return (prey, []) if prey else ([], hatch)
        case Meal.HATCHERY:
            return ([], hatch) if hatch else (prey, [])
    return prey, hatch


def _feed_refusal(state: State, site: str | None, hatchery: Hatchery | None) -> IllegalCommand | None:
    if state.phase is not Phase.FEEDING:
        return _refuse("no anteater is waiting for a meal", "WRONG_PHASE")
    prey, hatch = _meal_choices(state)
    if site is not None and site not in prey:
        return _refuse(f"the anteater cannot eat a prey token from {site!r} now", "NOT_ON_MENU")
    if hatchery is not None and hatchery not in hatch:
        return _refuse(f"the anteater cannot eat the {hatchery.value} hatchery now", "NOT_ON_MENU")
    return None


def _refusal(state: State, seat: int | None, command: Command) -> IllegalCommand | None:
    if (problem := _turn_refusal(state, seat)) is not None:
        return problem
    assert seat is not None
    match command:
        case UseHex(q=q, r=r):
            return _use_hex_refusal(state, seat, q, r)
        case UseMagnificANT():
            return _magnificant_refusal(state)
        case ScoutTile(row=row, column=column):
            return _scout_refusal(state, row, column)
        case BuildTile():
            return _build_refusal(state, seat, command)
        case HatchAnt(hatchery=hatchery):
            return _hatch_refusal(state, seat, hatchery)
        case DeployAnt(hatchery=hatchery, segment=segment):
            return _deploy_refusal(state, seat, hatchery, segment)
        case RecallAnt(segment=segment):
            return _recall_refusal(state, seat, segment)
        case PickUpToken(site=site, segment=segment):
            return _pick_up_refusal(state, seat, site, segment)
        case PassToken(from_segment=source, to_segment=target):
            return _pass_refusal(state, seat, source, target)
        case DeliverToken(segment=segment):
            return _deliver_refusal(state, seat, segment)
        case FinishAction():
            return _finish_refusal(state)
        case Steal(segment=segment, victim=victim):
            return _steal_refusal(state, seat, segment, victim)
        case EndTurn():
            return _free_phase_refusal(state)
        case FeedPrey(site=site):
            return _feed_refusal(state, site, None)
        case FeedHatchery(hatchery=hatchery):
            return _feed_refusal(state, None, hatchery)
    raise TypeError(f"not an Antics! command: {command!r}")


# --- decide ----------------------------------------------------------------------------------------
def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    problem = _refusal(state, seat, command)
    if problem is not None:
        raise problem
    assert seat is not None
    out = _Out(state)
    match command:
        case UseHex(q=q, r=r):
            cell = cell_map(state.players[seat])[(q, r)]
            out.emit(ActionTaken(seat=seat, action=Action(cell.hex.value), level=cell.height, q=q, r=r))
        case UseMagnificANT(action=action):
            out.emit(ActionTaken(seat=seat, action=action, level=MAGNIFICANT_LEVEL, q=None, r=None))
        case ScoutTile(row=row, column=column):
            tile = state.display[row - 1].tiles[column - 1]
            assert tile is not None
            out.emit(TileScouted(seat=seat, row=row, column=column, tile=tile))
        case BuildTile(tile=tile, q1=q1, r1=r1, q2=q2, r2=r2):
            level = cell_map(state.players[seat]).get((q1, r1))
            out.emit(TileBuilt(seat, tile, q1, r1, q2, r2, level=(level.height if level else 0) + 1))
        case HatchAnt(hatchery=hatchery):
            out.emit(AntHatched(seat=seat, hatchery=hatchery))
        case DeployAnt(hatchery=hatchery, segment=segment):
            out.emit(AntDeployed(seat=seat, hatchery=hatchery, segment=segment, soldier=hatchery is MILITARY))
        case RecallAnt(segment=segment):
            out.emit(AntRecalled(seat=seat, segment=segment))
        case PickUpToken(site=site, segment=segment):
            token = SITE_TOKEN[site]
            out.emit(TokenPickedUp(seat=seat, site=site, segment=segment, token=token))
            _note_exhausted(out, site)
        case PassToken(from_segment=source, to_segment=target):
            carried = ant_at(state, SEGMENT_INDEX[source], seat)
            assert carried is not None and carried.carrying is not None
            out.emit(TokenPassed(seat=seat, from_segment=source, to_segment=target, token=carried.carrying))
        case DeliverToken(segment=segment):
            carried = ant_at(state, SEGMENT_INDEX[segment], seat)
            assert carried is not None and carried.carrying is not None
            out.emit(TokenDelivered(seat=seat, segment=segment, token=carried.carrying))
        case FinishAction():
            assert state.pending is not None
            out.emit(ActionFinished(seat=seat, action=state.pending.action))
        case Steal(segment=segment, victim=victim):
            theirs = ant_at(state, SEGMENT_INDEX[segment], victim)
            assert theirs is not None and theirs.carrying is not None
            out.emit(TokenStolen(seat=seat, victim=victim, segment=segment, token=theirs.carrying))
        case EndTurn():
            out.emit(TurnEnded(seat=seat, markers=state.markers))
            _display_update(out, rng)
            return out.events
        case FeedPrey(site=site):
            out.emit(PreyEaten(seat=seat, site=site, prey=SITE_TOKEN[site]))
            _note_exhausted(out, site)
            _anteater_leaves(out)
            _continue_update(out, rng)
            return out.events
        case FeedHatchery(hatchery=hatchery):
            eaten = out.state.hatcheries[HATCHERIES.index(hatchery)]
            out.emit(HatcheryEaten(seat=seat, hatchery=hatchery, ants=eaten))
            _anteater_leaves(out)
            _continue_update(out, rng)
            return out.events
    pending = out.state.pending
    if pending is not None and pending.remaining == 0:  # AN-59: the action ends after its L-th move
        out.emit(ActionFinished(seat=seat, action=pending.action))
    return out.events


def _note_exhausted(out: _Out, site: str) -> None:
    """AN-65: the last prey token of a type left its site."""
    token = SITE_TOKEN[site]
    if token in PREY and out.state.sites[SITE_INDEX[site]] == 0 and token not in out.state.exhausted:
        out.emit(PreyExhausted(prey=token))


# --- the display update after a turn (AN-60..66) and the end of the game (AN-70..72) -------------------
def _compacted(row_index: int, row: DisplayRow, taken: tuple[Coord, ...]) -> DisplayRow:
    """AN-60: tiles close up; the anteater moves left by the tiles taken in front of it."""
    a = row.anteater
    front = [t for c, t in enumerate(row.tiles, start=1) if c < a and t is not None]
    back = [t for c, t in enumerate(row.tiles, start=1) if c > a and t is not None]
    moved = sum(1 for r, c in taken if r == row_index and c < a)
    new_a = a - moved
    slots: list[int | None] = [None] * DISPLAY_COLUMNS
    for c, t in enumerate(front):
        slots[c] = t
    for c, t in enumerate(back, start=new_a):
        slots[c] = t
    return DisplayRow(tiles=tuple(slots), anteater=new_a)


def _display_update(out: _Out, rng: Rng) -> None:
    s = out.state
    if s.taken:
        rows = tuple(_compacted(i, row, s.taken) for i, row in enumerate(s.display, start=1))
        out.emit(DisplayCompacted(rows=rows))
    _continue_update(out, rng)


def _continue_update(out: _Out, rng: Rng) -> None:
    """AN-61..63: feed every anteater now in column 1 (top row first), refill, then end the turn."""
    while True:
        arrived = [i for i, row in enumerate(out.state.display, start=1) if row.anteater == 1]
        if not arrived:
            break
        counter = out.state.counter + 1
        out.emit(AnteaterArrived(row=arrived[0], counter=counter, meal=GUIDE_CYCLE[(counter - 1) % len(GUIDE_CYCLE)]))
        prey, hatch = _meal_choices(out.state)
        if prey or hatch:
            return  # the seat whose turn ended chooses (FeedPrey / FeedHatchery)
        _anteater_leaves(out)  # AN-61: nothing to eat, nothing happens
    drawn = _refill(out.state, rng)
    if drawn is not None:
        out.emit(drawn)
    _end_of_turn(out)


def _anteater_leaves(out: _Out) -> None:
    """AN-62: the anteater leaves its row, the tiles close up, and it goes to column 6."""
    feeding = out.state.feeding
    assert feeding is not None
    row = out.state.display[feeding.row - 1]
    tiles = [t for t in row.tiles if t is not None]
    slots = tuple(tiles + [None] * (DISPLAY_COLUMNS - len(tiles)))
    out.emit(AnteaterReturned(row=feeding.row, layout=DisplayRow(tiles=slots, anteater=ANTEATER_START_COLUMN)))


def _end_of_turn(out: _Out) -> None:
    s = out.state
    nxt = (s.current + 1) % s.seats
    if s.final_turns_left is not None:  # AN-71
        if s.final_turns_left <= 1:
            _finish(out, EndReason.FINAL_TURNS)
        else:
            _start_turn(out, nxt, s.final_turns_left - 1)
        return
    if s.idle_turns >= s.seats:  # AN-72
        _finish(out, EndReason.STALEMATE)
        return
    if s.turn >= s.seats * MAX_ROUNDS:  # engine bound (data.MAX_ROUNDS)
        _finish(out, EndReason.TURN_LIMIT)
        return
    reason = None
    if not s.bag:
        reason = EndReason.TILES_OUT  # AN-70(a)
    elif len(s.exhausted) >= EXHAUSTED_TYPES_TO_END:
        reason = EndReason.PREY_EXHAUSTED  # AN-70(b)
    if reason is not None:
        out.emit(EndTriggered(seat=s.current, reason=reason))
        _start_turn(out, nxt, s.seats)
        return
    _start_turn(out, nxt, None)


def _finish(out: _Out, reason: EndReason) -> None:
    points, tallest = current_scores(out.state), heights(out.state)
    out.emit(GameFinished(reason=reason, scores=points, heights=tallest, winners=rank_winners(points, tallest)))


# --- evolve ------------------------------------------------------------------------------------------
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


def evolve(state: State, event: Event) -> State:
    match event:
        case GameStarted():
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
                    DisplayRow(tiles=(None,) * DISPLAY_COLUMNS, anteater=ANTEATER_START_COLUMN)
                    for _ in range(DISPLAY_ROWS)
                ),
                phase=Phase.UPDATE,
            )
        case TilesDrawn(placements=placements):
            rows = [list(r.tiles) for r in state.display]
            for p in placements:
                rows[p.row - 1][p.column - 1] = p.tile
            drawn = {p.tile for p in placements}
            return replace(
                state,
                display=tuple(
                    DisplayRow(tiles=tuple(t), anteater=r.anteater) for t, r in zip(rows, state.display, strict=True)
                ),
                bag=tuple(t for t in state.bag if t not in drawn),
            )
        case TurnStarted():
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
        case ActionTaken(q=q, r=r):
            used = state.used_hexes if q is None or r is None else tuple(sorted((*state.used_hexes, (q, r))))
            return replace(
                state,
                phase=Phase.ACTION,
                markers=state.markers + 1,
                used_hexes=used,
                magnificant_used=state.magnificant_used or q is None,
                pending=Pending(action=event.action, level=event.level, remaining=event.level),
            )
        case TileScouted(seat=seat, row=row, column=column, tile=tile):
            return _scouted(state, seat, row, column, tile)
        case TileBuilt():
            return _step(state, players=_built(state, event))
        case AntHatched(seat=seat, hatchery=hatchery):
            h = HATCHERIES.index(hatchery)
            pending = state.pending
            assert pending is not None
            return replace(
                state,
                pending=replace(pending, remaining=pending.remaining - 1, hatched=(*pending.hatched, hatchery)),
                players=_player(state, seat, ants=state.players[seat].ants - 1),
                hatcheries=replaced(
                    state.hatcheries, h, replaced(state.hatcheries[h], seat, state.hatcheries[h][seat] + 1)
                ),
            )
        case AntDeployed(seat=seat, hatchery=hatchery, segment=segment, soldier=soldier):
            h = HATCHERIES.index(hatchery)
            return _step(
                state,
                hatcheries=replaced(
                    state.hatcheries, h, replaced(state.hatcheries[h], seat, state.hatcheries[h][seat] - 1)
                ),
                paths=_set_ant(state, segment, seat, Ant(seat=seat, soldier=soldier)),
            )
        case AntRecalled(seat=seat, segment=segment):
            return _step(
                state,
                paths=_set_ant(state, segment, seat, None),
                players=_player(state, seat, ants=state.players[seat].ants + 1),
            )
        case TokenPickedUp(seat=seat, site=site, segment=segment, token=token):
            return _step(state, sites=_add_site(state, site, -1), paths=_carry(state, segment, seat, token))
        case TokenPassed(seat=seat, from_segment=source, to_segment=target, token=token):
            moved = replace(state, paths=_carry(state, source, seat, None))
            return _step(state, paths=_carry(moved, target, seat, token))
        case TokenDelivered(seat=seat, segment=segment, token=token):
            return _step(
                state,
                paths=_carry(state, segment, seat, None),
                players=replaced(state.players, seat, _collect(state.players[seat], token)),
            )
        case TokenStolen(seat=seat, victim=victim, segment=segment, token=token):
            robbed = replace(state, paths=_carry(state, segment, victim, None))
            return replace(state, paths=_carry(robbed, segment, seat, token))
        case PreyExhausted(prey=prey):
            return replace(state, exhausted=(*state.exhausted, prey))
        case ActionFinished():
            return replace(state, phase=Phase.ACTIONS, pending=None)
        case TurnEnded(markers=markers):
            return replace(state, phase=Phase.UPDATE, idle_turns=0 if markers else state.idle_turns + 1)
        case DisplayCompacted(rows=rows):
            return replace(state, display=rows, taken=())
        case AnteaterArrived(row=row, counter=counter, meal=meal):
            return replace(state, phase=Phase.FEEDING, counter=counter, feeding=Feeding(row=row, meal=meal))
        case PreyEaten(site=site):
            return replace(state, sites=_add_site(state, site, -1))
        case HatcheryEaten(hatchery=hatchery, ants=ants):
            h = HATCHERIES.index(hatchery)
            players = tuple(replace(p, ants=p.ants + n) for p, n in zip(state.players, ants, strict=True))
            return replace(state, players=players, hatcheries=replaced(state.hatcheries, h, (0,) * state.seats))
        case AnteaterReturned(row=row, layout=layout):
            return replace(state, phase=Phase.UPDATE, feeding=None, display=replaced(state.display, row - 1, layout))
        case EndTriggered(reason=reason):
            return replace(state, trigger=reason)
        case GameFinished(reason=reason, scores=points, winners=won):
            return replace(state, phase=Phase.FINISHED, end_reason=reason, final_scores=points, winners=won)
    raise TypeError(f"not an Antics! event: {event!r}")


def _scouted(state: State, seat: int, row_no: int, column: int, tile: int) -> State:
    row = state.display[row_no - 1]
    pending = state.pending
    assert pending is not None
    p = state.players[seat]
    return replace(
        state,
        pending=replace(pending, remaining=pending.remaining - 1, columns=(*pending.columns, column)),
        display=replaced(state.display, row_no - 1, replace(row, tiles=replaced(row.tiles, column - 1, None))),
        taken=tuple(sorted((*state.taken, (row_no, column)))),
        players=_player(state, seat, tiles=tuple(sorted((*p.tiles, tile)))),
    )


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


# --- legal commands ------------------------------------------------------------------------------------
def legal_commands(state: State, seat: int | None) -> list[Command]:
    if _turn_refusal(state, seat) is not None:
        return []
    assert seat is not None
    # BuildTile candidates are generated already checked (the same _placement_refusal, tiles from the
    # supply, during a Build): skipping their second check keeps a big Build list cheap.
    return [c for c in _candidates(state, seat) if isinstance(c, BuildTile) or _refusal(state, seat, c) is None]


def _candidates(state: State, seat: int) -> Iterator[Command]:
    """A superset of every command decide can accept now (each branch says why it is complete)."""
    if state.phase is Phase.FEEDING:
        prey, hatch = _meal_choices(state)  # exactly the menu _feed_refusal accepts
        yield from (FeedPrey(site) for site in prey)
        yield from (FeedHatchery(h) for h in hatch)
        return
    if state.phase is Phase.ACTIONS:
        # UseHex needs a built cell of one's own: every one is listed.
        yield from (UseHex(c.q, c.r) for c in state.players[seat].cells)
        yield from (UseMagnificANT(a) for a in ACTIONS)
        yield from _steal_candidates(state, seat)
        yield EndTurn()
        return
    pending = state.pending
    assert pending is not None
    yield FinishAction()
    match pending.action:
        case Action.SCOUT:  # rows 1..3 and columns 1..L: the only slots _scout_refusal allows
            for column in range(1, pending.level + 1):
                for row in range(1, DISPLAY_ROWS + 1):
                    yield ScoutTile(row, column)
        case Action.BUILD:
            yield from _build_candidates(state, seat)
        case Action.HATCH:
            yield from (HatchAnt(h) for h in HATCHERIES)
        case Action.ANTS:
            yield from _ants_candidates(state, seat)
            yield from _steal_candidates(state, seat)
        case Action.DRAG:
            yield from _drag_candidates(state, seat)
            yield from _steal_candidates(state, seat)


def _build_candidates(state: State, seat: int) -> Iterator[Command]:
    """Level 1 needs a cell on the base or next to a built cell, the other cell its neighbour (AN-22);
    higher levels need two built cells (AN-23). So every legal pair has a cell in base + built + their
    neighbours as its first or second cell, and the other cell next to it."""
    player = state.players[seat]
    built = {(c.q, c.r) for c in player.cells}
    anchors = set(BASE) | built
    for c in built:
        anchors.update(neighbours(c))
    pairs: set[tuple[Coord, Coord]] = set()
    for a in anchors:
        for b in neighbours(a):
            pairs.add((a, b))
            pairs.add((b, a))
    cells = cell_map(player)
    touching = _attachable(cells)
    good = sorted(p for p in pairs if _placement_refusal(state, seat, p[0], p[1], cells, touching) is None)
    for tile in sorted(set(player.tiles)):
        for a, b in good:
            yield BuildTile(tile, a[0], a[1], b[0], b[1])


def _ants_candidates(state: State, seat: int) -> Iterator[Command]:
    """Deploy: each hatchery holding an ant of the seat, onto each path; recall: each path with its ant."""
    for h, hatchery in enumerate(HATCHERIES):
        if state.hatcheries[h][seat] > 0:
            for seg in SEGMENTS:
                yield DeployAnt(hatchery, seg.id)
    for i in own_segments(state, seat):
        yield RecallAnt(SEGMENTS[i].id)


def _drag_candidates(state: State, seat: int) -> Iterator[Command]:
    """Pick-ups at the sites touching one's paths; passes and deliveries from one's carrying ants."""
    mine = own_segments(state, seat)
    for i in mine:
        seg = SEGMENTS[i]
        for node in (seg.a, seg.b):
            if node in SITE_INDEX:
                yield PickUpToken(node, seg.id)
    for i in mine:
        for j in mine:
            yield PassToken(SEGMENTS[i].id, SEGMENTS[j].id)
        yield DeliverToken(SEGMENTS[i].id)


def _steal_candidates(state: State, seat: int) -> Iterator[Command]:
    """A steal needs the thief's ant on the path: every path of the seat, every other seat."""
    for i in own_segments(state, seat):
        for ant in state.paths[i]:
            if ant.seat != seat:
                yield Steal(SEGMENTS[i].id, ant.seat)
