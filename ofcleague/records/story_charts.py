"""The story page's two charts as server-drawn SVG (no JavaScript), as the player page's
(``standings/charts.py``): the race (each leader's wins so far after each evening) and the
rating curves (each leader's shown rating, mu - 3 sigma). Drawn at a phone's width in a
viewBox; each player's line has its own colour and dash, named in a legend beside it, and
the same numbers are a table under each chart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from django.utils.formats import get_format, number_format
from django.utils.safestring import mark_safe

from ofcleague.web.numbers import date_formatter, fixed

WIDTH, HEIGHT = 390, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 16, 10, 24
#: One look per line, in the order of the season's table: a colour that reads on light and
#: dark backgrounds, and a dash so the lines differ without colour too.
LOOKS = (
    ("#d55e00", ""),
    ("#0a8ad6", "6 3"),
    ("#009e73", "2 3"),
    ("#cc79a7", "8 3 2 3"),
    ("#b8860b", "1 2"),
    ("#7f7f7f", "10 4"),
)


@dataclass
class LineChart:
    """One chart's markup and its numbers: ``lines`` and ``axes`` are markup, ``legend`` each
    line's (name, colour, dash), ``rows`` the table's (label, cells) rows."""

    width: int = WIDTH
    height: int = HEIGHT
    axes: str = ""
    lines: str = ""
    legend: list[tuple[str, str, str]] = field(default_factory=list)
    rows: list[tuple[str, list[str]]] = field(default_factory=list)


def _x(index: int, count: int) -> float:
    """Position ``index`` of ``count`` positions (0 is the season's start), evenly spaced."""
    return LEFT + index * (WIDTH - LEFT - RIGHT) / max(1, count - 1)


def _ticks(low: float, high: float, whole: bool) -> list[float]:
    """About four round values from ``low`` to ``high`` for the y axis."""
    span = max(high - low, 1)
    steps = (1, 2, 5, 10, 20, 50, 100) if whole else (5, 10, 20, 50, 100)
    step = next((step for step in steps if span / step <= 5), 200)
    first = math.ceil(low / step) * step
    return list(range(int(first), int(high) + 1, step))


def _axes(y_of, ticks, labels) -> str:
    parts = [
        f'<line class="grid-line" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y_of(value):.1f}"'
        f' y2="{y_of(value):.1f}" stroke="currentColor" stroke-width="0.5"'
        f' stroke-opacity="0.4" /><text class="axis-label" x="{LEFT - 4}" y="{y_of(value):.1f}"'
        f' text-anchor="end" dominant-baseline="middle" font-size="13">{label}</text>'
        for value, label in zip(ticks, labels, strict=True)
    ]
    return "".join(parts)


def _polyline(points, colour: str, dash: str, title: str) -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}" />' for x, y in points
    )
    return (
        f'<g class="story-line"><title>{escape(title)}</title><polyline points="{coordinates}"'
        f' fill="none" stroke="{colour}" stroke-width="2.5"{dashes} />{dots}</g>'
    )


def race_chart(story) -> LineChart | None:
    """Each leader's count so far (wins or points), from 0 at the season's start to after its
    last evening."""
    if not story.runners or not story.evenings:
        return None
    count = len(story.evenings) + 1
    high = max(1.0, max(float(max(runner.so_far, default=0)) for runner in story.runners))

    def y_of(value):
        return TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / high

    chart = LineChart()
    ticks = _ticks(0, high, whole=True)
    chart.axes = mark_safe(_axes(y_of, ticks, [str(value) for value in ticks]))
    lines = []
    for runner, (colour, dash) in zip(story.runners, LOOKS, strict=False):
        points = [(_x(0, count), y_of(0))]
        points += [
            (_x(index, count), y_of(float(count_so_far)))
            for index, count_so_far in enumerate(runner.so_far, 1)
        ]
        lines.append(_polyline(points, colour, dash, runner.name))
        chart.legend.append((runner.name, colour, dash))
    chart.lines = mark_safe("".join(lines))
    short_date = date_formatter()
    for index, evening in enumerate(story.evenings):
        cells = []
        for runner in story.runners:
            place = runner.places[index]
            so_far = number_format(runner.so_far[index], decimal_pos=None)
            cells.append("–" if place is None else f"{so_far} ({place}.)")
        chart.rows.append((short_date(evening.date), cells))
    return chart


def rating_curves(story, before_label: str) -> LineChart | None:
    """Each leader's shown rating before the season and after each evening they played."""
    series = []
    for runner in story.runners:
        points = [(0, runner.rating_start)] if runner.rating_start is not None else []
        points += [
            (index, rating) for index, rating in enumerate(runner.ratings, 1) if rating is not None
        ]
        series.append(points)
    values = [rating for points in series for _index, rating in points]
    if not values:
        return None
    low, high = min(min(values), 0.0), max(values)
    high = max(high, low + 10)

    def y_of(value):
        return TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / (high - low)

    count = len(story.evenings) + 1
    chart = LineChart()
    ticks = _ticks(low, high, whole=False)
    chart.axes = mark_safe(_axes(y_of, ticks, [str(value) for value in ticks]))
    lines = []
    for runner, points, (colour, dash) in zip(story.runners, series, LOOKS, strict=False):
        drawn = [(_x(index, count), y_of(rating)) for index, rating in points]
        lines.append(_polyline(drawn, colour, dash, runner.name))
        chart.legend.append((runner.name, colour, dash))
    chart.lines = mark_safe("".join(lines))
    separator = get_format("DECIMAL_SEPARATOR")

    def shown(rating):
        return "–" if rating is None else fixed(rating, 1, separator)

    chart.rows.append((before_label, [shown(runner.rating_start) for runner in story.runners]))
    short_date = date_formatter()
    for index, evening in enumerate(story.evenings):
        cells = [shown(runner.ratings[index]) for runner in story.runners]
        chart.rows.append((short_date(evening.date), cells))
    return chart
