"""The player page reads what it shows: the charts' window, the kept record, the list's page."""

import datetime
import re

import pytest
from django.core.paginator import Paginator
from django.test import RequestFactory
from django.urls import reverse

from ofcleague.league.models import Player
from ofcleague.standings.kept.record import player_records
from ofcleague.standings.kept.rows import player_with_total
from ofcleague.standings.player_page import CHART_WINDOW, PlayerEvenings
from ofcleague.standings.queries import player_seats
from ofcleague.standings.tables import PlayerEveningsTable, seat_rows
from tests.factories import PlayerFactory
from tests.league.builders import build_league, evening_from_order
from tests.standings.test_alltime import csv_rows
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db

EVENINGS = CHART_WINDOW + 3


def chart_links(html):
    start = html.index('<svg class="place-chart"')
    svg = html[start : html.index("</svg>", start)]
    return re.findall(r'<a class="chart-link" href="(/ofc-runde/evenings/\d+/)"', svg)


@pytest.fixture
def career():
    """Anna's career of more evenings than the charts draw at once, oldest first."""
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    # Dates of its own: the factory's weekly dates wrap round every 400 evenings, so a career
    # drawn from them straddles the wrap whenever enough tests ran before it.
    nights = [
        evening_from_order(
            [anna, bert][:: 1 if n % 3 else -1],
            date=datetime.date(2018, 1, 5) + datetime.timedelta(days=7 * n),
        )
        for n in range(EVENINGS)
    ]
    return anna, nights


def test_the_charts_draw_the_latest_window_say_so_and_lead_to_all(client, career):
    anna, nights = career
    url = reverse("standings:player", kwargs={"slug": anna.slug})
    response = client.get(url)
    html = response.content.decode()
    # The latest CHART_WINDOW evenings, oldest of them on the left.
    links = chart_links(html)
    assert links == [night.get_absolute_url() for night in nights[-CHART_WINDOW:]]
    assert html.count('class="rating-dot"') == CHART_WINDOW
    first, last = nights[-CHART_WINDOW].date, nights[-1].date
    said = f"{CHART_WINDOW} von {EVENINGS} Abenden, vom {first:%d.%m.%Y} bis {last:%d.%m.%Y}."
    assert said in page_text(response)
    # Older evenings a window at a time, and all of them as CSV.
    older = re.search(r'<a href="([^"]+)" rel="next">← Ältere Abende</a>', html)
    assert older and older[1] == "?chart-page=2#chart-title"
    assert "Neuere Abende" not in html
    assert f"Alle {EVENINGS} Abende (CSV)" in html
    assert len(csv_rows(client.get(url, {"_export": "csv"}))) == EVENINGS

    response = client.get(url, {"chart-page": 2})
    html = response.content.decode()
    assert chart_links(html) == [night.get_absolute_url() for night in nights[:3]]
    assert f"3 von {EVENINGS} Abenden" in page_text(response)
    newer = re.search(r'<a href="([^"]+)" rel="prev">Neuere Abende →</a>', html)
    assert newer and newer[1] == "?#chart-title"
    assert "Ältere Abende" not in html
    # The list of evenings is its own: newest first, whatever window the charts show.
    assert nights[-1].get_absolute_url() in html[html.index("<h2>Abende</h2>") :]


def test_a_window_past_the_end_shows_the_oldest_and_few_evenings_say_nothing(client, career):
    anna, nights = career
    url = reverse("standings:player", kwargs={"slug": anna.slug})
    assert chart_links(client.get(url, {"chart-page": 99}).content.decode())[0] == (
        nights[0].get_absolute_url()
    )
    few = PlayerFactory(name="Cleo")
    evening_from_order([few, anna])
    html = client.get(reverse("standings:player", kwargs={"slug": few.slug})).content.decode()
    assert len(chart_links(html)) == 1
    assert "chart-window" not in html and "Ältere Abende" not in html


@pytest.mark.parametrize("seed", [3, 8])
def test_the_record_from_the_kept_total_equals_the_fold_over_every_seat(seed):
    people = build_league(30, players=7, seed=seed)
    Player.objects.filter(pk=people[0].pk).update(full_name="Anna Beispiel")
    people[0].refresh_from_db()
    for person in people:
        player, record = player_with_total(person.slug)
        loaded = (player.pk, player.name, player.slug, player.full_name)
        assert loaded == (person.pk, person.name, person.slug, person.full_name)
        assert [record] == (player_records(player_seats(person)) or [None])
    assert player_with_total("nobody") is None


SORTS = ["", "date", "-date", "place", "-place", "field_size", "-field_size", "total"]
SORTS += ["-total", "prize", "-prize"]


def test_the_evenings_page_from_the_database_matches_sorting_every_row():
    """The list sorted and cut by the database shows what sorting every row in Python
    showed (unknown points and prizes after every number), page by page and in the CSV."""
    people = build_league(40, players=5, seed=4)
    player = max(people, key=lambda person: person.seats.count())
    seats = player_seats(player)
    for order in SORTS:
        every = PlayerEveningsTable(seat_rows(seats), order_by=order or None)
        rows = every.configure(RequestFactory().get("/")).data
        known = [row for row in rows if row["total"] is not None and row["prize"] is not None]
        assert 0 < len(known) < len(seats)  # both kinds occur
        paged = PlayerEvenings(player, len(seats), order or None)
        assert paged.all() == rows, order
        assert paged[5:9] == rows[5:9] and paged[3] == rows[3], order
        assert Paginator(paged, 4).get_page(3).object_list == rows[8:12], order
    # The newest seats already read serve the first rows in the default order.
    latest = PlayerEvenings(player, len(seats), latest=seats[-10:])
    assert latest[0:10] == seat_rows(seats)[0:10]


def test_the_head_to_head_lists_twenty_opponents_a_page_and_all_in_its_csv(client):
    anna, *others = (PlayerFactory(name=f"P{number:02d}") for number in range(23))
    evening_from_order([anna, *others])
    evening_from_order([anna, others[-1]])
    url = reverse("standings:player", kwargs={"slug": anna.slug})

    def opponents(response):
        html = response.content.decode()
        section = html[html.index("<h2>Direkter Vergleich</h2>") :]
        return re.findall(r'<a href="/ofc-runde/players/([^/]+)/">', section)

    first = opponents(client.get(url))
    assert len(first) == 20 and first[0] == others[-1].slug  # most evenings together first
    second = opponents(client.get(url, {"h2h-page": 2}))
    assert len(second) == 2 and not set(first) & set(second)
    assert len(csv_rows(client.get(url, {"_export": "csv", "_table": "h2h"}))) == 22
