"""``manage.py backup FILE``: a consistent snapshot of the league, taken while the site runs.

One format for SQLite and PostgreSQL alike: Django's JSON serialization, gzip-compressed,
with natural keys for content types and permissions so that it loads into any freshly
migrated database of the same code version (``manage.py restore FILE``).
"""

import gzip
import io
import os
from contextlib import contextmanager
from pathlib import Path

from django.apps import apps
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection, transaction

# Users and their groups, the admin's change log, and every model of the site's own apps
# (the league's rows and their django-simple-history records). Sessions, login attempts and
# caches are left out: they are transient and rebuild themselves.
FRAMEWORK_MODELS = ["auth.group", "auth.user", "admin.logentry"]


def backup_labels():
    """Return the dumpdata labels of everything a backup holds, in a loadable order."""
    own_apps = [
        config.label for config in apps.get_app_configs() if config.name.startswith("ofcleague.")
    ]
    return FRAMEWORK_MODELS[:2] + own_apps + FRAMEWORK_MODELS[2:]


def backup_models():
    """Return the model classes a backup holds."""
    models = []
    for label in backup_labels():
        if "." in label:
            models.append(apps.get_model(label))
        else:
            models.extend(apps.get_app_config(label).get_models())
    return models


@contextmanager
def snapshot():
    """One read-only transaction in which every table is read at the same moment.

    PostgreSQL needs REPEATABLE READ for that (READ COMMITTED takes a new snapshot per
    statement). SQLite in WAL mode gives every transaction its snapshot at its first read;
    the site's IMMEDIATE mode (settings) would also take the write lock and make every save
    wait for the dump, so this process's connection begins DEFERRED instead. Inside a
    caller's transaction (the tests') the snapshot is already the caller's.
    """
    outermost = not connection.in_atomic_block
    connection.ensure_connection()
    deferred = connection.vendor == "sqlite" and outermost
    if deferred:
        mode, connection.transaction_mode = connection.transaction_mode, "DEFERRED"
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql" and outermost:
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield
    finally:
        if deferred:
            connection.transaction_mode = mode


def write_backup(path):
    """Write the snapshot to ``path`` (gzip JSON) and return the number of objects in it."""
    path = Path(path)
    buffer = io.StringIO()
    with snapshot():
        call_command(
            "dumpdata",
            *backup_labels(),
            natural_foreign=True,
            use_base_manager=True,
            indent=None,
            stdout=buffer,
        )
    text = buffer.getvalue()
    # Write beside the target and rename, so a crash never leaves half a backup under its name.
    partial = path.with_name(path.name + ".partial")
    try:
        with _private_file(partial) as raw:
            with gzip.GzipFile(filename=path.name, mode="wb", fileobj=raw) as archive:
                archive.write(text.encode("utf-8"))
            raw.flush()
            os.fsync(raw.fileno())
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, path)
    return text.count('"model": ')


def _private_file(path):
    """Open ``path`` for writing, readable by its owner only (a backup holds password hashes).

    The mode is set before the first byte is written, whatever the umask, and also when a
    leftover file of that name already exists with a wider mode.
    """
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(descriptor, 0o600)
        return os.fdopen(descriptor, "wb")
    except BaseException:
        os.close(descriptor)
        raise


class Command(BaseCommand):
    help = "Write a consistent snapshot of the league (gzip JSON) to FILE; safe while serving."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="where to write the backup, e.g. league-2026-11-30.json.gz"
        )

    def handle(self, *args, **options):
        count = write_backup(options["file"])
        self.stdout.write(self.style.SUCCESS(f"Wrote {count} objects to {options['file']}."))
