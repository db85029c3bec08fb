"""The tables across evenings: the players' records, a player's evenings, head-to-head."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from ofcleague.web.numbers import decimal_or_none
from ofcleague.web.paths import page_path
from ofcleague.web.tables import (
    NUM,
    Column,
    DateColumn,
    LeagueTable,
    MoneyColumn,
    NumberColumn,
    player_url,
)


def record_url(record):
    return page_path("standings:player", record.slug)


def place_count(place):
    """A record's count of evenings finished in ``place`` (0 for none)."""
    return lambda record: record.places.get(place, 0)


#: The columns of money, which a visitor of a league that keeps its money to its members
#: does not see (``roles.sees_money``).
MONEY_COLUMNS = ("buy_ins", "prizes", "net", "prize")


class RecordTable(LeagueTable):
    """One row per player (``PlayerRecord``, read as it is): the all-time table, a season
    table, a player's own row."""

    player = Column(verbose_name=_("Player"), accessor="name", linkify=record_url)
    evenings = NumberColumn(verbose_name=_("Evenings"))
    wins = NumberColumn(
        verbose_name=_("Wins"),
        order_by=("wins", "seconds", "thirds", "-average_place"),
    )
    podiums = NumberColumn(verbose_name=_("Podiums"))
    average_place = NumberColumn(
        verbose_name=_("Ø place"), full_name=_("Average place"), initial_sort_descending=False
    )
    best_place = NumberColumn(verbose_name=_("Best"), initial_sort_descending=False)
    beaten = NumberColumn(verbose_name=_("Beaten"))
    points = NumberColumn(verbose_name=_("Points"))
    points_per_evening = NumberColumn(verbose_name=_("Points/evening"))
    buy_ins = MoneyColumn(verbose_name=_("Buy-ins"))
    prizes = MoneyColumn(verbose_name=_("Prizes"))
    net = MoneyColumn(verbose_name=_("Net"))
    first_date = DateColumn(verbose_name=_("First"), css_class=NUM)
    last_date = DateColumn(verbose_name=_("Last"), css_class=NUM)
    # Skill (mu - 3 sigma, see rating_math.py); last, so the counted columns stay together.
    rating = NumberColumn(verbose_name=_("Rating"))

    attrs = {"class": "data alltime"}
    empty_text = _("No finished evening matches.")

    def __init__(self, rows, largest_field, **kwargs):
        places = [
            (
                f"place_{place}",
                NumberColumn(
                    verbose_name=f"{place}.",
                    full_name=_("Evenings in place %(place)s") % {"place": place},
                    accessor=place_count(place),
                    default=0,
                ),
            )
            for place in range(1, largest_field + 1)
        ]
        # The place counts belong right after the evenings, not at the end.
        sequence = ("player", "evenings", *(name for name, _column in places), "...")
        super().__init__(rows, extra_columns=places, sequence=sequence, **kwargs)

    def render_average_place(self, value):
        return self.fixed(value, 2)

    def value_average_place(self, value):
        return decimal_or_none(value, 2)

    def render_beaten(self, value):
        return f"{self.fixed(value * 100, 0)} %"

    def value_beaten(self, value):
        return decimal_or_none(value, 3)

    def render_points_per_evening(self, value):
        return self.fixed(value, 1)

    def render_rating(self, value):
        return self.fixed(value, 1)

    def value_rating(self, value):
        return decimal_or_none(value, 1)

    def value_points_per_evening(self, value):
        return decimal_or_none(value, 1)


class PlayerEveningsTable(LeagueTable):
    """A player's evenings: date, variant, field size, place, points and prize."""

    date = DateColumn(
        verbose_name=_("Date"),
        linkify=lambda record: page_path("results:evening", record["evening_id"]),
    )
    place = NumberColumn(verbose_name=_("Place"), initial_sort_descending=False)
    field_size = NumberColumn(verbose_name=_("Field size"))
    total = NumberColumn(verbose_name=_("Points"))
    prize = MoneyColumn(verbose_name=_("Prize"))

    attrs = {"class": "data"}
    empty_text = _("No finished evenings yet.")


def seat_row(seat):
    """A row of a player's evenings (a prize is 0 where payouts are known).

    A missing prize becomes ``Decimal(0)``, not ``0``: ``seat.prize or 0`` turned every
    0.00 € prize into an ``int``, which the money column's export could not round (a 500).
    """
    return {
        "evening_id": seat.evening_id,
        "date": seat.date,
        "place": seat.place,
        "field_size": seat.field_size,
        "total": seat.total,
        "prize": (seat.prize or Decimal(0)) if seat.payouts_known else None,
    }


def seat_rows(seats):
    """Rows of a player's evenings (``seats`` oldest first), newest first."""
    return [seat_row(seat) for seat in reversed(seats)]


class HeadToHeadTable(LeagueTable):
    """One player against every opponent met."""

    opponent = Column(verbose_name=_("Opponent"), accessor="name", linkify=player_url)
    evenings = NumberColumn(verbose_name=_("Together"))
    ahead = NumberColumn(verbose_name=_("Ahead"))
    behind = NumberColumn(verbose_name=_("Behind"))
    level = NumberColumn(verbose_name=_("Level"))
    points_evenings = NumberColumn(verbose_name=_("With points"))
    net_points = NumberColumn(verbose_name=_("Net points"))

    attrs = {"class": "data"}
    empty_text = _("No opponents yet.")


def rival_rows(rivals):
    """Flatten ``queries.HeadToHead`` objects into table rows."""
    return [
        {
            "name": rival.name,
            "slug": rival.slug,
            "evenings": rival.evenings,
            "ahead": rival.ahead,
            "behind": rival.behind,
            "level": rival.level,
            "points_evenings": rival.points_evenings,
            "net_points": rival.net_points,
        }
        for rival in rivals
    ]


class HandStatisticsTable(LeagueTable):
    """One row per player with statistics from the recorded hands."""

    player = Column(verbose_name=_("Player"), accessor="name", linkify=player_url)
    hands = NumberColumn(verbose_name=_("Hands"))
    points = NumberColumn(verbose_name=_("Points"))
    points_per_hand = NumberColumn(verbose_name=_("Points/hand"))
    biggest_win = NumberColumn(verbose_name=_("Biggest win"))
    biggest_loss = NumberColumn(verbose_name=_("Biggest loss"))
    board_hands = NumberColumn(verbose_name=_("With boards"))
    foul_rate = NumberColumn(verbose_name=_("Foul rate"))
    scoop_rate = NumberColumn(verbose_name=_("Scoop rate"))
    fantasyland_entries = NumberColumn(verbose_name=_("Fantasyland"))
    fantasyland_stays = NumberColumn(verbose_name=_("Stays"))
    royalties_per_hand = NumberColumn(verbose_name=_("Royalties/hand"))

    attrs = {"class": "data alltime hand-statistics"}
    empty_text = _("No hands recorded yet.")
    #: The columns only OFC and Pineapple have (``table.queries.plays_fantasyland``).
    FANTASYLAND_COLUMNS = ("fantasyland_entries", "fantasyland_stays")
