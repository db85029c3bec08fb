"""One ordering for rows of three and five cards.

A row's value is a plain tuple ``(category, rank, rank, ...)``: the category first, then
the ranks that decide between two rows of that category, most important first. Tuples
compare the way poker hands do, and because a three-card row simply has fewer kickers
the same comparison serves the front against the middle: a front ``Q Q 5`` is
``(PAIR, 12, 5)``, a middle ``Q Q 4 3 2`` is ``(PAIR, 12, 4, 3, 2)``, and the front is the
stronger row (the kicker 5 beats the 4), which makes that hand a foul.

All values are precomputed once per multiset of ranks, keyed by the product of one
prime per rank (a product does not depend on the order of the cards), so scoring a
row costs a few multiplications, a dictionary lookup and a suit check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations_with_replacement

from ofcleague.scoring.errors import _

HandValue = tuple[int, ...]


class Category(IntEnum):
    """Hand categories from weakest to strongest; a royal flush is its own category."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


#: English names, marked for translation; the web layer translates them.
CATEGORY_NAMES: dict[Category, str] = {
    Category.HIGH_CARD: _("High card"),
    Category.PAIR: _("Pair"),
    Category.TWO_PAIR: _("Two pair"),
    Category.TRIPS: _("Three of a kind"),
    Category.STRAIGHT: _("Straight"),
    Category.FLUSH: _("Flush"),
    Category.FULL_HOUSE: _("Full house"),
    Category.QUADS: _("Four of a kind"),
    Category.STRAIGHT_FLUSH: _("Straight flush"),
    Category.ROYAL_FLUSH: _("Royal flush"),
}

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: The prime of each card's rank, indexed by the card itself.
_CARD_PRIME = tuple(_PRIMES[card >> 2] for card in range(52))


def _by_count(ranks: Sequence[int]) -> list[int]:
    """Order rank values by how often they occur, then by rank, both descending."""
    counts = Counter(ranks)
    return sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)


def _straight_high(ranks: Sequence[int]) -> int | None:
    """Return the top rank of a five-card straight (5 for the wheel), else ``None``."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    if distinct == [2, 3, 4, 5, 14]:
        return 5
    return None


def _value_five(ranks: Sequence[int]) -> tuple[HandValue, HandValue | None]:
    """Return the value of five ranks without and with a flush (``None`` if impossible)."""
    order = _by_count(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    high = _straight_high(ranks)
    if shape == [4, 1]:
        return (int(Category.QUADS), *order), None
    if shape == [3, 2]:
        return (int(Category.FULL_HOUSE), *order), None
    if shape == [3, 1, 1]:
        return (int(Category.TRIPS), *order), None
    if shape == [2, 2, 1]:
        return (int(Category.TWO_PAIR), *order), None
    if shape == [2, 1, 1, 1]:
        return (int(Category.PAIR), *order), None
    if high is not None:
        flush_category = Category.ROYAL_FLUSH if high == 14 else Category.STRAIGHT_FLUSH
        return (int(Category.STRAIGHT), high), (int(flush_category), high)
    return (int(Category.HIGH_CARD), *order), (int(Category.FLUSH), *order)


def _value_three(ranks: Sequence[int]) -> HandValue:
    """Return the value of a three-card row: only high card, pair and trips count."""
    order = _by_count(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    if shape == [3]:
        return (int(Category.TRIPS), *order)
    if shape == [2, 1]:
        return (int(Category.PAIR), *order)
    return (int(Category.HIGH_CARD), *order)


def _key(rank_indexes: Sequence[int]) -> int:
    product = 1
    for index in rank_indexes:
        product *= _PRIMES[index]
    return product


def _build_tables() -> tuple[dict[int, HandValue], dict[int, HandValue], dict[int, HandValue]]:
    plain: dict[int, HandValue] = {}
    flush: dict[int, HandValue] = {}
    three: dict[int, HandValue] = {}
    for combo in combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) > 4:
            continue
        without, with_flush = _value_five([index + 2 for index in combo])
        plain[_key(combo)] = without
        if with_flush is not None:
            flush[_key(combo)] = with_flush
    for triple in combinations_with_replacement(range(13), 3):
        three[_key(triple)] = _value_three([index + 2 for index in triple])
    return plain, flush, three


_PLAIN, _FLUSH, _THREE = _build_tables()


def evaluate(cards: Sequence[int]) -> HandValue:
    """Return the value of a row of three or five distinct cards; higher is stronger."""
    prime = _CARD_PRIME
    if len(cards) == 5:
        a, b, c, d, e = cards
        key = prime[a] * prime[b] * prime[c] * prime[d] * prime[e]
        suit = a & 3
        if suit == b & 3 == c & 3 == d & 3 == e & 3:
            return _FLUSH[key]
        return _PLAIN[key]
    a, b, c = cards
    return _THREE[prime[a] * prime[b] * prime[c]]


def describe(value: HandValue) -> str:
    """Return the English (untranslated) name of a row value's category."""
    return CATEGORY_NAMES[Category(value[0])]
