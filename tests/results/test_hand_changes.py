"""The change log speaks in hands: a saved hand, a correction and an undo are each a line
that names the hand; the round totals and places a hand rewrites are not listed beside it."""

import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from ofcleague.results.changes import evening_changes, evening_history, group_by_save
from ofcleague.table import services
from tests.results.conftest import seat_ids
from tests.results.test_changes import change_log

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(running_evening):
    """Table 1 of round 1: Anna, Bert, Cleo (Pineapple seats three; Dora sits out)."""
    return services.seat_table(running_evening, 1, 1, seat_ids(running_evening)[:3])


def url(name, evening, *number):
    return reverse(f"table:{name}", args=[evening.pk, 1, 1, *number])


def save_hand(client, evening, number, values):
    body = {
        "id": str(uuid.uuid4()),
        "number": number,
        "entry": "points",
        "results": [{"seat": seat, "points": v} for seat, v in enumerate(values, 1)],
    }
    answer = client.post(url("api_hands", evening), body, content_type="application/json")
    assert answer.status_code == 201, answer.content
    return body


def play(client, evening, hands):
    for number, values in enumerate(hands, 1):
        save_hand(client, evening, number, values)


def test_saves_a_correction_and_an_undo_each_name_their_hand(keeper_client, running_evening, table):
    play(keeper_client, running_evening, [[5, -3, -2], [6, -2, -4], [1, 0, -1]])
    body = {
        "entry": "points",
        "number": 2,
        "results": [
            {"seat": 1, "points": 11},
            {"seat": 2, "points": -2},
            {"seat": 3, "points": -9},
        ],
    }
    answer = keeper_client.post(
        url("api_hand", running_evening, 2), body, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    answer = keeper_client.post(url("api_undo", running_evening, 3))
    assert answer.status_code == 200, answer.content

    log = change_log(keeper_client, running_evening)

    assert "Hand 1, table 1 (round 1): saved (Anna +5, Bert -3, Cleo -2)" in log
    assert "Hand 3, table 1 (round 1): saved (Anna +1, Bert 0, Cleo -1)" in log
    assert "Hand 2, table 1 (round 1): corrected Anna +6 → +11" in log
    assert "Hand 2, table 1 (round 1): corrected Cleo -4 → -9" in log
    assert "Bert -2 →" not in log
    assert "Hand 3, table 1 (round 1): undone" in log
    # The totals the hands rewrote are no changes of their own, nor are the places.
    assert "round 1:" not in log
    assert not re.search(r"place \d", log)
    saves = group_by_save(evening_changes(running_evening.pk))
    kinds = [[change.kind for change in save.changes] for save in saves]
    assert kinds[:5] == [["undone"], ["corrected", "corrected"], ["saved"], ["saved"], ["saved"]]
    assert {save.user for save in saves[:5]} == {"keeper"}


def test_every_hand_is_one_save_and_none_is_crowded_out(keeper_client, running_evening, table):
    play(keeper_client, running_evening, [[2, -1, -1]] * 15)

    with translation.override("en"):
        history = evening_history(running_evening.pk)

    hands = [save for save in history["saves"] if save.changes[0].kind == "saved"]
    assert len(hands) == 15
    assert all(len(save.changes) == 1 for save in hands)
    assert history["more"] == 0
    assert [save.changes[0].subject for save in history["saves"]][:2] == [
        "Hand 15, table 1 (round 1)",
        "Hand 14, table 1 (round 1)",
    ]


def test_a_round_from_the_grid_still_lists_its_totals(keeper_client, running_evening):
    """Totals typed into the points grid are changes of their own (no hand wrote them)."""
    from tests.results.test_views import points_data

    other = running_evening.__class__.objects.get(pk=running_evening.pk)
    answer = keeper_client.post(
        reverse("results:evening_points", args=[other.pk]),
        points_data(other, [5, -3, 0, -2], version=other.version),
    )
    assert answer.status_code in (200, 302)
    log = change_log(keeper_client, other)
    assert "Anna, round 1: added (points 5)" in log


def test_the_log_reads_hands_in_a_fixed_number_of_queries(keeper_client, running_evening, table):
    play(keeper_client, running_evening, [[2, -1, -1]] * 2)
    with CaptureQueriesContext(connection) as few:
        evening_changes(running_evening.pk)
    play_more = [[1, 0, -1]] * 6
    for number, values in enumerate(play_more, 3):
        save_hand(keeper_client, running_evening, number, values)
    with CaptureQueriesContext(connection) as many:
        evening_changes(running_evening.pk)
    assert len(many) == len(few)
