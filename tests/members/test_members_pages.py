"""The members page, the invite link's page and a player's "that's me": who reaches them, what
their buttons do, and what garbage does (a message, never a 500)."""

import datetime

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ofcleague.league.leagues import Membership, Role
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.services import members as services
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/ofc-runde/members/"


def member(role, league_id=1):
    user = UserFactory()
    Membership.objects.create(league_id=league_id, user=user, role=role)
    return user


def texts(response):
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_who_reaches_the_members_page(client, owner, other_league):
    assert client.get(PAGE).status_code == 302
    client.force_login(UserFactory())  # a stranger
    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"action": "leave"}).status_code == 403
    client.force_login(Membership.objects.get(league=other_league).user)
    assert client.get(PAGE).status_code == 403
    for role in (Role.MEMBER, Role.SCOREKEEPER):
        client.force_login(member(role))
        page = client.get(PAGE)
        assert page.status_code == 200
        assert b'value="leave"' in page.content
        assert b'name="action" value="invite"' not in page.content
        assert client.post(PAGE, {"action": "invite", "role": "owner"}).status_code == 403
    assert not Invite.objects.exists()
    for user in (owner, UserFactory(is_superuser=True)):
        client.force_login(user)
        page = client.get(PAGE)
        assert page.status_code == 200
        assert b'value="invite"' in page.content
        # A superuser who is no member has nothing to leave.
        assert (b'value="leave"' in page.content) == (user == owner)


def test_the_owner_makes_an_invite_with_a_link_and_qr_code(owner_client, owner):
    response = owner_client.post(
        PAGE, {"action": "invite", "role": "scorekeeper", "days": "7", "max_uses": "3"}
    )
    assert response.status_code == 302
    invite = Invite.objects.get()
    assert (invite.role, invite.max_uses, invite.created_by) == ("scorekeeper", 3, owner)
    page = owner_client.get(PAGE).content.decode()
    assert f"http://testserver/join/{invite.token}/" in page
    svg = page.split("<svg ")[1].split("</svg>")[0]
    assert 'class="qr"' in svg and "<title>" in svg and "style=" not in svg
    owner_client.post(PAGE, {"action": "revoke", "invite": str(invite.pk)})
    assert Invite.objects.get().revoked_at is not None


def test_a_bad_invite_form_shows_again_with_its_input(owner_client):
    page = owner_client.post(PAGE, {"action": "invite", "role": "king", "days": "9999"})
    assert page.status_code == 200
    assert 'value="9999"' in page.content.decode()
    assert not Invite.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "nonsense"},
        {"action": "revoke", "invite": "abc"},
        {"action": "revoke", "invite": "99999999999999999999"},
        {"action": "role", "user": "-1", "role": "owner"},
        {"action": "role", "user": "1", "role": "x" * 5000},
        {"action": "remove", "user": "\x00"},
        {"action": "confirm", "claim": "12"},
        {"action": "unlink"},
    ],
)
def test_garbage_posts_give_a_message(owner_client, owner, data):
    before = list(Membership.objects.values_list("user_id", "role"))
    response = owner_client.post(PAGE, data)
    assert response.status_code == 302
    assert texts(response)
    assert list(Membership.objects.values_list("user_id", "role")) == before


def test_roles_removal_and_the_last_owner(owner_client, owner):
    keeper = member(Role.MEMBER)
    owner_client.post(PAGE, {"action": "role", "user": keeper.pk, "role": "scorekeeper"})
    assert Membership.objects.get(user=keeper).role == Role.SCOREKEEPER
    response = owner_client.post(PAGE, {"action": "role", "user": owner.pk, "role": "member"})
    assert "letzte" in " ".join(texts(response)) or "last owner" in " ".join(texts(response))
    assert Membership.objects.get(user=owner).role == Role.OWNER
    owner_client.post(PAGE, {"action": "remove", "user": keeper.pk})
    assert not Membership.objects.filter(user=keeper).exists()


def test_gets_write_nothing(owner_client, owner):
    keeper = member(Role.MEMBER)
    owner_client.get(PAGE, {"action": "remove", "user": keeper.pk})
    assert Membership.objects.filter(user=keeper).exists()
    invite = services.make_invite(owner.memberships.get().league, owner)
    client_of_guest = owner_client
    client_of_guest.force_login(UserFactory())
    assert client_of_guest.get(f"/join/{invite.token}/").status_code == 200
    assert Invite.objects.get().uses == 0
    assert client_of_guest.get("/ofc-runde/players/nobody/claim/").status_code == 405


def test_a_member_leaves(client, owner):
    leaver = member(Role.SCOREKEEPER)
    client.force_login(leaver)
    response = client.post(PAGE, {"action": "leave"})
    assert response.status_code == 302
    assert not Membership.objects.filter(user=leaver).exists()


def test_the_members_page_costs_the_same_queries_however_many(
    owner_client, owner, django_assert_num_queries
):
    league = owner.memberships.get().league

    def add(count):
        for _ in range(count):
            user = member(Role.MEMBER)
            player = PlayerFactory(league=league)
            services.claim_player(player, user)
            services.make_invite(league, owner, Role.MEMBER, days=3, player=None)

    add(1)
    owner_client.get(PAGE)  # warm: the league's URL configuration and version
    with CaptureQueriesContext(connection) as first:
        assert owner_client.get(PAGE).status_code == 200
    add(5)
    with django_assert_num_queries(len(first)):
        page = owner_client.get(PAGE)
    assert page.content.decode().count('value="confirm"') == 6


def test_the_join_page(client, owner):
    league = owner.memberships.get().league
    invite = services.make_invite(league, owner, Role.SCOREKEEPER)
    url = f"/join/{invite.token}/"
    page = client.get(url)
    assert page.status_code == 200
    assert f"/login/?next=/join/{invite.token}/" in page.content.decode()
    assert (
        client.post(url).status_code == 302
        and not Membership.objects.filter(role=Role.SCOREKEEPER).exists()
    )
    guest = UserFactory()
    client.force_login(guest)
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == "/ofc-runde/"
    assert Membership.objects.get(user=guest).role == Role.SCOREKEEPER
    assert client.get("/join/no-such-token/").status_code == 404
    assert client.post("/join/no-such-token/").status_code == 404
    assert client.get("/join/" + "x" * 3000 + "/").status_code == 404


@pytest.mark.parametrize("state", ["revoked", "expired", "used up"])
def test_the_join_page_says_why_an_invite_is_spent(client, owner, state):
    league = owner.memberships.get().league
    invite = services.make_invite(league, owner, max_uses=1)
    if state == "revoked":
        Invite.objects.update(revoked_at=timezone.now())
    elif state == "expired":
        Invite.objects.update(expires_at=timezone.now() - datetime.timedelta(days=1))
    else:
        Invite.objects.update(uses=1)
    client.force_login(UserFactory())
    response = client.post(f"/join/{invite.token}/")
    # A spent invite is no page any more (404), but says why, and names no league.
    assert response.status_code == 404
    assert 'role="alert"' in response.content.decode()
    assert league.name not in response.content.decode()
    assert Membership.objects.count() == 1


def test_that_s_me_on_the_player_page(client, owner):
    player = PlayerFactory(name="Micha")
    url = f"/ofc-runde/players/{player.slug}/"
    claim_url = f"/ofc-runde/players/{player.slug}/claim/"
    assert claim_url not in client.get(url).content.decode()  # anonymous
    stranger = UserFactory()
    client.force_login(stranger)
    assert claim_url not in client.get(url).content.decode()
    client.post(claim_url)
    assert not PlayerClaim.objects.exists()
    fan = member(Role.MEMBER)
    client.force_login(fan)
    assert claim_url in client.get(url).content.decode()
    response = client.post(claim_url)
    assert response["Location"] == url
    assert PlayerClaim.objects.get().status == ClaimStatus.PENDING
    assert claim_url not in client.get(url).content.decode()
    assert client.post("/ofc-runde/players/nobody/claim/").status_code == 404
    # The owner confirms on the members page.
    client.force_login(owner)
    page = client.get(PAGE).content.decode()
    assert 'value="confirm"' in page
    claim = PlayerClaim.objects.get()
    client.post(PAGE, {"action": "confirm", "claim": claim.pk})
    assert PlayerClaim.objects.get().status == ClaimStatus.CONFIRMED
    assert claim_url not in client.get(url).content.decode()


def test_a_member_sees_their_role_and_withdraws_their_own_claim(client, owner):
    fan, other = member(Role.MEMBER), member(Role.MEMBER)
    mine = services.claim_player(PlayerFactory(name="Micha"), fan)
    theirs = services.claim_player(PlayerFactory(name="Carl"), other)
    client.force_login(fan)
    page = client.get(PAGE).content.decode()
    assert "Micha" in page and 'value="withdraw"' in page
    # Someone else's claim is not theirs to withdraw.
    response = client.post(PAGE, {"action": "withdraw", "claim": theirs.pk})
    assert texts(response) and PlayerClaim.objects.filter(pk=theirs.pk).exists()
    client.post(PAGE, {"action": "withdraw", "claim": mine.pk})
    assert not PlayerClaim.objects.filter(pk=mine.pk).exists()
