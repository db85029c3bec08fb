"""Finishing an evening from the points page takes the league's default prizes."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from ofcleague.league import services
from ofcleague.league.models import Status
from tests.results.conftest import seat_ids

pytestmark = pytest.mark.django_db


def grid(evening, *rounds):
    seats = seat_ids(evening)
    return {
        seat: {number: values[index] for number, values in enumerate(rounds, 1)}
        for index, seat in enumerate(seats)
    }


def test_finish_with_default_prizes_pays_the_pot_by_the_default_split(seeded, running_evening):
    points = grid(running_evening, [5, -3, 0, -2], [1, -1, 0, 0], [0, 0, 2, -2])
    services.finish_with_default_prizes(running_evening, 1, points)
    running_evening.refresh_from_db()
    assert running_evening.status == Status.FINISHED
    assert running_evening.pot == Decimal("40.00")
    prizes = dict(running_evening.seats.values_list("player__name", "prize"))
    assert prizes == {
        "Anna": Decimal("26.67"),
        "Cleo": Decimal("13.33"),
        "Bert": Decimal("0.00"),
        "Dora": Decimal("0.00"),
    }


def test_finish_with_default_prizes_keeps_prizes_already_set(seeded, running_evening):
    points = grid(running_evening, [5, -3, 0, -2], [1, -1, 0, 0], [0, 0, 2, -2])
    services.finish_with_default_prizes(running_evening, 1, points)
    running_evening.refresh_from_db()
    services.set_prizes(running_evening, running_evening.version, Decimal(40), {1: Decimal(40)})
    running_evening.refresh_from_db()
    services.finish_with_default_prizes(running_evening, running_evening.version, points)
    prizes = dict(running_evening.seats.values_list("player__name", "prize"))
    assert prizes["Anna"] == Decimal(40) and prizes["Cleo"] == 0


def test_an_incomplete_grid_finishes_nothing_and_pays_nothing(seeded, running_evening):
    points = grid(running_evening, [5, -3, 0, -2], [None] * 4, [None] * 4)
    with pytest.raises(ValidationError):
        services.finish_with_default_prizes(running_evening, 1, points)
    running_evening.refresh_from_db()
    assert running_evening.status == Status.IN_PROGRESS and running_evening.pot is None
    assert set(running_evening.seats.values_list("prize", flat=True)) == {None}
