"""The league's invariants hold while tables play: the league's state machine, started at an
evening whose tables are seated and have played, so most random steps meet the score pad.

The league's own machine (``tests/league/test_invariants_stateful.py``) starts from nothing
and reaches the tables in few of its examples; this one starts where a game night is, with
latecomers, leavers, corrections, grids, finishing orders, deletes and restores interleaved
with hands. ``OFC_STATEFUL_TABLE_EXAMPLES`` sets the number of examples (default 100).
"""

from __future__ import annotations

import datetime
import os
import uuid

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from ofcleague.league import services
from ofcleague.league.models import Variant
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.table import services as table
from tests.league.test_invariants_stateful import LeagueMachine, keeper, run_machine  # noqa: F401

EXAMPLES = int(os.environ.get("OFC_STATEFUL_TABLE_EXAMPLES", "60"))
NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hugo"]


class GameNightMachine(LeagueMachine):
    """The league's machine, starting at a game night in progress."""

    @initialize(data=st.data())
    def first_evening(self, data):
        """An evening of 4 to 8 players, round 1 seated in full tables, a few hands played."""
        size = data.draw(st.integers(4, 8), label="players")
        variant = data.draw(st.sampled_from([Variant.PINEAPPLE, Variant.OFC]), label="variant")
        evening = services.create_evening(
            new_names=NAMES[:size],
            date=datetime.date(2026, 11, 27),
            start_time=datetime.time(19, 0),
            buy_in=10,
            rounds=3,
            hands_per_round=data.draw(st.integers(2, 6), label="hands per round"),
            variant=variant,
        )
        self.evenings.append(evening.pk)
        self.touched = evening.pk
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        most = evening_rule_set(evening).table_seats
        order = data.draw(st.permutations(seats), label="seating")
        tables = [order[i : i + most] for i in range(0, len(order), most)]
        if len(tables[-1]) < 2:  # one left over: they join the table before
            tables[-2:] = [tables[-2][:-1], [tables[-2][-1], *tables[-1]]]
        for number, players in enumerate(tables, 1):
            round_table = table.seat_table(evening, 1, number, players)
            for hand in range(1, data.draw(st.integers(0, 2), label="hands") + 1):
                values = [1, -1] + [0] * (len(players) - 2)
                table.record_hand(
                    round_table,
                    number=hand,
                    client_id=uuid.uuid4(),
                    entry="points",
                    results=[
                        table.ResultInput(seat=seat, points=value)
                        for seat, value in enumerate(values, 1)
                    ],
                )


@pytest.mark.django_db
def test_the_invariants_hold_through_a_game_night(keeper):  # noqa: F811
    run_machine(GameNightMachine, keeper, EXAMPLES)
