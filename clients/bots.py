"""A random bot: plays any game by picking uniformly among the server's ListLegalCommands, over the wire.

It acts for every seat it holds: each time, a seat that can act chosen at random, then one of that
seat's legal commands, so every role of a simultaneous phase plays (the server's own bots: service/bots).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from playledger.v1 import games_pb2
from playledger_client import Client, PlayLedgerError, Token, args_of

# Codes that mean "the game moved on under us" (another seat or an automatic command acted first).
RACE_LOST = {
    "ROUND_OVER",
    "NOT_YOUR_TURN",
    "NOT_YOUR_MOVE",
    "WRONG_PHASE",
    "TOO_SOON",
    "STALE_VERSION",
    "GAME_OVER",
    "GAME_RULED",  # an arbiter ended the game meanwhile: the status says it is finished
}


@dataclass
class BotGame:
    game: str
    commands: int = 0
    rejected: int = 0
    latencies: list[float] = field(default_factory=list)


def play_to_end(
    client: Client,
    tokens: list[Token],
    seed: int | str | None = None,
    max_commands: int = 100_000,
    idle_wait: float = 0.05,
) -> BotGame:
    """Act for every seat until the game ends. Returns what was done (and each submit's latency)."""
    rng = random.Random(seed)
    seats = {t.seat: client.as_token(t.token) for t in tokens}
    game = tokens[0].game
    # A seat reads the live game: a spectator may be shown it some moves behind (a table's spectator delay).
    reader = seats[tokens[0].seat]
    result = BotGame(game)
    status = reader.get_game(game).status
    while not status.finished:
        if result.commands >= max_commands:
            raise RuntimeError(f"{game} did not finish within {max_commands} commands")
        acted = False
        # Every seat that can act gets its turn at random: acting always for the first of `to_act` would
        # let a Baba Yaga searcher act forever while his flyers never step the witch (issue 20).
        for seat in rng.sample(list(status.to_act), len(status.to_act)):
            me = seats[seat]
            legal = me.legal_commands(game)
            if not legal:
                continue
            choice = rng.choice(legal)
            started = time.perf_counter()
            try:
                response = me.submit(game, choice.command_type, args_of(choice))
            except PlayLedgerError as error:
                if error.reason not in RACE_LOST:
                    raise
                result.rejected += 1
                break  # re-read the status: someone else's command (or a timer) changed the game
            result.latencies.append(time.perf_counter() - started)
            result.commands += 1
            status = response.status
            acted = True
            break
        if not acted:
            time.sleep(idle_wait)  # nobody can act now: a real-time game is waiting for its timers
            status = reader.get_game(game).status
    return result


def final(client: Client, game: str) -> games_pb2.Game:
    return client.as_token(None).get_game(game)
