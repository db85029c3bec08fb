"""The named rule sets: the league's house rules, OFC Pineapple and classic Chinese Poker.

Labels and notes are English and marked with ``_`` for translation by the web layer.
"""

from __future__ import annotations

from ofcleague.scoring.errors import ScoringError, _, shorten
from ofcleague.scoring.evaluator import Category
from ofcleague.scoring.rules import (
    Count,
    FantasylandLine,
    Natural,
    RoyaltyLine,
    RoyaltyTable,
    RuleSet,
    StayLine,
)


def _front_ofc() -> RoyaltyTable:
    """The OFC front table of house and Pineapple: 66 = 1 ... AA = 9, 222 = 10 ... AAA = 22."""
    pairs = [RoyaltyLine(Category.PAIR, rank - 5, rank=rank) for rank in range(6, 15)]
    trips = [RoyaltyLine(Category.TRIPS, rank + 8, rank=rank) for rank in range(2, 15)]
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
        FantasylandLine(C.PAIR, 14, rank=12),
        FantasylandLine(C.PAIR, 15, rank=13),
        FantasylandLine(C.PAIR, 16, rank=14),
        FantasylandLine(C.TRIPS, 17),
    ),
    fantasyland_stay=(
        StayLine(C.TRIPS, row="front"),
        StayLine(C.FULL_HOUSE, row="middle"),
        StayLine(C.QUADS, row="back"),
    ),
    fantasyland_stay_cards=14,
    cards_per_player=17,
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
