"""Any sequence of answers and changes of the seats keeps the rules of the answers: at most
the seats held, nobody waiting while a seat is free, the waitlist in the order of the answers
(a state machine beside the league's, over one announced evening)."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.rsvp.invariants.answers import rsvp_facts, rsvp_problems
from ofcleague.rsvp.models import Rsvp
from ofcleague.rsvp.services.answers import announce_evening, answer_evening, change_announcement
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of


class RsvpMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.owner = UserFactory()
        scorekeeper_of(self.owner, role="owner")
        self.players = [PlayerFactory(name=f"Spieler {n}") for n in range(8)]
        self.now = timezone.now()
        self.evening = announce_evening(
            League.objects.get(pk=1),
            self.owner,
            date=timezone.localdate() + datetime.timedelta(days=7),
            start_time=datetime.time(20),
            most_seats=3,
        )
        self.said_yes: list[int] = []  # players in the order of their (still standing) yes

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    @rule(
        who=st.integers(0, 7),
        answer=st.sampled_from(["yes", "maybe", "no"]),
        later=st.integers(0, 90),
    )
    def answer(self, who, answer, later):
        self.now += datetime.timedelta(minutes=later)
        player = self.players[who]
        answer_evening(self.evening, player, answer, now=self.now)
        if answer == "yes" and player.pk not in self.said_yes:
            self.said_yes.append(player.pk)
        elif answer != "yes" and player.pk in self.said_yes:
            self.said_yes.remove(player.pk)

    @rule(seats=st.integers(2, 12))
    def change_seats(self, seats):
        holding = Rsvp.objects.filter(evening=self.evening, answer="yes", waiting_since=None)
        try:
            change_announcement(self.evening, self.owner, most_seats=seats, now=self.now)
        except ValidationError:
            assert seats < holding.count()
            return
        self.evening = Evening.objects.get(pk=self.evening.pk)

    @invariant()
    def rules_hold(self):
        for facts in rsvp_facts():
            assert rsvp_problems(facts) == []
        assert league_problems() == []
        seats = Evening.objects.get(pk=self.evening.pk).most_seats
        holding = Rsvp.objects.filter(evening=self.evening, answer="yes", waiting_since=None)
        assert holding.count() == min(seats, len(self.said_yes))
        waiting = Rsvp.objects.filter(evening=self.evening, waiting_since__isnull=False)
        waiting = list(waiting.order_by("waiting_since", "pk").values_list("player_id", flat=True))
        # Those who wait, in the order they said yes.
        assert waiting == [pk for pk in self.said_yes if pk in waiting]


@pytest.mark.django_db
def test_the_answer_rules_hold_after_any_sequence_of_answers():
    run_state_machine_as_test(
        RsvpMachine,
        settings=settings(
            max_examples=25,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
