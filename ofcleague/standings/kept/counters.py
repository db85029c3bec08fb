"""The kept counters: seats folded into them, rolled up, and read back for the tables.

A :class:`Standing` per player, year and variant holds the counters folded from that
player's seats (``Counters.add``); a :class:`SeasonTotal` per player and year their standings
of the year merged (``Counters.merge``), a :class:`PlayerTotal` per player their season
totals merged. :func:`refresh` recomputes the standings of some players, years and variants
from their seats (the simplest way to stay exactly equal to a rebuild), :func:`set_ratings`
the latest rating of standings whose evenings did not change, :func:`refresh_totals` the
season and player totals of some players and years from the standings; :func:`rebuild`
recomputes every row. :func:`records` reads the rows of a table in one query: one row per
player for the all-time and a season's table, and otherwise one per player and year (and
variant, where one is chosen), merged per player. Rows and counters meet by field name
(``rows.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, F, Q, Window

from ofcleague.league.current import current_league_pk
from ofcleague.league.models import EveningPlayer, Status
from ofcleague.standings.kept import rows
from ofcleague.standings.kept.models import PlayerTotal, SeasonTotal, Standing
from ofcleague.standings.kept.rating_math import Rating
from ofcleague.standings.kept.record import Counters, PlayerRecord, Seat

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
    rows.store(Standing, fold(keyed))


def set_ratings(ratings: dict[Key, Rating]) -> None:
    """Store the new latest rating of standings whose other counters did not change."""
    if not ratings:
        return
    changed = [
        row
        for row in Standing.objects.filter(player_id__in={player for player, _y, _v in ratings})
        if (row.player_id, row.year, row.variant) in ratings
    ]
    for row in changed:
        row.mu, row.sigma = ratings[(row.player_id, row.year, row.variant)]
    Standing.objects.bulk_update(changed, ["mu", "sigma"], batch_size=500)


def refresh_totals(players, years) -> None:
    """Recompute the season totals of ``players`` in ``years`` from their standings, then
    their player totals from their season totals."""
    players, years = sorted(players), sorted(years)
    SeasonTotal.objects.filter(player_id__in=players, year__in=years).delete()
    PlayerTotal.objects.filter(player_id__in=players).delete()
    of_years, year_params = rows.within("year", years)
    for start in range(0, len(players), PLAYER_BATCH):
        of_players, params = rows.within("player_id", players[start : start + PLAYER_BATCH])
        standings = rows.read(Standing, f"{of_players} AND {of_years}", params + year_params)
        rows.store(SeasonTotal, rows.merged((key[:2], record) for key, record in standings))
        seasons = rows.read(SeasonTotal, of_players, params)
        rows.store(PlayerTotal, rows.merged((key[:1], record) for key, record in seasons))


def rebuild() -> None:
    """Recompute every standing and every total of the active league from its evenings."""
    league = current_league_pk()
    for model in (Standing, SeasonTotal, PlayerTotal):
        model.objects.filter(league_id=league).delete()
    standings = fold(seats(Q(evening__league_id=league)))
    seasons = rows.merged((key[:2], counters) for key, counters in standings.items())
    rows.store(Standing, standings)
    rows.store(SeasonTotal, seasons)
    rows.store(PlayerTotal, rows.merged((key[:1], counters) for key, counters in seasons.items()))


def records(*, year_from=None, year_to=None, variant=None) -> list[PlayerRecord]:
    """The rows of a table, one per player, in no particular order (one query): the players'
    totals without a filter, else their season totals, or with a variant their standings, of
    the years chosen, added up."""
    conditions, params = [], []
    for condition, value in (
        ("kept.year >= %s", year_from),
        ("kept.year <= %s", year_to),
        ("kept.variant = %s", variant or None),
    ):
        if value is not None:
            conditions.append(condition)
            params.append(value)
    if not conditions:
        return [record for _key, record in rows.read(PlayerTotal, "1 = 1", params)]
    found = rows.read(Standing if variant else SeasonTotal, " AND ".join(conditions), params)
    return list(rows.merged((key[0], record) for key, record in found).values())
