"""Issue 35, point 9: after signing up one lands on one's own leagues with "found a league"
first, or on the invite that brought one (through sign-up, confirmation and login, even when
the confirmation link opens in another browser); never in a stranger's league; the cash,
settings and members links only for the league's members."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from ofcleague.league.leagues import Membership, Role
from ofcleague.members.services import members as services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "karo-bube-1234"


def owner_of(league):
    owner = UserFactory(username="gruender")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    return owner


def confirmation_path(message):
    link = re.search(r"https?://\S+", message.body).group(0)
    return "/" + link.split("://", 1)[1].partition("/")[2]


def sign_up(client, next_url=None):
    data = {"email": "neu@example.org", "password1": PASSWORD, "password2": PASSWORD}
    if next_url:
        data["next"] = next_url
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 302
    return confirmation_path(mail.outbox[-1])


def test_signing_up_from_an_invite_comes_back_to_it_and_joins(client, first_league):
    invite = services.make_invite(first_league, owner_of(first_league), Role.MEMBER)
    join = f"/join/{invite.token}/"
    page = client.get(join).content.decode()
    signup = re.search(r'href="(/accounts/signup/\?next=[^"]*)"', page).group(1)
    form = client.get(signup).content.decode()
    assert f'value="{join}"' in form  # the sign-up form carries the invite along
    path = sign_up(client, join)
    assert f"next={join}" in path.replace("%2F", "/")
    confirmed = client.post(path, {"next": join})
    assert confirmed.status_code == 302 and confirmed["Location"] == join
    answer = client.post(join)
    assert answer.status_code == 302 and answer["Location"] == f"/{first_league.slug}/"
    assert Membership.objects.filter(league=first_league, user__email="neu@example.org").exists()


def test_the_invite_survives_a_confirmation_in_another_browser(client, first_league):
    invite = services.make_invite(first_league, owner_of(first_league), Role.MEMBER)
    join = f"/join/{invite.token}/"
    path = sign_up(client, join)
    other = Client()  # the mail app's browser: no session of the sign-up
    page = other.get(path).content.decode()
    assert f'value="{join}"' in page
    confirmed = other.post(path, {"next": join})
    assert confirmed.status_code == 302 and confirmed["Location"] == join
    assert EmailAddress.objects.get(email="neu@example.org").verified
    # Back in the first browser: a plain login (no next) still ends on the invite.
    login = client.post("/login/", {"login": "neu@example.org", "password": PASSWORD})
    assert login.status_code == 302 and login["Location"] == join


def test_a_new_account_lands_on_its_leagues_with_found_a_league_first(client, first_league):
    owner_of(first_league)  # a stranger's league, the only one of the site
    path = sign_up(client)
    confirmed = client.post(path)
    assert confirmed.status_code == 302 and confirmed["Location"] == "/"
    front = client.get("/")
    assert front.status_code == 200  # not redirected into the stranger's league
    html = front.content.decode()
    html = html[html.index('<main id="main"') :]  # the page, not the menu
    found = html.index('href="/leagues/new/"')
    assert html.index('id="mine"') < found
    assert found < html.index(f'href="/{first_league.slug}/"')


def test_the_front_page_still_opens_the_only_league_for_its_member(client, first_league):
    client.force_login(owner_of(first_league))
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == f"/{first_league.slug}/"


def test_cash_and_members_are_in_the_menu_of_members_only(client, first_league):
    owner_of(first_league)
    stranger = UserFactory(username="fremd")
    client.force_login(stranger)
    home = client.get(f"/{first_league.slug}/", follow=True).content.decode()
    assert "/cash/" not in home and "/members/" not in home and "/settings/" not in home
    member = UserFactory(username="mitglied")
    Membership.objects.create(league=first_league, user=member, role=Role.MEMBER)
    client.force_login(member)
    home = client.get(f"/{first_league.slug}/", follow=True).content.decode()
    assert f"/{first_league.slug}/cash/" in home and f"/{first_league.slug}/members/" in home
