"""The SVG charts of the report pages: step lines of scores as a game went, and bars; no script, no CDN."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

# Okabe-Ito: tells seats apart for colour-blind readers too.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
MAX_POINTS = 1500  # per series in a chart; longer games are thinned, keeping every change of score


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]: whole numbers (scores and versions are)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * step:
            step *= m
            break
    step = max(step, 1)
    start = math.floor(low / step) * step
    return [start + i * step for i in range(int((high - start) / step) + 2) if start + i * step <= high + step / 2]


def _thin(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if len(points) <= MAX_POINTS:
        return points
    every = math.ceil(len(points) / MAX_POINTS)
    return [p for i, p in enumerate(points) if i % every == 0 or i == len(points) - 1]


def line_chart(
    series: dict[str, list[tuple[int, int]]], title: str, x_label: str, y_label: str, width: int = 760
) -> str:
    """Step lines (a score holds until it changes), one per series, with axes, ticks and a legend."""
    height, left, right, top, bottom = 300, 56, 150, 34, 44
    xs = [x for pts in series.values() for x, _ in pts] or [0, 1]
    ys = [y for pts in series.values() for _, y in pts] or [0, 1]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y_ticks = _ticks(min(0, min(ys)), max(ys) if max(ys) > min(0, min(ys)) else min(0, min(ys)) + 1)
    y0, y1 = y_ticks[0], y_ticks[-1]
    pw, ph = width - left - right, height - top - bottom
    frame = _Frame(left, top, pw, ph, x0, x1, y0, y1)
    sx, sy = frame.sx, frame.sy
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{html.escape(title)}" class="chart">',
        f'<text x="{left}" y="20" class="chart-title">{html.escape(title)}</text>',
    ]
    for t in y_ticks:
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{sy(t):.1f}" y2="{sy(t):.1f}" class="grid"/>')
        out.append(f'<text x="{left - 6}" y="{sy(t) + 4:.1f}" text-anchor="end" class="tick">{t:g}</text>')
    for t in _ticks(x0, x1, 6):
        if x0 <= t <= x1:
            out.append(f'<text x="{sx(t):.1f}" y="{top + ph + 16}" text-anchor="middle" class="tick">{t:g}</text>')
    out.append(f'<line x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}" class="axis"/>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" class="axis"/>')
    out.append(
        f'<text x="{left + pw / 2:.1f}" y="{height - 6}" text-anchor="middle" class="label">'
        f"{html.escape(x_label)}</text>"
    )
    out.append(
        f'<text x="14" y="{top + ph / 2:.1f}" text-anchor="middle" class="label" '
        f'transform="rotate(-90 14 {top + ph / 2:.1f})">{html.escape(y_label)}</text>'
    )
    for n, (name, points) in enumerate(series.items()):
        out += _series(frame, n, name, points)
    out.append("</svg>")
    return "\n".join(out)


def bar_chart(values: dict[str, float], title: str, width: int = 760) -> str:
    """Horizontal bars, one per name."""
    row, left, top = 24, 170, 34
    height = top + row * max(1, len(values)) + 16
    high = max([*values.values(), 1])
    pw = width - left - 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{html.escape(title)}" class="chart">',
        f'<text x="10" y="20" class="chart-title">{html.escape(title)}</text>',
    ]
    for n, (name, value) in enumerate(values.items()):
        y = top + n * row
        w = max(0.0, value) / high * pw
        label = name if len(name) <= 22 else name[:21] + "…"
        out.append(f'<text x="{left - 8}" y="{y + 15}" text-anchor="end" class="legend">{html.escape(label)}</text>')
        out.append(
            f'<rect x="{left}" y="{y + 3}" width="{w:.1f}" height="{row - 8}" fill="{PALETTE[n % len(PALETTE)]}">'
            f"<title>{html.escape(name)}: {value:g}</title></rect>"
        )
        out.append(f'<text x="{left + w + 6:.1f}" y="{y + 15}" class="tick">{value:g}</text>')
    out.append("</svg>")
    return "\n".join(out)


@dataclass(frozen=True)
class _Frame:
    """A chart's plotting area in pixels and the data range it shows."""

    left: int  # whole pixels: the legend's coordinates print as they did
    top: int
    pw: int
    ph: int
    x0: float
    x1: float
    y0: float
    y1: float

    def sx(self, x: float) -> float:
        return self.left + (x - self.x0) / (self.x1 - self.x0) * self.pw

    def sy(self, y: float) -> float:
        return self.top + self.ph - (y - self.y0) / (self.y1 - self.y0) * self.ph


def _series(frame: _Frame, n: int, name: str, points: list[tuple[int, int]]) -> list[str]:
    """One series of a line chart: its step line, its last point, its legend entry."""
    sx, sy, left, pw, top = frame.sx, frame.sy, frame.left, frame.pw, frame.top
    out: list[str] = []
    color = PALETTE[n % len(PALETTE)]
    path: list[str] = []
    prev_y: float | None = None
    for x, y in _thin(points):
        if prev_y is not None:
            path.append(f"{sx(x):.1f},{sy(prev_y):.1f}")
        path.append(f"{sx(x):.1f},{sy(y):.1f}")
        prev_y = y
    if path:
        out.append(
            f'<polyline points="{" ".join(path)}" fill="none" stroke="{color}" stroke-width="2">'
            f"<title>{html.escape(name)}</title></polyline>"
        )
        lx, ly = points[-1]
        out.append(
            f'<circle cx="{sx(lx):.1f}" cy="{sy(ly):.1f}" r="3.5" fill="{color}">'
            f"<title>{html.escape(name)}: {ly} at version {lx}</title></circle>"
        )
    row = top + 14 + n * 18
    out.append(f'<rect x="{left + pw + 14}" y="{row - 9}" width="12" height="12" fill="{color}"/>')
    label = name if len(name) <= 16 else name[:15] + "…"
    final = f" ({points[-1][1]})" if points else ""
    out.append(f'<text x="{left + pw + 32}" y="{row + 1}" class="legend">{html.escape(label + final)}</text>')
    return out
