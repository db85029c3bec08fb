from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from ofcleague.backup.starting_history import LOADED_FROM_HISTORY, write_starting_history
from ofcleague.league.current import across_leagues, site_league, using_league
from ofcleague.league.models import Evening, Player
from ofcleague.standings import kept
from ofcleague.web.league_writes import league_write

HISTORY_FIXTURE = settings.BASE_DIR / "fixtures" / "history.json"


class Command(BaseCommand):
    help = "Load the league's evenings of 2016-2020 into an empty database; never over data."

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        if Player.objects.exists() or Evening.objects.exists():
            self.stdout.write("The database already holds league data; history not loaded.")
            return
        with league_write():
            # The history is the site's first league's (the one the migrations make).
            with using_league(site_league()):
                call_command("loaddata", HISTORY_FIXTURE, verbosity=0)
                # loaddata writes no history: without a first record, a correction could not
                # show what it changed.
                write_starting_history(LOADED_FROM_HISTORY)
            kept.rebuild()
        self.stdout.write(
            self.style.SUCCESS(f"Loaded the league's history: {Evening.objects.count()} evenings.")
        )
