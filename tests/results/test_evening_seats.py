"""An evening's seats read in one query: finishing order, round points, prizes as money; the
text of its tables."""

from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.formats import get_format
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.results.evening_seats import evening_seats, place_rows, rating_rows, signed
from ofcleague.standings.queries import rating_changes
from ofcleague.web.templatetags.web import signed as signed_filter
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory
from tests.league.builders import evening_from_points


@pytest.mark.django_db
def test_seats_come_in_finishing_order_with_their_round_points():
    anna, bert, cleo = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo"))
    evening = evening_from_points(
        {anna: [5, -1], bert: [-5, 4], cleo: [0, -3]}, prizes={bert: Decimal("12.50")}
    )
    seats = evening_seats(evening.pk)
    assert [(seat.name, seat.place, seat.total) for seat in seats] == [
        ("Anna", 1, 4),
        ("Bert", 2, -1),
        ("Cleo", 3, -3),
    ]
    assert [seat.points for seat in seats] == [{1: 5, 2: -1}, {1: -5, 2: 4}, {1: 0, 2: -3}]
    assert seats[1].prize == Decimal("12.50") and seats[0].prize is None
    assert seats[0].url == anna.get_absolute_url()
    grid = [(seat, [seat.points.get(number) for number in (1, 2, 3)]) for seat in seats]
    rows = place_rows(grid, {seats[2].pk})
    assert rows[1] == (
        "2",
        False,
        bert.get_absolute_url(),
        "Bert",
        ["-5", "4", "–"],
        "-1",
        "12,50 €",
    )
    assert rows[2][1] is True


@pytest.mark.django_db
def test_a_seat_without_place_or_points_and_an_evening_without_seats():
    evening = EveningFactory()
    assert evening_seats(evening.pk) == []
    EveningPlayerFactory(evening=evening, player=PlayerFactory(name="Dora"))
    (seat,) = evening_seats(evening.pk)
    assert (seat.place, seat.total, seat.points) == (None, None, {})
    assert place_rows([(seat, [None])], set())[0][0] == "–"


@pytest.mark.django_db
def test_the_rating_rows_print_one_decimal_and_the_change_signed():
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening = evening_from_points({anna: [3], bert: [-3]})
    rows = rating_rows(rating_changes(evening_seats(evening.pk)))
    assert [row[1] for row in rows] == ["Anna", "Bert"]
    assert rows[0][4].startswith("+") and rows[1][4].startswith("−")
    assert all("," in row[2] and "," in row[3] for row in rows)


# floatformat prints a number of more than 200 digits (5e-206) as it comes, the page "±0,0".
CHANGES = st.floats(-1e6, 1e6).filter(lambda value: value == 0 or abs(value) > 1e-100)


@pytest.mark.parametrize("language", ["de", "en"])
@given(value=CHANGES | st.integers(-(10**5), 10**5).map(lambda n: n / 20))
def test_a_change_is_signed_as_the_templates_filter_signs_it(language, value):
    with translation.override(language):
        assert signed(value, get_format("DECIMAL_SEPARATOR")) == signed_filter(value)
