"""Seating says the table-size rule it applies, wherever it seats: beside "Start with N
players", in the message after starting, on the pad's round page and in the points grid's
tables (issue 36, point 8)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.league.services.starting import seating_rule
from ofcleague.rsvp.services.answers import announce_evening, answer_evening
from ofcleague.scoring import RULE_SETS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

RULE = "seats at most 4 players at a table, so 5 players play at 2 tables: 3 + 2."


@pytest.fixture
def classic_five(owner, eight):
    """A classic evening announced for next week, five players said yes."""
    evening = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=7),
        start_time=datetime.time(19, 30),
        buy_in=5,
        variant="classic",
        rule_set="",
        most_seats=8,
    )
    for player in eight[:5]:
        answer_evening(evening, player, "yes")
    return evening


def test_the_rule_names_the_limit_and_what_it_makes_of_the_players():
    classic = RULE_SETS["classic-2-4"]
    assert seating_rule(classic, 5) == f"“{classic.label}” {RULE}"
    assert seating_rule(classic, 4).endswith("so 4 players play at one table.")
    assert seating_rule(RULE_SETS["pineapple"], 7).endswith(
        "7 players play at 3 tables: 3 + 2 + 2."
    )


def test_the_start_button_and_the_message_after_it_say_the_rule(client, owner, classic_five):
    client.force_login(owner)
    page = client.get(classic_five.get_absolute_url())
    text = page.content.decode()
    assert "Start with 5 players" in text and RULE in text
    started = client.post(
        reverse("rsvp:evening_start", args=[classic_five.pk]), {"seating": "random"}, follow=True
    )
    shown = " ".join(str(message) for message in started.context["messages"])
    assert RULE in shown
    assert Evening.objects.get(pk=classic_five.pk).seats.count() == 5


def test_the_round_page_and_the_points_grid_say_the_rule(client, owner, classic_five):
    client.force_login(owner)
    client.post(reverse("rsvp:evening_start", args=[classic_five.pk]), {"seating": "random"})
    pad = client.get(reverse("table:round", args=[classic_five.pk, 1])).content.decode()
    assert RULE in pad
    # Back to round totals: the grid's tables take the same rule.
    client.post(reverse("table:seats", args=[classic_five.pk, 1]), {"action": "totals"})
    points = client.get(reverse("results:evening_points", args=[classic_five.pk]))
    assert RULE in points.content.decode()
