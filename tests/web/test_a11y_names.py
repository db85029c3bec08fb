"""Issue 38, markup a screen reader and an installed app depend on: the app turns with the
phone, every chart has its numbers as a table, short headers carry their full names and no
header is upper-cased (which screen readers spell out letter by letter)."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from ofcleague.league import services
from ofcleague.league.models import EveningPlayer
from tests.factories import EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db

CSS = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()


def test_the_installed_app_turns_with_the_phone(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["orientation"] == "any"


def test_both_charts_of_a_player_have_their_numbers_as_a_table(client, history):
    html = client.get(reverse("standings:player", kwargs={"slug": "micha"})).content.decode()
    tables = re.findall(r'<details class="chart-numbers">(.*?)</details>', html, re.S)
    assert len(tables) == 2
    places, ratings = tables
    assert "<summary>Platzierungen im Lauf der Zeit als Tabelle</summary>" in places
    # One row per evening drawn: the date, the place and the field size.
    assert re.search(r'<th scope="row">24\.07\.2020</th><td class="num">1</td>', places)
    assert places.count('<th scope="row">') == 6
    assert "<summary>Wertung im Verlauf als Tabelle</summary>" in ratings
    assert ratings.count('<th scope="row">') == 6
    assert "± " in ratings


def test_the_alltime_tables_short_headers_are_read_by_their_full_names(client, history):
    html = client.get(reverse("standings:alltime")).content.decode()
    header = html[html.index("<thead>") : html.index("</thead>")]
    assert (
        '<abbr title="Durchschnittlicher Platz" aria-hidden="true">Ø Platz</abbr>'
        '<span class="visually-hidden">Durchschnittlicher Platz</span>'
    ) in header
    assert (
        '<abbr title="Abende auf Platz 1" aria-hidden="true">1.</abbr>'
        '<span class="visually-hidden">Abende auf Platz 1</span>'
    ) in header


def test_the_points_page_and_evening_page_name_rounds_sums_and_places_in_full(keeper_client):
    evening = EveningFactory(status="in_progress", rounds=2)
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
        for name in ("Anna", "Bert")
    ]
    services.save_points_grid(evening, evening.version, {seats[0].pk: {1: 4}, seats[1].pk: {1: -4}})
    points = keeper_client.get(reverse("results:evening_points", args=[evening.pk]))
    html = points.content.decode()
    for short, full in [
        ("Rd.", "Runde"),
        ("Σ", "Summe der Runde"),
        ("Σ", "Summe"),
        ("Pl.", "Platz"),
        ("R1", "Runde 1"),
    ]:
        assert f'<abbr title="{full}" aria-hidden="true">{short}</abbr>' in html
        assert f'<span class="visually-hidden">{full}</span>' in html
    assert '<p id="points-status" class="visually-hidden" role="status"></p>' in html
    page = keeper_client.get(evening.get_absolute_url()).content.decode()
    assert '<abbr title="nach Runde 1" aria-hidden="true">nach R1</abbr>' in page
    assert '<p id="live-news" class="visually-hidden" role="status"></p>' in page
    assert 'id="live-pause"' in page


def test_table_headers_are_not_upper_cased():
    assert "uppercase" not in CSS


def test_the_language_buttons_are_read_by_the_languages_names(client):
    html = client.get(reverse("standings:history")).content.decode()
    assert '<span aria-hidden="true">EN</span><span class="visually-hidden">English</span>' in html
