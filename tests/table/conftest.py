import uuid

import pytest

from ofcleague.league.models import EveningPlayer
from ofcleague.table import services
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory

NAMES = ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fred", "Gina", "Hugo")


@pytest.fixture
def evening(db):
    """A Pineapple evening in progress with eight players (two tables of four)."""
    evening = EveningFactory(status="in_progress", rounds=3, hands_per_round=5)
    for name in NAMES:
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


def seat_ids(evening):
    return list(evening.players.order_by("player__name").values_list("pk", flat=True))


@pytest.fixture
def table1(evening):
    return services.seat_table(evening, 1, 1, seat_ids(evening)[:4])


@pytest.fixture
def table2(evening):
    return services.seat_table(evening, 1, 2, seat_ids(evening)[4:])


def points_hand(table, number, values, *, fantasyland=None, client_id=None):
    """Record a points-only hand; ``fantasyland`` maps a seat to the cards it earned."""
    fantasyland = fantasyland or {}
    results = [
        ResultInput(seat=seat, points=value, fantasyland_next=fantasyland.get(seat))
        for seat, value in enumerate(values, 1)
    ]
    return services.record_hand(
        table,
        number=number,
        client_id=client_id or uuid.uuid4(),
        entry="points",
        results=results,
    )


def boards_hand(table, number, boards, *, client_id=None):
    """Record a hand of boards: ``boards`` is one (front, middle, back) per seat."""
    results = [
        ResultInput(seat=seat, front=front, middle=middle, back=back)
        for seat, (front, middle, back) in enumerate(boards, 1)
    ]
    return services.record_hand(
        table, number=number, client_id=client_id or uuid.uuid4(), entry="boards", results=results
    )
