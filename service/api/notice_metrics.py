"""Prometheus metrics of the your-turn webhooks (service/runtime/notices.py reports through NoticeObserver).

Beside service/api/metrics.py, declared the same way: one counter set per process, no game, seat or URL as a
label (the outcome is one of five words).
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

from service.runtime.notice_senders import NoticeObserver

OUTCOMES = ("delivered", "rejected", "gave_up", "cancelled", "superseded")

DELIVERIES = Counter(
    "playledger_webhook_deliveries_total",
    "Your-turn notices done, by outcome: delivered (a 2xx), rejected (a redirect or a 4xx other than 408, 425 "
    "and 429: not tried again), gave_up (every try failed), cancelled (the webhook was removed meanwhile), "
    "superseded (the seat was no longer to act when it was to be tried).",
    ("outcome",),
)
RETRIES = Counter("playledger_webhook_retries_total", "Your-turn notice tries that failed and were scheduled again.")
DROPPED = Counter(
    "playledger_webhook_dropped_total", "Your-turn notices dropped unsent because the send or retry queue was full."
)
ATTEMPT_SECONDS = Histogram(
    "playledger_webhook_attempt_seconds",
    "Time of one try of a your-turn notice (connect, send, the receiver's answer), failed tries included.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)


class PrometheusNoticeObserver(NoticeObserver):
    def finished(self, outcome: str) -> None:
        DELIVERIES.labels(outcome if outcome in OUTCOMES else "other").inc()

    def retried(self) -> None:
        RETRIES.inc()

    def dropped(self) -> None:
        DROPPED.inc()

    def attempt_seconds(self, seconds: float) -> None:
        ATTEMPT_SECONDS.observe(seconds)
