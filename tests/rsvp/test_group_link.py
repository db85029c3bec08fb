"""The group link: one address for the chat where a player picks their name and answers in one
more tap, through the same service as the personal link (seats, waitlist, deadline)."""

import datetime
import re

import pytest
from django.utils import timezone

from ofcleague.league.leagues import League, Visibility
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.models import PlayerLink, Rsvp
from ofcleague.rsvp.services.answers import answer_evening, change_announcement
from tests.factories import UserFactory, confirmed_claim, scorekeeper_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english(client):
    client.cookies["django_language"] = "en"


def group_url(evening):
    return f"/ofc-runde/rsvp/evening/{group_token(evening)}/"


def answer(client, evening, player, value="yes", remark=""):
    return client.post(group_url(evening), {"player": player.pk, "answer": value, "remark": remark})


def test_the_page_lists_the_evening_and_every_player(client, announced, eight):
    answer_evening(announced, eight[0], "yes")
    response = client.get(group_url(announced))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Bei Micha" in page and 'id="rsvp-coming"' in page
    names = re.findall(r'class="button name-button" href="\?player=(\d+)"', page)
    assert sorted(map(int, names)) == sorted(player.pk for player in eight)
    assert "1 of 6 seats taken" in page


def test_a_name_and_one_tap_answer(client, announced, eight):
    picked = client.get(group_url(announced), {"player": eight[2].pk}).content.decode()
    assert 'name="answer" value="yes"' in picked and f'value="{eight[2].pk}"' in picked
    response = answer(client, announced, eight[2], "yes", "komme später")
    assert response.status_code == 302
    rsvp = Rsvp.objects.get()
    assert (rsvp.player, rsvp.answer, rsvp.remark) == (eight[2], "yes", "komme später")
    # The phone remembers the name: next time the answer buttons come at once.
    again = client.get(group_url(announced)).content.decode()
    assert 'data-answer="yes"' in again and 'name="forget"' in again
    assert "name-button" not in again


def test_a_double_tap_changes_nothing(client, announced, eight):
    answer(client, announced, eight[0])
    first = Rsvp.objects.get()
    answer(client, announced, eight[0])
    again = Rsvp.objects.get()
    assert (again.answered_at, again.waiting_since) == (first.answered_at, first.waiting_since)


def test_not_me_forgets_the_name(client, announced, eight):
    answer(client, announced, eight[0])
    response = client.post(group_url(announced), {"forget": "1"})
    assert response.status_code == 302
    page = client.get(group_url(announced)).content.decode()
    assert "name-button" in page


def test_a_yes_beyond_the_seats_waits(client, announced, eight):
    change_announcement(announced, UserFactory(is_superuser=True), most_seats=2)
    for player in eight[:3]:
        answer(client, announced, player)
    page = client.get(group_url(announced)).content.decode()
    assert 'id="rsvp-waiting"' in page and eight[2].name in page.split('id="rsvp-waiting"')[1]
    assert "number 1 on the waitlist" in page
    waiting = Rsvp.objects.get(player=eight[2])
    assert waiting.waiting_since is not None


def test_after_the_deadline_only_no_is_taken(client, announced, eight):
    announced.rsvp_until = timezone.now() - datetime.timedelta(hours=1)
    announced.save(update_fields=["rsvp_until"])
    response = answer(client, announced, eight[0], "yes")
    assert not Rsvp.objects.exists()
    follow = client.get(response["Location"]).content.decode()
    assert "you can still say no" in follow
    answer(client, announced, eight[0], "no")
    assert Rsvp.objects.get().answer == "no"


def test_a_player_with_an_account_is_asked_to_sign_in(client, announced, eight):
    user = UserFactory()
    scorekeeper_of(user, role="member")
    confirmed_claim(user, eight[1])
    page = client.get(group_url(announced)).content.decode()
    assert f'href="?player={eight[1].pk}"' not in page
    assert "/login/?next=" in page.split(eight[1].name)[0].rsplit("<li>", 1)[1]
    # Neither by the name in the address nor by a posted answer.
    picked = client.get(group_url(announced), {"player": eight[1].pk}).content.decode()
    assert 'name="answer"' not in picked
    answer(client, announced, eight[1], "yes")
    assert not Rsvp.objects.exists()
    # Signed in, they see their own buttons at once and answer with one tap.
    client.force_login(user)
    own = client.get(group_url(announced)).content.decode()
    assert 'name="answer" value="yes"' in own and "name-button" not in own
    answer(client, announced, eight[1], "maybe")
    assert Rsvp.objects.get().player == eight[1]


def test_the_page_is_never_cached_and_tells_no_other_site_its_address(client, announced, eight):
    response = client.get(group_url(announced))
    assert response["Cache-Control"] == "private, no-store"
    # The answer forms still post: a browser sends "Origin: null" from a no-referrer page,
    # which the CSRF check takes (web/csrf.py; tests/browser/test_group_link.py posts so).
    assert response["Referrer-Policy"] == "no-referrer"
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    answered = answer(client, announced, eight[0])
    assert answered["Cache-Control"] == "private, no-store"
    assert answered["Referrer-Policy"] == "no-referrer"


def test_the_personal_link_keeps_working(client, announced, eight):
    link = PlayerLink.objects.create(player=eight[0])
    client.post(f"/ofc-runde/rsvp/{link.token}/", {"evening": announced.pk, "answer": "maybe"})
    assert Rsvp.objects.get().answer == "maybe"


def test_the_chat_message_and_its_qr_carry_the_group_link(client, owner, announced):
    client.force_login(owner)
    page = client.get(announced.get_absolute_url()).content.decode()
    message = page.split('id="chat-message"', 1)[1].split("</textarea>", 1)[0]
    assert f"http://testserver{group_url(announced)}" in message
    assert group_token(announced) in page.split('href="https://wa.me/?text=', 1)[1][:2000]


def test_a_members_only_league_opens_the_group_link_to_anyone_with_it(client, announced, eight):
    League.objects.filter(pk=1).update(visibility=Visibility.MEMBERS)
    assert client.get(announced.get_absolute_url()).status_code == 302
    assert client.get(group_url(announced)).status_code == 200
    answer(client, announced, eight[0])
    assert Rsvp.objects.get().player == eight[0]


@pytest.mark.parametrize("garbage", ["", "x", "0" * 32, "' OR 1=1 --", "a" * 200])
def test_a_wrong_token_is_404(client, announced, garbage):
    assert client.get(f"/ofc-runde/rsvp/evening/{garbage}/").status_code == 404


@pytest.mark.parametrize("garbage", ["", "abc", "99999999", "-1", "1" * 40])
def test_garbage_players_are_refused_without_writing(client, announced, garbage):
    response = client.post(group_url(announced), {"player": garbage, "answer": "yes"})
    assert response.status_code == 302 and not Rsvp.objects.exists()
    assert client.get(group_url(announced), {"player": garbage}).status_code == 200
