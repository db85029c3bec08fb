"""A hostile stranger's session, start to end (issue 37): nothing gets through, nobody else notices.

Mallory comes through the site's proxy from one address, as every visitor does in production
(one trusted proxy, production's limits in a real cache). She signs up, founds a league of
her own, uploads the worst files she can make, hammers the owner's login while the owner and
another member log in from their own addresses, signs up bots from her address, and keeps the
calendar link of a league that removed her. After each step the league she attacks, its
owner and its other people carry on as if she were not there.
"""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Player
from ofcleague.members.models import ImportJob
from ofcleague.members.services import members
from ofcleague.rsvp.services import calendar_feeds
from tests.accounts.test_accounts import LEAGUE as FOUNDING_FORM
from tests.factories import PlayerFactory
from tests.imports.test_bounds import laughs_xlsx, zip_bomb
from tests.security.conftest import PASSWORD, account, announce_next_week

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"
MALLORY = "198.51.100.66"
OWNER_AT_HOME = "203.0.113.20"
MEMBER_AT_HOME = "192.0.2.77"
PLACE = "Hinterzimmer Zur Linde"
NOTES = "Der Schlüssel liegt unter der Matte"


def through_proxy(address):
    """A browser whose requests reach the site through its proxy (X-Forwarded-For)."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def log_in(browser, login, password=PASSWORD):
    return browser.post("/login/", {"login": login, "password": password})


def logged_in(browser):
    return "_auth_user_id" in browser.session


@pytest.fixture
def victims(limits_on):
    """The league Mallory attacks: members only, an owner, a member, players and an
    announced evening with a private place and notes."""
    league = League.objects.create(name="Geheimbund", slug="geheimbund", visibility="members")
    owner, member = account("olga"), account("bert")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    with using_league(league):
        PlayerFactory(name="Olga")
        PlayerFactory(name="Bert")
        announce_next_week(league, owner, PLACE, NOTES)
    return league, owner, member


def sign_up_and_confirm(browser, email):
    before = len(mail.outbox)
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    assert browser.post("/accounts/signup/", data).status_code == 302
    link = re.search(r"https?://\S+", mail.outbox[before].body).group(0)
    path = "/" + link.split("://", 1)[1].partition("/")[2]
    assert browser.post(path).status_code == 302
    assert logged_in(browser)


#: Her league: the sign-up tests' founding form, in English.
NEW_LEAGUE = {**FOUNDING_FORM, "name": "Mallorys Runde", "slug": "mallory", "language": "en"}


def hundred_thousand_rows() -> bytes:
    lines = ["Datum;Spieler;Platz"] + [f"01.01.2020;P{n};1" for n in range(100_000)]
    return "\n".join(lines).encode()


#: The worst files she can make, and what the refusal of each must say (her league is English).
WORST_FILES = {
    "bomb.xlsx": (zip_bomb, "Unpacked, the Excel file is"),
    "laughs.xlsx": (laughs_xlsx, "XML entities"),
    "rows.csv": (hundred_thousand_rows, "an import takes at most 5,000"),
    "huge.csv": (lambda: b"Datum;Spieler;Platz\n" + b"x" * (3 * 1024 * 1024), "at most 2.0"),
}


def the_victims_carry_on(league, owner_browser):
    """The owner, at home, still reads their league and its private evening."""
    page = owner_browser.get(f"/{league.slug}/")
    assert page.status_code == 200
    assert "Geheimbund" in page.content.decode()


def test_a_hostile_strangers_session(victims):
    league, owner, member = victims
    mallory = through_proxy(MALLORY)

    # She signs up and founds a league of her own: allowed, as for anybody.
    sign_up_and_confirm(mallory, "mallory@example.org")
    assert mallory.post("/leagues/new/", NEW_LEAGUE).status_code == 302
    own = League.objects.get(slug="mallory")

    # The worst files she can make: each refused with a message, nothing written.
    for name, (make, refusal) in WORST_FILES.items():
        upload = SimpleUploadedFile(name, make())
        response = mallory.post("/mallory/import/", {"file": upload})
        assert response.status_code == 200, name
        assert refusal in response.content.decode(), name
    with using_league(own):
        assert not Player.objects.exists()
        assert not Evening.objects.exists()
    assert not ImportBatch.objects.filter(league=own).exists()
    assert not ImportJob.objects.filter(league=own).exists()

    # She hammers the owner's login from her address ...
    attacker = through_proxy(MALLORY)
    statuses = [log_in(attacker, "olga", "wrong-password").status_code for _ in range(12)]
    assert 429 in statuses
    assert log_in(attacker, "olga").status_code in (200, 429)  # even the right password
    assert not logged_in(attacker)
    # ... while the owner and a member log in from their own addresses.
    owner_browser = through_proxy(OWNER_AT_HOME)
    assert log_in(owner_browser, "olga@example.org").status_code == 302
    member_browser = through_proxy(MEMBER_AT_HOME)
    assert log_in(member_browser, "bert").status_code == 302
    the_victims_carry_on(league, owner_browser)

    # She signs up bots from her address: refused after the limit, others sign up freely.
    bots = [
        mallory.post(
            "/accounts/signup/",
            {"email": f"bot{n}@example.org", "password1": PASSWORD, "password2": PASSWORD},
        ).status_code
        for n in range(24)
    ]
    assert bots[-1] == 429
    newcomer = through_proxy(MEMBER_AT_HOME)
    data = {"email": "neu@example.org", "password1": PASSWORD, "password2": PASSWORD}
    assert newcomer.post("/accounts/signup/", data).status_code == 302

    # She was a member of the league once, with its private calendar; then removed.
    mallory_user = EmailAddress.objects.get(email="mallory@example.org").user
    Membership.objects.create(league=league, user=mallory_user, role=Role.MEMBER)
    feed = f"/calendar/{calendar_feeds.new_calendar_feed(mallory_user, league).token}.ics"
    assert PLACE in Client().get(feed).content.decode()  # while she is a member
    members.remove_member(league, mallory_user, owner)
    kept = Client().get(feed)
    assert kept.status_code == 404
    for secret in ("Geheimbund", PLACE, NOTES):
        assert secret not in kept.content.decode()
    # Nor do the league's pages open to her any more.
    page = mallory.get("/geheimbund/")
    assert page.status_code in (302, 403, 404)
    assert PLACE not in page.content.decode()

    # Nobody else noticed: the member's own feed works, the owner's league is whole.
    member_feed = f"/calendar/{calendar_feeds.new_calendar_feed(member, league).token}.ics"
    assert PLACE in Client().get(member_feed).content.decode()
    the_victims_carry_on(league, owner_browser)
    with using_league(league):
        assert sorted(Player.objects.values_list("name", flat=True)) == ["Bert", "Olga"]
