"""Who pays whom, as steps of the league's state machine: an evening's stakes (now and then
no amount, or a pair with a player from elsewhere), settling an evening or the league's open
balances, and marking a transfer paid (by the scorekeeper, a player's linked account or a
stranger, who is refused).

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (each finished evening's money in equals its money out, a transfer stays
within its league) after every step. Its own invariant: a paid transfer never changes
(:func:`ofcleague.money.invariants.paid_transfer_problems`, compared by what the
transfer says, so a league restored under new ids compares too); and after a settlement its
transfers cover exactly what it settles. A settled evening (paid marks or not) is corrected
now and then: its buy-in, one of its rounds or one of its hands, after which the league's
invariants still hold (its transfers follow, its pot is the buy-ins', Net adds up to zero).
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from ofcleague.league import services
from ofcleague.league.models import Evening, Player, RoundScore, Status
from ofcleague.money.cash_book import apply_transfers, evening_money, league_money
from ofcleague.money.invariants import (
    TransferFacts,
    paid_transfer_problems,
    settlement_problems,
)
from ofcleague.money.models import Transfer
from ofcleague.money.services import settling as money
from ofcleague.money.services.transfers import transfer_facts
from ofcleague.table import evening as table_evening
from ofcleague.table import services as table
from ofcleague.table.models import Hand
from tests.league.stateful_points import mostly, zero_sum

#: Stakes as typed: mostly an amount in whole cents (with a comma now and then), else none, or
#: no amount, too little or too much.
STAKES = mostly(
    st.one_of(
        st.decimals(Decimal("0.01"), Decimal("2"), places=2).map(str),
        st.decimals(Decimal("0.01"), Decimal("2"), places=2).map(
            lambda d: f" {d} ".replace(".", ",")
        ),
        st.just(""),
    ),
    "zehn",
    "-0,10",
    "0,001",
    "NaN",
    "1e999",
    "1000,01",
    "\x00",
)


def _paid():
    """Every paid transfer as what it says: league, payer, payee, amount, evening, when."""
    rows = (
        Transfer._base_manager.exclude(paid_at=None).select_related("payer", "payee").order_by("pk")
    )
    # The evening by its key would change in a league's restore: by its date and start.
    when = {
        pk: (date, start)
        for pk, date, start in Evening.history.values_list("id", "date", "start_time")
    }
    return [
        TransferFacts(
            (t.league_id, t.created_at, t.payer.name, t.payee.name),
            t.payer.name,
            t.payee.name,
            t.amount,
            when.get(t.evening_id),
            t.paid_at,
        )
        for t in rows
    ]


class MoneySteps:
    """Rules of stakes, settlements and payments (mixed into the state machine)."""

    paid_before: list | None = None

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def set_stakes(self, data):
        evening = self.pick(data)
        seated = sorted(evening.seats.values_list("player_id", flat=True))
        pairs = {}
        if len(seated) >= 2 and data.draw(st.booleans(), label="pairs of their own"):
            for _ in range(data.draw(st.integers(1, 3), label="pairs")):
                a, b = data.draw(
                    st.lists(st.sampled_from(seated), min_size=2, max_size=2, unique=True),
                    label="pair",
                )
                pairs[(a, b)] = data.draw(STAKES, label="pair stake")
        if seated and data.draw(st.integers(0, 19), label="stranger?") == 0:
            stranger = Player._base_manager.exclude(pk__in=seated).order_by("pk").first()
            if stranger is not None:
                pairs[(seated[0], stranger.pk)] = "0,10"  # refused: not of this evening
        self.attempt(money.set_stakes, evening, self.keeper, data.draw(STAKES), pairs)

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def settle_evening(self, data):
        evening = self.pick(data)
        if self.attempt(money.settle_evening, evening, self.keeper) is None:
            return
        # What it leaves after the transfers paid for it, its open transfers cover exactly.
        result = evening_money(evening)
        transfers = list(Transfer.objects.filter(evening=evening))
        paid = [t for t in transfers if t.paid_at is not None]
        open_ = [t for t in transfers if t.paid_at is None]
        left = apply_transfers(result.balances, paid)
        assert not settlement_problems(left, transfer_facts(open_))
        assert len(open_) <= max(0, sum(1 for value in left.values() if value) - 1)

    @rule()
    def settle_open(self):
        if self.attempt(money.settle_open, self.league, self.keeper) is None:
            return
        book = league_money(self.league)
        owed = {key: value for key, value in book.open_balances.items() if value}
        assert not settlement_problems(owed, transfer_facts(book.open_transfers))
        assert len(book.open_transfers) <= max(0, len(owed) - 1)

    @precondition(lambda self: Transfer.objects.exists())
    @rule(data=st.data())
    def mark_paid(self, data):
        transfers = list(Transfer.objects.order_by("pk"))
        transfer = data.draw(st.sampled_from(transfers), label="transfer")
        by = data.draw(st.sampled_from(["keeper", "account", "stranger"]), label="marked by")
        user = self.keeper if by == "keeper" else self.some_user(data)
        allowed = money.may_mark_paid(user, transfer, self.league)
        result = self.attempt(money.mark_paid, transfer, user)
        if result is not None:
            assert allowed and transfer.paid_at is None and result.paid_at is not None
        elif transfer.paid_at is None:
            assert not allowed, "a payment its side or the scorekeeper may make was refused"

    @precondition(lambda self: Transfer.objects.exclude(evening=None).exists())
    @rule(data=st.data(), what=st.sampled_from(["buy-in", "round", "hand"]))
    def correct_a_settled_evening(self, data, what):
        """A settled evening corrected (its transfers paid or not): the buy-in, a round's
        points or a hand."""
        settled = sorted(
            set(Transfer.objects.exclude(evening=None).values_list("evening_id", flat=True))
            & set(Evening.objects.filter(status=Status.FINISHED).values_list("pk", flat=True))
        )
        if not settled:
            return
        evening = Evening.objects.get(pk=data.draw(st.sampled_from(settled), label="settled"))
        self.touched = evening.pk
        if what == "buy-in":
            players = list(Player.objects.filter(seats__evening=evening).order_by("pk"))
            buy_in = data.draw(st.decimals(0, 50, places=2), label="buy-in")
            self.attempt(
                table_evening.update_evening, evening, evening.version,
                players=players, buy_in=buy_in,
            )  # fmt: skip
        elif what == "hand" and Hand.objects.filter(round_table__evening=evening).exists():
            hand = Hand.objects.filter(round_table__evening=evening).order_by("pk").first()
            self.attempt(
                table.correct_hand, hand.round_table, hand.number, entry="points",
                results=self._results(data, hand.round_table, "points"),
            )  # fmt: skip
        else:
            scores = RoundScore.objects.filter(evening_player__evening=evening, table=None)
            number = scores.values_list("round_number", flat=True).order_by("round_number")
            if not number.exists():
                return
            seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
            values = dict(zip(seats, zero_sum(data.draw, len(seats), True), strict=True))
            self.attempt(services.save_round, evening, evening.version, number.first(), values)

    @invariant()
    def paid_transfers_never_change(self):
        now = _paid()
        if self.paid_before is not None:
            problems = paid_transfer_problems(self.paid_before, now)
            assert not problems, problems
        self.paid_before = now
