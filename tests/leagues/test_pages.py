"""The pages of running a league: who reaches them, what they do, what bad input does."""

import datetime

import pytest
from django.contrib.messages import get_messages
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import EveningPlayer, Player
from tests.factories import PlayerFactory, UserFactory
from tests.league.builders import evening_from_order
from tests.leagues.conftest import snapshot

pytestmark = pytest.mark.django_db

PAGES = ("/ofc-runde/settings/", "/ofc-runde/players/manage/", "/ofc-runde/delete/")


def _settings_data(**changes):
    data = {
        "name": "OFC-Runde",
        "slug": "ofc-runde",
        "visibility": "public",
        "language": "de",
        "time_zone": "Europe/Berlin",
        "currency": "EUR",
        "buy_in": "10",
        "rounds": "3",
        "hands_per_round": "15",
        "variant": "pineapple",
        "rule_set": "",
        "start_time": "19:00",
        "prize_split": "2, 1",
    }
    data.update(changes)
    return data


@pytest.mark.parametrize("page", PAGES)
def test_only_owners_and_superusers_reach_the_pages(client, owner, other_league, page):
    assert client.get(page).status_code == 302  # to the login
    keeper, member = UserFactory(), UserFactory()
    Membership.objects.create(league_id=1, user=keeper, role=Role.SCOREKEEPER)
    Membership.objects.create(league_id=1, user=member, role=Role.MEMBER)
    other_owner = Membership.objects.get(league=other_league).user
    for user in (keeper, member, other_owner):
        client.force_login(user)
        assert client.get(page).status_code == 403
        assert client.post(page, {"confirm_name": "OFC-Runde"}).status_code == 403
    for user in (owner, UserFactory(is_superuser=True)):
        client.force_login(user)
        assert client.get(page).status_code == 200
    assert League.objects.filter(pk=1).exists()


def test_start_a_league_lands_on_its_home(client):
    assert client.get("/leagues/new/").status_code == 302
    user = UserFactory()
    client.force_login(user)
    assert client.get("/leagues/new/").status_code == 200
    data = _settings_data(name="Dienstagsrunde", slug="", prize_split="3, 1")
    response = client.post("/leagues/new/", data, follow=True)
    assert response.redirect_chain[-1][0] == "/dienstagsrunde/"
    league = League.objects.get(slug="dienstagsrunde")
    assert Membership.objects.get(league=league, user=user).role == Role.OWNER
    assert any("Dienstagsrunde" in str(message) for message in get_messages(response.wsgi_request))
    assert "Dienstagsrunde" in response.content.decode()  # the header names the league


@pytest.mark.parametrize("spoken", ["en-GB,en;q=0.9", "de-DE,de;q=0.9"])
def test_a_new_league_speaks_the_founders_language_unless_told(client, spoken):
    """The founding form offers the language its page speaks: an English founder who never
    touches the field gets an English league, a German one a German league."""
    client.force_login(UserFactory())
    response = client.get("/leagues/new/", HTTP_ACCEPT_LANGUAGE=spoken)
    assert response.context["form"]["language"].value() == spoken[:2]


def test_a_refused_league_keeps_the_input(client):
    client.force_login(UserFactory())
    response = client.post(
        "/leagues/new/", _settings_data(name="Meine Runde", slug="admin", currency="xx")
    )
    assert response.status_code == 200
    assert response.context["form"].errors.keys() >= {"slug", "currency"}
    assert 'value="Meine Runde"' in response.content.decode()
    assert not League.objects.filter(name="Meine Runde").exists()


def test_settings_change_a_default_for_new_evenings(owner_client, first_league, other_league):
    before = snapshot(other_league)
    response = owner_client.post(
        "/ofc-runde/settings/", _settings_data(buy_in="12.50", rounds="5", rule_set="house")
    )
    assert response.status_code == 302
    league = League.objects.get(pk=1)
    assert (str(league.buy_in), league.rounds, league.rule_set) == ("12.50", 5, "house")
    keeper = UserFactory()
    Membership.objects.create(league=league, user=keeper, role=Role.SCOREKEEPER)
    owner_client.force_login(keeper)
    form = owner_client.get("/ofc-runde/evenings/new/").context["form"]
    assert form.initial["rounds"] == 5 and form.initial["rule_set"] == "house"
    assert snapshot(other_league) == before


def test_moving_the_league_to_a_new_address(owner_client):
    response = owner_client.post("/ofc-runde/settings/", _settings_data(slug="neue-adresse"))
    assert response.url == "/neue-adresse/settings/"
    assert owner_client.get("/neue-adresse/settings/").status_code == 200


def test_header_shows_settings_to_the_owner_only(client, owner):
    client.force_login(owner)
    assert "/ofc-runde/settings/" in client.get("/ofc-runde/").content.decode()
    client.force_login(UserFactory())
    assert "/ofc-runde/settings/" not in client.get("/ofc-runde/").content.decode()


def _two_names_of_one_person():
    with using_league(League.objects.get(pk=1)):
        keep, merge, carl = (PlayerFactory(name=n) for n in ("Micha", "Michi", "Carl"))
        evening_from_order([keep, carl], date=datetime.date(2019, 3, 1))
        evening_from_order([merge, carl], date=datetime.date(2019, 3, 8))
    return keep, merge


def test_merge_shows_what_moves_then_merges(owner_client):
    keep, merge = _two_names_of_one_person()
    data = {"action": "merge", "merge-merge": merge.pk, "merge-keep": keep.pk}
    preview = owner_client.post("/ofc-runde/players/manage/", data)
    assert preview.status_code == 200
    assert "08.03.2019" in preview.content.decode()
    assert Player.objects.filter(pk=merge.pk).exists()  # nothing moved yet
    confirmed = {**data, "merge-confirmed": f"{merge.pk}:{keep.pk}"}
    assert owner_client.post("/ofc-runde/players/manage/", confirmed).status_code == 302
    assert not Player.objects.filter(pk=merge.pk).exists()
    assert EveningPlayer.objects.filter(player=keep).count() == 2


def test_a_confirmation_of_another_pair_only_shows_it(owner_client):
    keep, merge = _two_names_of_one_person()
    data = {"action": "merge", "merge-merge": merge.pk, "merge-keep": keep.pk}
    stale = {**data, "merge-confirmed": f"{keep.pk}:{merge.pk}"}
    assert owner_client.post("/ofc-runde/players/manage/", stale).status_code == 200
    assert Player.objects.filter(pk=merge.pk).exists()


def test_rename_on_the_page(owner_client):
    keep, _merge = _two_names_of_one_person()
    data = {"action": "rename", "rename-player": keep.pk, "rename-name": "Carl"}
    response = owner_client.post("/ofc-runde/players/manage/", data)
    assert response.status_code == 200 and response.context["rename"].errors
    data["rename-name"] = "Michael"
    assert owner_client.post("/ofc-runde/players/manage/", data).status_code == 302
    assert Player.objects.get(pk=keep.pk).name == "Michael"


def test_delete_needs_the_typed_name(owner_client, other_league):
    before = snapshot(other_league)
    response = owner_client.get("/ofc-runde/delete/")
    assert 'href="/ofc-runde/backup/"' in response.content.decode()  # the backup first
    refused = owner_client.post("/ofc-runde/delete/", {"confirm_name": "OFC"})
    assert refused.status_code == 200 and refused.context["form"].errors
    assert League.objects.filter(pk=1).exists()
    assert owner_client.post("/ofc-runde/delete/", {"confirm_name": "OFC-Runde"}).url == "/"
    assert not League.objects.filter(pk=1).exists()
    assert snapshot(other_league) == before


garbage = st.text(max_size=60) | st.sampled_from(["", " ", "-1", "1e9", "NaN", "25:99", "\x00"])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(field=st.sampled_from(list(_settings_data())), value=garbage)
def test_garbage_in_the_settings_never_crashes(owner_client, field, value):
    # The examples share the database: each starts from the same league.
    League.objects.filter(pk=1).update(name="OFC-Runde", slug="ofc-runde", rounds=3)
    response = owner_client.post("/ofc-runde/settings/", _settings_data(**{field: value}))
    assert response.status_code in (200, 302)
    league = League.objects.get(pk=1)
    if response.status_code == 200:  # refused: nothing written, the form shows the input
        assert (league.name, league.slug, league.rounds) == ("OFC-Runde", "ofc-runde", 3)
        assert response.context["form"].errors
    else:
        assert league.name.isprintable() and league.name.strip()


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    action=st.sampled_from(["rename", "merge", "", "x"]),
    player=garbage,
    name=garbage,
    confirmed=garbage,
)
def test_garbage_on_the_players_page_never_crashes(owner_client, action, player, name, confirmed):
    data = {
        "action": action,
        "rename-player": player,
        "rename-name": name,
        "merge-merge": player,
        "merge-keep": name,
        "merge-confirmed": confirmed,
    }
    assert owner_client.post("/ofc-runde/players/manage/", data).status_code in (200, 302)
