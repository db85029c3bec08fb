"""The card picker in a real browser (Debian's Chromium through Playwright), phone-sized.

Playwright's sync API runs an event loop, and Django refuses database work in a thread with
a running loop. So the browser runs in a worker thread of its own: the test thread keeps
Django's guard, and no other test is affected.
"""

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium package"),
]


def _drive(url, scenario):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        try:
            page = browser.new_page(viewport={"width": 375, "height": 800})
            # German is the default; English is what the language switch's cookie picks.
            page.context.add_cookies([{"name": "django_language", "value": "en", "url": url}])
            page.goto(url)
            scenario(page)
        finally:
            browser.close()


@pytest.fixture
def on_phone(live_server):
    """Run a scenario on a 375 px wide calculator page; its assertion errors propagate."""

    def run(scenario):
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(_drive, f"{live_server.url}/ofc-runde/calculator/", scenario).result(
                timeout=60
            )

    return run


def test_tapped_cards_fill_the_row_and_grey_out(on_phone):
    def scenario(phone):
        phone.click("#id_p0_front")
        # The cards are named as spoken in the page's language (English here).
        for name in ("5 of hearts", "5 of diamonds", "5 of clubs"):
            phone.get_by_role("button", name=name, exact=True).click()
        assert phone.input_value("#id_p0_front") == "5h 5d 5c"
        five = phone.get_by_role("button", name="5 of hearts", exact=True)
        assert five.get_attribute("aria-pressed") == "true"
        # The full front row hands over to the middle row.
        phone.get_by_role("button", name="3 of spades", exact=True).click()
        assert phone.input_value("#id_p0_middle") == "3s"

    on_phone(scenario)


def test_typed_cards_grey_out_and_a_tap_takes_one_back(on_phone):
    def scenario(phone):
        phone.fill("#id_p1_back", "kh KD ♣K 10h 9H")
        king = phone.get_by_role("button", name="king of diamonds", exact=True)
        assert king.get_attribute("aria-pressed") == "true"
        king.click()
        assert phone.input_value("#id_p1_back") == "Kh Kc Th 9h"

    on_phone(scenario)


def test_surrender_boxes_only_for_classic_rules(on_phone):
    def scenario(phone):
        surrender = phone.locator("#id_p0_surrender")
        assert not surrender.is_visible()
        phone.select_option("#id_rules", "classic-2-4")
        assert surrender.is_visible()

    on_phone(scenario)


def test_scoring_from_the_phone(on_phone):
    def scenario(phone):
        rows = {
            "#id_p0_front": "5h 5d 5c",
            "#id_p0_middle": "3s 3h 3d 3c 2s",
            "#id_p0_back": "Js Ts 9s 8s 7s",
            "#id_p1_front": "Qh Jd 2h",
            "#id_p1_middle": "Ac Ad 9h 8d 6c",
            "#id_p1_back": "Kh Kd Kc 4h 4d",
        }
        for selector, cards in rows.items():
            phone.fill(selector, cards)
        phone.get_by_role("button", name="Score hand").click()
        totals = phone.locator(".totals-table tbody tr")
        assert totals.nth(0).inner_text().split()[-1] == "+39"
        # Nothing sticks out sideways at 375 px.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    on_phone(scenario)
