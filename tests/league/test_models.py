import datetime
import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.db import IntegrityError, connection, transaction
from django.db.migrations.loader import MigrationLoader

from ofcleague.league.models import EveningPlayer, Player, RoundScore
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def refused(create):
    """True when the database refuses what ``create`` writes."""
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_a_player_sits_at_most_once_per_evening():
    seat = EveningPlayerFactory()
    assert refused(lambda: EveningPlayer.objects.create(evening=seat.evening, player=seat.player))


def test_the_same_player_may_play_on_two_evenings():
    seat = EveningPlayerFactory()
    EveningPlayer.objects.create(evening=EveningFactory(), player=seat.player)
    assert seat.player.seats.count() == 2


def test_player_names_are_unique_by_key():
    PlayerFactory(name="Micha", slug="micha")
    assert refused(lambda: Player.objects.create(name="MICHA", name_key="micha", slug="micha-2"))


def test_a_player_without_a_name_key_is_refused():
    assert refused(lambda: Player.objects.create(name="Micha", slug="micha"))


def test_places_start_at_one():
    assert refused(lambda: EveningPlayerFactory(place=0))


def test_a_player_has_one_score_per_round():
    seat = EveningPlayerFactory()
    RoundScore.objects.create(evening_player=seat, round_number=1, points=5)
    assert refused(lambda: RoundScore.objects.create(evening_player=seat, round_number=1, points=7))
    RoundScore.objects.create(evening_player=seat, round_number=2, points=7)
    assert seat.scores.count() == 2


def test_round_numbers_start_at_one():
    assert refused(
        lambda: RoundScore.objects.create(
            evening_player=EveningPlayerFactory(), round_number=0, points=1
        )
    )


@pytest.mark.parametrize(
    "fields",
    [{"rounds": 0}, {"hands_per_round": 0}, {"variant": "poker"}, {"status": "done"}],
)
def test_evening_format_is_checked_by_the_database(fields):
    values = {"date": datetime.date(2024, 1, 5), "start_time": datetime.time(19)} | fields
    assert refused(lambda: EveningFactory(**values))


def seeding_migration(name):
    """The league migration of this name, as the migration graph has it."""
    loader = MigrationLoader(connection)
    return loader.graph.nodes[("league", name)]


# A live-server test that ran earlier in the same process may have emptied the tables, so
# these check that the migrations run the seeding functions, and what those functions seed.
def test_the_default_prize_split_gives_two_thirds_and_one_third():
    from ofcleague.league.models import PrizeShare

    migration = seeding_migration("0002_default_prize_split")
    module = importlib.import_module(migration.__module__)
    assert migration.operations[0].code is module.create_default_split
    PrizeShare.objects.all().delete()
    module.create_default_split(apps, None)
    assert list(PrizeShare.objects.values_list("place", "weight")) == [(1, 2), (2, 1)]


def test_the_scorekeepers_group_may_enter_results():
    migration = seeding_migration("0003_scorekeepers_group")
    module = importlib.import_module(migration.__module__)
    assert migration.operations[0].code is module.create_scorekeepers
    Group.objects.all().delete()
    module.create_scorekeepers(apps, None)
    group = Group.objects.get(name="Scorekeepers")
    assert list(group.permissions.values_list("codename", flat=True)) == ["enter_results"]
