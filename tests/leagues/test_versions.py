"""Each league's pages have a version of their own, and speak the league's language."""

import datetime

import pytest

from ofcleague.league.current import every_league, using_league
from ofcleague.league.leagues import League
from ofcleague.league.services.evenings import create_evening
from ofcleague.urls.middleware import _zone
from ofcleague.web.cache import invalidate_league_pages, league_version
from ofcleague.web.models import LeagueVersion

pytestmark = pytest.mark.django_db


def _token(league):
    with using_league(league):
        return league_version()


def test_a_write_in_one_league_leaves_the_other_leagues_version(first_league, other_league):
    first, other = _token(first_league), _token(other_league)
    with using_league(other_league):
        create_evening(
            date=datetime.date(2026, 1, 9), start_time=datetime.time(19), new_names=["Zora", "Yann"]
        )
    assert _token(other_league) != other
    assert _token(first_league) == first


def test_a_write_that_names_no_league_makes_every_league_stale(first_league, other_league):
    first, other = _token(first_league), _token(other_league)
    with every_league():  # the admin, a restore, a command
        invalidate_league_pages()
    assert _token(first_league) != first
    assert _token(other_league) != other


def test_a_new_league_starts_with_a_version_no_earlier_league_had(first_league, owner):
    from ofcleague.league.services.leagues import start_league

    LeagueVersion.objects.create(pk=999, token="left-by-a-deleted-league")
    league = start_league(owner, "Neue Runde")
    assert LeagueVersion.objects.filter(pk=league.pk).exists()
    assert _token(league) != "left-by-a-deleted-league"


def test_the_etag_of_a_league_page_survives_another_leagues_write(client, other_league):
    etag = client.get("/ofc-runde/alltime/")["ETag"]
    with using_league(other_league):
        create_evening(
            date=datetime.date(2026, 1, 9), start_time=datetime.time(19), new_names=["Zora", "Yann"]
        )
    assert client.get("/ofc-runde/alltime/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get("/andere-runde/alltime/")["ETag"] != etag


def test_a_league_page_speaks_the_leagues_language_unless_the_visitor_chose(
    client, other_league, settings
):
    League.objects.filter(pk=other_league.pk).update(language="en")
    page = client.get("/andere-runde/alltime/")
    assert page["Content-Language"] == "en"
    assert 'lang="en"' in page.content.decode()
    assert client.get("/ofc-runde/alltime/")["Content-Language"] == "de"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    assert client.get("/andere-runde/alltime/")["Content-Language"] == "de"


def test_an_unknown_time_zone_falls_back_to_the_sites():
    assert str(_zone("Europe/Lisbon")) == "Europe/Lisbon"
    assert str(_zone("Mars/Olympus")) == "Europe/Berlin"
    assert str(_zone("")) == "Europe/Berlin"


def test_links_with_a_leagues_former_address_lead_to_its_address_of_today(
    client, other_league, first_league
):
    from ofcleague.league.services.leagues import change_league, start_league
    from tests.factories import UserFactory

    owner = other_league.memberships.get().user
    change_league(owner, other_league, slug="neue-runde")
    page = client.get("/andere-runde/alltime/?sort=-mu")
    assert page.status_code == 301
    assert page["Location"] == "/neue-runde/alltime/?sort=-mu"
    assert client.post("/andere-runde/evenings/new/").status_code == 308
    assert client.get("/andere-runde/")["Location"] == "/neue-runde/"
    assert client.get("/neue-runde/alltime/").status_code == 200
    # Another league may take the old address; then it is that league's.
    start_league(UserFactory(), "Andere", slug="andere-runde")
    assert client.get("/andere-runde/alltime/").status_code == 200
    assert client.get("/erfundene-runde/alltime/").status_code == 404
