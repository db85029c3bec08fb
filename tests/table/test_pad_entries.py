"""Nothing lost at the table (issue 35): an entry id sent again with other results answers 409
with the stored hand and changes nothing; a hand that names the hand before it (``after``) is
numbered after that one, so a phone whose page is stale after a reload saves the next hand
instead of being refused; a replacement the table chose names the version it replaces and is
refused when that version is gone."""

import uuid

import pytest
from django.urls import reverse

from ofcleague.table.models import Hand, HandResult
from tests.table.boards import ENTERS
from tests.table.test_fuzz_pad import pad_snapshot
from tests.table.test_views import hands_url, payload, post

pytestmark = pytest.mark.django_db


def stored_points(table):
    return {
        hand.number: [r.points for r in hand.results.order_by("evening_player__player__name")]
        for hand in Hand.objects.filter(round_table=table).prefetch_related("results")
    }


def hand_url(table, number):
    return reverse(
        "table:api_hand", args=[table.evening_id, table.round_number, table.table, number]
    )


def test_an_entry_id_sent_again_with_other_points_is_a_conflict_and_changes_nothing(keeper, table1):
    first = payload(values=(5, -2, -2, -1))
    assert post(keeper, hands_url(table1), first).status_code == 201
    before = pad_snapshot()
    other = {**payload(values=(1, 1, -1, -1)), "id": first["id"]}
    answer = post(keeper, hands_url(table1), other)
    assert answer.status_code == 409
    body = answer.json()
    assert body["error"]["code"] == "entry_reused"
    assert "hand 1" in body["error"]["message"].lower()
    assert body["saved"]["number"] == 1
    assert body["saved"]["id"] == first["id"]
    assert [r["points"] for r in body["saved"]["results"]] == [5, -2, -2, -1]
    assert pad_snapshot() == before
    # The same hand again is still a resend: 200, nothing new.
    again = post(keeper, hands_url(table1), first)
    assert again.status_code == 200 and again.json()["created"] is False
    assert pad_snapshot() == before


def test_boards_sent_again_in_another_notation_are_the_same_hand(keeper, table1):
    rows = ENTERS
    sent = {
        "id": str(uuid.uuid4()),
        "number": 1,
        "entry": "boards",
        "results": [
            {"seat": seat, "front": front, "middle": middle, "back": back}
            for seat, (front, middle, back) in enumerate(rows, 1)
        ],
    }
    assert post(keeper, hands_url(table1), sent).status_code == 201
    spaced = {
        **sent,
        "results": [
            {**result, "front": result["front"].replace(" ", "").upper()}
            for result in sent["results"]
        ],
    }
    assert post(keeper, hands_url(table1), spaced).status_code == 200
    swapped = {**sent, "results": [dict(r) for r in sent["results"]]}
    swapped["results"][0]["front"], swapped["results"][3]["front"] = (
        swapped["results"][3]["front"],
        swapped["results"][0]["front"],
    )
    assert post(keeper, hands_url(table1), swapped).status_code == 409
    assert Hand.objects.count() == 1


def test_a_resend_of_a_hand_corrected_since_is_still_a_resend(keeper, table1):
    """The answer was lost, another phone corrected the hand, then the queue sends it again:
    the hand as first saved, not a conflict; the correction stays."""
    first = payload(values=(5, -2, -2, -1))
    assert post(keeper, hands_url(table1), first).status_code == 201
    corrected = payload(values=(4, -2, -1, -1))
    assert post(keeper, hand_url(table1, 1), corrected).status_code == 200
    assert post(keeper, hands_url(table1), first).status_code == 200
    assert stored_points(table1) == {1: [4, -2, -1, -1]}


def test_a_stale_number_after_the_hand_it_follows_is_saved_as_the_next_hand(keeper, table1):
    """The phone's page was an old copy (hand 2 shown again): the hand names the hand it
    follows, so the server numbers it 3 instead of refusing it as another phone's."""
    one, two = payload(number=1), payload(values=(1, 1, -1, -1), number=2)
    assert post(keeper, hands_url(table1), one).status_code == 201
    assert post(keeper, hands_url(table1), two).status_code == 201
    stale = {**payload(values=(2, -2, 0, 0), number=2), "after": two["id"]}
    answer = post(keeper, hands_url(table1), stale)
    assert answer.status_code == 201
    assert answer.json()["hand"]["number"] == 3
    assert answer.json()["state"]["next"]["number"] == 4
    assert stored_points(table1)[3] == [2, -2, 0, 0]
    assert Hand.objects.count() == 3
    # Sent again (its answer lost): the same hand, not a fourth.
    assert post(keeper, hands_url(table1), stale).status_code == 200
    assert Hand.objects.count() == 3


def test_two_phones_after_the_same_hand_are_a_conflict(keeper, table1):
    """Both phones saw hand 1 and entered the next one: the second is 409 with the first's
    hand 2 (the table decides), never stored as a third hand on its own."""
    one = payload(number=1)
    assert post(keeper, hands_url(table1), one).status_code == 201
    first_phone = {**payload(values=(1, 1, -1, -1), number=2), "after": one["id"]}
    assert post(keeper, hands_url(table1), first_phone).status_code == 201
    second_phone = {**payload(values=(3, -1, -1, -1), number=2), "after": one["id"]}
    answer = post(keeper, hands_url(table1), second_phone)
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "hand_taken"
    assert answer.json()["saved"]["id"] == first_phone["id"]
    assert Hand.objects.count() == 2
    # "after": null is the first hand, taken too.
    first_again = {**payload(values=(3, -1, -1, -1), number=1), "after": None}
    assert post(keeper, hands_url(table1), first_again).status_code == 409


def test_a_hand_after_one_not_stored_here_keeps_its_number(keeper, table1):
    one = payload(number=1)
    assert post(keeper, hands_url(table1), one).status_code == 201
    unknown = {**payload(values=(1, 1, -1, -1), number=2), "after": str(uuid.uuid4())}
    assert post(keeper, hands_url(table1), unknown).status_code == 201
    assert post(keeper, hands_url(table1), {**payload(), "after": "nonsense"}).status_code == 400


def test_a_replacement_is_refused_when_the_version_it_replaces_is_gone(keeper, table1):
    first = payload(values=(5, -2, -2, -1))
    assert post(keeper, hands_url(table1), first).status_code == 201
    seen = post(keeper, hands_url(table1), first).json()["hand"]
    # Another phone corrects hand 1 meanwhile.
    assert post(keeper, hand_url(table1, 1), payload(values=(4, -2, -1, -1))).status_code == 200
    records = HandResult.history.count()
    mine = {**payload(values=(1, 1, -1, -1)), "replaces": seen}
    answer = post(keeper, hand_url(table1, 1), mine)
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "hand_changed"
    assert [r["points"] for r in answer.json()["saved"]["results"]] == [4, -2, -1, -1]
    assert HandResult.history.count() == records
    # Naming the version stored now, the table's choice replaces it.
    mine["replaces"] = answer.json()["saved"]
    assert post(keeper, hand_url(table1, 1), mine).status_code == 200
    assert stored_points(table1) == {1: [1, 1, -1, -1]}
    assert post(keeper, hand_url(table1, 1), {**mine, "replaces": []}).status_code == 400
