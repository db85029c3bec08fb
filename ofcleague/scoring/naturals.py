"""The 13-card naturals of classic Chinese Poker: which one a set hand holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ofcleague.scoring.evaluator import Category, HandValue
from ofcleague.scoring.hand import Hand
from ofcleague.scoring.rules import Natural, RuleSet

_STRAIGHTS = frozenset({Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})
_FLUSHES = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})


def find_natural(hand: Hand, values: Sequence[HandValue], rules: RuleSet) -> Natural | None:
    """Return the highest-paying natural of the rule set that the hand holds, or ``None``."""
    best = None
    for natural in rules.naturals:
        if _HAS_NATURAL[natural.key](hand, values) and (
            best is None or natural.points > best.points
        ):
            best = natural
    return best


def _six_pairs(hand: Hand, values: Sequence[HandValue]) -> bool:
    counts = Counter(card >> 2 for card in hand.cards)
    return sum(count // 2 for count in counts.values()) >= 6


def _three_flushes(hand: Hand, values: Sequence[HandValue]) -> bool:
    front_suits = {card & 3 for card in hand.front}
    return len(front_suits) == 1 and all(values[i][0] in _FLUSHES for i in (1, 2))


def _three_straights(hand: Hand, values: Sequence[HandValue]) -> bool:
    ranks = sorted(card >> 2 for card in hand.front)
    front_straight = (ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3) or ranks == [0, 1, 12]
    return front_straight and all(values[i][0] in _STRAIGHTS for i in (1, 2))


def _dragon(hand: Hand, values: Sequence[HandValue]) -> bool:
    return len({card >> 2 for card in hand.cards}) == 13


def _royal_dragon(hand: Hand, values: Sequence[HandValue]) -> bool:
    return _dragon(hand, values) and len({card & 3 for card in hand.cards}) == 1


_HAS_NATURAL = {
    "six-pairs": _six_pairs,
    "three-flushes": _three_flushes,
    "three-straights": _three_straights,
    "dragon": _dragon,
    "royal-dragon": _royal_dragon,
}
