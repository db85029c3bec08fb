"""The player's chart on a phone: readable labels, nothing cut off, every evening a link that
is big enough to tap and reachable with the keyboard."""

import datetime

import pytest
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.standings.player_page import CHART_WINDOW

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GEOMETRY = """() => {
  const texts = [...document.querySelectorAll('.chart svg text')].map(text => {
    const svg = text.ownerSVGElement.getBoundingClientRect();
    const box = text.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
    return {
      text: text.textContent, size,
      inside: box.left >= svg.left - 0.5 && box.right <= svg.right + 0.5
        && box.top >= svg.top - 0.5 && box.bottom <= svg.bottom + 0.5,
    };
  });
  const links = [...document.querySelectorAll('.place-chart a')].map(link => {
    const box = link.getBoundingClientRect();
    return {width: box.width, height: box.height, name: link.getAttribute('aria-label')};
  });
  return {texts, links, width: document.documentElement.scrollWidth};
}"""


def play(player, others, count, first=datetime.date(2017, 1, 6)):
    """``count`` finished evenings of three, every 45 days, the player's place going round."""
    for index in range(count):
        evening = services.create_evening(
            players=[player, *others],
            date=first + datetime.timedelta(days=45 * index),
            start_time=datetime.time(19),
            rounds=3,
            hands_per_round=15,
        )
        seats = sorted(evening.seats.all(), key=lambda seat: seat.player != player)
        places = {seat.pk: (index + offset) % 3 + 1 for offset, seat in enumerate(seats)}
        services.save_finishing_order(evening, evening.version, places)


@pytest.mark.parametrize("evenings", [3, 25])
def test_chart_labels_are_readable_and_every_evening_is_a_tappable_link(
    page, live_server, evenings
):
    player, *others = services.create_players(["Anna", "Bert", "Cleo"])
    play(player, others, evenings)
    page.goto(f"{live_server.url}{player.get_absolute_url()}")
    geometry = page.evaluate(GEOMETRY)

    assert geometry["width"] <= 390
    assert {text["text"] for text in geometry["texts"]} >= {"1.", "3.", "2017"}
    for text in geometry["texts"]:
        assert text["size"] >= 11, text
        assert text["inside"], text
    assert len(geometry["links"]) == evenings
    for link in geometry["links"]:
        assert link["width"] >= 24 and link["height"] >= 24, link
    expect(page.get_by_role("link", name="06.01.2017: Platz 1 von 3")).to_have_count(1)

    # The keyboard reaches the evenings: the next stop after the record's CSV link.
    page.locator(".export a").first.focus()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "06.01.2017: Platz 1 von 3"


def test_a_long_career_draws_the_latest_window_and_pages_back_on_a_phone(page, live_server):
    player, *others = services.create_players(["Anna", "Bert", "Cleo"])
    play(player, others, CHART_WINDOW + 2)
    page.goto(f"{live_server.url}{player.get_absolute_url()}")
    geometry = page.evaluate(GEOMETRY)
    assert geometry["width"] <= 390
    assert len(geometry["links"]) == CHART_WINDOW
    expect(page.locator("#chart-window")).to_contain_text(f"{CHART_WINDOW} von {CHART_WINDOW + 2}")
    older = page.get_by_role("link", name="← Ältere Abende")
    box = older.bounding_box()
    assert box["height"] >= 24 and box["x"] + box["width"] <= 390
    older.click()
    expect(page.locator(".place-chart a")).to_have_count(2)
    expect(page.get_by_role("link", name="06.01.2017: Platz 1 von 3")).to_have_count(1)
    assert page.evaluate(GEOMETRY)["width"] <= 390
