"""What a player's page reads: bounded by what it shows, not by the player's evenings.

The record comes with the player from their kept total (``kept.rows.player_with_total``),
the head-to-head from the kept rivalries (a row per opponent), the charts from a window of
``CHART_WINDOW`` evenings (the latest, or older ones a page at a time), and the list of
evenings from a query for the page shown: :class:`PlayerEvenings` gives the paginator the
page's rows sorted and cut by the database, and every row only for the CSV download.
"""

from __future__ import annotations

from html import escape

from django.db import connection
from django.utils.formats import get_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ofcleague.league.models import Status
from ofcleague.standings.queries import NEWEST_FIRST, player_seats, seats_of, seats_query
from ofcleague.standings.tables import seat_row
from ofcleague.web.money import money
from ofcleague.web.tables import date_formatter, fixed

#: How many evenings the charts draw at once (the latest first; older ones page by page).
CHART_WINDOW = 50

# The sortable columns of the list of evenings as SQL on the seat (``seat``) and its evening
# (``evening``), as ``queries.seats_query`` names them. The prize is what the
# list shows: nothing won is 0 where the evening's payouts are known, unknown otherwise.
FIELD_SIZE = """(SELECT COUNT(*) FROM league_eveningplayer AS placed
    WHERE placed.evening_id = seat.evening_id AND placed.place IS NOT NULL)"""
PRIZE = """CASE WHEN EXISTS (SELECT 1 FROM league_eveningplayer AS paid
    WHERE paid.evening_id = seat.evening_id AND paid.prize IS NOT NULL)
    THEN COALESCE(seat.prize, 0) END"""
SORTED = {"place": "seat.place", "field_size": FIELD_SIZE, "total": "seat.total", "prize": PRIZE}


def order_clause(aliases) -> str:
    """SQL ordering by the table's sort aliases (``place``, ``-total``), newest first among
    equals, as the list's stable sort did. Unknown values (no points, no payouts) come last
    both ways, as the tables sort them, on every database."""
    parts = []
    for alias in aliases:
        name, descending = alias.removeprefix("-"), alias.startswith("-")
        way = "DESC" if descending else "ASC"
        if name == "date":
            parts.append(f"evening.date {way}, evening.start_time {way}, evening.id {way}")
        elif name in SORTED:
            parts.append(f"({SORTED[name]}) IS NULL")
            parts.append(f"{SORTED[name]} {way}")
    return ", ".join([*parts, NEWEST_FIRST])


class PlayerEvenings:
    """A player's evenings as a sequence for Django's ``Paginator``, in the list's ``order``
    (a sort alias such as ``place`` or ``-total``, or none: newest first). Its length is the
    kept count; a slice (the page shown) is one query for just those rows, sorted and cut by
    the database; ``all()`` (the CSV) one query for every row. ``latest``: the player's newest
    seats already read (the charts' window), which serve the first pages in the default
    order without a query. Plain rows for any table: no table class is needed to page it."""

    def __init__(self, player, total: int, order=None, latest=()):
        self.player, self.total, self.latest = player, total, list(latest)
        self.order = order_clause([order] if order else [])

    def __len__(self):
        return self.total

    def _rows(self, window: str) -> list[dict]:
        sql = seats_query(chosen_by=self.order, window=window, order=self.order)
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.player.pk, Status.FINISHED])
            return [seat_row(seat) for seat in seats_of(cursor.fetchall())]

    def __getitem__(self, key):
        if not isinstance(key, slice):
            return self[key : key + 1][0]
        start, stop, _step = key.indices(self.total)
        if self.order == NEWEST_FIRST and stop <= len(self.latest):
            return [seat_row(seat) for seat in self.latest[::-1][start:stop]]
        return self._rows(f"LIMIT {max(0, stop - start)} OFFSET {start}")

    def all(self) -> list[dict]:
        return self._rows("")


def chart_window(player, count: int, number: int):
    """The seats the charts draw (window ``number``, 1 the latest) and what the page says
    about them: which evenings are shown, and the windows before and after."""
    skip = (number - 1) * CHART_WINDOW
    seats = player_seats(player, newest=CHART_WINDOW, skip=skip) if count else []
    if count <= CHART_WINDOW or not seats:
        return seats, None
    short_date = date_formatter()
    text = _("%(shown)s of %(count)s evenings, from %(start)s to %(end)s.") % {
        "shown": len(seats),
        "count": count,
        "start": short_date(seats[0].date),
        "end": short_date(seats[-1].date),
    }
    window = {
        "text": text,
        "older": number + 1 if skip + len(seats) < count else None,
        "newer": number - 1 if number > 1 else None,
    }
    return seats, window


def _tile_name(name) -> str:
    """A tile's name, escaped; a (short, full) pair shows the short one and is read in full."""
    if isinstance(name, str):
        return escape(name)
    short, full = (escape(part) for part in name)
    return (
        f'<abbr title="{full}" aria-hidden="true">{short}</abbr>'
        f'<span class="visually-hidden">{full}</span>'
    )


def record_tiles(record, *, with_money: bool = True) -> tuple[str, str]:
    """The player's all-time row as the page's tiles (``<div><dt>…</dt><dd>…</dd></div>``
    each) and their place counts (a ``<span>`` each), as markup: the template's filters cost
    more per tile than the page's queries. Unknown values show as a dash. Without ``with_money``
    (a visitor the league keeps its money from) no Net."""
    separator = get_format("DECIMAL_SEPARATOR")
    short_date = date_formatter()

    def number(value, digits):
        return "–" if value is None else fixed(value, digits, separator)

    beaten = record.beaten
    tiles = [
        (_("Evenings"), str(record.evenings), ""),
        (_("Wins"), str(record.wins), ""),
        (_("Podiums"), str(record.podiums), ""),
        ((_("Ø place"), _("Average place")), number(record.average_place, 2), ""),
        (_("Best"), f"{record.best_place}.", ""),
        (_("Beaten"), "–" if beaten is None else f"{fixed(beaten * 100, 0, separator)} %", ""),
        (_("Points"), "–" if record.points is None else str(record.points), ""),
        (_("Points/evening"), number(record.points_per_evening, 1), ""),
        *([(_("Net"), money(record.net) or "–", "")] if with_money else []),
        (_("Rating"), number(record.rating, 1), ""),
        (_("First"), short_date(record.first_date), ' class="date"'),
        (_("Last"), short_date(record.last_date), ' class="date"'),
    ]
    label = _("%(count)s× place %(place)s")
    counts = "".join(
        f"<span>{escape(label % {'count': count, 'place': place})}</span>"
        for place, count in sorted(record.places.items())
    )
    markup = "".join(
        f"<div><dt>{_tile_name(name)}</dt><dd{css}>{escape(value)}</dd></div>"
        for name, value, css in tiles
    )
    return mark_safe(markup), mark_safe(counts)  # noqa: S308 (escaped above)
