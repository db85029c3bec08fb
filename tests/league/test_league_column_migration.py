"""The old migrations that gave league-owned tables their league column: the rows of before
leagues go to the site's first league (``current.AddLeagueColumn``), with no league active,
which is otherwise an error for a row without its league."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE_LEAGUES = [("league", "0012_evening_order")]


@pytest.fixture
def before_leagues(transactional_db, no_league):
    """The models as migration 0012 left them (the site had one league and no League table);
    the schema is migrated forward again after the test, whatever happens in it."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_LEAGUES)
    yield executor.loader.project_state(BEFORE_LEAGUES).apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_rows_of_before_leagues_go_to_the_first_league(before_leagues):
    player = before_leagues.get_model("league", "Player")
    old = player.objects.create(name="Alt", name_key="alt", slug="alt")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    from ofcleague.league.leagues import League
    from ofcleague.league.models import Player

    first = League.objects.order_by("pk").first()
    assert Player._base_manager.get(pk=old.pk).league_id == first.pk
