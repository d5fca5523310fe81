"""`playledger receipt-key|attempts|export|audit`: what a player can take away from a game and check.

The key receipts are signed with, the commands a game refused, a game's record for playledger-replay,
and the server's own re-run of a game. Registered on clients.cli's command group (clients.cli imports
this module once it is defined).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from playledger_client import Client, game_name

from clients.cli import acting, common, emit, main, message_dict, token_for


@main.command(name="receipt-key")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="write the PEM key to this file")
@common
def receipt_key(out: Path | None, server: str, as_json: bool) -> None:
    """The public key the server signs receipts with (for playledger-replay check-receipt --public-key)."""
    found = Client(server).receipt_key()
    if out is not None:
        out.write_text(found.public_key_pem)
        click.echo(f"{found.key_id} written to {out}", err=True)
    emit(as_json, message_dict(found), lambda: click.echo(found.public_key_pem, nl=False))


@main.command()
@click.argument("game")
@acting
@common
def attempts(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """The commands GAME refused, one JSON line each (organizer token: --token or PLAYLEDGER_TOKEN)."""
    for line in Client(server, token_for(game, seat, token)).attempts(game):
        click.echo(line)


@main.command(name="export")
@click.argument("game")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="write the record here (default: stdout)")
@acting
@common
def export_record(game: str, out: str | None, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Download a game's record (JSON Lines) for `playledger-replay verify --record FILE`.

    With the organizer token (--token or PLAYLEDGER_TOKEN) the record is whole; otherwise a finished
    game's is whole and an unfinished game's holds only what your seat (or a spectator) may see.
    """
    lines = Client(server, token_for(game, seat, token)).export_game(game)
    if out is None:
        for line in lines:
            click.echo(line)
        return
    path = Path(out)
    tmp = path.with_name(path.name + ".tmp")
    count = 0
    with tmp.open("w", encoding="utf-8") as fh:
        for line in lines:
            fh.write(line + "\n")
            count += 1
    tmp.replace(path)
    click.echo(f"{game_name(game)}: {count} lines -> {path}", err=True)


@main.command(name="audit")
@click.argument("game")
@acting
@common
def audit_game(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Have the server re-run a game and check its seed, hash chain and result (organizer token only).

    Exit 1 when it diverges.
    """
    verdict = Client(server, token_for(game, seat, token)).verify_game(game)

    def text() -> None:
        word = "holds" if verdict.ok else "DIVERGES"
        click.echo(f"{verdict.name}  {verdict.rules} v{verdict.rules_version}  {verdict.events} events  {word}")
        click.echo(f"final hash {verdict.final_hash}; final scores {list(verdict.final_scores)}")
        for f in verdict.findings:
            click.echo(f"  at version {f.version}: {f.message}")

    emit(as_json, message_dict(verdict), text)
    if not verdict.ok:
        sys.exit(1)
