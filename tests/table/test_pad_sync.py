"""What the phone's queue relies on after a lost answer: the pad's state, on the page and in
every answer, lists each saved hand's entry id (a queued hand with one of them is dropped),
and the next hand and its dealer follow the saved hands; a resent id is answered as saved,
however late it comes."""

import json
import re
import uuid

import pytest
from django.urls import reverse

from ofcleague.scoring.table import dealer_of
from ofcleague.table.models import Hand
from tests.table.test_views import hands_url, payload, post

pytestmark = pytest.mark.django_db


def page_state(client, table):
    url = reverse("table:pad", args=[table.evening_id, table.round_number, table.table])
    html = client.get(url).content.decode()
    found = re.search(r'<script id="pad-state" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1))


def test_the_page_after_a_lost_answer_lists_the_hand_by_its_entry_id(keeper, table1):
    sent = payload()
    assert post(keeper, hands_url(table1), sent).status_code == 201
    # The answer never reached the phone; it reloads the page.
    state = page_state(keeper, table1)
    assert [hand["id"] for hand in state["hands"]] == [sent["id"]]
    assert state["next"]["number"] == 2
    assert state["next"]["dealer"] == dealer_of(table1.first_dealer, 2, 4)
    assert state["deals"][1]["dealer"] == state["next"]["dealer"]


def test_a_late_resend_is_answered_as_saved_and_changes_nothing(keeper, table1):
    first = payload(number=1)
    second = payload(values=(1, 1, -1, -1), number=2)
    assert post(keeper, hands_url(table1), first).status_code == 201
    assert post(keeper, hands_url(table1), second).status_code == 201
    again = post(keeper, hands_url(table1), first)
    assert again.status_code == 200
    assert again.json()["created"] is False
    assert again.json()["hand"]["number"] == 1
    assert [hand["id"] for hand in again.json()["state"]["hands"]] == [first["id"], second["id"]]
    assert Hand.objects.count() == 2


def test_a_hand_with_a_new_id_under_a_saved_number_is_refused_with_the_saved_one(keeper, table1):
    """Another phone's hand, not a resend: the phone's own hand stays to be entered again."""
    assert post(keeper, hands_url(table1), payload()).status_code == 201
    other = payload(values=(2, -2, 0, 0), client_id=uuid.uuid4())
    answer = post(keeper, hands_url(table1), other)
    assert answer.status_code == 409
    assert answer.json()["saved"]["number"] == 1
    assert other["id"] not in [hand["id"] for hand in answer.json()["state"]["hands"]]


def undo_url(table, number):
    return reverse(
        "table:api_undo", args=[table.evening_id, table.round_number, table.table, number]
    )


def test_an_undo_asked_again_after_a_lost_answer_is_answered_as_done(keeper, table1):
    for number in (1, 2):
        assert post(keeper, hands_url(table1), payload(number=number)).status_code == 201
    assert keeper.post(undo_url(table1, 2)).status_code == 200
    records = Hand.history.count()
    again = keeper.post(undo_url(table1, 2))
    assert again.status_code == 200
    assert [hand["number"] for hand in again.json()["state"]["hands"]] == [1]
    assert Hand.history.count() == records
    # A hand still there but not the last, or never played, is refused as before.
    assert post(keeper, hands_url(table1), payload(number=2)).status_code == 201
    assert keeper.post(undo_url(table1, 1)).status_code == 400
    assert keeper.post(undo_url(table1, 5)).status_code == 400
    assert Hand.objects.count() == 2
