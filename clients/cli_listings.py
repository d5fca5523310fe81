"""`playledger games|leaderboard`: what is on the server, from its read models (a moment behind the events).

Registered on clients.cli's command group (clients.cli imports this module once it is defined).
"""

from __future__ import annotations

from typing import Any

import click
from playledger_client import Client

from clients.cli import common, emit, main, message_dict


@main.command()
@click.option("--rules", default="", help="only games of these rules")
@click.option("--status", type=click.Choice(["active", "finished"]), default=None, help="only games in play or over")
@click.option("--player", "player_id", default="", help="only games with a seat bound to this player id")
@click.option("--limit", type=int, default=None, help="at most this many games")
@click.option("--token", envvar="PLAYLEDGER_TOKEN", default=None, help="organizer token (also shows seeds in play)")
@common
def games(
    rules: str,
    status: str | None,
    player_id: str,
    limit: int | None,
    token: str | None,
    server: str,
    as_json: bool,
) -> None:
    """List games, oldest first (from the server's game summaries, a moment behind the events)."""
    found: list[Any] = []
    for g in Client(server, token).list_games(rules, status=status or "", player_id=player_id):
        if limit is not None and len(found) >= limit:
            break
        found.append(g)

    def text() -> None:
        for g in found:
            state = "finished" if g.status.finished else g.status.phase
            scores = f" scores {list(g.final_scores)} winners {list(g.winners)}" if g.status.finished else ""
            click.echo(f"{g.name}  {g.rules}  v{g.version}  {state}  {', '.join(g.players)}{scores}")

    emit(as_json, [message_dict(g) for g in found], text)


@main.command()
@click.argument("rules")
@click.option("--limit", type=int, default=50, show_default=True, help="at most this many players")
@common
def leaderboard(rules: str, limit: int, server: str, as_json: bool) -> None:
    """Ratings of one game type, best first (openskill: rating = mu - 3 sigma; finished games of 2+ players)."""
    found: list[Any] = []
    for entry in Client(server).leaderboard(rules, page_size=min(max(limit, 1), 500)):
        if len(found) >= limit:
            break
        found.append(entry)

    def text() -> None:
        if not found:
            click.echo(f"no rated {rules} games yet (ratings come from finished games of 2 or more players)")
            return
        click.echo(f"{'rank':>4}  {'player':24} {'rating':>7} {'mu':>7} {'sigma':>6} {'games':>5} {'wins':>5}")
        for e in found:
            who = e.player if e.player == e.player_id else f"{e.player} ({e.player_id})"
            click.echo(
                f"{e.rank:>4}  {who[:24]:24} {e.rating:7.2f} {e.mu:7.2f} {e.sigma:6.2f} {e.games:>5} {e.wins:>5}"
            )

    emit(as_json, [message_dict(e) for e in found], text)
