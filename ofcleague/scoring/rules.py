"""Named rule sets as plain data.

The rules page renders its royalty tables, counts and notes straight from these objects,
so the calculator and the reference can never disagree. Labels and notes are English
and marked with ``_`` for translation by the web layer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from ofcleague.scoring.errors import ScoringError, _, shorten
from ofcleague.scoring.evaluator import CATEGORY_NAMES, Category, HandValue

ROWS: tuple[str, str, str] = ("front", "middle", "back")
ROW_SIZES: dict[str, int] = {"front": 3, "middle": 5, "back": 5}
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


class _HandLine:
    """Printed names of a table line that names a hand category and, maybe, a rank."""

    category: Category
    rank: int | None

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

    category: Category
    points: int
    #: The rank of the pair or trips for front lines that depend on it; ``None``: any rank.
    rank: int | None = None


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

    category: Category
    cards: int
    rank: int | None = None


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
    naturals: tuple[Natural, ...] = ()
    #: Points a surrendering player pays each player who plays on; ``None``: the game
    #: knows no surrender.
    surrender_points: int | None = None
    #: ``False``: surrender exists but is off unless the league switches it on
    #: (:meth:`with_options`), as in the unit count, whose source has none.
    surrender_on: bool = True
    #: Decisions and details the rules page prints below the tables.
    notes: tuple[str, ...] = ()
    #: The most players one table seats: each needs their cards from one 52-card deck
    #: (13 in OFC and classic Chinese Poker; 17 in Pineapple, so three at most).
    table_seats: int = 4

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


def _front_ofc() -> RoyaltyTable:
    """The OFC front table of house and Pineapple: 66 = 1 ... AA = 9, 222 = 10 ... AAA = 22."""
    pairs = [RoyaltyLine(Category.PAIR, rank - 5, rank) for rank in range(6, 15)]
    trips = [RoyaltyLine(Category.TRIPS, rank + 8, rank) for rank in range(2, 15)]
    return RoyaltyTable("front", tuple(pairs + trips))


def _table(row: str, *lines: tuple[Category, int]) -> RoyaltyTable:
    return RoyaltyTable(row, tuple(RoyaltyLine(category, points) for category, points in lines))


C = Category

_COMMON_OFC_NOTES = (
    _("Rows must not get weaker from the back to the front. Rows of equal strength are "
      "legal; only a row that is strictly stronger than the row below it fouls the hand."),
    _("A tied row scores nothing for either player; the scoop bonus of 3 needs all three "
      "rows won, so two rows won and one tied is +2."),
    _("A fouled hand scores nothing: every opponent with a valid hand gets 6 (all three "
      "rows and the scoop) plus its own royalties. Two fouled hands settle 0 between them."),
    _("Royalties are paid whether or not the row is won: per pair, each player receives "
      "the difference of the two royalty totals."),
)  # fmt: skip

HOUSE = RuleSet(
    key="house",
    label=_("League house rules (OFC)"),
    description=_("Open Face Chinese Poker as the league plays it: its own royalty table, "
                  "1 point per row and 3 more for a scoop, no Fantasyland."),
    count=Count.OFC,
    royalties=(
        _front_ofc(),
        _table("middle", (C.STRAIGHT, 4), (C.FLUSH, 8), (C.FULL_HOUSE, 12), (C.QUADS, 16),
               (C.STRAIGHT_FLUSH, 20), (C.ROYAL_FLUSH, 40)),
        _table("back", (C.STRAIGHT, 2), (C.FLUSH, 4), (C.FULL_HOUSE, 6), (C.QUADS, 8),
               (C.STRAIGHT_FLUSH, 10), (C.ROYAL_FLUSH, 20)),
    ),
    notes=_COMMON_OFC_NOTES,
)  # fmt: skip

PINEAPPLE = RuleSet(
    key="pineapple",
    label=_("OFC Pineapple (published table)"),
    description=_("The widely published Pineapple royalty table with the same count as the "
                  "house rules, plus progressive Fantasyland."),
    count=Count.OFC,
    royalties=(
        _front_ofc(),
        _table("middle", (C.TRIPS, 2), (C.STRAIGHT, 4), (C.FLUSH, 8), (C.FULL_HOUSE, 12),
               (C.QUADS, 20), (C.STRAIGHT_FLUSH, 30), (C.ROYAL_FLUSH, 50)),
        _table("back", (C.STRAIGHT, 2), (C.FLUSH, 4), (C.FULL_HOUSE, 6), (C.QUADS, 10),
               (C.STRAIGHT_FLUSH, 15), (C.ROYAL_FLUSH, 25)),
    ),
    fantasyland=(
        FantasylandLine(C.PAIR, 14, 12),
        FantasylandLine(C.PAIR, 15, 13),
        FantasylandLine(C.PAIR, 16, 14),
        FantasylandLine(C.TRIPS, 17),
    ),
    table_seats=3,
    notes=(
        *_COMMON_OFC_NOTES,
        _("Fantasyland: a hand that is not fouled with QQ or better in the front qualifies. "
          "The next hand is dealt at once: 14 cards for QQ, 15 for KK, 16 for AA, 17 for any "
          "trips."),
    ),
)  # fmt: skip

_NATURAL_NOTES = (
    _("An announced natural is judged on the rows as entered and paid instead of comparing "
      "rows, so its rows are not checked for a foul. A hand that qualifies for several "
      "naturals is paid for the highest one only."),
    _("Three straights and three flushes need a three-card straight or flush in the front "
      "(A-2-3 and Q-K-A count). Outside naturals the front knows only high card, pair and "
      "trips."),
    _("A surrender is paid whatever the other players hold, a natural included; two players "
      "who both surrender settle 0 between them."),
)  # fmt: skip

CLASSIC_TWO_FOUR = RuleSet(
    key="classic-2-4",
    label=_("Classic Chinese Poker, 2-4 count"),
    description=_("Thirteen cards dealt face down and set at once. Two rows of three won pay "
                  "2, all three pay 4, with royalties, naturals and surrender."),
    count=Count.TWO_FOUR,
    royalties=(
        _table("front", (C.TRIPS, 3)),
        _table("middle", (C.FULL_HOUSE, 1), (C.QUADS, 3), (C.STRAIGHT_FLUSH, 4),
               (C.ROYAL_FLUSH, 10)),
        _table("back", (C.QUADS, 3), (C.STRAIGHT_FLUSH, 4), (C.ROYAL_FLUSH, 10)),
    ),
    naturals=(
        Natural("six-pairs", _("Six pairs"), 6,
                _("Six pairs among the 13 cards; four of a kind counts as two pairs.")),
        Natural("three-flushes", _("Three flushes"), 3,
                _("Every row is a flush, the front a three-card flush.")),
        Natural("three-straights", _("Three straights"), 3,
                _("Every row is a straight, the front a three-card straight.")),
        Natural("dragon", _("13-card straight"), 13, _("One card of every rank, 2 to ace.")),
        Natural("royal-dragon", _("13-card royal flush"), 50,
                _("All 13 cards of one suit.")),
    ),
    surrender_points=2,
    notes=(
        _("A tied row is left out: of the two other rows, 2-0 pays 3 and 1-1 pays nothing; "
          "with two tied rows the winner of the third row gets 2; three tied rows pay 0."),
        _("Royalties are paid outright, whether or not the row is won (as the source's "
          "examples count them), and netted per pair."),
        _("A fouled hand loses all three rows to every valid hand (4) and earns no royalties; "
          "two fouled hands settle 0."),
        _("The holder of a natural still pays the other player's royalties; its own rows earn "
          "none. Two naturals are netted: the difference of their values is paid."),
        *_NATURAL_NOTES,
        _("Swapping the 13 cards for the undealt ones (three players only) costs 2 to each "
          "other player before the showdown; enter the new hand and settle the swap apart."),
    ),
)  # fmt: skip

CLASSIC_UNITS = RuleSet(
    key="classic-units",
    label=_("Classic Chinese Poker, units"),
    description=_("Thirteen cards dealt face down and set at once. One unit per row won, "
                  "bonus units for strong rows, special 13-card hands."),
    count=Count.UNITS,
    royalties=(
        _table("front", (C.TRIPS, 3)),
        _table("middle", (C.FULL_HOUSE, 2), (C.QUADS, 4), (C.STRAIGHT_FLUSH, 5),
               (C.ROYAL_FLUSH, 5)),
        _table("back", (C.QUADS, 4), (C.STRAIGHT_FLUSH, 5), (C.ROYAL_FLUSH, 5)),
    ),
    royalties_need_win=True,
    naturals=(
        Natural("six-pairs", _("Six pairs"), 3,
                _("Six pairs and one odd card; four of a kind counts as two pairs.")),
        Natural("three-straights", _("Three straights"), 3,
                _("Every row is a straight, the front a three-card straight.")),
        Natural("three-flushes", _("Three flushes"), 3,
                _("Every row is a flush, the front a three-card flush.")),
        Natural("dragon", _("Complete straight"), 13, _("One card of every rank, 2 to ace.")),
    ),
    # The unit count's source has no surrender; a league that wants it pays 2 units, as
    # the 2-4 source does.
    surrender_points=2,
    surrender_on=False,
    notes=(
        _("One unit per row won, one lost per row lost, nothing for a tied row; there is no "
          "scoop bonus."),
        _("A bonus is paid only for a row that is won, and it replaces that row's single unit: "
          "a front won with trips pays 3 units, not 4. The royalties shown per player are the "
          "bonuses its rows would earn if they win."),
        _("A fouled hand loses every row to each valid hand, bonuses included, and earns "
          "nothing; two fouled hands settle 0."),
        _("Special hands beat every normal hand and pay their units without comparing rows. "
          "Two special hands are netted: the difference of their units is paid."),
        _("A complete straight in one suit is paid as a complete straight (13)."),
        *_NATURAL_NOTES,
    ),
)  # fmt: skip

RULE_SETS: dict[str, RuleSet] = {
    rule_set.key: rule_set for rule_set in (HOUSE, PINEAPPLE, CLASSIC_TWO_FOUR, CLASSIC_UNITS)
}
DEFAULT_RULES = HOUSE.key


def get_rule_set(key: str) -> RuleSet:
    """Return the rule set named ``key``; raise :class:`ScoringError` for an unknown name."""
    try:
        return RULE_SETS[key]
    except (KeyError, TypeError):
        raise ScoringError(
            _("Unknown rule set “%(key)s”; choose one of: %(choices)s."),
            key=shorten(key),
            choices=", ".join(RULE_SETS),
        ) from None
