"""``manage.py restore FILE``: load a backup of ``manage.py backup`` into an empty database.

All or nothing. The file is read and every value checked against its field's limits first;
then one transaction loads the rows, gives rows without history a starting record, and checks
the league's invariants over everything restored. Any problem refuses the whole backup with
one line naming what is wrong, and the transaction rolls back. The command speaks English, as
Django's own management commands do.
"""

import json
import tempfile
from pathlib import Path

from django.apps import apps
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import Max
from django.utils import translation

from ofcleague.league import ratings
from ofcleague.league.cache import invalidate_league_pages
from ofcleague.league.invariants import league_problems
from ofcleague.league.starting_history import RESTORED_FROM_BACKUP, write_starting_history

from ._backup_file import field_problems, read_backup, upgrade_old_rows
from .backup import backup_models

# Rows that the migrations themselves create (the default prize split, the Scorekeepers group):
# a freshly migrated database has them, so they do not count as data; the backup's rows
# replace them.
SEEDED_BY_MIGRATIONS = ["league.prizeshare", "auth.group"]
# The PostgreSQL advisory lock that lets one restore run at a time (any constant of our own).
RESTORE_LOCK = 7_301_115_124


def models_with_data():
    """Return the names of backed-up models that hold rows a restore would collide with."""
    seeded = {apps.get_model(label) for label in SEEDED_BY_MIGRATIONS}
    return [
        model._meta.label
        for model in backup_models()
        if model not in seeded and model._base_manager.exists()
    ]


def _one_restore_at_a_time():
    """Make a second restore wait for the first to commit, then find the database full.

    On SQLite the site's IMMEDIATE transactions already let only one writer in; PostgreSQL
    would let both insert until one hits the other's keys.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RESTORE_LOCK])


def _refuse(problems) -> CommandError:
    more = len(problems) - 1
    tail = f" The backup has {more} more problem(s)." if more else ""
    return CommandError(f"{problems[0]} Nothing was restored.{tail}")


def _first_line(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _load(plain: Path) -> None:
    """Load the checked rows into the empty database; refuse if it holds data."""
    _one_restore_at_a_time()
    occupied = models_with_data()
    if occupied:
        raise CommandError(
            "Restore only into an empty database: this one already holds "
            f"{', '.join(occupied)}. Point DATABASE_URL or DATA_DIR at a new database, "
            "run `manage.py migrate`, then restore."
        )
    for label in SEEDED_BY_MIGRATIONS:
        apps.get_model(label)._base_manager.all().delete()
    try:
        call_command("loaddata", plain, verbosity=0)
    except (DatabaseError, DeserializationError, ValueError) as error:
        raise CommandError(
            f"The backup does not load: {_first_line(error)} Nothing was restored."
        ) from None
    # Rows restored without any history record (the backup of a database loaded before
    # starting records existed) get one, so their next correction shows its old value.
    write_starting_history(RESTORED_FROM_BACKUP)
    _keep_deleted_ids_taken()
    problems = league_problems()
    if problems:
        raise _refuse(problems)
    # The backup's ratings and standings are loaded as they are, checked against a rebuild,
    # and rebuilt where they differ (a backup taken before they existed).
    ratings.verify_or_rebuild()
    invalidate_league_pages()


def _keep_deleted_ids_taken():
    """Move every table's id counter past the ids its history holds.

    ``loaddata`` leaves each counter at the highest id it loaded. A deleted evening, with its
    seats and scores, lives on only in the history: without this, a new evening could take
    its id, which drops it from the deleted evenings and makes its restore collide.
    """
    for model in backup_models():
        history = getattr(model, "history", None)
        if history is None:
            continue
        top = max(
            model._base_manager.aggregate(top=Max("pk"))["top"] or 0,
            history.aggregate(top=Max("id"))["top"] or 0,
        )
        if top:
            _id_counter_at_least(model._meta.db_table, top)


def _id_counter_at_least(table, top):
    """Make the next id the database gives ``table`` at least ``top + 1``."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)",
                [connection.ops.quote_name(table), top],
            )
            return
        # SQLite: AUTOINCREMENT tables keep their highest id in sqlite_sequence.
        cursor.execute(
            "UPDATE sqlite_sequence SET seq = MAX(seq, %s) WHERE name = %s", [top, table]
        )
        if cursor.rowcount == 0:
            cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, top])


def restore_backup(path):
    """Load the backup at ``path`` into an empty database, all or nothing.

    Raises ``CommandError`` with one line if the file is no backup, a value or a rule of
    the league is broken in it, or the database already holds league data or users.
    """
    path = Path(path)
    with translation.override("en"):
        _text, objects = read_backup(path)
        upgrade_old_rows(objects)
        text = json.dumps(objects)
        problems = field_problems(objects)
        if problems:
            raise _refuse(problems)
        with tempfile.TemporaryDirectory() as folder:
            # loaddata picks its format from the file name; the backup may be named anything.
            plain = Path(folder) / "backup.json"
            plain.write_text(text, encoding="utf-8")
            try:
                with transaction.atomic():
                    _load(plain)
            except OperationalError as error:
                raise CommandError(
                    f"The database is busy (another restore?): {_first_line(error)} "
                    "Nothing was restored."
                ) from None


class Command(BaseCommand):
    help = "Load a backup written by `manage.py backup` into an empty, migrated database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup written by `manage.py backup`")

    def handle(self, *args, **options):
        restore_backup(options["file"])
        self.stdout.write(self.style.SUCCESS(f"Restored {options['file']}."))
