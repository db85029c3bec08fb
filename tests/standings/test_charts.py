"""The place chart's geometry: slots wide enough to tap, labels that fit and are never cut."""

import datetime
import re
from decimal import Decimal

from ofcleague.standings.charts import SLOT_MIN, place_chart
from ofcleague.standings.kept.record import Seat


def seats(dates, place=1, field_size=4):
    return [
        Seat(n, date, 1, "Anna", "anna", place, field_size, None, None, Decimal(10), False)
        for n, date in enumerate(dates, 1)
    ]


def test_every_evening_gets_a_slot_at_least_slot_min_wide():
    dates = [datetime.date(2016, 1, 1) + datetime.timedelta(days=30 * n) for n in range(40)]
    chart = place_chart(seats(dates))
    assert SLOT_MIN >= 24
    assert chart.min_width == 40 * SLOT_MIN
    assert float(chart.slot) * 40 == 100
    slots = re.findall(r'<rect class="hit" x="([\d.]+)%" y="0" width="([\d.]+)%"', chart.points)
    assert slots[:2] == [("0.000", "2.500"), ("2.500", "2.500")]
    assert len(slots) == 40
    assert chart.segments.count("<line") == 39


def test_every_dot_links_its_evening_and_is_named():
    chart = place_chart(seats([datetime.date(2020, 7, 24), datetime.date(2020, 8, 1)]))
    links = re.findall(r'<a class="chart-link" href="([^"]+)" aria-label="([^"]+)">', chart.points)
    assert [href for href, _label in links] == ["/ofc-runde/evenings/1/", "/ofc-runde/evenings/2/"]
    assert [label for _href, label in links] == [
        "24.07.2020: Platz 1 von 4",
        "01.08.2020: Platz 1 von 4",
    ]
    assert chart.points.count("<title>") == 2


def test_a_year_starting_at_the_last_evening_is_labelled_against_the_right_edge():
    dates = [datetime.date(2019, 3, 1), datetime.date(2019, 9, 1), datetime.date(2020, 7, 24)]
    ticks = place_chart(seats(dates)).x_ticks
    assert [(tick.year, tick.x, tick.anchor) for tick in ticks] == [
        (2019, "0.000", "start"),
        (2020, "100", "end"),
    ]
    # The dashed line still marks where the year begins: at the last slot's left edge.
    assert ticks[1].line_x == "66.667"


def test_a_single_evening_is_labelled_from_the_left():
    ticks = place_chart(seats([datetime.date(2020, 7, 24)])).x_ticks
    assert [(tick.year, tick.anchor, tick.line_x) for tick in ticks] == [(2020, "start", None)]


def test_place_labels_thin_out_in_a_large_field_so_they_never_overlap():
    chart = place_chart(seats([datetime.date(2020, 1, 3)], place=7, field_size=30))
    positions = [float(y) for y, _place in chart.y_ticks]
    places = [place for _y, place in chart.y_ticks]
    assert places[0] == 1 and places[-1] == 30
    assert min(b - a for a, b in zip(positions, positions[1:], strict=False)) >= 16


def test_a_small_field_labels_every_place():
    chart = place_chart(seats([datetime.date(2020, 1, 3)], place=2, field_size=4))
    assert [place for _y, place in chart.y_ticks] == [1, 2, 3, 4]
