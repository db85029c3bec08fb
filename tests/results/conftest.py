import pytest

from ofcleague.league.models import EveningPlayer
from tests.factories import EveningFactory, PlayerFactory


@pytest.fixture
def running_evening(db):
    """An evening in progress with four players (Anna, Bert, Cleo, Dora) and no points yet."""
    evening = EveningFactory(status="in_progress", rounds=3)
    for name in ("Anna", "Bert", "Cleo", "Dora"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


def seat_ids(evening):
    """The evening's seat ids ordered by player name."""
    return list(evening.seats.order_by("player__name").values_list("pk", flat=True))
