"""Claims before any result: a member finds the league's players on the members page and says
"This is me"; each owner is mailed once in the league's language and sees a badge in the
menu; the decision says what changed for whom."""

import pytest
from django.contrib.messages import get_messages
from django.core import mail

from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.services.adding import add_players
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from tests.factories import UserFactory, confirmed_claim

pytestmark = pytest.mark.django_db

PAGE = "/ofc-runde/members/"


@pytest.fixture
def new_league_players(owner):
    """A league without evenings: its players were only added."""
    owner.email = "owner@example.org"
    owner.save()
    return add_players(League.objects.get(pk=1), owner, "Anna\nBen\nCarla")


@pytest.fixture
def anna_account(db):
    user = UserFactory(username="anna", email="anna@example.org")
    Membership.objects.create(league_id=1, user=user, role=Role.MEMBER)
    return user


def texts(response):
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_a_member_without_a_player_says_this_is_me_from_the_list(
    client, new_league_players, anna_account, django_capture_on_commit_callbacks
):
    anna, ben, _carla = new_league_players
    confirmed_claim(UserFactory(), ben)  # Ben is somebody's already
    client.force_login(anna_account)
    page = client.get(PAGE).content.decode()
    assert f'action="/ofc-runde/players/{anna.slug}/claim/"' in page
    assert f"/players/{ben.slug}/claim/" not in page
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(f"/ofc-runde/players/{anna.slug}/claim/", {"back": "members"})
    assert done.status_code == 302 and done.url == PAGE
    claim = PlayerClaim.objects.get(user=anna_account)
    assert (claim.player, claim.status) == (anna, ClaimStatus.PENDING)
    # Claimed: the list gives way to the claim and its withdrawal.
    assert "/claim/" not in client.get(PAGE).content.decode()


def test_the_owner_is_mailed_once_in_the_leagues_language(
    client, new_league_players, anna_account, django_capture_on_commit_callbacks
):
    League.objects.filter(pk=1).update(language="de")
    client.force_login(anna_account)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/ofc-runde/players/{new_league_players[0].slug}/claim/", {"back": "members"})
    (sent,) = mail.outbox
    assert sent.to == ["owner@example.org"]
    assert sent.subject == "anna sagt: Ich bin Anna"
    assert "/ofc-runde/members/" in sent.body
    # Asking again changes nothing and mails nobody.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/ofc-runde/players/{new_league_players[0].slug}/claim/")
    assert len(mail.outbox) == 1


def test_the_owner_sees_a_badge_and_the_decision_says_what_changed(
    client, owner, new_league_players, anna_account, django_capture_on_commit_callbacks
):
    League.objects.filter(pk=1).update(language="en")
    anna = new_league_players[0]
    client.force_login(anna_account)
    client.post(f"/ofc-runde/players/{anna.slug}/claim/", {"back": "members"})
    assert 'id="open-claims"' not in client.get(PAGE).content.decode()  # no badge for members
    client.force_login(owner)
    page = client.get("/ofc-runde/").content.decode()
    assert 'id="open-claims">1<' in page
    claim = PlayerClaim.objects.get(user=anna_account)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(PAGE, {"action": "confirm", "claim": claim.pk})
    assert texts(done) == [
        "anna's account is now the player Anna: the answers to the evenings and the money "
        "pages of Anna are theirs, and their mails go to the account's address."
    ]
    assert 'id="open-claims"' not in client.get("/ofc-runde/").content.decode()
    (told,) = mail.outbox  # the member hears it too
    assert told.to == ["anna@example.org"]
    assert told.subject == "You are Anna in OFC-Runde"
    assert "your account is the player Anna" in told.body


def test_a_refusal_says_the_player_stays_free(
    client, owner, new_league_players, anna_account, django_capture_on_commit_callbacks
):
    League.objects.filter(pk=1).update(language="en")
    claim = PlayerClaim.objects.create(league_id=1, player=new_league_players[1], user=anna_account)
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(PAGE, {"action": "refuse", "claim": claim.pk})
    assert texts(done) == [
        "anna's claim to be Ben is refused: the account stays without a player and Ben stays "
        "free to be claimed."
    ]
    (told,) = mail.outbox
    assert told.subject == "Your claim to be Ben in OFC-Runde"
    assert "did not confirm that you are Ben" in told.body
