"""Garbage into the score pad: its JSON endpoints, its seating form and its statistics.

Like ``tests/test_fuzz_inputs.py`` (whose strategies this shares, with half its examples): a valid
request with some parts replaced by generated values (JSON of any shape, deep, huge numbers,
wrong types, unicode, nulls, bytes that are no JSON), or any body at all. The answer is never
a 500, a JSON endpoint answers JSON and refuses in the API error shape, and a refused request
changes no row (nor adds to the change log); an accepted one leaves each round's points the
sum of its hands. Each example runs in a transaction that is rolled back.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.db import transaction
from django.db.models import Sum
from django.urls import reverse
from hypothesis import event, given, settings
from hypothesis import strategies as st

from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, RoundScore
from ofcleague.scoring import ROWS
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from tests.security.test_fuzz_inputs import EXAMPLES, FUZZ, mutate
from tests.security.test_fuzz_scoring import JSON
from tests.table.boards import ENTERS
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.django_db

#: Half the forms' examples: each request here also answers the whole pad's state.
PAD_FUZZ = settings(FUZZ, max_examples=max(10, EXAMPLES // 2))

#: The pad's rows, with their change logs.
PAD_MODELS = (Evening, RoundScore, RoundTable, TableSeat, Hand, HandResult)

#: Numbers no seat, hand or point count is, and those at the edges of the columns.
HUGE = [2**31, 2**31 - 1, 2**63, 2**63 - 1, -(2**63), -(2**63) - 1, 2**64, 10**30, -(10**30)]
NUMBER = st.one_of(st.integers(-5, 20), st.sampled_from(HUGE), st.integers(-(2**70), 2**70))
#: A value where the pad sends a number: mostly numbers, sometimes any JSON.
NUMBERISH = st.one_of(NUMBER, NUMBER, st.floats(), JSON)


def pad_snapshot():
    """Every row of the pad's tables and of their change logs."""
    snapshot = {}
    for model in PAD_MODELS:
        for rows in (model.objects, model.history.model.objects):
            label = rows.model._meta.label
            snapshot[label] = sorted(map(repr, rows.order_by("pk").values()))
    return snapshot


def round_points_problems():
    """Players whose stored round points are not the sum of their hands in that round."""
    sums = (
        HandResult.objects.values("evening_player", "hand__round_table__round_number")
        .annotate(total=Sum("points"))
        .values_list("evening_player", "hand__round_table__round_number", "total")
    )
    stored = {
        (score.evening_player_id, score.round_number): score.points
        for score in RoundScore.objects.all()
    }
    return [key for *key, total in sums if stored.get(tuple(key)) != total]


def check_request(client, method, url, body=None, *, json_answer=True, **extra):
    """Send in a transaction rolled back afterwards; assert no 500 and no partial write."""
    with transaction.atomic():
        before = pad_snapshot()
        if body is None:
            response = getattr(client, method)(url, **extra)
        else:
            response = getattr(client, method)(url, body, **extra)
        assert response.status_code < 500
        if json_answer:
            assert response["Content-Type"] == "application/json"
            if response.status_code >= 400:
                error = response.json()["error"]
                assert set(error) <= {"code", "message", "field"}
                assert isinstance(error["code"], str) and isinstance(error["message"], str)
        if response.status_code >= 400 or (not json_answer and response.status_code != 302):
            assert pad_snapshot() == before, f"a refused {method} to {url} changed rows"
        assert not league_problems()
        assert not round_points_problems()
        transaction.set_rollback(True)
    return response


@pytest.fixture
def played(table1):
    """Table 1 of round 1 with hands 1 and 2 saved."""
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [1, -1, 0, 0])
    return table1


def table_args(table):
    return [table.evening_id, table.round_number, table.table]


def hand_base(number):
    """A valid hand: points that add up to zero (house rules: no Fantasyland to tick)."""
    results = [{"seat": seat, "points": value} for seat, value in enumerate((5, -2, -2, -1), 1)]
    return {"id": str(uuid.uuid4()), "number": number, "entry": "points", "results": results}


def boards_base(number):
    results = [
        {"seat": seat, **dict(zip(ROWS, board, strict=True))}
        for seat, board in enumerate(ENTERS, 1)
    ]
    return {"id": str(uuid.uuid4()), "number": number, "entry": "boards", "results": results}


def garbled_hand(data, base):
    """``base`` with garbage in some of its fields and in some fields of its results."""
    hand = json.loads(json.dumps(base))
    for field in data.draw(st.sets(st.sampled_from(sorted(hand))), label="hand fields"):
        if data.draw(st.integers(0, 5), label=f"drop {field}") == 0:
            hand.pop(field)
        else:
            hand[field] = data.draw(NUMBERISH if field == "number" else JSON, label=field)
    results = hand.get("results")
    if isinstance(results, list):
        fields = ["seat", "points", "fouled", "surrender", "fantasyland_next", *ROWS]
        for index, result in enumerate(results):
            if not isinstance(result, dict):
                continue
            for field in data.draw(st.sets(st.sampled_from(fields)), label=f"fields {index}"):
                strategy = NUMBERISH if field in fields[:5] else JSON
                result[field] = data.draw(strategy, label=f"{index}.{field}")
        if results and data.draw(st.integers(0, 5), label="seat count") == 0:
            del results[data.draw(st.integers(0, len(results) - 1), label="left out") :]
    return hand


def plausible_hand(data, base):
    """``base`` as a phone could send it: seats and points shuffled, Fantasyland and flags
    set, boards swapped between seats: often accepted, so writes are exercised too."""
    hand = json.loads(json.dumps(base))
    results = hand["results"]
    seats = data.draw(st.permutations([result["seat"] for result in results]), label="seats")
    for result, seat in zip(results, seats, strict=True):
        result["seat"] = seat
    if hand["entry"] == "points":
        points = data.draw(st.permutations([r["points"] for r in results]), label="points")
        for result, value in zip(results, points, strict=True):
            result["points"] = value
    for result in results:
        cards = st.sampled_from([None, None, None, None, 14, 15, 16, 17, 0])
        result["fantasyland_next"] = data.draw(cards, label="fantasyland")
        result["fouled"] = data.draw(st.sampled_from([None, False, True]), label="fouled")
        # Pineapple has no surrender: a rare true is refused.
        result["surrender"] = data.draw(st.sampled_from([None] * 5 + [True]), label="surrender")
    return hand


def pad_body(data, base):
    """A request body for a pad endpoint: the base hand garbled or shuffled, any JSON, or no
    JSON at all."""
    kinds = ["fields", "fields", "plausible", "any", "bytes", "deep"]
    kind = data.draw(st.sampled_from(kinds), label="body")
    if kind == "bytes":
        return data.draw(st.binary(max_size=200), label="bytes")
    if kind == "deep":
        depth = data.draw(st.integers(1, 10_000), label="depth")
        return ("[" * depth + "]" * data.draw(st.integers(0, depth), label="closed")).encode()
    if kind == "any":
        value = data.draw(JSON, label="json")
    elif kind == "plausible":
        value = plausible_hand(data, base)
    else:
        value = garbled_hand(data, base)
    return json.dumps(value, allow_nan=True).encode()


CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded"]


def send_to_pad(client, data, url, base, *, as_a_phone=False):
    """Send ``base`` garbled in any way, or (``as_a_phone``) as the pad could send it."""
    if as_a_phone:
        method, body = "post", json.dumps(plausible_hand(data, base))
        extra = {"content_type": "application/json"}
    else:
        method = data.draw(st.sampled_from(["post"] * 6 + ["put", "get", "delete"]))
        body = None if method == "get" else pad_body(data, base)
        content_type = data.draw(st.sampled_from(CONTENT_TYPES), label="content type")
        extra = {} if body is None else {"content_type": content_type}
    response = check_request(client, method, url, body, **extra)
    event(f"{method} answered {response.status_code}")
    return response


@PAD_FUZZ
@given(data=st.data())
def test_recording_a_hand(keeper, played, data):
    url = reverse("table:api_hands", args=table_args(played))
    as_a_phone = data.draw(st.booleans(), label="as a phone")
    number = 3 if as_a_phone else data.draw(st.sampled_from([2, 3, 3, 4]), label="number")
    base = data.draw(st.sampled_from([hand_base, boards_base]), label="entry")(number)
    response = send_to_pad(keeper, data, url, base, as_a_phone=as_a_phone)
    assert response.status_code in (200, 201, 400, 405, 409, 413)


@PAD_FUZZ
@given(data=st.data())
def test_correcting_a_hand(keeper, played, data):
    as_a_phone = data.draw(st.booleans(), label="as a phone")
    numbers = st.sampled_from([1, 2] if as_a_phone else [1, 2, 3, 0, 2**31, 2**63 - 1])
    number = data.draw(st.one_of(numbers, st.integers(0, 2**63 - 1)), label="number")
    url = reverse("table:api_hand", args=[*table_args(played), number])
    base = data.draw(st.sampled_from([hand_base, boards_base]), label="entry")(number)
    send_to_pad(keeper, data, url, base, as_a_phone=as_a_phone)


@PAD_FUZZ
@given(data=st.data())
def test_undoing_a_hand(keeper, played, data):
    numbers = st.sampled_from([0, 1, 2, 2, 3, 2**63 - 1])
    number = data.draw(st.one_of(numbers, st.integers(0, 2**63 - 1)), label="number")
    url = reverse("table:api_undo", args=[*table_args(played), number])
    response = send_to_pad(keeper, data, url, hand_base(number))
    if response.status_code == 200:
        assert number == 2 and len(response.json()["state"]["hands"]) == 1


@PAD_FUZZ
@given(data=st.data())
def test_a_pad_endpoint_of_a_table_not_seated(keeper, evening, data):
    """Table 2 and round 2 have no seats: no hand goes there, whatever the body."""
    number = data.draw(st.sampled_from([1, 2]), label="number")
    name = data.draw(st.sampled_from(["api_hands", "api_hand", "api_undo"]), label="endpoint")
    args = [evening.pk, *data.draw(st.sampled_from([(1, 2), (2, 1), (3, 9)]), label="table")]
    url = reverse(f"table:{name}", args=args if name == "api_hands" else [*args, number])
    response = send_to_pad(keeper, data, url, hand_base(number))
    assert response.status_code in (404, 405)


def seating_base(evening, seats):
    base = {f"seat_{position}": str(seat) for position, seat in enumerate(seats, 1)}
    return {"table": "2", **base, "dealer": str(seats[1])}


@PAD_FUZZ
@given(data=st.data())
def test_seating_form(keeper, played, data):
    evening = played.evening
    # Half the time two of the players already sit at table 1.
    seats = seat_ids(evening)[2:6] if data.draw(st.booleans(), label="taken") else None
    seats = seats or seat_ids(evening)[4:]
    round_number = data.draw(st.sampled_from([1, 1, 2, 3, 4, 0]), label="round")
    url = reverse("table:round", args=[evening.pk, round_number])
    base = seating_base(evening, seats)
    if data.draw(st.booleans(), label="garbage"):
        base = mutate(data, base)
    check_request(keeper, "post", url, base, json_answer=False)


@PAD_FUZZ
@given(data=st.data(), big=st.sampled_from([str(value) for value in HUGE]))
def test_seating_form_with_huge_ids(keeper, evening, data, big):
    """Player ids, the table and the dealer beyond any column: refused, never a 500."""
    base = seating_base(evening, seat_ids(evening)[:4])
    base[data.draw(st.sampled_from(sorted(base)), label="field")] = big
    url = reverse("table:round", args=[evening.pk, 1])
    response = check_request(keeper, "post", url, base, json_answer=False)
    assert response.status_code == 200


STATISTICS = {"year_from": "2016", "year_to": "2020", "variant": "ofc", "sort": "-hands"}


@PAD_FUZZ
@given(data=st.data())
def test_statistics_filters(keeper, played, data):
    query = mutate(data, {**STATISTICS, "_export": "csv"})
    if data.draw(st.booleans(), label="csv"):
        query.pop("_export", None)
    url = reverse("standings:statistics")
    answer = keeper.get(url, query)
    # A filter the page cannot read sends back to the page without it, with a message.
    if answer.status_code == 302:
        assert answer.url.startswith(url)
        answer = keeper.get(answer.url)
    assert answer.status_code == 200


@pytest.mark.parametrize("base", [hand_base, boards_base])
def test_the_bases_are_accepted_as_they_are(keeper, played, base):
    """So what the fuzz tests see refused is refused for their garbage."""
    args = table_args(played)
    for url, number, status in [
        (reverse("table:api_hands", args=args), 3, 201),
        (reverse("table:api_hand", args=[*args, 1]), 1, 200),
    ]:
        body = json.dumps(base(number))
        answer = check_request(keeper, "post", url, body, content_type=CONTENT_TYPES[0])
        assert answer.status_code == status, answer.json()
    url = reverse("table:round", args=[played.evening_id, 1])
    seating = seating_base(played.evening, seat_ids(played.evening)[4:])
    assert check_request(keeper, "post", url, seating, json_answer=False).status_code == 302
