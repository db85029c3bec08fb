"""The story of a season of the league's own: the race by its main points system, its
records, its card; follows a corrected evening; bad ids and other leagues find nothing."""

import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from ofcleague.league import services
from ofcleague.league.models import Evening
from ofcleague.records.own_story import race, read_own_story
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from ofcleague.standings.counted.services import save_points_system, save_season_window
from ofcleague.standings.counting import EveningFacts, Finish, shown
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
DAY = datetime.date


@pytest.fixture
def own_season(first_league):
    owner = scorekeeper_of(UserFactory(), first_league.pk, role="owner")
    anna, bert, cara = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cara"))
    first = finished([anna, bert, cara], [1, 2, 3], DAY(2024, 9, 6))
    finished([anna, bert, cara], [3, 1, 2], DAY(2024, 10, 4))
    finished([anna, bert], [1, 2], DAY(2025, 8, 1))  # after the season
    save_points_system(owner, first_league, name="F1", places=[10, 7, 5])
    window = save_season_window(
        owner, first_league, name="2024/25", first_day=DAY(2024, 9, 1), last_day=DAY(2025, 6, 30)
    )
    return {"window": window, "players": (anna, bert, cara), "first": first}


def story_url(window):
    return reverse("records:own_story", args=[window.pk])


def test_the_race_counts_the_main_points_system_evening_by_evening(own_season):
    story = read_own_story(own_season["window"], PointsSystem.objects.get(main=True))
    assert story.name == "2024/25" and story.measure == "points"
    assert len(story.evenings) == 2
    by_name = {runner.name: runner for runner in story.runners}
    # Anna 10 then 5; Bert 7 then 10; Cara 5 then 7.
    assert by_name["Anna"].so_far == (10, 15)
    assert by_name["Bert"].so_far == (7, 17)
    assert by_name["Bert"].places == (2, 1)
    assert [row.name for row in story.table] == ["Bert", "Anna", "Cara"]


def test_the_page_tells_it_and_follows_a_corrected_evening(client, own_season, in_english):
    page = client.get(story_url(own_season["window"]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "The story of 2024/25" in text and "counted as “F1” counts them" in text
    assert "17 (1.)" in text  # Bert's points after the second evening, first in the table
    anna, bert, cara = own_season["players"]
    evening = Evening.objects.get(pk=own_season["first"].pk)
    seats = dict(evening.seats.values_list("player_id", "pk"))
    services.save_finishing_order(
        evening, evening.version, {seats[bert.pk]: 1, seats[anna.pk]: 2, seats[cara.pk]: 3}
    )
    again = client.get(story_url(own_season["window"])).content.decode()
    assert "20 (1.)" in again  # Bert 10 + 10 now


def test_the_season_page_links_its_story_and_the_card_is_an_image(client, own_season):
    window = own_season["window"]
    season_page = client.get(reverse("standings:window", args=[window.pk])).content.decode()
    assert story_url(window) in season_page
    card = client.get(reverse("results:own_season_card", args=[window.pk]))
    assert card.status_code == 200 and card["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(card.content)).size == (1200, 630)
    assert client.get(card.url if hasattr(card, "url") else card.request["PATH_INFO"],
                      HTTP_IF_NONE_MATCH=card["ETag"]).status_code == 304  # fmt: skip


@pytest.mark.parametrize("window", ["0", "999999", "99999999999999999999", "abc"])
def test_no_such_season_finds_nothing(client, own_season, window):
    assert client.get(f"/ofc-runde/seasons/own/{window}/story/").status_code == 404
    assert client.get(f"/ofc-runde/seasons/own/{window}/story/card.png").status_code == 404


def test_the_story_reads_the_same_queries_however_many_evenings(client, own_season):
    url = story_url(own_season["window"])
    anna, bert, cara = own_season["players"]

    def queries():
        client.get(url)  # the record book, once per version
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    few = queries()
    for week in range(12):
        finished([cara, anna, bert], [1, 2, 3], DAY(2024, 11, 1) + datetime.timedelta(weeks=week))
    assert queries() == few


@settings(max_examples=150, deadline=None)
@given(
    fields=st.lists(st.lists(st.integers(1, 4), min_size=2, max_size=5), max_size=12),
    places=st.lists(st.integers(0, 12), max_size=5),
    per_beaten=st.integers(0, 2),
    share_ties=st.booleans(),
    best_of=st.one_of(st.none(), st.integers(1, 4)),
    min_evenings=st.integers(0, 4),
)
def test_the_race_after_the_last_evening_is_the_seasons_table(
    fields, places, per_beaten, share_ties, best_of, min_evenings
):
    """Counted evening by evening (a heap of each player's best), the race ends exactly where
    the season's table (``counting.season_table``) stands: points and places."""
    system = PointsSystem(places=places, per_beaten=per_beaten, share_ties=share_ties)
    window = SeasonWindow(
        first_day=DAY(2024, 1, 1), last_day=DAY(2024, 12, 31), best_of=best_of,
        min_evenings=min_evenings,
    )  # fmt: skip
    evenings = [
        EveningFacts(
            key=number,
            date=DAY(2024, 1, 1) + datetime.timedelta(days=number),
            finishes=tuple(
                Finish(player, place) for player, place in enumerate(sorted(field), start=1)
            ),
        )
        for number, field in enumerate(fields, start=1)
    ]
    final, after = race(system, window, evenings)
    if not evenings:
        assert after == [] and final == []
        return
    assert {player: place for player, (_points, place) in after[-1].items()} == {
        row.player: place for place, row in enumerate(final, start=1)
    }
    assert {player: points for player, (points, _place) in after[-1].items()} == {
        row.player: shown(row.points) for row in final
    }
