"""Announcing the next evening, changing or cancelling the announcement, and the answers.

An announced evening is a planned one (``Status.PLANNED``) with its most seats, until when
players answer and when it was announced. A player answers yes, maybe or no with a remark;
a yes beyond the seats waits in the order of the answers and moves up by itself, in the same
transaction, when a seat is freed (a no, a maybe, more seats). The rules over the answers are
in ``invariants/answers.py``.
"""

from __future__ import annotations

import datetime
from functools import partial

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, PlacesSource, Player, Status
from ofcleague.league.roles import RESULTS_ONLY, require
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.version import (
    EveningChanged,
    evening_of_form,
    save_new_evening,
    validated,
)
from ofcleague.league.text import clean_free_text
from ofcleague.rsvp.models import (
    REMARK_LENGTH,
    Answer,
    PlayerLink,
    ReminderKind,
    ReminderSent,
    Rsvp,
)
from ofcleague.rsvp.tasks import mail_moved_up_task
from ofcleague.web.league_writes import league_write

#: The most tables an announced evening plans for.
MOST_TABLES = 4

#: The league's defaults an announcement takes where it names no value of its own.
LEAGUE_DEFAULTS = ("start_time", "buy_in", "variant", "rule_set", "rounds", "hands_per_round")

#: The fields of an announcement.
ANNOUNCED_FIELDS = (
    "date",
    "start_time",
    "location",
    "buy_in",
    "variant",
    "rule_set",
    "rounds",
    "hands_per_round",
    "most_seats",
    "rsvp_until",
    "notes",
)


def most_seats_allowed(evening: Evening) -> int:
    """The most seats the evening's rule set seats at ``MOST_TABLES`` tables."""
    return MOST_TABLES * evening_rule_set(evening).table_seats


def answers_closed(evening: Evening, now: datetime.datetime | None = None) -> bool:
    """Whether the evening's answer deadline has passed (a no is still taken, nothing else)."""
    return bool(evening.rsvp_until and (now or timezone.now()) > evening.rsvp_until)


def _check_announcement(
    evening: Evening, now: datetime.datetime, kept_until: datetime.datetime | None = None
) -> None:
    """The announcement's rules; a deadline already past is refused unless it is the one
    the announcement had (``kept_until``: changing the place keeps a closed deadline)."""
    errors = {}
    most = most_seats_allowed(evening)
    if evening.most_seats is None or not 2 <= evening.most_seats <= most:
        errors["most_seats"] = _(
            "The seats must be 2 to %(most)s (%(tables)s tables of %(size)s)."
        ) % {"most": most, "tables": MOST_TABLES, "size": evening_rule_set(evening).table_seats}
    if evening.date and evening.date < timezone.localdate(now):
        errors["date"] = _("An evening is announced for today or a later day.")
    if evening.rsvp_until and evening.date and evening.start_time:
        start = timezone.make_aware(datetime.datetime.combine(evening.date, evening.start_time))
        if evening.rsvp_until > start:
            errors["rsvp_until"] = _("The answers must be in before the evening starts.")
    if answers_closed(evening, now) and evening.rsvp_until != kept_until:
        errors["rsvp_until"] = _(
            "This deadline has passed already, so nobody could answer yes or maybe any more. "
            "Give a later time, or leave it empty to take answers until the evening."
        )
    if errors:
        raise ValidationError(errors)


@league_write
def announce_evening(league, user, *, now=None, submit_key=None, **details) -> Evening:
    """Announce the league's next evening (planned, with no players yet); what it leaves out
    comes from the league's defaults. ``submit_key``: the form's hidden key, the same form
    sent again gives the evening it announced."""
    require(RESULTS_ONLY, user, league)
    earlier = evening_of_form(league.pk, submit_key)
    if earlier is not None:
        return earlier
    now = now or timezone.now()
    details = {key: value for key, value in details.items() if key in ANNOUNCED_FIELDS}
    for key in LEAGUE_DEFAULTS:
        if details.get(key) is None:
            details[key] = getattr(league, key)
    details["location"] = clean_free_text(details.get("location", ""))
    details["notes"] = clean_free_text(details.get("notes", ""), multiline=True)
    evening = Evening(
        league=league,
        status=Status.PLANNED,
        places_source=PlacesSource.POINTS,
        announced_at=now,
        **details,
    )
    evening.announced_for = evening.date
    _check_announcement(evening, now)
    validated(evening)
    saved = save_new_evening(evening, submit_key)
    return saved


def locked_announcement(evening: Evening) -> Evening:
    """The evening, locked, refusing one that is not an open announcement."""
    evening = (
        Evening._base_manager.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=evening.pk)
    )
    if evening.status != Status.PLANNED or evening.announced_at is None:
        raise ValidationError(
            _("This evening is not an open announcement any more."), code="not_announced"
        )
    return evening


@league_write
def change_announcement(
    evening: Evening, user, *, now=None, read_version: int | None = None, **details
) -> Evening:
    """Change an announced evening; more seats let the waiting players move up, fewer than
    the players who hold one are refused. With ``read_version`` (the version the page was
    read at), a change saved by someone else since is refused (:class:`EveningChanged`)."""
    evening = locked_announcement(evening)
    if read_version is not None and read_version != evening.version:
        raise EveningChanged()
    require(RESULTS_ONLY, user, evening.league)
    now = now or timezone.now()
    kept_until = evening.rsvp_until
    for key, value in details.items():
        if key in LEAGUE_DEFAULTS and value is None:
            continue  # left empty: the announcement keeps what it had
        if key in ANNOUNCED_FIELDS:
            if key in ("location", "notes"):
                value = clean_free_text(value, multiline=key == "notes")
            setattr(evening, key, value)
    _check_announcement(evening, now, kept_until)
    evening.announced_for = evening.date
    holding = Rsvp.objects.filter(evening=evening, answer=Answer.YES, waiting_since=None).count()
    if evening.most_seats < holding:
        raise ValidationError(
            {
                "most_seats": _(
                    "%(count)s players hold a seat already: the seats cannot drop below that."
                )
                % {"count": holding}
            }
        )
    validated(evening)
    evening.version += 1
    evening.save()
    _move_up(evening)
    return evening


@league_write
def cancel_evening(evening: Evening, user) -> Evening:
    """Cancel an announced evening (it stays, marked cancelled; nobody answers it any more)."""
    evening = locked_announcement(evening)
    require(RESULTS_ONLY, user, evening.league)
    evening.status = Status.CANCELLED
    evening.version += 1
    evening.save(update_fields=["status", "version"])
    return evening


def _move_up(evening: Evening) -> None:
    """Seat the waiting players, first come first, while seats are free; once that is
    committed, each of them is mailed that they have a seat (as often as they move up: the
    mail's turn is one past the last they were sent)."""
    answers = Rsvp.objects.filter(evening=evening, answer=Answer.YES)
    free = evening.most_seats - answers.filter(waiting_since=None).count()
    if free <= 0:
        return
    waiting = list(answers.exclude(waiting_since=None).order_by("waiting_since", "pk")[:free])
    if not waiting:
        return
    Rsvp.objects.filter(pk__in=[answer.pk for answer in waiting]).update(waiting_since=None)
    moved = [answer.player_id for answer in waiting]
    told = dict(
        ReminderSent.objects.filter(evening=evening, player_id__in=moved, kind=ReminderKind.SEATED)
        .values("player_id")
        .annotate(last=Max("turn"))
        .values_list("player_id", "last")
    )
    turns = {player_id: told.get(player_id, 0) + 1 for player_id in moved}
    pairs = [[player_id, turn] for player_id, turn in turns.items()]
    transaction.on_commit(partial(mail_moved_up_task.enqueue, evening.pk, pairs))


@league_write
def answer_evening(
    evening: Evening, player: Player, answer: str, remark: str = "", *, now=None
) -> Rsvp:
    """A player's answer to an announced evening (a second one replaces the first).

    A yes takes a free seat, else waits behind those who said yes before; a yes again keeps
    its seat or its place in the line. A seat given up goes to the first who waits. After
    the answers' deadline a player can still say no (and free the seat), nothing else.
    """
    evening = locked_announcement(evening)
    now = now or timezone.now()
    if answer not in Answer.values:
        raise ValidationError({"answer": _("Answer yes, maybe or no.")}, code="answer")
    if player.league_id != evening.league_id:
        raise ValidationError(_("This player belongs to another league."), code="foreign")
    remark = clean_free_text(remark or "")
    if len(remark) > REMARK_LENGTH:
        raise ValidationError(
            {"remark": _("A remark has at most %(most)s characters.") % {"most": REMARK_LENGTH}}
        )
    if answers_closed(evening, now) and answer != Answer.NO:
        raise ValidationError(
            _("The answers were due by %(until)s; you can still say no.")
            % {
                "until": formats.date_format(
                    timezone.localtime(evening.rsvp_until), "SHORT_DATETIME_FORMAT"
                )
            },
            code="too_late",
        )
    rsvp = Rsvp.objects.filter(evening=evening, player=player).first()
    if rsvp is None:
        rsvp = Rsvp(evening=evening, player=player)
    was_yes = rsvp.answer == Answer.YES
    rsvp.remark = remark
    if not (was_yes and answer == Answer.YES):
        rsvp.answer = answer
        rsvp.answered_at = now
        rsvp.waiting_since = None
        if answer == Answer.YES:
            holding = Rsvp.objects.filter(
                evening=evening, answer=Answer.YES, waiting_since=None
            ).exclude(pk=rsvp.pk)
            if holding.count() >= evening.most_seats:
                rsvp.waiting_since = _after_the_last_waiting(evening, now)
    rsvp.save()
    _move_up(evening)
    rsvp.refresh_from_db()
    return rsvp


def _after_the_last_waiting(evening: Evening, now):
    """When a new yes joins the waitlist: ``now``, or just after the last one waiting where
    that is no earlier (answers given at one moment wait in the order they came)."""
    last = (
        Rsvp.objects.filter(evening=evening)
        .exclude(waiting_since=None)
        .aggregate(last=Max("waiting_since"))["last"]
    )
    if last is not None and last >= now:
        return last + datetime.timedelta(microseconds=1)
    return now


def move_answers(keep: Player, merge: Player) -> None:
    """A merge of two players: the merged player's answers become the kept one's where the
    kept one has none (its own answer stands else), and a seat the merged one held and
    gives up goes to the first who waits (in the merge's transaction)."""
    kept = Rsvp.objects.filter(player=keep).values("evening_id")
    Rsvp.objects.filter(player=merge).exclude(evening_id__in=kept).update(player=keep)
    evenings = set(Rsvp.objects.filter(player=merge).values_list("evening_id", flat=True))
    Rsvp.objects.filter(player=merge).delete()
    for evening in Evening._base_manager.filter(pk__in=evenings, status=Status.PLANNED):
        _move_up(evening)
    if PlayerLink.objects.filter(player=keep, revoked_at=None).exists():
        PlayerLink.objects.filter(player=merge, revoked_at=None).update(revoked_at=timezone.now())
    PlayerLink.objects.filter(player=merge).update(player=keep)


def link_for(player: Player) -> PlayerLink | None:
    """The player's personal link in use, if any (``make_links`` gives one)."""
    return PlayerLink.objects.filter(player=player, revoked_at=None).first()


@league_write
def make_links(league, user) -> int:
    """Give every active player of the league without a personal link one; how many."""
    require(RESULTS_ONLY, user, league)
    live = PlayerLink.objects.filter(revoked_at=None).values("player_id")
    players = Player.objects.filter(league=league, active=True).exclude(pk__in=live)
    made = [PlayerLink(player=player) for player in players]
    PlayerLink.objects.bulk_create(made)
    return len(made)


@league_write
def renew_link(link: PlayerLink, user) -> PlayerLink:
    """Revoke a personal link and give its player a new one (the old one stops working).
    A link renewed already is refused while its player has a newer one (the same renew sent
    twice); a revoked link of a player with none in use gives them one."""
    link = (
        PlayerLink.objects.select_for_update(of=("self",))
        .select_related("player__league")
        .get(pk=link.pk)
    )
    require(RESULTS_ONLY, user, link.player.league)
    newer = PlayerLink.objects.filter(player=link.player, revoked_at=None).exclude(pk=link.pk)
    if link.revoked_at is not None and newer.exists():
        raise ValidationError(
            _("This link was renewed already; the list shows the one in use."), code="renewed"
        )
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return PlayerLink.objects.create(player=link.player)


@league_write
def set_mails(
    link: PlayerLink, *, remind_before: bool, send_result: bool, seat_mail: bool | None = None
) -> PlayerLink:
    """The player's choice of mails, from their link's page (``seat_mail`` None: kept)."""
    link = PlayerLink.objects.select_for_update().get(pk=link.pk)
    if link.revoked_at is not None:
        raise ValidationError(_("This link was revoked."), code="revoked")
    link.remind_before = remind_before
    link.send_result = send_result
    if seat_mail is not None:
        link.seat_mail = seat_mail
    link.save(update_fields=["remind_before", "send_result", "seat_mail"])
    return link
