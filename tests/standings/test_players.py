"""Player pages: evenings, the all-time row, the chart of places and head-to-head."""

import datetime
import re

import pytest
from django.urls import reverse

from ofcleague.league.models import Status
from ofcleague.standings.queries import head_to_head, player_seats
from tests.factories import PlayerFactory
from tests.league.builders import build_league, evening_from_order, evening_from_points
from tests.standings import folds
from tests.standings.folds import finished_seats
from tests.standings.test_alltime import csv_rows
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db


def player_url(slug):
    return reverse("standings:player", kwargs={"slug": slug})


def test_player_page_lists_every_evening_with_field_size_and_place(client, history):
    text = page_text(client.get(player_url("andreas")))
    for line in ["24.07.2020 3 6", "03.08.2019 2 6", "14.07.2017 1 6", "23.11.2016 1 4"]:
        assert line in text


def test_head_to_head_from_the_history(client, history):
    rows = csv_rows(client.get(player_url("andreas"), {"_export": "csv", "_table": "h2h"}))
    micha = next(row for row in rows if row["Gegner"] == "Micha")
    assert (micha["Gemeinsam"], micha["Vorne"], micha["Dahinter"]) == ("6", "3", "3")
    sven = next(row for row in rows if row["Gegner"] == "Sven")
    assert (sven["Gemeinsam"], sven["Vorne"], sven["Dahinter"]) == ("1", "1", "0")
    # No points in the history: the net points are unknown, not zero.
    assert micha["Punktedifferenz"] == ""


def test_head_to_head_net_points_are_the_summed_difference_of_totals(client):
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening_from_points({anna: [10, 2], bert: [-10, -2]})
    evening_from_points({anna: [-3], bert: [3]})
    evening_from_order([bert, anna])
    response = client.get(player_url(anna.slug))
    text = page_text(response)
    # Together 3, ahead 1, behind 2, level 0, 2 evenings with points, 24 - 6 = 18.
    assert "Bert 3 1 2 0 2 18" in text
    assert "minus" in text  # the page says how net points are counted


def test_player_chart_is_inline_svg_without_inline_styles(client, history):
    response = client.get(player_url("micha"))
    html = response.content.decode()
    start = html.index('<svg class="place-chart"')
    svg = html[start : html.index("</svg>", start)]
    assert svg.count("<circle") == 6
    assert 'class="place-dot winner"' in svg
    assert "<title>24.07.2020: Platz 1 von 6</title>" in svg
    assert "style=" not in html
    # Scripts come from files only (the service worker's installer); nothing inline.
    assert re.findall(r"<script\b[^>]*>", html) == [
        '<script src="/static/js/install.js" data-worker="/sw.js" defer>',
        '<script src="/static/js/keys.js" defer>',
    ]
    # The two wins sit on the top line of the chart, at the same height.
    heights = re.findall(r'class="place-dot winner" cx="[\d.]+%" cy="([\d.]+)"', svg)
    assert len(heights) == 2 and len(set(heights)) == 1


def test_each_evening_of_the_chart_is_a_named_link_not_hidden_in_an_image(client, history):
    html = client.get(player_url("micha")).content.decode()
    start = html.index('<svg class="place-chart"')
    svg = html[start : html.index("</svg>", start)]
    # role="img" would hide the links from screen readers (axe: nested-interactive).
    assert 'role="img"' not in svg
    assert "viewBox" not in svg  # drawn in CSS pixels: labels keep their size on a phone
    links = re.findall(
        r'<a class="chart-link" href="(/ofc-runde/evenings/\d+/)" aria-label="([^"]+)"', svg
    )
    assert len(links) == 6
    assert "24.07.2020: Platz 1 von 6" in [label for _href, label in links]


def test_player_without_finished_evenings(client):
    player = PlayerFactory(name="Neu")
    response = client.get(player_url(player.slug))
    assert response.status_code == 200
    assert "<svg" not in response.content.decode()
    assert "Noch keine abgeschlossenen Abende" in page_text(response)


def test_unknown_player_is_a_404(client):
    assert client.get(player_url("nobody")).status_code == 404


def test_player_evenings_csv(client, history, money_public):
    rows = csv_rows(client.get(player_url("max"), {"_export": "csv"}))
    assert rows == [
        {"Datum": "03.08.2019", "Platz": "3", "Teilnehmer": "6", "Punkte": "", "Gewinn": ""}
    ]


def test_player_seats_and_head_to_head_agree_with_the_folds_over_every_seat():
    people = build_league(24, players=7, seed=5)
    # An evening in progress does not count.
    evening_from_points({people[0]: [3], people[1]: [-3]}, status=Status.IN_PROGRESS)
    seats = finished_seats()
    for player in people:
        assert player_seats(player) == [seat for seat in seats if seat.player_id == player.pk]
        assert head_to_head(player) == folds.head_to_head(player.pk, seats)
    # Shared evenings with and without points both occur, so both counts are exercised.
    assert any(0 < rival.points_evenings < rival.evenings for rival in head_to_head(people[0]))


def evenings_section(response):
    """The markup of the player page's list of evenings (up to the head-to-head)."""
    html = response.content.decode()
    return html[html.index("<h2>Abende</h2>") : html.index("<h2>Direkter Vergleich</h2>")]


def test_a_long_career_lists_twenty_evenings_a_page_sorted_across_pages(client):
    anna, bert, cleo = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo"))
    # Anna wins twenty evenings and comes third in five.
    # Weekly dates of their own: the factory's sequence wraps round after 400 evenings.
    nights = [
        evening_from_order(
            [anna, bert, cleo][:: 1 if n % 5 else -1],
            date=datetime.date(2020, 1, 3) + datetime.timedelta(weeks=n),
        )
        for n in range(25)
    ]
    first = client.get(player_url(anna.slug))
    links = re.findall(r'href="(/ofc-runde/evenings/\d+/)"', evenings_section(first))
    assert links[0] == nights[-1].get_absolute_url() and len(links) == 20  # newest first
    assert "Seite 1 von 2" in page_text(first)
    # The chart above still links every evening.
    assert first.content.decode().count('class="chart-link"') == 25
    # Sorted by place, page 2 holds the five third places (the twenty wins fill page 1).
    response = client.get(player_url(anna.slug), {"evenings-sort": "place", "evenings-page": 2})
    places = re.findall(
        r'<td class="num">([13])</td><td class="num">3</td>', evenings_section(response)
    )
    assert places == ["3"] * 5
    # A new order starts on the first page; the other table's order is kept.
    response = client.get(player_url(anna.slug), {"evenings-page": 2, "h2h-sort": "ahead"})
    links = re.findall(r'class="sort-link" href="\?([^"]+)"', evenings_section(response))
    assert links and all("page" not in link and "h2h-sort=ahead" in link for link in links)
    # Nonsense shows the first page, a page beyond the end the last; the CSV has every evening.
    assert "Seite 1 von 2" in page_text(client.get(player_url(anna.slug), {"evenings-page": "x"}))
    assert "Seite 2 von 2" in page_text(client.get(player_url(anna.slug), {"evenings-page": 9}))
    assert len(csv_rows(client.get(player_url(anna.slug), {"_export": "csv"}))) == 25


def test_the_record_tiles_show_the_players_all_time_row(client, history):
    rows = client.get(reverse("standings:api_alltime")).json()
    micha = next(row for row in rows if row["slug"] == "micha")
    text = page_text(client.get(player_url("micha")))
    average = f"{micha['average_place']:.2f}".replace(".", ",")
    assert (
        f"Abende {micha['evenings']} Siege {micha['wins']} Podest {micha['podiums']} "
        f"Ø Platz {average} Bester {micha['best_place']}."
    ) in text
    counts = " ".join(f"{count}× Platz {place}" for place, count in micha["places"].items())
    assert counts in text
