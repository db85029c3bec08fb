"""How points become places, and places become tables. Pure functions over plain data.

No queries here: the read side (``queries.py``) fetches plain rows in one query and hands
them to these functions, and the write side recomputes an evening's places with them in the
same transaction as the points.

The league's rule for an evening: the higher point total finishes ahead. Equal totals share
a place and the next place is skipped (standard competition ranking: 1, 2, 2, 4), unless the
tied players settled the order at the table; that recorded tie-break (``EveningPlayer.tie_break``,
1 goes first) then orders them. A tie-break only counts when every player of the tied group has
a distinct one; otherwise the whole group shares its best place.

The all-time table counts every finished evening with places, whether the places were computed
from points or entered directly as a finishing order (the league's history before 2021).
Points count only where they are known, money only over evenings where a prize was recorded.
Its default order: more wins, then more 2nd places, then more 3rd places, then the better
average place. The field-size-fair score is the share of opponents beaten, (n - place) / (n - 1)
for an evening of n players, averaged over the evenings.
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from ofcleague.league.kept.rating_math import Rating


def places_from_totals(
    totals: Mapping[Hashable, int], tie_breaks: Mapping[Hashable, int | None] | None = None
) -> dict[Hashable, int]:
    """Return each player's place from their point totals.

    ``totals`` maps a player key to the player's total. ``tie_breaks`` optionally maps a key
    to the order decided at the table (1 goes first). A group of tied players is ordered by
    its tie-breaks only when every player in the group has a distinct one; otherwise the
    whole group shares the best place it covers.

    >>> places_from_totals({"a": 10, "b": 3, "c": 3, "d": -16})
    {'a': 1, 'b': 2, 'c': 2, 'd': 4}
    >>> places_from_totals({"a": 10, "b": 3, "c": 3, "d": -16}, {"b": 2, "c": 1})
    {'a': 1, 'c': 2, 'b': 3, 'd': 4}
    """
    tie_breaks = tie_breaks or {}
    groups: dict[int, list[Hashable]] = {}
    for key, total in totals.items():
        groups.setdefault(total, []).append(key)

    places: dict[Hashable, int] = {}
    next_place = 1
    for total in sorted(groups, reverse=True):
        group = groups[total]
        orders = [tie_breaks.get(key) for key in group]
        if len(group) > 1 and None not in orders and len(set(orders)) == len(group):
            for offset, key in enumerate(sorted(group, key=tie_breaks.__getitem__)):
                places[key] = next_place + offset
        else:
            for key in group:
                places[key] = next_place
        next_place += len(group)
    return places


def tied_groups(totals: Mapping[Hashable, int]) -> list[list[Hashable]]:
    """The groups of two or more players with equal totals, best total first.

    >>> tied_groups({"a": 3, "b": 5, "c": 3, "d": 5, "e": 0})
    [['b', 'd'], ['a', 'c']]
    """
    groups: dict[int, list[Hashable]] = {}
    for key, total in totals.items():
        groups.setdefault(total, []).append(key)
    return [groups[total] for total in sorted(groups, reverse=True) if len(groups[total]) > 1]


def decided_at_table(totals: Mapping[Hashable, int], places: Mapping[Hashable, int]) -> set:
    """The players whose place a tie-break from the table decided: tied on points, yet
    each of their group on a place of their own.

    >>> sorted(decided_at_table({"a": 3, "b": 3, "c": 1, "d": 1}, {"a": 2, "b": 1, "c": 3, "d": 3}))
    ['a', 'b']
    """
    decided = set()
    for group in tied_groups(totals):
        if len({places.get(key) for key in group}) == len(group):
            decided.update(group)
    return decided


@dataclass(frozen=True)
class EveningStandings:
    """An evening's result computed from its round points.

    ``totals`` and ``places`` map each player key to the total and the place; ``running``
    maps each key to its running total after each round (a missing round counts as 0 so far);
    ``order`` lists the keys best first (place, then key order as given).
    """

    totals: dict[Hashable, int]
    running: dict[Hashable, list[int]]
    places: dict[Hashable, int]
    order: list[Hashable]


def evening_standings(
    points: Mapping[Hashable, Sequence[int | None]],
    tie_breaks: Mapping[Hashable, int | None] | None = None,
) -> EveningStandings:
    """Totals, running totals per round and places from each player's points per round.

    ``points`` maps a player key to the points of rounds 1, 2, ... (``None`` for a round not
    entered yet, which adds nothing). Places follow :func:`places_from_totals`.

    >>> result = evening_standings({"a": [5, -2], "b": [-5, 2]})
    >>> result.totals, result.running, result.places, result.order
    ({'a': 3, 'b': -3}, {'a': [5, 3], 'b': [-5, -3]}, {'a': 1, 'b': 2}, ['a', 'b'])
    """
    running: dict[Hashable, list[int]] = {}
    for key, rounds in points.items():
        sums, total = [], 0
        for value in rounds:
            total += value or 0
            sums.append(total)
        running[key] = sums
    totals = {key: (sums[-1] if sums else 0) for key, sums in running.items()}
    places = places_from_totals(totals, tie_breaks)
    position = {key: index for index, key in enumerate(points)}
    order = sorted(places, key=lambda key: (places[key], position[key]))
    return EveningStandings(totals=totals, running=running, places=places, order=order)


class Seat(NamedTuple):
    """One player's result at one finished evening, as the read query delivers it.

    ``field_size`` is the number of placed players that evening; ``payouts_known`` tells
    whether any prize was recorded for the evening (then a missing prize means nothing won).
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


class PlaceGroup(NamedTuple):
    """Evenings of one player that ended alike: same place, same field size, payouts known
    or not. The all-time query delivers these (SQL does the counting); a single seat is a
    group of one (:func:`seat_group`), so both paths fold through the same code.

    ``points`` sums the totals of the ``points_evenings`` evenings that have points;
    ``buy_ins`` and ``prizes`` are sums over the group (a missing prize counts as 0).
    """

    player_id: int
    player_name: str
    player_slug: str
    place: int
    field_size: int
    payouts_known: bool
    evenings: int
    points_evenings: int
    points: int | None
    buy_ins: Decimal
    prizes: Decimal
    first_date: datetime.date
    last_date: datetime.date


def seat_group(seat: Seat) -> PlaceGroup:
    """One seat as a group of one evening."""
    return PlaceGroup(
        seat.player_id,
        seat.player_name,
        seat.player_slug,
        seat.place,
        seat.field_size,
        seat.payouts_known,
        1,
        0 if seat.total is None else 1,
        seat.total,
        seat.buy_in,
        seat.prize or Decimal(0),
        seat.date,
        seat.date,
    )


@dataclass
class PlayerRecord:
    """A player's row of the all-time table (or of a season, or of a filtered view).

    ``places`` maps a place to how often the player finished there. Averages are ``None``
    where nothing is known: ``points_per_evening`` without evenings with points, the money
    fields without evenings with payouts.
    """

    player_id: int
    name: str
    slug: str
    evenings: int = 0
    places: dict[int, int] = field(default_factory=dict)
    place_sum: int = 0
    best_place: int | None = None
    # Opponents beaten, summed per denominator (n - 1) as integers: exact, so the table and
    # a player's own row agree to the last digit, and cheaper than adding fractions.
    fair_parts: dict[int, int] = field(default_factory=dict)
    fair_evenings: int = 0
    points: int | None = None
    points_evenings: int = 0
    money_evenings: int = 0
    buy_ins: Decimal | None = None
    prizes: Decimal | None = None
    first_date: datetime.date | None = None
    last_date: datetime.date | None = None
    # The skill rating after the player's last evening counted here (``rating_math.py``).
    mu: float | None = None
    sigma: float | None = None

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
        return sum(self.places.get(place, 0) for place in (1, 2, 3))

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.evenings if self.evenings else None

    @property
    def fair(self) -> float | None:
        """Average share of opponents beaten per evening, (n - place) / (n - 1), from 0 to 1;
        evenings without an opponent are left out."""
        if not self.fair_evenings:
            return None
        beaten = sum(Fraction(num, den) for den, num in self.fair_parts.items())
        return float(beaten / self.fair_evenings)

    @property
    def points_per_evening(self) -> float | None:
        return self.points / self.points_evenings if self.points_evenings else None

    @property
    def net(self) -> Decimal | None:
        if self.money_evenings == 0:
            return None
        return self.prizes - self.buy_ins

    def add(self, group: PlaceGroup) -> None:
        """Count a group of evenings into this record."""
        count = group.evenings
        self.evenings += count
        self.places[group.place] = self.places.get(group.place, 0) + count
        self.place_sum += group.place * count
        if self.best_place is None or group.place < self.best_place:
            self.best_place = group.place
        if group.field_size > 1:
            den = group.field_size - 1
            self.fair_parts[den] = self.fair_parts.get(den, 0) + (den + 1 - group.place) * count
            self.fair_evenings += count
        if group.points_evenings:
            self.points = (self.points or 0) + group.points
            self.points_evenings += group.points_evenings
        if group.payouts_known:
            self.money_evenings += count
            self.buy_ins = (self.buy_ins or Decimal(0)) + group.buy_ins
            self.prizes = (self.prizes or Decimal(0)) + group.prizes
        if self.first_date is None or group.first_date < self.first_date:
            self.first_date = group.first_date
        if self.last_date is None or group.last_date > self.last_date:
            self.last_date = group.last_date


def default_order_key(record: PlayerRecord) -> tuple:
    """The table's default order: wins, then 2nd places, then 3rd places (all descending),
    then the better average place, then the name."""
    return (
        -record.wins,
        -record.places.get(2, 0),
        -record.places.get(3, 0),
        record.average_place if record.average_place is not None else float("inf"),
        record.name.lower(),
    )


def records_from_groups(groups: Iterable[PlaceGroup]) -> list[PlayerRecord]:
    """Fold place groups into one record per player, in the table's default order."""
    records: dict[int, PlayerRecord] = {}
    for group in groups:
        record = records.get(group.player_id)
        if record is None:
            record = records[group.player_id] = PlayerRecord(
                group.player_id, group.player_name, group.player_slug
            )
        record.add(group)
    return sorted(records.values(), key=default_order_key)


def player_records(seats: Iterable[Seat]) -> list[PlayerRecord]:
    """One record per player from single seats (same fold as the grouped all-time rows),
    with the rating after each player's last seat (seats oldest first)."""
    seats = list(seats)
    records = records_from_groups(seat_group(seat) for seat in seats)
    latest = {seat.player_id: seat for seat in seats}
    for record in records:
        record.mu = latest[record.player_id].mu_after
        record.sigma = latest[record.player_id].sigma_after
    return records


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
