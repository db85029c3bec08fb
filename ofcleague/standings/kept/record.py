"""A player's record over some evenings: the counters the tables show, folded from seats.

Pure functions over plain data (no Django). :meth:`Counters.add` is the one fold from a seat
to the counters: the kept rows (``counters.py``) fold seats with it per player, year and
variant, and a player's page folds the player's seats with it. :meth:`Counters.merge` adds up
records of disjoint sets of evenings (the kept rows of several years and variants), each
counter by the rule its field names: ``SUM`` (counts, sums, and counts per key), ``LOWEST``,
``HIGHEST``, or ``LATEST`` (from the record whose last evening comes later in the rating
order: date, start time, id).

The all-time table counts every finished evening with places, whether the places were
computed from points or entered as a finishing order (the league's history before 2021).
Points count only where they are known, money only over evenings where a prize was recorded.
Its default order: more wins, then more 2nd places, then more 3rd places, then the better
average place. "Beaten" is the share of opponents beaten, (n - place) / (n - 1) for an
evening of n players, averaged over the evenings: fair across field sizes.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import NamedTuple

from ofcleague.standings.kept.rating_math import Rating

# How two records of disjoint evenings combine, per counter (see ``Counters.merge``).
SUM, LOWEST, HIGHEST, LATEST = "sum", "lowest", "highest", "latest"
NOTHING = Decimal(0)


class Seat(NamedTuple):
    """One player's result at one finished evening, as the read queries deliver it.

    ``field_size`` is the number of placed players that evening; ``payouts_known`` tells
    whether any prize was recorded for the evening (then a missing prize means nothing won).
    ``start_time`` places the evening in the rating order among evenings of the same date.
    """

    evening_id: int
    date: datetime.date
    player_id: int
    player_name: str
    player_slug: str
    place: int
    field_size: int
    total: int | None
    prize: Decimal | None
    buy_in: Decimal
    payouts_known: bool
    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None
    start_time: datetime.time = datetime.time.min


def counter(rule: str, default=None):
    """A counter field and its merge rule; a ``dict`` default gives each record its own."""
    if isinstance(default, dict):
        return field(default_factory=dict, metadata={"rule": rule})
    return field(default=default, metadata={"rule": rule})


@dataclass
class Counters:
    """The counters of one player over some evenings; ``None`` where nothing is known yet
    (no evening, no evening with points, no evening with payouts)."""

    evenings: int = counter(SUM, 0)
    #: place: evenings finished there
    places: dict[int, int] = counter(SUM, {})
    place_sum: int = counter(SUM, 0)
    best_place: int | None = counter(LOWEST)
    largest_field: int = counter(HIGHEST, 0)
    #: opponents (n - 1): opponents beaten over the evenings with that many, exact integers
    opponents_beaten: dict[int, int] = counter(SUM, {})
    #: evenings with at least one opponent
    beaten_evenings: int = counter(SUM, 0)
    points: int | None = counter(SUM)
    points_evenings: int = counter(SUM, 0)
    money_evenings: int = counter(SUM, 0)
    buy_ins: Decimal | None = counter(SUM)
    prizes: Decimal | None = counter(SUM)
    first_date: datetime.date | None = counter(LOWEST)
    # The last evening (its place in the rating order) and the rating after it.
    last_date: datetime.date | None = counter(LATEST)
    last_start_time: datetime.time | None = counter(LATEST)
    last_evening: int | None = counter(LATEST)
    mu: float | None = counter(LATEST)
    sigma: float | None = counter(LATEST)

    def add(self, seat: Seat) -> None:
        """Count one seat into these counters: the one fold from seats."""
        place, size = seat.place, seat.field_size
        self.evenings += 1
        self.places[place] = self.places.get(place, 0) + 1
        self.place_sum += place
        self.best_place = place if self.best_place is None else min(self.best_place, place)
        self.largest_field = max(self.largest_field, size)
        if size > 1:
            beaten = self.opponents_beaten
            beaten[size - 1] = beaten.get(size - 1, 0) + size - place
            self.beaten_evenings += 1
        if seat.total is not None:
            self.points = (self.points or 0) + seat.total
            self.points_evenings += 1
        if seat.payouts_known:
            self.money_evenings += 1
            self.buy_ins = (self.buy_ins or NOTHING) + seat.buy_in
            self.prizes = (self.prizes or NOTHING) + (seat.prize or NOTHING)
        date = seat.date
        self.first_date = min(self.first_date or date, date)
        if self.last_date is None or date > self.last_date or self._later_that_day(seat):
            self.last_date, self.last_start_time = date, seat.start_time
            self.last_evening = seat.evening_id
            self.mu, self.sigma = seat.mu_after, seat.sigma_after

    def _later_that_day(self, seat: Seat) -> bool:
        """Whether ``seat``'s evening comes after the last one on its date (rating order)."""
        return seat.date == self.last_date and (seat.start_time, seat.evening_id) > (
            self.last_start_time,
            self.last_evening,
        )

    def merge(self, other: Counters) -> None:
        """Count ``other``, the counters of other evenings, into these, by each field's rule
        (the counts per key of these change in place)."""
        if not other.evenings:
            return
        mine, theirs = vars(self), vars(other)
        if not self.evenings or other.position > self.position:
            for name in LATESTS:
                mine[name] = theirs[name]
        for name in SUMMED_COUNTS:
            value = mine[name]
            for key, count in theirs[name].items():
                value[key] = value.get(key, 0) + count
        for name in SUMS:
            value, more = mine[name], theirs[name]
            if more is not None:
                mine[name] = more if value is None else value + more
        for names, pick in ((LOWESTS, min), (HIGHESTS, max)):
            for name in names:
                value, more = mine[name], theirs[name]
                if more is not None:
                    mine[name] = more if value is None else pick(value, more)

    def copy(self) -> Counters:
        """A copy whose counts per key are its own."""
        twin = object.__new__(type(self))
        values = vars(twin)
        values.update(vars(self))
        for name in SUMMED_COUNTS:
            values[name] = dict(values[name])
        return twin

    def kept(self) -> dict:
        """The counters by name, as the kept rows store them."""
        return {name: getattr(self, name) for name in RULES}

    @property
    def position(self) -> tuple:
        """Where the last evening stands in the rating order (date, start time, id)."""
        return (self.last_date, self.last_start_time, self.last_evening)

    @property
    def rating(self) -> float | None:
        """The shown rating, mu - 3 sigma (``None`` without a rated evening)."""
        return None if self.mu is None else Rating(self.mu, self.sigma).display

    @property
    def wins(self) -> int:
        return self.places.get(1, 0)

    @property
    def seconds(self) -> int:
        return self.places.get(2, 0)

    @property
    def thirds(self) -> int:
        return self.places.get(3, 0)

    @property
    def podiums(self) -> int:
        return self.wins + self.seconds + self.thirds

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.evenings if self.evenings else None

    @property
    def beaten(self) -> float | None:
        """Average share of opponents beaten per evening, (n - place) / (n - 1), from 0 to 1;
        evenings without an opponent are left out."""
        if not self.beaten_evenings:
            return None
        # Exact in integers over the field sizes' common denominator; one division at the
        # end, correctly rounded like the fraction it replaces, so the float is the same.
        common = math.lcm(*self.opponents_beaten)
        share = sum(num * (common // den) for den, num in self.opponents_beaten.items())
        return share / (common * self.beaten_evenings)

    @property
    def points_per_evening(self) -> float | None:
        return self.points / self.points_evenings if self.points_evenings else None

    @property
    def net(self) -> Decimal | None:
        return None if self.prizes is None else self.prizes - self.buy_ins


#: Every counter's merge rule, by name (the kept rows' columns have the same names).
RULES = {item.name: item.metadata["rule"] for item in fields(Counters)}
# The names by rule, for merging: counts per key (the dicts) apart from the other sums.
SUMMED_COUNTS = [item.name for item in fields(Counters) if item.default_factory is dict]
SUMS = [name for name, rule in RULES.items() if rule == SUM and name not in SUMMED_COUNTS]
LOWESTS = [name for name, rule in RULES.items() if rule == LOWEST]
HIGHESTS = [name for name, rule in RULES.items() if rule == HIGHEST]
LATESTS = [name for name, rule in RULES.items() if rule == LATEST]


@dataclass(kw_only=True)
class PlayerRecord(Counters):
    """A player's row of the all-time table (or of a season, a filtered view, their page)."""

    player_id: int
    name: str
    slug: str


def default_order_key(record: PlayerRecord) -> tuple:
    """The table's default order: wins, then 2nd places, then 3rd places (all descending),
    then the better average place, then the name."""
    return (
        -record.wins,
        -record.seconds,
        -record.thirds,
        record.average_place if record.average_place is not None else float("inf"),
        record.name.lower(),
    )


def player_records(seats: Iterable[Seat]) -> list[PlayerRecord]:
    """One record per player folded from single seats, in the table's default order."""
    records: dict[int, PlayerRecord] = {}
    for seat in seats:
        record = records.get(seat.player_id)
        if record is None:
            record = records[seat.player_id] = PlayerRecord(
                player_id=seat.player_id, name=seat.player_name, slug=seat.player_slug
            )
        record.add(seat)
    return sorted(records.values(), key=default_order_key)
