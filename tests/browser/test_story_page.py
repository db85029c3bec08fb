"""A season's story page on a phone (390x844), light and dark, with data: axe finds nothing
serious, nothing is wider than the screen, both charts and their tables are there."""

import datetime

import pytest
from django.core.management import call_command

from ofcleague.league import services
from ofcleague.league.current import using_league
from tests.browser.axe import serious_findings
from tests.browser.test_records_pages import play_evening
from tests.factories import ensure_first_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
STORY = "/ofc-runde/seasons/2026/story/"


@pytest.fixture(scope="module")
def seen(browser, browser_context_args, live_server, django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        try:
            with using_league(ensure_first_league()):
                players = services.create_players(["Andreas", "Melanie", "Micha"])
                for week in range(4):
                    play_evening(
                        players, datetime.date(2026, 9, 4) + datetime.timedelta(weeks=week)
                    )
            return look(browser, browser_context_args, live_server.url)
        finally:
            call_command("flush", verbosity=0, interactive=False)


def look(browser, context_args, base):
    results = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(**{**context_args, "color_scheme": scheme})
        try:
            page = context.new_page()
            page.goto(base + STORY)
            page.locator("details.chart-numbers summary").first.click()
            results[scheme] = {
                "findings": serious_findings(page),
                "width": page.evaluate("() => document.documentElement.scrollWidth"),
                "charts": page.locator("figure.story-chart svg[role=img]").count(),
                "text": page.inner_text("main"),
            }
        finally:
            context.close()
    return results


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_story_page_has_nothing_serious_for_axe_and_fits_the_phone(seen, scheme):
    result = seen[scheme]
    assert result["findings"] == []
    assert result["width"] <= PHONE_WIDTH
    assert result["charts"] == 2
    assert "Andreas" in result["text"] and "2026" in result["text"]
