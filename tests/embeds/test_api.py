"""The read API: standings, evenings and records as JSON, with the pages' ETags and 304s."""

import pytest
from django.urls import reverse

from ofcleague.league.models import Evening, Status
from ofcleague.table import services
from tests.league.builders import build_league
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return build_league(6, players=5)


def test_the_standings_of_all_time_and_of_a_year(client, league):
    answer = client.get(reverse("embeds:api_standings"))
    assert answer.status_code == 200
    data = answer.json()
    assert data["year"] is None
    rows = data["standings"]
    assert [row["position"] for row in rows] == list(range(1, len(rows) + 1))
    assert sum(row["wins"] for row in rows) == 6
    wins = [row["wins"] for row in rows]
    assert wins == sorted(wins, reverse=True)
    year = Evening.objects.order_by("date").first().date.year
    yearly = client.get(reverse("embeds:api_standings"), {"year": year}).json()
    assert yearly["year"] == year
    assert sum(row["evenings"] for row in yearly["standings"]) <= sum(
        row["evenings"] for row in rows
    )


def test_the_evenings_a_page_at_a_time_newest_first(client, league):
    data = client.get(reverse("embeds:api_evenings")).json()
    assert data["count"] == 6 and data["page"] == 1 and data["pages"] == 1
    dates = [evening["date"] for evening in data["evenings"]]
    assert dates == sorted(dates, reverse=True)
    first = data["evenings"][0]
    assert first["players"][0]["place"] == 1
    assert first["url"] == reverse("results:evening", kwargs={"pk": first["id"]})


def test_the_records_say_what_they_count_and_link_the_evening(client, pineapple):
    table = services.seat_table(pineapple, 1, 1, seat_ids(pineapple)[:3])
    points_hand(table, 1, [12, -5, -7])
    Evening.objects.filter(pk=pineapple.pk).update(status=Status.FINISHED)
    data = client.get(reverse("embeds:api_records")).json()
    biggest = next(entry for entry in data["records"] if entry["kind"] == "biggest_hand")
    assert biggest["counts"] and biggest["record"]["value"] == 12
    assert biggest["record"]["player"]["name"] == "Anna"
    assert biggest["record"]["evening"]["id"] == pineapple.pk
    assert data["awards"]["year"] == pineapple.date.year


@pytest.mark.parametrize("name", ["standings", "evenings", "records"])
def test_an_answer_carries_an_etag_and_a_current_copy_gets_304(client, league, name):
    url = reverse(f"embeds:api_{name}")
    first = client.get(url)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    assert "public" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    # A new evening (through the factories, which keep the standings) is a new version
    # once the league's pages are made stale, as every service does.
    from ofcleague.web.cache import invalidate_league_pages

    build_league(1, players=4, seed=5)
    invalidate_league_pages()
    after = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag


@pytest.mark.parametrize(
    ("name", "query", "status", "code"),
    [
        ("standings", {"year": "abc"}, 400, "invalid_year"),
        ("standings", {"year": "-1"}, 400, "invalid_year"),
        ("standings", {"year": "1999"}, 404, "unknown_year"),
        ("standings", {"season": "2020"}, 400, "unknown_parameter"),
        ("evenings", {"page": "0"}, 400, "invalid_page"),
        ("evenings", {"page": "99"}, 404, "unknown_page"),
        ("evenings", {"page": "1" * 40}, 400, "invalid_page"),
        ("records", {"year": "2020"}, 400, "unknown_parameter"),
    ],
)
def test_bad_input_is_a_json_error_never_a_304(client, league, name, query, status, code):
    answer = client.get(reverse(f"embeds:api_{name}"), query, HTTP_IF_NONE_MATCH="*")
    assert answer.status_code == status
    assert answer.json()["error"]["code"] == code
    assert "ETag" not in answer


def test_other_methods_are_refused(client, league):
    answer = client.post(reverse("embeds:api_standings"))
    assert answer.status_code == 405 and answer["Allow"] == "GET, HEAD"


def test_a_member_gets_the_etag_but_no_public_copy(client, league):
    from tests.factories import UserFactory, scorekeeper_of

    user = UserFactory()
    scorekeeper_of(user, role="member")
    client.force_login(user)
    answer = client.get(reverse("embeds:api_standings"))
    assert answer["ETag"] and "public" not in answer["Cache-Control"]


def test_a_script_of_a_site_the_league_allows_may_read_the_api(client, league, first_league):
    first_league.embed_sites = "https://club.example.org\nhttps://*.example.net"
    first_league.save(update_fields=["embed_sites"])
    url = reverse("embeds:api_standings")
    for allowed in ("https://club.example.org", "https://www.example.net"):
        answer = client.get(url, HTTP_ORIGIN=allowed)
        assert answer["Access-Control-Allow-Origin"] == allowed
        assert "Origin" in answer["Vary"]
    for refused in ("https://evil.example.org", "http://club.example.org", "https://example.net"):
        assert "Access-Control-Allow-Origin" not in client.get(url, HTTP_ORIGIN=refused)


def test_the_api_runs_the_same_queries_however_many_evenings(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def counts():
        found = {}
        for name in ("standings", "evenings", "records"):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(reverse(f"embeds:api_{name}")).status_code == 200
            found[name] = len(queries)
        return found

    build_league(4, players=5)
    counts()
    small = counts()
    build_league(30, players=10, seed=2)
    assert counts() == small
    # The league with its version, then: the league's current own season (none here: one
    # query, issue 42) and the table; the count and a page of evenings (the count once to
    # check the page, once for the answer); the records' seats and Fantasyland hands are read
    # once per league version (the process keeps the book without a page cache,
    # records/queries.py), so a second read of the same version runs none of them.
    assert small == {"standings": 3, "evenings": 4, "records": 1}
