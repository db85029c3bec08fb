"""Local times a league's clock skips: the hour the clocks go forward (summer time begins)."""

from __future__ import annotations

import datetime
import zoneinfo

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _


def league_zone(league=None):
    """The league's time zone (the current one when no league or an unknown name is given)."""
    name = getattr(league, "time_zone", None)
    try:
        return zoneinfo.ZoneInfo(name) if name else timezone.get_current_timezone()
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return timezone.get_current_timezone()


def skipped_start_problem(day, start, zone) -> str | None:
    """Why ``start`` on ``day`` cannot be a start in ``zone`` (the clocks jump over it in the
    spring), or None when the time exists."""
    if day is None or start is None:
        return None
    naive = datetime.datetime.combine(day, start)
    back = naive.replace(tzinfo=zone).astimezone(datetime.UTC).astimezone(zone)
    if back.replace(tzinfo=None) == naive:
        return None
    return _(
        "%(time)s on %(date)s does not exist in %(zone)s: that night the clocks go forward "
        "an hour (summer time begins) and jump over it. Choose another start time."
    ) % {
        "time": start.strftime("%H:%M"),
        "date": date_format(day, "SHORT_DATE_FORMAT"),
        "zone": getattr(zone, "key", str(zone)),
    }
