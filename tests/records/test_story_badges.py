"""The "holds a record" badges on the player page, read from the league's record book: bounded
by the league's version (the book is computed once per version and kept in the page cache),
not by the league's size."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ofcleague.league.models import Player
from ofcleague.web.cache import invalidate_league_pages
from tests.factories import PlayerFactory
from tests.league.builders import build_league, evening_from_points

pytestmark = pytest.mark.django_db


def test_the_player_page_shows_the_records_the_player_holds(client, in_english):
    anna, bert, cara = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cara"))
    evening_from_points({anna: [60], bert: [-30], cara: [-30]}, date=datetime.date(2024, 5, 1))
    evening_from_points({bert: [20], anna: [-5], cara: [-15]}, date=datetime.date(2024, 5, 8))
    page = client.get(anna.get_absolute_url()).content.decode()
    badges = page.split('id="badges-title"')[1].split("</ul>")[0]
    assert "Record: Most points in an evening (60 points)" in badges
    other = client.get(bert.get_absolute_url()).content.decode()
    assert "Most points in an evening" not in other.split('id="badges-title"')[1].split("</ul>")[0]
    assert "Record: Longest winning streak (1 evening)" in badges


def player_page_queries(client, player) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(player.get_absolute_url()).status_code == 200
    return len(queries)


@pytest.fixture(params=["page cache", "no page cache"])
def either_cache(request):
    """With the page cache (production) and without it (DEBUG, ``PAGE_CACHE=0``, the bench)."""
    if request.param == "page cache":
        request.getfixturevalue("cache_on")


def test_the_record_badges_cost_no_query_while_the_records_are_kept(
    client, either_cache, first_league
):
    """After a write the first player page reads the records (their two queries, kept under
    the new version: in the page cache, or without one in the process); every other player's
    page then runs the seven queries the page ran before the record badges: in a small league
    and in a larger one alike."""
    counts = []
    for evenings, players, seed in ((4, 5, 1), (40, 12, 2)):
        build_league(evenings, players=players, seed=seed)
        invalidate_league_pages(first_league.pk)  # the factories write past the services
        first, second, third = Player.objects.order_by("-pk")[:3]
        counts.append(
            (
                player_page_queries(client, first),
                player_page_queries(client, second),
                player_page_queries(client, third),
            )
        )
    assert counts == [(9, 7, 7), (9, 7, 7)]


def test_a_corrected_record_moves_the_badge_without_a_page_cache(client, in_english):
    """Kept per version in the process: a write (a new version) brings the new holder."""
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening_from_points({anna: [60], bert: [-60]}, date=datetime.date(2024, 5, 1))
    assert "Most points in an evening" in client.get(anna.get_absolute_url()).content.decode()
    evening_from_points({bert: [70], anna: [-70]}, date=datetime.date(2024, 5, 8))
    invalidate_league_pages()  # what every league write does (the factories write past them)
    page = client.get(anna.get_absolute_url()).content.decode()
    assert "Record: Most points in an evening" not in page
    page = client.get(bert.get_absolute_url()).content.decode()
    assert "Record: Most points in an evening (70 points)" in page
