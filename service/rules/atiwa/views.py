"""Views and redaction as allow-lists (spec §9).

Everything on Atiwa's table is public: play areas, supply boards, gold, the display, the stacks, the
round track, the markers drawn (their gold is seen when drawn) and the scoring pad. The only secrets are
the order of the terrain deck and the order of the markers in the bag, and the state holds neither: it
keeps the deck and the bag as compositions, and every draw is made at random when it happens (AT-R2,
AT-R5, AT-R6). A view therefore shows the deck only as a count and the bag as its public composition,
and every event may be streamed to every seat unchanged.
"""

from __future__ import annotations

from service.rules.atiwa.aids import Nothing, gains_nothing
from service.rules.atiwa.data.board import BREEDING, SOLO_COLOUR, Action, ItemCount, describe
from service.rules.atiwa.data.cards import CARD_FIELDS, CARD_NAME, CARD_POINTS, LOCATION_ORDER, terrain_cid
from service.rules.atiwa.data.challenges import Challenge, challenge_for
from service.rules.atiwa.data.pieces import BOARD_ROWS, ROW_VALUE, SUPPLY_SIZE, Item
from service.rules.atiwa.fields import count, nature, pollution_count, terrain_count
from service.rules.atiwa.legal import legal_commands
from service.rules.atiwa.messages import EVENT_TYPES, Event, GameSetUp, PlaceWorker, TerrainDrawn
from service.rules.atiwa.messages_maintenance import DisplayRefreshed, IncomeCollected, Result
from service.rules.atiwa.scoring import goal_conditions, result, status
from service.rules.atiwa.spaces import round_space, space_actions, space_ids
from service.rules.atiwa.state import CODE_NAME, EMPTY, Phase, Player, State, Step, Task, current_seat, is_solo
from service.rules.atiwa.view_types import (
    ActionPart,
    Condition,
    Final,
    Goal,
    Pieces,
    PlayedCard,
    PlayerView,
    ScoreSheet,
    Space,
    TaskView,
    View,
)
from service.rules.atiwa.view_types import Nothing as NothingView
from service.rules.kit import Visibility


def view(state: State, seat: int | None) -> View:
    """What `seat` may see (None = spectator): everything public, built up field by field."""
    st = status(state)
    out: View = {
        "you": seat,
        "seats": state.seats,
        "round": state.round,
        "phase": st.phase,
        "to_act": list(st.to_act),
        "start_player": state.start_player,
        "turn": current_seat(state) if state.phase is Phase.WORK else None,
        "work_order_start": state.order_start,
        "turns_taken": state.turn,
    }
    if state.phase is Phase.SETUP:
        return out
    ch = challenge_for(state.challenge) if is_solo(state) else None
    if ch is not None:
        out["solo"] = {
            "challenge": ch.number,
            "name": ch.name,
            "colour": SOLO_COLOUR.get(state.round),
            "goal": _goal(ch, state.players[0], result(state.players[0]), None),
        }
    out["spaces"] = _spaces(state)
    out["breeding"] = [[str(kind), n] for kind, n in BREEDING.get(state.round, ())]
    out["display"] = [None if c is None else terrain_cid(c) for c in state.display]
    out["deck_size"] = len(state.deck)  # the order is never state; the composition is not shown either
    out["discard"] = [terrain_cid(c) for c in state.discard]
    out["stacks"] = {str(k): n for k, n in zip(LOCATION_ORDER, state.stacks, strict=True)}
    out["bag"] = {"no_gold": state.bag[0], "one_gold": state.bag[1], "two_gold": state.bag[2]}
    out["players"] = [_player(state, i, p) for i, p in enumerate(state.players)]
    if state.phase is Phase.FINISHED:
        out["final"] = _final(state)
    return out


def _spaces(state: State) -> list[Space]:
    workers = {sp: (s, r) for sp, s, r in state.occupied}
    placing = _placing(state)
    out = []
    for sid in space_ids(state.seats):
        actions = space_actions(state, sid)
        entry: Space = {"id": sid, "actions": [describe(a) for a in actions], "parts": [_part(a) for a in actions]}
        if sid[0] == "R":
            tile = round_space(state.tiles, state.round, int(sid[1:]))[1]
            entry["tile"] = tile or None
        if sid in workers:
            entry["worker"], entry["placed_in_round"] = workers[sid]
        if sid in placing:
            nothing = placing[sid]
            entry["gains_nothing"] = nothing is not None
            if nothing is not None:
                entry["nothing"] = _nothing(nothing)
        out.append(entry)
    return out


def _part(action: Action) -> ActionPart:
    """An action as data (data/board.py's Action, only the fields its kind uses)."""
    out: ActionPart = {"act": action.act.value, "bonus": action.bonus}
    if action.items:
        out["items"] = _pieces(action.items)
    if action.options:
        out["options"] = [_pieces(o) for o in action.options]
    if action.n:
        out["n"] = action.n
    if action.cost:
        out["cost"] = action.cost
    if action.location is not None:
        out["location"], out["side"] = action.location.value, "right" if action.right else "left"
    return out


def _pieces(pairs: tuple[ItemCount, ...]) -> list[Pieces]:
    return [{"kind": kind.value, "count": n} for kind, n in pairs]


def _placing(state: State) -> dict[str, Nothing | None]:
    """The seat to act's legal place_worker commands, each with why it would gain nothing (None: it may gain)."""
    if state.phase is not Phase.WORK:
        return {}
    seat = current_seat(state)
    spaces = [c.space for c in legal_commands(state, seat) if isinstance(c, PlaceWorker)]
    return {sid: gains_nothing(state, seat, sid) for sid in spaces}


def _nothing(n: Nothing) -> NothingView:
    out: NothingView = {"why": n.why}
    for name, value in n.numbers:
        out[name] = value  # type: ignore[literal-required]
    return out


def _field(kind: str, item: int, top: int) -> str:
    if item == EMPTY:
        return kind
    text = CODE_NAME[item] + (f"+{CODE_NAME[top]}" if top != EMPTY else "")
    return f"{kind}:{text}"


def _player(state: State, seat: int, p: Player) -> PlayerView:
    cards: list[PlayedCard] = []
    for i, c in enumerate(p.cards):
        types = CARD_FIELDS[c.cid]
        cards.append(
            {
                "index": i,
                "card": c.cid,
                "name": CARD_NAME[c.cid],
                "points": CARD_POINTS[c.cid],
                "row": c.row,
                "col": c.col,
                "fields": [_field(str(types[f]), c.items[f], c.tops[f]) for f in range(8)],
            }
        )
    return {
        "seat": seat,
        "gold": p.gold,
        "supply_board": {
            str(kind): {"left": SUPPLY_SIZE[kind] - p.taken[r], "value": ROW_VALUE[kind][p.taken[r]]}
            for r, kind in enumerate(BOARD_ROWS)
        },
        "families_removed": p.removed,
        "bats": count(p, Item.BAT),
        "night_bats": p.night,
        "terrain_cards": terrain_count(p),
        "nature_symbols": nature(p),
        "pollution": pollution_count(p),
        "shortage_penalty": -p.penalty,
        "cards": cards,
        "task": _task(p.task),
        "score": _result(result(p)),
    }


def _task(t: Task) -> TaskView:
    out: TaskView = {"step": str(t.step)}
    if t.step in (Step.IDLE, Step.DONE, Step.INCOME, Step.NEXT):
        return out
    if t.space:
        out["space"] = t.space
        out["actions_left"] = list(t.remaining)
    if t.action >= 0:
        out["action"] = t.action
    if t.gains:
        out["to_place"] = [str(k) for k in t.gains]
    if t.huts:
        out["huts_only"] = True
    if t.step is Step.FRUIT_ON_TREE:
        out["tree"] = {"card": t.anchor[0], "field": t.anchor[1] + 1}
    if t.step in (Step.TRAIN, Step.LOCATION, Step.FRUIT_BAT, Step.TREE_WITH_FRUIT):
        out["left"] = t.count
    if t.step is Step.TAKE_CARD:
        out["slot"] = t.count
    if t.card:
        out["card"] = t.card
    if t.step is Step.FEED:
        out["need"] = t.need
        out["paid"] = t.paid
        out["bats_may_be_eaten"] = t.bats
        out["shortage"] = t.shortage
    if t.step is Step.BREED:
        out["bred"] = [str(k) for k in t.used]
    return out


def _result(r: Result) -> ScoreSheet:
    return {
        "gold": r.gold,
        "cards": r.cards,
        "supply_board": r.board,
        "trained_families": r.trained,
        "fruit_bats": r.bats,
        "food_shortage": r.shortage,
        "total": r.total,
        "pollution_markers": r.pollution,
    }


def _final(state: State) -> Final:
    out: Final = {
        "scores": [_result(r) for r in state.results],
        "winners": list(state.winners),
    }
    if is_solo(state):
        ch = challenge_for(state.challenge)
        out["goal"] = _goal(ch, state.players[0], state.results[0], bool(state.goal_met))
    return out


def _goal(ch: Challenge, p: Player, res: Result, met: bool | None) -> Goal:
    """The solo goal condition by condition (AT-100, AT-C1..AT-C8); `met` None: judged as things stand now."""
    checks = goal_conditions(ch, p, res)
    conditions: list[Condition] = []
    for c in checks:
        condition: Condition = {"condition": c.text, "met": c.met, "key": c.key, "count": c.count, "have": c.have}
        if c.cards:
            condition["cards"] = {str(kind): n for kind, n in c.cards}
        conditions.append(condition)
    verdict = all(c.met for c in checks) if met is None else met
    return {"challenge": ch.number, "name": ch.name, "conditions": conditions, "met": verdict}


# Every event is public (§9): it only ever names cards and markers at the moment they are revealed, and the
# state keeps the deck and the bag as compositions, so no event holds a secret of anyone's.
VISIBILITY: Visibility[Event] = Visibility("Atiwa")
VISIBILITY.public(*EVENT_TYPES.values())

# Take-backs (service/ledger/takebacks.py): the events a take-back may go back over. Every event is public and the
# only secrets are the orders of the terrain deck and of the bag, so every event may be, but those that draw from
# them (a take-back never re-rolls a draw, nor hides again what it showed):
# - GameSetUp: the tiles, the terrain deck and the start player drawn at random (AT-R1..AT-R4);
# - TerrainDrawn, DisplayRefreshed: terrain cards come off the face-down deck (AT-10, AT-88, AT-R6);
# - IncomeCollected: pollution markers drawn blind from the bag (AT-73, AT-R5), left out even when none is drawn.
TAKEBACK_SAFE: frozenset[str] = frozenset(EVENT_TYPES) - {
    cls.__name__ for cls in (GameSetUp, TerrainDrawn, DisplayRefreshed, IncomeCollected)
}


def redact(event: Event, seat: int | None) -> Event | None:
    return VISIBILITY.redact(event, seat)
