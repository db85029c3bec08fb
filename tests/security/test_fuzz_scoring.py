"""Garbage in the calculator and the scoring API: never a server error, always a JSON answer.

The calculator's form gets a valid submission with some fields replaced by generated values;
the scoring API a valid body with garbage in some fields, any JSON, bytes or JSON nested very
deeply (see ``tests/test_fuzz_inputs.py`` for the values and ``OFC_FUZZ_EXAMPLES``).
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.security.test_fuzz_inputs import FUZZ, SPECIAL, check_post, mutate

pytestmark = pytest.mark.django_db


# The calculator and the scoring API ---------------------------------------------------------------

A = {"name": "A", "front": "5h 5d 5c", "middle": "3s 3h 3d 3c 2s", "back": "Js Ts 9s 8s 7s"}
B = {"name": "B", "front": "Qh Jd 2h", "middle": "Ac Ad 9h 8d 6c", "back": "Kh Kd Kc 4h 4d"}


@FUZZ
@given(data=st.data())
def test_calculator_form(client, data):
    base = {"rules": "house"}
    for seat, hand in enumerate((A, B, {}, {})):
        for field in ("name", "front", "middle", "back"):
            base[f"p{seat}_{field}"] = hand.get(field, "")
        base[f"p{seat}_surrender"] = ""
    check_post(client, reverse("rules:calculator"), mutate(data, base))


def containers(children):
    """Lists and objects of JSON values."""
    return st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=8), children, max_size=5)
    )


JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.sampled_from(SPECIAL[:-15]),
        st.text(max_size=20),
    ),
    containers,
    max_leaves=12,
)


def json_body(data):
    """A request body: a valid hand with garbage in some fields, any JSON, or no JSON at all."""
    kind = data.draw(st.sampled_from(["fields", "fields", "any", "bytes", "deep"]), label="body")
    if kind == "bytes":
        return data.draw(st.binary(max_size=200), label="bytes")
    if kind == "deep":
        depth = data.draw(st.integers(1, 30_000), label="depth")
        return ("[" * depth + "]" * depth).encode()
    if kind == "any":
        value = data.draw(JSON, label="json")
    else:
        players = [dict(A), dict(B)]
        value = {"rules": "house", "players": players}
        for hand in players:
            for field in data.draw(st.sets(st.sampled_from([*A, "surrender"])), label="fields"):
                hand[field] = data.draw(JSON, label=field)
        if data.draw(st.booleans(), label="garbage rules"):
            value["rules"] = data.draw(JSON, label="rules")
        if data.draw(st.integers(0, 4), label="player count") == 0:
            value["players"] = players * data.draw(st.integers(0, 3))
    return json.dumps(value, allow_nan=True).encode()


@FUZZ
@given(data=st.data())
def test_score_api(client, data):
    body = json_body(data)
    content_type = data.draw(
        st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"])
    )
    response = check_post(client, reverse("rules:api_score"), body, content_type=content_type)
    assert response["Content-Type"].startswith("application/json")
    if response.status_code == 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str)
