"""The kept seasons: how many finished evenings each calendar year has.

A :class:`Season` row per year with at least one finished evening holds that count, so the
seasons list reads a dozen rows instead of the year of every evening (on SQLite the year of a
date is a Python function called per row). :func:`refresh` counts some years again from their
evenings (a write touches the years of its evening's dates before and after it),
:func:`rebuild` every year; :func:`counts` reads them back, newest year first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db import connection
from django.db.models import Count, Q

from ofcleague.league.current import current_league_pk
from ofcleague.league.models import Evening, Status
from ofcleague.standings.kept.models import Season


def _store(counted: dict[int, int]) -> None:
    Season.objects.bulk_create(
        Season(year=year, evenings=evenings)
        for year, evenings in sorted(counted.items())
        if evenings
    )


def refresh(years: Iterable[int], *, exclude=None) -> None:
    """Count the finished evenings of ``years`` again (one query), leaving out the evening
    ``exclude`` (about to be deleted); a year without any keeps no row."""
    years = sorted(set(years))
    if not years:
        return
    finished = Evening.objects.filter(status=Status.FINISHED).exclude(pk=exclude)
    counted = finished.aggregate(
        **{f"y{year}": Count("pk", filter=Q(date__year=year)) for year in years}
    )
    Season.objects.filter(year__in=years).delete()
    _store({int(name[1:]): evenings for name, evenings in counted.items()})


def rebuild() -> None:
    """Count the finished evenings of every year again."""
    Season.objects.all().delete()
    dates = Evening.objects.filter(status=Status.FINISHED).values_list("date", flat=True)
    _store(Counter(date.year for date in dates))


# Plain SQL: the ORM spent longer building this query than the database answering it.
COUNTS = "SELECT year, evenings FROM {table} WHERE league_id = %s ORDER BY year DESC"


def counts() -> list[tuple[int, int]]:
    """Each year of the current league with finished evenings and how many, newest first
    (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(
            COUNTS.format(table=connection.ops.quote_name(Season._meta.db_table)),
            [current_league_pk()],
        )
        return cursor.fetchall()
