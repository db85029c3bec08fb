"""Loading a checked backup's rows: one restore at a time, every rule of the league checked
after the load, the id counters past every id the history holds; and the one-line refusals.

The whole site's restore (``manage.py restore``) and a league's (``--league``,
``league_restore.py``) both load through :func:`load_checked`.
"""

import json
import tempfile
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection
from django.db.models import Count, Max

from ofcleague.backup.starting_history import RESTORED_FROM_BACKUP, write_starting_history
from ofcleague.backup.writing import backup_models
from ofcleague.league import hooks
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening

# The PostgreSQL advisory lock that lets one restore run at a time (any constant of our own).
RESTORE_LOCK = 7_301_115_124


def one_restore_at_a_time():
    """Make a second restore wait for the first to commit, then find the database full.

    On SQLite the site's IMMEDIATE transactions already let only one writer in; PostgreSQL
    would let both insert until one hits the other's keys.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RESTORE_LOCK])


def refuse(problems) -> CommandError:
    more = len(problems) - 1
    tail = f" The backup has {more} more problem(s)." if more else ""
    return CommandError(f"{problems[0]} Nothing was restored.{tail}")


def first_line(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def counted(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def load_checked(objects: list[dict], evening_ids=None) -> None:
    """Load the checked rows, then refuse them if a rule of the league is broken: every
    evening's, or (``evening_ids``) those of the evenings given."""
    with tempfile.TemporaryDirectory() as folder:
        # loaddata picks its format from the file name; the backup may be named anything.
        plain = Path(folder) / "backup.json"
        plain.write_text(json.dumps(objects), encoding="utf-8")
        try:
            call_command("loaddata", plain, verbosity=0)
        except (DatabaseError, DeserializationError, ValueError) as error:
            raise CommandError(
                f"The backup does not load: {first_line(error)} Nothing was restored."
            ) from None
    mark_pots_set_by_hand(objects)
    # Rows restored without any history record (the backup of a database loaded before
    # starting records existed) get one, so their next correction shows its old value.
    write_starting_history(RESTORED_FROM_BACKUP)
    keep_deleted_ids_taken()
    # A calendar link of an account that is no member any more stays dead (revoked), however
    # old the backup: no restore brings a dead link back to life.
    for receiver in hooks.BACKUP_LOADED:  # ofcleague/rsvp/receivers.py
        receiver()
    problems = league_problems(evening_ids)
    if problems:
        raise refuse(problems)


def mark_pots_set_by_hand(objects: list[dict]) -> None:
    """A backup from before the pot followed the buy-ins: an evening's pot that is not the
    sum of its buy-ins was set by hand (as the migration marks it)."""
    evenings = [item for item in objects if item["model"].lower() == "league.evening"]
    if all("pot_set_by_hand" in item["fields"] for item in evenings):
        return
    model = Evening._base_manager
    ids = [item["pk"] for item in evenings if "pot_set_by_hand" not in item["fields"]]
    by_hand = [
        evening.pk
        for evening in model.filter(pk__in=ids).exclude(pot=None).annotate(size=Count("seats"))
        if evening.pot != evening.buy_in * evening.size
    ]
    model.filter(pk__in=by_hand).update(pot_set_by_hand=True)


def keep_deleted_ids_taken():
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
