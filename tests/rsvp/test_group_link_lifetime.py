"""How long the group link lives: as long as its evening is an open announcement. Each row
is a way the announcement ends (or does not), and what the link answers then.

(The token-lifetime table of tests/security/test_tokens_end.py is on another branch; this
is the group link's own table until they meet.)
"""

import datetime
import random

import pytest
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, Status
from ofcleague.league.services.leagues import delete_league
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.services.answers import (
    announce_evening,
    answer_evening,
    cancel_evening,
    change_announcement,
)
from ofcleague.rsvp.services.starting import start_and_seat
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of

pytestmark = pytest.mark.django_db


def url(evening, slug="ofc-runde"):
    return f"/{slug}/rsvp/evening/{group_token(evening)}/"


def still_announced(evening, owner):
    return url(evening)


def changed(evening, owner):
    change_announcement(evening, owner, location="Bei Swantje", most_seats=8)
    return url(evening)


def cancelled(evening, owner):
    cancel_evening(evening, owner)
    return url(evening)


def started(evening, owner):
    start_and_seat(evening, owner, "random", random.Random(1))
    return url(evening)


def finished(evening, owner):
    address = url(evening)
    Evening.objects.filter(pk=evening.pk).update(status=Status.FINISHED)
    return address


def league_deleted(evening, owner):
    address = url(evening)
    delete_league(owner, League.objects.get(pk=1), "OFC-Runde")
    return address


def under_another_league(evening, owner):
    League.objects.create(name="Zweite Runde", slug="zweite-runde")
    return url(evening, slug="zweite-runde")


def announced_again(evening, owner):
    """Cancelled and announced anew for the same day: the new evening has a new link."""
    old = url(evening)
    cancel_evening(evening, owner)
    announce_evening(
        League.objects.get(pk=1),
        owner,
        date=evening.date,
        start_time=evening.start_time,
        variant="pineapple",
        most_seats=6,
    )
    return old


@pytest.mark.parametrize(
    ("end", "status"),
    [
        (still_announced, 200),
        (changed, 200),
        (cancelled, 404),
        (started, 404),
        (finished, 404),
        (league_deleted, 404),
        (under_another_league, 404),
        (announced_again, 404),
    ],
)
def test_the_group_link_lives_as_long_as_the_announcement(client, end, status):
    owner = UserFactory()
    scorekeeper_of(owner, role="owner")
    players = [PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo", "Dora")]
    evening = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=2),
        start_time=datetime.time(19),
        variant="pineapple",
        most_seats=6,
    )
    for player in players:
        answer_evening(evening, player, "yes")
    address = end(evening, owner)
    assert client.get(address).status_code == status
    answered = client.post(address, {"player": players[0].pk, "answer": "no"})
    assert answered.status_code == (302 if status == 200 else 404)


def test_the_token_is_the_same_after_a_reload_and_differs_between_evenings(announced, owner):
    again = Evening.objects.get(pk=announced.pk)
    assert group_token(again) == group_token(announced)
    assert len(group_token(announced)) == 32
    other = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=announced.date,
        start_time=datetime.time(21),
        variant="pineapple",
        most_seats=4,
    )
    assert group_token(other) != group_token(announced)
