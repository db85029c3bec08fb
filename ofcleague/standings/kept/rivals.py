"""The kept head-to-head: each player's record against every opponent met.

One :class:`~ofcleague.standings.kept.models.Rivalry` row per player and opponent, added up by
one aggregate query over the finished evenings both were placed in. A write to an evening
changes only the pairs of its players, so :func:`refresh` recomputes the rows of those
pairs; :func:`rebuild` recomputes all of them. The player page reads a
player's rows (one per opponent) instead of aggregating every seat of their career.
"""

from __future__ import annotations

from django.db import connection

from ofcleague.league.current import current_league_pk
from ofcleague.league.models import Status
from ofcleague.standings.kept.models import Rivalry

#: The counted columns, in the query's order after the two players.
COUNTS = ("evenings", "ahead", "behind", "level", "points_evenings", "net_points")

# Every pair's record over the finished evenings both were placed in, for the players chosen
# where the comment is. SUM over an empty set is NULL: net points stay unknown without a
# shared evening with points.
PAIRS = """
    SELECT mine.player_id, other.player_id, COUNT(*),
        SUM(CASE WHEN mine.place < other.place THEN 1 ELSE 0 END),
        SUM(CASE WHEN mine.place > other.place THEN 1 ELSE 0 END),
        SUM(CASE WHEN mine.place = other.place THEN 1 ELSE 0 END),
        COUNT(mine.total + other.total),
        SUM(mine.total - other.total)
    FROM league_eveningplayer AS mine
    JOIN league_evening AS evening ON evening.id = mine.evening_id
    JOIN league_eveningplayer AS other
        ON other.evening_id = mine.evening_id AND other.player_id <> mine.player_id
    WHERE evening.status = %s AND mine.place IS NOT NULL AND other.place IS NOT NULL
        /* filters */
    GROUP BY mine.player_id, other.player_id
"""


def _store(filters: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(PAIRS.replace("/* filters */", filters), [Status.FINISHED, *params])
        found = cursor.fetchall()
    league = current_league_pk()
    Rivalry.objects.bulk_create(
        (
            Rivalry(
                league_id=league,
                player_id=mine,
                opponent_id=other,
                **dict(zip(COUNTS, counts, strict=True)),
            )
            for mine, other, *counts in found
        ),
        batch_size=1000,
    )


def refresh(players, *, exclude=None) -> None:
    """Recompute the rows of every pair among ``players``, leaving out the evening ``exclude``
    (about to be deleted). Only pairs that met at a changed evening can change, and both of
    such a pair are among its players (now or in its history): a pair with anyone else keeps
    its row, so a save reads the shared evenings of a few pairs, not whole careers."""
    players = sorted(players)
    if not players:
        return
    Rivalry.objects.filter(player_id__in=players, opponent_id__in=players).delete()
    among = ", ".join(["%s"] * len(players))
    filters = f"AND mine.player_id IN ({among}) AND other.player_id IN ({among})"
    params = [*players, *players]
    if exclude is not None:
        filters += " AND mine.evening_id <> %s"
        params.append(exclude)
    _store(filters, params)


def rebuild() -> None:
    """Recompute the rows of every player of the active league."""
    league = current_league_pk()
    Rivalry.objects.filter(league_id=league).delete()
    _store("AND evening.league_id = %s", [league])


def kept_values() -> list[tuple]:
    """Every row, for comparing with a rebuild (in key order, ids left out)."""
    return sorted(Rivalry.objects.values_list("league_id", "player_id", "opponent_id", *COUNTS))
