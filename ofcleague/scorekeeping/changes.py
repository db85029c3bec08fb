"""An evening's change log, read from django-simple-history in a fixed number of queries.

Consecutive history records of the same row are compared field by field; every difference
becomes one line: when, who, what, old value, new value.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import date_format, number_format, time_format
from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.league.services import EVENING_FIELDS

# The fields worth telling about; the version only counts saves.
CHANGE_FIELDS = (*EVENING_FIELDS, "status", "places_source")
# A seat's total is the sum of its round points, whose changes are listed themselves.
SEAT_FIELDS = ("place", "tie_break", "prize")
# Rows written by one save lie within a moment of each other.
SAME_SAVE = datetime.timedelta(seconds=1)
SCORE_FIELDS = ("points", "table")


@dataclass
class Save:
    """The changes one user made with one save, newest save first in the log."""

    when: datetime.datetime
    user: str
    changes: list


@dataclass(frozen=True)
class Change:
    """One line of the change log. ``kind`` is "added", "changed" or "removed"."""

    when: datetime.datetime
    user: str
    subject: str
    kind: str
    field: str = ""
    old: str = ""
    new: str = ""


def _show(record, name) -> str:
    value = getattr(record, name)
    if value is None or value == "":
        return "–"
    model_field = record._meta.get_field(name)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(value, datetime.date):
        return date_format(value, "SHORT_DATE_FORMAT")
    if isinstance(value, datetime.time):
        return time_format(value)
    if isinstance(value, Decimal):
        return number_format(value, 2, use_l10n=True)
    return str(value)


def _label(record, name) -> str:
    return str(record._meta.get_field(name).verbose_name)


def _user(record) -> str:
    return record.history_user.get_username() if record.history_user else _("unknown")


def _diff(records, fields, subject_of) -> list[Change]:
    """Changes from the history records of one model (any number of rows), oldest first."""
    by_row: dict[int, list] = {}
    for record in records:
        by_row.setdefault(record.id, []).append(record)
    changes = []
    for rows in by_row.values():
        rows.sort(key=lambda record: (record.history_date, record.history_id))
        previous = None
        for record in rows:
            subject = subject_of(record)
            if record.history_type == "+":
                summary = ", ".join(
                    f"{_label(record, name)} {_show(record, name)}"
                    for name in fields
                    if getattr(record, name) not in (None, "")
                )
                changes.append(
                    Change(record.history_date, _user(record), subject, "added", new=summary)
                )
            elif record.history_type == "-":
                changes.append(Change(record.history_date, _user(record), subject, "removed"))
            elif previous is not None:
                for name in fields:
                    if getattr(previous, name) != getattr(record, name):
                        changes.append(
                            Change(
                                record.history_date,
                                _user(record),
                                subject,
                                "changed",
                                _label(record, name),
                                _show(previous, name),
                                _show(record, name),
                            )
                        )
            previous = record
    return changes


def evening_changes(evening_id: int) -> list[Change]:
    """Every recorded change of an evening, its players and their points, newest first."""
    evenings = Evening.history.filter(id=evening_id).select_related("history_user")
    seats = list(EveningPlayer.history.filter(evening_id=evening_id).select_related("history_user"))
    scores = RoundScore.history.filter(
        evening_player_id__in=EveningPlayer.history.filter(evening_id=evening_id).values("id")
    ).select_related("history_user")
    names = dict(
        Player.objects.filter(pk__in={seat.player_id for seat in seats}).values_list("pk", "name")
    )
    seat_player = {seat.id: names.get(seat.player_id, "?") for seat in seats}

    changes = _diff(evenings, CHANGE_FIELDS, lambda record: _("Evening"))
    changes += _diff(seats, SEAT_FIELDS, lambda record: names.get(record.player_id, "?"))
    changes += _diff(
        scores,
        SCORE_FIELDS,
        lambda record: (
            _("%(player)s, round %(round)s")
            % {
                "player": seat_player.get(record.evening_player_id, "?"),
                "round": record.round_number,
            }
        ),
    )
    changes.sort(key=lambda change: change.when, reverse=True)
    return changes


def group_by_save(changes: list[Change]) -> list[Save]:
    """Group a newest-first change list into saves: same user, within a moment of its newest."""
    saves: list[Save] = []
    for change in changes:
        last = saves[-1] if saves else None
        if last and last.user == change.user and last.when - change.when <= SAME_SAVE:
            last.changes.append(change)
        else:
            saves.append(Save(change.when, change.user, [change]))
    for save in saves:
        save.changes.reverse()
    return saves
