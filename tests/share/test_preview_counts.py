"""Chat previews count right: a player's record and an announced evening's seats in words,
with each count in its singular or plural, in German and English, and never "None"."""

import datetime
import html as markup
import re

import pytest
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import PlacesSource
from ofcleague.rsvp.services.answers import announce_evening, answer_evening
from tests.factories import (
    EveningFactory,
    EveningPlayerFactory,
    PlayerFactory,
    UserFactory,
    scorekeeper_of,
)
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db


def description(client, url, language):
    client.cookies["django_language"] = language
    page = client.get(url).content.decode()
    found = re.search(r'<meta property="og:description" content="([^"]*)"', page)
    assert found, "the page has no og:description"
    twitter = re.search(r'<meta name="twitter:description" content="([^"]*)"', page)
    assert twitter and twitter.group(1) == found.group(1)
    return markup.unescape(found.group(1))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "1 evening, 1 win, 15 points in the league"),
        ("de", "1 Abend, 1 Sieg, 15 Punkte in der Liga"),
    ],
)
def test_one_evening_is_said_in_the_singular(client, language, expected):
    anna, ben = PlayerFactory(name="Anna"), PlayerFactory(name="Ben")
    evening_from_points({anna: [15], ben: [-15]})
    assert expected in description(client, "/ofc-runde/players/anna/", language)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "2 evenings, 0 wins, 1 point in the league"),
        ("de", "2 Abende, 0 Siege, 1 Punkt in der Liga"),
    ],
)
def test_many_evenings_and_one_point(client, language, expected):
    anna, ben, cleo = (PlayerFactory(name=name) for name in ("Anna", "Ben", "Cleo"))
    evening_from_points({anna: [10], ben: [1], cleo: [-11]}, date=datetime.date(2024, 1, 1))
    evening_from_points({anna: [10], ben: [0], cleo: [-10]}, date=datetime.date(2024, 2, 1))
    assert expected in description(client, "/ofc-runde/players/ben/", language)


@pytest.mark.parametrize("language", ["en", "de"])
def test_places_without_points_leave_the_points_out(client, language):
    anna, ben = PlayerFactory(name="Anna"), PlayerFactory(name="Ben")
    evening = EveningFactory(places_source=PlacesSource.ENTERED)
    EveningPlayerFactory(evening=evening, player=anna, place=1, total=None)
    EveningPlayerFactory(evening=evening, player=ben, place=2, total=None)
    text = description(client, "/ofc-runde/players/anna/", language)
    assert "None" not in text
    assert ("1 evening, 1 win in" if language == "en" else "1 Abend, 1 Sieg in") in text


@pytest.mark.parametrize(
    ("language", "yeses", "expected"),
    [
        ("en", 0, "0 players"),
        ("en", 1, "1 player"),
        ("en", 3, "3 players"),
        ("de", 0, "0 Spieler"),
        ("de", 1, "1 Spieler"),
        ("de", 3, "3 Spieler"),
    ],
)
def test_an_announced_evening_counts_the_players_who_hold_a_seat(client, language, yeses, expected):
    owner = UserFactory()
    scorekeeper_of(owner, role="owner")
    players = [PlayerFactory(name=name) for name in ("Anna", "Ben", "Cleo", "Dora")]
    evening = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=3),
        start_time=datetime.time(19),
        variant="pineapple",
        most_seats=3,
    )
    for player in players[:yeses]:
        answer_evening(evening, player, "yes")
    answer_evening(evening, players[3], "no")
    text = description(client, f"/ofc-runde/evenings/{evening.pk}/", language)
    assert f"· {expected}" in text
    for player in players[:yeses]:
        assert player.name in text
    assert "Dora" not in text


def test_a_waiting_player_holds_no_seat_in_the_preview(client):
    owner = UserFactory()
    scorekeeper_of(owner, role="owner")
    players = [PlayerFactory(name=name) for name in ("Anna", "Ben", "Cleo")]
    evening = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=3),
        start_time=datetime.time(19),
        variant="pineapple",
        most_seats=2,
    )
    for player in players:
        answer_evening(evening, player, "yes")
    text = description(client, f"/ofc-runde/evenings/{evening.pk}/", "en")
    assert "· 2 players" in text and "Cleo" not in text
