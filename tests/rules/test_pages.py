import re

import pytest
from django.urls import reverse

from ofcleague.scoring import RULE_SETS

CALCULATOR = "/calculator/"
RULES = "/rules/"

A = {"front": "5h 5d 5c", "middle": "3s 3h 3d 3c 2s", "back": "Js Ts 9s 8s 7s"}
B = {"front": "Qh Jd 2h", "middle": "Ac Ad 9h 8d 6c", "back": "Kh Kd Kc 4h 4d"}


def form_data(rules="house", **seats):
    data = {"rules": rules}
    for seat, rows in seats.items():
        for key, value in rows.items():
            data[f"{seat}_{key}"] = value
    return data


def test_urls():
    assert reverse("rules:rules") == RULES
    assert reverse("rules:calculator") == CALCULATOR
    assert reverse("rules:api_score") == "/api/score/"


def test_rules_page_renders_every_rule_set_from_the_engine(en_client):
    response = en_client.get(RULES)
    assert response.status_code == 200
    html = response.content.decode()
    for rules in RULE_SETS.values():
        assert f'id="rules-{rules.key}"' in html
    # The league's middle royal flush (40) and Pineapple's (50) both come from the tables.
    assert ">40<" in html.replace(" ", "").replace("\n", "")
    assert ">50<" in html.replace(" ", "").replace("\n", "")


def test_rules_page_examples_are_computed(en_client):
    response = en_client.get(RULES)
    examples = response.context["examples"]
    assert examples["scoop"]["players"][0]["points"] == 39
    assert examples["foul"]["players"][0]["fouled"] is True
    assert examples["classic"]["players"][0]["points"] == -5
    assert sum(p["points"] for p in examples["three_players"]["players"]) == 0
    assert "+39" in response.content.decode()


def test_rules_page_is_german_by_default(client):
    html = client.get(RULES).content.decode()
    assert 'lang="de"' in html
    assert "Reihe" in html


def test_rules_page_in_english(en_client):
    html = en_client.get(RULES).content.decode()
    assert 'lang="en"' in html
    assert "Scoring by rule set" in html


def test_calculator_form_is_empty_on_get(client):
    response = client.get(CALCULATOR)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="calculator-data"' in html
    assert "js/calculator.js" in html
    assert "/api/score/" in html
    assert response.context["result"] is None
    # No inline scripts or styles under the Content Security Policy.
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", html)
    assert "style=" not in html


def test_calculator_scores_a_posted_hand(en_client):
    response = en_client.post(
        CALCULATOR, form_data(p0={"name": "Anna", **A}, p1={"name": "Ben", **B})
    )
    assert response.status_code == 200
    result = response.context["result"]
    assert [p["points"] for p in result["players"]] == [39, -39]
    assert result["pairs"][0]["rows"][0]["winner"] == "Anna"
    html = response.content.decode()
    assert "+39" in html
    assert "Straight flush" in html


def test_calculator_names_empty_seats_and_skips_unused_ones(en_client):
    response = en_client.post(CALCULATOR, form_data(p0=A, p2=B))
    names = [p["name"] for p in response.context["result"]["players"]]
    assert names == ["Player 1", "Player 3"]


def test_calculator_error_stays_next_to_its_field_and_keeps_input(en_client):
    data = form_data(p0=A, p1={**B, "middle": "Ac Ad 9h 8d Zz"})
    response = en_client.post(CALCULATOR, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["p1_middle"] == ["Unknown card “Zz”."]
    assert response.context["result"] is None
    html = response.content.decode()
    assert 'value="Ac Ad 9h 8d Zz"' in html
    assert 'aria-invalid="true"' in html


def test_calculator_error_in_german(client):
    data = form_data(p0=A, p1={**B, "middle": "Ac Ad 9h 8d"})
    response = client.post(CALCULATOR, data)
    message = response.context["form"].errors["p1_middle"][0]
    assert "Karten" in message


def test_calculator_duplicate_card_marks_the_second_use(en_client):
    data = form_data(p0=A, p1={**B, "front": "Qh Jd 5h"})
    response = en_client.post(CALCULATOR, data)
    assert "5h" in response.context["form"].errors["p1_front"][0]


def test_calculator_needs_two_players(en_client):
    response = en_client.post(CALCULATOR, form_data(p0=A))
    assert response.context["form"].non_field_errors() == [
        "Enter the rows of at least two players."
    ]


def test_calculator_surrender_under_house_rules_is_an_error(en_client):
    data = form_data(p0=A, p1=B, p2={"surrender": "on"})
    response = en_client.post(CALCULATOR, data)
    assert "has no surrender" in response.context["form"].errors["p2_surrender"][0]


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_calculator_every_rule_set(client, rules):
    response = client.post(CALCULATOR, form_data(rules, p0=A, p1=B))
    assert response.context["result"]["rules"].key == rules


def test_calculator_unknown_rule_set_is_a_field_error(client):
    response = client.post(CALCULATOR, form_data("poker", p0=A, p1=B))
    assert "rules" in response.context["form"].errors
