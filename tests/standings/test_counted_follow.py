"""Every kind of evening write brings the league's season tables up to date in its own
transaction: finishing and undoing it, a date moved across a window's edge either way,
deleting and restoring, prizes set, two players merged, an import and its undo. After each,
the kept tables equal a rebuild, and show what the write changed."""

import datetime
from decimal import Decimal

import pytest

from ofcleague.imports.check import preview
from ofcleague.imports.rows import ImportRow
from ofcleague.league import services
from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import Evening
from ofcleague.league.services.importing import import_evenings, undo_import
from ofcleague.league.services.merging import merge_players
from ofcleague.standings import kept
from ofcleague.standings.counted.models import CountedRow, PointsSystem
from ofcleague.standings.counted.services import save_points_system, save_season_window
from tests.factories import PlayerFactory, UserFactory
from tests.firstweek.test_finish_step import padded_evening
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
DAY = datetime.date
SPRING = (DAY(2024, 3, 1), DAY(2024, 5, 31))


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


@pytest.fixture
def season(owner, first_league):
    """A spring season counted by places (3-2-1) and a factor on the money won."""
    save_points_system(
        owner, first_league, name="Places", places=[3, 2, 1], money=Decimal("0.5"), main=True
    )
    first, last = SPRING
    return save_season_window(owner, first_league, name="Spring", first_day=first, last_day=last)


def table():
    """The main table of the season: (player name, points, evenings counted), kept order;
    and the kept tables equal a rebuild."""
    assert kept.kept_matches_rebuild()
    system = PointsSystem.objects.get(main=True)
    return [
        (row.player.name, row.points_numerator / row.points_denominator, len(row.counted))
        for row in CountedRow.objects.filter(system=system).order_by("position")
    ]


def moved(evening, day):
    evening = Evening.objects.get(pk=evening.pk)
    players = list(evening.seats.order_by("pk").values_list("player", flat=True))
    players = [PlayerFactory._meta.model.objects.get(pk=pk) for pk in players]
    return services.update_evening(evening, evening.version, players=players, date=day)


def test_finishing_and_undoing_the_finish(seeded, season):
    evening = padded_evening()
    Evening.objects.filter(pk=evening.pk).update(date=DAY(2024, 4, 4))
    evening = Evening.objects.get(pk=evening.pk)
    done = services.finish_evening(evening, evening.version)
    rows = table()
    assert len(rows) == 4 and all(counted == 1 for *_rest, counted in rows)
    services.undo_finish(done, done.version)
    assert table() == []


@pytest.mark.parametrize(
    ("inside", "outside"),
    [
        (SPRING[1], SPRING[1] + datetime.timedelta(days=1)),  # over the last day
        (SPRING[0], SPRING[0] - datetime.timedelta(days=1)),  # over the first day
    ],
)
def test_a_date_moved_across_an_edge_either_way(season, inside, outside):
    ada, ben = PlayerFactory(name="Ada"), PlayerFactory(name="Ben")
    evening = finished([ada, ben], [1, 2], outside)
    assert table() == []
    moved(evening, inside)  # into the season
    assert table() == [("Ada", 3, 1), ("Ben", 2, 1)]
    moved(evening, outside)  # and out again
    assert table() == []


def test_deleting_and_restoring_an_evening(season):
    ada, ben, cy = (PlayerFactory(name=name) for name in ("Ada", "Ben", "Cy"))
    finished([ada, ben], [1, 2], DAY(2024, 3, 3))
    gone = finished([ben, cy], [1, 2], DAY(2024, 4, 4))
    assert table() == [("Ben", 5, 2), ("Ada", 3, 1), ("Cy", 2, 1)]
    gone = Evening.objects.get(pk=gone.pk)
    services.delete_evening(gone, gone.version)
    assert table() == [("Ada", 3, 1), ("Ben", 2, 1)]
    services.restore_evening(gone.pk)
    assert table() == [("Ben", 5, 2), ("Ada", 3, 1), ("Cy", 2, 1)]


def test_prizes_set_count_the_money_won(season):
    ada, ben = PlayerFactory(name="Ada"), PlayerFactory(name="Ben")
    evening = finished([ada, ben], [1, 2], DAY(2024, 4, 4), buy_in=Decimal(10))
    evening = Evening.objects.get(pk=evening.pk)
    services.set_prizes(evening, evening.version, Decimal(20), {1: Decimal(20), 2: Decimal(0)})
    # Ada 3 + (20 - 10) / 2, Ben 2 + (0 - 10) / 2.
    assert table() == [("Ada", 8, 1), ("Ben", -3, 1)]
    evening = Evening.objects.get(pk=evening.pk)
    players = [ada, ben]
    services.update_evening(evening, evening.version, players=players, buy_in=Decimal(4))
    # The pot follows the buy-ins (8 €, all the winner's): Ada 3 + (8 - 4) / 2, Ben 2 - 4 / 2.
    assert table() == [("Ada", 5, 1), ("Ben", 0, 1)]


def test_two_players_merged(owner, first_league, season):
    ada, ben, bert = (PlayerFactory(name=name) for name in ("Ada", "Ben", "Bert"))
    finished([ada, ben], [1, 2], DAY(2024, 3, 3))
    finished([bert, ada], [1, 2], DAY(2024, 4, 4))
    assert table() == [("Ada", 5, 2), ("Bert", 3, 1), ("Ben", 2, 1)]
    merge_players(first_league, ben, bert, owner)
    assert table() == [("Ada", 5, 2), ("Ben", 5, 2)]


def test_an_import_and_its_undo(owner, first_league, season):
    rows = [
        ImportRow(line=2, date=DAY(2024, 4, 4), player="Ada", place=1),
        ImportRow(line=3, date=DAY(2024, 4, 4), player="Ben", place=2),
        ImportRow(line=4, date=DAY(2024, 6, 4), player="Ben", place=1),  # after the season
        ImportRow(line=5, date=DAY(2024, 6, 4), player="Ada", place=2),
    ]
    result = preview(rows, (), today=DAY(2025, 1, 1))
    assert result.ok
    batch = import_evenings(first_league, result, owner)
    assert table() == [("Ada", 3, 1), ("Ben", 2, 1)]
    undo_import(batch, owner)
    assert table() == []
