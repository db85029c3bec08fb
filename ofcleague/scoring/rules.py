"""What a rule set is made of, as plain data: rows, counts, surrender, royalty and
Fantasyland lines, naturals and the :class:`RuleSet` itself (the named sets are in
:mod:`ofcleague.scoring.rule_sets`).

The rules page renders its royalty tables, counts and notes straight from these objects,
so the calculator and the reference can never disagree. Labels and notes are English
and marked with ``_`` for translation by the web layer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from ofcleague.scoring.errors import ScoringError, _
from ofcleague.scoring.evaluator import CATEGORY_NAMES, Category, HandValue

ROWS: tuple[str, str, str] = ("front", "middle", "back")
ROW_SIZES: dict[str, int] = {"front": 3, "middle": 5, "back": 5}
#: The cards of the one deck a table plays with.
DECK_SIZE = 52
ROW_NAMES: dict[str, str] = {"front": _("Front"), "middle": _("Middle"), "back": _("Back")}

_RANK_LABELS = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8",
    9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A",
}  # fmt: skip


def rank_label(rank: int) -> str:
    """Return how a rank value is printed: ``"10"``, ``"J"``... ``"A"``."""
    return _RANK_LABELS[rank]


class Count(StrEnum):
    """How the rows of one pair of players are turned into points."""

    #: One point per row, three more for a scoop (OFC: 2-1 is +1, 3-0 is +6).
    OFC = "ofc"
    #: Classic 2-4: 2-1 pays 2, 3-0 pays 4; a tied row is left out.
    TWO_FOUR = "2-4"
    #: One unit per row won; a bonus replaces the unit of a row won with a bonus hand.
    UNITS = "units"


class Surrender(StrEnum):
    """The two ways the classic 2-4 source lets a player give up a hand."""

    #: Said during the hand, before the showdown: no cards are shown or needed.
    ANNOUNCED = "announced"
    #: Declared at the showdown on a hand set fouled on purpose; void on a correctly set hand.
    SECRET = "secret"


#: What each kind of surrender is, for the rules page and the calculator (one place).
SURRENDER_KINDS: dict[Surrender, tuple[str, str]] = {
    Surrender.ANNOUNCED: (
        _("Announced surrender"),
        _("Said while the hand is still running. The player shows no cards and pays at once."),
    ),
    Surrender.SECRET: (
        _("Secret surrender"),
        _("The player sets the rows out of order on purpose and says “surrender” when the "
          "cards are turned over. On a correctly set hand the word counts for nothing: the "
          "surrender is void and the hand is played as set."),
    ),
}  # fmt: skip

#: How a natural must be claimed, printed under every table of naturals.
NATURAL_ANNOUNCEMENT = _(
    "A natural counts only if its holder says so as soon as the comparison begins. A player "
    "may keep quiet and play the rows instead, which sometimes pays more; those rows are then "
    "compared and can foul like any others. The calculator assumes a natural is announced "
    "unless you tick “play the rows”."
)


@dataclass(frozen=True)
class _HandLine:
    """A table line that names a hand category and, for some front lines, a rank."""

    category: Category
    #: The rank of the pair or trips for front lines that depend on it; ``None``: any rank.
    rank: int | None = field(default=None, kw_only=True)

    @property
    def label(self) -> str:
        """The category's English name, marked for translation."""
        return CATEGORY_NAMES[self.category]

    @property
    def rank_label(self) -> str:
        """The rank as printed (``"Q"``), or an empty string for lines of any rank."""
        return rank_label(self.rank) if self.rank is not None else ""


@dataclass(frozen=True)
class RoyaltyLine(_HandLine):
    """One line of a royalty table: a hand category (and for the front, a rank) and its points."""

    points: int


@dataclass(frozen=True)
class RoyaltyTable:
    """The ordered royalty lines of one row, weakest first."""

    row: str
    lines: tuple[RoyaltyLine, ...]
    _lookup: dict[tuple[int, int | None], int] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for line in self.lines:
            self._lookup[(int(line.category), line.rank)] = line.points

    def __iter__(self) -> Iterator[RoyaltyLine]:
        return iter(self.lines)

    @property
    def label(self) -> str:
        """The row's English name, marked for translation."""
        return ROW_NAMES[self.row]

    def points(self, value: HandValue) -> int:
        """Return the royalty a row value earns in this row (0 when no line matches)."""
        lookup = self._lookup
        return lookup.get((value[0], value[1]), 0) or lookup.get((value[0], None), 0)


@dataclass(frozen=True)
class FantasylandLine(_HandLine):
    """A front row that qualifies for Fantasyland and the number of cards it is dealt."""

    cards: int


@dataclass(frozen=True)
class StayLine(_HandLine):
    """A row that keeps a player in Fantasyland: ``category`` or better in ``row``."""

    row: str


@dataclass(frozen=True)
class Natural:
    """A 13-card hand that is paid instead of comparing rows."""

    key: str
    label: str
    points: int
    description: str


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides how a hand is scored, as data."""

    key: str
    label: str
    description: str
    count: Count
    royalties: tuple[RoyaltyTable, RoyaltyTable, RoyaltyTable]
    #: ``True`` (classic units): a royalty is a bonus for a row that is won, replacing its unit.
    #: ``False``: royalties are paid outright and netted per pair.
    royalties_need_win: bool = False
    fantasyland: tuple[FantasylandLine, ...] = ()
    #: A board played in Fantasyland that is not fouled and holds one of these rows is
    #: dealt :attr:`fantasyland_stay_cards` in the next hand; without one, its player leaves.
    fantasyland_stay: tuple[StayLine, ...] = ()
    fantasyland_stay_cards: int | None = None
    naturals: tuple[Natural, ...] = ()
    #: Points a surrendering player pays each player who plays on; ``None``: the game
    #: knows no surrender.
    surrender_points: int | None = None
    #: ``False``: surrender exists but is off unless the league switches it on
    #: (:meth:`with_options`), as in the unit count, whose source has none.
    surrender_on: bool = True
    #: Decisions and details the rules page prints below the tables.
    notes: tuple[str, ...] = ()
    #: The cards one player is dealt in a hand (13 in OFC and classic Chinese Poker; 5 and
    #: then four times 3 in Pineapple, 17): every player's come from one deck.
    cards_per_player: int = 13

    @property
    def table_seats(self) -> int:
        """The most players one table seats: as many as one deck holds their cards (four in
        OFC and classic Chinese Poker, three in Pineapple)."""
        return DECK_SIZE // self.cards_per_player

    def royalty_table(self, row: str) -> RoyaltyTable:
        """Return the royalty table of a row (``"front"``, ``"middle"`` or ``"back"``)."""
        return self.royalties[ROWS.index(row)]

    @property
    def allows_surrender(self) -> bool:
        """Whether a player may surrender under these rules (with their options)."""
        return self.surrender_points is not None and self.surrender_on

    @property
    def surrender_optional(self) -> bool:
        """Whether surrender is off by default but the league may switch it on."""
        return self.surrender_points is not None and not self.surrender_on

    def with_options(self, *, surrender: bool | None = None) -> RuleSet:
        """Return the rule set with the league's options; ``None`` keeps the default.

        ``surrender=True`` switches surrender on (the unit count has it only this way);
        a rule set whose game knows no surrender (OFC) refuses it.
        """
        if surrender is None or surrender == self.allows_surrender:
            return self
        if self.surrender_points is None:
            raise ScoringError(
                _("The rule set “%(rules)s” has no surrender to switch on."), rules=self.key
            )
        return replace(self, surrender_on=surrender)

    def fantasyland_cards(self, front: HandValue) -> int | None:
        """Return the Fantasyland cards a (not fouled) front row earns, or ``None``."""
        best = None
        for line in self.fantasyland:
            if front[0] == line.category and line.rank in (None, front[1]):
                best = line.cards if best is None else max(best, line.cards)
        return best

    def row_points(self, outcomes: Sequence[int]) -> int:
        """Return the points for three row outcomes (+1 won, -1 lost, 0 tied), bonuses aside.

        For the units count this is one unit per row; bonuses are added by the settlement.
        """
        wins = outcomes.count(1)
        losses = outcomes.count(-1)
        if self.count is Count.OFC:
            bonus = 3 if wins == 3 else -3 if losses == 3 else 0
            return wins - losses + bonus
        if self.count is Count.TWO_FOUR:
            return _TWO_FOUR[(wins, losses)]
        return wins - losses

    def count_table(self) -> list[tuple[int, int, int, int]]:
        """Return ``(won, tied, lost, points)`` for every split of three rows, best first."""
        table = []
        for wins in range(3, -1, -1):
            for losses in range(0, 4 - wins):
                ties = 3 - wins - losses
                outcomes = [1] * wins + [0] * ties + [-1] * losses
                table.append((wins, ties, losses, self.row_points(outcomes)))
        return table


# (rows won, rows lost) -> points in the classic 2-4 count; tied rows are left out.
_TWO_FOUR = {
    (3, 0): 4, (2, 1): 2, (1, 2): -2, (0, 3): -4,
    (2, 0): 3, (1, 1): 0, (0, 2): -3,
    (1, 0): 2, (0, 1): -2,
    (0, 0): 0,
}  # fmt: skip
