"""The claims' mails as tasks (django-tasks): the services enqueue these once their write is
committed, and the task worker composes the mails and queues each one (``web/mail_queue.py``),
so a request never waits on the mail server. A worker has no league active: each task reads
across leagues, as a command does. (The answers' mails, the seat mail and the reminders, are
tasks of the rsvp app: ``ofcleague/rsvp/tasks.py``.)
"""

from __future__ import annotations

from django_tasks import task

from ofcleague.league.current import across_leagues
from ofcleague.league.services import claim_mail


@task()
@across_leagues
def mail_owners_of_claim_task(claim_id: int) -> int:
    return claim_mail.mail_owners_of_claim(claim_id)


@task()
@across_leagues
def mail_decision_task(claim_id: int) -> int:
    return claim_mail.mail_decision(claim_id)
