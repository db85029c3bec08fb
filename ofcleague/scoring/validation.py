"""Whether hands can be scored together: players, names, cards per row, cards used once,
and the surrenders and naturals declared."""

from __future__ import annotations

from collections.abc import Sequence

from ofcleague.scoring.cards import format_card
from ofcleague.scoring.errors import ScoringError, _, shorten
from ofcleague.scoring.hand import Hand
from ofcleague.scoring.rules import ROW_SIZES, ROWS, RuleSet, Surrender

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def validate(hands: Sequence[Hand], rules: RuleSet) -> None:
    """Raise :class:`ScoringError` unless the hands can be scored together under ``rules``."""
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ScoringError(
            _("A hand is scored for 2 to 4 players, not %(count)s."), count=len(hands)
        )
    if _plainly_valid(hands):
        return
    # Something is off: walk the hands in order, so the error names the first problem.
    seen_names: set[str] = set()
    seen_cards: set[int] = set()
    for index, hand in enumerate(hands):
        if hand.name in seen_names:
            raise ScoringError(
                _("Two players are called “%(name)s”; names must differ."),
                player=index,
                field="name",
                name=hand.name,
            )
        seen_names.add(hand.name)
        kind = _check_declarations(hand, index, rules)
        empty = not hand.cards
        for row, cards in zip(ROWS, hand.rows, strict=True):
            if empty and kind is Surrender.ANNOUNCED:
                break
            if len(cards) != ROW_SIZES[row]:
                raise ScoringError(
                    _("%(name)s, %(row_label)s: %(size)s cards needed, not %(count)s."),
                    player=index,
                    row=row,
                    name=hand.name,
                    size=ROW_SIZES[row],
                    count=len(cards),
                )
            for card in cards:
                if card in seen_cards:
                    raise ScoringError(
                        _("The card %(card)s is used more than once."),
                        player=index,
                        row=row,
                        card=format_card(card),
                    )
                seen_cards.add(card)


def _check_declarations(hand: Hand, index: int, rules: RuleSet) -> Surrender | None:
    """Return the hand's surrender kind; raise if the rules or the hand do not allow it."""
    try:
        kind = hand.surrender_kind
    except ValueError:
        raise ScoringError(
            _("Unknown surrender “%(kind)s”; choose one of: %(choices)s."),
            player=index,
            field="surrender",
            kind=shorten(hand.surrender),
            choices=", ".join(Surrender),
        ) from None
    if kind is None:
        return None
    if not rules.allows_surrender:
        template = (
            _("The rule set “%(rules)s” has surrender only when the league switches it on.")
            if rules.surrender_optional
            else _("The rule set “%(rules)s” has no surrender.")
        )
        raise ScoringError(template, player=index, field="surrender", rules=rules.key)
    if hand.announce_natural:
        raise ScoringError(
            _("%(name)s cannot surrender and announce a natural in the same hand."),
            player=index,
            field="announce_natural",
            name=hand.name,
        )
    if kind is Surrender.SECRET and not hand.cards:
        raise ScoringError(
            _("%(name)s: a secret surrender is declared on a set hand, so its 13 cards are "
              "needed; without cards, choose the announced surrender."),
            player=index,
            field="surrender",
            name=hand.name,
        )  # fmt: skip
    return kind


def _plainly_valid(hands: Sequence[Hand]) -> bool:
    """Whether the hands are complete, with distinct names and cards, and nobody surrenders.

    The common case, checked with a few set operations; ``False`` only means "look closer".
    """
    cards: list[int] = []
    for hand in hands:
        if hand.surrender or len(hand.front) != 3 or len(hand.middle) != 5 or len(hand.back) != 5:
            return False
        cards += hand.front
        cards += hand.middle
        cards += hand.back
    return len(set(cards)) == len(cards) and len({hand.name for hand in hands}) == len(hands)
