"""``manage.py send_reminders``: the reminders the day before an evening and the results after
it (``league/services/reminders.py``); run by a timer (README), never sends a mail twice."""

from django.core.management.base import BaseCommand

from ofcleague.league.current import across_leagues
from ofcleague.league.services.reminders import send_reminders


class Command(BaseCommand):
    help = "Mail the reminders for tomorrow's evenings and the results of the last ones."

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        before, results = send_reminders()
        self.stdout.write(f"Sent {before} reminders and {results} results.")
