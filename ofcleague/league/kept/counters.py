"""The kept rows (``models.py``): seats folded into counters, stored, and read back.

A :class:`Standing` per player, year and variant holds the counters folded from that
player's seats (``Counters.add``); a :class:`PlayerTotal` per player holds their standings
merged (``Counters.merge``). :func:`refresh` recomputes the standings of some players, years
and variants from their seats (the simplest way to stay exactly equal to a rebuild),
:func:`set_ratings` the latest rating of standings whose evenings did not change, and
:func:`refresh_totals` the totals of some players from their standings; :func:`rebuild`
recomputes every row. :func:`records` reads the table rows of a selection in one query.
Rows and counters meet by field name (``RULES``): nothing here lists the counters.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from django.db.models import Count, F, Q, Window

from ofcleague.league.kept.models import PlayerTotal, Standing
from ofcleague.league.kept.rating_math import Rating
from ofcleague.league.kept.record import RULES, Counters, PlayerRecord, Seat
from ofcleague.league.models import EveningPlayer, Status

CREATE_BATCH = 1000
# Players per query where rows are read by player (SQLite limits a query's parameters).
PLAYER_BATCH = 500
#: A standing's key: player id, year, variant.
Key = tuple[int, int, str]

# What a kept seat needs, in the order ``_seat`` takes it; field size and whether any prize
# was recorded come from window functions over each evening's placed seats.
SEAT_COLUMNS = (
    "evening_id",
    "evening__date",
    "player_id",
    "place",
    "field_size",
    "total",
    "prize",
    "evening__buy_in",
    "prizes_recorded",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "evening__start_time",
    "evening__variant",
)


def _seat(row) -> tuple[Key, Seat]:
    evening, date, player, place, size, total, prize, buy_in, paid, *ratings, start, variant = row
    # Names are not kept: the seat leaves them empty.
    seat = Seat(
        evening, date, player, "", "", place, size, total, prize, buy_in, paid > 0, *ratings, start
    )
    return (player, date.year, variant), seat


def seats(evenings: Q) -> list[tuple[Key, Seat]]:
    """The placed seats of the finished evenings matching ``evenings``, each with the key of
    its standing (one query)."""
    by_evening = {"partition_by": [F("evening_id")]}
    rows = (
        EveningPlayer.objects.filter(evenings, place__isnull=False, evening__status=Status.FINISHED)
        .annotate(
            field_size=Window(Count("id"), **by_evening),
            prizes_recorded=Window(Count("prize"), **by_evening),
        )
        .values_list(*SEAT_COLUMNS)
    )
    return [_seat(row) for row in rows]


def fold(keyed_seats: Iterable[tuple[Key, Seat]]) -> dict[Key, Counters]:
    """The counters of each standing, folded from its seats."""
    kept: dict[Key, Counters] = {}
    for key, seat in keyed_seats:
        counters = kept.get(key)
        if counters is None:
            counters = kept[key] = Counters()
        counters.add(seat)
    return kept


def _store_standings(kept: dict[Key, Counters]) -> None:
    Standing.objects.bulk_create(
        (
            Standing(player_id=player, year=year, variant=variant, **counters.kept())
            for (player, year, variant), counters in sorted(kept.items(), key=itemgetter(0))
        ),
        batch_size=CREATE_BATCH,
    )


def _store_totals(totals: dict[int, Counters]) -> None:
    PlayerTotal.objects.bulk_create(
        (
            PlayerTotal(player_id=player, **counters.kept())
            for player, counters in sorted(totals.items(), key=itemgetter(0))
        ),
        batch_size=CREATE_BATCH,
    )


def _merged(rows: Iterable[tuple[int, Counters]]) -> dict[int, Counters]:
    """Rows of counters merged per player (into each player's first row)."""
    totals: dict[int, Counters] = {}
    for player, counters in rows:
        total = totals.get(player)
        if total is None:
            totals[player] = counters
        else:
            total.merge(counters)
    return totals


def _years(years: Iterable[int]) -> Q:
    condition = Q(pk__in=[])
    for year in years:
        condition |= Q(evening__date__year=year)
    return condition


def refresh(players, years, variants, *, exclude=None) -> None:
    """Recompute the standings of ``players`` in ``years`` and ``variants`` from their seats,
    leaving out the evening ``exclude`` (about to be deleted)."""
    if not players:
        return
    scope = Q(player_id__in=players, evening__variant__in=variants) & _years(years)
    evenings = EveningPlayer.objects.filter(scope).exclude(evening_id=exclude).values("evening_id")
    keyed = [(key, seat) for key, seat in seats(Q(evening_id__in=evenings)) if key[0] in players]
    Standing.objects.filter(player_id__in=players, year__in=years, variant__in=variants).delete()
    _store_standings(fold(keyed))


def set_ratings(ratings: dict[Key, Rating]) -> None:
    """Store the new latest rating of standings whose other counters did not change."""
    if not ratings:
        return
    rows = [
        row
        for row in Standing.objects.filter(player_id__in={player for player, _y, _v in ratings})
        if (row.player_id, row.year, row.variant) in ratings
    ]
    for row in rows:
        row.mu, row.sigma = ratings[(row.player_id, row.year, row.variant)]
    Standing.objects.bulk_update(rows, ["mu", "sigma"], batch_size=500)


def refresh_totals(players) -> None:
    """Recompute the totals of ``players`` from their standings."""
    players = sorted(players)
    PlayerTotal.objects.filter(player_id__in=players).delete()
    for start in range(0, len(players), PLAYER_BATCH):
        batch = players[start : start + PLAYER_BATCH]
        rows = Standing.objects.filter(player_id__in=batch).values_list("player_id", *RULES)
        _store_totals(_merged((player, Counters(*values)) for player, *values in rows))


def rebuild() -> None:
    """Recompute every standing and every total from the evenings."""
    Standing.objects.all().delete()
    PlayerTotal.objects.all().delete()
    kept = fold(seats(Q()))
    _store_standings(kept)
    _store_totals(_merged((player, counters) for (player, _y, _v), counters in kept.items()))


def records(standings: Q | None = None) -> list[PlayerRecord]:
    """The table rows, one per player, added up from the standings matching ``standings``
    (from the totals without it) in one query; in no particular order."""
    columns = ("player_id", "player__name", "player__slug", *RULES)
    if standings is None:
        rows = PlayerTotal.objects.values_list(*columns)
    else:
        rows = Standing.objects.filter(standings).values_list(*columns)
    merged = _merged(
        (player, PlayerRecord(*values, player_id=player, name=name, slug=slug))
        for player, name, slug, *values in rows
    )
    return list(merged.values())
