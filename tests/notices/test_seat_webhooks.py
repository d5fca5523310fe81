"""Issue 35: NoticeService over a real server. A seat's webhook is set, read and removed with that seat's token and
no other; a URL a notice may not go to is refused with INVALID_ARGUMENT, a reason and the field."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from click.testing import CliRunner
from playledger_client import Client, PlayLedgerError, SeatWebhooks

from clients.cli import main
from service.server import Running
from tests.notices.conftest import ORGANIZER, serve, table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """One server for these calls: they send nothing."""
    running = serve(tmp_path_factory.mktemp("webhooks"))
    yield running
    running.stop(0.5)


def _refused(call: Callable[[], Any]) -> PlayLedgerError:
    with pytest.raises(PlayLedgerError) as refused:
        call()
    return refused.value


def test_a_seat_sets_reads_and_removes_its_own_webhook(client: Client) -> None:
    game, seats = table(client, move_seconds=60)
    ann = SeatWebhooks(seats[0])
    answer = ann.set(game, "https://example.org/playledger?seat=ann")
    assert answer.secret.startswith("whsec_") and len(answer.secret) > 40
    assert (answer.webhook.game, answer.webhook.seat, answer.webhook.active) == (game, 0, True)
    shown = ann.get(game)
    assert shown is not None and shown.url == "https://example.org/playledger?seat=ann"
    assert answer.secret not in str(shown)  # the secret is shown once, when set
    again = ann.set(game, "http://127.0.0.1:9/hook")  # replaced, with a new secret
    assert again.secret != answer.secret and ann.get(game).url == "http://127.0.0.1:9/hook"  # type: ignore[union-attr]
    assert ann.delete(game) is True
    assert ann.get(game) is None and ann.delete(game) is False
    unclocked, seats = table(client)
    assert SeatWebhooks(seats[1]).set(unclocked, "https://example.org/").webhook.active is False


def test_only_the_seats_own_token_reaches_its_webhook(client: Client) -> None:
    game, seats = table(client, move_seconds=60)
    SeatWebhooks(seats[0]).set(game, "https://example.org/ann")
    bob = SeatWebhooks(seats[1])
    assert bob.get(game) is None  # bob's token names bob's seat: ann's webhook is not his to read ...
    assert bob.delete(game) is False  # ... nor to remove
    assert SeatWebhooks(seats[0]).get(game).url == "https://example.org/ann"  # type: ignore[union-attr]
    for hooks in (SeatWebhooks(client), SeatWebhooks(client.as_token(ORGANIZER))):  # a spectator, the organizer
        for call in (
            lambda: hooks.get(game),  # noqa: B023 (called at once)
            lambda: hooks.set(game, "https://example.org/x"),  # noqa: B023
            lambda: hooks.delete(game),  # noqa: B023
        ):
            error = _refused(call)
            assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_PLAYER")
    other, _ = table(client, move_seconds=60)
    error = _refused(lambda: SeatWebhooks(seats[0]).set(other, "https://example.org/x"))
    assert (error.code, error.reason) == (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_NOT_OF_THIS_GAME")
    error = _refused(lambda: bob.get("games/not-a-game"))
    assert (error.code, error.reason) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


BAD_URLS = [
    ("", "MALFORMED_REQUEST", "required"),
    ("example.org/hook", "MALFORMED_REQUEST", "absolute"),
    ("ftp://example.org/hook", "MALFORMED_REQUEST", "absolute"),
    ("http://example.org/hook", "MALFORMED_REQUEST", "https"),
    ("https://ann:pw@example.org/hook", "MALFORMED_REQUEST", "user name or password"),
    ("https://example.org/hook#here", "MALFORMED_REQUEST", "fragment"),
    ("https://example.org:99999/", "MALFORMED_REQUEST", "not a URL"),
    ("https://exa mple.org/", "MALFORMED_REQUEST", "no spaces"),
    ("https://bücher.example/", "MALFORMED_REQUEST", "ASCII"),
    ("https://169.254.169.254/latest/meta-data", "MALFORMED_REQUEST", "link-local"),
    ("https://example.org/" + "a" * 2100, "TOO_LONG", "2048"),
]


@pytest.mark.parametrize(("url", "reason", "says"), BAD_URLS, ids=[b[0][:30] or "empty" for b in BAD_URLS])
def test_a_url_no_notice_may_go_to_is_refused(client: Client, url: str, reason: str, says: str) -> None:
    game, seats = table(client, move_seconds=60)
    error = _refused(lambda: SeatWebhooks(seats[0]).set(game, url))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason)
    assert says in error.message
    assert [v.field for v in error.violations] == ["url"]
    if reason == "TOO_LONG":
        assert error.metadata == {"limit": "2048"}
    assert SeatWebhooks(seats[0]).get(game) is None


def test_the_cli_sets_shows_and_deletes(server: Running, client: Client, tmp_path: Path) -> None:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"], move_seconds=120)
    env = {"PLAYLEDGER_HOME": str(tmp_path), "PLAYLEDGER_SERVER": f"127.0.0.1:{server.port}"}
    runner = CliRunner(env=env)
    seat = ["--token", tokens[1].token]
    made = runner.invoke(main, ["webhook", "set", game.name, "https://example.org/bob", *seat])
    assert made.exit_code == 0, made.output
    assert "seat 1: https://example.org/bob" in made.output and "secret: whsec_" in made.output
    shown = runner.invoke(main, ["webhook", "show", game.name, *seat])
    assert shown.exit_code == 0 and "https://example.org/bob" in shown.output and "whsec_" not in shown.output
    assert "removed" in runner.invoke(main, ["webhook", "delete", game.name, *seat]).output
    assert "no webhook" in runner.invoke(main, ["webhook", "show", game.name, *seat]).output
    refused = runner.invoke(main, ["webhook", "set", game.name, "http://example.org/", *seat])
    assert refused.exit_code == 1 and "MALFORMED_REQUEST" in refused.output
