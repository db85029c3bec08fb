"""Read queries for the tables: each fetches plain rows in one query for ``standings.py``."""

from django.db.models import Count
from django.db.models.functions import ExtractYear

from .models import Evening, EveningPlayer, Standing, Status
from .rating_math import NEWCOMER, Rating, forecast
from .ratings import ratings_before
from .standings import Seat, default_order_key
from .standings_store import ALL_YEARS, summed


def alltime_records(*, year_from=None, year_to=None, variant=None):
    """The all-time table's rows (filtered by year range and variant) and the largest field,
    added up from the kept counters in one query (``standings_store.summed``)."""
    filters, params = [], []
    if year_from is not None:
        filters.append("AND standing.year >= %s")
        params.append(year_from)
    if year_to is not None:
        filters.append("AND standing.year <= %s")
        params.append(year_to)
    if variant:
        filters.append("AND standing.variant = %s")
        params.append(variant)
    rows = summed(filters, params)
    records = sorted((row.record for row in rows), key=default_order_key)
    return records, max((row.largest_field for row in rows), default=0)


def finished_seats(*, player=None) -> list[Seat]:
    """Every placed seat of the finished evenings, oldest evening first (one query).

    The field size and whether the evening has any prize recorded are counted from the
    evening's rows here (all its placed seats are fetched). With ``player``, only the evenings
    that player played are fetched (with all their seats, for head-to-head).
    """
    seats = EveningPlayer.objects.filter(place__isnull=False, evening__status=Status.FINISHED)
    if player is not None:
        seats = seats.filter(
            evening_id__in=EveningPlayer.objects.filter(player=player).values("evening_id")
        )
    rows = list(
        seats.order_by(
            "evening__date", "evening__start_time", "evening_id", "place", "player__name"
        ).values_list(
            "evening_id",
            "evening__date",
            "player_id",
            "player__name",
            "player__slug",
            "place",
            "total",
            "prize",
            "evening__buy_in",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
        )
    )
    sizes: dict[int, int] = {}
    paid: set[int] = set()
    for row in rows:
        sizes[row[0]] = sizes.get(row[0], 0) + 1
        if row[7] is not None:
            paid.add(row[0])
    return [Seat(*row[:6], sizes[row[0]], *row[6:9], row[0] in paid, *row[9:]) for row in rows]


def season_years() -> list[int]:
    """The calendar years with at least one finished evening, newest first (read from the
    kept standings: a finished evening has placed players, so its year has a row)."""
    years = Standing.objects.filter(year__gt=ALL_YEARS).values_list("year", flat=True)
    return list(years.distinct().order_by("-year"))


def season_summaries():
    """Each calendar year with finished evenings and how many, newest first (one query)."""
    return (
        Evening.objects.filter(status=Status.FINISHED)
        .annotate(year=ExtractYear("date"))
        .values("year")
        .annotate(evenings=Count("id"))
        .order_by("-year")
    )


def evening_outlook(seats) -> list[tuple]:
    """For an evening without a result: each seat with its player's current rating, chance to
    win and expected place (one query), most likely winner first."""
    current = ratings_before([seat.player_id for seat in seats])
    ratings = {seat.pk: current.get(seat.player_id, NEWCOMER) for seat in seats}
    chances = forecast(ratings)
    rows = [(seat, ratings[seat.pk], chances[seat.pk]) for seat in seats]
    return sorted(rows, key=lambda row: (-row[2].win, row[0].player.name.lower()))


def rating_changes(seats) -> list[tuple]:
    """Each rated seat with its shown rating before and after the evening and the change."""
    rows = []
    for seat in seats:
        if seat.mu_after is not None:
            before = Rating(seat.mu_before, seat.sigma_before).display
            after = Rating(seat.mu_after, seat.sigma_after).display
            rows.append((seat, before, after, after - before))
    return rows
