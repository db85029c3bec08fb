import uuid

import pytest

from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.table import services
from ofcleague.table.models import TableSeat
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory

NAMES = ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fred", "Gina", "Hugo")


@pytest.fixture
def keeper(keeper_client):
    """A scorekeeper's logged-in client."""
    return keeper_client


@pytest.fixture
def evening(db):
    """An OFC evening (house rules: four at a table, no Fantasyland) in progress with eight
    players, for two tables of four."""
    evening = EveningFactory(status="in_progress", rounds=3, hands_per_round=5, variant=Variant.OFC)
    for name in NAMES:
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


@pytest.fixture
def four(db):
    """A house OFC evening in progress with four players (Anna, Bert, Cleo, Dora): one table,
    and room for latecomers."""
    evening = EveningFactory(status="in_progress", rounds=3, hands_per_round=5, variant=Variant.OFC)
    for name in NAMES[:4]:
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


@pytest.fixture
def pineapple(db):
    """A Pineapple evening in progress with six players: each deals 17 cards, so a table
    seats three."""
    evening = EveningFactory(
        status="in_progress", rounds=3, hands_per_round=5, variant=Variant.PINEAPPLE
    )
    for name in NAMES[:6]:
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


@pytest.fixture
def pineapple_table(pineapple):
    return services.seat_table(pineapple, 1, 1, seat_ids(pineapple)[:3])


@pytest.fixture
def pineapple_table2(pineapple):
    return services.seat_table(pineapple, 1, 2, seat_ids(pineapple)[3:])


def seat_ids(evening):
    return list(evening.seats.order_by("player__name").values_list("pk", flat=True))


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


def chairs(evening, round_number, table):
    """The names at a table of a round, seat by seat."""
    return list(
        TableSeat.objects.filter(
            round_table__evening=evening,
            round_table__round_number=round_number,
            round_table__table=table,
        )
        .order_by("position")
        .values_list("evening_player__player__name", flat=True)
    )
