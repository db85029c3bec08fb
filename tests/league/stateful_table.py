"""The score pad's steps for the league's state machine: seat tables (also as the round before,
swapping two players, choosing the dealer), unseat a table or a round's tables while no hand
is recorded, record hands as points and as boards, correct and undo them, with valid and
invalid input.

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (the tables' rules included) after every step.
"""

from __future__ import annotations

import uuid

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.scoring import fantasyland
from ofcleague.table import seating
from ofcleague.table import services as table
from ofcleague.table.models import Hand, RoundTable

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def mostly(valid, *wrong):
    """Mostly ``valid``, now and then (one time in 30) one of the ``wrong`` values."""
    return st.integers(0, 29).flatmap(lambda dice: st.sampled_from(wrong) if dice == 0 else valid)


def _boards(draw, players: int) -> list[tuple[str, str, str]]:
    """``players`` boards dealt from one deck; now and then a broken one."""
    deck = draw(st.permutations(DECK), label="deck")
    boards = [
        (
            " ".join(deck[13 * i : 13 * i + 3]),
            " ".join(deck[13 * i + 3 : 13 * i + 8]),
            " ".join(deck[13 * i + 8 : 13 * i + 13]),
        )
        for i in range(players)
    ]
    trouble = draw(st.integers(0, 14), label="board trouble")
    if trouble == 0:  # a card twice
        boards[0] = (boards[-1][0], *boards[0][1:])
    elif trouble == 1:  # a short row
        boards[0] = ("Ah", *boards[0][1:])
    return boards


def _zero_sum(draw, size: int) -> list[int]:
    head = draw(st.lists(st.integers(-40, 40), min_size=size - 1, max_size=size - 1))
    values = [*head, -sum(head)]
    if draw(st.integers(0, 14), label="points off") == 0:
        values[0] += 1
    return values


class TableSteps:
    """Rules that drive the table's services (mixed into the league's state machine)."""

    def _tables(self):
        return list(RoundTable.objects.filter(evening__in=self.evenings).order_by("pk"))

    def pick_table(self, data) -> RoundTable:
        round_table = data.draw(st.sampled_from(self._tables()), label="table")
        self.touched = round_table.evening_id
        return round_table

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def seat_table(self, data):
        """Mostly a valid table: a round not typed into the grid, players not seated
        elsewhere in it, as many as the rules seat; now and then anything."""
        evening = self.pick(data)
        seats = list(
            EveningPlayer.objects.filter(evening=evening)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        typed = set(
            RoundScore.objects.filter(evening_player__evening=evening, table=None).values_list(
                "round_number", flat=True
            )
        )
        free_rounds = [n for n in range(1, evening.rounds + 1) if n not in typed] or [1]
        number = data.draw(mostly(st.sampled_from(free_rounds), evening.rounds + 1), label="round")
        tables = RoundTable.objects.filter(evening=evening, round_number=number)
        taken = set(tables.values_list("chairs__evening_player", flat=True))
        free = [seat for seat in seats if seat not in taken]
        most = evening_rule_set(evening).table_seats
        size = data.draw(
            mostly(st.integers(2, max(2, min(most, len(free)))), 1, most + 1), label="chairs"
        )
        players = data.draw(st.permutations(free or seats), label="order")[:size]
        if data.draw(st.integers(0, 29), label="stranger") == 0:
            players.append(-1)
        table_number = data.draw(mostly(st.just(tables.count() + 1), 1, 3), label="table")
        first_dealer = data.draw(
            mostly(st.integers(1, max(1, len(players))), len(players) + 1), label="first dealer"
        )
        seated = self.attempt(
            table.seat_table, evening, number, table_number, players, first_dealer
        )
        # More players than one deck deals for is always refused (issue 37).
        assert len(players) <= most or seated is None, "a table past the deck's limit seated"

    def _results(self, data, round_table: RoundTable, entry: str):
        chairs = list(round_table.chairs.order_by("position"))
        rules = evening_rule_set(Evening.objects.get(pk=round_table.evening_id))
        if entry == "boards":
            return [
                table.ResultInput(seat=chair.position, front=f, middle=m, back=b)
                for chair, (f, m, b) in zip(chairs, _boards(data.draw, len(chairs)), strict=True)
            ]
        ticks = sorted(fantasyland.allowed_cards(rules)) or [13]
        return [
            table.ResultInput(
                seat=chair.position,
                points=value,
                fantasyland_next=data.draw(
                    st.one_of(st.none(), st.none(), st.sampled_from(ticks)), label="tick"
                ),
            )
            for chair, value in zip(chairs, _zero_sum(data.draw, len(chairs)), strict=True)
        ]

    def _client_id(self, data) -> uuid.UUID:
        """Mostly a new entry id; now and then one already used (a resend, or one of a hand
        undone or deleted since)."""
        used = list(Hand.history.order_by("history_id").values_list("client_id", flat=True))
        if used and data.draw(st.integers(0, 5), label="old entry id") == 0:
            return data.draw(st.sampled_from(used), label="used entry id")
        return uuid.uuid4()

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def record_hand(self, data):
        round_table = self.pick_table(data)
        last = round_table.hands.order_by("-number").values_list("number", flat=True).first()
        expected = (last or 0) + 1
        number = data.draw(st.sampled_from([expected] * 6 + [expected - 1, expected + 1]))
        entry = data.draw(st.sampled_from(["points", "points", "boards"]), label="entry")
        self.attempt(
            table.record_hand,
            round_table,
            number=number,
            client_id=self._client_id(data),
            entry=entry,
            results=self._results(data, round_table, entry),
        )

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def undo_hand(self, data):
        round_table = self.pick_table(data)
        last = round_table.hands.order_by("-number").values_list("number", flat=True).first()
        number = data.draw(st.sampled_from([last or 1] * 3 + [(last or 1) - 1]), label="undo")
        self.attempt(table.undo_last_hand, round_table, number)

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def correct_hand(self, data):
        round_table = self.pick_table(data)
        numbers = list(round_table.hands.values_list("number", flat=True)) or [1]
        number = data.draw(st.sampled_from(numbers), label="hand to correct")
        entry = data.draw(st.sampled_from(["points", "boards"]), label="entry")
        self.attempt(
            table.correct_hand,
            round_table,
            number,
            entry=entry,
            results=self._results(data, round_table, entry),
        )

    def _evening_players(self, evening) -> list[int]:
        seats = EveningPlayer.objects.filter(evening=evening).order_by("pk")
        return list(seats.values_list("pk", flat=True))

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def seat_like_last_round(self, data):
        """A round's tables as in the round before: one table, all of them, or one that
        cannot sit (no round before, seated already, a player elsewhere)."""
        round_table = self.pick_table(data)
        evening = Evening.objects.get(pk=round_table.evening_id)
        number = data.draw(
            mostly(st.just(round_table.round_number + 1), 1, evening.rounds + 1), label="round"
        )
        which = data.draw(st.one_of(st.none(), st.integers(1, 3)), label="which table")
        self.attempt(seating.seat_like_last_round, evening, number, which)

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def swap_players(self, data):
        """Two players of the evening swap seats in a round; now and then a stranger, the
        same player twice, or a table with hands."""
        round_table = self.pick_table(data)
        evening = Evening.objects.get(pk=round_table.evening_id)
        players = self._evening_players(evening)
        player = data.draw(mostly(st.sampled_from(players), -1), label="player")
        other = data.draw(st.sampled_from(players), label="other")
        self.attempt(seating.swap_players, evening, round_table.round_number, player, other)

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def choose_dealer(self, data):
        """A player deals hand 1 at the table where they sit; now and then one who sits nowhere."""
        round_table = self.pick_table(data)
        evening = Evening.objects.get(pk=round_table.evening_id)
        players = self._evening_players(evening)
        player = data.draw(mostly(st.sampled_from(players), -1), label="dealer")
        self.attempt(seating.choose_dealer, evening, round_table.round_number, player)

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def unseat_table(self, data):
        """A table unseated: refused once it has a hand (its hands are the round's points)."""
        round_table = self.pick_table(data)
        evening = Evening.objects.get(pk=round_table.evening_id)
        number = data.draw(mostly(st.just(round_table.table), 9), label="table")
        self.attempt(seating.unseat_table, evening, round_table.round_number, number)

    @precondition(lambda self: self.evenings and self._tables())
    @rule(data=st.data())
    def back_to_round_totals(self, data):
        """A round's tables all unseated while no hand is recorded; refused otherwise."""
        round_table = self.pick_table(data)
        evening = Evening.objects.get(pk=round_table.evening_id)
        number = data.draw(mostly(st.just(round_table.round_number), 1), label="round")
        self.attempt(seating.back_to_round_totals, evening, number)
