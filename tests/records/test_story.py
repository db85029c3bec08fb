"""A season's story page: the race, the rating curves, the season's records and awards, its
numbers, its card for the group chat; bounded reads, bad years, other leagues, languages."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from PIL import Image

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.records.badges import season_key
from ofcleague.records.story import read_story
from ofcleague.standings.kept import rebuild_league
from ofcleague.standings.queries import alltime_records
from ofcleague.table import services
from ofcleague.web.cache import invalidate_league_pages
from tests.conftest import german_text
from tests.factories import PlayerFactory
from tests.league.builders import build_league, evening_from_points
from tests.records.test_pages import played  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db

YEAR = 2025


@pytest.fixture
def season():
    """Four evenings of 2025 (Anna, Bert and Cara one win each: a tie on wins the table
    breaks by second places), one of 2024 with a bigger evening total than any of 2025."""
    anna, bert, cara, dora = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cara", "Dora"))
    evening_from_points({anna: [60], bert: [-30], cara: [-30]}, date=datetime.date(2024, 5, 1))
    nights = [
        evening_from_points({anna: [30], bert: [10], cara: [-40]}, date=datetime.date(YEAR, 1, 9)),
        evening_from_points({bert: [25], cara: [5], anna: [-30]}, date=datetime.date(YEAR, 2, 6)),
        evening_from_points(
            {cara: [20], dora: [10], anna: [-10], bert: [-20]}, date=datetime.date(YEAR, 3, 6)
        ),
        evening_from_points({dora: [41], bert: [-1], cara: [-40]}, date=datetime.date(YEAR, 4, 3)),
    ]
    return {"players": (anna, bert, cara, dora), "evenings": nights}


def story_url(year=YEAR):
    return reverse("records:story", args=[year])


def section(page, start, end="</h2>"):
    """The page from the heading with id ``start`` to the next ``<h2``."""
    return page.split(f'id="{start}"')[1].split("<h2")[0]


def test_the_story_tells_the_race_in_the_season_tables_order(client, season, in_english):
    story = read_story(YEAR)
    records, _largest = alltime_records(year_from=YEAR, year_to=YEAR)
    expected = [record.name for record in sorted(records, key=season_key)]
    assert [runner.name for runner in story.runners] == expected
    # The tie on one win each: the season's table breaks it, the race follows it evening by
    # evening (Anna led after the first evening, Bert after the second).
    assert expected[:2] == ["Bert", "Cara"]
    anna = next(runner for runner in story.runners if runner.name == "Anna")
    assert anna.so_far == (1, 1, 1, 1) and anna.places[0] == 1
    bert = story.runners[0]
    assert bert.so_far == (0, 1, 1, 1) and bert.places[:2] == (2, 1)
    dora = next(runner for runner in story.runners if runner.name == "Dora")
    assert dora.places[:2] == (None, None) and dora.ratings[0] is None
    page = client.get(story_url()).content.decode()
    race = section(page, "race-title")
    assert race.count("<polyline") == 4
    header = race.split("<thead>")[1].split("</thead>")[0]
    assert re.findall(r'class="num">([^<]+)</th>', header) == expected
    assert '<td class="num">1 (1.)</td>' in race


def test_the_story_has_rating_curves_with_their_numbers(client, season, in_english):
    page = client.get(story_url()).content.decode()
    curves = section(page, "ratings-title")
    assert curves.count("<polyline") == 4
    rows = curves.split("<tbody>")[1].split("</tbody>")[0]
    assert rows.count("<tr>") == 5  # before the season, then each of the four evenings
    assert "Before the season" in rows


def test_the_story_names_the_seasons_records_and_numbers(client, season, in_english):
    page = client.get(story_url()).content.decode()
    most = page.split('id="record-points_evening"')[1].split("</li>")[0]
    # 2025's best evening total (Dora's 41), not 2024's 60, and not the league's record.
    assert "41 points" in most and "Dora" in most and "the league" not in most
    assert season["evenings"][3].get_absolute_url() in most
    numbers = page.split('class="facts story-numbers"')[1].split("</dl>")[0]
    assert re.findall(r"<dd>([^<]+)</dd>", numbers) == [
        "4",
        "4",
        "4 players",
        "1 (Bert, Cara, Dora, Anna)",
    ]
    assert "Player of the year" in page
    # The season page links its story.
    assert (
        f'href="{story_url()}"'
        in client.get(reverse("standings:season", args=[YEAR])).content.decode()
    )


def test_a_season_record_that_is_the_leagues_says_so(client, season, in_english):
    page = client.get(reverse("records:story", args=[2024])).content.decode()
    most = page.split('id="record-points_evening"')[1].split("</li>")[0]
    assert "60 points" in most and "the league" in most


def test_a_corrected_hand_changes_the_storys_record(client, played, cache_on, in_english):  # noqa: F811
    """The story page is cached by the league's version: a corrected hand (a service, a new
    version) is in its records at the next read."""
    evening, table = played
    rebuild_league(evening.league)  # the fixture finished the evening without the services
    url = story_url(evening.date.year)
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


@pytest.mark.parametrize(
    "path", ["2031/story/", "0/story/", "99999999999999999999999/story/", "abc/story/",
             "2025/story/card.png", "99999/story/card.png"],
)  # fmt: skip
def test_a_year_without_evenings_or_no_year_at_all_is_not_found(client, season, path):
    prefix = reverse("standings:seasons")
    assert client.get(f"{prefix}{path}").status_code == (200 if "2025" in path else 404)


def test_the_story_reads_a_fixed_number_of_queries(client, django_assert_num_queries):
    """The league with its version, the years, the season's seats and its hands in
    Fantasyland, and once per league version the league's record book (its two queries; the
    process keeps it without a page cache, the page cache with one)."""
    for evenings, players, seed in ((4, 5, 1), (40, 12, 2)):
        build_league(evenings, players=players, seed=seed)
        invalidate_league_pages()  # what every league write does (the factories write past them)
        year = Evening.objects.order_by("date").first().date.year
        with django_assert_num_queries(6):
            assert client.get(story_url(year)).status_code == 200
        with django_assert_num_queries(4):
            assert client.get(story_url(year)).status_code == 200


def test_another_leagues_evenings_are_not_in_the_story(client, season, in_english):
    other = League.objects.create(name="Andere Runde", slug="andere-runde")
    with using_league(other):
        stranger = PlayerFactory(name="Zoe Fremd")
        nobody = PlayerFactory(name="Max Fremd")
        evening_from_points({stranger: [99], nobody: [-99]}, date=datetime.date(YEAR, 2, 1))
    page = client.get(story_url()).content.decode()
    assert "Fremd" not in page and "99 points" not in page
    other_page = client.get(story_url().replace("/ofc-runde/", "/andere-runde/"))
    assert other_page.status_code == 200
    text = other_page.content.decode()
    assert "Zoe Fremd" in text and "Anna" not in text


def test_the_story_speaks_german(client, season):
    client.cookies["django_language"] = "de"
    page = client.get(story_url()).content.decode()
    assert german_text("The race, evening by evening") in page
    assert german_text("Rating curves") in page
    assert german_text("The race, evening by evening") != "The race, evening by evening"


def test_the_story_has_a_card_for_the_group_chat(client, season, in_english):
    page = client.get(story_url()).content.decode()
    card = reverse("results:season_card", args=[YEAR])
    assert f'<meta property="og:image" content="http://testserver{card}">' in page
    assert f'href="{card}"' in page and "https://wa.me/?text=" in page
    response = client.get(card)
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.size == (1200, 630)
    again = client.get(card, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_the_cards_facts_are_the_top_three_the_evenings_and_a_record(season, in_english):
    from ofcleague.results.story_card import story_card_facts

    facts = story_card_facts(read_story(YEAR), "OFC-Runde")
    assert [row.name for row in facts.rows] == [runner.name for runner in read_story(YEAR).runners][
        :3
    ]
    assert facts.subtitle == "4 evenings · 4 players"
    assert facts.extra == ("Most points in an evening: 41 points, Dora",)
