"""A service locks its own row, never the league's: ``select_for_update()`` with
``select_related`` locks every joined row on PostgreSQL, the league's too. An answer by link
then held the league's row while it waited for the league version that a hand save of the same
league held, which in turn waited to check its foreign key to the league: PostgreSQL broke the
deadlock with a 500 (the Friday-night load test, bench/friday.py, met 18 at 20 live leagues)."""

import re
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ofcleague.rsvp.services.answers import answer_evening

ROOT = Path(__file__).resolve().parents[2] / "ofcleague"
JOINED_LOCK = re.compile(r"select_for_update\(\)\s*\.select_related\(")


def test_no_lock_with_a_join_locks_the_joined_rows():
    found = [
        f"{path.relative_to(ROOT)}:{path.read_text()[: match.start()].count(chr(10)) + 1}"
        for path in sorted(ROOT.rglob("*.py"))
        for match in JOINED_LOCK.finditer(path.read_text())
    ]
    assert not found, "lock only the own row: select_for_update(of=('self',)) in " + str(found)


@pytest.mark.django_db
def test_an_answer_locks_the_evening_and_not_the_league(announced, eight):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite writes one at a time and has no row locks (FOR UPDATE)")
    with CaptureQueriesContext(connection) as queries:
        answer_evening(announced, eight[0], "yes")
    locks = [query["sql"] for query in queries if "FOR UPDATE" in query["sql"]]
    assert locks
    for sql in locks:
        assert re.search(r'FOR UPDATE OF "league_evening"$', sql), sql
