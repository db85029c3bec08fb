import datetime

import pytest
from django.db import IntegrityError, transaction

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
    assert seat.player.evenings.count() == 2


def test_player_names_are_unique_ignoring_case():
    PlayerFactory(name="Micha", slug="micha")
    assert refused(lambda: Player.objects.create(name="MICHA", slug="micha-2"))


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


# The rows the migrations seed, as the migrations left them: serialized_rollback restores them
# even when a live-server test emptied the tables earlier in the same run.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_default_prize_split_gives_two_thirds_and_one_third():
    from ofcleague.league.models import PrizeShare

    assert list(PrizeShare.objects.values_list("place", "weight")) == [(1, 2), (2, 1)]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_scorekeepers_group_may_enter_results():
    from django.contrib.auth.models import Group

    group = Group.objects.get(name="Scorekeepers")
    assert list(group.permissions.values_list("codename", flat=True)) == ["enter_results"]
