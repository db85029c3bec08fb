"""The service worker keeps only the pages on the server's allowlist (issue 37): every page of
the site, found by walking the URL resolver, is either on the list by design (a reading page,
the score pad) or never marked for keeping, whoever asks; the owner's player management, the
members, the cash, the settings, the import and every page with a token are not."""

import pytest
from django.test import Client

from ofcleague.league.leagues import Role
from ofcleague.web.middleware import secret_route
from ofcleague.web.offline import KEEP, KEEP_HEADER, KEPT_PAGES
from tests.factories import UserFactory, scorekeeper_of
from tests.security.pages import routes

pytestmark = pytest.mark.django_db

#: The pages the worker keeps, by design: the reading pages and the pad's own shell.
BY_DESIGN = {
    "front", "standings:home", "standings:history", "standings:alltime", "standings:seasons",
    "standings:season", "standings:player", "standings:statistics", "rules:rules",
    "rules:calculator", "results:evening", "table:round", "table:pad",
}  # fmt: skip
#: Pages that must never be kept, by path (the owner's and the members' pages).
NEVER = [
    "/ofc-runde/players/manage/",
    "/ofc-runde/members/",
    "/ofc-runde/cash/",
    "/ofc-runde/settings/",
    "/ofc-runde/import/",
    "/ofc-runde/export/",
    "/ofc-runde/rsvp/links/",
    "/ofc-runde/evenings/new/",
    "/leagues/new/",
    "/accounts/email/",
    "/accounts/password/change/",
]


def test_the_allowlist_is_the_pages_by_design_and_each_one_exists():
    names = {name for _route, name, _names, _pattern in routes()}
    assert set(KEPT_PAGES) == BY_DESIGN
    assert names >= KEPT_PAGES
    for route, name, names_captured, _pattern in routes():
        if name in KEPT_PAGES:
            assert not secret_route(route, names_captured), route
            assert not route.startswith(("admin/", "accounts/")), route


@pytest.fixture
def owner(db):
    user = UserFactory(username="owner")
    return scorekeeper_of(user, role=Role.OWNER)


def test_every_page_without_a_value_in_its_path_is_marked_only_when_allowed(owner):
    """Every page of the resolver that takes no value, asked for by the league's owner: the
    keep mark exactly on the allowlisted ones (a page with values is resolved to its name the
    same way: the mark follows the name, never the path's look)."""
    visitor = Client()
    visitor.force_login(owner)
    marked = set()
    for route, name, names, _pattern in routes():
        if names or route.startswith("admin/") or "^" in route:
            continue
        response = visitor.get("/" + route)
        if response.get(KEEP_HEADER) == KEEP:
            marked.add(name)
        assert name in KEPT_PAGES or KEEP_HEADER not in response, route
    assert {"standings:home", "standings:alltime", "rules:rules"} <= marked


@pytest.mark.parametrize("path", NEVER)
def test_the_owners_and_members_pages_are_never_kept(owner, path):
    visitor = Client()
    visitor.force_login(owner)
    response = visitor.get(path)
    assert response.status_code == 200, path
    assert KEEP_HEADER not in response, path


def test_the_player_management_is_not_taken_for_a_players_page(owner):
    """``players/manage/`` looks like a player's page (``players/<slug>/``): the resolver
    names it the management page, so the worker is not told to keep it."""
    visitor = Client()
    visitor.force_login(owner)
    assert visitor.get("/ofc-runde/players/manage/").resolver_match.view_name == (
        "leagueadmin:players"
    )
    assert KEEP_HEADER not in visitor.get("/ofc-runde/players/manage/")
