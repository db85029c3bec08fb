"""A feed's VTIMEZONE in the rule form (RRULE), derived from zoneinfo for the years it spans.

icalendar's own ``Timezone.from_tzinfo`` lists every change as an RDATE; vobject reads such a
list wrong (summer evenings an hour off), while a yearly rule ("the last Sunday of March")
reads the same in icalendar, vobject and ics. Each run of years whose changes follow one rule
becomes one STANDARD or DAYLIGHT part with that rule (ending with UNTIL where the rule
changed); a zone without changes in the span gets one STANDARD part.
"""

from __future__ import annotations

import calendar
import datetime
from dataclasses import dataclass

from icalendar import Timezone, TimezoneDaylight, TimezoneStandard

UTC = datetime.UTC
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True)
class _Change:
    local: datetime.datetime  # the wall time just before the change, in the old offset
    before: datetime.timedelta
    after: datetime.timedelta
    name: str
    daylight: bool

    @property
    def rule(self):
        day, month = self.local.day, self.local.month
        last = calendar.monthrange(self.local.year, month)[1]
        nth = -1 if day + 7 > last else (day - 1) // 7 + 1
        byday = f"{nth}{WEEKDAYS[self.local.weekday()]}"
        return (month, byday, self.local.time(), self.before, self.after, self.name, self.daylight)


def _offset(zone, moment):
    return moment.astimezone(zone).utcoffset()


def _changes(zone, year) -> list[_Change]:
    """The zone's changes of offset in ``year``, to the minute."""
    found = []
    day = datetime.datetime(year, 1, 1, 12, tzinfo=UTC)
    while day.year == year:
        following = day + datetime.timedelta(days=1)
        if _offset(zone, day) != _offset(zone, following):
            low, high = day, following
            while high - low > datetime.timedelta(minutes=1):
                middle = low + (high - low) / 2
                low, high = (
                    (middle, high) if _offset(zone, middle) == _offset(zone, low) else (low, middle)
                )
            before, after = _offset(zone, low), _offset(zone, high)
            moment = high.replace(second=0, microsecond=0)
            local = (moment + before).replace(tzinfo=None)
            wall = high.astimezone(zone)
            found.append(_Change(local, before, after, wall.tzname() or "", bool(wall.dst())))
        day = following
    return found


def _part(first: _Change, last: _Change, open_ended: bool):
    part = TimezoneDaylight() if first.daylight else TimezoneStandard()
    part.add("dtstart", first.local)
    part.add("tzoffsetfrom", first.before)
    part.add("tzoffsetto", first.after)
    part.add("tzname", first.name)
    month, byday = first.rule[:2]
    rule = {"freq": "yearly", "bymonth": month, "byday": byday}
    if not open_ended:
        rule["until"] = (last.local - last.before).replace(tzinfo=UTC)
    part.add("rrule", rule)
    return part


def vtimezone(zone, first_year: int, last_year: int) -> Timezone:
    """The VTIMEZONE of ``zone`` for the years ``first_year`` to ``last_year``."""
    component = Timezone()
    component.add("tzid", zone.key)
    order: list[list[_Change]] = []
    latest: dict[tuple, list[_Change]] = {}  # each rule's latest run of years
    for year in range(first_year, last_year + 1):
        for change in _changes(zone, year):
            run = latest.get(change.rule)
            if run is not None and run[-1].local.year == year - 1:
                run.append(change)
            else:
                latest[change.rule] = [change]
                order.append(latest[change.rule])
    if not order:
        start = datetime.datetime(first_year, 1, 1, 12, tzinfo=UTC)
        part = TimezoneStandard()
        part.add("dtstart", datetime.datetime(first_year, 1, 1))
        part.add("tzoffsetfrom", _offset(zone, start))
        part.add("tzoffsetto", _offset(zone, start))
        part.add("tzname", start.astimezone(zone).tzname())
        component.add_component(part)
        return component
    for changes in order:
        open_ended = changes[-1].local.year == last_year
        component.add_component(_part(changes[0], changes[-1], open_ended))
    return component
