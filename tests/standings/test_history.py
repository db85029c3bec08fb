"""The league's real history: the fixture holds exactly what the league's page lists."""

import datetime
import re

from django.core.management import call_command
from django.urls import reverse

from ofcleague.league.models import Evening, PlacesSource, Player, Status
from tests.factories import PlayerFactory

# The evenings as the league lists them (league-facts.md), oldest first.
LEAGUE_EVENINGS = [
    ("2016-11-23", "19:30", 1, 30, "ofc", ["Andreas", "Sven", "Tommy", "Micha"]),
    (
        "2017-07-14",
        "19:30",
        3,
        15,
        "ofc",
        ["Andreas", "Michi", "Melanie", "Micha", "Michael", "Swantje"],
    ),
    (
        "2018-12-14",
        "19:00",
        3,
        12,
        "ofc",
        ["Michi", "Swantje", "Andreas", "Melanie", "Micha", "Michael"],
    ),
    (
        "2019-03-23",
        "19:00",
        3,
        15,
        "ofc",
        ["Melanie", "Micha", "Michi", "Andreas", "Swantje", "Michael"],
    ),
    (
        "2019-08-03",
        "19:00",
        3,
        15,
        "ofc",
        ["Micha", "Andreas", "Max", "Melanie", "Michi", "Swantje"],
    ),
    (
        "2020-07-24",
        "19:00",
        3,
        15,
        "pineapple",
        ["Micha", "Melanie", "Andreas", "Michael", "Swantje", "Michi"],
    ),
]


def test_the_fixture_equals_the_leagues_list(history):
    loaded = []
    for evening in Evening.objects.order_by("date"):
        order = [seat.player.name for seat in evening.seats.order_by("place")]
        places = [seat.place for seat in evening.seats.order_by("place")]
        assert places == list(range(1, len(order) + 1))
        assert evening.buy_in == 10
        assert evening.status == Status.FINISHED
        assert evening.places_source == PlacesSource.ENTERED
        assert not evening.seats.filter(total__isnull=False).exists()
        loaded.append(
            (
                evening.date.isoformat(),
                evening.start_time.strftime("%H:%M"),
                evening.rounds,
                evening.hands_per_round,
                evening.variant,
                order,
            )
        )
    assert loaded == LEAGUE_EVENINGS
    assert Player.objects.count() == 9


def test_history_is_never_loaded_over_existing_data(db):
    PlayerFactory(name="Somebody")
    call_command("load_history", verbosity=0)
    assert Evening.objects.count() == 0
    assert Player.objects.count() == 1


def test_loading_twice_loads_once(history):
    call_command("load_history", verbosity=0)
    assert Evening.objects.count() == 6


def page_text(response):
    """The visible text of a response, with whitespace folded, for comparing printed lines."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    # A short header's full name is for screen readers only ("Ø Platz" shows).
    html = re.sub(r'<span class="visually-hidden">[^<]*</span>', " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_history_prints_evenings_the_leagues_way_in_german(client, history):
    text = page_text(client.get(reverse("standings:history"), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Freitag, 24.07.2020, Start 19.00 Uhr" in text
    assert "Buyin 10 €, 3mal 15 Hände Pineapple" in text
    assert "1. Micha 2. Melanie 3. Andreas 4. Michael 5. Swantje 6. Michi" in text
    assert "Mittwoch, 23.11.2016, Start 19.30 Uhr" in text
    assert "Buyin 10 €, 30 Hände 1. Andreas 2. Sven 3. Tommy 4. Micha" in text
    assert "Buyin 10 €, 3mal 12 Hände 1. Michi" in text


def test_history_lists_newest_first(client, history):
    text = page_text(client.get(reverse("standings:history")))
    dates = re.findall(r"\d\d\.\d\d\.\d{4}", text)
    assert dates == [
        "24.07.2020",
        "03.08.2019",
        "23.03.2019",
        "14.12.2018",
        "14.07.2017",
        "23.11.2016",
    ]


def test_places_one_and_two_stand_on_their_own_line(client, history):
    html = client.get(reverse("standings:history")).content.decode()
    second_places = re.findall(
        r'<li class="[^"]*break-after[^"]*">\s*<span class="place">2\.', html
    )
    assert len(second_places) == 6


def test_history_in_english(client, history):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    text = page_text(client.get(reverse("standings:history")))
    assert "League history" in text
    assert "Friday, 24 July 2020, start 19:00" in text
    assert "Buy-in 10 €, 3× 15 hands Pineapple" in text
    assert "Freitag" not in text


def test_each_evening_links_to_its_page(client, history):
    evening = Evening.objects.get(date=datetime.date(2019, 8, 3))
    html = client.get(reverse("standings:history")).content.decode()
    assert f'href="{evening.get_absolute_url()}"' in html
    text = page_text(client.get(evening.get_absolute_url()))
    assert "Samstag, 03.08.2019" in text
    assert "Max" in text
