"""Logging: plain text or one JSON object per line, each record carrying the request id of its RPC.

The telemetry interceptor sets the request id (the caller's x-request-id, or a
fresh one) for the thread that handles a call; every record logged while it
runs, in any module, carries it.
"""

from __future__ import annotations

import contextvars
import json
import logging
import os
import sys
from datetime import UTC, datetime
from typing import Any

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
FORMATS = ("text", "json")

# Attributes every LogRecord has; anything else was passed with extra= and goes into the JSON object.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "request_id"}


class RequestIdFilter(logging.Filter):
    """Stamps each record with the current request id ("-" outside an RPC)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get() or "-"
        return True


def _process_name() -> str:
    index = os.environ.get("PLAYLEDGER_WORKER_INDEX")
    return f"worker-{index}" if index is not None else "main"


PROCESS_NAME = _process_name()  # the supervisor of --processes N renames itself (service/server.py)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts, level, logger, message, process, request_id, extra fields, exception.

    `process` tells the lines of a --processes N server's workers apart: "worker-<index>" (the index the
    x-playledger-worker header names), "supervisor" for the process that started them, else "main"; `pid` too."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": PROCESS_NAME,
            "pid": record.process,
        }
        request_id = getattr(record, "request_id", None) or REQUEST_ID.get()
        if request_id and request_id != "-":
            entry["request_id"] = request_id
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value if isinstance(value, (str, int, float, bool, type(None))) else str(value)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


def configure(level: str = "INFO", fmt: str = "text") -> None:
    """Set up the root logger once for the process (the server's entry point calls this)."""
    if fmt not in FORMATS:
        raise ValueError(f"log format must be one of {FORMATS}, not {fmt!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(RequestIdFilter())
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())


class RateLimit:
    """At most `burst` lines per key in each `window` seconds; the rest are counted and summed up once.

    A client sending bad requests in a loop must not be able to flood the log: the first lines of each
    kind are written, then one line says how many like them were left out.
    """

    def __init__(self, burst: int = 20, window: float = 10.0, clock: Any = None) -> None:
        import threading
        import time

        self._burst, self._window = burst, window
        self._clock = clock or time.monotonic
        self._lock = threading.Lock()
        self._seen: dict[Any, tuple[float, int, int]] = {}  # key -> (window start, written, suppressed)

    def allow(self, key: Any) -> tuple[bool, int]:
        """(write this line?, lines suppressed in the window that just ended: report them now)."""
        now = self._clock()
        with self._lock:
            start, written, suppressed = self._seen.get(key, (now, 0, 0))
            carried = 0
            if now - start >= self._window:
                carried, start, written, suppressed = suppressed, now, 0, 0
            if written < self._burst:
                self._seen[key] = (start, written + 1, suppressed)
                return True, carried
            self._seen[key] = (start, written, suppressed + 1)
            if len(self._seen) > 10_000:  # keys are methods x codes x reasons: bounded, but never let it grow
                self._seen.clear()
            return False, carried
