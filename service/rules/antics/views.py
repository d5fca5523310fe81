"""Per-seat views and event redaction, as allow-lists (spec §8).

Everything on the table is public: the board, hatcheries, every ant-hill, tile
supply and collection, the display and the anteater guide. The only hidden
thing is the order of the tiles in the bag - and the engine never has one: a
tile is drawn at random at the moment it is drawn (the bag is kept sorted), so
no view and no event can show a future draw. The views show the bag's size and
its composition by tile kind (public: 56 tiles minus every tile seen), never
the ids of the tiles still in it.
"""

from __future__ import annotations

from typing import Any

from service.rules.antics.data import GUIDE_CYCLE, HATCHERIES, SEGMENTS, SITE_TOKEN, SITES, TILE_HEXES, tile_label
from service.rules.antics.messages import Event
from service.rules.antics.scoring import player_score, status
from service.rules.antics.state import Player, State, anthill_height


def view(state: State, seat: int | None) -> dict[str, Any]:
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
        "pending": None
        if state.pending is None
        else {
            "action": state.pending.action.value,
            "level": state.pending.level,
            "remaining": state.pending.remaining,
            "columns": list(state.pending.columns),
            "hatched": [h.value for h in state.pending.hatched],
        },
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
        "paths": {
            SEGMENTS[i].id: [
                {"seat": a.seat, "soldier": a.soldier, "carrying": None if a.carrying is None else a.carrying.value}
                for a in ants
            ]
            for i, ants in enumerate(state.paths)
            if ants
        },
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


def _player_view(p: Player) -> dict[str, Any]:
    return {
        "tile_supply": list(p.tiles),
        "built_tiles": list(p.built),
        "cells": [{"q": c.q, "r": c.r, "level": c.height, "tile": c.tile, "hex": c.hex.value} for c in p.cells],
        "ants_in_supply": p.ants,
        "prey": [t.value for t in p.prey],
        "brown_leaves": p.brown,
        "green_leaves": p.green,
        "height": anthill_height(p),
        "score": player_score(p),
    }


def redact(event: Event, seat: int | None) -> Event:
    """Every event is public: tiles appear in events only once drawn, and the bag has no order to show."""
    return event
