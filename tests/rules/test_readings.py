"""The rules page's readings of the points where OFC engines differ say what the engine does:
each statement is checked here against the engine directly, not against the page's own
helpers."""

import pytest
from django.utils import translation

from ofcleague.rules import readings
from ofcleague.scoring import RULE_SETS, fantasyland, score_rows

# Every page of a league reads its league (ofcleague/urls/middleware.py).
pytestmark = pytest.mark.django_db

OPPONENT = ("4h 6d 7c", "6h 7h 9d 9s Jc", "Th Jh Td Tc 2d")


def score(rules, *boards):
    players = [
        {"name": str(i), "front": f, "middle": m, "back": b} for i, (f, m, b) in enumerate(boards)
    ]
    return score_rows(rules, players).players


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize("rules", ["house", "pineapple"])
def test_a_front_equal_to_the_middle_as_far_as_it_goes_is_legal(rules):
    equal = score(rules, ("Qh Qd 5c", "Qs Qc 5d 3s 2h", "Kh Kd Ks 8c 8s"), OPPONENT)[0]
    stronger = score(rules, ("Qh Qd 5c", "Qs Qc 4d 3s 2h", "Kh Kd Ks 8c 8s"), OPPONENT)[0]
    assert not equal.fouled and stronger.fouled
    reading = readings.front_equal()
    assert reading["legal"] and reading["reading"].startswith("Legal.")
    assert "Only a stronger front fouls" in reading["reading"]


@pytest.mark.parametrize("rules", ["house", "pineapple"])
def test_equal_middle_and_back_rows_are_legal(rules):
    fouled, valid = score(rules, readings.FOULED, readings.MIDDLE_EQUAL)
    assert not valid.fouled and valid.royalties.middle == 4 and valid.royalties.back == 2
    assert readings.middle_equal()["reading"].startswith("Legal")


@pytest.mark.parametrize("rules", ["house", "pineapple"])
def test_a_fouled_hand_pays_6_plus_the_valid_hands_royalties(rules):
    fouled, valid = score(rules, readings.FOULED, readings.MIDDLE_EQUAL)
    assert fouled.fouled and fouled.royalties.total == 0
    assert valid.points == 6 + valid.royalties.total == -fouled.points
    both = score(rules, readings.FOULED, ("As Ad Jc", "9s 8h 7d 6c 5s", "Ah 4h 2c 3d 9h"))
    assert [player.points for player in both] == [0, 0] and all(p.fouled for p in both)
    reading = readings.foul_pays()
    assert reading["points"] == 12 and reading["royalties"] == 6
    assert (
        "6 (all three rows and the scoop) plus the valid hand's own royalties"
        in (reading["reading"])
    )
    assert "gets 12" in reading["reading"] and "settle 0" in reading["reading"]


def test_the_cards_dealt_in_fantasyland_are_the_rule_sets():
    pineapple = RULE_SETS["pineapple"]
    fronts = {"Qh Qd 4d": 14, "Kh Kd 4d": 15, "Ah Ad 4d": 16, "2h 2d 2c": 17, "Js Jd 4d": None}
    for front, cards in fronts.items():
        board = (front, "3h 3s 3c 5c 6d", "Tc Td Ts 8c 8s")
        player = score("pineapple", board, readings.OTHER)[0]
        assert fantasyland.next_cards(pineapple, player, in_fantasyland=False) == cards, front
    queens = score("pineapple", readings.QUEENS, readings.OTHER)[0]
    trips = score("pineapple", readings.TRIPS, readings.OTHER)[0]
    assert fantasyland.next_cards(pineapple, queens, in_fantasyland=True) is None
    assert fantasyland.next_cards(pineapple, trips, in_fantasyland=True) == 14
    reading = readings.fantasyland_cards()
    (line,) = reading["lines"]
    assert "QQ: 14, KK: 15, AA: 16, Three of a kind: 17" in line["text"]
    assert "dealt 14 cards again" in line["text"]
    assert (
        "Three of a kind in the front; Full house or better in the middle; "
        "Four of a kind or better in the back" in line["text"]
    )
    assert "A QQ front in Fantasyland is no stay." in line["text"]
    for key in ("house", "classic-2-4", "classic-units"):
        assert not RULE_SETS[key].fantasyland
        assert str(RULE_SETS[key].label) in reading["reading"]


def test_the_rules_page_prints_every_reading(client):
    page = client.get("/ofc-runde/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="readings"' in page
    for key in ("front-equal", "middle-equal", "foul-pays", "fantasyland"):
        assert f'data-reading="{key}"' in page
    # The stay rule, also under the Pineapple rule set's Fantasyland table (German page).
    german = client.get("/ofc-runde/rules/").content.decode()
    assert 'class="fantasyland-stay"' in german
