"""What a cache on the way (a browser, nginx, a CDN) is told (issue #19): anonymous read pages
are public for a short while with a validator that every save changes, carry no cookie and
vary on nothing the site ignores; members' pages are never kept."""

import gzip
from datetime import time

import pytest
from csp.utils import build_policy
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ofcleague.league.models import Evening, Player, Status
from ofcleague.league.services import create_evening
from ofcleague.web.cache import PUBLIC_MAX_AGE
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory, UserFactory
from tests.rules.test_pages import A, B, form_data

PUBLIC = f"public, max-age={PUBLIC_MAX_AGE}"


@pytest.fixture
def read_pages(history):
    """Every anonymous read page of the league, at one address each."""
    evening = Evening.objects.filter(status=Status.FINISHED).order_by("date").first()
    player = Player.objects.order_by("name").first()
    return [
        "/ofc-runde/",
        "/ofc-runde/history/",
        "/ofc-runde/history/?page=2",
        "/ofc-runde/alltime/",
        "/ofc-runde/alltime/?sort=-points",
        "/ofc-runde/seasons/",
        f"/ofc-runde/seasons/{evening.date.year}/",
        player.get_absolute_url(),
        "/ofc-runde/statistics/",
        evening.get_absolute_url(),
        "/ofc-runde/rules/",
    ]


@pytest.fixture
def evening(db):
    """A finished evening of two, enough for the home page."""
    finished = EveningFactory(rounds=1, status=Status.FINISHED)
    for place, name in enumerate(("Anna", "Bert"), 1):
        EveningPlayerFactory(evening=finished, player=PlayerFactory(name=name), place=place)
    return finished


def vary(response):
    return {part.strip().lower() for part in response.get("Vary", "").split(",") if part}


def test_every_read_page_is_public_with_a_validator_and_sets_no_cookie(read_pages):
    for url in read_pages:
        visitor = Client()
        response = visitor.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == PUBLIC, url
        assert response["ETag"].startswith('W/"'), url
        assert not response.cookies, url
        assert not visitor.cookies, url
        assert "cookie" in vary(response), url
        assert "accept-language" not in vary(response), url
        assert "csrfmiddlewaretoken" not in response.content.decode(), url


def test_the_language_is_read_from_the_cookie_not_from_the_browser(evening):
    german = Client().get("/ofc-runde/", HTTP_ACCEPT_LANGUAGE="en")
    assert german["Content-Language"] == "de"
    assert german["ETag"] == Client().get("/ofc-runde/", HTTP_ACCEPT_LANGUAGE="fr")["ETag"]


def test_a_members_page_is_private_and_not_stored(client, evening):
    client.force_login(UserFactory())
    response = client.get("/ofc-runde/")
    assert response.status_code == 200
    assert {part.strip() for part in response["Cache-Control"].split(",")} == {
        "private",
        "no-store",
    }
    assert "ETag" not in response


def test_a_matching_if_none_match_gets_a_304_from_one_query(evening):
    etag = Client().get("/ofc-runde/").headers["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = Client().get("/ofc-runde/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert response["Cache-Control"] == PUBLIC
    assert not response.cookies
    # The league version only: the view did not run.
    (query,) = queries
    assert 'FROM "web_leagueversion"' in query["sql"]


def test_a_save_through_a_service_changes_the_validator(evening):
    before = {
        url: Client().get(url)["ETag"]
        for url in ("/ofc-runde/", "/ofc-runde/history/", "/ofc-runde/alltime/")
    }
    create_evening(
        players=list(Player.objects.all()), rounds=1, date=evening.date, start_time=time(19)
    )
    for url, etag in before.items():
        response = Client().get(url, HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 200, url
        assert response["ETag"] != etag, url


def test_error_pages_and_redirects_are_not_public(evening):
    missing = Client().get("/ofc-runde/players/nobody/")
    assert missing.status_code == 404
    redirect = Client().get("/ofc-runde/alltime/?year_from=20x6")
    assert redirect.status_code == 302
    for response in (missing, redirect):
        assert "public" not in response.get("Cache-Control", "")
        assert "ETag" not in response


def test_a_page_with_a_message_for_the_visitor_is_not_public(evening):
    visitor = Client()
    response = visitor.get("/ofc-runde/alltime/?year_from=20x6", follow=True)
    assert response.status_code == 200
    assert list(response.context["messages"])
    assert "public" not in response.get("Cache-Control", "")
    assert "ETag" not in response


def test_html_is_gzipped_and_the_weak_etag_still_matches(evening):
    response = Client().get("/ofc-runde/alltime/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.content)
    assert "accept-encoding" in vary(response)
    again = Client().get(
        "/ofc-runde/alltime/", HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=response["ETag"]
    )
    assert again.status_code == 304
    assert "accept-encoding" in vary(again)


def test_the_language_switch_works_without_any_cookie_beforehand(evening):
    visitor = Client(enforce_csrf_checks=True)
    german = visitor.get("/ofc-runde/")
    assert not visitor.cookies
    switched = visitor.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert switched.status_code == 302
    assert switched["Location"] == "/"
    assert visitor.cookies["django_language"].value == "en"
    english = visitor.get("/ofc-runde/")
    assert english["Content-Language"] == "en"
    assert english["ETag"] != german["ETag"]
    assert english["Cache-Control"] == PUBLIC


def test_the_language_switch_stays_on_the_site_and_takes_only_a_post(db):
    visitor = Client()
    away = visitor.post("/i18n/setlang/", {"language": "en", "next": "https://evil.example/"})
    assert away.status_code == 302
    assert away["Location"] == "/"
    assert visitor.get("/i18n/setlang/?language=en").status_code == 405
    assert visitor.post("/i18n/setlang/", {"language": "xx"}).cookies == {}


def test_the_calculator_keeps_its_csrf_protected_form(db):
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get("/ofc-runde/calculator/")
    assert page.status_code == 200
    assert "public" not in page.get("Cache-Control", "")
    token = visitor.cookies["csrftoken"].value
    data = form_data(p0={"name": "Anna", **A}, p1={"name": "Ben", **B})
    assert visitor.post("/ofc-runde/calculator/", data).status_code == 403
    scored = visitor.post("/ofc-runde/calculator/", {**data, "csrfmiddlewaretoken": token})
    assert scored.status_code == 200
    assert [player["points"] for player in scored.context["result"]["players"]] == [39, -39]


def test_the_csp_header_is_django_csps_policy(evening):
    assert Client().get("/ofc-runde/").headers["Content-Security-Policy"] == build_policy()


def test_a_page_that_deletes_an_expired_session_cookie_is_not_public(evening):
    visitor = Client()
    visitor.cookies["sessionid"] = "expired-long-ago"
    response = visitor.get("/ofc-runde/")
    assert response.cookies["sessionid"].value == ""
    assert "public" not in response["Cache-Control"]
    assert "private" in response["Cache-Control"]
