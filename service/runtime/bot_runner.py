"""The server's bots at work: a bot seat's move is decided by its policy and recorded like a player's.

After every save the ledger names the game that changed; when a bot seat is to act, its move falls due
after its pace (service/bots/pace.py: a person's wait by default, never before the rules accept the
move, so a real-time race is played the same at any pace). When due, the game is read again, the policy
chooses from what the seat may know (service/bots), and the move is submitted for that seat with the
request id "bot@<version>:<seat>", so two server processes sharing a store never play the same move
twice, and tagged with the bot's level, policy version and wait, so the record shows who played it and
an audit re-derives both. A seat has one move due or in flight at a time: its next is scheduled from
the game as its own move left it.
"""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from service.bots import Policy, choose, pace
from service.bots.policies import bot_rng
from service.ledger.app import Ledger, StaleVersion, now_ms
from service.ledger.cached import GameNotFound
from service.ledger.clocks import timeout_tag
from service.ledger.game import Game
from service.ledger.store import log_failure
from service.rules.core import IllegalCommand
from service.runtime.timers import TimerLoop

log = logging.getLogger(__name__)
RETRY_MS = 150  # a refused bot move (a lost race) is decided again no sooner than this
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
        # A seat has one move due or in flight at a time: saves do not postpone it. Its recorded wait rides along.
        self._pending: dict[tuple[UUID, int], dict[str, Any]] = {}
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
            # On a pool: a search bot thinking for a second must not hold up the other games' bots and clocks.
            self._pool.submit(self._guarded, self._turn, game_id, seat)

    def _guarded(self, step: Callable[..., None], *args: Any) -> None:
        try:
            step(*args)
        except Exception as exc:  # a bot must never stop the others
            log_failure(log, exc, "bot step %s%s failed", step.__name__, args)

    def _game(self, game_id: UUID) -> Game | None:
        if self._ledger.known_finished(game_id):
            return None  # it finished here: no bot or clock moves again, and no read of the whole game
        cached = self._ledger.peek(game_id)
        if cached is not None and (not (cached.bots or cached.time_control) or cached.is_finished()):
            return None  # most saves: a game without bots or a clock, no store read
        try:
            game = self._ledger.get_game(game_id)
        except GameNotFound:
            return None
        return game if (game.bots or game.time_control) and not game.is_finished() else None

    def _schedule(self, game_id: UUID, not_before: int = 0) -> None:
        game = self._game(game_id)
        if game is None:
            return
        acting = set(game.status().to_act)
        with self._cv:
            for seat in sorted(acting):
                spec = game.bots.get(str(seat))
                deadline = game.deadline_ms(seat)
                if (game_id, seat) in self._pending or (spec is None and deadline is None):
                    continue
                tag: dict[str, Any] = {}
                if spec is not None:
                    seed = bytes.fromhex(game.seed_hex)
                    wait = pace.wait(game.rules, game.state, seat, spec, seed, game.version, game.last_at_ms)
                    due, tag = max(wait.due_ms, not_before), wait.tag
                else:
                    assert deadline is not None
                    due = deadline
                self._pending[(game_id, seat)] = tag
                heapq.heappush(self._due, (due, game_id, seat))
            self._cv.notify()

    def _turn(self, game_id: UUID, seat: int) -> None:
        """The seat's move, then its next one scheduled from the game as the move left it."""
        refused = False
        try:
            refused = self._play(game_id, seat)
        finally:
            with self._cv:
                self._pending.pop((game_id, seat), None)
            self._schedule(game_id, self._clock() + RETRY_MS if refused else 0)

    def _play(self, game_id: UUID, seat: int) -> bool:
        """The seat's move on the game as it stands now (it may have moved on while the bot waited); True if refused."""
        game = self._game(game_id)
        if game is None or seat not in game.status().to_act:
            return False
        now = self._clock()  # the move is decided and recorded at one instant, so replay re-derives it exactly
        spec = game.bots.get(str(seat))
        if spec is None:
            self._clock_runs_out(game, seat, now)
            return False
        command = move_for(game, seat, spec, now)
        if command is None:
            return False
        with self._cv:
            waited = self._pending.get((game_id, seat), {})
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
                bot={**policy_of(spec).tag(), **waited},
            )
            self.moves += 1
        except (IllegalCommand, StaleVersion) as exc:  # a race in a real-time game, or another process moved first
            log.debug("bot move in games/%s seat %d not taken: %s", game_id, seat, exc)
            return True
        return False

    def _clock_runs_out(self, game: Game, seat: int, now: int) -> None:
        """A person's seat past its deadline: the clock moves for it, or it forfeits (clocks.py)."""
        deadline = game.deadline_ms(seat)
        if deadline is None:
            return
        if now < deadline:  # the game moved on since this was scheduled: _turn schedules its new deadline
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
