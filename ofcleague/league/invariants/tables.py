"""The rules of an evening's tables: chairs, hands, boards, Fantasyland and the rounds they make.

Pure over :class:`~.facts.EveningFacts`; the boards are scored again with the engine's own
:func:`~ofcleague.scoring.table.score_boards`, the function the score pad records them with.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from django.utils.translation import gettext as _

from ofcleague.league.invariants.facts import EveningFacts, HandFacts, ResultFacts, TableFacts
from ofcleague.league.limits import HAND_POINTS
from ofcleague.scoring import RULE_SETS, RuleSet, ScoringError, fantasyland
from ofcleague.scoring.table import Board, dealer_of, score_boards
from ofcleague.scoring.zero_sum import off_by

BOARDS = "boards"
POINTS = "points"


def table_problems(evening: EveningFacts) -> list[str]:
    """Every rule the evening's tables break, each sentence naming round and table."""
    rules = RULE_SETS[evening.rule_set]
    players = {seat.id for seat in evening.seats}
    problems: list[str] = []
    where: dict[tuple[int, int], int] = {}  # (round, evening seat) -> table
    for table in evening.tables:
        for rule in _chair_problems(evening, rules, table, players, where):
            problems.append(f"{table.label}: {rule}")
        for rule in _hand_problems(evening, rules, table):
            problems.append(f"{table.label}: {rule}")
    problems += _hand_round_problems(evening, where)
    return problems


def _chair_problems(evening, rules: RuleSet, table: TableFacts, players, where) -> Iterator[str]:
    size = len(table.chairs)
    if not 1 <= table.round_number <= evening.rounds:
        yield _("the evening has no such round.")
    if table.table < 1:
        yield _("tables are numbered from 1.")
    if sorted(position for position, _seat in table.chairs) != list(range(1, size + 1)):
        yield _("its seats are not numbered 1 to %(size)s without a gap.") % {"size": size}
    if not 2 <= size <= rules.table_seats:
        yield _("it seats %(size)s players; these rules seat 2 to %(most)s at a table.") % {
            "size": size,
            "most": rules.table_seats,
        }
    if not 1 <= table.first_dealer <= max(size, 1):
        yield _("the dealer of hand 1 has no seat at it.")
    for _position, seat in table.chairs:
        if seat not in players:
            yield _("a player at it does not play this evening.")
        elif where.setdefault((table.round_number, seat), table.table) != table.table:
            yield _("a player at it sits at another table of the same round.")


def _hand_problems(evening, rules: RuleSet, table: TableFacts) -> Iterator[str]:
    numbers = [hand.number for hand in table.hands]
    if numbers != list(range(1, len(numbers) + 1)):
        yield _("its hands are not numbered 1 to %(count)s.") % {"count": len(numbers)}
    if len(numbers) > evening.hands_per_round:
        yield _("it has %(count)s hands, more than the %(hands)s of a round.") % {
            "count": len(numbers),
            "hands": evening.hands_per_round,
        }
    chairs = dict(table.chairs)
    earned: dict[int, int | None] = {}  # evening seat -> Fantasyland cards for the next hand
    for hand in table.hands:
        for rule in _one_hand_problems(rules, table, chairs, hand, earned):
            yield _("hand %(number)s %(rule)s") % {"number": hand.number, "rule": rule}
        earned = {result.seat: result.fantasyland_next for result in hand.results}


def _one_hand_problems(
    rules: RuleSet, table: TableFacts, chairs: Mapping[int, int], hand: HandFacts, earned
) -> Iterator[str]:
    if chairs and hand.dealer != dealer_of(table.first_dealer, hand.number, len(chairs)):
        yield _("names the wrong dealer.")
    by_seat = {result.seat: result for result in hand.results}
    if len(by_seat) != len(hand.results) or set(by_seat) != set(chairs.values()):
        yield _("does not have one result for each player at the table.")
        return
    if total := off_by(result.points for result in hand.results):
        yield _("adds up to %(sum)+d, not zero.") % {"sum": total}
    if any(result.points not in HAND_POINTS for result in hand.results):
        yield _("has points outside %(low)s to %(high)s.") % HAND_POINTS._asdict()
    if any(result.fantasyland != earned.get(result.seat) for result in hand.results):
        yield _("is not dealt in Fantasyland as the hand before earned.")
    in_order = [by_seat[chairs[position]] for position in sorted(chairs)]
    if hand.entry == BOARDS:
        yield from _board_problems(rules, in_order)
    elif hand.entry == POINTS:
        yield from _points_hand_problems(rules, in_order)
    else:
        yield _("is entered neither as points nor as boards.")


def _board_problems(rules: RuleSet, results: list[ResultFacts]) -> Iterator[str]:
    boards = [
        Board(str(index), result.front, result.middle, result.back, result.surrendered)
        for index, result in enumerate(results)
    ]
    try:
        outcomes = score_boards(rules, boards, [result.fantasyland for result in results])
    except ScoringError:
        yield _("has a board these rules cannot score.")
        return
    for result, outcome in zip(results, outcomes, strict=True):
        stored = (
            result.points,
            result.fouled,
            result.surrendered,
            result.front,
            result.middle,
            result.back,
            result.royalties,
            result.scoops,
            result.fantasyland_next,
        )
        if stored != tuple(outcome):
            yield _("is not scored as the evening's rule set scores its boards.")
            return


def _points_hand_problems(rules: RuleSet, results: list[ResultFacts]) -> Iterator[str]:
    if any(result.front or result.middle or result.back for result in results):
        yield _("is entered as points but holds boards.")
    for result in results:
        allowed = fantasyland.allowed_cards(rules, in_fantasyland=result.fantasyland is not None)
        if result.fantasyland_next is not None and result.fantasyland_next not in allowed:
            yield _("gives a Fantasyland these rules do not deal.")
            return


def _hand_round_problems(evening: EveningFacts, where: Mapping[tuple[int, int], int]) -> list[str]:
    """A round with tables holds exactly the sums of its hands (none before the first hand);
    a player of the evening seated at no table of it has 0."""
    problems = []
    rounds = {table.round_number for table in evening.tables}
    for number in sorted(rounds):
        sums: dict[int, int] = {}
        for table in evening.tables:
            if table.round_number == number:
                for hand in table.hands:
                    for result in hand.results:
                        sums[result.seat] = sums.get(result.seat, 0) + result.points
        played = any(table.hands for table in evening.tables if table.round_number == number)
        scores = {score.seat: score for score in evening.scores if score.round_number == number}
        if not played:
            if scores:
                problems.append(
                    _("round %(round)s has tables but points typed into the grid.")
                    % {"round": number}
                )
            continue
        for seat in evening.seats:
            score = scores.get(seat.id)
            table = where.get((number, seat.id))
            if score is None or score.points != sums.get(seat.id, 0):
                problems.append(
                    _("round %(round)s does not hold the sum of its hands.") % {"round": number}
                )
                break
            if score.table not in (None, table):
                problems.append(
                    _("round %(round)s puts a player at another table than their seat.")
                    % {"round": number}
                )
                break
    return problems
