"""Issue 36, point 4: a visitor who never chose a language gets the league's language on the
pages an invite leads through (join, sign-up, the confirmation mail and page, even in another
browser), the browser's language on the site's own pages, and header links to their own
leagues, never into another league."""

import re

import pytest
from django.core import mail
from django.test import Client

from ofcleague.league.leagues import Membership, Role
from ofcleague.members.services import members as services
from tests.factories import UserFactory
from tests.firstweek.test_signup_lands import confirmation_path

pytestmark = pytest.mark.django_db

PASSWORD = "karo-bube-1234"
GERMAN = ("Registrieren", "Anmelden", "Passwort", "Bestätig", "Liga", "Hallo")


def german_words(text):
    return [word for word in GERMAN if word in text]


def main_of(html):
    return html[html.index("<main") :]


@pytest.fixture
def invite(english_league, english_owner):
    return services.make_invite(english_league, english_owner, Role.MEMBER)


def test_an_english_invite_speaks_english_all_the_way_through(client, invite):
    join = f"/join/{invite.token}/"
    page = client.get(join)
    assert page["Content-Language"] == "en" and german_words(main_of(page.content.decode())) == []
    signup = re.search(r'href="(/accounts/signup/\?next=[^"]*)"', page.content.decode()).group(1)
    form = client.get(signup)
    assert form["Content-Language"] == "en"
    answer = client.post(
        "/accounts/signup/",
        {"email": "new@example.org", "password1": PASSWORD, "password2": PASSWORD, "next": join},
    )
    assert answer.status_code == 302
    message = mail.outbox[-1]
    assert german_words(message.subject + message.body) == [], message.body
    assert "confirm" in message.body
    sent = client.get(answer["Location"])
    assert sent["Content-Language"] == "en"
    # The confirmation link opened in the mail app's browser: no session, still English.
    confirm = Client().get(confirmation_path(message))
    assert confirm.status_code == 200 and confirm["Content-Language"] == "en"
    assert german_words(main_of(confirm.content.decode())) == []


def test_a_chosen_language_still_wins_over_the_leagues(client, invite):
    client.cookies["django_language"] = "de"
    assert client.get(f"/join/{invite.token}/")["Content-Language"] == "de"


@pytest.mark.parametrize(("browser", "spoken"), [("en-GB,en;q=0.8", "en"), ("de-DE", "de")])
def test_the_sites_own_pages_speak_the_browsers_language(client, browser, spoken):
    response = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=browser)
    assert response["Content-Language"] == spoken
    assert "Accept-Language" in response["Vary"]


def test_a_site_pages_header_leads_to_ones_own_leagues(client, invite, first_league):
    html = client.get(f"/join/{invite.token}/").content.decode()
    header = html[: html.index("<main")]
    assert f"/{first_league.slug}/" not in header  # the history league is nobody's here
    assert 'class="brand" href="/"' in header
    member = UserFactory(username="gus")
    Membership.objects.create(league=invite.league, user=member, role=Role.MEMBER)
    client.force_login(member)
    html = client.get("/accounts/password/change/").content.decode()
    header = html[: html.index("<main")]
    assert f'href="/{invite.league.slug}/"' in header
    assert f"/{first_league.slug}/" not in header
