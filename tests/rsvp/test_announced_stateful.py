"""The league's invariants hold around an announced evening: the league's state machine,
started where the week before an evening is, so most random steps meet the answers, the
waitlist, the personal links and the mails.

The league's own machine (``tests/league/test_invariants_stateful.py``) starts from nothing
and rarely has an announced evening, players with an address and a waitlist at once; this one
starts with all three: a full evening with players waiting, some of them linked to accounts
with a mail address, every player with a personal link. Then answers, seat changes, a
cancellation, renewed links, switched mails, the day's mails and every other step of the
league interleave; the rsvp steps check who is mailed (``tests/league/stateful_rsvp.py``).
``OFC_STATEFUL_RSVP_EXAMPLES`` sets the number of examples (default 30, of twice the league
machine's steps, so that a step's consequences meet the next steps).
"""

from __future__ import annotations

import datetime
import os

import pytest
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from ofcleague.league import services
from ofcleague.league.models import Player
from ofcleague.league.services import members, rsvp
from tests.factories import scorekeeper_of
from tests.league.test_invariants_stateful import (  # noqa: F401
    STEPS,
    LeagueMachine,
    keeper,
    run_machine,
)

EXAMPLES = int(os.environ.get("OFC_STATEFUL_RSVP_EXAMPLES", "30"))
NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hugo", "Ines", "Jan"]


class AnnouncedEveningMachine(LeagueMachine):
    """The league's machine, starting the week before a full evening."""

    @initialize(data=st.data())
    def first_evening(self, data):
        """Ten players (from an evening played before), three of them linked to accounts (one
        without an address), each with a personal link; an evening announced with 2 to 8
        seats, and all ten said yes, in random order: the last ones wait."""
        played = services.create_evening(
            new_names=NAMES,
            date=datetime.date(2026, 11, 27),
            start_time=datetime.time(19, 0),
            buy_in=10,
            rounds=3,
            hands_per_round=15,
        )
        self.evenings.append(played.pk)
        players = list(Player.objects.order_by("pk"))
        owner = self.owner_of(self.league.pk)
        linked = data.draw(st.permutations(players), label="linked players")[:3]
        for player, user in zip(linked, self.users[1:4], strict=True):  # veit, wim, xaver
            scorekeeper_of(user, self.league.pk, role="member")
            claim = members.claim_player(player, user)
            members.decide_claim(claim, True, owner)
        rsvp.make_links(self.league, owner)
        evening = rsvp.announce_evening(
            self.league,
            self.keeper,
            date=timezone.localdate() + datetime.timedelta(days=3),
            start_time=datetime.time(19),
            variant="pineapple",
            most_seats=data.draw(st.integers(2, 8), label="seats"),
        )
        for player in data.draw(st.permutations(players), label="order of the yeses"):
            rsvp.answer_evening(evening, player, "yes")


@pytest.mark.django_db
def test_the_invariants_hold_around_an_announced_evening(keeper):  # noqa: F811
    run_machine(AnnouncedEveningMachine, keeper, EXAMPLES, steps=2 * STEPS)
