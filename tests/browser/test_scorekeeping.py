"""A game night entered on a phone, as a scorekeeper would do it."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Players in the grid come in name order.
NAMES = ["Andreas", "Erik", "Fritz", "Melanie", "Micha", "Swantje"]
ROUNDS = {
    1: [10, -4, -2, 3, -5, -2],
    2: [-6, 8, 1, -3, 2, -2],
    3: [4, 0, -7, 6, -1, -2],
}


def fill_round(page, number, values):
    for name, value in zip(NAMES, values, strict=True):
        page.get_by_label(f"{name}, Runde {number}", exact=True).fill(str(value))


def test_enter_a_game_night_and_correct_it(logged_in, live_server, shots):
    page = logged_in
    page.get_by_role("link", name="Neuer Abend").click()
    expect(page.get_by_role("heading", name="Neuer Abend")).to_be_visible()
    for name in ("Micha", "Melanie", "Andreas", "Swantje"):
        page.get_by_label(name, exact=True).check()
    page.get_by_label("Neue Spieler").fill("Erik, Fritz")
    page.get_by_label("Ort").fill("Bei Micha")
    shots(page, "new-evening")
    page.get_by_role("button", name="Abend anlegen").click()

    expect(page.get_by_role("heading", name=re.compile("Punkte"))).to_be_visible()
    # The page starts in round 1's first cell.
    expect(page.get_by_label("Andreas, Runde 1", exact=True)).to_be_focused()
    wrong = list(ROUNDS[1])
    wrong[-1] = 0
    fill_round(page, 1, wrong)
    # The script adds up as the user types.
    expect(page.locator('[data-sum-round="1"]')).to_have_text("+2")
    page.get_by_role("button", name="Punkte speichern").click()
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("Runde 1 ergibt nicht null, sondern +2.")
    expect(summary).to_be_focused()
    expect(page.get_by_label("Andreas, Runde 1", exact=True)).to_have_value("10")
    shots(page, "points-zero-sum-error")

    page.get_by_label("Swantje, Runde 1", exact=True).fill("-2")
    expect(page.locator('[data-sum-round="1"]')).to_have_text("0")
    page.get_by_role("button", name="Punkte speichern").click()
    # Saving a round stays on the page, ready for the next round.
    expect(page).to_have_url(re.compile(r"/points/$"))
    expect(page.locator(".messages")).to_contain_text(re.compile(r"1\D+2"))
    expect(page.get_by_label("Andreas, Runde 2", exact=True)).to_be_focused()

    fill_round(page, 2, ROUNDS[2])
    main = page.locator("#main-action")
    expect(main).to_have_text("Punkte speichern")
    fill_round(page, 3, ROUNDS[3])
    andreas_total = page.locator("[data-total][data-seat]").first
    expect(andreas_total).to_have_text("8")
    expect(page.locator("[data-place][data-seat]").first).to_have_text("1")
    # Every round is in: the main button says it finishes the evening, and does.
    expect(main).to_have_text("Speichern und Abend beenden")
    shots(page, "points")
    main.click()

    standings = page.locator("table.data").first
    expect(standings.locator("tbody tr").first).to_contain_text("Andreas")
    expect(standings.locator("tbody tr").first).to_contain_text("40 €")
    expect(page.locator(".facts")).to_contain_text("beendet")
    shots(page, "evening-standings")

    page.get_by_role("link", name="Punkte eintragen").click()
    page.get_by_label("Andreas, Runde 3", exact=True).fill("5")
    page.get_by_label("Erik, Runde 3", exact=True).fill("-1")
    page.get_by_role("button", name="Punkte speichern").click()
    page.locator("details.changes summary").click()
    history = page.locator(".change-list > li").first
    expect(history).to_contain_text("Andreas, Runde 3: Punkte 4 → 5")
    expect(history).to_contain_text("keeper")


def test_anonymous_users_cannot_reach_the_forms(page, live_server, league):
    page.goto(f"{live_server.url}/ofc-runde/evenings/new/")
    expect(page).to_have_url(re.compile(r"/login/\?next=/ofc-runde/evenings/new/"))
    expect(page.get_by_role("button", name="Anmelden")).to_be_visible()
    page.goto(f"{live_server.url}/ofc-runde/history/")
    expect(page.get_by_role("link", name="Neuer Abend")).to_have_count(0)


def test_a_tie_offers_the_order_decided_at_the_table_as_it_appears(logged_in, live_server, shots):
    page = logged_in
    page.get_by_role("link", name="Neuer Abend").click()
    for name in ("Micha", "Melanie", "Andreas"):
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Abend anlegen").click()
    tie_breaks = page.locator("#tie-breaks")
    expect(tie_breaks).to_be_hidden()
    # Name order: Andreas, Melanie, Micha. Melanie and Micha end level on -2.
    for name, value in zip(("Andreas", "Melanie", "Micha"), (4, -2, -2), strict=True):
        page.get_by_label(f"{name}, Runde 1", exact=True).fill(str(value))
    # Level after one round of three: no question about the order in the middle of entering.
    expect(tie_breaks).to_be_hidden()
    for number in (2, 3):
        for name in ("Andreas", "Melanie", "Micha"):
            page.get_by_label(f"{name}, Runde {number}", exact=True).fill("0")
    expect(tie_breaks).to_be_visible()
    expect(tie_breaks.locator("[data-tie-seat]:not([hidden])")).to_have_count(2)
    # The players' columns in name order: Andreas, Melanie, Micha.
    places = page.locator("[data-place][data-seat]")
    expect(places.nth(2)).to_have_text("2")
    selects = tie_breaks.locator("select:visible")
    selects.nth(0).select_option("2")
    selects.nth(1).select_option("1")
    expect(places.nth(2)).to_have_text("2")
    expect(places.nth(1)).to_have_text("3")
    shots(page, "points-tie-break")
    page.locator("#main-action").click()
    standings = page.locator("table.data").first
    expect(standings.locator("tbody tr").nth(1)).to_contain_text("Micha")
    expect(standings.locator("tbody tr").nth(1)).to_contain_text("Stechen am Tisch")
    shots(page, "evening-tie-break")
