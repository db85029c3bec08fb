"""The site's outgoing mails: one row per mail, written before it is sent.

Every mail of the site (the seat that came free, reminders, results, claims, the account
mails of allauth) is kept here and sent by the task worker (``web/mail_queue.py``), never in
a request. ``key`` says what the mail is for, once: a second mail of the same key is never
kept, so never sent. A row goes queued, then sending (claimed by one worker, committed before
it talks to the mail server), then sent; a failed send goes back to queued for a later try,
and after the last try it is failed, listed in the admin. A worker killed while sending
leaves the row at sending: it is never sent again by itself (at most once), and the admin
shows it. Not league data: no backup holds it (``NOT_BACKED_UP``).
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class OutgoingMail(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", _("waiting to be sent")
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    key = models.CharField(_("what for"), max_length=200, unique=True)
    to = models.CharField(_("to"), max_length=254)
    from_email = models.CharField(_("from"), max_length=254, blank=True)
    subject = models.TextField(_("subject"))
    body = models.TextField(_("text"))
    html = models.TextField(_("HTML text"), blank=True)
    state = models.CharField(_("state"), max_length=7, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("queued at"), default=timezone.now)
    next_try_at = models.DateTimeField(_("next try"), default=timezone.now)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("outgoing mail")
        verbose_name_plural = _("outgoing mails")
        indexes = [models.Index(fields=["state", "next_try_at"], name="outgoing_mail_due")]
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=["queued", "sending", "sent", "failed"]),
                name="outgoing_mail_state_valid",
            ),
            models.CheckConstraint(
                condition=Q(sent_at__isnull=True) | Q(state="sent"),
                name="outgoing_mail_sent_at_only_when_sent",
            ),
        ]

    def __str__(self):
        return f"{self.to}: {self.subject}"
