"""The evening's changing part (results/_evening_now.html): what the follower's phone asks for
every few seconds, and what the evening page shows of it while the evening is played."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db


def part_url(evening):
    return reverse("results:evening_now", args=[evening.pk])


def test_the_part_answers_304_from_one_query_while_nothing_changes(client, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    first = client.get(part_url(evening))
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    with CaptureQueriesContext(connection) as queries:
        again = client.get(part_url(evening), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and len(queries) == 1
    points_hand(table1, 2, [1, -1, 0, 0])
    changed = client.get(part_url(evening), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_the_part_costs_the_same_queries_with_one_hand_or_five(client, evening, table1):
    counts = []
    hands = [[5, -2, -2, -1], [1, -1, 0, 0], [3, 3, -3, -3], [0, 0, 1, -1], [2, -2, 2, -2]]
    for number, values in enumerate(hands, 1):
        points_hand(table1, number, values)
        if number in (1, 5):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(part_url(evening)).status_code == 200
            counts.append(len(queries))
    assert counts[0] == counts[1]


def test_while_played_the_part_shows_places_first_and_no_finished_evenings_texts(
    client, evening, table1
):
    points_hand(table1, 1, [5, -2, -2, -1])
    html = client.get(part_url(evening)).content.decode()
    # Places so far before the facts, the updated time, no prize column, no "nobody kept
    # points" (the evening is still being played).
    assert html.index("live-standings") < html.index('class="facts"')
    # The phone fills in the time it heard from the server: the part is the same for all.
    assert "<time data-live-updated></time>" in html
    assert ">Gewinn</th>" not in html
    assert "nicht notiert" not in html
    assert 'data-state="in_progress"' in html


def test_the_evening_page_holds_the_part_the_phone_swaps(client, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    page = client.get(evening.get_absolute_url()).content.decode()
    part = client.get(part_url(evening)).content.decode().strip()
    start = page.index('<div id="evening-now"')
    assert page[start:].startswith(part)
    assert f'data-live-url="{part_url(evening)}"' in page and "js/live.js" in page
