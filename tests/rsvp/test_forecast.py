"""Honest forecasts: with too little history the page says so in a sentence; once the league
knows the players, the chances add up to 100 and the expected places follow them."""

import datetime
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.league import services
from ofcleague.league.models import EveningPlayer
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.standings.kept.rating_math import (
    NEWCOMER,
    Rating,
    enough_history,
    shown_forecast,
)
from tests.rsvp.conftest import NAMES


def played(players, places, date):
    """A finished evening with a finishing order, through the services."""
    evening = services.create_evening(
        players=players, date=date, start_time=datetime.time(19), buy_in=10
    )
    seats = dict(EveningPlayer.objects.filter(evening=evening).values_list("player_id", "pk"))
    order = {seats[player.pk]: place for player, place in zip(players, places, strict=True)}
    return services.save_finishing_order(evening, evening.version, order)


def forecast_rows(page):
    table = page.split('id="rsvp-forecast"', 1)[1].split("</table>", 1)[0]
    return [
        (int(percent), int(place))
        for percent, place in re.findall(
            r'<td class="num">(\d+) %</td><td class="num">(\d+)\.</td>', table
        )
    ]


@pytest.mark.parametrize(
    ("counts", "enough"),
    [
        ([], False),
        ([5], False),
        ([0, 0, 0, 0, 0, 0], False),
        ([3, 3, 0, 0, 0, 0], False),
        ([3, 3, 3, 0, 0, 0], True),
        ([2, 2, 2, 2], False),
        ([9, 0], True),
    ],
)
def test_enough_history_needs_half_the_players_known(counts, enough):
    assert enough_history(counts) is enough


ratings = st.builds(Rating, st.floats(10, 40), st.floats(1, 9))


@given(st.lists(ratings, min_size=2, max_size=12))
def test_the_shown_chances_add_up_and_the_places_follow_them(values):
    shown = shown_forecast(dict(enumerate(values)))
    assert sum(outlook.percent for outlook in shown.values()) == 100
    order = sorted(shown.values(), key=lambda outlook: outlook.place)
    assert order[0].place == 1
    for before, after in zip(order, order[1:], strict=False):
        # A later place never has the better chance (rounding may make two equal).
        assert after.percent <= before.percent + 1
    places = [outlook.place for outlook in shown.values()]
    for place in set(places):
        # Competition places: a place shared by n players skips the next n - 1.
        assert place == 1 + sum(1 for other in places if other < place)


def test_equal_ratings_share_the_first_place():
    shown = shown_forecast({"a": NEWCOMER, "b": NEWCOMER, "c": NEWCOMER})
    assert {outlook.place for outlook in shown.values()} == {1}
    assert sum(outlook.percent for outlook in shown.values()) == 100


@pytest.mark.django_db
def test_no_history_says_so_instead_of_numbers(client, announced, eight):
    for player in eight[:6]:
        answer_evening(announced, player, "yes")
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'id="rsvp-forecast-too-early"' in page
    assert 'id="rsvp-forecast"' not in page
    assert "17 %" not in page


@pytest.mark.django_db
def test_with_history_the_numbers_are_shown_and_consistent(client, announced, eight):
    six = eight[:6]
    for week in range(3):
        order = six[week:] + six[:week]
        played(order, [1, 2, 3, 4, 5, 6], datetime.date(2025, 1, 1) + datetime.timedelta(week * 7))
    for player in six:
        answer_evening(announced, player, "yes")
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'id="rsvp-forecast-too-early"' not in page
    rows = forecast_rows(page)
    assert len(rows) == 6
    assert sum(percent for percent, _place in rows) == 100
    assert [place for _percent, place in rows] == sorted(place for _percent, place in rows)
    assert len({place for _percent, place in rows}) > 1


@pytest.mark.django_db
def test_a_played_evening_without_history_says_so_too(client):
    from tests.factories import PlayerFactory

    players = [PlayerFactory(name=name) for name in NAMES[:4]]
    planned = services.create_evening(
        players=players, date=datetime.date(2025, 3, 1), start_time=datetime.time(19)
    )
    page = client.get(planned.get_absolute_url()).content.decode()
    assert 'id="outlook-too-early"' in page and "Expected place" not in page
    for week in range(3):
        played(players, [1, 2, 3, 4], datetime.date(2025, 1, 1) + datetime.timedelta(week * 7))
    page = client.get(planned.get_absolute_url()).content.decode()
    assert 'id="outlook-too-early"' not in page and 'id="outlook"' in page
