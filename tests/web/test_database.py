"""Connections kept across requests, also on SQLite (ofcleague/web/sqlite)."""

import sqlite3

import pytest
from django.conf import settings
from django.db import connection

from ofcleague.web.sqlite.base import DatabaseWrapper


def test_connections_are_kept_and_checked_before_each_request():
    database = settings.DATABASES["default"]
    assert database["CONN_MAX_AGE"] == 600
    assert database["CONN_HEALTH_CHECKS"] is True
    if connection.vendor == "sqlite":
        assert database["ENGINE"] == "ofcleague.web.sqlite"


@pytest.mark.django_db
def test_a_kept_connection_moves_to_a_database_file_put_in_place_of_its_own(tmp_path):
    name = tmp_path / "league.sqlite3"
    kept = DatabaseWrapper(
        {**connection.settings_dict, "NAME": str(name), "CONN_HEALTH_CHECKS": True}, "kept"
    )
    try:
        with kept.cursor() as cursor:
            cursor.execute("CREATE TABLE old_league (x)")
        kept.health_check_done = False
        kept.close_if_health_check_failed()
        assert kept.connection is not None
        # Replaced as a restore into a new file does it: the old file moved away.
        name.rename(tmp_path / "league.sqlite3.old")
        with sqlite3.connect(name) as replacement:
            replacement.execute("CREATE TABLE new_league (x)")
        assert not kept.is_usable()
        kept.health_check_done = False
        with kept.cursor() as cursor:
            cursor.execute("SELECT name FROM sqlite_master")
            assert cursor.fetchall() == [("new_league",)]
        assert kept.is_usable()
    finally:
        kept.close()
