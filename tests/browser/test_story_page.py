"""A season's story page on a phone (390x844), light and dark, with data: axe finds nothing
serious, nothing is wider than the screen, both charts and their tables are there."""

import datetime

import pytest
from django.core.management import call_command

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.standings.counted.services import save_points_system, save_season_window
from tests.browser.axe import serious_findings
from tests.browser.test_records_pages import play_evening
from tests.factories import UserFactory, ensure_first_league, scorekeeper_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
STORY = "/ofc-runde/seasons/2026/story/"
OWN_STORY = "/ofc-runde/seasons/own/{window}/story/"


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
                owner = scorekeeper_of(UserFactory(), role="owner")
                league = ensure_first_league()
                save_points_system(owner, league, name="F1", places=[10, 7, 5])
                window = save_season_window(
                    owner,
                    league,
                    name="Herbst 2026",
                    first_day=datetime.date(2026, 9, 1),
                    last_day=datetime.date(2027, 5, 31),
                    best_of=3,
                )
            return {
                **look(browser, browser_context_args, live_server.url, STORY),
                **{
                    f"own {scheme}": result
                    for scheme, result in look(
                        browser,
                        browser_context_args,
                        live_server.url,
                        OWN_STORY.format(window=window.pk),
                    ).items()
                },
            }
        finally:
            call_command("flush", verbosity=0, interactive=False)


def look(browser, context_args, base, story):
    results = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(**{**context_args, "color_scheme": scheme})
        try:
            page = context.new_page()
            page.goto(base + story)
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_story_of_a_season_of_the_leagues_own_is_as_sound(seen, scheme):
    result = seen[f"own {scheme}"]
    assert result["findings"] == []
    assert result["width"] <= PHONE_WIDTH
    assert result["charts"] == 2
    assert "Herbst 2026" in result["text"] and "Andreas" in result["text"]
