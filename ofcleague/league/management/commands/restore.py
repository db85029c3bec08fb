"""``manage.py restore FILE``: load a backup of ``manage.py backup`` into an empty database."""

import gzip
import shutil
import tempfile
from pathlib import Path

from django.apps import apps
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ofcleague.league import ratings
from ofcleague.league.cache import invalidate_league_pages

from .backup import backup_models

# Rows that the migrations themselves create (the default prize split, the Scorekeepers group):
# a freshly migrated database has them, so they do not count as data; the backup's rows
# replace them.
SEEDED_BY_MIGRATIONS = ["league.prizeshare", "auth.group"]


def models_with_data():
    """Return the names of backed-up models that hold rows a restore would collide with."""
    seeded = {apps.get_model(label) for label in SEEDED_BY_MIGRATIONS}
    return [
        model._meta.label
        for model in backup_models()
        if model not in seeded and model._base_manager.exists()
    ]


def restore_backup(path):
    """Load the backup at ``path`` into an empty database, all or nothing.

    Raises ``CommandError`` if the database already holds league data or users.
    """
    path = Path(path)
    if not path.is_file():
        raise CommandError(f"No backup at {path}.")
    with tempfile.TemporaryDirectory() as folder:
        # loaddata picks its format from the file name; the backup may be named anything.
        plain = Path(folder) / "backup.json"
        with gzip.open(path, "rb") as archive, plain.open("wb") as target:
            shutil.copyfileobj(archive, target)
        with transaction.atomic():
            occupied = models_with_data()
            if occupied:
                raise CommandError(
                    "Restore only into an empty database: this one already holds "
                    f"{', '.join(occupied)}. Point DATABASE_URL or DATA_DIR at a new database, "
                    "run `manage.py migrate`, then restore."
                )
            for label in SEEDED_BY_MIGRATIONS:
                apps.get_model(label)._base_manager.all().delete()
            call_command("loaddata", plain, verbosity=0)
            # The backup's ratings and standings are loaded as they are, checked against a
            # rebuild, and rebuilt where they differ (a backup taken before they existed).
            ratings.verify_or_rebuild()
            invalidate_league_pages()


class Command(BaseCommand):
    help = "Load a backup written by `manage.py backup` into an empty, migrated database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup written by `manage.py backup`")

    def handle(self, *args, **options):
        restore_backup(options["file"])
        self.stdout.write(self.style.SUCCESS(f"Restored {options['file']}."))
