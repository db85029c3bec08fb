"""``manage.py rebuild_standings``: recompute every rating and kept counter from the evenings."""

import time

from django.core.management.base import BaseCommand

from ofcleague.league.current import across_leagues
from ofcleague.standings import kept
from ofcleague.web.league_writes import league_write


class Command(BaseCommand):
    help = "Recompute all ratings and standings from the evenings (after a bulk load or upgrade)."

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        start = time.perf_counter()
        with league_write():
            kept.rebuild()
        self.stdout.write(
            self.style.SUCCESS(
                f"Rebuilt ratings and standings in {time.perf_counter() - start:.1f} s."
            )
        )
