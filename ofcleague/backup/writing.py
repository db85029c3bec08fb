"""Writing a backup file: what it holds, one consistent snapshot of the database, written whole
or not at all.

The whole site's backup (``manage.py backup``) and a league's (``--league``, ``league_backup.py``)
both read inside :func:`snapshot` and write through :func:`write_backup_file`.
"""

import gzip
import hashlib
import os
import tempfile
import zlib
from contextlib import contextmanager, suppress
from pathlib import Path

from django.apps import apps
from django.core.management.base import CommandError
from django.db import connection, transaction

# Users and their groups, the admin's change log, the accounts' e-mail addresses (allauth's:
# which are confirmed), and every model of the site's own apps (the league's rows and their
# django-simple-history records). Sessions, login attempts and caches are left out: they are
# transient and rebuild themselves. So is the web app's league version (the page cache's and
# the ETags' token), which a restore replaces.
FRAMEWORK_MODELS = ["auth.group", "auth.user", "account.emailaddress", "admin.logentry"]


#: Apps whose rows no backup holds: the web app's (mails, versions), and the backups themselves.
NOT_BACKED_UP = {"web", "backup"}
#: Models that moved to another app since a backup may have been written (issue 39): a row
#: under the old label is read as the new one's (the table and its rows did not change).
MOVED_LABELS = {
    "league.pairstake": "money.pairstake",
    "league.transfer": "money.transfer",
    **{
        f"league.{name}": f"standings.{name}"
        for name in ("standing", "seasontotal", "playertotal", "rivalry", "season")
    },
    "league.calendarfeed": "rsvp.calendarfeed",
    "league.playerlink": "rsvp.playerlink",
    "league.remindersent": "rsvp.remindersent",
    "league.rsvp": "rsvp.rsvp",
    "league.invite": "members.invite",
    "league.playerclaim": "members.playerclaim",
    "league.formeraddress": "members.formeraddress",
}


def backup_labels():
    """Return the dumpdata labels of everything a backup holds, in a loadable order."""
    own_apps = [
        config.label
        for config in apps.get_app_configs()
        if config.name.startswith("ofcleague.") and config.label not in NOT_BACKED_UP
    ]
    return FRAMEWORK_MODELS[:3] + own_apps + FRAMEWORK_MODELS[3:]


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


def write_backup_file(path: Path, text: str) -> None:
    """Write a backup's text to ``path`` whole, gzipped (``_write_whole``), or say in one line
    why it could not be written."""
    try:
        _write_whole(path, text.encode("utf-8"))
    except OSError as error:
        raise CommandError(
            f"The backup could not be written to {path}: {error.strerror or error}. "
            "An old backup of that name is unchanged."
        ) from None


def check_target(path: Path) -> None:
    """Refuse a target that is a folder or lies in no folder, before the snapshot is taken."""
    if path.is_dir():
        raise CommandError(
            f"{path} is a folder: give the backup's file name, e.g. "
            f"{path / 'league-2026-11-30.json.gz'}."
        )
    folder = path.parent
    if not folder.exists():
        raise CommandError(f"The folder {folder} does not exist: create it first.")
    if not folder.is_dir():
        raise CommandError(f"{folder} is not a folder, so {path} cannot be written.")


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` gzipped through a temporary file beside ``path``, and rename it to
    ``path`` only once it is on disk and reads back as written: a crash or a full disk never
    leaves half a backup under its name, nor replaces a good old backup with a broken one.

    ``mkstemp`` makes the file readable by its owner only (a backup holds password hashes)
    before the first byte is written; ``fchmod`` keeps it so whatever the umask.
    """
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "wb") as raw:
            os.fchmod(raw.fileno(), 0o600)
            with gzip.GzipFile(filename=path.name, mode="wb", fileobj=raw) as archive:
                archive.write(data)
            raw.flush()
            os.fsync(raw.fileno())
        if _digest_of(temporary) != hashlib.sha256(data).digest():
            raise CommandError(
                f"The backup written to {path} does not read back as written. "
                "An old backup of that name is unchanged."
            )
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _digest_of(archive_path) -> bytes:
    """The SHA-256 of what the gzip file at ``archive_path`` holds, read back from disk."""
    digest = hashlib.sha256()
    try:
        with gzip.open(archive_path, "rb") as archive:
            while chunk := archive.read(1 << 20):
                digest.update(chunk)
    except (EOFError, zlib.error, gzip.BadGzipFile):
        return b""
    return digest.digest()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself survive a crash (best effort: not every file system can)."""
    with suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
