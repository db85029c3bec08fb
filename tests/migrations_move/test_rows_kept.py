"""Issue 39: moving models between apps copies no row and loses none.

A database at the migrations of the commit before the move (:data:`BEFORE_MOVE`) holds data
in every table; migrating it to the latest migrations must leave every row of every table as
it was: the content types of moved models name their new app, as meant, and nothing else
changes. The moves: the money's stakes and transfers (``league`` to ``money``); the personal
links, answers, mails sent and private calendar links (``league`` to ``rsvp``).
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.golden.league import build_league, fixed_world
from tests.migrations_move.rows import fill_empty_tables, snapshot

#: The last migration of each of our apps at the commit before the first move.
BEFORE_MOVE = [
    ("league", "0030_playerlink_seat_mail"),
    ("members", "0001_import_job"),
    ("table", "0003_chairs_by_their_name"),
    ("web", "0002_outgoing_mail"),
    ("money", None),
    ("rsvp", None),
]

#: The models that moved, by content type: (app before, app after) -> their model names.
MOVED = {
    ("league", "money"): {"pairstake", "transfer"},
    ("league", "rsvp"): {"calendarfeed", "playerlink", "remindersent", "rsvp"},
}


def moved_content_types(rows):
    """The content type rows as the move leaves them: a moved model's type names its new
    app (so its permissions and admin log entries stay its own); nothing else changes."""
    renamed = []
    for pk, app_label, model in rows:
        for (before, after), names in MOVED.items():
            if app_label == before and model in names:
                app_label = after
        renamed.append((pk, app_label, model))
    return sorted(renamed, key=repr)


def migrate(targets):
    """Migrate to ``targets``; the historical models of that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    state = executor.migrate(targets)
    return state.apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_migrating_past_the_move_keeps_every_row(seeded):
    with fixed_world():
        build_league()
    state_apps = migrate(BEFORE_MOVE)
    fill_empty_tables(state_apps)
    before = snapshot()
    types_before = {row[1:] for row in before["django_content_type"]}
    assert {("league", "transfer"), ("league", "rsvp"), ("league", "calendarfeed")} <= types_before
    before["django_content_type"] = moved_content_types(before["django_content_type"])
    empty = [table for table, rows in before.items() if not rows]
    assert not empty, empty
    migrate(latest())
    after = snapshot()
    assert sorted(after) == sorted(before)
    changed = [table for table in before if after[table] != before[table]]
    assert not changed, f"rows changed in {changed}"
