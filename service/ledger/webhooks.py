"""Your-turn webhooks (issue 35): where a seat's client app wants to hear that the seat is to act, and the key its
notices are signed with.

One aggregate per (game, seat), with an id derived from both, so no index is needed to find it; it lives beside
the game, never in its chain (a webhook is the player's setting, not part of the game's record), and its topics
are not any projection's. The signing secret is kept as given out, because every notice is signed with it: like
the receipt key, it is a secret at rest in the store.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from service.ledger.app import StaleVersion

MAX_URL = 2048  # characters: what browsers and proxies reliably carry
MIN_CLOCK_MS = 60_000  # games whose per-move time or budget is shorter are played live: no notices
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
SAVE_TRIES = 3  # two clients of one seat setting its webhook at once: each try reads it again


class WebhookUrlRefused(ValueError):
    """A URL no notice may be sent to, saying why; `code` is the API's reason, `limit` its fact if any."""

    def __init__(self, message: str, code: str = "MALFORMED_REQUEST", limit: int | None = None) -> None:
        super().__init__(message)
        self.code, self.limit = code, limit


@dataclass(frozen=True)
class Webhook:
    game_id: UUID
    seat: int
    url: str
    secret: str
    set_at_ms: int


def notifies(time_control: Mapping[str, Any] | None) -> bool:
    """Whether a game with this time control (clocks.py) sends your-turn notices: a clock of a minute or more."""
    if not time_control:
        return False
    return max(int(time_control.get("move_ms") or 0), int(time_control.get("budget_ms") or 0)) >= MIN_CLOCK_MS


def webhook_id(game_id: UUID, seat: int) -> UUID:
    return uuid5(NAMESPACE_URL, f"playledger:webhook:{game_id}:{seat}")


class SeatWebhook(Aggregate):
    """The webhook of one seat of one game: set, replaced, deleted, set again."""

    # Not "Created": the ledger's observer counts events of that name as games created.
    class Started(Aggregate.Created):
        game: str
        seat: int

    class Set(Aggregate.Event):
        url: str
        secret: str
        at_ms: int

        def apply(self, aggregate: Aggregate) -> None:
            hook = aggregate
            assert isinstance(hook, SeatWebhook)
            hook.url, hook.secret, hook.set_at_ms = self.url, self.secret, self.at_ms

    class Deleted(Aggregate.Event):
        at_ms: int

        def apply(self, aggregate: Aggregate) -> None:
            hook = aggregate
            assert isinstance(hook, SeatWebhook)
            hook.url, hook.secret = None, None

    @staticmethod
    def create_id(game: str, seat: int) -> UUID:
        return webhook_id(UUID(game), seat)

    def __init__(self, game: str, seat: int) -> None:
        self.game, self.seat = game, seat
        self.url: str | None = None
        self.secret: str | None = None
        self.set_at_ms = 0


def check_url(url: str) -> str:
    """The URL as it will be POSTed to, or WebhookUrlRefused saying what is wrong with it."""
    if len(url) > MAX_URL:
        raise WebhookUrlRefused(f"a webhook URL is at most {MAX_URL} characters, not {len(url)}", "TOO_LONG", MAX_URL)
    if not url:
        raise WebhookUrlRefused("url is required: the https URL to POST your-turn notices to")
    if not url.isascii() or any(c.isspace() or not c.isprintable() for c in url):
        raise WebhookUrlRefused(
            "a webhook URL is one absolute URL in ASCII (percent-encode the rest, punycode a host name), "
            "with no spaces or control characters"
        )
    try:
        parts = urlsplit(url)
        port = parts.port  # raises on a port that is not a number from 0 to 65535
    except ValueError as exc:
        raise WebhookUrlRefused(f"not a URL: {exc}") from None
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("https", "http") or not host:
        raise WebhookUrlRefused("a webhook URL is absolute: https://host/path")
    if parts.scheme == "http" and host not in LOOPBACK_NAMES:
        raise WebhookUrlRefused("a webhook URL uses https (plain http only to 127.0.0.1, ::1 or localhost, to test)")
    if parts.username is not None or parts.password is not None:
        raise WebhookUrlRefused("a webhook URL may not hold a user name or password: check the signature instead")
    if parts.fragment or url.endswith("#"):
        raise WebhookUrlRefused("a webhook URL has no #fragment: it is never sent")
    if port == 0:
        raise WebhookUrlRefused("a webhook URL's port is 1 to 65535")
    if _link_local(host):  # cloud metadata services live there
        raise WebhookUrlRefused("a webhook URL may not point at a link-local address")
    return url


def _link_local(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_link_local
    except ValueError:
        return False  # a name, not an address


def find(app: Application[UUID], game_id: UUID, seat: int) -> Webhook | None:
    """The seat's webhook as stored now (read from the store, not the game cache: every process sees a change)."""
    hook = _read(app, game_id, seat)
    if hook is None or hook.url is None or hook.secret is None:
        return None
    return Webhook(game_id, seat, hook.url, hook.secret, hook.set_at_ms)


def set_url(app: Application[UUID], game_id: UUID, seat: int, url: str, now_ms: int) -> Webhook:
    """Set the seat's webhook to `url` with a new signing secret (returned once, in the Webhook)."""
    url = check_url(url)
    secret = "whsec_" + secrets.token_urlsafe(32)
    _change(app, game_id, seat, lambda hook: hook.trigger_event(SeatWebhook.Set, url=url, secret=secret, at_ms=now_ms))
    return Webhook(game_id, seat, url, secret, now_ms)


def delete(app: Application[UUID], game_id: UUID, seat: int, now_ms: int) -> bool:
    """Remove the seat's webhook; False when it had none."""
    found = _read(app, game_id, seat)
    if found is None or found.url is None:
        return False
    _change(app, game_id, seat, lambda hook: hook.trigger_event(SeatWebhook.Deleted, at_ms=now_ms), create=False)
    return True


def _change(app: Application[UUID], game_id: UUID, seat: int, change: Any, create: bool = True) -> None:
    for _ in range(SAVE_TRIES):
        hook = _read(app, game_id, seat)
        if hook is None:
            if not create:
                return
            hook = SeatWebhook(str(game_id), seat)
        change(hook)
        try:
            app.save(hook)
            return
        except IntegrityError:
            continue  # the seat's other client changed it meanwhile: apply ours on top
    raise StaleVersion(f"the webhook of seat {seat} kept changing; try again")


def _read(app: Application[UUID], game_id: UUID, seat: int) -> SeatWebhook | None:
    """Folded from its few events: the repository's cache holds games, and a webhook read must be fresh."""
    events: Iterable[Any] = app.events.get(webhook_id(game_id, seat))
    hook: Any = None
    for event in events:
        hook = event.mutate(hook)
    return hook if isinstance(hook, SeatWebhook) else None
