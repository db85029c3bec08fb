"""The mails around an evening: the reminder the day before to the players who said yes or
maybe, the news to a waiting player that a seat came free, and the result after the evening
to those who played; each switchable on the player's personal link, each sent once
(``ReminderSent``, unique per evening, player, kind and turn: the seat's mail goes out again
to a player who moves up again), in the league's language.

These run in the task worker (``rsvp/tasks.py``). A mail's ``ReminderSent`` row and the mail
itself (``web/outbox.py``, sent by the worker, tried again when the mail server fails) are
written in one transaction: a mail decided once is never decided again, so never sent twice.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import IntegrityError
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.current import league_reverse, using_league
from ofcleague.league.models import Evening, EveningPlayer, Player, Status
from ofcleague.rsvp.models import Answer, PlayerLink, ReminderKind, ReminderSent, Rsvp
from ofcleague.web.league_writes import league_write
from ofcleague.web.mail_queue import queue_mail

#: How many days after an evening its result is still mailed (a timer that missed a day).
RESULT_DAYS = 3


def _addresses(player_ids) -> dict[int, str]:
    """Where each player's mails go: the address of the account linked to the player, else
    the address the owner gave when adding them; players with neither are left out."""
    player_ids = list(player_ids)
    given = Player._base_manager.filter(pk__in=player_ids).exclude(email="")
    addresses = dict(given.values_list("pk", "email"))
    for linked in hooks.PLAYER_ADDRESSES:  # the members' confirmed claims
        addresses.update(linked(player_ids))
    return addresses


def receives_mail(player) -> bool:
    """Whether the player's mails have somewhere to go (the mail switches are offered)."""
    return player.pk in _addresses([player.pk])


def _switched_off(player_ids, field: str) -> set[int]:
    links = PlayerLink.objects.filter(player_id__in=player_ids, revoked_at=None, **{field: False})
    return set(links.values_list("player_id", flat=True))


def _url(evening: Evening) -> str:
    path = league_reverse(evening.league_id, "results:evening", kwargs={"pk": evening.pk})
    return settings.SITE_URL + path


def _link_url(evening: Evening, player_id: int) -> str:
    """The player's personal link (where they answer), else the evening's page."""
    link = PlayerLink.objects.filter(player_id=player_id, revoked_at=None).first()
    if link is None:
        return _url(evening)
    path = league_reverse(evening.league_id, "rsvp:rsvp", kwargs={"token": link.token})
    return settings.SITE_URL + path


def _send_once(
    evening: Evening, player_id: int, kind: str, address, subject, body, turn: int = 1
) -> bool:
    """Record the mail and queue it, in one transaction; False when it was recorded before.
    The write is the evening's league's (the worker has none active): only its pages go
    stale, not every league's."""
    try:
        with using_league(evening.league), league_write():
            ReminderSent.objects.create(evening=evening, player_id=player_id, kind=kind, turn=turn)
            key = f"evening:{evening.pk}:{player_id}:{kind}:{turn}"
            queue_mail(key, address, subject, body)
    except IntegrityError:
        return False
    return True


def _when(evening: Evening) -> str:
    day = formats.date_format(evening.date, "DATE_FORMAT")
    return f"{day}, {formats.time_format(evening.start_time, 'H:i')}"


def mail_moved_up(evening_id: int, turns: dict[int, int]) -> int:
    """Tell the players who just moved up from the waitlist that they have a seat (run once
    the move is committed; ``turns`` gives each player the number of this seat among the
    seats they were given for the evening, 1 for the first, so each seat is told once; a
    player who switched the seat's mail off gets none)."""
    evening = Evening._base_manager.select_related("league").get(pk=evening_id)
    player_ids = list(turns)
    off = _switched_off(player_ids, "seat_mail")
    sent = 0
    with translation.override(evening.league.language):
        subject = _("A seat came free: you are in on %(when)s") % {"when": _when(evening)}
        for player_id, address in _addresses(player_ids).items():
            if player_id in off:
                continue
            lines = [
                subject,
                evening.location,
                _(
                    "You were on the waitlist; now a seat is yours. If you cannot come, "
                    "say no on your link so the next one moves up:"
                ),
                _link_url(evening, player_id),
            ]
            body = "\n".join(line for line in lines if line)
            sent += _send_once(
                evening,
                player_id,
                ReminderKind.SEATED,
                address,
                subject,
                body,
                turn=turns[player_id],
            )
    return sent


def reminders_before(today: datetime.date) -> int:
    """Remind the players who said yes or maybe to tomorrow's announced evenings."""
    sent = 0
    tomorrow = today + datetime.timedelta(days=1)
    evenings = Evening._base_manager.filter(
        status=Status.PLANNED, announced_at__isnull=False, date=tomorrow
    ).select_related("league")
    for evening in evenings:
        with translation.override(evening.league.language):
            sent += _remind(evening)
    return sent


def _remind(evening: Evening) -> int:
    """The reminders of one evening, the day before."""
    sent = 0
    answers = Rsvp.objects.filter(evening=evening, answer__in=[Answer.YES, Answer.MAYBE])
    answers = {rsvp.player_id: rsvp for rsvp in answers}
    done = set(
        ReminderSent.objects.filter(evening=evening, kind=ReminderKind.BEFORE).values_list(
            "player_id", flat=True
        )
    )
    off = _switched_off(answers, "remind_before")
    for player_id, address in _addresses(answers).items():
        if player_id in done or player_id in off:
            continue
        rsvp = answers[player_id]
        if rsvp.waiting_since:
            status = _("You are on the waitlist.")
        elif rsvp.answer == Answer.YES:
            status = _("You said yes: your seat is waiting.")
        else:
            status = _("You said maybe: please answer yes or no.")
        subject = _("Tomorrow: OFC evening, %(when)s") % {"when": _when(evening)}
        lines = [subject, evening.location, status, _url(evening)]
        body = "\n".join(line for line in lines if line)
        sent += _send_once(evening, player_id, ReminderKind.BEFORE, address, subject, body)
    return sent


def result_mails(today: datetime.date) -> int:
    """Mail the result of the recently finished evenings to the players who played."""
    sent = 0
    evenings = Evening._base_manager.filter(
        status=Status.FINISHED,
        date__lte=today,
        date__gte=today - datetime.timedelta(days=RESULT_DAYS),
    ).select_related("league")
    for evening in evenings:
        with translation.override(evening.league.language):
            sent += _mail_result(evening)
    return sent


def _mail_result(evening: Evening) -> int:
    """The result of one finished evening, to those who played it."""
    sent = 0
    seats = list(
        EveningPlayer.objects.filter(evening=evening)
        .select_related("player")
        .order_by("place", "player__name")
    )
    ids = [seat.player_id for seat in seats]
    done = set(
        ReminderSent.objects.filter(evening=evening, kind=ReminderKind.RESULT).values_list(
            "player_id", flat=True
        )
    )
    off = _switched_off(ids, "send_result")
    table = "\n".join(
        f"{seat.place or '-'}. {seat.player.name}"
        + (f" ({seat.total:+d})" if seat.total is not None else "")
        for seat in seats
    )
    subject = _("The result of the evening of %(date)s") % {
        "date": formats.date_format(evening.date, "DATE_FORMAT")
    }
    body = f"{subject}\n\n{table}\n\n{_url(evening)}"
    for player_id, address in _addresses(ids).items():
        if player_id in done or player_id in off:
            continue
        sent += _send_once(evening, player_id, ReminderKind.RESULT, address, subject, body)
    return sent


def send_reminders(today: datetime.date | None = None) -> tuple[int, int]:
    """Both kinds of mail, each in its league's language; how many of each were sent."""
    today = today or timezone.localdate()
    return reminders_before(today), result_mails(today)
