"""The live fragment's ETag changes with everything the fragment shows (issue #16): a player
renamed outside the evening's services (which leaves the evening's version alone) is no
reason for a 304 with the old name."""

import pytest
from django.urls import reverse

from ofcleague.league.models import Player
from tests.factories import PlayerFactory
from tests.security.pages import FormFields
from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def followed(client, evening, table1):
    """The live fragment of an evening with a hand played, as a follower last saw it."""
    points_hand(table1, 1, [5, -2, -2, -1])
    url = reverse("table:live", args=[evening.pk])
    first = client.get(url)
    assert first.status_code == 200 and "Anna" in first.content.decode()
    return url, first["ETag"]


def rename_in_the_admin(staff_client, player, name):
    change = reverse("admin:league_player_change", args=[player.pk])
    form = FormFields()
    form.feed(staff_client.get(change).content.decode())
    data = {key: values for key, values in form.fields.items() if key != "_addanother"}
    data["name"] = [name]
    assert staff_client.post(change, data).status_code == 302


def test_a_rename_in_the_admin_changes_the_etag(client, staff_client, followed):
    url, etag = followed
    rename_in_the_admin(staff_client, Player.objects.get(name="Anna"), "Annabelle")
    client.logout()
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert "Annabelle" in answer.content.decode()


def test_a_rename_by_any_other_way_changes_the_etag(client, followed):
    url, etag = followed
    anna = Player.objects.get(name="Anna")
    anna.name = "Anni"
    anna.full_clean()
    anna.save()
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and "Anni" in answer.content.decode()


def test_nothing_shown_changed_still_answers_304(client, followed):
    url, etag = followed
    # A player of another evening renamed: nothing on this fragment changes.
    other = PlayerFactory(name="Zora")
    other.name = "Zoe"
    other.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url)["ETag"] == etag


def test_each_language_has_its_own_etag(client, followed):
    url, etag = followed
    client.cookies["django_language"] = "en"
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
