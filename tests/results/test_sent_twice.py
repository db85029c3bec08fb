"""The same "new evening" or "announce" form sent twice (a double tap, or Back and send
again) makes one evening: the form's hidden key finds the evening the first send made."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from tests.factories import EveningFactory, PlayerFactory
from tests.page_forms import form_data

pytestmark = pytest.mark.django_db


def _new_evening(players):
    return {
        "date": [timezone.localdate().isoformat()],
        "players": [str(player.pk) for player in players],
    }


def _announce(players):
    day = timezone.localdate() + datetime.timedelta(days=7)
    return {"date": [day.isoformat()], "most_seats": ["4"], "location": ["Bei Hal"]}


FORMS = [("results:evening_new", _new_evening), ("rsvp:evening_announce", _announce)]


@pytest.mark.parametrize(("page", "filled"), FORMS, ids=["new evening", "announce"])
def test_the_same_form_sent_twice_makes_one_evening(keeper_client, page, filled):
    players = [PlayerFactory(name=name) for name in ("Eli", "Fay", "Gus", "Hal", "Ivy")]
    url = reverse(page)
    data = {**form_data(keeper_client.get(url)), **filled(players)}

    first = keeper_client.post(url, data)
    second = keeper_client.post(url, data)

    assert first.status_code == second.status_code == 302
    assert Evening.objects.count() == 1
    assert second.url == first.url
    # A page read anew is another form: it asks about the day's evening first, and with the
    # day confirmed it makes another evening.
    again = {**form_data(keeper_client.get(url)), **filled(players)}
    assert keeper_client.post(url, again).status_code == 200
    assert Evening.objects.count() == 1
    again["confirm_same_day"] = again["date"]
    assert keeper_client.post(url, again).status_code == 302
    assert Evening.objects.count() == 2


def test_a_key_of_another_league_is_no_key_of_this_form(keeper_client):
    """A key copied from another league's evening neither leads there nor fails."""
    other = League.objects.create(name="Andere Runde", slug="andere-runde")
    key = "2f1e3c1a-0000-4000-8000-000000000001"
    EveningFactory(league=other, submit_key=key)
    players = [PlayerFactory(name=name) for name in ("Eli", "Fay")]
    url = reverse("results:evening_new")
    data = {**form_data(keeper_client.get(url)), **_new_evening(players), "submit_key": [key]}

    assert keeper_client.post(url, data).status_code == 302

    ours = Evening.objects.get(league_id=1)
    assert ours.submit_key is None
    assert Evening._base_manager.filter(league=other).count() == 1


def test_a_send_that_comes_second_by_a_hair_finds_the_first_evening(db):
    """Both sends passed the first look before either saved: the later save finds the
    evening the other one saved (on the database's unique key, if it came in between)."""
    from ofcleague.league.services.version import save_new_evening

    key = "2f1e3c1a-0000-4000-8000-000000000002"
    first = EveningFactory(submit_key=key)
    second = save_new_evening(EveningFactory.build(), key)
    assert second == first
    assert Evening.objects.count() == 1
