"""The kept seasons: each year's count of finished evenings, equal to counting the evenings."""

import datetime
import importlib
from collections import Counter

import pytest
from django.apps import apps
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.league import services
from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.standings import kept
from ofcleague.standings.kept import seasons
from ofcleague.standings.models import Season
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
SEVEN = datetime.time(19, 0)


def counted():
    """Each year's finished evenings counted from the evenings, newest year first."""
    dates = Evening.objects.filter(status=Status.FINISHED).values_list("date", flat=True)
    return sorted(Counter(date.year for date in dates).items(), reverse=True)


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    evenings=st.lists(
        st.tuples(
            st.dates(datetime.date(2016, 1, 1), datetime.date(2024, 12, 31)),
            st.sampled_from(Status.values),
        ),
        max_size=12,
    )
)
def test_the_kept_counts_equal_a_count_of_the_evenings_for_random_leagues(evenings):
    with transaction.atomic():
        anna, bert = PlayerFactory(), PlayerFactory()
        for day, status in evenings:
            evening = EveningFactory(date=day, status=status)
            for place, player in enumerate([anna, bert], 1):
                EveningPlayerFactory(evening=evening, player=player, place=place)
        assert seasons.counts() == counted()
        kept.rebuild()
        assert seasons.counts() == counted()
        assert kept.kept_matches_rebuild()
        transaction.set_rollback(True)


def test_finishing_moving_deleting_and_restoring_an_evening_recount_its_years():
    anna, bert = PlayerFactory(), PlayerFactory()
    first = finished([anna, bert], [1, 2], datetime.date(2023, 5, 1))
    finished([anna, bert], [2, 1], datetime.date(2023, 6, 1))
    assert seasons.counts() == [(2023, 2)]
    services.update_evening(
        first, first.version, players=[anna, bert], date=datetime.date(2024, 1, 5)
    )
    assert seasons.counts() == [(2024, 1), (2023, 1)] == counted()
    moved = Evening.objects.get(pk=first.pk)
    services.delete_evening(moved, moved.version)
    assert seasons.counts() == [(2023, 1)] == counted()
    assert not Season.objects.filter(year=2024).exists()
    services.restore_evening(first.pk)
    assert seasons.counts() == [(2024, 1), (2023, 1)] == counted()
    # A player added reopens the evening: it no longer counts.
    reopened = Evening.objects.get(pk=first.pk)
    services.update_evening(reopened, reopened.version, players=[anna, bert, PlayerFactory()])
    assert Evening.objects.get(pk=first.pk).status == Status.IN_PROGRESS
    assert seasons.counts() == [(2023, 1)] == counted()
    assert kept.kept_matches_rebuild()


def test_kept_matches_rebuild_notices_a_stale_season():
    anna, bert = PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2023, 5, 1))
    assert kept.kept_matches_rebuild()
    Season.objects.update(evenings=7)
    assert not kept.kept_matches_rebuild()
    assert seasons.counts() == [(2023, 7)]


class SeasonMovedApps:
    """Today's models under the names the migration used (Season lived in the league app)."""

    def get_model(self, app_label, name):
        return apps.get_model("standings" if name == "Season" else app_label, name)


def test_the_migration_counts_the_seasons_of_an_existing_league():
    anna, bert = PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2022, 5, 1))
    finished([anna, bert], [1, 2], datetime.date(2023, 5, 1))
    finished([anna, bert], [2, 1], datetime.date(2023, 7, 1))
    EveningFactory(date=datetime.date(2021, 1, 1), status=Status.PLANNED)
    Season.objects.all().delete()
    migration = importlib.import_module("ofcleague.league.migrations.0011_kept_seasons")
    migration.count_seasons(SeasonMovedApps(), None)
    assert seasons.counts() == [(2023, 2), (2022, 1)] == counted()


def test_the_seasons_list_shows_each_year_with_its_count(client):
    anna, bert = PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2022, 5, 1))
    finished([anna, bert], [2, 1], datetime.date(2023, 5, 1))
    finished([anna, bert], [1, 2], datetime.date(2023, 8, 1))
    services.create_evening(players=[anna, bert], date=datetime.date(2021, 5, 1), start_time=SEVEN)
    assert EveningPlayer.objects.filter(evening__date__year=2021).exists()
    html = client.get(reverse("standings:seasons")).content.decode()
    assert f'<a href="{reverse("standings:season", args=[2023])}">Saison 2023</a>' in html
    assert '<span class="hint">2 Abende</span>' in html
    assert '<span class="hint">1 Abend</span>' in html
    assert html.index("Saison 2023") < html.index("Saison 2022")
    assert "Saison 2021" not in html
