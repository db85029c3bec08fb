"""Scoring a hand: fouls, royalties, naturals, surrender, Fantasyland and pairwise settlement.

:func:`score` takes 2 to 4 :class:`~ofcleague.scoring.hand.Hand` objects and a rule set
and returns a :class:`ScoreResult`, whose players and pairs carry exactly what the
calculator and the JSON API show. Every pair ``(a, b)`` is settled from ``a``'s side;
``b`` receives the negative, so all points add up to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from ofcleague.scoring.evaluator import HandValue, evaluate
from ofcleague.scoring.hand import Hand, parse_hand
from ofcleague.scoring.naturals import find_natural
from ofcleague.scoring.rule_sets import DEFAULT_RULES, get_rule_set
from ofcleague.scoring.rules import ROWS, Natural, RuleSet, Surrender
from ofcleague.scoring.validation import validate

# Results and their parts are named tuples: immutable values like frozen dataclasses,
# but built several times faster, and a four-player deal builds 4 + 4 + 6 of them.


class RowTriple(NamedTuple):
    """One number per row, as the API shows royalties and row outcomes."""

    front: int
    middle: int
    back: int

    @property
    def total(self) -> int:
        """The sum of the three rows."""
        return self.front + self.middle + self.back


_ZERO = RowTriple(0, 0, 0)


class PlayerResult(NamedTuple):
    """What one player's hand is worth and what it won in total."""

    name: str
    hand: Hand
    #: Row values for display, ``None`` for the rows of a surrendered hand left empty.
    values: tuple[HandValue | None, HandValue | None, HandValue | None]
    fouled: bool
    #: Whether the player gave up the hand (a valid surrender, paid as such).
    surrendered: bool
    royalties: RowTriple
    #: The natural paid (announced); ``None`` when the rows were played.
    natural: Natural | None
    fantasyland: int | None
    points: int
    #: The surrender the player declared, valid or not.
    surrender: Surrender | None = None
    #: A secret surrender declared on a correctly set hand: void, the hand was played.
    surrender_void: bool = False
    #: A natural the hand holds but did not announce, so its rows were played.
    unannounced_natural: Natural | None = None


class PairResult(NamedTuple):
    """The settlement between two players, seen from ``a``: ``points`` is what ``a`` receives."""

    a: int
    b: int
    #: +1 a wins the row, -1 b wins it, 0 tied or not compared; fouls are already applied.
    rows: RowTriple
    scoop: bool
    #: Net royalty (or bonus) points a receives from b.
    royalties: int
    points: int


@dataclass(frozen=True)
class ScoreResult:
    """The scored hand: the rule set, one result per player, one per pair of players."""

    rules: RuleSet
    players: tuple[PlayerResult, ...]
    pairs: tuple[PairResult, ...]

    def pair(self, a: int, b: int) -> PairResult:
        """Return the settlement between players ``a`` and ``b`` seen from ``a``."""
        for pair in self.pairs:
            if (pair.a, pair.b) == (a, b):
                return pair
            if (pair.a, pair.b) == (b, a):
                return _flip(pair)
        raise KeyError((a, b))

    def to_dict(self) -> dict[str, Any]:
        """Return the result in the JSON API's shape (names instead of indexes)."""
        names = [player.name for player in self.players]
        return {
            "rules": self.rules.key,
            "options": {"surrender": self.rules.allows_surrender},
            "players": [
                {
                    "name": player.name,
                    "fouled": player.fouled,
                    "surrender": player.surrender.value if player.surrender else None,
                    "surrendered": player.surrendered,
                    "surrender_void": player.surrender_void,
                    "royalties": _triple_dict(player.royalties, total=True),
                    "natural": player.natural.key if player.natural else None,
                    "unannounced_natural": (
                        player.unannounced_natural.key if player.unannounced_natural else None
                    ),
                    "fantasyland": player.fantasyland,
                    "points": player.points,
                }
                for player in self.players
            ],
            "pairs": [
                {
                    "a": names[pair.a],
                    "b": names[pair.b],
                    "rows": _triple_dict(pair.rows),
                    "scoop": pair.scoop,
                    "royalties": pair.royalties,
                    "points": pair.points,
                }
                for pair in self.pairs
            ],
        }


def _triple_dict(triple: RowTriple, *, total: bool = False) -> dict[str, int]:
    data = dict(zip(ROWS, triple, strict=True))
    if total:
        data["total"] = triple.total
    return data


def _flip(pair: PairResult) -> PairResult:
    return PairResult(
        a=pair.b,
        b=pair.a,
        rows=RowTriple(*(-outcome for outcome in pair.rows)),
        scoop=pair.scoop,
        royalties=-pair.royalties,
        points=-pair.points,
    )


class _Prepared(NamedTuple):
    """Per-player facts the pairwise settlement needs, computed once per hand."""

    values: tuple[HandValue | None, HandValue | None, HandValue | None]
    fouled: bool
    surrendered: bool
    royalties: RowTriple
    natural: Natural | None
    surrender: Surrender | None = None
    surrender_void: bool = False
    unannounced_natural: Natural | None = None


def score_rows(rules: str | RuleSet, hands: Sequence[dict[str, Any]]) -> ScoreResult:
    """Score hands given as dicts of strings (``name``, ``front``, ``middle``, ``back``,
    optionally ``surrender`` and ``announce_natural``, as on :class:`Hand`), as the
    calculator form and the API receive them."""
    rule_set = get_rule_set(rules) if isinstance(rules, str) else rules
    parsed = [
        parse_hand(
            hand["name"],
            hand.get("front", ""),
            hand.get("middle", ""),
            hand.get("back", ""),
            surrender=hand.get("surrender", False),
            announce_natural=hand.get("announce_natural"),
            player=index,
        )
        for index, hand in enumerate(hands)
    ]
    return score(parsed, rule_set)


def _prepare(hand: Hand, rules: RuleSet) -> _Prepared:
    kind = hand.surrender_kind
    if kind is Surrender.ANNOUNCED:
        kept = [evaluate(cards) if cards else None for cards in hand.rows]
        return _Prepared((kept[0], kept[1], kept[2]), False, True, _ZERO, None, kind)
    values = (evaluate(hand.front), evaluate(hand.middle), evaluate(hand.back))
    front, middle, back = values
    held = find_natural(hand, values, rules) if rules.naturals else None
    # A natural is paid only when announced; by default it is, unless the player surrenders.
    announced = hand.announce_natural if hand.announce_natural is not None else kind is None
    if held is not None and announced:
        # A natural replaces the rows: they are never compared, so they cannot foul.
        return _Prepared(values, False, False, _ZERO, held, kind)
    # From here the rows are played; a natural the hand holds was kept quiet.
    if front > middle or middle > back:
        if kind is Surrender.SECRET:
            # Mis-set on purpose and declared at the showdown: the surrender stands.
            return _Prepared(values, False, True, _ZERO, None, kind, False, held)
        return _Prepared(values, True, False, _ZERO, None, kind, False, held)
    # A correctly set hand cannot surrender: a secret surrender is void, the hand is played.
    void = kind is Surrender.SECRET
    front_table, middle_table, back_table = rules.royalties
    royalties = RowTriple(
        front_table.points(front), middle_table.points(middle), back_table.points(back)
    )
    return _Prepared(values, False, False, royalties, None, kind, void, held)


def _compare(a: HandValue, b: HandValue) -> int:
    return (a > b) - (a < b)


def _settle(a: _Prepared, b: _Prepared, rules: RuleSet) -> tuple[RowTriple, int, int]:
    """Return (row outcomes, net royalties, points) that ``a`` receives from ``b``."""
    if a.surrendered or b.surrendered:
        if a.surrendered and b.surrendered:
            return _ZERO, 0, 0
        surrender = rules.surrender_points or 0
        return _ZERO, 0, (-surrender if a.surrendered else surrender)
    if a.natural or b.natural:
        a_value = a.natural.points if a.natural else 0
        b_value = b.natural.points if b.natural else 0
        # Whoever has no natural still collects its royalties (outright count only).
        royalties = 0 if rules.royalties_need_win else a.royalties.total - b.royalties.total
        return _ZERO, royalties, a_value - b_value + royalties
    if a.fouled and b.fouled:
        return _ZERO, 0, 0
    if a.fouled or b.fouled:
        outcome = -1 if a.fouled else 1
        rows = RowTriple(outcome, outcome, outcome)
    else:
        # Neither fouled nor surrendered: every row has its value.
        rows = RowTriple(
            *(_compare(x, y) for x, y in zip(a.values, b.values, strict=True))  # type: ignore[arg-type]
        )
    if not rules.royalties_need_win:
        royalties = a.royalties.total - b.royalties.total
        return rows, royalties, rules.row_points(tuple(rows)) + royalties
    # Units: a row won with a bonus hand pays the bonus instead of its single unit.
    units = 0
    bonus = 0
    for outcome, a_bonus, b_bonus in zip(rows, a.royalties, b.royalties, strict=True):
        winner_bonus = a_bonus if outcome > 0 else b_bonus if outcome < 0 else 0
        if winner_bonus:
            bonus += outcome * winner_bonus
        else:
            units += outcome
    return rows, bonus, units + bonus


def score(hands: Sequence[Hand], rules: RuleSet | str | None = None) -> ScoreResult:
    """Score 2 to 4 hands under a rule set (the house rules by default).

    Raises :class:`ScoringError` for anything that cannot be scored: a wrong number of
    players or cards, a card used twice, a surrender the rule set does not know.
    """
    if rules is None:
        rules = DEFAULT_RULES
    rule_set = get_rule_set(rules) if isinstance(rules, str) else rules
    validate(hands, rule_set)
    prepared = [_prepare(hand, rule_set) for hand in hands]
    totals = [0] * len(hands)
    pairs = []
    for a, b in combinations(range(len(hands)), 2):
        rows, royalties, points = _settle(prepared[a], prepared[b], rule_set)
        totals[a] += points
        totals[b] -= points
        scoop = abs(sum(rows)) == 3
        pairs.append(PairResult(a, b, rows, scoop, royalties, points))
    players = tuple(
        PlayerResult(
            name=hand.name,
            hand=hand,
            values=facts.values,
            fouled=facts.fouled,
            surrendered=facts.surrendered,
            royalties=facts.royalties,
            natural=facts.natural,
            surrender=facts.surrender,
            surrender_void=facts.surrender_void,
            unannounced_natural=facts.unannounced_natural,
            fantasyland=(
                rule_set.fantasyland_cards(facts.values[0])  # type: ignore[arg-type]
                if rule_set.fantasyland and not (facts.fouled or facts.surrendered)
                else None
            ),
            points=totals[index],
        )
        for index, (hand, facts) in enumerate(zip(hands, prepared, strict=True))
    )
    return ScoreResult(rule_set, players, tuple(pairs))
