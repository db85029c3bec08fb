"""The change log's lines for hands played at the tables, read from their history.

A hand is one line when it is saved ("Hand 3, table 1 (round 1): saved (Anna +5, Bert −5)"),
one when it is undone, and one a value of a correction ("corrected Micha +6 → +11"). What a
hand's save rewrites by itself (the round's totals and the places, Fantasyland carried on to
the hands after a correction, the royalties of a board) is no change of its own: the caller
leaves out the records written within a moment of a hand's (:func:`hand_moments`).
"""

from __future__ import annotations

import bisect
import datetime
from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from ofcleague.table.models import Hand, HandResult

#: A player's fields a correction changes by hand (the rest follow from them).
CORRECTED_FIELDS = (
    "points",
    "front",
    "middle",
    "back",
    "fouled",
    "surrendered",
    "fantasyland_next",
)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _value(record, name: str) -> str:
    value = getattr(record, name)
    if name == "points":
        return _signed(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == "":
        return "–"
    return str(value)


class HandHistory:
    """The history records of an evening's hands and their results (two queries)."""

    def __init__(self, evening_id: int):
        hands = Hand.history.filter(round_table__evening_id=evening_id)
        self.hands = list(hands.select_related("history_user", "round_table"))
        self.results = list(
            HandResult.history.filter(hand_id__in=hands.values("id")).select_related("history_user")
        )

    def subject(self, hand_record) -> str:
        table = hand_record.round_table
        return _("Hand %(hand)s, table %(table)s (round %(round)s)") % {
            "hand": hand_record.number,
            "table": table.table,
            "round": table.round_number,
        }


def within_a_moment(moments: Sequence[datetime.datetime], when, moment) -> bool:
    """Whether ``when`` lies within ``moment`` of one of the sorted ``moments``."""
    index = bisect.bisect_left(moments, when - moment)
    return index < len(moments) and moments[index] <= when + moment


def hand_changes(
    history: HandHistory,
    player_of: Callable[[int], str],
    kind_of: Callable[[object], str | None],
    make: Callable[..., object],
) -> list:
    """The lines for the hands: ``kind_of`` tells what a record did (None: written with the
    whole evening, not listed), ``make`` builds a line (``Change``) from its fields."""
    hands = sorted(history.hands, key=lambda r: (r.history_date, r.history_id))
    added_results: dict[int, list] = {}
    by_result: dict[int, list] = {}
    for record in sorted(history.results, key=lambda r: (r.history_date, r.history_id)):
        by_result.setdefault(record.id, []).append(record)
        if record.history_type == "+" and kind_of(record) == "added":
            added_results.setdefault(record.hand_id, []).append(record)
    hand_subject: dict[int, str] = {}
    for record in hands:
        hand_subject.setdefault(record.id, history.subject(record))
    return _hand_lines(history, hands, added_results, player_of, kind_of, make) + _result_lines(
        by_result, hand_subject, player_of, kind_of, make
    )


def _hand_lines(history, hands, added_results, player_of, kind_of, make) -> list:
    """A hand saved (with its points), undone, or switched between points and boards."""
    changes = []
    previous_hand: dict[int, Any] = {}
    for record in hands:
        kind = kind_of(record)
        subject = history.subject(record)
        when, user = record.history_date, _user_of(record)
        if kind == "added":
            summary = ", ".join(
                f"{player_of(result.evening_player_id)} {_signed(result.points)}"
                for result in added_results.get(record.id, [])
            )
            changes.append(make(when, user, subject, "saved", new=summary, hand=record.id))
        elif kind == "removed":
            changes.append(make(when, user, subject, "undone", hand=record.id))
        elif kind == "changed" and record.id in previous_hand:
            before = previous_hand[record.id]
            if before.entry != record.entry:
                changes.append(
                    make(
                        when,
                        user,
                        subject,
                        "corrected",
                        str(record._meta.get_field("entry").verbose_name),
                        before.get_entry_display(),
                        record.get_entry_display(),
                        hand=record.id,
                    )
                )
        previous_hand[record.id] = record
    return changes


def _result_lines(by_result, hand_subject, player_of, kind_of, make) -> list:
    """A value of a player's result corrected: one line a value."""
    changes = []
    for rows in by_result.values():
        for before, record in zip(rows, rows[1:], strict=False):
            if record.history_type != "~" or kind_of(record) != "changed":
                continue
            player = player_of(record.evening_player_id)
            subject = hand_subject.get(record.hand_id, _("Hand"))
            for name in CORRECTED_FIELDS:
                if getattr(before, name) == getattr(record, name):
                    continue
                field = (
                    player
                    if name == "points"
                    else f"{player}, {record._meta.get_field(name).verbose_name}"
                )
                changes.append(
                    make(
                        record.history_date,
                        _user_of(record),
                        subject,
                        "corrected",
                        field,
                        _value(before, name),
                        _value(record, name),
                        hand=record.hand_id,
                    )
                )
    return changes


def _user_of(record) -> str:
    return record.history_user.get_username() if record.history_user else _("unknown")
