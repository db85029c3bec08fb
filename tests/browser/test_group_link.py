"""The group link on a phone (390x844): open the chat's link, tap your name, tap "I'm in":
two taps. The phone remembers the name (one tap next time), a yes beyond the seats waits, a
late answer is refused but a no, and axe finds nothing serious on the page, light or dark."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, Player
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.models import Rsvp
from ofcleague.rsvp.services.answers import announce_evening, answer_evening
from tests.browser.axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Phone:
    """A player's phone: counts the taps."""

    def __init__(self, context):
        self.page, self.taps = context.new_page(), 0

    def tap(self, locator):
        self.taps += 1
        with self.page.expect_navigation():
            locator.tap()


def _evening(keeper):
    evening = announce_evening(
        League.objects.get(pk=1),
        keeper,
        date=timezone.localdate() + datetime.timedelta(days=3),
        start_time=datetime.time(19, 30),
        location="Bei Micha",
        variant="pineapple",
        most_seats=2,
    )
    answer_evening(evening, Player.objects.get(name="Andreas"), "yes")
    return evening


def test_two_taps_from_the_chat_to_a_seat(
    browser, browser_context_args, live_server, league, shots
):
    evening = _evening(league)
    url = f"{live_server.url}/ofc-runde/rsvp/evening/{group_token(evening)}/"
    findings = {}
    micha = Phone(browser.new_context(**browser_context_args))
    micha.page.goto(url)
    expect(micha.page.locator("#group-names a.name-button")).to_have_count(4)
    findings["names"] = serious_findings(micha.page)
    shots(micha.page, "group-link-names")
    micha.tap(micha.page.get_by_role("link", name="Ich bin Micha"))
    findings["answer"] = serious_findings(micha.page)
    shots(micha.page, "group-link-answer")
    micha.tap(micha.page.locator("button[name=answer][value=yes]"))
    assert micha.taps == 2
    expect(micha.page.locator(".rsvp-mine")).to_have_attribute("data-answer", "yes")
    assert Rsvp.objects.get(player__name="Micha").waiting_since is None

    # The seats are taken now: Swantje's yes waits, first in line.
    swantje = Phone(browser.new_context(**browser_context_args))
    swantje.page.goto(url)
    swantje.tap(swantje.page.get_by_role("link", name="Ich bin Swantje"))
    swantje.tap(swantje.page.locator("button[name=answer][value=yes]"))
    assert swantje.taps == 2
    expect(swantje.page.locator(".rsvp-mine")).to_have_attribute("data-answer", "waiting")
    expect(swantje.page.locator("#rsvp-waiting li")).to_have_text(["Swantje"])
    shots(swantje.page, "group-link-waiting")

    # Micha's phone remembers him: one tap, and Swantje moves up.
    micha.taps = 0
    micha.page.goto(url)
    micha.tap(micha.page.locator("button[name=answer][value=no]"))
    assert micha.taps == 1
    expect(micha.page.locator(".rsvp-mine")).to_have_attribute("data-answer", "no")
    assert Rsvp.objects.get(player__name="Swantje").waiting_since is None

    # After the deadline only "I can't" is offered (a yes or maybe would be refused), and a no
    # is still taken.
    Evening.objects.filter(pk=evening.pk).update(
        rsvp_until=timezone.now() - datetime.timedelta(minutes=5)
    )
    swantje.page.goto(url)
    expect(swantje.page.locator("button[name=answer][value=maybe]")).to_have_count(0)
    expect(swantje.page.locator("button[name=answer][value=yes]")).to_have_count(0)
    assert Rsvp.objects.get(player__name="Swantje").answer == "yes"
    swantje.tap(swantje.page.locator("button[name=answer][value=no]"))
    expect(swantje.page.locator(".rsvp-mine")).to_have_attribute("data-answer", "no")
    assert Rsvp.objects.get(player__name="Swantje").answer == "no"

    dark = Phone(browser.new_context(**{**browser_context_args, "color_scheme": "dark"}))
    dark.page.goto(url)
    findings["names@dark"] = serious_findings(dark.page)
    dark.tap(dark.page.get_by_role("link", name="Ich bin Melanie"))
    findings["answer@dark"] = serious_findings(dark.page)
    assert findings == {name: [] for name in findings}
