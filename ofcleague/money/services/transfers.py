"""The league's transfers proposed: the fewest that settle what is left, checked against the
rule that they settle it exactly (``money/invariants.py``). Used by settling (``settling.py``)
and by the money that follows a correction (``following.py``)."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError

from ofcleague.money.invariants import TransferFacts, settlement_problems
from ofcleague.money.models import Transfer
from ofcleague.scoring.money import fewest_transfers


def transfer_facts(transfers) -> list[TransferFacts]:
    """The plain facts of ``transfers``, as the invariants take them."""
    return [
        TransferFacts(t.pk, t.payer_id, t.payee_id, t.amount, t.evening_id, t.paid_at)
        for t in transfers
    ]


def propose_transfers(league, evening, remaining: dict[int, Decimal], names: dict[int, str]):
    """Store the fewest transfers settling ``remaining`` (checked to cover it exactly)."""
    proposed = [
        Transfer(league=league, evening=evening, payer_id=payer, payee_id=payee, amount=amount)
        for payer, payee, amount in fewest_transfers(remaining, order=lambda key: names[key])
    ]
    problems = settlement_problems(remaining, transfer_facts(proposed))
    if problems:  # pragma: no cover (the engine settles exactly)
        raise ValidationError(problems)
    Transfer.objects.bulk_create(proposed)
    return proposed


def settle_open_balances(league, book) -> list[Transfer]:
    """Every open transfer of the league proposed anew, for its open balances (``book``)."""
    Transfer.objects.filter(league=league, paid_at=None).delete()
    remaining = {key: value for key, value in book.open_balances.items() if value}
    if not remaining:
        return []
    return propose_transfers(league, None, remaining, book.names)
