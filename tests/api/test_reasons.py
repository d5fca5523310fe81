"""Issue 36: every refusal reason is in one catalog (service/api/reasons.py), documented in the README and the proto
comments with its code and whether to retry, and a table of refusals over a real server checks each one's code,
metadata and catalog entry."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from playledger_client import Client, PlayLedgerError, args_of

from service.api.reasons import REASONS
from service.config import Settings
from service.server import Running, start

ROOT = Path(__file__).resolve().parents[2]
ORGANIZER = "org-reasons"
# Calls whose string arguments are reasons (exceptions and the status builders).
RAISERS = {
    "MalformedRequest", "Unauthenticated", "PermissionDenied", "Overloaded", "ServerStopping", "RefusalNotKept",
    "TournamentRefused", "Violation", "rich_status", "WatchRefused",
}  # fmt: skip
REASON = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$")


def _raised() -> set[str]:
    """Every reason the server's code can answer with, found in its source."""
    found: set[str] = set()
    files = [*ROOT.glob("service/api/*.py"), *ROOT.glob("service/tournaments/*.py")]
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
                if name in RAISERS:
                    found |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
            if path.name == "errors.py" and isinstance(node, ast.Tuple):  # STATUS_FOR and classify's answers
                found |= {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return {r for r in found if REASON.match(r)}


def test_every_reason_the_code_raises_is_in_the_catalog() -> None:
    missing = _raised() - set(REASONS)
    assert not missing, f"reasons raised but not in service/api/reasons.py: {sorted(missing)}"


def test_every_catalog_entry_is_in_the_readme_and_the_proto_comments() -> None:
    readme = (ROOT / "README.md").read_text()
    proto = (ROOT / "proto/playledger/v1/games.proto").read_text()
    for reason, entry in REASONS.items():
        assert re.search(rf"\| `{reason}` \| {entry.code.name} \|", readme), f"README lacks {reason}"
        assert f"//   {reason}: {entry.code.name}," in proto, f"games.proto lacks {reason}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    store = tmp_path_factory.mktemp("reasons") / "r.db"
    running = start(Settings(store=f"sqlite:///{store}", port=0, web_port=0, metrics_port=0, organizer_token=ORGANIZER))
    yield running
    running.stop(0.5)


def _game(client: Client) -> tuple[str, list[Client]]:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    return game.name, [client.join(t.token) for t in tokens]


# (reason, the call that earns it). The catalog names its code and facts; the refusal must carry both.
CASES: list[tuple[str, Callable[[Client], Any]]] = [
    ("UNKNOWN_RULES", lambda c: c.create_game("chess", ["a", "b"])),
    ("INVALID_OPTIONS", lambda c: c.create_game("hare-and-tortoise", ["solo"])),
    ("BAD_SEED", lambda c: c.create_game("hare-and-tortoise", ["a", "b"], seed_hex="zz")),
    ("BAD_GAME_NAME", lambda c: c.get_game("tournaments/x")),
    ("GAME_NOT_FOUND", lambda c: c.get_game("games/not-one-of-ours")),
    ("UNKNOWN_COMMAND", lambda c: (g := _game(c))[1][0].submit(g[0], "jump")),
    ("BAD_ARGUMENTS", lambda c: (g := _game(c))[1][0].submit(g[0], "play_cards", {"cards": [3]})),
    ("TOKEN_NOT_OF_THIS_GAME", lambda c: c.as_token("stolen").get_game(_game(c)[0])),
    ("NOT_A_PLAYER", lambda c: c.submit(_game(c)[0], "play_cards", {"cards": []})),
    ("SEAT_VIEW_PRIVATE", lambda c: (g := _game(c))[1][0].get_game(g[0], seat=1)),
    ("ORGANIZER_ONLY", lambda c: c.verify_game(_game(c)[0])),
    ("GAME_REFUSAL", lambda c: (g := _game(c))[1][0].submit(g[0], "play_cards", {"cards": []})),
    ("STALE_VERSION", lambda c: _stale(c)),
    ("REQUEST_ID_REUSED", lambda c: _reused(c)),
    ("BAD_PAGE_TOKEN", lambda c: next(c.list_games(page_token="nope"))),
    ("TOO_LONG", lambda c: c.create_game("hare-and-tortoise", ["a" * 5000, "b"])),
]


def _stale(c: Client) -> Any:
    name, seats = _game(c)
    card = seats[0].legal_commands(name)[0]
    return seats[0].submit(name, card.command_type, args_of(card), expected_version=1)


def _reused(c: Client) -> Any:
    name, seats = _game(c)
    first, second = seats[0].legal_commands(name)[:2]
    seats[0].submit(name, first.command_type, args_of(first), request_id="once")
    return seats[0].submit(name, second.command_type, args_of(second), request_id="once")


@pytest.mark.parametrize(("reason", "call"), CASES, ids=[r for r, _ in CASES])
def test_a_refusal_carries_its_catalog_code_and_facts(
    server: Running, reason: str, call: Callable[[Client], Any]
) -> None:
    entry = REASONS[reason]
    with Client(f"127.0.0.1:{server.port}", retries=1) as client, pytest.raises(PlayLedgerError) as refused:
        call(client)
    error = refused.value
    assert error.code == entry.code, (reason, error)
    if reason != "GAME_REFUSAL":
        assert error.reason == reason, error
    else:  # one of the game's own reasons, published by ListGameTypes
        published = {r.code for t in Client(f"127.0.0.1:{server.port}").game_types() for r in t.reasons}
        assert error.reason in published, error
    assert set(entry.facts) <= set(error.metadata), (reason, error.metadata)
    if entry.code == grpc.StatusCode.INVALID_ARGUMENT:
        assert error.violations and error.violations[0].field, error  # BadRequest names the field
