"""`playledger rematch|takeback`: what players ask of a table besides its moves (issue 35).

Play a finished game again with the same seats, and take moves back when everyone at the table agrees.
Registered on clients.cli's command group (clients.cli imports this module once it is defined).
"""

from __future__ import annotations

from typing import Any

import click
from playledger_client import Client, Token, game_name

from clients.cli import acting, common, emit, load_wallet, main, message_dict, save_tokens, token_for


@main.command()
@click.argument("game")
@acting
@common
def rematch(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Play a finished game again: the same rules, options, players, bots, clock and table, and a new deal.

    Any seat of the game (--as SEAT, --token) or the organizer may ask; every ask gets the same rematch.
    Seats keep their tokens, so the wallet's tokens for GAME are copied to the rematch.
    """
    client = Client(server, token_for(game, seat, token))
    answer = client.rematch(game)
    new = answer.game
    held = load_wallet().get(game_name(game), {})
    save_tokens([Token(new.name, int(s), new.players[int(s)], t, new.player_ids[int(s)]) for s, t in held.items()])
    if as_json:
        emit(True, message_dict(answer), lambda: None)
        return
    click.echo(f"{new.name}  {'made' if answer.created else 'already made'}: a rematch of {game_name(game)}")
    click.echo(f"  play on: playledger show {new.name}{f' --as {seat}' if seat is not None else ''}")


@main.group()
def takeback() -> None:
    """Take moves back, when everyone at the table agrees (tables created with --takebacks).

    A seat offers to go back to the start of a recent move (`playledger show` lists the versions it may go
    back to); every other person accepts or declines. Never over a move that showed something hidden or drew
    at random; a move played meanwhile cancels the offer.
    """


@takeback.command(name="offer")
@click.argument("game")
@click.argument("to_version", type=int, required=False)
@acting
@common
def offer(game: str, to_version: int | None, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Offer to go back to TO_VERSION (default: the start of the most recent move that can be taken back)."""
    client = Client(server, token_for(game, seat, token))
    if to_version is None:
        targets = list(client.get_game(game).takeback_targets)
        if not targets:
            raise click.ClickException(
                "nothing can be taken back now (a hidden card, a random draw or the game's own step came since)"
            )
        to_version = targets[-1]
    answer = client.offer_takeback(game, to_version)
    _said(as_json, answer, f"offered to go back to version {to_version}")


@takeback.command(name="accept")
@click.argument("game")
@acting
@common
def accept(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Accept the open offer (the game goes back once every other person has)."""
    answer = Client(server, token_for(game, seat, token)).answer_takeback(game, True)
    _said(as_json, answer, "accepted")


@takeback.command(name="decline")
@click.argument("game")
@acting
@common
def decline(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Decline the open offer (or withdraw your own)."""
    answer = Client(server, token_for(game, seat, token)).answer_takeback(game, False)
    _said(as_json, answer, "declined")


def _said(as_json: bool, answer: Any, what: str) -> None:
    def text() -> None:
        game = answer.game
        if answer.taken_back:
            click.echo(f"{game.name}: {what}; the game went back (now version {game.version})")
        elif game.HasField("takeback"):
            waiting = sorted(set(range(len(game.players))) - set(game.takeback.accepted) - {b.seat for b in game.bots})
            click.echo(f"{game.name}: {what}; waiting for seats {waiting}")
        else:
            click.echo(f"{game.name}: {what}; no offer is open")

    emit(as_json, message_dict(answer), text)
