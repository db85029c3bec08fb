"""A league's backup is the whole league (issue 36, point 21): its members' private calendar
links and its open invites travel with it, so after a restore into an empty site every link
a member holds still works; and a league restored beside itself gets links of its own."""

import uuid

import pytest
from django.core.management import call_command
from django.test import Client

from ofcleague.league.leagues import League, Membership
from ofcleague.league.models import Evening, Player
from ofcleague.members.invites import Invite
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from tests.backup.test_backup import wipe
from tests.backup.test_backup_league import NAMES_B, back_up, two_leagues  # noqa: F401 (fixture)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _links(league):
    bea = Membership.objects.get(league=league, user__username="bea").user
    zzyzx = Player._base_manager.get(league=league, name=NAMES_B[0])
    invite = Invite.objects.create(league=league, role="scorekeeper", player=zzyzx, created_by=bea)
    feed = CalendarFeed.objects.create(league=league, created_by=bea)
    return invite.token, feed.token


def test_calendar_links_and_invites_work_after_a_restore_into_an_empty_site(
    two_leagues,  # noqa: F811
    tmp_path,
):
    _a, b = two_leagues
    invite_token, feed_token = _links(b)
    target = back_up(b, tmp_path)
    wipe()
    UserFactory(username="bea", email="bea@example.org")

    call_command("restore", str(target), league=True, verbosity=0)

    restored = League.objects.get(slug="zweite-runde")
    feed = CalendarFeed.objects.get(token=feed_token)
    assert (feed.league, feed.created_by.username) == (restored, "bea")
    assert Client().get(f"/calendar/{feed_token}.ics").status_code == 200
    invite = Invite.objects.get(token=invite_token)
    assert (invite.league, invite.player.name, invite.role) == (restored, "Zzyzx", "scorekeeper")
    newcomer = Client()
    newcomer.force_login(UserFactory(username="neu"))
    page = newcomer.get(f"/join/{invite_token}/")
    assert page.status_code == 200 and "Zweite Runde" in page.content.decode()
    assert newcomer.post(f"/join/{invite_token}/").status_code == 302
    assert Membership.objects.get(user__username="neu").league == restored


def test_a_calendar_link_of_an_account_this_site_lacks_stays_behind(
    two_leagues,  # noqa: F811
    tmp_path,
):
    _a, b = two_leagues
    _invite, feed_token = _links(b)
    target = back_up(b, tmp_path)
    wipe()

    call_command("restore", str(target), league=True, verbosity=0)

    assert not CalendarFeed.objects.filter(token=feed_token).exists()
    # The invite travels without the account that made it.
    assert Invite.objects.get().created_by is None


def test_a_league_restored_beside_itself_gets_links_of_its_own(two_leagues, tmp_path):  # noqa: F811
    _a, b = two_leagues
    invite_token, feed_token = _links(b)
    # An evening made by a form keeps the form's key; beside itself the copy gets another.
    made = Evening._base_manager.filter(league=b).first()
    Evening._base_manager.filter(pk=made.pk).update(submit_key=uuid.uuid4())
    target = back_up(b, tmp_path)
    League.objects.filter(pk=b.pk).update(slug="bleibt")

    call_command("restore", str(target), league=True, verbosity=0)

    restored = League.objects.get(slug="zweite-runde")
    assert Invite.objects.get(token=invite_token).league_id == b.pk
    assert CalendarFeed.objects.get(token=feed_token).league_id == b.pk
    assert Invite.objects.filter(league=restored).exclude(token=invite_token).count() == 1
    assert CalendarFeed.objects.filter(league=restored).exclude(token=feed_token).count() == 1
    keys = Evening._base_manager.exclude(submit_key=None).values_list("submit_key", flat=True)
    assert len(set(keys)) == 2
