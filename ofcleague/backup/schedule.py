"""Backups kept in a folder: one file per run named by its time, the old ones removed.

``manage.py backup --into DIR --keep-days 30`` is the one command of the systemd timer and of
the cron line alike (docs/deployment.md): it makes ``DIR`` (mode 700) when it is missing,
writes ``league-YYYY-MM-DD-HHMMSS.json.gz`` (UTC, so several backups a day never replace one
another) and then deletes the backups in ``DIR`` older than the given days. ``release`` writes
its backup before migrating the same way.
"""

import re
import time
from datetime import UTC, datetime
from pathlib import Path

#: The names this module writes, and the only files its cleanup ever deletes.
BACKUP_NAME = re.compile(r"^league-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z0-9-]+)?\.json\.gz$")


def dated_path(folder, now=None, label=""):
    now = now or datetime.now(UTC)
    suffix = f"-{label}" if label else ""
    return Path(folder) / f"league-{now:%Y-%m-%d-%H%M%S}{suffix}.json.gz"


def make_folder(folder):
    folder = Path(folder)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def remove_older(folder, days, now=None):
    """Delete the backups (by name) in ``folder`` last written more than ``days`` ago; return
    their names."""
    limit = (now or time.time()) - days * 24 * 3600
    removed = []
    for path in sorted(Path(folder).iterdir()):
        if BACKUP_NAME.match(path.name) and path.is_file() and path.stat().st_mtime < limit:
            path.unlink()
            removed.append(path.name)
    return removed
