"""The answers travel with a league's backup (issue 39): the players' personal links, their
answers, the mails sent and the members' calendar links come back after a restore into an
empty site, from a backup written today and from one written before these models moved from
the league app to the rsvp app (its rows under the labels ``league.playerlink``,
``league.rsvp``, ``league.remindersent`` and ``league.calendarfeed``)."""

import datetime
import gzip
import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership
from ofcleague.league.models import Evening, Player
from ofcleague.rsvp.models import Answer, CalendarFeed, PlayerLink, ReminderSent, Rsvp
from tests.backup.test_backup import wipe
from tests.backup.test_backup_league import NAMES_B, back_up, two_leagues  # noqa: F401 (fixture)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MOVED = ["calendarfeed", "playerlink", "remindersent", "rsvp"]


def written_before_the_move(path):
    """The league backup at ``path`` as it was written before the answers moved: their rows
    under the league app's labels."""
    data = json.loads(gzip.decompress(path.read_bytes()))
    old = {f"rsvp.{name}": f"league.{name}" for name in MOVED}
    moved = [row for row in data["rows"] if row["model"] in old]
    assert {row["model"] for row in moved} == set(old)
    for row in moved:
        row["model"] = old[row["model"]]
    path.write_bytes(gzip.compress(json.dumps(data).encode()))


def answers_of(league):
    """The league's links, answers, mails sent and calendar links, by what they name."""
    players = Player._base_manager.filter(league=league)
    return {
        "links": set(
            PlayerLink.objects.filter(player__in=players).values_list("player__name", "token")
        ),
        "answers": set(
            Rsvp.objects.filter(player__in=players).values_list(
                "evening__date", "player__name", "answer", "remark"
            )
        ),
        "mails": set(
            ReminderSent.objects.filter(player__in=players).values_list(
                "evening__date", "player__name", "kind", "turn"
            )
        ),
        "feeds": set(
            CalendarFeed.objects.filter(league=league).values_list("created_by__username", "token")
        ),
    }


@pytest.mark.parametrize("written", ["now", "before_the_move"])
def test_answers_links_and_mails_sent_travel_with_the_league(
    two_leagues,  # noqa: F811
    tmp_path,
    written,
):
    _a, b = two_leagues
    bea = Membership.objects.get(league=b, user__username="bea").user
    zzyzx, quentin = (Player._base_manager.get(league=b, name=name) for name in NAMES_B[:2])
    with using_league(b):
        evening = Evening.objects.filter(status="finished").order_by("date").first()
    PlayerLink.objects.filter(player=zzyzx, revoked_at=None).update(revoked_at=timezone.now())
    PlayerLink.objects.create(player=zzyzx, token="the-link-of-zzyzx")
    answered = timezone.now() - datetime.timedelta(days=1)
    Rsvp.objects.create(
        evening=evening, player=quentin, answer=Answer.NO, remark="Urlaub", answered_at=answered
    )
    ReminderSent.objects.create(evening=evening, player=zzyzx, kind="result")
    CalendarFeed.objects.create(league=b, created_by=bea, token="the-calendar-of-bea")
    before = answers_of(b)
    assert all(before.values()), before
    target = back_up(b, tmp_path)
    if written == "before_the_move":
        written_before_the_move(target)
    wipe()
    UserFactory(username="bea", email="bea@example.org")

    call_command("restore", str(target), league=True, verbosity=0)

    assert answers_of(League.objects.get(slug="zweite-runde")) == before
