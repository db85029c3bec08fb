import pytest
from django.contrib.auth.models import Group

from ofcleague.league.models import EveningPlayer
from tests.factories import EveningFactory, PlayerFactory, UserFactory


@pytest.fixture
def scorekeeper(seeded):
    """A user in the Scorekeepers group that the data migration creates (the default prize
    split is there too)."""
    user = UserFactory(username="keeper")
    user.groups.add(Group.objects.get(name="Scorekeepers"))
    return user


@pytest.fixture
def keeper_client(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


@pytest.fixture
def running_evening(db):
    """An evening in progress with four players (Anna, Bert, Cleo, Dora) and no points yet."""
    evening = EveningFactory(status="in_progress", rounds=3)
    for name in ("Anna", "Bert", "Cleo", "Dora"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


def seat_ids(evening):
    """The evening's seat ids ordered by player name."""
    return list(evening.players.order_by("player__name").values_list("pk", flat=True))
