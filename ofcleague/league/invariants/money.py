"""The rules of the league's money (pure over plain facts):

- money in equals money out per evening: its players' balances add up to exactly zero, in
  whole cents;
- the transfers of a settlement cover the balances it settles exactly: after them every
  player's balance is zero; each transfer moves a positive amount from one player to another;
- a paid transfer never changes: every transfer paid before a write is there after it, with
  the same payer, payee, amount, evening and time of payment.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

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


def evening_money_problems(balances: Mapping[int, Decimal]) -> list[str]:
    problems = []
    if sum(balances.values(), Decimal(0)) != 0:
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
