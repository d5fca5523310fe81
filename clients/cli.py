"""`playledger`: play and inspect games from a terminal, over gRPC.

Seat tokens returned by `new` are kept in a small wallet file
($PLAYLEDGER_HOME/tokens.json, default ~/.playledger/tokens.json) so that
`--as SEAT` can act for a seat you created; `--token` passes one explicitly.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from google.protobuf import json_format

from clients import bots
from clients.sdk import Client, PlayLedgerError, Token, args_of, game_name, to_dict

DEFAULT_SERVER = "127.0.0.1:50051"


# --- token wallet --------------------------------------------------------------------------------
def wallet_path() -> Path:
    return Path(os.environ.get("PLAYLEDGER_HOME", Path.home() / ".playledger")) / "tokens.json"


def load_wallet() -> dict[str, dict[str, str]]:
    path = wallet_path()
    return json.loads(path.read_text()) if path.exists() else {}


def save_tokens(tokens: list[Token]) -> None:
    path = wallet_path()
    wallet = load_wallet()
    for t in tokens:
        wallet.setdefault(t.game, {})[str(t.seat)] = t.token
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(wallet, indent=1))
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def token_for(game: str, seat: int | None, token: str | None) -> str | None:
    if token:
        return token
    if seat is None:
        return None
    found = load_wallet().get(game_name(game), {}).get(str(seat))
    if found is None:
        raise click.UsageError(f"no token for seat {seat} of {game_name(game)} in {wallet_path()}; pass --token")
    return found


# --- shared options ------------------------------------------------------------------------------
def common(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--json", "as_json", is_flag=True, help="print JSON instead of text")(fn)
    fn = click.option(
        "--server",
        envvar="PLAYLEDGER_SERVER",
        default=DEFAULT_SERVER,
        show_default=True,
        help="HOST:PORT of the PlayLedger server",
    )(fn)
    return fn


def acting(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--token", envvar="PLAYLEDGER_TOKEN", default=None, help="seat or organizer token")(fn)
    fn = click.option("--as", "seat", type=int, default=None, help="act/see as this seat (token from the wallet)")(fn)
    return fn


def emit(as_json: bool, data: Any, text: Callable[[], None]) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, sort_keys=False))
    else:
        text()


def message_dict(msg: Any) -> dict[str, Any]:
    return json_format.MessageToDict(msg, preserving_proto_field_name=True)


def parse_kv(pairs: tuple[str, ...], what: str) -> dict[str, Any]:
    """KEY=VALUE pairs; VALUE is read as JSON when it parses (3, true, ["a","b"]), else as text."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise click.UsageError(f"{what} must be KEY=VALUE, not {pair!r}")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


class Main(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PlayLedgerError as error:
            click.echo(f"error: {error.message} ({error.code.name}, {error.reason})", err=True)
            sys.exit(1)


@click.group(cls=Main)
def main() -> None:
    """Play and inspect PlayLedger games over gRPC."""


@main.command()
@common
def types(server: str, as_json: bool) -> None:
    """List the games this server hosts, their options and commands."""
    found = Client(server).game_types()

    def text() -> None:
        for t in found:
            click.echo(f"{t.name}  ({t.title}, {t.min_players}-{t.max_players} players, rules v{t.rules_version})")
            click.echo(f"  {t.summary}")
            for o in t.options:
                default = json_format.MessageToDict(o.default_value)
                click.echo(f"  option {o.name}={json.dumps(default)}: {o.description}")
            for c in t.commands:
                fields = ", ".join(f"{f.name}: {f.type}" for f in c.fields)
                click.echo(f"  command {c.type}({fields})")

    emit(as_json, [message_dict(t) for t in found], text)


@main.command()
@click.argument("rules")
@click.option("--players", "count", type=int, default=None, help="number of players (named seat 0..N-1)")
@click.option("--player", "names", multiple=True, help="a player's name, once per seat")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE (see `playledger types`)")
@click.option("--seed", default=None, help="reproducible seed (the game records that the creator chose it)")
@common
def new(
    rules: str,
    count: int | None,
    names: tuple[str, ...],
    options: tuple[str, ...],
    seed: str | None,
    server: str,
    as_json: bool,
) -> None:
    """Create a game; prints its name and one secret token per seat (also saved to the wallet)."""
    players = list(names) or [f"seat {i}" for i in range(count or 2)]
    game, tokens = Client(server).create_game(rules, players, parse_kv(options, "--option"), _seed_hex(seed))
    save_tokens(tokens)

    def text() -> None:
        click.echo(f"created {game.name} ({game.rules}, {len(tokens)} players)")
        for t in tokens:
            click.echo(f"  seat {t.seat} ({t.player}): token {t.token}")
        click.echo(f"tokens saved in {wallet_path()}; act with --as SEAT")

    emit(as_json, {"game": message_dict(game), "tokens": [t.__dict__ for t in tokens]}, text)


@main.command()
@click.option("--rules", default="", help="only games of these rules")
@common
def games(rules: str, server: str, as_json: bool) -> None:
    """List games."""
    found = list(Client(server).list_games(rules))

    def text() -> None:
        for g in found:
            state = "finished" if g.status.finished else g.status.phase
            scores = f" scores {list(g.final_scores)} winners {list(g.winners)}" if g.status.finished else ""
            click.echo(f"{g.name}  {g.rules}  v{g.version}  {state}  {', '.join(g.players)}{scores}")

    emit(as_json, [message_dict(g) for g in found], text)


@main.command()
@click.argument("game")
@acting
@common
def show(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Show a game as your seat (or a spectator) sees it."""
    g = Client(server, token_for(game, seat, token)).get_game(game)

    def text() -> None:
        click.echo(f"{g.name}  {g.rules} v{g.rules_version}  version {g.version}  players {', '.join(g.players)}")
        click.echo(
            f"phase {g.status.phase}; waiting for seats {list(g.status.to_act)}"
            + ("; FINISHED" if g.status.finished else "")
        )
        for key, value in to_dict(g.view).items():
            click.echo(f"  {key}: {json.dumps(value)}")
        if g.status.finished:
            click.echo(f"final scores {list(g.final_scores)}; winners {list(g.winners)}; seed {g.seed_hex}")

    emit(as_json, message_dict(g), text)


@main.command()
@click.argument("game")
@acting
@common
def moves(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """List the commands your seat may submit now, numbered for `do --pick N`."""
    found = Client(server, token_for(game, seat, token)).legal_commands(game)

    def text() -> None:
        if not found:
            click.echo("no legal commands for you now")
        for i, c in enumerate(found):
            click.echo(f"{i:3d}. {c.command_type} {json.dumps(args_of(c))}")

    emit(as_json, [{"command_type": c.command_type, "args": args_of(c)} for c in found], text)


@main.command(name="do")
@click.argument("game")
@click.argument("command", required=False)
@click.argument("args", nargs=-1)
@click.option("--pick", type=int, default=None, help="submit legal command number N (see `moves`)")
@click.option("--expect-version", type=int, default=None, help="refuse unless the game is at this version")
@click.option("--request-id", default=None, help="idempotency key (default: a fresh UUID)")
@acting
@common
def do_command(
    game: str,
    command: str | None,
    args: tuple[str, ...],
    pick: int | None,
    expect_version: int | None,
    request_id: str | None,
    seat: int | None,
    token: str | None,
    server: str,
    as_json: bool,
) -> None:
    """Submit COMMAND KEY=VALUE... (e.g. play_cards 'cards=["R-HARE-01"]'), or --pick N."""
    client = Client(server, token_for(game, seat, token))
    if pick is not None:
        legal = client.legal_commands(game)
        if not 0 <= pick < len(legal):
            raise click.UsageError(f"--pick must be 0..{len(legal) - 1}")
        command, payload = legal[pick].command_type, args_of(legal[pick])
    elif command is None:
        raise click.UsageError("name a COMMAND or use --pick N")
    else:
        payload = parse_kv(args, "an argument")
    response = client.submit(game, command, payload, request_id, expect_version)

    def text() -> None:
        for e in response.events:
            click.echo(f"v{e.version} {e.type} {json.dumps(to_dict(e.data))}")
        click.echo(
            f"now at version {response.version}; phase {response.status.phase}; "
            f"waiting for {list(response.status.to_act)}" + ("; FINISHED" if response.status.finished else "")
        )

    emit(as_json, message_dict(response), text)


@main.command()
@click.argument("game")
@click.option("--after", type=int, default=0, help="start after this version")
@click.option("--timeout", type=float, default=None, help="stop after this many seconds")
@acting
@common
def watch(
    game: str, after: int, timeout: float | None, seat: int | None, token: str | None, server: str, as_json: bool
) -> None:
    """Stream a game's events as they happen (redacted for your seat)."""
    for e in Client(server, token_for(game, seat, token)).watch(game, after, timeout):
        if as_json:
            click.echo(json.dumps(message_dict(e)))
        else:
            who = f" seat {e.seat}" if e.HasField("seat") else ""
            click.echo(f"v{e.version}{who} {e.type} {json.dumps(to_dict(e.data))}")


@main.command(name="bot-game")
@click.argument("rules")
@click.option("--players", "count", type=int, required=True, help="number of bot players")
@click.option("--seed", default=None, help="seed for the game and the bots (reproducible)")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE")
@common
def bot_game(rules: str, count: int, seed: str | None, options: tuple[str, ...], server: str, as_json: bool) -> None:
    """Play a whole game with random bots over gRPC; print the game and the final scores."""
    client = Client(server)
    players = [f"bot {i}" for i in range(count)]
    game, tokens = client.create_game(rules, players, parse_kv(options, "--option"), _seed_hex(seed))
    played = bots.play_to_end(client, tokens, seed=seed)
    final = bots.final(client, game.name)
    lat = sorted(played.latencies)
    summary = {
        "game": final.name,
        "rules": final.rules,
        "players": list(final.players),
        "commands": played.commands,
        "events": final.version,
        "scores": list(final.final_scores),
        "winners": list(final.winners),
        "p50_ms": round(statistics.median(lat) * 1000, 2) if lat else None,
    }

    def text() -> None:
        click.echo(f"game {final.name}")
        click.echo(f"{played.commands} commands, {final.version} events")
        for seat, (name, score) in enumerate(zip(final.players, final.final_scores, strict=False)):
            mark = "  (winner)" if seat in final.winners else ""
            click.echo(f"  {name}: {score}{mark}")

    emit(as_json, summary, text)


def _seed_hex(seed: str | None) -> str:
    return "" if seed is None else hashlib.sha256(seed.encode()).hexdigest()
