"""The points steps for the league's state machine: the points grid, one round of it, a
plain finishing order and the prizes, with valid and invalid input.

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants after every step.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from ofcleague.league import services
from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.places import tied_groups
from ofcleague.table import evening as table_evening
from ofcleague.table.models import RoundTable


def mostly(valid, *wrong):
    """Mostly ``valid``, now and then (one time in 30) one of the ``wrong`` values."""
    return st.integers(0, 29).flatmap(lambda dice: st.sampled_from(wrong) if dice == 0 else valid)


def zero_sum(draw, size, small):
    """``size`` values that add up to zero (small ones tie often)."""
    values = st.integers(-3, 3) if small else st.integers(-1000, 1000)
    head = draw(st.lists(values, min_size=size - 1, max_size=size - 1))
    return [*head, -sum(head)]


def weak_order(draw, seats):
    """A valid finishing order of ``seats``: tied players share a place, the next is skipped."""
    order = draw(st.permutations(seats))
    places, place = {}, 1
    index = 0
    while index < len(order):
        size = draw(st.integers(1, len(order) - index))
        for seat in order[index : index + size]:
            places[seat] = place
        place += size
        index += size
    return places


def finish_state(evening_id):
    """What finishing an evening may change, its version aside: undoing must restore it."""
    row = Evening._base_manager.filter(pk=evening_id).values().get()
    row.pop("version")
    seats = list(EveningPlayer.objects.filter(evening_id=evening_id).order_by("pk").values())
    return row, seats


class PointsSteps:
    """Rules that write points, places and prizes (mixed into the league's state machine)."""

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def finish_by_its_step(self, data):
        """The visible finish: every round in, or refused with nothing written."""
        evening = self.pick(data)
        fill = data.draw(st.integers(0, 3), label="fill first") > 0
        if evening.status == "in_progress" and fill:
            # Every round in (as a table would have it), so the finish has something to do.
            seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
            points = {seat: {} for seat in seats}
            for number in range(1, evening.rounds + 1):
                values = zero_sum(data.draw, len(seats), small=True)
                for seat, value in zip(seats, values, strict=True):
                    points[seat][number] = value
            self.attempt(table_evening.save_points_grid, evening, evening.version, points)
            evening = Evening.objects.get(pk=evening.pk)
        before = finish_state(evening.pk)
        done = self.attempt(services.finish_evening, evening, self.version(data, evening))
        if done is not None:
            self.__dict__.setdefault("before_finish", {})[evening.pk] = before
            if data.draw(st.booleans(), label="undo at once"):
                self.attempt(services.undo_finish, done, done.version)
                assert finish_state(evening.pk) == before, "the undo did not restore the evening"
                self.before_finish.pop(evening.pk)

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def undo_the_finish(self, data):
        """The undo: exactly the state before the finish while nobody changed the evening
        since, or refused with nothing written."""
        evening = self.pick(data)
        undoable = services.undo_of(evening) is not None
        done = self.attempt(services.undo_finish, evening, self.version(data, evening))
        assert done is None or undoable
        if done is not None:
            before = self.__dict__.get("before_finish", {}).pop(evening.pk)
            assert finish_state(evening.pk) == before, "the undo did not restore the evening"

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def save_points(self, data):
        evening = self.pick(data)
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        existing = self._existing(evening)
        points = {seat: {} for seat in seats}
        tables = {seat: {} for seat in seats}
        beyond = data.draw(st.integers(0, 9), label="beyond") == 0
        for number in range(1, evening.rounds + 1 + beyond):
            values, at = self._round_values(data, seats, existing, number)
            for seat, value in values.items():
                points[seat][number] = value
            for seat, table in at.items():
                tables[seat][number] = table
        tie_breaks = self._tie_breaks(data, seats, points)
        finish = data.draw(st.integers(0, 2), label="finish") == 0
        self.attempt(
            table_evening.save_points_grid,
            evening,
            self.version(data, evening),
            points,
            tables,
            finish=finish,
            tie_breaks=tie_breaks,
        )

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def save_round(self, data):
        """One round through the league's save_round: a round no table plays (the tables'
        own writes store those), now and then one beyond the evening's rounds."""
        evening = self.pick(data)
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        at_tables = set(
            RoundTable.objects.filter(evening=evening).values_list("round_number", flat=True)
        )
        beyond = evening.rounds + 1
        free = [number for number in range(1, beyond) if number not in at_tables] or [beyond]
        number = data.draw(mostly(st.sampled_from(free), beyond), label="round")
        values, at = self._round_values(data, seats, self._existing(evening), number)
        version = self.version(data, evening)
        self.attempt(services.save_round, evening, version, number, values, at)

    @staticmethod
    def _existing(evening):
        return {
            (score.evening_player_id, score.round_number): (score.points, score.table)
            for score in RoundScore.objects.filter(evening_player__evening=evening)
        }

    @staticmethod
    def _round_values(data, seats, existing, number):
        """One round's points and tables per seat (only the cells given): as stored, new
        (small ones tie often), at tables, cleared, or with a cell missing."""
        modes = ["new", "small", "small", "small", "tables", "tables", "clear", "partial"]
        if any((seat, number) in existing for seat in seats):
            modes += ["keep"] * 4
        mode = data.draw(st.sampled_from(modes), label=f"round {number}")
        points, tables = {}, {}
        if mode == "keep":
            for seat in seats:
                points[seat], tables[seat] = existing.get((seat, number), (None, None))
        elif mode in ("new", "small"):
            points = dict(zip(seats, zero_sum(data.draw, len(seats), mode == "small"), strict=True))
        elif mode == "tables":
            assigned = {seat: data.draw(st.integers(1, 2)) for seat in seats}
            for table in set(assigned.values()):
                at_table = [seat for seat in seats if assigned[seat] == table]
                for seat, value in zip(
                    at_table, zero_sum(data.draw, len(at_table), True), strict=True
                ):
                    points[seat], tables[seat] = value, table
        elif mode == "partial":
            points = dict(zip(seats, zero_sum(data.draw, len(seats), True), strict=True))
            points[data.draw(st.sampled_from(seats))] = None
        return points, tables

    @staticmethod
    def _tie_breaks(data, seats, points):
        """None (keep the recorded ones), an order for each tied group, or any positions."""
        kind = data.draw(st.sampled_from(["keep", "order", "any"]), label="tie-breaks")
        if kind == "keep":
            return None
        if kind == "any":
            positions = st.one_of(st.none(), st.integers(1, len(seats)))
            return {seat: data.draw(positions) for seat in seats}
        totals = services.grid_totals(seats, points)
        tie_breaks = dict.fromkeys(seats)
        for group in tied_groups(totals):
            if data.draw(st.booleans(), label="order this group"):
                for position, seat in enumerate(data.draw(st.permutations(group)), 1):
                    tie_breaks[seat] = position
        return tie_breaks

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def save_finishing_order(self, data):
        evening = self.pick(data)
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        if data.draw(st.booleans(), label="valid order"):
            places = weak_order(data.draw, seats)
        else:
            places = {seat: data.draw(st.integers(0, len(seats) + 1)) for seat in seats}
        self.attempt(services.save_finishing_order, evening, self.version(data, evening), places)

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def set_prizes(self, data):
        unplaced = EveningPlayer.objects.filter(place=None).values("evening")
        placed = Evening.objects.filter(pk__in=self.evenings).exclude(pk__in=unplaced)
        placed = list(placed.order_by("pk").values_list("pk", flat=True))
        if placed and data.draw(st.integers(0, 4), label="placed evening") > 0:
            evening = Evening.objects.get(pk=data.draw(st.sampled_from(placed)))
            self.touched = evening.pk
        else:
            evening = self.pick(data)
        size = evening.seats.count()
        pot = data.draw(
            mostly(
                st.one_of(st.just(evening.buy_in * size), st.decimals(0, 2000, places=2)),
                Decimal("100000"),
                Decimal("100000.01"),
                Decimal("1000000"),
            ),
            label="pot",
        )
        kinds = ["default", "default", "default", "split", "split", "off", "negative", "beyond"]
        kind = data.draw(st.sampled_from(kinds), label="payouts")
        if kind == "default":
            payouts = services.default_payouts(pot, size)
        elif kind == "split":
            cuts = sorted(data.draw(st.lists(st.decimals(0, pot, places=2), max_size=size - 1)))
            edges = [Decimal(0), *cuts, pot]
            payouts = {place: edges[place] - edges[place - 1] for place in range(1, len(edges))}
        elif kind == "off":
            payouts = {**services.default_payouts(pot, size)}
            payouts[1] += Decimal("0.01")
        elif kind == "negative":
            payouts = {1: pot + 1, 2: Decimal(-1)}
        else:
            payouts = {size + 1: pot}
        self.attempt(services.set_prizes, evening, self.version(data, evening), pot, payouts)
