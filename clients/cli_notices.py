"""`playledger webhook set|show|delete GAME --as SEAT`: a seat's your-turn webhook, over gRPC (the seat's token).

Registered on clients.cli's command group (clients.cli imports this module once it is defined).
"""

from __future__ import annotations

import click
from playledger.v1 import notices_pb2
from playledger_client import Client, SeatWebhooks, game_name

from clients.cli import acting, common, emit, main, message_dict, token_for

INACTIVE = "  note: this game has no clock of a minute or more (or is over): nothing will be POSTed"


def _hooks(server: str, game: str, seat: int | None, token: str | None) -> SeatWebhooks:
    return SeatWebhooks(Client(server, token_for(game, seat, token)))


def _lines(hook: notices_pb2.SeatWebhook) -> None:
    click.echo(f"{hook.game} seat {hook.seat}: {hook.url}")
    if not hook.active:
        click.echo(INACTIVE)


@main.group()
def webhook() -> None:
    """A seat's your-turn webhook: a signed POST when the seat is to act in a game with a clock of a minute or more.

    The body is JSON with the game, the version, whose turn it is, the deadline and the seat's own view. Check
    X-PlayLedger-Signature (sha256=HMAC-SHA256 of "<X-PlayLedger-Timestamp>.<body>" with the secret `set` prints)
    and deduplicate by X-PlayLedger-Delivery.
    """


@webhook.command(name="set")
@click.argument("game")
@click.argument("url")
@acting
@common
def webhook_set(game: str, url: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """POST your-turn notices of the seat to URL (https; http only to 127.0.0.1 or localhost), with a new secret."""
    answer = _hooks(server, game, seat, token).set(game, url)

    def text() -> None:
        _lines(answer.webhook)
        click.echo(f"  secret: {answer.secret}")
        click.echo("  shown only now: keep it to check each notice's X-PlayLedger-Signature")

    emit(as_json, message_dict(answer), text)


@webhook.command(name="show")
@click.argument("game")
@acting
@common
def webhook_show(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """The seat's webhook (never its secret)."""
    hook = _hooks(server, game, seat, token).get(game)
    if as_json:
        emit(True, message_dict(hook) if hook is not None else None, lambda: None)
    elif hook is None:
        click.echo(f"{game_name(game)}: no webhook for this seat")
    else:
        _lines(hook)


@webhook.command(name="delete")
@click.argument("game")
@acting
@common
def webhook_delete(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Remove the seat's webhook: nothing more is POSTed for it."""
    deleted = _hooks(server, game, seat, token).delete(game)
    emit(as_json, {"deleted": deleted}, lambda: click.echo("removed" if deleted else "there was no webhook"))
