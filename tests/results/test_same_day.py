"""A second evening on the same day with the same (or overlapping) players asks before it is
created, in the new-evening and the announce forms (issue 36, point 12)."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.rsvp.services.answers import announce_evening
from tests.factories import PlayerFactory
from tests.results.test_views import new_evening_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

NEW = reverse("results:evening_new")
ASKED = "There is already an evening on"


@pytest.fixture
def client(keeper_client):
    return keeper_client


@pytest.fixture
def five(db):
    return [PlayerFactory(name=name) for name in ["Eli", "Fay", "Gus", "Hal", "Ida"]]


def tick(response):
    match = re.search(
        r'<input type="checkbox" name="confirm_same_day"[^>]*value="([^"]*)"',
        response.content.decode(),
    )
    return match and match.group(1)


def _new(client, players, **more):
    return client.post(NEW, new_evening_data(players=[p.pk for p in players], **more))


def test_the_same_players_on_the_same_day_are_asked_about_and_the_input_kept(client, five):
    assert _new(client, five[:3]).status_code == 302
    again = _new(client, five[:3], location="At Eli's")
    assert again.status_code == 200
    (message,) = again.context["form"].errors["date"]
    assert ASKED in message and "Create another one" in message and "Eli" in message
    assert tick(again) == "2026-11-27"
    assert "At Eli" in again.content.decode()
    assert Evening.objects.count() == 1


def test_the_tick_creates_the_second_evening(client, five):
    _new(client, five[:3])
    answer = _new(client, five[2:], confirm_same_day="2026-11-27")
    assert answer.status_code == 302
    assert Evening.objects.count() == 2


def test_a_tick_for_another_day_does_not_confirm_this_one(client, five):
    _new(client, five[:3])
    answer = _new(client, five[:3], confirm_same_day="2026-11-20")
    assert answer.status_code == 200 and Evening.objects.count() == 1


def test_other_players_on_the_same_day_are_not_asked_about(client, five):
    _new(client, five[:2])
    assert _new(client, five[2:]).status_code == 302
    assert Evening.objects.count() == 2


def test_an_announcement_on_a_day_with_an_evening_asks_first(client, scorekeeper, five):
    day = timezone.localdate() + datetime.timedelta(days=4)
    announce_evening(
        League.objects.get(pk=1), scorekeeper, date=day, start_time=datetime.time(19), most_seats=5
    )
    data = {
        "date": day.isoformat(),
        "start_time": "20:00",
        "location": "",
        "buy_in": "5",
        "variant": "classic",
        "rule_set": "",
        "most_seats": "5",
        "rsvp_until": "",
        "notes": "",
    }
    asked = client.post(reverse("rsvp:evening_announce"), data)
    assert asked.status_code == 200 and ASKED in asked.content.decode()
    assert tick(asked) == day.isoformat()
    assert Evening.objects.count() == 1
    data["confirm_same_day"] = day.isoformat()
    assert client.post(reverse("rsvp:evening_announce"), data).status_code == 302
    assert Evening.objects.count() == 2


def test_a_cancelled_evening_is_not_asked_about(client, scorekeeper, five):
    day = timezone.localdate() + datetime.timedelta(days=4)
    evening = announce_evening(
        League.objects.get(pk=1), scorekeeper, date=day, start_time=datetime.time(19), most_seats=5
    )
    Evening.objects.filter(pk=evening.pk).update(status="cancelled")
    answer = client.post(
        reverse("rsvp:evening_announce"),
        {"date": day.isoformat(), "start_time": "20:00", "most_seats": "5", "variant": "classic"},
    )
    assert answer.status_code == 302
