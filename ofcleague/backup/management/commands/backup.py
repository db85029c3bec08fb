"""``manage.py backup FILE``: a consistent snapshot of the league, taken while the site runs.

``--into DIR --keep-days N`` names the file by its time and keeps N days of them
(``ofcleague/backup/schedule.py``). ``--league SLUG`` writes one league's rows only
(``ofcleague/backup/league_backup.py``).

One format for SQLite and PostgreSQL alike: Django's JSON serialization, gzip-compressed,
with natural keys for content types and permissions so that it loads into any freshly
migrated database of the same code version (``manage.py restore FILE``).
"""

import io
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from ofcleague.backup.backup_json import FORMAT
from ofcleague.backup.schedule import dated_path, make_folder, remove_older
from ofcleague.backup.writing import (
    backup_labels,
    check_target,
    snapshot,
    write_backup_file,
)
from ofcleague.league.current import across_leagues


def write_backup(path):
    """Write the snapshot to ``path`` (gzip JSON) and return the number of objects in it.

    Raises ``CommandError`` with one line for a target it cannot write; an old backup at
    ``path`` stays as it was unless the new one was written whole.
    """
    path = Path(path)
    check_target(path)
    buffer = io.StringIO()
    with snapshot():
        call_command(
            "dumpdata",
            *backup_labels(),
            format=FORMAT,
            natural_foreign=True,
            use_base_manager=True,
            indent=None,
            stdout=buffer,
        )
    text = buffer.getvalue()
    write_backup_file(path, text)
    return text.count('"model": ')


class Command(BaseCommand):
    help = "Write a consistent snapshot of the league (gzip JSON) to FILE; safe while serving."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", nargs="?", help="where to write the backup, e.g. league-2026-11-30.json.gz"
        )
        parser.add_argument(
            "--into",
            metavar="DIR",
            help="write league-YYYY-MM-DD-HHMMSS.json.gz (UTC) into DIR, made when missing",
        )
        parser.add_argument(
            "--keep-days",
            type=int,
            metavar="N",
            help="with --into: then delete the backups in DIR older than N days",
        )
        parser.add_argument(
            "--league",
            metavar="SLUG",
            help="back up only the league at this address (its rows, no accounts), for "
            "`manage.py restore --league` into any site",
        )

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        if bool(options["file"]) == bool(options["into"]):
            raise CommandError("Name either a FILE or a folder with --into DIR.")
        if options["keep_days"] is not None and not options["into"]:
            raise CommandError("--keep-days works only with --into DIR.")
        if options["into"]:
            options["file"] = str(dated_path(make_folder(options["into"])))
        if options["league"]:
            from ofcleague.backup.league_backup import write_league_backup

            count = write_league_backup(options["league"], options["file"])
            self.stdout.write(
                self.style.SUCCESS(
                    f"Wrote {count} rows of the league {options['league']} to {options['file']}."
                )
            )
            return
        count = write_backup(options["file"])
        self.stdout.write(self.style.SUCCESS(f"Wrote {count} objects to {options['file']}."))
        if options["keep_days"] is not None:
            for name in remove_older(options["into"], options["keep_days"]):
                self.stdout.write(f"Removed {name}, older than {options['keep_days']} days.")
