"""Geometry for the server-rendered SVG charts (no JavaScript): plain numbers for templates."""

import math
from dataclasses import dataclass, field

from django.utils.formats import get_format
from django.utils.html import format_html_join
from django.utils.translation import gettext as _

from .tables import evening_path, short_date

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 36, 12, 14, 28


@dataclass
class ChartPoint:
    """One evening's dot: coordinates as text for SVG attributes, its link and tooltip."""

    x: str
    y: str
    css: str
    href: str
    title: str


@dataclass
class PlaceChart:
    """A player's places over time: evenings evenly spaced, place 1 at the top."""

    width: int = WIDTH
    height: int = HEIGHT
    points: list[ChartPoint] = field(default_factory=list)
    dots: str = ""
    line: str = ""
    y_ticks: list[tuple[str, int]] = field(default_factory=list)
    x_ticks: list[tuple[str, int]] = field(default_factory=list)
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM
    label_y: int = HEIGHT - 8


def place_chart(seats):
    """Chart coordinates for a player's seats (oldest first); ``None`` without any seat."""
    if not seats:
        return None
    deepest = max(2, max(seat.field_size for seat in seats))
    inner_width = WIDTH - LEFT - RIGHT
    inner_height = HEIGHT - TOP - BOTTOM
    step = inner_width / max(1, len(seats) - 1)

    def y_of(place):
        return TOP + (place - 1) * inner_height / (deepest - 1)

    chart = PlaceChart()
    last_year = last_x = None
    for index, seat in enumerate(seats):
        x = LEFT + (index * step if len(seats) > 1 else inner_width / 2)
        css = "winner" if seat.place == 1 else "podium" if seat.place <= 3 else "rest"
        title = _("%(date)s: place %(place)s of %(players)s") % {
            "date": short_date(seat.date),
            "place": seat.place,
            "players": seat.field_size,
        }
        href = evening_path(seat.evening_id)
        chart.points.append(ChartPoint(f"{x:.1f}", f"{y_of(seat.place):.1f}", css, href, title))
        # One label per year, left out where it would crowd the previous one.
        if seat.date.year != last_year and (last_x is None or x - last_x >= 40):
            chart.x_ticks.append((f"{x:.1f}", seat.date.year))
            last_x = x
        last_year = seat.date.year
    chart.line = " ".join(f"{point.x},{point.y}" for point in chart.points)
    # The dots as one string of markup: a template loop over a hundred dots costs more than
    # the rest of the chart.
    chart.dots = format_html_join(
        "",
        '<a href="{}"><circle class="place-dot {}" cx="{}" cy="{}" r="4">'
        "<title>{}</title></circle></a>",
        ((point.href, point.css, point.x, point.y, point.title) for point in chart.points),
    )
    chart.y_ticks = [(f"{y_of(place):.1f}", place) for place in range(1, deepest + 1)]
    return chart


# The rating chart is drawn at a phone's width: its 12-unit labels print at 12 px on a 390 px
# screen, and scale up, never down, on wider ones (CSS caps the figure's width).
R_WIDTH, R_HEIGHT = 390, 220
R_LEFT, R_RIGHT, R_TOP, R_BOTTOM = 34, 20, 10, 24


@dataclass
class RatingChart:
    """A player's rating over time: the shown rating (mu - 3 sigma) as a line, the band
    mu ± 3 sigma around the estimate mu, evenings evenly spaced."""

    width: int = R_WIDTH
    height: int = R_HEIGHT
    band: str = ""
    mu_line: str = ""
    shown_line: str = ""
    dots: str = ""
    y_ticks: list[tuple[str, int]] = field(default_factory=list)
    x_ticks: list[tuple[str, int]] = field(default_factory=list)
    left: int = R_LEFT
    label_x: int = R_LEFT - 4
    right_edge: int = R_WIDTH - R_RIGHT
    label_y: int = R_HEIGHT - 6


def _ticks(low: float, high: float) -> list[int]:
    """Round values for the y axis: steps of 5, 10 or 20, about four of them."""
    span = high - low
    step = next((step for step in (5, 10, 20, 50) if span / step <= 5), 100)
    first = math.ceil(low / step) * step
    return list(range(first, int(high) + 1, step))


def rating_chart(seats):
    """Chart coordinates for a player's rated seats (oldest first); ``None`` without any."""
    rated = [seat for seat in seats if seat.mu_after is not None]
    if not rated:
        return None
    # The newcomer's rating before the first evening, then the rating after each evening.
    first = rated[0]
    series = [(first.mu_before, first.sigma_before, None)]
    series += [(seat.mu_after, seat.sigma_after, seat) for seat in rated]
    low = min(mu - 3 * sigma for mu, sigma, _seat in series)
    high = max(mu + 3 * sigma for mu, sigma, _seat in series)
    low, high = min(low, 0.0), max(high, low + 10)
    inner_width = R_WIDTH - R_LEFT - R_RIGHT
    inner_height = R_HEIGHT - R_TOP - R_BOTTOM
    step = inner_width / max(1, len(series) - 1)

    def y_of(value):
        return R_TOP + (high - value) * inner_height / (high - low)

    chart = RatingChart()
    separator = get_format("DECIMAL_SEPARATOR")
    label = _("%(date)s: rating %(rating)s (estimate %(mu)s ± %(band)s)")
    dots = []
    upper, lower, mu_line, shown = [], [], [], []
    last_year = last_x = None
    for index, (mu, sigma, seat) in enumerate(series):
        x = R_LEFT + index * step
        upper.append(f"{x:.1f},{y_of(mu + 3 * sigma):.1f}")
        lower.append(f"{x:.1f},{y_of(mu - 3 * sigma):.1f}")
        mu_line.append(f"{x:.1f},{y_of(mu):.1f}")
        shown.append(f"{x:.1f},{y_of(mu - 3 * sigma):.1f}")
        if seat is None:
            continue
        title = label % {
            "date": short_date(seat.date),
            "rating": f"{mu - 3 * sigma:.1f}".replace(".", separator),
            "mu": f"{mu:.1f}".replace(".", separator),
            "band": f"{3 * sigma:.1f}".replace(".", separator),
        }
        dots.append(
            (evening_path(seat.evening_id), f"{x:.1f}", f"{y_of(mu - 3 * sigma):.1f}", title)
        )
        if seat.date.year != last_year and (last_x is None or x - last_x >= 40):
            chart.x_ticks.append((f"{x:.1f}", seat.date.year))
            last_x = x
        last_year = seat.date.year
    # One string of markup: a template loop over a few hundred dots costs more than the data.
    chart.dots = format_html_join(
        "",
        '<a href="{}"><circle class="rating-dot" cx="{}" cy="{}" r="3">'
        "<title>{}</title></circle></a>",
        dots,
    )
    chart.band = " ".join(upper + lower[::-1])
    chart.mu_line = " ".join(mu_line)
    chart.shown_line = " ".join(shown)
    chart.y_ticks = [(f"{y_of(value):.1f}", value) for value in _ticks(low, high)]
    return chart
