"""Every secret link of the site ends with what it was made for (issue 37).

The kinds of link: a member's private calendar link of a members-only league
(``/calendar/<token>.ics``), a player's personal link (``/<league>/rsvp/<token>/``) and that
player's calendar (``…/calendar.ics``), and an invite (``/join/<token>/``). The table below
walks each kind through each way its reason ends; before, the link answers 200 with the
league's private things (its name, where it meets, its notes, the player's name); after, it
answers 404 and none of them, and no older copy (ETag) brings them back. A new kind of link is
one more row of ``KINDS``, a new way to end one more row of ``ENDINGS``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.services.importing import undo_import
from ofcleague.league.services.leagues import delete_league, merge_players
from ofcleague.members.invites import Invite
from ofcleague.members.services import members
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.models import PlayerLink, Rsvp
from ofcleague.rsvp.services import calendar_feeds
from ofcleague.rsvp.services.answers import answer_evening, make_links, renew_link
from tests.factories import PlayerFactory, UserFactory
from tests.security.conftest import announce_next_week

pytestmark = pytest.mark.django_db

LEAGUE = "Geheimbund"
PLACE = "Hinterzimmer Zur Linde"
NOTES = "Schlüssel liegt unter der Matte"
PLAYER = "Anna Amsel"
#: What a dead link must never show.
SECRETS = (LEAGUE, PLACE, NOTES, PLAYER)


@dataclass
class World:
    league: League
    owner: object
    member: object
    anna: Player
    bert: Player


@pytest.fixture
def world():
    """A members-only league with an owner, a member, two players (Anna brought in by an
    import) and an announced evening Anna said yes to."""
    league = League.objects.create(name=LEAGUE, slug="geheimbund", visibility="members")
    owner, member = UserFactory(username="owner"), UserFactory(username="member")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    with using_league(league):
        batch = ImportBatch.objects.create(league=league, created_by=owner)
        anna = PlayerFactory(name=PLAYER, import_batch=batch)
        bert = PlayerFactory(name="Bert")
        evening = announce_next_week(league, owner, PLACE, NOTES)
        answer_evening(evening, anna, "yes")
        make_links(league, owner)
    return World(league, owner, member, anna, bert)


def anna_link(world) -> PlayerLink:
    return PlayerLink.objects.get(player=world.anna, revoked_at=None)


# The kinds of link: how one is made (its address), and what it shows while it lives.


def member_feed(world) -> str:
    return f"/calendar/{calendar_feeds.new_calendar_feed(world.member, world.league).token}.ics"


def answer_link(world) -> str:
    return f"/geheimbund/rsvp/{anna_link(world).token}/"


def player_feed(world) -> str:
    return f"/geheimbund/rsvp/{anna_link(world).token}/calendar.ics"


def invite(world) -> str:
    made = members.make_invite(world.league, world.owner, Role.MEMBER, days=7, max_uses=1)
    return f"/join/{made.token}/"


KINDS = {
    "member feed": (member_feed, (PLACE, NOTES)),
    "answer link": (answer_link, (PLAYER, PLACE, NOTES)),
    "player feed": (player_feed, (PLACE, NOTES)),
    "invite": (invite, (LEAGUE,)),
}


# The ways a link's reason ends.


def removed(world):
    members.remove_member(world.league, world.member, world.owner)


def left(world):
    members.leave_league(world.league, world.member)


def membership_deleted_in_the_admin(world):
    """No service runs: the read checks the membership itself."""
    Membership.objects.filter(league=world.league, user=world.member).delete()


def account_closed(world):
    world.member.is_active = False
    world.member.save(update_fields=["is_active"])


def feed_renewed(world):
    calendar_feeds.new_calendar_feed(world.member, world.league)


def feed_revoked(world):
    calendar_feeds.revoke_calendar_feeds(world.member, world.league)


def player_merged(world):
    """Anna merged into Bert, who has a link of his own: Anna's is revoked."""
    merge_players(world.league, world.bert, world.anna, world.owner)


def player_deleted(world):
    """The import that brought Anna in is undone: she goes with it."""
    undo_import(ImportBatch.objects.get(league=world.league), world.owner)


def link_renewed(world):
    renew_link(anna_link(world), world.owner)


def league_deleted(world):
    delete_league(world.owner, world.league, LEAGUE)


def invite_revoked(world):
    members.revoke_invite(Invite.objects.get(league=world.league), world.owner)


def invite_expired(world):
    """A week and a day later."""
    Invite.objects.filter(league=world.league).update(
        expires_at=timezone.now() - datetime.timedelta(days=1)
    )


def invite_used_up(world):
    members.accept_invite(Invite.objects.get(league=world.league).token, UserFactory())


ENDINGS = {
    "member feed": [
        removed,
        left,
        membership_deleted_in_the_admin,
        account_closed,
        feed_renewed,
        feed_revoked,
        league_deleted,
    ],
    "answer link": [player_merged, player_deleted, link_renewed, league_deleted],
    "player feed": [player_merged, player_deleted, link_renewed, league_deleted],
    "invite": [invite_revoked, invite_expired, invite_used_up, league_deleted],
}

CASES = [
    pytest.param(kind, ending, id=f"{kind}: {ending.__name__}")
    for kind, endings in ENDINGS.items()
    for ending in endings
]


def no_secret_in(response):
    body = response.content.decode()
    return [secret for secret in SECRETS if secret in body]


@pytest.mark.parametrize(("kind", "ending"), CASES)
def test_a_link_ends_with_its_reason(world, kind, ending):
    make, shown = KINDS[kind]
    with using_league(world.league):
        url = make(world)
    visitor = Client()  # a calendar app, or whoever holds the link: no login
    before = visitor.get(url)
    assert before.status_code == 200
    assert all(secret in before.content.decode() for secret in shown), shown
    with using_league(world.league):
        ending(world)
    after = visitor.get(url)
    assert after.status_code == 404
    assert no_secret_in(after) == []
    if before.has_header("ETag"):  # an old copy is not made current again
        again = visitor.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
        assert again.status_code == 404
        assert no_secret_in(again) == []


@pytest.mark.parametrize("ending", [player_merged, player_deleted, link_renewed, league_deleted])
def test_a_dead_personal_link_takes_no_answer(world, ending):
    url = answer_link(world)
    with using_league(world.league):
        ending(world)
    answers = list(Rsvp.objects.values_list("pk", "player_id", "answer"))
    evening = Rsvp.objects.values_list("evening_id", flat=True).first()
    response = Client().post(url, {"evening": str(evening or 1), "answer": "no"})
    assert response.status_code == 404
    assert list(Rsvp.objects.values_list("pk", "player_id", "answer")) == answers


def test_a_change_of_role_keeps_the_members_feed(world):
    """Every role reads all a members-only league shows, so a new role is no end: the feed
    lives on (it ends with the membership, above)."""
    url = member_feed(world)
    for role in (Role.SCOREKEEPER, Role.OWNER, Role.MEMBER):
        members.set_role(world.league, world.member, role, world.owner)
        response = Client().get(url)
        assert response.status_code == 200 and PLACE in response.content.decode()


def test_a_merge_into_a_player_without_a_link_moves_the_link(world):
    """Bert has no link: Anna's becomes his, and it shows Bert, nothing of Anna."""
    url = answer_link(world)
    PlayerLink.objects.filter(player=world.bert).update(revoked_at=timezone.now())
    with using_league(world.league):
        player_merged(world)
    assert not Player.objects.filter(name=PLAYER).exists()
    response = Client().get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Bert" in body and PLAYER not in body
    assert PlayerLink.objects.get(token=url.split("/")[3]).player == world.bert


def test_the_kept_players_link_still_works_after_a_merge(world):
    bert = PlayerLink.objects.get(player=world.bert, revoked_at=None)
    with using_league(world.league):
        player_merged(world)
    response = Client().get(f"/geheimbund/rsvp/{bert.token}/")
    assert response.status_code == 200 and "Bert" in response.content.decode()


def test_a_removed_member_who_joins_again_needs_a_new_feed(world):
    """Joining again gives no dead link back its life."""
    url = member_feed(world)
    removed(world)
    scorekeeper_invite = members.make_invite(world.league, world.owner, Role.MEMBER)
    members.accept_invite(scorekeeper_invite.token, world.member)
    assert Client().get(url).status_code == 404
    assert calendar_feeds.live_feed(world.member, world.league) is None


# Renewing one's own feed, from the calendar page (POST only).


def test_a_member_renews_their_feed_on_the_calendar_page(world):
    old = member_feed(world)
    client = Client()
    client.force_login(world.member)
    page = client.get("/geheimbund/calendar/")
    assert old in page.content.decode()
    assert client.get("/geheimbund/calendar/", {"action": "new"}).status_code == 200
    assert Client().get(old).status_code == 200  # a GET renews nothing
    assert client.post("/geheimbund/calendar/", {"action": "new"}).status_code == 302
    new = calendar_feeds.live_feed(world.member, world.league)
    assert f"/calendar/{new.token}.ics" != old
    assert Client().get(old).status_code == 404  # the old one stops at once
    assert PLACE in Client().get(f"/calendar/{new.token}.ics").content.decode()
    assert f"/calendar/{new.token}.ics" in client.get("/geheimbund/calendar/").content.decode()
    assert CalendarFeed.objects.filter(created_by=world.member, revoked_at=None).count() == 1


def test_a_former_member_can_make_no_feed(world):
    removed(world)
    with pytest.raises(PermissionDenied):
        calendar_feeds.new_calendar_feed(world.member, world.league)
    client = Client()
    client.force_login(world.member)
    response = client.post("/geheimbund/calendar/", {"action": "new"})
    assert response.status_code in (302, 403, 404)
    assert not CalendarFeed.objects.filter(created_by=world.member, revoked_at=None).exists()


def test_the_database_keeps_one_live_feed_per_member(world):
    from django.db import IntegrityError, transaction

    calendar_feeds.new_calendar_feed(world.member, world.league)
    with pytest.raises(IntegrityError), transaction.atomic():
        CalendarFeed.objects.create(league=world.league, created_by=world.member)


def test_an_unknown_personal_link_names_no_members_only_league(world):
    response = Client().get("/geheimbund/rsvp/no-such-link/")
    assert response.status_code == 404
    assert no_secret_in(response) == []
