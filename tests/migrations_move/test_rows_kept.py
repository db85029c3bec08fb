"""Issue 39: moving models between apps copies no row and loses none.

A database at the migrations of the commit before the move (:data:`BEFORE_MOVE`) holds data
in every table; migrating it to the latest migrations must leave every row of every table as
it was: the content types of moved models name their new app, as meant, and nothing else
changes. The moves: the money's stakes and transfers (``league`` to ``money``), the kept
numbers (``league`` to ``standings``), the personal links, answers, mails sent and private
calendar links (``league`` to ``rsvp``), the invites, claims and former addresses (``league``
to ``members``). Each move is checked from the state just before it, and all of them together
from the state before the first.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.golden.league import build_league, fixed_world
from tests.migrations_move.rows import columns, fill_empty_tables, snapshot

#: The last migration of each of our apps at the commit before the first move.
BEFORE_MOVE = [
    ("league", "0030_playerlink_seat_mail"),
    ("members", "0001_import_job"),
    ("table", "0003_chairs_by_their_name"),
    ("web", "0002_outgoing_mail"),
    ("money", None),
    ("standings", None),
    ("rsvp", None),
]

#: The last migration of each of our apps before the kept numbers moved to ``standings``.
BEFORE_STANDINGS_MOVE = [
    ("league", "0032_league_embed_sites"),
    ("members", "0001_import_job"),
    ("table", "0003_chairs_by_their_name"),
    ("web", "0002_outgoing_mail"),
    ("money", "0001_moved_from_league"),
    ("standings", None),
    ("rsvp", None),
]

#: The last migration of each of our apps before the members' models moved.
BEFORE_MEMBERS_MOVE = [
    ("league", "0034_rsvp_moves_out"),
    ("members", "0001_import_job"),
    ("table", "0003_chairs_by_their_name"),
    ("web", "0002_outgoing_mail"),
    ("money", "0001_moved_from_league"),
    ("standings", "0001_moved_from_league"),
    ("rsvp", "0002_queued_mails_follow"),
]

#: The models that moved, by content type: (app before, app after) -> their model names.
MONEY_MOVED = {("league", "money"): {"pairstake", "transfer"}}
STANDINGS_MOVED = {
    ("league", "standings"): {"standing", "seasontotal", "playertotal", "rivalry", "season"}
}
RSVP_MOVED = {("league", "rsvp"): {"calendarfeed", "playerlink", "remindersent", "rsvp"}}
MEMBERS_MOVED = {("league", "members"): {"formeraddress", "invite", "playerclaim"}}
MOVED = MONEY_MOVED | STANDINGS_MOVED | RSVP_MOVED | MEMBERS_MOVED

#: Where a test starts, and the moves from there to the latest migrations.
STARTS = {
    "before_every_move": (BEFORE_MOVE, MOVED),
    "before_the_standings_move": (
        BEFORE_STANDINGS_MOVE,
        STANDINGS_MOVED | RSVP_MOVED | MEMBERS_MOVED,
    ),
    "before_the_members_move": (BEFORE_MEMBERS_MOVE, MEMBERS_MOVED),
}


def moved_content_types(rows, moved):
    """The content type rows as the move leaves them: a moved model's type names its new
    app (so its permissions and admin log entries stay its own); nothing else changes."""
    renamed = []
    for pk, app_label, model in rows:
        for (before, after), names in moved.items():
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
@pytest.mark.parametrize("start", STARTS)
def test_migrating_past_the_move_keeps_every_row(seeded, start):
    targets, moved = STARTS[start]
    with fixed_world():
        build_league()
    state_apps = migrate(targets)
    fill_empty_tables(state_apps)
    before = snapshot()
    types_before = {row[1:] for row in before["django_content_type"]}
    for (app_before, _after), names in moved.items():
        assert {(app_before, name) for name in names} <= types_before
    before["django_content_type"] = moved_content_types(before["django_content_type"], moved)
    empty = [table for table, rows in before.items() if not rows]
    assert not empty, empty
    columns_before = columns()
    migrate(latest())
    # No table dropped, none lost a column; tables and columns that migrations since added
    # for new things (a league's embed sites, its backups) are left out.
    now = columns()
    assert {table: names for table, names in columns_before.items() if table not in now} == {}
    assert {t: n for t, n in columns_before.items() if not set(n) <= set(now[t])} == {}
    after = snapshot(only=columns_before)
    changed = [table for table in before if after[table] != before[table]]
    assert not changed, f"rows changed in {changed}"
