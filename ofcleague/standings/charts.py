"""Geometry for the server-rendered SVG charts (no JavaScript): plain numbers for templates.

The player page draws a window of evenings (``player_page.CHART_WINDOW``), not a whole career.

The place chart is drawn in CSS pixels, never scaled by a viewBox, so its labels keep their
size on a phone. Each evening gets an equal slot across the chart's width (positions are
percentages of it) and the whole slot is the evening's link, so a slot is never narrower than
``SLOT_MIN`` pixels: the chart is at least that wide per evening and scrolls sideways on a
phone when the player has more evenings than fit.
"""

import math
from dataclasses import dataclass, field
from html import escape

from django.utils.formats import get_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ofcleague.standings.kept.rating_math import Rating
from ofcleague.web.numbers import date_formatter, fixed
from ofcleague.web.paths import page_path

HEIGHT = 200
TOP, BOTTOM = 12, 30  # room for the dots of the first and last place, and for the year labels
AXIS_WIDTH = 28  # the place labels' own column, left of the scrolling chart
#: The narrowest slot, in CSS pixels: each evening's link is at least this wide (24 px rule),
#: and a year label (12 px digits) fits in one slot.
SLOT_MIN = 36
#: The closest two place labels may be, in pixels (12 px labels).
LABEL_SPACING = 16


@dataclass
class YearTick:
    """A year's label under the chart at the slot of its first evening, and the line there."""

    x: str
    anchor: str
    year: int
    line_x: str | None


@dataclass
class PlaceChart:
    """A player's places over time: evenings in equal slots, oldest left, place 1 at the top."""

    height: int = HEIGHT
    axis_width: int = AXIS_WIDTH
    min_width: int = 0
    slot: str = "100"
    plot_bottom: int = HEIGHT - BOTTOM
    label_y: int = HEIGHT - 10
    #: The evenings' links (slot, dot and name each) and the lines between the dots, as
    #: markup: a template loop over a few hundred evenings costs more than the page's data.
    points: str = ""
    segments: str = ""
    y_ticks: list[tuple[str, int]] = field(default_factory=list)
    x_ticks: list[YearTick] = field(default_factory=list)
    #: The chart's numbers as table rows (date, place, players), for the table under it.
    rows: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def place_labels(self) -> str:
        """The place labels of the fixed axis beside the scrolling chart, as markup."""
        return _markup(
            f'<text x="{self.axis_width - 4}" y="{y}" text-anchor="end"'
            f' dominant-baseline="middle">{place}.</text>'
            for y, place in self.y_ticks
        )

    @property
    def grid(self) -> str:
        """A line at each place and where each year starts, and the years' labels, as markup."""
        parts = [
            f'<line class="grid-line" x1="0" x2="100%" y1="{y}" y2="{y}" />'
            for y, _ in self.y_ticks
        ]
        for tick in self.x_ticks:
            if tick.line_x:
                parts.append(
                    f'<line class="year-line" x1="{tick.line_x}%" x2="{tick.line_x}%" y1="0"'
                    f' y2="{self.plot_bottom}" />'
                )
            shift = -3 if tick.anchor == "end" else 3
            parts.append(
                f'<text class="axis-label" x="{tick.x}%" y="{self.label_y}"'
                f' text-anchor="{tick.anchor}" dx="{shift}">{tick.year}</text>'
            )
        return _markup(parts)


#: One evening in the place chart: the whole slot is the link, the dot shows the place.
POINT = (
    '<a class="chart-link" href="{0}" aria-label="{1}">'
    '<rect class="hit" x="{2}%" y="0" width="{3}%" height="{4}" />'
    '<circle class="place-dot {5}" cx="{6}%" cy="{7}" r="6" /><title>{1}</title></a>'
)
SEGMENT = '<line class="place-line" x1="{}%" y1="{}" x2="{}%" y2="{}" />'
RATING_DOT = '<circle class="rating-dot" cx="{}" cy="{}" r="3"><title>{}</title></circle>'


def _markup(parts) -> str:
    """Chart markup joined into one string (a template loop over a few hundred evenings costs
    more than the page's data). The parts are built here from numbers, paths and labels that
    were escaped with the standard library's ``html.escape``: Django's ``format_html`` checks
    every value for lazy text, which cost more than the rest of the chart."""
    return mark_safe("".join(parts))


def _percent(value: float) -> str:
    return f"{value:.3f}"


def _year_ticks(seats) -> list[YearTick]:
    """One label per year, starting at the left edge of the slot of its first evening.

    A label fits in one slot, so labels never overlap; none would stick out on the left, and
    one in the last slot is set against the right edge so it is not cut off there either.
    """
    count = len(seats)
    ticks = []
    for index, seat in enumerate(seats):
        if index and seat.date.year == seats[index - 1].date.year:
            continue
        left = _percent(index * 100 / count)
        line = left if index else None
        if index and index == count - 1:
            ticks.append(YearTick("100", "end", seat.date.year, line))
        else:
            ticks.append(YearTick(left, "start", seat.date.year, line))
    return ticks


def place_chart(seats):
    """Chart geometry for a player's seats (oldest first); ``None`` without any seat."""
    if not seats:
        return None
    count = len(seats)
    deepest = max(2, max(seat.field_size for seat in seats))
    inner_height = HEIGHT - TOP - BOTTOM

    def y_of(place):
        return TOP + (place - 1) * inner_height / (deepest - 1)

    chart = PlaceChart(min_width=count * SLOT_MIN, slot=_percent(100 / count))
    label = _("%(date)s: place %(place)s of %(players)s")
    short_date = date_formatter()
    links, centres = [], []
    for index, seat in enumerate(seats):
        name = escape(
            label % {"date": short_date(seat.date), "place": seat.place, "players": seat.field_size}
        )
        centre = (_percent((index + 0.5) * 100 / count), f"{y_of(seat.place):.1f}")
        css = "winner" if seat.place == 1 else "podium" if seat.place <= 3 else "rest"
        left = _percent(index * 100 / count)
        href = page_path("results:evening", seat.evening_id)
        links.append(POINT.format(href, name, left, chart.slot, chart.plot_bottom, css, *centre))
        chart.rows.append((short_date(seat.date), seat.place, seat.field_size))
        centres.append(centre)
    chart.points = _markup(links)
    chart.segments = _markup(
        SEGMENT.format(*before, *after) for before, after in zip(centres, centres[1:], strict=False)
    )
    # In a large field only every few places get a label, so they never overlap.
    every = max(1, math.ceil(LABEL_SPACING * (deepest - 1) / inner_height))
    chart.y_ticks = [
        (f"{y_of(place):.1f}", place)
        for place in range(1, deepest + 1)
        if (place - 1) % every == 0 or place == deepest
    ]
    if (deepest - 1) % every and len(chart.y_ticks) > 1:
        # The last label would crowd the regular one above it.
        previous = float(chart.y_ticks[-2][0])
        if y_of(deepest) - previous < LABEL_SPACING:
            del chart.y_ticks[-2]
    chart.x_ticks = _year_ticks(seats)
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
    #: The chart's numbers as table rows (date, rating, estimate, ± band), for the table under it.
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)
    left: int = R_LEFT
    label_x: int = R_LEFT - 4
    right_edge: int = R_WIDTH - R_RIGHT
    label_y: int = R_HEIGHT - 6

    @property
    def axes(self) -> str:
        """The rating's grid lines with their labels and the years under the chart, as markup."""
        parts = []
        for y, value in self.y_ticks:
            parts.append(
                f'<line class="grid-line" x1="{self.left}" x2="{self.right_edge}" y1="{y}"'
                f' y2="{y}" stroke="currentColor" stroke-width="0.5" stroke-opacity="0.4" />'
                f'<text class="axis-label" x="{self.label_x}" y="{y}" text-anchor="end"'
                f' dominant-baseline="middle" font-size="13">{value}</text>'
            )
        for x, year in self.x_ticks:
            parts.append(
                f'<text class="axis-label" x="{x}" y="{self.label_y}" text-anchor="middle"'
                f' font-size="13">{year}</text>'
            )
        return _markup(parts)


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
    # The rating before the first evening drawn (a newcomer's at the start of a career), then
    # the rating after each evening.
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
    short_date = date_formatter()
    dots = []
    # The lower edge of the band is the shown rating's line.
    upper, lower, mu_line = [], [], []
    last_year = last_x = None
    for index, (mu, sigma, seat) in enumerate(series):
        x = R_LEFT + index * step
        x_text, y_text = f"{x:.1f}", f"{y_of(mu - 3 * sigma):.1f}"
        upper.append(f"{x_text},{y_of(mu + 3 * sigma):.1f}")
        lower.append(f"{x_text},{y_text}")
        mu_line.append(f"{x_text},{y_of(mu):.1f}")
        if seat is None:
            continue
        numbers = {
            "date": short_date(seat.date),
            "rating": fixed(Rating(mu, sigma).display, 1, separator),
            "mu": fixed(mu, 1, separator),
            "band": fixed(3 * sigma, 1, separator),
        }
        title = label % numbers
        chart.rows.append(tuple(numbers[key] for key in ("date", "rating", "mu", "band")))
        dots.append(RATING_DOT.format(x_text, y_text, escape(title)))
        if seat.date.year != last_year and (last_x is None or x - last_x >= 40):
            chart.x_ticks.append((x_text, seat.date.year))
            last_x = x
        last_year = seat.date.year
    # Plain dots, no links: the place chart above links every evening, and links inside a
    # picture (role="img") would be hidden from screen readers.
    chart.dots = _markup(dots)
    chart.band = " ".join(upper + lower[::-1])
    chart.mu_line = " ".join(mu_line)
    chart.shown_line = " ".join(lower)
    chart.y_ticks = [(f"{y_of(value):.1f}", value) for value in _ticks(low, high)]
    return chart
