"""Read queries across evenings: each fetches plain rows in one query for the views.

The tables' records come from the kept counters (``ofcleague.standings.kept``), a player's own
record from their kept total, their head-to-head from the kept rivalries: what a page reads
does not grow with the evenings it counts.
"""

from dataclasses import dataclass

from django.db import connection
from django.db.models import Max

from ofcleague.league.current import current_league_pk
from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.standings.kept import seasons
from ofcleague.standings.kept.counters import records
from ofcleague.standings.kept.models import PlayerTotal, Rivalry, SeasonTotal
from ofcleague.standings.kept.rating_math import NEWCOMER, Rating, enough_history, shown_forecast
from ofcleague.standings.kept.ratings import rated_evening_counts, ratings_before
from ofcleague.standings.kept.record import Seat, default_order_key
from ofcleague.standings.kept.rows import money


def alltime_records(*, year_from=None, year_to=None, variant=None):
    """The all-time table's rows (filtered by year range and variant) and the largest field,
    added up from the kept counters in one query (``kept.counters.records``)."""
    rows = records(year_from=year_from, year_to=year_to, variant=variant)
    rows.sort(key=default_order_key)
    return rows, max((row.largest_field for row in rows), default=0)


# A player's placed seats of finished evenings, each with its evening's field size (placed
# players) and whether any prize was recorded that evening: the seats ``{chosen}`` by a query
# of ``CHOSEN_SEATS``, in the ``{order}`` given (SQL on ``seat`` and ``evening``).
PLAYER_SEATS = """
    SELECT seat.evening_id, evening.date, seat.player_id, player.name, player.slug, seat.place,
        (SELECT COUNT(*) FROM league_eveningplayer AS placed
            WHERE placed.evening_id = seat.evening_id AND placed.place IS NOT NULL),
        seat.total, seat.prize, evening.buy_in,
        EXISTS (SELECT 1 FROM league_eveningplayer AS paid
            WHERE paid.evening_id = seat.evening_id AND paid.prize IS NOT NULL),
        seat.mu_before, seat.sigma_before, seat.mu_after, seat.sigma_after, evening.start_time
    FROM league_eveningplayer AS seat
    JOIN league_evening AS evening ON evening.id = seat.evening_id
    JOIN league_player AS player ON player.id = seat.player_id
    WHERE seat.id IN ({chosen})
    ORDER BY {order}
"""
# The ids of a player's placed seats of finished evenings in an ``{order}``, a ``{window}`` of
# them (``LIMIT``, ``OFFSET``) or all. The index on (player, place, evening) covers the seats:
# in the order of their evenings' dates only the evenings are read, not the seats.
CHOSEN_SEATS = """
    SELECT seat.id FROM league_eveningplayer AS seat
    JOIN league_evening AS evening ON evening.id = seat.evening_id
    WHERE seat.player_id = %s AND evening.status = %s AND seat.place IS NOT NULL
    ORDER BY {order} {window}
"""
OLDEST_FIRST = "evening.date, evening.start_time, evening.id"
NEWEST_FIRST = "evening.date DESC, evening.start_time DESC, evening.id DESC"


def seats_query(*, chosen_by: str, window: str = "", order: str = OLDEST_FIRST) -> str:
    """The SQL of a player's seats chosen in the order ``chosen_by`` (a ``window`` of them, or
    all), returned in ``order``; its parameters are the player's id and ``Status.FINISHED``."""
    chosen = CHOSEN_SEATS.format(order=chosen_by, window=window)
    return PLAYER_SEATS.format(chosen=chosen, order=order)


def seats_of(rows) -> list[Seat]:
    """Seats from rows of ``PLAYER_SEATS``'s columns (in ``Seat``'s order). Dates and times
    come as such from both databases' drivers; money as decimals from PostgreSQL's, as
    numbers from SQLite's (``kept.rows.money``)."""
    seats = []
    for row in rows:
        prize, buy_in = row[8], money(row[9])
        prize = None if prize is None else money(prize)
        seats.append(Seat(*row[:8], prize, buy_in, bool(row[10]), *row[11:]))
    return seats


def player_seats(player, *, newest=None, skip=0) -> list[Seat]:
    """The player's placed seats of finished evenings, oldest first (one query): all of them,
    or the ``newest`` latest after skipping the ``skip`` latest (a window of the charts).

    Plain SQL: the ORM spent longer building this query and converting its rows than the
    database spent answering it.
    """
    window = "" if newest is None else f"LIMIT {int(newest)} OFFSET {int(skip)}"
    sql = seats_query(chosen_by=NEWEST_FIRST, window=window)
    with connection.cursor() as cursor:
        cursor.execute(sql, [player.pk, Status.FINISHED])
        return seats_of(cursor.fetchall())


@dataclass
class HeadToHead:
    """One player's record against one opponent over the evenings both played.

    ``net_points`` is the sum, over shared evenings where both have points, of the player's
    total minus the opponent's total (``None`` when there is no such evening).
    """

    player_id: int
    name: str
    slug: str
    evenings: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0
    points_evenings: int = 0
    net_points: int | None = None


# A player's kept records against every opponent met (``kept.rivals``), with the opponent.
HEAD_TO_HEAD = """
    SELECT rivalry.opponent_id, opponent.name, opponent.slug, rivalry.evenings, rivalry.ahead,
        rivalry.behind, rivalry.level, rivalry.points_evenings, rivalry.net_points
    FROM league_rivalry AS rivalry
    JOIN league_player AS opponent ON opponent.id = rivalry.opponent_id
    WHERE rivalry.player_id = %s
"""


def player_evening_count(slug) -> int:
    """How many seats ``player_seats`` gives the player with this slug (one count query)."""
    return EveningPlayer.objects.filter(
        player__league_id=current_league_pk(),
        player__slug=slug,
        evening__status=Status.FINISHED,
        place__isnull=False,
    ).count()


def rival_count(slug) -> int:
    """How many opponents ``head_to_head`` gives the player with this slug (one count)."""
    return Rivalry.objects.filter(player__league_id=current_league_pk(), player__slug=slug).count()


def largest_field() -> int:
    """The most players placed at one finished evening (from the players' kept totals)."""
    totals = PlayerTotal.objects.filter(league_id=current_league_pk())
    return totals.aggregate(largest=Max("largest_field"))["largest"] or 0


def head_to_head(player) -> list[HeadToHead]:
    """The player's record against every opponent met, most shared evenings first (one
    query over the kept rivalries, a row per opponent; see ``HeadToHead`` for the counts)."""
    with connection.cursor() as cursor:
        cursor.execute(HEAD_TO_HEAD, [player.pk])
        rivals = [HeadToHead(*row) for row in cursor.fetchall()]
    return sorted(rivals, key=lambda rival: (-rival.evenings, rival.name.lower()))


def season_years() -> list[int]:
    """The calendar years with at least one finished evening, newest first (read from the
    kept season totals: a finished evening has placed players, so its year has a row)."""
    years = SeasonTotal.objects.filter(league_id=current_league_pk())
    years = years.values_list("year", flat=True)
    return list(years.distinct().order_by("-year"))


def season_summaries() -> list[tuple[int, int]]:
    """Each calendar year with finished evenings and how many, newest first (one query over
    the kept seasons, a row a year: ``kept.seasons``)."""
    return seasons.counts()


def evening_outlook(seats) -> tuple[list[tuple], bool]:
    """For an evening without a result: each seat with its player's current rating, chance to
    win (whole percent) and expected place, most likely winner first; and whether the league
    knows too little of the players to say (then no rows). Two queries."""
    ids = [seat.player_id for seat in seats]
    if len(ids) < 2:
        return [], False
    counts = rated_evening_counts(ids)
    if not enough_history([counts.get(player_id, 0) for player_id in ids]):
        return [], True
    current = ratings_before(ids)
    ratings = {seat.pk: current.get(seat.player_id, NEWCOMER) for seat in seats}
    chances = shown_forecast(ratings)
    rows = [(seat, ratings[seat.pk], chances[seat.pk]) for seat in seats]
    return sorted(rows, key=lambda row: (row[2].place, row[0].name.lower())), False


def rating_changes(seats) -> list[tuple]:
    """Each rated seat with its shown rating before and after the evening and the change."""
    rows = []
    for seat in seats:
        if seat.mu_after is not None:
            before = Rating(seat.mu_before, seat.sigma_before).display
            after = Rating(seat.mu_after, seat.sigma_after).display
            rows.append((seat, before, after, after - before))
    return rows


def evening_count() -> int:
    """How many evenings the history lists (one count query)."""
    return Evening.objects.count()


# A stretch of the evenings, newest first as the history lists them (read from the index
# evening_order), each with its players in finishing order (an evening without players once,
# without a name).
EVENING_CARDS = """
    SELECT evening.id, evening.date, evening.start_time, evening.status, evening.rounds,
        evening.hands_per_round, evening.buy_in, evening.variant,
        seat.place, player.name, player.slug
    FROM (
        SELECT id FROM league_evening WHERE league_id = %s /* played */
        ORDER BY date DESC, start_time DESC, id DESC LIMIT %s OFFSET %s
    ) AS page
    JOIN league_evening AS evening ON evening.id = page.id
    LEFT JOIN league_eveningplayer AS seat ON seat.evening_id = evening.id
    LEFT JOIN league_player AS player ON player.id = seat.player_id
    ORDER BY evening.date DESC, evening.start_time DESC, evening.id DESC,
        seat.place, player.name
"""


#: Leaves out the announced evenings not begun (planned or cancelled): the front page's latest.
PLAYED = "AND NOT (announced_at IS NOT NULL AND status IN ('planned', 'cancelled'))"


def evening_card_rows(offset: int, limit: int, *, played: bool = False) -> list[tuple]:
    """The evenings ``offset`` to ``offset + limit`` of the history, newest first, as rows of
    (id, date, start time, status, rounds, hands per round, buy-in, variant, place, player
    name, player slug): one row per seat in finishing order, one with no player for an evening
    without any (one query; plain SQL, like ``player_seats``). ``played``: without the
    announced evenings not begun."""
    sql = EVENING_CARDS.replace("/* played */", PLAYED if played else "")
    with connection.cursor() as cursor:
        cursor.execute(sql, [current_league_pk(), limit, offset])
        return cursor.fetchall()
