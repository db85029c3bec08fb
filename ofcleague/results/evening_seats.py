"""An evening's seats with their players and round points, read in one query as plain rows.

The evening's page shows a handful of seats several times over (places, running totals,
ratings); read as model instances with their players prefetched and their round points in a
query of their own, they cost more than the page around them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import connection
from django.utils.formats import get_format

from ofcleague.standings.kept.rows import money
from ofcleague.web.money import money_formatter
from ofcleague.web.numbers import fixed
from ofcleague.web.paths import page_path

# The evening's seats in finishing order (as the history lists them), each with its round
# points, one row per seat and round (one row without a round for a seat without points).
SEATS = """
    SELECT seat.id, seat.place, seat.total, seat.prize,
        seat.mu_before, seat.sigma_before, seat.mu_after, seat.sigma_after,
        seat.player_id, player.name, player.slug, score.round_number, score.points
    FROM league_eveningplayer AS seat
    JOIN league_player AS player ON player.id = seat.player_id
    LEFT JOIN league_roundscore AS score ON score.evening_player_id = seat.id
    WHERE seat.evening_id = %s
    ORDER BY seat.place, player.name, seat.id, score.round_number
"""


@dataclass(slots=True)
class EveningSeat:
    """One player's seat at the evening, with what the page shows of it."""

    pk: int
    place: int | None
    total: int | None
    prize: object
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    player_id: int
    name: str
    slug: str
    #: Round number: points, for the rounds recorded.
    points: dict[int, int] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """The player's page."""
        return page_path("standings:player", self.slug)


def evening_seats(evening_id: int) -> list[EveningSeat]:
    """The evening's seats in finishing order with their round points (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(SEATS, [evening_id])
        rows = cursor.fetchall()
    seats: list[EveningSeat] = []
    for *values, round_number, points in rows:
        if not seats or seats[-1].pk != values[0]:
            prize = values[3]
            values[3] = None if prize is None else money(prize)
            seats.append(EveningSeat(*values))
        if round_number is not None:
            seats[-1].points[round_number] = points
    return seats


#: What a table of the page prints for a value nobody recorded.
NONE = "–"


def _text(value) -> str:
    return NONE if value is None else str(value)


def place_rows(grid, decided) -> list[tuple]:
    """The places table's rows from (seat, round points) pairs, as the text it prints: place
    (and whether it was decided at the table), player link and name, the round points, the
    total and the prize."""
    prize_text = money_formatter()
    return [
        (
            str(seat.place) if seat.place else NONE,
            seat.pk in decided,
            seat.url,
            seat.name,
            [_text(value) for value in points],
            _text(seat.total),
            NONE if seat.prize is None else prize_text(seat.prize),
        )
        for seat, points in grid
    ]


def running_rows(running) -> list[tuple[str, list[str]]]:
    """The running totals' rows: each player's name and sums after each round played."""
    return [(seat.name, [str(value) for value in sums]) for seat, sums in running]


def signed(value, separator: str) -> str:
    """A change with its sign and one decimal: "+1,2", "−0,4", "±0,0" (as the templates'
    ``signed`` filter prints it)."""
    text = fixed(abs(value), 1, separator)
    if text.strip("0,.") == "":
        return f"±{text}"
    return f"+{text}" if value > 0 else f"−{text}"


def rating_rows(changes) -> list[tuple]:
    """The rating table's rows from ``rating_changes``: player link and name, the rating before
    and after with one decimal, and the change with its sign: the difference of the two
    numbers shown beside it (−1.8 → −0.7 is +1.1, whatever the decimals behind them)."""
    separator = get_format("DECIMAL_SEPARATOR")
    rows = []
    for seat, before, after, _change in changes:
        shown_before, shown_after = fixed(before, 1, "."), fixed(after, 1, ".")
        change = Decimal(shown_after) - Decimal(shown_before)
        rows.append(
            (
                seat.url,
                seat.name,
                shown_before.replace(".", separator),
                shown_after.replace(".", separator),
                signed(float(change), separator),
            )
        )
    return rows


def live_rows(seats, standings) -> list[tuple]:
    """The standings of an evening being played, best first: place, player link and name, and
    the total of the rounds recorded so far (``standings`` from those same rounds)."""
    by_key = {seat.pk: seat for seat in seats}
    return [
        (
            standings.places[key],
            by_key[key].url,
            by_key[key].name,
            standings.totals[key],
        )
        for key in standings.order
    ]
