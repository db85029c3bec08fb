"""How points become places. Pure functions over plain data: no queries here.

The league's rule for an evening: the higher point total finishes ahead. Equal totals share
a place and the next place is skipped (standard competition ranking: 1, 2, 2, 4), unless the
tied players settled the order at the table; that recorded tie-break then orders them.
"""

from collections.abc import Hashable, Mapping


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
