import json

import pytest

from tests.conftest import german_text as german

# Every page of a league reads its league (ofcleague/urls/middleware.py).
pytestmark = pytest.mark.django_db

API = "/ofc-runde/api/score/"

A = {"name": "A", "front": "5h 5d 5c", "middle": "3s 3h 3d 3c 2s", "back": "Js Ts 9s 8s 7s"}
# Valid, a full house in the back and no other royalty.
B = {"name": "B", "front": "Qh Jd 2h", "middle": "Ac Ad 9h 8d 6c", "back": "Kh Kd Kc 4h 4d"}


def post(client, payload, **extra):
    body = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
    return client.post(API, data=body, content_type="application/json", **extra)


def test_acceptance_example(client):
    response = post(client, {"rules": "house", "players": [A, B]})
    assert response.status_code == 200
    data = response.json()
    assert data["rules"] == "house"
    a, b = data["players"]
    assert a["royalties"] == {"front": 13, "middle": 16, "back": 10, "total": 39}
    assert a["fouled"] is False
    assert a["natural"] is None
    assert a["fantasyland"] is None
    assert (a["points"], b["points"]) == (39, -39)
    assert data["pairs"] == [
        {
            "a": "A",
            "b": "B",
            "rows": {"front": 1, "middle": 1, "back": 1},
            "scoop": True,
            "royalties": 33,
            "points": 39,
        }
    ]


def test_rules_default_to_house(client):
    assert post(client, {"players": [A, B]}).json()["rules"] == "house"


def test_no_login_and_no_csrf_token_needed(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = post(strict, {"players": [A, B]})
    assert response.status_code == 200


def test_points_sum_to_zero_with_four_players(client):
    players = [
        {"name": "A", "front": "As Kd 7h", "middle": "Qs Qh 5d 4c 3s", "back": "Ah 9h 6h 4h 3h"},
        {"name": "B", "front": "Kc Qd 2h", "middle": "Jh Jd Jc 6s 2d", "back": "Ts 9s 8d 7c 6d"},
        {"name": "C", "front": "Tc Th 8s", "middle": "Kh Ks 8h 8c 2c", "back": "5s 5h 5c 9d 9c"},
        {"name": "D", "front": "2s 3d 4s", "middle": "7s 7d Qc Js 6c", "back": "Ad Ac Td 4d 3c"},
    ]
    response = post(client, {"rules": "pineapple", "players": players})
    data = response.json()
    assert response.status_code == 200, data
    assert len(data["pairs"]) == 6
    assert sum(player["points"] for player in data["players"]) == 0
    for player in data["players"]:
        own = sum(p["points"] for p in data["pairs"] if p["a"] == player["name"]) - sum(
            p["points"] for p in data["pairs"] if p["b"] == player["name"]
        )
        assert own == player["points"]


def test_classic_surrender(client):
    quitter = {"name": "S", "front": "", "middle": "", "back": "", "surrender": True}
    response = post(client, {"rules": "classic-2-4", "players": [quitter, A, B]})
    data = response.json()
    assert data["players"][0]["points"] == -4
    assert data["players"][0]["surrendered"] is True


# The 2-4 source: a secret surrender stands only on a hand set out of order on purpose.
MIS_SET = {"name": "M", "front": "6h 6d 4c", "middle": "As Ah Ac Ks Kc", "back": "Qs Qh 9d 8c 4s"}


@pytest.mark.parametrize("surrender", ["secret", True])
def test_secret_surrender_on_a_mis_set_hand_pays_two(client, surrender):
    payload = {"rules": "classic-2-4", "players": [{**MIS_SET, "surrender": surrender}, A]}
    data = post(client, payload).json()
    player = data["players"][0]
    assert (player["surrender"], player["surrendered"], player["fouled"]) == (
        "secret",
        True,
        False,
    )
    assert player["points"] == -2


@pytest.mark.parametrize("surrender", ["secret", True])
def test_secret_surrender_on_a_correctly_set_hand_is_void(client, surrender):
    payload = {"rules": "classic-2-4", "players": [A, {**B, "surrender": surrender}]}
    data = post(client, payload).json()
    player = data["players"][1]
    assert (player["surrendered"], player["surrender_void"]) == (False, True)
    played = post(client, {"rules": "classic-2-4", "players": [A, B]}).json()
    assert player["points"] == played["players"][1]["points"]


def test_announced_surrender_with_the_cards_entered(client):
    payload = {"rules": "classic-2-4", "players": [A, {**B, "surrender": "announced"}]}
    player = post(client, payload).json()["players"][1]
    assert (player["surrender"], player["surrendered"], player["points"]) == (
        "announced",
        True,
        -2,
    )


def test_a_secret_surrender_without_cards_is_refused(en_client):
    quitter = {"name": "S", "surrender": "secret"}
    error = error_of(post(en_client, {"rules": "classic-2-4", "players": [quitter, A]}))
    assert error["field"] == "players[0].surrender"
    assert "announced surrender" in error["message"]


def test_options_null_is_the_rule_sets_default(client):
    data = post(client, {"rules": "classic-units", "options": None, "players": [A, B]}).json()
    assert data["options"] == {"surrender": False}


def test_the_unit_count_takes_surrender_when_switched_on(client):
    quitter = {"name": "S", "surrender": True}
    payload = {"rules": "classic-units", "options": {"surrender": True}, "players": [quitter, A]}
    data = post(client, payload).json()
    assert data["options"] == {"surrender": True}
    assert data["players"][0]["points"] == -2


SIX_PAIRS = {"name": "N", "front": "Ah Ad 2c", "middle": "Ks Kh Qs Qh 3s",
             "back": "9s 9h 9d 9c 3h"}  # fmt: skip
WEAK = {"name": "W", "front": "Kc Jd 4c", "middle": "Jh Jc 7d 6s 5h", "back": "Td Tc 8h 8s 2d"}


@pytest.mark.parametrize(
    ("announce", "natural", "points"),
    [(None, "six-pairs", 6), (True, "six-pairs", 6), (False, None, 7)],
)
def test_a_natural_is_paid_only_when_announced(client, announce, natural, points):
    six_pairs = {**SIX_PAIRS, "announce_natural": announce}
    data = post(client, {"rules": "classic-2-4", "players": [six_pairs, WEAK]}).json()
    player = data["players"][0]
    assert player["natural"] == natural
    assert player["unannounced_natural"] == (None if natural else "six-pairs")
    assert player["points"] == points


def test_the_error_for_announce_natural_in_german(client):
    error = error_of(post(client, {"players": [A, {**B, "announce_natural": 1}]}))
    message = german("Player %(number)s: “announce_natural” must be true or false.")
    assert error == {
        "code": "invalid",
        "message": message % {"number": 2},
        "field": "players[1].announce_natural",
    }


def test_fantasyland_in_pineapple(client):
    qq = {"name": "Q", "front": "Qs Qc 2c", "middle": "6h 6s 7d 7s 3c", "back": "Ts Th Td 5s 5h"}
    data = post(client, {"rules": "pineapple", "players": [qq, B]}).json()
    assert data["players"][0]["fantasyland"] == 14


def test_a_player_in_fantasyland_stays_or_leaves_by_the_stay_rule(client):
    qq = {"name": "Q", "front": "Qs Qc 2c", "middle": "6h 6s 7d 7s 3c", "back": "Ts Th Td 5s 5h"}
    trips = {**A, "name": "T"}
    players = [{**qq, "fantasyland": 14}, {**B, "fantasyland": None}]
    data = post(client, {"rules": "pineapple", "players": players}).json()
    # QQ earns an entry (14) but keeps nobody in Fantasyland; B enters with nothing.
    assert [p["fantasyland_next"] for p in data["players"]] == [None, None]
    assert data["players"][0]["fantasyland"] == 14
    data = post(client, {"rules": "pineapple", "players": [{**trips, "fantasyland": 15}, B]}).json()
    assert data["players"][0]["fantasyland_next"] == 14  # trips in the front stay: 14 cards
    data = post(client, {"rules": "pineapple", "players": [trips, B]}).json()
    assert data["players"][0]["fantasyland_next"] == 17  # entering with trips: 17


@pytest.mark.parametrize("value", ["14", True, 1.5, [14]])
def test_fantasyland_must_be_a_number_of_cards(client, value):
    response = post(client, {"rules": "pineapple", "players": [{**A, "fantasyland": value}, B]})
    error = error_of(response)
    assert error["field"] == "players[0].fantasyland"


def test_natural_is_named(client):
    dragon = {
        "name": "N",
        "front": "2s 3h 4c",
        "middle": "5d 6s 7h 8c 9d",
        "back": "Ts Jh Qc Kd As",
    }
    other = {"name": "P", "front": "Qs Qd 4d", "middle": "Jc Jd Js 8h 7c", "back": "6c 6d 6h Th Tc"}
    data = post(client, {"rules": "classic-2-4", "players": [dragon, other]}).json()
    assert data["players"][0]["natural"] == "dragon"
    assert data["players"][0]["points"] == 13


def error_of(response, status=400):
    """The error object of an API answer, after checking the status and the shape."""
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert set(error) <= {"code", "message", "field"}
    return error


@pytest.mark.parametrize(
    ("payload", "needle", "field"),
    [
        ({"players": [A, {**B, "front": "Qh Jd Xx"}]}, "Unknown card “Xx”", "players[1].front"),
        (
            {"players": [A, {**B, "front": "Qh Jd 5h"}]},
            "5h is used more than once",
            "players[1].front",
        ),
        (
            {"players": [A, {**B, "middle": "Ac Ad 9h 8d"}]},
            "5 cards needed, not 4",
            "players[1].middle",
        ),
        ({"players": [A]}, "2 to 4 players, not 1", "players"),
        (
            {"players": [A, B, {**B, "name": "C"}, {**B, "name": "D"}, {**B, "name": "E"}]},
            "2 to 4 players, not 5",
            "players",
        ),
        ({"rules": "omaha", "players": [A, B]}, "Unknown rule set “omaha”", "rules"),
        ({"rules": ["house"], "players": [A, B]}, "“rules” must be a string", "rules"),
        ({"players": "A B"}, "“players” must be a list", "players"),
        ({"players": [A, "B"]}, "Player 2 must be a JSON object", "players[1]"),
        ({"players": [A, {**B, "back": 7}]}, "“back” must be a string", "players[1].back"),
        ({"players": [A, {**B, "name": ""}]}, "“name” must be a text", "players[1].name"),
        ({"players": [A, {**B, "name": "A"}]}, "called “A”", "players[1].name"),
        (
            {"players": [A, {**B, "surrender": "yes"}]},
            "“surrender” must be false, true, “announced” or “secret”",
            "players[1].surrender",
        ),
        (
            {"players": [A, {**B, "surrender": ["secret"]}]},
            "“surrender” must be false, true",
            "players[1].surrender",
        ),
        (
            {"players": [A, {**B, "announce_natural": "no"}]},
            "“announce_natural” must be true or false",
            "players[1].announce_natural",
        ),
        (
            {
                "rules": "classic-2-4",
                "players": [A, {**B, "surrender": "secret", "announce_natural": True}],
            },
            "cannot surrender and announce",
            "players[1].announce_natural",
        ),
        (
            {"rules": "classic-2-4", "players": [A, {**B, "surrender": "secret", "front": ""}]},
            "3 cards needed, not 0",
            "players[1].front",
        ),
        (
            {"rules": "classic-units", "players": [A, {**B, "surrender": True}]},
            "only when the league switches it on",
            "players[1].surrender",
        ),
        ({"options": [], "players": [A, B]}, "“options” must be a JSON object", "options"),
        ({"options": {"swap": True}, "players": [A, B]}, "Unknown option “swap”", "options"),
        (
            {"options": {"surrender": 1}, "players": [A, B]},
            "“surrender” must be true or false",
            "options.surrender",
        ),
        (
            {"options": {"surrender": True}, "players": [A, B]},
            "no surrender to switch on",
            "options.surrender",
        ),
        ({"players": [A, {**B, "surrender": True}]}, "has no surrender", "players[1].surrender"),
        ([A, B], "must be a JSON object", None),
    ],
)
def test_bad_input_is_a_400_naming_the_problem_and_the_field(en_client, payload, needle, field):
    error = error_of(post(en_client, payload))
    assert error["code"] == "invalid"
    assert needle in error["message"]
    assert error.get("field") == field


def test_a_wrong_row_size_names_the_middle_row_of_the_second_player(en_client):
    error = error_of(post(en_client, {"players": [A, {**B, "middle": "Ac Ad 9h 8d"}]}))
    assert error["field"] == "players[1].middle"
    assert error["message"] == "B, Middle: 5 cards needed, not 4."


def test_an_unknown_card_says_which_player_and_row_in_german_by_default(client):
    error = error_of(post(client, {"players": [A, {**B, "middle": "Ac Ad 9h 8d Zz"}]}))
    where = german("Player %(number)s, %(row)s: %(message)s")
    message = where % {"number": 2, "row": "Mitte", "message": "Unbekannte Karte „Zz“."}
    assert error == {"code": "invalid", "message": message, "field": "players[1].middle"}


def test_an_unknown_card_in_english(en_client):
    error = error_of(post(en_client, {"players": [A, {**B, "middle": "Ac Ad 9h 8d Zz"}]}))
    assert error["message"] == "Player 2, Middle: Unknown card “Zz”."


def test_a_long_bad_token_is_shortened_to_20_characters(en_client):
    token = "Q" * 60000
    error = error_of(post(en_client, {"players": [A, {**B, "back": token}]}))
    assert error["field"] == "players[1].back"
    assert f"“{'Q' * 19}…”" in error["message"]
    assert len(error["message"]) < 100


def test_a_long_unknown_rule_set_is_shortened(en_client):
    error = error_of(post(en_client, {"rules": "x" * 50000, "players": [A, B]}))
    assert error["field"] == "rules"
    assert len(error["message"]) < 200


@pytest.mark.parametrize("body", [b"{", b"", b"\xff\xfe", b"null x", "{'rules': 1}"])
def test_malformed_json(en_client, body):
    error = error_of(post(en_client, body))
    assert error == {"code": "malformed_json", "message": "The request body is not valid JSON."}


def test_malformed_json_in_german(client):
    message = error_of(post(client, b"{"))["message"]
    assert message == german("The request body is not valid JSON.")


def test_deeply_nested_json(client):
    response = post(client, "[" * 30000 + "]" * 30000)
    assert error_of(response)["code"] == "too_deep"


def test_body_over_64_kb(en_client):
    payload = {"players": [A, B], "padding": "x" * (64 * 1024)}
    error = error_of(post(en_client, payload), status=413)
    assert error["code"] == "too_large"
    assert "64 KB" in error["message"]


@pytest.mark.parametrize("length", ["abc", "-1", "1e3", "²"])
def test_a_malformed_content_length_is_a_400(en_client, length):
    error = error_of(post(en_client, {"players": [A, B]}, CONTENT_LENGTH=length))
    assert error["code"] == "bad_content_length"
    assert "Content-Length" in error["message"]


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_other_methods_get_a_json_405(en_client, method):
    response = getattr(en_client, method)(API)
    error = error_of(response, status=405)
    assert response["Allow"] == "POST"
    assert error == {
        "code": "method_not_allowed",
        "message": "This address answers only POST requests.",
    }


def test_a_405_in_german(client):
    error = error_of(client.get(API), status=405)
    assert error["message"] == german("This address answers only %(methods)s requests.") % {
        "methods": "POST"
    }
