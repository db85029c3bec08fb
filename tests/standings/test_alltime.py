"""The all-time table, season tables, CSV and JSON: the same numbers everywhere."""

import pytest
from django.urls import reverse

from ofcleague.league.models import Evening, Player, Status, Variant
from ofcleague.standings.kept.record import player_records
from ofcleague.standings.queries import alltime_records
from tests.csv_download import download_rows
from tests.factories import PlayerFactory
from tests.league.builders import build_league, evening_from_order, evening_from_points
from tests.standings.folds import finished_seats
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db


def api(client, **params):
    response = client.get(reverse("standings:api_alltime"), params)
    assert response.status_code == 200
    return {row["player"]: row for row in response.json()}


def csv_rows(response):
    return download_rows(response, dict_rows=True)


def test_history_all_time_numbers(client, history):
    rows = api(client)
    assert rows["Andreas"]["wins"] == 2
    assert rows["Micha"]["wins"] == 2
    assert rows["Melanie"]["evenings"] == 5
    assert rows["Michael"]["evenings"] == 4
    assert rows["Andreas"]["places"] == {"1": 2, "2": 1, "3": 2, "4": 1}
    assert rows["Andreas"]["podiums"] == 5
    assert rows["Andreas"]["best_place"] == 1
    assert rows["Michael"]["best_place"] == 4
    # Nobody kept points in the history.
    assert all(row["points"] is None for row in rows.values())


def test_default_order_wins_then_seconds_then_thirds_then_average(client, history):
    names = [row["player"] for row in client.get(reverse("standings:api_alltime")).json()]
    # Andreas and Micha: 2 wins and one 2nd place each; Andreas has two 3rd places.
    assert names[:2] == ["Andreas", "Micha"]
    # Melanie and Michi: one win and one 2nd each; Melanie's 3rd place puts her ahead.
    assert names[2:4] == ["Melanie", "Michi"]
    assert names[-1] == "Michael"


def test_page_shows_the_table_with_place_columns(client, history):
    response = client.get(reverse("standings:alltime"))
    assert response.status_code == 200
    text = page_text(response)
    assert "Ewige Tabelle" in text
    # Player, evenings, then how often 1st to 6th, then wins and podiums.
    assert "Andreas 6 2 1 2 1 0 0 2 5" in text
    assert "Michael 4 0 0 0 1 1 2 0 0" in text
    html = response.content.decode()
    assert 'class="table-scroll"' in html
    assert 'class="data alltime"' in html
    assert "?sort=" in html


def test_sorting_by_a_column_from_the_url(client, history):
    text = page_text(client.get(reverse("standings:alltime"), {"sort": "-evenings"}))
    body = text.split("Zuletzt", 1)[1]
    assert body.index("Andreas") < body.index("Melanie") < body.index("Michael")
    text = page_text(client.get(reverse("standings:alltime"), {"sort": "average_place"}))
    body = text.split("Zuletzt", 1)[1]
    assert body.index("Sven") < body.index("Andreas") < body.index("Michael")


def test_csv_json_and_page_agree(client, history):
    exported = csv_rows(client.get(reverse("standings:alltime"), {"_export": "csv"}))
    json_rows = api(client)
    assert [row["Spieler"] for row in exported] == list(json_rows)
    for row in exported:
        data = json_rows[row["Spieler"]]
        assert int(row["Abende"]) == data["evenings"]
        assert int(row["Siege"]) == data["wins"]
        assert int(row["Podest"]) == data["podiums"]
        assert int(row["Bester"]) == data["best_place"]
        for place in range(1, 7):
            assert int(row[f"{place}."]) == data["places"].get(str(place), 0)
    # The page prints the same counts: name, evenings, 1st to 6th, wins, podiums.
    page = page_text(client.get(reverse("standings:alltime")))
    for row in exported:
        counts = [row["Abende"], *(row[f"{place}."] for place in range(1, 7))]
        assert " ".join([row["Spieler"], *counts, row["Siege"], row["Podest"]]) in page


def test_home_leaders_are_the_top_five_of_the_all_time_table(client, history):
    top = [row["player"] for row in client.get(reverse("standings:api_alltime")).json()][:5]
    text = page_text(client.get(reverse("standings:home")))
    leaders = text.split("Spitze", 1)[1]
    positions = [leaders.index(f" {name} ") for name in top]
    assert positions == sorted(positions)
    assert " Michael " not in leaders.split("Ewige Tabelle", 1)[0]


def test_season_tables_add_up_to_the_all_time_table(client, history):
    alltime = api(client)
    wins, evenings = {}, {}
    for year in (2016, 2017, 2018, 2019, 2020):
        response = client.get(reverse("standings:season", args=[year]), {"_export": "csv"})
        for row in csv_rows(response):
            wins[row["Spieler"]] = wins.get(row["Spieler"], 0) + int(row["Siege"])
            evenings[row["Spieler"]] = evenings.get(row["Spieler"], 0) + int(row["Abende"])
    assert wins == {name: row["wins"] for name, row in alltime.items()}
    assert evenings == {name: row["evenings"] for name, row in alltime.items()}


def test_player_pages_agree_with_the_all_time_table(client, history):
    alltime = csv_rows(client.get(reverse("standings:alltime"), {"_export": "csv"}))
    for row in alltime:
        slug = row["Spieler"].lower()
        response = client.get(
            reverse("standings:player", args=[slug]), {"_export": "csv", "_table": "record"}
        )
        (own,) = csv_rows(response)
        # The player's own row has place columns up to the largest field they played in.
        assert own == {key: value for key, value in row.items() if key in own}
        assert all(value == "0" for key, value in row.items() if key not in own)


def test_year_filter(client, history):
    rows = api(client, year_from=2019, year_to=2020)
    assert rows["Micha"]["evenings"] == 3
    assert rows["Micha"]["wins"] == 2
    assert "Sven" not in rows
    text = page_text(client.get(reverse("standings:alltime"), {"year_from": 2019}))
    assert "Sven" not in text


def test_variant_filter(client, history):
    rows = api(client, variant=Variant.PINEAPPLE)
    assert set(rows) == {"Micha", "Melanie", "Andreas", "Michael", "Swantje", "Michi"}
    assert all(row["evenings"] == 1 for row in rows.values())


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"year_from": "abc"}, "Bitte eine ganze Zahl eingeben."),
        ({"variant": "poker"}, "Bitte eine gültige Auswahl treffen."),
    ],
)
def test_an_invalid_filter_is_left_out_with_a_message(client, history, params, message):
    """A value no filter accepts leads to the table without it (one cached page for every
    mistyped value), with a message naming the filter and the problem."""
    response = client.get(reverse("standings:alltime"), params)
    assert response.status_code == 302 and response["Location"] == reverse("standings:alltime")
    text = page_text(client.get(response["Location"]))
    assert message in text
    assert "Swantje" in text and "Sven" in text
    assert client.get(reverse("standings:api_alltime"), params).status_code == 400


def test_filters_that_contradict_each_other_show_a_message_and_the_whole_table(client, history):
    params = {"year_from": 2020, "year_to": 2019}
    response = client.get(reverse("standings:alltime"), params)
    assert response.status_code == 200
    text = page_text(response)
    assert "ungültig" in text
    assert "Swantje" in text and "Sven" in text
    assert client.get(reverse("standings:api_alltime"), params).status_code == 400


def test_seasons_list_and_navigation(client, history):
    text = page_text(client.get(reverse("standings:seasons")))
    assert "Saison 2019" in text and "Saison 2016" in text
    response = client.get(reverse("standings:season", args=[2019]))
    html = response.content.decode()
    assert reverse("standings:season", args=[2018]) in html
    assert reverse("standings:season", args=[2020]) in html
    assert "Max" in page_text(response)
    assert client.get(reverse("standings:season", args=[2015])).status_code == 404


def test_points_and_money_only_where_known(client, money_public):
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening_from_order([bert, anna])
    evening_from_points({anna: [5, 3], bert: [-5, -3]}, prizes={anna: 20})
    evening_from_points({anna: [-2], bert: [2]})
    records, _largest = alltime_records()
    rows = {record.name: record for record in records}
    assert rows["Anna"].evenings == 3 and rows["Anna"].wins == 1
    assert rows["Anna"].points == 6 and rows["Anna"].points_evenings == 2
    assert rows["Anna"].points_per_evening == 3
    assert rows["Anna"].money_evenings == 1 and rows["Anna"].net == 10
    assert rows["Bert"].net == -10
    text = page_text(client.get(reverse("standings:alltime")))
    # Evenings, 1st, 2nd, wins, podiums, average place, best, beaten, points, per evening.
    assert "Anna 3 1 2 1 3 1,67 1 33 % 6 3,0" in text
    exported = {
        row["Spieler"]: row
        for row in csv_rows(client.get(reverse("standings:alltime"), {"_export": "csv"}))
    }
    assert (exported["Anna"]["Buyins"], exported["Anna"]["Gewinne"]) == ("10,00", "20,00")
    assert exported["Anna"]["Saldo"] == "10,00" and exported["Bert"]["Saldo"] == "-10,00"
    assert exported["Anna"]["Punkte"] == "6" and exported["Anna"]["Punkte/Abend"] == "3,0"


def test_unfinished_evenings_do_not_count(client):
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening_from_points({anna: [5], bert: [-5]})
    evening_from_points({anna: [-5], bert: [5]}, status=Status.IN_PROGRESS)
    rows = api(client)
    assert rows["Anna"]["evenings"] == 1 and rows["Bert"]["wins"] == 0
    assert Evening.objects.count() == 2


def test_grouped_sql_and_single_seats_give_the_same_records():
    build_league(30, players=9)
    grouped, _largest = alltime_records()
    seats = finished_seats()
    by_seat = {record.player_id: record for record in player_records(seats)}
    assert len(grouped) == 9
    for record in grouped:
        assert record == by_seat[record.player_id]
    # Money is known exactly where a prize was recorded: the builder pays every points evening.
    assert sum(record.money_evenings for record in grouped) == sum(
        1 for seat in seats if seat.total is not None
    )
    assert sum(record.net for record in grouped) == 0


def test_player_page_record_matches_the_grouped_all_time_row(client):
    build_league(20, players=7)
    grouped, _largest = alltime_records()
    exported = csv_rows(client.get(reverse("standings:alltime"), {"_export": "csv"}))
    assert [row["Spieler"] for row in exported] == [record.name for record in grouped]
    for row in exported:
        slug = Player.objects.get(name=row["Spieler"]).slug
        response = client.get(
            reverse("standings:player", args=[slug]), {"_export": "csv", "_table": "record"}
        )
        (own,) = csv_rows(response)
        assert own == {key: value for key, value in row.items() if key in own}


@pytest.mark.parametrize(
    ("params", "field", "english"),
    [
        ({"year_from": "abc"}, "year_from", "Enter a whole number."),
        ({"variant": "poker"}, "variant", "Select a valid choice"),
        ({"year_from": 2020, "year_to": 2019}, None, "The first year must not come after"),
    ],
)
def test_api_names_an_invalid_filter_in_the_error_shape(client, params, field, english):
    client.cookies["django_language"] = "en"
    response = client.get(reverse("standings:api_alltime"), params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_filter"
    assert error.get("field") == field
    assert english in error["message"]


def test_api_filter_errors_are_german_by_default(client):
    response = client.get(reverse("standings:api_alltime"), {"year_from": "abc"})
    assert response.json() == {
        "error": {
            "code": "invalid_filter",
            "message": "Bitte eine ganze Zahl eingeben.",
            "field": "year_from",
        }
    }


def test_api_answers_a_wrong_method_with_a_json_405(client):
    response = client.post(reverse("standings:api_alltime"))
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert response.json()["error"]["code"] == "method_not_allowed"
