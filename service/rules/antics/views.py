"""Per-seat views and event redaction, as allow-lists (spec §8); what client apps show: label and catalog.

Everything on the table is public: the board, hatcheries, every ant-hill, tile
supply and collection, the display and the anteater guide. The only hidden
thing is the order of the tiles in the bag - and the engine never has one: a
tile is drawn at random at the moment it is drawn (the bag is kept sorted), so
no view and no event can show a future draw. The views show the bag's size and
its composition by tile kind (public: 56 tiles minus every tile seen), never
the ids of the tiles still in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_never

from service.rules.antics.data import (
    ACTIONS_PER_TURN,
    ANTEATER_START_COLUMN,
    ANTS_PER_PLAYER,
    BAG_TILE_KINDS,
    BASE_CELLS,
    DISPLAY_COLUMNS,
    DISPLAY_ROWS,
    EXHAUSTED_TYPES_TO_END,
    FIRST_ROUND_ACTIONS,
    GREEN_LEAF_BONUS,
    GUIDE_CYCLE,
    HATCHERIES,
    HEX_DIRECTIONS,
    MAGNIFICANT_LEVEL,
    MAX_HEIGHT,
    MAX_ROUNDS,
    NEST,
    PREY,
    SEGMENT_INDEX,
    SEGMENTS,
    SITE_TOKEN,
    SITES,
    STARTING_TILES,
    TILE_HEXES,
    Hatchery,
    Token,
    initial_site_tokens,
    tile_label,
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
    Steal,
    TileBuilt,
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
from service.rules.antics.scoring import leaf_points, player_score, prey_points, status
from service.rules.antics.setup import OPTION_TWO_PLAYER
from service.rules.antics.state import Pending, Player, State, anthill_height, fungus_levels
from service.rules.antics.view_types import PathAnt, PendingAction, PlayerView, View
from service.rules.kit import Visibility


def view(state: State, seat: int | None) -> View:
    st = status(state)
    visible: set[int] = set()
    for row in state.display:
        visible.update(t for t in row.tiles if t is not None)
    for p in state.players:
        visible.update(p.tiles)
        visible.update(p.built)
    composition: dict[str, int] = {}
    for tile in state.bag:
        composition[tile_label(tile)] = composition.get(tile_label(tile), 0) + 1
    return {
        "seat": seat,
        "seats": state.seats,
        "two_player_variant": state.two_player,
        "phase": state.phase.value,
        "to_act": list(st.to_act),
        "start_seat": state.start_seat,
        "current": state.current,
        "round": state.round,
        "turn": state.turn,
        "actions": state.actions,
        "markers": state.markers,
        "used_hexes": [[q, r] for q, r in state.used_hexes],
        "magnificant_used": state.magnificant_used,
        "pending": _pending_view(state.pending),
        "feeding": None if state.feeding is None else {"row": state.feeding.row, "meal": state.feeding.meal.value},
        "display": [{"tiles": list(row.tiles), "anteater": row.anteater} for row in state.display],
        "tiles": {str(t): [h.value for h in TILE_HEXES[t]] for t in sorted(visible)},
        "bag_size": len(state.bag),
        "bag_composition": dict(sorted(composition.items())),
        "anteater_counter": state.counter,
        "next_meal": GUIDE_CYCLE[state.counter % len(GUIDE_CYCLE)].value,
        "hatcheries": {h.value: list(state.hatcheries[i]) for i, h in enumerate(HATCHERIES)}
        if state.hatcheries
        else {},
        "paths": _paths_view(state),
        "sites": {
            site: {"token": SITE_TOKEN[site].value, "count": n} for site, n in zip(SITES, state.sites, strict=False)
        },
        "exhausted": [t.value for t in state.exhausted],
        "players": [_player_view(p) for p in state.players],
        "final_turns_left": state.final_turns_left,
        "trigger": None if state.trigger is None else state.trigger.value,
        "end_reason": None if state.end_reason is None else state.end_reason.value,
        "final_scores": None if state.final_scores is None else list(state.final_scores),
        "winners": None if state.winners is None else list(state.winners),
    }


def _pending_view(pending: Pending | None) -> PendingAction | None:
    if pending is None:
        return None
    return {
        "action": pending.action.value,
        "level": pending.level,
        "remaining": pending.remaining,
        "columns": list(pending.columns),
        "hatched": [h.value for h in pending.hatched],
    }


def _paths_view(state: State) -> dict[str, list[PathAnt]]:
    return {
        SEGMENTS[i].id: [
            {"seat": a.seat, "soldier": a.soldier, "carrying": None if a.carrying is None else a.carrying.value}
            for a in ants
        ]
        for i, ants in enumerate(state.paths)
        if ants
    }


def _player_view(p: Player) -> PlayerView:
    return {
        "tile_supply": list(p.tiles),
        "built_tiles": list(p.built),
        "cells": [{"q": c.q, "r": c.r, "level": c.height, "tile": c.tile, "hex": c.hex.value} for c in p.cells],
        "ants_in_supply": p.ants,
        "prey": [t.value for t in p.prey],
        "brown_leaves": p.brown,
        "green_leaves": p.green,
        "height": anthill_height(p),
        "leaf_points": leaf_points(fungus_levels(p), p.brown, p.green),  # AN-80
        "prey_points": prey_points(len(set(p.prey))),  # AN-81
        "score": player_score(p),  # AN-82: the two above
    }


# --- streamed events: every event type declared; an undeclared one is shown to nobody ------------------
# Every event is public (§8): a tile appears in an event only once it is drawn, and the bag has no order to
# show. A new event that carries a secret must be declared private or per viewer here instead.
VISIBILITY: Visibility[Event] = Visibility("Antics!")
VISIBILITY.public(
    GameStarted,
    TilesDrawn,
    TurnStarted,
    ActionTaken,
    TileScouted,
    TileBuilt,
    AntHatched,
    AntDeployed,
    AntRecalled,
    TokenPickedUp,
    TokenPassed,
    TokenDelivered,
    TokenStolen,
    PreyExhausted,
    ActionFinished,
    TurnEnded,
    DisplayCompacted,
    AnteaterArrived,
    PreyEaten,
    HatcheryEaten,
    AnteaterReturned,
    EndTriggered,
    GameFinished,
)


# Take-backs (service/ledger/takebacks.py): the events a take-back may go back over. Antics! hides nothing but
# the bag, whose draws are random (TilesDrawn); the deal (GameStarted) is never taken back.
TAKEBACK_SAFE = frozenset(cls.__name__ for cls in VISIBILITY.declared) - {"GameStarted", "TilesDrawn"}


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as `seat` may see it: every Antics! event is public (VISIBILITY)."""
    return VISIBILITY.redact(event, seat)


# --- for client apps ---------------------------------------------------------------------------------
def _path(segment: str) -> str:
    """A path in words: its id, where it runs and its terrain ("S01 (NEST-I1, grass)"); else the id as sent."""
    index = SEGMENT_INDEX.get(segment)
    if index is None:
        return segment
    seg = SEGMENTS[index]
    return f"{seg.id} ({seg.a}-{seg.b}, {'bridge' if seg.terrain is None else seg.terrain.value.lower()})"


def _site(site: str) -> str:
    token = SITE_TOKEN.get(site)
    return site if token is None else f"the {_token(token)} on {site}"


def _token(token: Token) -> str:
    return token.value.lower().replace("_", " ")


def _hatchery(hatchery: Hatchery) -> str:
    return f"the {hatchery.value.lower()} hatchery"


def label(command: Command) -> str:
    """A short label for a command, as a menu shows it."""
    match command:
        case UseHex(q=q, r=r):
            return f"take the action of your hex at ({q}, {r})"
        case UseMagnificANT(action=action):
            return f"use your magnificANT for a level-{MAGNIFICANT_LEVEL} {action.value.capitalize()}"
        case ScoutTile(row=row, column=column):
            return f"scout the tile in row {row}, column {column}"
        case BuildTile(tile=tile, q1=q1, r1=r1, q2=q2, r2=r2):
            hexes = tile_label(tile) if 0 <= tile < len(TILE_HEXES) else "?"
            return f"build tile {tile} ({hexes}) on ({q1}, {r1}) and ({q2}, {r2})"
        case HatchAnt(hatchery=hatchery):
            return f"hatch an ant into {_hatchery(hatchery)}"
        case DeployAnt(hatchery=hatchery, segment=segment):
            who = "a soldier" if hatchery is Hatchery.MILITARY else "an ant"
            return f"send {who} from {_hatchery(hatchery)} onto path {_path(segment)}"
        case RecallAnt(segment=segment):
            return f"recall your ant from path {_path(segment)}"
        case PickUpToken(site=site, segment=segment):
            return f"pick up {_site(site)} with your ant on {segment}"
        case PassToken(from_segment=source, to_segment=target):
            return f"pass the token from your ant on {source} to your ant on {target}"
        case DeliverToken(segment=segment):
            return f"deliver the token on {segment} to the nest"
        case FinishAction():
            return "finish this action"
        case Steal(segment=segment, victim=victim):
            return f"steal the token seat {victim}'s ant carries on {segment}"
        case EndTurn():
            return "end your turn"
        case FeedPrey(site=site):
            return f"feed the anteater {_site(site)}"
        case FeedHatchery(hatchery=hatchery):
            return f"feed the anteater every ant in {_hatchery(hatchery)}"
    assert_never(command)


def catalog(options: Mapping[str, Any]) -> dict[str, Any]:
    """The board graph, the sites, the tiles and the tables the rules use, for this game's options."""
    seats = 2 if options.get(OPTION_TWO_PLAYER, False) else 3  # 3 and 4 players stock the sites alike
    return {
        "nest": NEST,
        "paths": [
            {"id": s.id, "a": s.a, "b": s.b, "terrain": None if s.terrain is None else s.terrain.value}
            for s in SEGMENTS
        ],  # terrain None: a bridge, soldiers only (AN-36)
        "sites": {
            site: {"token": SITE_TOKEN[site].value, "start": n}
            for site, n in zip(SITES, initial_site_tokens(seats), strict=True)
        },
        "tiles": {str(t): [h.value for h in hexes] for t, hexes in enumerate(TILE_HEXES)},
        "starting_tiles": list(range(STARTING_TILES)),  # seat i starts with tile i (AN-S3)
        "tile_mix": [{"hexes": [h.value for h in hexes], "count": n} for hexes, n in BAG_TILE_KINDS],
        "base": [list(c) for c in BASE_CELLS],
        "hex_directions": [list(d) for d in HEX_DIRECTIONS],
        "hatcheries": [h.value for h in HATCHERIES],
        "prey": [t.value for t in PREY],
        "display": {"rows": DISPLAY_ROWS, "columns": DISPLAY_COLUMNS, "anteater_start": ANTEATER_START_COLUMN},
        "anteater_guide": [m.value for m in GUIDE_CYCLE],
        "limits": {
            "ants_per_player": ANTS_PER_PLAYER,
            "actions_per_turn": ACTIONS_PER_TURN,
            "first_round_actions": list(FIRST_ROUND_ACTIONS),
            "magnificant_level": MAGNIFICANT_LEVEL,
            "max_height": MAX_HEIGHT,
            "exhausted_types_to_end": EXHAUSTED_TYPES_TO_END,
            "max_rounds": MAX_ROUNDS,
        },
        "scoring": {
            "brown_leaf": "the level of its fungus (AN-80)",
            "green_leaf_bonus": GREEN_LEAF_BONUS,
            "prey_points": {str(n): prey_points(n) for n in range(len(PREY) + 1)},  # AN-81: n different types
            "tie_break": "the higher ant-hill, then a shared win (AN-82, AN-G13)",
        },
    }
