"""One signed POST of a your-turn notice, with the standard library's http.client: no redirects are followed
(http.client never follows one; a 3xx is the receiver's answer), every socket operation times out, and TLS
checks the certificate and the host name.

The signature covers the timestamp and the body (`sha256=` HMAC-SHA256 of "<timestamp>.<body>"), so a receiver
that refuses old timestamps cannot be fed a recorded request again; the delivery id is in the body too.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ssl
from collections.abc import Mapping
from urllib.parse import urlsplit

SIGNATURE = "X-PlayLedger-Signature"
TIMESTAMP = "X-PlayLedger-Timestamp"
DELIVERY = "X-PlayLedger-Delivery"
USER_AGENT = "PlayLedger-Webhooks/1"
MAX_ANSWER = 64 * 1024  # bytes of the receiver's answer read (and ignored) before the connection closes
RETRY_STATUS = frozenset({408, 425, 429})  # besides 5xx: the receiver asks for a later try

_TLS = ssl.create_default_context()


def sign(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def headers(secret: str, timestamp: str, delivery: str, body: bytes) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        DELIVERY: delivery,
        TIMESTAMP: timestamp,
        SIGNATURE: sign(secret, timestamp, body),
    }


def post(url: str, body: bytes, sent_headers: Mapping[str, str], timeout: float) -> int:
    """POST the body and return the answer's status code; OSError or http.client.HTTPException when none came."""
    parts = urlsplit(url)
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)  # always explicit: an IPv6 host would be misread without one
    host = parts.hostname or ""
    connection = (
        http.client.HTTPSConnection(host, port, timeout=timeout, context=_TLS)
        if https
        else http.client.HTTPConnection(host, port, timeout=timeout)
    )
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", target, body=body, headers=dict(sent_headers))
        answer = connection.getresponse()
        answer.read(MAX_ANSWER)
        return answer.status
    finally:
        connection.close()


def retryable(status: int) -> bool:
    """A 5xx or a "later" (408, 425, 429) is tried again; any other answer (a redirect, a refusal) is final."""
    return status >= 500 or status in RETRY_STATUS
