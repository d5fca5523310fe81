"""`playledger bot-game`: a whole game played by bots, the server's (greedy by default) or random ones from here.

Registered on clients.cli's command group (clients.cli imports this module once it is defined).
"""

from __future__ import annotations

import statistics

import click
from playledger_client import Client

from clients import bots
from clients.cli import common, emit, main, parse_kv, seed_hex


@main.command(name="bot-game")
@click.argument("rules")
@click.option("--players", "count", type=int, required=True, help="number of bot players")
@click.option(
    "--seed",
    default=None,
    help="seed of the bots' choices, and your contribution to the game's (the whole seed with the organizer token)",
)
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE")
@click.option(
    "--level",
    "levels",
    multiple=True,
    type=click.Choice(["random", "greedy", "search"]),
    help="the server's bots' level (once for all seats, or once per seat)  [default: greedy]",
)
@click.option(
    "--pace",
    type=click.Choice(["person", "fast"]),
    default=None,
    help="the server's bots' pace: a quick person's, or fast  [default: the game's: a person's in a real-time "
    "game (Baba Yaga Mode R), else fast]",
)
@click.option("--think-ms", type=int, default=0, help="a fixed pause before each server bot's move, instead of a pace")
@click.option("--from-here", is_flag=True, help="random bots play every seat from this client over gRPC instead")
@common
def bot_game(
    rules: str,
    count: int,
    seed: str | None,
    options: tuple[str, ...],
    levels: tuple[str, ...],
    pace: str | None,
    think_ms: int,
    from_here: bool,
    server: str,
    as_json: bool,
) -> None:
    """Play a whole game with bots (the server's greedy bots unless told otherwise); print the game, the final
    scores and why it ended."""
    client = Client(server)
    if from_here and (levels or pace or think_ms):
        raise click.UsageError(
            "--from-here plays random bots from this client: --level, --pace and --think-ms are for the server's bots"
        )
    levels = () if from_here else (levels or ("greedy",))
    if levels and len(levels) not in (1, count):
        raise click.UsageError(f"give --level once (all seats) or once per seat ({count}), not {len(levels)} times")
    seat_levels = [levels[0] if len(levels) == 1 else levels[s] for s in range(count)] if levels else []
    players = [f"{seat_levels[i]} bot {i}" if levels else f"bot {i}" for i in range(count)]
    game, tokens = client.create_game(
        rules,
        players,
        parse_kv(options, "--option"),
        seed_hex(seed),
        bots=dict(enumerate(seat_levels)),
        think_ms=think_ms,
        pace=pace or "",
    )
    commands, lat = 0, []
    if levels:  # the server plays every seat: follow the game until its stream closes at the end
        for _ in client.watch(game.name):
            pass
    else:
        played = bots.play_to_end(client, tokens, seed=seed)
        commands, lat = played.commands, sorted(played.latencies)
    _report(
        client, game.name, seat_levels or ["random (client)"] * count, commands if not levels else None, lat, as_json
    )


def _report(
    client: Client, game: str, levels: list[str], commands: int | None, lat: list[float], as_json: bool
) -> None:
    """The finished game: its scores, winners and why it ended (text, or JSON with --json)."""
    final = bots.final(client, game)
    outcome = final.status.outcome
    summary = {
        "game": final.name,
        "rules": final.rules,
        "players": list(final.players),
        "levels": levels,
        "commands": commands,
        "events": final.version,
        "scores": list(final.final_scores),
        "winners": list(final.winners),
        "outcome": outcome.reason,
        "placements": list(outcome.placements),
        "p50_ms": round(statistics.median(lat) * 1000, 2) if lat else None,
    }

    def text() -> None:
        click.echo(f"game {final.name}")
        click.echo(f"{final.version} events" + (f", {commands} commands" if commands is not None else ""))
        for seat, (name, score) in enumerate(zip(final.players, final.final_scores, strict=False)):
            mark = "  (winner)" if seat in final.winners else ""
            click.echo(f"  {name}: {score}{mark}")
        if outcome.reason:
            click.echo(f"why: {outcome.reason}")

    emit(as_json, summary, text)
