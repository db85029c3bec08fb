"""``manage.py release``: what an upgrade does once, before the servers take the new code.

Starting a server changes nothing any more (``make serve`` only starts gunicorn), so several
app servers can start at once and a restart keeps every league's cached pages. A release, run
once per upgrade (``make release``, docs/deployment.md "Upgrades"):

1. with migrations to apply and ``--backup-into DIR``: a backup first (``league-...-before-
   release.json.gz``), the way back should the new release misbehave;
2. the migrations, and then the derived standings rebuilt (only when something was migrated:
   a rebuild renews every league's version and so drops the cached pages);
3. the static files collected (hashed names: old pages keep finding theirs).

On a fresh database (nothing migrated yet) there is nothing to back up.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from ofcleague.league.current import across_leagues


def pending_migrations():
    executor = MigrationExecutor(connection)
    return executor.migration_plan(executor.loader.graph.leaf_nodes())


def has_applied_migrations():
    executor = MigrationExecutor(connection)
    return bool(executor.loader.applied_migrations)


class Command(BaseCommand):
    help = "Back up, migrate and rebuild if the release brings migrations; collect static files."

    def add_arguments(self, parser):
        parser.add_argument(
            "--backup-into",
            metavar="DIR",
            help="before migrating, write a backup into DIR (made when missing)",
        )
        parser.add_argument("--skip-static", action="store_true", help="do not run collectstatic")

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        pending = pending_migrations()
        if pending:
            if options["backup_into"] and has_applied_migrations():
                from ofcleague.backup.schedule import dated_path, make_folder

                target = dated_path(make_folder(options["backup_into"]), label="before-release")
                call_command("backup", str(target), stdout=self.stdout)
            self.stdout.write(f"Applying {len(pending)} migrations.")
            call_command("migrate", interactive=False, verbosity=0)
            call_command("rebuild_standings", stdout=self.stdout)
        else:
            self.stdout.write("No migrations to apply: the database stays as it is.")
        if not options["skip_static"]:
            call_command("collectstatic", interactive=False, verbosity=0)
        self.stdout.write(self.style.SUCCESS("Release ready: reload the servers now."))
