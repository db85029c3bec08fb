"""One player's hand: three rows of card integers and what the player declared."""

from __future__ import annotations

from typing import NamedTuple

from ofcleague.scoring.cards import parse_cards
from ofcleague.scoring.errors import ScoringError
from ofcleague.scoring.rules import Surrender

# A named tuple: an immutable value like a frozen dataclass, but built several times faster.


class Hand(NamedTuple):
    """One player's three rows as card integers and what the player declared.

    ``surrender``: ``False`` (none), ``"announced"``, ``"secret"`` (a :class:`Surrender`),
    or ``True``: "the player said surrender", whose kind the table shows (see
    :attr:`surrender_kind`). Rows may be empty only for an announced surrender.

    ``announce_natural``: ``None`` (default) announces a natural the hand holds unless the
    player surrenders; ``False`` keeps it quiet and plays the rows; ``True`` announces it.
    """

    name: str
    front: tuple[int, ...]
    middle: tuple[int, ...]
    back: tuple[int, ...]
    surrender: bool | str = False
    announce_natural: bool | None = None

    @property
    def surrender_kind(self) -> Surrender | None:
        """The surrender declared, or ``None``.

        ``True`` is read from the table: a player who shows no cards gave up during the
        hand (announced); a player who shows a set hand declares at the showdown, which is
        the secret surrender. Raises :class:`ValueError` for an unknown kind.
        """
        if not self.surrender:
            return None
        if self.surrender is True:
            shown = self.front or self.middle or self.back
            return Surrender.SECRET if shown else Surrender.ANNOUNCED
        return Surrender(self.surrender)

    @property
    def rows(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The rows in the order front, middle, back."""
        return self.front, self.middle, self.back

    @property
    def cards(self) -> tuple[int, ...]:
        """All cards of the hand."""
        return self.front + self.middle + self.back


def parse_hand(
    name: str,
    front: str,
    middle: str,
    back: str,
    *,
    surrender: bool | str = False,
    announce_natural: bool | None = None,
    player: int = 0,
) -> Hand:
    """Build a :class:`Hand` from typed rows; errors name the player's index and the row."""
    row = "front"
    try:
        front_cards = parse_cards(front)
        row = "middle"
        middle_cards = parse_cards(middle)
        row = "back"
        back_cards = parse_cards(back)
    except ScoringError as error:
        error.player, error.row, error.field = player, row, row
        raise
    return Hand(name, front_cards, middle_cards, back_cards, surrender, announce_natural)
