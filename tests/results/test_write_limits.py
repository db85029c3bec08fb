"""The write path at its edges: corrections, limits and the database's own checks.

Each case was found on a fresh site by trying what a scorekeeper might type; each used to end
in a server error or in data that broke every page showing it.
"""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from ofcleague.league import services
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, RoundScore, Status
from tests.factories import EveningFactory
from tests.results.conftest import seat_ids
from tests.results.test_views import edit_data, new_evening_data, points_data

pytestmark = pytest.mark.django_db


def edit(client, evening, players, **overrides):
    evening.refresh_from_db()
    url = reverse("results:evening_edit", args=[evening.pk])
    return client.post(url, edit_data(evening, players, **overrides))


def save_points(client, evening, *rounds, **extra):
    evening.refresh_from_db()
    url = reverse("results:evening_points", args=[evening.pk])
    return client.post(url, points_data(evening, *rounds, **extra))


def test_unticking_a_player_with_points_is_refused_by_name_and_round(
    keeper_client, running_evening
):
    save_points(keeper_client, running_evening, [3, -1, -1, -1], [2, 0, -2, 0])
    keep = list(running_evening.seats.exclude(player__name="Cleo").values_list("player", flat=True))
    response = edit(keeper_client, running_evening, keep, location="Bei Anna")
    assert response.status_code == 200
    assert response.context["form"].errors["players"] == [
        "Cleo hat Punkte in den Runden 1 und 2: lösch sie zuerst auf der Punkteseite."
    ]
    running_evening.refresh_from_db()
    assert running_evening.location == ""
    assert running_evening.seats.count() == 4


def test_unticking_a_player_without_points_recomputes_the_places(keeper_client, running_evening):
    save_points(keeper_client, running_evening, [3, 0, -2, -1])
    keep = list(running_evening.seats.exclude(player__name="Bert").values_list("player", flat=True))
    response = edit(keeper_client, running_evening, keep)
    assert response.status_code == 302
    places = dict(EveningPlayer.objects.values_list("player__name", "place"))
    assert places == {"Anna": 1, "Dora": 2, "Cleo": 3}
    assert league_problems() == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("date", "2999-01-01"),
        ("date", "0001-01-01"),
        ("date", "1999-12-31"),
        ("hands_per_round", "40000"),
        ("hands_per_round", str(2**63 - 1)),
        ("hands_per_round", "101"),
        ("rounds", "21"),
        ("buy_in", "1000.01"),
        ("buy_in", "-1"),
    ],
)
def test_values_beyond_the_limits_are_refused_with_the_input_kept(keeper_client, field, value):
    url = reverse("results:evening_new")
    response = keeper_client.post(url, new_evening_data(new_players="Anna, Bert", **{field: value}))
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert response.context["form"][field].value() == value
    assert not Evening.objects.exists()


def test_a_date_a_year_ahead_is_the_latest(keeper_client):
    url = reverse("results:evening_new")
    latest = timezone.localdate() + datetime.timedelta(days=366)
    for date, accepted in [(latest, True), (latest + datetime.timedelta(days=1), False)]:
        data = new_evening_data(new_players="Anna, Bert", date=date.isoformat())
        response = keeper_client.post(url, data)
        assert (response.status_code == 302) is accepted


def test_finishing_an_evening_in_the_future_is_refused(keeper_client, running_evening):
    running_evening.date = timezone.localdate() + datetime.timedelta(days=3)
    running_evening.save()
    response = save_points(
        keeper_client, running_evening, [1, -1, 0, 0], [1, -1, 0, 0], [1, -1, 0, 0], finish="1"
    )
    assert response.status_code == 200
    running_evening.refresh_from_db()
    assert running_evening.status == Status.IN_PROGRESS
    assert not RoundScore.objects.exists()


def test_round_points_beyond_the_limit_are_refused(keeper_client, running_evening):
    response = save_points(keeper_client, running_evening, [10001, -10001, 0, 0])
    assert response.status_code == 200
    assert not RoundScore.objects.exists()


def test_a_prize_of_a_million_is_refused_and_every_page_still_renders(
    keeper_client, client, running_evening
):
    save_points(keeper_client, running_evening, [3, -1, -1, -1], [0, 0, 0, 0], [0, 0, 0, 0])
    save_points(
        keeper_client, running_evening, [3, -1, -1, -1], [0, 0, 0, 0], [0, 0, 0, 0], finish="1"
    )
    running_evening.refresh_from_db()
    before = list(EveningPlayer.objects.order_by("pk").values_list("prize", flat=True))
    url = reverse("results:evening_prizes", args=[running_evening.pk])
    data = {"version": running_evening.version, "pot": "1000000", "payout_1": "1000000"}
    response = keeper_client.post(url, data)
    assert response.status_code == 200
    assert "pot" in response.context["form"].errors
    assert list(EveningPlayer.objects.order_by("pk").values_list("prize", flat=True)) == before
    for page in [
        running_evening.get_absolute_url(),
        reverse("standings:history"),
        reverse("standings:home"),
    ]:
        assert client.get(page).status_code == 200


def test_the_service_refuses_a_pot_beyond_the_limit(running_evening):
    seats = seat_ids(running_evening)
    services.save_finishing_order(running_evening, 1, dict(zip(seats, [1, 2, 3, 4], strict=True)))
    with pytest.raises(ValidationError):
        services.set_prizes(running_evening, 2, Decimal("1000000"), {1: Decimal("1000000")})
    assert set(EveningPlayer.objects.values_list("prize", flat=True)) == {None}


@pytest.mark.parametrize(
    ("model", "field", "value"),
    [
        (Evening, "hands_per_round", 101),
        (Evening, "rounds", 21),
        (Evening, "buy_in", Decimal("1000.01")),
        (Evening, "pot", Decimal("100000.01")),
        (Evening, "date", datetime.date(1999, 12, 31)),
        (EveningPlayer, "prize", Decimal("100000.01")),
        (RoundScore, "points", 10001),
        (RoundScore, "round_number", 21),
    ],
)
def test_the_database_itself_refuses_values_beyond_the_limits(model, field, value):
    """The same check constraints on SQLite and PostgreSQL, so a backup moves between them."""
    evening = EveningFactory(status=Status.IN_PROGRESS)
    seat = EveningPlayer.objects.create(evening=evening, player=services.create_players(["A"])[0])
    score = RoundScore.objects.create(evening_player=seat, round_number=1, points=0)
    row = {Evening: evening, EveningPlayer: seat, RoundScore: score}[model]
    with pytest.raises(IntegrityError), transaction.atomic():
        model.objects.filter(pk=row.pk).update(**{field: value})


def test_adding_a_player_to_a_finished_evening_says_it_is_in_progress_again(
    keeper_client, running_evening
):
    save_points(
        keeper_client, running_evening, [1, -1, 0, 0], [1, -1, 0, 0], [1, -1, 0, 0], finish="1"
    )
    seated = list(running_evening.seats.values_list("player", flat=True))
    response = edit(keeper_client, running_evening, seated, new_players="Emil")
    assert response.status_code == 302
    shown = [str(message) for message in response.wsgi_request._messages]
    assert any("wieder" in message for message in shown), shown
    running_evening.refresh_from_db()
    assert running_evening.status == Status.IN_PROGRESS
    assert league_problems() == []
