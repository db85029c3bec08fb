"""The score pad's pages and JSON endpoints, and the live fragment."""

import json
import uuid

import pytest
from django.urls import reverse

from ofcleague.league.models import RoundScore
from ofcleague.results.forms import points_name
from ofcleague.scoring.table import dealer_of
from ofcleague.table import services as table_services
from ofcleague.table.models import Hand
from tests.factories import UserFactory
from tests.table.boards import ENTERS, ENTERS_THREE_POINTS
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.django_db


def hands_url(table):
    return reverse("table:api_hands", args=[table.evening_id, table.round_number, table.table])


def payload(values=(5, -2, -2, -1), number=1, client_id=None):
    return {
        "id": str(client_id or uuid.uuid4()),
        "number": number,
        "entry": "points",
        "results": [{"seat": seat, "points": value} for seat, value in enumerate(values, 1)],
    }


def post(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


def test_anonymous_and_players_cannot_post_hands(client, table1):
    answer = post(client, hands_url(table1), payload())
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "login_required"
    client.force_login(UserFactory())
    answer = post(client, hands_url(table1), payload())
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "forbidden"
    assert not Hand.objects.exists()


def test_a_hand_is_saved_and_a_resend_counts_once(keeper, table1):
    data = payload()
    first = post(keeper, hands_url(table1), data)
    again = post(keeper, hands_url(table1), data)
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["created"] is False
    assert first.json()["state"]["next"]["number"] == 2
    assert Hand.objects.count() == 1


def test_the_pad_state_names_every_hands_dealer_as_the_server_records_it(keeper, evening):
    # The pad shows the button for hands waiting on the phone too: from this list, not a rule
    # of its own. Three at the table, seat 2 deals first, five hands (more than a lap).
    table = table_services.seat_table(evening, 1, 1, seat_ids(evening)[:3], first_dealer=2)
    answer = post(keeper, hands_url(table), payload((2, -1, -1)))
    state = answer.json()["state"]
    assert state["deals"] == [
        {"dealer": dealer_of(2, number, 3), "first": dealer_of(2, number + 1, 3)}
        for number in range(1, evening.hands_per_round + 1)
    ]
    assert [deal["dealer"] for deal in state["deals"]] == [2, 3, 1, 2, 3]
    assert state["next"]["dealer"] == state["deals"][1]["dealer"] == 3
    assert state["next"]["first"] == state["deals"][1]["first"] == 1
    assert Hand.objects.get().dealer == state["deals"][0]["dealer"]


def test_a_second_phone_gets_409_with_the_saved_hand(keeper, table1):
    post(keeper, hands_url(table1), payload())
    answer = post(keeper, hands_url(table1), payload((1, -1, 0, 0)))
    assert answer.status_code == 409
    body = answer.json()
    assert body["error"]["code"] == "hand_taken"
    assert [r["points"] for r in body["saved"]["results"]] == [5, -2, -2, -1]


def test_bad_input_is_a_clear_400(keeper, table1):
    answer = post(keeper, hands_url(table1), payload((5, -2, -2, 0)))
    assert answer.status_code == 400 and "+1" in answer.json()["error"]["message"]
    answer = keeper.post(hands_url(table1), "{", content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed_json"
    bad = payload()
    bad["results"][0]["points"] = "5"
    answer = post(keeper, hands_url(table1), bad)
    assert answer.json()["error"]["field"] == "results[0].points"
    assert not Hand.objects.exists()


def test_boards_through_the_endpoint(keeper, pineapple_table):
    data = {
        "id": str(uuid.uuid4()),
        "number": 1,
        "entry": "boards",
        "results": [
            {"seat": seat, "front": f, "middle": m, "back": b}
            for seat, (f, m, b) in enumerate(ENTERS[:3], 1)
        ],
    }
    answer = post(keeper, hands_url(pineapple_table), data)
    assert answer.status_code == 201
    state = answer.json()["state"]
    assert state["totals"] == ENTERS_THREE_POINTS
    assert state["next"]["fantasyland"] == {"1": 14}


def test_undo_and_correct(keeper, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [1, -1, 0, 0])
    args = [table1.evening_id, 1, 1]
    answer = keeper.post(reverse("table:api_undo", args=[*args, 2]))
    assert answer.status_code == 200 and len(answer.json()["state"]["hands"]) == 1
    data = payload((2, -2, 0, 0))
    del data["id"]
    answer = post(keeper, reverse("table:api_hand", args=[*args, 1]), data)
    assert answer.status_code == 200
    anna = RoundScore.objects.get(evening_player__player__name="Anna")
    assert anna.points == 2


def test_the_pad_and_the_round_page(keeper, evening, table1):
    answer = keeper.get(reverse("table:pad", args=[evening.pk, 1, 1]))
    assert answer.status_code == 200
    assert b'id="pad-state"' in answer.content and b"Anna" in answer.content
    answer = keeper.get(reverse("table:round", args=[evening.pk, 1]))
    assert answer.status_code == 200
    seats = seat_ids(evening)[4:]
    answer = keeper.post(
        reverse("table:round", args=[evening.pk, 1]),
        {
            "table": 2,
            "seat_1": seats[0],
            "seat_2": seats[1],
            "seat_3": seats[2],
            "seat_4": seats[3],
            "dealer": seats[1],
        },
    )
    assert answer.status_code == 302
    assert answer.url == reverse("table:pad", args=[evening.pk, 1, 2])


def test_the_pad_is_for_scorekeepers(client, evening, table1):
    answer = client.get(reverse("table:pad", args=[evening.pk, 1, 1]))
    assert answer.status_code == 302 and "/login/" in answer.url


def test_the_live_fragment_answers_304_while_nothing_changes(client, evening, table1):
    url = reverse("table:live", args=[evening.pk])
    points_hand(table1, 1, [5, -2, -2, -1])
    first = client.get(url)
    assert first.status_code == 200 and b"Anna" in first.content
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    points_hand(table1, 2, [1, -1, 0, 0])
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_evening_page_shows_the_live_section_and_rule_set(client, pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [5, -2, -3], fantasyland={1: 14})
    page = client.get(pineapple.get_absolute_url()).content.decode()
    assert 'id="live"' in page and "js/live.js" in page
    assert "Anna (14" in page
    assert "OFC Pineapple" in page or "Pineapple" in page


def test_the_points_grid_shows_hand_rounds_read_only(keeper, evening, table1, table2):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table2, 1, [0, 0, 0, 0])
    url = reverse("results:evening_points", args=[evening.pk])
    page = keeper.get(url).content.decode()
    assert reverse("table:round", args=[evening.pk, 1]) in page
    form = keeper.get(url).context["form"]
    anna = evening.seats.get(player__name="Anna").pk
    name = points_name(anna, 1)
    assert form.fields[name].disabled and not form.fields[points_name(anna, 2)].disabled
    # A grid save that tries to change the round leaves the hands' sum in place.
    data = {n: form[n].value() or "" for n in form.fields}
    data[name] = "99"
    data["save"] = "1"
    assert keeper.post(url, data).status_code == 302
    assert RoundScore.objects.get(evening_player_id=anna, round_number=1).points == 5


def test_the_score_pad_link_opens_the_round_being_played(keeper, evening, table1):
    url = reverse("table:current", args=[evening.pk])
    assert keeper.get(url).url == reverse("table:round", args=[evening.pk, 1])
    for number in range(1, evening.hands_per_round + 1):
        points_hand(table1, number, [0, 0, 0, 0])
    # Its only table finished the round: the next round is seated next.
    assert keeper.get(url).url == reverse("table:round", args=[evening.pk, 2])


def test_the_printable_score_sheet(keeper, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    page = keeper.get(reverse("table:sheet", args=[evening.pk, 1, 1]))
    body = page.content.decode()
    assert page.status_code == 200 and "css/sheet.css" in body
    rows = page.context["sheet"]["rows"]
    assert len(rows) == evening.hands_per_round
    assert rows[0]["points"] == [5, -2, -2, -1] and rows[1]["points"] == [None] * 4
    # The button moves: Anna deals hand 1, Bert hand 2.
    assert [row["dealer"] for row in rows[:2]] == ["Anna", "Bert"]


def test_seating_a_table_changes_what_the_live_page_answers(client, evening):
    url = reverse("table:live", args=[evening.pk])
    etag = client.get(url)["ETag"]
    table_services.seat_table(evening, 1, 1, seat_ids(evening)[:4])
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_score_pad_of_a_finished_evening_opens_the_round_its_hands_are_in(
    keeper, evening, table1
):
    """While playing, a round whose tables are done leads on to the next round; once the
    evening is finished there is nothing to seat, so the pad opens the last round played at
    the tables, where a hand is corrected (issue 36: correct a hand after settling)."""
    for number in range(1, evening.hands_per_round + 1):
        points_hand(table1, number, [3, -1, -1, -1])
    pad = reverse("table:current", args=[evening.pk])
    assert keeper.get(pad)["Location"].endswith("/rounds/2/")
    type(evening).objects.filter(pk=evening.pk).update(status="finished")
    assert keeper.get(pad)["Location"].endswith("/rounds/1/")
