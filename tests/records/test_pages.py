"""The records page and the badges on the player page, over evenings with hands."""

import pytest
from django.urls import reverse

from ofcleague.league.models import Evening, Status
from ofcleague.records.badges import season_key
from ofcleague.standings.queries import alltime_records
from ofcleague.table import services
from tests.conftest import german_text
from tests.factories import UserFactory
from tests.league.builders import build_league
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.django_db


def finished(evening):
    Evening.objects.filter(pk=evening.pk).update(status=Status.FINISHED)


@pytest.fixture
def played(pineapple):
    """Six players' Pineapple evening: a table of three played three hands, Anna (seat 1)
    won 18 in hand 2 and played hands 2 and 3 in Fantasyland; then it finished."""
    table = services.seat_table(pineapple, 1, 1, seat_ids(pineapple)[:3])
    points_hand(table, 1, [6, -2, -4], fantasyland={1: 14})
    points_hand(table, 2, [18, -9, -9], fantasyland={1: 14})
    points_hand(table, 3, [3, 0, -3])
    finished(pineapple)
    return pineapple, table


def test_the_records_page_names_who_when_and_links_the_evening(client, played, in_english):
    evening, _table = played
    response = client.get(reverse("records:records"))
    assert response.status_code == 200
    page = response.content.decode()
    biggest = page.split('id="record-biggest_hand"')[1].split("</li>")[0]
    assert "18 points" in biggest and "Anna" in biggest
    assert evening.get_absolute_url() in biggest
    stay = page.split('id="record-fantasyland_stay"')[1].split("</li>")[0]
    assert "2 hands" in stay and "Anna" in stay
    assert "The most points one player won in a single hand" in biggest


def test_the_records_page_is_in_the_members_menu_and_on_the_seasons_page(client, played):
    link = f'href="{reverse("records:records")}"'
    assert link in client.get(reverse("standings:seasons")).content.decode()
    assert link not in client.get(reverse("standings:history")).content.decode()
    client.force_login(UserFactory())
    page = client.get(reverse("standings:history")).content.decode()
    assert link in page.split('class="menu-panel"')[1].split("</div>")[0]
    assert german_text("Records") in page


def test_the_player_page_shows_the_badges_of_the_years_best(client, in_english):
    build_league(12, players=4)
    year = Evening.objects.order_by("-date").first().date.year
    records, _largest = alltime_records(year_from=year, year_to=year)
    best = min(records, key=season_key)
    page = client.get(reverse("standings:player", args=[best.slug])).content.decode()
    assert f"Player of the year {year}" in page
    assert "First win" in page or "10 wins" in page
    others = [record for record in records if record.player_id != best.player_id]
    page = client.get(reverse("standings:player", args=[others[0].slug])).content.decode()
    assert f"Player of the year {year}" not in page


def test_the_page_runs_the_same_queries_however_many_evenings(
    client, django_assert_max_num_queries
):
    build_league(4, players=5)
    # The version, the seats with their hands, the hands in Fantasyland (and the menu's
    # league, read with the version by the middleware).
    with django_assert_max_num_queries(3):
        assert client.get(reverse("records:records")).status_code == 200
    build_league(30, players=10, seed=2)
    with django_assert_max_num_queries(3):
        assert client.get(reverse("records:records")).status_code == 200


def test_a_hand_corrected_after_the_evening_changes_the_cached_records(
    client, played, cache_on, in_english
):
    """The records are kept in the page cache by the league's version: the correction
    (a service, which takes a new version) is on the next page read, in every record it
    touches (the biggest hand and the evening's points)."""
    evening, table = played
    url = reverse("records:records")
    page = client.get(url).content.decode()
    assert "18 points" in page.split('id="record-biggest_hand"')[1].split("</li>")[0]
    services.correct_hand(
        table,
        2,
        entry="points",
        results=[
            services.ResultInput(seat=1, points=24, fantasyland_next=14),
            services.ResultInput(seat=2, points=-12),
            services.ResultInput(seat=3, points=-12),
        ],
    )
    page = client.get(url).content.decode()
    assert "24 points" in page.split('id="record-biggest_hand"')[1].split("</li>")[0]
    most = page.split('id="record-points_evening"')[1].split("</li>")[0]
    assert "33 points" in most and "Anna" in most


def test_a_year_gone_by_shows_its_awards_and_the_running_year_its_races(client, in_english):
    build_league(3, players=4)
    page = client.get(reverse("records:records")).content.decode()
    year = Evening.objects.order_by("-date").first().date.year
    assert f"Awards {year}</h2>" in page and "the races so far" not in page
