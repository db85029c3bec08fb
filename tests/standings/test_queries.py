"""Every page runs a fixed number of queries, whatever the size of the league."""

from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ofcleague.league.models import Evening, Player
from tests.factories import UserFactory, confirmed_claim, scorekeeper_of
from tests.league.builders import build_league

pytestmark = pytest.mark.django_db

# The most queries each page may run (auth and session add none for an anonymous visitor).
# Every cached page reads the league version first, for its ETag and its cache key (one small
# query, ofcleague/web/cache.py); the JSON API is not a cached page.
BUDGET = {
    # The version, the latest evening's card (evening and seats in one query), the leaders,
    # the next announced evening.
    "home": 4,
    # The version, the count of evenings for the pages, then a page of cards in one query.
    "history": 3,
    "alltime": 2,
    "alltime_csv": 2,
    # The league with the version (read for every league page), then the table.
    "api": 2,
    # The version, the calendar years, the league's own seasons (issue 42).
    "seasons": 3,
    "season": 3,
    # The version, the player with their kept total, the charts' window of seats (which holds
    # the list's first page), the kept head-to-head and the statistics from hands: however
    # many evenings; the kept table of the player's latest year, for their badges (records);
    # the league's record book (seats and Fantasyland hands), for the records the player holds:
    # two queries here, without a page cache; none while the book is cached under the league's
    # version (tests/records/test_story_badges.py); the player's lines in the league's own
    # seasons (issue 42).
    "player": 9,
    # Another window, the list sorted and paged, the head-to-head paged: one query for the
    # list's page and a count for each list a page parameter pages (the canonical page,
    # params.py; the chart and the evenings page one list, counted once).
    "player_paged": 12,
    # The version, the evening, its seats with their players and round points, the
    # statistics from hands (ofcleague/table).
    "evening": 4,
}


def urls():
    evening = Evening.objects.order_by("date").first()
    player = Player.objects.order_by("pk").first()
    year = evening.date.year
    return {
        "home": reverse("standings:home"),
        "history": reverse("standings:history"),
        "alltime": reverse("standings:alltime") + "?sort=-points&year_from=2000",
        "alltime_csv": reverse("standings:alltime") + "?_export=csv",
        "api": reverse("standings:api_alltime"),
        "seasons": reverse("standings:seasons"),
        "season": reverse("standings:season", args=[year]),
        "player": player.get_absolute_url(),
        "player_paged": player.get_absolute_url()
        + "?chart-page=2&evenings-sort=place&evenings-page=2&h2h-page=2",
        "evening": evening.get_absolute_url(),
    }


def query_counts(client):
    counts = {}
    for name, url in urls().items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(queries)
    return counts


def test_query_counts_do_not_grow_with_the_league(client):
    build_league(4, players=5)
    # Once to warm what a process reads once (with other tests before it in a pytest-xdist
    # worker, or none, the first request may differ); then the counts that must not grow.
    query_counts(client)
    small = query_counts(client)
    build_league(40, players=12, seed=2)
    large = query_counts(client)
    assert small == large


@pytest.mark.parametrize("page", sorted(BUDGET))
def test_each_page_stays_within_its_query_budget(client, django_assert_max_num_queries, page):
    build_league(30, players=10)
    url = urls()[page]
    with django_assert_max_num_queries(BUDGET[page]):
        assert client.get(url).status_code == 200


def test_a_logged_in_member_runs_a_fixed_number_of_queries_and_none_twice(client):
    """A member linked to a player sees their role's links, their claim and their open money
    on top of what anybody sees: a fixed number of queries more, and no query twice (their
    role is read once per request, whether a template, a view or a permission asks)."""
    build_league(4, players=5)
    user = UserFactory()
    scorekeeper_of(user, role="member")
    confirmed_claim(user, Player.objects.order_by("pk").first())
    client.force_login(user)

    def counts():
        found = {}
        for name, url in urls().items():
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200, name
            repeated = [sql for sql, n in Counter(q["sql"] for q in queries).items() if n > 1]
            assert repeated == [], name
            found[name] = len(queries)
        return found

    counts()  # once to warm what is read once per league version (the records: records/queries.py)
    small = counts()
    build_league(40, players=12, seed=2)
    assert counts() == small
