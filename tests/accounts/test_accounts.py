"""Accounts (django-allauth): signing up with a confirmed address, logging in by address or
user name, resetting a password, the lockout on the login form, a members-only site."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail

from ofcleague.league.leagues import League, Membership, Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "karo-bube-1234"
LEAGUE = {
    "name": "Donnerstagsrunde",
    "slug": "",
    "visibility": "public",
    "language": "de",
    "time_zone": "Europe/Berlin",
    "currency": "EUR",
    "buy_in": "10",
    "rounds": "3",
    "hands_per_round": "15",
    "variant": "pineapple",
    "rule_set": "",
    "start_time": "19:00",
    "prize_split": "2, 1",
}


def link_in(message):
    return re.search(r"https?://\S+", message.body).group(0)


def sign_up(client, email="neu@example.org", **extra):
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD, **extra}
    return client.post("/accounts/signup/", data)


def logged_in(client):
    return "_auth_user_id" in client.session


def test_signing_up_sends_a_link_that_confirms_and_logs_in(client, german):
    response = sign_up(client, next="/leagues/new/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not logged_in(client)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["neu@example.org"]
    assert message.subject.startswith("[OFC")  # League or Liga
    link = link_in(message)
    path = link.split("://", 1)[1].partition("/")[2]
    page = client.get("/" + path)
    assert page.status_code == 200  # a GET confirms nothing
    assert not EmailAddress.objects.get(email="neu@example.org").verified
    confirmed = client.post("/" + path)
    assert confirmed.status_code == 302
    assert confirmed["Location"] == "/leagues/new/"  # where the sign-up was headed
    assert EmailAddress.objects.get(email="neu@example.org").verified
    assert logged_in(client)
    assert client.get("/leagues/new/").status_code == 200
    started = client.post("/leagues/new/", LEAGUE, follow=True)
    assert started.redirect_chain[-1][0] == "/donnerstagsrunde/"
    user = get_user_model().objects.get(email="neu@example.org")
    league = League.objects.get(slug="donnerstagsrunde")
    assert Membership.objects.get(league=league, user=user).role == Role.OWNER


def test_an_unconfirmed_account_cannot_log_in_and_gets_the_link_again(client):
    sign_up(client)
    mail.outbox.clear()
    response = client.post("/login/", {"login": "neu@example.org", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not logged_in(client)
    assert len(mail.outbox) == 1 and "/accounts/confirm-email/" in link_in(mail.outbox[0])


def test_an_unconfirmed_account_may_not_start_a_league(client):
    sign_up(client)
    user = get_user_model().objects.get(email="neu@example.org")
    client.force_login(user)
    response = client.post("/leagues/new/", LEAGUE)
    assert response.status_code == 302 and response["Location"] == "/accounts/email/"
    assert not League.objects.filter(name="Donnerstagsrunde").exists()


def test_a_taken_address_is_refused_without_a_second_account(client):
    UserFactory(username="anna", email="anna@example.org")
    EmailAddress.objects.create(
        user=get_user_model().objects.get(username="anna"),
        email="anna@example.org",
        verified=True,
        primary=True,
    )
    response = sign_up(client, email="anna@example.org")
    assert response.status_code == 302  # the same answer as any sign-up
    assert get_user_model().objects.filter(email__iexact="anna@example.org").count() == 1
    # The owner of the address is told, with the way to a new password.
    assert len(mail.outbox) == 1 and "/accounts/password/reset/" in mail.outbox[0].body


def test_a_bad_signup_keeps_the_address_and_says_why(client, german):
    response = client.post(
        "/accounts/signup/",
        {"email": "neu@example.org", "password1": PASSWORD, "password2": "anders-1234"},
    )
    assert response.status_code == 200
    assert 'value="neu@example.org"' in response.content.decode()
    assert response.context["form"].errors
    assert not get_user_model().objects.filter(email="neu@example.org").exists()
    assert not mail.outbox


@pytest.fixture
def anna(db):
    user = UserFactory(username="anna", email="anna@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="anna@example.org", verified=True, primary=True)
    return user


@pytest.mark.parametrize("login", ["anna", "anna@example.org", "Anna@Example.org"])
def test_logging_in_by_user_name_or_address(client, anna, login):
    response = client.post("/login/", {"login": login, "password": PASSWORD})
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == anna.pk


def test_an_admin_made_account_without_address_logs_in_by_name(client):
    keeper = UserFactory(username="keeper", password=PASSWORD)
    response = client.post("/login/", {"login": "keeper", "password": PASSWORD, "next": "/x/"})
    assert response.status_code == 302 and response["Location"] == "/x/"
    assert int(client.session["_auth_user_id"]) == keeper.pk
    assert client.get("/leagues/new/").status_code == 200


def test_a_wrong_password_is_refused_on_the_same_page(client, anna, german):
    response = client.post("/login/", {"login": "anna", "password": "falsch"})
    assert response.status_code == 200
    assert not logged_in(client)
    assert 'value="anna"' in response.content.decode()


def test_the_login_page_is_one_page(client):
    page = client.get("/login/")
    assert page.status_code == 200
    assert 'name="login"' in page.content.decode()
    assert client.get("/accounts/login/?next=/ofc-runde/")["Location"] == "/login/?next=/ofc-runde/"


def test_resetting_a_forgotten_password(client, anna):
    response = client.post("/accounts/password/reset/", {"email": "anna@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    path = "/" + link_in(mail.outbox[0]).split("://", 1)[1].partition("/")[2]
    form = client.get(path, follow=True)
    assert form.status_code == 200
    action = form.redirect_chain[-1][0] if form.redirect_chain else path
    new = "pik-dame-5678"
    done = client.post(action, {"password1": new, "password2": new})
    assert done.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password(new)
    assert client.post(action, {"password1": "x-9876-y", "password2": "x-9876-y"}).status_code in (
        200,
        302,
    )
    anna.refresh_from_db()
    assert anna.check_password(new)  # the link worked once
    assert client.post("/login/", {"login": "anna@example.org", "password": new}).status_code == 302


def test_a_reset_for_an_unknown_address_tells_nobody_whether_it_exists(client, anna):
    known = client.post("/accounts/password/reset/", {"email": "anna@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]
    assert [message.to for message in mail.outbox] == [["anna@example.org"]]  # no stranger


# The lockout (django-axes) on allauth's form --------------------------------------------------


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True


def attempt(client, login, password="falsch", address="203.0.113.5"):
    return client.post("/login/", {"login": login, "password": password}, REMOTE_ADDR=address)


def test_five_failures_lock_the_account_out_by_name_and_address_alike(axes_on, anna, client):
    for login in ("anna", "anna@example.org", "anna", "ANNA@example.org"):
        assert attempt(client, login).status_code == 200
    assert attempt(client, "anna").status_code == 429
    assert attempt(client, "anna@example.org", PASSWORD).status_code == 429
    assert attempt(client, "anna", PASSWORD).status_code == 429
    assert not logged_in(client)
    # Another phone of the game night still logs in.
    assert attempt(client, "anna", PASSWORD, address="203.0.113.99").status_code == 302


# A members-only site ----------------------------------------------------------------------------


ACCOUNT_PAGES = ["/login/", "/accounts/signup/", "/accounts/password/reset/"]


@pytest.mark.parametrize("path", [*ACCOUNT_PAGES, "/accounts/confirm-email/"])
def test_the_account_pages_are_open_on_a_members_only_site(client, settings, path):
    settings.MEMBERS_ONLY = True
    assert client.get(path).status_code == 200
    assert client.get("/ofc-runde/").status_code == 302


def test_signing_up_works_on_a_members_only_site(client, settings):
    settings.MEMBERS_ONLY = True
    sign_up(client)
    path = "/" + link_in(mail.outbox[0]).split("://", 1)[1].partition("/")[2]
    assert client.get(path).status_code == 200
    assert client.post(path).status_code == 302
    assert logged_in(client)


# The header and the front page ------------------------------------------------------------------


def test_anonymous_visitors_see_log_in_and_sign_up(client, german):
    page = client.get("/ofc-runde/").content.decode()
    assert 'href="/accounts/signup/"' in page
    assert 'href="/login/?next=/ofc-runde/"' in page


def test_the_front_page_leads_anonymous_visitors_to_sign_up(client):
    League.objects.create(name="Andere Runde", slug="andere-runde")  # else it opens the one
    page = client.get("/").content.decode()
    assert 'href="/accounts/signup/?next=/leagues/new/"' in page


def test_the_account_menu_offers_the_password_change(client, anna):
    client.force_login(anna)
    page = client.get("/ofc-runde/").content.decode()
    assert 'href="/accounts/password/change/"' in page
    assert client.get("/accounts/password/change/").status_code == 200
