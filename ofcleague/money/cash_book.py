"""Reading the league's money: each evening's balances, the transfers, the open balances.

An evening's *balance* of a player is what it won or lost that evening (``scoring/money.py``
says how: prize minus buy-in, plus points times the stake, by pairs where a pair has a stake
of its own). A player's *open balance* is the sum of its evenings' balances less what it has
paid and plus what it was paid (paid transfers): positive, the league's players still owe it
money; negative, it still owes. Transfers not yet paid are proposals of how to pay it.

Reads only; a fixed number of queries whatever the number of evenings and players.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from django.apps import apps
from django.utils.translation import gettext as _

from ofcleague.league.choices import Status
from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.money.models import PairStake, Transfer
from ofcleague.scoring import ScoringError, score_rows
from ofcleague.scoring.money import balances, pair
from ofcleague.web.money import money

ZERO = Decimal("0.00")


@dataclass
class EveningMoney:
    """An evening's money: each player's balance (by player key), or why there is none."""

    evening: Evening
    names: dict[int, str]
    balances: dict[int, Decimal] = field(default_factory=dict)
    problem: str | None = None
    # Whether some pairs play for a stake of their own (points then go by pairs).
    by_pairs: bool = False
    # Whether some of those pairs' points come from the score pad's boards, pair by pair.
    from_hands: bool = False
    # Whether its prizes and buy-ins, or a table's points, do not add up to zero.
    unbalanced: bool = False

    @property
    def settles(self) -> bool:
        return self.problem is None and any(self.balances.values())


def _hand_pairs(rules, hands) -> dict[tuple[int, int], Fraction] | None:
    """What each pair won from each other in the hands of one table's round: boards scored
    pair by pair as the score pad scored them; a hand of points only split as the module
    says. ``None`` where a board cannot be scored again to its stored points."""
    known: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for entry, results in hands:
        if entry == "boards":
            boards = [
                {
                    "name": str(index),
                    "front": front,
                    "middle": middle,
                    "back": back,
                    "surrender": surrendered,
                }
                for index, (_player, _points, front, middle, back, surrendered) in enumerate(
                    results
                )
            ]
            try:
                scored = score_rows(rules, boards)
            except ScoringError:
                return None
            if [player.points for player in scored.players] != [row[1] for row in results]:
                return None
            for result in scored.pairs:
                a, b = results[result.a][0], results[result.b][0]
                known[pair(a, b)] += result.points if a < b else -result.points
        else:
            size = len(results)
            for (a, pa, *_rest), (b, pb, *_more) in combinations(results, 2):
                share = Fraction(pa - pb, size)
                known[pair(a, b)] += share if a < b else -share
    return known


def _known_pairs(evening, groups, hands):
    """Split the groups (round, table) that the score pad's hands account for into what each
    pair won from the other; the others stay groups to split as the module says."""
    rules = evening_rule_set(evening)
    left, known = [], []
    for key, points in groups.items():
        at_table = hands.get(key)
        sums: dict[int, int] = defaultdict(int)
        for _entry, results in at_table or ():
            for player, value, *_rest in results:
                sums[player] += value
        found = _hand_pairs(rules, at_table) if at_table else None
        if found is None or any(sums.get(player, 0) != value for player, value in points.items()):
            left.append(points)
        else:
            known.append(found)
    return left, known


def _evening_money(evening, seats, scores, stakes, hands=None) -> EveningMoney:
    names = {seat.player_id: seat.player.name for seat in seats}
    result = EveningMoney(evening, names, by_pairs=bool(stakes))
    if evening.status != Status.FINISHED:
        result.problem = _("The evening is not finished yet.")
        return result
    if not seats:
        result.problem = _("The evening has no players.")
        return result
    base = dict.fromkeys(names, ZERO)
    if evening.pot is not None:
        buy_ins = evening.buy_in * len(seats)
        if evening.pot != buy_ins:
            result.problem = _(
                "The pot (%(pot)s) is not the sum of the buy-ins (%(buy_ins)s): money in must "
                "equal money out."
            ) % {"pot": money(evening.pot, exact=True), "buy_ins": money(buy_ins, exact=True)}
            return result
        base = {seat.player_id: (seat.prize or ZERO) - evening.buy_in for seat in seats}
    tables, known = [], []
    if evening.stake_per_point or stakes:
        if scores:
            groups: dict[tuple, dict] = defaultdict(dict)
            for player, number, table, points in scores:
                groups[(number, table)][player] = points
            tables = list(groups.values())
            if stakes and hands:
                tables, known = _known_pairs(evening, groups, hands)
                result.from_hands = bool(known)
        elif all(seat.total is not None for seat in seats):
            tables = [{seat.player_id: seat.total for seat in seats}]
    try:
        result.balances = balances(
            base,
            tables,
            evening.stake_per_point,
            stakes,
            pairs=known,
            order=lambda key: names[key],
        )
    except ValueError:
        result.problem = _("The evening's points do not add up to zero at every table.")
        result.unbalanced = True
    return result


def evenings_money(evenings) -> dict[int, EveningMoney]:
    """The money of each of ``evenings`` (Evening objects), in three queries."""
    evenings = list(evenings)
    ids = [evening.pk for evening in evenings]
    seats = defaultdict(list)
    for seat in (
        EveningPlayer.objects.filter(evening_id__in=ids)
        .select_related("player")
        .only("evening_id", "player_id", "player__name", "prize", "total")
    ):
        seats[seat.evening_id].append(seat)
    scores = defaultdict(list)
    for row in RoundScore.objects.filter(evening_player__evening_id__in=ids).values_list(
        "evening_player__evening_id",
        "evening_player__player_id",
        "round_number",
        "table",
        "points",
    ):
        scores[row[0]].append(row[1:])
    stakes: dict[int, dict] = defaultdict(dict)
    for evening_id, player_a, player_b, stake in PairStake.objects.filter(
        evening_id__in=ids
    ).values_list("evening_id", "player_a_id", "player_b_id", "stake"):
        stakes[evening_id][pair(player_a, player_b)] = stake
    hands = _hands([evening_id for evening_id in ids if stakes[evening_id]])
    return {
        evening.pk: _evening_money(
            evening, seats[evening.pk], scores[evening.pk], stakes[evening.pk], hands[evening.pk]
        )
        for evening in evenings
    }


def _hands(evening_ids):
    """The score pad's hands of these evenings (one query, none for no evening): by evening,
    then (round, table), each hand's entry and its results (player, points, rows, surrender)
    in seat order."""
    found = defaultdict(lambda: defaultdict(list))
    if not evening_ids:
        return found
    HandResult = apps.get_model("table", "HandResult")
    rows = (
        HandResult.objects.filter(hand__round_table__evening_id__in=evening_ids)
        .order_by("hand_id", "pk")
        .values_list(
            "hand__round_table__evening_id",
            "hand__round_table__round_number",
            "hand__round_table__table",
            "hand_id",
            "hand__entry",
            "evening_player__player_id",
            "points",
            "front",
            "middle",
            "back",
            "surrendered",
        )
    )
    by_hand = {}
    for evening_id, number, table, hand, entry, *result in rows:
        if hand not in by_hand:
            by_hand[hand] = (entry, [])
            found[evening_id][(number, table)].append(by_hand[hand])
        by_hand[hand][1].append(tuple(result))
    return found


def evening_money(evening: Evening) -> EveningMoney:
    return evenings_money([evening])[evening.pk]


def apply_transfers(amounts: dict[int, Decimal], transfers) -> dict[int, Decimal]:
    """Balances after ``transfers``: a payer's debt shrinks, a payee's credit too."""
    result = defaultdict(lambda: ZERO, amounts)
    for transfer in transfers:
        result[transfer.payer_id] += transfer.amount
        result[transfer.payee_id] -= transfer.amount
    return dict(result)


@dataclass
class LeagueMoney:
    """The league's money: the evenings' money, every transfer, each player's open balance."""

    evenings: dict[int, EveningMoney]
    transfers: list[Transfer]
    names: dict[int, str]

    def _summed(self) -> dict[int, Decimal]:
        total: dict[int, Decimal] = defaultdict(lambda: ZERO)
        for evening in self.evenings.values():
            if evening.problem is None:
                for player, amount in evening.balances.items():
                    total[player] += amount
        return dict(total)

    @property
    def open_balances(self) -> dict[int, Decimal]:
        """What each player still gets (positive) or owes, after the paid transfers."""
        paid = [transfer for transfer in self.transfers if transfer.paid_at is not None]
        return apply_transfers(self._summed(), paid)

    @property
    def uncovered(self) -> dict[int, Decimal]:
        """What no transfer (paid or proposed) covers yet: what a new settlement would pay."""
        return apply_transfers(self._summed(), self.transfers)

    @property
    def open_transfers(self) -> list[Transfer]:
        return [transfer for transfer in self.transfers if transfer.paid_at is None]

    @property
    def problems(self) -> list[EveningMoney]:
        """The finished evenings whose money cannot be counted (a pot not of the buy-ins)."""
        return [
            evening
            for evening in self.evenings.values()
            if evening.problem is not None and evening.evening.status == Status.FINISHED
        ]


def transfers_of(**filters):
    return list(
        Transfer.objects.filter(**filters)
        .select_related("payer", "payee", "evening")
        .order_by("created_at", "pk")
    )


def league_money(league) -> LeagueMoney:
    """The money of every finished evening of ``league`` and its transfers (five queries)."""
    evenings = Evening._base_manager.filter(league=league, status=Status.FINISHED)
    money_by_evening = evenings_money(evenings)
    transfers = transfers_of(league=league)
    names = {}
    for evening in money_by_evening.values():
        names.update(evening.names)
    for transfer in transfers:
        names[transfer.payer_id] = transfer.payer.name
        names[transfer.payee_id] = transfer.payee.name
    return LeagueMoney(money_by_evening, transfers, names)
