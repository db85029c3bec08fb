"""The league's own seasons on a phone (390x844): the owner sets up a points system and a
season by tapping through the settings page and sees the season's table; the taps are
counted; axe finds nothing serious on the settings page and the table, light and dark."""

import datetime

import pytest
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.leagues import League, Role
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from tests.factories import UserFactory, scorekeeper_of
from tests.standings.test_ratings import finished

from .axe import serious_findings
from .conftest import PASSWORD
from .test_tap_count import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

L = "/ofc-runde"
PHONE_WIDTH = 390
#: Add the points system, add the season, open the season's table.
TAPS = 3
DARK = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return r + g + b < 3 * 96;
}"""


def log_in(page, base, next_path):
    page.goto(f"{base}/login/?next={next_path}")
    page.get_by_label("E-Mail oder Benutzername").fill("chefin")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{base}{next_path}")


def a11y(page, scheme):
    """Axe's serious findings on the page in ``scheme``, and that nothing is wider."""
    page.emulate_media(color_scheme=scheme)
    assert page.evaluate(DARK) == (scheme == "dark")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    return serious_findings(page)


def test_the_owner_sets_up_a_season_by_tapping_and_sees_its_table(live_server, page):
    scorekeeper_of(UserFactory(username="chefin"), role=Role.OWNER)
    ada, ben, cy, dee = services.create_players(["Ada", "Ben", "Cy", "Dee"])
    finished([ada, ben, cy, dee], [1, 2, 3, 4], datetime.date(2025, 9, 5))
    finished([ada, ben, cy], [3, 1, 2], datetime.date(2025, 10, 3))
    finished([ada, ben, cy], [2, 1, 3], datetime.date(2025, 11, 7))
    settings = f"{L}/settings/seasons/"
    log_in(page, live_server.url, settings)
    owner = Scorekeeper(page)  # counts the taps
    page.locator("#id_system-name").fill("F1")
    page.locator("#id_system-places").fill("10, 7, 5, 3")
    owner.tap(page.locator("#add-system"))
    expect(page.locator(".message").first).to_contain_text("F1")
    page.locator("#id_window-name").fill("2025/26")
    page.locator("#id_window-first_day").fill("2025-09-01")
    page.locator("#id_window-last_day").fill("2026-06-30")
    page.locator("#id_window-best_of").fill("2")
    page.locator("#id_window-min_evenings").fill("3")
    owner.tap(page.locator("#add-window"))
    expect(page.locator(".message").first).to_contain_text("2025/26")
    findings = {f"settings@{scheme}": a11y(page, scheme) for scheme in ("light", "dark")}
    page.emulate_media(color_scheme="light")
    owner.tap(page.get_by_role("link", name="2025/26", exact=True))
    window = SeasonWindow.objects.get()
    page.wait_for_url(f"{live_server.url}{L}/seasons/own/{window.pk}/")
    table = page.locator("table.counted-table").first
    # Best two of F1: Ben 10 + 10, Ada 10 + 7, Cy 7 + 5; Dee below the line.
    expect(table.locator("tbody tr").first).to_contain_text("Ben")
    expect(table.locator("tbody tr").first).to_contain_text("20")
    expect(page.locator("main")).to_contain_text("Dee")
    findings.update({f"table@{scheme}": a11y(page, scheme) for scheme in ("light", "dark")})
    assert owner.taps == TAPS
    assert PointsSystem.objects.get().places == [10, 7, 5, 3]
    assert findings == {name: [] for name in findings}


#: From the settings page: the Embed tab, then Save; the code to paste is then on the page.
EMBED_TAPS = 2


def test_the_owner_sets_up_an_embed_in_two_taps(live_server, page):
    scorekeeper_of(UserFactory(username="chefin"), role=Role.OWNER)
    settings = f"{L}/settings/"
    log_in(page, live_server.url, settings)
    owner = Scorekeeper(page)  # counts the taps
    owner.tap(page.get_by_role("link", name="Einbetten", exact=True))
    page.wait_for_url(f"{live_server.url}{L}/settings/embed/")
    page.get_by_label("Websites, die die Tabelle einbetten dürfen").fill("https://www.example.org")
    owner.tap(page.get_by_role("button", name="Speichern"))
    expect(page.locator(".message").first).to_be_visible()
    code = page.locator("#embed-code").input_value()
    assert owner.taps == EMBED_TAPS
    assert code.startswith("<iframe src=") and "/embed/standings/" in code
    assert League.objects.get(slug="ofc-runde").embed_sites == "https://www.example.org"
