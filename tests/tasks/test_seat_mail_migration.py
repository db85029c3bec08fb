"""The seat's mail got its own switch (issue 39): a player who had switched the reminders off
(which silenced the seat's mail too) keeps getting neither after the migration."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0029_pot_by_hand_and_money_visibility")]
AFTER = [("league", "0030_playerlink_seat_mail")]


@pytest.fixture
def before_seat_mail(transactional_db):
    """The models as migration 0029 left them; migrated forward again after the test."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_migration_keeps_the_old_choice_of_mails(before_seat_mail):
    league = before_seat_mail.get_model("league", "League").objects.get(pk=1)
    player_model = before_seat_mail.get_model("league", "Player")
    link_model = before_seat_mail.get_model("league", "PlayerLink")
    quiet, keen = (
        player_model.objects.create(league=league, name=name, slug=name, name_key=name)
        for name in ("quiet", "keen")
    )
    link_model.objects.create(player=quiet, token="t-quiet", remind_before=False)
    link_model.objects.create(player=keen, token="t-keen")
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    links = executor.loader.project_state(AFTER).apps.get_model("league", "PlayerLink")
    assert dict(links.objects.values_list("token", "seat_mail")) == {
        "t-quiet": False,
        "t-keen": True,
    }
