"""`playledger`: play and inspect games from a terminal, over gRPC.

Seat tokens returned by `new` are kept in a small wallet file
($PLAYLEDGER_HOME/tokens.json, default ~/.playledger/tokens.json) so that
`--as SEAT` can act for a seat you created; `--token` passes one explicitly.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from playledger.v1.games_pb2 import SPECTATOR_POLICY_OPEN, SPECTATOR_POLICY_PLAYERS, TablePolicy
from playledger_client import (
    Client,
    PlayLedgerError,
    Token,
    args_of,
    from_value,
    game_name,
    plain,
    receipt_json,
    to_dict,
)

from clients import text_view

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
    """The token to call with: --token, else --as SEAT's from the wallet, else PLAYLEDGER_TOKEN, else none.

    An explicit flag beats the environment: with PLAYLEDGER_TOKEN set (an organizer's), `--as 1` still
    acts as seat 1.
    """
    from_env = token is not None and _from_environment("token")
    if token and not (from_env and seat is not None):
        return token
    if seat is None:
        return None
    found = load_wallet().get(game_name(game), {}).get(str(seat))
    if found is None:
        raise click.UsageError(
            f"no token for seat {seat} of {game_name(game)} in {wallet_path()}: the wallet holds the tokens of "
            "games you created with `playledger new`; for another game pass the seat's --token"
        )
    return found


def _from_environment(param: str) -> bool:
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source(param) is click.core.ParameterSource.ENVIRONMENT


# --- shared options ------------------------------------------------------------------------------
def common(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--json", "as_json", is_flag=True, help="print JSON instead of text")(fn)
    fn = click.option(
        "--server",
        envvar="PLAYLEDGER_SERVER",
        default=DEFAULT_SERVER,
        show_default=True,
        help="HOST:PORT of the PlayLedger server",
        callback=_remember_server,
    )(fn)
    return fn


def _remember_server(ctx: click.Context, _param: click.Parameter, value: str) -> str:
    ctx.meta["playledger.server"] = value  # for the hint when the server cannot be reached
    return value


def acting(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--token", envvar="PLAYLEDGER_TOKEN", default=None, help="seat or organizer token")(fn)
    fn = click.option("--as", "seat", type=int, default=None, help="act/see as this seat (token from the wallet)")(fn)
    return fn


def _chess_clock(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, int]:
    """`5+3`: five minutes per seat and three seconds more after each move (the chess notation)."""
    if value is None:
        return (0, 0)
    budget, _, increment = value.partition("+")
    try:
        return (round(float(budget) * 60), int(increment or 0))
    except ValueError:
        raise click.BadParameter(f"{value!r}: write MINUTES+SECONDS, e.g. 5+3 or 90+30") from None


def clock_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--move-seconds, --clock and --on-timeout: a game's time control (or every game's of a tournament)."""
    fn = click.option(
        "--clock",
        callback=_chess_clock,
        default=None,
        metavar="MIN+SEC",
        help="a chess clock: minutes per seat + seconds added after each move (e.g. 5+3)",
    )(fn)
    fn = click.option(
        "--on-timeout",
        type=click.Choice(["move", "forfeit"]),
        default="move",
        show_default=True,
        help="past the deadline the server plays a random move for the seat, or its player forfeits",
    )(fn)
    return click.option(
        "--move-seconds", type=int, default=0, help="a deadline per move (5 s to a week; default none)"
    )(fn)


def table_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--spectators, --spectator-delay-moves/-seconds and --takebacks: the table beyond the rules."""
    fn = click.option("--takebacks", is_flag=True, help="seats may offer to take moves back (`playledger takeback`)")(
        fn
    )
    fn = click.option("--spectator-delay-seconds", type=int, default=0, help="spectators see the game this far behind")(
        fn
    )
    fn = click.option(
        "--spectator-delay-moves", type=int, default=0, help="spectators see the game this many moves behind"
    )(fn)
    return click.option(
        "--spectators", type=click.Choice(["open", "players"]), default="open", show_default=True,
        help="who may watch the game in play: anyone, or only its players",
    )(fn)  # fmt: skip


def emit(as_json: bool, data: Any, text: Callable[[], None]) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, sort_keys=True))  # a stable order: a Struct's keys come in any order
    else:
        text()


def message_dict(msg: Any) -> dict[str, Any]:
    return plain(msg)  # integers stay integers (Struct numbers are doubles, JSON int64 are strings)


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


# What to do next, by status code, after the server's own words.
HINTS = {
    "UNAVAILABLE": "is the server running at {server}? start it with `playledger-server` or point "
    "--server (or PLAYLEDGER_SERVER) at it",
    "UNAUTHENTICATED": "that token is not one this server issued: use --as SEAT for a game you created, "
    "or the --token `new` printed",
    "PERMISSION_DENIED": "call with the right token: a seat's (--as SEAT or --token) to play, the organizer's "
    "(--token or PLAYLEDGER_TOKEN) for organizer commands",
    "NOT_FOUND": "`playledger games` lists the games, `playledger tournament list` the tournaments",
    "FAILED_PRECONDITION": "`playledger moves GAME --as SEAT` lists what you may do now",
    "DEADLINE_EXCEEDED": "the server is slow or stuck; try again, and check its logs",
}


def describe_error(error: PlayLedgerError, server: str | None) -> str:
    code = error.code.name
    reason = f", {error.reason}" if error.reason and error.reason != code else ""
    text = f"error: {error.message} ({code}{reason})"
    hint = HINTS.get(code)
    if code == "UNAVAILABLE" and error.reason == "STORE_UNAVAILABLE":
        hint = "the server is up but its database is not; retry shortly"
    if hint:
        text += "\n  " + hint.format(server=server or DEFAULT_SERVER)
    return text


class Main(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PlayLedgerError as error:
            click.echo(describe_error(error, ctx.meta.get("playledger.server")), err=True)
            sys.exit(1)


@click.group(cls=Main)
@click.version_option(package_name="playledger", prog_name="playledger")
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
                default = from_value(o.default_value)
                click.echo(f"  option {o.name}={json.dumps(default)}: {o.description}")
            for c in t.commands:
                fields = ", ".join(f"{f.name}: {f.type}" for f in c.fields)
                click.echo(f"  command {c.type}({fields})")

    emit(as_json, [message_dict(t) for t in found], text)


@main.command()
@click.argument("rules")
@click.option("--players", "count", type=int, default=None, help="number of players (named seat 0..N-1)")
@click.option("--player", "names", multiple=True, help="a player's name, once per seat")
@click.option("--player-id", "ids", multiple=True, help="a stable player id, once per seat (default: the name)")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE (see `playledger types`)")
@click.option(
    "--bot",
    "bot_levels",
    multiple=True,
    type=click.Choice(["random", "greedy", "search"]),
    help="one more seat, played by the server's bot at this level (repeat for more; see `types` for each game's)",
)
@clock_options
@table_options
@click.option(
    "--seed",
    default=None,
    help="your contribution to the game's seed (recorded; the server adds 32 secret bytes); "
    "with the organizer token, the whole seed (a reproducible game)",
)
@common
def new(
    rules: str,
    count: int | None,
    names: tuple[str, ...],
    ids: tuple[str, ...],
    options: tuple[str, ...],
    bot_levels: tuple[str, ...],
    move_seconds: int,
    on_timeout: str,
    clock: tuple[int, int],
    spectators: str,
    spectator_delay_moves: int,
    spectator_delay_seconds: int,
    takebacks: bool,
    seed: str | None,
    server: str,
    as_json: bool,
) -> None:
    """Create a game; prints its name and one secret token per seat you play (also saved to the wallet).

    `new hare-and-tortoise --player ann --bot search`: ann in seat 0, the server's search bot in seat 1.
    """
    people = list(names) or [f"seat {i}" for i in range(count or len(ids) or (1 if bot_levels else 2))]
    bots = {len(people) + i: level for i, level in enumerate(bot_levels)}
    players = people + [f"{level} bot {i + 1}" for i, level in enumerate(bot_levels)]
    player_ids = (list(ids) + [f"bot-{level}-{i + 1}" for i, level in enumerate(bot_levels)]) if ids else None
    game, tokens = Client(server).create_game(
        rules,
        players,
        parse_kv(options, "--option"),
        seed_hex(seed),
        player_ids=player_ids,
        bots=bots,
        move_seconds=move_seconds,
        on_timeout=on_timeout,
        budget_seconds=clock[0],
        increment_seconds=clock[1],
        table=TablePolicy(
            spectators=SPECTATOR_POLICY_PLAYERS if spectators == "players" else SPECTATOR_POLICY_OPEN,
            spectator_delay_moves=spectator_delay_moves,
            spectator_delay_seconds=spectator_delay_seconds,
            takebacks=takebacks,
        ),
    )
    save_tokens(tokens)

    def text() -> None:
        click.echo(f"created {game.name} ({game.rules}, {len(players)} players)")
        for t in tokens:
            click.echo(f"  seat {t.seat} ({t.player}): token {t.token}")
        for seat, level in bots.items():
            click.echo(f"  seat {seat} ({players[seat]}): played by the server's {level} bot")
        click.echo(f"tokens saved in {wallet_path()}; act with --as SEAT")

    emit(as_json, {"game": message_dict(game), "tokens": [t.__dict__ for t in tokens]}, text)


@main.command()
@click.argument("game")
@acting
@common
def show(game: str, seat: int | None, token: str | None, server: str, as_json: bool) -> None:
    """Show a game as your seat (or a spectator) sees it: players, whose turn, the view, your moves, last events.

    --json prints the GetGame answer (keys sorted) for machines.
    """
    client = Client(server, token_for(game, seat, token))
    g = client.get_game(game)
    if as_json:
        emit(True, message_dict(g), lambda: None)
        return
    moves = client.legal_commands(game) if client.token else None
    after = max(0, g.version - text_view.LAST_EVENTS)
    events = []
    for e in client.watch(game, after, timeout=5):  # the stream stays open in play: stop at the version read
        events.append(e)
        if e.version >= g.version:
            break
    for line in text_view.render(g, moves, events):
        click.echo(line)


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
@click.option(
    "--receipt",
    "receipt_file",
    type=click.Path(path_type=Path),
    default=None,
    help="save the server's signed receipt of the answer (accepted or refused) to this file",
)
@acting
@common
def do_command(
    game: str,
    command: str | None,
    args: tuple[str, ...],
    pick: int | None,
    expect_version: int | None,
    request_id: str | None,
    receipt_file: Path | None,
    seat: int | None,
    token: str | None,
    server: str,
    as_json: bool,
) -> None:
    """Submit COMMAND KEY=VALUE... (e.g. play_cards 'cards=["R-HARE-01"]'), or --pick N."""
    client = Client(server, token_for(game, seat, token))
    if pick is not None:
        legal = client.legal_commands(game)
        if not legal:
            raise click.ClickException(nothing_to_pick(client, game))
        if not 0 <= pick < len(legal):
            raise click.UsageError(f"--pick must be 0..{len(legal) - 1}")
        command, payload = legal[pick].command_type, args_of(legal[pick])
    elif command is None:
        raise click.UsageError("name a COMMAND or use --pick N")
    else:
        payload = parse_kv(args, "an argument")
    try:
        response = client.submit(game, command, payload, request_id, expect_version)
    except PlayLedgerError as refused:
        if receipt_file is not None and refused.receipt is not None:
            save_receipt(receipt_file, refused.receipt)
        raise
    if receipt_file is not None:
        save_receipt(receipt_file, response.receipt)

    def text() -> None:
        for e in response.events:
            click.echo(f"v{e.version} {e.type} {json.dumps(to_dict(e.data))}")
        click.echo(
            f"now at version {response.version}; phase {response.status.phase}; "
            f"waiting for {list(response.status.to_act)}" + ("; FINISHED" if response.status.finished else "")
        )

    emit(as_json, message_dict(response), text)


def save_receipt(path: Path, receipt: Any) -> None:
    path.write_text(json.dumps(receipt_json(receipt), indent=1) + "\n")
    click.echo(f"receipt saved to {path} (check it: playledger-replay check-receipt {path} --public-key KEY)", err=True)


def nothing_to_pick(client: Client, game: str) -> str:
    """Why there is no legal command to pick: the game is over (by the rules or a ruling), or not your turn."""
    found = client.get_game(game)
    if found.HasField("ruling"):
        r = found.ruling
        who = f" of {r.player_id}" if r.player_id else ""
        return f"{found.name} is over: ended by a {r.kind}{who} ({r.reason}), ruled by {r.actor}"
    if found.status.finished:
        return f"{found.name} is over"
    waiting = ", ".join(f"{s} ({found.players[s]})" for s in found.status.to_act) or "nobody"
    if not client.token:
        return (
            f"you are watching {found.name} as a spectator, who has no moves: pass --as SEAT (a seat of a game "
            f"you created) or the seat's --token; waiting for seats {waiting}"
        )
    return f"your seat has no legal command in {found.name} now: waiting for seats {waiting}"


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


def seed_hex(seed: str | None) -> str:
    return "" if seed is None else hashlib.sha256(seed.encode()).hexdigest()


# The listing, bot, record and tournament commands live beside this module; importing them registers them on
# `main`.
from clients import cli_bots, cli_listings, cli_notices, cli_records, cli_table, cli_tournaments  # noqa: E402, F401
