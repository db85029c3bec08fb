"""The league's pages through the page cache: served from it, and never stale after a write."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ofcleague.league.models import Status
from tests.factories import (
    EveningFactory,
    EveningPlayerFactory,
    PlayerFactory,
    UserFactory,
    scorekeeper_of,
)
from tests.security.pages import FormFields, urls

NO_CACHE = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
LOCMEM = {
    "default": NO_CACHE,
    "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}
DUMMY = {"default": NO_CACHE, "pages": NO_CACHE}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]+"')


@pytest.fixture
def running(db):
    """An evening in progress: two players, one round, no points yet."""
    evening = EveningFactory(rounds=1, status=Status.IN_PROGRESS)
    for name in ("Anna", "Bert"):
        EveningPlayerFactory(evening=evening, player=PlayerFactory(name=name))
    return evening


@pytest.fixture
def keeper():
    browser = Client()
    user = UserFactory(username="keeper")
    scorekeeper_of(user)
    browser.force_login(user)
    return browser


def league_pages(evening):
    """Every HTML page of the league namespace for this evening, its players and its year."""
    seats = list(evening.seats.select_related("player"))
    candidates = {
        "pk": [evening.pk],
        "slug": [seat.player.slug for seat in seats],
        "year": [evening.date.year],
        "*": [evening.pk],
    }
    pages = [url for _, url in urls("standings", candidates) if not url.startswith("/api/")]
    return [*pages, evening.get_absolute_url()]


def read_all(pages, browser=None):
    """Each page's status and HTML as an anonymous visitor gets it, CSRF tokens blanked out.

    (A season page answers 404 until the season has a finished evening.)
    """
    browser = browser or Client()
    result = {}
    for url in pages:
        response = browser.get(url)
        result[url] = (response.status_code, TOKEN.sub("", response.content.decode()))
    return result


def fresh(pages, settings):
    """The pages rendered without any cache, for comparison."""
    settings.CACHES = DUMMY
    try:
        return read_all(pages)
    finally:
        settings.CACHES = LOCMEM


def test_a_second_visit_comes_from_the_cache_with_one_query_for_the_league_version(
    cache_on, running
):
    visitor = Client()
    visitor.get("/ofc-runde/history/")
    with CaptureQueriesContext(connection) as queries:
        response = visitor.get("/ofc-runde/history/")
    assert response.status_code == 200
    (query,) = queries
    assert 'FROM "web_leagueversion"' in query["sql"]


def test_no_page_is_stale_after_points_are_saved(
    cache_on, running, keeper, django_capture_on_commit_callbacks
):
    pages = league_pages(running)
    assert len(pages) >= 5
    before = read_all(pages)
    seats = list(running.seats.all())
    data = {"version": running.version, "finish": ""}
    data |= {f"p_{seat.pk}_1": points for seat, points in zip(seats, [563, -563], strict=True)}
    with django_capture_on_commit_callbacks(execute=True):
        response = keeper.post(f"/ofc-runde/evenings/{running.pk}/points/", data)
    assert response.status_code == 302

    after = read_all(pages)
    assert after == fresh(pages, cache_on)
    evening = f"/ofc-runde/evenings/{running.pk}/"
    assert before[evening] != after[evening]
    assert "563" in after[evening][1]


def test_no_page_is_stale_after_an_admin_edit(
    cache_on, running, admin_client, django_capture_on_commit_callbacks
):
    pages = league_pages(running)
    before = read_all(pages)
    anna = running.seats.get(player__name="Anna").player
    change = f"/admin/league/player/{anna.pk}/change/"
    form = FormFields()
    form.feed(admin_client.get(change).content.decode())
    data = {name: values for name, values in form.fields.items() if name != "_addanother"}
    data["name"] = ["Annabelle"]
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(change, data)
    assert response.status_code == 302

    after = read_all(pages)
    assert after == fresh(pages, cache_on)
    evening = f"/ofc-runde/evenings/{running.pk}/"
    assert "Annabelle" in after[evening][1]
    assert "Annabelle" not in before[evening][1]


def test_a_scorekeeper_always_gets_a_fresh_page(cache_on, running, keeper):
    Client().get(f"/ofc-runde/evenings/{running.pk}/")
    page = keeper.get(f"/ofc-runde/evenings/{running.pk}/").content.decode()
    assert "keeper" in page


def test_an_unknown_parameter_is_served_the_plain_page(cache_on, running):
    visitor = Client()
    plain = visitor.get("/ofc-runde/alltime/").content.decode()
    with CaptureQueriesContext(connection) as queries:
        odd = visitor.get("/ofc-runde/alltime/?z=1").content.decode()
        visitor.get("/ofc-runde/alltime/?z=2")
    # Only the league version, once a page.
    assert len(queries) == 2
    assert TOKEN.sub("", odd) == TOKEN.sub("", plain)
    assert "z=1" not in odd


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("/ofc-runde/alltime/?sort=player", "/ofc-runde/alltime/?sort=-player"),
        ("/ofc-runde/alltime/", "/ofc-runde/alltime/?year_from=2020"),
        ("/ofc-runde/alltime/", "/ofc-runde/alltime/?variant=classic"),
        ("/ofc-runde/history/", "/ofc-runde/history/?page=2"),
        ("/ofc-runde/players/anna/", "/ofc-runde/players/anna/?h2h-sort=ahead"),
        ("/ofc-runde/players/anna/", "/ofc-runde/players/anna/?evenings-sort=place"),
    ],
)
def test_recognised_parameters_still_get_their_own_pages(cache_on, running, first, second):
    visitor = Client()
    assert visitor.get(first).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        assert visitor.get(second).status_code == 200
    assert len(queries) > 0
