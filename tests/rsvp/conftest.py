import datetime

import pytest
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.rsvp.services.answers import announce_evening
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of

NAMES = ["Andreas", "Melanie", "Micha", "Swantje", "Jonas", "Lena", "Tobias", "Ute"]


@pytest.fixture
def owner(db):
    user = UserFactory()
    scorekeeper_of(user, role="owner")
    return user


@pytest.fixture
def eight(db):
    return [PlayerFactory(name=name) for name in NAMES]


@pytest.fixture
def announced(owner):
    return announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=7),
        start_time=datetime.time(19, 30),
        location="Bei Micha",
        buy_in=10,
        variant="pineapple",
        rule_set="",
        most_seats=6,
        notes="Bring snacks",
    )
