"""The pages of the league's own seasons: the owner sets up points systems and seasons in
the site, everybody reads a season's table (or its CSV), the player page, the embed and the
API follow the league's current season, and another league's seasons never show."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.standings.counted.services import save_points_system, save_season_window
from tests.conftest import german_text
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
DAY = datetime.date


@pytest.fixture
def owner(first_league):
    return scorekeeper_of(UserFactory(), first_league.pk, role="owner")


@pytest.fixture
def english(first_league):
    first_league.language = "en"
    first_league.save(update_fields=["language"])
    return first_league


@pytest.fixture
def season(owner, english):
    """Four players, four evenings in 2024 (one before the season), two points systems and a
    season counting each player's best two evenings, three needed to be ranked."""
    ada, ben, cy, dee = (PlayerFactory(name=name) for name in ["Ada", "Ben", "Cy", "Dee"])
    finished([ada, ben, cy, dee], [1, 2, 3, 4], DAY(2023, 12, 31))  # before the season
    finished([ada, ben, cy, dee], [1, 2, 3, 4], DAY(2024, 1, 10))
    finished([ada, ben, cy], [2, 1, 3], DAY(2024, 2, 10))
    finished([ada, ben, cy], [3, 1, 2], DAY(2024, 3, 10))
    places = save_points_system(owner, english, name="F1", places=[10, 7, 5, 3])
    playing = save_points_system(owner, english, name="Playing", places=[], for_playing=1)
    window = save_season_window(
        owner,
        english,
        name="Spring 2024",
        first_day=DAY(2024, 1, 1),
        last_day=DAY(2024, 6, 30),
        best_of=2,
        min_evenings=3,
    )
    return {"window": window, "places": places, "playing": playing}


@pytest.fixture
def other_season(db):
    """Another league with a season and a player of its own."""
    league = League.objects.create(name="Andere Runde", slug="andere-runde")
    boss = UserFactory(username="other-owner")
    Membership.objects.create(league=league, user=boss, role=Role.OWNER)
    with using_league(league):
        zed, yve = PlayerFactory(name="Zed Elsewhere"), PlayerFactory(name="Yve Elsewhere")
        finished([zed, yve], [1, 2], DAY(2024, 2, 1))
        window = save_season_window(
            boss, league, name="Elsewhere", first_day=DAY(2024, 1, 1), last_day=DAY(2024, 12, 31)
        )
    return window


def window_url(window, **params):
    url = reverse("standings:window", args=[window.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def test_the_window_page_shows_the_main_table_shared_places_and_the_line(client, season):
    page = client.get(window_url(season["window"])).content.decode()
    # F1 best two: Ben 7 + 10 + 10 -> 20, Ada 10 + 7 + 5 -> 17, Cy 5 + 5 + 7 -> 12; Dee below.
    ranked, below = page.split("Below the line")
    assert ranked.index(">Ben<") < ranked.index(">Ada<") < ranked.index(">Cy<")
    assert '<td class="num">20</td>' in ranked and '<td class="num">17</td>' in ranked
    assert ">Dee<" in below and ">Dee<" not in ranked
    assert "A player needs 3 evenings in this season to be ranked" in below
    assert "final" in page  # its last day is long past
    assert reverse("standings:player", args=["dee"]) in below
    assert f"?system={season['playing'].pk}" in page


def test_another_system_shares_places_on_equal_points(client, season):
    page = client.get(window_url(season["window"], system=season["playing"].pk)).content.decode()
    # A point for playing, best two count: Ada, Ben and Cy share first place with 2.
    assert page.count('<td class="num">1</td><th scope="row">') == 3
    assert 'aria-current="page">Playing<' in page


@pytest.mark.parametrize("value", ["abc", "-1", "99999999999999999999999", "0", "1.5"])
def test_a_strange_system_parameter_shows_the_main_table(client, season, value):
    response = client.get(window_url(season["window"], system=value), follow=True)
    assert response.status_code == 200
    assert 'aria-current="page">F1<' in response.content.decode()


def test_an_open_season_is_in_progress(client, owner, english):
    today = datetime.date.today()
    window = save_season_window(
        owner, english, name="Now", first_day=today, last_day=today + datetime.timedelta(days=9)
    )
    page = client.get(window_url(window)).content.decode()
    assert "in progress" in page and "final" not in page


def test_a_season_turns_final_the_day_after_its_last_day_however_cached(
    client, owner, english, monkeypatch
):
    today = timezone.localdate()
    window = save_season_window(owner, english, name="Now", first_day=today, last_day=today)
    first = client.get(window_url(window))
    assert "in progress" in first.content.decode()
    assert client.get(window_url(window), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    tomorrow = today + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: tomorrow)
    later = client.get(window_url(window), HTTP_IF_NONE_MATCH=first["ETag"])
    assert later.status_code == 200
    assert "final" in later.content.decode() and "in progress" not in later.content.decode()


def test_the_csv_in_english_and_in_german(client, season, first_league):
    url = window_url(season["window"], _export="csv")
    english_csv = client.get(url).content.decode("utf-8-sig").splitlines()
    assert english_csv[0] == "Place,Player,Points,Evenings counted,Evenings played,Ranked"
    assert english_csv[1] == "1,Ben,20,2,3,yes"
    assert english_csv[-1] == ",Dee,3,1,1,no"
    first_league.language = "de"
    first_league.save(update_fields=["language"])
    german_csv = client.get(url).content.decode("utf-8-sig").splitlines()
    assert german_csv[0].split(";")[0] == german_text("Place")
    assert german_csv[1] == ";".join(["1", "Ben", "20", "2", "3", german_text("yes")])


def test_the_seasons_list_names_the_window_above_the_years(client, season, other_season):
    page = client.get(reverse("standings:seasons")).content.decode()
    assert page.index("Spring 2024") < page.index("Calendar years") < page.index("Season 2024")
    assert window_url(season["window"]) in page
    assert "Elsewhere" not in page


def test_another_leagues_window_is_not_found_here(client, season, other_season):
    assert client.get(window_url(other_season)).status_code == 404
    page = client.get(window_url(season["window"])).content.decode()
    assert "Zed" not in page


def test_the_player_page_shows_the_players_line_in_each_season(client, season):
    page = client.get(reverse("standings:player", args=["dee"])).content.decode()
    assert "The league's seasons" in page and "Spring 2024" in page
    assert "not ranked yet" in page
    ben = client.get(reverse("standings:player", args=["ben"])).content.decode()
    section = ben.split('id="player-seasons-title"')[1]
    assert '<td class="num">1</td><td class="num">20</td>' in section


def test_the_player_page_shows_a_shared_place_as_the_table_does(client, owner, english):
    ada, ben, cy = (PlayerFactory(name=name) for name in ["Ada", "Ben", "Cy"])
    finished([ada, ben, cy], [1, 2, 3], DAY(2024, 1, 10))
    finished([ada, ben, cy], [1, 3, 2], DAY(2024, 2, 10))
    save_points_system(owner, english, name="F1", places=[10, 7, 5])
    window = save_season_window(
        owner, english, name="2024", first_day=DAY(2024, 1, 1), last_day=DAY(2024, 12, 31)
    )
    # Ben and Cy have 12 each: both second, on the table and on their own pages.
    table = client.get(window_url(window)).content.decode()
    assert table.count('<td class="num">2</td><th scope="row">') == 2
    for slug in ("ben", "cy"):
        page = client.get(reverse("standings:player", args=[slug])).content.decode()
        section = page.split('id="player-seasons-title"')[1]
        assert '<td class="num">2</td><td class="num">12</td>' in section, slug


def test_pages_in_german(client, season, first_league):
    first_league.language = "de"
    first_league.save(update_fields=["language"])
    page = client.get(window_url(season["window"])).content.decode()
    assert german_text("Below the line") in page
    assert german_text("Below the line") != "Below the line"


# The version and league, then: the window, the systems, the table (the system asked for: one
# more to check it); the calendar years and the own seasons; the player page as
# tests/standings/test_queries.py counts it; the current season, its main system and its table.
QUERIES = {
    "window": 4,
    "window_other": 5,
    "window_csv": 4,
    "seasons": 3,
    "player": 7,
    "embed": 4,
    "api": 4,
}


@pytest.mark.parametrize("page", sorted(QUERIES))
def test_the_pages_run_a_fixed_number_of_queries(client, season, django_assert_num_queries, page):
    urls = {
        "window": window_url(season["window"]),
        "window_other": window_url(season["window"], system=season["playing"].pk),
        "window_csv": window_url(season["window"], _export="csv"),
        "seasons": reverse("standings:seasons"),
        "player": reverse("standings:player", args=["ada"]),
        "embed": reverse("embeds:standings"),
        "api": reverse("embeds:api_standings"),
    }
    client.get(urls[page])  # warm what a process reads once
    with django_assert_num_queries(QUERIES[page]):
        assert client.get(urls[page]).status_code == 200


def test_the_embed_and_the_api_show_the_current_season(client, season):
    embed = client.get(reverse("embeds:standings")).content.decode()
    assert "Spring 2024" in embed and ">Ben<" in embed
    assert window_url(season["window"]) in embed
    data = client.get(reverse("embeds:api_standings")).json()
    assert data["season"]["name"] == "Spring 2024" and data["season"]["final"] is True
    assert data["system"] == "F1"
    assert [(row["player"], row["points"], row["ranked"]) for row in data["standings"]] == [
        ("Ben", 20, True),
        ("Ada", 17, True),
        ("Cy", 12, True),
        ("Dee", 3, False),
    ]
    # A calendar year asked for is still the year's table.
    assert "season" not in client.get(reverse("embeds:api_standings") + "?year=2024").json()


def test_a_season_still_to_come_leaves_the_embed_on_the_calendar_year(client, owner, english):
    ada, ben = PlayerFactory(name="Ada"), PlayerFactory(name="Ben")
    finished([ada, ben], [1, 2], DAY(2024, 1, 10))
    later = datetime.date.today() + datetime.timedelta(days=30)
    save_season_window(owner, english, name="Next", first_day=later, last_day=later)
    assert "season" not in client.get(reverse("embeds:api_standings")).json()
    assert "Next" not in client.get(reverse("embeds:standings")).content.decode()
