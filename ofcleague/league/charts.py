"""Geometry for the server-rendered SVG charts (no JavaScript): plain numbers for templates."""

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

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
            "date": date_format(seat.date, "SHORT_DATE_FORMAT"),
            "place": seat.place,
            "players": seat.field_size,
        }
        href = reverse("league:evening", args=[seat.evening_id])
        chart.points.append(ChartPoint(f"{x:.1f}", f"{y_of(seat.place):.1f}", css, href, title))
        # One label per year, left out where it would crowd the previous one.
        if seat.date.year != last_year and (last_x is None or x - last_x >= 40):
            chart.x_ticks.append((f"{x:.1f}", seat.date.year))
            last_x = x
        last_year = seat.date.year
    chart.line = " ".join(f"{point.x},{point.y}" for point in chart.points)
    chart.y_ticks = [(f"{y_of(place):.1f}", place) for place in range(1, deepest + 1)]
    return chart
