"""Read queries for the tables: each fetches plain rows in one query for ``standings.py``."""

import datetime

from django.db.models import Count, F, Window

from .models import Evening, EveningPlayer, Status
from .standings import Seat, player_records


def finished_seats(*, year_from=None, year_to=None, variant=None, player=None) -> list[Seat]:
    """Every placed seat of the finished evenings matching the filters, oldest evening first.

    One query: the field size and whether the evening has any prize recorded come from window
    functions over the evening's seats. With ``player``, only the evenings that player played
    are fetched (with all their seats, for head-to-head).
    """
    seats = EveningPlayer.objects.filter(place__isnull=False, evening__status=Status.FINISHED)
    if year_from is not None:
        seats = seats.filter(evening__date__gte=datetime.date(year_from, 1, 1))
    if year_to is not None:
        seats = seats.filter(evening__date__lte=datetime.date(year_to, 12, 31))
    if variant:
        seats = seats.filter(evening__variant=variant)
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


def alltime_records(**filters):
    """The all-time table's rows (see ``finished_seats`` for the filters) and the largest field."""
    seats = finished_seats(**filters)
    return player_records(seats), max((seat.field_size for seat in seats), default=0)


def season_years() -> list[int]:
    """The calendar years with at least one finished evening, newest first."""
    dates = Evening.objects.filter(status=Status.FINISHED).dates("date", "year", order="DESC")
    return [day.year for day in dates]
