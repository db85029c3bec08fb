"""The kept ratings of the seats: each rated seat's rating before and after its evening.

:func:`rerate` replays the ratings from a position in the rating order (an evening's position
is its date, start time and id) and writes the seats whose values changed; :func:`unrate`
clears the seats that are no longer rated. ``kept.refresh_after`` calls them in every write,
and :func:`ratings_before` reads a player's current rating. The arithmetic is in
``rating_math.py``.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, OuterRef, Q, Subquery

from ofcleague.league.current import active_league
from ofcleague.league.models import EveningPlayer, Player, Status
from ofcleague.standings.kept.rating_math import Rating, replay

# Rows per executemany call when writing ratings back.
BATCH = 2000
RATING_FIELDS = ("mu_before", "sigma_before", "mu_after", "sigma_after")


def _at_or_after(cut) -> Q:
    """Seats of evenings at or after ``cut`` = (date, start_time, evening id)."""
    date, start_time, evening_id = cut
    return (
        Q(evening__date__gt=date)
        | Q(evening__date=date, evening__start_time__gt=start_time)
        | Q(evening__date=date, evening__start_time=start_time, evening_id__gte=evening_id)
    )


RATED = Q(place__isnull=False, evening__status=Status.FINISHED)


def _rated_seats(where: Q):
    return (
        EveningPlayer.objects.filter(RATED, where)
        .order_by("evening__date", "evening__start_time", "evening_id")
        .values_list(
            "pk",
            "evening_id",
            "player_id",
            "place",
            "evening__date",
            "evening__start_time",
            "evening__variant",
            *RATING_FIELDS,
        )
    )


def ratings_before(players, cut=None) -> dict[int, Rating]:
    """Each player's rating after their last rated evening before ``cut`` (all evenings
    without one); players without any are left out. One query."""
    latest = EveningPlayer.objects.filter(player=OuterRef("pk"), mu_after__isnull=False)
    if cut is not None:
        latest = latest.exclude(_at_or_after(cut))
    latest = latest.order_by("-evening__date", "-evening__start_time", "-evening_id")
    rows = (
        Player.objects.filter(pk__in=players)
        .annotate(
            mu=Subquery(latest.values("mu_after")[:1]),
            sigma=Subquery(latest.values("sigma_after")[:1]),
        )
        .values_list("pk", "mu", "sigma")
    )
    return {pk: Rating(mu, sigma) for pk, mu, sigma in rows if mu is not None}


def _write(updates) -> None:
    """Store (mu_before, sigma_before, mu_after, sigma_after, seat id) rows in batches."""
    if not updates:
        return
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(name)} = %s" for name in RATING_FIELDS)
    sql = f"UPDATE {quote(EveningPlayer._meta.db_table)} SET {sets} WHERE id = %s"
    with connection.cursor() as cursor:
        for start in range(0, len(updates), BATCH):
            cursor.executemany(sql, updates[start : start + BATCH])


def rerate(cut=None, exclude=None) -> dict[tuple[int, int, str], Rating]:
    """Replay the ratings from ``cut`` (from the start without one), leaving out the evening
    ``exclude``; write the seats whose values changed. Returns the new latest rating of each
    (player, year, variant) whose latest seat changed."""
    where = Q() if cut is None else _at_or_after(cut)
    league = active_league()
    if league is not None:  # a league's ratings replay its own evenings only
        where &= Q(evening__league_id=league.pk)
    rows = list(_rated_seats(where).exclude(evening_id=exclude))
    current = {} if cut is None else ratings_before({row[2] for row in rows}, cut)
    evenings: list[list] = []
    last_evening = None
    for row in rows:
        if row[1] != last_evening:
            evenings.append([])
            last_evening = row[1]
        evenings[-1].append((row[0], row[2], row[3]))
    new = replay(evenings, current)
    updates, latest = [], {}
    for pk, _evening, player_id, _place, date, _start, variant, *stored in rows:
        before, after = new[pk]
        values = (before.mu, before.sigma, after.mu, after.sigma)
        changed = tuple(stored) != values
        if changed:
            updates.append((*values, pk))
        latest[(player_id, date.year, variant)] = (changed, after)
    _write(updates)
    return {key: after for key, (changed, after) in latest.items() if changed}


def unrate(where: Q) -> None:
    """Clear the ratings of seats that are not rated (no place, or the evening not finished)."""
    stale = EveningPlayer.objects.filter(where, mu_after__isnull=False).exclude(RATED)
    EveningPlayer.objects.filter(pk__in=list(stale.values_list("pk", flat=True))).update(
        **dict.fromkeys(RATING_FIELDS)
    )


def rated_evening_counts(players) -> dict[int, int]:
    """How many rated evenings each player has (players without any are left out). One
    query."""
    rows = (
        EveningPlayer.objects.filter(player__in=players, mu_after__isnull=False)
        .values("player_id")
        .annotate(count=Count("pk"))
        .values_list("player_id", "count")
    )
    return dict(rows)
