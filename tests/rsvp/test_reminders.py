"""The send_reminders command: the day before and the result, switchable, never twice."""

import datetime

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.rsvp.models import PlayerLink, ReminderSent
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.rsvp.services.reminders import send_reminders
from tests.factories import UserFactory, confirmed_claim, scorekeeper_of
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db


def _with_address(player, email):
    user = UserFactory(email=email)
    scorekeeper_of(user, role="member")
    confirmed_claim(user, player)
    return user


@pytest.fixture
def tomorrow(announced):
    Evening.objects.filter(pk=announced.pk).update(
        date=timezone.localdate() + datetime.timedelta(days=1)
    )
    return Evening.objects.get(pk=announced.pk)


def test_the_day_before_yes_and_maybe_with_an_address_get_one_reminder(tomorrow, eight):
    answer_evening(tomorrow, eight[0], "yes")
    answer_evening(tomorrow, eight[1], "maybe")
    answer_evening(tomorrow, eight[2], "no")
    answer_evening(tomorrow, eight[3], "yes")  # no address
    for player in eight[:3]:
        _with_address(player, f"{player.name.lower()}@example.org")
    call_command("send_reminders")
    assert sorted(m.to[0] for m in mail.outbox) == ["andreas@example.org", "melanie@example.org"]
    assert "Bei Micha" in mail.outbox[0].body
    call_command("send_reminders")
    assert len(mail.outbox) == 2
    assert ReminderSent.objects.count() == 2


def test_a_player_who_switched_reminders_off_gets_none(tomorrow, eight):
    answer_evening(tomorrow, eight[0], "yes")
    _with_address(eight[0], "a@example.org")
    PlayerLink.objects.create(player=eight[0], remind_before=False)
    send_reminders()
    assert mail.outbox == []


def test_no_reminder_a_week_ahead(announced, eight):
    answer_evening(announced, eight[0], "yes")
    _with_address(eight[0], "a@example.org")
    send_reminders()
    assert mail.outbox == []


def test_the_result_goes_once_to_the_players_who_played(eight):
    a, b = eight[:2]
    evening_from_points({a: [5], b: [-5]}, date=timezone.localdate())
    _with_address(a, "a@example.org")
    _with_address(b, "b@example.org")
    PlayerLink.objects.create(player=b, send_result=False)
    assert send_reminders() == (0, 1)
    assert mail.outbox[0].to == ["a@example.org"]
    assert "1. Andreas" in mail.outbox[0].body
    assert send_reminders() == (0, 0)


def _full_with_two_waiting(announced, eight):
    """Six yeses fill the six seats; Tobias and Ute wait."""
    for player in eight:
        answer_evening(announced, player, "yes")


def test_a_waiting_player_is_mailed_once_a_seat_is_theirs(
    announced, eight, django_capture_on_commit_callbacks
):
    _full_with_two_waiting(announced, eight)
    tobias, ute = eight[6], eight[7]
    _with_address(tobias, "tobias@example.org")
    _with_address(ute, "ute@example.org")
    link = PlayerLink.objects.create(player=tobias)
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        answer_evening(announced, eight[2], "no")
    # Nothing goes out before the move is committed.
    assert mail.outbox == [] and len(waiting) == 1
    waiting[0]()
    assert [m.to for m in mail.outbox] == [["tobias@example.org"]]
    message = mail.outbox[0]
    assert message.subject.startswith("Ein Platz ist frei")
    assert f"/ofc-runde/rsvp/{link.token}/" in message.body
    assert "Bei Micha" in message.body
    # Ute moved up with the second no: her mail (no personal link) leads to the evening.
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[3], "no")
    assert [m.to for m in mail.outbox] == [["ute@example.org"]]
    assert f"/ofc-runde/evenings/{announced.pk}/" in mail.outbox[0].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[4], "no")
    assert mail.outbox == []  # nobody was waiting any more


def test_moving_up_twice_mails_once_and_a_switch_stops_it(
    announced, eight, django_capture_on_commit_callbacks
):
    _full_with_two_waiting(announced, eight)
    tobias, ute = eight[6], eight[7]
    _with_address(tobias, "tobias@example.org")
    _with_address(ute, "ute@example.org")
    PlayerLink.objects.create(player=ute, seat_mail=False)
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[0], "no")  # Tobias moves up
        answer_evening(announced, tobias, "no")  # and gives it back: Ute moves up
        answer_evening(announced, eight[1], "no")
        answer_evening(announced, tobias, "yes")  # Tobias has a seat again, no second mail
    assert [m.to for m in mail.outbox] == [["tobias@example.org"]]
    assert ReminderSent.objects.filter(kind="seated").count() == 1


def test_no_reminder_the_day_before_still_tells_of_a_free_seat(
    announced, eight, django_capture_on_commit_callbacks
):
    """The seat's mail has its own switch (issue 39): no reminders does not silence it."""
    _full_with_two_waiting(announced, eight)
    tobias = eight[6]
    _with_address(tobias, "tobias@example.org")
    PlayerLink.objects.create(player=tobias, remind_before=False, send_result=False)
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[0], "no")  # Tobias moves up
    assert [m.to for m in mail.outbox] == [["tobias@example.org"]]


def test_each_seat_a_waiting_player_is_given_is_told_once(
    announced, eight, django_capture_on_commit_callbacks
):
    _full_with_two_waiting(announced, eight)
    tobias, ute = eight[6], eight[7]
    _with_address(tobias, "tobias@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[0], "no")  # Tobias moves up
        answer_evening(announced, tobias, "no")  # gives it back: Ute moves up
        answer_evening(announced, tobias, "yes")  # full again: Tobias waits
    with django_capture_on_commit_callbacks(execute=False) as second:
        answer_evening(announced, eight[1], "no")  # and moves up a second time
    second[0]()
    assert [m.to for m in mail.outbox] == [["tobias@example.org"]] * 2
    seated = ReminderSent.objects.filter(kind="seated", player=tobias)
    assert sorted(seated.values_list("turn", flat=True)) == [1, 2]
    assert not ReminderSent.objects.filter(player=ute).exists()  # no address
    second[0]()  # the same move told again (a retried callback): no third mail
    assert len(mail.outbox) == 2


def test_the_mails_speak_the_leagues_language(announced, eight, django_capture_on_commit_callbacks):
    League.objects.filter(pk=announced.league_id).update(language="en")
    announced.refresh_from_db()
    _full_with_two_waiting(announced, eight)
    _with_address(eight[6], "tobias@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        answer_evening(announced, eight[0], "no")
    assert mail.outbox[0].subject.startswith("A seat came free")
