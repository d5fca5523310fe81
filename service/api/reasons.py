"""Every ErrorInfo reason the API answers with: its status code, whether and how to retry, and its facts.

The one list client developers read (the README's table and the proto comment are checked against it by
tests/api/test_reasons.py, which also finds every reason the code can raise). A game's own refusals
(FAILED_PRECONDITION, e.g. NOT_YOUR_TURN, TOO_SOON) are listed per game by ListGameTypes (GameType.reasons);
they all carry the facts of GAME_REFUSAL below.

How to retry:
- "no": the request itself is wrong; change it.
- "same": send the same request again (the same request_id for a SubmitCommand), with backoff.
- "reload": read the game again (its version, who is to act) and decide anew.
- "at": a game's timer; TOO_SOON says when (`retry_at_ms`).
"""

from __future__ import annotations

from dataclasses import dataclass

import grpc


@dataclass(frozen=True)
class Reason:
    code: grpc.StatusCode
    retry: str  # "no", "same", "reload" or "at"
    meaning: str
    facts: tuple[str, ...] = ()  # ErrorInfo metadata keys it carries


_I, _F, _N = grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.NOT_FOUND
_A, _P = grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED
_R, _U = grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.UNAVAILABLE

# The facts every game refusal of a command carries, beside the game's own (TOO_SOON: retry_at_ms).
GAME_FACTS = ("version", "to_act")

REASONS: dict[str, Reason] = {
    # --- the request itself (INVALID_ARGUMENT: fix it; a BadRequest detail names the field) ---
    "MALFORMED_REQUEST": Reason(_I, "no", "a field holds a value the API cannot take"),
    "UNDECODABLE_REQUEST": Reason(_I, "no", "the request bytes are not a message of the method's type"),
    "BAD_ARGUMENTS": Reason(_I, "no", "a command's args do not fit its schema (GameType.commands)"),
    "UNKNOWN_COMMAND": Reason(_I, "no", "the game has no command of that type"),
    "INVALID_OPTIONS": Reason(_I, "no", "game options or a player count the game cannot be set up with"),
    "UNKNOWN_RULES": Reason(_I, "no", "no game of that name is hosted (ListGameTypes lists them)"),
    "REQUEST_ID_REQUIRED": Reason(_I, "no", "SubmitCommand needs a request_id (a fresh UUID per command)"),
    "REQUEST_ID_REUSED": Reason(_I, "no", "this seat already used the request_id for a different command"),
    "BAD_GAME_NAME": Reason(_I, "no", "not a game's name: games/{id}"),
    "BAD_TOURNAMENT_NAME": Reason(_I, "no", "not a tournament's name: tournaments/{id}"),
    "BAD_PAGE_TOKEN": Reason(_I, "no", "a page_token this server did not give out"),
    "BAD_NUMBER": Reason(_I, "no", "a number JSON cannot carry exactly (NaN, infinite, beyond 2^53)"),
    "BAD_TEXT": Reason(_I, "no", "text with control characters or invalid UTF-8"),
    "TOO_LONG": Reason(_I, "no", "a text or list longer than the API takes", ("limit",)),
    "TOO_MANY": Reason(_I, "no", "more items than the API takes", ("limit",)),
    "TOO_DEEP": Reason(_I, "no", "a value nested deeper than the API takes", ("limit",)),
    "BAD_SEED": Reason(_I, "no", "seed_hex is not 1-64 hex bytes, or an organizer's whole seed is under 32 bytes"),
    "BAD_BOT": Reason(_I, "no", "a bot seat with no such seat, level, pace or budget"),
    "BAD_SEAT": Reason(_I, "no", "no such seat in this game"),
    "BAD_TIME_CONTROL": Reason(_I, "no", "a time control the server cannot run"),
    "BAD_VERSION": Reason(_I, "no", "a version the game never had"),
    "BAD_RULING": Reason(_I, "no", "a ruling without its kind"),
    "BAD_RULING_KIND": Reason(
        _I, "no", "a ruling kind other than forfeit, annulment, score_correction, disqualification"
    ),
    "BAD_SCORES": Reason(_I, "no", "a score correction with the wrong number of scores"),
    "BAD_WINNERS": Reason(_I, "no", "a score correction naming seats the game does not have"),
    "GAME_REQUIRED": Reason(_I, "no", "this ruling needs the game it is about"),
    "REASON_REQUIRED": Reason(_I, "no", "a ruling needs its reason in words"),
    # --- who is asking ---
    "BAD_AUTHORIZATION_HEADER": Reason(_A, "no", "the authorization header must read 'Bearer <token>'"),
    "TOKEN_NOT_OF_THIS_GAME": Reason(_A, "no", "the token belongs to no seat of this game"),
    "UNAUTHENTICATED": Reason(_A, "no", "the caller's token is not accepted"),
    "NOT_A_PLAYER": Reason(
        _P, "no", "only a seat's token may do this (submit a command, ask a rematch, be named in a ruling)"
    ),
    "SEAT_VIEW_PRIVATE": Reason(_P, "no", "another seat's view is private while the game is in play"),
    "ORGANIZER_ONLY": Reason(_P, "no", "this needs the organizer token (a game in play's audit, tournaments)"),
    "SPECTATORS_NOT_ALLOWED": Reason(_P, "no", "a private table: only its players watch it while it is in play"),
    "PERMISSION_DENIED": Reason(_P, "no", "the caller's seat or role may not do this"),
    # --- what exists ---
    "GAME_NOT_FOUND": Reason(_N, "no", "no game with that id on this server"),
    "TOURNAMENT_NOT_FOUND": Reason(_N, "no", "no tournament with that id on this server"),
    # --- the game's state ---
    "ILLEGAL_COMMAND": Reason(_F, "reload", "the rules refuse the command now (each game names its own reasons)"),
    "GAME_REFUSAL": Reason(_F, "reload", "any of a game's own reasons (GameType.reasons)", GAME_FACTS),
    "GAME_RULED": Reason(_F, "no", "an arbiter ended this game; it takes no more commands"),
    "STALE_VERSION": Reason(
        grpc.StatusCode.ABORTED, "reload", "the game is not at expected_version", ("current_version",)
    ),
    "TAKEBACKS_OFF": Reason(_F, "no", "this table was created without take-backs (TablePolicy.takebacks)"),
    "TAKEBACK_PENDING": Reason(
        _F, "reload", "another take-back offer is open: it is answered or withdrawn first", ("offered_by",)
    ),
    "TAKEBACK_DECLINED": Reason(_F, "no", "the server's bots at this table do not take moves back"),
    "TAKEBACK_TOO_FAR": Reason(_F, "reload", "not a version the game may go back to now (Game.takeback_targets)"),
    "TAKEBACK_NOT_POSSIBLE": Reason(
        _F,
        "reload",
        "nothing can be taken back now: the last move showed something hidden, drew at random, or was the game's own",
    ),
    "NO_TAKEBACK_OFFER": Reason(_F, "reload", "there is no open take-back offer to answer"),
    "TOURNAMENT_REFUSED": Reason(_F, "no", "the tournament cannot do this now"),
    "ALL_ROUNDS_PAIRED": Reason(_F, "no", "every round of the tournament is paired"),
    "ROUND_IN_PROGRESS": Reason(_F, "reload", "the round's games are still in play"),
    "ALREADY_ADDED": Reason(_F, "no", "the game is already in the tournament"),
    "ALREADY_RULED": Reason(_F, "no", "the game already has a ruling of that kind"),
    "GAME_NOT_FINISHED": Reason(_F, "reload", "this needs a finished game (a score correction, a rematch)"),
    "NOT_IN_TOURNAMENT": Reason(_F, "no", "the game or player is not in this tournament"),
    "WRONG_GAME": Reason(_F, "no", "the game is of other rules than the tournament's"),
    "DISQUALIFIED": Reason(_F, "no", "the player is disqualified from the tournament"),
    "TOO_FEW_PLAYERS": Reason(_F, "no", "too few players left to pair a round"),
    # --- the server's state ---
    "OVERLOADED": Reason(_R, "same", "the server is handling too many calls; retry with backoff", ("limit",)),
    "TOO_MANY_WATCHES": Reason(
        _R, "same", "a WatchGame budget is full (server, spectators, you, a game)", ("scope", "limit")
    ),
    "STORE_BUSY": Reason(_R, "same", "every connection to the store is busy; retry with backoff"),
    "NO_READ_MODELS": Reason(_R, "no", "this server runs without read models (ListGames, leaderboards)"),
    "NO_RECEIPT_KEY": Reason(_R, "no", "this server signs no receipts"),
    "STORE_UNAVAILABLE": Reason(_U, "same", "the game store cannot be reached; retry with backoff"),
    "SERVER_STOPPING": Reason(_U, "same", "the server is shutting down; resume or retry on another"),
    "REFUSAL_NOT_KEPT": Reason(_U, "same", "the refusal could not be written to the attempts log; retry unchanged"),
}
