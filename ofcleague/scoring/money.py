"""Who pays whom: each player's money of an evening, and the fewest transfers that settle it.

Pure Python (no Django, nothing of the site): the league's services hand it plain numbers.

Money is :class:`~decimal.Decimal` euros with cents. A *balance* is what a player gets
(positive) or owes (negative); the balances of an evening always add up to zero.

An evening's balance of a player is its prize minus its buy-in, plus, where the league plays
for money per point, its points times the stake. With one stake for the evening that is
``stake * total``. Where a pair of players agreed on a stake of their own, the money goes by
pairs, and pairwise points are needed. The site keeps each player's points per round and
table, not per opponent, so a table's points are split into pairs as follows: at a table of
``k`` players whose points add up to zero, the pair (a, b) counts ``(points_a - points_b) / k``
for a (and the negative for b). Summed over a's opponents at that table this is exactly
``points_a``, so with one stake for everybody the result is ``stake * total`` again. Where the
score pad holds a hand's boards, its points per pair are known (the engine scores them pair
by pair) and are used as they are.

Rounding: the exact amounts are cut to whole cents; the cents the cut leaves over (the cut
amounts add up to a little less than zero) go one each to the players with the largest cut-off
remainders, ties to the first by key. The rounded balances so add up to exactly zero.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from typing import Any, TypeVar

from ofcleague.scoring.zero_sum import adds_up

K = TypeVar("K", bound=Hashable)

CENT = Decimal("0.01")
#: Up to this many nonzero balances the transfers are the exact minimum (a subset search
#: over 2**n sets); above it a greedy pairing gives at most n - 1.
EXACT_LIMIT = 14


def pair(a: K, b: K) -> tuple[K, K]:
    """A pair's key: the two keys in order."""
    return (a, b) if a <= b else (b, a)  # type: ignore[operator]  # keys are ordered


def _to_cents(exact: Mapping[K, Fraction], order: Callable[[K], Any]) -> dict[K, int]:
    """Whole cents adding up to zero, by the largest remainder (module docstring)."""
    floors = {}
    remainders = {}
    for key, value in exact.items():
        in_cents = value * 100
        floors[key] = in_cents.numerator // in_cents.denominator
        remainders[key] = in_cents - floors[key]
    missing = -sum(floors.values())
    if missing < 0 or missing > len(floors):
        raise ValueError("the amounts do not add up to zero")
    for key in sorted(floors, key=lambda key: (-remainders[key], order(key)))[:missing]:
        floors[key] += 1
    return floors


def balances(
    base: Mapping[K, Decimal],
    tables: Iterable[Mapping[K, int]] = (),
    stake: Decimal | None = None,
    pair_stakes: Mapping[tuple[K, K], Decimal] | None = None,
    *,
    pairs: Iterable[Mapping[tuple[K, K], int]] = (),
    order: Callable[[K], Any] | None = None,
) -> dict[K, Decimal]:
    """Each player's money: ``base`` (prize minus buy-in, adding up to zero) plus the points
    of every table (a round at one table: each player's points there, adding up to zero)
    times the stake of each pair (``pair_stakes[pair(a, b)]``, else ``stake``, else none).

    ``pairs`` are points known per pair (a hand scored board against board):
    ``{(a, b): points a gets from b}``, each times that pair's stake; they are not split.
    Every player of ``base`` gets a balance (zero included); the result adds up to zero.
    """
    order = order or (lambda key: key)
    pair_stakes = pair_stakes or {}
    if not adds_up(base.values()):
        raise ValueError("the prizes and buy-ins do not add up to zero")
    exact: dict[K, Fraction] = {key: Fraction(value) for key, value in base.items()}
    for table in tables:
        if not adds_up(table.values()):
            raise ValueError("a table's points do not add up to zero")
        size = len(table)
        for a, b in combinations(sorted(table, key=order), 2):  # type: ignore[arg-type]
            rate = pair_stakes.get(pair(a, b), stake)
            if not rate:
                continue
            amount = Fraction(rate) * Fraction(table[a] - table[b], size)
            exact[a] = exact.get(a, Fraction(0)) + amount
            exact[b] = exact.get(b, Fraction(0)) - amount
    for known in pairs:
        for (a, b), points in known.items():
            rate = pair_stakes.get(pair(a, b), stake)
            if rate and points:
                amount = Fraction(rate) * points
                exact[a] = exact.get(a, Fraction(0)) + amount
                exact[b] = exact.get(b, Fraction(0)) - amount
    return {key: value * CENT for key, value in _to_cents(exact, order).items()}


def _zero_sum_groups(cents: list[int]) -> list[list[int]]:
    """The most disjoint groups of indices whose amounts add up to zero, covering all: a
    dynamic programme over the subsets (``best[mask]``: most zero-sum groups a mask splits
    into, when its own sum is zero; an order of the members ending each group at a zero)."""
    n = len(cents)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + cents[low.bit_length() - 1]
    best = [0] * (1 << n)
    last = [0] * (1 << n)
    for mask in range(1, 1 << n):
        top, choice = -1, 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] > top:
                top, choice = best[mask ^ low], low
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        last[mask] = choice
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        index = last[mask].bit_length() - 1
        current.append(index)
        mask ^= last[mask]
    groups.append(current)
    return groups


def _settle_group(cents: dict[K, int], order: Callable[[K], Any]) -> list[tuple[K, K, int]]:
    """Transfers settling a group adding up to zero, each zeroing at least one balance
    (the largest debt pays the largest credit): at most one fewer than the group's size."""
    open_ = dict(cents)
    transfers: list[tuple[K, K, int]] = []
    while True:
        debtors = [key for key, value in open_.items() if value < 0]
        creditors = [key for key, value in open_.items() if value > 0]
        if not debtors:
            return transfers
        payer = min(debtors, key=lambda key: (open_[key], order(key)))
        payee = min(creditors, key=lambda key: (-open_[key], order(key)))
        amount = min(-open_[payer], open_[payee])
        transfers.append((payer, payee, amount))
        open_[payer] += amount
        open_[payee] -= amount


def fewest_transfers(
    balances: Mapping[K, Decimal], *, order: Callable[[K], Any] | None = None
) -> list[tuple[K, K, Decimal]]:
    """The fewest transfers ``(payer, payee, amount)`` settling the balances (adding up to
    zero): n - g for n nonzero balances that split into at most g groups adding up to zero
    (exact up to :data:`EXACT_LIMIT` balances, greedy above: at most n - 1). Amounts are
    positive; the list is sorted by payer, then payee, by ``order`` (default: the keys)."""
    order = order or (lambda key: key)
    cents = {key: int(value / CENT) for key, value in balances.items() if value}
    if any(Decimal(value) * CENT != balances[key] for key, value in cents.items()):
        raise ValueError("balances must be whole cents")
    if not adds_up(cents.values()):
        raise ValueError("the balances do not add up to zero")
    keys = sorted(cents, key=order)  # type: ignore[arg-type]  # keys or their order are ordered
    if len(keys) <= EXACT_LIMIT:
        groups = (
            [
                [keys[index] for index in group]
                for group in _zero_sum_groups([cents[key] for key in keys])
            ]
            if keys
            else []
        )
    else:
        groups = _greedy_groups(keys, cents)
    transfers = []
    for group in groups:
        transfers.extend(_settle_group({key: cents[key] for key in group}, order))
    transfers.sort(key=lambda transfer: (order(transfer[0]), order(transfer[1])))
    return [(payer, payee, amount * CENT) for payer, payee, amount in transfers]


def _greedy_groups(keys: list[K], cents: dict[K, int]) -> list[list[K]]:
    """Many balances: a debt and a credit of the same amount settle alone; the rest is one
    group (n - 1 transfers at most)."""
    groups = []
    rest = list(keys)
    for key in keys:
        if key not in rest or cents[key] >= 0:
            continue
        match = next((other for other in rest if cents[other] == -cents[key]), None)
        if match is not None:
            groups.append([key, match])
            rest.remove(key)
            rest.remove(match)
    if rest:
        groups.append(rest)
    return groups
