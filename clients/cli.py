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
from playledger.v1 import leaderboards_pb2

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
@click.option("--player-id", "ids", multiple=True, help="a stable player id, once per seat (default: the name)")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE (see `playledger types`)")
@click.option("--seed", default=None, help="reproducible seed (the game records that the creator chose it)")
@common
def new(
    rules: str,
    count: int | None,
    names: tuple[str, ...],
    ids: tuple[str, ...],
    options: tuple[str, ...],
    seed: str | None,
    server: str,
    as_json: bool,
) -> None:
    """Create a game; prints its name and one secret token per seat (also saved to the wallet)."""
    players = list(names) or [f"seat {i}" for i in range(count or len(ids) or 2)]
    game, tokens = Client(server).create_game(
        rules, players, parse_kv(options, "--option"), _seed_hex(seed), player_ids=list(ids) or None
    )
    save_tokens(tokens)

    def text() -> None:
        click.echo(f"created {game.name} ({game.rules}, {len(tokens)} players)")
        for t in tokens:
            click.echo(f"  seat {t.seat} ({t.player}): token {t.token}")
        click.echo(f"tokens saved in {wallet_path()}; act with --as SEAT")

    emit(as_json, {"game": message_dict(game), "tokens": [t.__dict__ for t in tokens]}, text)


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


# --- tournaments -----------------------------------------------------------------------------------
def organizer(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option(
        "--actor",
        default=lambda: os.environ.get("PLAYLEDGER_ACTOR") or os.environ.get("USER") or "organizer",
        show_default="$PLAYLEDGER_ACTOR or $USER",
        help="who does this (kept in the record)",
    )(fn)
    fn = click.option(
        "--token",
        envvar=["PLAYLEDGER_TOKEN", "PLAYLEDGER_ORGANIZER_TOKEN"],
        default=None,
        help="the organizer token (or $PLAYLEDGER_TOKEN / $PLAYLEDGER_ORGANIZER_TOKEN)",
    )(fn)
    return fn


def _player_spec(spec: str) -> tuple[str, str]:
    pid, sep, name = spec.partition("=")
    if not pid.strip():
        raise click.UsageError(f"--player takes ID or ID=NAME, not {spec!r}")
    return pid.strip(), (name.strip() if sep else pid.strip())


@main.group()
def tournament() -> None:
    """Run a tournament: new, pair (or add) rounds, rule, standings."""


@tournament.command(name="new")
@click.argument("name")
@click.option("--rules", required=True, help="the game played (see `playledger types`)")
@click.option("--player", "players", multiple=True, help="ID or ID=NAME, once per player, in seeding order")
@click.option("--players", "count", type=int, default=None, help="or: this many players named p1..pN")
@click.option("--pairing", type=click.Choice(["swiss", "round-robin"]), default="swiss", show_default=True)
@click.option("--table-size", type=int, default=0, help="players per game (default: the game's largest, up to 4)")
@click.option("--rounds", type=int, default=0, help="rounds (default: round-robin's, or about log2(players))")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE for every game")
@organizer
@common
def tournament_new(
    name: str,
    rules: str,
    players: tuple[str, ...],
    count: int | None,
    pairing: str,
    table_size: int,
    rounds: int,
    options: tuple[str, ...],
    token: str | None,
    actor: str,
    server: str,
    as_json: bool,
) -> None:
    """Create a tournament (organizer token)."""
    roster = [_player_spec(p) for p in players] or [(f"p{i}", f"p{i}") for i in range(1, (count or 0) + 1)]
    if not roster:
        raise click.UsageError("name the players with --player ID[=NAME] (repeat), or give --players N")
    t = Client(server, token).create_tournament(
        name, rules, roster, parse_kv(options, "--option"), pairing, table_size, rounds, actor
    )

    def text() -> None:
        click.echo(f"created {t.name}: {t.display_name} ({t.rules}, {len(t.players)} players)")
        click.echo(f"  {t.pairing}, {t.rounds} rounds at tables of {t.table_size}")
        click.echo(f"next: playledger tournament pair {t.name}")

    emit(as_json, message_dict(t), text)


@tournament.command(name="pair")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option(
    "--bots", "bots_play", is_flag=True, help="then play every game of the round with random bots (demos, tests)"
)
@organizer
@common
def tournament_pair(
    tournament_id: str, bots_play: bool, token: str | None, actor: str, server: str, as_json: bool
) -> None:
    """Pair the next round: creates its games; seat tokens go to the wallet (hand each to its player)."""
    client = Client(server, token)
    round_no, paired, byes = client.pair_round(tournament_id, actor)
    for _, tokens in paired:
        save_tokens(tokens)
    results = {}
    if bots_play:
        for game, tokens in paired:
            bots.play_to_end(client.as_token(None), tokens, seed=game)
            final = bots.final(client, game)
            results[game] = {"scores": list(final.final_scores), "winners": list(final.winners)}

    def text() -> None:
        click.echo(f"round {round_no}: {len(paired)} games" + (f"; bye: {', '.join(byes)}" if byes else ""))
        for game, tokens in paired:
            seats = ", ".join(f"{t.seat}:{t.player_id}" for t in tokens)
            done = f"  scores {results[game]['scores']}" if game in results else ""
            click.echo(f"  {game}  {seats}{done}")
        click.echo(f"tokens saved in {wallet_path()}")

    data = {
        "round": round_no,
        "byes": byes,
        "games": [
            {
                "game": g,
                "player_ids": [t.player_id for t in tokens],
                "tokens": [t.__dict__ for t in tokens],
                **results.get(g, {}),
            }
            for g, tokens in paired
        ],
    }
    emit(as_json, data, text)


@tournament.command(name="add")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("games_", metavar="GAME...", nargs=-1, required=True)
@click.option("--round", "round_no", type=int, default=0, help="the round they count in (default: the latest)")
@organizer
@common
def tournament_add(
    tournament_id: str,
    games_: tuple[str, ...],
    round_no: int,
    token: str | None,
    actor: str,
    server: str,
    as_json: bool,
) -> None:
    """Add games created elsewhere (`playledger new ... --player-id`) to a round."""
    used = Client(server, token).add_tournament_games(tournament_id, list(games_), round_no, actor)
    emit(
        as_json,
        {"round": used, "games": list(games_)},
        lambda: click.echo(f"added {len(games_)} games to round {used}"),
    )


@tournament.command(name="rule")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("kind", type=click.Choice(["forfeit", "annulment", "score_correction", "disqualification"]))
@click.option("--game", default="", help="the game (forfeit, annulment, score_correction)")
@click.option("--player", "player_id", default="", help="the player id (forfeit, disqualification)")
@click.option("--score", "scores", type=int, multiple=True, help="corrected score, once per seat in order")
@click.option("--winner", "winners", type=int, multiple=True, help="winning seat, when the correction names them")
@click.option("--reason", required=True, help="why (kept in the record, shown with the standings)")
@organizer
@common
def tournament_rule(
    tournament_id: str,
    kind: str,
    game: str,
    player_id: str,
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    reason: str,
    token: str | None,
    actor: str,
    server: str,
    as_json: bool,
) -> None:
    """Record an arbiter's ruling; the standings (and ratings) follow it."""
    ruling = Client(server, token).record_ruling(
        tournament_id, kind, reason, actor, game, player_id, list(scores) or None, list(winners) or None
    )
    emit(as_json, message_dict(ruling), lambda: click.echo(f"recorded {kind} by {ruling.actor}: {ruling.reason}"))


@tournament.command(name="standings")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--games", "show_games", is_flag=True, help="also list every game and its outcome")
@common
def tournament_standings(tournament_id: str, show_games: bool, server: str, as_json: bool) -> None:
    """Standings (points, then Buchholz, wins, total score), with the rulings."""
    found = Client(server).standings(tournament_id)
    t = found.tournament

    def text() -> None:
        click.echo(f"{t.display_name}  {t.rules}  {t.pairing}  round {t.rounds_paired} of {t.rounds}  ({t.status})")
        click.echo(f"{'rank':>4}  {'player':20} {'points':>6} {'played':>6} {'wins':>4} {'buchholz':>8} {'score':>6}")
        for s in found.standings:
            mark = "  DISQUALIFIED" if s.disqualified else ""
            click.echo(
                f"{s.rank:>4}  {s.player[:20]:20} {s.points:6.1f} {s.played:>6} {s.wins:>4} {s.buchholz:8.1f} "
                f"{s.score_sum:>6}{mark}"
            )
        if show_games:
            for g in found.games:
                click.echo(f"  r{g.round} {g.game} {', '.join(g.player_ids)}: {g.state} points {list(g.points)}")
        for r in found.rulings:
            kind = leaderboards_pb2.RulingKind.Name(r.kind).removeprefix("RULING_KIND_").lower()
            about = " ".join(x for x in (r.game, r.player_id) if x)
            click.echo(f"  ruling {kind} {about} by {r.actor}: {r.reason}")

    emit(as_json, message_dict(found), text)


@tournament.command(name="list")
@common
def tournament_list(server: str, as_json: bool) -> None:
    """Tournaments, oldest first."""
    found = list(Client(server).tournaments())

    def text() -> None:
        for t in found:
            click.echo(f"{t.name}  {t.display_name}  {t.rules}  round {t.rounds_paired}/{t.rounds}  {t.status}")

    emit(as_json, [message_dict(t) for t in found], text)


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
