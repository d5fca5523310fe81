"""Per-seat views and event redaction, as allow-lists (spec §10).

Secret until the reveal (GA-30): the Ant's black marker and each Red Ant's red
marker (their owner sees them), and the GA-P3 peeked marker (the Cicada sees
it). Secret for good: the order of the Path and Provision decks (never stored),
a GA-P5 face-down card (its holder sees it; revealed at the end). Autumn insect
piles are shown face down to opponents (count only) until the end, unless the
open variant is on; the cards themselves were face up in the grid and the
public MarkersRevealed/PantryFilled events name them (spec §10: the count-only
view is the rulebook's memory element, not a true secret).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from service.rules.grasshopper_ant.data import (
    CARD,
    CELLS,
    GRID_SIZE,
    PATH_TYPES,
    POWER_INSECT,
    POWER_NAMES,
    POWERS,
    Mode,
    Power,
)
from service.rules.grasshopper_ant.messages import (
    AcquisitionEnded,
    AntsPlaced,
    CardsCollected,
    Cell,
    CicadaPlaced,
    DeckReshuffled,
    Event,
    GameFinished,
    GameSetUp,
    GridRefilled,
    InsectResolved,
    MarkerChosen,
    MarkerPeeked,
    MarkersRevealed,
    MarketRefilled,
    PantryFilled,
    PathCardDrawn,
    PowerDeclined,
    PowerGained,
    ProvisionBought,
    ProvisionsSwapped,
    RoundStarted,
)
from service.rules.grasshopper_ant.scoring import (
    autumn_score,
    insect_points,
    shelf_points,
    status,
    victory_points,
)
from service.rules.grasshopper_ant.state import (
    BOXED,
    CENTRE,
    Phase,
    State,
    insect_alternatives,
    open_insect_cards,
    power_holder,
    power_options,
    red_ants,
)
from service.rules.grasshopper_ant.view_types import GridCard, Peek, Reveal, Role, SeatView, View
from service.rules.kit import Visibility


def _role(state: State, seat: int) -> Role:
    if seat == state.ant:
        return "ant"
    if seat == state.cicada:
        return "cicada"
    return "red_ant" if seat in red_ants(state) else "idle"


def _cell(state: State, cell: Cell) -> GridCard | None:
    card = state.grid[CELLS.index(cell)]
    if card is None:
        return None
    face = CARD[card]
    return {
        "card": card,
        "type": face.type.value,
        "insect": face.insect.value if face.insect is not None else None,
        "ant": cell in state.ant_cells,
        "cicada": cell == state.cicada_cell,
    }


def view(state: State, seat: int | None) -> View:
    """What `seat` may see; None is a spectator. Built up from public facts plus the seat's own secrets."""
    me = seat if seat is not None and 0 <= seat < state.seats else None
    st = status(state)
    n = state.seats
    out: SeatView = {
        "mode": state.mode.value,
        "powers": state.powers,
        "autumn_open": state.autumn_open,
        "snake": state.snake,
        "seats": n,
        "you": me,
        "round": state.round,
        "phase": st.phase,
        "to_act": list(st.to_act),
        "finished": st.finished,
        "ant": state.ant,
        "cicada": state.cicada,
        "roles": [_role(state, s) for s in range(n)],
        "grid": [[_cell(state, (r, c)) for c in range(GRID_SIZE)] for r in range(GRID_SIZE)],
        "deck_count": len(state.deck),
        "committed": [state.markers[s] is not None for s in range(n)] if state.markers else [False] * n,
        "my_marker": _own_marker(state, me),
        "peek": _peek(state, me),
        "reveal": _reveal(state),
    }
    if not state.shelves:  # before setup (a game at version 1, through time travel): nothing dealt yet
        return out
    if state.mode is Mode.AUTUMN:
        _autumn(out, state, me)
    else:
        _winter(out, state, me)
    if state.finished:
        out["end_reason"] = state.end_reason.value if state.end_reason is not None else None
        out["scores"] = list(state.final_scores)
        out["winners"] = list(state.winners)
    return out


def _own_marker(state: State, me: int | None) -> str | None:
    if me is None or not state.markers:
        return None
    marker = state.markers[me]
    return marker.value if marker is not None else None


def _peek(state: State, me: int | None) -> Peek | None:
    if state.peek_slot is None:
        return None
    shown = state.peeked.value if me == state.cicada and state.peeked is not None else None
    return {"seat": state.cicada, "slot": state.peek_slot, "marker": shown}


def _reveal(state: State) -> Reveal | None:
    if not state.revealed:
        return None
    x = state.markers[state.ant]
    return {
        "ant_marker": x.value if x is not None else None,
        "guesses": [[s, m.value] for s in red_ants(state) if (m := state.markers[s]) is not None],
        "cicada_right": state.cicada_right,
        "collector": state.collector,
        "cards": list(state.haul),
    }


def _autumn(out: SeatView, state: State, me: int | None) -> None:
    n = state.seats
    shown = state.autumn_open or state.finished

    def pile(s: int) -> list[str] | None:
        return list(state.insect_piles[s]) if shown or s == me else None

    out["pantry"] = [{t.value: state.shelves[s][i] for i, t in enumerate(PATH_TYPES)} for s in range(n)]
    out["shelf_points"] = [shelf_points(state.shelves[s]) for s in range(n)]
    out["insect_counts"] = [len(state.insect_piles[s]) for s in range(n)]
    out["insect_cards"] = [pile(s) for s in range(n)]
    # GA-91: the points of each pile that is face up to this viewer (every pile at the end)
    out["insect_points"] = [insect_points(state.insect_piles[s]) if shown or s == me else None for s in range(n)]
    out["boxed_count"] = len(state.boxed)
    if me is not None:
        out["my_insect_points"] = insect_points(state.insect_piles[me])
        out["my_score"] = autumn_score(state, me)


def _winter(out: SeatView, state: State, me: int | None) -> None:
    n = state.seats
    out["supplies"] = [list(state.supplies[s]) for s in range(n)]
    out["cocoons"] = [
        {"count": int(state.cocoons[s] is not None), "card": state.cocoons[s] if s == me or state.finished else None}
        for s in range(n)
    ]
    out["discard"] = list(state.discard)
    out["market"] = list(state.market)
    out["provision_deck_count"] = len(state.provision_deck)
    out["provisions_in_play"] = list(state.provisions_in_play)
    out["provisions"] = [list(state.provisions[s]) for s in range(n)]
    out["vp"] = [victory_points(state, s) for s in range(n)]
    out["bought"] = state.bought
    if state.powers:
        out["power_cards"] = [
            {"power": p.value, "name": POWER_NAMES[p], "insect": POWER_INSECT[p].value, "holder": _holder(state, p)}
            for p in POWERS
        ]
    if state.phase is Phase.INSECTS:
        out["insect_choices"] = [
            {"card": c, "options": [c, *insect_alternatives(state, c)]} for c in open_insect_cards(state)
        ]
    if state.phase is Phase.POWER:
        out["power_options"] = list(power_options(state))


def _holder(state: State, power: Power) -> Literal["box", "centre"] | int:
    holder = power_holder(state, power)
    if holder == BOXED:
        return "box"
    if holder == CENTRE:
        return "centre"
    return holder


VISIBILITY: Visibility[Event] = Visibility("Grasshopper & Ant")


def redact(event: Event, seat: int | None) -> Event | None:
    """The same visibility rule for a streamed event: hidden fields become None (undeclared events: shown to none)."""
    return VISIBILITY.redact(event, seat)


def _unseen_draw(event: PathCardDrawn) -> PathCardDrawn:
    """GA-P5: a face-down draw hides its card from all but the drawer; a face-up draw hides nothing."""
    return replace(event, card=None) if event.face_down else event


VISIBILITY.private(MarkerChosen, owner=lambda e: e.seat, mask=lambda e: replace(e, path_type=None))  # GA-13/14
VISIBILITY.private(MarkerPeeked, owner=lambda e: e.seat, mask=lambda e: replace(e, path_type=None))  # GA-P3
VISIBILITY.private(PathCardDrawn, owner=lambda e: e.seat, mask=_unseen_draw)
VISIBILITY.public(
    GameSetUp,
    RoundStarted,
    AntsPlaced,
    CicadaPlaced,
    MarkersRevealed,
    PantryFilled,
    DeckReshuffled,
    GridRefilled,
    InsectResolved,
    CardsCollected,
    PowerGained,
    PowerDeclined,
    ProvisionBought,
    ProvisionsSwapped,
    AcquisitionEnded,
    MarketRefilled,
    GameFinished,
)

# Take-backs (service/ledger/takebacks.py): the events a take-back may go back over, because they show nothing
# that was hidden from any seat: pawns on the face-up grid, the insect help and the swap among face-up cards,
# the roles. Left out:
# - GameSetUp, GridRefilled, DeckReshuffled, PathCardDrawn, MarketRefilled: cards come off the face-down Path
#   and Provision decks at random (GA-S1, GA-50, GA-51, GA-34, GA-86, GA-P4, GA-87), a GA-P5 draw face down;
# - MarkerChosen, MarkerPeeked: the Ant's marker and the Red Ants' guesses are secret until the reveal, the peek
#   is the Cicada's alone (GA-13, GA-14, GA-P3);
# - MarkersRevealed, PantryFilled: the secret markers turned over, and the shelf that names the Ant's (GA-30, GA-40);
# - PowerGained, ProvisionBought: a stolen Cocoon's or a paid face-down card is turned face up (GA-P5);
# - GameFinished: the insect piles and the face-down cards are revealed (GA-43, GA-91, GA-P5).
TAKEBACK_SAFE: frozenset[str] = frozenset(
    cls.__name__
    for cls in (
        RoundStarted,
        AntsPlaced,
        CicadaPlaced,
        InsectResolved,
        CardsCollected,
        PowerDeclined,
        ProvisionsSwapped,
        AcquisitionEnded,
    )
)
