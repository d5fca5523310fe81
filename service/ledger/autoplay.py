"""The server's bots at work: a bot seat's move is decided by its policy and recorded like a player's.

After every save the ledger names the game that changed; when a bot seat is to act, its move is
due after the bot's think time (a human-like pace: people can follow what bots do, and a real-time
game is not won by reflexes). When due, the game is read again, the policy chooses from what the
seat may know (service/bots), and the move is submitted for that seat with the request id
"bot@<version>:<seat>", so two server processes sharing a store never play the same move twice, and
tagged with the bot's level and policy version, so the record shows who played it.
"""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from service.bots import Policy, choose
from service.bots.policies import bot_rng
from service.ledger.app import Ledger, StaleVersion, now_ms
from service.ledger.cached import GameNotFound
from service.ledger.clocks import timeout_tag
from service.ledger.game import Game
from service.ledger.timers import TimerLoop
from service.rules.core import IllegalCommand

log = logging.getLogger(__name__)
DEFAULT_THINK_MS = 600
RETRY_MS = 150  # a refused bot move (too soon, a lost race) is decided again this much later
PLAYERS = 4  # bot moves decided at once (threads: a slow search shares the GIL, it does not block the rest)


def policy_of(spec: dict[str, Any]) -> Policy:
    return Policy(spec["level"], int(spec.get("budget") or 0) or Policy("search").budget)


def move_for(game: Game, seat: int, spec: dict[str, Any], now: int) -> Any | None:
    """What the bot in `seat` plays now (a function of its information set and its own random stream)."""
    rng = bot_rng(bytes.fromhex(game.seed_hex), seat, game.version)
    return choose(game.rules, game.state, seat, policy_of(spec), rng, now)


class BotRunner(TimerLoop[tuple[int, UUID, int]]):  # (due ms, game, seat)
    def __init__(self, ledger: Ledger, clock: Callable[[], int] = now_ms) -> None:
        super().__init__(ledger, clock, "bots")
        self._pending: set[tuple[UUID, int]] = set()  # a seat has one move due at a time: saves do not postpone it
        self._pool = ThreadPoolExecutor(max_workers=PLAYERS, thread_name_prefix="bot")
        self.moves = 0
        self.timeouts = 0  # moves and forfeits the clock made

    def stop(self) -> None:
        super().stop()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _handle(self, changed: set[UUID], due: list[tuple[int, UUID, int]]) -> None:
        for game_id in changed:
            self._guarded(self._schedule, game_id)
        for _, game_id, seat in due:
            with self._cv:
                self._pending.discard((game_id, seat))
            # On a pool: a search bot thinking for a second must not hold up the other games' bots and clocks.
            self._pool.submit(self._guarded, self._play, game_id, seat)

    def _guarded(self, step: Callable[..., None], *args: Any) -> None:
        try:
            step(*args)
        except Exception:  # a bot must never stop the others
            log.exception("bot step %s%s failed", step.__name__, args)

    def _game(self, game_id: UUID) -> Game | None:
        cached = self._ledger.peek(game_id)
        if cached is not None and (not (cached.bots or cached.time_control) or cached.is_finished()):
            return None  # most saves: a game without bots or a clock, no store read
        try:
            game = self._ledger.get_game(game_id)
        except GameNotFound:
            return None
        return game if (game.bots or game.time_control) and not game.is_finished() else None

    def _schedule(self, game_id: UUID) -> None:
        game = self._game(game_id)
        if game is None:
            return
        acting = set(game.status().to_act)
        now = self._clock()
        with self._cv:
            for seat in sorted(acting):
                spec = game.bots.get(str(seat))
                deadline = game.deadline_ms(seat)
                if (game_id, seat) in self._pending or (spec is None and deadline is None):
                    continue
                due = now + int(spec.get("think_ms", DEFAULT_THINK_MS)) if spec is not None else deadline
                assert due is not None
                self._pending.add((game_id, seat))
                heapq.heappush(self._due, (due, game_id, seat))
            self._cv.notify()

    def _play(self, game_id: UUID, seat: int) -> None:
        """The seat's move on the game as it stands now (it may have moved on while the bot thought)."""
        game = self._game(game_id)
        if game is None or seat not in game.status().to_act:
            return
        now = self._clock()  # the move is decided and recorded at one instant, so replay re-derives it exactly
        spec = game.bots.get(str(seat))
        if spec is None:
            self._clock_runs_out(game, seat, now)
            return
        command = move_for(game, seat, spec, now)
        if command is None:
            return
        try:
            # Pinned to the version it was decided on: a move recorded on a state that moved on meanwhile
            # (the other bot of a simultaneous phase saved first) would not re-derive on replay.
            self._ledger.submit(
                game_id,
                seat,
                command,
                f"bot@{game.version}:{seat}",
                expected_version=game.version,
                clock=lambda: now,
                bot=policy_of(spec).tag(),
            )
            self.moves += 1
        except (IllegalCommand, StaleVersion) as exc:  # a race in a real-time game, or another process moved first
            log.debug("bot move in games/%s seat %d not taken: %s", game_id, seat, exc)
            with self._cv:
                if (game_id, seat) not in self._pending:
                    self._pending.add((game_id, seat))
                    heapq.heappush(self._due, (self._clock() + RETRY_MS, game_id, seat))

    def _clock_runs_out(self, game: Game, seat: int, now: int) -> None:
        """A person's seat past its deadline: the clock moves for it, or it forfeits (clocks.py)."""
        deadline = game.deadline_ms(seat)
        if deadline is None:
            return
        if now < deadline:  # the game moved on since this was scheduled: its new deadline
            with self._cv:
                if (game.id, seat) not in self._pending:
                    self._pending.add((game.id, seat))
                    heapq.heappush(self._due, (deadline, game.id, seat))
                    self._cv.notify()
            return
        try:
            if game.time_control and game.time_control.get("on_timeout") == "forfeit":
                self._ledger.forfeit_on_time(game.id, seat, game.version, now)
            else:
                command = move_for(game, seat, {"level": "random"}, now)
                if command is None:
                    return
                self._ledger.submit(
                    game.id, seat, command, f"clock@{game.version}:{seat}", clock=lambda: now, bot=timeout_tag()
                )
            self.timeouts += 1
        except (IllegalCommand, StaleVersion) as exc:  # the seat moved just in time, or another process acted
            log.debug("clock in games/%s seat %d: %s", game.id, seat, exc)
            with self._cv:
                self._changed.add(game.id)
                self._cv.notify()
