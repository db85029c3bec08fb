"""``manage.py send_reminders``: queue the periodic mail job (``rsvp/tasks.py``):
the reminders the day before an evening, the results after it, and the mails left waiting.

It only enqueues (the task worker sends), so the timer may run it on every app server: the
job sends each mail once however many runs meet.
"""

from django.core.management.base import BaseCommand

from ofcleague.league.current import across_leagues
from ofcleague.rsvp.tasks import send_reminders_task


class Command(BaseCommand):
    help = "Queue the reminders for tomorrow's evenings and the results of the last ones."

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        result = send_reminders_task.enqueue()
        self.stdout.write(f"Queued the reminders and results (task {result.id}).")
