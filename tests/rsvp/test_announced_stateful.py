"""The league's invariants hold around an announced evening: the league's state machine,
started where the week before an evening is, so most random steps meet the answers, the
waitlist, the personal links and the mails.

The league's own machine (``tests/league/test_invariants_stateful.py``) starts from nothing
and rarely has an announced evening, players with an address and a waitlist at once; this one
starts with all three: a full evening with players waiting, some of them linked to accounts
with a mail address, every player with a personal link. Then answers, seat changes, a
cancellation, renewed links, switched mails, the day's mails and every other step of the
league interleave; the rsvp steps check who is mailed (``tests/rsvp/stateful_rsvp.py``).
``OFC_STATEFUL_RSVP_EXAMPLES`` sets the number of examples (default 30, of twice the league
machine's steps, so that a step's consequences meet the next steps).
"""

from __future__ import annotations

import datetime
import os

import pytest
from django.core import mail
from django.test import Client, TestCase
from django.utils import timezone
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, Player, Status
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.members.services import members
from ofcleague.rsvp.group_link import evening_of_group_token, group_token
from ofcleague.rsvp.models import Rsvp
from ofcleague.rsvp.services import answers as rsvp
from tests.factories import scorekeeper_of
from tests.league.test_invariants_stateful import (  # noqa: F401
    STEPS,
    LeagueMachine,
    keeper,
    league_snapshot,
    run_machine,
)
from tests.rsvp.stateful_rsvp import _addresses, _announced, _off, _waiting

EXAMPLES = int(os.environ.get("OFC_STATEFUL_RSVP_EXAMPLES", "20"))
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

    @precondition(lambda self: _announced() is not None)
    @rule(data=st.data())
    def answer_by_group_link(self, data):
        """A few people in the chat open the group link, each taps a name and an answer (now
        and then a player linked to an account, whose name is refused, or a garbage answer).
        Taken, the player's answer is what they tapped, and those who move up are mailed as
        after any answer; refused, no row changed."""
        evening = _announced()
        url = self.reverse("rsvp:rsvp_group", args=[group_token(evening)])
        players = list(Player.objects.filter(active=True).order_by("pk"))
        if not players:
            return
        taps = st.tuples(
            st.sampled_from(players), st.sampled_from(["yes", "yes", "maybe", "no", "?"])
        )
        for player, answer in data.draw(st.lists(taps, min_size=1, max_size=4), label="taps"):
            self.tap_on_group_link(evening, url, player, answer)

    def tap_on_group_link(self, evening, url, player, answer):
        phone = Client()
        assert phone.get(url).status_code == 200
        claimed = PlayerClaim.objects.filter(player=player, status=ClaimStatus.CONFIRMED).exists()
        before, waiting, sent = league_snapshot(), _waiting(evening), len(mail.outbox)
        with TestCase.captureOnCommitCallbacks(execute=True):
            response = phone.post(url, {"player": player.pk, "answer": answer})
        assert response.status_code == 302
        if claimed or answer == "?":
            event("group link: refused")
            assert league_snapshot() == before, "a refused answer by name changed rows"
            assert len(mail.outbox) == sent
            return
        event("group link: answered")
        assert Rsvp.objects.get(evening=evening, player=player).answer == answer
        moved = waiting - _waiting(evening) - {player.pk}
        moved -= set(
            Rsvp.objects.filter(evening=evening)
            .exclude(answer="yes")
            .values_list("player_id", flat=True)
        )
        addresses, off = _addresses(), _off("seat_mail")
        expected = sorted(addresses[p] for p in moved if p in addresses and p not in off)
        assert sorted(m.to[0] for m in mail.outbox[sent:]) == expected, "moved-up mails"

    @invariant()
    def group_links_live_exactly_while_announced(self):
        """Every announced evening's group link finds it while it is open for answers, and
        nothing once it is cancelled or started."""
        for league in self.leagues:
            with using_league(league):
                for evening in Evening.objects.filter(announced_at__isnull=False):
                    found = evening_of_group_token(group_token(evening))
                    if evening.status == Status.PLANNED:
                        assert found == evening, "an open announcement's group link is dead"
                    else:
                        assert found is None, "a group link outlived its announcement"


@pytest.mark.django_db
def test_the_invariants_hold_around_an_announced_evening(keeper):  # noqa: F811
    run_machine(AnnouncedEveningMachine, keeper, EXAMPLES, steps=2 * STEPS)
