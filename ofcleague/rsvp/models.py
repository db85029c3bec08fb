"""Before the evening: each player's personal link, their answers to an announced evening,
and the reminders sent.

A :class:`PlayerLink` is a player's own address on the site (a random token, revocable): it
answers the announced evenings without an account, and is meant to carry the player's other
personal things later (a calendar feed of their evenings). An :class:`Rsvp` is one player's
answer to one announced evening; a yes beyond the evening's seats waits, in the order of the
answers (``waiting_since``), and moves up when a seat is freed (``services/answers.py``). A
:class:`ReminderSent` records a mail sent for an evening so that it is never sent twice.
A members-only league's private calendar links are :class:`CalendarFeed` (``calendar_feeds.py``).

The tables keep the names they had in the league app (``db_table``): the models moved into this
app without copying a row (``migrations/0001_moved_from_league.py``).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ofcleague.rsvp.calendar_feeds import CalendarFeed, new_token  # noqa: F401 (registered here)

#: The longest remark a player adds to an answer.
REMARK_LENGTH = 140


class Answer(models.TextChoices):
    YES = "yes", _("yes")
    MAYBE = "maybe", _("maybe")
    NO = "no", _("no")


class PlayerLink(models.Model):
    """A player's personal link: a token that stands for the player, until it is revoked."""

    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="links", verbose_name=_("player")
    )
    token = models.CharField(_("token"), max_length=64, unique=True, default=new_token)
    created_at = models.DateTimeField(_("made"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    # Which mails the player wants (switched on the link's page).
    remind_before = models.BooleanField(_("reminder the day before"), default=True)
    send_result = models.BooleanField(_("the result after the evening"), default=True)
    # The seat's mail has its own switch: no reminder the day before still tells the player
    # when a seat came free for them.
    seat_mail = models.BooleanField(_("a mail when a seat comes free"), default=True)

    class Meta:
        db_table = "league_playerlink"
        ordering = ["player", "-created_at"]
        verbose_name = _("personal link")
        verbose_name_plural = _("personal links")
        constraints = [
            models.CheckConstraint(condition=~Q(token=""), name="player_link_token_set"),
            # One link in use per player (revoked ones stay, so an old link says it is revoked).
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_player",
            ),
        ]

    def __str__(self):
        return f"{self.player}: {self.token[:6]}…"


class Rsvp(models.Model):
    """A player's answer to an announced evening, with a short remark.

    ``waiting_since`` is set while the player said yes but no seat was free: the waitlist in
    the order of these times. A yes without it holds a seat.
    """

    evening = models.ForeignKey(
        "league.Evening", on_delete=models.CASCADE, related_name="rsvps", verbose_name=_("evening")
    )
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="rsvps", verbose_name=_("player")
    )
    answer = models.CharField(_("answer"), max_length=5, choices=Answer.choices)
    remark = models.CharField(_("remark"), max_length=REMARK_LENGTH, blank=True)
    answered_at = models.DateTimeField(_("answered"))
    waiting_since = models.DateTimeField(_("waiting since"), null=True, blank=True)

    class Meta:
        db_table = "league_rsvp"
        ordering = ["evening", "answered_at", "pk"]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "player"], name="one_answer_per_player_and_evening"
            ),
            models.CheckConstraint(condition=Q(answer__in=Answer.values), name="rsvp_answer_valid"),
            models.CheckConstraint(
                condition=Q(waiting_since__isnull=True) | Q(answer=Answer.YES),
                name="rsvp_only_a_yes_waits",
            ),
        ]

    def __str__(self):
        return f"{self.evening}: {self.player} {self.answer}"


class ReminderKind(models.TextChoices):
    BEFORE = "before", _("reminder the day before")
    RESULT = "result", _("the result")
    SEATED = "seated", _("a seat came free")


class ReminderSent(models.Model):
    """A mail of one kind sent to one player for one evening (never a second one).

    ``turn`` counts the seats a waiting player was given for the evening: who moves up, gives
    the seat back, waits again and moves up again is told each time (the other kinds are
    sent once, at turn 1).
    """

    evening = models.ForeignKey(
        "league.Evening", on_delete=models.CASCADE, related_name="+", verbose_name=_("evening")
    )
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    kind = models.CharField(_("kind"), max_length=6, choices=ReminderKind.choices)
    turn = models.PositiveSmallIntegerField(_("turn"), default=1)
    sent_at = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        db_table = "league_remindersent"
        verbose_name = _("mail sent")
        verbose_name_plural = _("mails sent")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "player", "kind", "turn"],
                name="one_mail_per_kind_player_evening_turn",
            ),
            models.CheckConstraint(
                condition=Q(turn__gte=1) & (Q(turn=1) | Q(kind="seated")),
                name="reminder_turn_only_for_seats",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=ReminderKind.values), name="reminder_kind_valid"
            ),
        ]

    def __str__(self):
        return f"{self.evening}: {self.player} {self.kind}"
