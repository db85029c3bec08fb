"""The league's own seasons in the site: points systems and windows set by the owner, their
kept tables following every write, rebuilt equal, and refused when wrong."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from ofcleague.league import services
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening
from ofcleague.standings import kept
from ofcleague.standings.counted import reads
from ofcleague.standings.counted.models import CountedRow, PointsSystem
from ofcleague.standings.counted.services import (
    delete_points_system,
    delete_season_window,
    save_points_system,
    save_season_window,
)
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
DAY = datetime.date


@pytest.fixture
def owner(first_league):
    return scorekeeper_of(UserFactory(), first_league.pk, role="owner")


@pytest.fixture
def four():
    return [PlayerFactory(name=name) for name in ["Ada", "Ben", "Cy", "Dee"]]


def table(window, system=None):
    system = system or PointsSystem.objects.get(main=True)
    return [
        (line.place, line.player_name, line.points, line.counted)
        for line in reads.window_table(window, system)
    ]


def test_a_places_table_over_a_september_to_june_season(owner, first_league, four):
    ada, ben, cy, dee = four
    finished([ada, ben, cy, dee], [1, 2, 3, 4], DAY(2023, 8, 31))  # before the season
    finished([ada, ben, cy, dee], [2, 1, 3, 4], DAY(2023, 9, 1))
    finished([ada, ben, cy], [1, 2, 2], DAY(2024, 6, 30))
    save_points_system(owner, first_league, name="F1", places=[10, 7, 5, 3, 1])
    window = save_season_window(
        owner, first_league, name="2023/24", first_day=DAY(2023, 9, 1), last_day=DAY(2024, 6, 30)
    )
    # Ada 7 + 10, Ben 10 + 6 and Cy 5 + 6 (7 and 5 shared for 2nd), Dee 3.
    assert table(window) == [
        (1, "Ada", Decimal(17), 2),
        (2, "Ben", Decimal(16), 2),
        (3, "Cy", Decimal(11), 2),
        (4, "Dee", Decimal(3), 1),
    ]
    assert kept.kept_matches_rebuild()
    assert league_problems() == []


def test_best_of_and_the_minimum_and_a_corrected_evening(owner, first_league, four):
    ada, ben, cy, dee = four
    first = finished([ada, ben, cy], [1, 2, 3], DAY(2024, 1, 5))
    finished([ada, ben, cy], [3, 2, 1], DAY(2024, 2, 5))
    finished([ada, ben], [2, 1], DAY(2024, 3, 5))
    save_points_system(owner, first_league, name="Places", places=[3, 2, 1])
    window = save_season_window(
        owner,
        first_league,
        name="2024",
        first_day=DAY(2024, 1, 1),
        last_day=DAY(2024, 12, 31),
        best_of=2,
        min_evenings=3,
    )
    # Ada 3, 1, 2 -> best two 5; Ben 2, 2, 3 -> 5; Cy 1, 3 -> short of three evenings.
    assert table(window) == [(1, "Ada", 5, 2), (1, "Ben", 5, 2), (None, "Cy", 4, 2)]
    # A corrected evening: Cy won the first; the table follows in the same write.
    evening = Evening.objects.get(pk=first.pk)
    seats = dict(evening.seats.values_list("player_id", "pk"))
    services.save_finishing_order(
        evening, evening.version, {seats[cy.pk]: 1, seats[ada.pk]: 2, seats[ben.pk]: 3}
    )
    assert table(window) == [(1, "Ben", 5, 2), (2, "Ada", 4, 2), (None, "Cy", 6, 2)]
    assert kept.kept_matches_rebuild()


def test_an_evening_moved_out_of_the_window_leaves_its_table(owner, first_league, four):
    ada, ben, *_ = four
    night = finished([ada, ben], [1, 2], DAY(2024, 5, 1))
    window = save_season_window(
        owner, first_league, name="Spring", first_day=DAY(2024, 3, 1), last_day=DAY(2024, 5, 31)
    )
    assert PointsSystem.objects.get().per_beaten == 1  # the all-time table's counting
    assert table(window) == [(1, "Ada", 1, 1), (2, "Ben", 0, 1)]
    evening = Evening.objects.get(pk=night.pk)
    services.update_evening(evening, evening.version, players=[ada, ben], date=DAY(2024, 6, 1))
    assert table(window) == []
    assert kept.kept_matches_rebuild()


def test_deleting_keeps_one_main_system_and_the_tables(owner, first_league, four):
    ada, ben, *_ = four
    finished([ada, ben], [1, 2], DAY(2024, 5, 1))
    window = save_season_window(
        owner, first_league, name="Spring", first_day=DAY(2024, 3, 1), last_day=DAY(2024, 5, 31)
    )
    default = PointsSystem.objects.get()
    with pytest.raises(ValidationError):
        delete_points_system(owner, first_league, default.pk)
    money = save_points_system(owner, first_league, name="Cash", places=[], money=Decimal(1))
    assert not money.main
    delete_points_system(owner, first_league, default.pk)
    assert PointsSystem.objects.get().main
    assert CountedRow.objects.filter(window=window).count() == 2
    delete_season_window(owner, first_league, window.pk)
    assert not CountedRow.objects.exists()
    assert league_problems() == []


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": " ", "places": [1]}, "name"),
        ({"name": "x", "places": [1, -2]}, "places"),
        ({"name": "x", "places": ["1"]}, "places"),
        ({"name": "x", "places": [1] * 41}, "places"),
        ({"name": "x", "places": [], "money": Decimal("0.001")}, "money"),
        ({"name": "x", "places": [], "ofc_points": Decimal("NaN")}, "ofc_points"),
        ({"name": "x", "places": [0, 0]}, "__all__"),
    ],
)
def test_a_wrong_points_system_is_refused_and_nothing_written(owner, first_league, fields, field):
    with pytest.raises(ValidationError) as refused:
        save_points_system(owner, first_league, **fields)
    assert field in refused.value.message_dict
    assert not PointsSystem.objects.exists()


def test_a_wrong_window_is_refused(owner, first_league):
    with pytest.raises(ValidationError) as refused:
        save_season_window(
            owner,
            first_league,
            name="x",
            first_day=DAY(2024, 5, 1),
            last_day=DAY(2024, 4, 1),
            best_of=0,
        )
    assert set(refused.value.message_dict) == {"last_day", "best_of"}


def test_only_the_owner_counts(first_league):
    keeper = scorekeeper_of(UserFactory(), first_league.pk)
    with pytest.raises(PermissionDenied):
        save_points_system(keeper, first_league, name="x", places=[1])
    assert not PointsSystem.objects.exists()
