"""The records' reads: two queries into plain facts, the rest computed (``compute.py``).

What they make (the records and each year's awards) is kept in the page
cache under the league's version, as the pages are: every write gives the league a new
version (``web/cache.py``), so a corrected hand is in the records of the next page read.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, fields

from django.core.cache.backends.dummy import DummyCache
from django.db import connection

from ofcleague.league.current import current_league_pk
from ofcleague.league.models import Status
from ofcleague.records.compute import league_records, yearly_awards
from ofcleague.records.facts import Award, FantasylandHand, Record, SeatFact
from ofcleague.standings.kept.rows import money
from ofcleague.web.cache import league_version, page_cache

# Every seat of the league's finished evenings with its hands added up (one row per seat).
SEATS = """
    SELECT seat.id, evening.id, evening.date, player.id, player.name, player.slug,
        seat.place, seat.total, seat.prize,
        seat.mu_before - 3 * seat.sigma_before, seat.mu_after - 3 * seat.sigma_after,
        COALESCE(hands.count, 0), hands.best, COALESCE(hands.scoops, 0),
        COALESCE(hands.fantasylands, 0), COALESCE(hands.royalties, 0)
    FROM league_eveningplayer AS seat
    JOIN league_evening AS evening ON evening.id = seat.evening_id
    JOIN league_player AS player ON player.id = seat.player_id
    LEFT JOIN (
        SELECT result.evening_player_id AS seat_id, COUNT(*) AS count,
            MAX(result.points) AS best, SUM(COALESCE(result.scoops, 0)) AS scoops,
            SUM(CASE WHEN result.fantasyland IS NOT NULL THEN 1 ELSE 0 END) AS fantasylands,
            SUM(COALESCE(result.royalties, 0)) AS royalties
        FROM table_handresult AS result
        JOIN league_eveningplayer AS played ON played.id = result.evening_player_id
        JOIN league_evening AS night ON night.id = played.evening_id
        WHERE night.league_id = %(league)s AND night.status = %(finished)s
        GROUP BY result.evening_player_id
    ) AS hands ON hands.seat_id = seat.id
    WHERE evening.league_id = %(league)s AND evening.status = %(finished)s
    ORDER BY evening.date, evening.start_time, evening.id, seat.id
"""
# Every hand played in Fantasyland at the league's finished evenings.
FANTASYLAND_HANDS = """
    SELECT result.evening_player_id, hand.round_table_id, hand.number
    FROM table_handresult AS result
    JOIN table_hand AS hand ON hand.id = result.hand_id
    JOIN league_eveningplayer AS seat ON seat.id = result.evening_player_id
    JOIN league_evening AS evening ON evening.id = seat.evening_id
    WHERE result.fantasyland IS NOT NULL
        AND evening.league_id = %(league)s AND evening.status = %(finished)s
"""


@dataclass(frozen=True)
class RecordBook:
    """What the records page and the API show, for one version of the league."""

    records: dict[str, Record | None]
    awards: dict[int, list[Award]]
    evenings: int


#: ``SEATS``' columns, in order: ``SeatFact``'s fields.
SEAT_FIELDS = [field.name for field in fields(SeatFact)]


def _seat(row) -> SeatFact:
    values = dict(zip(SEAT_FIELDS, row, strict=True))
    values["prize"] = None if values["prize"] is None else money(values["prize"])
    return SeatFact(**values)


def read_facts() -> tuple[list[SeatFact], list[FantasylandHand]]:
    """The league's seats and its hands in Fantasyland (two queries)."""
    params = {"league": current_league_pk(), "finished": Status.FINISHED}
    with connection.cursor() as cursor:
        cursor.execute(SEATS, params)
        seats = [_seat(row) for row in cursor.fetchall()]
        cursor.execute(FANTASYLAND_HANDS, params)
        hands = [FantasylandHand(*row) for row in cursor.fetchall()]
    return seats, hands


#: The same facts, of one season's evenings only (dates from ``%(first)s`` to ``%(last)s``).
SEASON_SEATS = SEATS.replace(
    "GROUP BY result.evening_player_id",
    "AND night.date BETWEEN %(first)s AND %(last)s GROUP BY result.evening_player_id",
).replace(
    "ORDER BY evening.date", "AND evening.date BETWEEN %(first)s AND %(last)s ORDER BY evening.date"
)
SEASON_FANTASYLAND_HANDS = FANTASYLAND_HANDS + " AND evening.date BETWEEN %(first)s AND %(last)s"


def read_season_facts(year: int) -> tuple[list[SeatFact], list[FantasylandHand]]:
    """The seats and Fantasyland hands of the calendar year ``year`` (two queries, bounded by
    the season's evenings, not the league's)."""
    return read_days_facts(datetime.date(year, 1, 1), datetime.date(year, 12, 31))


def read_days_facts(
    first: datetime.date, last: datetime.date
) -> tuple[list[SeatFact], list[FantasylandHand]]:
    """The seats and Fantasyland hands of the evenings from ``first`` to ``last`` (a season of
    the league's own; two queries)."""
    params = {
        "league": current_league_pk(),
        "finished": Status.FINISHED,
        "first": first,
        "last": last,
    }
    with connection.cursor() as cursor:
        cursor.execute(SEASON_SEATS, params)
        seats = [_seat(row) for row in cursor.fetchall()]
        cursor.execute(SEASON_FANTASYLAND_HANDS, params)
        hands = [FantasylandHand(*row) for row in cursor.fetchall()]
    return seats, hands


def compute_book(seats: list[SeatFact], hands: list[FantasylandHand]) -> RecordBook:
    """The records and awards of the facts (pure)."""
    return RecordBook(
        records=league_records(seats, hands),
        awards=yearly_awards(seats),
        evenings=len({seat.evening_id for seat in seats}),
    )


#: Per league: the version its record book was computed for, and that book. Only with the
#: page cache off (DEBUG, ``PAGE_CACHE=0``): each process computes it once per version.
_BOOK_OF_VERSION: dict[int, tuple[str, RecordBook]] = {}


def record_book(request=None) -> RecordBook:
    """The active league's record book, computed once per version of the league (the version
    first, then the data: ``web/cache.py``): kept in the page cache, or with the page cache
    off in this process (one book per league, replaced by the next version's)."""
    league, version = current_league_pk(), league_version(request)
    cache = page_cache()
    if isinstance(cache, DummyCache):
        kept = _BOOK_OF_VERSION.get(league)
        if kept is None or kept[0] != version:
            kept = (version, compute_book(*read_facts()))
            _BOOK_OF_VERSION[league] = kept
        return kept[1]
    key = f"records:{league}:{version}"
    book = cache.get(key)
    if book is None:
        book = compute_book(*read_facts())
        cache.set(key, book)
    return book


def forget_kept_books() -> None:
    """Drop this process's record books (tests: a rolled-back test can leave the next test
    the same league version with other rows)."""
    _BOOK_OF_VERSION.clear()
