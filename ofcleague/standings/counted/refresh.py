"""The kept tables of the league's season windows, one per window and points system, refreshed
where a write can have changed them and rebuilt from the evenings.

A write to a finished evening (the core's ``EVENING_CHANGED``, after the kept numbers)
refreshes the windows that hold its date now or held it before the write; a change to a
system or window refreshes its tables (``services.py``); :func:`rebuild` recomputes every
league's (``rebuild_standings`` through ``standings.kept.rebuild``). Each table is computed
whole from one query of its evenings (``facts.py``) by the pure ``counting.season_table``:
a window is a season, a few dozen evenings, so the refresh stays the same size as the league
grows.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from ofcleague.league import hooks
from ofcleague.league.current import every_league, using_league
from ofcleague.league.models import Evening, League, Status
from ofcleague.standings.counted.facts import window_facts
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.rules import as_counting, as_window
from ofcleague.standings.counting import season_table


def refresh_tables(
    windows: Iterable[SeasonWindow],
    systems: list[PointsSystem],
    *,
    exclude: int | None = None,
) -> None:
    """Compute the tables of ``windows`` under ``systems`` again and store them (the active
    league's; its windows' evenings read once per window)."""
    for window in windows:
        CountedRow.objects.filter(window=window, system__in=systems).delete()
        if not systems:
            continue
        facts = window_facts(
            window.league_id or 0, window.first_day, window.last_day, exclude=exclude
        )
        rows = []
        for system in systems:
            table = season_table(as_counting(system), as_window(window), facts)
            rows += [
                CountedRow(
                    league_id=window.league_id,
                    window=window,
                    system=system,
                    player_id=int(row.player),  # type: ignore[call-overload]
                    position=position,
                    points_numerator=row.points.numerator,
                    points_denominator=row.points.denominator,
                    played=row.played,
                    counted=list(row.counted),
                    ranked=row.ranked,
                )
                for position, row in enumerate(table, start=1)
            ]
        CountedRow.objects.bulk_create(rows)


def refresh_dates(league_id: int, dates: set[datetime.date], *, exclude: int | None = None) -> None:
    """Refresh the tables of the league's windows that hold any of ``dates``."""
    with using_league(League(pk=league_id)):
        windows = [
            window
            for window in SeasonWindow.objects.all()
            if any(window.first_day <= date <= window.last_day for date in dates)
        ]
        if windows:
            refresh_tables(windows, list(PointsSystem.objects.all()), exclude=exclude)


def evening_changed(change: hooks.EveningChange) -> None:
    """The receiver of the core's ``EVENING_CHANGED`` (after the kept numbers): the windows
    that hold the written evenings' dates, before and after the write, follow it. An evening
    that was not finished before the write and is not now changes no table; a league with no
    windows costs one query."""
    league_id = change.evenings[0].league_id
    with using_league(League(pk=league_id)):
        if not SeasonWindow.objects.exists():
            return
    keys = [evening.pk for evening in change.evenings]
    states = {(evening.date, evening.status) for evening in change.evenings}
    states |= set(Evening.history.filter(id__in=keys).values_list("date", "status").distinct())
    if not any(status == Status.FINISHED for _date, status in states):
        return
    exclude = change.evenings[0].pk if change.deleting and not change.together else None
    refresh_dates(league_id, {date for date, _status in states}, exclude=exclude)


def rebuild() -> None:
    """Every league's window tables from their evenings (inside ``standings.kept.rebuild``'s
    write)."""
    with every_league():
        CountedRow.objects.all().delete()
        leagues = sorted(set(SeasonWindow.objects.values_list("league_id", flat=True)))
    for league_id in leagues:
        rebuild_league(League(pk=league_id))


def rebuild_league(league: League) -> None:
    """One league's window tables from its evenings."""
    with using_league(league):
        CountedRow.objects.all().delete()
        refresh_tables(SeasonWindow.objects.all(), list(PointsSystem.objects.all()))


def kept_values() -> list:
    """Every kept window row, keyed and in key order, for comparing with a rebuild."""
    with every_league():
        return sorted(
            CountedRow.objects.values_list(
                "league_id",
                "window_id",
                "system_id",
                "player_id",
                "position",
                "points_numerator",
                "points_denominator",
                "played",
                "counted",
                "ranked",
            ),
            key=lambda row: row[:5],
        )
