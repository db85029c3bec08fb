"""The RSVP pages: announcing, the personal link, the evening page's answers, roles, garbage."""

import datetime

import pytest
from django.utils import timezone

from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.rsvp.models import PlayerLink, Rsvp
from ofcleague.rsvp.services.answers import answer_evening
from tests.factories import UserFactory, confirmed_claim, scorekeeper_of

pytestmark = pytest.mark.django_db


def _link(player):
    return PlayerLink.objects.create(player=player)


def test_owner_announces_by_the_form(client, owner):
    client.force_login(owner)
    day = timezone.localdate() + datetime.timedelta(days=3)
    response = client.post(
        "/ofc-runde/evenings/announce/",
        {
            "date": day.isoformat(),
            "start_time": "19:30",
            "location": "Bei Micha",
            "buy_in": "10",
            "variant": "pineapple",
            "rule_set": "",
            "most_seats": "6",
            "rsvp_until": "",
            "notes": "",
        },
    )
    evening = Evening.objects.get()
    assert response.status_code == 302
    assert evening.status == Status.PLANNED and evening.most_seats == 6
    home = client.get("/ofc-runde/")
    assert "Bei Micha" in home.content.decode()


def test_the_announcement_names_its_rounds_and_a_change_left_empty_keeps_them(client, owner):
    client.force_login(owner)
    day = timezone.localdate() + datetime.timedelta(days=3)
    fields = {"date": day.isoformat(), "variant": "pineapple", "most_seats": "6"}
    client.post("/ofc-runde/evenings/announce/", {**fields, "rounds": "2", "hands_per_round": "8"})
    evening = Evening.objects.get()
    assert (evening.rounds, evening.hands_per_round) == (2, 8)
    page = client.get(f"/ofc-runde/evenings/{evening.pk}/announce/").content.decode()
    assert 'name="rounds" value="2"' in page
    changed = {**fields, "location": "Neu", "version": evening.version}
    client.post(f"/ofc-runde/evenings/{evening.pk}/announce/", changed)
    evening.refresh_from_db()
    assert (evening.location, evening.rounds, evening.hands_per_round) == ("Neu", 2, 8)
    wrong = client.post("/ofc-runde/evenings/announce/", {**fields, "rounds": "0"})
    assert wrong.status_code == 200 and Evening.objects.count() == 1


def test_garbage_in_the_announcement_keeps_the_input(client, owner):
    client.force_login(owner)
    response = client.post(
        "/ofc-runde/evenings/announce/",
        {
            "date": "31.02.",
            "start_time": "x",
            "location": "Hier",
            "most_seats": "99",
            "buy_in": "a",
        },
    )
    assert response.status_code == 200
    assert 'value="Hier"' in response.content.decode()
    assert not Evening.objects.exists()


@pytest.mark.parametrize("role", [None, "member"])
def test_others_may_not_announce(client, role):
    user = UserFactory()
    if role:
        scorekeeper_of(user, role=role)
    client.force_login(user)
    assert client.get("/ofc-runde/evenings/announce/").status_code == 403
    assert client.post("/ofc-runde/evenings/announce/", {"most_seats": "6"}).status_code == 403


def test_a_player_answers_by_their_link_in_one_tap(client, announced, eight):
    link = _link(eight[0])
    page = client.get(f"/ofc-runde/rsvp/{link.token}/")
    assert page.status_code == 200
    assert "Bei Micha" in page.content.decode()
    response = client.post(
        f"/ofc-runde/rsvp/{link.token}/",
        {"evening": str(announced.pk), "answer": "yes", "remark": "bringe Chips"},
    )
    assert response.status_code == 302
    rsvp = Rsvp.objects.get()
    assert (rsvp.player, rsvp.answer, rsvp.remark) == (eight[0], "yes", "bringe Chips")


def test_the_link_page_says_where_a_waiting_player_stands(client, announced, eight):
    for player in eight[:7]:
        answer_evening(announced, player, "yes")
    link = _link(eight[6])
    page = client.get(f"/ofc-runde/rsvp/{link.token}/").content.decode()
    assert 'data-answer="waiting"' in page


@pytest.mark.parametrize(
    "data",
    [
        {"evening": "abc", "answer": "yes"},
        {"evening": "99999999999999999999", "answer": "yes"},
        {"answer": "yes"},
    ],
)
def test_garbage_answers_never_crash(client, announced, eight, data):
    link = _link(eight[0])
    response = client.post(f"/ofc-runde/rsvp/{link.token}/", data)
    assert response.status_code == 302
    assert not Rsvp.objects.exists()


def test_a_wrong_answer_is_refused_with_a_message(client, announced, eight):
    link = _link(eight[0])
    response = client.post(
        f"/ofc-runde/rsvp/{link.token}/",
        {"evening": str(announced.pk), "answer": "perhaps"},
        follow=True,
    )
    assert response.status_code == 200
    assert not Rsvp.objects.exists()


def test_unknown_and_revoked_links(client, eight):
    assert client.get("/ofc-runde/rsvp/nope/").status_code == 404
    link = _link(eight[0])
    PlayerLink.objects.filter(pk=link.pk).update(revoked_at=timezone.now())
    assert client.get(f"/ofc-runde/rsvp/{link.token}/").status_code == 404


def test_mails_are_switched_on_the_link(client, eight):
    # Switches are for a player the league can mail (here: an address the owner gave).
    eight[0].email = "andreas@example.org"
    eight[0].save()
    link = _link(eight[0])
    client.post(f"/ofc-runde/rsvp/{link.token}/", {"mails": "1", "send_result": "1"})
    link.refresh_from_db()
    assert (link.remind_before, link.send_result, link.seat_mail) == (False, True, False)
    client.post(f"/ofc-runde/rsvp/{link.token}/", {"mails": "1", "seat_mail": "1"})
    link.refresh_from_db()
    assert (link.remind_before, link.send_result, link.seat_mail) == (False, False, True)


def test_the_evening_page_shows_the_answers_and_the_forecast(client, announced, eight):
    for player in eight:
        answer_evening(announced, player, "yes")
    answer_evening(announced, eight[0], "no", "krank")
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'id="rsvp-coming"' in page and 'id="rsvp-waiting"' in page
    # Eight players new to the league: no numbers, a sentence saying why.
    assert 'id="rsvp-forecast-too-early"' in page
    assert "krank" in page
    # The chat message is for those who run the evening only.
    assert 'id="chat-message"' not in page and 'class="qr"' not in page


def test_a_member_answers_on_the_evening_page(client, announced, eight):
    user = UserFactory()
    scorekeeper_of(user, role="member")
    confirmed_claim(user, eight[3])
    client.force_login(user)
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'name="answer"' in page
    client.post(f"/ofc-runde/evenings/{announced.pk}/answer/", {"answer": "maybe"})
    assert Rsvp.objects.get().player == eight[3]


def test_a_member_without_a_player_cannot_answer(client, announced):
    user = UserFactory()
    scorekeeper_of(user, role="member")
    client.force_login(user)
    client.post(f"/ofc-runde/evenings/{announced.pk}/answer/", {"answer": "yes"})
    assert not Rsvp.objects.exists()


def test_owner_sees_the_chat_message_and_starts_in_one_tap(client, announced, eight, owner):
    for player in eight[:6]:
        answer_evening(announced, player, "yes")
    client.force_login(owner)
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'id="chat-message"' in page and "https://wa.me/?text=" in page
    assert 'class="qr"><title>' in page  # the evening's link to scan at the table
    assert "Bei Micha" in page
    client.post(f"/ofc-runde/evenings/{announced.pk}/start/", {"seating": "balanced"})
    assert Evening.objects.get(pk=announced.pk).status == Status.IN_PROGRESS
    assert EveningPlayer.objects.filter(evening=announced).count() == 6


def test_owner_makes_and_renews_links(client, eight, owner):
    client.force_login(owner)
    client.post("/ofc-runde/rsvp/links/")
    assert PlayerLink.objects.count() == 8
    page = client.get("/ofc-runde/rsvp/links/").content.decode()
    link = PlayerLink.objects.get(player=eight[0])
    assert f"/ofc-runde/rsvp/{link.token}/" in page
    client.post("/ofc-runde/rsvp/links/", {"renew": str(link.pk)})
    assert PlayerLink.objects.filter(player=eight[0]).count() == 2


def test_renewing_a_link_twice_renews_it_once(client, eight, owner):
    """The same renew sent again (a double tap, a page left open): a message, no second link."""
    client.force_login(owner)
    client.post("/ofc-runde/rsvp/links/")
    link = PlayerLink.objects.get(player=eight[0])
    client.post("/ofc-runde/rsvp/links/", {"renew": str(link.pk)})
    renewed = PlayerLink.objects.get(player=eight[0], revoked_at=None)
    response = client.post("/ofc-runde/rsvp/links/", {"renew": str(link.pk)}, follow=True)
    assert response.status_code == 200
    assert "schon erneuert" in response.content.decode()
    assert PlayerLink.objects.get(player=eight[0], revoked_at=None) == renewed
    assert PlayerLink.objects.filter(player=eight[0]).count() == 2


def test_the_links_page_is_for_those_who_run_the_league(client, eight):
    user = UserFactory()
    scorekeeper_of(user, role="member")
    client.force_login(user)
    assert client.get("/ofc-runde/rsvp/links/").status_code == 403


def test_the_evening_page_reads_a_fixed_number_of_queries(
    client, announced, eight, owner, django_assert_max_num_queries
):
    for player in eight[:4]:
        answer_evening(announced, player, "yes")
    client.force_login(owner)
    client.get(announced.get_absolute_url())
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get(announced.get_absolute_url())
    for player in eight[4:]:
        answer_evening(announced, player, "yes")
    with CaptureQueriesContext(connection) as many:
        client.get(announced.get_absolute_url())
    assert len(many) == len(few)


def test_a_personal_link_opens_a_members_only_league_without_an_account(client, announced, eight):
    from ofcleague.league.leagues import League, Visibility

    League.objects.filter(pk=1).update(visibility=Visibility.MEMBERS)
    link = _link(eight[0])
    assert client.get(f"/ofc-runde/rsvp/{link.token}/").status_code == 200
    assert client.get(announced.get_absolute_url()).status_code == 302
    assert client.get("/ofc-runde/rsvp/links/").status_code == 302


def test_a_personal_link_opens_a_members_only_site(client, settings, eight):
    settings.MEMBERS_ONLY = True
    link = _link(eight[0])
    assert client.get(f"/ofc-runde/rsvp/{link.token}/").status_code == 200
    assert client.get("/ofc-runde/alltime/").status_code == 302


def test_the_front_page_leads_with_the_next_evening_not_as_the_latest(client, announced, eight):
    from tests.league.builders import evening_from_points

    evening_from_points({eight[0]: [5], eight[1]: [-5]}, date=datetime.date(2024, 5, 3))
    page = client.get("/ofc-runde/").content.decode()
    section, rest = page.split('class="next-evening"')[1].split("</section>", 1)
    assert f"/evenings/{announced.pk}/" in section
    assert "Andreas" in rest
    assert f"/evenings/{announced.pk}/" not in rest


def test_a_cancelled_evening_takes_no_answers_on_its_page(client, announced, eight, owner):
    client.force_login(owner)
    client.post(f"/ofc-runde/evenings/{announced.pk}/cancel/")
    assert Evening.objects.get(pk=announced.pk).status == Status.CANCELLED
    page = client.get(announced.get_absolute_url()).content.decode()
    assert 'id="rsvp-title"' not in page
    assert "/pad/" not in page
    link = _link(eight[0])
    client.post(f"/ofc-runde/rsvp/{link.token}/", {"evening": str(announced.pk), "answer": "yes"})
    assert not Rsvp.objects.exists()


def test_the_announce_form_starts_from_the_leagues_defaults(client, owner):
    from ofcleague.league.leagues import League

    League.objects.filter(pk=1).update(buy_in="7.50")
    client.force_login(owner)
    page = client.get("/ofc-runde/evenings/announce/").content.decode()
    assert 'value="7.50"' in page
    assert 'name="most_seats"' in page


def test_a_link_answers_only_under_its_own_league(client, eight):
    from ofcleague.league.leagues import League

    League.objects.create(name="Zweite Runde", slug="zweite-runde")
    link = _link(eight[0])
    assert client.get(f"/zweite-runde/rsvp/{link.token}/").status_code == 404


def test_the_link_page_reads_the_same_queries_for_more_answers(client, announced, eight):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    link = _link(eight[0])
    client.get(f"/ofc-runde/rsvp/{link.token}/")
    with CaptureQueriesContext(connection) as few:
        client.get(f"/ofc-runde/rsvp/{link.token}/")
    for player in eight:
        answer_evening(announced, player, "yes")
    with CaptureQueriesContext(connection) as many:
        client.get(f"/ofc-runde/rsvp/{link.token}/")
    assert len(many) == len(few)
