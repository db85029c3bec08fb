"""Issue 35, point 7: a new league's pages speak of that league, never of the history
league's years ("since 2016"), and say plainly that nothing is there yet and what to do."""

import pytest

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

PAGES = ["", "history/", "alltime/", "seasons/", "rules/"]


@pytest.fixture
def new_league(db):
    league = League.objects.create(name="Kneipenrunde Süd", slug="kneipenrunde-sued")
    owner = UserFactory(username="wirtin")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    return league, owner


@pytest.mark.parametrize("page", PAGES)
def test_a_new_league_never_speaks_of_2016(client, new_league, page):
    league, _owner = new_league
    response = client.get(f"/{league.slug}/{page}", follow=True)
    assert response.status_code == 200
    assert "2016" not in response.content.decode()


def test_an_empty_league_says_what_to_do_first(client, new_league):
    """Players first: a league without players leads its owner to adding them, then to
    announcing the first evening."""
    league, owner = new_league
    client.force_login(owner)
    add_players = f'href="/{league.slug}/players/manage/"'
    announce = f'href="/{league.slug}/evenings/announce/"'
    for page in ("", "history/", "alltime/"):
        html = client.get(f"/{league.slug}/{page}").content.decode()
        main = html[html.index("<main") :]
        assert add_players in main and announce not in main, page
    with using_league(league):
        PlayerFactory(name="Anna")
    for page in ("", "history/", "alltime/"):
        html = client.get(f"/{league.slug}/{page}").content.decode()
        assert announce in html, page
    alltime = client.get(f"/{league.slug}/alltime/").content.decode()
    assert "Kneipenrunde Süd" in alltime[alltime.index("<main") :]
    client.logout()
    html = client.get(f"/{league.slug}/history/").content.decode()
    assert announce not in html  # only those who may announce get the button


def test_the_announce_form_says_the_table_size_of_the_game_the_league_plays(client):
    """A classic league's announce form says classic's table size and what it makes of the
    seats offered, not Pineapple's and house OFC's (issue 36: each variant at the table)."""
    from ofcleague.league.models import Variant
    from ofcleague.league.services.leagues import start_league

    owner = UserFactory()
    league = start_league(owner, "Friday Classic", language="en", variant=Variant.CLASSIC)
    client.force_login(owner)
    html = client.get(f"/{league.slug}/evenings/announce/").content.decode()
    assert "seats at most 4 players at a table, so 6 players play at 2 tables: 3 + 3." in html
    assert "Pineapple seats three a table" not in html
