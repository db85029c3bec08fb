"""The owner's page of the league's own seasons: add, change and delete points systems and
season windows in the site; what a tired person types gets a message by its field, the input
kept and nothing written; nobody but the owner opens it."""

import datetime
import re
from decimal import Decimal
from html import escape

import pytest
from django import forms
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.services import save_points_system, save_season_window
from ofcleague.standings.counted_forms import parse_places
from tests.conftest import german_text
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of
from tests.standings.test_ratings import finished

pytestmark = pytest.mark.django_db
DAY = datetime.date
SETTINGS = "standings:counted_settings"


@pytest.fixture
def owner(first_league):
    first_league.language = "en"
    first_league.save(update_fields=["language"])
    return scorekeeper_of(UserFactory(), first_league.pk, role="owner")


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


SYSTEM = {
    "form": "system",
    "system-name": "F1",
    "system-places": "10-7-5-3-1",
    "system-for_playing": "",
    "system-per_beaten": "",
    "system-per_place_from_last": "",
    "system-ofc_points": "",
    "system-money": "",
    "system-share_ties": "on",
}
WINDOW = {
    "form": "window",
    "window-name": "2024/25",
    "window-first_day": "2024-09-01",
    "window-last_day": "2025-06-30",
    "window-best_of": "10",
    "window-min_evenings": "3",
}


def written():
    return (list(PointsSystem.objects.values_list("name", "places")),
            list(SeasonWindow.objects.values_list("name", "first_day")))  # fmt: skip


def test_the_owner_adds_a_points_system_and_a_season(owner_client, owner):
    ada, ben = PlayerFactory(name="Ada"), PlayerFactory(name="Ben")
    finished([ada, ben], [1, 2], DAY(2024, 10, 1))
    response = owner_client.post(reverse(SETTINGS), {**SYSTEM, "system-places": "10, 7, 5, 3, 1"})
    assert response.status_code == 302
    system = PointsSystem.objects.get()
    assert (system.name, system.places, system.main) == ("F1", [10, 7, 5, 3, 1], True)
    response = owner_client.post(reverse(SETTINGS), WINDOW, follow=True)
    window = SeasonWindow.objects.get()
    assert (window.first_day, window.last_day, window.best_of, window.min_evenings) == (
        DAY(2024, 9, 1), DAY(2025, 6, 30), 10, 3)  # fmt: skip
    assert CountedRow.objects.count() == 2
    page = response.content.decode()
    assert "“2024/25” is saved." in page
    assert reverse("standings:window", args=[window.pk]) in page
    assert "main table" in page


def test_the_settings_page_is_linked_from_the_owners_menu(owner_client):
    page = owner_client.get(reverse("embeds:settings")).content.decode()
    assert f'href="{reverse(SETTINGS)}"' in page


@pytest.mark.parametrize("role", ["scorekeeper", "member"])
def test_nobody_but_the_owner_opens_or_posts_the_page(client, first_league, role):
    user = scorekeeper_of(UserFactory(), first_league.pk, role=role)
    client.force_login(user)
    assert client.get(reverse(SETTINGS)).status_code == 403
    assert client.post(reverse(SETTINGS), SYSTEM).status_code == 403
    assert written() == ([], [])


def test_a_visitor_is_sent_to_log_in(client):
    response = client.get(reverse(SETTINGS))
    assert response.status_code == 302 and "login" in response["Location"]
    client.post(reverse(SETTINGS), SYSTEM)
    assert written() == ([], [])


def test_a_scorekeeper_may_not_change_or_delete_either(client, first_league, owner):
    system = save_points_system(owner, first_league, name="F1", places=[3, 2, 1])
    client.force_login(scorekeeper_of(UserFactory(), first_league.pk, role="scorekeeper"))
    for name in ("standings:system_edit", "standings:system_delete"):
        assert client.post(reverse(name, args=[system.pk]), SYSTEM).status_code == 403
    assert PointsSystem.objects.get().places == [3, 2, 1]


GARBAGE = [
    ("system", "name", ""),
    ("system", "name", "   "),
    ("system", "name", "x" * 61),
    ("system", "places", "abc"),
    ("system", "places", "10--7"),
    ("system", "places", "-5"),
    ("system", "places", "10,-5"),
    ("system", "places", "10-7-"),
    ("system", "places", "99999"),
    ("system", "places", "1" * 300),
    ("system", "places", "1-" * 40 + "1"),
    ("system", "places", "1" * 401),
    ("system", "places", "<script>"),
    *[
        ("system", field, value)
        for field in ("for_playing", "per_beaten", "per_place_from_last")
        for value in ("abc", "-1", "1.5", "10001", "9" * 30)
    ],
    *[
        ("system", field, value)
        for field in ("ofc_points", "money")
        for value in ("abc", "-1", "NaN", "Infinity", "1e400", "1000.01", "0.001", "9" * 30)
    ],
    ("window", "name", ""),
    ("window", "name", "y" * 61),
    ("window", "first_day", ""),
    ("window", "first_day", "abc"),
    ("window", "first_day", "2025-02-30"),
    ("window", "first_day", "99999-01-01"),
    ("window", "last_day", ""),
    ("window", "last_day", "2024-08-31"),  # before the first day
    ("window", "last_day", "2040-01-01"),  # more than ten years
    ("window", "last_day", "tomorrow"),
    *[("window", "best_of", value) for value in ("0", "-2", "abc", "1001", "2.5")],
    *[("window", "min_evenings", value) for value in ("-1", "abc", "1001", "9" * 30)],
]


@pytest.mark.parametrize(("kind", "field", "value"), GARBAGE)
def test_what_a_tired_person_types_is_refused_by_its_field(owner_client, kind, field, value):
    data = {**(SYSTEM if kind == "system" else WINDOW), f"{kind}-{field}": value}
    response = owner_client.post(reverse(SETTINGS), data)
    assert response.status_code == 200
    page = response.content.decode()
    # The message by the field, the summary above the form, the input kept, nothing written.
    assert re.search(rf'field has-error">\s*<label for="id_{kind}-{field}"', page)
    assert "Not saved yet" in page
    assert f'value="{escape(value)}"' in page or not value.strip()
    assert written() == ([], [])


def test_a_system_that_gives_nobody_a_point_is_refused(owner_client):
    data = {**SYSTEM, "system-places": "0-0", "system-ofc_points": "0"}
    page = owner_client.post(reverse(SETTINGS), data).content.decode()
    assert "gives nobody a point" in page
    assert written() == ([], [])


def test_a_taken_name_is_refused_by_the_name(owner_client, owner, first_league):
    save_points_system(owner, first_league, name="F1", places=[1])
    page = owner_client.post(reverse(SETTINGS), {**SYSTEM, "system-name": "f1"}).content.decode()
    assert re.search(r'field has-error">\s*<label for="id_system-name"', page)
    assert "already has one of this name" in page


def test_german_numbers_are_read_in_a_german_league(owner_client, first_league):
    first_league.language = "de"
    first_league.save(update_fields=["language"])
    data = {**SYSTEM, "system-places": "", "system-ofc_points": "1,5", "system-money": "0,25"}
    assert owner_client.post(reverse(SETTINGS), data).status_code == 302
    assert PointsSystem.objects.values_list("ofc_points", "money").get() == (
        Decimal("1.5"), Decimal("0.25"))  # fmt: skip


def test_the_owner_changes_a_system_and_makes_another_the_main_table(owner_client, owner):
    league = League.objects.get(pk=1)
    first = save_points_system(owner, league, name="F1", places=[3, 2, 1])
    second = save_points_system(owner, league, name="Playing", places=[], for_playing=1)
    url = reverse("standings:system_edit", args=[second.pk])
    page = owner_client.get(url).content.decode()
    assert 'value="Playing"' in page
    data = {key.removeprefix("system-"): value for key, value in SYSTEM.items()}
    data.update(name="Playing", places="5 3 1", main="on")
    assert owner_client.post(url, data).status_code == 302
    second.refresh_from_db()
    first.refresh_from_db()
    assert (second.places, second.main, first.main) == ([5, 3, 1], True, False)
    page = owner_client.post(url, {**data, "places": "5--3"}).content.decode()
    assert 'value="5--3"' in page
    second.refresh_from_db()
    assert second.places == [5, 3, 1]


def test_delete_asks_first_and_deletes_only_on_post(owner_client, owner, first_league):
    window = save_season_window(
        owner, first_league, name="2024", first_day=DAY(2024, 1, 1), last_day=DAY(2024, 12, 31)
    )
    url = reverse("standings:window_delete", args=[window.pk])
    page = owner_client.get(url).content.decode()
    assert "Delete 2024" in page and 'method="post"' in page
    assert SeasonWindow.objects.exists()
    assert owner_client.post(url).status_code == 302
    assert not SeasonWindow.objects.exists()


def test_the_last_system_of_a_league_with_seasons_stays(owner_client, owner, first_league):
    save_season_window(
        owner, first_league, name="2024", first_day=DAY(2024, 1, 1), last_day=DAY(2024, 12, 31)
    )
    system = PointsSystem.objects.get()  # the one a season gets
    url = reverse("standings:system_delete", args=[system.pk])
    page = owner_client.post(url, follow=True).content.decode()
    assert "add another first" in page
    assert PointsSystem.objects.exists()


def test_another_leagues_system_is_not_found_here(owner_client):
    league = League.objects.create(name="Andere Runde", slug="andere-runde")
    boss = UserFactory(username="other-owner")
    Membership.objects.create(league=league, user=boss, role=Role.OWNER)
    with using_league(league):
        theirs = save_points_system(boss, league, name="Theirs", places=[1])
    for name in ("standings:system_edit", "standings:system_delete"):
        assert owner_client.get(reverse(name, args=[theirs.pk])).status_code == 404
        assert owner_client.post(reverse(name, args=[theirs.pk]), SYSTEM).status_code == 404
    with using_league(league):
        assert PointsSystem.objects.get().name == "Theirs"


def test_the_page_in_german(owner_client, first_league):
    first_league.language = "de"
    first_league.save(update_fields=["language"])
    page = owner_client.get(reverse(SETTINGS)).content.decode()
    assert german_text("Seasons and points") in page
    assert german_text("Seasons and points") != "Seasons and points"
    assert german_text("Add the points system") in page


@given(st.text(max_size=60))
def test_any_text_is_a_points_table_or_a_message(text):
    try:
        places = parse_places(text)
    except forms.ValidationError as error:
        assert error.messages
    else:
        assert all(isinstance(points, int) and 0 <= points <= 10_000 for points in places)
        assert len(places) <= 40


@given(st.lists(st.integers(0, 10_000), max_size=40), st.sampled_from(["-", ", ", " ", ";"]))
def test_a_points_table_typed_comes_back_as_it_was(places, separator):
    assert parse_places(separator.join(map(str, places))) == places
