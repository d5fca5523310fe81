"""`playledger tournament ...`: run a tournament from a terminal, over gRPC (organizer token for writes).

Registered on clients.cli's command group (clients.cli imports this module once it is defined).
"""

from __future__ import annotations

import csv
import io
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import click
from playledger.v1 import leaderboards_pb2
from playledger.v1.games_pb2 import TablePolicy
from playledger_client import Client, Token

from clients import bots
from clients.cli import clock_options, common, emit, load_wallet, main, message_dict, parse_kv, save_tokens, wallet_path
from clients.tournament_views import explanation_lines, paired_lines, standings_lines
from clients.trf import TrfRefused, trf

STANDINGS_COLUMNS = ("rank", "player_id", "player", "points", "played", "wins", "byes", "buchholz", "score_sum")
CSV_EXTRA = ("disqualified", "forfeits_won", "forfeits_lost", "separated_by")


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
    """Run a tournament: new, pair (or add) rounds, play them with bots, rule, standings, export."""


@tournament.command(name="new")
@click.argument("name")
@click.option("--rules", required=True, help="the game played (see `playledger types`)")
@click.option("--player", "players", multiple=True, help="ID or ID=NAME, once per player, in seeding order")
@click.option("--players", "count", type=int, default=None, help="or: this many players named p1..pN")
@click.option("--pairing", type=click.Choice(["swiss", "round-robin"]), default="swiss", show_default=True)
@click.option("--table-size", type=int, default=0, help="players per game (default: the game's largest, up to 4)")
@click.option("--rounds", type=int, default=0, help="rounds (default: round-robin's, or about log2(players))")
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE for every game")
@clock_options
@click.option("--bots", "bot_level", default="", help="the server's bots at this level play every seat of every game")
@click.option(
    "--pace", type=click.Choice(["person", "fast"]), default=None, help="the bots' pace (default: the game's)"
)
@click.option("--think-ms", type=int, default=0, help="a fixed pause before each bot's move, instead of a pace")
@click.option(
    "--spectator-delay-moves", type=int, default=None, help="spectators see each game N moves behind (default 2)"
)
@click.option("--takebacks", is_flag=True, help="seats may offer to take moves back (off by default)")
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
    move_seconds: int,
    on_timeout: str,
    clock: tuple[int, int],
    bot_level: str,
    pace: str | None,
    think_ms: int,
    spectator_delay_moves: int | None,
    takebacks: bool,
    token: str | None,
    actor: str,
    server: str,
    as_json: bool,
) -> None:
    """Create a tournament (organizer token). With --bots, `playledger tournament run` plays it through."""
    roster = [_player_spec(p) for p in players] or [(f"p{i}", f"p{i}") for i in range(1, (count or 0) + 1)]
    if not roster:
        raise click.UsageError("name the players with --player ID[=NAME] (repeat), or give --players N")
    t = Client(server, token).create_tournament(
        name,
        rules,
        roster,
        parse_kv(options, "--option"),
        pairing,
        table_size,
        rounds,
        actor,
        move_seconds=move_seconds,
        on_timeout=on_timeout,
        budget_seconds=clock[0],
        increment_seconds=clock[1],
        bots=bot_level,
        think_ms=think_ms,
        pace=pace or "",
        table=None
        if spectator_delay_moves is None and not takebacks
        else TablePolicy(
            spectator_delay_moves=2 if spectator_delay_moves is None else spectator_delay_moves, takebacks=takebacks
        ),
    )

    def text() -> None:
        click.echo(f"created {t.name}: {t.display_name} ({t.rules}, {len(t.players)} players)")
        click.echo(f"  {t.pairing}, {t.rounds} rounds at tables of {t.table_size}")
        if bot_level:
            click.echo(f"  the server's {bot_level} bots play every seat")
        click.echo(f"next: playledger tournament {'run' if bot_level else 'pair'} {t.name}")

    emit(as_json, message_dict(t), text)


@tournament.command(name="pair")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option(
    "--bots", "bots_play", is_flag=True, help="then play every game of the round with random bots (demos, tests)"
)
@click.option("--explain", is_flag=True, help="also say why: score groups, floaters, the rematches avoided and the bye")
@organizer
@common
def tournament_pair(
    tournament_id: str, bots_play: bool, explain: bool, token: str | None, actor: str, server: str, as_json: bool
) -> None:
    """Pair the next round: creates its games; seat tokens go to the wallet (hand each to its player)."""
    client = Client(server, token)
    response = client.pair_tournament_round(tournament_id, actor)
    paired = [
        (g.game, [Token(g.game, t.seat, t.player, t.token, t.player_id) for t in g.seat_tokens]) for g in response.games
    ]
    for _, tokens in paired:
        save_tokens(tokens)
    results = play_games(client, paired) if bots_play else {}

    def text() -> None:
        scores = {g: r["scores"] for g, r in results.items()}
        click.echo("\n".join(paired_lines(response, scores)))
        if explain:
            click.echo("\n".join(explanation_lines(response.explanation)))
        click.echo(f"tokens saved in {wallet_path()}")

    data = {
        "round": response.round,
        "byes": list(response.byes),
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
    if explain:
        data["explanation"] = message_dict(response.explanation)
    emit(as_json, data, text)


def play_games(client: Client, games: Sequence[tuple[str, list[Token]]]) -> dict[str, dict[str, Any]]:
    """Random bots play each game to its end over gRPC, as `bot-game` does; a game already over is left alone."""
    spectator = client.as_token(None)
    results = {}
    for game, tokens in games:
        if not spectator.get_game(game).status.finished:
            bots.play_to_end(spectator, tokens, seed=game)
        final = bots.final(client, game)
        ended = "ruled" if final.HasField("ruling") else "finished"
        results[game] = {"status": ended, "scores": list(final.final_scores), "winners": list(final.winners)}
    return results


def wallet_tokens(games: Sequence[str]) -> list[tuple[str, list[Token]]]:
    """The seat tokens of these games from the wallet (saved by `pair` on this machine); UsageError if missing."""
    wallet = load_wallet()
    found = []
    for game in games:
        seats = wallet.get(game)
        if not seats:
            raise click.UsageError(
                f"no seat tokens for {game} in {wallet_path()}: the bots play with the tokens `playledger "
                "tournament pair` saved there, so pair the round from this machine (or set PLAYLEDGER_HOME)"
            )
        found.append((game, [Token(game, int(seat), "", token) for seat, token in sorted(seats.items())]))
    return found


@tournament.command(name="play")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--bots", "bots_play", is_flag=True, help="random bots play the seats (the only players the CLI has)")
@common
def tournament_play(tournament_id: str, bots_play: bool, server: str, as_json: bool) -> None:
    """Finish every unfinished game of the current round with random bots (seat tokens from the wallet)."""
    if not bots_play:
        raise click.UsageError("only bots play from the CLI: pass --bots (players use their own seat tokens)")
    client = Client(server)
    found = client.standings(tournament_id)
    round_no = found.tournament.rounds_paired
    if not round_no:
        raise click.UsageError(f"{found.tournament.name} has no round paired yet: `playledger tournament pair` first")
    names = [g.game for g in found.games if g.round == round_no]
    open_games = [g for g in names if not client.get_game(g).status.finished]
    results = play_games(client, wallet_tokens(open_games))

    def text() -> None:
        click.echo(f"round {round_no}: {len(open_games)} of {len(names)} games played to the end by bots")
        for game, done in results.items():
            click.echo(f"  {game}  {done['status']}  scores {done['scores']}  winners {done['winners']}")

    emit(as_json, {"round": round_no, "games": [{"game": g, **r} for g, r in results.items()]}, text)


@tournament.command(name="run")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--timeout", type=int, default=1800, show_default=True, help="give up after this many seconds")
@organizer
@common
def tournament_run(tournament_id: str, timeout: int, token: str | None, actor: str, server: str, as_json: bool) -> None:
    """Play a bot tournament (`tournament new --bots`) through: pair each round once the server's bots have
    finished the one before, until the last; then the standings and how its games ended."""
    client = Client(server, token)
    give_up = time.monotonic() + timeout
    checked, paired_up_to = False, 0
    while True:
        found = client.standings(tournament_id)
        t = found.tournament
        current = [g for g in found.games if g.round == t.rounds_paired]
        if t.rounds_paired < paired_up_to and time.monotonic() < give_up:  # the standings catch up with a pairing
            time.sleep(0.2)
        elif all(g.state != "playing" for g in current):
            if t.rounds_paired >= t.rounds:
                break
            round_no, paired, byes = client.pair_round(tournament_id, actor)
            paired_up_to = round_no
            click.echo(
                f"round {round_no}: {len(paired)} games" + (f"; bye: {', '.join(byes)}" if byes else ""), err=True
            )
            if not checked and paired and not client.get_game(paired[0][0]).bots:
                raise click.UsageError(
                    f"{t.name}'s games are played by people: create it with --bots LEVEL, or finish each round "
                    "with `playledger tournament play --bots`"
                )
            checked = True
        elif time.monotonic() > give_up:
            playing = sum(g.state == "playing" for g in current)
            raise click.ClickException(f"{playing} games of round {t.rounds_paired} still playing after {timeout} s")
        else:
            time.sleep(0.5)
    endings = Counter(_ending(client.get_game(g.game)) for g in found.games)

    def text() -> None:
        click.echo("\n".join(standings_lines(found)))
        click.echo(f"games ended: {_tally(endings)}")

    emit(as_json, {**message_dict(found), "endings": dict(endings)}, text)


def _ending(game: Any) -> str:
    """How a game ended, in a word or two: by the rules (its outcome's reason) or by which ruling."""
    if game.HasField("ruling"):
        return f"ruling: {game.ruling.kind}"
    return str(game.status.outcome.reason or "finished")


def _tally(endings: Counter[str]) -> str:
    total = sum(endings.values())
    return "; ".join(f"{n} of {total} {why}" for why, n in endings.most_common())


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
    what = kind.replace("_", " ")
    if kind != "disqualification" and not game:
        raise click.UsageError(f"a {what} rules on one game: pass --game GAME (`tournament standings T --games`)")
    if kind in ("forfeit", "disqualification") and not player_id:
        raise click.UsageError(f"a {what} names the player: pass --player ID (`tournament standings T`)")
    if kind == "score_correction" and not scores:
        raise click.UsageError("a score correction gives the corrected scores: --score N once per seat, in order")
    ruling = Client(server, token).record_ruling(
        tournament_id, kind, reason, actor, game, player_id, list(scores) or None, list(winners) or None
    )
    emit(as_json, message_dict(ruling), lambda: click.echo(f"recorded {kind} by {ruling.actor}: {ruling.reason}"))


@tournament.command(name="standings")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--games", "show_games", is_flag=True, help="also list every game and its outcome")
@click.option("--csv", "as_csv", is_flag=True, help="the standings as CSV (a header row, then one row per player)")
@common
def tournament_standings(tournament_id: str, show_games: bool, as_csv: bool, server: str, as_json: bool) -> None:
    """Standings (points, then the tie-breaks: Buchholz, wins, total score, each explained), with the rulings;
    for players level on points, the tie-break that separated them."""
    found = Client(server).standings(tournament_id)
    if as_csv:
        click.echo(standings_csv(found.standings), nl=False)
        return

    emit(as_json, message_dict(found), lambda: click.echo("\n".join(standings_lines(found, show_games))))


@tournament.command(name="export")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--format", "fmt", type=click.Choice(["trf"]), default="trf", show_default=True, help="FIDE TRF-16")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None, help="FILE (default: stdout)")
@common
def tournament_export(tournament_id: str, fmt: str, out: str | None, server: str, as_json: bool) -> None:
    """The tournament for outside checkers: FIDE's Tournament Report File (TRF-16) of a tournament at tables of
    two (players, then each round's opponent, seat as colour and result; + and - for forfeits, U for a bye)."""
    try:
        text = trf(Client(server).standings(tournament_id))
    except TrfRefused as exc:
        raise click.UsageError(str(exc)) from None
    if out is None:
        click.echo(text, nl=False)
    else:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text)
        click.echo(f"wrote {out} ({fmt})", err=True)


def standings_csv(rows: Sequence[leaderboards_pb2.Standing]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*STANDINGS_COLUMNS, *CSV_EXTRA])
    for s in rows:
        counts = [s.played, s.wins, s.byes, f"{s.buchholz:g}", s.score_sum, "yes" if s.disqualified else "no"]
        extra = [s.forfeits_won, s.forfeits_lost, s.separated_by]
        writer.writerow([s.rank, s.player_id, s.player, f"{s.points:g}", *counts, *extra])
    return out.getvalue()


@tournament.command(name="list")
@common
def tournament_list(server: str, as_json: bool) -> None:
    """Tournaments, oldest first."""
    found = list(Client(server).tournaments())

    def text() -> None:
        for t in found:
            click.echo(f"{t.name}  {t.display_name}  {t.rules}  round {t.rounds_paired}/{t.rounds}  {t.status}")

    emit(as_json, [message_dict(t) for t in found], text)
