"""An evening's change log, read from django-simple-history in a fixed number of queries.

Consecutive history records of the same row are compared field by field; every difference
becomes one line: when, who, what, old value, new value. A write of the whole evening at once
(deleting it, restoring it, loading it from the league's history or a backup) is one line of
its own, told by the evening's record; the records of its seats and scores are not listed.
Hands played at the tables speak for themselves (:mod:`ofcleague.results.hand_changes`): the
round totals and places a hand's save rewrites are not listed beside it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import date_format, number_format, time_format
from django.utils.translation import gettext as _

from ofcleague.backup.starting_history import LOADED_FROM_HISTORY, RESTORED_FROM_BACKUP
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.league.services import CASCADE_MOMENT, DELETED_WITH_EVENING, EVENING_FIELDS, RESTORED
from ofcleague.league.services.merging import merge_note
from ofcleague.results.hand_changes import HandHistory, hand_changes, within_a_moment

# The fields worth telling about; the version only counts saves.
CHANGE_FIELDS = (*EVENING_FIELDS, "status", "places_source")
# A seat's total is the sum of its round points, whose changes are listed themselves.
SEAT_FIELDS = ("place", "tie_break", "prize")
# Rows written by one save lie within a moment of each other.
SAME_SAVE = datetime.timedelta(seconds=1)
SCORE_FIELDS = ("points", "table")
# The kinds of a "+" record written with the whole evening, by its change reason.
WHOLE_EVENING_ADDED = {
    RESTORED: "restored",
    LOADED_FROM_HISTORY: "loaded",
    RESTORED_FROM_BACKUP: "from_backup",
}
#: Kinds of line that stand for a write of the whole evening, each a save of its own.
WHOLE_EVENING = {"deleted", *WHOLE_EVENING_ADDED.values()}
#: Saves the evening's page lists: enough to follow a night's corrections; older saves stay
#: in the admin's history.
SHOWN_SAVES = 30
#: Kinds of a hand's line that are a save of their own.
HAND_SAVES = {"saved", "undone"}


@dataclass
class Save:
    """The changes one user made with one save, newest save first in the log."""

    when: datetime.datetime
    user: str
    changes: list


@dataclass(frozen=True)
class Change:
    """One line of the change log. ``kind`` is "added", "changed" or "removed" for a row,
    "merged" for a seat moved from a player merged away, "saved", "undone" or
    "corrected" for a hand, or one of :data:`WHOLE_EVENING` for the
    evening with everything in it."""

    when: datetime.datetime
    user: str
    subject: str
    kind: str
    field: str = ""
    old: str = ""
    new: str = ""
    #: The hand a hand's line tells of (its id): each hand is a save of its own.
    hand: int | None = None


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


def _kind(record) -> str:
    """What a history record did: added, changed or removed its row, or, written with the
    whole evening, one of :data:`WHOLE_EVENING`."""
    if record.history_type == "+":
        return WHOLE_EVENING_ADDED.get(record.history_change_reason, "added")
    if record.history_type == "-":
        return "deleted" if record.history_change_reason == DELETED_WITH_EVENING else "removed"
    if merge_note(getattr(record, "history_change_reason", None)):
        return "merged"
    return "changed"


def _evening_kind(record) -> str:
    # However it was deleted (here or in the admin), the evening's removal is its deletion.
    kind = _kind(record)
    return "deleted" if kind == "removed" else kind


def _part_kind(cascades):
    """The kind of a seat's or score's record, or None where it was written with the whole
    evening: marked so, or removed within a moment before the evening was (an evening deleted
    elsewhere takes them along by cascade, unmarked)."""

    def kind_of(record) -> str | None:
        kind = _kind(record)
        if kind in WHOLE_EVENING:
            return None
        if kind == "removed" and any(
            datetime.timedelta(0) <= deleted - record.history_date <= CASCADE_MOMENT
            for deleted in cascades
        ):
            return None
        return kind

    return kind_of


def _diff(records, fields, subject_of, kind_of) -> list[Change]:
    """Changes from the history records of one model (any number of rows), oldest first.

    ``kind_of(record)`` tells what a record did; records of kind None are not listed.
    """
    by_row: dict[int, list] = {}
    for record in records:
        by_row.setdefault(record.id, []).append(record)
    changes = []
    for rows in by_row.values():
        rows.sort(key=lambda record: (record.history_date, record.history_id))
        previous = None
        for record in rows:
            kind = kind_of(record)
            subject = subject_of(record)
            if kind == "added":
                summary = ", ".join(
                    f"{_label(record, name)} {_show(record, name)}"
                    for name in fields
                    if getattr(record, name) not in (None, "")
                )
                changes.append(
                    Change(record.history_date, _user(record), subject, "added", new=summary)
                )
            elif kind == "changed" and previous is not None:
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
            elif kind == "merged":
                note = merge_note(record.history_change_reason) or {}
                changes.append(
                    Change(
                        record.history_date,
                        _user(record),
                        subject,
                        kind,
                        old=str(note.get("from", "?")),
                        new=str(note.get("to", "?")),
                    )
                )
            elif kind not in (None, "changed"):
                changes.append(Change(record.history_date, _user(record), subject, kind))
            previous = record
    return changes


def evening_changes(evening_id: int) -> list[Change]:
    """Every recorded change of an evening, its players and their points, newest first."""
    evenings = list(Evening.history.filter(id=evening_id).select_related("history_user"))
    seats = list(EveningPlayer.history.filter(evening_id=evening_id).select_related("history_user"))
    scores = RoundScore.history.filter(
        evening_player_id__in=EveningPlayer.history.filter(evening_id=evening_id).values("id")
    ).select_related("history_user")
    names = dict(
        Player.objects.filter(pk__in={seat.player_id for seat in seats}).values_list("pk", "name")
    )
    # A player merged into another is gone: their name lives on in the merge's records.
    for seat in seats:
        note = merge_note(seat.history_change_reason)
        if note and isinstance(note.get("from_id"), int):
            names.setdefault(note["from_id"], str(note.get("from", "?")))
    seat_player = {seat.id: names.get(seat.player_id, "?") for seat in seats}

    cascades = [
        record.history_date
        for record in evenings
        if record.history_type == "-" and record.history_change_reason != DELETED_WITH_EVENING
    ]
    part_kind = _part_kind(cascades)
    hands = HandHistory(evening_id)
    rewritten = _rewritten_by_hands(hands, part_kind)

    changes = _diff(evenings, CHANGE_FIELDS, lambda record: _("Evening"), _evening_kind)
    changes += _diff(seats, SEAT_FIELDS, lambda record: names.get(record.player_id, "?"), rewritten)
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
        rewritten,
    )
    changes += hand_changes(hands, lambda seat: seat_player.get(seat, "?"), part_kind, Change)
    changes.sort(key=lambda change: change.when, reverse=True)
    return changes


def _rewritten_by_hands(hands: HandHistory, kind_of):
    """``kind_of`` for seats and scores, where a record written by the same user within a
    moment of a hand's is what the hand's save rewrote (totals, places): not listed."""
    moments: dict[str, list] = {}
    for record in [*hands.hands, *hands.results]:
        moments.setdefault(_user(record), []).append(record.history_date)
    for times in moments.values():
        times.sort()

    def rewritten(record) -> str | None:
        if within_a_moment(moments.get(_user(record), []), record.history_date, SAME_SAVE):
            return None
        return kind_of(record)

    return rewritten


def group_by_save(changes: list[Change]) -> list[Save]:
    """Group a newest-first change list into saves: same user, within a moment of its newest.

    A write of the whole evening is a save of its own, however soon another follows it, and
    so is each hand (a table saves its hands seconds apart when they were queued offline).
    """
    saves: list[Save] = []
    for change in changes:
        last = saves[-1] if saves else None
        if (
            last
            and last.user == change.user
            and last.when - change.when <= SAME_SAVE
            and change.kind not in WHOLE_EVENING
            and last.changes[0].kind not in WHOLE_EVENING
            and not _other_hand(last, change)
        ):
            last.changes.append(change)
        else:
            saves.append(Save(change.when, change.user, [change]))
    for save in saves:
        save.changes.reverse()
    return saves


def _other_hand(save: Save, change: Change) -> bool:
    """Whether ``change`` and ``save`` tell of different hands, one of them saved or undone
    (a correction's lines for the hands after it, whose Fantasyland follows, stay together)."""
    if change.hand is None:
        return False
    return any(
        line.hand not in (None, change.hand) and HAND_SAVES & {line.kind, change.kind}
        for line in save.changes
    )


def evening_history(evening_id: int) -> dict:
    """The evening's change log for its page: the newest saves (``saves``) and how many
    older ones are not shown (``more``), read in a fixed number of queries."""
    saves = group_by_save(evening_changes(evening_id))
    return {"saves": saves[:SHOWN_SAVES], "more": max(len(saves) - SHOWN_SAVES, 0)}
