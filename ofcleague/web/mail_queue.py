"""Sending the site's mails through the task queue (django-tasks), never in a request.

``queue_mail`` keeps the mail (``OutgoingMail``, once per key) and enqueues
:func:`deliver_mail` in the caller's transaction: with the database backend the mail and its
task are committed together, or neither. ``deliver_mail`` claims the row (queued to sending,
in one UPDATE, committed) before it talks to the mail server, so two workers, or the same task
run twice, send it once. A failed send is tried again later (``MAIL_RETRY_SECONDS``: the waits
between the tries), then marked failed for the admin. ``requeue_due_mails`` (run by the
reminders' periodic task) enqueues again what waits past its time: a mail whose task was lost,
or one failed under a backend that cannot wait (the immediate backend of the tests).
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django_tasks import default_task_backend, task

from ofcleague.web.outbox import OutgoingMail

logger = logging.getLogger(__name__)
State = OutgoingMail.State

#: The waits (seconds) before the second, third, ... try of a failed mail: six tries in all,
#: over about eight hours; settings.MAIL_RETRY_SECONDS replaces them.
RETRY_SECONDS = (60, 300, 1800, 7200, 21600)
#: A queued mail this long past its time has lost its task: the periodic sweep enqueues it.
STALE_AFTER = datetime.timedelta(minutes=10)


def retry_seconds() -> tuple[int, ...]:
    return tuple(getattr(settings, "MAIL_RETRY_SECONDS", RETRY_SECONDS))


def queue_mail(key: str, to: str, subject: str, body: str, *, html: str = "", from_email=None):
    """Keep a mail to ``to`` and have a worker send it; None when a mail of ``key`` was kept
    before (it is never sent twice)."""
    with transaction.atomic():
        mail, created = OutgoingMail.objects.get_or_create(
            key=key[:200],
            defaults={
                "to": to,
                "subject": subject,
                "body": body,
                "html": html,
                "from_email": from_email or "",
                "next_try_at": timezone.now(),
            },
        )
        if not created:
            return None
        deliver_mail.enqueue(mail.pk)
    return mail


def queue_message(key: str, message) -> list:
    """Keep a rendered ``EmailMessage`` (allauth's), one mail per recipient, to be sent by a
    worker; the mails kept."""
    html = next(
        (content for content, kind in getattr(message, "alternatives", []) if kind == "text/html"),
        "",
    )
    body = message.body
    if message.content_subtype == "html":  # an HTML-only message: its body is the HTML
        html = body
    queued = [
        queue_mail(
            f"{key}:{to}", to, message.subject, body, html=html, from_email=message.from_email
        )
        for to in message.to
    ]
    return [mail for mail in queued if mail is not None]


def _claimed(mail_id: int) -> OutgoingMail | None:
    """The mail, now being sent, if it was queued and due; None when another run has it."""
    with transaction.atomic():
        claimed = OutgoingMail.objects.filter(
            pk=mail_id, state=State.QUEUED, next_try_at__lte=timezone.now()
        ).update(state=State.SENDING, attempts=F("attempts") + 1)
    if not claimed:
        return None
    return OutgoingMail.objects.get(pk=mail_id)


def _send(mail: OutgoingMail) -> None:
    message = EmailMultiAlternatives(mail.subject, mail.body, mail.from_email or None, [mail.to])
    if mail.html == mail.body:
        message.content_subtype = "html"
    elif mail.html:
        message.attach_alternative(mail.html, "text/html")
    message.send()


@task()
def deliver_mail(mail_id: int) -> str:
    """Send the kept mail ``mail_id`` once; its new state (or "claimed already")."""
    mail = _claimed(mail_id)
    if mail is None:
        return "claimed already"
    try:
        _send(mail)
    except Exception as error:  # whatever went wrong, the mail was not handed over
        return _failed(mail, f"{type(error).__name__}: {error}")
    OutgoingMail.objects.filter(pk=mail.pk).update(
        state=State.SENT, sent_at=timezone.now(), error=""
    )
    return State.SENT


def _failed(mail: OutgoingMail, error: str) -> str:
    """Back to the queue for a later try, or failed after the last one."""
    waits = retry_seconds()
    if mail.attempts > len(waits):
        logger.error("Mail %s to %s failed for good: %s", mail.pk, mail.to, error)
        OutgoingMail.objects.filter(pk=mail.pk).update(state=State.FAILED, error=error)
        return State.FAILED
    logger.warning("Mail %s to %s failed (try %s): %s", mail.pk, mail.to, mail.attempts, error)
    next_try = timezone.now() + datetime.timedelta(seconds=waits[mail.attempts - 1])
    OutgoingMail.objects.filter(pk=mail.pk).update(
        state=State.QUEUED, error=error, next_try_at=next_try
    )
    if default_task_backend.supports_defer:
        deliver_mail.using(run_after=next_try).enqueue(mail.pk)
    return State.QUEUED


def requeue_due_mails(now=None) -> int:
    """Enqueue again the queued mails long past their time; how many."""
    now = now or timezone.now()
    due = OutgoingMail.objects.filter(state=State.QUEUED, next_try_at__lte=now - STALE_AFTER)
    ids = list(due.values_list("pk", flat=True)[:1000])
    for mail_id in ids:
        deliver_mail.enqueue(mail_id)
    return len(ids)


def queue_failed_again(mail_ids) -> int:
    """Give the failed mails among ``mail_ids`` a fresh round of tries; how many."""
    with transaction.atomic():
        failed = OutgoingMail.objects.select_for_update().filter(
            pk__in=list(mail_ids), state=State.FAILED
        )
        ids = list(failed.values_list("pk", flat=True))
        OutgoingMail.objects.filter(pk__in=ids).update(
            state=State.QUEUED, attempts=0, next_try_at=timezone.now()
        )
        for mail_id in ids:
            deliver_mail.enqueue(mail_id)
    return len(ids)
