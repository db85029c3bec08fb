"""Fantasyland at the table: who plays it next hand, and with how many cards.

Entry comes from the rule set's Fantasyland lines (the engine's ``PlayerResult.fantasyland``);
staying from its stay lines (``RuleSet.fantasyland_stay``): a player in Fantasyland whose
board qualifies for neither stay leaves it, whatever its front would earn a player outside.
"""

from __future__ import annotations

from ofcleague.scoring.rules import ROWS, RuleSet
from ofcleague.scoring.settle import PlayerResult

#: Cards dealt to a player who stays in Fantasyland under the published Pineapple rules.
STAY_CARDS = 14


def stay_cards(rules: RuleSet) -> int | None:
    """The cards a player who stays in Fantasyland is dealt under ``rules`` (``None``: no
    Fantasyland, or no staying)."""
    return rules.fantasyland_stay_cards if rules.fantasyland and rules.fantasyland_stay else None


def stays(result: PlayerResult, rules: RuleSet) -> bool:
    """Whether a board played in Fantasyland keeps its player there: not fouled, and one of
    the rule set's stay rows (Pineapple: trips in the front, a full house or better in the
    middle, or four of a kind or better in the back)."""
    values = result.values
    if result.fouled or result.surrendered or None in values:
        return False
    return any(
        (values[ROWS.index(line.row)] or (0,))[0] >= line.category
        for line in rules.fantasyland_stay
    )


def next_cards(rules: RuleSet, result: PlayerResult, *, in_fantasyland: bool) -> int | None:
    """The Fantasyland cards a scored board earns for the next hand, or ``None``.

    A player in Fantasyland stays with the rule set's stay cards when :func:`stays`, and
    otherwise leaves (a QQ front in Fantasyland earns nothing); anyone else enters with the
    cards the rule set gives for the front row.
    """
    if not rules.fantasyland:
        return None
    if in_fantasyland:
        return stay_cards(rules) if stays(result, rules) else None
    return result.fantasyland


def entry_cards(rules: RuleSet) -> list[int]:
    """The card counts a player can enter Fantasyland with under ``rules`` (smallest first)."""
    return sorted({line.cards for line in rules.fantasyland})


def allowed_cards(rules: RuleSet, *, in_fantasyland: bool | None = None) -> set[int]:
    """The card counts a points-only hand may tick for the next hand.

    A player in Fantasyland can only stay (the rule set's stay cards); anyone else can only
    enter with the rule set's entry counts. ``None``: either (whoever the player is).
    """
    entry = set(entry_cards(rules))
    if not entry:
        return set()
    stay_count = stay_cards(rules)
    stay = set() if stay_count is None else {stay_count}
    if in_fantasyland is None:
        return entry | stay
    return stay if in_fantasyland else entry


def rules_data(rules: RuleSet) -> dict[str, object]:
    """The rule set's Fantasyland as plain data, for the score pad's script (which judges
    the boards waiting on a phone without a connection by the same lines): the entry lines
    (front category, rank or ``None``, cards), the stay lines (row, least category) and the
    stay's cards. Categories are :class:`~ofcleague.scoring.evaluator.Category` numbers."""
    return {
        "entry": [
            {"category": int(line.category), "rank": line.rank, "cards": line.cards}
            for line in rules.fantasyland
        ],
        "stay": [
            {"row": line.row, "category": int(line.category)} for line in rules.fantasyland_stay
        ],
        "stay_cards": stay_cards(rules),
    }
