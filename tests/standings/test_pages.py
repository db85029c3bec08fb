import pytest
from django.urls import reverse

from ofcleague.league.models import RoundScore
from tests.factories import EveningFactory, EveningPlayerFactory
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db


def test_home_shows_the_latest_evening_and_the_leaders(client, history):
    text = page_text(client.get(reverse("standings:home")))
    assert "Freitag, 24.07.2020" in text
    leaders = text.split("Spitze", 1)[1] if "Spitze" in text else text
    assert "Andreas" in leaders and "Micha" in leaders


def test_home_without_any_evening(client):
    response = client.get(reverse("standings:home"))
    assert response.status_code == 200
    assert "Noch kein Abend" in page_text(response)


def test_evening_page_shows_round_points_and_totals(client, money_public):
    evening = EveningFactory(rounds=2)
    winner = EveningPlayerFactory(evening=evening, player__name="Anna", place=1, total=14)
    loser = EveningPlayerFactory(evening=evening, player__name="Bert", place=2, total=-14)
    for seat, points in [(winner, (9, 5)), (loser, (-9, -5))]:
        for number, value in enumerate(points, 1):
            RoundScore.objects.create(evening_player=seat, round_number=number, points=value)
    text = page_text(client.get(evening.get_absolute_url()))
    # The total (and the prize) before the rounds: on a phone they never scroll out of sight.
    assert "1 Anna 14 – 9 5" in text
    assert "2 Bert -14 – -9 -5" in text


def test_unknown_evening_is_a_404(client):
    assert client.get(reverse("results:evening", kwargs={"pk": 999})).status_code == 404


def test_player_page_lists_evenings_with_field_size(client, history):
    text = page_text(client.get(reverse("standings:player", kwargs={"slug": "max"})))
    assert "03.08.2019 3 6" in text


def test_evening_page_shows_running_totals_and_exports_csv(client, money_public):
    evening = EveningFactory(rounds=2)
    anna = EveningPlayerFactory(evening=evening, player__name="Anna", place=1, total=4)
    bert = EveningPlayerFactory(evening=evening, player__name="Bert", place=2, total=-4)
    for seat, points in [(anna, (-3, 7)), (bert, (3, -7))]:
        for number, value in enumerate(points, 1):
            RoundScore.objects.create(evening_player=seat, round_number=number, points=value)
    text = page_text(client.get(evening.get_absolute_url()))
    assert "Zwischenstände" in text
    assert "Anna -3 4" in text and "Bert 3 -4" in text
    response = client.get(evening.get_absolute_url(), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines == ["Platz;Spieler;R1;R2;Summe;Gewinn", "1;Anna;-3;7;4;", "2;Bert;3;-7;-4;"]
