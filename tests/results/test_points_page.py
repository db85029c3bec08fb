"""The points page as the server renders it: one obvious path, round by round, errors that
say what to do. (The script's part is in tests/browser/test_points_flow.py.)"""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from ofcleague.league.models import RoundScore, Status
from tests.factories import PlayerFactory
from tests.results.conftest import seat_ids
from tests.results.test_views import new_evening_data, order_data, points_data

pytestmark = pytest.mark.django_db

FULL = ([5, -3, 0, -2], [1, -1, 0, 0], [0, 0, 2, -2])


def url_of(evening):
    return reverse("results:evening_points", args=[evening.pk])


def main_button(html):
    return re.search(r'<button type="submit" id="main-action"[^>]*>([^<]*)</button>', html)


def test_the_main_button_saves_until_every_round_is_in_then_finishes(
    keeper_client, running_evening
):
    url = url_of(running_evening)
    button = main_button(keeper_client.get(url).content.decode())
    assert 'name="save"' in button.group(0) and button.group(1) == "Punkte speichern"
    # Every round in but not finished yet (saved without finishing): the main button finishes.
    keeper_client.post(url, points_data(running_evening, *FULL, save=""))
    running_evening.refresh_from_db()
    assert running_evening.status == Status.IN_PROGRESS
    button = main_button(keeper_client.get(url).content.decode())
    assert 'name="finish"' in button.group(0)
    assert button.group(1) == "Speichern und Abend beenden"


def test_the_main_button_on_a_full_grid_finishes_with_the_default_prizes(
    keeper_client, running_evening
):
    response = keeper_client.post(
        url_of(running_evening), points_data(running_evening, *FULL, finish="")
    )
    assert response.url == running_evening.get_absolute_url()
    running_evening.refresh_from_db()
    assert running_evening.status == Status.FINISHED
    assert running_evening.pot == Decimal("40.00")
    prizes = dict(running_evening.seats.values_list("player__name", "prize"))
    assert prizes["Anna"] == Decimal("26.67") and prizes["Cleo"] == Decimal("13.33")


def test_saving_a_round_stays_on_the_points_page_and_says_what_comes_next(
    keeper_client, running_evening
):
    url = url_of(running_evening)
    response = keeper_client.post(url, points_data(running_evening, FULL[0]), follow=True)
    assert response.redirect_chain == [(url, 302)]
    messages = [str(message) for message in response.context["messages"]]
    assert any("1" in message and "2" in message for message in messages)


def test_cells_run_down_the_round_and_return_cannot_submit(keeper_client, running_evening):
    html = keeper_client.get(url_of(running_evening)).content.decode()
    order = [int(number) for number in re.findall(r'name="p_\d+_(\d+)"', html)]
    # Round 1's four players, then round 2's: the order "next" and Tab take.
    assert order[:8] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert html.count('enterkeyhint="next"') == 12
    assert "merge-box" not in html
    # The first submit button of the form answers Return; it is disabled, so Return does
    # nothing by itself (the script moves on or saves a complete round).
    form = html[html.index('id="points-form"') :]
    first = re.search(r"<button[^>]*>", form).group(0)
    assert 'type="submit"' in first and "disabled" in first


def test_empty_cells_are_no_zero_and_players_without_points_no_place(
    keeper_client, running_evening
):
    data = points_data(running_evening, [3, -3, None, None])
    response = keeper_client.post(url_of(running_evening), data)
    form = response.context["form"]
    places = {seat.player.name: place for seat, _total, place in form.standings()}
    assert places == {"Anna": 1, "Bert": 2, "Cleo": None, "Dora": None}
    html = response.content.decode()
    assert 'class="num round-sum ok"' not in html
    assert not RoundScore.objects.exists()


def test_no_tie_question_before_every_round_is_in(keeper_client, running_evening):
    url = url_of(running_evening)
    keeper_client.post(url, points_data(running_evening, [5, 0, 0, -5]))
    html = keeper_client.get(url).content.decode()
    assert 'id="tie-breaks" hidden' in html


def test_a_non_number_is_kept_and_answered(keeper_client, running_evening):
    data = points_data(running_evening, [5, -5, 0, 0])
    data[f"p_{seat_ids(running_evening)[1]}_1"] = "5e"
    response = keeper_client.post(url_of(running_evening), data)
    html = response.content.decode()
    assert 'value="5e"' in html
    assert "Nur ganze Zahlen." in html


def test_the_error_summary_links_every_problem_to_its_field(keeper_client, running_evening):
    seats = seat_ids(running_evening)
    data = points_data(running_evening, [5, None, -5, None])
    response = keeper_client.post(url_of(running_evening), data)
    html = response.content.decode()
    summary = html[html.index('id="form-errors"') : html.index("</ul>", html.index("form-errors"))]
    assert 'tabindex="-1"' in html[html.index('<div class="form-errors"') :][:200]
    assert f'href="#id_p_{seats[1]}_1"' in summary and f'href="#id_p_{seats[3]}_1"' in summary
    assert "Bert, Runde 1" in summary
    assert "Bitte prüf die markierten Felder." not in html


def test_a_one_cell_correction_names_the_cells_that_could_balance_it(
    keeper_client, running_evening
):
    url = url_of(running_evening)
    keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2]))
    response = keeper_client.post(url, points_data(running_evening, [6, -3, 0, -2]))
    round_errors = response.context["form"].round_errors[1]
    assert len(round_errors) == 2
    assert "(Bert, Cleo, Dora)" in round_errors[1]
    assert sorted(RoundScore.objects.values_list("points", flat=True)) == [-3, -2, 0, 5]


def test_the_prize_page_names_the_players_next_to_their_places(keeper_client, running_evening):
    keeper_client.post(
        reverse("results:evening_order", args=[running_evening.pk]),
        order_data(seat_ids(running_evening), [2, 1, 3, 3]),
    )
    form = keeper_client.get(reverse("results:evening_prizes", args=[running_evening.pk])).context[
        "form"
    ]
    labels = [str(form[f"payout_{place}"].label) for place in (1, 2, 3, 4)]
    assert labels[0].endswith(": Bert") and labels[1].endswith(": Anna")
    # Cleo and Dora share third place and with it the money of places 3 and 4.
    assert labels[2].endswith(": Cleo, Dora") and labels[3].endswith(": Cleo, Dora")


def test_the_calculator_comes_back_at_its_focusable_result(client):
    hands = {
        "rules": "house",
        "p0_front": "5h 5d 5c",
        "p0_middle": "3s 3h 3d 3c 2s",
        "p0_back": "Js Ts 9s 8s 7s",
        "p1_front": "Qh Jd 2h",
        "p1_middle": "Ac Ad 9h 8d 6c",
        "p1_back": "Kh Kd Kc 4h 4d",
    }
    html = client.post(reverse("rules:calculator"), hands).content.decode()
    assert f'action="{reverse("rules:calculator")}#result"' in html
    assert re.search(r'<section id="result"[^>]*tabindex="-1"', html)


def test_every_scorekeeping_form_lists_its_problems_linked_to_the_fields(keeper_client):
    PlayerFactory(name="Anna")
    data = new_evening_data(new_players="Solo", rounds="99")
    html = keeper_client.post(reverse("results:evening_new"), data).content.decode()
    summary = html[html.index('id="form-errors"') :]
    assert 'href="#id_players_0"' in summary and 'href="#id_rounds"' in summary
    assert "js/forms.js" in html
