"""The kept head-to-head: each write refreshes the pairs of its evening's players only, and
the rows stay equal to a rebuild (and to the fold over every seat)."""

import datetime

import pytest

from ofcleague.league import services
from ofcleague.standings import kept
from ofcleague.standings.kept.models import Rivalry
from ofcleague.standings.queries import head_to_head
from tests.factories import PlayerFactory
from tests.standings import folds
from tests.standings.folds import finished_seats
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db


def rivalry(player, opponent):
    row = Rivalry.objects.get(player=player, opponent=opponent)
    return row.evenings, row.ahead, row.behind, row.level


def test_a_players_removal_and_an_evenings_deletion_refresh_their_pairs():
    anna, bert, cleo, dora = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo", "Dora"))
    first = finished([anna, bert, cleo], [1, 2, 3], datetime.date(2024, 1, 5))
    finished([anna, cleo, dora], [3, 1, 2], datetime.date(2024, 2, 2))
    assert rivalry(anna, cleo) == (2, 1, 1, 0) and rivalry(cleo, anna) == (2, 1, 1, 0)
    assert not Rivalry.objects.filter(player=bert, opponent=dora).exists()  # never met
    # Cleo leaves the first evening: her pairs of it go, Dora's rows (not there) stay.
    first.refresh_from_db()
    services.update_evening(first, first.version, players=[anna, bert])
    first.refresh_from_db()
    seats = dict(first.seats.values_list("player_id", "pk"))
    services.save_finishing_order(first, first.version, {seats[anna.pk]: 2, seats[bert.pk]: 1})
    assert rivalry(anna, cleo) == (1, 0, 1, 0)
    assert rivalry(dora, cleo) == (1, 0, 1, 0) and rivalry(dora, anna) == (1, 1, 0, 0)
    assert not Rivalry.objects.filter(player=bert, opponent=cleo).exists()
    assert rivalry(anna, bert) == (1, 0, 1, 0) and rivalry(bert, anna) == (1, 1, 0, 0)
    assert kept.kept_matches_rebuild()
    # The second evening deleted: nothing of it is left.
    second = anna.seats.get(evening__date=datetime.date(2024, 2, 2)).evening
    services.delete_evening(second, second.version)
    assert set(Rivalry.objects.values_list("player__name", "opponent__name")) == {
        ("Anna", "Bert"),
        ("Bert", "Anna"),
    }
    assert kept.kept_matches_rebuild()
    seats = finished_seats()
    assert head_to_head(anna) == folds.head_to_head(anna.pk, seats)
