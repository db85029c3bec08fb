"""Money that follows every write: the pot, the prizes and the open transfers of an evening
are never left behind a correction.

:func:`follow_money` runs in the caller's transaction (the core's hook ``EVENING_CHANGED``
calls it before the standings' kept numbers, so the kept counters count the new prizes),
after a write to an evening:

- the pot follows the buy-ins: unless the league set it by hand, the pot is the buy-in times
  the players, and a new pot is split as the old one was (each place's payout scaled, the
  leftover cents to the best place);
- the open transfers follow the balances: where the evening was settled on its own, its open
  transfers are proposed anew for what its balances leave after the transfers paid for it
  (a paid transfer that was too much is given back by an open one, never kept silently);
  where a settlement of the league's open balances covers it (made on its day or later),
  that settlement is made anew. An evening that is no longer finished (or deleted) has no
  balances: what was paid for it is proposed back.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal

from django.db.models import Exists, Max, OuterRef
from django.db.models.functions import TruncDate

from ofcleague.league.choices import Status
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.league.services.placing import payouts_behind
from ofcleague.league.services.prizes import default_payouts, split_prizes
from ofcleague.league.services.version import save_changed
from ofcleague.money.cash_book import apply_transfers, evening_money, league_money
from ofcleague.money.models import Transfer
from ofcleague.money.services.transfers import propose_transfers, settle_open_balances
from ofcleague.web.money import CENT


def follow_money(evening: Evening) -> None:
    """Bring the pot, the prizes and the open transfers up to date after a write to
    ``evening`` (its dates before the write, from its history, count for the settlements
    that covered it there). One query where nothing can follow (a hand saved at the table of
    a league without transfers and an evening without a pot)."""
    league_transfers = Transfer._base_manager.filter(league_id=OuterRef("league_id"))
    stored = (
        Evening._base_manager.filter(pk=evening.pk)
        .annotate(has_transfers=Exists(league_transfers))
        .order_by()
        .first()
    )
    pot_may_follow = stored is not None and stored.pot is not None and not stored.pot_set_by_hand
    if (
        not pot_may_follow
        and (stored is None or not stored.has_transfers)
        and not (
            stored is None and Transfer._base_manager.filter(league_id=evening.league_id).exists()
        )
    ):
        return
    states = list(Evening.history.filter(id=evening.pk).order_by("-history_id")[:2])
    if pot_may_follow and len(states) == 2:
        pot_follows_buy_ins(stored, states[1].buy_in)
    dates = {evening.date, *(state.date for state in states)}
    transfers_follow(stored or evening, dates)


def pot_follows_buy_ins(evening: Evening, buy_in_before) -> None:
    """Unless set by hand, the pot is the sum of the buy-ins: a new buy-in pays out the new
    pot as the old one was paid. (A new field clears the pot: ``services/evenings.py``.)"""
    if evening.pot is None or evening.pot_set_by_hand or buy_in_before == evening.buy_in:
        return
    seats = list(EveningPlayer.objects.filter(evening=evening).order_by("pk"))
    pot = evening.buy_in * len(seats)
    if pot == evening.pot or any(seat.place is None for seat in seats):
        return
    payouts = scaled_payouts(payouts_behind(seats), pot, len(seats))
    prizes = split_prizes({seat.pk: seat.place for seat in seats}, payouts)
    for seat in seats:
        save_changed(seat, {"prize": prizes[seat.pk]})
    evening.pot = pot
    evening.save(update_fields=["pot"])


def scaled_payouts(payouts: dict[int, Decimal], pot: Decimal, size: int) -> dict[int, Decimal]:
    """The payouts per place scaled to ``pot`` in whole cents, adding up to it exactly (the
    leftover cents to the best place); the league's default split where nothing was paid."""
    old = sum(payouts.values(), Decimal(0))
    if not old:
        return default_payouts(pot, size)
    scaled = {
        place: (amount * pot / old).quantize(CENT, rounding=ROUND_DOWN)
        for place, amount in payouts.items()
    }
    scaled[min(scaled)] += pot - sum(scaled.values(), Decimal(0))
    return scaled


def open_settlement_day(league_id: int):
    """The day of the league's latest settlement of its open balances (None: never)."""
    return (
        Transfer._base_manager.filter(league_id=league_id, evening=None)
        .aggregate(day=Max(TruncDate("created_at")))
        .get("day")
    )


def transfers_follow(evening: Evening, dates: set) -> None:
    """The open transfers that settle ``evening`` proposed anew for its current balances."""
    day = open_settlement_day(evening.league_id)
    if day is not None and any(date <= day for date in dates):
        book = league_money(evening.league)
        settle_open_balances(evening.league, book)
    elif Transfer._base_manager.filter(evening_id=evening.pk).exists():
        _settle_evening_again(evening)


def _settle_evening_again(evening: Evening) -> None:
    """The evening's open transfers, proposed anew for what its balances leave after the
    transfers paid for it (no balances: it is deleted, not finished, or cannot be counted)."""
    Transfer._base_manager.filter(evening_id=evening.pk, paid_at=None).delete()
    balances = {}
    if evening.status == Status.FINISHED and Evening._base_manager.filter(pk=evening.pk).exists():
        result = evening_money(evening)
        if result.problem is None:
            balances = result.balances
    paid = Transfer._base_manager.filter(evening_id=evening.pk).exclude(paid_at=None)
    remaining = {key: value for key, value in apply_transfers(balances, paid).items() if value}
    if remaining:
        names = dict(Player._base_manager.filter(pk__in=remaining).values_list("pk", "name"))
        propose_transfers(evening.league, evening, remaining, names)
