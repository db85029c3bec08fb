"""The owner downloads the league's backup from the site, and it restores elsewhere."""

import gzip
import json

import pytest
from django.core.management import call_command

from ofcleague.backup.league_backup import LEAGUE_FORMAT
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from tests.factories import UserFactory, scorekeeper_of

pytestmark = pytest.mark.django_db

URL = "/andere-runde/backup/"


def test_the_owner_downloads_the_leagues_backup_and_it_restores(client, other_league, tmp_path):
    from tests.leagues.builders import populate

    owner = other_league.memberships.get().user
    Evening._base_manager.filter(league=other_league).delete()
    players = populate(other_league, ["Zzyzx", "Quentin", "Xaver", "Yvonne"], year=2021)
    from ofcleague.rsvp.models import PlayerLink

    link = PlayerLink.objects.create(player=players[0])
    client.force_login(owner)
    response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    assert 'filename="andere-runde-' in response["Content-Disposition"]
    data = json.loads(gzip.decompress(response.content))
    assert (data["format"], data["league"]) == (LEAGUE_FORMAT, "andere-runde")
    leagues = {item["fields"].get("league") for item in data["rows"] if "league" in item["fields"]}
    assert leagues == {other_league.pk}
    evenings = Evening._base_manager.filter(league=other_league).count()

    target = tmp_path / "andere.json.gz"
    target.write_bytes(response.content)
    League.objects.filter(pk=other_league.pk).update(slug="alte-runde")
    call_command("restore", str(target), league=True, verbosity=0)
    restored = League.objects.get(slug="andere-runde")
    assert restored.pk != other_league.pk
    assert Evening._base_manager.filter(league=restored).count() == evenings
    # Restored beside the league itself: the personal link got a token of its own.
    copy = PlayerLink.objects.get(player__league=restored)
    assert copy.token != link.token and PlayerLink.objects.get(pk=link.pk).token == link.token


def test_only_the_owner_gets_the_backup(client, other_league):
    assert client.get(URL).status_code == 302  # to the login
    stranger = UserFactory()
    client.force_login(stranger)
    assert client.get(URL).status_code == 403
    scorekeeper_of(stranger, league_id=other_league.pk)
    assert client.get(URL).status_code == 403
    client.force_login(other_league.memberships.get(role="owner").user)
    assert client.post(URL).status_code == 405


def test_the_delete_page_offers_the_backup_first(client, other_league):
    client.force_login(other_league.memberships.get().user)
    page = client.get("/andere-runde/delete/").content.decode()
    assert 'href="/andere-runde/backup/"' in page
    assert page.index("/andere-runde/backup/") < page.index('class="button danger"')
