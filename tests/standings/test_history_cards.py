"""The evening cards of the history and the home page, made from plain rows in one pass."""

import datetime
import re

import pytest
from django.urls import reverse

from ofcleague.league.models import Status, Variant
from ofcleague.standings.lists import evening_cards
from ofcleague.standings.queries import evening_card_rows
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def seated(evening, *places):
    """Seat one new player per place (``None``: no place yet), named by their place."""
    for number, place in enumerate(places, 1):
        player = PlayerFactory(name=f"P{place or 'x'}-{number}")
        EveningPlayerFactory(evening=evening, player=player, place=place)


def test_a_card_links_the_evening_and_its_players_in_finishing_order(client):
    evening = EveningFactory(
        date=datetime.date(2020, 7, 24),
        start_time=datetime.time(19, 0),
        rounds=3,
        hands_per_round=15,
        variant=Variant.PINEAPPLE,
    )
    seated(evening, 3, 1, 2, 2)
    html = client.get(reverse("standings:history")).content.decode()
    card = html[html.index('<article class="evening-card">') : html.index("</article>")]
    assert re.search(
        rf'<h2 class="evening-heading">\s*<a href="{evening.get_absolute_url()}">'
        r"Freitag, 24\.07\.2020, Start 19\.00 Uhr</a>\s*</h2>",
        card,
    )
    assert '<p class="evening-format">Buyin 10 €, 3mal 15 Hände Pineapple</p>' in card
    assert 'class="badge"' not in card
    lines = re.findall(r'<li class="([^"]*)">(.*?)</li>', card, re.S)
    assert [classes for classes, _line in lines] == ["winner", "podium break-after", "podium", ""]
    first = lines[0][1]
    assert '<span class="place">1.</span> ' in first
    assert f'<a href="{reverse("standings:player", args=["p1-2"])}">P1-2</a>' in first
    # Tied players share a place and follow each other by name.
    assert [re.search(r">(P2-\d)<", line)[1] for _c, line in lines[1:3]] == ["P2-3", "P2-4"]


def test_an_unfinished_evening_shows_its_status_and_no_empty_list(client):
    planned = EveningFactory(status=Status.PLANNED, date=datetime.date(2021, 1, 1))
    running = EveningFactory(status=Status.IN_PROGRESS, date=datetime.date(2020, 1, 1))
    seated(running, None, None)
    html = client.get(reverse("standings:history")).content.decode()
    cards = html.split('<article class="evening-card">')[1:]
    assert len(cards) == 2
    assert '<span class="badge">geplant</span>' in cards[0]
    assert planned.get_absolute_url() in cards[0] and "<ol" not in cards[0]
    assert '<span class="badge">läuft</span>' in cards[1]
    assert 'class="place"' not in cards[1]
    assert cards[1].count("<li ") == 2


def test_names_are_escaped():
    evening = EveningFactory()
    player = PlayerFactory(name="Tom & <Jerry>", slug="tom-jerry")
    EveningPlayerFactory(evening=evening, player=player, place=1)
    (card,) = evening_cards(evening_card_rows(0, 20))
    assert ">Tom &amp; &lt;Jerry&gt;</a>" in card
    assert "<Jerry>" not in card


def test_pages_run_newest_first_by_date_start_and_id(client):
    day = datetime.date(2019, 3, 1)
    evenings = [
        EveningFactory(date=day, start_time=datetime.time(hour, 0)) for hour in (18, 20, 20)
    ]
    older = [
        EveningFactory(date=datetime.date(2018, 1, 1) + datetime.timedelta(n)) for n in range(20)
    ]
    rows = evening_card_rows(0, 20)
    newest = [row[0] for row in rows]
    assert newest[:3] == [evenings[2].pk, evenings[1].pk, evenings[0].pk]
    assert newest[3:] == [evening.pk for evening in reversed(older[3:])]
    html = client.get(reverse("standings:history"), {"page": 2}).content.decode()
    assert html.count('<article class="evening-card">') == 3
    assert older[0].get_absolute_url() in html
    assert "Seite 2 von 2" in html


def test_the_home_page_shows_the_latest_card_under_its_heading(client):
    EveningFactory(date=datetime.date(2019, 1, 1))
    latest = EveningFactory(date=datetime.date(2020, 1, 1))
    html = client.get(reverse("standings:home")).content.decode()
    assert html.count('<article class="evening-card">') == 1
    assert re.search(rf'<h3 class="evening-heading">\s*<a href="{latest.get_absolute_url()}"', html)
