"""The announced evening's steps for the league's state machine: announce one, players answer
(yes, maybe, no, now and then a garbage answer), the seats change, and the evening starts
from its answers at proposed tables (then an evening like any other for the other steps).

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (the answers' rules included) after every step.
"""

from __future__ import annotations

import datetime
import random

from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from ofcleague.league.models import Evening, Player, Status
from ofcleague.league.services import rsvp
from ofcleague.table.starting import start_and_seat


def _announced():
    return Evening.objects.filter(status=Status.PLANNED, announced_at__isnull=False).first()


class RsvpSteps:
    """Rules of announcing an evening and answering it (mixed into the state machine)."""

    @precondition(lambda self: len(self.evenings) < 3)
    @rule(seats=st.integers(1, 13), variant=st.sampled_from(["pineapple", "ofc"]), data=st.data())
    def announce(self, seats, variant, data):
        """Announce an evening, and a few players say yes at once."""
        evening = self.attempt(
            rsvp.announce_evening,
            self.league,
            self.keeper,
            date=timezone.localdate() + datetime.timedelta(days=3),
            start_time=datetime.time(19),
            variant=variant,
            most_seats=seats,
        )
        players = list(Player.objects.order_by("pk"))
        if evening is not None and players:
            for player in data.draw(
                st.lists(st.sampled_from(players), min_size=min(2, len(players)), unique=True),
                label="yes",
            ):
                rsvp.answer_evening(evening, player, "yes")

    @precondition(lambda self: _announced() is not None)
    @rule(data=st.data())
    def answer_announced(self, data):
        evening = _announced()
        players = list(Player.objects.order_by("pk"))
        if evening is None or not players:
            return
        player = data.draw(st.sampled_from(players), label="player")
        answer = data.draw(st.sampled_from(["yes", "yes", "maybe", "no", "?"]), label="answer")
        self.attempt(rsvp.answer_evening, evening, player, answer, "")

    @precondition(lambda self: _announced() is not None)
    @rule(seats=st.integers(1, 13))
    def change_seats(self, seats):
        evening = _announced()
        if evening is not None:
            self.attempt(rsvp.change_announcement, evening, self.keeper, most_seats=seats)

    @precondition(lambda self: _announced() is not None)
    @rule(how=st.sampled_from(["random", "balanced"]), seed=st.integers(0, 9))
    def start_announced(self, how, seed):
        evening = _announced()
        if evening is None:
            return
        if self.attempt(start_and_seat, evening, self.keeper, how, random.Random(seed)):
            self.evenings.append(evening.pk)
            self.touched = evening.pk
