"""NoticeService: a seat's your-turn webhook, called with that seat's token, and the check a receiver makes of
each notice's signature.

    from playledger_client import SeatWebhooks, verify_notice

    hooks = SeatWebhooks(client.join(seat_token))
    secret = hooks.set(game, "https://example.org/playledger").secret   # shown once: keep it
    # in the receiver, for each POST:
    ok = verify_notice(secret, body, headers["X-PlayLedger-Signature"], headers["X-PlayLedger-Timestamp"])
"""

from __future__ import annotations

import hashlib
import hmac
import time

from playledger.v1 import notices_pb2, notices_pb2_grpc

from playledger_client.client import Client, game_name

SIGNATURE_HEADER = "X-PlayLedger-Signature"
TIMESTAMP_HEADER = "X-PlayLedger-Timestamp"
DELIVERY_HEADER = "X-PlayLedger-Delivery"  # the same on every retry of one notice: deduplicate by it
TOLERANCE_S = 300.0  # a notice signed longer ago than this is refused (a replayed request)


class SeatWebhooks:
    """The your-turn webhook of the seat the client's token belongs to (`SeatWebhooks(client.join(token))`)."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._stub = notices_pb2_grpc.NoticeServiceStub(client._channel)

    def set(self, game: str, url: str) -> notices_pb2.SetSeatWebhookResponse:
        """Set (or replace) the webhook; the response holds the new signing secret, shown only here."""
        request = notices_pb2.SetSeatWebhookRequest(game=game_name(game), url=url)
        response: notices_pb2.SetSeatWebhookResponse = self._client._call(self._stub.SetSeatWebhook, request)
        return response

    def get(self, game: str) -> notices_pb2.SeatWebhook | None:
        """The seat's webhook (never its secret), or None."""
        request = notices_pb2.GetSeatWebhookRequest(game=game_name(game))
        found: notices_pb2.GetSeatWebhookResponse = self._client._call(self._stub.GetSeatWebhook, request, retry=True)
        return found.webhook if found.HasField("webhook") else None

    def delete(self, game: str) -> bool:
        """Remove the webhook (nothing more is POSTed for the seat); False when there was none."""
        request = notices_pb2.DeleteSeatWebhookRequest(game=game_name(game))
        return bool(self._client._call(self._stub.DeleteSeatWebhook, request, retry=True).deleted)


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The X-PlayLedger-Signature a notice carries: HMAC-SHA256 of "<timestamp>.<body>" keyed by the secret."""
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def verify_notice(
    secret: str, body: bytes, signed: str, timestamp: str, tolerance_s: float = TOLERANCE_S, now: float | None = None
) -> bool:
    """Whether a POSTed notice is the server's, signed at most `tolerance_s` seconds ago. `body` is the raw
    request body as received (parse it only after this check); the signatures are compared in constant time."""
    try:
        age = (time.time() if now is None else now) - int(timestamp)
    except ValueError:
        return False
    return abs(age) <= tolerance_s and hmac.compare_digest(signature(secret, timestamp, body), signed)
