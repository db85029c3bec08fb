"""How points become places. Pure functions over plain data.

No queries here: the evening's page computes its totals and places with these functions, and
the write side recomputes an evening's places with them in the same transaction as the
points. (How places become the tables' records: ``ofcleague.standings.kept.record``.)

The league's rule for an evening: the higher point total finishes ahead. Equal totals share
a place and the next place is skipped (standard competition ranking: 1, 2, 2, 4), unless the
tied players settled the order at the table; that recorded tie-break (``EveningPlayer.tie_break``,
1 goes first) then orders them. A tie-break only counts when every player of the tied group has
a distinct one; otherwise the whole group shares its best place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

#: A player's key (a seat, a player, a name): anything hashable.
K = TypeVar("K", bound=Hashable)


def places_from_totals(
    totals: Mapping[K, int], tie_breaks: Mapping[K, int | None] | None = None
) -> dict[K, int]:
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
    groups: dict[int, list[K]] = {}
    for key, total in totals.items():
        groups.setdefault(total, []).append(key)

    places: dict[K, int] = {}
    next_place = 1
    for total in sorted(groups, reverse=True):
        group = groups[total]
        orders = [tie_breaks.get(key) for key in group]
        if len(group) > 1 and None not in orders and len(set(orders)) == len(group):
            for offset, key in enumerate(sorted(group, key=lambda key: tie_breaks[key] or 0)):
                places[key] = next_place + offset
        else:
            for key in group:
                places[key] = next_place
        next_place += len(group)
    return places


def tied_groups(totals: Mapping[K, int]) -> list[list[K]]:
    """The groups of two or more players with equal totals, best total first.

    >>> tied_groups({"a": 3, "b": 5, "c": 3, "d": 5, "e": 0})
    [['b', 'd'], ['a', 'c']]
    """
    groups: dict[int, list[K]] = {}
    for key, total in totals.items():
        groups.setdefault(total, []).append(key)
    return [groups[total] for total in sorted(groups, reverse=True) if len(groups[total]) > 1]


def decided_at_table(totals: Mapping[K, int], places: Mapping[K, int]) -> set[K]:
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
