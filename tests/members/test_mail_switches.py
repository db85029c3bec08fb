"""The mail switches of a personal link are offered only where the player can receive mail:
a linked account with an address, or an address the owner gave; otherwise the page says why
there are none and how to get them."""

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import translation

from ofcleague.league.leagues import League
from ofcleague.league.services.adding import add_players, set_address
from ofcleague.rsvp.services.answers import link_for
from ofcleague.rsvp.services.reminders import _addresses
from tests.factories import UserFactory, confirmed_claim

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def added(owner):
    League.objects.filter(pk=1).update(language="en")
    return add_players(League.objects.get(pk=1), owner, "Anna anna@example.org\nBen\nCarla\nDora")


def page(client, player):
    return client.get(f"/ofc-runde/rsvp/{link_for(player).token}/").content.decode()


def test_switches_only_for_players_with_an_address(client, added):
    anna, ben, carla, dora = added
    confirmed_claim(UserFactory(email="carla@example.org"), carla)
    confirmed_claim(UserFactory(email=""), dora)  # an account without an address
    for player in (anna, carla):
        text = page(client, player)
        assert 'name="remind_before"' in text and 'id="no-mails"' not in text
    for player in (ben, dora):
        text = page(client, player)
        assert 'name="remind_before"' not in text
        assert "the league has no e-mail address of yours" in text
        assert "ask the league's owner to add your address" in text


def test_switching_without_an_address_is_refused(client, added):
    ben = added[1]
    link = link_for(ben)
    client.post(f"/ofc-runde/rsvp/{link.token}/", {"mails": "1"})
    link.refresh_from_db()
    assert (link.remind_before, link.send_result) == (True, True)


def test_the_given_address_is_where_the_mails_go_until_an_account_is_linked(added):
    anna = added[0]
    assert _addresses([anna.pk]) == {anna.pk: "anna@example.org"}
    confirmed_claim(UserFactory(email="anna@account.example"), anna)
    assert _addresses([anna.pk]) == {anna.pk: "anna@account.example"}


def test_the_owner_gives_an_address_later_and_the_switches_appear(client, owner_client, added):
    ben = added[1]
    page_url = "/ofc-runde/players/manage/"
    bad = owner_client.post(
        page_url, {"action": "address", "address-player": ben.pk, "address-email": "ben@"}
    )
    assert bad.status_code == 200
    assert "“ben@” is no e-mail address" in bad.content.decode()
    done = owner_client.post(
        page_url, {"action": "address", "address-player": ben.pk, "address-email": "ben@x.org"}
    )
    assert done.status_code == 302
    ben.refresh_from_db()
    assert ben.email == "ben@x.org"
    assert 'name="remind_before"' in page(client, ben)
    owner_client.post(page_url, {"action": "address", "address-player": ben.pk})
    ben.refresh_from_db()
    assert ben.email == "" and 'id="no-mails"' in page(client, ben)


def test_only_the_owner_gives_addresses(added):
    user = UserFactory()
    with pytest.raises(PermissionDenied):
        set_address(League.objects.get(pk=1), user, added[1], "ben@x.org")
