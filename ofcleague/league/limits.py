"""The league's plausible limits, stated once.

Model validators, the database's check constraints, the forms, the services' ``full_clean``
and the restore command all take their bounds from here, so a value one of them accepts is
never refused by another (or, worse, stored and then unreadable on the other database).
Fixed bounds are database constraints; the bounds that move with today's date (an evening at
most a year ahead, a finished evening not in the future) can only be checked by validators.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import NamedTuple

from django.db.models import Q
from django.utils import timezone


class Range(NamedTuple):
    """An inclusive range of allowed values."""

    low: int | Decimal
    high: int | Decimal

    def __contains__(self, value) -> bool:
        return self.low <= value <= self.high

    def q(self, field: str) -> Q:
        """The range as a condition on ``field`` for a check constraint."""
        return Q(**{f"{field}__gte": self.low, f"{field}__lte": self.high})


BUY_IN = Range(Decimal("0"), Decimal("1000"))
#: The pot of an evening and each player's prize, in euros.
MONEY = Range(Decimal("0"), Decimal("100000"))
#: What one point is worth where the league plays for money per point, in euros.
STAKE = Range(Decimal("0.01"), Decimal("1000"))
ROUNDS = Range(1, 20)
HANDS_PER_ROUND = Range(1, 100)
#: One player's points in one round.
ROUND_POINTS = Range(-10_000, 10_000)
#: One player's net points in one hand at the table (a Pineapple hand peaks near 300).
HAND_POINTS = Range(-1_000, 1_000)
#: Players at one table.
TABLE_SEATS = Range(2, 4)
#: A total is the sum of at most ``ROUNDS.high`` rounds.
TOTAL_POINTS = Range(ROUND_POINTS.low * ROUNDS.high, ROUND_POINTS.high * ROUNDS.high)

FIRST_DATE = datetime.date(2000, 1, 1)
#: How far ahead an evening can be planned.
PLANNING_AHEAD = datetime.timedelta(days=366)
#: The database's fixed upper bound for a date, far enough for ``PLANNING_AHEAD`` to rule.
LAST_STORABLE_DATE = datetime.date(2100, 12, 31)

#: Digits for money columns: 100,000.00 needs 8 digits, 2 of them after the comma.
MONEY_DIGITS = 8


def latest_date(today: datetime.date | None = None) -> datetime.date:
    """The latest date an evening can have: one year from today (the league's time zone)."""
    return (today or timezone.localdate()) + PLANNING_AHEAD


def finished_date_allowed(
    date: datetime.date, announced_for: datetime.date | None, today: datetime.date
) -> bool:
    """A finished evening lies on a day that has come, or on the day it was announced for.

    Its results cannot come from a day still ahead, with one exception the league chose in
    advance: an evening started before its announced day may keep that day (or go back to
    it), as the players know it by that day.
    """
    return date <= today or date == announced_for
