"""A league's pages read only its own rows: on a site of two leagues, every query of the
all-time, season, player and evening pages of one league reaches each table that has a league
through an index that starts with the league, or by ids (SQLite's EXPLAIN QUERY PLAN)."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, Player
from ofcleague.urls.pages import urlconf_for
from tests.league.builders import build_league

pytestmark = [
    pytest.mark.django_db,
    # The plans read are SQLite's; PostgreSQL's planner picks by the table's statistics, and
    # bench/leagues.py measures the pages there.
    pytest.mark.skipif(connection.vendor != "sqlite", reason="reads SQLite's query plans"),
]

PLAN_LINE = re.compile(r"^(SCAN|SEARCH) (\S+)(?: AS \S+)?(?: USING (?:COVERING )?INDEX (\S+))?")
ALIAS = re.compile(r'"?(\w+)"? AS "?(\w+)"?')


def league_tables() -> set[str]:
    """The tables with a league column."""
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        return {
            table
            for table in tables
            if "league_id"
            in {
                column.name
                for column in connection.introspection.get_table_description(cursor, table)
            }
        }


def first_column(index: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f'PRAGMA index_info("{index}")')
        return cursor.fetchall()[0][2]


def plan(sql: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql)
        return [row[-1] for row in cursor.fetchall()]


def problems(sql: str, tables: set[str]) -> list[str]:
    """The plan's lines that read a league's table without an index led by the league or
    by an id (``SEARCH ... USING INTEGER PRIMARY KEY``, an index led by a ``..._id``)."""
    aliases = {alias: table for table, alias in ALIAS.findall(sql) if table in tables}
    found = []
    for line in plan(sql):
        match = PLAN_LINE.match(line)
        if match is None:
            continue
        kind, name, index = match.groups()
        table = aliases.get(name, name)
        if table not in tables:
            continue
        if kind == "SEARCH" and (
            "PRIMARY KEY" in line or (index and first_column(index).endswith("_id"))
        ):
            continue  # by ids, or through an index led by the league or an owner's id
        found.append(f"{line}  <-  {sql[:200]}")
    return found


def pages(league: League) -> list[str]:
    conf = urlconf_for(league.slug)
    with using_league(league):
        evening = Evening.objects.order_by("date").last()
        player = Player.objects.order_by("pk").first()
    return [
        reverse("standings:alltime", urlconf=conf),
        reverse("standings:alltime", urlconf=conf) + "?sort=-points&variant=ofc",
        reverse("standings:season", args=[evening.date.year], urlconf=conf),
        reverse("results:evening", kwargs={"pk": evening.pk}, urlconf=conf),
        f"/{league.slug}/players/{player.slug}/",
    ]


def test_a_leagues_pages_read_its_tables_through_indexes_led_by_the_league(client):
    build_league(6, players=5)
    other = League.objects.create(name="Zweite Runde", slug="zweite-runde")
    with using_league(other):
        build_league(6, players=5, seed=2)
    tables = league_tables()
    assert {"league_player", "league_evening", "league_standing", "league_rivalry"} <= tables
    found, selects = [], 0
    for url in pages(other):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        for query in queries:
            if query["sql"].lstrip().upper().startswith(("SELECT", "WITH")):
                selects += 1
                found += problems(query["sql"], tables)
    assert selects > 5
    assert found == []


def test_a_scan_of_a_leagues_table_is_found():
    """The check above can fail: reading the standings by year alone scans them."""
    tables = league_tables()
    assert problems("SELECT * FROM league_standing WHERE year = 2020", tables)
    assert problems(
        'SELECT * FROM "league_evening" AS "evening" WHERE "evening"."date" > \'2020-01-01\'',
        tables,
    )
    assert not problems("SELECT * FROM league_standing WHERE league_id = 2 AND year = 2020", tables)
