"""Derived money never goes stale (issue 36, points 1 and 2): after an evening is settled
(and a transfer paid), a corrected round, a corrected buy-in or a deleted evening leave the
open transfers settling exactly what the balances leave after the paid ones, the pot the sum
of the buy-ins (unless set by hand) and Net adding up to zero; the league's invariants say so.
"""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from ofcleague.league import services
from ofcleague.league.invariants import league_problems
from ofcleague.league.invariants.evening import prize_problems
from ofcleague.league.models import Evening, EveningPlayer
from ofcleague.money.cash_book import apply_transfers, evening_money, league_money
from ofcleague.money.invariants import CashFacts, TransferFacts, settled_problems
from ofcleague.money.models import Transfer
from ofcleague.money.services.settling import mark_paid, settle_evening, settle_open
from tests.league.builders import corrected_round, played_five
from tests.league.test_invariants import sound_evening

pytestmark = pytest.mark.django_db

D = Decimal
DAY = datetime.date(2026, 11, 20)


def _assert_one_truth(evening):
    """The open transfers settle what the balances leave after the paid ones; the pot is the
    buy-ins'; Net adds up to zero; no rule of the league is broken."""
    evening.refresh_from_db()
    transfers = list(Transfer.objects.filter(evening=evening))
    paid = [t for t in transfers if t.paid_at is not None]
    open_ = [t for t in transfers if t.paid_at is None]
    left = apply_transfers(evening_money(evening).balances, paid)
    assert not any(apply_transfers(left, open_).values())
    seats = list(EveningPlayer.objects.filter(evening=evening))
    assert evening.pot == evening.buy_in * len(seats)
    assert sum(seat.prize - evening.buy_in for seat in seats) == 0
    assert league_problems() == []


def test_a_corrected_round_after_settling_proposes_the_open_transfers_anew(five, keeper):
    evening = played_five(five)
    settle_evening(evening, keeper)
    before = {(t.payer_id, t.payee_id, t.amount) for t in Transfer.objects.all()}
    # Hal's second round was 3, it was 13: Hal moves up from 4th place to 2nd.
    corrected_round(evening, 2, (3, 1, -2, 13, -15), five)
    after = {(t.payer_id, t.payee_id, t.amount) for t in Transfer.objects.all()}
    assert after != before
    _assert_one_truth(evening)


def test_a_paid_transfer_that_no_longer_fits_is_given_back_by_an_open_one(five, keeper):
    evening = played_five(five)
    eli, fay, gus, hal, ivy = five
    settle_evening(evening, keeper)
    # Hal pays his share first; then the correction makes Hal a winner.
    paid = Transfer.objects.filter(payer=hal).first()
    mark_paid(paid, keeper)
    corrected_round(evening, 2, (3, 1, -2, 13, -15), five)
    assert Transfer.objects.get(pk=paid.pk).paid_at is not None  # a paid transfer stays
    # Hal is owed his payment back: an open transfer pays him, none asks him to pay.
    open_ = Transfer.objects.filter(paid_at=None)
    assert open_.filter(payee=hal).exists() and not open_.filter(payer=hal).exists()
    _assert_one_truth(evening)


def test_a_new_buy_in_of_a_finished_evening_pays_out_the_new_pot(five, keeper):
    evening = played_five(five)
    settle_evening(evening, keeper)
    mark_paid(Transfer.objects.order_by("pk").first(), keeper)
    evening.refresh_from_db()
    services.update_evening(evening, evening.version, players=five, buy_in=D("10"))
    evening.refresh_from_db()
    assert evening.pot == D("50")
    assert not evening.pot_set_by_hand
    assert evening_money(evening).problem is None
    _assert_one_truth(evening)


def test_a_pot_set_by_hand_stays_when_the_buy_in_changes(five, keeper):
    evening = played_five(five)
    services.set_prizes(evening, evening.version, D("30"), {1: D("20"), 2: D("10")})
    evening.refresh_from_db()
    assert evening.pot_set_by_hand
    services.update_evening(evening, evening.version, players=five, buy_in=D("10"))
    evening.refresh_from_db()
    assert (evening.pot, evening.pot_set_by_hand) == (D("30"), True)


def test_a_correction_under_a_settlement_of_the_open_balances_settles_them_anew(five, keeper):
    evening = played_five(five)
    settle_open(evening.league, keeper)
    mark_paid(Transfer.objects.order_by("pk").first(), keeper)
    corrected_round(evening, 2, (3, 1, -2, 13, -15), five)
    book = league_money(evening.league)
    owed = apply_transfers(book.open_balances, book.open_transfers)
    assert not any(owed.values())
    assert league_problems() == []


def test_a_deleted_settled_evening_asks_back_what_was_paid(five, keeper):
    evening = played_five(five)
    settle_evening(evening, keeper)
    paid = mark_paid(Transfer.objects.order_by("pk").first(), keeper)
    evening.refresh_from_db()
    services.delete_evening(evening, evening.version)
    back = Transfer.objects.get(paid_at=None)
    assert (back.payer_id, back.payee_id, back.amount) == (
        paid.payee_id,
        paid.payer_id,
        paid.amount,
    )
    assert league_problems() == []


# The rules themselves, over plain facts.


def test_settled_evenings_are_settled_exactly_by_their_transfers():
    balances = {1: D("5"), 2: D("-5")}
    stale = TransferFacts(1, payer=2, payee=1, amount=D("4"), evening=7)
    fitting = TransferFacts(1, payer=2, payee=1, amount=D("5"), evening=7)
    assert settled_problems(CashFacts(1, {7: (DAY, balances)}, (fitting,))) == []
    assert settled_problems(CashFacts(1, {7: (DAY, balances)}, (stale,)))
    # Not settled yet (no transfer of its own, no settlement of the open balances since).
    assert settled_problems(CashFacts(1, {7: (DAY, balances)}, ())) == []
    batch = TransferFacts(2, payer=2, payee=1, amount=D("5"))
    assert settled_problems(CashFacts(1, {7: (DAY, balances)}, (batch,), DAY)) == []
    later = DAY + datetime.timedelta(days=1)
    assert settled_problems(CashFacts(1, {7: (later, balances)}, (batch,), DAY))


def test_the_pot_is_the_buy_ins_unless_set_by_hand():
    evening = sound_evening()
    size = len(evening.seats)
    assert evening.pot == evening.buy_in * size and prize_problems(evening) == []
    from dataclasses import replace

    other = replace(evening, buy_in=evening.buy_in + 1)
    with translation.override("en"):
        assert prize_problems(other) == [
            "its pot is not the sum of its buy-ins, and the league did not set it."
        ]
    assert prize_problems(replace(other, pot_set_by_hand=True)) == []


def test_an_evening_of_the_old_records_keeps_its_pot_when_restored(five, keeper):
    evening = played_five(five)
    services.set_prizes(evening, evening.version, D("30"), {1: D("20"), 2: D("10")})
    Evening.objects.filter(pk=evening.pk).update(pot_set_by_hand=False)
    assert league_problems()  # what the migration and the restore mark: set by hand
