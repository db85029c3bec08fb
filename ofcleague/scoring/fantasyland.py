"""Fantasyland at the table: who plays it next hand, and with how many cards.

Entry comes from the rule set's Fantasyland lines (the engine's ``PlayerResult.fantasyland``);
staying follows the usual Pineapple stay rule, which the rule sets do not carry as data yet.
"""

from __future__ import annotations

from ofcleague.scoring.evaluator import Category
from ofcleague.scoring.rules import RuleSet
from ofcleague.scoring.settle import PlayerResult

#: Cards dealt to a player who stays in Fantasyland.
STAY_CARDS = 14


def stays(result: PlayerResult) -> bool:
    """Whether a board played in Fantasyland keeps its player there: not fouled, and trips in
    the front, a full house or better in the middle, or four of a kind or better in the back."""
    if result.fouled or result.surrendered or None in result.values:
        return False
    front, middle, back = (value[0] for value in result.values)
    return front >= Category.TRIPS or middle >= Category.FULL_HOUSE or back >= Category.QUADS


def next_cards(rules: RuleSet, result: PlayerResult, *, in_fantasyland: bool) -> int | None:
    """The Fantasyland cards a scored board earns for the next hand, or ``None``.

    A player in Fantasyland stays with :data:`STAY_CARDS` when :func:`stays`; anyone else
    enters with the cards the rule set gives for the front row.
    """
    if not rules.fantasyland:
        return None
    if in_fantasyland:
        return STAY_CARDS if stays(result) else None
    return result.fantasyland


def entry_cards(rules: RuleSet) -> list[int]:
    """The card counts a player can enter Fantasyland with under ``rules`` (smallest first)."""
    return sorted({line.cards for line in rules.fantasyland})


def allowed_cards(rules: RuleSet, *, in_fantasyland: bool | None = None) -> set[int]:
    """The card counts a points-only hand may tick for the next hand.

    A player in Fantasyland can only stay (:data:`STAY_CARDS`); anyone else can only enter
    with the rule set's entry counts. ``None``: either (whoever the player is).
    """
    entry = set(entry_cards(rules))
    if not entry:
        return set()
    if in_fantasyland is None:
        return entry | {STAY_CARDS}
    return {STAY_CARDS} if in_fantasyland else entry
