"""Starting an announced evening early asks whether it keeps its day or moves to today, and an
evening moved to today can go back to its announced day, also once finished (issue 36,
point 13)."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.invariants import league_problems
from ofcleague.league.limits import finished_date_allowed
from ofcleague.league.models import Evening, Status
from ofcleague.league.services.finishing import save_finishing_order
from ofcleague.league.services.starting import back_to_announced_day
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.rsvp.services.starting import start_from_answers

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

TODAY = datetime.date(2026, 12, 6)


@pytest.fixture
def answered(announced, eight):
    """The week-ahead announcement with four yes answers."""
    for player in eight[:4]:
        answer_evening(announced, player, "yes")
    return announced


def _finish(evening):
    """Finish the evening by a plain finishing order (the league's own service)."""
    evening = Evening.objects.get(pk=evening.pk)
    seats = list(evening.seats.order_by("pk"))
    places = {seat.pk: place for place, seat in enumerate(seats, 1)}
    return save_finishing_order(evening, evening.version, places)


def test_the_rule_takes_a_day_that_came_or_the_announced_day():
    ahead = TODAY + datetime.timedelta(days=5)
    assert finished_date_allowed(TODAY, None, TODAY)
    assert not finished_date_allowed(ahead, None, TODAY)
    assert finished_date_allowed(ahead, ahead, TODAY)
    assert not finished_date_allowed(ahead + datetime.timedelta(days=1), ahead, TODAY)


def test_the_start_form_asks_which_day(client, owner, answered):
    client.force_login(owner)
    page = client.get(answered.get_absolute_url()).content.decode()
    assert 'id="start-day"' in page
    assert 'name="day" value="today"' in page and 'name="day" value="keep"' in page


def test_an_evening_started_early_keeps_its_day_when_asked_to(client, owner, answered):
    client.force_login(owner)
    client.post(reverse("rsvp:evening_start", args=[answered.pk]), {"day": "keep"})
    evening = Evening.objects.get(pk=answered.pk)
    assert evening.status == Status.IN_PROGRESS
    assert evening.date == answered.date > timezone.localdate()
    # Finished tonight, it still lies on its announced day.
    assert _finish(evening).date == answered.date
    assert league_problems() == []


def test_moved_to_today_and_finished_it_goes_back_to_its_day(client, owner, answered):
    start_from_answers(answered, owner)
    moved = Evening.objects.get(pk=answered.pk)
    assert moved.date == timezone.localdate() and moved.announced_for == answered.date
    finished = _finish(moved)
    client.force_login(owner)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert 'id="move-back"' in page
    client.post(reverse("rsvp:evening_move_back", args=[finished.pk]))
    back = Evening.objects.get(pk=answered.pk)
    assert back.date == answered.date and back.version > finished.version
    assert league_problems() == []
    with pytest.raises(ValidationError):
        back_to_announced_day(back, owner)


def test_a_finished_evening_still_cannot_move_to_any_other_future_day(owner, answered):
    start_from_answers(answered, owner)
    finished = _finish(Evening.objects.get(pk=answered.pk))
    finished.date = answered.date + datetime.timedelta(days=1)
    with pytest.raises(ValidationError, match="cannot lie in the future"):
        finished.full_clean(validate_unique=False, validate_constraints=False)
