"""Every JSON endpoint reads its body the same way: the same limits, codes and statuses.

The endpoints are the scoring API and the score pad's hand and correction endpoints; each
refuses a bad body with the API error shape before anything is read from it or written.
"""

import json

import pytest
from django.http.request import RawPostDataException
from django.test import RequestFactory
from django.urls import reverse

from ofcleague.table.models import Hand, HandResult
from ofcleague.web.api import MAX_DEPTH, ApiError, read_json
from tests.conftest import german_text

pytestmark = pytest.mark.django_db

ENDPOINTS = ["score", "hands", "hand"]


@pytest.fixture(params=ENDPOINTS)
def endpoint(request, table1):
    """The URL of one JSON endpoint (a pad's endpoints at a seated table)."""
    args = [table1.evening_id, table1.round_number, table1.table]
    return {
        "score": reverse("rules:api_score"),
        "hands": reverse("table:api_hands", args=args),
        "hand": reverse("table:api_hand", args=[*args, 1]),
    }[request.param]


def send(client, url, body, **extra):
    return client.post(url, body, content_type="application/json", **extra)


def error_of(response, status=400):
    """The error of a refused request, after checking its status, type and shape."""
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert set(error) <= {"code", "message", "field"}
    assert isinstance(error["code"], str) and isinstance(error["message"], str)
    return error


def nested(depth, open_="[", close="]"):
    return open_ * depth + close * depth


@pytest.mark.parametrize(
    "body",
    [
        nested(5_000),
        nested(2_000, '{"a":', "}"),
        "[" * 15_000,
        '{"results": ' + nested(5_000) + "}",
    ],
    ids=["lists", "objects", "unclosed", "inside"],
)
def test_deep_nesting_is_refused_on_every_endpoint(keeper, endpoint, body):
    assert error_of(send(keeper, endpoint, body))["code"] == "too_deep"
    assert not Hand.objects.exists() and not HandResult.objects.exists()


def test_deep_nesting_over_the_size_limit_is_too_large(keeper, endpoint):
    assert error_of(send(keeper, endpoint, nested(100_000)), status=413)["code"] == "too_large"


def test_the_depth_limit_is_exact(keeper, endpoint):
    assert error_of(send(keeper, endpoint, nested(MAX_DEPTH + 1)))["code"] == "too_deep"
    # One level less is read: what the endpoint makes of it is its own business.
    assert error_of(send(keeper, endpoint, nested(MAX_DEPTH)))["code"] != "too_deep"


def test_too_deep_says_so_in_german(keeper, endpoint):
    message = error_of(send(keeper, endpoint, nested(100)))["message"]
    expected = german_text("The request body is nested deeper than %(depth)s levels.")
    assert message == expected % {"depth": MAX_DEPTH}


@pytest.mark.parametrize("length", ["abc", "-1", "1e3", "²", " 7", "1_0"])
def test_a_malformed_content_length_is_a_400(keeper, endpoint, length):
    error = error_of(send(keeper, endpoint, "{}", CONTENT_LENGTH=length))
    assert error["code"] == "bad_content_length"


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"\xff\xfe", b'"\xc3"', b"null x", b"{'a': 1}", b"NaN", b"[-Infinity]"]
    + [b"9" * 5000],
    ids=["open", "empty", "utf16", "bad utf8", "trailing", "quotes", "nan", "inf", "huge"],
)
def test_not_json_is_malformed_json(keeper, endpoint, body):
    assert error_of(send(keeper, endpoint, body))["code"] == "malformed_json"


def test_a_body_over_the_limit_is_a_413(keeper, endpoint):
    body = json.dumps({"padding": "x" * (64 * 1024)})
    error = error_of(send(keeper, endpoint, body), status=413)
    assert error["code"] == "too_large"


def test_a_declared_length_over_the_limit_is_refused_unread(keeper, endpoint):
    error = error_of(send(keeper, endpoint, "{}", CONTENT_LENGTH=str(10**30)), status=413)
    assert error["code"] == "too_large"


def test_the_pad_takes_16_kb_and_the_scoring_api_64_kb(keeper, table1):
    body = json.dumps({"padding": "x" * (20 * 1024)})
    args = [table1.evening_id, table1.round_number, table1.table]
    error = error_of(send(keeper, reverse("table:api_hands", args=args), body), status=413)
    assert error["message"] == german_text("The request body is larger than %(size)s KB.") % {
        "size": 16
    }
    assert error_of(send(keeper, reverse("rules:api_score"), body))["code"] != "too_large"


# The reader itself ------------------------------------------------------------------------------


def request_with(body, **extra):
    return RequestFactory().post("/", body, content_type="application/json", **extra)


def refusal(request, **limits):
    with pytest.raises(ApiError) as caught:
        read_json(request, **limits)
    return caught.value


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"a": "[" * 500, "b": '\\"{{{{' * 100, "c": ["]" * 50]})
    assert read_json(request_with(text)) == json.loads(text)


def test_the_limits_are_arguments():
    assert refusal(request_with("[1, 2]"), max_bytes=4).status == 413
    assert refusal(request_with("[[1]]"), max_depth=1).code == "too_deep"
    assert read_json(request_with("[[1]]"), max_depth=2) == [[1]]


def test_a_body_already_read_as_a_form_is_no_json():
    request = RequestFactory().post("/", {"a": "1"})
    assert request.POST["a"] == "1"
    with pytest.raises(RawPostDataException):
        request.body  # noqa: B018 (the property raises)
    assert refusal(request).code == "malformed_json"


@pytest.mark.parametrize("name", ["api_hands", "api_hand", "api_undo"])
def test_a_table_not_seated_is_a_json_404(keeper, evening, name):
    args = [evening.pk, 1, 2] if name == "api_hands" else [evening.pk, 1, 2, 1]
    error = error_of(send(keeper, reverse(f"table:{name}", args=args), "{}"), status=404)
    message = german_text("There is nothing at this address.")
    assert error == {"code": "not_found", "message": message}


@pytest.mark.parametrize("number", [2**63, -(2**63) - 1, 10**30])
@pytest.mark.parametrize("field", ["number", "seat", "points", "fantasyland_next"])
def test_numbers_beyond_64_bits_in_a_hand_are_refused(keeper, table1, field, number):
    """A seat, hand number or point count no column holds is refused before the database."""
    hand = {
        "id": "9b0e2f0e-8f5b-4c55-9d1c-2f2a4c1b7e11",
        "number": 1,
        "entry": "points",
        "results": [{"seat": seat, "points": value} for seat, value in enumerate([1, -1, 0, 0], 1)],
    }
    if field == "number":
        hand["number"] = number
    else:
        hand["results"][0][field] = number
    url = reverse("table:api_hands", args=[table1.evening_id, 1, 1])
    assert error_of(send(keeper, url, json.dumps(hand)))["code"] == "invalid"
    assert not Hand.objects.exists()
