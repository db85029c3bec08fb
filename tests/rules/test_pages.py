import re

import pytest
from django.urls import reverse

from ofcleague.scoring import RULE_SETS
from tests.conftest import german_text

# Every page of a league reads its league (ofcleague/urls/middleware.py).
pytestmark = pytest.mark.django_db

CALCULATOR = "/ofc-runde/calculator/"
RULES = "/ofc-runde/rules/"

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
    assert reverse("rules:api_score") == "/ofc-runde/api/score/"


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
    assert "/ofc-runde/api/score/" in html
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
    data = form_data(p0=A, p1=B, p2={"surrender": "announced"})
    response = en_client.post(CALCULATOR, data)
    assert "has no surrender" in response.context["form"].errors["p2_surrender"][0]


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_calculator_every_rule_set(client, rules):
    response = client.post(CALCULATOR, form_data(rules, p0=A, p1=B))
    assert response.context["result"]["rules"].key == rules


def test_calculator_unknown_rule_set_is_a_field_error(client):
    response = client.post(CALCULATOR, form_data("poker", p0=A, p1=B))
    assert "rules" in response.context["form"].errors


# The choices at the table: surrender (announced or secret, off in the unit count) and naturals.
def rule_set_html(html, key):
    """The article of one rule set on the rules page."""
    start = html.index(f'id="rules-{key}"')
    end = html.find('<article class="card rule-set"', start)
    return html[start : end if end != -1 else len(html)]


def test_rules_page_shows_both_kinds_of_surrender_for_the_two_four_count(en_client):
    html = en_client.get(RULES).content.decode()
    two_four = rule_set_html(html, "classic-2-4")
    assert 'id="rules-classic-2-4-announced"' in two_four
    assert 'id="rules-classic-2-4-secret"' in two_four
    assert "the surrender is void and the hand is played" in two_four
    assert "Surrender costs 2 to each player who plays on." in two_four


def test_rules_page_says_the_unit_count_has_surrender_only_when_switched_on(en_client):
    units = rule_set_html(en_client.get(RULES).content.decode(), "classic-units")
    assert "no surrender unless the league switches it on" in units
    assert "Surrender costs" not in units


def test_rules_page_has_no_surrender_for_ofc(en_client):
    house = rule_set_html(en_client.get(RULES).content.decode(), "house")
    assert "surrender-kinds" not in house
    assert "natural-announcement" not in house


def test_rules_page_says_a_natural_pays_only_when_announced(en_client):
    html = en_client.get(RULES).content.decode()
    for key in ("classic-2-4", "classic-units"):
        assert "counts only if its holder says so" in rule_set_html(html, key)


def test_rules_page_choices_in_german(client):
    html = client.get(RULES).content.decode()
    assert 'id="rules-classic-2-4-secret"' in html
    assert german_text("Secret surrender") in html
    assert (
        german_text("Surrender costs %(points)s to each player who plays on.") % {"points": 2}
        in html
    )


MIS_SET = {"front": "6h 6d 4c", "middle": "As Ah Ac Ks Kc", "back": "Qs Qh 9d 8c 4s"}


def test_calculator_offers_the_surrender_kinds_and_the_quiet_natural(en_client):
    response = en_client.get(CALCULATOR)
    html = response.content.decode()
    assert '<option value="announced">Announced surrender</option>' in html
    assert '<option value="secret">Secret surrender</option>' in html
    assert 'name="p0_quiet_natural"' in html
    assert 'name="surrender_on"' in html
    data = response.context["picker"]
    assert data["surrender"]["classic-units"] is True
    assert data["surrender"]["house"] is False
    assert data["naturals"] == {
        "house": False,
        "pineapple": False,
        "classic-2-4": True,
        "classic-units": True,
    }


def test_calculator_secret_surrender_on_a_correct_hand_is_shown_void(en_client):
    data = form_data("classic-2-4", p0=A, p1={**B, "surrender": "secret"})
    response = en_client.post(CALCULATOR, data)
    player = response.context["result"]["players"][1]
    assert (player["surrendered"], player["surrender_void"]) == (False, True)
    assert "Surrender void" in response.content.decode()


def test_calculator_secret_surrender_on_a_mis_set_hand(en_client):
    data = form_data("classic-2-4", p0={**MIS_SET, "surrender": "secret"}, p1=A)
    response = en_client.post(CALCULATOR, data)
    assert response.context["result"]["players"][0]["points"] == -2
    assert "Secret surrender" in response.content.decode()


def test_calculator_unit_count_surrender_needs_the_option(en_client):
    seats = {"p0": {"surrender": "announced"}, "p1": A}
    response = en_client.post(CALCULATOR, form_data("classic-units", **seats))
    errors = response.context["form"].errors["p0_surrender"]
    assert "only when the league switches it on" in errors[0]
    data = {**form_data("classic-units", **seats), "surrender_on": "on"}
    response = en_client.post(CALCULATOR, data)
    assert response.context["result"]["players"][0]["points"] == -2


def test_calculator_surrender_option_under_ofc_is_an_error_next_to_it(en_client):
    data = {**form_data("house", p0=A, p1=B), "surrender_on": "on"}
    response = en_client.post(CALCULATOR, data)
    assert "no surrender to switch on" in response.context["form"].errors["surrender_on"][0]
    assert response.context["result"] is None


SIX_PAIRS = {"front": "Ah Ad 2c", "middle": "Ks Kh Qs Qh 3s", "back": "9s 9h 9d 9c 3h"}
WEAK = {"front": "Kc Jd 4c", "middle": "Jh Jc 7d 6s 5h", "back": "Td Tc 8h 8s 2d"}


def test_calculator_plays_out_a_natural_kept_quiet(en_client):
    announced = en_client.post(CALCULATOR, form_data("classic-2-4", p0=SIX_PAIRS, p1=WEAK))
    assert announced.context["result"]["players"][0]["points"] == 6
    quiet = form_data("classic-2-4", p0={**SIX_PAIRS, "quiet_natural": "on"}, p1=WEAK)
    response = en_client.post(CALCULATOR, quiet)
    assert response.context["result"]["players"][0]["points"] == 7
    assert "Natural not announced (Six pairs): rows played" in response.content.decode()


def test_calculator_a_short_row_with_a_secret_surrender_is_named_at_the_row(en_client):
    # A surrender with cards that do not fit names the row, next to its field.
    data = form_data("classic-2-4", p0={**A, "back": "Js Ts", "surrender": "secret"}, p1=B)
    response = en_client.post(CALCULATOR, data)
    assert "5 cards needed" in response.context["form"].errors["p0_back"][0]


def _default_badge(html):
    """The key of the rule set the page marks as the league's default."""
    return re.findall(r'id="rules-([\w-]+)">\s*<h3>[^<]*<span class="badge">', html)


def test_the_rules_page_marks_the_leagues_own_rule_set_and_follows_a_change(client):
    """A classic league's rules page marks classic 2-4 as its default, not the history
    league's house OFC; after the owner switches the variant, a visitor asking again with the
    old ETag gets the new page (issue 36, point 7: a league's pages show what it plays)."""
    from ofcleague.league.models import Variant
    from ofcleague.league.services.leagues import change_league, start_league
    from tests.factories import UserFactory

    owner = UserFactory()
    league = start_league(owner, "Friday Classic", language="en", variant=Variant.CLASSIC)
    first = client.get(f"/{league.slug}/rules/")
    assert _default_badge(first.content.decode()) == ["classic-2-4"]
    change_league(owner, league, variant=Variant.PINEAPPLE)
    again = client.get(f"/{league.slug}/rules/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert _default_badge(again.content.decode()) == ["pineapple"]
