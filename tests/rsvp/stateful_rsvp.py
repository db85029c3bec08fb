"""The announced evening's steps for the league's state machine: announce one, players answer
(yes, maybe, no, now and then a garbage answer), the seats change, the evening is cancelled
(then nobody can answer it) or starts from its answers at proposed tables (then an evening
like any other for the other steps); the players' personal links are made, renewed and their
mails switched (a revoked link refused); a player's account is linked, so mails have an
address; and the day's mails go out (the reminder the day before, the result after).

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (the answers' rules included) after every step. Its own checks: the
players who move up from the waitlist, and only they, are mailed their seat (each time, once
the move is committed); the day's mails go to exactly the players they are meant for
(answered yes or maybe to tomorrow's evening, or played a finished one; with an address; not
switched off; not mailed before), one recorded row per mail, and a second run sends none.
"""

from __future__ import annotations

import datetime
import random

from django.core import mail
from django.test import TestCase
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from ofcleague.league.leagues import Membership
from ofcleague.league.models import Evening, EveningPlayer, Player, Status
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.members.services import members
from ofcleague.rsvp.models import PlayerLink, ReminderSent, Rsvp
from ofcleague.rsvp.services import answers as rsvp
from ofcleague.rsvp.services import reminders
from ofcleague.rsvp.services.starting import start_and_seat


def _announced():
    return Evening.objects.filter(status=Status.PLANNED, announced_at__isnull=False).first()


def _addresses():
    """Each player's mail address, from the account linked to them (plainly, not as the
    service reads it)."""
    claims = PlayerClaim.objects.filter(status=ClaimStatus.CONFIRMED).select_related("user")
    return {claim.player_id: claim.user.email for claim in claims if claim.user.email}


def _off(field):
    return set(
        PlayerLink.objects.filter(revoked_at=None, **{field: False}).values_list(
            "player_id", flat=True
        )
    )


def _waiting(evening):
    return set(
        Rsvp.objects.filter(evening=evening)
        .exclude(waiting_since=None)
        .values_list("player_id", flat=True)
    )


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
        self.moving_up(evening, rsvp.answer_evening, evening, player, answer, "")

    @precondition(lambda self: _announced() is not None)
    @rule(seats=st.integers(1, 13))
    def change_seats(self, seats):
        evening = _announced()
        if evening is not None:
            self.moving_up(
                evening, rsvp.change_announcement, evening, self.keeper, most_seats=seats
            )

    def moving_up(self, evening, service, *args, **kwargs):
        """Run a write that may free seats, as a request would: its mails go once it is
        committed. Those who waited and hold a seat now (but the one who answered) are
        mailed their seat, if they have an address and did not switch it off."""
        waiting, sent = _waiting(evening), len(mail.outbox)
        with TestCase.captureOnCommitCallbacks(execute=True):
            self.attempt(service, *args, **kwargs)
        moved = waiting - _waiting(evening)
        moved -= set(
            Rsvp.objects.filter(evening=evening)
            .exclude(answer="yes")
            .values_list("player_id", flat=True)
        )
        addresses, off = _addresses(), _off("seat_mail")
        expected = sorted(addresses[p] for p in moved if p in addresses and p not in off)
        assert sorted(m.to[0] for m in mail.outbox[sent:]) == expected, "moved-up mails"

    @precondition(lambda self: _announced() is not None)
    @rule(data=st.data())
    def cancel_announced(self, data):
        """Cancel the announcement (by someone who may, or not): nobody answers it then."""
        evening = _announced()
        if evening is None:
            return
        if self.attempt(rsvp.cancel_evening, evening, self.by(data)) is None:
            return
        assert Evening.objects.get(pk=evening.pk).status == Status.CANCELLED
        player = Player.objects.order_by("pk").first()
        if player is not None:
            assert self.attempt(rsvp.answer_evening, evening, player, "yes") is None

    @rule(data=st.data())
    def make_links(self, data):
        """Every active player of the league gets a personal link (one in use each)."""
        if self.attempt(rsvp.make_links, self.league, self.by(data)) is not None:
            players = Player.objects.filter(league=self.league, active=True)
            live = PlayerLink.objects.filter(revoked_at=None, player__in=players)
            assert live.count() == players.count()

    @precondition(lambda self: PlayerLink.objects.exists())
    @rule(data=st.data())
    def renew_link(self, data):
        """Renew a link (now and then a revoked one): the old stops, a new one is in use."""
        link = data.draw(st.sampled_from(list(PlayerLink.objects.order_by("pk"))), label="link")
        new = self.attempt(rsvp.renew_link, link, self.by(data))
        if new is not None:
            assert new.token != link.token and new.player_id == link.player_id
            assert PlayerLink.objects.get(pk=link.pk).revoked_at is not None
            assert rsvp.link_for(link.player) == new

    @precondition(lambda self: PlayerLink.objects.exists())
    @rule(data=st.data(), before=st.booleans(), result=st.booleans(), seat=st.booleans())
    def switch_mails(self, data, before, result, seat):
        """A player switches their mails on their link (a revoked link is refused)."""
        link = data.draw(st.sampled_from(list(PlayerLink.objects.order_by("pk"))), label="link")
        changed = self.attempt(
            rsvp.set_mails, link, remind_before=before, send_result=result, seat_mail=seat
        )
        assert (changed is None) == (link.revoked_at is not None)

    @rule(data=st.data())
    def link_account(self, data):
        """A member says "that's me" of a player and the owner confirms it: the player's
        mails have an address."""
        players = list(Player.objects.order_by("pk"))
        accounts = Membership.objects.filter(league=self.league).values_list("user_id", flat=True)
        users = [user for user in self.users if user.pk in set(accounts)]
        if not players or not users:
            return
        player = data.draw(st.sampled_from(players), label="player")
        user = data.draw(st.sampled_from(users), label="account")
        claim = self.attempt(members.claim_player, player, user)
        if claim is not None and claim.status == ClaimStatus.PENDING:
            self.attempt(members.decide_claim, claim, True, self.owner_of(self.league.pk))

    @rule(data=st.data())
    def send_the_days_mails(self, data):
        """The timer's run on a day: mostly the day before an announced evening or the day of
        a finished one, now and then today."""
        days = [
            day - datetime.timedelta(days=1)
            for day in Evening._base_manager.filter(
                status=Status.PLANNED, announced_at__isnull=False
            ).values_list("date", flat=True)
        ]
        days += Evening._base_manager.filter(status=Status.FINISHED).values_list("date", flat=True)
        days = sorted(set(days))
        today = timezone.localdate()
        if days and data.draw(st.integers(0, 4), label="a day with mails?"):
            today = data.draw(st.sampled_from(days), label="today")
        addresses = _addresses()
        done = set(ReminderSent.objects.values_list("evening_id", "player_id", "kind"))
        tomorrow = Evening._base_manager.filter(
            status=Status.PLANNED,
            announced_at__isnull=False,
            date=today + datetime.timedelta(days=1),
        )
        before = {
            (evening_id, player_id, "before")
            for evening_id, player_id in Rsvp.objects.filter(
                evening__in=tomorrow, answer__in=["yes", "maybe"]
            ).values_list("evening_id", "player_id")
            if player_id not in _off("remind_before")
        }
        finished = Evening._base_manager.filter(
            status=Status.FINISHED,
            date__lte=today,
            date__gte=today - datetime.timedelta(days=reminders.RESULT_DAYS),
        )
        result = {
            (evening_id, player_id, "result")
            for evening_id, player_id in EveningPlayer.objects.filter(
                evening__in=finished
            ).values_list("evening_id", "player_id")
            if player_id not in _off("send_result")
        }
        due = {row for row in before | result if row[1] in addresses} - done
        sent, rows = len(mail.outbox), ReminderSent.objects.count()
        counts = reminders.send_reminders(today)
        assert sum(counts) == len(due) == len(mail.outbox) - sent
        assert ReminderSent.objects.count() - rows == len(due)
        assert sorted(m.to[0] for m in mail.outbox[sent:]) == sorted(
            addresses[row[1]] for row in due
        )
        assert set(ReminderSent.objects.values_list("evening_id", "player_id", "kind")) == (
            done | due
        )
        assert reminders.send_reminders(today) == (0, 0), "a mail went out twice"

    @precondition(lambda self: _announced() is not None)
    @rule(how=st.sampled_from(["random", "balanced"]), seed=st.integers(0, 9))
    def start_announced(self, how, seed):
        evening = _announced()
        if evening is None:
            return
        if self.attempt(start_and_seat, evening, self.keeper, how, random.Random(seed)):
            self.evenings.append(evening.pk)
            self.touched = evening.pk
