"""A reminder run by the worker (no league active) makes only the evening's league's pages
stale: recording a mail sent is that league's write, not every league's."""

import datetime

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from ofcleague.league.current import every_league, using_league
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.rsvp.models import ReminderSent
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.web.cache import league_version
from ofcleague.web.models import LeagueVersion
from tests.rsvp.test_reminders import _with_address

pytestmark = pytest.mark.django_db


def _tokens():
    return dict(LeagueVersion.objects.values_list("pk", "token"))


def test_a_reminder_run_renews_only_the_reminded_leagues_version(announced, eight, first_league):
    other_league = League.objects.create(name="Andere Runde", slug="andere-runde")
    Evening.objects.filter(pk=announced.pk).update(
        date=timezone.localdate() + datetime.timedelta(days=1)
    )
    answer_evening(Evening.objects.get(pk=announced.pk), eight[0], "yes")
    _with_address(eight[0], "andreas@example.org")
    for league in (first_league, other_league):
        with using_league(league):
            league_version()
    before = _tokens()
    with every_league():  # as the worker runs it
        call_command("send_reminders")
    assert [m.to for m in mail.outbox] == [["andreas@example.org"]]
    assert ReminderSent.objects.count() == 1
    after = _tokens()
    assert after[first_league.pk] != before[first_league.pk]
    assert after[other_league.pk] == before[other_league.pk]
