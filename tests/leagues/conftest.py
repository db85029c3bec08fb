"""Two leagues side by side: the site's first (pk 1) and another, each with an owner."""

import pytest

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from tests.factories import UserFactory
from tests.league.builders import build_league


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


@pytest.fixture
def other_league(db):
    """A second league with players and evenings of its own, and its own owner."""
    league = League.objects.create(name="Andere Runde", slug="andere-runde")
    Membership.objects.create(
        league=league, user=UserFactory(username="other-owner"), role=Role.OWNER
    )
    with using_league(league):
        build_league(6, players=5, seed=7)
    return league


def snapshot(league):
    """Everything of ``league`` that another league's owner must never change."""
    from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare
    from ofcleague.standings.kept.models import PlayerTotal, Standing

    league = League.objects.get(pk=league.pk)
    return (
        [(field.name, getattr(league, field.attname)) for field in League._meta.concrete_fields],
        sorted(Player._base_manager.filter(league=league).values_list("pk", "name", "slug")),
        sorted(Evening._base_manager.filter(league=league).values_list("pk", "date", "version")),
        sorted(
            EveningPlayer.objects.filter(evening__league=league).values_list(
                "pk", "player_id", "place", "mu_after", "sigma_after"
            )
        ),
        sorted(
            Standing.objects.filter(player__league=league).values_list("player_id", "year", "mu")
        ),
        sorted(PlayerTotal.objects.filter(player__league=league).values_list("player_id", "mu")),
        sorted(PrizeShare._base_manager.filter(league=league).values_list("place", "weight")),
        sorted(Membership.objects.filter(league=league).values_list("user_id", "role")),
    )
