"""The zero-sum rule, stated once: what some players win, the others at their table lose.

So a hand's points add up to zero, a round's points at each of its tables (or the whole round
where it was not played at tables), an evening's balances and its players' Net (prize minus
buy-in). The engine's money, the league's invariants, the services that refuse a grid or a
hand and the pages that name what is missing all ask it here.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from decimal import Decimal
from typing import Any, TypeVar

Amount = TypeVar("Amount", int, Decimal)


def off_by(amounts: Iterable[Amount]) -> Amount | int:
    """How far ``amounts`` miss zero: their sum, 0 where they keep the rule."""
    return sum(amounts, 0)


def adds_up(amounts: Iterable[Amount]) -> bool:
    """Whether ``amounts`` keep the rule (they add up to exactly zero)."""
    return off_by(amounts) == 0


def tables_off(points: Iterable[tuple[Hashable | None, int]]) -> dict[Hashable | None, int]:
    """The tables of one round whose points miss zero, with how far, in the tables' order.

    ``points``: a ``(table, points)`` pair a player. A round played at tables adds up at each
    table, and a player at no table (``None``) sat it out: his points count at none (a rule of
    its own says he has none). A round not played at tables adds up as a whole (key ``None``).
    """
    points = list(points)
    at_tables = [(table, value) for table, value in points if table is not None]
    sums: dict[Hashable | None, int] = {}
    for table, value in at_tables or points:
        sums[table] = sums.get(table, 0) + value
    return {table: total for table, total in sorted(sums.items(), key=_by_table) if total}


def _by_table(item: tuple[Hashable | None, int]) -> tuple[bool, Any]:
    return (item[0] is not None, item[0] or 0)
