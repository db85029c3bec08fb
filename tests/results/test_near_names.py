"""A new name close to a known player's is asked about before it becomes a player."""

import re

import pytest
from django.urls import reverse

from ofcleague.league.models import Evening, Player
from tests.factories import PlayerFactory
from tests.results.test_views import edit_data, new_evening_data

pytestmark = pytest.mark.django_db

NEW = reverse("results:evening_new")


@pytest.fixture
def league(db):
    """Some of the league's real names: Micha, Michael and Michi are one edit apart."""
    return {
        name: PlayerFactory(name=name) for name in ["Andreas", "José", "Micha", "Michael", "Michi"]
    }


def tick(response):
    """The confirmation tick's value, or None when the page shows no tick."""
    match = re.search(
        r'<input type="checkbox" name="confirm_new_players"[^>]*value="([^"]*)"',
        response.content.decode(),
    )
    return match and match.group(1)


def test_a_typo_of_a_known_name_is_asked_about_and_the_input_kept(keeper_client, league):
    data = new_evening_data(
        players=[league["Micha"].pk], new_players="Andrea, Bert", location="Bei Anna"
    )
    response = keeper_client.post(NEW, data)
    assert response.status_code == 200
    (message,) = response.context["form"].errors["new_players"]
    assert "„Andrea“" in message and "Andreas?" in message
    html = response.content.decode()
    assert 'value="Andrea, Bert"' in html and 'value="Bei Anna"' in html
    assert tick(response) == "Andrea"
    assert not Evening.objects.exists()
    assert Player.objects.count() == 5


def test_the_tick_creates_the_new_player(keeper_client, league):
    data = new_evening_data(
        players=[league["Micha"].pk], new_players="Andrea, Bert", confirm_new_players="Andrea"
    )
    response = keeper_client.post(NEW, data)
    evening = Evening.objects.get()
    assert response.url == reverse("results:evening_points", args=[evening.pk])
    assert sorted(evening.seats.values_list("player__name", flat=True)) == [
        "Andrea",
        "Bert",
        "Micha",
    ]


def test_the_tick_confirms_only_the_names_it_was_shown_for(keeper_client, league):
    data = new_evening_data(new_players="Andrea, Mich", confirm_new_players="Andrea")
    response = keeper_client.post(NEW, data)
    (message,) = response.context["form"].errors["new_players"]
    assert "„Mich“" in message and "Micha, Michi?" in message
    assert tick(response) == "Andrea, Mich"
    assert not Evening.objects.exists()


def test_a_name_without_its_accent_is_asked_about(keeper_client, league):
    response = keeper_client.post(
        NEW, new_evening_data(players=[league["Micha"].pk], new_players="Jose")
    )
    assert "José?" in response.context["form"].errors["new_players"][0]
    assert not Player.objects.filter(name="Jose").exists()


def test_a_known_name_and_its_look_alikes_need_no_tick(keeper_client, league):
    typed = "MICHAEL, М\u0456ch\u0430, Ｍｉｃｈｉ\u200b"
    response = keeper_client.post(NEW, new_evening_data(new_players=typed))
    evening = Evening.objects.get()
    assert response.status_code == 302
    assert sorted(evening.seats.values_list("player__name", flat=True)) == [
        "Micha",
        "Michael",
        "Michi",
    ]
    assert Player.objects.count() == 5


def test_a_new_name_mixing_scripts_is_asked_about(keeper_client, league):
    mixed = "B\u0435rt"  # Cyrillic е
    response = keeper_client.post(
        NEW, new_evening_data(players=[league["Micha"].pk], new_players=mixed)
    )
    assert f"„{mixed}“" in response.context["form"].errors["new_players"][0]
    assert tick(response) == mixed
    assert not Player.objects.filter(name_key="bert").exists()


def test_bad_names_get_a_message_naming_them(keeper_client, league):
    response = keeper_client.post(
        NEW, new_evening_data(players=[league["Micha"].pk], new_players="Bert, =1+1, \u200b")
    )
    errors = response.context["form"].errors["new_players"]
    assert len(errors) == 2 and "„=1+1“" in errors[0]
    assert tick(response) is None
    assert not Evening.objects.exists()


def test_no_tick_without_a_near_name(keeper_client, league):
    assert tick(keeper_client.get(NEW)) is None
    response = keeper_client.post(NEW, new_evening_data(new_players="Bert"))
    assert "new_players" not in response.context["form"].errors
    assert tick(response) is None


def test_two_spellings_of_one_new_name_are_one_player(keeper_client, league):
    keeper_client.post(
        NEW, new_evening_data(players=[league["Micha"].pk], new_players="Bert, BERT\u200b")
    )
    assert Player.objects.filter(name="Bert").count() == 1
    assert Evening.objects.get().seats.count() == 2


def test_editing_an_evening_asks_too(keeper_client, running_evening, league):
    url = reverse("results:evening_edit", args=[running_evening.pk])
    seated = list(running_evening.seats.values_list("player", flat=True))
    response = keeper_client.post(url, edit_data(running_evening, seated, new_players="Andrea"))
    assert response.status_code == 200 and tick(response) == "Andrea"
    assert running_evening.seats.count() == 4
    data = edit_data(running_evening, seated, new_players="Andrea", confirm_new_players="Andrea")
    response = keeper_client.post(url, data)
    assert response.url == running_evening.get_absolute_url()
    assert running_evening.seats.filter(player__name="Andrea").exists()
