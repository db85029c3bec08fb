"""A new player's address, made in one place (services/players.py) for both ways players are
made: names typed on the evening form and the owner's list of players."""

import pytest

from ofcleague.league.services.adding import add_players
from ofcleague.league.services.players import create_players, taken_slugs
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of

pytestmark = pytest.mark.django_db


def test_taken_addresses_are_the_players_and_the_leagues_own_pages():
    PlayerFactory(name="Anna", slug="anna")
    assert {"anna", "manage"} <= taken_slugs()


@pytest.fixture
def carla_taken():
    return PlayerFactory(name="Carla Maria", slug="carla")


def test_names_typed_on_the_evening_form_skip_taken_and_reserved_addresses(carla_taken):
    typed = create_players(["Manage", "Carla"])
    assert [player.slug for player in typed] == ["manage-2", "carla-2"]


def test_the_owners_list_skips_taken_and_reserved_addresses(first_league, carla_taken):
    owner = scorekeeper_of(UserFactory(), role="owner")
    listed = add_players(first_league, owner, "Manage\nCarla")
    assert sorted(player.slug for player in listed) == ["carla-2", "manage-2"]
