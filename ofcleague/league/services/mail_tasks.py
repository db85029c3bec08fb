"""The league's mails as tasks (django-tasks): the services enqueue these once their write is
committed, and the task worker composes the mails and queues each one (``web/mail_queue.py``),
so a request never waits on the mail server.

``send_reminders_task`` is the periodic job: ``manage.py send_reminders`` (run hourly by a
systemd timer, on one server or on each) only enqueues it. Any number of runs at once send
each reminder once: a mail is decided by writing its ``ReminderSent`` row, unique per evening,
player, kind and turn, in the same transaction as the mail itself. A worker has no league
active: each task reads across leagues, as a command does.
"""

from __future__ import annotations

from django_tasks import task

from ofcleague.league.current import across_leagues
from ofcleague.league.services import reminders
from ofcleague.web.mail_queue import requeue_due_mails


@task()
@across_leagues
def mail_moved_up_task(evening_id: int, turns: list[list[int]]) -> int:
    """The seat mails of one move up the waitlist (``turns``: pairs of player and turn)."""
    return reminders.mail_moved_up(evening_id, {int(player): turn for player, turn in turns})


@task()
@across_leagues
def send_reminders_task() -> dict:
    """Tomorrow's reminders and the last evenings' results, then the mails left waiting."""
    before, results = reminders.send_reminders()
    return {"reminders": before, "results": results, "requeued": requeue_due_mails()}
