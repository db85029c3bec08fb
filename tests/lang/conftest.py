"""An English league and a German one, side by side, for the tests of the league's language."""

import pytest

from ofcleague.league.leagues import League, Membership, Role
from tests.factories import UserFactory


@pytest.fixture
def english_league(db):
    league = League.objects.create(
        name="Tuesday Club", slug="tuesday-club", language="en", variant="classic"
    )
    Membership.objects.create(league=league, user=UserFactory(username="tess"), role=Role.OWNER)
    return league


@pytest.fixture
def english_owner(english_league):
    return Membership.objects.get(league=english_league, role=Role.OWNER).user
