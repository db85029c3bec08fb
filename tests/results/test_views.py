from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore, Status
from ofcleague.results.changes import evening_changes
from tests.factories import EveningFactory, PlayerFactory, UserFactory
from tests.results.conftest import seat_ids
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db


def points_data(evening, *rounds, version=None, shown=None, **extra):
    """A posted points page: ``rounds`` as typed, over the values the page showed (``shown``,
    else what is saved now, as on a page just loaded)."""
    evening.refresh_from_db()
    saved = {
        (score.evening_player_id, score.round_number): score.points
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }
    data = {"version": version or evening.version, **extra}
    for index, seat in enumerate(seat_ids(evening)):
        for number in range(1, evening.rounds + 1):
            if shown is None:
                original = saved.get((seat, number))
            else:
                original = shown[number - 1][index] if number <= len(shown) else None
            data[f"o_{seat}_{number}"] = "" if original is None else original
        for number, values in enumerate(rounds, 1):
            value = values[index]
            data[f"p_{seat}_{number}"] = "" if value is None else value
    return data


def order_data(seats, places, version=1):
    return {
        "version": version,
        **{f"place_{seat}": place for seat, place in zip(seats, places, strict=True)},
    }


def new_evening_data(**overrides):
    data = {
        "date": "2026-11-27",
        "start_time": "19:00",
        "buy_in": "10",
        "rounds": "3",
        "hands_per_round": "15",
        "variant": "pineapple",
        "location": "",
        "notes": "",
        "new_players": "",
    }
    data.update(overrides)
    return data


def test_anonymous_users_are_sent_to_the_login_page(client, running_evening):
    for url in [
        reverse("results:evening_new"),
        reverse("results:evening_points", args=[running_evening.pk]),
        reverse("results:evening_delete", args=[running_evening.pk]),
        reverse("results:deleted"),
    ]:
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_users_without_the_permission_get_403(client, running_evening):
    client.force_login(UserFactory())
    assert client.get(reverse("results:evening_new")).status_code == 403
    url = reverse("results:evening_points", args=[running_evening.pk])
    assert client.post(url, points_data(running_evening, [1, -1, 0, 0])).status_code == 403
    assert not RoundScore.objects.exists()


def test_new_evening_is_prefilled_with_the_league_defaults(keeper_client, first_league):
    EveningFactory(buy_in="15.00", rounds=4, hands_per_round=12, variant="ofc")
    League.objects.filter(pk=first_league.pk).update(
        buy_in="7.50", rounds=2, hands_per_round=9, variant="classic", rule_set="classic-units"
    )
    form = keeper_client.get(reverse("results:evening_new")).context["form"]
    assert form.initial["buy_in"] == Decimal("7.50") and form.initial["rounds"] == 2
    assert form.initial["hands_per_round"] == 9 and form.initial["variant"] == "classic"
    assert form.initial["rule_set"] == "classic-units"


def test_players_are_offered_most_frequent_first(keeper_client):
    rare, frequent = PlayerFactory(name="Aaron"), PlayerFactory(name="Zora")
    for _ in range(2):
        EveningPlayer.objects.create(evening=EveningFactory(), player=frequent)
    EveningPlayer.objects.create(evening=EveningFactory(), player=rare)
    form = keeper_client.get(reverse("results:evening_new")).context["form"]
    assert [choice.choice_label for choice in form["players"]][:2] == ["Zora", "Aaron"]


def test_create_an_evening_with_known_and_new_players(keeper_client):
    anna = PlayerFactory(name="Anna")
    data = new_evening_data(players=[anna.pk], new_players="anna, Bert, Cleo")
    response = keeper_client.post(reverse("results:evening_new"), data)
    evening = Evening.objects.get()
    assert response.url == reverse("results:evening_points", args=[evening.pk])
    assert sorted(evening.seats.values_list("player__name", flat=True)) == [
        "Anna",
        "Bert",
        "Cleo",
    ]
    assert evening.status == Status.IN_PROGRESS
    assert Player.objects.count() == 3


def test_new_evening_with_one_player_keeps_the_input(keeper_client):
    data = new_evening_data(new_players="Solo", location="Bei Anna")
    response = keeper_client.post(reverse("results:evening_new"), data)
    assert response.status_code == 200
    assert response.context["form"].errors["players"] == [
        "Zu einem Abend gehören mindestens 2 Spieler."
    ]
    assert 'value="Bei Anna"' in response.content.decode()
    assert not Evening.objects.exists() and not Player.objects.exists()


def test_bad_evening_fields_get_messages_not_errors(keeper_client):
    data = new_evening_data(new_players="A, B", rounds="99", buy_in="-3", date="gestern")
    response = keeper_client.post(reverse("results:evening_new"), data)
    assert response.status_code == 200
    assert {"rounds", "buy_in", "date"} <= set(response.context["form"].errors)
    assert not Evening.objects.exists()


def test_points_grid_saves_and_recomputes_places(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    response = keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2]))
    # Saving a round of an evening still being played stays on the points page.
    assert response.url == url
    places = dict(running_evening.seats.values_list("player__name", "place"))
    assert places == {"Anna": 1, "Bert": 4, "Cleo": 2, "Dora": 3}
    page = page_text(keeper_client.get(running_evening.get_absolute_url()))
    assert "Änderungen" in page and "Anna, Runde 1" in page


def test_points_grid_names_the_round_that_does_not_add_up(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    response = keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2], [4, 0, 0, 0]))
    assert response.status_code == 200
    text = page_text(response)
    assert "Runde 2 ergibt nicht null, sondern +4." in text
    assert response.context["form"].round_errors[2]
    assert 'value="4"' in response.content.decode()
    assert not RoundScore.objects.exists()


def test_points_grid_marks_missing_cells_and_non_numbers(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    seats = seat_ids(running_evening)
    data = points_data(running_evening, [5, None, -5, 0])
    data[f"p_{seats[0]}_2"] = "1.5"
    response = keeper_client.post(url, data)
    errors = response.context["form"].errors
    assert f"p_{seats[0]}_2" in errors
    response = keeper_client.post(url, points_data(running_evening, [5, None, -5, 0]))
    assert f"p_{seats[1]}_1" in response.context["form"].errors
    assert not RoundScore.objects.exists()


def test_second_save_from_an_old_page_asks_where_both_changed_a_value(
    keeper_client, running_evening
):
    url = reverse("results:evening_points", args=[running_evening.pk])
    keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2], version=1))
    # A page still showing the empty grid typed other values into the same round.
    data = points_data(running_evening, [9, -9, 0, 0], version=1, shown=[[None] * 4])
    response = keeper_client.post(url, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.merge_message() in form.non_field_errors()
    assert 'value="9"' in response.content.decode()
    assert str(form["version"].value()) == "2"
    # Anna, Bert and Dora were changed on both phones; Cleo's 0 is the same on both.
    assert len(form.conflict_cells) == 3
    assert sorted(RoundScore.objects.values_list("points", flat=True)) == [-3, -2, 0, 5]


def test_finish_with_prizes_leads_to_prizes_prefilled_from_the_default_split(
    keeper_client, running_evening
):
    url = reverse("results:evening_points", args=[running_evening.pk])
    rounds = ([5, -3, 0, -2], [1, -1, 0, 0], [0, 0, 2, -2])
    data = points_data(running_evening, *rounds, finish_prizes="")
    response = keeper_client.post(url, data)
    assert response.url == reverse("results:evening_prizes", args=[running_evening.pk])
    form = keeper_client.get(response.url).context["form"]
    assert form["pot"].value() == 40
    assert [form[f"payout_{place}"].value() for place in (1, 2, 3)] == [
        Decimal("26.67"),
        Decimal("13.33"),
        0,
    ]


def test_prizes_that_do_not_add_up_say_by_how_much(keeper_client, running_evening):
    seats = seat_ids(running_evening)
    keeper_client.post(
        reverse("results:evening_order", args=[running_evening.pk]),
        order_data(seats, [1, 1, 3, 4]),
    )
    url = reverse("results:evening_prizes", args=[running_evening.pk])
    data = {"version": 2, "pot": "40", "payout_1": "30", "payout_2": "15", "payout_3": "0"}
    response = keeper_client.post(url, data)
    assert "5,00 €" in str(response.context["form"].errors["pot"])
    data["payout_2"] = "10"
    keeper_client.post(url, data)
    prizes = dict(running_evening.seats.values_list("player__name", "prize"))
    assert prizes["Anna"] == prizes["Bert"] == 20


def test_finishing_order_form_refuses_gaps(keeper_client, running_evening):
    seats = seat_ids(running_evening)
    url = reverse("results:evening_order", args=[running_evening.pk])
    data = order_data(seats, [1, 2, 2, 3])
    response = keeper_client.post(url, data)
    assert f"place_{seats[3]}" in response.context["form"].errors
    assert not running_evening.seats.filter(place__isnull=False).exists()


def test_delete_asks_first_and_can_be_undone(keeper_client, running_evening):
    pk = running_evening.pk
    url = reverse("results:evening_delete", args=[pk])
    assert "Ja, diesen Abend löschen" in page_text(keeper_client.get(url))
    assert Evening.objects.filter(pk=pk).exists()
    response = keeper_client.post(url, {"version": 1})
    assert response.url == reverse("results:deleted")
    assert not Evening.objects.filter(pk=pk).exists()
    assert keeper_client.get(reverse("results:evening_restore", args=[pk])).status_code == 405
    response = keeper_client.post(reverse("results:evening_restore", args=[pk]))
    assert response.url == reverse("results:evening", args=[pk])
    assert Evening.objects.get(pk=pk).seats.count() == 4


def test_change_history_shows_who_changed_what(keeper_client, running_evening, scorekeeper):
    url = reverse("results:evening_points", args=[running_evening.pk])
    keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2], version=1))
    keeper_client.post(url, points_data(running_evening, [6, -4, 0, -2], version=2))
    text = page_text(keeper_client.get(running_evening.get_absolute_url()))
    assert "keeper" in text
    assert "Anna, Runde 1: Punkte 5 → 6" in text


def test_change_history_takes_a_fixed_number_of_queries(running_evening, scorekeeper):
    seats = seat_ids(running_evening)
    RoundScore.objects.create(evening_player_id=seats[0], round_number=1, points=1)
    with CaptureQueriesContext(connection) as few:
        evening_changes(running_evening.pk)
    for seat in seats[1:]:
        RoundScore.objects.create(evening_player_id=seat, round_number=1, points=1)
    with CaptureQueriesContext(connection) as many:
        changes = evening_changes(running_evening.pk)
    assert len(few) == len(many) <= 6
    assert len(changes) > 4


@override_settings(MEMBERS_ONLY=True)
def test_members_only_sends_anonymous_users_to_login(client, running_evening):
    response = client.get(running_evening.get_absolute_url())
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert client.get(reverse("login")).status_code == 200
    client.force_login(UserFactory())
    assert client.get(running_evening.get_absolute_url()).status_code == 200


def test_public_by_default(client, running_evening):
    assert client.get(running_evening.get_absolute_url()).status_code == 200


def edit_data(evening, players, **overrides):
    data = new_evening_data(
        date=evening.date.isoformat(), version=evening.version, players=players, **overrides
    )
    return data


def test_edit_evening_keeps_an_inactive_player_and_adds_a_new_one(keeper_client, running_evening):
    Player.objects.filter(name="Dora").update(active=False)
    url = reverse("results:evening_edit", args=[running_evening.pk])
    form = keeper_client.get(url).context["form"]
    assert "Dora" in [choice.choice_label for choice in form["players"]]
    seated = list(running_evening.seats.values_list("player", flat=True))
    response = keeper_client.post(url, edit_data(running_evening, seated, new_players="Emil"))
    assert response.url == running_evening.get_absolute_url()
    assert running_evening.seats.count() == 5


def test_edit_from_an_old_page_is_refused(keeper_client, running_evening):
    url = reverse("results:evening_edit", args=[running_evening.pk])
    seated = list(running_evening.seats.values_list("player", flat=True))
    keeper_client.post(url, edit_data(running_evening, seated, location="Erst"))
    response = keeper_client.post(url, edit_data(running_evening, seated, location="Zweit"))
    form = response.context["form"]
    assert "inzwischen gespeichert" in str(form.non_field_errors())
    assert form["location"].value() == "Zweit"
    running_evening.refresh_from_db()
    assert running_evening.location == "Erst"


@override_settings(MEMBERS_ONLY=True)
def test_members_only_leaves_login_assets_and_language_open(client):
    assert client.get("/static/js/points.js").status_code == 200
    assert client.post(reverse("set_language"), {"language": "en"}).status_code == 302
    response = client.post(reverse("set_language"), {"language": "en"})
    assert not response.url.startswith(reverse("login"))


def test_tampered_or_missing_version_is_a_message_not_a_crash(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    response = keeper_client.post(url, points_data(running_evening, [1, -1, 0, 0], version="x"))
    assert response.status_code == 200
    assert "version" in response.context["form"].errors
    assert not RoundScore.objects.exists()
    delete = reverse("results:evening_delete", args=[running_evening.pk])
    assert keeper_client.post(delete, {}).status_code == 200
    assert Evening.objects.filter(pk=running_evening.pk).exists()


# Bert and Cleo end level on 0 after three rounds.
TIED = ([5, 0, 0, -5], [0, 0, 0, 0], [0, 0, 0, 0])


def test_a_tie_shows_the_control_and_the_table_decides_the_order(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    seats = seat_ids(running_evening)
    assert 'id="tie-breaks" hidden' in keeper_client.get(url).content.decode()
    # Bert and Cleo tie on 0: the save of the last round tells so, and the points page then
    # offers the order.
    response = keeper_client.post(url, points_data(running_evening, *TIED), follow=True)
    assert "Bert, Cleo teilen sich Platz 2." in page_text(response)
    form = keeper_client.get(url).context["form"]
    assert [seat.player.name for seat, _field, _total, tied in form.tie_rows() if tied] == [
        "Bert",
        "Cleo",
    ]
    html = keeper_client.get(url).content.decode()
    assert 'id="tie-breaks" hidden' not in html and "Am Tisch entschieden" in html
    data = points_data(running_evening, *TIED, version=2)
    data.update({f"tb_{seats[1]}": "2", f"tb_{seats[2]}": "1"})
    response = keeper_client.post(url, data)
    assert response.url == url
    places = dict(running_evening.seats.values_list("player__name", "place"))
    assert places == {"Anna": 1, "Cleo": 2, "Bert": 3, "Dora": 4}
    page = keeper_client.get(running_evening.get_absolute_url())
    assert page.context["decided_at_table"] == {seats[1], seats[2]}
    assert page.content.decode().count("Stechen am Tisch") == 2


def test_equal_positions_for_tied_players_get_a_message_and_keep_the_input(
    keeper_client, running_evening
):
    url = reverse("results:evening_points", args=[running_evening.pk])
    seats = seat_ids(running_evening)
    data = points_data(running_evening, *TIED)
    data.update({f"tb_{seats[1]}": "1", f"tb_{seats[2]}": "1"})
    response = keeper_client.post(url, data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors[f"tb_{seats[1]}"] == errors[f"tb_{seats[2]}"]
    assert "eine eigene Position von 1 bis 2" in errors[f"tb_{seats[1]}"][0]
    html = response.content.decode()
    assert 'id="tie-breaks" hidden' not in html
    assert html.count('<option value="1" selected>') == 2
    assert not RoundScore.objects.exists()
    assert set(EveningPlayer.objects.values_list("tie_break", flat=True)) == {None}


def test_the_points_page_runs_as_many_queries_with_a_tie_break(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    seats = seat_ids(running_evening)
    keeper_client.post(url, points_data(running_evening, [5, 1, -1, -5]))
    with CaptureQueriesContext(connection) as untied:
        keeper_client.get(url)
    data = points_data(running_evening, [5, 0, 0, -5], version=2)
    data.update({f"tb_{seats[1]}": "1", f"tb_{seats[2]}": "2"})
    keeper_client.post(url, data)
    assert EveningPlayer.objects.filter(tie_break__isnull=False).count() == 2
    with CaptureQueriesContext(connection) as tied:
        keeper_client.get(url)
    assert len(tied) == len(untied)


def test_changed_meanwhile_takes_the_saved_values_of_cells_left_alone(
    keeper_client, running_evening
):
    url = reverse("results:evening_points", args=[running_evening.pk])
    keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2]))
    page_shows = [[5, -3, 0, -2]]
    # Another phone corrects Anna and Bert of round 1 ...
    keeper_client.post(url, points_data(running_evening, [6, -4, 0, -2]))
    # ... while this one, still showing the old round 1, changes Anna and Cleo, and enters
    # round 2.
    data = points_data(
        running_evening, [7, -3, -2, -2], [1, -1, 2, -2], version=2, shown=page_shows
    )
    response = keeper_client.post(url, data)
    form = response.context["form"]
    seats = seat_ids(running_evening)
    assert form.conflict_cells == [(seats[0], 1)]
    assert form[f"p_{seats[1]}_1"].value() == "-4"
    assert form[f"p_{seats[2]}_2"].value() == "2"
    html = response.content.decode()
    assert 'class="merge-box"' in html and "keep_" in html
    # Saving again without a choice writes nothing.
    again = dict(form.data.items())
    response = keeper_client.post(url, again)
    assert response.status_code == 200
    assert RoundScore.objects.filter(round_number=2).count() == 0
    # Choosing the saved 6 for Anna (and Cleo back on 0, so the round adds up) saves.
    again[f"keep_{seats[0]}_1"] = "saved"
    again[f"p_{seats[2]}_1"] = "0"
    response = keeper_client.post(url, again)
    assert response.status_code == 302
    saved = dict(RoundScore.objects.filter(round_number=1).values_list("evening_player", "points"))
    assert [saved[seat] for seat in seats] == [6, -4, 0, -2]
    assert RoundScore.objects.filter(round_number=2).count() == 4


def test_a_start_the_spring_clock_change_skips_is_refused_by_form_and_service(keeper_client):
    import datetime

    from django.core.exceptions import ValidationError

    from ofcleague.league import services

    data = new_evening_data(new_players="A, B", date="2026-03-29", start_time="02:30")
    response = keeper_client.post(reverse("results:evening_new"), data)
    assert response.status_code == 200
    message = response.context["form"].errors["start_time"][0]
    assert "02:30" in message and "Europe/Berlin" in message and "Sommerzeit" in message
    assert not Evening.objects.exists()
    with pytest.raises(ValidationError) as refused:
        services.create_evening(
            new_names=["A", "B"], date=datetime.date(2026, 3, 29), start_time=datetime.time(2, 30)
        )
    assert "start_time" in refused.value.message_dict
    assert not Evening.objects.exists()
    # The hour before and the one after exist, and so does the doubled hour in October.
    for day, start in [
        ((2026, 3, 29), (1, 59)),
        ((2026, 3, 29), (3, 0)),
        ((2026, 10, 25), (2, 30)),
    ]:
        services.create_evening(
            new_names=["A", "B"], date=datetime.date(*day), start_time=datetime.time(*start)
        )
    assert Evening.objects.count() == 3
