"""No seat token or spectator learns another seat's cards, the boxed bets, or the seed before the end.

Random playouts through the real gRPC surface: every few commands, every seat
and a spectator read GetGame and ListLegalCommands and provoke an error, while
each of them follows the whole game on its own WatchGame stream. The server's
own state (read directly from the ledger) tells which cards are secret from
whom at that moment.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from uuid import UUID

import pytest
from google.protobuf import json_format
from playledger_client import Client, PlayLedgerError, args_of

from service.config import Settings
from service.ledger.app import Ledger
from service.server import Running, start

PUBLIC_VIEW_KEYS = {"played", "discard", "results"}  # face-up zones: their cards are public by the rules


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(Settings(store=f"sqlite:///{tmp_path / 'leak.db'}", port=0, web_port=0, workers=16, max_watchers=8))
    yield running
    running.stop(0.5)


def secrets_from(ledger: Ledger, game_id, viewer: int | None) -> set[str]:  # type: ignore[no-untyped-def]
    """Card ids the viewer must not see now: other seats' hands and bets, and every boxed bet."""
    state = ledger.get_game(game_id).state
    hidden = set(state.boxed_bets)
    for seat in range(state.seats):
        if seat != viewer:
            hidden |= set(state.hands[seat]) | set(state.bets[seat])
    return hidden


def public_cards(ledger: Ledger, game_id) -> set[str]:  # type: ignore[no-untyped-def]
    state = ledger.get_game(game_id).state
    return {c for cards in state.played for c in cards} | set(state.discard)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (3, {"variant": "turbo"}, 2), (4, {"series": True}, 3), (5, {}, 4)],
)
def test_no_leak_for_any_seat_or_spectator(server: Running, players: int, options: dict, seed: int) -> None:
    client = Client(f"127.0.0.1:{server.port}", retries=1)
    game, tokens = client.create_game("hare-and-tortoise", [f"p{i}" for i in range(players)], options)
    gid = UUID(game.name.split("/")[1])
    seed_hex = server.ledger.get_game(gid).seed_hex
    viewers: list[tuple[int | None, Client]] = [(None, client.as_token(None))]
    viewers += [(t.seat, client.as_token(t.token)) for t in tokens]
    streams: dict[int | None, list] = {viewer: [] for viewer, _ in viewers}
    watchers = [
        threading.Thread(target=lambda v=v, c=c: streams[v].extend(c.watch(game.name, 0, timeout=60)))
        for v, c in viewers
    ]
    for w in watchers:
        w.start()
    rng = random.Random(seed)
    for step in range(400):
        status = client.get_game(game.name).status
        if status.finished:
            break
        if step % 3 == 0:  # checking every third step keeps the test quick and still covers every phase
            check_viewers(server.ledger, gid, game.name, viewers, seed_hex)
        seat = status.to_act[0]
        me = viewers[seat + 1][1]
        choice = rng.choice(me.legal_commands(game.name))
        me.submit(game.name, choice.command_type, args_of(choice))
    assert client.get_game(game.name).status.finished
    final = client.get_game(game.name)
    assert final.seed_hex == seed_hex  # revealed once the game is over
    for w in watchers:
        w.join()  # each stream ends by itself after SeedRevealed
    for viewer, events in streams.items():
        assert events[-1].type == "SeedRevealed" and len(events) == final.version - 1
        for event in events[:-1]:
            data = json_format.MessageToDict(event.data)
            assert_stream_redacted(event.type, data, viewer)
            assert seed_hex not in json.dumps(data)


def check_viewers(ledger: Ledger, gid, name: str, viewers, seed_hex: str) -> None:  # type: ignore[no-untyped-def]
    public = public_cards(ledger, gid)
    for viewer, c in viewers:
        hidden = secrets_from(ledger, gid, viewer) - public
        game = c.get_game(name)
        view = json_format.MessageToDict(game.view)
        private_part = {k: v for k, v in view.items() if k not in PUBLIC_VIEW_KEYS}
        assert_absent(json.dumps(private_part), hidden, f"view of {viewer}")
        assert_absent(json.dumps(json_format.MessageToDict(game)), {seed_hex}, f"game of {viewer}")
        legal = json.dumps([args_of(m) for m in c.legal_commands(name)])
        assert_absent(legal, hidden, f"legal commands of {viewer}")
        try:  # an error message must not reveal what a hidden card is either
            c.submit(name, "play_cards", {"cards": sorted(hidden)[:1] or ["R-HARE-01"]})
        except PlayLedgerError as error:
            assert_absent(error.message, hidden - set(sorted(hidden)[:1]), f"error to {viewer}")


def assert_stream_redacted(kind: str, data: dict, viewer: int | None) -> None:
    if kind == "RaceSetUp":
        for seat, hand in enumerate(data["hands"]):
            assert seat == viewer or set(hand) == {"?"}
        for seat, bets in enumerate(data["starting_bets"]):
            assert seat == viewer or set(bets) == {"?"}
        assert set(data["boxed_bets"]) <= {"?"}
    elif kind in ("SecondBetChosen", "CardsDrawn") and data["seat"] != viewer:
        shown = [data["card"]] if kind == "SecondBetChosen" else data["cards"]
        assert set(shown) == {"?"}, f"{kind} of seat {data['seat']} shown to {viewer}: {shown}"


def assert_absent(text: str, secrets: set[str], where: str) -> None:
    leaked = sorted(s for s in secrets if s in text)
    assert not leaked, f"{where} leaks {leaked[:5]}"
