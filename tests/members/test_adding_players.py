"""Players first: the owner adds one name or a pasted list (with optional addresses) on the
players page, before any evening; the name rules ask "did you mean"; each new player gets a
personal link at once, and an announced evening lists them all as not answered yet."""

import datetime

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone, translation

from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.services.adding import add_players, asked_names, read_players
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services.answers import announce_evening, link_for
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/ofc-runde/players/manage/"

#: Six new people as a tired owner pastes them: addresses after a space, a comma or in <>,
#: two names on one line; "Andrea" is one letter from the league's Andreas.
PASTE = """Anna anna@example.org
Ben, ben@example.org
  Carla <carla@example.org>

Daniel, Emil
Andrea"""
FIXED = PASTE.replace("Andrea", "Greta")
SIX = ["Anna", "Ben", "Carla", "Daniel", "Emil", "Greta"]


@pytest.fixture(autouse=True)
def english(first_league):
    """The messages in English (one test checks the German page)."""
    League.objects.filter(pk=1).update(language="en")
    with translation.override("en"):
        yield


@pytest.fixture
def league(first_league):
    return League.objects.get(pk=1)


@pytest.fixture
def andreas(db):
    return PlayerFactory(name="Andreas")


def new_players():
    return list(Player.objects.exclude(name="Andreas").order_by("name"))


def test_one_name_is_a_player_with_a_personal_link(league, owner):
    (anna,) = add_players(league, owner, "Anna")
    assert (anna.name, anna.email, anna.league_id) == ("Anna", "", league.pk)
    assert PlayerLink.objects.filter(player=anna, revoked_at=None).count() == 1


def test_the_paste_reads_names_and_addresses_however_they_are_separated():
    players, problems = read_players(PASTE + "\nFrank frank@example.org, Gus\n, x@example.org")
    assert [(p.name, p.email, p.line) for p in players] == [
        ("Anna", "anna@example.org", 1),
        ("Ben", "ben@example.org", 2),
        ("Carla", "carla@example.org", 3),
        ("Daniel", "", 5),
        ("Emil", "", 5),
        ("Andrea", "", 6),
        ("Frank", "frank@example.org", 7),
        ("Gus", "", 7),
    ]
    assert [str(problem.messages[0]) for problem in problems] == [
        "Line 8: the address x@example.org has no name before it."
    ]


def test_a_near_name_refuses_the_whole_paste_until_it_is_fixed(league, owner, andreas):
    with pytest.raises(ValidationError) as refused:
        add_players(league, owner, PASTE)
    assert refused.value.messages == [
        "Line 6: “Andrea” is not a player yet. Did you mean Andreas? Correct the line, or "
        "tick the box if “Andrea” is right."
    ]
    assert asked_names(refused.value) == ["Andrea"]
    assert new_players() == [] and not PlayerLink.objects.exists()

    added = add_players(league, owner, FIXED)
    assert [player.name for player in added] == ["Anna", "Ben", "Carla", "Daniel", "Emil", "Greta"]
    assert [player.email for player in new_players()] == [
        "anna@example.org", "ben@example.org", "carla@example.org", "", "", "",
    ]  # fmt: skip
    links = PlayerLink.objects.filter(revoked_at=None)
    assert sorted(link.player.name for link in links) == SIX


def test_a_confirmed_near_name_is_added(league, owner, andreas):
    added = add_players(league, owner, "Andrea", confirmed=["Andrea"])
    assert [player.name for player in added] == ["Andrea"]


def test_every_bad_line_is_named_and_nothing_is_written(league, owner, andreas):
    text = "Anna\n=SUM(A1)\nBen ben@example\nandreas\nAnna\nCarl a@x.org b@y.org\n100% Emil"
    with pytest.raises(ValidationError) as refused:
        add_players(league, owner, text)
    messages = refused.value.messages
    assert [message.split(":")[0] for message in messages] == [
        "Line 2", "Line 3", "Line 4", "Line 5", "Line 6",
    ]  # fmt: skip
    assert "Andreas is a player already" in messages[2]
    assert (
        messages[1]
        == "Line 3: “ben@example” is no e-mail address (it looks like name@example.org)."
    )
    assert "in the list twice (line 1)" in messages[3]
    assert new_players() == []


def test_a_look_alike_of_a_player_is_that_player_and_refused(league, owner, andreas):
    with pytest.raises(ValidationError, match="Andreas is a player already"):
        add_players(league, owner, "Аndreas")  # a Cyrillic А


def test_a_half_typed_address_is_refused_not_taken_for_a_name(league, owner):
    with pytest.raises(ValidationError, match="Line 1: “anna@” is no e-mail address"):
        add_players(league, owner, "Anna anna@")
    assert new_players() == []


@pytest.mark.parametrize("text", ["", "  \n , \n", "\u200b"])
def test_nothing_to_add_is_refused_with_a_message(league, owner, text):
    with pytest.raises(ValidationError):
        add_players(league, owner, text)
    assert new_players() == []


@pytest.mark.parametrize("role", [None, Role.MEMBER, Role.SCOREKEEPER])
def test_only_the_owner_adds_players(league, role):
    user = UserFactory()
    if role:
        Membership.objects.create(league=league, user=user, role=role)
    with pytest.raises(PermissionDenied):
        add_players(league, user, "Anna")
    assert new_players() == []


def test_the_page_keeps_the_paste_and_asks_did_you_mean(owner_client, andreas):
    page = owner_client.post(PAGE, {"action": "add", "add-names": PASTE})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Did you mean Andreas?" in text
    assert "Carla &lt;carla@example.org&gt;" in text  # the paste is kept as typed
    assert 'name="add-asked" value="Andrea"' in text
    assert 'name="add-confirm_near"' in text
    assert "For example" in text
    assert new_players() == []

    done = owner_client.post(
        PAGE, {"action": "add", "add-names": PASTE, "add-asked": "Andrea", "add-confirm_near": "1"}
    )
    assert done.status_code == 302
    assert [player.name for player in new_players()] == ["Andrea", "Anna", "Ben", *SIX[2:5]]
    (message,) = [str(message) for message in get_messages(done.wsgi_request)]
    assert message.startswith("6 players added: Anna, Ben, Carla, Daniel, Emil, Andrea.")


def test_a_tick_for_other_names_confirms_nothing(owner_client, andreas):
    page = owner_client.post(
        PAGE,
        {"action": "add", "add-names": "Andrea", "add-asked": "Jonas", "add-confirm_near": "1"},
    )
    assert page.status_code == 200 and new_players() == []


def test_others_cannot_post_to_the_players_page(client, league):
    user = UserFactory()
    Membership.objects.create(league=league, user=user, role=Role.SCOREKEEPER)
    client.force_login(user)
    assert client.post(PAGE, {"action": "add", "add-names": "Anna"}).status_code == 403
    assert new_players() == []


def test_an_announced_evening_lists_every_new_player_as_not_answered(
    client, owner_client, owner, league
):
    owner_client.post(PAGE, {"action": "add", "add-names": FIXED})
    evening = announce_evening(
        league, owner, date=timezone.localdate() + datetime.timedelta(days=3), most_seats=6
    )
    page = owner_client.get(evening.get_absolute_url()).content.decode()
    assert "No answer yet (6)" in page
    assert "Anna, Ben, Carla, Daniel, Emil, Greta" in page
    assert "Start with 0 players" not in page
    assert "Nobody has said yes yet" in page


def test_the_german_page_names_the_bad_line_in_german(owner_client, andreas):
    League.objects.filter(pk=1).update(language="de")
    page = owner_client.post(PAGE, {"action": "add", "add-names": PASTE}).content.decode()
    assert "Zeile 6: „Andrea“ spielt noch nicht bei uns. Meinst du Andreas?" in page
    assert "Zum Beispiel:" in page


def test_the_links_page_of_a_league_without_players_says_where_to_add_them(owner_client):
    text = owner_client.get("/ofc-runde/rsvp/links/").content.decode()
    assert "The league has no players yet." in text
    assert 'href="/ofc-runde/players/manage/"' in text
    owner_client.post(PAGE, {"action": "add", "add-names": "Anna\nBen"})
    text = owner_client.get("/ofc-runde/rsvp/links/").content.decode()
    assert "The league has no players yet." not in text
    for player in new_players():
        assert f"/ofc-runde/rsvp/{link_for(player).token}/" in text


def test_a_merge_keeps_the_address_given_for_either_name(league, owner):
    from ofcleague.league.services.leagues import merge_players

    keep, merge = add_players(league, owner, "Anna\nAnni anna@example.org", confirmed=["Anni"])
    merge_players(league, keep, merge, owner)
    keep.refresh_from_db()
    assert keep.email == "anna@example.org"
