"""The kept standings: per player, year and variant, the counters the tables add up.

:func:`tally` is the pure fold from seats to counters; :func:`refresh` recomputes the rows of
some players, years and variants from their seats (the simplest way to stay exactly equal to a
rebuild), :func:`rebuild` all of them. ``ratings.recompute_from`` calls them inside every write.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, F, Q, Window

from ofcleague.league.kept.rating_math import Rating
from ofcleague.league.models import EveningPlayer, Player, Standing, Status
from ofcleague.league.places import PlayerRecord

CREATE_BATCH = 1000
CENT = Decimal("0.01")
#: The ``year`` of a player's row over all years and variants (``variant`` empty): the
#: unfiltered all-time table reads these rows alone.
ALL_YEARS = 0

# The kept counters added up per player: the all-time table in one small query, whatever the
# number of evenings. Place counts and opponents beaten are "key:count" texts, concatenated
# here and added up in Python.
SUMMED_SQL = """
    SELECT standing.player_id, player.name, player.slug, SUM(standing.evenings),
           SUM(standing.place_sum), MIN(standing.best_place), MAX(standing.largest_field),
           {concat}(standing.places, ' '), SUM(standing.fair_evenings),
           {concat}(standing.fair_parts, ' '), SUM(standing.points),
           SUM(standing.points_evenings), SUM(standing.money_evenings), SUM(standing.buy_ins),
           SUM(standing.prizes), MIN(standing.first_date), MAX(standing.last_date),
           MAX(standing.rating)
    FROM {standing} AS standing
    JOIN {player} AS player ON player.id = standing.player_id
    WHERE standing.evenings > 0 AND {years} {filters}
    GROUP BY standing.player_id, player.name, player.slug
"""


class TallySeat(NamedTuple):
    """One placed seat of a finished evening, as the counters need it."""

    player_id: int
    date: datetime.date
    position: str
    variant: str
    place: int
    field_size: int
    total: int | None
    prize: Decimal | None
    buy_in: Decimal
    payouts_known: bool
    mu_after: float | None
    sigma_after: float | None


@dataclass
class Tally:
    """The counters of one player, year and variant (see ``Standing``)."""

    evenings: int = 0
    wins: int = 0
    podiums: int = 0
    place_sum: int = 0
    best_place: int | None = None
    largest_field: int = 0
    places: dict[int, int] = field(default_factory=dict)
    fair_evenings: int = 0
    fair_parts: dict[int, int] = field(default_factory=dict)
    points: int | None = None
    points_evenings: int = 0
    money_evenings: int = 0
    buy_ins: Decimal = Decimal(0)
    prizes: Decimal = Decimal(0)
    first_date: datetime.date | None = None
    last_date: datetime.date | None = None
    last_position: str = ""
    rating: str = ""


def position(date, start_time, evening_id) -> str:
    """An evening's place in the rating order (date, start time, id) as a string that sorts
    like that order."""
    return f"{date:%Y%m%d}{start_time:%H%M%S}{evening_id:012d}"


def pairs(counts: dict[int, int]) -> str:
    """ "1:3 2:1" for {1: 3, 2: 1}: the stored form of place counts and opponents beaten."""
    return " ".join(f"{key}:{value}" for key, value in sorted(counts.items()))


def rating_text(place: str, rating: Rating | None) -> str:
    """The stored rating of a standing: its position first, so the greatest is the latest;
    ``repr`` keeps the floats exact."""
    if rating is None or rating.mu is None:
        return ""
    return f"{place}|{rating.mu!r}|{rating.sigma!r}"


def tally(seats: Iterable[TallySeat]) -> dict[tuple[int, int, str], Tally]:
    """Fold seats into counters per (player, year, variant)."""
    tallies: dict[tuple[int, int, str], Tally] = {}
    for seat in seats:
        key = (seat.player_id, seat.date.year, seat.variant)
        entry = tallies.get(key)
        if entry is None:
            entry = tallies[key] = Tally()
        place = seat.place
        entry.evenings += 1
        entry.wins += place == 1
        entry.podiums += place <= 3
        entry.place_sum += place
        entry.places[place] = entry.places.get(place, 0) + 1
        if entry.best_place is None or place < entry.best_place:
            entry.best_place = place
        entry.largest_field = max(entry.largest_field, seat.field_size)
        if seat.field_size > 1:
            den = seat.field_size - 1
            entry.fair_parts[den] = entry.fair_parts.get(den, 0) + den + 1 - place
            entry.fair_evenings += 1
        if seat.total is not None:
            entry.points = (entry.points or 0) + seat.total
            entry.points_evenings += 1
        if seat.payouts_known:
            entry.money_evenings += 1
            entry.buy_ins += seat.buy_in
            entry.prizes += seat.prize or Decimal(0)
        if entry.first_date is None or seat.date < entry.first_date:
            entry.first_date = seat.date
        if entry.last_date is None or seat.date > entry.last_date:
            entry.last_date = seat.date
        if seat.position > entry.last_position:
            entry.last_position = seat.position
            entry.rating = rating_text(seat.position, Rating(seat.mu_after, seat.sigma_after))
    return tallies


def _seats(evenings: Q) -> list[TallySeat]:
    """The placed seats of the finished evenings matching ``evenings`` (one query); field size
    and recorded prizes per evening from window functions over all its placed seats."""
    by_evening = {"partition_by": [F("evening_id")]}
    rows = (
        EveningPlayer.objects.filter(evenings, place__isnull=False, evening__status=Status.FINISHED)
        .annotate(
            field_size=Window(Count("id"), **by_evening),
            prizes_recorded=Window(Count("prize"), **by_evening),
        )
        .values_list(
            "player_id",
            "evening__date",
            "evening__start_time",
            "evening_id",
            "evening__variant",
            "place",
            "field_size",
            "total",
            "prize",
            "evening__buy_in",
            "prizes_recorded",
            "mu_after",
            "sigma_after",
        )
    )
    seats = []
    positions: dict[int, str] = {}
    for (
        player,
        date,
        start,
        evening,
        variant,
        place,
        size,
        total,
        prize,
        buy_in,
        prizes,
        mu,
        sigma,
    ) in rows:
        place_of = positions.get(evening)
        if place_of is None:
            place_of = positions[evening] = position(date, start, evening)
        seats.append(
            TallySeat(
                player,
                date,
                place_of,
                variant,
                place,
                size,
                total,
                prize,
                buy_in,
                prizes > 0,
                mu,
                sigma,
            )
        )
    return seats


def _store(tallies: dict[tuple[int, int, str], Tally]) -> None:
    Standing.objects.bulk_create(
        (
            Standing(
                player_id=player,
                year=year,
                variant=variant,
                evenings=entry.evenings,
                wins=entry.wins,
                podiums=entry.podiums,
                place_sum=entry.place_sum,
                best_place=entry.best_place,
                largest_field=entry.largest_field,
                places=pairs(entry.places),
                fair_evenings=entry.fair_evenings,
                fair_parts=pairs(entry.fair_parts),
                points=entry.points,
                points_evenings=entry.points_evenings,
                money_evenings=entry.money_evenings,
                buy_ins=entry.buy_ins,
                prizes=entry.prizes,
                first_date=entry.first_date,
                last_date=entry.last_date,
                rating=entry.rating,
            )
            for (player, year, variant), entry in sorted(tallies.items())
        ),
        batch_size=CREATE_BATCH,
    )


def _years(years: Iterable[int]) -> Q:
    condition = Q(pk__in=[])
    for year in years:
        condition |= Q(evening__date__year=year)
    return condition


def refresh(players, years, variants, *, exclude=None) -> None:
    """Recompute the counters of ``players`` in ``years`` and ``variants`` from their seats,
    leaving out the evening ``exclude`` (about to be deleted)."""
    if not players:
        return
    scope = Q(player_id__in=players, evening__variant__in=variants) & _years(years)
    evenings = EveningPlayer.objects.filter(scope).exclude(evening_id=exclude).values("evening_id")
    seats = [seat for seat in _seats(Q(evening_id__in=evenings)) if seat.player_id in players]
    Standing.objects.filter(player_id__in=players, year__in=years, variant__in=variants).delete()
    _store(tally(seats))


def set_ratings(texts: dict[tuple[int, int, str], str]) -> None:
    """Store the new latest rating of standings whose other counters did not change."""
    if not texts:
        return
    rows = [
        row
        for row in Standing.objects.filter(player_id__in={player for player, _y, _v in texts})
        if (row.player_id, row.year, row.variant) in texts
    ]
    for row in rows:
        row.rating = texts[(row.player_id, row.year, row.variant)]
    Standing.objects.bulk_update(rows, ["rating"], batch_size=500)


def rebuild() -> None:
    """Recompute every standing from the evenings."""
    Standing.objects.all().delete()
    tallies = tally(_seats(Q()))
    _store(tallies)
    refresh_totals(sorted({player for player, _year, _variant in tallies}))


def _date(value):
    # SQLite hands MIN/MAX of a date column back as text.
    return datetime.date.fromisoformat(value) if isinstance(value, str) else value


def _money(value):
    # SQLite sums decimals as floats; round back to cents.
    return Decimal(str(value)).quantize(CENT)


def _counts(text: str) -> dict[int, int]:
    """Add up "key:count" pairs; equal pairs are counted first (most repeat across years)."""
    counts: dict[int, int] = {}
    for pair, times in Counter(text.split()).items():
        key, _sep, value = pair.partition(":")
        counts[int(key)] = counts.get(int(key), 0) + int(value) * times
    return counts


class Summed(NamedTuple):
    """A player's counters added up over a selection of standings."""

    record: PlayerRecord
    largest_field: int
    rating: str


def _summed(row) -> Summed:
    (
        player_id,
        name,
        slug,
        evenings,
        place_sum,
        best,
        largest,
        places,
        fair_evenings,
        fair,
        points,
        points_evenings,
        money_evenings,
        buy_ins,
        prizes,
        first,
        last,
        rating,
    ) = row
    known = int(money_evenings) > 0
    mu = sigma = None
    if rating:
        _position, mu, sigma = rating.split("|")
        mu, sigma = float(mu), float(sigma)
    record = PlayerRecord(
        player_id,
        name,
        slug,
        evenings=int(evenings),
        places=dict(sorted(_counts(places).items())),
        place_sum=int(place_sum),
        best_place=best,
        fair_parts=_counts(fair),
        fair_evenings=int(fair_evenings),
        points=int(points) if int(points_evenings) else None,
        points_evenings=int(points_evenings),
        money_evenings=int(money_evenings),
        buy_ins=_money(buy_ins) if known else None,
        prizes=_money(prizes) if known else None,
        first_date=_date(first),
        last_date=_date(last),
        mu=mu,
        sigma=sigma,
    )
    return Summed(record, largest, rating or "")


def summed(filters=(), params=(), *, players=None) -> list[Summed]:
    """The standings added up per player in one query. Without ``filters`` (SQL conditions on
    ``standing``) the rows over all years are read; with them, the rows per year and variant.
    ``players`` limits the rows to those players (always per year and variant)."""
    filters, params = list(filters), list(params)
    if players is not None:
        filters.append(f"AND standing.player_id IN ({', '.join(['%s'] * len(players))})")
        params += list(players)
    years = "standing.year > %s" if filters else "standing.year = %s"
    quote = connection.ops.quote_name
    sql = SUMMED_SQL.format(
        concat="STRING_AGG" if connection.vendor == "postgresql" else "GROUP_CONCAT",
        standing=quote(Standing._meta.db_table),
        player=quote(Player._meta.db_table),
        years=years,
        filters=" ".join(filters),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [ALL_YEARS, *params])
        return [_summed(row) for row in cursor.fetchall()]


def refresh_totals(players) -> None:
    """Recompute the rows over all years of ``players`` from their rows per year and variant."""
    players = list(players)
    if not players:
        return
    Standing.objects.filter(player_id__in=players, year=ALL_YEARS).delete()
    rows = []
    for batch in range(0, len(players), 500):
        rows += summed(players=players[batch : batch + 500])
    Standing.objects.bulk_create(
        (
            Standing(
                player_id=row.record.player_id,
                year=ALL_YEARS,
                variant="",
                evenings=row.record.evenings,
                wins=row.record.wins,
                podiums=row.record.podiums,
                place_sum=row.record.place_sum,
                best_place=row.record.best_place,
                largest_field=row.largest_field,
                places=pairs(row.record.places),
                fair_evenings=row.record.fair_evenings,
                fair_parts=pairs(row.record.fair_parts),
                points=row.record.points,
                points_evenings=row.record.points_evenings,
                money_evenings=row.record.money_evenings,
                buy_ins=row.record.buy_ins or 0,
                prizes=row.record.prizes or 0,
                first_date=row.record.first_date,
                last_date=row.record.last_date,
                rating=row.rating,
            )
            for row in sorted(rows, key=lambda row: row.record.player_id)
        ),
        batch_size=CREATE_BATCH,
    )
