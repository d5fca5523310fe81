"""Labels and the catalog: every id a view names resolves offline, with the numbers a player chooses by.

Rules covered: AT-34 (a card's points, name and nature symbols), AT-20 (a location's cost, the right
space 1 gold more), AT-26 (the tiles and the round track's printed actions), §10.1-§10.5 (the tables).
"""

from __future__ import annotations

import json
from functools import reduce

import service.rules.atiwa as at
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.messages import PayFood, PlaceItem, PlaceWorker
from service.rules.core import Rng, normalize_options


def _views(seats: int, seed: bytes) -> list[dict]:  # type: ignore[type-arg]
    options = normalize_options(at.metadata, seats, {})
    state = reduce(at.evolve, at.setup(options, seats, Rng(seed, 1)), at.initial_state(seats, options))
    out = []
    for ply in range(400):
        if at.status(state).finished:
            break
        seat = at.status(state).to_act[0]
        commands = at.legal_commands(state, seat)
        for command in commands:
            text = at.label(command)
            assert text and "\n" not in text and len(text) <= 200
        command = commands[Rng(seed, 1000 + ply).below(len(commands))]
        state = reduce(at.evolve, at.decide(state, seat, command, Rng(seed, ply + 2), 0), state)
        if ply % 10 == 0:
            out.append(at.view(state, None))
    return out


def test_AT_34_catalog_names_every_card_space_and_tile_a_view_shows() -> None:
    for seats in (1, 2, 3, 4):
        catalog = at.catalog({})
        assert json.loads(json.dumps(catalog)) == catalog
        for view in _views(seats, f"cat{seats}".encode()):
            for card in (*view["display"], *view["discard"]):
                assert card is None or catalog["terrain"][card]["name"]
            for player in view["players"]:
                for card in player["cards"]:
                    entry = catalog["terrain"].get(card["card"]) or catalog["locations"][card["card"]]
                    assert entry["name"] == card["name"] and entry["points"] == card["points"]
            for space in view["spaces"]:
                if space["id"][0] == "R":
                    assert space.get("tile") is None or space["tile"] in catalog["tiles"]
                else:
                    assert catalog["spaces"][space["id"]]["actions"] == space["actions"]
            for kind in view["stacks"]:
                assert kind in catalog["locations"]


def test_AT_20_a_location_space_is_labelled_with_its_points_and_cost() -> None:
    assert at.label(PlaceWorker("FA_L")) == "place a worker on Farm (left): 3 points, 1 hut, for 2 trees + 2 gold"
    assert at.label(PlaceWorker("TO_R")) == "place a worker on Town (right): 13 points, 4 huts, for 5 trees + 7 gold"
    town = at.catalog({})["locations"]["TOWN"]
    assert (town["cost_trees"], town["cost_gold_left"], town["cost_gold_right"]) == (5, 6, 7)


def test_AT_81_labels_name_the_piece_the_field_and_the_food() -> None:
    assert at.label(PlaceItem(Item.WILD, 0, 3)) == "put a wild animal on card 1, field ML"
    assert at.label(PayFood(Item.GOAT, 1, 8)) == "eat the goat on card 2, field BR (3 food)"
    assert at.label(PayFood(Item.GOLD)) == "eat 1 gold (1 food)"
