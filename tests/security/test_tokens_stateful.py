"""The secret links of a members-only league after any sequence of writes (issue 37).

A state machine lets people join (by an invite), change roles, be removed and leave; members
make, renew and revoke their calendar links; the owner makes and renews the players' links,
merges players and deletes one. After every step the league's rules hold (those of
``invariants/tokens.py`` among them), and every link ever handed out answers as its reason
says: a live calendar link of a member and a live personal link 200, every other one 404.
"""

from __future__ import annotations

import os

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.services.merging import merge_players
from ofcleague.members.services import members
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services import calendar_feeds
from ofcleague.rsvp.services.answers import make_links, renew_link
from tests.factories import PlayerFactory, UserFactory

EXAMPLES = int(os.environ.get("OFC_TOKENS_EXAMPLES", "25"))
PEOPLE = st.integers(0, 2)
PLAYERS = st.integers(0, 3)


def tried(service, *args):
    """Call a service; a refusal is an answer too (the rules still hold after it)."""
    try:
        return service(*args)
    except (ValidationError, PermissionDenied):
        return None


class TokenMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.league = League.objects.create(name="Geheim", slug="geheim", visibility="members")
        self.owner = UserFactory()
        Membership.objects.create(league=self.league, user=self.owner, role=Role.OWNER)
        self.people = [UserFactory() for _ in range(3)]
        self.active = using_league(self.league)
        self.active.__enter__()
        self.players = [PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo", "Dora")]
        make_links(self.league, self.owner)
        self.feeds: set[str] = set()
        self.links: set[str] = set(PlayerLink.objects.values_list("token", flat=True))
        self.client = Client()

    def teardown(self):
        self.active.__exit__(None, None, None)
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def player(self, index) -> Player | None:
        return Player.objects.filter(pk=self.players[index].pk).first()

    @initialize()
    def everyone_joins_with_a_feed(self):
        """Start with every person a member with a calendar link: every ending has a link to
        end from the first step."""
        for who in range(len(self.people)):
            self.join(who, Role.MEMBER)
            self.make_or_renew_feed(who)

    @rule(who=PEOPLE, role=st.sampled_from(Role.values))
    def join(self, who, role):
        invite = members.make_invite(self.league, self.owner, role, max_uses=1)
        members.accept_invite(invite.token, self.people[who])

    @rule(who=PEOPLE, role=st.sampled_from(Role.values))
    def set_role(self, who, role):
        tried(members.set_role, self.league, self.people[who], role, self.owner)

    @rule(who=PEOPLE)
    def remove(self, who):
        tried(members.remove_member, self.league, self.people[who], self.owner)

    @rule(who=PEOPLE)
    def leave(self, who):
        tried(members.leave_league, self.league, self.people[who])

    @rule(who=PEOPLE)
    def make_or_renew_feed(self, who):
        feed = tried(calendar_feeds.new_calendar_feed, self.people[who], self.league)
        if feed is not None:
            self.feeds.add(feed.token)

    @rule(who=PEOPLE)
    def revoke_feed(self, who):
        tried(calendar_feeds.revoke_calendar_feeds, self.people[who], self.league)

    @rule()
    def make_links(self):
        make_links(self.league, self.owner)
        self.links.update(PlayerLink.objects.values_list("token", flat=True))

    @precondition(lambda self: PlayerLink.objects.filter(revoked_at=None).exists())
    @rule(data=st.data())
    def renew_link(self, data):
        live = list(PlayerLink.objects.filter(revoked_at=None).order_by("pk"))
        new = tried(renew_link, data.draw(st.sampled_from(live), label="link"), self.owner)
        if new is not None:
            self.links.add(new.token)

    @rule(keep=PLAYERS, merge=PLAYERS)
    def merge(self, keep, merge):
        keep, merge = self.player(keep), self.player(merge)
        if keep is not None and merge is not None:
            tried(merge_players, self.league, keep, merge, self.owner)

    @rule(index=PLAYERS)
    def delete_player(self, index):
        """The admin's delete (no evening holds the player here)."""
        player = self.player(index)
        if player is not None:
            player.delete()

    @invariant()
    def the_rules_hold(self):
        assert league_problems() == []

    @invariant()
    def every_link_answers_as_its_reason_says(self):
        for token in self.feeds:
            feed = CalendarFeed.objects.filter(token=token).first()
            member = (
                feed is not None
                and feed.revoked_at is None
                and Membership.objects.filter(league=self.league, user=feed.created_by).exists()
            )
            status = self.client.get(f"/calendar/{token}.ics").status_code
            assert status == (200 if member else 404), (token, status)
        for token in self.links:
            live = PlayerLink.objects.filter(token=token, revoked_at=None).exists()
            for path in (f"/geheim/rsvp/{token}/", f"/geheim/rsvp/{token}/calendar.ics"):
                status = self.client.get(path).status_code
                assert status == (200 if live else 404), (path, status)


@pytest.mark.django_db
def test_every_link_answers_as_its_reason_says_after_any_writes():
    run_state_machine_as_test(
        TokenMachine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=10,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
