"""Private pages stay private (issue 37): every page with a secret in its path (an invite, an
answer link, a calendar feed, allauth's links) answers ``private, no-store`` and sends no
``Referer`` onwards, whoever asks; every page a member sees is ``private, no-store``. The
pages are found by walking the URL resolver, so a new one cannot be forgotten; in development
and with the production setting ``DEBUG=0``.
"""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.urls.converters import IntConverter, SlugConverter
from django.utils import timezone

from ofcleague.league.leagues import League, Role
from ofcleague.members.services.members import make_invite
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services.answers import announce_evening
from ofcleague.rsvp.services.calendar_feeds import new_calendar_feed
from ofcleague.web.converters import IdConverter, TokenConverter
from ofcleague.web.middleware import secret_route
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of
from tests.security.pages import routes

pytestmark = pytest.mark.django_db

#: Words in a captured value's name that say it is a secret.
SECRET_WORDS = ("token", "key", "secret", "code")
#: The converters a path may use outside the admin: a free ``str`` or ``path`` would let a
#: secret in without the ``token`` converter that marks it.
PLAIN_CONVERTERS = (IdConverter, IntConverter, SlugConverter, TokenConverter)


def secret_routes():
    return [
        (route, name, names) for route, name, names, _ in routes() if secret_route(route, names)
    ]


def test_every_route_that_captures_a_secret_is_marked_as_one():
    for route, _name, names, _pattern in routes():
        if any(word in name for name in names for word in SECRET_WORDS):
            assert secret_route(route, names), route
    found = {name for _route, name, _names in secret_routes()}
    assert {
        "join", "calendar_token", "rsvp:rsvp", "rsvp:player_ics",
        "account_confirm_email", "account_reset_password_from_key",
    } <= found  # fmt: skip


def test_no_path_but_the_admins_takes_free_text():
    """A new ``<str:...>`` could carry a secret unmarked: every path part is a number, a slug
    or a token (the admin's, staff only and always logged in, excepted)."""
    for route, _name, _names, pattern in routes():
        if route.startswith("admin/"):
            continue
        for converter in getattr(pattern.pattern, "converters", {}).values():
            assert isinstance(converter, PLAIN_CONVERTERS), route


@pytest.fixture(params=[True, False], ids=["development", "production"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.fixture
def owner(db):
    user = UserFactory(username="owner")
    scorekeeper_of(user, role="owner")
    return user


@pytest.fixture
def live_tokens(owner):
    """A working secret of every kind, by route name (the others get a made-up one)."""
    league = League.objects.get(pk=1)
    announce_evening(
        league, owner, date=timezone.localdate() + datetime.timedelta(days=7),
        start_time=datetime.time(19, 30), location="Bei Micha", buy_in=10,
        variant="pineapple", rule_set="", most_seats=6, notes="",
    )  # fmt: skip
    link = PlayerLink.objects.create(player=PlayerFactory(name="Anna"))
    return {
        "join": make_invite(league, owner, Role.MEMBER).token,
        "calendar_token": new_calendar_feed(owner, league).token,
        "rsvp:rsvp": link.token,
        "rsvp:player_ics": link.token,
    }


def secret_urls(live):
    for _route, name, names in secret_routes():
        made_up = {value: "1z" if value == "uidb36" else "not-a-real-secret" for value in names}
        if name in live:
            made_up["token"] = live[name]
        yield name, reverse(name, kwargs=made_up)


def cache_control(response):
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "member"])
def test_every_page_with_a_secret_in_its_path_is_private_and_sends_no_referrer(
    debug, live_tokens, owner, logged_in
):
    visitor = Client()
    if logged_in:
        visitor.force_login(owner)
    answered = set()
    for name, url in secret_urls(live_tokens):
        response = visitor.get(url)
        answered.add((name, response.status_code))
        assert cache_control(response) == {"private", "no-store"}, url
        assert response["Referrer-Policy"] == "no-referrer", url
        assert "public" not in response["Cache-Control"], url
    # The live secrets' pages themselves answered, not only refusals.
    assert {(name, 200) for name in live_tokens} <= answered


def test_a_page_without_a_secret_keeps_the_sites_referrer_policy(debug, db):
    response = Client().get("/ofc-runde/rules/")
    assert response["Referrer-Policy"] != "no-referrer"


def test_every_members_page_is_private_and_not_stored(debug, owner):
    """Every page of the site and the league without a value in its path (members, cash,
    settings, import, export, invites, the player management, the account pages...), asked
    for by the league's owner: each answer it gives is private and kept nowhere."""
    visitor = Client()
    visitor.force_login(owner)
    seen = 0
    for route, _name, names, _pattern in routes():
        if names or route.startswith("admin/") or "^" in route:
            continue
        response = visitor.get("/" + route)
        if response.status_code == 200:
            seen += 1
            assert {"private", "no-store"} <= cache_control(response), route
        assert "public" not in response.get("Cache-Control", ""), route
    assert seen > 20
