"""Fantasyland on the pad is what the rule set says: in the preview (a player in Fantasyland
with QQ leaves it), in the line and badges for hands waiting offline, and in the ticks a
player in Fantasyland may give (only the stay)."""

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import Variant
from ofcleague.table import services
from ofcleague.table.models import HandResult
from tests.browser.test_table import game_night
from tests.table.boards import ENTERS, STAYS
from tests.table.conftest import boards_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Andreas", "Melanie", "Micha")


@pytest.fixture
def table(league):
    """A Pineapple table of three; hand 1 saved: Andreas enters Fantasyland with QQ (14)."""
    evening = game_night(NAMES, variant=Variant.PINEAPPLE)
    seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
    round_table = services.seat_table(evening, 1, 1, seats)
    boards_hand(round_table, 1, ENTERS[:3])
    return round_table


def fill_boards(page, rows):
    page.locator('input[name="entry"][value="boards"]').check()
    for position, (front, middle, back) in enumerate(rows, 1):
        page.locator(f"#front-{position}").fill(front)
        page.locator(f"#middle-{position}").fill(middle)
        page.locator(f"#back-{position}").fill(back)


def test_fantasyland_on_the_pad_follows_the_stay_rule(logged_in, live_server, table):
    page = logged_in
    page.goto(f"{live_server.url}/ofc-runde/evenings/{table.evening_id}/rounds/1/tables/1/")
    status = page.locator("#pad-status")
    badges = page.locator('fieldset[data-seat="1"] [data-badges]')
    expect(status).to_contain_text("Andreas im Fantasyland (14 Karten)")

    # Andreas plays Fantasyland: his tick can only be the stay; the others can only enter.
    tick = page.locator('fieldset[data-seat="1"] [data-field="fantasyland_next"]')
    disabled = tick.locator("option:disabled")
    expect(disabled).to_have_count(3)
    assert disabled.evaluate_all("options => options.map(o => o.value)") == ["15", "16", "17"]
    other = page.locator('fieldset[data-seat="2"] [data-field="fantasyland_next"]')
    expect(other.locator("option:disabled")).to_have_count(0)  # 14 is also the QQ entry

    # The same QQ again, now in Fantasyland: the preview says he leaves, not "Fantasyland 14".
    fill_boards(page, ENTERS[:3])
    page.locator("#pad-score").click()
    andreas = page.locator("#pad-preview li").first
    expect(andreas).to_contain_text("verlässt Fantasyland")
    expect(andreas).not_to_contain_text("Fantasyland 14")

    # Offline: the waiting board hands count for the Fantasyland line too.
    page.context.set_offline(True)
    page.locator("#pad-save").click()
    expect(page.locator("#pad-queue")).to_contain_text("1")
    expect(status).not_to_contain_text("Fantasyland")
    expect(badges).not_to_contain_text("Fantasyland")
    # Hand 3 offline, not scored: trips in the front enter with 17 cards.
    fill_boards(page, STAYS[:3])
    page.locator("#pad-save").click()
    expect(page.locator("#pad-queue")).to_contain_text("2")
    expect(status).to_contain_text("Andreas im Fantasyland (17 Karten)")
    expect(badges).to_contain_text("17")

    # Back online, the server agrees with what the phone showed.
    page.context.set_offline(False)
    expect(page.locator("#pad-queue")).to_be_hidden(timeout=15000)
    expect(status).to_contain_text("Andreas im Fantasyland (17 Karten)")
    andreas_hands = HandResult.objects.filter(
        hand__round_table=table, evening_player__player__name="Andreas"
    ).order_by("hand__number")
    assert list(andreas_hands.values_list("fantasyland", "fantasyland_next")) == [
        (None, 14),
        (14, None),
        (None, 17),
    ]
