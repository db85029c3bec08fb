"""Read queries for the tables: each fetches plain rows in one query for ``standings.py``."""

import datetime
from decimal import Decimal

from django.db import connection
from django.db.models import Count, F, Window
from django.db.models.functions import ExtractYear

from .models import Evening, EveningPlayer, Player, Status
from .standings import PlaceGroup, Seat, records_from_groups

CENT = Decimal("0.01")

# One row per player, place, field size and "payouts known": SQL does the counting, so Python
# folds a few hundred groups instead of every seat. The derived table gives each evening its
# field size (placed players) and how many prizes were recorded. Plain SQL because the ORM
# cannot join a grouped subquery; it is standard SQL for both SQLite and PostgreSQL.
PLACE_GROUPS_SQL = """
    SELECT seat.player_id, player.name, player.slug, seat.place, field.size,
           CASE WHEN field.prizes > 0 THEN 1 ELSE 0 END AS payouts_known,
           COUNT(*), COUNT(seat.total), SUM(seat.total),
           SUM(evening.buy_in), SUM(COALESCE(seat.prize, 0)),
           MIN(evening.date), MAX(evening.date)
    FROM {seat} AS seat
    JOIN {evening} AS evening ON evening.id = seat.evening_id
    JOIN {player} AS player ON player.id = seat.player_id
    JOIN (
        SELECT evening_id, COUNT(*) AS size, COUNT(prize) AS prizes
        FROM {seat} WHERE place IS NOT NULL GROUP BY evening_id
    ) AS field ON field.evening_id = seat.evening_id
    WHERE seat.place IS NOT NULL AND evening.status = %s {filters}
    GROUP BY seat.player_id, player.name, player.slug, seat.place, field.size,
             CASE WHEN field.prizes > 0 THEN 1 ELSE 0 END
"""


def _date(value):
    # SQLite hands MIN/MAX of a date column back as text.
    return datetime.date.fromisoformat(value) if isinstance(value, str) else value


def _money(value):
    # SQLite sums decimals as floats; round back to cents.
    return Decimal(str(value)).quantize(CENT)


def place_groups(*, year_from=None, year_to=None, variant=None) -> list[PlaceGroup]:
    """The finished evenings matching the filters, counted per player, place, field size
    and whether payouts are known; one query."""
    filters, params = [], [Status.FINISHED]
    adapt = connection.ops.adapt_datefield_value
    if year_from is not None:
        filters.append("AND evening.date >= %s")
        params.append(adapt(datetime.date(year_from, 1, 1)))
    if year_to is not None:
        filters.append("AND evening.date <= %s")
        params.append(adapt(datetime.date(year_to, 12, 31)))
    if variant:
        filters.append("AND evening.variant = %s")
        params.append(variant)
    sql = PLACE_GROUPS_SQL.format(
        seat=connection.ops.quote_name(EveningPlayer._meta.db_table),
        evening=connection.ops.quote_name(Evening._meta.db_table),
        player=connection.ops.quote_name(Player._meta.db_table),
        filters=" ".join(filters),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        PlaceGroup(
            player_id,
            name,
            slug,
            place,
            size,
            bool(known),
            evenings,
            points_evenings,
            points,
            _money(buy_ins),
            _money(prizes),
            _date(first),
            _date(last),
        )
        for (
            player_id,
            name,
            slug,
            place,
            size,
            known,
            evenings,
            points_evenings,
            points,
            buy_ins,
            prizes,
            first,
            last,
        ) in rows
    ]


def alltime_records(**filters):
    """The all-time table's rows (filters as for ``place_groups``) and the largest field."""
    groups = place_groups(**filters)
    return records_from_groups(groups), max((group.field_size for group in groups), default=0)


def finished_seats(*, player=None) -> list[Seat]:
    """Every placed seat of the finished evenings, oldest evening first (one query).

    The field size and whether the evening has any prize recorded come from window functions
    over the evening's seats. With ``player``, only the evenings that player played are
    fetched (with all their seats, for head-to-head).
    """
    seats = EveningPlayer.objects.filter(place__isnull=False, evening__status=Status.FINISHED)
    if player is not None:
        seats = seats.filter(
            evening_id__in=EveningPlayer.objects.filter(player=player).values("evening_id")
        )
    by_evening = {"partition_by": [F("evening_id")]}
    rows = (
        seats.annotate(
            field_size=Window(Count("id"), **by_evening),
            prizes_recorded=Window(Count("prize"), **by_evening),
        )
        .order_by("evening__date", "evening__start_time", "evening_id", "place", "player__name")
        .values_list(
            "evening_id",
            "evening__date",
            "player_id",
            "player__name",
            "player__slug",
            "place",
            "field_size",
            "total",
            "prize",
            "evening__buy_in",
            "prizes_recorded",
        )
    )
    return [Seat(*row[:-1], payouts_known=row[-1] > 0) for row in rows]


def season_years() -> list[int]:
    """The calendar years with at least one finished evening, newest first."""
    dates = Evening.objects.filter(status=Status.FINISHED).dates("date", "year", order="DESC")
    return [day.year for day in dates]


def season_summaries():
    """Each calendar year with finished evenings and how many, newest first (one query)."""
    return (
        Evening.objects.filter(status=Status.FINISHED)
        .annotate(year=ExtractYear("date"))
        .values("year")
        .annotate(evenings=Count("id"))
        .order_by("-year")
    )
