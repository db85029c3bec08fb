"""Issue 39: moving models between apps copies no row and loses none.

A database at the migrations of the commit before the move (:data:`BEFORE_MOVE`) holds data
in every table; migrating it to the latest migrations must leave every row of every table as
it was: the content types of moved models name their new app, as meant, and nothing else
changes. The moves: the money's stakes and transfers (``league`` to ``money``); the invites,
claims and former addresses (``league`` to ``members``). Each database starts at a commit
before a move: the one before the first (:data:`BEFORE_MOVE`) and the one before the members'
(:data:`BEFORE_MEMBERS_MOVE`).
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
]

#: The last migration of each of our apps at the commit before the members' models moved.
BEFORE_MEMBERS_MOVE = [
    ("league", "0031_money_moves_out"),
    ("members", "0001_import_job"),
    ("table", "0003_chairs_by_their_name"),
    ("web", "0002_outgoing_mail"),
    ("money", "0001_moved_from_league"),
]

#: The models that moved, by content type: (app before, app after) -> their model names.
MOVED = {
    ("league", "money"): {"pairstake", "transfer"},
    ("league", "members"): {"formeraddress", "invite", "playerclaim"},
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
@pytest.mark.parametrize(
    "start", [BEFORE_MOVE, BEFORE_MEMBERS_MOVE], ids=["before-money", "before-members"]
)
def test_migrating_past_the_move_keeps_every_row(seeded, start):
    with fixed_world():
        build_league()
    state_apps = migrate(start)
    fill_empty_tables(state_apps)
    before = snapshot()
    types = {row[1:] for row in before["django_content_type"]}
    assert ("league", "invite") in types and ("league", "playerclaim") in types
    before["django_content_type"] = moved_content_types(before["django_content_type"])
    empty = [table for table, rows in before.items() if not rows]
    assert not empty, empty
    migrate(latest())
    after = snapshot()
    assert sorted(after) == sorted(before)
    changed = [table for table in before if after[table] != before[table]]
    assert not changed, f"rows changed in {changed}"
