"""On a phone (390x844): a pasted evening link's Open Graph image is the evening's result
card, and the card loads; the history page offers the calendar, the calendar page its link;
axe finds nothing serious on the pages this work changed."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from ofcleague.league.models import EveningPlayer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = {"serious", "critical"}


def serious(page):
    found = Axe().run(page).response["violations"]
    return [(v["id"], v["impact"]) for v in found if v.get("impact") in BLOCKING]


def test_the_evening_links_card_loads_and_the_pages_pass_axe(page, live_server, league):
    evening = EveningPlayer.objects.first().evening
    page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/")
    image = page.locator('meta[property="og:image"]').get_attribute("content")
    assert image == f"{live_server.url}/ofc-runde/evenings/{evening.pk}/card.png"
    assert (
        page.locator('meta[property="og:url"]')
        .get_attribute("content")
        .endswith(f"/evenings/{evening.pk}/")
    )
    assert serious(page) == []
    card = page.request.get(image)
    assert card.status == 200
    assert card.headers["content-type"] == "image/png"
    # The PNG's own header: 1200 wide, 630 high.
    body = card.body()
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(body[16:20], "big") == 1200
    assert int.from_bytes(body[20:24], "big") == 630
    again = page.request.get(image, headers={"If-None-Match": card.headers["etag"]})
    assert again.status == 304
    page.goto(f"{live_server.url}/ofc-runde/history/")
    link = page.get_by_role("link", name="Kalender abonnieren")
    assert link.get_attribute("href").startswith("webcal://")
    assert serious(page) == []


def test_the_calendar_page_passes_axe(logged_in, live_server):
    page = logged_in
    page.goto(f"{live_server.url}/ofc-runde/calendar/")
    assert page.locator("#calendar-link").input_value().startswith("webcal://")
    assert serious(page) == []


def test_the_front_and_player_pages_pass_axe_with_their_tags(page, live_server, league):
    page.goto(f"{live_server.url}/ofc-runde/")
    assert page.get_by_role("link", name="Kalender abonnieren").count() == 1
    assert serious(page) == []
    page.goto(f"{live_server.url}/ofc-runde/players/micha/")
    assert page.locator('meta[property="og:type"]').get_attribute("content") == "profile"
    assert serious(page) == []
