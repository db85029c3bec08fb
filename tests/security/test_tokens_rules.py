"""The rules of the secret links (``invariants/tokens.py``), the services that keep them, and
the restores that must not bring a dead link back to life (issue 37)."""

from __future__ import annotations

import importlib

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client
from django.utils import translation

from ofcleague.backup.league_backup import write_league_backup
from ofcleague.backup.league_restore import restore_league
from ofcleague.backup.management.commands.restore import restore_backup
from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import Membership
from ofcleague.members.services import members
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.invariants.tokens import TokenFacts, token_problems
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services import calendar_feeds
from ofcleague.rsvp.services.answers import renew_link
from tests.backup.test_backup import wipe
from tests.security import test_tokens_end as ends
from tests.security.test_tokens_end import anna_link, league_deleted, member_feed

#: The members-only league of the links' walk (a fixture).
world = ends.world


@pytest.fixture(autouse=True)
def english():
    """The rules' sentences read in English (the msgids)."""
    with translation.override("en"):
        yield


MEMBER, OWNER, SUPERUSER, CLOSED = 10, 11, 12, 13
ACCOUNTS = (
    (MEMBER, True, False),
    (OWNER, True, False),
    (SUPERUSER, True, True),
    (CLOSED, False, False),
)
MEMBERSHIPS = frozenset({(1, MEMBER), (1, OWNER), (1, CLOSED)})


def facts(**given):
    return TokenFacts(**{"memberships": MEMBERSHIPS, "accounts": ACCOUNTS, **given})


def test_sound_links_break_no_rule():
    sound = facts(
        feeds=((1, 1, MEMBER), (2, 1, OWNER), (3, 2, SUPERUSER)),
        links=((7, 100), (8, 101)),
        players=frozenset({100, 101}),
    )
    assert token_problems(sound) == []


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"feeds": ((1, 2, MEMBER),)}, "outside its league"),
        ({"feeds": ((1, 1, CLOSED),)}, "closed"),
        ({"feeds": ((1, 1, 99),)}, "closed"),  # an account that is gone
        ({"feeds": ((1, 1, MEMBER), (2, 1, MEMBER))}, "several live calendar links"),
        ({"links": ((7, 100),), "players": frozenset()}, "no longer exists"),
        ({"links": ((7, 100), (8, 100)), "players": frozenset({100})}, "several live personal"),
    ],
)
def test_each_rule_is_broken_by_its_facts(given, words):
    problems = token_problems(facts(**given))
    assert len(problems) == 1 and words in problems[0]


@pytest.mark.django_db
def test_the_league_rules_find_a_stale_feed(world):
    """A membership deleted past the services leaves a live link: the rules name it."""
    member_feed(world)
    assert league_problems() == []
    Membership.objects.filter(user=world.member).delete()
    assert [problem.rule for problem in league_problems()] == [
        f"the calendar link {CalendarFeed.objects.get().pk} is live for an account outside "
        "its league."
    ]
    assert calendar_feeds.revoke_dead_feeds() == 1
    assert league_problems() == []


@pytest.mark.django_db
@pytest.mark.parametrize("end", ["remove", "leave"])
def test_the_service_that_ends_a_membership_revokes_the_feed(world, end):
    """Revoked in the row itself (not only refused when read)."""
    member_feed(world)
    if end == "remove":
        members.remove_member(world.league, world.member, world.owner)
    else:
        members.leave_league(world.league, world.member)
    assert CalendarFeed.objects.get().revoked_at is not None


@pytest.mark.django_db
def test_a_refused_removal_revokes_nothing(world):
    """Only the owner removes a member: someone else's attempt leaves the link live."""
    member_feed(world)
    with pytest.raises(PermissionDenied):
        members.remove_member(world.league, world.member, world.member)
    assert CalendarFeed.objects.get().revoked_at is None


@pytest.mark.django_db
def test_the_migration_revokes_dead_and_doubled_feeds(world):
    migration = importlib.import_module(
        "ofcleague.league.migrations.0024_revoke_dead_calendar_feeds"
    )
    CalendarFeed.objects.create(league=world.league, created_by=world.owner)
    stale = CalendarFeed.objects.create(league=world.league, created_by=world.member)
    Membership.objects.filter(user=world.member).delete()
    # The models as that migration saw them (the calendar links live in the rsvp app now).
    loader = MigrationLoader(connection)
    state = loader.project_state(("league", "0024_revoke_dead_calendar_feeds"))
    migration.revoke_dead_and_doubled_feeds(state.apps, None)
    live = CalendarFeed.objects.filter(revoked_at=None)
    assert list(live.values_list("created_by", flat=True)) == [world.owner.pk]
    stale.refresh_from_db()
    assert stale.revoked_at is not None


@pytest.mark.django_db
def test_a_whole_restore_revokes_a_feed_whose_reason_ended(world, tmp_path):
    """A backup holding a live link of an account that is no member any more (a row from
    before links ended with the membership) restores, with that link dead."""
    url = member_feed(world)
    Membership.objects.filter(user=world.member).delete()
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path), verbosity=0)
    wipe()
    restore_backup(path)
    assert CalendarFeed.objects.get().revoked_at is not None
    assert Client().get(url).status_code == 404
    assert league_problems() == []


@pytest.mark.django_db
def test_a_league_restore_brings_no_dead_link_back(world, tmp_path):
    """A renewed personal link stays dead after the league's own backup is restored; a
    member's calendar link travels with the league (its member and account are restored with
    it), so it keeps working as the member's link."""
    feed = member_feed(world)
    old = anna_link(world)
    with using_league(world.league):
        renew_link(old, world.owner)
    new = anna_link(world)
    path = tmp_path / "league.json.gz"
    write_league_backup(world.league.slug, path)
    with using_league(world.league):
        league_deleted(world)
    restore_league(path)
    visitor = Client()
    assert visitor.get(f"/geheimbund/rsvp/{old.token}/").status_code == 404
    assert visitor.get(f"/geheimbund/rsvp/{new.token}/").status_code == 200
    assert PlayerLink.objects.get(token=old.token).revoked_at is not None
    response = visitor.get(feed)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    assert CalendarFeed.objects.filter(revoked_at=None).count() == 1
    assert league_problems() == []
