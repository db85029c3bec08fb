"""Deleted evenings: deleting with everything that belongs to the evening, and restoring it."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    Player,
    RoundScore,
)
from ofcleague.league.services.version import claim_evening, fresh_seats
from ofcleague.web.league_writes import league_write

# Marks the history rows written when an evening is deleted, so a restore brings back exactly
# the seats and scores that went with it (not those removed earlier by a correction).
DELETED_WITH_EVENING = "deleted with evening"
RESTORED = "restored"


@league_write
def delete_evening(evening: Evening, read_version: int) -> None:
    """Delete an evening with its seats and scores; :func:`restore_evening` brings it back.

    Every row is deleted one by one so that each gets a history record marked as deleted
    with the evening.
    """
    evening = claim_evening(evening, read_version)
    hooks.evening_changed(evening, deleting=True)
    for seat in fresh_seats(evening):
        for score in seat.scores.all():
            score._change_reason = DELETED_WITH_EVENING
            score.delete()
        seat._change_reason = DELETED_WITH_EVENING
        seat.delete()
    evening._change_reason = DELETED_WITH_EVENING
    gone = Evening(pk=evening.pk, league=evening.league, date=evening.date, status=evening.status)
    evening.delete()
    # The money: what was only proposed for it goes, what was paid is proposed back.
    for receiver in hooks.EVENING_DELETED:
        receiver(gone)


def deleted_evenings():
    """The last history record of every deleted evening that was not restored, newest first."""
    records = (
        Evening.history.filter(history_type="-")
        .exclude(id__in=Evening.objects.values("id"))
        .select_related("history_user")
        .order_by("-history_date")
    )
    seen, result = set(), []
    for record in records:
        if record.id not in seen:
            seen.add(record.id)
            result.append(record)
    return result


# An evening deleted elsewhere (the admin) takes its seats and scores along by cascade, unmarked:
# then the rows deleted within this moment before the evening count as deleted with it.
CASCADE_MOMENT = datetime.timedelta(seconds=2)


def deleted_with_evening(records, evening_record) -> list:
    """The latest record per row, kept only where that record is the deletion with the evening."""
    latest = {}
    for record in records.order_by("history_date", "history_id"):
        latest[record.id] = record
    if evening_record.history_change_reason == DELETED_WITH_EVENING:
        return [
            record
            for record in latest.values()
            if record.history_type == "-" and record.history_change_reason == DELETED_WITH_EVENING
        ]
    return [
        record
        for record in latest.values()
        if record.history_type == "-"
        and evening_record.history_date - record.history_date <= CASCADE_MOMENT
    ]


@league_write
def restore_evening(evening_id: int) -> Evening:
    """Bring back a deleted evening with the seats and scores deleted along with it."""
    if Evening.objects.filter(pk=evening_id).exists():
        raise ValidationError(_("This evening was not deleted."))
    record = Evening.history.filter(id=evening_id, history_type="-").order_by("-history_date")
    record = record.first()
    if record is None:
        raise ValidationError(_("There is no deleted evening to restore."))
    seats = deleted_with_evening(EveningPlayer.history.filter(evening_id=evening_id), record)
    scores = deleted_with_evening(
        RoundScore.history.filter(evening_player_id__in=[seat.id for seat in seats]), record
    )
    missing = {seat.player_id for seat in seats} - set(
        Player.objects.filter(pk__in=[seat.player_id for seat in seats]).values_list(
            "pk", flat=True
        )
    )
    if missing:
        raise ValidationError(_("A player of this evening no longer exists."))

    evening = record.instance
    evening.version = record.version + 1
    evening._change_reason = RESTORED
    prizes = [seat.prize for seat in seats if seat.prize is not None]
    if evening.pot is None and prizes:
        # Deleted before evenings kept their pot: it was the sum of the prizes.
        evening.pot = sum(prizes, Decimal(0))
    if evening.pot is not None and evening.pot != evening.buy_in * len(seats):
        # Deleted before the pot followed the buy-ins: a pot of its own was set by hand.
        evening.pot_set_by_hand = True
    try:
        # A second restore of the same evening at the same moment finds the rows taken.
        with league_write():
            evening.save(force_insert=True)
            for row in [*seats, *scores]:
                instance = row.instance
                instance._change_reason = RESTORED
                instance.save(force_insert=True)
    except IntegrityError:
        raise ValidationError(
            _("This evening was restored meanwhile."), code="restored_meanwhile"
        ) from None
    problems = league_problems([evening.pk])
    if problems:
        raise ValidationError(
            _("This evening cannot be restored: %(problem)s") % {"problem": problems[0].rule}
        )
    hooks.evening_changed(evening)
    return evening
