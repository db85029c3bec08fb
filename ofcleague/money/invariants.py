"""The rules of the league's money (pure over plain facts):

- money in equals money out per evening: its players' balances add up to exactly zero, in
  whole cents;
- the transfers of a settlement cover the balances it settles exactly: after them every
  player's balance is zero; each transfer moves a positive amount from one player to another;
- a paid transfer never changes: every transfer paid before a write is there after it, with
  the same payer, payee, amount, evening and time of payment;
- a transfer is between two players of its league, for an evening of its league (or none);
- the transfers follow every correction: a league's transfers, paid and open, settle exactly
  the balances of its settled evenings (those with transfers of their own, and those a
  settlement of the open balances covers: made on their day or later), so its open transfers
  settle what the paid ones leave (:func:`settled_problems`).

:func:`money_facts` and :func:`foreign_transfers` read what the first and last rule need
from the database, for :func:`ofcleague.league.invariants.league_problems`.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F, Max
from django.db.models.functions import TruncDate
from django.utils.translation import gettext as _

from ofcleague.league.choices import Status
from ofcleague.league.invariants import Problem
from ofcleague.league.models import Evening
from ofcleague.money.cash_book import evenings_money
from ofcleague.money.models import Transfer
from ofcleague.scoring.zero_sum import adds_up

CENT = Decimal("0.01")


@dataclass(frozen=True)
class TransferFacts:
    """One transfer as stored (players and evening by key)."""

    id: int
    payer: int
    payee: int
    amount: Decimal
    evening: int | None = None
    paid_at: object = None


def evening_money_problems(balances: Mapping[int, Decimal] | None) -> list[str]:
    """What is wrong with an evening's balances (None: they could not be counted, as its
    prizes and buy-ins or its points do not add up to zero)."""
    if balances is None:
        return [_("its money in and money out differ.")]
    problems = []
    if not adds_up(balances.values()):
        problems.append(_("its money in and money out differ."))
    if any(amount != amount.quantize(CENT) for amount in balances.values()):
        problems.append(_("a balance is not in whole cents."))
    return problems


def settlement_problems(
    balances: Mapping[int, Decimal], transfers: Iterable[TransferFacts]
) -> list[str]:
    problems = []
    left = dict(balances)
    for transfer in transfers:
        if transfer.amount <= 0:
            problems.append(_("a transfer moves no money."))
        if transfer.payer == transfer.payee:
            problems.append(_("a transfer pays its own payer."))
        left[transfer.payer] = left.get(transfer.payer, Decimal(0)) + transfer.amount
        left[transfer.payee] = left.get(transfer.payee, Decimal(0)) - transfer.amount
    if any(left.values()):
        problems.append(_("its transfers do not cover the balances exactly."))
    return problems


def paid_transfer_problems(
    before: Iterable[TransferFacts], after: Iterable[TransferFacts]
) -> list[str]:
    now = {transfer.id: transfer for transfer in after}
    problems = []
    for transfer in before:
        if transfer.paid_at is not None and now.get(transfer.id) != transfer:
            problems.append(_("a paid transfer changed or disappeared."))
    return problems


def money_facts(
    evening_ids: Iterable[int] | None = None,
) -> dict[int, dict[int, Decimal] | None]:
    """Each finished evening's balances by player (of those given, or every one), read fresh
    in four queries; None where its prizes and buy-ins or its points do not add up to zero
    (money in and money out differ). An evening of the league's old records whose pot is not
    the sum of its buy-ins has no balances to check."""
    evenings = Evening._base_manager.filter(status=Status.FINISHED)
    if evening_ids is not None:
        evenings = evenings.filter(pk__in=list(evening_ids))
    return {
        pk: None if result.unbalanced else result.balances
        for pk, result in evenings_money(evenings).items()
        if result.problem is None or result.unbalanced
    }


def foreign_transfers() -> list[int]:
    """The transfers naming a player, or an evening, of another league than their own (two
    queries; a deleted evening's paid transfers keep its key and are not looked at)."""
    transfers = Transfer._base_manager.all()
    found = set(
        transfers.exclude(payer__league=F("league"), payee__league=F("league")).values_list(
            "pk", flat=True
        )
    )
    of_evenings = transfers.exclude(evening=None)
    leagues = dict(
        Evening._base_manager.filter(pk__in=of_evenings.values("evening_id")).values_list(
            "pk", "league_id"
        )
    )
    for pk, evening_id, league_id in of_evenings.values_list("pk", "evening_id", "league_id"):
        if leagues.get(evening_id, league_id) != league_id:
            found.add(pk)
    return sorted(found)


@dataclass(frozen=True)
class CashFacts:
    """One league's money as plain data: each finished evening's date and balances by player
    (empty where they cannot be counted), every transfer, and the day of its latest
    settlement of the open balances (None: never)."""

    league: int
    evenings: dict[int, tuple[datetime.date, dict[int, Decimal]]]
    transfers: tuple[TransferFacts, ...]
    settled_on: datetime.date | None = None


def settled_problems(cash: CashFacts) -> list[str]:
    """Whether the league's transfers settle exactly its settled evenings' balances."""
    own = {transfer.evening for transfer in cash.transfers if transfer.evening is not None}
    left: dict[int, Decimal] = defaultdict(Decimal)
    for evening, (date, balances) in cash.evenings.items():
        if evening in own or (cash.settled_on is not None and date <= cash.settled_on):
            for player, amount in balances.items():
                left[player] += amount
    for transfer in cash.transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    if any(left.values()):
        return [
            _(
                "its open transfers do not settle what the settled evenings' balances leave "
                "after the paid ones."
            )
        ]
    return []


def cash_facts() -> list[CashFacts]:
    """Every league's :class:`CashFacts` that has transfers, read fresh (six queries)."""
    transfers: dict[int, list[TransferFacts]] = defaultdict(list)
    for row in Transfer._base_manager.values_list(
        "league_id", "pk", "payer_id", "payee_id", "amount", "evening_id", "paid_at"
    ):
        transfers[row[0]].append(TransferFacts(*row[1:]))
    if not transfers:
        return []
    settled_on = dict(
        Transfer._base_manager.filter(evening=None)
        .values("league_id")
        .annotate(day=Max(TruncDate("created_at")))
        .values_list("league_id", "day")
    )
    evenings = Evening._base_manager.filter(status=Status.FINISHED, league_id__in=list(transfers))
    found: dict[int | None, dict] = defaultdict(dict)
    for pk, result in evenings_money(evenings).items():
        balances = result.balances if result.problem is None else {}
        found[result.evening.league_id][pk] = (result.evening.date, balances)
    return [
        CashFacts(league, found[league], tuple(rows), settled_on.get(league))
        for league, rows in transfers.items()
    ]


def money_problems(evening_ids, labels: dict[int, str]) -> list:
    """The money's broken rules as the league's problems (``invariants.league_problems`` asks
    through ``hooks.LEAGUE_RULES``): each evening's balances, and, asked for every evening,
    the transfers' leagues and what the open transfers settle."""
    problems = []
    for evening_id, balances in money_facts(evening_ids).items():
        label = labels.get(evening_id, str(evening_id))
        problems += [Problem(evening_id, label, rule) for rule in evening_money_problems(balances)]
    if evening_ids is None:
        for transfer in foreign_transfers():
            rule = _("transfer %(id)s names a player or evening of another league.") % {
                "id": transfer
            }
            problems.append(Problem(0, _("The cash book"), rule))
        for cash in cash_facts():
            problems += [Problem(0, _("The cash book"), rule) for rule in settled_problems(cash)]
    return problems
